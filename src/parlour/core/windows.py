"""Response windows: after a triggering moment, the other seats may answer in turn order.

A window passes from seat to seat in turn order from the seat that opens it. The seat asked
either responds, and is asked again (so it may answer several times), or passes, and the
next seat is asked; the window closes once every seat has passed in a row.

Which seats are asked is the game's ``can_respond(seat)``, and it must depend only on
public information (a seat's gold, the districts in its city, how many cards it holds).
A seat skipped for such a reason counts as having passed, and skipping it tells the table
nothing new. A seat that holds cards is asked even when none of them could be played, so
that its answer never reveals its hand: the information-set contract holds either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

__all__ = ["ResponseWindow"]


class ResponseWindow(NamedTuple):
    """An open window: what it answers, the seat asked now, and the passes in a row so far.

    Immutable, so a state's clone shares it; every step returns the next window or ``None``
    once it closes.
    """

    kind: str
    seat: int
    passes: int
    players: int

    @classmethod
    def open(
        cls, kind: str, start: int, players: int, can_respond: Callable[[int], bool]
    ) -> ResponseWindow | None:
        """The window at the first seat from ``start`` that can respond; ``None`` if none can."""
        return _ask(kind, start, 0, players, can_respond)

    def passed(self, can_respond: Callable[[int], bool]) -> ResponseWindow | None:
        """The seat asked passed: the window moves on, or closes after a full round of passes."""
        players = self.players
        return _ask(self.kind, (self.seat + 1) % players, self.passes + 1, players, can_respond)

    def responded(self, can_respond: Callable[[int], bool]) -> ResponseWindow | None:
        """The seat asked responded: it is asked again, and every seat must pass anew."""
        return _ask(self.kind, self.seat, 0, self.players, can_respond)


def _ask(
    kind: str, seat: int, passes: int, players: int, can_respond: Callable[[int], bool]
) -> ResponseWindow | None:
    """The window at the first seat from ``seat`` that can respond, counting skipped seats as
    passes; ``None`` once every seat has passed in a row. Games step windows on every
    decision, so the seats are counted in ints and one window is made at the end."""
    while passes < players:
        if can_respond(seat):
            return _make((kind, seat, passes, players))
        seat += 1
        if seat == players:
            seat = 0
        passes += 1
    return None


# Making a window from a tuple skips the keyword handling of the class call.
_make = ResponseWindow._make
