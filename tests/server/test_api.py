"""The HTTP API and the WebSocket protocol of API.md's "Server protocol"."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import parlour
from parlour.server.hub import event_json
from parlour.server.inbound import MAX_MESSAGE
from parlour.server.people import sentence_names

from .conftest import create, next_state, play_out


def test_games_list_every_registered_game_with_options(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == parlour.game_names()
    for entry in games:
        game = parlour.load(entry["name"])
        assert entry["min_players"] == game.min_players
        assert {o["name"] for o in entry["options"]} == set(game.options)
        assert {"easy", "medium", "hard"} <= set(entry["bots"])


def test_create_answers_a_link_per_human_seat_and_a_spectator_link(client: TestClient) -> None:
    answer = create(client, "fearless", 4, {1: "random", 3: "easy"}, seed=5)
    assert [s["seat"] for s in answer["seats"]] == [0, 2]
    tokens = [s["token"] for s in answer["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    for seat in answer["seats"]:
        assert seat["url"] == f"/table/{answer['table']}#seat={seat['seat']}&token={seat['token']}"
    assert answer["spectate"] == f"/table/{answer['table']}"
    table = client.get(f"/api/tables/{answer['table']}").json()
    names = [None, "random bot", None, "easy bot"]
    assert table["view"] == {**parlour.load("fearless").new_game(4, 5).view(None), "names": names}
    assert [s["bot"] for s in table["table"]["seats"]] == [None, "random", None, "easy"]
    assert table["table"]["options"] is None  # options may name hidden cards until the end
    assert answer["table"] not in {t["id"] for t in client.get("/api/tables").json()}  # private


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "players": 2}, "no game"),
        ({"game": "fearless", "players": 9}, "3 to 5 players"),
        ({"game": "fearless", "players": 4, "options": {"colour": 1}}, "no option"),
        # A seat repeated in a refusal is numbered as people count, from 1.
        ({"game": "fearless", "players": 4, "bots": {"7": "easy"}}, "seat 8 is not a seat"),
        (
            {"game": "fearless", "players": 4, "bots": {"1": "easy"}, "names": {"1": "Bo"}},
            "seat 2 is a bot's",
        ),
        ({"game": "fearless", "players": 3, "sit": 0, "open": [0]}, "seat 1 is the one you sit"),
        ({"game": "fearless", "players": 4, "bots": {"1": "genius"}}, "no bot"),
        ({"game": "fearless", "players": 4, "seed": -1}, "seed"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_requests_are_refused_with_a_message(client: TestClient, body: Any, words: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert answer.json()["type"] == "error" and words in answer.json()["message"]
    assert client.post("/api/tables", content=b"{not json").status_code == 400
    huge = client.post("/api/tables", content=b" " * 70000)
    assert huge.status_code == 413 and "too large" in huge.json()["message"]


def test_a_body_is_json_whatever_the_request(client: TestClient) -> None:
    body = json.dumps({"game": "fearless", "players": None}).encode()
    # No Content-Type: read as JSON; the players left to the game's fewest.
    assert client.post("/api/tables", content=body).status_code == 201
    typed = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
    assert typed.status_code == 400 and typed.json()["message"] == "the body must be JSON"
    seats = 'send {"seats": [{"table": id, "token": token}, ...]}, at most 100'
    for asked in ({"seats": "all"}, {"seats": [{"table": "x"}]}, {"seats": [{}] * 101}, [1]):
        answer = client.post("/api/seats", json=asked)
        assert answer.status_code == 400 and answer.json()["message"] == seats, asked
    table = create(client, "fearless", 3, {})["table"]
    for asked in ({"token": 5}, {}, [1]):
        answer = client.post(f"/api/tables/{table}/rematch", json=asked)
        assert answer.json() == {"type": "error", "message": 'send {"token": "<seat token>"}'}
    # A parameter of the wrong type keeps FastAPI's own answer.
    assert client.get(f"/api/tables/{table}/replay/x").status_code == 422


def test_unknown_table_is_404(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["type"] == "error"


def test_a_seat_gets_its_view_and_the_whole_log_on_connect(client: TestClient) -> None:
    answer = create(client, "citadels", 3, {1: "random", 2: "random"}, seed=3)
    seat = answer["seats"][0]
    with client.websocket_connect(f"/ws/{answer['table']}?token={seat['token']}") as ws:
        first = next_state(ws)
    state = parlour.load("citadels").new_game(3, 3)
    # Seat 0 picks first in this deal, so no bot has moved: the view is the new game's, and
    # the events are its whole log (the setup), as seat 0 may see it.
    assert state.current_player == 0
    expected = state.view(0)
    assert {key: first["view"][key] for key in expected} == expected
    assert first["view"]["move"] == 0
    record = client.get(f"/api/tables/{answer['table']}").json()
    assert record["table"]["move"] == 0
    names = sentence_names([None, "random bot", "random bot"])
    assert first["events"] == [event_json(event, 0, names) for event in state.log]
    assert first["events"] and all(set(e) >= {"kind", "text"} for e in first["events"])


def test_a_whole_game_against_bots_then_the_record_opens(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "medium"}, seed=11, public=True)
    table, token = answer["table"], answer["seats"][0]["token"]
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        last = play_out(ws, seed=1)
    assert last["view"]["is_over"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(record["actions"]) == last["view"]["move"]
    state = parlour.replay(record)
    assert state.is_over and state.scores() == last["view"]["scores"]
    assert record == state.record()  # the rules version included
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[table]["status"] == "over" and listed[table]["scores"] == state.scores()
    step = client.get(f"/api/tables/{table}/replay/5?seat=1").json()
    # A seat the table does not have is refused in people's numbers (?seat=3 is seat 4).
    beyond = client.get(f"/api/tables/{table}/replay/5?seat=3")
    assert beyond.status_code == 404
    assert beyond.json()["message"] == "seat 4 is not a seat of a 3-player table"
    names = [None, "random bot", "medium bot"]
    assert step["view"] == {**parlour.replay(record, upto=5).view(1), "names": names}
    # The replay's sentences name the seats as the live table did.
    assert all("Player 2" not in e["text"] for e in step["events"])
    assert step["steps"] == len(record["actions"])


def test_each_replay_step_replays_the_game_once_and_holds_its_own_events(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=4)
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        last = play_out(ws, seed=2)
    replays: list[int | None] = []

    def counted(record: Any, upto: int | None = None) -> Any:
        replays.append(upto)
        return parlour.replay(record, upto)

    monkeypatch.setattr("parlour.server.routes.tables.replay", counted)
    # The steps' events, one after another, are the whole log as seat 1 saw it.
    events = []
    for step in range(last["view"]["move"] + 1):
        answer = client.get(f"/api/tables/{table}/replay/{step}?seat=1").json()
        assert answer["step"] == step
        events += answer["events"]
    record = client.get(f"/api/tables/{table}/record").json()
    names = sentence_names([None, "random bot", "random bot"])
    assert events == [event_json(e, 1, names) for e in parlour.replay(record).log]
    assert len(replays) == last["view"]["move"] + 1  # one replay a request


def _error(ws: Any) -> str:
    message = ws.receive_json()
    while message["type"] in ("table", "chat_log"):
        message = ws.receive_json()
    assert message["type"] == "error", message
    return str(message["message"])


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {}, seed=2)
    table = answer["table"]
    tokens = [s["token"] for s in answer["seats"]]
    with client.websocket_connect(f"/ws/{table}?token={tokens[0]}") as ws:
        view = next_state(ws)["view"]
        legal = view["legal_actions"]
        assert view["current_player"] == 0 and view["move"] == 0
        ws.send_text("not json")
        assert "JSON" in _error(ws)
        ws.send_bytes(b'{"type": "act"}')
        assert "text frames" in _error(ws)
        ws.send_text("[1]")
        assert "object" in _error(ws)
        ws.send_json({"type": "dance"})
        assert "unknown message type" in _error(ws)
        ws.send_json({"type": "act", "action": legal[0]})
        assert '"move"' in _error(ws)
        ws.send_json({"type": "act", "action": 5, "move": 0})
        assert '"action"' in _error(ws)
        ws.send_json({"type": "act", "action": "play purple+9", "move": 0})
        assert "legal" in _error(ws)
        # The game's reason names the seat as the log does, from 1 (seat 0 is "Player 1").
        held = set(view["hand"])
        missing = next(t for t in parlour.load("fearless").action_space(3) if t[5:] not in held)
        ws.send_json({"type": "act", "action": missing, "move": 0})
        assert _error(ws).startswith(f"Player 1 holds no {missing[5:]}")
        ws.send_json({"type": "act", "action": legal[0], "move": 3})
        assert "stale" in _error(ws)
        ws.send_text(
            json.dumps({"type": "act", "action": legal[0], "move": 0, "pad": "x" * MAX_MESSAGE})
        )
        assert "too long" in _error(ws)
        # Nothing of the above moved the game.
        assert client.get(f"/api/tables/{table}").json()["table"]["move"] == 0
        ws.send_json({"type": "act", "action": legal[0], "move": 0})
        after = next_state(ws)["view"]
        assert after["move"] == 1
        # The same message again is stale: it acted on move 0.
        ws.send_json({"type": "act", "action": legal[0], "move": 0})
        assert "stale" in _error(ws)
        ws.send_json({"type": "act", "action": legal[1], "move": 1})
        assert "not your turn" in _error(ws)
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"
    assert client.get(f"/api/tables/{table}").json()["table"]["move"] == 1


def test_wrong_token_is_refused_and_spectators_cannot_act(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=2)
    table = answer["table"]
    with client.websocket_connect(f"/ws/{table}?token=guess") as ws:
        assert "no seat" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/{table}") as ws:
        view = next_state(ws)["view"]
        assert view["seat"] is None and "hand" not in view
        ws.send_json({"type": "act", "action": "pass", "move": view["move"]})
        assert "spectators" in _error(ws)


def test_a_token_opens_only_its_own_seat_and_reload_resumes_it(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {}, seed=4)
    table = answer["table"]
    tokens = {s["seat"]: s["token"] for s in answer["seats"]}
    for seat, token in tokens.items():
        with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
            assert next_state(ws)["view"]["seat"] == seat
    with client.websocket_connect(f"/ws/{table}?token={tokens[0]}") as ws:
        view = next_state(ws)["view"]
        ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": 0})
        next_state(ws)
    with client.websocket_connect(f"/ws/{table}?token={tokens[0]}") as ws:
        again = next_state(ws)
    assert again["view"]["move"] == 1 and again["view"]["seat"] == 0
    assert again["events"][-1]["text"].startswith("Player 1")


def test_two_seats_see_each_others_moves(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {2: "random"}, seed=8)
    table = answer["table"]
    t0, t1 = (s["token"] for s in answer["seats"])
    with (
        client.websocket_connect(f"/ws/{table}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/{table}?token={t1}") as ws1,
    ):
        view0 = next_state(ws0)["view"]
        next_state(ws1)
        ws0.send_json({"type": "act", "action": view0["legal_actions"][0], "move": 0})
        seen = next_state(ws1)
        assert seen["view"]["move"] == 1 and seen["view"]["current_player"] == 1
        assert seen["events"] and "Player 1" in seen["events"][0]["text"]
        assert "hand" in seen["view"] and seen["view"]["hand"] != view0["hand"]


def test_rematch_gives_each_seat_a_new_link(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=9)
    table, token = answer["table"], answer["seats"][0]["token"]
    assert client.post(f"/api/tables/{table}/rematch", json={"token": token}).status_code == 409
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        play_out(ws)
        assert client.post(f"/api/tables/{table}/rematch", json={"token": "x"}).status_code == 403
        new = client.post(f"/api/tables/{table}/rematch", json={"token": token}).json()
        offer = ws.receive_json()
        while offer["type"] != "rematch":
            offer = ws.receive_json()
    assert offer["url"] == new["url"] and new["table"] != table
    again = client.post(f"/api/tables/{table}/rematch", json={"token": token}).json()
    assert again == new
    described = client.get(f"/api/tables/{new['table']}").json()["table"]
    assert described["rematch_of"] == table
    assert [s["bot"] for s in described["seats"]] == [None, "random", "random"]


def test_pages_are_served(client: TestClient) -> None:
    table = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
    for path in ("/", f"/table/{table}", "/static/app.css", "/static/table.js"):
        answer = client.get(path)
        assert answer.status_code == 200, path


def test_the_same_move_from_two_connections_of_one_seat_is_made_once(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {}, seed=12)
    table, token = answer["table"], answer["seats"][0]["token"]
    with (
        client.websocket_connect(f"/ws/{table}?token={token}") as tab1,
        client.websocket_connect(f"/ws/{table}?token={token}") as tab2,
    ):
        view = next_state(tab1)["view"]
        next_state(tab2)
        act = {"type": "act", "action": view["legal_actions"][0], "move": 0}
        tab1.send_json(act)
        tab2.send_json(act)
        # Read each connection up to the answer to a ping: the move reaches both, and one
        # of the two identical messages was refused as stale.
        errors, states = [], []
        for ws in (tab1, tab2):
            ws.send_json({"type": "ping"})
            message = ws.receive_json()
            while message["type"] != "pong":
                if message["type"] == "error":
                    errors.append(message["message"])
                if message["type"] == "state":
                    states.append(message["view"]["move"])
                message = ws.receive_json()
    assert len(errors) == 1 and "stale" in errors[0]
    assert states == [1, 1]
    record_move = client.get(f"/api/tables/{table}").json()["table"]["move"]
    assert record_move == 1


def test_a_thinking_bot_does_not_hold_up_other_tables(client: TestClient) -> None:
    # A hard bot searches for a while in the worker process; meanwhile another table plays.
    slow = create(client, "citadels", 2, {0: "hard"}, seed=1)
    fast = create(client, "fearless", 3, {}, seed=1)
    with client.websocket_connect(f"/ws/{fast['table']}?token={fast['seats'][0]['token']}") as ws:
        view = next_state(ws)["view"]
        ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": 0})
        assert next_state(ws)["view"]["move"] == 1
    assert client.get(f"/api/tables/{slow['table']}").json()["table"]["move"] == 0


@pytest.mark.slow
def test_a_bot_worker_killed_mid_game_is_replaced_and_the_game_finishes(
    client: TestClient,
) -> None:
    answer = create(client, "fearless", 3, {0: "random", 1: "random", 2: "random"}, seed=13)
    table = answer["table"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["table"]["move"] < 3:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    # The pool's own workers, not every child of this process: another child (of an earlier
    # test, or the pool's replacement of a worker) may end between the listing and the kill.
    pool = client.app.state.hub.pool  # type: ignore[attr-defined]
    workers = list(pool.executor._processes.values())
    assert workers
    assert client.get(f"/api/tables/{table}").json()["table"]["status"] == "playing"
    for worker in workers:
        with contextlib.suppress(ProcessLookupError):  # a worker that ended meanwhile
            os.kill(worker.pid, signal.SIGKILL)
    while client.get(f"/api/tables/{table}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots' table stalled after its worker died"
        time.sleep(0.05)
    record = client.get(f"/api/tables/{table}/record").json()
    assert parlour.replay(record).is_over


def test_card_data_for_drawing_cards(client: TestClient) -> None:
    cards = client.get("/api/games/citadels/cards").json()
    assert cards["districts"]["haunted-city"]["colour"] == "purple"
    assert cards["characters"]["king"]["rank"] == 4
    assert "districts" not in client.get("/api/games/fearless/cards").json()
    assert client.get("/api/games/chess/cards").status_code == 404
    table = create(client, "fearless", 3, {}, seed=1)["table"]
    assert client.get(f"/api/tables/{table}/cards/zero").status_code == 404


def test_a_stored_record_that_no_longer_replays_is_reported_not_served(
    client: TestClient,
) -> None:
    table = create(client, "fearless", 3, {}, seed=1)["table"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.store.append(table, 1, 0, "play purple+9")  # as if written under other rules
    hub.tables.pop(table)
    answer = client.get(f"/api/tables/{table}")
    assert answer.status_code == 500 and "cannot be replayed" in answer.json()["message"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert "cannot be replayed" in ws.receive_json()["message"]
