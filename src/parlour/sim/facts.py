"""Per-game facts of a finished game: each game's own columns, declared on its ``Game``.

A game's ``Facts`` reads a finished state through the public contract only: its log of
events (``state.log``, unredacted, since the simulator sees the whole table) and its
spectator view. A game without an entry gets ``GENERIC``: the common columns alone, with
``rounds`` taken from the spectator view's ``"round"`` or ``"turn"`` where it has one.

A game declares its ``Facts`` on its ``Game`` (``facts="parlour.sim.games.<name>:FACTS"``),
defined in its module of ``sim/games/`` (Fearless, Citadels and Fool's Blade) and imported on
first use, so that loading a game loads no simulator. Its ``CardGroup``s say which of its
columns hold the cards a seat held, used and scored with, for the report's card table; which
events count as drawing or playing a card is each game's own reading of its log, next to its
other facts; and its section of the report (``plots`` and ``metrics``) lives with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import Action, GameError, State, load
from ..core.registry import declared
from .schema import Column

if TYPE_CHECKING:
    from .charts import Metric, Plot, Run

__all__ = [
    "GENERIC",
    "CardGroup",
    "CardInfo",
    "CardView",
    "Facts",
    "Notes",
    "columns",
    "facts_for",
    "observed",
]

# What a game's ``observe`` kept during play for its ``seats``, by the game's own keys.
Notes = dict[str, Any]


def _view_rounds(state: State) -> int | None:
    """The spectator view's round (or turn) count, where the game shows one."""
    view = state.view(None)
    for key in ("round", "turn"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _no_columns(state: State, notes: Notes) -> list[dict[str, Any]]:
    return [{} for _ in range(state.players)]


@dataclass(frozen=True)
class CardInfo:
    """What the card table shows of a card besides its id: its name, kind and rules text,
    the name of the group's ``CardView`` that shows it (``""``: the group has none), and the
    verbs of the group's uses the card itself has (``None``: all of its view's; a passive
    class, a Treasure: none), so that it shows no figure it cannot have."""

    name: str
    kind: str
    text: str
    view: str = ""
    uses: tuple[str, ...] | None = None


@dataclass(frozen=True)
class CardView:
    """A kind of card that the card table's filter shows or hides, with only its columns.

    ``name`` is the filter's word for it (the ``view`` of its cards' ``CardInfo``); ``uses``
    the verbs of the group's uses that its cards have, and ``scored`` whether they score:
    the table shows no column that none of the shown kinds has. ``chosen``: shown when the
    page opens (the cards a player chooses to play). ``apart``: in a table of its own, with
    its own verb for ``held`` and a note ``about`` what its figures measure.
    """

    name: str
    uses: tuple[str, ...]
    scored: bool = False
    chosen: bool = True
    apart: bool = False
    held: str = ""
    about: str = ""


def _no_info(state: State, card: str) -> CardInfo:
    return CardInfo(card, "", "")


@dataclass(frozen=True)
class CardGroup:
    """One kind of card of a game's card table, and the columns that say what seats did with it.

    Every column named here is one of the game's ``list<str>`` columns (or ``list<list<str>>``,
    read flattened) of card ids, with repeats. ``held`` pairs a verb with the cards that came
    to the seat (drawn, dealt, offered...); each of ``uses`` pairs a verb with the cards the
    seat used that way (played, equipped, built...). ``scored`` names the column of the cards
    that scored at the end and the ``list<int>`` column of their points, side by side.
    ``rounds`` names the ``list<list<str>>`` column of the cards held each round and the
    ``list<int>`` column of the seat's points each round, where a round scores on its own.
    ``describe(state, card)`` reads a card's name, kind and text from the game (``state`` is
    a new game with the run's options, so a card set chosen by an option is the one read);
    ``about`` says, for the report's reader, what held and used mean in this game.
    ``views``: the kinds of card the table's filter tells apart (none: one table of all).
    """

    name: str
    noun: str
    held: tuple[str, str]
    uses: tuple[tuple[str, str], ...]
    scored: tuple[str, str] | None = None
    rounds: tuple[str, str] | None = None
    describe: Callable[[State, str], CardInfo] = field(default=_no_info)
    about: str = ""
    views: tuple[CardView, ...] = ()


@dataclass(frozen=True)
class Facts:
    """A game's own columns, how to fill them per seat, and how to count its rounds.

    ``seats(state, notes)`` gives one dict per seat with exactly the ``columns``' names as
    keys; ``rounds(state)`` gives the game's length in rounds (or turns), ``None`` if
    unknown; ``cards`` the groups of the game's card table. Where the log does not tell
    enough, ``observe(state, action, notes)`` sees every decision during play (the state as
    the deciding seat found it, and the action chosen) and keeps what ``seats`` needs in
    ``notes``: cheaper than playing the game again afterwards. The game's section of
    ``parlour report``: ``plots(runs, out)`` draws its plots of the runs into the folder
    ``out`` and gives them, ``metrics(run)`` gives the numbers compared between runs.
    ``batched_columns(result)`` fills the game's columns of a chunk played by its batched
    engine (``Game.batched``) from that engine's ``simulate`` result, a NumPy array a column
    (2-D for a list column), for ``parlour simulate --fast``.
    """

    columns: tuple[Column, ...] = ()
    seats: Callable[[State, Notes], list[dict[str, Any]]] = field(default=_no_columns)
    rounds: Callable[[State], int | None] = field(default=_view_rounds)
    cards: tuple[CardGroup, ...] = ()
    observe: Callable[[State, Action, Notes], None] | None = None
    plots: Callable[[Sequence[Run], Path], list[Plot]] | None = None
    metrics: Callable[[Run], list[Metric]] | None = None
    batched_columns: Callable[[dict[str, Any]], dict[str, Any]] | None = None


GENERIC = Facts()


@cache
def facts_for(game: str) -> Facts:
    """The facts ``game`` declares (``Game.facts``), else ``GENERIC`` (an unknown name too)."""
    try:
        path = load(game).facts
    except GameError:
        return GENERIC
    if path is None:
        return GENERIC
    found = declared(path)
    if not isinstance(found, Facts):
        raise TypeError(f"{path} is not the Facts of {game}")
    return found


def columns(game: str) -> tuple[Column, ...]:
    """The columns a ``game``'s facts add to the common ones."""
    return facts_for(game).columns


def observed(state: State) -> Notes:
    """The notes a finished game's ``observe`` keeps, from playing its record again."""
    record = state.record()
    facts = facts_for(record["game"])
    notes: Notes = {}
    if facts.observe is None:
        return notes
    again = load(record["game"]).new_game(
        record["players"], seed=record["seed"], **record["options"]
    )
    for action in state.history:
        facts.observe(again, action, notes)
        again.apply(action)
    return notes
