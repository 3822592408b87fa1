"""Card names belong to the table: games of different card sets in one process each name
their own cards in their events' sentences."""

from __future__ import annotations

import shutil
from pathlib import Path

import parlour
from parlour.core import State
from parlour.games.foolsblade.cards import card_folder


def _class_chosen(state: State, card: str) -> str:
    """The sentence of seat ``state.current_player`` choosing the class ``card``."""
    (chosen,) = state.apply(f"choose {card}")
    return chosen.text


def test_two_card_sets_in_one_process_name_their_own_cards(tmp_path: Path) -> None:
    # A designer's folder: the second edition with the Cutpurse renamed under the same id.
    folder = tmp_path / "renamed"
    shutil.copytree(card_folder("v2"), folder)
    classes = folder / "classes.toml"
    text = classes.read_text(encoding="utf-8")
    classes.write_text(text.replace('name = "Cutpurse"', 'name = "Pickpocket"', 1), "utf-8")
    game = parlour.load("foolsblade")
    edition = game.new_game(2, seed=1, cards="v2")
    designed = game.new_game(2, seed=1, cards=str(folder))
    first = game.new_game(2, seed=1, cards="v1")
    assert "the Cutpurse" in _class_chosen(edition, "cutpurse")
    assert "the Pickpocket" in _class_chosen(designed, "cutpurse")
    assert "the Cutpurse" in _class_chosen(first, "cutpurse")
    # Every sentence of the log, and each seat's redacted copy, keeps its table's names.
    for state in (edition, designed):
        for seat in (None, 0, 1):
            texts = [event.text for event in state.log_for(seat)]
            assert any("Cutpurse" in t for t in texts) == (state is edition)
            assert any("Pickpocket" in t for t in texts) == (state is designed)
