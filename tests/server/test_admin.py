"""The admin's tools (docs/server.md, "Admin"): the /admin page and /api/admin/... for admins
only, stopping and deleting live tables, bans and mutes with every refusal, deleting chat
lines, players' reports, and ``parlour admin`` reaching a running server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from parlour.cli.app import app as cli
from parlour.server import create_app, watch
from parlour.server.community import accounts as accounts_module
from parlour.server.community.moderation import BANNED, MUTED, REPORTS_PER_HOUR
from parlour.server.community.sessions import COOKIE
from parlour.server.hub import GONE, STOPPED, cache
from parlour.server.store import SeatInfo, Store, TableRow
from parlour.server.tokens import new_table_id

from .conftest import create, next_state
from .live import received
from .postgres import Postgres
from .test_cluster import _next, base, database, open_table, workers

PASSWORD = "correct horse battery"
runner = CliRunner()


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2id with tiny parameters (the real ones take a second)."""
    monkeypatch.setattr(
        accounts_module, "HASHER", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, looking for ``parlour admin``'s changes often."""
    monkeypatch.setattr(watch, "EVERY", 0.1)
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as test_client:
        yield test_client


def admin_cli(db_url: str, *args: str) -> Any:
    """``parlour admin ARGS --db URL``: the result."""
    return runner.invoke(cli, ["admin", *args, "--db", db_url])


def sign_up(client: TestClient, username: str) -> str:
    """Make an account (the client is then signed in as it): its session cookie."""
    answer = client.post("/api/accounts", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return str(answer.cookies[COOKIE])


def be(client: TestClient, cookie: str | None) -> None:
    """Make ``client`` the person of that session cookie (``None``: a guest)."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set(COOKIE, cookie)


def an_admin(client: TestClient, db_url: str, username: str = "boss") -> str:
    """An account made admin with ``parlour admin accounts make-admin`` (the client is
    signed in as it; the session it had stays alive): its cookie."""
    be(client, None)
    cookie = sign_up(client, username)
    done = admin_cli(db_url, "accounts", "make-admin", username)
    assert done.exit_code == 0, done.output
    return cookie


def closed_with(ws: Any) -> tuple[str, int]:
    """The last error a connection was sent, and the code it was then closed with."""
    said = ""
    while True:
        try:
            message = ws.receive_json()
        except WebSocketDisconnect as ended:
            return said, ended.code
        if message["type"] == "error":
            said = message["message"]


def test_the_admin_page_and_api_are_for_admins_only(client: TestClient, db_url: str) -> None:
    page = client.get("/admin", headers={"accept": "text/html"})
    assert page.status_code == 403 and "admin" in page.text
    assert client.get("/api/admin/tables").status_code == 401
    sign_up(client, "player1")
    assert client.get("/admin").status_code == 403
    for path in ("/api/admin/tables", "/api/admin/accounts", "/api/admin/reports"):
        answer = client.get(path)
        assert answer.status_code == 403, path
        assert answer.json()["message"] == "this is for admins: your account is not one"
    assert client.post("/api/admin/accounts/player1/make-admin").status_code == 403
    an_admin(client, db_url)
    assert client.get("/admin").status_code == 200
    assert client.get("/api/me").json()["role"] == "admin"
    accounts = client.get("/api/admin/accounts").json()["accounts"]
    assert [(a["username"], a["role"]) for a in accounts] == [
        ("boss", "admin"),
        ("player1", "player"),
    ]


def test_an_admins_writes_from_another_site_are_refused(client: TestClient, db_url: str) -> None:
    sign_up(client, "victim")
    an_admin(client, db_url)
    foreign = {"origin": "https://evil.example"}
    answer = client.post("/api/admin/accounts/victim/ban", headers=foreign)
    assert answer.status_code == 403
    listed = {a["username"]: a for a in client.get("/api/admin/accounts").json()["accounts"]}
    assert listed["victim"]["banned_at"] is None


def test_an_admin_stops_a_live_table_and_its_connections_end_with_4423(
    client: TestClient, db_url: str
) -> None:
    made = create(client, "fearless", 3, {1: "random", 2: "random"})
    table, seat = made["table"], made["seats"][0]
    an_admin(client, db_url)
    with client.websocket_connect(f"/ws/{table}?token={seat['token']}") as ws:
        next_state(ws)
        listed = client.get("/api/admin/tables").json()["tables"]
        assert [(t["id"], t["status"], t["public"]) for t in listed] == [(table, "playing", False)]
        assert client.post(f"/api/admin/tables/{table}/stop").status_code == 204
        said, code = closed_with(ws)
    assert code == STOPPED and "stopped" in said
    described = client.get(f"/api/tables/{table}").json()["table"]
    assert described["status"] == "stopped"
    assert client.get("/api/admin/tables").json()["tables"][0]["status"] == "stopped"
    # Watching it again shows where it stood; a move is refused.
    with client.websocket_connect(f"/ws/{table}?token={seat['token']}") as ws:
        state = next_state(ws)
        ws.send_json({"type": "act", "action": "pass", "move": state["view"]["move"]})
        assert "stopped" in error_of(ws)
    again = client.post(f"/api/admin/tables/{table}/stop")
    assert again.status_code == 409 and "over already" in again.json()["message"]
    assert client.post("/api/admin/tables/nothere/stop").status_code == 404


def error_of(ws: Any) -> str:
    """The next error message on an open connection."""
    while (message := ws.receive_json())["type"] != "error":
        pass
    return str(message["message"])


def test_a_stopped_table_whose_bot_was_to_move_leaves_memory(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "FORGET_AFTER", 0.2)
    app = create_app(db_url, workers=1, bot_delay=60)  # the bot is about to move, for a minute
    with TestClient(app) as client:
        table = create(client, "fearless", 3, {0: "random", 1: "random", 2: "random"})["table"]
        an_admin(client, db_url)
        assert client.post(f"/api/admin/tables/{table}/stop").status_code == 204
        deadline = time.monotonic() + 10
        while table in app.state.hub.tables:
            assert time.monotonic() < deadline, "the stopped table stayed in memory"
            time.sleep(0.1)


def test_a_stopped_table_the_server_does_not_hold_is_listed_as_stopped(
    client: TestClient, db_url: str
) -> None:
    store = Store(db_url)  # another process's table, which this one never loaded
    try:
        seats = [SeatInfo(None, "a" * 64), SeatInfo("random", None), SeatInfo("random", None)]
        store.create("elsewhere", "fearless", 3, 1, {}, seats)
        with Session(store.engine) as session, session.begin():  # listed: a public table
            session.execute(update(TableRow).where(TableRow.id == "elsewhere").values(public=True))
        store.stop("elsewhere")
    finally:
        store.close()
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed["elsewhere"]["status"] == "stopped"


def test_an_admin_deletes_a_table_and_its_connections_end_with_4410(
    client: TestClient, db_url: str
) -> None:
    table = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
    an_admin(client, db_url)
    with client.websocket_connect(f"/ws/{table}") as ws:
        next_state(ws)
        assert client.delete(f"/api/admin/tables/{table}").status_code == 204
        said, code = closed_with(ws)
    assert code == GONE and "deleted by an admin" in said
    assert client.get(f"/api/tables/{table}").status_code == 404
    assert client.delete(f"/api/admin/tables/{table}").status_code == 404


def chat_table(client: TestClient) -> tuple[str, str]:
    """A table whose seat 0 is the signed-in account's, with bots: its id and seat token."""
    made = create(client, "fearless", 3, {1: "random", 2: "random"}, sit=0)
    return made["table"], made["seats"][0]["token"]


def say(ws: Any, text: str) -> dict[str, Any]:
    """Send a chat line: the next chat message or error the connection is sent."""
    ws.send_json({"type": "chat", "text": text})
    while True:
        message = ws.receive_json()
        if message["type"] in ("chat", "error"):
            return dict(message)


def test_a_muted_account_cannot_chat_and_an_unmuted_one_can(
    client: TestClient, db_url: str
) -> None:
    sign_up(client, "chatty")
    table, token = chat_table(client)
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        assert say(ws, "hello")["text"] == "hello"
        assert admin_cli(db_url, "accounts", "mute", "chatty").exit_code == 0
        assert say(ws, "still here") == {"type": "error", "message": MUTED}
        assert admin_cli(db_url, "accounts", "unmute", "chatty").exit_code == 0
        assert say(ws, "back")["text"] == "back"


def test_a_banned_account_cannot_sign_in_sit_chat_or_open_its_seat(
    client: TestClient, db_url: str
) -> None:
    cookie = sign_up(client, "rowdy")
    table, token = chat_table(client)
    waiting = create(client, "fearless", 3, {2: "random"}, open=[1])["table"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        next_state(ws)
        assert admin_cli(db_url, "accounts", "ban", "rowdy").exit_code == 0
        assert say(ws, "hello") == {"type": "error", "message": BANNED}
    signing_in = client.post("/api/session", json={"username": "rowdy", "password": PASSWORD})
    assert signing_in.status_code == 403 and signing_in.json()["message"] == BANNED
    wrong = client.post("/api/session", json={"username": "rowdy", "password": "x" * 12})
    assert wrong.status_code == 401  # the ban is told only to whoever knows the password
    be(client, cookie)
    sitting = client.post(f"/api/tables/{waiting}/sit", json={"seat": 1})
    assert sitting.status_code == 403 and sitting.json()["message"] == BANNED
    assert client.get("/api/me").status_code == 403
    for path in (f"/ws/{table}?token={token}", f"/ws/{table}"):
        with client.websocket_connect(path) as ws:
            said, code = closed_with(ws)
        assert (said, code) == (BANNED, 4403), path
    assert admin_cli(db_url, "accounts", "unban", "rowdy").exit_code == 0
    assert client.get("/api/me").status_code == 200


def test_an_admin_deletes_a_chat_line_everywhere(client: TestClient, db_url: str) -> None:
    sign_up(client, "chatty")
    table, token = chat_table(client)
    with (
        client.websocket_connect(f"/ws/{table}?token={token}") as ws,
        client.websocket_connect(f"/ws/{table}") as watcher,
    ):
        line = say(ws, "something rude")
        kept = say(ws, "something kind")
        assert isinstance(line["id"], int)
        an_admin(client, db_url)
        assert client.delete(f"/api/admin/chat/{line['id']}").status_code == 204
        for connection in (ws, watcher):
            while (message := connection.receive_json())["type"] != "chat_deleted":
                pass
            assert message == {"type": "chat_deleted", "id": line["id"]}
    with client.websocket_connect(f"/ws/{table}") as late:
        while (message := late.receive_json())["type"] != "chat_log":
            pass
        assert [entry["text"] for entry in message["lines"]] == [kept["text"]]
    assert client.delete(f"/api/admin/chat/{line['id']}").status_code == 404


def test_reports_are_made_by_players_and_resolved_by_an_admin(
    client: TestClient, db_url: str
) -> None:
    sign_up(client, "chatty")
    table, token = chat_table(client)
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        line = say(ws, "you all play badly")
    be(client, None)
    by_chat = {"chat": line["id"], "reason": "insults"}
    assert client.post("/api/reports", json=by_chat).status_code == 401
    reporter = sign_up(client, "reporter")
    refused = {
        "no reason": {"chat": line["id"]},
        "empty reason": {"chat": line["id"], "reason": "  "},
        "too long": {"chat": line["id"], "reason": "x" * 501},
        "no target": {"reason": "bad"},
        "chat not a number": {"chat": "1", "reason": "bad"},
        "bad name": {"player": "", "reason": "bad"},
    }
    for why, body in refused.items():
        answer = client.post("/api/reports", json=body)
        assert answer.status_code == 400, why
        assert answer.json()["type"] == "error"
    assert client.post("/api/reports", json={"chat": 10**6, "reason": "x"}).status_code == 404
    made = client.post("/api/reports", json=by_chat)
    assert made.status_code == 201
    player = {"player": "chatty", "reason": "cheats", "table": table}
    assert client.post("/api/reports", json=player).status_code == 201
    an_admin(client, db_url)
    found = client.get("/api/admin/reports").json()["reports"]
    assert [(r["reporter"], r["subject"], r["chat_text"], r["table"]) for r in found] == [
        ("reporter", "chatty", "you all play badly", table),
        ("reporter", "chatty", None, table),
    ]
    first = found[0]["id"]
    assert client.post(f"/api/admin/reports/{first}/resolve").status_code == 204
    assert [r["id"] for r in client.get("/api/admin/reports").json()["reports"]] == [found[1]["id"]]
    every = client.get("/api/admin/reports", params={"every": "true"}).json()["reports"]
    assert len(every) == 2 and every[0]["resolved_at"] is not None
    assert client.post(f"/api/admin/reports/{first}/resolve").status_code == 404
    listed = admin_cli(db_url, "reports", "list")
    assert listed.exit_code == 0 and "cheats" in listed.output and "insults" not in listed.output
    # A reporter is limited per hour.
    be(client, reporter)
    for _ in range(REPORTS_PER_HOUR - 2):
        assert client.post("/api/reports", json=player).status_code == 201
    flooding = client.post("/api/reports", json=player)
    assert flooding.status_code == 429 and "an hour" in flooding.json()["message"]


def test_parlour_admin_reaches_a_server_on_the_same_sqlite_file(
    client: TestClient, db_url: str
) -> None:
    sign_up(client, "chatty")
    table, token = chat_table(client)
    other = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        line = say(ws, "delete me")
        deleted = admin_cli(db_url, "chat", "delete", str(line["id"]))
        assert deleted.exit_code == 0, deleted.output
        while ws.receive_json() != {"type": "chat_deleted", "id": line["id"]}:
            pass
        stopped = admin_cli(db_url, "tables", "stop", table)
        assert stopped.exit_code == 0, stopped.output
        said, code = closed_with(ws)
    assert code == STOPPED and "stopped" in said
    with client.websocket_connect(f"/ws/{other}") as ws:
        next_state(ws)
        assert admin_cli(db_url, "tables", "delete", other).exit_code == 0
        assert closed_with(ws)[1] == GONE
    listed = admin_cli(db_url, "tables", "list")
    assert listed.exit_code == 0 and table in listed.output and other not in listed.output


def test_table_ids_never_start_with_a_dash_and_an_older_one_is_written_after_two(
    db_url: str,
) -> None:
    assert not any(new_table_id().startswith("-") for _ in range(5000))
    store = Store(db_url)
    try:
        seats = [SeatInfo(None, "a" * 64), SeatInfo("random", None), SeatInfo("random", None)]
        store.create("-Pold", "fearless", 3, 1, {}, seats)
    finally:
        store.close()
    stopped = runner.invoke(cli, ["admin", "tables", "stop", "--db", db_url, "--", "-Pold"])
    assert stopped.exit_code == 0, stopped.output
    listed = admin_cli(db_url, "tables", "list")
    assert any(
        line.startswith("-Pold\t") and "stopped" in line for line in listed.output.splitlines()
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["tables", "stop", "nothere"], "there is no table 'nothere'"),
        (["tables", "delete", "nothere"], "there is no table 'nothere'"),
        (["accounts", "ban", "nobody"], "there is no account 'nobody'"),
        (["chat", "delete", "99"], "there is no chat line 99"),
        (["reports", "resolve", "7"], "there is no open report 7"),
        (["retention", "run"], "give the policy"),
    ],
)
def test_parlour_admin_refuses_bad_input_in_a_sentence(
    db_url: str, args: list[str], says: str
) -> None:
    result = admin_cli(db_url, *args)
    assert result.exit_code != 0
    assert says in result.output
    assert "Traceback" not in result.output


def test_parlour_admin_hides_the_password_of_a_database_it_cannot_open() -> None:
    url = "postgresql+psycopg://parlour:hunter2secret@127.0.0.1:9/none"
    started = time.monotonic()
    result = runner.invoke(cli, ["admin", "tables", "list", "--db", url])
    assert result.exit_code == 1
    assert "cannot open the database" in result.output
    assert "hunter2secret" not in result.output and "***" in result.output
    assert time.monotonic() - started < 60


def test_parlour_admin_reaches_every_server_process_on_postgresql(postgres: Postgres) -> None:
    url = database(postgres, "admin_reach")
    with workers(url, 2, bot_delay=60.0) as processes:
        one, two = base(processes[0]), base(processes[1])
        answer = open_table(one, "fearless", 3, 4, {2: "random"})
        table, tokens = answer["table"], [s["token"] for s in answer["seats"]]

        async def watch_both() -> list[tuple[dict[str, Any], int]]:
            here = f"ws://{one.removeprefix('http://')}/ws/{table}?token={tokens[0]}"
            there = f"ws://{two.removeprefix('http://')}/ws/{table}?token={tokens[1]}"
            async with connect(here) as ada, connect(there) as bob:
                await _next(bob, "chat_log")
                await ada.send(json.dumps({"type": "chat", "text": "rude words"}))
                line = await _next(bob, "chat")
                deleted = await asyncio.to_thread(admin_cli, url, "chat", "delete", str(line["id"]))
                assert deleted.exit_code == 0, deleted.output
                gone = [await _next(ws, "chat_deleted") for ws in (ada, bob)]
                stopped = await asyncio.to_thread(admin_cli, url, "tables", "stop", table)
                assert stopped.exit_code == 0, stopped.output
                codes = []
                for ws in (ada, bob):
                    with pytest.raises(ConnectionClosed) as ended:
                        while True:
                            await received(ws)
                    assert ended.value.rcvd is not None
                    codes.append(ended.value.rcvd.code)
            return [(message, code) for message, code in zip(gone, codes, strict=True)]

        for message, code in asyncio.run(watch_both()):
            assert message["type"] == "chat_deleted"
            assert code == STOPPED
