"""What happens in Citadels, as events; private ones redact for other seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core import Event, event, player_name, seats_named
from .cards import (
    ASSASSIN,
    C_INDEX,
    C_NAME,
    C_SLUG,
    D_COST,
    D_INDEX,
    D_NAME,
    D_SLUG,
    MAX_SEATS,
    THIEF,
)


def _names(slugs: Sequence[str]) -> str:
    """Names joined for a sentence: "A", "A and B", "A, B and C"."""
    if not slugs:
        return "nothing"
    names = [D_NAME[D_INDEX[s]] if s in D_INDEX else C_NAME[C_INDEX[s]] for s in slugs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@event
class RoundStarted(Event):
    """A round begins: its number, the crown, the face-up characters."""

    kind: ClassVar[str] = "round"
    public = "all"
    round: int
    crown: int
    face_up: list[str]

    def render(self, names: Sequence[str] | None = None) -> str:
        up = f"; face up: {_names(self.face_up)}" if self.face_up else ""
        return f"Round {self.round} begins; {player_name(self.crown, names)} has the crown{up}."


@event
class CharacterTaken(Event):
    """A seat keeps a character (or, in the 2-player draft, puts one face down); private."""

    kind: ClassVar[str] = "draft"
    public = ("seat", "face_down")
    shown_to = "seat"
    seat: int
    character: str | None
    face_down: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        what = "a character" if self.character is None else f"the {_names([self.character])}"
        return f"{who} puts {what} face down." if self.face_down else f"{who} chooses {what}."


@event
class Called(Event):
    """A character is called: its holder reveals it, or nobody answers."""

    kind: ClassVar[str] = "call"
    public = "all"
    character: str
    seat: int | None

    def render(self, names: Sequence[str] | None = None) -> str:
        who = "nobody answers" if self.seat is None else player_name(self.seat, names)
        return f"The {_names([self.character])} is called: {who}."


@event
class Skipped(Event):
    """The murdered character is called; its holder stays silent and loses the turn."""

    kind: ClassVar[str] = "murdered-skipped"
    public = "all"
    character: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"The murdered {_names([self.character])} is called and does not answer."


@event
class GoldGained(Event):
    """A seat gains gold (from the bank, or from another seat when ``source`` is set)."""

    kind: ClassVar[str] = "gold"
    public = "all"
    seat: int
    amount: int
    reason: str
    source: int | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        src = "" if self.source is None else f" from {player_name(self.source, names)}"
        return f"{who} takes {self.amount} gold{src} ({self.reason})."


@event
class Drew(Event):
    """A seat draws cards; only it sees which."""

    kind: ClassVar[str] = "draw"
    public = ("seat", "count", "reason")
    shown_to = "seat"
    seat: int
    count: int
    cards: list[str] | None
    reason: str

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        what = f": {_names(self.cards)}" if self.cards is not None else ""
        return f"{who} draws {self.count} card{'s' * (self.count != 1)} ({self.reason}){what}."


@event
class Kept(Event):
    """A seat keeps a drawn card; the card is private."""

    kind: ClassVar[str] = "keep"
    public = ("seat",)
    shown_to = "seat"
    seat: int
    card: str | None

    def render(self, names: Sequence[str] | None = None) -> str:
        what = "a card" if self.card is None else f"the {_names([self.card])}"
        return f"{player_name(self.seat, names)} keeps {what}."


@event
class PutUnderDeck(Event):
    """Cards go from a hand to the bottom of the deck; only their owner sees which.

    ``reason`` is the sentence's words; ``not_kept`` is what code reads: whether these are
    the cards drawn for resources and not kept (else the Magician or the Laboratory)."""

    kind: ClassVar[str] = "under-deck"
    public = ("seat", "count", "reason", "not_kept")
    shown_to = "seat"
    seat: int
    count: int
    cards: list[str] | None
    reason: str
    not_kept: bool = False

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        what = f": {_names(self.cards)}" if self.cards is not None else ""
        plural = "s" * (self.count != 1)
        return f"{who} puts {self.count} card{plural} under the deck ({self.reason}){what}."


@event
class Built(Event):
    """A seat builds a district."""

    kind: ClassVar[str] = "build"
    public = "all"
    seat: int
    district: str
    cost: int

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        return f"{who} builds the {_names([self.district])} for {self.cost} gold."


@event
class Named(Event):
    """The Assassin murders or the Thief robs a character, named aloud.

    ``verb`` is the sentence's word; ``by`` is what code reads: the naming character's slug."""

    kind: ClassVar[str] = "target"
    public = "all"
    seat: int
    verb: str
    character: str
    by: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} {self.verb} the {_names([self.character])}."


@event
class HandsSwapped(Event):
    """The Magician swaps hands with another seat."""

    kind: ClassVar[str] = "swap"
    public = "all"
    seat: int
    other: int

    def render(self, names: Sequence[str] | None = None) -> str:
        a, b = player_name(self.seat, names), player_name(self.other, names)
        return f"{a} swaps hands with {b}."


@event
class CrownPassed(Event):
    """The crown goes to the King's holder."""

    kind: ClassVar[str] = "crown"
    public = "all"
    seat: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} takes the crown."


@event
class Destroyed(Event):
    """The Warlord destroys a district, paying for it."""

    kind: ClassVar[str] = "destroy"
    public = "all"
    seat: int
    owner: int
    district: str
    paid: int

    def render(self, names: Sequence[str] | None = None) -> str:
        who, whose = player_name(self.seat, names), player_name(self.owner, names)
        return f"{who} destroys the {_names([self.district])} of {whose} for {self.paid} gold."


@event
class Rescued(Event):
    """The Graveyard's owner pays 1 gold and takes the destroyed district into hand."""

    kind: ClassVar[str] = "rescue"
    public = "all"
    seat: int
    district: str

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        return f"{who} pays 1 gold to take the {_names([self.district])} into hand."


@event
class TurnEnded(Event):
    """A character's turn ends."""

    kind: ClassVar[str] = "turn_end"
    public = "all"
    seat: int
    character: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} ends the {_names([self.character])}'s turn."


@event
class CityCompleted(Event):
    """A city reaches 8 districts: the round is played out, then the game ends."""

    kind: ClassVar[str] = "complete"
    public = "all"
    seat: int
    first: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        tail = " first; this is the last round" if self.first else ""
        return f"{who} completes a city of 8 districts{tail}."


@event
class GameEnded(Event):
    """The game is over: final scores and the winners."""

    kind: ClassVar[str] = "game_end"
    public = "all"
    scores: list[int]
    winners: list[int]
    capped: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        who = seats_named(self.winners, names)
        cap = " (the round limit was reached)" if self.capped else ""
        points = ", ".join(str(s) for s in self.scores)
        return f"The game is over{cap}. Scores: {points}. Winner: {who}."


# -- events made once -------------------------------------------------------------------
# Most events of a turn carry only a seat and a card or character, so each of them is made
# once here and shared by every game (events are never changed once made), as the moves
# are: the rules index these tables by character, district and seat (the last entry of a
# seat table, index -1, is for "no seat"). Making an event costs a call; indexing does not.

_SEATS = range(MAX_SEATS)

CALLED = tuple((*(Called(slug, seat) for seat in _SEATS), Called(slug, None)) for slug in C_SLUG)
SKIPPED = tuple(Skipped(slug) for slug in C_SLUG)
CROWN_PASSED = tuple(CrownPassed(seat) for seat in _SEATS)
TURN_ENDED = tuple(tuple(TurnEnded(seat, slug) for slug in C_SLUG) for seat in _SEATS)
# By seat, character, then face down (1) or kept (0).
CHARACTER_TAKEN = tuple(
    tuple((CharacterTaken(seat, slug, False), CharacterTaken(seat, slug, True)) for slug in C_SLUG)
    for seat in _SEATS
)
BUILT = tuple(
    tuple(Built(seat, slug, cost) for slug, cost in zip(D_SLUG, D_COST, strict=True))
    for seat in _SEATS
)
KEPT = tuple(tuple(Kept(seat, slug) for slug in D_SLUG) for seat in _SEATS)
# The card of two drawn that is not kept, the usual end of drawing, by seat and district.
NOT_KEPT = tuple(
    tuple(PutUnderDeck(seat, 1, [slug], "not kept", not_kept=True) for slug in D_SLUG)
    for seat in _SEATS
)
MURDERS = tuple(
    tuple(Named(seat, "murders", slug, C_SLUG[ASSASSIN]) for slug in C_SLUG) for seat in _SEATS
)
ROBS = tuple(tuple(Named(seat, "robs", slug, C_SLUG[THIEF]) for slug in C_SLUG) for seat in _SEATS)


def _drew_two(seat: int) -> tuple[tuple[Drew, ...], ...]:
    """The usual draw, two cards as resources, indexed by the two districts either way round."""
    pairs: dict[tuple[int, int], Drew] = {}
    for a in range(len(D_SLUG)):
        for b in range(a, len(D_SLUG)):
            pairs[a, b] = Drew(seat, 2, [D_SLUG[a], D_SLUG[b]], "resources")
    return tuple(
        tuple(pairs[min(a, b), max(a, b)] for b in range(len(D_SLUG))) for a in range(len(D_SLUG))
    )


# By seat, then the two districts: 406 events a seat, made in about 3 ms at import.
DREW_TWO = tuple(_drew_two(seat) for seat in _SEATS)
