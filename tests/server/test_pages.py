"""What a browser is shown when a link leads nowhere (a page that says so, with the way back
to the lobby) while API clients keep their JSON; and the lobby's "your tables"."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import create, play_out

BROWSER = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def _is_page(answer: object, status: int, *words: str) -> str:
    assert getattr(answer, "status_code", None) == status
    headers = getattr(answer, "headers", {})
    assert headers["content-type"].startswith("text/html")
    text = str(getattr(answer, "text", ""))
    assert '<a href="/">Back to the lobby</a>' in text
    for word in words:
        assert word in text, (word, text)
    return text


def test_a_link_to_no_table_gets_a_page_saying_so(client: TestClient) -> None:
    text = _is_page(client.get("/table/nope<b>", headers=BROWSER), 404, "There is no table")
    # The id comes from the address bar: shown as text, never as markup.
    assert "<b>" not in text and "&lt;b&gt;" in text
    _is_page(client.get("/replay/nope", headers=BROWSER), 404, "There is no table")
    # Programs asking for JSON get JSON.
    answer = client.get("/table/nope")
    assert answer.status_code == 404 and answer.json()["type"] == "error"


def test_a_bad_seat_link_gets_a_page_with_a_way_to_watch(client: TestClient) -> None:
    table = create(client, "fearless", 3, {})["table"]
    answer = client.get(f"/table/{table}/bad-link", headers=BROWSER)
    text = _is_page(answer, 403, "does not open a seat")
    assert f'href="/table/{table}"' in text


def test_the_replay_of_a_game_in_play_gets_a_page(client: TestClient) -> None:
    table = create(client, "fearless", 3, {})["table"]
    text = _is_page(client.get(f"/replay/{table}", headers=BROWSER), 409, "still going on")
    assert f'<a href="/table/{table}">Watch the game</a>' in text
    assert client.get(f"/replay/{table}").json()["type"] == "error"


def test_an_unknown_path_gets_a_page_and_the_api_keeps_json(client: TestClient) -> None:
    _is_page(client.get("/no/such/place", headers=BROWSER), 404, "no page at /no/such/place")
    answer = client.get("/api/no/such/place", headers=BROWSER)
    assert answer.status_code == 404 and answer.json()["type"] == "error"
    assert client.get("/no/such/place").json()["type"] == "error"


def test_your_tables_tell_each_seat_how_its_game_stands(client: TestClient) -> None:
    mine = create(client, "fearless", 3, {1: "random", 2: "random"}, names={"0": "Ana"})
    waiting = create(client, "fearless", 3, {}, options={"first_leader": 1})
    done = create(client, "fearless", 3, {1: "random", 2: "random"})
    # Play the third table to its end for seat 0.
    with client.websocket_connect(f"/ws/{done['table']}?token={done['seats'][0]['token']}") as ws:
        play_out(ws)
    asked = [
        {"table": mine["table"], "token": mine["seats"][0]["token"]},
        {"table": waiting["table"], "token": waiting["seats"][0]["token"]},
        {"table": done["table"], "token": done["seats"][0]["token"]},
        {"table": waiting["table"], "token": "guess"},
        {"table": "gone", "token": "x"},
    ]
    answer = client.post("/api/seats", json={"seats": asked})
    assert answer.status_code == 200
    first, second, third, wrong, gone = answer.json()["seats"]
    assert first["seat"] == 0 and first["names"][0] == "Ana" and first["your_turn"] is True
    assert first["status"] == "waiting" and first["game"] == "fearless"
    assert second["current_player"] == 1 and second["your_turn"] is False
    assert third["status"] == "over" and third["winners"]
    assert "opens no seat" in wrong["error"] and "there is no table" in gone["error"]
    refused = client.post("/api/seats", json={"seats": "all"})
    assert refused.status_code == 400


def test_the_favicon_answers_with_an_icon(client: TestClient) -> None:
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/x-icon"
    assert answer.content[:4] == b"\x00\x00\x01\x00"  # the ICO format's signature


def test_a_table_says_whether_its_game_ever_passes(client: TestClient) -> None:
    # "Pass for me" is offered only where the game has a pass (Fearless never passes).
    for game, passes in (("fearless", False), ("citadels", True), ("foolsblade", True)):
        made = client.post("/api/tables", json={"game": game, "players": 3, "bots": {}})
        assert made.status_code == 201, made.text
        table = client.get(f"/api/tables/{made.json()['table']}").json()["table"]
        assert table["passes"] is passes, game
