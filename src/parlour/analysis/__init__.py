"""Post-game analysis: each decision of a seat judged from what that seat knew then.

``analyze(record, seats, settings, jobs)`` judges every decision of the seats in a saved
game; ``judge_position(state, played, settings)`` judges one; ``report.write`` draws the
curve of estimated winning chances and an HTML page of the moves. docs/analysis.md explains
the method, the thresholds and how well the estimates are calibrated.
"""

from .game import GameAnalysis, SeatAnalysis, analyze, assemble, decision_points, judge_move
from .position import (
    SIGNIFICANCE,
    THRESHOLDS,
    Decision,
    Playouts,
    Settings,
    Verdict,
    judge,
    judge_position,
    play_outs,
)

__all__ = [
    "SIGNIFICANCE",
    "THRESHOLDS",
    "Decision",
    "GameAnalysis",
    "Playouts",
    "SeatAnalysis",
    "Settings",
    "Verdict",
    "analyze",
    "assemble",
    "decision_points",
    "judge",
    "judge_move",
    "judge_position",
    "play_outs",
]
