"""deploy/nginx.conf as written (docs/server.md, "Deployment behind a reverse proxy"): it
passes ``nginx -t``, and Debian's nginx running it over TLS on a port that is not 443, in
front of two ``parlour serve`` processes on one PostgreSQL, carries a game (HTTP and
WebSocket, with a browser's ``Origin``) while one of the processes is killed."""

from __future__ import annotations

import json
import os
import signal
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from .live import free_port, start_server, stop
from .postgres import Postgres, postgres_server, unavailable

NGINX = "/usr/sbin/nginx"
CONFIG = Path(__file__).parents[2] / "deploy" / "nginx.conf"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL server of this module's own."""
    if not os.path.exists(NGINX):
        pytest.skip(f"{NGINX} is missing: scripts/test-setup.sh installs Debian's nginx")
    why = unavailable()
    if why is not None:
        pytest.skip(f"no PostgreSQL server for the nginx test: {why}")
    with postgres_server() as server:
        yield server


def site(ports: tuple[int, int], listen: int, folder: Path) -> str:
    """deploy/nginx.conf with this test's ports and certificate in place of the example's,
    and nothing else changed."""
    text = CONFIG.read_text()
    replaced = {
        "127.0.0.1:8001": f"127.0.0.1:{ports[0]}",
        "127.0.0.1:8002": f"127.0.0.1:{ports[1]}",
        "listen 443 ssl": f"listen 127.0.0.1:{listen} ssl",
        "listen [::]:443 ssl http2;": "",
        "listen 80;": f"listen 127.0.0.1:{free_port()};",
        "listen [::]:80;": "",
        "/etc/letsencrypt/live/parlour.example.org/fullchain.pem": str(folder / "cert.pem"),
        "/etc/letsencrypt/live/parlour.example.org/privkey.pem": str(folder / "key.pem"),
    }
    for old, new in replaced.items():
        assert old in text, f"deploy/nginx.conf no longer has {old!r}: update this test"
        text = text.replace(old, new)
    return text


def nginx_config(folder: Path, ports: tuple[int, int], listen: int) -> Path:
    """A whole nginx.conf in ``folder`` around the site, with its certificate."""
    key, cert = str(folder / "key.pem"), str(folder / "cert.pem")
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=127.0.0.1", "-keyout", key, "-out", cert),
        ],
        check=True,
        capture_output=True,
    )
    (folder / "site.conf").write_text(site(ports, listen, folder))
    # As root, nginx's workers would otherwise run as nobody, who cannot enter the folder.
    user = "user root;" if os.geteuid() == 0 else ""
    main = folder / "nginx.conf"
    main.write_text(
        f"""{user}
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
"""
    )
    return main


def play_to_the_end(address: str, origin: str, table: str, token: str, kill: Any) -> int:
    """Play seat 0 through the proxy until the game ends, calling ``kill`` once after a few
    moves and connecting again whenever the connection ends; the connections made."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    moves, connections = 0, 0
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "the game did not end through the proxy"
        try:
            ws: ClientConnection
            with connect(
                f"wss://{address}/ws/{table}?token={token}",
                ssl=context,
                origin=origin,  # type: ignore[arg-type]
                open_timeout=10,
            ) as ws:
                connections += 1
                while True:
                    message = json.loads(ws.recv(timeout=30))
                    if message["type"] != "state":
                        continue
                    view = message["view"]
                    if view["is_over"]:
                        return connections
                    if view.get("legal_actions") and not view.get("passing"):
                        if moves == 5:
                            kill()
                        moves += 1
                        act = {"type": "act", "action": view["legal_actions"][0]}
                        ws.send(json.dumps({**act, "move": view["move"]}))
        except (OSError, WebSocketException, TimeoutError):
            time.sleep(0.2)


def test_a_game_through_nginx_survives_a_killed_process(postgres: Postgres, tmp_path: Path) -> None:
    name = "nginx"
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres.port} user=parlour dbname=postgres", autocommit=True
    ) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    url = postgres.url.replace("/postgres", f"/{name}")
    ports = (free_port(), free_port())
    listen = free_port()
    config = nginx_config(tmp_path, ports, listen)
    checked = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(config)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
    servers = [start_server(url, port) for port in ports]
    proxy = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-c", str(config), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
    )
    try:
        address = f"127.0.0.1:{listen}"
        base, origin = f"https://{address}", f"https://{address}"
        client = httpx.Client(base_url=base, verify=False, timeout=30)
        deadline = time.monotonic() + 30
        while True:
            try:
                client.get("/api/games")
                break
            except httpx.HTTPError:
                assert proxy.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        # What a browser sends: its Origin names the proxy's host and port.
        body = {"game": "fearless", "players": 3, "bots": {"1": "random", "2": "random"}}
        made = client.post("/api/tables", json=body, headers={"origin": origin})
        assert made.status_code == 201, made.text
        answer = made.json()
        assert client.get(f"/table/{answer['table']}").status_code == 200
        # Both processes serve through the proxy (round robin).
        seen = {client.get("/api/health").json()["process"] for _ in range(6)}
        assert seen == {server.pid for server in servers}

        def kill() -> None:
            servers[0].send_signal(signal.SIGKILL)
            servers[0].wait(10)

        play_to_the_end(address, origin, answer["table"], answer["seats"][0]["token"], kill)
        assert servers[0].poll() is not None
        # After the kill every request still finds the live process, writes included.
        for _ in range(4):
            assert client.get("/api/health").json()["process"] == servers[1].pid
        again = client.post("/api/tables", json=body, headers={"origin": origin})
        assert again.status_code == 201, again.text
        record = client.get(f"/api/tables/{answer['table']}/record").json()
        assert record["actions"]
        client.close()
    finally:
        proxy.send_signal(signal.SIGQUIT)
        proxy.wait(10)
        for server in servers:
            stop(server)
