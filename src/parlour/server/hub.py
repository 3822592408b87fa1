"""Live tables: each one's state rebuilt from its record, its connections, and its moves."""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Coroutine, Generator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .. import load, replay
from ..core import Action, Event, GameError, IllegalAction, State, player_name
from . import metrics, people
from .botpool import BotPool
from .community import clocks, ratings
from .redact import shown_reason
from .store import ChatLine, ConflictError, SeatInfo, Store, TableInfo
from .tokens import hash_token, new_table_id, new_token
from .writes import GroupCommit

__all__ = [
    "Alone",
    "Client",
    "Hub",
    "Peers",
    "RefusedError",
    "Table",
    "UnstoredError",
    "database_trouble",
    "event_json",
    "hash_token",
    "new_token",
    "seat_url",
]

log = logging.getLogger("parlour.server")

# What a table id may look like (``tokens.new_table_id`` text; older ids may start with ``-``).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
# Seconds a message may wait for a connection that does not read before it is dropped.
SEND_TIMEOUT = 2.0
# How many times in a row a bot's move is tried (a worker may die) before the table waits.
BOT_ATTEMPTS = 3
# The longest wait, in seconds, before a bot tries again a move the database did not store.
STORE_RETRY_CAP = 5.0
# Seconds a table with nobody connected stays in memory once nothing runs at it (its game
# over, or waiting for a person): then it is dropped, and loaded again from the store if
# anyone opens it (else every game played or left since the process started would stay).
FORGET_AFTER = 60.0
# The close codes of a table's connections when it is gone (closed while it waited, or
# deleted by an admin) and when an admin or the retention policy stopped its game; the
# table page does not connect again after either (docs/server.md, "Close codes").
GONE = 4410
STOPPED = 4423
# What the connections are told before those codes.
CLOSED_BY_CREATOR = "this table was closed by the person who opened it"
DELETED = "this table was deleted by an admin"
STOPPED_MESSAGE = "this game was stopped by an admin (or left idle too long): no more moves"
# Seconds between two who-is-here messages to a table's connections: the joins and leaves in
# between go out as one (the last state always goes out). Sent for each, they cost the square
# of the connections: 500 spectators joining one table took 9.7 s of the server's time.
PRESENCE_EVERY = 0.25
# Seconds a clock's timer may fire before the time is quite out (the wall clock and the
# event loop's differ a little): it is taken as out rather than set again for a moment.
CLOCK_SLACK = 0.05

# What a connection does with a message: the hub hands it a dict to send as JSON.
Sender = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]
# How the hub ends a connection it let go of.
Closer = Callable[[], Awaitable[None]]


class RefusedError(Exception):
    """A request or message that changes nothing; its text is the error sent back."""


class UnstoredError(RefusedError):
    """A move not made because the database did not store it (down, full, read-only)."""


def database_trouble(error: SQLAlchemyError) -> str:
    """The database's own reason for a failure, in one line, without the database server's
    address (players read it; the operator knows where the database is)."""
    reason = str(getattr(error, "orig", None) or error).strip().splitlines()
    return shown_reason(reason[0]) if reason else type(error).__name__


def seat_url(table_id: str, seat: int, token: str) -> str:
    """The page of a seat; the token rides in the fragment, which browsers never send to
    servers or proxies' logs."""
    return f"/table/{table_id}#seat={seat}&token={token}"


def event_json(
    event: Event, seat: int | None, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """An event as ``seat`` may see it, as JSON (kind, text and its redacted fields); its
    sentence names the seats by ``names`` where given."""
    if names is None:
        return event.to_dict(seat)
    shown = event.for_seat(seat)
    return {"kind": shown.kind, "text": shown.render(names), **shown.fields()}


# Why an absent person's move is refused.
_ABSENT = 'your time ran out and a bot plays for you: send {"type": "back"} to take your seat back'


def _still_open(seats: Sequence[int]) -> str:
    """Why nobody may move yet at a table whose ``seats`` are open."""
    which = ", ".join(map(str, seats))
    return f"the game begins once every seat is taken; still open: seat {which}"


def _seats_fit(
    players: int,
    bots: dict[int, str],
    accounts: dict[int, int],
    open_seats: set[int],
    names: dict[int, str],
    rated: bool,
    hints: bool | None,
) -> bool | None:
    """The hints setting of a new table whose seats are these; ``RefusedError`` says why
    they do not fit together (a seat both a bot's and open, a rated table with a guest)."""
    for seat in sorted(open_seats | accounts.keys()):
        if not 0 <= seat < players:
            raise RefusedError(f"seat {seat} is not a seat of a {players}-player table")
        if seat in bots:
            raise RefusedError(f"seat {seat} is a bot's: only a person's seat is open or taken")
    for seat in sorted(open_seats):
        if seat in accounts:
            raise RefusedError(f"seat {seat} is yours, so it is not open")
        if seat in names:
            raise RefusedError(f"seat {seat} is open: whoever takes it names it")
    if not rated:
        return hints
    taken = bots.keys() | accounts.keys() | open_seats
    guests = [seat for seat in range(players) if seat not in taken]
    if guests:
        raise RefusedError(
            "at a rated table every person's seat is an account's: sit at one seat and "
            f"leave the others open (seat {', '.join(map(str, guests))} is neither)"
        )
    if hints:
        raise RefusedError("a rated table has no hints")
    return False


def _connected_seats(table: Table) -> frozenset[int]:
    """The seats with a connection open at the table."""
    return frozenset(client.seat for client in table.clients if client.seat is not None)


async def _close_within(close: Closer, seconds: float) -> None:
    """Call ``close``, giving up after ``seconds`` or on any error (the connection may be
    gone already, or stuck for good: the operating system ends it in time)."""
    try:
        async with asyncio.timeout(seconds):
            await close()
    except Exception as error:
        log.debug("a connection let go of did not close: %r", error)


class _Rest:
    """The rest of a coroutine that suspended at its first step: awaiting it drives the
    coroutine on to its end, as awaiting the coroutine itself would have."""

    __slots__ = ("coroutine", "yielded")

    def __init__(self, coroutine: Coroutine[Any, Any, None], yielded: Any) -> None:
        self.coroutine = coroutine
        self.yielded = yielded

    def __await__(self) -> Generator[Any, Any, None]:
        coroutine, value = self.coroutine, self.yielded
        while True:
            try:
                sent = yield value
            except GeneratorExit:
                coroutine.close()
                raise
            except BaseException as error:  # the task's cancellation, passed on
                try:
                    value = coroutine.throw(error)
                except StopIteration:
                    return
            else:
                try:
                    value = coroutine.send(sent)
                except StopIteration:
                    return


def _started(coroutine: Coroutine[Any, Any, None]) -> _Rest | None:
    """Run ``coroutine`` up to its first suspension: ``None`` if it finished without one (a
    message the connection's buffer took at once), else what is left of it to await."""
    try:
        yielded = coroutine.send(None)
    except StopIteration:
        return None
    return _Rest(coroutine, yielded)


@dataclass
class _Shared:
    """What one broadcast built for one connection and may give the next ones: the events'
    JSON by place in the log (the form every seat that sees them unredacted gets), and the
    ``state`` messages by seat and first event."""

    events: dict[int, dict[str, Any]] = field(default_factory=dict)
    messages: dict[tuple[int | None, int], dict[str, Any]] = field(default_factory=dict)


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


@dataclass(eq=False)
class Table:
    """A table in memory: its stored form, the replayed state, and who is connected."""

    info: TableInfo
    state: State
    clients: list[Client] = field(default_factory=list)
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

    def __post_init__(self) -> None:
        self.renamed()
        self.log = self.state.log
        self.clock = self.stored_clock(self.info.clock_state)

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
        view = self.state.view(seat)
        view["names"] = self.names
        if self.waiting:
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
        connected = {client.seat for client in self.clients}
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


class Peers(Protocol):
    """The other server processes on the same database, as far as the hub needs to know."""

    def plays_bots(self, table_id: str) -> bool:
        """Whether this process plays the table's bot turns (it holds the table's bot lease)."""
        ...

    def loaded(self, table: Table) -> None:
        """A table was loaded or created in this process (it may need catching up, or its
        bot lease)."""
        ...

    async def current(self, table: Table) -> None:
        """Apply the moves other processes stored at a table this process did not follow
        (nobody here watched it nor played its bots), before it is used here."""
        ...

    def forgotten(self, table_id: str) -> None:
        """A table left this process's memory (it loads fresh when needed)."""
        ...


class Alone:
    """No other process serves the database: this one plays every table's bots."""

    def plays_bots(self, table_id: str) -> bool:
        """Always: there is nobody else."""
        return True

    def loaded(self, table: Table) -> None:
        """Nothing to do."""

    async def current(self, table: Table) -> None:
        """Nothing to do: every move is made here."""

    def forgotten(self, table_id: str) -> None:
        """Nothing to do."""


class Hub:
    """Every table the server holds, the moves made at them, and the bots that play them."""

    def __init__(self, store: Store, pool: BotPool, bot_delay: float = 0.0) -> None:
        self.store = store
        # Moves are written through one group commit: a disk sync for many tables' moves.
        self.writes = GroupCommit(store)
        self.pool = pool
        # A pause before each bot move, so people at the table can follow the play.
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        # Per finished table, the id of the rematch opened from it (the database has them
        # all: ``Store.rematch``; these were opened or heard of here).
        self.rematches: dict[str, str] = {}
        self._rematch_lock = asyncio.Lock()
        # The timers that pass for people (kept here so they are not collected, and stopped).
        self.passes: set[asyncio.Task[None]] = set()
        # Connections being ended after a send to them failed (kept so they are not collected).
        self.closing: set[asyncio.Task[None]] = set()
        # Clocks that ran out, being turned into absences (kept so they are not collected).
        self.timeouts: set[asyncio.Task[None]] = set()
        # Who-is-here messages due at tables (kept so they are not collected, and stopped).
        self.presences: set[asyncio.Task[None]] = set()
        # Writes where the clocks enforced here stand, while any runs (``_checkpoints``).
        self.checkpointer: asyncio.Task[None] | None = None
        # The other processes on this database (cluster.py sets them on PostgreSQL).
        self.peers: Peers = Alone()
        # Bot moves this process made (stored and applied), for /api/health.
        self.bot_moves = 0

    # -- loading and creating ---------------------------------------------------------------

    async def resume_all(self) -> None:
        """Load every unfinished table with a bot seat or a clock, which restarts the bots
        whose turn it is (those that wait for a person are forgotten again after
        ``FORGET_AFTER``) and the clocks. Tables of people alone without a clock load when
        someone opens them (and the server's passes go on then)."""
        ids = await asyncio.to_thread(self.store.ids, True, True)
        for table_id in ids:
            try:
                table = await self.get(table_id)
            except GameError as error:
                log.error("table %s cannot be resumed: %s", table_id, error)
                continue
            if table is not None and table.clock is not None:
                # The time the server was down is not charged: the running seat's clock goes
                # on from what was stored at the table's last change, counted from now.
                table.clock = table.clock.restarted(time.time())
                self._time(table)

    async def held(self, table_id: str) -> Table | None:
        """The table of that id if this process holds it, up to date; ``None`` if not."""
        table = self.tables.get(table_id)
        if table is not None:
            await self.peers.current(table)
        return table

    async def get(self, table_id: str) -> Table | None:
        """The table of that id, loaded from the store (and replayed) on first use."""
        table = await self.held(table_id)
        if table is not None:
            table.used_at = asyncio.get_running_loop().time()
            return table
        if not TABLE_ID.fullmatch(table_id):
            return None  # never an id this server gave out: no need to ask the database
        info = await asyncio.to_thread(self.store.get, table_id)
        if info is None:
            return None
        creator = None
        if info.creator_id is not None:
            creator = await asyncio.to_thread(self.store.username, info.creator_id)
        table = self.tables.get(table_id)  # another request may have loaded it meanwhile
        if table is None:
            table = self.tables[table_id] = Table(info, replay(info.record()))
            table.creator = creator
            table.used_at = asyncio.get_running_loop().time()
            self.peers.loaded(table)
            if table.state.is_over and info.finished_at is None:
                # The last move was stored but the database failed before the game's end was.
                await self._store_finish(table)
            else:
                # Its bots (or the server's pass for a person) go on from where it was left.
                self.schedule_bot(table)
                self._forget_later(table)  # read for its record, a replay, a page not joined...
        return table

    def _forget_later(self, table: Table) -> None:
        """Drop the table from memory ``FORGET_AFTER`` seconds from now, if nobody is
        connected to it then and nothing runs at it (the store keeps it whole)."""
        if not table.clients and table.forgetting is None:
            loop = asyncio.get_running_loop()
            table.forgetting = loop.call_later(FORGET_AFTER, self._forget, table)

    def _forget(self, table: Table) -> None:
        table.forgetting = None
        if table.clients or self.tables.get(table.id) is not table:
            return  # watched again (the last to leave looks again), or loaded anew
        loop = asyncio.get_running_loop()
        # Asked for since (a connection about to join, a record read): wait the rest. A
        # table whose bots play on, or where the server is about to pass, waits a while more.
        wait = FORGET_AFTER if self._running(table) else table.used_at + FORGET_AFTER - loop.time()
        if wait > 0:
            table.forgetting = loop.call_later(wait, self._forget, table)
            return
        del self.tables[table.id]
        # The database keeps the rematch too (``Store.rematch``), read if it is asked for.
        self.rematches.pop(table.id, None)
        self.peers.forgotten(table.id)

    def _running(self, table: Table) -> bool:
        """Whether the game goes on at the table without anyone connected: a bot of this
        process is to move (or thinking), or the server is about to pass for a person."""
        state = table.state
        seat = state.current_player
        if state.is_over or seat is None or table.waiting or table.stopped:
            return False
        if table.bot_task is not None and not table.bot_task.done():
            return True
        if table.clock_runner() is not None and self.peers.plays_bots(table.id):
            return True  # its clock is enforced here, whoever watches
        info = table.info.seats[seat]
        if table.player_of(seat) is None:
            return info.auto_pass and people.lone_pass(state)
        return self.peers.plays_bots(table.id)

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seed: int | None,
        bot_seats: dict[int, str],
        rematch_of: str | None = None,
        names: dict[int, str] | None = None,
        hints: bool | None = None,
        auto_pass: dict[int, bool] | None = None,
        token_hashes: dict[int, str] | None = None,
        accounts: dict[int, int] | None = None,
        rated: bool = False,
        creator_id: int | None = None,
        open_seats: Collection[int] = (),
        clock: clocks.ClockSettings | None = None,
        public: bool = False,
    ) -> tuple[Table, dict[int, str]]:
        """A new table and the token of each human seat; ``GameError`` for a bad request,
        ``RefusedError`` for seats that do not fit together.

        ``names`` names people's seats (checked by ``people.check_name``); ``hints`` (default:
        ``people.hints_default``) lets seats ask for hints; ``auto_pass`` sets people's seats'
        setting (default: on); ``token_hashes`` keeps seats' tokens (a rematch's: no new
        token is made for them); ``accounts`` gives seats to accounts (by id; their names
        are the usernames, in ``names``); ``rated``: the game counts for ratings (every
        person's seat an account's or open, no hints); ``creator_id``: the account that
        opened it; ``open_seats``: people's seats left for anyone, with no token (the table
        waits until they are taken); ``clock``: the table's clock (``community.clocks``);
        ``public``: listed in the lobby (else only its links find it).
        """
        game = load(game_name)
        if seed is None:
            seed = secrets.randbits(32)
        state = game.new_game(players, seed, **options)
        kept, held = token_hashes or {}, accounts or {}
        given, passing = names or {}, auto_pass or {}
        hints = _seats_fit(players, bot_seats, held, set(open_seats), given, rated, hints)
        tokens = {
            seat: new_token()
            for seat in range(players)
            if seat not in bot_seats and seat not in kept and seat not in open_seats
        }
        hashes = {**{seat: hash_token(token) for seat, token in tokens.items()}, **kept}
        seats = [
            SeatInfo(bot_seats[seat], None)
            if seat in bot_seats
            else SeatInfo(None, None, None, passing.get(seat, True), open=True)
            if seat in open_seats
            else SeatInfo(
                None, hashes[seat], given.get(seat), passing.get(seat, True), held.get(seat)
            )
            for seat in range(players)
        ]
        if hints is None:
            hints = people.hints_default(seats)
        table_id = new_table_id()
        clock_state = None
        if clock is not None:
            started = clocks.ClockState.new(clock, [seat.bot is None for seat in seats])
            # A table that waits for open seats starts its clock with its game.
            clock_state = (started if open_seats else started.begun(time.time())).to_json()
        info = await asyncio.to_thread(
            self.store.create,
            table_id,
            game.name,
            players,
            seed,
            dict(state.options),
            seats,
            rematch_of,
            game.version,
            hints,
            rated,
            creator_id,
            clock=None if clock is None else clock.to_json(),
            clock_state=clock_state,
            public=public,
        )
        table = self.tables[table_id] = Table(info, state)
        if creator_id is not None:
            table.creator = await asyncio.to_thread(self.store.username, creator_id)
        table.used_at = asyncio.get_running_loop().time()
        self.peers.loaded(table)
        self.schedule_bot(table)
        self._forget_later(table)  # a table opened that nobody joins
        return table, tokens

    async def rematch(self, table: Table) -> str:
        """The id of the rematch of a finished table, opened on the first request here or in
        any process. Its people's seats open with the same tokens as this table's, so every
        seat connected now, or later, to any process is sent its own link."""
        async with self._rematch_lock:
            found = await self._rematch_of(table)
            if found is None:
                found = await self._open_rematch(table)
        await self._offer_all(table)
        return found

    async def _rematch_of(self, table: Table) -> str | None:
        found = self.rematches.get(table.id)
        if found is None and table.state.is_over:
            found = await asyncio.to_thread(self.store.rematch, table.id)
            if found is not None:
                self.rematches[table.id] = found
        return found

    async def _open_rematch(self, table: Table) -> str:
        game = load(table.info.game)
        options = {
            name: value
            for name, value in table.info.options.items()
            if name in game.options and value != game.options[name].default
        }
        seats = table.info.seats
        try:
            new, _ = await self.create(
                game.name,
                table.info.players,
                options,
                None,
                {s: i.bot for s, i in enumerate(seats) if i.bot is not None},
                rematch_of=table.id,
                names={s: i.name for s, i in enumerate(seats) if i.bot is None and i.name},
                hints=table.hints,
                auto_pass={s: i.auto_pass for s, i in enumerate(seats) if i.bot is None},
                token_hashes={s: i.token_hash for s, i in enumerate(seats) if i.token_hash},
                accounts={s: i.account for s, i in enumerate(seats) if i.account is not None},
                # Rated again if every person's seat is still an account's (none was deleted).
                rated=table.info.rated
                and all(i.bot is not None or i.account is not None for i in seats),
                creator_id=table.info.creator_id,
                clock=clocks.parse(table.info.clock),
                public=table.info.public,
            )
        except IntegrityError:
            # Another process opened it a moment ago.
            found = await asyncio.to_thread(self.store.rematch, table.id)
            if found is None:
                raise
            self.rematches[table.id] = found
            return found
        self.rematches[table.id] = new.id
        return new.id

    async def rematch_opened(self, table: Table, rematch_id: str) -> None:
        """Another process opened the rematch of ``table``: offer it to the seats here."""
        self.rematches[table.id] = rematch_id
        await self._offer_all(table)

    async def _offer_all(self, table: Table) -> None:
        for client in list(table.clients):
            await self.offer_rematch(table, client)

    async def offer_rematch(self, table: Table, client: Client) -> None:
        """Send a seat its link to the rematch of this table, if one is open (for a seat
        opened by its account's session, the page the session opens the seat on)."""
        if client.seat is None or not table.state.is_over:
            return
        if client.token is None and table.info.seats[client.seat].account is None:
            return
        found = await self._rematch_of(table)
        if found is None:
            return
        token, seat = client.token, client.seat
        url = f"/table/{found}" if token is None else seat_url(found, seat, token)
        message = {"type": "rematch", "table": found, "seat": seat, "url": url}
        await self._safe_send(table, client, message)

    # -- seats that change hands ------------------------------------------------------------

    async def sit(self, table: Table, seat: int, name: str, account_id: int | None = None) -> str:
        """Give open seat ``seat`` to a person named ``name`` (the account's, if given): its
        new token. ``ConflictError`` if it is not open (taken here or by another process
        first) or the account sits here already, ``GoneError`` if the table was closed."""
        token = new_token()
        async with table.lock:
            seats = await asyncio.to_thread(
                self.store.take_seat, table.id, seat, hash_token(token), name, account_id
            )
            await self.reseat(table, seats)
        self.schedule_bot(table)  # the game begins if that was the last open seat
        return token

    async def fill(self, table: Table, seat: int, bot: str) -> None:
        """Seat ``bot`` at open seat ``seat`` (``ConflictError``: not open; ``GoneError``)."""
        async with table.lock:
            seats = await asyncio.to_thread(self.store.fill_seat, table.id, seat, bot)
            await self.reseat(table, seats)
        self.peers.loaded(table)  # perhaps its first bot: this process may take its lease
        self.schedule_bot(table)

    async def claim(self, table: Table, seat: int, account_id: int, name: str) -> None:
        """Make a finished game's guest seat the account's (``ConflictError`` if it cannot be)."""
        async with table.lock:
            seats = await asyncio.to_thread(self.store.claim_seat, table.id, seat, account_id, name)
            await self.reseat(table, seats)

    async def reseat(self, table: Table, seats: list[SeatInfo]) -> None:
        """Take in the table's stored seats (changed here or by another process) and send
        every connection its view, its log naming the seats anew, and the table's
        description; the caller holds the table's lock."""
        table.info.seats = seats
        table.renamed()
        table.pass_move = None  # an auto_pass setting may have changed
        await self.resend(table, full_log=True)
        await self._announce(table)

    async def seats_stored(self, table_ids: Sequence[str]) -> None:
        """Take in seats changed in the store outside the hub (an account deleted): this
        process's copies of those tables, and the other processes' (told through the store)."""
        for table_id in table_ids:
            info = await asyncio.to_thread(self.store.get, table_id)
            if info is None:
                continue
            await asyncio.to_thread(self.store.set_seats, table_id, info.seats)
            table = self.tables.get(table_id)
            if table is not None:
                async with table.lock:
                    await self.reseat(table, info.seats)

    async def _seats_again(self, table: Table) -> None:
        """Read the table's seats from the store and take them in if they changed: a seat
        taken through another process while this one was not listening was not heard of,
        and the table would wait here for ever. The caller holds the table's lock."""
        try:
            info = await asyncio.to_thread(self.store.get, table.id)
        except SQLAlchemyError as error:
            log.warning("table %s: its seats cannot be read: %s", table.id, database_trouble(error))
            return
        if info is not None and info.seats != table.info.seats:
            await self.reseat(table, info.seats)

    async def close_waiting(self, table: Table) -> None:
        """Delete a table that waits for open seats, and end its connections; ``ConflictError``
        once its game has begun, ``GoneError`` if another process closed it first."""
        async with table.lock:
            await asyncio.to_thread(self.store.close_waiting, table.id)
        await self.closed(table)

    async def closed(self, table: Table, why: str = CLOSED_BY_CREATOR) -> None:
        """Forget a table closed while it waited or deleted (here or in another process):
        each of its connections is told ``why``, then ended with close code ``GONE``."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.peers.forgotten(table.id)
        if table.forgetting is not None:
            table.forgetting.cancel()
            table.forgetting = None
        self._halt(table)
        await self._shut_all(table, why, GONE)

    async def _shut_all(self, table: Table, why: str, code: int) -> None:
        """Tell every connection at the table ``why``, then end it with ``code``."""
        message = {"type": "error", "message": why}
        for client in list(table.clients):
            await self._safe_send(table, client, message)
            if client in table.clients:
                table.clients.remove(client)
            if client.shut is not None:
                task = asyncio.create_task(_close_within(partial(client.shut, code), SEND_TIMEOUT))
                self.closing.add(task)
                task.add_done_callback(self.closing.discard)

    def _halt(self, table: Table) -> None:
        """Stop what runs at a table by itself: its bot's thinking and its clock's timer."""
        if table.bot_task is not None and table.bot_task is not asyncio.current_task():
            table.bot_task.cancel()
        table.bot_task = None
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None

    # -- the admin's changes (docs/server.md, "Admin") ----------------------------------------

    async def stop(self, table: Table) -> None:
        """Stop a table's game where it stands (``ConflictError`` if it is over already,
        ``GoneError`` if deleted): stored, heard of by the other processes, and every
        connection told and ended with ``STOPPED``."""
        async with table.lock:
            moment = await asyncio.to_thread(self.store.stop, table.id)
        await self.stopped(table, moment)

    async def stopped(self, table: Table, moment: datetime) -> None:
        """Take in a table's stop (here or in another process), and end its connections."""
        async with table.lock:  # a move being stored here goes in first, then nothing more
            table.info.stopped_at = moment
            table.info.finished_at = table.info.finished_at or moment
            self._halt(table)
        await self._shut_all(table, STOPPED_MESSAGE, STOPPED)
        self._forget_later(table)

    async def delete(self, table_id: str) -> None:
        """Delete a table and all that is stored of it (``GoneError`` if there is none); if
        held here, its connections are told and ended with ``GONE``."""
        table = self.tables.get(table_id)
        if table is None:
            await asyncio.to_thread(self.store.delete_table, table_id)
            return
        async with table.lock:
            await asyncio.to_thread(self.store.delete_table, table_id)
        await self.closed(table, DELETED)

    async def chat_deleted(self, table: Table, line_id: int) -> None:
        """A line of the table's chat was deleted (here or in another process): dropped
        from what new connections are sent, and every connection told to drop it."""
        if table.chat is not None:
            table.chat[:] = [line for line in table.chat if line.id != line_id]
        await self.send_all(table, {"type": "chat_deleted", "id": line_id})

    # -- connections ------------------------------------------------------------------------

    async def join(self, table: Table, client: Client) -> None:
        """Add a connection and send it the view and the whole log as its seat sees them."""
        async with table.lock:
            if table.id not in self.tables:
                # Forgotten since the caller's ``get``: held again, and caught up with what
                # other processes stored meanwhile.
                self.tables[table.id] = table
                self.peers.loaded(table)
            table.clients.append(client)
            metrics.connected(client.seat)
            await self._send_state(table, client)
        # A move heard between the caller's ``get`` and now was put off: nobody watched.
        await self.peers.current(table)
        # The new connection is told who is here at once, the others within PRESENCE_EVERY.
        await self._safe_send(table, client, {"type": "table", "table": table.describe()})
        self._presence(table)

    async def leave(self, table: Table, client: Client) -> None:
        """Forget a closed connection."""
        async with table.lock:
            if client in table.clients:
                table.clients.remove(client)
        metrics.disconnected(client.seat)
        table.used_at = asyncio.get_running_loop().time()  # kept a while after the last leaves
        self._presence(table)
        self._forget_later(table)

    def _presence(self, table: Table) -> None:
        """Tell every connection who is at the table, now if nobody was told in the last
        ``PRESENCE_EVERY`` seconds, else once they have passed (a send already due covers
        this change too: it describes the table as it is when it goes out), unless the
        seats connected are still those last told (spectators are not described)."""
        if table.presence_due is not None:
            return
        wait = table.presence_at + PRESENCE_EVERY - asyncio.get_running_loop().time()
        task = table.presence_due = asyncio.create_task(self._presence_after(table, wait))
        self.presences.add(task)
        task.add_done_callback(self.presences.discard)

    async def _presence_after(self, table: Table, wait: float) -> None:
        if wait > 0:
            await asyncio.sleep(wait)
        # Changes from now on are sent by the next one, PRESENCE_EVERY after this one.
        table.presence_due = None
        if _connected_seats(table) == table.presence_seats:
            return
        table.presence_at = asyncio.get_running_loop().time()
        await self._announce(table)

    async def _announce(self, table: Table) -> None:
        """Tell every connection who is at the table now."""
        table.presence_seats = _connected_seats(table)
        message = {"type": "table", "table": table.describe()}
        for client in list(table.clients):
            await self._safe_send(table, client, message)

    async def _send_state(
        self, table: Table, client: Client, shared: _Shared | None = None
    ) -> None:
        """Send ``client`` the view and the events since its last; ``shared``: what one
        broadcast built already (each event's JSON for every seat that sees it as it is, each
        message by seat and first event), so that it is built once, not once a connection."""
        log_events = table.log
        # Where ``events`` begin in the seat's log: 0 (on connect, or after a name changed the
        # sentences) tells the client to replace its log; else it appends them.
        start = client.sent_events
        client.sent_events = len(log_events)
        seat, names = client.seat, table.sentence_names
        if shared is not None and (seat, start) in shared.messages:
            # Another connection of the seat (a second tab) or a spectator like it.
            await self._safe_send(table, client, shared.messages[seat, start])
            return
        events = []
        for place in range(start, len(log_events)):
            event = log_events[place]
            if shared is None or event.for_seat(seat) is not event:  # redacted for this seat
                events.append(event_json(event, seat, names))
                continue
            if place not in shared.events:
                shared.events[place] = event_json(event, seat, names)
            events.append(shared.events[place])
        message = {
            "type": "state",
            "view": table.view(seat),
            "events": events,
            "log_from": start,
        }
        if shared is not None:
            shared.messages[seat, start] = message
        await self._safe_send(table, client, message)

    async def _safe_send(self, table: Table, client: Client, message: dict[str, Any]) -> None:
        try:
            # A connection that does not read fills its buffer and its send waits: it must
            # not hold the table (its lock, everyone's updates) for longer than this. Most
            # sends finish at once and need no timer (a timer a message was a tenth of the
            # server's CPU a move, its heap grown by the cancelled ones).
            rest = _started(client.send(message))
            if rest is not None:
                async with asyncio.timeout(SEND_TIMEOUT):
                    await rest
        except Exception:  # a dropped or stuck connection must not stop the others' updates
            if client in table.clients:
                table.clients.remove(client)
                self._end(client)

    def _end(self, client: Client) -> None:
        """End a connection let go of, in the background. Left open, it would hear nothing
        more and never know it; ended, its page connects again and is sent the whole state."""
        if client.close is None:
            return
        task = asyncio.create_task(_close_within(client.close, SEND_TIMEOUT))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    async def send_all(self, table: Table, message: dict[str, Any]) -> None:
        """Send ``message`` to every connection at the table, spectators included."""
        for client in list(table.clients):
            await self._safe_send(table, client, message)

    async def send(self, table: Table, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` to one connection (dropped if it does not read)."""
        await self._safe_send(table, client, message)

    async def resend(self, table: Table, seat: int | None = None, full_log: bool = False) -> None:
        """Send the connections of ``seat`` (``None``: every connection) their views again,
        after a name or a setting changed what they show; ``full_log``: with the whole log,
        whose sentences name the seats anew. The caller holds the table's lock, so no move
        comes between the change and everyone hearing of it."""
        for client in list(table.clients):
            if seat is None or client.seat == seat:
                if full_log:
                    client.sent_events = 0
                await self._send_state(table, client)

    # -- moves ------------------------------------------------------------------------------

    async def act(self, table: Table, seat: int | None, message: Any) -> None:
        """Carry out an ``act`` message from ``seat``; ``RefusedError`` (nothing changed) if not."""
        if seat is None:
            raise RefusedError("spectators cannot act; open the table with a seat's link to play")
        if not isinstance(message, dict):
            raise RefusedError("a message must be a JSON object")
        text, move = message.get("action"), message.get("move")
        if not isinstance(text, str) or not text.strip():
            raise RefusedError('an "act" message needs "action": the text of a legal action')
        if isinstance(move, bool) or not isinstance(move, int):
            raise RefusedError('an "act" message needs "move": the "move" of the view you act on')
        if table.info.seats[seat].bot is not None:
            raise RefusedError(f"seat {seat} is played by a bot")
        started = time.perf_counter()
        await self.play(table, seat, text, move)
        metrics.move_took(table.info.game, time.perf_counter() - started)

    async def play(
        self, table: Table, seat: int, text: str, move: int, bot: str | None = None
    ) -> None:
        """Store, apply and broadcast ``text`` by ``seat`` if it is legal at ``move`` (``bot``:
        chosen by that bot, refused unless it still plays the seat).

        The move is made only once its row is committed (with where the clock stands after
        it, at a table with a clock); a write that fails leaves the table as it was and
        raises ``UnstoredError``.
        """
        try:
            await self._play(table, seat, text, move, bot)
        finally:
            # Also after a refusal: catching up with the database may have moved the turn.
            self.schedule_bot(table)

    async def _play(self, table: Table, seat: int, text: str, move: int, bot: str | None) -> None:
        async with table.lock:
            if table.player_of(seat) != bot:
                if bot is None:
                    raise RefusedError(_ABSENT)
                raise RefusedError(f"seat {seat} is no longer played by the {bot} bot")
            state = table.state
            if move != table.move:
                raise RefusedError(
                    f"stale move: you acted on move {move}, the table is at move {table.move}"
                )
            if state.is_over:
                raise RefusedError("the game is over")
            if table.stopped:
                raise RefusedError(STOPPED_MESSAGE)
            if table.waiting:
                await self._seats_again(table)
                if table.waiting:
                    raise RefusedError(_still_open(table.open_seats))
            turn = state.current_player
            if turn != seat:
                who = "nobody" if turn is None else player_name(turn, table.sentence_names)
                raise RefusedError(f"it is not your turn: {who} decides now")
            try:
                action = state.resolve(text)
            except IllegalAction as error:
                raise RefusedError(str(error)) from None
            seq = table.move + 1
            clock, clock_state = table.clock, None
            if clock is not None:
                clock = clock.moved(seat, table.clock_runner(), time.time())
                clock_state = clock.to_json()
            try:
                await self.writes.append(table.id, seq, seat, action.text, clock_state)
            except (ConflictError, SQLAlchemyError) as error:
                # A failed commit may still have reached the database (the connection broke
                # while the server answered), and a conflict means another writer stored this
                # number: either way the stored record is the truth, so catch up with it.
                await self._catch_up(table, error)
                if table.move >= seq and table.info.actions[seq - 1] == action.text:
                    return  # it was stored after all: made and sent like any other move
                if isinstance(error, ConflictError):
                    raise RefusedError(
                        f"stale move: you acted on move {move}, the table is at move {table.move}"
                    ) from None
                raise UnstoredError(
                    "your move was not made: the database did not store it "
                    f"({database_trouble(error)}); send it again in a moment"
                ) from None
            table.apply(action)
            metrics.moved(table.info.game)
            table.clock = clock
            if state.is_over:
                await self._store_finish(table)
            await self._broadcast(table)

    def _apply(self, table: Table, texts: list[str]) -> None:
        """Apply stored actions to the table's state, in order."""
        for stored in texts:
            table.apply(stored)

    async def _broadcast(self, table: Table) -> None:
        shared = _Shared()
        for client in list(table.clients):
            await self._send_state(table, client, shared)

    async def _catch_up(self, table: Table, cause: Exception) -> None:
        """Apply the actions the database holds beyond the table's state (after a failed or
        conflicting write), and send them; a database still unreachable changes nothing."""
        try:
            info = await asyncio.to_thread(self.store.get, table.id)
        except SQLAlchemyError as error:
            log.warning(
                "table %s: a move's write failed (%s) and the record cannot be read back (%s)",
                table.id,
                cause,
                database_trouble(error),
            )
            return
        if info is None or info.actions[: table.move] != table.info.actions:
            log.error("table %s: the stored record no longer begins with the game played", table.id)
            return
        await self.apply_stored(table, info.actions[table.move :])

    async def apply_stored(self, table: Table, texts: list[str]) -> None:
        """Apply actions stored after the table's state (by another process, or by a write
        whose answer was lost) and send the new state; the caller holds the table's lock."""
        if not texts:
            return
        try:
            self._apply(table, texts)
        except GameError as error:
            log.error("table %s: a stored action does not replay: %s", table.id, error)
        if table.clock is not None:
            # Stored with the moves by whoever made them: read, not worked out again here.
            try:
                stored = await asyncio.to_thread(self.store.clock_state, table.id)
            except SQLAlchemyError as error:
                log.warning("table %s: its clock cannot be read: %s", table.id, error)
            else:
                table.clock = table.stored_clock(stored)
        if table.state.is_over:
            await self._store_finish(table)
        await self._broadcast(table)

    async def _store_finish(self, table: Table) -> None:
        """Store the end of a finished game (scores and winners, for the lobby), with the
        places and rating changes of its seats, and tell the table its rating changes."""
        state = table.state
        try:
            await asyncio.to_thread(
                self.store.finish,
                table.id,
                state.scores(),
                state.winners(),
                # A seat whose time ever ran out is ranked last (API.md, "Clocks").
                functools.partial(ratings.record_end, absent=table.timed_out),
            )
            info = await asyncio.to_thread(self.store.get, table.id)
        except SQLAlchemyError as error:
            # The moves are stored; the next load of the table stores its end again.
            log.warning("table %s: its end was not stored: %s", table.id, database_trouble(error))
            return
        except Exception:
            # A fault of the rating step rolled the end back with it: the game stays over here
            # and the next load of the table tries again; the players still see the end.
            log.exception("table %s: its end was not stored", table.id)
            return
        if info is not None:
            table.info.finished_at = info.finished_at
            if info.rating_changes is not None:
                table.info.rating_changes = info.rating_changes
                await self._announce(table)
        self._forget_later(table)  # a game that ended while nobody watched

    def schedule_bot(self, table: Table) -> None:
        """Start the bot whose turn it is, unless one is already thinking at this table, or
        pass for a person who can only pass and lets the server do it; and time the seat
        whose clock runs, if this process enforces the table's clock."""
        self._time(table)
        state = table.state
        if state.is_over or state.current_player is None or table.waiting or table.stopped:
            return  # over or stopped, or nobody moves until every open seat is taken
        if table.player_of(state.current_player) is None:
            self._schedule_pass(table, state.current_player)
            return
        if not self.peers.plays_bots(table.id):
            return  # the process holding the table's bot lease plays it
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.create_task(self._bot_turn(table))

    def _schedule_pass(self, table: Table, seat: int) -> None:
        # Once per move: the move number both keeps a second timer from starting and makes a
        # timer whose move was made meanwhile (the person passed first) a no-op.
        if not table.info.seats[seat].auto_pass or table.pass_move == table.move:
            return
        if not people.lone_pass(table.state):
            return
        table.pass_move = table.move
        task = asyncio.create_task(self._auto_pass(table, seat, table.move))
        self.passes.add(task)
        task.add_done_callback(self.passes.discard)

    async def _auto_pass(self, table: Table, seat: int, move: int) -> None:
        """Pass for ``seat`` at ``move`` after the fixed delay, unless the move was made or
        the seat's holder turned the setting off meanwhile."""
        await asyncio.sleep(people.AUTO_PASS_DELAY)
        if table.move != move or not table.info.seats[seat].auto_pass:
            return
        try:
            await self.play(table, seat, people.PASS, move)
        except UnstoredError as error:
            log.warning("a pass at table %s was not stored: %s", table.id, error)
            await asyncio.sleep(STORE_RETRY_CAP)
            if table.pass_move == move:
                table.pass_move = None  # try again
                self.schedule_bot(table)
        except RefusedError:
            pass  # the move was made meanwhile (by the person, or another server process)

    async def _bot_turn(self, table: Table) -> None:
        seat = table.state.current_player
        bot = None if seat is None else table.player_of(seat)
        if seat is None or bot is None:
            return
        move = table.move
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
        try:
            if people.lone_pass(table.state):
                # Any bot plays its only legal action: no need to replay the game in a worker.
                text = people.PASS
            else:
                # From the seat's information only, an absent person's seat too: the pool's
                # bots decide from ``seat``'s view of the game.
                text = await self.pool.choose(table.info.record(), bot, seat)
            await self.play(table, seat, text, move, bot)
        except UnstoredError as error:
            # The database is down, full or read-only: the bot moves again once it is back.
            table.store_failures += 1
            log.warning("bot move at table %s not stored: %s", table.id, error)
            await asyncio.sleep(min(STORE_RETRY_CAP, 0.1 * 2**table.store_failures))
        except RefusedError as error:
            # Only another writer on the same database can make a bot's move stale; the table
            # then caught up with the stored record and the bot plays the new turn; or the
            # absent person it played for came back, and moves. Any other refusal would
            # repeat, so the table waits for a restart.
            if table.player_of(seat) == bot:
                log.error("bot move at table %s refused: %s", table.id, error)
            if table.move == move:
                table.bot_task = None
                return
        except Exception:
            table.bot_failures += 1
            log.exception("the %s bot failed at table %s", bot, table.id)
            if table.bot_failures >= BOT_ATTEMPTS:
                log.error(
                    "table %s waits for a restart: its bot failed %d times", table.id, BOT_ATTEMPTS
                )
                table.bot_task = None
                return
            await asyncio.sleep(table.bot_failures)
        else:
            table.bot_failures = 0
            table.store_failures = 0
            self.bot_moves += 1
        table.bot_task = None
        self.schedule_bot(table)

    # -- clocks and absence (docs/server.md, "Clocks and absence") -----------------------------

    def _time(self, table: Table) -> None:
        """Set the timer of the seat whose clock runs now, in the process that enforces the
        table's clock (the holder of its bot lease); stop any earlier one."""
        if table.clock is None:
            return
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        seat = table.clock_runner()
        if seat is None:
            return
        now = time.time()
        table.clock = clock = table.clock.begun(now)
        if not self.peers.plays_bots(table.id):
            return
        left = clock.left(seat, seat, now) or 0.0
        loop = asyncio.get_running_loop()
        table.clock_timer = loop.call_later(left, self._ran_out, table, seat, table.move)
        if self.checkpointer is None or self.checkpointer.done():
            self.checkpointer = asyncio.create_task(self._checkpoints())

    async def _checkpoints(self) -> None:
        """While clocks are enforced here, store where each running one stands every
        ``clock.checkpoint_every()`` seconds, in one write for all: a server killed outright
        gives back at most that much time (``resume_all`` charges from the stored remaining).
        A table busy with a move is left to the next round; its move stores its clock."""
        while any(table.clock_timer is not None for table in self.tables.values()):
            await asyncio.sleep(clocks.CHECKPOINT)
            now = time.time()
            due = [
                table
                for table in self.tables.values()
                if table.clock is not None
                and table.clock_timer is not None
                and table.clock.since is not None
                and now - table.clock.since >= table.clock.checkpoint_every()
                and not table.lock.locked()
            ]
            for table in due:
                # Free, so taken at once (no other coroutine runs in between): no move can
                # come between what is written and what the table holds.
                await table.lock.acquire()
            try:
                states: dict[str, tuple[Table, clocks.ClockState]] = {}
                for table in due:
                    seat = table.clock_runner()
                    if seat is not None and table.clock is not None:
                        states[table.id] = (table, table.clock.checkpoint(seat, now))
                if not states:
                    continue
                stored = {key: state.to_json() for key, (_, state) in states.items()}
                try:
                    await asyncio.to_thread(self.store.set_clocks, stored)
                except SQLAlchemyError as error:
                    log.warning("the clocks were not stored: %s", database_trouble(error))
                    continue
                for table, state in states.values():
                    table.clock = state
            finally:
                for table in due:
                    table.lock.release()

    def _ran_out(self, table: Table, seat: int, move: int) -> None:
        table.clock_timer = None
        task = asyncio.create_task(self._time_out(table, seat, move))
        self.timeouts.add(task)
        task.add_done_callback(self.timeouts.discard)

    async def _time_out(self, table: Table, seat: int, move: int) -> None:
        """Make ``seat`` absent if its time ran out at ``move``: stored, announced to the
        other processes, every connection sent its state, and the bot plays it from now."""
        async with table.lock:
            clock = table.clock
            if clock is None or table.move != move or table.clock_runner() != seat:
                return  # the seat moved (or left the turn) while the timer fired
            now = time.time()
            left = clock.left(seat, seat, now) or 0.0
            if left > CLOCK_SLACK or not self.peers.plays_bots(table.id):
                self._time(table)  # the clock was given time meanwhile, or is enforced elsewhere
                return
            after = clock.ran_out(seat, now)
            seats = [replace(info) for info in table.info.seats]
            seats[seat].absent = True
            try:
                await asyncio.to_thread(self.store.set_clock, table.id, seats, after.to_json())
            except SQLAlchemyError as error:
                log.warning(
                    "table %s: seat %d's time ran out but is not stored: %s",
                    table.id,
                    seat,
                    database_trouble(error),
                )
                loop = asyncio.get_running_loop()
                table.clock_timer = loop.call_later(
                    STORE_RETRY_CAP, self._ran_out, table, seat, move
                )
                return
            table.clock = after
            await self.reseat(table, seats)
        self.schedule_bot(table)

    async def back(self, table: Table, seat: int) -> None:
        """The absent person of ``seat`` takes it back: at once, with at least
        ``clocks.BACK_SECONDS`` on the clock; stored, announced, every connection sent its
        state. ``RefusedError`` if the seat is not absent, ``UnstoredError`` if not stored."""
        async with table.lock:
            if table.clock is None or not table.info.seats[seat].absent:
                raise RefusedError(
                    f"seat {seat} is not absent: nobody plays it for you, so there is no "
                    "need to come back"
                )
            its_turn = table.state.current_player == seat and not table.state.is_over
            after = table.clock.back(seat, its_turn, time.time())
            seats = [replace(info) for info in table.info.seats]
            seats[seat].absent = False
            try:
                await asyncio.to_thread(self.store.set_clock, table.id, seats, after.to_json())
            except SQLAlchemyError as error:
                raise UnstoredError(
                    "you are not back yet: the database did not store it "
                    f"({database_trouble(error)}); send it again in a moment"
                ) from None
            table.clock = after
            if its_turn and table.bot_task is not None:
                # The bot was thinking for the seat (or waiting for this lock): the person moves.
                table.bot_task.cancel()
            await self.reseat(table, seats)
        self.schedule_bot(table)

    async def clock_heard(
        self, table: Table, seats: list[SeatInfo], clock_state: dict[str, Any]
    ) -> None:
        """Another process stored a seat's absence or return with the clock's state: take
        both in and send every connection its state."""
        async with table.lock:
            table.clock = table.stored_clock(clock_state)
            await self.reseat(table, seats)
        self.schedule_bot(table)

    async def close(self) -> None:
        """Stop the bot tasks (their moves were not stored, so a restart redoes them)."""
        for table in self.tables.values():
            if table.clock_timer is not None:
                table.clock_timer.cancel()
                table.clock_timer = None
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        if self.checkpointer is not None:
            tasks.append(self.checkpointer)
        tasks += [*self.passes, *self.closing, *self.timeouts, *self.presences]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
