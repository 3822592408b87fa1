"""What equipping a part says it does: the part it replaces, where that goes, and a set bonus
it breaks or completes (``views.equip_words``, the words of a hint)."""

from __future__ import annotations

from parlour.games.foolsblade.scenario import arm, hold, started, to_main, whole_sets
from parlour.games.foolsblade.state import FoolsBladeState


def two_sets(state: FoolsBladeState) -> tuple[list[str], list[str]]:
    """Two whole sets of the default card set."""
    found = whole_sets(state)
    assert len(found) >= 2, "the default card set should have two whole sets"
    return found[0], found[1]


def equipping(state: FoolsBladeState, card_id: str) -> str | None:
    """The words of the active seat's legal move that equips ``card_id``."""
    moves = {a.text: a for a in state.legal_actions()}
    return state.consequence(moves[f"equip {card_id}"])


def test_a_part_that_replaces_one_of_a_whole_set_says_so_and_that_the_bonus_breaks() -> None:
    state = started(None)
    seat = state.active
    ours, theirs = two_sets(state)
    arm(state, seat, ours)
    hold(state, seat, [theirs[1]])
    to_main(state)
    assert state.current_player == seat
    name = state.table.name(state.table.index[ours[1]])
    assert equipping(state, theirs[1]) == (
        f"replaces {name} (it goes back to your hand) and breaks your set bonus"
    )


def test_the_last_part_of_a_set_completes_it_and_an_empty_slot_says_nothing() -> None:
    state = started(None)
    seat = state.active
    ours, theirs = two_sets(state)
    arm(state, seat, [ours[0], ours[2], theirs[3]])
    hold(state, seat, [ours[1], ours[3]])
    to_main(state)
    assert equipping(state, ours[1]) is None  # fills the empty slot; no set yet
    state.apply(f"equip {ours[1]}")
    to_main(state)  # the part's own effects, if any, may open a window first
    words = equipping(state, ours[3])
    name = state.table.name(state.table.index[theirs[3]])
    assert words == (
        f"replaces {name} (it goes back to your hand) and completes a set, so its bonus applies"
    )


def test_a_replaced_legendary_part_goes_back_to_the_stash_and_other_moves_say_nothing() -> None:
    state = started(None)
    seat = state.active
    table = state.table
    legendary = next(c for c in sorted(table.legendary_parts) if table.part[c] == 0)
    blade = next(c for c in table.anvil_parts if table.part[c] == 0)
    arm(state, seat, [table.ids[legendary]])
    hold(state, seat, [table.ids[blade]])
    to_main(state)
    assert equipping(state, table.ids[blade]) == (
        f"replaces {table.name(legendary)} (it goes back to your Stash)"
    )
    others = [a for a in state.legal_actions() if not a.text.startswith("equip ")]
    assert others and all(state.consequence(a) is None for a in others)
