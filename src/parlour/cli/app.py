"""The ``parlour`` command: list games, play one in the terminal, replay a saved one."""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import game_names, load
from ..bots import is_agent
from ..bots import make as make_bot
from ..bots import names as bot_names
from ..core import GameError, Record
from . import play as playing
from . import replay as replaying
from .admin import admin_app
from .agent import agent_app
from .analyze import analyze
from .cards import cards
from .common import EXIT_ERROR, EXIT_USAGE, fail
from .simulate import report, simulate
from .terminal import foreground
from .tournament import tournament

__all__ = ["app", "main"]

app = typer.Typer(
    name="parlour",
    help="Play, watch and replay card games in the terminal, and pit bots against each other "
    "(`parlour games` lists the games).",
    no_args_is_help=True,
    add_completion=False,
    # Plain help: Rich's panels show every flag as taking a <bool> value.
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def show_version(value: bool) -> None:
    """Print the installed version and exit, for ``--version``."""
    if value:
        typer.echo(f"parlour {version('parlour')}")
        raise typer.Exit()


@app.callback()
def main_options(
    _version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=show_version,
            is_eager=True,
            help="Show the version and exit.",
        ),
    ] = False,
) -> None:
    """The options before any command: ``--version``."""


@app.command()
def games() -> None:
    """List the games: names and aliases (never cut: people type them), titles, player
    counts, then each game's options."""
    table = Table(title="Games", title_justify="left")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("also", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="center", no_wrap=True)
    for name in game_names():
        game = load(name)
        table.add_row(
            name,
            "\n".join(game.aliases),
            game.title,
            f"{game.min_players}-{game.max_players}",
        )
    console = Console()
    console.print(table)
    for name in game_names():
        game = load(name)
        if not game.options:
            console.print(Text(f"{game.title} ({name}) has no options.", style="dim"))
            continue
        options = Table(
            title=f"Options of {game.title} ({name}): -o KEY=VALUE",
            title_justify="left",
            box=None,
            padding=(0, 2, 0, 0),
        )
        options.add_column("option", style="bold", no_wrap=True)
        options.add_column("default", no_wrap=True)
        options.add_column("what it does")
        for option in game.options.values():
            options.add_row(option.name, json.dumps(option.default), option.help)
        console.print(options)


@app.command()
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="The game, by name or alias (see `parlour games`); left out with --resume.",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            help="Seats at the table (default: one for each name in a --bots list, plus "
            "yours; else 4).",
        ),
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat, from 0.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot for every other seat, or a comma-separated list with one bot for "
            "each other seat in seat order (hard,medium,easy); settings after colons as in "
            f"tournaments (ismcts:iterations=10). Bots: {', '.join(bot_names())}.",
        ),
    ] = "medium",
    seed: Annotated[
        int | None, typer.Option(help="The game's seed (default: a random one, printed).")
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Bots play every seat; you watch as a spectator.")
    ] = False,
    delay: Annotated[
        float, typer.Option(min=0, help="Seconds to pause after each bot's move.")
    ] = 0.5,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Where to write the record (default: games/<game>-<time>-seed<N>.json; "
            "with --resume, the file resumed)."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="A game option as key=value (a JSON value); repeatable.",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Go on with a saved, unfinished game from its record; seats and bots as "
            "this command line says."
        ),
    ] = None,
    auto_pass: Annotated[
        bool,
        typer.Option(
            "--auto-pass/--no-auto-pass",
            help="Play your lone passes (pass the only legal action) without asking, as the "
            "browser does; --no-auto-pass asks for each.",
        ),
    ] = True,
    pass_others: Annotated[
        bool,
        typer.Option(
            "--pass-others/--no-pass-others",
            help="On other players' turns, pass for you unless you can negate the card played "
            "or must answer (a discard, a choice); each pass said in the log.",
        ),
    ] = False,
) -> None:
    """Play a whole game in the terminal against bots (or watch bots play it)."""
    try:
        if resume is not None:
            state, chosen = playing.resume(resume, game, players, option or [], seed)
            players, seed = state.players, state.seed
        else:
            if game is None:
                raise GameError("say which game to play (see `parlour games`), or --resume FILE")
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
        if resume is None:
            state = chosen.new_game(players, seed, **options)
        if human is not None and not 0 <= human < players:
            raise GameError(f"--seat must be a seat from 0 to {players - 1}, not {human}")
        seats = playing.lineup(bots, players, human, seed)
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    path = save or resume or playing.default_save_path(chosen.name, seed)
    # Find out now, not after the game, whether the record can be written where asked.
    try:
        playing.save(state, path)
    except OSError as error:
        fail(
            f"cannot save the game to {str(path)!r}: {error.strerror or error}; "
            "choose another --save",
            EXIT_USAGE,
        )
    console = Console()
    console.print(
        Text.assemble(
            (f"{chosen.title}", "bold"),
            f", {players} players, seed {seed} (to deal this game again: --seed {seed})",
        ),
        highlight=False,
    )
    if resume is not None:
        console.print(f"Resuming {resume} after {state.move_number} actions", highlight=False)
    console.print(playing.describe_lineup(seats), highlight=False)
    if human is not None:
        console.print("At your turn, ? shows the legend and help NAME describes a card.")
    with foreground():
        outcome = playing.run(console, state, seats, human, delay, auto_pass, pass_others)
    try:
        where, why = playing.save_somewhere(state, path)
    except OSError as error:
        fail(f"cannot save the game to {str(path)!r} or anywhere else: {error.strerror}")
    if why is not None:
        Console(stderr=True, soft_wrap=True).print(
            Text(f"error: {why}; saved to {where} instead"), highlight=False
        )
    done = len(state.record()["actions"])
    if outcome == "over":
        console.print(f"Game saved to {where}", highlight=False, soft_wrap=True)
    else:
        if outcome != "quit":
            console.line()  # the prompt (or a live table) was left mid-line
        console.print(
            f"Game stopped after {done} actions; saved to {where} "
            f"(go on with: parlour play --resume {where})",
            highlight=False,
            soft_wrap=True,
        )
    if outcome == "interrupt":
        raise typer.Exit(130)
    if outcome == "eof" or why is not None:
        raise typer.Exit(EXIT_ERROR)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A saved game (JSON record).")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", "-s", help="Whose view to show (default: a spectator's)."),
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--no-step",
            help="Wait for a key before each action: Enter for the next, b to go back, a "
            "number to jump to that move, r N to round N, t N to trick N, h to show every "
            "hand, q to quit (default: when input is a terminal).",
        ),
    ] = None,
    hands: Annotated[
        bool | None,
        typer.Option(
            "--hands/--no-hands",
            help="Show every seat's hand after each view; only for a game that is over "
            "(default: for a spectator of a finished game).",
        ),
    ] = None,
) -> None:
    """Step through a saved game: the events and the view after each action."""
    try:
        record = Record.read(file)
        replaying.check(record, seat)
    except GameError as error:
        fail(str(error))
    replaying.run(
        Console(),
        record,
        seat,
        sys.stdin.isatty() if step is None else step,
        seat is None if hands is None else hands,
    )


app.command()(tournament)
app.command()(simulate)
app.command()(report)
app.command()(cards)

# Post-game analysis (parlour.analysis): a coach after the game.
app.command()(analyze)

# `parlour agent join|show`: programs and language models as players (docs/agents.md).
app.add_typer(agent_app, name="agent")
# `parlour admin tables|accounts|chat|reports|retention`: an operator's tools (docs/server.md).
app.add_typer(admin_app, name="admin")


# Each option of ``serve`` may also come from the environment as PARLOUR_<NAME> (the flag
# wins; parlour/server/config.py): its default is None here so that an absent flag leaves
# the environment's value, or the settings' default, in place.
@app.command()
def serve(
    host: Annotated[
        str | None,
        typer.Option(
            help="Address to listen on (0.0.0.0: every network interface); default 127.0.0.1."
        ),
    ] = None,
    port: Annotated[
        int | None, typer.Option(help="Port to listen on; default 8000.", min=1, max=65535)
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///file.db (the default: sqlite:///parlour.db) or "
            "postgresql+psycopg://...; better in PARLOUR_DATABASE_URL when it holds a "
            "password, since every local user sees a command line."
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(help="Processes in which bots think (per server process); default 2.", min=1),
    ] = None,
    processes: Annotated[
        int | None,
        typer.Option(
            help="Server processes sharing the port; above 1 needs PostgreSQL (docs/server.md).",
            min=1,
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before moving; default 0.6.", min=0.0)
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another site whose pages may use this server (repeatable; * for any). "
            "By default only the server's own pages may."
        ),
    ] = None,
    message_rate: Annotated[
        float | None,
        typer.Option(help="Messages a connection may send a second; default 20.", min=0.1),
    ] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            help="An agent tables may seat as a bot: cmd:COMMAND or llm:base=URL:model=NAME "
            "(repeatable; docs/agents.md)."
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Addresses of the proxies whose X-Forwarded-For and X-Forwarded-Proto are "
            "believed (comma-separated, * for any); by default 127.0.0.1 and ::1 "
            "(docs/server.md, 'Behind a TLS proxy')."
        ),
    ] = None,
    metrics_allow: Annotated[
        list[str] | None,
        typer.Option(
            help="An address or network (CIDR) that may read /metrics (repeatable); by "
            "default 127.0.0.1 and ::1. Behind a proxy, the client address it forwards."
        ),
    ] = None,
    log_format: Annotated[
        str | None,
        typer.Option(
            help="How log lines are written: text, or json (one object a line); default text."
        ),
    ] = None,
    close_idle_days: Annotated[
        float | None,
        typer.Option(
            help="Stop unfinished tables nobody touched for this many days (default: never; "
            "docs/server.md, 'Retention').",
            min=0.0,
        ),
    ] = None,
    delete_guest_games_days: Annotated[
        float | None,
        typer.Option(
            help="Delete finished games without an account's seat after this many days "
            "(default: never); accounts' games are kept.",
            min=0.0,
        ),
    ] = None,
    connections_per_address: Annotated[
        int | None,
        typer.Option(
            help="WebSocket connections one address may hold open, seats and spectators "
            "together (0: no limit; docs/server.md, 'Limits').",
            min=0,
        ),
    ] = None,
    spectators_per_table: Annotated[
        int | None, typer.Option(help="Spectators one table takes (0: no limit).", min=0)
    ] = None,
    tables_per_minute: Annotated[
        float | None,
        typer.Option(
            help="Tables one address, or one account, may open a minute (0: no limit).", min=0
        ),
    ] = None,
    bot_tables_per_address: Annotated[
        int | None,
        typer.Option(
            help="Unfinished tables of bots alone one address may open (0: no limit).", min=0
        ),
    ] = None,
    bot_tables: Annotated[
        int | None,
        typer.Option(help="Unfinished tables of bots alone in all (0: no limit).", min=0),
    ] = None,
) -> None:
    """Serve the games in the browser: lobby, tables with bots and friends, replays. Every
    option may instead be set in the environment: PARLOUR_HOST, PARLOUR_PORT,
    PARLOUR_DATABASE_URL, PARLOUR_WORKERS, ... (docs/server.md, "Configuration")."""
    # The web stack and the settings load only for this command.
    from pydantic import ValidationError

    from ..server import serve as serving
    from ..server.config import ENV_PREFIX, ServeSettings

    flags: dict[str, Any] = {
        "host": host,
        "port": port,
        "database_url": db,
        "workers": workers,
        "processes": processes,
        "bot_delay": bot_delay,
        "allow_origin": allow_origin or None,
        "message_rate": message_rate,
        "agent": agent or None,
        "forwarded_allow_ips": forwarded_allow_ips,
        "metrics_allow": metrics_allow or None,
        "log_format": log_format,
        "close_idle_days": close_idle_days,
        "delete_guest_games_days": delete_guest_games_days,
        "connections_per_address": connections_per_address,
        "spectators_per_table": spectators_per_table,
        "tables_per_minute": tables_per_minute,
        "bot_tables_per_address": bot_tables_per_address,
        "bot_tables": bot_tables,
    }
    try:
        config = ServeSettings(
            **{name: value for name, value in flags.items() if value is not None}
        )
    except ValidationError as error:
        # Flags were checked by their options, so a wrong value came from the environment.
        wrong = "; ".join(
            f"{ENV_PREFIX}{'_'.join(map(str, problem['loc'])).upper()}: {problem['msg']}"
            for problem in error.errors()
        )
        fail(f"a setting in the environment is wrong: {wrong}", EXIT_USAGE)
    agents = [spec.strip() for spec in config.agent]
    for spec in agents:
        try:
            if not is_agent(spec):
                raise GameError(f"--agent takes cmd:COMMAND or llm:base=URL:model=NAME: {spec!r}")
            make_bot(spec)
        except GameError as error:
            fail(str(error), EXIT_USAGE)
    serving(config.model_copy(update={"agent": tuple(agents)}))


def main() -> None:
    """Run the ``parlour`` command."""
    app()
