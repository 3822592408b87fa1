"""The JSON API: the games and their cards, opening tables and reading them, open seats
(taking, filling, closing), an account's tables, finished games' records, replays, analyses,
claims and rematches, and this process's health."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute

from ... import game_names, load, replay
from ...bots import LEVELS
from ...bots import names as bot_names
from ...bots import titles as bot_titles
from ...core import GameError
from ..catalogue import catalogue, table_cards
from ..community import clocks
from ..community.accounts import Account
from ..deps import (
    AccountDep,
    AnalysesDep,
    ClusterDep,
    HubDep,
    QuotasDep,
    SettingsDep,
    SignedInDep,
    TableDep,
    client_address,
    ended,
)
from ..errors import RequestError
from ..hub import RefusedError, Table, event_json, seat_url
from ..limits import count_refusal
from ..people import check_name, hints_default, seat_names, seat_number
from ..schemas import (
    BotRequest,
    ClaimRequest,
    RematchRequest,
    SeatsRequest,
    SitRequest,
    TableRequest,
    bot_kind,
)
from ..store import ConflictError, GoneError, TableInfo

__all__ = ["MAX_BODY", "router"]

# The largest request body read: room for options such as every hand of a deal.
MAX_BODY = 65536
# The Retry-After of a table of bots alone refused by its cap: about a short game's length.
BOT_TABLES_RETRY = 60


class BoundedBody(APIRoute):
    """A route that refuses (413) a request body over ``MAX_BODY`` bytes before parsing it."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def bounded(request: Request) -> Response:
            size = len(await request.body())
            if size > MAX_BODY:
                message = f"the request is too large ({size} bytes; at most {MAX_BODY})"
                raise RequestError(413, message)
            return await handler(request)

        return bounded


# A body without a Content-Type is read as JSON, as it always was here: the origin check of
# writes (app.py) already keeps other sites' pages from sending one.
router = APIRouter(route_class=BoundedBody, strict_content_type=False)


# -- games and cards ----------------------------------------------------------------------------


@router.get("/api/games")
async def games(settings: SettingsDep) -> list[dict[str, Any]]:
    """The games, their player ranges and options, the bots to seat and what each is for a
    player (``bot_titles``; an agent the operator configured goes by its spec)."""
    bots = [*LEVELS, *(b for b in bot_names() if b not in LEVELS), *settings.agents]
    titles = bot_titles()
    return [
        {
            "name": game.name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [option.to_dict() for option in game.options.values()],
            "bots": bots,
            "bot_titles": titles,
        }
        for game in map(load, game_names())
    ]


@router.get("/api/clocks")
async def clock_profiles() -> list[dict[str, Any]]:
    """The lobby's named clocks (``community.clocks.PROFILES``): name, label and the
    ``"clock"`` to send when opening a table (``null``: none)."""
    return [profile.to_json() for profile in clocks.PROFILES]


@router.api_route("/api/health", methods=["GET", "HEAD"])
async def health(hub: HubDep, cluster: ClusterDep) -> dict[str, Any]:
    """This server process: its id, the tables it holds, its bot leases and bot moves
    (a proxy's health check; which process of several answered)."""
    return {
        "status": "ok",
        "process": os.getpid(),
        "database": hub.store.engine.dialect.name,
        "tables": len(hub.tables),
        "bot_leases": len(cluster.leases.held) if cluster is not None else None,
        "bot_moves": hub.bot_moves,
    }


@router.get("/api/games/{name}/cards")
async def cards(name: str) -> dict[str, Any]:
    """The game's public card data (names, costs, colours) for drawing cards."""
    try:
        game = load(name)
    except GameError as error:
        raise RequestError(404, str(error)) from None
    return catalogue(game.name)


@router.get("/api/tables/{table_id}/cards")
async def all_table_cards(table: TableDep) -> dict[str, Any]:
    """Every card of the table's game as it loaded them, with rules texts (Fool's Blade)."""
    found = table_cards(table.state)
    if found is None:
        raise RequestError(404, f"{table.info.game} has no per-table cards")
    return found


@router.get("/api/tables/{table_id}/cards/{card_id}")
async def table_card(table: TableDep, card_id: str) -> dict[str, Any]:
    """A card's fields as the table's game loaded them (games with ``state.card``)."""
    lookup = getattr(table.state, "card", None)
    if lookup is None:
        raise RequestError(404, f"{table.info.game} has no card lookup")
    try:
        found = lookup(card_id)
    except (LookupError, ValueError):
        raise RequestError(404, f"there is no card {card_id!r}") from None
    return dict(found)


# -- tables -------------------------------------------------------------------------------------


@router.post("/api/tables", status_code=201)
async def create_table(
    asked: TableRequest,
    hub: HubDep,
    settings: SettingsDep,
    account: AccountDep,
    quotas: QuotasDep,
    request: Request,
) -> dict[str, Any]:
    """Open a table: ``{game, players, options, seed?, bots, names?, hints?, sit?, open?,
    rated?, clock?, public?}``; seat links come back (none for open seats). 429 with
    ``Retry-After`` past the limits of the address or account (docs/server.md, "Limits")."""
    address = client_address(request)
    keys = [f"address {address}", *([f"account {account.id}"] if account is not None else [])]
    wait = quotas.table_wait(keys)
    if wait:
        count_refusal("tables")
        most = quotas.limits.tables_per_minute
        message = f"too many new tables: at most {most:g} a minute; try again in {wait} s"
        raise RequestError(429, message, retry_after=wait)
    try:
        bot_seats = asked.bot_seats(settings.agents)
    except (RefusedError, GameError) as error:
        raise RequestError(400, str(error)) from None
    bots_alone = len(bot_seats) == asked.players
    if bots_alone:
        live = await asyncio.to_thread(hub.store.bot_tables)
        refusal = quotas.bot_tables_refusal(address, live)
        if refusal is not None:
            count_refusal("bot_tables")
            raise RequestError(429, refusal, retry_after=BOT_TABLES_RETRY)
    if asked.sit is not None and account is None:
        raise RequestError(401, 'sign in first: "sit" takes a seat for your account')
    if asked.rated and account is None:
        raise RequestError(400, "a rated table is opened by a signed-in person: sign in first")
    names, accounts = dict(asked.names), {}
    if account is not None and asked.sit is not None:
        names[asked.sit], accounts[asked.sit] = account.username, account.id
    try:
        table, tokens = await hub.create(
            asked.game,
            asked.players,
            asked.options,
            asked.seed,
            bot_seats,
            names=names,
            hints=asked.hints,
            accounts=accounts,
            rated=asked.rated,
            creator_id=account.id if account is not None else None,
            open_seats=asked.open,
            clock=asked.clock,
            public=asked.listed,
        )
    except (RefusedError, GameError) as error:
        raise RequestError(400, str(error)) from None
    if bots_alone:
        quotas.bot_table_opened(address, table.id)
    return {
        "table": table.id,
        "seats": [
            {"seat": seat, "token": token, "url": seat_url(table.id, seat, token)}
            for seat, token in sorted(tokens.items())
        ],
        "open": table.open_seats,
        "spectate": f"/table/{table.id}",
    }


@router.get("/api/tables")
async def list_tables(
    hub: HubDep, waiting: Annotated[bool, Query(alias="open")] = False
) -> list[dict[str, Any]]:
    """The newest public tables, newest first: open, running and finished, with scores;
    ``?open=true``: only those waiting for someone to take an open seat."""
    found = await asyncio.to_thread(hub.store.summaries, waiting=waiting)
    creators = await asyncio.to_thread(
        hub.store.usernames, {i.creator_id for i in found if i.creator_id is not None}
    )
    out = []
    for info in found:
        live = await hub.held(info.id)
        if live is not None:
            if not waiting or live.waiting:  # an open seat taken since the query
                out.append(live.describe())
            continue
        out.append(_summary(info, creators))
    return out


def _summary(info: TableInfo, creators: dict[int, str]) -> dict[str, Any]:
    """A table this process does not hold, as the lobby lists it (without replaying it)."""
    game = load(info.game)
    open_seats = [seat for seat, held in enumerate(info.seats) if held.open]
    status = (
        "stopped"
        if info.stopped_at
        else "over"
        if info.finished_at
        else "waiting"
        if open_seats
        else "playing"
    )
    return {
        "id": info.id,
        "game": game.name,
        "title": game.title,
        "players": info.players,
        "status": status,
        "scores": info.scores,
        "winners": info.winners,
        "created_at": info.created_at.isoformat(),
        "finished_at": info.finished_at.isoformat() if info.finished_at else None,
        "seats": [{"seat": s, "bot": seat.bot} for s, seat in enumerate(info.seats)],
        "names": seat_names(info.seats),
        "hints": hints_default(info.seats) if info.hints is None else info.hints,
        "open": open_seats,
        "rated": info.rated,
        "public": info.public,
        "clock_settings": info.clock,
        "creator": None if info.creator_id is None else creators.get(info.creator_id),
    }


@router.get("/api/tables/{table_id}")
async def get_table(table: TableDep) -> dict[str, Any]:
    """The spectator view and the table's status."""
    return {"table": table.describe(), "view": table.view(None)}


def _where_a_seat_stands(table: Table, seat: int) -> dict[str, Any]:
    """A held seat's table, status and whether it is the seat's turn (the lobby's list)."""
    facts = table.describe()
    turn = table.state.current_player
    return {
        "table": table.id,
        "seat": seat,
        "game": facts["game"],
        "title": facts["title"],
        "players": facts["players"],
        "names": facts["names"],
        "status": facts["status"],
        "move": facts["move"],
        "current_player": turn,
        # Nobody moves at a table that waits for open seats.
        "your_turn": turn == seat and not table.waiting,
        "scores": facts["scores"],
        "winners": facts["winners"],
        "created_at": facts["created_at"],
        "finished_at": facts["finished_at"],
    }


@router.post("/api/seats")
async def your_seats(asked: SeatsRequest, hub: HubDep) -> dict[str, Any]:
    """Where the seats a browser holds stand: ``{"seats": [{"table", "token"}, ...]}``
    answers each one's table, seat, status and whose turn it is (the lobby's "your
    tables"); a token that opens nothing is answered with why, not refused."""
    out: list[dict[str, Any]] = []
    for entry in asked.seats:
        table_id, token = entry.table, entry.token
        try:
            table = await hub.get(table_id)
        except GameError as error:
            out.append({"table": table_id, "error": f"this table cannot be replayed: {error}"})
            continue
        if table is None:
            out.append({"table": table_id, "error": f"there is no table {table_id!r}"})
            continue
        seat = table.seat_for(token)
        if seat is None:
            out.append({"table": table_id, "error": "that token opens no seat at this table"})
            continue
        out.append(_where_a_seat_stands(table, seat))
    return {"seats": out}


@router.get("/api/me/tables")
async def my_tables(account: SignedInDep, hub: HubDep) -> dict[str, Any]:
    """The signed-in account's unfinished tables, on any device: each like an entry of
    ``POST /api/seats``, with the table's URL (the session opens the seat) and its clock;
    by urgency: the seats whose turn it is first, then the least time left on the seat's
    clock (no clock last), then the newest."""
    out: list[dict[str, Any]] = []
    for table_id, seat in await asyncio.to_thread(hub.store.account_tables, account.id):
        try:
            table = await hub.get(table_id)
        except GameError:
            continue  # a record the rules no longer replay: nothing to play there
        if table is None or table.state.is_over:
            continue
        entry = _where_a_seat_stands(table, seat)
        out.append({**entry, "url": f"/table/{table.id}", "clock": table.clock_json()})
    out.sort(key=lambda entry: entry["created_at"], reverse=True)
    out.sort(key=lambda entry: (not entry["your_turn"], _time_left(entry)))
    return {"tables": out}


def _time_left(entry: dict[str, Any]) -> float:
    """The seconds left on the clock of an entry's seat (no clock: as if endless)."""
    clock = entry["clock"]
    left = None if clock is None else clock["remaining"][entry["seat"]]
    return float("inf") if left is None else float(left)


# -- open seats -----------------------------------------------------------------------------------


@router.post("/api/tables/{table_id}/sit")
async def sit(
    table: TableDep, asked: SitRequest, hub: HubDep, account: AccountDep
) -> dict[str, Any]:
    """Take an open seat: ``{"seat": n}`` signed in (the seat is the account's), or as a
    guest ``{"seat": n, "name": ...}``; its token and link come back."""
    _seat_of(table, asked.seat)
    if account is None:
        if table.info.rated:
            raise RequestError(403, "a rated table's seats are for accounts: sign in to sit")
        if asked.name is None:
            raise RequestError(400, 'a guest sits with a name: {"seat": n, "name": "<your name>"}')
        try:
            name = check_name(asked.name)
        except ValueError as error:
            raise RequestError(400, str(error)) from None
    else:
        name = account.username
        if table.seat_of_account(account.id) is not None:
            raise RequestError(409, "you have a seat at this table already")
    if not table.info.seats[asked.seat].open:
        raise RequestError(
            409, f"seat {seat_number(asked.seat)} is not open: someone has it already"
        )
    try:
        token = await hub.sit(table, asked.seat, name, account.id if account else None)
    except ConflictError as error:
        raise RequestError(409, str(error)) from None
    except GoneError as error:
        raise RequestError(404, str(error)) from None
    return {
        "table": table.id,
        "seat": asked.seat,
        "token": token,
        "url": seat_url(table.id, asked.seat, token),
    }


def _creator(table: Table, account: Account | None, doing: str) -> None:
    """Refuse (403) anyone but the signed-in account that opened the table."""
    if account is None or account.id != table.info.creator_id:
        raise RequestError(403, f"only the person who opened the table, signed in, may {doing}")


@router.post("/api/tables/{table_id}/seats/{seat}/bot")
async def fill_seat(
    table: TableDep,
    seat: int,
    asked: BotRequest,
    hub: HubDep,
    account: AccountDep,
    settings: SettingsDep,
) -> dict[str, Any]:
    """The table's creator seats a bot at an open seat: ``{"bot": "medium"}``; the table's
    description comes back."""
    _creator(table, account, "seat a bot")
    _seat_of(table, seat)
    try:
        bot = bot_kind(asked.bot, settings.agents)
    except RefusedError as error:
        raise RequestError(400, str(error)) from None
    if not table.info.seats[seat].open:
        raise RequestError(409, f"seat {seat_number(seat)} is not open: someone has it already")
    try:
        await hub.fill(table, seat, bot)
    except ConflictError as error:
        raise RequestError(409, str(error)) from None
    except GoneError as error:
        raise RequestError(404, str(error)) from None
    return {"table": table.describe()}


@router.delete("/api/tables/{table_id}", status_code=204)
async def close_table(table: TableDep, hub: HubDep, account: AccountDep) -> Response:
    """The table's creator closes it while it waits for open seats: it is deleted, and its
    connections are told and closed (4410)."""
    _creator(table, account, "close it")
    if not table.waiting:
        raise RequestError(409, "the game has begun: only a table that waits can be closed")
    try:
        await hub.close_waiting(table)
    except ConflictError as error:
        raise RequestError(409, str(error)) from None
    except GoneError as error:
        raise RequestError(404, str(error)) from None
    return Response(status_code=204)


# -- finished games -------------------------------------------------------------------------------


@router.get("/api/tables/{table_id}/record")
async def get_record(table: TableDep) -> dict[str, Any]:
    """The finished game's record (refused while the game goes on: it names hidden cards)."""
    ended(table, "record")
    return table.info.record()


def _seat_of(table: Table, seat: int | None) -> None:
    """Refuse (404) a seat the table does not have, named as people count seats, from 1 (the
    path's or the query's ``seat`` counts from 0, as the API's seats do)."""
    players = table.info.players
    if seat is not None and not 0 <= seat < players:
        raise RequestError(
            404, f"seat {seat_number(seat)} is not a seat of a {players}-player table"
        )


@router.get("/api/tables/{table_id}/replay/{step}")
async def get_replay_step(table: TableDep, step: int, seat: int | None = None) -> dict[str, Any]:
    """A finished game after ``step`` actions, as ``seat`` (or a spectator) saw it."""
    ended(table, "replay")
    if not 0 <= step <= table.move:
        raise RequestError(404, f"step must be from 0 to {table.move}")
    _seat_of(table, seat)
    record = table.info.record()
    # One replay, to the step before; the step's own action then gives the step's events.
    state = replay(record, upto=max(step - 1, 0))
    events = state.apply(record["actions"][step - 1]) if step > 0 else state.log
    names = table.sentence_names
    return {
        "step": step,
        "steps": table.move,
        "view": {**state.view(seat), "names": table.names},
        "events": [event_json(e, seat, names) for e in events],
        "table": table.describe(),
    }


@router.get("/api/tables/{table_id}/analysis/{seat}")
async def get_analysis(table: TableDep, seat: int, analyses: AnalysesDep) -> JSONResponse:
    """A finished game's analysis for ``seat`` (docs/analysis.md): 202 while computing."""
    ended(table, "analysis")
    _seat_of(table, seat)
    status, body = await analyses.answer(table, seat)
    return JSONResponse(body, status)


@router.post("/api/tables/{table_id}/rematch")
async def rematch(table: TableDep, asked: RematchRequest, hub: HubDep) -> dict[str, Any]:
    """A new table like this finished one, for the seat whose ``token`` is given."""
    seat = table.seat_for(asked.token)
    if seat is None:
        raise RequestError(403, "that token opens no seat here")
    if not table.state.is_over:
        raise RequestError(409, "the game is still going on")
    new_id = await hub.rematch(table)
    return {"table": new_id, "seat": seat, "url": seat_url(new_id, seat, asked.token)}


@router.post("/api/tables/{table_id}/claim")
async def claim(
    table: TableDep, asked: ClaimRequest, hub: HubDep, account: SignedInDep
) -> dict[str, Any]:
    """A guest's finished game, claimed into the signed-in account by its seat's token: in
    the account's history, not in its ratings."""
    seat = table.seat_for(asked.token)
    if seat is None:
        raise RequestError(403, "that token opens no seat here")
    if not table.state.is_over:
        raise RequestError(409, "the game is still going on: a seat is claimed once it ends")
    if table.info.seats[seat].account is not None:
        raise RequestError(409, f"seat {seat_number(seat)} belongs to an account already")
    if table.seat_of_account(account.id) is not None:
        raise RequestError(409, "you have a seat at this table already")
    try:
        await hub.claim(table, seat, account.id, account.username)
    except ConflictError as error:
        raise RequestError(409, str(error)) from None
    return {"table": table.id, "seat": seat}
