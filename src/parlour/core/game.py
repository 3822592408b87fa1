"""The template every game fills: a ``Game`` descriptor and the ``State`` base class."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .actions import Action
from .errors import GameError, IllegalAction, quoted
from .events import Event, player_name
from .guide import Guide

__all__ = ["Game", "Option", "State"]

# A linked list of (item, rest) pairs: appending and cloning are O(1), so a state's history
# and log cost nothing to copy in tree search; the lists are rebuilt only when asked for.
Chain = tuple[Any, "Chain"] | None
# The journal of a game: (action or None for setup, the events it caused, the rest).
Journal = tuple[Any, list[Any], "Journal"] | None


def unchain(chain: Chain) -> list[Any]:
    """The items of a chain, oldest first."""
    items = []
    while chain is not None:
        items.append(chain[0])
        chain = chain[1]
    items.reverse()
    return items


# Texts longer than this are not explained by the game (see ``State.resolve``): longer than
# any action text of any game, card ids of other card sets included.
EXPLAINED_LENGTH = 200

OptionType = Literal["bool", "int", "str", "list"]


@dataclass(frozen=True)
class Option:
    """A variant a game takes: its type, default, a one-line help, and a checker.

    ``check(value, players)`` returns the value as the game stores it (JSON-serialisable)
    or raises ``ValueError`` with a sentence saying what is wrong. ``choices``, ``min`` and
    ``max`` describe the legal values, for forms and command lines.
    """

    name: str
    default: Any
    help: str
    check: Callable[[Any, int], Any] | None = None
    type: OptionType = "str"
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The option as JSON: name, default, help, type, and choices, min, max where set."""
        out: dict[str, Any] = {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "type": self.type,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out


@dataclass(frozen=True)
class Game:
    """A game of the registry: its names, player range, options and how to start it.

    ``version`` is the rules version written in every record: raise it whenever a change
    of rules would make old records replay differently. ``list_actions(players, options)``
    lists every action text a seat can ever take, for ``action_space``.

    The fields after ``version`` are what other packages need to know of a game, declared
    here as OpenSpiel's ``GameInfo`` does rather than looked up by the game's name
    (docs/engine.md, "What a game declares").
    """

    name: str
    title: str
    min_players: int
    max_players: int
    start: Callable[[Game, int, int, dict[str, Any]], State] = field(repr=False)
    list_actions: Callable[[int, dict[str, Any]], list[str]] = field(repr=False)
    options: Mapping[str, Option] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    lower_score_wins: bool = False
    version: str = "1"
    # The TypedDict of ``view(seat)``: the keys API.md lists, for readers of views and tests.
    view_type: type | None = field(default=None, repr=False)
    # A bound on a game's length in decisions, by player count and stored options (OpenSpiel
    # asks every game for one); ``None``: no bound known, learning code picks its own.
    max_decisions: Callable[[int, dict[str, Any]], int] | None = field(default=None, repr=False)
    # The settings of the ``hard`` level's search (``parlour.bots.levels``); empty: the default.
    search: Mapping[str, Any] = field(default_factory=dict)
    # The observation encoder (``parlour.rl``) as ``"module:Class"``, imported when asked for
    # because learning code needs NumPy; ``None``: the hashed view, which fits any game.
    encoder: str | None = None
    # The public card data a table page draws cards with (names, colours, costs); ``None``:
    # the game's action and event texts say enough.
    catalogue: Callable[[], dict[str, Any]] | None = field(default=None, repr=False)
    # How to play, written once for table pages and agents alike; ``None``: none written.
    guide: Guide | None = field(default=None, repr=False)
    # Every card of a table, by id with its rules text, for a game that loads its cards per
    # table (Fool's Blade); ``None``: the catalogue holds them all.
    table_cards: Callable[[State], dict[str, dict[str, Any]] | None] | None = field(
        default=None, repr=False
    )
    # The editions of the game's own card files, which ``parlour cards`` prints and checks;
    # empty: the game has no card files a user may write.
    editions: tuple[str, ...] = ()
    # The game's batched NumPy engine as a module name (``playouts`` and ``determinizations``
    # for batched search, ``simulate`` for ``parlour simulate --fast``); ``None``: none.
    batched: str | None = None
    # The game's simulation facts (``parlour.sim.facts.Facts``: its report columns and section)
    # as ``"module:NAME"``, imported when asked for; ``None``: the common columns alone.
    facts: str | None = None

    def rules(self) -> str:
        """The rules in brief as plain text (the guide's), or the game's name and sizes."""
        if self.guide is None:
            return f"{self.title}, {self.min_players} to {self.max_players} players."
        return self.guide.text(self.title, self.min_players, self.max_players)

    def new_game(self, players: int, seed: int = 0, **options: Any) -> State:
        """A fresh state; ``GameError`` names a bad player count, option or option value."""
        values = self.checked_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"seed must be a whole number, not {seed!r}")
        return self.start(self, players, seed, values)

    def action_space(self, players: int, **options: Any) -> list[str]:
        """Every action text any seat can ever take in such a game, in a fixed order."""
        return self.list_actions(players, self.checked_options(players, options))

    def checked_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value as stored, defaults filled in; ``GameError`` names a bad one."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise GameError(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise GameError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise GameError(f"{self.title} has no option {unknown[0]!r}; its options are: {known}")
        values: dict[str, Any] = {}
        for name, option in self.options.items():
            value = options.get(name, option.default)
            if option.check is not None and name in options:
                try:
                    value = option.check(value, players)
                except ValueError as error:
                    raise GameError(f"bad value for option {name!r}: {error}") from None
            values[name] = value
        return values


class Setup:
    """What never changes during a game, shared by a state and all its clones."""

    __slots__ = ("determinized", "game", "options", "seed")

    def __init__(
        self, game: Game, seed: int, options: dict[str, Any], determinized: bool = False
    ) -> None:
        self.game = game
        self.seed = seed
        self.options = options
        self.determinized = determinized


class State:
    """One game in progress. Subclasses keep their data in ``__slots__`` and plain lists.

    A subclass implements ``legal_actions``, ``_apply``, ``view``, ``determinize``,
    ``scores``, ``winners`` and ``clone``; this base gives text parsing, the illegal-action
    errors, the record, the log and the returns. A game may override ``apply`` wholesale
    when its hot path needs it, keeping the same behaviour.
    """

    __slots__ = ("_journal", "_setup", "current_player", "is_over", "move_number", "players")

    players: int
    current_player: int | None
    is_over: bool
    move_number: int
    _setup: Setup
    _journal: Journal

    def _init_base(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        """Set the fields every game has, for a new game."""
        self._setup = Setup(game, seed, options)
        self.players = players
        self.current_player = None
        self.is_over = False
        self.move_number = 0
        self._journal = None

    def _copy_base(self, other: State) -> None:
        """Copy the fields every game has from ``other`` (chains are shared: they never change)."""
        self._setup = other._setup
        self.players = other.players
        self.current_player = other.current_player
        self.is_over = other.is_over
        self.move_number = other.move_number
        self._journal = other._journal

    @property
    def game(self) -> Game:
        """The game this state belongs to."""
        return self._setup.game

    @property
    def seed(self) -> int:
        """The seed the game was started with."""
        return self._setup.seed

    @property
    def options(self) -> dict[str, Any]:
        """The options the game was started with, as stored (JSON-serialisable)."""
        return self._setup.options

    # -- what every game implements -------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions open to ``current_player``; never empty while the game goes on."""
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return its events (history and log are kept here)."""
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may know, as JSON; ``None`` is the spectator."""
        raise NotImplementedError

    def views(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """``view`` of each of ``seats``, equal to what it gives, in order. A game may build
        what they have in common once (the server sends every seat its view after each
        move); the views may then share their lists and dicts: read them, never change
        them."""
        return [self.view(seat) for seat in seats]

    def determinize(self, seat: int | None, seed: int) -> State:
        """A state that ``seat`` cannot tell apart from this one, hidden cards redrawn."""
        raise NotImplementedError

    def scores(self) -> list[int]:
        """The game's own running points, per seat."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats that won, ties shared; ``[]`` while the game goes on."""
        raise NotImplementedError

    def explain_illegal(self, text: str, names: Sequence[str] | None = None) -> str | None:
        """Why ``text`` is not legal now, when the game can say better than "not legal"
        (seats named by ``names``, as sentences name them)."""
        return None

    def label(self, action: Action, names: Sequence[str] | None = None) -> str:
        """What a button says for ``action``, legal now, in the game's words (seats named by
        ``names``, as sentences name them); the base says the action's text."""
        return action.text

    def consequence(self, action: Action) -> str | None:
        """What ``action``, legal now, does beyond what its label says, when it undoes
        something ("replaces Frostmere Guard and breaks your set bonus"); the base: ``None``."""
        return None

    # -- what the base gives --------------------------------------------------------------

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out a legal action (or its text); illegal input raises and changes nothing."""
        legal = self.resolve(action)
        events = self._apply(legal)
        self.move_number += 1
        self._journal = (legal, events, self._journal)
        return events

    def _note(self, events: list[Event]) -> None:
        """Log events that no action caused (the setup of a game)."""
        if events:
            self._journal = (None, events, self._journal)

    def resolve(self, action: Action | str, names: Sequence[str] | None = None) -> Action:
        """The legal action that ``action`` (or its text) names, else ``IllegalAction``, whose
        sentence names seats by ``names`` as events do ("Player N" without them)."""
        if self.is_over:
            raise IllegalAction(f"the game is over, so {quoted(str(action))} cannot be played")
        text = action if isinstance(action, str) else getattr(action, "text", None)
        if not isinstance(text, str):
            raise IllegalAction(
                f"{quoted(action)} is not an action or an action text", self._texts()
            )
        typed = text
        text = " ".join(text.lower().split())
        legal = self.legal_actions()
        for candidate in legal:
            if candidate.text == text:
                return candidate
        # A game explains near misses in its own words, which quote the input: a text far
        # longer than any action is no near miss, and only the generic message (cut short)
        # answers it. The generic message quotes the input as it was given, not as normalised.
        why = (self.explain_illegal(text, names) if len(text) <= EXPLAINED_LENGTH else None) or (
            f"{quoted(typed.strip())} is not a legal action for {self._mover(names)} now"
        )
        raise IllegalAction(why, [a.text for a in legal])

    def _mover(self, names: Sequence[str] | None) -> str:
        """The seat to move as sentences name it (a game not over has one)."""
        seat = self.current_player
        return "nobody" if seat is None else player_name(seat, names)

    def _texts(self) -> list[str]:
        return [] if self.is_over else [a.text for a in self.legal_actions()]

    @property
    def log(self) -> list[Event]:
        """The events so far, oldest first."""
        return [event for _, events, _ in self._entries() for event in events]

    @property
    def history(self) -> list[Action]:
        """The actions so far, oldest first."""
        return [action for action, _, _ in self._entries() if action is not None]

    def _entries(self) -> list[tuple[Any, list[Event], Journal]]:
        entries = []
        node = self._journal
        while node is not None:
            entries.append(node)
            node = node[2]
        entries.reverse()
        return entries

    def returns(self) -> list[float]:
        """Per seat, ``1/k`` for each of ``k`` winners and ``0.0`` for the rest."""
        won = self.winners()
        out = [0.0] * self.players
        for seat in won:
            out[seat] = 1.0 / len(won)
        return out

    def _become_determinized(self, seed: int, options: dict[str, Any]) -> None:
        """Mark a copy as a determinization: it has no record and no private history."""
        self._setup = Setup(self._setup.game, seed, options, determinized=True)
        self._journal = None

    def record(self) -> dict[str, Any]:
        """Seed, options and action texts: everything needed to rebuild this game."""
        if self._setup.determinized:
            raise GameError("a determinized state is a guess at hidden cards and has no record")
        return {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [a.text for a in self.history],
        }

    def common_view(self, seat: int | None) -> dict[str, Any]:
        """The keys every view has; a game's ``view`` starts from this."""
        if seat is not None and not 0 <= seat < self.players:
            raise GameError(f"seat must be None or 0 to {self.players - 1}, not {seat!r}")
        out: dict[str, Any] = {
            "game": self.game.name,
            "players": self.players,
            "seat": seat,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "move": self.move_number,
            "scores": self.scores(),
            "winners": self.winners(),
        }
        if seat is not None and seat == self.current_player:
            out["legal_actions"] = [a.text for a in self.legal_actions()]
        return out

    def log_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` saw it, private events redacted."""
        return [event.for_seat(seat) for event in self.log]

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"Player {self.current_player} to act"
        return f"<{self.game.title} state, {self.players} players, {status}>"


def check_seat(seat: Any, players: int, what: str = "seat") -> int:
    """``seat`` as an int in range, else ``ValueError`` naming ``what``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"{what} must be a seat from 0 to {players - 1}, not {seat!r}")
    return seat
