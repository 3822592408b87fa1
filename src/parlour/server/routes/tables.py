"""The JSON API: the games and their cards, opening tables and reading them, finished games'
records, replays and analyses, rematches, and this process's health."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute

from ... import game_names, load, replay
from ...bots import LEVELS
from ...bots import names as bot_names
from ...core import GameError
from ..catalogue import catalogue, table_cards
from ..deps import AnalysesDep, ClusterDep, HubDep, SettingsDep, TableDep, ended
from ..errors import RequestError
from ..hub import RefusedError, Table, event_json, seat_url
from ..people import hints_default, seat_names
from ..schemas import RematchRequest, SeatsRequest, TableRequest

__all__ = ["MAX_BODY", "router"]

# The largest request body read: room for options such as every hand of a deal.
MAX_BODY = 65536


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
    """The games, their player ranges and options, and the bots to seat."""
    bots = [*LEVELS, *(b for b in bot_names() if b not in LEVELS), *settings.agents]
    return [
        {
            "name": game.name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [option.to_dict() for option in game.options.values()],
            "bots": bots,
        }
        for game in map(load, game_names())
    ]


@router.get("/api/health")
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
async def create_table(asked: TableRequest, hub: HubDep, settings: SettingsDep) -> dict[str, Any]:
    """Open a table: ``{game, players, options, seed?, bots}``; seat links come back."""
    try:
        table, tokens = await hub.create(
            asked.game,
            asked.players,
            asked.options,
            asked.seed,
            asked.bot_seats(settings.agents),
            names=asked.names,
            hints=asked.hints,
        )
    except (RefusedError, GameError) as error:
        raise RequestError(400, str(error)) from None
    return {
        "table": table.id,
        "seats": [
            {"seat": seat, "token": token, "url": seat_url(table.id, seat, token)}
            for seat, token in sorted(tokens.items())
        ],
        "spectate": f"/table/{table.id}",
    }


@router.get("/api/tables")
async def list_tables(hub: HubDep) -> list[dict[str, Any]]:
    """The newest tables, newest first: open, running and finished, with scores."""
    out = []
    for info in await asyncio.to_thread(hub.store.summaries):
        live = await hub.held(info.id)
        if live is not None:
            out.append(live.describe())
            continue
        game = load(info.game)
        out.append(
            {
                "id": info.id,
                "game": game.name,
                "title": game.title,
                "players": info.players,
                "status": "over" if info.finished_at else "playing",
                "scores": info.scores,
                "winners": info.winners,
                "created_at": info.created_at.isoformat(),
                "finished_at": info.finished_at.isoformat() if info.finished_at else None,
                "seats": [{"seat": s, "bot": seat.bot} for s, seat in enumerate(info.seats)],
                "names": seat_names(info.seats),
                "hints": hints_default(info.seats) if info.hints is None else info.hints,
            }
        )
    return out


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
        "your_turn": turn == seat,
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


# -- finished games -------------------------------------------------------------------------------


@router.get("/api/tables/{table_id}/record")
async def get_record(table: TableDep) -> dict[str, Any]:
    """The finished game's record (refused while the game goes on: it names hidden cards)."""
    ended(table, "record")
    return table.info.record()


def _seat_of(table: Table, seat: int | None) -> None:
    """Refuse (404) a seat the table does not have."""
    if seat is not None and not 0 <= seat < table.info.players:
        raise RequestError(404, f"seat must be from 0 to {table.info.players - 1}")


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
