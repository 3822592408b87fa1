"""Load on the server: N tables of four scripted WebSocket clients against a real `parlour serve`.

Run: ``.venv/bin/python benchmarks/load.py [--tables 500] [--think 1.0] [--seconds 20]
[--bot-tables 4] [--stress-tables 50] [--processes 1] [--clock-tables 0] [--accounts]
[--paced-only] [--json out.json]``.

``--accounts`` makes every people's table a rated table of four accounts: the first opens it
with the other seats open, the others take them as from the lobby, and each client opens its
seat with its session's cookie instead of a token (issue 30's load check: accounts must not
slow the move path).

With ``--processes N`` above 1 the server is ``parlour serve --processes N`` on a throwaway
PostgreSQL server (started in a temporary folder, as tests/server/postgres.py does), and the
stress run is made twice, with 1 process and with N, for the ratio of their throughputs.
``--db postgresql`` uses PostgreSQL with one process too. ``--affinity`` runs N separate
``parlour serve`` commands on N ports instead and sends the connections of a table to the one
its id hashes to, as a proxy set to hash the table id does (docs/server.md, "Deployment").

Three runs, each against a fresh server on 127.0.0.1 with a fresh SQLite file, each bounded
by ``--warmup`` plus ``--seconds`` of measurement (it stops by itself):

- ``paced``: ``--tables`` Fearless tables of four people; a client acts ``--think`` seconds
  (on average; 0.5x to 1.5x at random) after its turn begins, so every table makes about one
  move a second, as people do.
- ``paced + hard bots``: the same, while ``--bot-tables`` tables of four hard bots play at
  once in the server's bot processes (no pause before their moves).
- ``stress``: ``--stress-tables`` tables whose clients act the moment their turn begins (a
  finished game is replaced by a new table): the most moves a second the server makes.

With ``--clock-tables N``, each paced run also opens N Fearless tables, spread over its
measured window, whose person (seat 0, who leads) never moves and has a ``--clock-seconds``
real-time clock: a spectator's connection times the state that says ``"absent": [0]``, and
how late it came after the clock ran out (by the clock of the first view it was sent; and,
an upper bound, counted from the moment the table was asked for) is reported as p50, p99 and
max beside the paced tables' figures.

Per run: acknowledged moves a second; the latency from sending an ``act`` to receiving the
``state`` that includes it (p50, p99, max); errors (error messages, dropped connections);
the server's memory per table (its resident memory with every table open, less before any,
over the tables); the cores the server used. Target from issue 14: 500 paced tables, p99
under 100 ms, no errors. The machine's load average is printed beside the figures: other
work on the cores adds to every latency, and the client runs on the same cores as the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from parlour.server.collector import keep_pauses_short

TARGET_TABLES = 500
TARGET_P99_MS = 100.0
GAME = {"game": "fearless", "players": 4}


@dataclass
class Figures:
    """What one run measured."""

    run: str
    tables: int
    bot_tables: int
    processes: int = 1
    moves: int = 0
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    # The reference measured alongside: a ping's round trip on a spectator's connection, the
    # least any message waits on this machine at this moment (no move, no database).
    ping_ms: list[float] = field(default_factory=list)
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    memory_per_table_kib: float = 0.0
    server_cores: float = 0.0
    bot_cores: float = 0.0
    client_cores: float = 0.0
    load_average: float = 0.0
    # How late each clock's timeout reached a spectator, in ms (``--clock-tables``), and
    # the timeouts never seen.
    clock_late_ms: list[float] = field(default_factory=list)
    # The same counted from the moment the table was asked for: an upper bound.
    clock_late_asked_ms: list[float] = field(default_factory=list)
    clock_missed: int = 0

    def percentile(self, fraction: float, of: list[float] | None = None) -> float:
        """The latency below which ``fraction`` of the moves were acknowledged (or of the
        pings ``of`` answered), in ms."""
        values = self.latencies_ms if of is None else of
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    def summary(self) -> dict[str, Any]:
        """The figures without the raw latencies."""
        out = asdict(self)
        del out["latencies_ms"], out["ping_ms"], out["clock_late_ms"], out["clock_late_asked_ms"]
        out["ping_p99_ms"] = self.percentile(0.99, self.ping_ms)
        out["clock_tables"] = len(self.clock_late_ms) + self.clock_missed
        out["clock_late_p50_ms"] = self.percentile(0.5, self.clock_late_ms)
        out["clock_late_p99_ms"] = self.percentile(0.99, self.clock_late_ms)
        out["clock_late_max_ms"] = max(self.clock_late_ms, default=float("nan"))
        out["clock_late_asked_p50_ms"] = self.percentile(0.5, self.clock_late_asked_ms)
        out["clock_late_asked_p99_ms"] = self.percentile(0.99, self.clock_late_asked_ms)
        out["clock_late_asked_max_ms"] = max(self.clock_late_asked_ms, default=float("nan"))
        out["moves_per_second"] = self.moves / self.seconds if self.seconds else 0.0
        out["p50_ms"], out["p99_ms"] = self.percentile(0.5), self.percentile(0.99)
        out["max_ms"] = max(self.latencies_ms, default=float("nan"))
        # CPU the server spent per move (its broadcasts included): less sensitive to other
        # work on the machine than the latencies, and what the cores needed scale with.
        rate = out["moves_per_second"]
        out["server_cpu_ms_per_move"] = 1000 * self.server_cores / rate if rate else 0.0
        return out


class Window:
    """The measured stretch of a run: moves acknowledged inside it count, others do not."""

    def __init__(self, figures: Figures, warmup: float, seconds: float) -> None:
        self.figures = figures
        self.start = time.monotonic() + warmup
        self.end = self.start + seconds
        # Clients that have received their first state, and clients that could not connect.
        self.connected = 0
        self.failed = 0
        # Handshakes under way at once: thousands at one go overflow the listen queue.
        self.opening = asyncio.Semaphore(64)

    def counts(self, moment: float) -> bool:
        """Whether a move acknowledged at ``moment`` is measured."""
        return self.start <= moment < self.end

    def error(self, text: str) -> None:
        """Count an error (any time: an error during the warm-up is one too)."""
        self.figures.errors += 1
        if len(self.figures.error_samples) < 5:
            self.figures.error_samples.append(text)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# The limits of one client that a load from one address would meet (docs/server.md, "Limits"):
# lifted, where the server has them.
UNLIMITED = [
    "--connections-per-address",
    "0",
    "--spectators-per-table",
    "0",
    "--tables-per-minute",
    "0",
    "--bot-tables-per-address",
    "0",
    "--bot-tables",
    "0",
]


def limits_lifted(command: list[str]) -> list[str]:
    """``UNLIMITED`` if the server that ``command`` starts lists them in ``serve --help``, else
    nothing: an older server (before issue 32) has none of these limits to lift."""
    helped = subprocess.run([*command, "serve", "--help"], capture_output=True, text=True)
    return UNLIMITED if UNLIMITED[0] in helped.stdout else []


def start_server(
    db: str, port: int, workers: int, processes: int = 1, host: str = "127.0.0.1"
) -> subprocess.Popen[bytes]:
    """``parlour serve`` on host:port, returned once it answers."""
    command = [sys.executable, "-c", "from parlour.cli.app import main; main()"]
    lifted = limits_lifted(command)
    command += ["serve", "--port", str(port)]
    if host != "127.0.0.1":  # the default, left out for older servers
        command += ["--host", host]
    if processes > 1:  # left out otherwise, so that the benchmark runs older servers too
        command += ["--processes", str(processes)]
    command += [*lifted, "--db", db, "--workers", str(workers), "--bot-delay", "0"]
    # The server writes a line for each request and each connection: a pipe read only if it
    # fails to start would fill and stall it, so its standard error goes to a file.
    descriptor, path = tempfile.mkstemp(prefix="parlour-load-", suffix=".log")
    logged = open(path, "rb")  # noqa: SIM115 (read if the server stops; closed with the run)
    os.unlink(path)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=descriptor)
    os.close(descriptor)
    process.stderr = logged
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            assert process.stderr is not None
            raise SystemExit(f"load: the server stopped: {process.stderr.read().decode()}")
        try:
            httpx.get(f"http://{host}:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("load: the server did not answer within 60 s")


class Site:
    """The server processes of a run and where each request goes.

    Without ``affine``: one ``parlour serve --processes N`` on one port, where the kernel hands
    each connection to any process. With it: N ``parlour serve`` commands on N ports (the
    same database), every request about a table sent to the one its id hashes to, as a proxy
    hashing the table id in the path does (docs/server.md), and new tables opened on each in
    turn; the proxy's own work is left out.
    """

    def __init__(self, db: str, workers: int, processes: int, affine: bool) -> None:
        ports = [free_port() for _ in range(processes if affine else 1)]
        self.servers = [
            start_server(db, port, workers, 1 if affine else processes) for port in ports
        ]
        self.bases = [f"http://127.0.0.1:{port}" for port in ports]
        self.many = processes > 1 and not affine  # one serve command, several processes
        self.opened = 0

    def for_table(self, table_id: str) -> str:
        """The address serving ``table_id``'s connections."""
        return self.bases[zlib.crc32(table_id.encode()) % len(self.bases)]

    def for_new_table(self) -> str:
        """The address the next new table is opened through."""
        self.opened += 1
        return self.bases[self.opened % len(self.bases)]

    def cpu_seconds(self) -> dict[int, float]:
        """CPU seconds each process of the servers (bot processes too) has used so far."""
        found: dict[int, float] = {}
        for server in self.servers:
            found.update(cpu_seconds(server.pid))
        return found

    def cores(self, before: dict[int, float], seconds: float) -> tuple[float, float]:
        """The cores the server processes and the bot processes used since ``before``."""
        servers = {pid for server in self.servers for pid in serving(server.pid, self.many)}
        used = {pid: cpu - before.get(pid, 0.0) for pid, cpu in self.cpu_seconds().items()}
        server_cpu = sum(cpu for pid, cpu in used.items() if pid in servers)
        return server_cpu / seconds, (sum(used.values()) - server_cpu) / seconds

    def resident_kib(self) -> dict[int, int]:
        """The resident memory of each server process (bot processes left out), in KiB."""
        return {
            pid: kib
            for server in self.servers
            for pid, kib in resident_kib(server.pid, self.many).items()
        }

    def stop(self) -> None:
        """Stop every server."""
        for server in self.servers:
            server.terminate()
        for server in self.servers:
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()


def family(pid: int) -> list[int]:
    """``pid`` and its descendants now (the server processes of ``--processes`` and the bot
    processes)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += parents.get(found[-1], [])
    return found


def _stat(pid: int) -> list[str]:
    """The fields of /proc/pid/stat after the command name."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def serving(pid: int, many: bool) -> set[int]:
    """The server processes of the ``parlour serve`` whose process is ``pid``: itself, and with
    ``--processes`` above 1 (``many``) the processes it started to serve; the rest of its
    family are bot processes and multiprocessing's helpers."""
    found = {pid}
    if many:
        for member in family(pid):
            with contextlib.suppress(OSError):
                spawned = "spawn_main" in Path(f"/proc/{member}/cmdline").read_text()
                if int(_stat(member)[1]) == pid and spawned:
                    found.add(member)
    return found


def resident_kib(pid: int, many: bool) -> dict[int, int]:
    """The resident memory of each server process (bot processes left out), in KiB."""
    found = {}
    for member in serving(pid, many):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    found[member] = int(line.split()[1])
    return found


def cpu_seconds(pid: int) -> dict[int, float]:
    """CPU seconds (user and system) each living process of a server has used."""
    found = {}
    for member in family(pid):
        with contextlib.suppress(OSError):
            fields = _stat(member)
            found[member] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


@contextlib.contextmanager
def collector_off() -> Iterator[None]:
    """No garbage collection in the clients while the window is measured.

    The 2,000 clients stand for as many browsers on their own machines, but here they share
    one interpreter: its collections (60-90 ms of CPU about once a second in a 500-table run,
    0.27 of a core in all) stop every client at once, and each message that arrives meanwhile
    is counted late, as if the server had been slow. What is alive is collected and frozen
    first, so the window starts clean; collection resumes once the window closes.
    """
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


def own_cpu_seconds() -> float:
    """CPU seconds this process (the clients) has used; not its children, the server."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@contextlib.contextmanager
def postgres() -> Iterator[Any]:
    """A throwaway PostgreSQL server (tests/server/postgres.py), or exit saying why not."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from server.postgres import postgres_server, unavailable

    why = unavailable()
    if why is not None:
        raise SystemExit(f"load: --processes above 1 needs PostgreSQL here: {why}")
    with postgres_server() as server:
        yield server


def fresh_database(server: Any, name: str) -> str:
    """A new database on the throwaway PostgreSQL server; its URL."""
    import psycopg

    conninfo = f"host=127.0.0.1 port={server.port} user=parlour dbname=postgres"
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return str(server.url).replace("/postgres", f"/{name}")


async def seat_client(
    url: str,
    think: float,
    window: Window,
    rng: random.Random,
    ready: asyncio.Event,
    cookie: str | None = None,
) -> None:
    """One person at a table: acts on its turn after thinking, until the game or run ends;
    with ``cookie`` (an account's session), the seat is opened by the session, not a token."""
    headers = {"Cookie": cookie} if cookie is not None else None
    try:
        async with window.opening:
            ws = await connect(url, open_timeout=120, max_size=2**22, additional_headers=headers)
    except (OSError, WebSocketException, TimeoutError) as error:
        window.failed += 1
        window.error(f"could not connect: {error!r}")
        return
    try:
        async with ws:
            await _play(ws, think, window, rng, ready)
    except (OSError, WebSocketException, TimeoutError) as error:
        window.error(f"connection lost: {error!r}")


async def _play(
    ws: Any, think: float, window: Window, rng: random.Random, ready: asyncio.Event
) -> None:
    sent: tuple[int, float] | None = None  # the move acted on, and when it was sent
    first = True
    while time.monotonic() < window.end:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, window.end - time.monotonic()))
        except TimeoutError:
            return
        message = json.loads(raw)
        if message["type"] == "error":
            window.error(message["message"])
            sent = None
            continue
        if message["type"] != "state":
            continue
        if first:
            window.connected += 1
            first = False
        view = message["view"]
        now = time.monotonic()
        if sent is not None and view["move"] == sent[0] + 1:
            if window.counts(now):
                window.figures.moves += 1
                window.figures.latencies_ms.append((now - sent[1]) * 1000)
            sent = None
        if view["is_over"]:
            return
        if view.get("legal_actions") and sent is None:
            await ready.wait()
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(view["legal_actions"])
            sent = (view["move"], time.monotonic())
            await ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))


async def ping_probe(url: str, window: Window) -> None:
    """Watch a table as a spectator and time a ping's round trip every 50 ms in the window."""
    try:
        async with connect(url, open_timeout=120, max_size=2**22) as ws:
            while time.monotonic() < window.end:
                if not window.counts(time.monotonic()):
                    await asyncio.sleep(0.05)
                    continue
                sent = time.monotonic()
                await ws.send('{"type": "ping"}')
                while json.loads(await ws.recv())["type"] != "pong":
                    pass
                window.figures.ping_ms.append((time.monotonic() - sent) * 1000)
                await asyncio.sleep(0.05)
    except (OSError, WebSocketException, TimeoutError) as error:
        window.error(f"the ping probe lost its connection: {error!r}")


async def warm(http: httpx.AsyncClient, site: Site) -> None:
    """Open a table on each server process and watch it a moment, so that what a process
    sets up once (imports, compiled queries) is not counted as the tables' memory."""
    for base in site.bases:
        body = {**GAME, "seed": 0}
        for _ in range(4):  # ``--processes N`` on one port: a request may reach any of them
            table = (await http.post(f"{base}/api/tables", json=body)).json()["table"]
            async with connect(f"{base.replace('http://', 'ws://')}/ws/{table}") as ws:
                with contextlib.suppress(TimeoutError):
                    while True:  # the state, and whatever else a connection is sent
                        await asyncio.wait_for(ws.recv(), 0.5)


async def open_table(
    http: httpx.AsyncClient, site: Site, bots: str | None, seed: int
) -> dict[str, Any]:
    """A new Fearless table of four people (or, with ``bots``, of four such bots)."""
    body: dict[str, Any] = {**GAME, "seed": seed}
    if bots is not None:
        body["bots"] = dict.fromkeys("0123", bots)
    for attempt in range(3):
        try:
            answer = await http.post(f"{site.for_new_table()}/api/tables", json=body)
            break
        except httpx.TransportError:
            # The server closed an idle kept-alive connection just as it was reused: again.
            if attempt == 2:
                raise
    answer.raise_for_status()
    found: dict[str, Any] = answer.json()
    return found


ACCOUNT_PASSWORD = "a load test's password"


async def sign_up(site: Site, count: int) -> list[str]:
    """``count`` new accounts' session cookies (``Cookie`` header values)."""
    cookies = []
    async with httpx.AsyncClient(timeout=60) as http:
        for number in range(count):
            body = {"username": f"load-{os.getpid()}-{number}", "password": ACCOUNT_PASSWORD}
            answer = await http.post(f"{site.for_new_table()}/api/accounts", json=body)
            answer.raise_for_status()
            cookies.append(f"parlour_session={answer.cookies['parlour_session']}")
            http.cookies.clear()
    return cookies


async def account_table(
    http: httpx.AsyncClient, site: Site, seed: int, cookies: list[str]
) -> dict[str, Any]:
    """A new rated Fearless table opened by the first account, its other seats open and then
    taken by the other accounts, as people taking open seats from the lobby do."""
    body = {**GAME, "seed": seed, "sit": 0, "open": [1, 2, 3], "rated": True}
    base = site.for_new_table()
    answer = await http.post(f"{base}/api/tables", json=body, headers={"Cookie": cookies[0]})
    answer.raise_for_status()
    table: dict[str, Any] = answer.json()
    for seat in (1, 2, 3):
        taken = await http.post(
            f"{site.for_table(table['table'])}/api/tables/{table['table']}/sit",
            json={"seat": seat},
            headers={"Cookie": cookies[seat]},
        )
        taken.raise_for_status()
    return table


async def clock_table(
    http: httpx.AsyncClient, site: Site, seconds: float, seed: int, figures: Figures
) -> None:
    """Open a table whose person never moves, with a clock of ``seconds``, and time how late
    its timeout reaches a spectator."""
    body: dict[str, Any] = {
        "game": "fearless",
        "players": 3,
        "seed": seed,
        "bots": {"1": "random", "2": "random"},
        "options": {"first_leader": 0},
        "clock": {"initial": seconds, "increment": 0},
    }
    asked = time.monotonic()
    try:
        answer = await http.post(f"{site.for_new_table()}/api/tables", json=body)
        answer.raise_for_status()
        table = answer.json()["table"]
        ws_base = site.for_table(table).replace("http://", "ws://")
        deadline = None
        async with connect(f"{ws_base}/ws/{table}") as ws:
            async with asyncio.timeout(seconds + 30):
                while True:
                    message = json.loads(await ws.recv())
                    if message["type"] != "state":
                        continue
                    view = message["view"]
                    if deadline is None:
                        # When the clock runs out by the first view's clock (its message's own
                        # delay aside, as the timeout's message has one too).
                        deadline = time.monotonic() + view["clock"]["remaining"][0]
                    if view.get("absent") == [0]:
                        break
        now = time.monotonic()
        figures.clock_late_ms.append((now - deadline) * 1000)
        figures.clock_late_asked_ms.append((now - asked - seconds) * 1000)
    except (OSError, WebSocketException, TimeoutError, httpx.HTTPError) as error:
        figures.clock_missed += 1
        if len(figures.error_samples) < 5:
            figures.error_samples.append(f"a clock's timeout was not seen: {error!r}")


async def clock_tables(
    http: httpx.AsyncClient, site: Site, args: argparse.Namespace, figures: Figures
) -> None:
    """``--clock-tables`` clock tables, opened one after another over the measured window so
    that each runs out inside it."""
    count = args.clock_tables
    spread = max(0.0, args.seconds - args.clock_seconds - 1)
    timed = []
    for number in range(count):
        timed.append(
            asyncio.create_task(clock_table(http, site, args.clock_seconds, 5000 + number, figures))
        )
        await asyncio.sleep(spread / max(1, count))
    await asyncio.gather(*timed)


async def people_table(
    site: Site,
    http: httpx.AsyncClient,
    think: float,
    window: Window,
    rng: random.Random,
    ready: asyncio.Event,
    again: bool,
    cookies: list[str] | None = None,
) -> None:
    """Play a table of four clients; with ``again``, a new table each time a game ends;
    with ``cookies``, a rated table of four accounts whose seats their sessions open."""
    while time.monotonic() < window.end:
        try:
            if cookies is None:
                table = await open_table(http, site, None, rng.randrange(2**31))
            else:
                table = await account_table(http, site, rng.randrange(2**31), cookies)
        except httpx.HTTPError as error:
            window.failed += 4
            window.error(f"could not open a table: {error!r}")
            return
        ws_base = site.for_table(table["table"]).replace("http://", "ws://")
        if cookies is None:
            url = f"{ws_base}/ws/{table['table']}"
            urls = [f"{url}?token={seat['token']}" for seat in table["seats"]]
            seated: list[str | None] = [None] * len(urls)
        else:
            urls = [f"{ws_base}/ws/{table['table']}"] * 4
            seated = list(cookies)
        clients = [
            seat_client(url, think, window, random.Random(rng.random()), ready, cookie)
            for url, cookie in zip(urls, seated, strict=True)
        ]
        await asyncio.gather(*clients)
        if not again:
            return


async def run(
    name: str,
    args: argparse.Namespace,
    tables: int,
    think: float,
    bot_tables: int,
    db: str,
    processes: int = 1,
) -> Figures:
    """One run against a fresh server on the fresh database ``db``; its figures."""
    figures = Figures(name, tables, bot_tables, processes)
    site = Site(db, args.workers, processes, args.affinity and processes > 1)
    rng = random.Random(args.seed)
    try:
        # Pooled connections expire before uvicorn's 5 s keep-alive closes them: at httpx's
        # default (also 5 s) a request can go out on a connection the server is closing,
        # and fails with an empty ReadError that is the client's race, not the server's.
        limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
        async with httpx.AsyncClient(timeout=60, limits=limits) as http:
            await warm(http, site)
            before = site.resident_kib()
            ready = asyncio.Event()
            # The window opens once every client is connected (below); until then, nothing
            # counts and no client acts.
            window = Window(figures, 3600, 3600)
            cookies = await sign_up(site, 4) if args.accounts else None
            tasks = [
                asyncio.create_task(
                    people_table(
                        site,
                        http,
                        think,
                        window,
                        random.Random(rng.random()),
                        ready,
                        think == 0,
                        cookies,
                    )
                )
                for _ in range(tables)
            ]
            probe = (await open_table(http, site, None, 999))["table"]  # nobody plays it: quiet
            ws_base = site.for_table(probe).replace("http://", "ws://")
            tasks.append(asyncio.create_task(ping_probe(f"{ws_base}/ws/{probe}", window)))
            for i in range(bot_tables):
                await open_table(http, site, "hard", 1000 + i)
            # Measure once every client is connected and has its first state.
            deadline = time.monotonic() + 300
            while window.connected + window.failed < 4 * tables:
                if time.monotonic() > deadline:
                    raise SystemExit(f"load: only {window.connected} clients connected in 300 s")
                await asyncio.sleep(0.2)
            # Over the processes that were serving before and still are.
            after = site.resident_kib()
            grown = sum(kib - before[member] for member, kib in after.items() if member in before)
            figures.memory_per_table_kib = grown / max(1, tables)
            window.start = time.monotonic() + args.warmup
            window.end = window.start + args.seconds
            print(
                f"  {window.connected} clients connected; measuring for {args.seconds:.0f} s "
                f"after {args.warmup:.0f} s of warm-up",
                flush=True,
            )
            ready.set()
            with collector_off():
                await asyncio.sleep(args.warmup)
                cpu, started, own = site.cpu_seconds(), time.monotonic(), own_cpu_seconds()
                if args.clock_tables and name.startswith("paced"):
                    tasks.append(asyncio.create_task(clock_tables(http, site, args, figures)))
                await asyncio.sleep(args.seconds)
                elapsed = time.monotonic() - started
            figures.server_cores, figures.bot_cores = site.cores(cpu, elapsed)
            figures.client_cores = (own_cpu_seconds() - own) / elapsed
            figures.seconds = args.seconds
            figures.load_average = os.getloadavg()[0]
            await asyncio.gather(*tasks)
    finally:
        site.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=TARGET_TABLES)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a client thinks")
    parser.add_argument("--bot-tables", type=int, default=4)
    parser.add_argument("--stress-tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured per run")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=2, help="the server's bot processes")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (above 1: PostgreSQL)"
    )
    parser.add_argument(
        "--affinity",
        action="store_true",
        help="with --processes N: N servers on N ports, a table's clients on one (as a proxy"
        " hashing the table id sends them)",
    )
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--clock-tables", type=int, default=0, help="tables whose clock runs out (paced runs)"
    )
    parser.add_argument("--clock-seconds", type=float, default=2.0, help="their clock")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--accounts",
        action="store_true",
        help="people's tables are rated tables of four accounts, opened and taken as open"
        " seats, each seat opened by its session's cookie",
    )
    parser.add_argument("--paced-only", action="store_true", help="only the paced run")
    args = parser.parse_args()
    # Four connections a table, on both ends of loopback, in this process and the server.
    wanted = 4 * max(args.tables, args.stress_tables) * 2 + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    # The clients hold thousands of connections: their own collector's pauses would count
    # as the server's latency, so they get the server's policy too (and none at all in the
    # measured window: ``collector_off``).
    keep_pauses_short()
    console = Console(width=150)
    console.print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    many = args.processes
    plans = [
        ("paced", args.tables, args.think, 0, many),
        ("paced + hard bots", args.tables, args.think, args.bot_tables, many),
        ("stress", args.stress_tables, 0.0, 0, many),
    ]
    if args.paced_only:
        plans = plans[:1]
    if many > 1 and not args.paced_only:
        # The same stress run with one process, for the ratio of the throughputs.
        plans.insert(2, ("stress", args.stress_tables, 0.0, 0, 1))
    engine = "postgresql" if many > 1 else args.db
    results = []
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(postgres()) if engine == "postgresql" else None
        for number, (name, tables, think, bots, processes) in enumerate(plans):
            if tables <= 0:
                continue
            if server is not None:
                db = fresh_database(server, f"load{number}")
            else:
                db = f"sqlite:///{tempfile.mkdtemp(prefix='parlour-load-')}/load.db"
            console.print(
                f"[bold]{name}[/]: {tables} tables, {bots} bot tables, {processes} processes ..."
            )
            results.append(asyncio.run(run(name, args, tables, think, bots, db, processes)))
    title = f"parlour serve under load (Fearless, four clients a table, {engine})"
    out = Table(title=title)
    for column in ("run", "processes", "tables", "bot tables", "moves/s", "p50 ms", "p99 ms"):
        out.add_column(column, justify="right")
    for column in ("max ms",):
        out.add_column(column, justify="right")
    for column in ("ping p99 ms",):
        out.add_column(column, justify="right")
    for column in ("errors", "KiB/table", "server cores", "CPU ms/move", "bot cores"):
        out.add_column(column, justify="right")
    for column in ("client cores", "load"):
        out.add_column(column, justify="right")
    for figures in results:
        s = figures.summary()
        out.add_row(
            s["run"],
            str(s["processes"]),
            str(s["tables"]),
            str(s["bot_tables"]),
            f"{s['moves_per_second']:.0f}",
            f"{s['p50_ms']:.1f}",
            f"{s['p99_ms']:.1f}",
            f"{s['max_ms']:.0f}",
            f"{s['ping_p99_ms']:.1f}",
            str(s["errors"]),
            f"{s['memory_per_table_kib']:.0f}",
            f"{s['server_cores']:.2f}",
            f"{s['server_cpu_ms_per_move']:.2f}",
            f"{s['bot_cores']:.2f}",
            f"{s['client_cores']:.2f}",
            f"{s['load_average']:.1f}",
        )
    console.print(out)
    for figures in results:
        s = figures.summary()
        if s["clock_tables"]:
            console.print(
                f"{figures.run}: {s['clock_tables']} clocks of {args.clock_seconds:g} s ran out; "
                f"the timeout reached a spectator late by p50 {s['clock_late_p50_ms']:.0f} ms, "
                f"p99 {s['clock_late_p99_ms']:.0f} ms, max {s['clock_late_max_ms']:.0f} ms "
                f"(counted from the asking: p50 {s['clock_late_asked_p50_ms']:.0f}, p99 "
                f"{s['clock_late_asked_p99_ms']:.0f}, max {s['clock_late_asked_max_ms']:.0f}); "
                f"{s['clock_missed']} not seen; load average {figures.load_average:.1f}"
            )
    loads = ", ".join(f"{f.run} {f.load_average:.1f}" for f in results)
    console.print(f"load average (1 min) at the end of each run: {loads}")
    stress = {f.processes: f for f in results if f.run == "stress"}
    if many > 1 and 1 in stress and many in stress:
        alone, together = (stress[n].summary()["moves_per_second"] for n in (1, many))
        console.print(
            f"stress throughput: {together:.0f} moves/s with {many} processes, {alone:.0f} with 1:"
            f" x{together / alone:.2f} (load average {stress[many].load_average:.1f} and "
            f"{stress[1].load_average:.1f})"
        )
    for figures in results:
        for sample in figures.error_samples:
            console.print(f"[red]{figures.run} error[/]: {sample}")
    paced = results[0] if results and results[0].run == "paced" else None
    if paced is not None:
        met = (
            paced.tables >= TARGET_TABLES
            and paced.percentile(0.99) < TARGET_P99_MS
            and paced.errors == 0
        )
        console.print(
            f"target ({TARGET_TABLES} paced tables, p99 < {TARGET_P99_MS:.0f} ms, no errors): "
            + ("[green]met[/]" if met else "[red]NOT met[/]")
        )
    if args.json is not None:
        args.json.write_text(json.dumps([f.summary() for f in results], indent=2))


if __name__ == "__main__":
    main()
