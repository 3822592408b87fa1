"""What happens in Fearless, in sentences that read like the rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core import Event, player_name

__all__ = ["CardPlayed", "GameEnded", "RoundDealt", "RoundScored", "TrickWon"]


def signed(value: int) -> str:
    """A scare value as the rulebook writes it: "+3", "-7", "0"."""
    return f"{value:+d}" if value else "0"


def spoken(card: str) -> str:
    """A card as a sentence names it: "blue +5", "zero"."""
    return card if card == "zero" else card[:-2] + " " + card[-2:]


class CardPlayed(Event):
    """A seat leads, follows or sheds a card; the trick's running scare value."""

    __slots__ = ("card", "how", "seat", "trick_value")
    kind: ClassVar[str] = "play"

    def __init__(self, seat: int, card: str, how: str, trick_value: int) -> None:
        self.seat = seat
        self.card = card
        self.how = how
        self.trick_value = trick_value

    def render(self, names: Sequence[str] | None = None) -> str:
        verb = "follows with" if self.how == "follows" else self.how
        return (
            f"{player_name(self.seat, names)} {verb} {spoken(self.card)}; "
            f"the trick is worth {signed(self.trick_value)}"
        )


class TrickWon(Event):
    """A seat wins a trick and its ghost moves by the trick's value."""

    __slots__ = ("position", "seat", "value")
    kind: ClassVar[str] = "trick"

    def __init__(self, seat: int, value: int, position: int) -> None:
        self.seat = seat
        self.value = value
        self.position = position

    def render(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{player_name(self.seat, names)} wins the trick and moves to {signed(self.position)}"
        )


class RoundScored(Event):
    """The end of a round: each seat's fear points and the totals."""

    __slots__ = ("fear", "round", "totals")
    kind: ClassVar[str] = "round"

    def __init__(self, round: int, fear: list[int], totals: list[int]) -> None:
        self.round = round
        self.fear = fear
        self.totals = totals

    def render(self, names: Sequence[str] | None = None) -> str:
        parts = ", ".join(
            f"{player_name(seat, names)} {points}" for seat, points in enumerate(self.fear)
        )
        totals = ", ".join(str(t) for t in self.totals)
        return f"Round {self.round} ends; fear points: {parts} (totals {totals})"


class RoundDealt(Event):
    """A new round is dealt; who leads its first trick."""

    __slots__ = ("leader", "round")
    kind: ClassVar[str] = "deal"

    def __init__(self, round: int, leader: int) -> None:
        self.round = round
        self.leader = leader

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"Round {self.round} is dealt; {player_name(self.leader, names)} leads"


class GameEnded(Event):
    """The last round is over: the least scared win."""

    __slots__ = ("totals", "winners")
    kind: ClassVar[str] = "end"

    def __init__(self, winners: list[int], totals: list[int]) -> None:
        self.winners = winners
        self.totals = totals

    def render(self, names: Sequence[str] | None = None) -> str:
        who = " and ".join(player_name(seat, names) for seat in self.winners)
        verb = "win" if len(self.winners) > 1 else "wins"
        return f"The game ends; {who} {verb} with {self.totals[self.winners[0]]} fear points"
