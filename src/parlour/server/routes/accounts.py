"""Accounts over HTTP: sign up, sign in and out, the signed-in account, changing its
password, deleting it, and downloading what the site holds about it (API.md, "Accounts")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from .. import metrics
from ..community.accounts import WRONG, Account, AccountError, username_key
from ..community.export import account_data
from ..community.moderation import BANNED
from ..community.sessions import COOKIE, LIFETIME, Sessions, session_hash
from ..community.throttle import SignInThrottle, ThrottledError
from ..deps import AccountsDep, HubDep, SessionsDep, SignedInDep, ThrottleDep, client_address
from ..errors import RequestError, error_body, json_object

__all__ = ["router"]

router = APIRouter()

T = TypeVar("T")
# What a sign-up or sign-in body looks like, for the sentence refusing another.
CREDENTIALS = '{"username": ..., "password": ...}'


def _too_many(refusal: ThrottledError) -> JSONResponse:
    """The answer while a throttle refuses: 429, with ``Retry-After``."""
    metrics.refused("sign_in")
    return JSONResponse(
        error_body(str(refusal)), 429, headers={"Retry-After": str(refusal.retry_after)}
    )


async def _counted(
    throttle: SignInThrottle, request: Request, username: Any, check: Callable[[], T]
) -> T:
    """Run ``check``, which checks a password for ``username``, as a throttled attempt:
    ``ThrottledError`` before it runs; counted as a failure unless it returns an account
    or refuses for another reason than the password (``AccountError`` other than 403)."""
    key = username_key(username) if isinstance(username, str) else ""
    attempt = await asyncio.to_thread(throttle.attempt, key, client_address(request))
    try:
        result = await asyncio.to_thread(check)
    except AccountError as error:
        if error.status != 403:
            await asyncio.to_thread(throttle.forget, attempt)
        raise
    if result is not None:
        await asyncio.to_thread(throttle.forget, attempt)
    return result


async def _open_session(
    request: Request, sessions: Sessions, account: Account, status: int
) -> Response:
    """Open a session of ``account`` and answer with its cookie; the session the browser
    had (it is replaced there) is ended on the server too, not left alive unseen."""
    session_id = await asyncio.to_thread(sessions.open, account)
    await asyncio.to_thread(sessions.close, request.cookies.get(COOKIE))
    return _signed_in(request, account, session_id, status)


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


def _signed_out(request: Request) -> Response:
    """204, and the session cookie cleared (with the flags it was set with)."""
    response = Response(status_code=204)
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )
    return response


def _refused(error: AccountError) -> RequestError:
    return RequestError(error.status, error.message)


@router.post("/api/accounts", status_code=201)
async def sign_up(request: Request, accounts: AccountsDep, sessions: SessionsDep) -> Response:
    """Create an account and sign it in: ``{"username", "password"}``."""
    body = await json_object(request, CREDENTIALS)
    try:
        account = await asyncio.to_thread(
            accounts.create, body.get("username"), body.get("password")
        )
    except AccountError as error:
        raise _refused(error) from None
    return await _open_session(request, sessions, account, 201)


@router.post("/api/session")
async def sign_in(
    request: Request, accounts: AccountsDep, sessions: SessionsDep, throttle: ThrottleDep
) -> Response:
    """Sign in: ``{"username", "password"}``; 401 for a wrong name or password alike, 429
    (with ``Retry-After``) while the name or the address has failed too often."""
    body = await json_object(request, CREDENTIALS)
    username, password = body.get("username"), body.get("password")
    try:
        account = await _counted(
            throttle, request, username, lambda: accounts.verify(username, password)
        )
    except ThrottledError as refusal:
        return _too_many(refusal)
    if account is None:
        raise RequestError(401, WRONG)
    if account.banned:  # told only once the password is right: the ban is no secret then
        raise RequestError(403, BANNED)
    return await _open_session(request, sessions, account, 200)


@router.delete("/api/session", status_code=204)
async def sign_out(request: Request, sessions: SessionsDep) -> Response:
    """Sign out: the session is ended on the server, and the cookie cleared."""
    await asyncio.to_thread(sessions.close, request.cookies.get(COOKIE))
    return _signed_out(request)


@router.get("/api/me")
async def me(account: SignedInDep) -> dict[str, Any]:
    """The signed-in account (401 for a guest)."""
    return account.to_json()


@router.post("/api/me/password", status_code=204)
async def change_password(
    request: Request, account: SignedInDep, accounts: AccountsDep, throttle: ThrottleDep
) -> Response:
    """Change the password: ``{"password": current, "new_password": new}``; every other
    session of the account is signed out. A wrong current password counts as a failed
    sign-in (a stolen session must not guess the password freely)."""
    body = await json_object(request, CREDENTIALS)
    current = session_hash(request.cookies.get(COOKIE, ""))

    def change() -> bool:
        accounts.change_password(account, body.get("password"), body.get("new_password"), current)
        return True

    try:
        await _counted(throttle, request, account.username, change)
    except ThrottledError as refusal:
        return _too_many(refusal)
    except AccountError as error:
        raise _refused(error) from None
    return Response(status_code=204)


@router.delete("/api/accounts/me", status_code=204)
async def delete_account(
    request: Request,
    account: SignedInDep,
    accounts: AccountsDep,
    throttle: ThrottleDep,
    hub: HubDep,
) -> Response:
    """Delete the account: ``{"password"}``. Its finished games stay, its seats named
    "deleted player"; its sessions end. A wrong password counts as a failed sign-in."""
    body = await json_object(request, CREDENTIALS)

    def remove() -> list[str]:
        return accounts.delete(account, body.get("password"))

    try:
        renamed = await _counted(throttle, request, account.username, remove)
    except ThrottledError as refusal:
        return _too_many(refusal)
    except AccountError as error:
        raise _refused(error) from None
    await hub.seats_stored(renamed)
    return _signed_out(request)


@router.get("/api/me/export")
async def export(account: SignedInDep, hub: HubDep) -> JSONResponse:
    """Everything the site holds about the signed-in account, as a JSON download."""
    data = await asyncio.to_thread(account_data, hub.store, account)
    filename = f"parlour-{account.username}.json"
    headers = {
        "Content-Disposition": f'attachment; filename="{filename}"',
        # Personal data: no cache, shared or the browser's, keeps a copy.
        "Cache-Control": "no-store",
    }
    return JSONResponse(data, headers=headers)
