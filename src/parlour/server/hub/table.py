"""A live table in memory (its stored form, the replayed state, its seats and clock) and
one open connection to it."""

from __future__ import annotations

import asyncio
import hmac
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import load
from ...core import Action, Event, State
from .. import people
from ..community import clocks
from ..store import ChatLine, TableInfo
from ..tokens import hash_token

__all__ = ["Client", "Closer", "Sender", "Table"]

# What a connection does with a message: the hub hands it a dict to send as JSON.
Sender = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]
# How the hub ends a connection it let go of.
Closer = Callable[[], Awaitable[None]]


@dataclass(eq=False)
class Client:
    """One open connection: its seat (``None``: spectator), how many events it has had, and
    the token it opened the seat with."""

    seat: int | None
    send: Sender
    sent_events: int = 0
    # The seat's token (``None``: a spectator): it opens the seat's rematch too.
    token: str | None = None
    # Ends the connection; a page whose connection ends connects again and gets the state.
    close: Closer | None = None
    # Ends the connection for good with a close code (the table was closed).
    shut: Callable[[int], Awaitable[None]] | None = None
    # Sends a message at once if the connection takes it without waiting (``False``: not
    # sent, ``send`` waits for it); ``None``: every message goes through ``send``.
    send_now: Callable[[dict[str, Any]], bool] | None = None


@dataclass(eq=False)
class Table:
    """A table in memory: its stored form, the replayed state, and who is connected."""

    info: TableInfo
    state: State
    # The open connections, in the order they joined (``connect``, ``disconnect``), and how
    # many each seat has (``None``: the spectators): who-is-here and the spectators' limit
    # read the counts at every join, where counting the connections cost the square of a
    # crowd's.
    clients: list[Client] = field(default_factory=list)
    connected: Counter[int | None] = field(default_factory=Counter)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    bot_failures: int = 0
    # Bot moves in a row the database did not store (down, full): the retry waits longer.
    store_failures: int = 0
    # The move at which the server is about to pass for a person (``people.AUTO_PASS_DELAY``).
    pass_move: int | None = None
    # The last lines of chat (``people.CHAT_HISTORY``), read from the store on first use.
    chat: list[ChatLine] | None = None
    # When a request last asked for the table (the event loop's clock): a table is forgotten
    # only after ``FORGET_AFTER`` seconds unasked and unwatched.
    used_at: float = 0.0
    # The timer that will see whether the table can be forgotten (one at a time).
    forgetting: asyncio.TimerHandle | None = None
    # The username of the account that opened the table (``None``: a guest, or deleted).
    creator: str | None = None
    # Each seat's name, and how the log's sentences name the seats (kept with the seats).
    names: list[str | None] = field(init=False)
    sentence_names: list[str] | None = field(init=False)
    # The game's events so far, kept as moves are applied: every message sends the events
    # after a connection's last, and rebuilding the state's log for each would cost a walk
    # of the whole game a message.
    log: list[Event] = field(init=False)
    # Where the table's clock stands (``None``: no clock), and the timer that ends the
    # running seat's time in the process that enforces it (the bot lease's holder).
    clock: clocks.ClockState | None = field(init=False)
    clock_timer: asyncio.TimerHandle | None = None
    # When who-is-here last went out (the event loop's clock), the seats it said were
    # connected, and the send due after joins or leaves since (``None``: none due).
    presence_at: float = float("-inf")
    presence_seats: frozenset[int] = frozenset()
    presence_due: asyncio.Task[None] | None = None
    # The whole log as spectators see it, as JSON, and the names its sentences use: every
    # spectator's first ``state`` carries it, built once for a crowd (``None``: not built).
    spectators_log: tuple[list[str] | None, list[dict[str, Any]]] | None = None

    def __post_init__(self) -> None:
        self.renamed()
        self.log = self.state.log
        self.clock = self.stored_clock(self.info.clock_state)

    def connect(self, client: Client) -> None:
        """Add an open connection."""
        self.clients.append(client)
        self.connected[client.seat] += 1

    def disconnect(self, client: Client) -> bool:
        """Forget a connection; whether it was here."""
        if client not in self.clients:
            return False
        self.clients.remove(client)
        self.connected[client.seat] -= 1
        if not self.connected[client.seat]:
            del self.connected[client.seat]
        return True

    def stored_clock(self, stored: dict[str, Any] | None) -> clocks.ClockState | None:
        """The table's clock as ``stored`` says it stands (``None``: the table has none)."""
        people_seats = [info.bot is None for info in self.info.seats]
        return clocks.load(self.info.clock, stored, people_seats)

    def player_of(self, seat: int) -> str | None:
        """The bot that plays ``seat``: its own, ``clocks.ABSENT_BOT`` for an absent person,
        or ``None`` (the person plays it)."""
        info = self.info.seats[seat]
        if info.bot is not None:
            return info.bot
        return clocks.ABSENT_BOT if info.absent else None

    @property
    def absent(self) -> list[int]:
        """The people's seats a bot plays because their time ran out."""
        return [seat for seat, info in enumerate(self.info.seats) if info.absent]

    @property
    def timed_out(self) -> set[int]:
        """The seats whose time ever ran out, back or not: a rated game ranks them last (the
        ratings step reads this when the game ends)."""
        return set() if self.clock is None else set(self.clock.timed_out)

    def clock_runner(self) -> int | None:
        """The seat whose time runs now: a person's (not absent) whose turn it is, at a
        table with a clock that neither waits for open seats nor is over."""
        if self.clock is None or self.state.is_over or self.waiting or self.stopped:
            return None
        seat = self.state.current_player
        if seat is None or self.player_of(seat) is not None:
            return None
        return seat

    def clock_json(self) -> dict[str, Any] | None:
        """The clock as views and descriptions carry it (``None``: no clock)."""
        if self.clock is None:
            return None
        return self.clock.public(self.clock_runner(), time.time())

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (its row is stored) to the state, the log and the record."""
        self.log += self.state.apply(action)
        self.info.actions.append(action if isinstance(action, str) else action.text)

    def renamed(self) -> None:
        """Take in the seats' names as they are now (after a name was given)."""
        self.names = people.seat_names(self.info.seats)
        self.sentence_names = people.sentence_names(self.names)

    @property
    def id(self) -> str:
        """The table's public id."""
        return self.info.id

    @property
    def move(self) -> int:
        """How many actions have been applied (and stored)."""
        return self.state.move_number

    @property
    def open_seats(self) -> list[int]:
        """The person seats nobody has taken yet."""
        return [seat for seat, info in enumerate(self.info.seats) if info.open]

    @property
    def waiting(self) -> bool:
        """Whether the table waits for open seats to be taken: no move is made until then."""
        return any(info.open for info in self.info.seats)

    def seat_of_account(self, account_id: int) -> int | None:
        """The seat the account holds here, or ``None``."""
        for seat, info in enumerate(self.info.seats):
            if info.account == account_id:
                return seat
        return None

    def seat_for(self, token: str) -> int | None:
        """The human seat this token opens, or ``None``; compared in constant time."""
        digest = hash_token(token)
        found = None
        for seat, info in enumerate(self.info.seats):
            # Every seat is compared, so the time taken says nothing about which one matched.
            if info.token_hash is not None and hmac.compare_digest(digest, info.token_hash):
                found = seat
        return found

    @property
    def stopped(self) -> bool:
        """Whether an admin or the retention policy stopped the game (no more moves)."""
        return self.info.stopped_at is not None

    def status(self) -> str:
        """``"over"`` once the game has ended, ``"stopped"`` once stopped before its end,
        ``"waiting"`` before its first move, else ``"playing"``."""
        if self.stopped:
            return "stopped"
        if self.state.is_over:
            return "over"
        return "playing" if self.move > 0 else "waiting"

    @property
    def hints(self) -> bool:
        """Whether the seats may ask for hints."""
        if self.info.hints is None:
            return people.hints_default(self.info.seats)
        return self.info.hints

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view of ``seat``; its ``"move"`` is what the client echoes when it acts.

        With the seats' ``"names"``; for the seat to act, its ``"labels"``, each legal
        action's words for a button in the game's own (``State.label``), seats named as the
        log names them. For a person's seat its ``"auto_pass"`` setting: while it is on and
        the seat can only pass, the view says ``"passing": true`` (the server passes for the
        seat) and keeps its ``legal_actions``, ``["pass"]``, as every view of the seat to act
        does (API.md). While open seats wait to be taken nobody is to act: the view offers
        no action and says ``"waiting": true``. At a table with a clock it carries
        ``"clock"`` and ``"absent"``; an absent seat is offered no action (a bot plays it
        until ``"back"``).
        """
        return self._seat_view(self.state.view(seat), seat, self.waiting)

    def views(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """``view`` of each of ``seats``, in order, built together (``State.views``: what
        they have in common is built once, and shared: read them, never change them)."""
        waiting = self.waiting
        return [
            self._seat_view(view, seat, waiting)
            for view, seat in zip(self.state.views(seats), seats, strict=True)
        ]

    def _seat_view(self, view: dict[str, Any], seat: int | None, waiting: bool) -> dict[str, Any]:
        """The game's ``view`` of ``seat`` with the table's keys (``view``)."""
        view["names"] = self.names
        if waiting:
            view.pop("legal_actions", None)
            view["waiting"] = True
        if self.clock is not None:
            view["clock"] = self.clock_json()
            view["absent"] = self.absent
            if seat is not None and self.info.seats[seat].absent:
                view.pop("legal_actions", None)
        if "legal_actions" in view:
            # Made here, not in the game's view: search reads views in its playouts, and
            # words for buttons would only slow it.
            state, names = self.state, self.sentence_names
            view["labels"] = {a.text: state.label(a, names) for a in state.legal_actions()}
        if seat is not None:
            auto_pass = self.info.seats[seat].auto_pass
            view["auto_pass"] = auto_pass
            if auto_pass and view.get("legal_actions") == [people.PASS]:
                view["passing"] = True
        return view

    def describe(self) -> dict[str, Any]:
        """Public facts about the table: game, seats (bot or person), names, open seats,
        whether it is rated, its creator's username, status, times, its clock, the absent
        seats, and whether the game ever passes (the page offers "Pass for me" only then)."""
        game = load(self.info.game)
        connected = self.connected
        return {
            "id": self.id,
            "game": game.name,
            "title": game.title,
            "players": self.info.players,
            # Options may deal hidden cards (Fearless's "hands"), so they show once it is over.
            "options": self.info.options if self.state.is_over else None,
            "seats": [
                {
                    "seat": seat,
                    "bot": info.bot,
                    "connected": seat in connected,
                    "absent": info.absent,
                }
                for seat, info in enumerate(self.info.seats)
            ],
            "names": self.names,
            "hints": self.hints,
            "passes": people.passes(game.name),
            "open": self.open_seats,
            "rated": self.info.rated,
            "public": self.info.public,
            "clock": self.clock_json(),
            # What was chosen at creation (the lobby shows it): API.md's form, or ``None``.
            "clock_settings": self.info.clock,
            "absent": self.absent,
            "creator": self.creator,
            "status": self.status(),
            "move": self.move,
            "scores": self.state.scores(),
            "winners": self.state.winners(),
            "lower_score_wins": game.lower_score_wins,
            "created_at": self.info.created_at.isoformat(),
            "finished_at": self.info.finished_at.isoformat() if self.info.finished_at else None,
            "rematch_of": self.info.rematch_of,
            # Once a rated game ended: each seat's rating change (null: a seat not rated).
            "rating_changes": self.info.rating_changes,
        }
