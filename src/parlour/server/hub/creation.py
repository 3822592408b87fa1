"""New tables: opened from a request (its seats checked to fit together), and a finished
table's rematch, opened once whichever process is asked first, and offered to its seats."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Collection
from typing import Any

from sqlalchemy.exc import IntegrityError

from ... import load
from .. import people
from ..community import clocks
from ..store import SeatInfo
from ..tokens import hash_token, new_table_id, new_token
from .connections import Connections
from .parts import RefusedError
from .table import Client, Table

__all__ = ["Creation", "seat_url"]


def seat_url(table_id: str, seat: int, token: str) -> str:
    """The page of a seat; the token rides in the fragment, which browsers never send to
    servers or proxies' logs."""
    return f"/table/{table_id}#seat={seat}&token={token}"


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
            raise RefusedError(
                f"seat {people.seat_number(seat)} is not a seat of a {players}-player table"
            )
        if seat in bots:
            raise RefusedError(
                f"seat {people.seat_number(seat)} is a bot's: only a person's seat is open or taken"
            )
    for seat in sorted(open_seats):
        if seat in accounts:
            raise RefusedError(f"seat {people.seat_number(seat)} is yours, so it is not open")
        if seat in names:
            raise RefusedError(
                f"seat {people.seat_number(seat)} is open: whoever takes it names it"
            )
    if not rated:
        return hints
    taken = bots.keys() | accounts.keys() | open_seats
    guests = [seat for seat in range(players) if seat not in taken]
    if guests:
        raise RefusedError(
            "at a rated table every person's seat is an account's: sit at one seat and "
            f"leave the others open (seat {', '.join(str(people.seat_number(s)) for s in guests)} "
            "is neither)"
        )
    if hints:
        raise RefusedError("a rated table has no hints")
    return False


class Creation(Connections):
    """Opening tables, and rematches."""

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
