"""The protocol for people at a table: names, passing for a seat, chat, hints, and the log a
connection is sent (API.md, "Added for people at the table"; docs/server.md)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.games.foolsblade.table import table_for
from parlour.server import create_app, people
from parlour.server.hints import advise
from parlour.server.hub import Hub
from parlour.server.people import sentence_names

from .conftest import create, next_state, play_out

MARKUP = "<img src=x onerror=alert(1)>"


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``, skipping table notices and states."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] in ("table", "state", "chat_log", "chat"), message


def error(ws: Any) -> str:
    """The text of the next error message."""
    return str(receive(ws, "error")["message"])


def table_facts(client: TestClient, table: str) -> dict[str, Any]:
    """The table's description from ``GET /api/tables/{id}``."""
    found: dict[str, Any] = client.get(f"/api/tables/{table}").json()["table"]
    return found


# -- names ---------------------------------------------------------------------------------


def test_names_given_when_the_table_opens_are_in_views_descriptions_and_the_log(
    client: TestClient,
) -> None:
    answer = create(client, "fearless", 3, {2: "hard"}, seed=2, names={"0": "  Ana "})
    table = answer["table"]
    names = ["Ana", None, "hard bot"]
    assert table_facts(client, table)["names"] == names
    assert client.get(f"/api/tables/{table}").json()["view"]["names"] == names
    token = answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        view = next_state(ws)["view"]
        assert view["names"] == names and view["current_player"] == 0
        ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": 0})
        played = next_state(ws)
    # The sentences name the seats: "Ana leads ...", never "Player 1 leads ...".
    assert played["events"][0]["text"].startswith("Ana leads")
    assert played["events"][0]["seat"] == 0


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "at least one character"),
        ("   ", "at least one character"),
        ("x" * 25, "at most 24 characters, not 25"),
        ("Ana\nBo", "control characters"),
        ("Ana\x1b[31m", "control characters"),
        (7, "must be text"),
    ],
)
def test_a_bad_name_refuses_the_table_and_opens_nothing(
    client: TestClient, name: Any, words: str
) -> None:
    before = len(client.get("/api/tables").json())
    body = {"game": "fearless", "players": 3, "names": {"1": name}, "public": True}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400 and words in answer.json()["message"], answer.text
    assert len(client.get("/api/tables").json()) == before


def test_a_bot_seat_cannot_be_named_and_24_characters_are_enough(client: TestClient) -> None:
    body = {"game": "fearless", "players": 3, "bots": {"1": "easy"}, "names": {"1": "Robo"}}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400 and "named by their level" in answer.json()["message"]
    created = create(client, "fearless", 3, {}, names={"2": "y" * 24})
    assert table_facts(client, created["table"])["names"] == [None, None, "y" * 24]


def test_a_seat_names_itself_and_everyone_gets_the_log_again_with_the_name(
    client: TestClient,
) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=4)
    table, token = answer["table"], answer["seats"][0]["token"]
    with (
        client.websocket_connect(f"/ws/{table}?token={token}") as ws,
        client.websocket_connect(f"/ws/{table}") as spectator,
    ):
        view = next_state(ws)["view"]
        first = next_state(spectator)
        assert first["log_from"] == 0 and view["names"] == [None, "random bot", "random bot"]
        ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": 0})
        moved = next_state(ws)
        assert moved["log_from"] == len(first["events"]) and moved["view"]["move"] >= 1
        assert moved["events"][0]["text"].startswith("Player 1")
        events = moved["events"]
        while moved["view"]["move"] < 3:  # the two bots follow
            moved = next_state(ws)
            events += moved["events"]
        # Two bots share a name, so the sentences tell them apart by seat.
        assert any(e["text"].startswith("random bot (seat 2)") for e in events)
        ws.send_json({"type": "name", "name": " Ana "})
        while (renamed := next_state(ws))["log_from"] != 0:
            pass  # the bots' moves go on meanwhile
        # The whole log again, to replace the one shown: its sentences now name "Ana".
        assert renamed["log_from"] == 0 and renamed["view"]["names"][0] == "Ana"
        texts = [e["text"] for e in renamed["events"]]
        assert any(text.startswith("Ana leads") for text in texts)
        assert not any("Player 1" in text for text in texts)
        while (watched := next_state(spectator))["view"]["names"][0] != "Ana":
            pass
        assert watched["log_from"] == 0 and watched["events"][0]["text"].startswith("Ana leads")
        for bad, words in [("", "at least one"), ("z" * 25, "at most 24"), ("A\tB", "control")]:
            ws.send_json({"type": "name", "name": bad})
            assert words in error(ws)
        spectator.send_json({"type": "name", "name": "Eve"})
        assert "spectators" in error(spectator)
    assert table_facts(client, table)["names"] == ["Ana", "random bot", "random bot"]


# Cut at 60 turns (some 800 events): a whole random game of 3 lasts about 200 turns and 20 s.
@pytest.mark.parametrize(
    ("seed", "options"),
    [(3, {"max_turns": 60}), (5, {"side_quest": True, "max_turns": 60})],
    ids=str,
)
def test_fools_blade_sentences_name_cards_and_seats_never_ids(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, seed: int, options: dict[str, Any]
) -> None:
    monkeypatch.setattr(people, "AUTO_PASS_DELAY", 0.0)
    answer = create(
        client,
        "foolsblade",
        3,
        {1: "random", 2: "random"},
        seed=seed,
        options=options,
        names={"0": "Ana"},
    )
    table, token = answer["table"], answer["seats"][0]["token"]
    log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        assert play_out(ws, seed, log)["view"]["is_over"]
    texts = [e["text"] for m in log if m["type"] == "state" for e in m["events"]]
    ids = table_for(None).ids
    card_id = re.compile("|".join(rf"(?<![\w-]){re.escape(i)}(?![\w-])" for i in ids))
    # Steals and breaks name their seats in sentences too, not as "Player N" in a field.
    assert len(texts) > 500 and any("Ana" in text for text in texts)
    assert [t for t in texts if "Player " in t or card_id.search(t)] == []


# -- passing for a seat --------------------------------------------------------------------


def _play_fools_blade(client: TestClient, auto_pass: bool | None) -> tuple[list[Any], Any]:
    """The first 120 moves of a 2-player Fool's Blade game of random moves against a random
    bot; the states seat 0 received and the record of the moves made."""
    answer = create(client, "foolsblade", 2, {1: "random"}, seed=5)
    table, token = answer["table"], answer["seats"][0]["token"]
    rng = random.Random(1)
    states = []
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        message = next_state(ws)
        assert message["view"]["auto_pass"] is True  # on by default for people
        if auto_pass is not None:
            ws.send_json({"type": "settings", "auto_pass": auto_pass})
            message = next_state(ws)
            assert message["view"]["auto_pass"] is auto_pass
        while not message["view"]["is_over"] and message["view"]["move"] < 120:
            states.append(message)
            view = message["view"]
            if view.get("legal_actions") and not view.get("passing"):
                action = rng.choice(view["legal_actions"])
                ws.send_json({"type": "act", "action": action, "move": view["move"]})
            message = next_state(ws)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return states, hub.tables[table].info.record()


def _lone_passes_of_seat_0(record: dict[str, Any]) -> int:
    """How many times seat 0 had nothing to do but pass in this game."""
    state = parlour.replay({**record, "actions": []})
    count = 0
    for text in record["actions"]:
        count += state.current_player == 0 and people.lone_pass(state)
        state.apply(text)
    return count


def test_with_auto_pass_on_no_lone_pass_reaches_the_seat_and_the_server_passes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(people, "AUTO_PASS_DELAY", 0.01)
    states, record = _play_fools_blade(client, None)
    assert _lone_passes_of_seat_0(record) > 0
    passing = [s["view"] for s in states if s["view"].get("passing")]
    assert passing
    # The view keeps the contract's legal_actions while the server passes (API.md).
    assert all(view["legal_actions"] == ["pass"] for view in passing)
    assert all("passing" in s["view"] for s in states if s["view"].get("legal_actions") == ["pass"])


def test_with_auto_pass_off_the_lone_pass_is_the_seats_own(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(people, "AUTO_PASS_DELAY", 0.01)
    states, record = _play_fools_blade(client, False)
    prompts = [s for s in states if s["view"].get("legal_actions") == ["pass"]]
    assert prompts and _lone_passes_of_seat_0(record) >= len(prompts)
    assert not any(s["view"].get("passing") for s in states)


def test_settings_are_checked_and_spectators_have_none(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {}, seed=1)
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        next_state(ws)
        ws.send_json({"type": "settings", "auto_pass": "yes"})
        assert "true or false" in error(ws)
        ws.send_json({"type": "settings"})
        assert "auto_pass" in error(ws)
    with client.websocket_connect(f"/ws/{table}") as spectator:
        assert "auto_pass" not in next_state(spectator)["view"]
        spectator.send_json({"type": "settings", "auto_pass": False})
        assert "spectators" in error(spectator)


# -- chat ----------------------------------------------------------------------------------


def test_chat_reaches_everyone_verbatim_and_is_checked(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {2: "easy"}, seed=3, names={"1": "Bo"})
    table = answer["table"]
    t0, t1 = (s["token"] for s in answer["seats"])
    with (
        client.websocket_connect(f"/ws/{table}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/{table}?token={t1}") as ws1,
        client.websocket_connect(f"/ws/{table}") as spectator,
    ):
        for ws in (ws0, ws1, spectator):
            assert receive(ws, "chat_log")["lines"] == []
        ws1.send_json({"type": "chat", "text": f"  hello {MARKUP}  "})
        for ws in (ws0, ws1, spectator):
            line = receive(ws, "chat")
            assert (line["seat"], line["name"], line["text"]) == (1, "Bo", f"hello {MARKUP}")
            assert line["at"].endswith("+00:00")
        ws0.send_json({"type": "chat", "text": "x" * 500})
        assert receive(spectator, "chat")["name"] is None
        ws0.send_json({"type": "chat", "text": "x" * 501})
        assert "at most 500 characters, not 501" in error(ws0)
        ws0.send_json({"type": "chat", "text": " \n "})
        assert "at least one character" in error(ws0)
        ws0.send_json({"type": "chat"})
        assert '"text"' in error(ws0)
        spectator.send_json({"type": "chat", "text": "hi"})
        assert "spectators" in error(spectator)
    with client.websocket_connect(f"/ws/{table}") as late:
        lines = receive(late, "chat_log")["lines"]
    assert [(line["seat"], line["text"]) for line in lines] == [
        (1, f"hello {MARKUP}"),
        (0, "x" * 500),
    ]


def test_the_chat_log_holds_the_last_lines(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(people, "CHAT_HISTORY", 3)
    answer = create(client, "fearless", 3, {}, seed=3)
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        for n in range(5):
            ws.send_json({"type": "chat", "text": f"line {n}"})
            receive(ws, "chat")
    with client.websocket_connect(f"/ws/{table}") as late:
        lines = receive(late, "chat_log")["lines"]
    assert [line["text"] for line in lines] == ["line 2", "line 3", "line 4"]


def test_chat_counts_against_the_message_rate(db_url: str) -> None:
    with TestClient(create_app(db_url, workers=1, bot_delay=0, message_rate=0.5)) as slow:
        answer = create(slow, "fearless", 3, {}, seed=3)
        table, token = answer["table"], answer["seats"][0]["token"]
        with slow.websocket_connect(f"/ws/{table}?token={token}") as ws:
            for n in range(60):
                ws.send_json({"type": "chat", "text": f"spam {n}"})
            answers: list[dict[str, Any]] = []
            while len(answers) < 60:  # each line is answered: sent to the table, or refused
                message = ws.receive_json()
                if message["type"] in ("chat", "error"):
                    answers.append(message)
    refused = [m for m in answers if m["type"] == "error"]
    assert refused and all("too many messages" in m["message"] for m in refused)


# -- hints ---------------------------------------------------------------------------------


def test_a_hint_rates_every_legal_action_by_rank_with_its_uncertainty(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=6)
    table, token = answer["table"], answer["seats"][0]["token"]
    assert table_facts(client, table)["hints"] is True  # one person, every other seat a bot
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        view = next_state(ws)["view"]
        assert view["current_player"] == 0
        ws.send_json({"type": "hint", "move": 0})
        hint = receive(ws, "hint")
        ws.send_json({"type": "hint", "move": 3})
        assert "stale move" in error(ws)
    assert hint["move"] == 0
    assert sorted(a["action"] for a in hint["actions"]) == sorted(view["legal_actions"])
    assert all(0 <= a["win_chance"] <= 1 and a["error"] >= 0 for a in hint["actions"])
    ranks = [a["rank"] for a in hint["actions"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    # Below the first rank, best first; a Fearless card replaces nothing.
    lower = [a["win_chance"] for a in hint["actions"] if a["rank"] > 1]
    assert lower == sorted(lower, reverse=True)
    assert all(a["does"] is None for a in hint["actions"])
    # The playouts play the two random bots as random bots, and the person as medium.
    record = parlour.load("fearless").new_game(3, seed=6).record()
    levels = ("medium", "random", "random")
    assert hint["actions"] == [a.to_json() for a in advise(record, None, levels)]


def test_hints_are_refused_without_them_and_out_of_turn(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {2: "random"}, seed=6)
    table, token = answer["table"], answer["seats"][0]["token"]
    assert table_facts(client, table)["hints"] is False  # two people: off by default
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        next_state(ws)
        ws.send_json({"type": "hint", "move": 0})
        assert "without hints" in error(ws)
    answer = create(client, "fearless", 3, {2: "random"}, seed=6, hints=True)
    table, token = answer["table"], answer["seats"][1]["token"]
    assert table_facts(client, table)["hints"] is True
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        next_state(ws)
        ws.send_json({"type": "hint", "move": 0})
        assert "not yours" in error(ws)
        ws.send_json({"type": "hint"})
        assert '"move"' in error(ws)
    answer = client.post("/api/tables", json={"game": "fearless", "players": 3, "hints": "on"})
    assert answer.status_code == 400 and "true or false" in answer.json()["message"]


def test_a_rematch_keeps_the_names_hints_and_each_seats_auto_pass(client: TestClient) -> None:
    answer = create(
        client, "fearless", 3, {1: "random", 2: "random"}, seed=3, names={"0": "Ana"}, hints=False
    )
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        next_state(ws)
        ws.send_json({"type": "settings", "auto_pass": False})  # on by default
        assert play_out(ws)["view"]["auto_pass"] is False
        new = client.post(f"/api/tables/{table}/rematch", json={"token": token}).json()
    facts = table_facts(client, new["table"])
    # One person against bots: hints would be on by default, so the rematch copied "off".
    assert facts["names"] == ["Ana", "random bot", "random bot"] and facts["hints"] is False
    new_token = new["url"].split("token=")[1]
    with client.websocket_connect(f"/ws/{new['table']}?token={new_token}") as ws:
        assert next_state(ws)["view"]["auto_pass"] is False


# -- a restart keeps them ------------------------------------------------------------------


def test_names_settings_and_chat_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as before:
        answer = create(before, "fearless", 3, {2: "easy"}, seed=9, hints=True)
        table = answer["table"]
        token = answer["seats"][1]["token"]
        with before.websocket_connect(f"/ws/{table}?token={token}") as ws:
            next_state(ws)
            ws.send_json({"type": "name", "name": "Bo"})
            ws.send_json({"type": "settings", "auto_pass": False})
            ws.send_json({"type": "chat", "text": "good luck"})
            receive(ws, "chat")
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as after:
        facts = table_facts(after, table)
        assert facts["names"] == [None, "Bo", "easy bot"] and facts["hints"] is True
        with after.websocket_connect(f"/ws/{table}?token={token}") as ws:
            view = next_state(ws)["view"]
            lines = receive(ws, "chat_log")["lines"]
    assert view["auto_pass"] is False and view["names"][1] == "Bo"
    assert [(line["seat"], line["name"], line["text"]) for line in lines] == [
        (1, "Bo", "good luck")
    ]


def test_sentences_number_the_seats_from_1_for_people() -> None:
    """A seat without a name, and a name two seats share, read with the seat's number from 1;
    at a table where nobody has a name yet the engine's "Player 0" never reaches a person."""
    assert sentence_names([None, None, None]) == ["Player 1", "Player 2", "Player 3"]
    assert sentence_names(["Ana", "easy bot", "easy bot"]) == [
        "Ana",
        "easy bot (seat 2)",
        "easy bot (seat 3)",
    ]
