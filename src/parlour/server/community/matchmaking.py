"""Play now (API.md, "Play now"; docs/server.md, "Play now"): the queue of tickets kept in
the database, the rules that seat waiting people together (with bots once they asked for
them), and the bots' level at a rated table.

Any server process may match anyone: a game's queue is matched in one transaction that
holds it (an advisory lock and the tickets' rows on PostgreSQL, the writer lock on SQLite)
and makes the tables and marks their tickets seated before it commits, so nobody is seated
twice and a ticket cancelled meanwhile is never seated.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

from sqlalchemy import and_, delete, func, or_, select, text, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from ... import load
from ...bots import LEVELS
from ...core import Game
from ..people import hints_default
from ..store import SeatInfo, Store
from ..tokens import hash_token, new_table_id, new_token
from . import ratings
from .rows import AccountRow, MatchTicketRow, RatingRow

__all__ = [
    "CANCELLED",
    "DEFAULT_LEVEL",
    "KEEP",
    "MATCH_EVERY",
    "SEATED",
    "WAITING",
    "Matchmaking",
    "Seating",
    "TicketState",
    "Waiting",
    "bot_level_for",
    "plan",
    "ticket_hash",
    "usual_players",
]

log = logging.getLogger("parlour.server")

# A ticket's status.
WAITING = "waiting"
SEATED = "seated"
CANCELLED = "cancelled"
# The level of bots that fill a table when no rating says better (and at unrated tables).
DEFAULT_LEVEL = "medium"
# Seated and cancelled tickets are deleted once this old: their holders have read them.
KEEP = timedelta(hours=1)
# Seconds between two matchings of every queue by each process (bots' time comes without
# any request), and between two deletions of old tickets.
MATCH_EVERY = 1.0
SWEEP_EVERY = 60.0
# The first key of a game's queue's advisory lock (the second: a hash of the game). Bot
# leases take one-key locks, which never collide with two-key ones.
LOCK_CLASS = 0x504E  # "PN"


def ticket_hash(ticket: str) -> str:
    """What the database keeps of a ticket id: its SHA-256 in hex (a leaked database
    answers nobody's ticket)."""
    return hashlib.sha256(ticket.encode("utf-8")).hexdigest()


def usual_players(game: Game) -> int:
    """The size of a table that bots fill for people who take any size: four where the
    game takes four, else the nearest size it takes."""
    return min(max(4, game.min_players), game.max_players)


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes for what was stored in UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Waiting:
    """A waiting ticket as the rules see it: its hash, the table size asked for (``None``:
    any), rated or not, bots after how many seconds (``None``: never), whose it is (an
    account, or a guest's name), and when it was made."""

    id_hash: str
    players: int | None
    rated: bool
    bots_after: float | None
    account_id: int | None
    name: str | None
    created_at: datetime

    @property
    def takes_bots(self) -> bool:
        """Whether its holder accepts bots at the table at all."""
        return self.bots_after is not None

    def bots_due(self, now: datetime) -> bool:
        """Whether its wait for bots is over at ``now``."""
        return (
            self.bots_after is not None
            and self.created_at + timedelta(seconds=self.bots_after) <= now
        )


class Seating(NamedTuple):
    """A table the rules make: its size and the people seated there in arrival order (the
    other seats are bots')."""

    players: int
    people: tuple[Waiting, ...]

    @property
    def bots(self) -> int:
        """How many seats bots take."""
        return self.players - len(self.people)


def plan(game: Game, tickets: Sequence[Waiting], now: datetime) -> list[Seating]:
    """The tables to make at ``now`` from one game's waiting tickets in arrival order:
    rated and unrated tickets apart, each pool by ``_pool``'s rules; a second waiting
    ticket of an account waits (one table never seats an account twice)."""
    seen: set[int] = set()
    distinct = []
    for ticket in tickets:
        if ticket.account_id is not None:
            if ticket.account_id in seen:
                continue
            seen.add(ticket.account_id)
        distinct.append(ticket)
    tables: list[Seating] = []
    for rated in (False, True):
        tables += _pool(game, [ticket for ticket in distinct if ticket.rated == rated], now)
    return tables


def _pool(game: Game, tickets: list[Waiting], now: datetime) -> list[Seating]:
    """The tables of one pool (one game, rated or not).

    1. People only, in arrival order: a size group with enough people for its size makes a
       table of its first ones; else "any" tickets fill the group they complete with the
       fewest of them (ties: the group waiting longest); else, once "any" tickets are as
       many as the game's fewest players, they make a table of that size.
    2. With bots, once the wait of a ticket of a size group is over: every ticket of the
       group that takes bots is seated, with the "any" tickets that take bots up to the
       size, the other seats bots'. Then, once the wait of an "any" ticket is over, the
       "any" tickets that take bots join the group with the most people who take bots
       (seated as above), or if there is none make a table of ``usual_players`` with bots.
       Tickets that never take bots wait on for people.
    """
    sized: dict[int, list[Waiting]] = {}
    anys: list[Waiting] = []
    for ticket in tickets:
        if ticket.players is None:
            anys.append(ticket)
        else:
            sized.setdefault(ticket.players, []).append(ticket)
    tables = _people_only(game, sized, anys)
    # Groups in the order their first ticket arrived: the longest wait is served first.
    order = sorted(
        (size for size in sized if sized[size]), key=lambda size: sized[size][0].created_at
    )
    for size in order:
        if any(ticket.bots_due(now) for ticket in sized[size]):
            tables.append(_with_bots(size, sized, anys))
    if any(ticket.bots_due(now) for ticket in anys):
        takers = {size: sum(t.takes_bots for t in group) for size, group in sized.items()}
        joined = sorted(
            (size for size in sized if takers[size]), key=lambda s: sized[s][0].created_at
        )
        if joined:
            size = max(joined, key=lambda s: takers[s])  # max keeps the first of equals
            tables.append(_with_bots(size, sized, anys))
        else:
            size = usual_players(game)
            people = [ticket for ticket in anys if ticket.takes_bots][:size]
            tables.append(Seating(size, tuple(people)))
    return tables


def _people_only(game: Game, sized: dict[int, list[Waiting]], anys: list[Waiting]) -> list[Seating]:
    """Step 1 of ``_pool``: the tables of people alone; the tickets seated leave the lists."""
    tables = []
    while True:
        full = next((size for size, group in sized.items() if len(group) >= size), None)
        if full is not None:
            tables.append(Seating(full, tuple(sized[full][:full])))
            del sized[full][:full]
            continue
        fillable = [
            (size - len(group), group[0].created_at, size)
            for size, group in sized.items()
            if group and size - len(group) <= len(anys)
        ]
        if fillable:
            missing, _, size = min(fillable)
            people = sorted([*sized[size], *anys[:missing]], key=lambda t: t.created_at)
            tables.append(Seating(size, tuple(people)))
            sized[size].clear()
            del anys[:missing]
            continue
        if len(anys) >= game.min_players:
            tables.append(Seating(game.min_players, tuple(anys[: game.min_players])))
            del anys[: game.min_players]
            continue
        return tables


def _with_bots(size: int, sized: dict[int, list[Waiting]], anys: list[Waiting]) -> Seating:
    """Seat a size group's tickets that take bots, with "any" tickets that take bots up to
    the size; the tickets seated leave the lists."""
    people = [ticket for ticket in sized[size] if ticket.takes_bots][:size]
    joining = [ticket for ticket in anys if ticket.takes_bots][: size - len(people)]
    sized[size] = [ticket for ticket in sized[size] if ticket not in people]
    anys[:] = [ticket for ticket in anys if ticket not in joining]
    return Seating(size, tuple(sorted([*people, *joining], key=lambda t: t.created_at)))


def bot_level_for(ratings: Sequence[float], levels: Mapping[str, float]) -> str:
    """The bot level whose rating (``levels``: each level's) is nearest the average of the
    people's ``ratings``; ``DEFAULT_LEVEL`` when no person's or no level's rating is known
    (ties: ``DEFAULT_LEVEL`` first, then by name)."""
    if not ratings or not levels:
        return DEFAULT_LEVEL
    average = sum(ratings) / len(ratings)
    return min(
        levels,
        key=lambda level: (abs(levels[level] - average), level != DEFAULT_LEVEL, level),
    )


@dataclass(frozen=True)
class TicketState:
    """A ticket as its holder reads it: its game and status, and while it waits how many
    wait for the same game, size and rated (itself included); once seated, its table, seat
    and that seat's token."""

    game: str
    status: str
    waiting: int = 0
    table: str | None = None
    seat: int | None = None
    token: str | None = None


class Matchmaking:
    """The "Play now" queue of one database; every method but ``start`` and ``close`` is
    blocking (call it from a thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        self.task: asyncio.Task[None] | None = None

    # -- tickets ----------------------------------------------------------------------------

    def ask(
        self,
        game: str,
        players: int | None,
        rated: bool,
        bots_after: float | None,
        account_id: int | None,
        name: str | None,
    ) -> str:
        """A new waiting ticket (its id, never stored) of an account, or of a guest named
        ``name``; an account waits in one queue at a time, so its earlier waiting ticket is
        cancelled."""
        ticket = secrets.token_urlsafe(24)
        with Session(self.engine) as session, session.begin():
            if account_id is not None:
                session.execute(
                    update(MatchTicketRow)
                    .where(
                        MatchTicketRow.account_id == account_id, MatchTicketRow.status == WAITING
                    )
                    .values(status=CANCELLED)
                )
            session.add(
                MatchTicketRow(
                    id_hash=ticket_hash(ticket),
                    game=game,
                    players=players,
                    rated=rated,
                    bots_after=bots_after,
                    account_id=account_id,
                    name=None if account_id is not None else name,
                    status=WAITING,
                    created_at=datetime.now(UTC),
                )
            )
        return ticket

    def look(self, ticket: str) -> TicketState | None:
        """The ticket as it is now, or ``None`` if there is no such ticket."""
        with Session(self.engine) as session:
            row = session.get(MatchTicketRow, ticket_hash(ticket))
            if row is None:
                return None
            if row.status != WAITING:
                return TicketState(row.game, row.status, 0, row.table_id, row.seat, row.token)
            size = (
                MatchTicketRow.players.is_(None)
                if row.players is None
                else MatchTicketRow.players == row.players
            )
            count = session.scalar(
                select(func.count())
                .select_from(MatchTicketRow)
                .where(
                    MatchTicketRow.game == row.game,
                    MatchTicketRow.rated == row.rated,
                    MatchTicketRow.status == WAITING,
                    size,
                )
            )
            return TicketState(row.game, WAITING, int(count or 0))

    def cancel(self, ticket: str) -> TicketState | None:
        """Leave the queue: the ticket as it is now (``CANCELLED``, or ``SEATED`` if it was
        seated first), or ``None`` if there is no such ticket. A matching that holds the
        ticket's row is waited for, so a ticket is either seated or cancelled, never both."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(MatchTicketRow)
                .where(
                    MatchTicketRow.id_hash == ticket_hash(ticket),
                    MatchTicketRow.status == WAITING,
                )
                .values(status=CANCELLED)
            )
        return self.look(ticket)

    # -- matching ---------------------------------------------------------------------------

    def match(self, game_name: str) -> list[str]:
        """Seat whoever the rules seat now among the game's waiting tickets; the ids of the
        tables made (every seat taken, public, hints off where rated)."""
        game = load(game_name)
        now = datetime.now(UTC)
        # A look without the lock first: most times nobody is to be seated, and the lock
        # would stop every other writer (SQLite) for nothing.
        with Session(self.engine) as session:
            if not plan(game, self._waiting(session, game.name, lock=False), now):
                return []
        made = []
        with Session(self.engine) as session, session.begin():
            self._hold_queue(session, game.name)
            for seating in plan(game, self._waiting(session, game.name, lock=True), now):
                made.append(self._seat(session, game, seating, now))
        return made

    def match_all(self) -> list[str]:
        """``match`` every game someone waits for; the ids of the tables made."""
        with Session(self.engine) as session:
            games = session.scalars(
                select(MatchTicketRow.game).where(MatchTicketRow.status == WAITING).distinct()
            ).all()
        made = []
        for game in sorted(games):
            made += self.match(game)
        return made

    def sweep(self) -> int:
        """Delete the tickets seated or cancelled more than ``KEEP`` ago; how many."""
        cutoff = datetime.now(UTC) - KEEP
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                delete(MatchTicketRow).where(
                    or_(
                        and_(MatchTicketRow.status == SEATED, MatchTicketRow.seated_at < cutoff),
                        and_(
                            MatchTicketRow.status == CANCELLED, MatchTicketRow.created_at < cutoff
                        ),
                    )
                )
            )
        return int(getattr(result, "rowcount", 0) or 0)

    def _hold_queue(self, session: Session, game: str) -> None:
        """Hold the game's queue until the transaction ends: one matching at a time, in
        every process."""
        if self.engine.dialect.name == "sqlite":
            # The driver begins a transaction only at the first write: a write that changes
            # nothing takes the database's writer lock first, so what is read next stays
            # true until the commit (as ``Store._locked`` does); it takes the lock even when
            # it matches no row.
            session.execute(
                text(
                    "UPDATE parlour_match_tickets SET status = status"
                    " WHERE game = :game AND status = :waiting"
                ),
                {"game": game, "waiting": WAITING},
            )
        else:
            session.execute(
                text("SELECT pg_advisory_xact_lock(CAST(:kind AS integer), hashtext(:game))"),
                {"kind": LOCK_CLASS, "game": game},
            )

    @staticmethod
    def _waiting(session: Session, game: str, lock: bool) -> list[Waiting]:
        """The game's waiting tickets in arrival order (``lock``: their rows held, so a
        cancel waits for the matching)."""
        query = (
            select(MatchTicketRow)
            .where(MatchTicketRow.game == game, MatchTicketRow.status == WAITING)
            .order_by(MatchTicketRow.created_at, MatchTicketRow.id_hash)
        )
        if lock:
            query = query.with_for_update()
        return [
            Waiting(
                row.id_hash,
                row.players,
                bool(row.rated),
                row.bots_after,
                row.account_id,
                row.name,
                _aware(row.created_at),
            )
            for row in session.scalars(query)
        ]

    def _seat(self, session: Session, game: Game, seating: Seating, now: datetime) -> str:
        """Make the table of ``seating`` and mark its tickets seated, in the transaction
        that holds the queue; the table's id."""
        rated = seating.people[0].rated
        accounts = {t.account_id for t in seating.people if t.account_id is not None}
        rows = session.execute(
            select(AccountRow.id, AccountRow.username).where(AccountRow.id.in_(accounts))
        ).all()
        usernames = {int(account_id): str(username) for account_id, username in rows}
        level = DEFAULT_LEVEL
        if seating.bots and rated:
            level = bot_level_for(*self._ratings(session, game.name, accounts))
        # Seats drawn at random: whoever came first has no say over who plays first.
        order = list(range(seating.players))
        secrets.SystemRandom().shuffle(order)
        seats = [SeatInfo(level, None) for _ in order]
        tokens = {}
        for ticket, seat in zip(seating.people, order, strict=False):
            token = tokens[ticket.id_hash] = new_token()
            name = ticket.name if ticket.account_id is None else usernames[ticket.account_id]
            seats[seat] = SeatInfo(None, hash_token(token), name, True, ticket.account_id)
        seed = secrets.randbits(32)
        state = game.new_game(seating.players, seed)
        table_id = new_table_id()
        self.store.create(
            table_id,
            game.name,
            seating.players,
            seed,
            dict(state.options),
            seats,
            version=game.version,
            hints=False if rated else hints_default(seats),
            rated=rated,
            session=session,
            public=True,  # API.md, "Private tables": Play now's tables are listed
        )
        for ticket, seat in zip(seating.people, order, strict=False):
            session.execute(
                update(MatchTicketRow)
                .where(MatchTicketRow.id_hash == ticket.id_hash)
                .values(
                    status=SEATED,
                    table_id=table_id,
                    seat=seat,
                    token=tokens[ticket.id_hash],
                    seated_at=now,
                )
            )
        return table_id

    @staticmethod
    def _ratings(
        session: Session, game: str, accounts: set[int]
    ) -> tuple[list[float], dict[str, float]]:
        """The ratings of those accounts that have one for ``game``, and of every bot level
        (where one has no row yet: where the tournaments placed it). A rating here is
        OpenSkill's mean: the displayed rating (mean less three deviations) is kept low for a
        newcomer on purpose, which would pick bots too weak for a strong newcomer."""
        rows = session.execute(
            select(RatingRow.account_id, RatingRow.bot, RatingRow.mu).where(
                RatingRow.game == game,
                or_(RatingRow.account_id.in_(accounts), RatingRow.bot.in_(LEVELS)),
            )
        ).all()
        people, levels = [], {}
        for account_id, bot, mu in rows:
            if account_id is not None:
                people.append(float(mu))
            elif bot is not None:
                levels[bot] = float(mu)
        for level in LEVELS:
            levels.setdefault(level, ratings.bot_start(game, level).mu)
        return people, levels

    # -- the background matching --------------------------------------------------------------

    def start(self, seated: Callable[[list[str]], Awaitable[None]]) -> None:
        """Match every queue each ``MATCH_EVERY`` seconds and delete old tickets each
        ``SWEEP_EVERY`` seconds, in the background; ``seated`` is given the tables made."""
        self.task = asyncio.create_task(self._run(seated))

    async def close(self) -> None:
        """Stop the background matching."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def _run(self, seated: Callable[[list[str]], Awaitable[None]]) -> None:
        loop = asyncio.get_running_loop()
        swept = loop.time()
        while True:
            await asyncio.sleep(MATCH_EVERY)
            try:
                made = await asyncio.to_thread(self.match_all)
                if made:
                    await seated(made)
                if loop.time() - swept >= SWEEP_EVERY:
                    swept = loop.time()
                    await asyncio.to_thread(self.sweep)
            except SQLAlchemyError as error:
                log.warning("play now: the queue was not matched: %s", error)
            except Exception:
                # The queue must go on being matched whatever one round met: log and go on.
                log.exception("play now: matching failed")
