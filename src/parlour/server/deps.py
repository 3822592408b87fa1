"""What the routes are given (FastAPI dependencies): the server's settings, its hub of live
tables, its analyses and cluster, and the table a path names."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from ..core import GameError
from .analysis import Analyses
from .cluster import Cluster
from .community.accounts import Account, Accounts
from .community.moderation import ADMIN, BANNED, Moderation
from .community.sessions import COOKIE, Sessions
from .community.throttle import SignInThrottle, address_key
from .errors import RequestError
from .hub import Hub, Table
from .limits import Limits, OriginPolicy, Quotas
from .metrics import AddressPolicy
from .pages import Link
from .retention import Retention

__all__ = [
    "AccountDep",
    "AccountsDep",
    "AdminDep",
    "AnalysesDep",
    "ClusterDep",
    "HubDep",
    "ModerationDep",
    "QuotasDep",
    "ServerSettings",
    "SessionsDep",
    "SettingsDep",
    "SignedInDep",
    "TableDep",
    "ThrottleDep",
    "client_address",
    "ended",
    "get_table",
    "hub_of",
    "settings_of",
]


@dataclass(frozen=True)
class ServerSettings:
    """What ``create_app`` was given: the database URL, bot processes and their pause, the
    agents a table may seat, the pages that may use the server, each connection's message
    rate and burst, the addresses that may read the metrics, the retention policy, and how
    much one client may take (``Limits``)."""

    db: str
    workers: int
    bot_delay: float
    agents: tuple[str, ...]
    origins: OriginPolicy
    message_rate: float
    message_burst: int
    metrics_allow: AddressPolicy
    retention: Retention
    limits: Limits


def settings_of(connection: HTTPConnection) -> ServerSettings:
    """The settings of the app serving ``connection``."""
    settings: ServerSettings = connection.app.state.settings
    return settings


async def get_settings(connection: HTTPConnection) -> ServerSettings:
    """The settings of the app serving ``connection``, as a dependency: ``async``, so that
    FastAPI runs it on the event loop, not in its thread pool (a hop to a thread and back for
    every request and every connection: a crowd of 500 spectators joining made 1,000)."""
    return settings_of(connection)


def client_address(connection: HTTPConnection) -> str:
    """The client's address as limits count it (behind a proxy the operator trusts, the
    address the proxy names: ``parlour serve --forwarded-allow-ips``)."""
    client = connection.client
    return address_key(client.host) if client is not None else "unknown"


def get_quotas(connection: HTTPConnection) -> Quotas:
    """What each client has taken of the server's limits."""
    quotas: Quotas = connection.app.state.quotas
    return quotas


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub of live tables (an HTTP request's or a WebSocket's)."""
    hub: Hub = connection.app.state.hub
    return hub


async def get_hub(connection: HTTPConnection) -> Hub:
    """The hub of live tables, as a dependency: ``async`` as ``get_settings`` is."""
    return hub_of(connection)


def get_analyses(connection: HTTPConnection) -> Analyses:
    """The post-game analyses, stored and under way."""
    analyses: Analyses = connection.app.state.analyses
    return analyses


def get_cluster(connection: HTTPConnection) -> Cluster | None:
    """The processes sharing the database (PostgreSQL), ``None`` on SQLite."""
    cluster: Cluster | None = connection.app.state.cluster
    return cluster


def get_accounts(connection: HTTPConnection) -> Accounts:
    """The accounts."""
    accounts: Accounts = connection.app.state.accounts
    return accounts


def get_sessions(connection: HTTPConnection) -> Sessions:
    """The signed-in sessions."""
    sessions: Sessions = connection.app.state.sessions
    return sessions


def get_throttle(connection: HTTPConnection) -> SignInThrottle:
    """The failed sign-ins, per username and address."""
    throttle: SignInThrottle = connection.app.state.throttle
    return throttle


async def current_account(connection: HTTPConnection) -> Account | None:
    """The account whose live session the request's cookie carries, or ``None`` (a guest);
    403 for a banned account, whatever it asks."""
    session_id = connection.cookies.get(COOKIE)
    if not session_id:
        return None
    account = await asyncio.to_thread(get_sessions(connection).account, session_id)
    if account is not None and account.banned:
        raise RequestError(403, BANNED)
    return account


async def signed_in(connection: HTTPConnection) -> Account:
    """The signed-in account; 401 for a guest or a dead session."""
    account = await current_account(connection)
    if account is None:
        raise RequestError(401, "sign in first: this needs an account")
    return account


def get_moderation(connection: HTTPConnection) -> Moderation:
    """Accounts' standing and players' reports, for admins."""
    moderation: Moderation = connection.app.state.moderation
    return moderation


async def admin(connection: HTTPConnection) -> Account:
    """The signed-in account if it is an admin's; 401 for a guest, 403 for anyone else."""
    account = await signed_in(connection)
    if account.role != ADMIN:
        raise RequestError(403, "this is for admins: your account is not one")
    return account


SettingsDep = Annotated[ServerSettings, Depends(get_settings)]
ModerationDep = Annotated[Moderation, Depends(get_moderation)]
AdminDep = Annotated[Account, Depends(admin)]
AccountsDep = Annotated[Accounts, Depends(get_accounts)]
SessionsDep = Annotated[Sessions, Depends(get_sessions)]
ThrottleDep = Annotated[SignInThrottle, Depends(get_throttle)]
AccountDep = Annotated[Account | None, Depends(current_account)]
SignedInDep = Annotated[Account, Depends(signed_in)]
HubDep = Annotated[Hub, Depends(get_hub)]
QuotasDep = Annotated[Quotas, Depends(get_quotas)]
AnalysesDep = Annotated[Analyses, Depends(get_analyses)]
ClusterDep = Annotated[Cluster | None, Depends(get_cluster)]


async def get_table(table_id: str, hub: HubDep) -> Table:
    """The table the path names; 404 if there is none, 500 if its record no longer replays."""
    try:
        table = await hub.get(table_id)
    except GameError as error:
        # A stored record the rules no longer replay (another rules version).
        raise RequestError(500, f"table {table_id!r} cannot be replayed: {error}") from None
    if table is None:
        raise RequestError(404, f"there is no table {table_id!r}")
    return table


TableDep = Annotated[Table, Depends(get_table)]


def ended(table: Table, what: str, links: tuple[Link, ...] = ()) -> None:
    """Refuse (409) ``what`` of a game still going on: it would name hidden cards."""
    if not table.state.is_over:
        raise RequestError(409, f"the game is still going on; its {what} opens when it ends", links)
