"""The ``parlour`` command: list games, play one in the terminal, replay a saved one."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import game_names, load
from ..bots import names as bot_names
from ..core import GameError, Record
from . import play as playing
from . import replay as replaying
from .common import EXIT_ERROR, EXIT_USAGE, fail
from .tournament import tournament

__all__ = ["app", "main"]

app = typer.Typer(
    name="parlour",
    help="Play, watch and replay Fearless, Citadels and Fool's Blade in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def games() -> None:
    """List the games with their titles, player counts and options."""
    table = Table(title="Games")
    table.add_column("name", style="bold")
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("options (default): help")
    for name in game_names():
        game = load(name)
        options = "\n".join(
            f"{option.name} ({json.dumps(option.default)}): {option.help}"
            for option in game.options.values()
        )
        table.add_row(name, game.title, f"{game.min_players}-{game.max_players}", options or "none")
    Console().print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game, by name or alias (see `parlour games`).")],
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-n", help="Seats at the table (default: one a --bots name, else 4)."
        ),
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat, from 0.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot for every other seat, or one per seat in order: hard,medium,easy. "
            f"Bots: {', '.join(bot_names())}.",
        ),
    ] = "medium",
    seed: Annotated[
        int | None, typer.Option(help="The game's seed (default: a random one, printed).")
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Bots play every seat; you watch as a spectator.")
    ] = False,
    delay: Annotated[float, typer.Option(help="Seconds to pause after each bot's move.")] = 0.5,
    save: Annotated[
        Path | None,
        typer.Option(help="Where to write the record (default: games/<game>-<time>-seed<N>.json)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (JSON value); repeatable."),
    ] = None,
) -> None:
    """Play a whole game in the terminal against bots (or watch bots play it)."""
    try:
        chosen = load(game)
        options = playing.parse_options(option or [])
        names = playing.bot_names(bots)
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    if players is None:
        wanted = len(names) + (0 if watch else 1) if len(names) > 1 else 4
        players = min(max(wanted, chosen.min_players), chosen.max_players)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    human = None if watch else seat
    try:
        state = chosen.new_game(players, seed, **options)
        if human is not None and not 0 <= human < players:
            raise GameError(f"--seat must be a seat from 0 to {players - 1}, not {human}")
        seats = playing.lineup(bots, players, human, seed)
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    console = Console()
    console.print(
        Text.assemble(
            (f"{chosen.title}", "bold"),
            f", {players} players, seed {seed} (to deal this game again: --seed {seed})",
        ),
        highlight=False,
    )
    console.print(playing.describe_lineup(seats), highlight=False)
    outcome = playing.run(console, state, seats, human, delay)
    path = save or playing.default_save_path(chosen.name, seed)
    try:
        playing.save(state, path)
    except OSError as error:
        fail(f"cannot save the game to {str(path)!r}: {error.strerror}")
    done = len(state.record()["actions"])
    if outcome == "over":
        console.print(f"Game saved to {path}", highlight=False, soft_wrap=True)
        return
    if outcome != "quit":
        console.line()  # the prompt (or a live table) was left mid-line
    console.print(
        f"Game stopped after {done} actions; saved to {path}", highlight=False, soft_wrap=True
    )
    if outcome == "interrupt":
        raise typer.Exit(130)
    if outcome == "eof":
        raise typer.Exit(EXIT_ERROR)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A saved game (JSON record).")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", "-s", help="Whose view to show (default: a spectator's)."),
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--no-step",
            help="Wait for Enter after each action (default: when input is a terminal).",
        ),
    ] = None,
) -> None:
    """Step through a saved game: the events and the view after each action."""
    try:
        record = Record.read(file)
        replaying.check(record, seat)
    except GameError as error:
        fail(str(error))
    replaying.run(Console(), record, seat, sys.stdin.isatty() if step is None else step)


app.command()(tournament)


@app.command()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: every network interface).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///file.db or postgresql+psycopg://...")
    ] = "sqlite:///parlour.db",
    workers: Annotated[int, typer.Option(help="Processes in which bots think.")] = 2,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before moving.")] = 0.6,
) -> None:
    """Serve the games in the browser: lobby, tables with bots and friends, replays."""
    from ..server import serve as serving  # the web stack loads only for this command

    serving(host, port, db, workers, bot_delay)


def main() -> None:
    """Run the ``parlour`` command."""
    app()
