"""What happens in Citadels, as events; private ones redact for other seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core import Event, player_name
from .data import C_NAME, C_SLUG, D_NAME, D_SLUG


def _names(slugs: Sequence[str]) -> str:
    """Names joined for a sentence: "A", "A and B", "A, B and C"."""
    if not slugs:
        return "nothing"
    names = [D_NAME[D_SLUG.index(s)] if s in D_SLUG else C_NAME[C_SLUG.index(s)] for s in slugs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class RoundStarted(Event):
    """A round begins: its number, the crown, the face-up characters."""

    __slots__ = ("crown", "face_up", "round")
    kind: ClassVar[str] = "round"

    def __init__(self, round: int, crown: int, face_up: list[str]) -> None:
        self.round = round
        self.crown = crown
        self.face_up = face_up

    def render(self, names: Sequence[str] | None = None) -> str:
        up = f"; face up: {_names(self.face_up)}" if self.face_up else ""
        return f"Round {self.round} begins; {player_name(self.crown, names)} has the crown{up}."


class CharacterTaken(Event):
    """A seat keeps a character (or, in the 2-player draft, puts one face down); private."""

    __slots__ = ("character", "face_down", "seat")
    kind: ClassVar[str] = "draft"

    def __init__(self, seat: int, character: str | None, face_down: bool) -> None:
        self.seat = seat
        self.character = character
        self.face_down = face_down

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        what = "a character" if self.character is None else f"the {_names([self.character])}"
        return f"{who} puts {what} face down." if self.face_down else f"{who} chooses {what}."

    def for_seat(self, seat: int | None) -> Event:
        if seat == self.seat:
            return self
        return CharacterTaken(self.seat, None, self.face_down)


class Called(Event):
    """A character is called: its holder reveals it, or nobody answers."""

    __slots__ = ("character", "seat")
    kind: ClassVar[str] = "call"

    def __init__(self, character: str, seat: int | None) -> None:
        self.character = character
        self.seat = seat

    def render(self, names: Sequence[str] | None = None) -> str:
        who = "nobody answers" if self.seat is None else player_name(self.seat, names)
        return f"The {_names([self.character])} is called: {who}."


class Skipped(Event):
    """The murdered character is called; its holder stays silent and loses the turn."""

    __slots__ = ("character",)
    kind: ClassVar[str] = "murdered-skipped"

    def __init__(self, character: str) -> None:
        self.character = character

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"The murdered {_names([self.character])} is called and does not answer."


class GoldGained(Event):
    """A seat gains gold (from the bank, or from another seat when ``source`` is set)."""

    __slots__ = ("amount", "reason", "seat", "source")
    kind: ClassVar[str] = "gold"

    def __init__(self, seat: int, amount: int, reason: str, source: int | None = None) -> None:
        self.seat = seat
        self.amount = amount
        self.reason = reason
        self.source = source

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        src = "" if self.source is None else f" from {player_name(self.source, names)}"
        return f"{who} takes {self.amount} gold{src} ({self.reason})."


class Drew(Event):
    """A seat draws cards; only it sees which."""

    __slots__ = ("cards", "count", "reason", "seat")
    kind: ClassVar[str] = "draw"

    def __init__(self, seat: int, count: int, cards: list[str] | None, reason: str) -> None:
        self.seat = seat
        self.count = count
        self.cards = cards
        self.reason = reason

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        what = f": {_names(self.cards)}" if self.cards is not None else ""
        return f"{who} draws {self.count} card{'s' * (self.count != 1)} ({self.reason}){what}."

    def for_seat(self, seat: int | None) -> Event:
        return self if seat == self.seat else Drew(self.seat, self.count, None, self.reason)


class Kept(Event):
    """A seat keeps a drawn card; the card is private."""

    __slots__ = ("card", "seat")
    kind: ClassVar[str] = "keep"

    def __init__(self, seat: int, card: str | None) -> None:
        self.seat = seat
        self.card = card

    def render(self, names: Sequence[str] | None = None) -> str:
        what = "a card" if self.card is None else f"the {_names([self.card])}"
        return f"{player_name(self.seat, names)} keeps {what}."

    def for_seat(self, seat: int | None) -> Event:
        return self if seat == self.seat else Kept(self.seat, None)


class Discarded(Event):
    """Cards go from a hand to the bottom of the deck; only their owner sees which."""

    __slots__ = ("cards", "count", "reason", "seat")
    kind: ClassVar[str] = "discard"

    def __init__(self, seat: int, count: int, cards: list[str] | None, reason: str) -> None:
        self.seat = seat
        self.count = count
        self.cards = cards
        self.reason = reason

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        what = f": {_names(self.cards)}" if self.cards is not None else ""
        plural = "s" * (self.count != 1)
        return f"{who} puts {self.count} card{plural} under the deck ({self.reason}){what}."

    def for_seat(self, seat: int | None) -> Event:
        return self if seat == self.seat else Discarded(self.seat, self.count, None, self.reason)


class Built(Event):
    """A seat builds a district."""

    __slots__ = ("cost", "district", "seat")
    kind: ClassVar[str] = "build"

    def __init__(self, seat: int, district: str, cost: int) -> None:
        self.seat = seat
        self.district = district
        self.cost = cost

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        return f"{who} builds the {_names([self.district])} for {self.cost} gold."


class Named(Event):
    """The Assassin murders or the Thief robs a character, named aloud."""

    __slots__ = ("character", "seat", "verb")
    kind: ClassVar[str] = "target"

    def __init__(self, seat: int, verb: str, character: str) -> None:
        self.seat = seat
        self.verb = verb
        self.character = character

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} {self.verb} the {_names([self.character])}."


class HandsSwapped(Event):
    """The Magician swaps hands with another seat."""

    __slots__ = ("other", "seat")
    kind: ClassVar[str] = "swap"

    def __init__(self, seat: int, other: int) -> None:
        self.seat = seat
        self.other = other

    def render(self, names: Sequence[str] | None = None) -> str:
        a, b = player_name(self.seat, names), player_name(self.other, names)
        return f"{a} swaps hands with {b}."


class CrownPassed(Event):
    """The crown goes to the King's holder."""

    __slots__ = ("seat",)
    kind: ClassVar[str] = "crown"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} takes the crown."


class Destroyed(Event):
    """The Warlord destroys a district, paying for it."""

    __slots__ = ("district", "owner", "paid", "seat")
    kind: ClassVar[str] = "destroy"

    def __init__(self, seat: int, owner: int, district: str, paid: int) -> None:
        self.seat = seat
        self.owner = owner
        self.district = district
        self.paid = paid

    def render(self, names: Sequence[str] | None = None) -> str:
        who, whose = player_name(self.seat, names), player_name(self.owner, names)
        return f"{who} destroys the {_names([self.district])} of {whose} for {self.paid} gold."


class Rescued(Event):
    """The Graveyard's owner pays 1 gold and takes the destroyed district into hand."""

    __slots__ = ("district", "seat")
    kind: ClassVar[str] = "rescue"

    def __init__(self, seat: int, district: str) -> None:
        self.seat = seat
        self.district = district

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        return f"{who} pays 1 gold to take the {_names([self.district])} into hand."


class TurnEnded(Event):
    """A character's turn ends."""

    __slots__ = ("character", "seat")
    kind: ClassVar[str] = "end-turn"

    def __init__(self, seat: int, character: str) -> None:
        self.seat = seat
        self.character = character

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} ends the {_names([self.character])}'s turn."


class CityCompleted(Event):
    """A city reaches 8 districts: the round is played out, then the game ends."""

    __slots__ = ("first", "seat")
    kind: ClassVar[str] = "complete"

    def __init__(self, seat: int, first: bool) -> None:
        self.seat = seat
        self.first = first

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        tail = " first; this is the last round" if self.first else ""
        return f"{who} completes a city of 8 districts{tail}."


class GameEnded(Event):
    """The game is over: final scores and the winners."""

    __slots__ = ("capped", "scores", "winners")
    kind: ClassVar[str] = "game-over"

    def __init__(self, scores: list[int], winners: list[int], capped: bool) -> None:
        self.scores = scores
        self.winners = winners
        self.capped = capped

    def render(self, names: Sequence[str] | None = None) -> str:
        who = " and ".join(player_name(s, names) for s in self.winners)
        cap = " (the round limit was reached)" if self.capped else ""
        points = ", ".join(str(s) for s in self.scores)
        return f"The game is over{cap}. Scores: {points}. Winner: {who}."
