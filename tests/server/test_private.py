"""Private tables (API.md, "Private tables"): a private table is listed nowhere, so only its
links find it; a public one is listed. Tables made with links are private unless asked,
tables with open seats public."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import create

PASSWORD = "correct horse battery"


def listed(client: TestClient, **params: str) -> set[str]:
    """The ids of the tables the lobby lists."""
    answer = client.get("/api/tables", params=params)
    assert answer.status_code == 200
    return {entry["id"] for entry in answer.json()}


def test_a_table_made_with_links_is_private_and_listed_nowhere(client: TestClient) -> None:
    private = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
    public = create(client, "fearless", 3, {1: "random", 2: "random"}, public=True)["table"]
    assert private not in listed(client) and public in listed(client)
    # Its links still find it: the spectator's page and the table's own address.
    described = client.get(f"/api/tables/{private}").json()["table"]
    assert described["public"] is False
    assert client.get(f"/api/tables/{public}").json()["table"]["public"] is True
    with client.websocket_connect(f"/ws/{private}") as ws:
        assert ws.receive_json()["type"] == "state"


def test_open_seats_make_a_table_public_unless_asked_otherwise(client: TestClient) -> None:
    client.post("/api/accounts", json={"username": "opener", "password": PASSWORD})
    body: dict[str, Any] = {"sit": 0, "open": [1]}
    public = create(client, "fearless", 3, {2: "random"}, **body)["table"]
    private = create(client, "fearless", 3, {2: "random"}, **body, public=False)["table"]
    assert public in listed(client, open="true") and public in listed(client)
    assert private not in listed(client, open="true") and private not in listed(client)


@pytest.mark.parametrize("public", ["yes", 1, None])
def test_public_must_be_true_or_false(client: TestClient, public: Any) -> None:
    body = {"game": "fearless", "players": 3, "bots": {}, "public": public}
    answer = client.post("/api/tables", json=body)
    if public is None:
        assert answer.status_code == 201  # null: the default
    else:
        assert answer.status_code == 400
        assert '"public" must be true or false' in answer.json()["message"]


def test_profiles_seen_by_others_list_only_public_tables(client: TestClient) -> None:
    client.post("/api/accounts", json={"username": "ana", "password": PASSWORD})
    bots = {1: "random", 2: "random"}
    private = create(client, "fearless", 3, bots, sit=0)["table"]
    public = create(client, "fearless", 3, bots, sit=0, public=True)["table"]
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    for table in (private, public):
        assert store.finish(table, [1, 2, 3], [0])

    def games() -> list[str]:
        return [game["table"] for game in client.get("/api/players/ana").json()["games"]]

    assert sorted(games()) == sorted([private, public])  # one's own profile lists both
    client.cookies.clear()  # a guest now
    assert games() == [public]
    client.post("/api/accounts", json={"username": "ben", "password": PASSWORD})
    assert games() == [public]  # another account
