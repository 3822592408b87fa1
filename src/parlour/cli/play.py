"""Playing a game in the terminal: seats for the human and the bots, the prompt, saving."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.live import Live
from rich.text import Text

from .. import bots
from ..core import GameError, IllegalAction, State, derive_seed
from .common import final_table, print_events
from .views import render_summary, render_view

__all__ = [
    "Outcome",
    "Seat",
    "choose",
    "default_save_path",
    "describe_lineup",
    "lineup",
    "parse_options",
    "run",
    "save",
]

QUIT = ("q", "quit")


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: the human (``bot`` is ``None``) or a bot made by name."""

    label: str
    bot: bots.Bot | None = None


# How play stopped: the game ended, the human typed q, input ended, or Ctrl-C.
Outcome = Literal["over", "quit", "eof", "interrupt"]


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``key=value`` texts as game options, each value read as JSON where it parses, else text."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise GameError(f"an option must be written key=value, not {item!r}")
        try:
            options[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            options[key.strip()] = raw
    return options


def bot_names(spec: str) -> list[str]:
    """The bot names of a ``--bots`` text: comma-separated, none empty."""
    names = [name.strip() for name in spec.split(",")]
    if not all(names):
        raise GameError(f"--bots must be bot names separated by commas, not {spec!r}")
    return names


def lineup(spec: str, players: int, human: int | None, seed: int) -> list[Seat]:
    """The seats of a game: the human at ``human`` (``None``: bots everywhere), bots elsewhere.

    ``spec`` names one bot for every bot seat or one per bot seat in seat order; each bot
    gets its own seed derived from the game's seed and its seat.
    """
    names = bot_names(spec)
    bot_seats = [seat for seat in range(players) if seat != human]
    if len(names) == 1:
        names *= len(bot_seats)
    elif len(names) != len(bot_seats):
        raise GameError(
            f"--bots names {len(names)} bots, but {len(bot_seats)} seats need one: give one "
            f"name for all or one per {'seat' if human is None else 'other seat'}"
        )
    seats = [Seat("you")] * players
    for seat, name in zip(bot_seats, names, strict=True):
        bot = bots.make(name, seed=derive_seed(seed, "bot", seat))
        seats[seat] = Seat(name.strip().lower(), bot)
    return seats


def default_save_path(game: str, seed: int, now: float | None = None) -> Path:
    """Where a game is saved unless ``--save`` says: ``games/<game>-<time>-seed<seed>.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return Path("games") / f"{game}-{stamp}-seed{seed}.json"


def save(state: State, path: Path) -> None:
    """Write the game's record as JSON to ``path``, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")


def choose(state: State, entry: str, legal: Sequence[str]) -> str:
    """The action an entry picks (a number from 1, a text, or a text without its verb), else
    ``IllegalAction`` saying why."""
    entry = " ".join(entry.lower().split())
    if entry.isdigit():
        number = int(entry)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(f"there is no choice {number}; choose 1 to {len(legal)}", legal)
    if entry in legal:
        return entry
    same_args = [text for text in legal if text.partition(" ")[2] == entry]
    if len(same_args) == 1:
        return same_args[0]
    # The game explains best why a text is illegal (wrong suit, not your card, ...); when every
    # legal action has the same verb, an entry without it is read with it, as it would be if legal.
    verbs = {text.partition(" ")[0] for text in legal}
    if len(verbs) == 1 and not entry.startswith(f"{next(iter(verbs))} "):
        entry = f"{next(iter(verbs))} {entry}"
    return state.resolve(entry).text


def numbered(legal: Sequence[str]) -> RenderableType:
    """The legal actions as a numbered list in columns."""
    items = [Text.assemble((f"{n:>2} ", "bold cyan"), text) for n, text in enumerate(legal, 1)]
    return Columns(items, padding=(0, 3))


def ask(console: Console, state: State, seat: int) -> str | None:
    """The human's action text, asked until an entry picks a legal one; ``None`` for q."""
    view = state.view(seat)
    legal = list(view["legal_actions"])
    console.print(render_view(view))
    console.print(numbered(legal))
    while True:
        entry = console.input(Text("Your move (number or action, q to save and quit): "))
        if entry.strip().lower() in QUIT and entry.strip().lower() not in legal:
            return None
        if not entry.strip():
            continue
        try:
            return choose(state, entry, legal)
        except IllegalAction as error:
            console.print(
                Text(f"Not legal: {error.why}.", style="red"), highlight=False, soft_wrap=True
            )


def run(
    console: Console, state: State, seats: Sequence[Seat], human: int | None, delay: float
) -> Outcome:
    """Play until the game ends or the human stops, as ``human`` (None: a spectator) sees it."""
    names = [f"Player {s} (you)" if s == human else f"Player {s}" for s in range(len(seats))]
    before = state.view(human)
    # A spectator sees the table redrawn in place (events scroll above it); the human sees
    # it before each of their moves instead, as a live display would fight the prompt.
    live = None
    if human is None:
        live = Live(render_view(before), console=console, auto_refresh=False, transient=True)
    try:
        if live is not None:
            live.start()
        while not state.is_over:
            mover = state.current_player
            assert mover is not None  # a game that is not over always has a seat to move
            bot = seats[mover].bot
            if bot is None:
                text = ask(console, state, mover)
                if text is None:
                    return "quit"
                events = state.apply(text)
            elif live is None:
                # A search bot can think for a second; say who is thinking meanwhile.
                with console.status(f"Player {mover} ({seats[mover].label}) is thinking"):
                    events = state.apply(bot.choose(state))
            else:
                events = state.apply(bot.choose(state))
            print_events(console, events, human, names)
            after = state.view(human)
            shown = render_summary(before, after)
            if shown is not None:
                console.print(shown)
            before = after
            if live is not None:
                live.update(render_view(after), refresh=True)
            if bot is not None and delay > 0:
                time.sleep(delay)
    except KeyboardInterrupt:
        return "interrupt"
    except EOFError:
        return "eof"
    finally:
        if live is not None:
            live.stop()
    console.print(render_view(state.view(human)))
    console.print(final_table(state, [seat.label for seat in seats]))
    return "over"


def describe_lineup(seats: Sequence[Seat]) -> Text:
    """Who sits where, on one line."""
    return Text(" · ".join(f"Player {n}: {seat.label}" for n, seat in enumerate(seats)))
