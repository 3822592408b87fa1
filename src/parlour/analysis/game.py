"""A whole game analysed: every decision of the chosen seats judged from a saved record.

``analyze`` is what the ``parlour analyze`` command and the server both call; the server
hands its own process pool each decision (``judge_move``) and puts the answers together
with ``assemble``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from typing import Any

from ..core import GameError, Record, load, replay
from ..core.processes import process_pool
from .position import Decision, Settings, Verdict, judge_position

__all__ = [
    "GameAnalysis",
    "SeatAnalysis",
    "analyze",
    "assemble",
    "decision_points",
    "judge_move",
]


@dataclass(frozen=True)
class SeatAnalysis:
    """One seat's decisions judged, and the result it got (``None``: the game goes on)."""

    seat: int
    decisions: tuple[Decision, ...]
    result: float | None

    def marked(self, verdict: Verdict | None = None) -> list[Decision]:
        """The decisions judged ``verdict``; every marked one when it is ``None``."""
        if verdict is None:
            return [d for d in self.decisions if d.verdict is not None]
        return [d for d in self.decisions if d.verdict is verdict]

    @property
    def average_loss(self) -> float:
        """The mean loss of expected result over the decisions (0 for none)."""
        if not self.decisions:
            return 0.0
        return sum(d.loss for d in self.decisions) / len(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """The seat's analysis as JSON, with counts of each verdict."""
        return {
            "seat": self.seat,
            "result": self.result,
            "average_loss": self.average_loss,
            "counts": {v.value: len(self.marked(v)) for v in Verdict},
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatAnalysis:
        """A seat's analysis from its JSON form."""
        result = data.get("result")
        return cls(
            int(data["seat"]),
            tuple(Decision.from_dict(d) for d in data["decisions"]),
            None if result is None else float(result),
        )


@dataclass(frozen=True)
class GameAnalysis:
    """The analysis of a game: its record, the settings used and each analysed seat."""

    record: Record
    settings: Settings
    seats: tuple[SeatAnalysis, ...]

    @property
    def title(self) -> str:
        """The game's title, for people."""
        return load(self.record.game).title

    def seat(self, seat: int) -> SeatAnalysis:
        """The analysis of ``seat``; ``GameError`` when it was not analysed."""
        for analysed in self.seats:
            if analysed.seat == seat:
                return analysed
        raise GameError(f"seat {seat} was not analysed")

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON (what ``analysis.json`` and the server's endpoint hold)."""
        return {
            "game": self.record.game,
            "title": self.title,
            "players": self.record.players,
            "record": self.record.to_dict(),
            "settings": self.settings.to_dict(),
            "seats": [s.to_dict() for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameAnalysis:
        """An analysis from its JSON form."""
        return cls(
            Record.from_dict(data["record"]),
            Settings.from_dict(data["settings"]),
            tuple(SeatAnalysis.from_dict(s) for s in data["seats"]),
        )


def _checked(record: Record | Mapping[str, Any]) -> Record:
    return record if isinstance(record, Record) else Record.from_dict(record)


def decision_points(record: Record | Mapping[str, Any], seats: Iterable[int]) -> list[int]:
    """How many actions came before each decision of ``seats`` that had a choice.

    A decision with one legal action costs nothing whichever way, so it is left out.
    ``GameError`` for a record that does not replay or a seat the game does not have.
    """
    rec = _checked(record)
    wanted = set(seats)
    for seat in sorted(wanted):
        if not 0 <= seat < rec.players:
            raise GameError(f"seat must be from 0 to {rec.players - 1}, not {seat}")
    # Replayed once first, so a bad record gets replay's message (naming the rules version
    # where that is the cause).
    replay(rec)
    state = rec.start()
    points = []
    for before, text in enumerate(rec.actions):
        if state.current_player in wanted and len(state.legal_actions()) > 1:
            points.append(before)
        state.apply(text)
    return points


def judge_move(
    record: Mapping[str, Any],
    before: int,
    settings: Settings,
    names: Sequence[str] | None = None,
) -> Decision:
    """The decision at action number ``before + 1`` of ``record`` (a top-level function,
    so worker processes can run it); its labels name seats by ``names``, as a table does."""
    rec = _checked(record)
    state = replay(rec, upto=before)
    return judge_position(state, rec.actions[before], settings, names)


def assemble(
    record: Record | Mapping[str, Any],
    seats: Sequence[int],
    settings: Settings,
    decisions: Iterable[Decision],
) -> GameAnalysis:
    """The analysis of ``seats`` from their judged decisions (in any order)."""
    rec = _checked(record)
    final = replay(rec)
    by_seat: dict[int, list[Decision]] = {seat: [] for seat in seats}
    for decision in decisions:
        by_seat[decision.seat].append(decision)
    results = final.returns() if final.is_over else None
    return GameAnalysis(
        rec,
        settings,
        tuple(
            SeatAnalysis(
                seat,
                tuple(sorted(by_seat[seat], key=lambda d: d.move)),
                None if results is None else results[seat],
            )
            for seat in sorted(by_seat)
        ),
    )


def analyze(
    record: Record | Mapping[str, Any],
    seats: Sequence[int] | None = None,
    settings: Settings | None = None,
    jobs: int = 1,
    on_decision: Callable[[Decision, int], None] | None = None,
) -> GameAnalysis:
    """Judge every decision of ``seats`` (default: all) in ``record`` on ``jobs`` processes.

    ``settings`` defaults to ``Settings.for_game``; ``on_decision(decision, total)`` is
    called as each decision is judged (in the order they finish). The result is the same
    for any ``jobs``.
    """
    rec = _checked(record)
    chosen = list(range(rec.players)) if seats is None else sorted(set(seats))
    config = settings if settings is not None else Settings.for_game(rec.game)
    if jobs < 1:
        raise GameError(f"jobs must be at least 1, not {jobs}")
    points = decision_points(rec, chosen)
    judged: list[Decision] = []

    def done(decision: Decision) -> None:
        judged.append(decision)
        if on_decision is not None:
            on_decision(decision, len(points))

    if jobs == 1 or len(points) < 2:
        state = rec.start()
        for before, text in enumerate(rec.actions):
            if points and before == points[len(judged)]:
                done(judge_position(state, text, config))
                if len(judged) == len(points):
                    break
            state.apply(text)
    else:
        data = rec.to_dict()
        with process_pool(jobs) as pool:
            futures = [pool.submit(judge_move, data, before, config) for before in points]
            try:
                for future in as_completed(futures):
                    done(future.result())
            except BaseException:
                # Interrupted (Ctrl-C) or failed: drop what has not begun.
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return assemble(rec, chosen, config, judged)
