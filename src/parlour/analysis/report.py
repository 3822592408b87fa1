"""What an analysis is shown as: the curve of estimated winning chances (a PNG drawn with
matplotlib's Agg backend) and an HTML page of the moves (rendered from the Jinja2 template
``templates/analysis.html``), written to one folder."""

from __future__ import annotations

import json
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from ..core.views import seat_name
from .game import GameAnalysis
from .position import THRESHOLDS, Verdict

__all__ = ["COLOURS", "DATA", "LINES", "PAGE", "PLOT", "page", "plot", "write"]

PLOT = "curve.png"
PAGE = "index.html"
DATA = "analysis.json"
# The marks' colours, as chess sites draw them.
COLOURS = {Verdict.INACCURACY: "#e6a700", Verdict.MISTAKE: "#e07000", Verdict.BLUNDER: "#d00000"}
# The seats' lines, in colours far from the marks'.
LINES = ("#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#17becf", "#e377c2", "#7f7f7f")


def plot(analysis: GameAnalysis, path: Path) -> None:
    """Draw each analysed seat's estimated chance after its moves, the marked moves in
    their colours, to the PNG ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 3.8), layout="constrained")
    ax = fig.add_subplot()
    players = analysis.record.players
    ax.axhline(1 / players, color="#999999", linewidth=0.8, linestyle="--", label="fair share")
    for seat in analysis.seats:
        moves = [d.move for d in seat.decisions]
        chances = [d.chance for d in seat.decisions]
        if seat.result is not None:
            moves.append(len(analysis.record.actions))
            chances.append(seat.result)
        colour = LINES[seat.seat % len(LINES)]
        ax.plot(moves, chances, color=colour, linewidth=1.4, label=seat_name(seat.seat))
        for verdict in Verdict:
            marked = seat.marked(verdict)
            ax.scatter(
                [d.move for d in marked],
                [d.chance for d in marked],
                color=COLOURS[verdict],
                edgecolor=colour,
                zorder=3,
                s=36,
            )
    for verdict in Verdict:
        ax.scatter([], [], color=COLOURS[verdict], s=36, label=f"{verdict.value} {verdict.symbol}")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("move")
    ax.set_ylabel("estimated chance of winning")
    ax.set_title(
        f"{analysis.title}, {players} players, seed {analysis.record.seed}: "
        "estimated chances after each move"
    )
    ax.legend(loc="upper left", fontsize="small", ncols=2, framealpha=0.8)
    ax.grid(alpha=0.3)
    fig.savefig(path, dpi=110)


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def _count(n: int, verdict: Verdict) -> str:
    """ "1 blunder", "2 inaccuracies"."""
    if n == 1:
        return f"1 {verdict.value}"
    word = verdict.value
    return f"{n} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


_templates = Environment(
    loader=PackageLoader("parlour.analysis"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
_templates.filters["percent"] = _pct
_templates.filters["seat_name"] = seat_name


def page(analysis: GameAnalysis, image: str = PLOT) -> str:
    """The HTML page of ``analysis`` (``templates/analysis.html``), showing the curve from
    the file ``image`` beside it."""
    record = analysis.record
    settings = analysis.settings
    return _templates.get_template("analysis.html").render(
        title=f"{analysis.title}, seed {record.seed}: analysis",
        players=record.players,
        actions=len(record.actions),
        settings=settings,
        depth="the end" if settings.rollout_depth is None else f"{settings.rollout_depth} actions",
        thresholds=", ".join(f"{v.value} {t:.2f}" for v, t in reversed(THRESHOLDS)),
        colours=[(v.value, COLOURS[v]) for v in Verdict],
        image=image,
        seats=[
            (seat, ", ".join(_count(len(seat.marked(v)), v) for v in reversed(Verdict)))
            for seat in analysis.seats
        ],
    )


def write(analysis: GameAnalysis, out: Path) -> Path:
    """Write ``analysis.json``, ``curve.png`` and ``index.html`` into the folder ``out``
    (created if need be); the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    (out / DATA).write_text(json.dumps(analysis.to_dict(), indent=1) + "\n", encoding="utf-8")
    plot(analysis, out / PLOT)
    path = out / PAGE
    path.write_text(page(analysis), encoding="utf-8")
    return path
