"""Play now over HTTP (API.md, "Play now"; docs/server.md, "Play now"): asking for a game,
reading the ticket until it is seated, and leaving the queue."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from ..community.matchmaking import SEATED, WAITING, Matchmaking, TicketState
from ..deps import AccountDep, HubDep
from ..errors import RequestError
from ..hub import Hub, seat_url
from ..schemas import MatchRequest

__all__ = ["router", "seated"]

# A body without a Content-Type is read as JSON, as routes/tables.py does.
router = APIRouter(strict_content_type=False)


def get_matchmaking(connection: HTTPConnection) -> Matchmaking:
    """The "Play now" queue."""
    matchmaking: Matchmaking = connection.app.state.matchmaking
    return matchmaking


MatchmakingDep = Annotated[Matchmaking, Depends(get_matchmaking)]


async def seated(hub: Hub, table_ids: list[str]) -> None:
    """Load the tables just made by matching in this process: their bots begin (or this
    process takes their bot leases) without waiting for someone to open them."""
    for table_id in table_ids:
        await hub.get(table_id)


async def _match(matchmaking: Matchmaking, hub: Hub, game: str) -> None:
    """Seat whoever can be seated now in the game's queue."""
    await seated(hub, await asyncio.to_thread(matchmaking.match, game))


def _answer(ticket: TicketState) -> dict[str, Any]:
    """A ticket as ``GET /api/match/{ticket}`` answers it."""
    if ticket.status == SEATED and ticket.table is not None and ticket.seat is not None:
        token = ticket.token or ""
        return {
            "status": SEATED,
            "table": ticket.table,
            "seat": ticket.seat,
            "token": token,
            "url": seat_url(ticket.table, ticket.seat, token),
        }
    if ticket.status == WAITING:
        return {"status": WAITING, "waiting": ticket.waiting}
    return {"status": ticket.status}


@router.post("/api/match", status_code=202)
async def ask(
    asked: MatchRequest, hub: HubDep, account: AccountDep, matchmaking: MatchmakingDep
) -> dict[str, str]:
    """Wait for a game: ``{"game", "players"?: n or null (any), "rated"?, "bots_after"?:
    seconds or null (never), "name"?}`` (a guest's name); the ticket to read comes back."""
    if account is None:
        if asked.rated:
            raise RequestError(401, "sign in first: a rated game is for accounts")
        if asked.name is None:
            raise RequestError(
                400, 'a guest plays with a name: {"game": "<game>", "name": "<your name>"}'
            )
    ticket = await asyncio.to_thread(
        matchmaking.ask,
        asked.game,
        asked.players,
        asked.rated,
        asked.bots_after,
        None if account is None else account.id,
        asked.name,
    )
    await _match(matchmaking, hub, asked.game)
    return {"ticket": ticket}


async def _ticket(matchmaking: Matchmaking, ticket: str) -> TicketState:
    """The ticket as it is now; 404 if there is none."""
    found = await asyncio.to_thread(matchmaking.look, ticket)
    if found is None:
        raise RequestError(404, "there is no such ticket (or it is over an hour old)")
    return found


@router.get("/api/match/{ticket}")
async def look(ticket: str, hub: HubDep, matchmaking: MatchmakingDep) -> dict[str, Any]:
    """Where a ticket stands: ``{"status": "waiting", "waiting": k}`` or ``{"status":
    "seated", "table", "seat", "token", "url"}`` (or ``{"status": "cancelled"}``)."""
    found = await _ticket(matchmaking, ticket)
    if found.status == WAITING:
        await _match(matchmaking, hub, found.game)
        found = await _ticket(matchmaking, ticket)
    return _answer(found)


@router.delete("/api/match/{ticket}", status_code=204)
async def leave(ticket: str, matchmaking: MatchmakingDep) -> Response:
    """Leave the queue (204); 409 once the ticket is seated."""
    found = await asyncio.to_thread(matchmaking.cancel, ticket)
    if found is None:
        raise RequestError(404, "there is no such ticket (or it is over an hour old)")
    if found.status == SEATED:
        raise RequestError(409, "you are seated already: open your seat's link to play")
    return Response(status_code=204)
