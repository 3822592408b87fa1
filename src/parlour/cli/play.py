"""Playing a game in the terminal: seats for the human and the bots, the prompt, saving."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.live import Live
from rich.text import Text

from .. import bots, load
from ..agents.parse import match_action
from ..bots.lineup import parse_bots, split_lineup
from ..core import Game, GameError, IllegalAction, Record, State, derive_seed, replay
from .common import final_table, print_events
from .views import describe, legend, pass_reason, render_summary, render_view, seat_name

__all__ = [
    "Outcome",
    "Seat",
    "choose",
    "default_save_path",
    "describe_lineup",
    "fallback_paths",
    "lineup",
    "parse_options",
    "resume",
    "run",
    "save",
    "save_somewhere",
]

QUIT = ("q", "quit")
PASS = "pass"  # the action text a lone pass has in every game
HELP = ("?", "help")
PASS_OTHERS_TIP = (
    "Tip: on other players' turns you are asked whether to answer; with --pass-others you "
    "are asked only when you can negate or must answer."
)


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
    """The bots of a ``--bots`` text, each a name with settings after colons; none empty."""
    names = [name.strip() for name in split_lineup(spec)]
    if not all(names):
        raise GameError(f"--bots must be bot names separated by commas, not {spec!r}")
    return names


def lineup(spec: str, players: int, human: int | None, seed: int) -> list[Seat]:
    """The seats of a game: the human at ``human`` (``None``: bots everywhere), bots elsewhere.

    ``spec`` names one bot for every bot seat or one per bot seat in seat order, each with
    settings after colons as in tournaments (``ismcts:iterations=10``); each bot gets its own
    seed derived from the game's seed and its seat.
    """
    names = [name if bots.is_agent(name) else name.lower() for name in bot_names(spec)]
    specs = parse_bots(",".join(names))
    bot_seats = [seat for seat in range(players) if seat != human]
    if len(specs) == 1:
        specs *= len(bot_seats)
    elif len(specs) != len(bot_seats):
        raise GameError(
            f"--bots names {len(specs)} bots, but {len(bot_seats)} seats need one: give one "
            f"name for all or one per {'seat' if human is None else 'other seat'}"
        )
    seats = [Seat("you")] * players
    for seat, bot in zip(bot_seats, specs, strict=True):
        made = bots.make(bot.name, seed=derive_seed(seed, "bot", seat), **bot.settings)
        seats[seat] = Seat(bot.label, made)
    return seats


def default_save_path(game: str, seed: int, now: float | None = None) -> Path:
    """Where a game is saved unless ``--save`` says: ``games/<game>-<time>-seed<seed>.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return Path("games") / f"{game}-{stamp}-seed{seed}.json"


def fallback_paths(path: Path) -> list[Path]:
    """Where a record goes when ``path`` cannot be written: the home folder, then temp."""
    return [
        Path.home() / ".parlour" / "games" / path.name,
        Path(tempfile.gettempdir()) / "parlour" / path.name,
    ]


def save(state: State, path: Path) -> None:
    """Write the game's record as JSON to ``path``, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")


def save_somewhere(state: State, path: Path) -> tuple[Path, str | None]:
    """Save to ``path``, else to the first fallback that works: where it went, and why
    ``path`` failed (``None`` when it did not). ``OSError`` when nowhere works."""
    try:
        save(state, path)
    except OSError as error:
        why = f"cannot save the game to {str(path)!r}: {error.strerror or error}"
        for other in fallback_paths(path):
            try:
                save(state, other)
            except OSError:
                continue
            return other, why
        raise
    return path, None


def resume(
    path: Path, game: str | None, players: int | None, options: Sequence[str], seed: int | None
) -> tuple[State, Game]:
    """The state a saved, unfinished game reached, and its game; ``GameError`` when the file
    is not such a record or the command line asks for another game, table or deal."""
    record = Record.read(path)
    state = replay(record)
    chosen = load(record.game)
    if state.is_over:
        raise GameError(f"the game in {str(path)!r} is over; see it with: parlour replay {path}")
    asked = [
        ("game", game is not None and load(game).name != chosen.name, game),
        ("--players", players is not None and players != record.players, players),
        ("--seed", seed is not None and seed != record.seed, seed),
        ("--option", bool(options), " ".join(options)),
    ]
    for what, differs, value in asked:
        if differs:
            raise GameError(
                f"{what} {value} differs from the saved game in {str(path)!r}, which goes on "
                "as it was dealt"
            )
    return state, chosen


def choose(state: State, entry: str, legal: Sequence[str]) -> str:
    """The action an entry picks (a number from 1, a text, a text without its verb, a card's
    name for its id), else ``IllegalAction`` saying why, about the entry as typed."""
    return match_action(entry, legal, state=state)


def numbered(legal: Sequence[str]) -> RenderableType:
    """The legal actions as a numbered list in columns."""
    items = [Text.assemble((f"{n:>2} ", "bold cyan"), text) for n, text in enumerate(legal, 1)]
    return Columns(items, padding=(0, 3))


def prompt_text(legal: Sequence[str]) -> str:
    """The prompt: what an entry may be, and what Enter alone does when one move is legal."""
    if len(legal) == 1:
        return f"Your move (Enter: {legal[0]}; ? for help, q to save and quit): "
    return "Your move (number or action, ? for help, q to save and quit): "


def help_for(state: State, topic: str) -> RenderableType:
    """What ``help`` (the legend) or ``help NAME`` (a card, character or district) shows."""
    if not topic:
        return legend(state.game.name)
    found = describe(state.game.name, topic, state.view(None))
    if found is not None:
        return found
    return Text(
        f"Nothing in {state.game.title} is called {topic!r}; "
        "type ? alone for the legend and the names it knows.",
        style="red",
    )


def ask(console: Console, state: State, seat: int) -> str | None:
    """The human's action text, asked until an entry picks a legal one; ``None`` for q."""
    view = state.view(seat)
    legal: list[str] = list(view["legal_actions"])
    console.print(render_view(view))
    console.print(numbered(legal))
    while True:
        entry = console.input(Text(prompt_text(legal)))
        lowered = " ".join(entry.lower().split())
        if lowered in legal:
            return lowered
        if lowered in QUIT:
            return None
        word, _, topic = lowered.partition(" ")
        if word in HELP:
            console.print(help_for(state, topic))
            continue
        if not lowered:
            # Enter alone plays the move when it is the only one; otherwise it asks again.
            if len(legal) == 1:
                return legal[0]
            continue
        try:
            return choose(state, entry, legal)
        except IllegalAction as error:
            console.print(
                Text(f"Not legal: {error.why}.", style="red"), highlight=False, soft_wrap=True
            )
            # The list may have scrolled away above the table: show what is legal again.
            console.print(numbered(legal))


def run(
    console: Console,
    state: State,
    seats: Sequence[Seat],
    human: int | None,
    delay: float,
    auto_pass: bool = True,
    pass_others: bool = False,
) -> Outcome:
    """Play until the game ends or the human stops, as ``human`` (None: a spectator) sees it;
    with ``auto_pass`` the human's lone passes (`pass` the only legal action) are played
    without asking, as the browser does, and said in the log; with ``pass_others`` also
    every pass on another player's turn that the game's ``pass_reason`` allows (nothing to
    negate, nothing the human must answer)."""
    names = [seat_name(s, {"seat": human}) for s in range(len(seats))]
    before = state.view(human)
    hinted = False  # whether the tip about --pass-others was shown
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
                why = pass_reason(state.view(mover))
                if auto_pass and [a.text for a in state.legal_actions()] == [PASS]:
                    console.print(Text("You pass (nothing else is legal).", style="dim"))
                    text: str | None = PASS
                elif why is not None and pass_others:
                    console.print(Text(f"You pass ({why}).", style="dim"), highlight=False)
                    text = PASS
                else:
                    if why is not None and not hinted:
                        # Said once: a first game asks many such questions, mostly "pass".
                        console.print(Text(PASS_OTHERS_TIP, style="dim"), highlight=False)
                        hinted = True
                    text = ask(console, state, mover)
                if text is None:
                    return "quit"
                events = state.apply(text)
            elif live is None:
                # A search bot can think for a second; say who is thinking meanwhile.
                with console.status(f"{seat_name(mover)} ({seats[mover].label}) is thinking"):
                    events = state.apply(bot.choose(state))
            else:
                events = state.apply(bot.choose(state))
            after = state.view(human)
            print_events(console, events, human, names, after)
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
    return Text(" · ".join(f"{seat_name(n)}: {seat.label}" for n, seat in enumerate(seats)))
