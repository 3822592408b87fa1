"""The FastAPI application: its settings, what it starts and stops with, the checks every
request passes, the error handler, and the routers of ``routes/``."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import partial

from fastapi import FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from . import metrics, retention, watch
from .analysis import Analyses
from .botpool import BotPool
from .cluster import Cluster
from .community.accounts import Accounts
from .community.matchmaking import Matchmaking
from .community.moderation import Moderation
from .community.sessions import Sessions
from .community.throttle import SignInThrottle
from .deps import ServerSettings, settings_of
from .errors import HANDLED, error_response, refused
from .frames import DirectSend
from .headers import API_DOCS, add_security_headers
from .health import Readiness
from .hub import Hub
from .limits import Limits, OriginPolicy, Quotas
from .logs import AccessLog
from .routes import accounts, admin, health, live, match, pages, players, tables
from .store import Store

__all__ = ["create_app"]


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Open the store, the bot processes and the hub; resume the tables; close it all."""
    settings: ServerSettings = app.state.settings
    store = Store(settings.db)
    metrics.watch(store.engine)
    pool = BotPool(settings.workers)
    app.state.readiness = Readiness(store, pool)
    hub = app.state.hub = Hub(store, pool, settings.bot_delay)
    app.state.accounts = Accounts(store.engine)
    app.state.sessions = Sessions(store.engine)
    app.state.throttle = SignInThrottle(store.engine)
    analyses = app.state.analyses = Analyses(store, pool)
    # On PostgreSQL, other server processes may serve the same tables (cluster.py): the bot
    # leases say which process resumes which table's bots. SQLite has one process.
    cluster = app.state.cluster = Cluster(hub, settings.db) if store.announces else None
    if cluster is not None:
        await cluster.start()
    else:
        await hub.resume_all()
    # "Play now": bots' time comes without any request, so each process matches every second.
    matchmaking = app.state.matchmaking = Matchmaking(store)
    matchmaking.start(partial(match.seated, hub))
    app.state.moderation = Moderation(store.engine)
    chores = [asyncio.create_task(metrics.sample_every(hub, cluster))]
    if settings.retention.active:
        chores.append(asyncio.create_task(retention.keep_running(hub, settings.retention)))
    if not store.announces:  # on PostgreSQL the admin's changes are heard of at once
        chores.append(asyncio.create_task(watch.keep_watching(hub, watch.EVERY)))
    try:
        yield
    finally:
        for chore in chores:
            chore.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await chore
        await matchmaking.close()
        if cluster is not None:
            await cluster.close()
        await analyses.close()
        await hub.close()
        pool.close()
        store.close()
        metrics.process_ended(os.getpid())


async def refuse_foreign_writes(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """Refuse (403) a write sent by a page of a site the server does not allow."""
    # A page of another site may send a simple POST without asking (no CORS preflight): it
    # must not open tables in this server's name.
    origins = settings_of(request).origins
    origin = request.headers.get("origin")
    if request.method not in ("GET", "HEAD", "OPTIONS") and not origins.allows(
        origin, request.headers.get("host")
    ):
        return error_response(403, origins.refusal(origin or ""))
    return await call_next(request)


def create_app(
    db: str = "sqlite:///parlour.db",
    workers: int = 2,
    bot_delay: float = 0.6,
    allowed_origins: Iterable[str] = (),
    message_rate: float = live.MESSAGE_RATE,
    agents: Sequence[str] = (),
    metrics_allow: Iterable[str] = metrics.DEFAULT_ALLOWED,
    close_idle_days: float | None = None,
    delete_guest_games_days: float | None = None,
    retention_every: float = retention.EVERY,
    limits: Limits | None = None,
) -> FastAPI:
    """The server for database URL ``db``, with ``workers`` bot processes; pages of
    ``allowed_origins`` (besides its own) may use it; each connection may send
    ``message_rate`` messages a second; ``agents`` are the agent bots (``cmd:...``,
    ``llm:...``) a table may seat besides the built-in ones; clients at ``metrics_allow``
    (addresses and networks) may read ``/metrics``; the retention policy stops unfinished
    tables untouched for ``close_idle_days`` and deletes guests' finished games after
    ``delete_guest_games_days``, every ``retention_every`` seconds; ``limits``: how much of
    the server one client may take (default: ``Limits()``)."""
    limits = limits if limits is not None else Limits()
    origins = OriginPolicy(allowed_origins)
    app = FastAPI(title="Parlour", lifespan=lifespan, docs_url=API_DOCS, redoc_url=None)
    app.state.settings = ServerSettings(
        db=db,
        workers=workers,
        bot_delay=bot_delay,
        agents=tuple(agents),
        origins=origins,
        message_rate=message_rate,
        message_burst=max(live.MESSAGE_BURST, int(2 * message_rate)),
        metrics_allow=metrics.AddressPolicy(metrics_allow),
        retention=retention.Retention(close_idle_days, delete_guest_games_days, retention_every),
        limits=limits,
    )
    app.state.quotas = Quotas(limits)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    if origins.allowed:
        # Pages of the allowed origins may read the API; the browser's default (same origin
        # only) holds for every other page.
        app.add_middleware(
            CORSMiddleware,
            allow_origins=sorted(origins.allowed),
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
        )
    app.middleware("http")(refuse_foreign_writes)
    # The security headers go on refusals and CORS answers too; the access log, outermost,
    # times all of the server's work on a request.
    app.middleware("http")(add_security_headers)
    app.add_middleware(AccessLog)
    # Outside the access log: a table's text frames skip every layer (frames.py).
    app.add_middleware(DirectSend)
    for kind in HANDLED:
        app.add_exception_handler(kind, refused)
    # The live route first: a connection's route is found by trying each router's routes in
    # turn (twice over in FastAPI), which behind the others cost a crowd joining a fifth of
    # its openings' CPU.
    app.include_router(live.router)
    app.include_router(pages.router)
    app.include_router(tables.router)
    app.include_router(accounts.router)
    app.include_router(players.router)
    app.include_router(match.router)
    app.include_router(health.router)
    app.include_router(admin.router)
    return app
