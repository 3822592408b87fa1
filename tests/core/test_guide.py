"""The guide's regions: what a table page's "show me" finds, declared once per guide."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.guide import Guide, Section, Step


def test_a_section_and_its_steps_name_their_regions_in_json() -> None:
    section = Section("Turn", "Two steps.", (Step("Draw.", "hand"), Step("End.")), "moves")
    assert section.to_dict() == {
        "heading": "Turn",
        "text": "Two steps.",
        "steps": ["Draw.", "End."],
        "step_regions": ["hand", None],
        "region": "moves",
    }
    # A section without regions reads as before.
    assert Section("Goal", "Win.").to_dict() == {"heading": "Goal", "text": "Win."}
    guide = Guide((section,), regions={"hand": "your hand", "moves": "your moves"})
    assert guide.to_dict()["regions"] == {"hand": "your hand", "moves": "your moves"}
    # Agents read the words alone.
    assert guide.text("Game", 2, 4).endswith("Turn: Two steps. (1) Draw. (2) End.")


def test_a_region_the_guide_does_not_declare_is_refused() -> None:
    with pytest.raises(ValueError, match=r"does not declare: \['forge'\]"):
        Guide((Section("Forge", "Take one.", region="forge"),), regions={"hand": "your hand"})


@pytest.mark.parametrize("name", ["fearless", "citadels", "foolsblade"])
def test_every_game_shows_a_region_for_every_section(name: str) -> None:
    """A newcomer can ask "show me" of every part of each game's guide."""
    guide = parlour.load(name).guide
    assert guide is not None
    for section in guide.sections:
        assert section.region or all(step.region for step in section.steps), section.heading
    named = set().union(*(section.regions() for section in guide.sections))
    assert named == set(guide.regions)  # no region declared that no section uses
