"""Why an action is refused, in the table's words: every refusal text of the draft, the turn
and the Graveyard's rescue.

``CitadelsState.explain_illegal`` asks these once an action text is not legal; they quote the
player's words as typed and never reveal a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import player_name
from . import cards
from .cards import (
    ASSASSIN,
    C_COLOUR,
    C_INDEX,
    C_NAME,
    C_SLUG,
    D_COST,
    KEEP,
    LABORATORY,
    MAGICIAN,
    SMITHY,
    THIEF,
    WARLORD,
    Colour,
)
from .draft import CHOOSE_STEP
from .scoring import COMPLETE
from .turn import KEEPING, REDRAW, RESOURCES, SMITHY_PRICE, bishop_protects, destroy_cost

if TYPE_CHECKING:
    from .state import CitadelsState

__all__ = ["explain_draft", "explain_rescue", "explain_turn"]


def explain_draft(state: CitadelsState, words: list[str]) -> str | None:
    """Why a draft action cannot be played now (a face-up, unknown or absent character ...)."""
    verb = words[0]
    keeping = state.draft_order[state.draft_step][1] == CHOOSE_STEP
    if verb not in ("choose", "discard"):
        return f"the characters are being chosen; {describe_step(keeping)}"
    if len(words) != 2:
        return f"name one character, as in '{verb} king'"
    slug = words[1]
    character = C_INDEX.get(slug)
    if character is None:
        return unknown_character(slug)
    if (verb == "choose") != keeping:
        return f"on this step of the draft you {describe_step(keeping)}"
    if character in state.face_up:
        return f"the {C_NAME[character]} is face up this round, so nobody can take it"
    return f"the {C_NAME[character]} is not among the characters offered to you"


def describe_step(keeping: bool) -> str:
    """What the seat of a draft step does, with the form of its action."""
    if keeping:
        return "choose a character to keep ('choose <character>')"
    return "put a character face down ('discard <character>')"


def unknown_character(word: str) -> str:
    """The refusal of a word that names no character."""
    return f"{word!r} is not a character; the characters are {', '.join(C_SLUG)}"


# The character whose ability each verb is, for the verbs that are abilities.
_ABILITY_OF = {
    "assassinate": ASSASSIN,
    "rob": THIEF,
    "swap": MAGICIAN,
    "done": MAGICIAN,
    "destroy": WARLORD,
}


def explain_turn(
    state: CitadelsState, words: list[str], names: Sequence[str] | None = None
) -> str | None:
    """Why an action cannot be played in this turn, in the table's words (seats named by
    ``names``, as sentences name them); else ``None``."""
    verb = words[0]
    step = state.turn_step
    character = state.turn_character
    if verb in ("choose", "rescue", "pass") or (verb == "discard" and _is_character(words)):
        return f"that is not an action of a turn; it is the {C_NAME[character]}'s turn"
    if verb in ("take", "draw"):
        if step != RESOURCES:
            return "you have already taken gold or drawn cards this turn"
        return "the deck is empty, so there is nothing to draw" if verb == "draw" else None
    if step == RESOURCES:
        return "take gold or draw cards first ('take gold' or 'draw')"
    if verb == "keep":
        if step != KEEPING:
            return "you are not choosing among drawn cards now"
        district = _district(words, 1)
        if isinstance(district, str):
            return district
        return f"the {cards.D_NAME[district]} is not among the cards you drew"
    if step == KEEPING:
        return "keep one of the cards you drew first ('keep <district>')"
    if step == REDRAW and verb not in ("discard", "done"):
        return "finish the Magician's redraw first: discard another card or say 'done'"
    if verb == "build":
        return _explain_build(state, words)
    if verb == "collect":
        return _explain_income(state)
    if verb == "use":
        return _explain_purple(state, words)
    if verb == "discard":
        if character != MAGICIAN:
            name = C_NAME[character]
            return f"only the Magician discards cards to redraw; this is the {name}'s turn"
        return _explain_ability(state, words, names) or _explain_in_hand(state, words, 1)
    if verb in _ABILITY_OF:
        return _explain_ability(state, words, names)
    return None


def _explain_ability(
    state: CitadelsState, words: list[str], names: Sequence[str] | None
) -> str | None:
    verb = words[0]
    character = state.turn_character
    needed = _ABILITY_OF.get(verb, MAGICIAN)
    if character != needed:
        return f"only the {C_NAME[needed]} can {verb}; this is the {C_NAME[character]}'s turn"
    if verb == "done":
        return "say 'done' after discarding cards for the Magician's redraw"
    if state.ability_used and state.turn_step != REDRAW:
        return f"the {C_NAME[character]}'s ability is used once a turn, and you have used it"
    if verb in ("assassinate", "rob"):
        return _explain_target(state, verb, words)
    if verb == "swap":
        return _explain_swap(state, words)
    if verb == "destroy":
        return _explain_destroy(state, words, names)
    return None


def _explain_target(state: CitadelsState, verb: str, words: list[str]) -> str | None:
    if len(words) != 2:
        return f"name one character, as in '{verb} king'"
    target = C_INDEX.get(words[1])
    if target is None:
        return unknown_character(words[1])
    name = C_NAME[target]
    if verb == "assassinate" and target == ASSASSIN:
        return "the Assassin cannot murder himself"
    if verb == "rob":
        if target == ASSASSIN:
            return "the Thief cannot rob the Assassin"
        if target == THIEF:
            return "the Thief cannot rob himself"
        if target == state.murdered:
            return f"the {name} was murdered this round and cannot be robbed"
    if target in state.face_up:
        return f"the {name} is face up this round, so nobody holds it"
    return None


def _explain_swap(state: CitadelsState, words: list[str]) -> str | None:
    if len(words) != 3 or words[1] != "hands":
        return "name the seat to swap with, as in 'swap hands 1'"
    other = _seat(state, words[2])
    if isinstance(other, str):
        return other
    if other == state.turn_seat:
        return "you cannot swap hands with yourself"
    return None


def _explain_destroy(
    state: CitadelsState, words: list[str], names: Sequence[str] | None
) -> str | None:
    if len(words) == 2 and words[1].isascii() and words[1].isdigit():
        return f"name the district too, as in 'destroy {words[1]} watchtower'"
    if len(words) == 2:
        district = _district(words, 1)
        if isinstance(district, str):
            return district
        name, slug = cards.D_NAME[district], cards.D_SLUG[district]
        owners = [seat for seat, city in enumerate(state.cities) if district in city]
        if not owners:
            return f"no city has a {name}"
        example = f"as in 'destroy {owners[0]} {slug}'"
        if len(owners) == 1:
            return f"name the seat whose {name} you destroy, {example}"
        both = " and ".join(player_name(seat, names) for seat in owners)
        return f"{both} each have a {name}: name the seat, {example}"
    if len(words) != 3:
        return "name a seat and a district, as in 'destroy 1 watchtower'"
    owner = _seat(state, words[1])
    if isinstance(owner, str):
        return owner
    district = _district(words, 2)
    if isinstance(district, str):
        return district
    name = cards.D_NAME[district]
    if district not in state.cities[owner]:
        return f"{player_name(owner, names)} has no {name}"
    if district == KEEP:
        return f"the {name} cannot be destroyed"
    if len(state.cities[owner]) >= COMPLETE:
        return (
            f"{player_name(owner, names)}'s city is complete, and a complete city cannot be touched"
        )
    if bishop_protects(state, owner):
        return (
            f"{player_name(owner, names)} is the Bishop, whose districts the Warlord cannot destroy"
        )
    cost = destroy_cost(state, owner, district)
    gold = state.gold[state.turn_seat]
    if gold < cost:
        return f"you have only {gold} gold; destroying the {name} costs {cost}"
    return None


def _explain_build(state: CitadelsState, words: list[str]) -> str | None:
    district = _district(words, 1)
    if isinstance(district, str):
        return district
    seat = state.turn_seat
    name = cards.D_NAME[district]
    if district not in state.hands[seat]:
        return f"the {name} is not in your hand"
    if district in state.cities[seat]:
        return f"your city already has a {name}"
    if not state.builds_left:
        return "you cannot build another district this turn"
    return f"you have only {state.gold[seat]} gold; the {name} costs {D_COST[district]}"


def _explain_income(state: CitadelsState) -> str | None:
    character = state.turn_character
    name = C_NAME[character]
    if C_COLOUR[character] < 0:
        return f"the {name} collects no district income"
    if state.income_collected:
        return "you have already collected income this turn"
    colour = Colour(C_COLOUR[character]).name.lower()
    return f"your city has no {colour} district (nor a School of Magic), so there is no income"


def _explain_purple(state: CitadelsState, words: list[str]) -> str | None:
    seat = state.turn_seat
    city = state.cities[seat]
    if len(words) < 2 or words[1] not in ("laboratory", "smithy"):
        return "the districts used by name are the laboratory and the smithy"
    if words[1] == "laboratory":
        if LABORATORY not in city:
            return "your city has no Laboratory"
        if state.laboratory_used:
            return "the Laboratory is used once a turn, and you have used it"
        return _explain_in_hand(state, words, 2)
    if SMITHY not in city:
        return "your city has no Smithy"
    if state.smithy_used:
        return "the Smithy is used once a turn, and you have used it"
    if state.gold[seat] < SMITHY_PRICE:
        return f"the Smithy costs {SMITHY_PRICE} gold and you have {state.gold[seat]}"
    return "the deck is empty, so the Smithy would draw nothing" if not state.deck else None


def _explain_in_hand(state: CitadelsState, words: list[str], position: int) -> str | None:
    district = _district(words, position)
    if isinstance(district, str):
        return district
    if district not in state.hands[state.turn_seat]:
        return f"the {cards.D_NAME[district]} is not in your hand"
    return None


def explain_rescue(
    state: CitadelsState, words: list[str], names: Sequence[str] | None = None
) -> str | None:
    """Why an action cannot be played while a destroyed district waits for its rescuer (seats
    named by ``names``, as sentences name them)."""
    slug = cards.D_SLUG[state.rescue_district]
    choice = f"'rescue {slug}' or 'pass'"
    if words[0] == "rescue":
        district = _district(words, 1)
        if isinstance(district, str):
            return district
        return f"only the destroyed {cards.D_NAME[state.rescue_district]} can be rescued: {choice}"
    name = cards.D_NAME[state.rescue_district]
    rescuer = state.current_player
    assert rescuer is not None  # a rescue waits for its seat's answer
    return f"{player_name(rescuer, names)} first decides whether to rescue the {name}: {choice}"


def _is_character(words: list[str]) -> bool:
    return len(words) == 2 and words[1] in C_INDEX


def _district(words: list[str], position: int) -> int | str:
    """The district named at ``position`` of the words, or why there is none (a ``str``)."""
    if len(words) <= position:
        return f"name a district, as in '{' '.join(words)} watchtower'"
    if len(words) > position + 1:
        return f"{' '.join(words[position:])!r} is more than one district name"
    district = cards.D_INDEX.get(words[position])
    if district is None:
        return f"{words[position]!r} is not a district (districts are named like 'watchtower')"
    return district


def _seat(state: CitadelsState, word: str) -> int | str:
    """The seat a word names, or why it names none (a ``str``)."""
    # Only ASCII digits: ``isdigit`` also accepts superscripts, which ``int`` refuses.
    if not (word.isascii() and word.isdigit()):
        return f"{word!r} is not a seat number"
    seat = int(word)
    if seat >= state.players:
        return f"{seat} is not a seat: actions number the seats 0 to {state.players - 1}"
    return seat
