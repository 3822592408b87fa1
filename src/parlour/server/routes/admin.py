"""The admin's tools over HTTP (the ``/admin`` page and ``/api/admin/...``, for accounts
with the admin role) and players' reports (``POST /api/reports``): docs/server.md, "Admin".
``parlour admin`` does the same from the command line."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from ...core import GameError
from ..community.moderation import ACCOUNT_ACTIONS, ModerationError
from ..deps import AdminDep, HubDep, ModerationDep, SignedInDep, admin
from ..errors import RequestError, json_object
from ..pages import problem_page
from ..store import ConflictError, GoneError
from .pages import STATIC
from .tables import BoundedBody

__all__ = ["router"]

router = APIRouter(route_class=BoundedBody, strict_content_type=False)


def _refused(error: ModerationError) -> RequestError:
    return RequestError(error.status, error.message)


@router.get("/admin", include_in_schema=False, response_model=None)
async def admin_page(request: Request) -> Response:
    """The admin's page: tables, accounts and open reports, with their actions."""
    try:
        await admin(request)
    except RequestError as error:
        message = f"{error.message}. The admin page is for accounts with the admin role."
        return problem_page(403, message, title="For admins only")
    return FileResponse(STATIC / "admin.html")


# -- tables --------------------------------------------------------------------------------------


@router.get("/api/admin/tables")
async def tables(_: AdminDep, moderation: ModerationDep) -> dict[str, Any]:
    """The newest tables, private ones too, newest first."""
    return {"tables": await asyncio.to_thread(moderation.tables)}


@router.post("/api/admin/tables/{table_id}/stop", status_code=204)
async def stop_table(table_id: str, _: AdminDep, hub: HubDep) -> Response:
    """Stop a table's game where it stands; its connections end with close code 4423."""
    try:
        table = await hub.get(table_id)
    except GameError as error:
        raise RequestError(500, f"table {table_id!r} cannot be replayed: {error}") from None
    if table is None:
        raise RequestError(404, f"there is no table {table_id!r}")
    try:
        await hub.stop(table)
    except ConflictError as error:
        raise RequestError(409, str(error)) from None
    except GoneError as error:
        raise RequestError(404, str(error)) from None
    return Response(status_code=204)


@router.delete("/api/admin/tables/{table_id}", status_code=204)
async def delete_table(table_id: str, _: AdminDep, hub: HubDep) -> Response:
    """Delete a table and all that is stored of it; its connections end with 4410."""
    try:
        await hub.delete(table_id)
    except GoneError as error:
        raise RequestError(404, str(error)) from None
    return Response(status_code=204)


# -- accounts and chat ------------------------------------------------------------------------


@router.get("/api/admin/accounts")
async def accounts(_: AdminDep, moderation: ModerationDep) -> dict[str, Any]:
    """The newest accounts, newest first, with their role and standing."""
    return {"accounts": await asyncio.to_thread(moderation.accounts)}


@router.post("/api/admin/accounts/{username}/{action}", status_code=204)
async def account_action(
    username: str, action: str, you: AdminDep, moderation: ModerationDep
) -> Response:
    """Ban, unban, mute, unmute or make an admin of an account."""
    if action not in ACCOUNT_ACTIONS:
        raise RequestError(404, f"no such action {action!r}: one of {', '.join(ACCOUNT_ACTIONS)}")
    if action == "ban" and username.lower() == you.username.lower():
        raise RequestError(409, "an admin does not ban their own account")
    try:
        await asyncio.to_thread(moderation.apply, username, action)
    except ModerationError as error:
        raise _refused(error) from None
    return Response(status_code=204)


@router.delete("/api/admin/chat/{line_id}", status_code=204)
async def delete_chat(line_id: int, _: AdminDep, hub: HubDep) -> Response:
    """Delete a line of chat: never shown again, and dropped from the pages showing it."""
    try:
        table_id = await asyncio.to_thread(hub.store.delete_chat, line_id)
    except GoneError as error:
        raise RequestError(404, str(error)) from None
    table = hub.tables.get(table_id)
    if table is not None:
        await hub.chat_deleted(table, line_id)
    return Response(status_code=204)


# -- reports ---------------------------------------------------------------------------------------


@router.get("/api/admin/reports")
async def reports(_: AdminDep, moderation: ModerationDep, every: bool = False) -> dict[str, Any]:
    """The open reports, oldest first (``?every=true``: the resolved ones too)."""
    found = await asyncio.to_thread(moderation.reports, not every)
    return {"reports": [report.to_json() for report in found]}


@router.post("/api/admin/reports/{report_id}/resolve", status_code=204)
async def resolve(report_id: int, _: AdminDep, moderation: ModerationDep) -> Response:
    """Mark an open report resolved."""
    try:
        await asyncio.to_thread(moderation.resolve, report_id)
    except ModerationError as error:
        raise _refused(error) from None
    return Response(status_code=204)


@router.post("/api/reports", status_code=201)
async def report(
    request: Request, account: SignedInDep, moderation: ModerationDep
) -> dict[str, Any]:
    """A signed-in player reports a chat line or a player: ``{"reason", "chat": line id}``
    or ``{"reason", "player": name shown, "table"?: id}``; ``{"report": id}`` comes back.
    429 past ``REPORTS_PER_HOUR`` an hour."""
    body = await json_object(request, '{"reason": ..., "chat" or "player": ...}')
    chat, table = body.get("chat"), body.get("table")
    if chat is not None and (isinstance(chat, bool) or not isinstance(chat, int)):
        raise RequestError(400, '"chat" is the number of the chat line ("id" in its message)')
    if table is not None and not isinstance(table, str):
        raise RequestError(400, '"table" is the id of the table')
    try:
        made = await asyncio.to_thread(
            moderation.report, account.id, body.get("reason"), table, chat, body.get("player")
        )
    except ModerationError as error:
        raise _refused(error) from None
    return {"report": made}
