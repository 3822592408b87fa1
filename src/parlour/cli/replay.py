"""Replaying a saved game: each action's events and the view after it, as one seat saw them.

Stepping, the replay also goes back and jumps to a move, a round or a trick; the game is
rebuilt from its record for each jump, so any position is exactly as it was played.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from ..core import GameError, Record, State, replay
from .common import final_table, print_events
from .views import render_hand, render_summary, render_view, seat_name

__all__ = ["KEYS", "check", "run", "target"]

KEYS = "Enter next, b back, N or m N move, r N round, t N trick, h hands, q quit: "


def check(record: Record, seat: int | None) -> None:
    """``GameError`` unless the whole record replays and ``seat`` is one of its seats."""
    replay(record)
    if seat is not None and not 0 <= seat < record.players:
        raise GameError(f"--seat must be a seat from 0 to {record.players - 1}, not {seat}")


def every_hand(state: State) -> RenderableType:
    """Every seat's hand, for a game that is over and so has nothing left to hide."""
    parts: list[RenderableType] = [Text("Every hand:", style="bold")]
    for seat in range(state.players):
        cards = state.view(seat).get("hand", [])
        parts += [Text(f"{seat_name(seat)}:"), render_hand(state.game.name, cards)]
    return Group(*parts)


def target(entry: str, position: int, marks: Sequence[tuple[int, int | None]]) -> int:
    """The move number a jump entry goes to (``b``, ``N``, ``m N``, ``r N``, ``t N``), given
    the position now and each position's (round, trick); ``GameError`` saying why not."""
    word, _, number = entry.partition(" ")
    if word == "b":
        if position == 0:
            raise GameError("this is the start; there is nothing before it")
        return position - 1
    if word.isdigit() and not number:
        word, number = "m", word
    if word not in ("m", "r", "t") or not number.strip().isdigit():
        raise GameError(f"{entry!r} is not a replay key; keys: {KEYS.rstrip(': ')}")
    wanted = int(number)
    last = len(marks) - 1
    if word == "m":
        if wanted > last:
            raise GameError(f"there is no move {wanted}; the game has {last}")
        return wanted
    if word == "r":
        found = [p for p, (round_, _) in enumerate(marks) if round_ == wanted]
        if not found:
            raise GameError(f"there is no round {wanted} in this game")
        return found[0]
    if marks[position][1] is None:
        raise GameError("this game has no tricks; jump by move or round")
    this_round = marks[position][0]
    found = [p for p, (r, trick) in enumerate(marks) if r == this_round and trick == wanted]
    if not found:
        raise GameError(f"there is no trick {wanted} in round {this_round}")
    return found[0]


def _marks(record: Record, seat: int | None) -> list[tuple[int, int | None]]:
    """Each position's round and trick (``None`` for games without tricks), from the views."""
    state = record.start()
    marks = []
    for text in (None, *record.actions):
        if text is not None:
            state.apply(text)
        view = state.view(seat)
        marks.append((int(view.get("round", 0)), view.get("trick_number")))
    return marks


def run(
    console: Console, record: Record, seat: int | None, step: bool, hands: bool = False
) -> None:
    """Show the record action by action as ``seat`` saw it; when ``step``, wait for a key
    before each action, and go back or jump on request.

    Other seats' action texts are not shown (in some games they name hidden cards): only
    their events, redacted for ``seat``, and the view after them. With ``hands`` (only for a
    game that is over) every seat's hand is shown after each view.
    """
    state = record.start()
    names = [seat_name(s, {"seat": seat}) for s in range(record.players)]
    total = len(record.actions)
    over = total > 0 and replay(record).is_over
    hands = hands and over
    who = "a spectator" if seat is None else seat_name(seat)
    console.print(
        Text.assemble(
            (state.game.title, "bold"),
            f", {record.players} players, seed {record.seed}, {total} actions, seen by {who}",
        ),
        highlight=False,
    )

    def show(state: State) -> None:
        console.print(render_view(state.view(seat)))
        if hands:
            console.print(every_hand(state))

    def advance(state: State) -> None:
        number = state.move_number + 1
        text = record.actions[number - 1]
        mover = state.current_player
        heading = (
            f"{number}/{total}: {seat_name(mover)}" if mover is not None else f"{number}/{total}"
        )
        console.print(Rule(heading + (f": {text}" if mover == seat else ""), align="left"))
        before = state.view(seat)
        events = state.apply(text)
        after = state.view(seat)
        print_events(console, events, seat, names, after)
        shown = render_summary(before, after)
        if shown is not None:
            console.print(shown)
        show(state)
        if state.is_over:
            console.print(final_table(state))

    show(state)
    if not step:
        while state.move_number < total:
            advance(state)
        return
    marks: list[tuple[int, int | None]] | None = None
    while True:
        try:
            entry = " ".join(console.input(Text(KEYS)).lower().split())
        except (EOFError, KeyboardInterrupt):
            console.line()
            return
        if entry in ("q", "quit"):
            return
        if not entry:
            if state.move_number == total:
                console.print("That was the last action; b goes back, q quits.")
            else:
                advance(state)
        elif entry == "h":
            if not over:
                console.print("The game is not over, so the other hands stay hidden.")
                continue
            hands = not hands
            show(state)
        else:
            if marks is None:
                marks = _marks(record, seat)
            try:
                position = target(entry, state.move_number, marks)
            except GameError as error:
                console.print(Text(str(error), style="red"), highlight=False)
                continue
            state = replay(record, upto=position)
            console.print(Rule(f"at move {position}/{total}", align="left"))
            show(state)
