"""Accounts over HTTP: sign up, sign in and out, the signed-in account, changing its
password, deleting it, and downloading what the site holds about it (API.md, "Accounts")."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ..community.accounts import Account, AccountError, username_key
from ..community.export import account_data
from ..community.sessions import COOKIE, LIFETIME, session_hash
from ..deps import AccountsDep, HubDep, SessionsDep, SignedInDep, ThrottleDep
from ..errors import RequestError, error_body

__all__ = ["router"]

router = APIRouter()


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object; 400 for anything else."""
    try:
        body = await request.json()
    except ValueError:
        raise RequestError(400, "the body must be JSON") from None
    if not isinstance(body, dict):
        raise RequestError(400, 'send a JSON object: {"username": ..., "password": ...}')
    return body


def _address(request: Request) -> str:
    """The client's address (behind a proxy, as uvicorn's proxy headers give it)."""
    return request.client.host[:64] if request.client is not None else "unknown"


def _signed_in(request: Request, account: Account, session_id: str, status: int) -> Response:
    """The answer that signs ``account`` in: its name, and the session cookie."""
    response = JSONResponse({"username": account.username}, status)
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=int(LIFETIME.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        # Behind TLS (the proxy says https, uvicorn's proxy headers pass it on) the cookie
        # never travels unencrypted.
        secure=request.url.scheme == "https",
    )
    return response


def _refused(error: AccountError) -> RequestError:
    return RequestError(error.status, error.message)


@router.post("/api/accounts", status_code=201)
async def sign_up(request: Request, accounts: AccountsDep, sessions: SessionsDep) -> Response:
    """Create an account and sign it in: ``{"username", "password"}``."""
    body = await _body(request)
    try:
        account = await asyncio.to_thread(
            accounts.create, body.get("username"), body.get("password")
        )
    except AccountError as error:
        raise _refused(error) from None
    session_id = await asyncio.to_thread(sessions.open, account)
    return _signed_in(request, account, session_id, 201)


@router.post("/api/session")
async def sign_in(
    request: Request, accounts: AccountsDep, sessions: SessionsDep, throttle: ThrottleDep
) -> Response:
    """Sign in: ``{"username", "password"}``; 401 for a wrong name or password alike, 429
    (with ``Retry-After``) while the name or the address has failed too often."""
    body = await _body(request)
    username, password = body.get("username"), body.get("password")
    key = username_key(username)[:64] if isinstance(username, str) else ""
    address = _address(request)
    wait = await asyncio.to_thread(throttle.retry_after, key, address)
    if wait is not None:
        return JSONResponse(
            error_body(f"too many failed sign-ins; try again in {wait} seconds"),
            429,
            headers={"Retry-After": str(wait)},
        )
    account = await asyncio.to_thread(accounts.verify, username, password)
    if account is None:
        await asyncio.to_thread(throttle.failed, key, address)
        raise RequestError(401, "that username and password do not match an account")
    session_id = await asyncio.to_thread(sessions.open, account)
    return _signed_in(request, account, session_id, 200)


@router.delete("/api/session", status_code=204)
async def sign_out(request: Request, sessions: SessionsDep) -> Response:
    """Sign out: the session is ended on the server, and the cookie cleared."""
    await asyncio.to_thread(sessions.close, request.cookies.get(COOKIE))
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response


@router.get("/api/me")
async def me(account: SignedInDep) -> dict[str, Any]:
    """The signed-in account (401 for a guest)."""
    return account.to_json()


@router.post("/api/me/password", status_code=204)
async def change_password(
    request: Request, account: SignedInDep, accounts: AccountsDep
) -> Response:
    """Change the password: ``{"password": current, "new_password": new}``; every other
    session of the account is signed out."""
    body = await _body(request)
    current = session_hash(request.cookies.get(COOKIE, ""))
    try:
        await asyncio.to_thread(
            accounts.change_password,
            account,
            body.get("password"),
            body.get("new_password"),
            current,
        )
    except AccountError as error:
        raise _refused(error) from None
    return Response(status_code=204)


@router.delete("/api/accounts/me", status_code=204)
async def delete_account(request: Request, account: SignedInDep, accounts: AccountsDep) -> Response:
    """Delete the account: ``{"password"}``. Its finished games stay, its seats named
    "deleted player"; its sessions end."""
    body = await _body(request)
    try:
        await asyncio.to_thread(accounts.delete, account, body.get("password"))
    except AccountError as error:
        raise _refused(error) from None
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response


@router.get("/api/me/export")
async def export(account: SignedInDep, hub: HubDep) -> JSONResponse:
    """Everything the site holds about the signed-in account, as a JSON download."""
    data = await asyncio.to_thread(account_data, hub.store, account)
    filename = f"parlour-{account.username}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})
