"""Prometheus metrics (docs/server.md, "Metrics"): what the server counts, the functions the
rest of the server calls to count, and the text ``/metrics`` answers.

Under ``parlour serve --processes N`` each server process writes its values to files in the
folder named by ``PROMETHEUS_MULTIPROC_DIR`` (prometheus-client's multiprocess mode, set up
by ``serve``), and whichever process answers ``/metrics`` adds up every process's files, so
one scrape sees the whole server.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from .cluster import Cluster
    from .hub import Hub

__all__ = [
    "CONTENT_TYPE",
    "DEFAULT_ALLOWED",
    "MULTIPROCESS",
    "SAMPLE_EVERY",
    "AddressPolicy",
    "bot_job",
    "connected",
    "database_error",
    "disconnected",
    "move_took",
    "moved",
    "process_ended",
    "refused",
    "render",
    "sample",
    "sample_every",
    "thought",
    "watch",
]

# The variable that turns on prometheus-client's multiprocess mode (read when it is imported).
MULTIPROCESS = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST
# Who may read /metrics unless the operator says otherwise: this machine only.
DEFAULT_ALLOWED = ("127.0.0.1", "::1")
# Seconds between two readings of what is counted by looking (tables, leases).
SAMPLE_EVERY = 1.0

# Seconds: a move's answer is a few milliseconds on a quiet server, 100 ms is the load target.
_MOVE_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
# Seconds: bots from random (well under a millisecond) to the strongest search (seconds).
_THINK_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

_MOVES = Counter(
    "parlour_moves", "Moves made and stored by the server (people's and bots'), by game", ["game"]
)
_MOVE_SECONDS = Histogram(
    "parlour_move_seconds",
    "Seconds from the receipt of a person's move to its new state sent to the table, by game",
    ["game"],
    buckets=_MOVE_BUCKETS,
)
_CONNECTIONS = Gauge(
    "parlour_connections",
    "Open WebSocket connections to tables, by kind (player, spectator)",
    ["kind"],
    multiprocess_mode="livesum",
)
_TABLES = Gauge("parlour_tables", "Tables held in memory", multiprocess_mode="livesum")
_BOT_QUEUE = Gauge(
    "parlour_bot_queue",
    "Jobs (bot moves, hints, analyses) sent to the bot processes and not yet answered",
    multiprocess_mode="livesum",
)
_THINK_SECONDS = Histogram(
    "parlour_bot_think_seconds",
    "Seconds a bot thought over a move in a bot process, by game",
    ["game"],
    buckets=_THINK_BUCKETS,
)
_LEASES = Gauge(
    "parlour_bot_leases",
    "Tables whose bot lease this server process holds (PostgreSQL; one series a process)",
    multiprocess_mode="liveall",
)
_DATABASE_ERRORS = Counter(
    "parlour_database_errors",
    "Database operations that failed (a conflict between two writers is not one), by where",
    ["where"],
)
_REFUSALS = Counter(
    "parlour_refusals",
    "Requests, connections and messages refused by a rate limit or a cap, by kind",
    ["kind"],
)


# Series looked up once: ``labels`` checks and locks at every call, and a game's two are
# counted at every move, the connections' at every opening and closing (a crowd's 500 of
# each); the labelled series are never removed.
_moves_of = functools.cache(_MOVES.labels)
_move_seconds_of = functools.cache(_MOVE_SECONDS.labels)
_connections_of = functools.cache(_CONNECTIONS.labels)


def moved(game: str) -> None:
    """A move of ``game`` was stored and applied here."""
    _moves_of(game).inc()


def move_took(game: str, seconds: float) -> None:
    """A person's move took ``seconds`` from its receipt to the table's new state sent."""
    _move_seconds_of(game).observe(seconds)


def connected(seat: int | None) -> None:
    """A connection joined a table as ``seat`` (``None``: a spectator)."""
    _connections_of(_kind(seat)).inc()


def disconnected(seat: int | None) -> None:
    """A connection that joined as ``seat`` left its table."""
    _connections_of(_kind(seat)).dec()


def _kind(seat: int | None) -> str:
    return "spectator" if seat is None else "player"


@contextmanager
def bot_job() -> Iterator[None]:
    """Count a job sent to the bot processes while it waits and runs."""
    _BOT_QUEUE.inc()
    try:
        yield
    finally:
        _BOT_QUEUE.dec()


def thought(game: str, seconds: float) -> None:
    """A bot thought ``seconds`` over a move of ``game``."""
    _THINK_SECONDS.labels(game).observe(seconds)


def database_error(where: str) -> None:
    """A database operation failed at ``where`` (``store``, ``leases``, ``listener``)."""
    _DATABASE_ERRORS.labels(where).inc()


def refused(kind: str) -> None:
    """A rate limit or a cap refused something of ``kind``: a short fixed word, such as
    ``messages``, ``sign_in``, ``tables`` or ``connections`` (never an address or a name:
    each kind is a series of its own)."""
    _REFUSALS.labels(kind).inc()


def watch(engine: Engine) -> None:
    """Count every failure of ``engine``'s database operations and connections, except the
    unique-key conflicts that are part of the protocol (two writers of one move, a username
    taken)."""
    # Imported here: bot processes import this module (their think time) and no database.
    from sqlalchemy import event
    from sqlalchemy.exc import IntegrityError

    def failed(context: Any) -> None:
        if not isinstance(context.sqlalchemy_exception, IntegrityError):
            database_error("store")

    event.listen(engine, "handle_error", failed)


def sample(hub: Hub, cluster: Cluster | None) -> None:
    """Read what is counted by looking: the tables in memory and the leases held."""
    _TABLES.set(len(hub.tables))
    _LEASES.set(len(cluster.leases.held) if cluster is not None else 0)


async def sample_every(hub: Hub, cluster: Cluster | None) -> None:
    """``sample`` every ``SAMPLE_EVERY`` seconds until cancelled: with several processes the
    one that answers a scrape reads the others' values from their files."""
    while True:
        sample(hub, cluster)
        await asyncio.sleep(SAMPLE_EVERY)


def process_ended(pid: int) -> None:
    """Drop the live gauges of a server process that ended (multiprocess mode only)."""
    if os.environ.get(MULTIPROCESS):
        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]  # the module is not annotated


def render() -> bytes:
    """The metrics in Prometheus's text format: this process's, or with several processes
    every process's together."""
    if not os.environ.get(MULTIPROCESS):
        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # the module is not annotated
    return generate_latest(registry)


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class AddressPolicy:
    """The client addresses allowed to read ``/metrics``: addresses and CIDR networks."""

    def __init__(self, allowed: Iterable[str] = DEFAULT_ALLOWED) -> None:
        self.networks: tuple[Network, ...] = tuple(map(self.network, allowed))

    @staticmethod
    def network(text: str) -> Network:
        """The network ``text`` names (an address is a network of one); ``ValueError`` with
        a sentence if it names none."""
        try:
            return ipaddress.ip_network(text.strip(), strict=False)
        except ValueError:
            raise ValueError(
                f"--metrics-allow takes an address or a network such as 10.0.0.0/8: {text!r}"
            ) from None

    def allows(self, host: str | None) -> bool:
        """Whether a client at ``host`` (as uvicorn resolved it) may read the metrics."""
        if host is None:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False  # not an address (a Unix socket, a test client): not allowed
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)
