"""Write the bot levels' starting ratings for the server: one tournament a game.

Each game is played by ``easy``, ``medium`` and ``hard`` at a table of three, in duplicate
deals (every deal once from each rotation), with ``parlour.sim.tournament``; the OpenSkill
Plackett-Luce ``mu`` and ``sigma`` it gives each level are written to
``src/parlour/server/community/bot_ratings.toml``, where a level's rating starts before its
first rated game on the server (docs/server.md, "Ratings"). The file is rewritten after
each game, keeping the games not asked for, each game's section saying what produced it.
``hard`` thinks up to a second a decision: the default (3 deals, 9 games a game) took 52
minutes for the three games on two cores shared with other work (load 8-15). Run:
``PYTHONPATH=src .venv/bin/python scripts/bot-ratings.py [--deals 3] [--jobs 2] [--seed 1]
[GAME ...]``.
"""

from __future__ import annotations

import argparse
import subprocess
import time
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from parlour import game_names, load
from parlour.bots import LEVELS
from parlour.sim import tournament

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "parlour" / "server" / "community" / "bot_ratings.toml"
PLAYERS = len(LEVELS)
HEADER = """\
# The bot levels' starting ratings on the server, per game: OpenSkill Plackett-Luce mu and
# sigma from a tournament of easy, medium and hard at a table of three (duplicate deals),
# written by scripts/bot-ratings.py; each section says how and when it was produced.
"""


def commit() -> str:
    """The checked-out commit (the code the bots played), or ``unknown``."""
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return found.stdout.strip()


def section(game: str, deals: int, jobs: int, seed: int) -> str:
    """Play the game's tournament and give its section of the file."""
    summaries = tournament.tournament(
        game, ",".join(LEVELS), deals * PLAYERS, jobs=jobs, seed=seed, players=PLAYERS
    )
    by_label = {summary.label: summary for summary in summaries}
    lines = [
        f"# {game}: scripts/bot-ratings.py --deals {deals} --jobs {jobs} --seed {seed} {game}",
        f"# on {datetime.now(UTC):%Y-%m-%d} at commit {commit()}.",
        f"[{game}]",
    ]
    for level in LEVELS:
        summary = by_label[level]
        lines += [
            f"# win share {summary.win_share:.1%} over {summary.seat_games} games",
            f"{level} = {{ mu = {summary.rating_mu:.4f}, sigma = {summary.rating_sigma:.4f} }}",
        ]
    return "\n".join(lines) + "\n"


def sections_kept() -> dict[str, str]:
    """The sections of the file as it is, by game (its text, comments included)."""
    if not OUT.exists():
        return {}
    text = OUT.read_text(encoding="utf-8")
    known = tomllib.loads(text)
    kept: dict[str, str] = {}
    for block in text.split("\n\n"):
        for game in known:
            if f"[{game}]" in block.splitlines():
                kept[game] = block.strip("\n") + "\n"
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", help="the games to play (default: every game)")
    parser.add_argument("--deals", type=int, default=3, help="deals a game (each played 3 times)")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    sections = sections_kept()
    for name in args.games or game_names():
        game = load(name).name
        sections[game] = section(game, args.deals, args.jobs, args.seed)
        ordered = [sections[known] for known in sorted(sections)]
        OUT.write_text(HEADER + "\n" + "\n".join(ordered), encoding="utf-8")
        print(f"{game}: written after {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
