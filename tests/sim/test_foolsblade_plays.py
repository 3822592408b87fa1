"""The Fool's Blade dead-card count reads only plays that mattered (issue #34)."""

from __future__ import annotations

from typing import Any, NamedTuple

from parlour.sim.games.foolsblade import plays_that_mattered


class E(NamedTuple):
    """An event as the count reads it: its kind, seat and card (and a combat's escape)."""

    kind: str
    seat: int = 0
    card: str = ""
    escaped: bool = False


def mattered(*events: Any) -> list[str]:
    return [card for _, card in plays_that_mattered(list(events))]


def test_strength_played_before_the_forge_does_not_matter_and_before_a_hunt_does() -> None:
    forge = mattered(
        E("turn"), E("play", 0, "whetstone"), E("strength"), E("destination"), E("forge")
    )
    assert forge == []
    hunt = mattered(
        E("turn"), E("play", 0, "whetstone"), E("strength"), E("destination"), E("combat")
    )
    assert hunt == ["whetstone"]
    # Played during the combat, it counts in the combat on.
    during = mattered(E("turn"), E("destination"), E("combat"), E("play", 0, "oil"), E("strength"))
    assert during == ["oil"]
    # A fight between players (Bar Brawl) is a fight too, and the brawl itself did something.
    brawl = mattered(
        E("turn"), E("play", 0, "whetstone"), E("strength"), E("play", 0, "bar-brawl"), E("fight")
    )
    assert brawl == ["whetstone", "bar-brawl"]


def test_a_play_negated_or_doing_nothing_does_not_matter_and_the_negation_does() -> None:
    negated = mattered(
        E("turn"), E("play", 0, "ale"), E("play", 1, "glare"), E("negate", 0, "ale"), E("draw")
    )
    assert negated == ["glare"]
    idle = mattered(E("turn"), E("play", 0, "dice"), E("roll"), E("no_effect", 0, "dice"))
    assert idle == []
    drew = mattered(E("turn"), E("play", 0, "ale"), E("draw"), E("destination"), E("forge"))
    assert drew == ["ale"]


def test_a_retreat_that_ends_the_combat_matters() -> None:
    retreat = mattered(
        E("turn"),
        E("destination"),
        E("combat"),
        E("play", 0, "tactical-retreat"),
        E("combat_end", escaped=True),
    )
    assert retreat == ["tactical-retreat"]
