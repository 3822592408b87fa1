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
        return cls(kind, start, 0, players)._ask(can_respond)

    def passed(self, can_respond: Callable[[int], bool]) -> ResponseWindow | None:
        """The seat asked passed: the window moves on, or closes after a full round of passes."""
        return self._moved(self.passes + 1)._ask(can_respond)

    def responded(self, can_respond: Callable[[int], bool]) -> ResponseWindow | None:
        """The seat asked responded: it is asked again, and every seat must pass anew."""
        return self._replace(passes=0)._ask(can_respond)

    def _moved(self, passes: int) -> ResponseWindow:
        return self._replace(seat=(self.seat + 1) % self.players, passes=passes)

    def _ask(self, can_respond: Callable[[int], bool]) -> ResponseWindow | None:
        """This window at the next seat that can respond, counting skipped seats as passes."""
        window = self
        while window.passes < self.players:
            if can_respond(window.seat):
                return window
            window = window._moved(window.passes + 1)
        return None
