"""Clocks (API.md, "Clocks"; docs/server.md, "Clocks and absence"): the settings chosen when
a table is opened, the lobby's named profiles, and where a table's clock stands.

Pure arithmetic on seconds and wall-clock moments (``time.time()``, which every process
sharing a database reads alike): no I/O, no hub. The hub decides whose time runs (a person's
seat whose turn it is, not absent, at a table that neither waits nor is over) and when.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = [
    "ABSENT_BOT",
    "BACK_SECONDS",
    "CHECKPOINT",
    "MAX_INCREMENT",
    "MAX_INITIAL",
    "MAX_PER_MOVE",
    "PROFILES",
    "ClockSettings",
    "ClockState",
    "Profile",
    "load",
    "parse",
]

# The bot that plays for a person whose time ran out, until the person comes back.
ABSENT_BOT = "medium"
# The least time a person who comes back has on their clock.
BACK_SECONDS = 30.0
# Bounds of what a table may be opened with: a day of thinking time for a real-time game
# (longer is a turn-based game), an hour added a move, two weeks a move for a turn-based one.
MAX_INITIAL = 24 * 3600.0
MAX_INCREMENT = 3600.0
MAX_PER_MOVE = 14 * 86400.0
DAY = 86400.0
# Seconds between two writes of a running clock by the process that enforces it, at most:
# what a server killed outright can give back to the seat whose time ran.
CHECKPOINT = 0.5

_SHAPE = 'a clock is {"initial": seconds, "increment": seconds} or {"per_move": seconds}'


@dataclass(frozen=True)
class ClockSettings:
    """A table's clock: real time (``initial`` seconds each, ``increment`` added after each of
    the seat's decisions) or turn-based (``per_move`` seconds for each decision)."""

    initial: float | None = None
    increment: float = 0.0
    per_move: float | None = None

    @property
    def turn_based(self) -> bool:
        """Whether each decision has its own time (``per_move``)."""
        return self.per_move is not None

    @property
    def start(self) -> float:
        """The seconds each person's seat begins with."""
        return self.per_move if self.per_move is not None else self.initial or 0.0

    def to_json(self) -> dict[str, float]:
        """The settings as the API takes them and the database keeps them."""
        if self.per_move is not None:
            return {"per_move": self.per_move}
        return {"initial": self.initial or 0.0, "increment": self.increment}


def _seconds(data: dict[str, Any], key: str, least: float, most: float) -> float:
    """``data[key]`` as seconds from ``least`` to ``most``; ``ValueError`` says why not."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f'the clock\'s "{key}" must be a number of seconds, not {value!r}')
    if not least <= value <= most:
        raise ValueError(
            f'the clock\'s "{key}" must be from {least:g} to {most:g} seconds, not {value:g}'
        )
    return float(value)


def parse(data: Any) -> ClockSettings | None:
    """The clock asked for at a table's creation (``None``: none); ``ValueError`` with the
    sentence sent back for anything else."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError(_SHAPE)
    keys = set(data)
    if keys == {"per_move"}:
        return ClockSettings(per_move=_seconds(data, "per_move", 1, MAX_PER_MOVE))
    if keys in ({"initial"}, {"initial", "increment"}):
        initial = _seconds(data, "initial", 1, MAX_INITIAL)
        increment = _seconds(data, "increment", 0, MAX_INCREMENT) if "increment" in keys else 0
        return ClockSettings(initial=initial, increment=increment)
    raise ValueError(f"{_SHAPE}; this one has {', '.join(map(repr, sorted(keys))) or 'nothing'}")


@dataclass(frozen=True)
class Profile:
    """A named clock offered in the lobby (``settings`` ``None``: no clock)."""

    name: str
    label: str
    settings: ClockSettings | None

    def to_json(self) -> dict[str, Any]:
        """The profile as ``GET /api/clocks`` serves it."""
        clock = None if self.settings is None else self.settings.to_json()
        return {"name": self.name, "label": self.label, "clock": clock}


# The lobby's choices, defined here only: the browser reads them from ``GET /api/clocks``.
PROFILES: tuple[Profile, ...] = (
    Profile("none", "no clock", None),
    Profile("fast", "fast: 3 min + 10 s a move", ClockSettings(initial=180, increment=10)),
    Profile("normal", "normal: 6 min + 20 s a move", ClockSettings(initial=360, increment=20)),
    Profile("slow", "slow: 12 min + 40 s a move", ClockSettings(initial=720, increment=40)),
    Profile("day", "turn-based: 1 day a move", ClockSettings(per_move=DAY)),
    Profile("3days", "turn-based: 3 days a move", ClockSettings(per_move=3 * DAY)),
    Profile("week", "turn-based: 7 days a move", ClockSettings(per_move=7 * DAY)),
)


@dataclass(frozen=True)
class ClockState:
    """Where a table's clock stands: each seat's seconds left as of ``since`` for the seat
    whose time runs (as of its last decision for the others; ``None``: a bot's seat), the
    moment the running seat's time began (``None``: not begun), the seats that ever timed out.

    Each change returns a new state, so the hub stores it before it takes it in.
    """

    settings: ClockSettings
    remaining: tuple[float | None, ...]
    since: float | None = None
    timed_out: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def new(cls, settings: ClockSettings, people: list[bool]) -> ClockState:
        """A fresh clock: every person's seat (``people[seat]``) with the starting time."""
        return cls(settings, tuple(settings.start if person else None for person in people))

    def to_json(self) -> dict[str, Any]:
        """The stored form (``parlour_tables.clock_state``)."""
        return {
            "remaining": list(self.remaining),
            "since": self.since,
            "timed_out": sorted(self.timed_out),
        }

    def left(self, seat: int, running: int | None, now: float) -> float | None:
        """The seconds ``seat`` has left at ``now`` (``running``: the seat whose time runs)."""
        remaining = self.remaining[seat]
        if remaining is None or seat != running or self.since is None:
            return remaining
        return max(0.0, remaining - (now - self.since))

    def public(self, running: int | None, now: float) -> dict[str, Any]:
        """The clock as views and descriptions carry it: ``{"remaining", "running"}``."""
        left = [self.left(seat, running, now) for seat in range(len(self.remaining))]
        return {
            "remaining": [None if s is None else round(s, 2) for s in left],
            "running": running,
        }

    def begun(self, now: float) -> ClockState:
        """The state with the running seat's time begun at ``now`` if it had not begun."""
        return self if self.since is not None else replace(self, since=now)

    def restarted(self, now: float) -> ClockState:
        """The running seat's time counted from ``now`` (a process that starts does not
        charge the time it was down: the remaining is the one stored)."""
        return replace(self, since=now)

    def checkpoint(self, running: int, now: float) -> ClockState:
        """The same clock with the running seat's time charged up to ``now`` and counted on
        from then (written every so often, so a restart loses little of it)."""
        remaining = list(self.remaining)
        remaining[running] = self.left(running, running, now)
        return replace(self, remaining=tuple(remaining), since=now)

    def checkpoint_every(self) -> float:
        """Seconds between checkpoints: ``CHECKPOINT``, or a thousandth of a seat's starting
        time if longer (a turn-based game of days needs no second's precision)."""
        return max(CHECKPOINT, self.settings.start / 1000)

    def moved(self, seat: int, running: int | None, now: float) -> ClockState:
        """The state after ``seat`` decided at ``now``: charged if its time ran (``running``),
        then given the increment (real time) or a whole ``per_move`` (turn-based); the next
        seat's time begins now."""
        remaining = list(self.remaining)
        if seat == running and remaining[seat] is not None:
            if self.settings.per_move is not None:
                remaining[seat] = self.settings.per_move
            else:
                left = self.left(seat, running, now) or 0.0
                remaining[seat] = left + self.settings.increment
        return replace(self, remaining=tuple(remaining), since=now)

    def ran_out(self, seat: int, now: float) -> ClockState:
        """The state once ``seat``'s time ran out at ``now``: none left, and remembered."""
        remaining = list(self.remaining)
        remaining[seat] = 0.0
        return replace(
            self, remaining=tuple(remaining), since=now, timed_out=self.timed_out | {seat}
        )

    def back(self, seat: int, its_turn: bool, now: float) -> ClockState:
        """The state once ``seat``'s person came back at ``now``: at least ``BACK_SECONDS``
        (turn-based: a whole decision's time, if longer); if it is the seat's turn, its time
        runs from now (nobody's ran while the bot had the turn)."""
        remaining = list(self.remaining)
        least = max(BACK_SECONDS, self.settings.per_move or 0.0)
        remaining[seat] = max(remaining[seat] or 0.0, least)
        return replace(self, remaining=tuple(remaining), since=now if its_turn else self.since)


def load(
    settings: dict[str, Any] | None, stored: dict[str, Any] | None, people: list[bool]
) -> ClockState | None:
    """A table's clock from its stored settings and state (``None``: no clock); a state
    never stored is a fresh one."""
    chosen = parse(settings)
    if chosen is None:
        return None
    if not stored:
        return ClockState.new(chosen, people)
    remaining = tuple(None if s is None else float(s) for s in stored.get("remaining", []))
    if len(remaining) != len(people):
        return ClockState.new(chosen, people)
    since = stored.get("since")
    return ClockState(
        chosen,
        remaining,
        None if since is None else float(since),
        frozenset(int(seat) for seat in stored.get("timed_out", [])),
    )
