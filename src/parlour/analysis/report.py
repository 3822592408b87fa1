"""What an analysis is shown as: the curve of estimated winning chances (a PNG drawn with
matplotlib's Agg backend) and an HTML page of the moves, written to one folder."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from .game import GameAnalysis, SeatAnalysis
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
        ax.plot(moves, chances, color=colour, linewidth=1.4, label=f"Player {seat.seat}")
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


def _seat_section(seat: SeatAnalysis) -> str:
    """A seat's summary and its table of decisions."""
    counts = ", ".join(_count(len(seat.marked(v)), v) for v in reversed(Verdict))
    result = "" if seat.result is None else f"; result {seat.result:.2f}"
    rows = []
    for d in seat.decisions:
        verdict = d.verdict
        mark = (
            ""
            if verdict is None
            else f'<span class="mark {verdict.value}">{verdict.symbol} {verdict.value}</span>'
        )
        # A move within a point of the best is as good as it, as far as the estimate goes.
        better = "" if d.loss < 0.01 else f"{escape(d.best)} ({_pct(d.values[d.best])})"
        others = ", ".join(f"{escape(a)} {_pct(v)}" for a, v in d.values.items())
        rows.append(
            f'<tr class="{"" if verdict is None else verdict.value}"><td>{d.move}</td>'
            f"<td>{escape(d.played)}</td><td>{_pct(d.chance)}</td><td>{better}</td>"
            f"<td>{d.loss:+.2f} &plusmn; {d.error:.2f}</td><td>{mark}</td>"
            f"<td><details><summary>{len(d.values)}</summary>{others}</details></td></tr>"
        )
    return (
        f'<section id="seat-{seat.seat}"><h2>Player {seat.seat}</h2>'
        f"<p>{len(seat.decisions)} decisions with a choice: {counts}; average loss "
        f"{seat.average_loss:.3f}{result}.</p>"
        "<table><thead><tr><th>move</th><th>played</th><th>chance after</th>"
        "<th>better move (its chance)</th><th>loss &plusmn; error</th><th>mark</th>"
        "<th>every action</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></section>"
    )


def page(analysis: GameAnalysis, image: str = PLOT) -> str:
    """The HTML page of ``analysis``, showing the curve from the file ``image`` beside it."""
    record = analysis.record
    settings = analysis.settings
    depth = "the end" if settings.rollout_depth is None else f"{settings.rollout_depth} actions"
    thresholds = ", ".join(f"{v.value} {t:.2f}" for v, t in reversed(THRESHOLDS))
    style = " ".join(
        f".mark.{v.value}{{color:{COLOURS[v]}}} tr.{v.value}{{background:{COLOURS[v]}1a}}"
        for v in Verdict
    )
    title = f"{analysis.title}, seed {record.seed}: analysis"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>"
        "body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:70rem}"
        "table{border-collapse:collapse;width:100%}td,th{padding:.2rem .5rem;"
        "border-bottom:1px solid #ddd;text-align:left;vertical-align:top}"
        f".mark{{font-weight:bold}} img{{max-width:100%}} {style}</style></head><body>"
        f"<h1>{escape(title)}</h1>"
        f"<p>{record.players} players, {len(record.actions)} actions. Each decision was "
        f"judged in {settings.iterations} worlds drawn from what the seat knew then, every "
        f"legal action played out in each ({settings.rollout} playouts, cut after {depth}; "
        f"analysis seed {settings.seed}). A move is marked when it gave up at least "
        f"{thresholds} of a win against the best move, by more than twice its standard "
        "error.</p>"
        f'<img src="{escape(image)}" alt="estimated chances of winning over the game">'
        + "".join(_seat_section(seat) for seat in analysis.seats)
        + "</body></html>\n"
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
