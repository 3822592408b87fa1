"""Clocks and absence (API.md, "Clocks" and "Your games"; docs/server.md, "Clocks and
absence"): the settings refused or taken at creation, a person whose time runs out played by
a bot until ``{"type": "back"}``, turn-based clocks, the clock kept across a kill -9, and
the account's tables sorted by urgency."""

from __future__ import annotations

import json
import signal
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from parlour.server.botpool import BotPool
from parlour.server.community import clocks
from parlour.server.hub import CLOCK_SLACK

from . import live
from .conftest import create, next_state
from .live import free_port, open_seat, start_server, stop
from .postgres import Postgres
from .test_cluster import base, database, workers
from .test_open_seats import be, sign_up

# Fearless for three, the person at seat 0 leading the first trick: their clock runs at once.
PERSON_LEADS = {"first_leader": 0}
BOTS = {1: "random", 2: "random"}


def table_with(client: TestClient, clock: dict[str, Any] | None, **extra: Any) -> dict[str, Any]:
    """A Fearless table: a person at seat 0 who decides first, random bots, this clock."""
    return dict(create(client, "fearless", 3, BOTS, options=PERSON_LEADS, clock=clock, **extra))


def state_where(ws: Any, holds: Any, limit: int = 400) -> dict[str, Any]:
    """The first "state" message whose view ``holds``."""
    for _ in range(limit):
        message = next_state(ws)
        if holds(message["view"]):
            return message
    raise AssertionError("no such state came")


@pytest.mark.parametrize(
    ("clock", "says"),
    [
        ({"initial": 0, "increment": 5}, '"initial" must be from 1'),
        ({"initial": -3}, '"initial" must be from 1'),
        ({"initial": 60, "increment": -1}, '"increment" must be from 0'),
        ({"per_move": 15 * 86400}, '"per_move" must be from 1 to 1.2096e+06'),
        ({"per_move": "1 day"}, '"per_move" must be a number of seconds'),
        ({"per_move": True}, '"per_move" must be a number of seconds'),
        ({"initial": 60, "per_move": 60}, "a clock is"),
        ({}, "a clock is"),
        ("fast", "a clock is"),
    ],
)
def test_a_bad_clock_is_refused_with_a_sentence(client: TestClient, clock: Any, says: str) -> None:
    body = {"game": "fearless", "players": 3, "bots": BOTS, "clock": clock}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    assert says in answer.json()["message"]


def test_the_lobby_reads_the_profiles_and_a_table_shows_its_clock(client: TestClient) -> None:
    profiles = client.get("/api/clocks").json()
    assert [p["name"] for p in profiles] == [p.name for p in clocks.PROFILES]
    fast = next(p for p in profiles if p["name"] == "fast")
    assert fast["clock"] == {"initial": 180, "increment": 10}
    table = table_with(client, fast["clock"])["table"]
    facts = client.get(f"/api/tables/{table}").json()
    assert facts["table"]["clock"]["running"] == 0
    assert 170 < facts["table"]["clock"]["remaining"][0] <= 180
    assert facts["table"]["clock"]["remaining"][1:] == [None, None]  # bots have no clock
    assert facts["view"]["absent"] == []
    # A table without a clock carries none, and its views are as they were.
    plain = create(client, "fearless", 3, BOTS)["table"]
    facts = client.get(f"/api/tables/{plain}").json()
    assert facts["table"]["clock"] is None and "clock" not in facts["view"]


def test_a_person_whose_time_runs_out_is_played_by_a_bot_until_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen: list[tuple[str, int]] = []
    choose = BotPool.choose

    async def watched(self: BotPool, record: dict[str, Any], bot: str, seat: int) -> str:
        chosen.append((bot, seat))
        return await choose(self, record, bot, seat)

    monkeypatch.setattr(BotPool, "choose", watched)
    started = time.monotonic()
    answer = table_with(client, {"initial": 2, "increment": 1})
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        first = next_state(ws)["view"]
        assert first["clock"]["running"] == 0 and first["absent"] == []
        assert 1 < first["clock"]["remaining"][0] <= 2
        # The page is closed: the clock runs on without anyone connected.
    time.sleep(1.0)
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        view = state_where(ws, lambda v: v["absent"] == [0])["view"]
        assert time.monotonic() - started >= 2.0 - CLOCK_SLACK
        assert view["clock"]["remaining"][0] == 0 and "legal_actions" not in view
        # The game goes on: the medium bot plays seat 0, from seat 0's information.
        view = state_where(ws, lambda v: v["move"] >= 4)["view"]
        assert ("medium", 0) in chosen
        assert all(seat == 0 for bot, seat in chosen if bot == "medium")
        # A move by the absent person is refused, and changes nothing.
        ws.send_json({"type": "act", "action": "pass", "move": view["move"]})
        message = ws.receive_json()
        while message["type"] == "state":
            message = ws.receive_json()
        assert message["type"] == "error" and '"back"' in message["message"]
        ws.send_json({"type": "back"})
        view = state_where(ws, lambda v: v["absent"] == [])["view"]
        assert view["clock"]["remaining"][0] >= clocks.BACK_SECONDS - 1
        facts = client.get(f"/api/tables/{table}").json()["table"]
        assert facts["absent"] == [] and not facts["seats"][0]["absent"]
        ws.send_json({"type": "back"})
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert "seat 1 is not absent" in message["message"]


def test_a_turn_based_clock_gives_each_decision_its_time(client: TestClient) -> None:
    answer = table_with(client, {"per_move": 1})
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        view = state_where(ws, lambda v: v["absent"] == [0])["view"]
        assert view["clock"]["remaining"][0] == 0
        ws.send_json({"type": "back"})
        view = state_where(ws, lambda v: v["absent"] == [])["view"]
        assert view["clock"]["remaining"][0] >= clocks.BACK_SECONDS - 1
        # Back, the person plays their next decision; the one after has one second again.
        if not view.get("legal_actions"):
            view = state_where(ws, lambda v: bool(v.get("legal_actions")))["view"]
        ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": view["move"]})
        view = state_where(ws, lambda v: v["move"] > view["move"])["view"]
        assert view["clock"]["remaining"][0] == 1
        view = state_where(ws, lambda v: v["absent"] == [0])["view"]
        assert client.get(f"/api/tables/{table}").json()["table"]["absent"] == [0]


def test_back_is_refused_to_a_spectator_and_at_a_table_without_absence(
    client: TestClient,
) -> None:
    answer = table_with(client, {"initial": 600})
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        next_state(ws)
        ws.send_json({"type": "back"})
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert "spectators cannot come back" in message["message"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        next_state(ws)
        ws.send_json({"type": "back"})
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert "seat 1 is not absent" in message["message"]


def test_your_games_carry_their_clock_and_the_most_urgent_comes_first(
    client: TestClient,
) -> None:
    sign_up(client, "clara")
    plain = table_with(client, None, sit=0)["table"]
    week = table_with(client, {"per_move": 7 * 86400}, sit=0)["table"]
    hour = table_with(client, {"per_move": 3600}, sit=0)["table"]
    # Not the person's turn: a bot leads at this one.
    later = create(
        client,
        "fearless",
        3,
        {1: "random", 2: "random"},
        options={"first_leader": 1},
        clock={"per_move": 60},
        sit=0,
    )["table"]
    entries = client.get("/api/me/tables").json()["tables"]
    order = [entry["table"] for entry in entries]
    assert order[:3] == [hour, week, plain], entries
    assert later in order
    first = entries[0]
    assert first["your_turn"] and first["clock"]["running"] == 0
    assert 3590 < first["clock"]["remaining"][0] <= 3600
    assert next(e for e in entries if e["table"] == plain)["clock"] is None


def test_hints_stay_off_at_rated_tables(client: TestClient) -> None:
    sign_up(client, "dora")
    body = {"sit": 0, "rated": True, "clock": {"initial": 600, "increment": 5}}
    refused = client.post(
        "/api/tables", json={"game": "fearless", "players": 3, "bots": BOTS, "hints": True, **body}
    )
    assert refused.status_code == 400 and "no hints" in refused.json()["message"]
    table = table_with(client, body.pop("clock"), **body)["table"]
    facts = client.get(f"/api/tables/{table}").json()["table"]
    assert facts["rated"] and facts["hints"] is False
    with client.websocket_connect(f"/ws/{table}") as ws:
        view = next_state(ws)["view"]
        ws.send_json({"type": "hint", "move": view["move"]})
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert "without hints" in message["message"]
    be(client, None)


def test_the_clock_arithmetic() -> None:
    real = clocks.ClockSettings(initial=60, increment=5)
    state = clocks.ClockState.new(real, [True, False]).begun(100.0)
    assert state.left(0, 0, 110.0) == 50.0 and state.left(1, 0, 110.0) is None
    moved = state.moved(0, 0, 110.0)
    assert moved.remaining == (55.0, None) and moved.since == 110.0
    # A seat whose time did not run (a bot's turn) is not charged nor given the increment.
    assert state.moved(0, None, 110.0).remaining == (60.0, None)
    out = moved.ran_out(0, 200.0)
    assert out.remaining[0] == 0 and out.timed_out == {0}
    back = out.back(0, True, 210.0)
    assert back.remaining[0] == clocks.BACK_SECONDS and back.since == 210.0
    assert back.timed_out == {0}  # ranked last in a rated game, back or not
    turns = clocks.ClockState.new(clocks.ClockSettings(per_move=86400), [True]).begun(0.0)
    assert turns.moved(0, 0, 5000.0).remaining == (86400,)
    assert turns.back(0, False, 1.0).remaining == (86400,)
    assert clocks.load({"per_move": 10}, out.to_json(), [True, False]) is not None


def _described(base: str, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base}/api/tables/{table}", timeout=10).json()["table"]
    return answer


@pytest.mark.slow
def test_the_remaining_time_survives_a_kill_9_and_a_restart(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port)
    try:
        answer = httpx.post(
            f"{base}/api/tables",
            json={
                "game": "fearless",
                "players": 3,
                "seed": 3,
                "bots": {"1": "random", "2": "random"},
                "options": PERSON_LEADS,
                "clock": {"initial": 600, "increment": 0},
            },
        ).json()
        table, token = answer["table"], answer["seats"][0]["token"]
        with open_seat(base, table, token) as ws:
            view = live.next_state(ws)["view"]
            ws.send(json.dumps({"type": "act", "action": view["legal_actions"][0], "move": 0}))
            # Wait until it is the person's turn again: their clock runs.
            while view["clock"]["running"] != 0 or view["move"] == 0:
                view = live.next_state(ws)["view"]
        # Long enough for several checkpoints after the move: a loaded machine may miss one.
        time.sleep(3.0)
        before = _described(base, table)["clock"]["remaining"][0]
        server.kill()  # SIGKILL: nothing is written at the end
        server.wait(10)
        time.sleep(3)  # down: this time is not charged
        server = start_server(db, port)
        after = _described(base, table)["clock"]
        assert after["running"] == 0
        # What was stored last (a move, or a checkpoint every half second) is what the clock
        # goes on from: within a second of what it showed before the kill.
        assert before - 0.5 <= after["remaining"][0] <= before + 1.0
        assert after["remaining"][0] < 598.5  # checkpoints after the move were kept
        time.sleep(1.0)
        assert _described(base, table)["clock"]["remaining"][0] < after["remaining"][0]
    finally:
        stop(server)


@pytest.mark.slow
def test_a_clock_runs_out_on_another_process_when_its_enforcer_dies(postgres: Postgres) -> None:
    url = database(postgres, "clock_failover")
    with workers(url, 2, bot_delay=0.0) as (first, second):
        body = {
            "game": "fearless",
            "players": 3,
            "bots": {"1": "random", "2": "random"},
            "options": PERSON_LEADS,
            "clock": {"initial": 3, "increment": 0},
        }
        answer = httpx.post(f"{base(first)}/api/tables", json=body, timeout=30).json()
        table = answer["table"]
        # The process that opened it holds its lease and keeps its timer: it dies at once.
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        deadline = time.monotonic() + 60
        while _described(base(second), table)["absent"] != [0]:
            assert time.monotonic() < deadline, "the other process did not end the clock"
            time.sleep(0.2)
        facts = _described(base(second), table)
        assert facts["clock"]["remaining"][0] == 0 and facts["seats"][0]["absent"]
        # The bot plays the absent seat there: the game goes on.
        while _described(base(second), table)["move"] < 3:
            assert time.monotonic() < deadline, "the game did not go on"
            time.sleep(0.2)
