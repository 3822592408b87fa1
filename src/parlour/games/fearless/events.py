"""What happens in Fearless, in sentences that read like the rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core import Event, event, player_name, seats_named

__all__ = ["CardPlayed", "GameEnded", "RoundDealt", "RoundScored", "TrickWon"]


def signed(value: int) -> str:
    """A scare value as the rulebook writes it: "+3", "-7", "0"."""
    return f"{value:+d}" if value else "0"


def spoken(card: str) -> str:
    """A card as a sentence names it: "blue +5", "zero"."""
    return card if card == "zero" else card[:-2] + " " + card[-2:]


@event
class CardPlayed(Event):
    """A seat leads, follows or sheds a card; the trick's running scare value."""

    kind: ClassVar[str] = "play"
    public = "all"
    seat: int
    card: str
    how: str
    trick_value: int

    def render(self, names: Sequence[str] | None = None) -> str:
        verb = "follows with" if self.how == "follows" else self.how
        return (
            f"{player_name(self.seat, names)} {verb} {spoken(self.card)}; "
            f"the trick is worth {signed(self.trick_value)}"
        )


@event
class TrickWon(Event):
    """A seat wins a trick and its ghost moves by the trick's value."""

    kind: ClassVar[str] = "trick"
    public = "all"
    seat: int
    value: int
    position: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{player_name(self.seat, names)} wins the trick and moves to {signed(self.position)}"
        )


@event
class RoundScored(Event):
    """The end of a round: each seat's fear points and the totals."""

    kind: ClassVar[str] = "round"
    public = "all"
    round: int
    fear: list[int]
    totals: list[int]

    def render(self, names: Sequence[str] | None = None) -> str:
        parts = ", ".join(
            f"{player_name(seat, names)} {points}" for seat, points in enumerate(self.fear)
        )
        totals = ", ".join(str(t) for t in self.totals)
        return f"Round {self.round} ends; fear points: {parts} (totals {totals})"


@event
class RoundDealt(Event):
    """A new round is dealt; who leads its first trick."""

    kind: ClassVar[str] = "deal"
    public = "all"
    round: int
    leader: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"Round {self.round} is dealt; {player_name(self.leader, names)} leads"


@event
class GameEnded(Event):
    """The last round is over: the least scared win."""

    kind: ClassVar[str] = "game_end"
    public = "all"
    winners: list[int]
    totals: list[int]

    def render(self, names: Sequence[str] | None = None) -> str:
        who = seats_named(self.winners, names)
        verb = "win" if len(self.winners) > 1 else "wins"
        return f"The game ends; {who} {verb} with {self.totals[self.winners[0]]} fear points"
