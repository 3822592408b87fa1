"""The analysis of a finished table: computed in the background, stored, served as JSON."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

import parlour
from parlour.analysis import Settings, analyze
from parlour.server import create_app
from parlour.server.hints import settings_for

from .conftest import create

ITERATIONS = 2


def finished_table(client: TestClient, seed: int = 3) -> str:
    """A 3-player Fearless table played to the end by random bots."""
    table = create(client, "fearless", 3, {0: "random", 1: "random", 2: "random"}, seed=seed)
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table['table']}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return str(table["table"])


def analysis_of(client: TestClient, table: str, seat: int) -> tuple[list[int], dict[str, Any]]:
    """Ask until the analysis is there: the status codes seen, and the final answer."""
    codes = []
    deadline = time.monotonic() + 60
    while True:
        answer = client.get(f"/api/tables/{table}/analysis/{seat}")
        codes.append(answer.status_code)
        if answer.status_code != 202:
            return codes, answer.json()
        progress = answer.json()
        assert progress["status"] == "analysing" and progress["seat"] == seat
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.05)


def test_a_finished_game_is_analysed_in_the_background_and_kept(db_url: str) -> None:
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as client:
        client.app.state.analyses.iterations = ITERATIONS  # type: ignore[attr-defined]
        table = finished_table(client)
        codes, done = analysis_of(client, table, 1)
        assert codes[0] == 202 and codes[-1] == 200
        assert done["status"] == "done" and done["seat"] == 1
        record = client.get(f"/api/tables/{table}/record").json()
    # The table's seats are three random bots, so the playouts play them as random bots.
    settings = settings_for("fearless", ITERATIONS, ("random", "random", "random"))
    assert done["settings"] == settings.to_dict()
    assert Settings.from_dict(done["settings"]).seats == ("random", "random", "random")
    expected = analyze(record, [1], settings).seat(1).to_dict()
    assert done["analysis"] == expected
    assert expected["decisions"], "a whole game has decisions to judge"
    # Stored with the game: a restarted server answers at once, without analysing again.
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as client:
        again = client.get(f"/api/tables/{table}/analysis/1")
        assert again.status_code == 200 and again.json() == done
    assert parlour.replay(record).is_over


def test_an_analysis_opens_only_for_a_finished_game_and_a_real_seat(client: TestClient) -> None:
    table = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=4)["table"]
    going = client.get(f"/api/tables/{table}/analysis/0")
    assert going.status_code == 409 and "still going on" in going.json()["message"]
    assert client.get("/api/tables/nope/analysis/0").status_code == 404
    client.app.state.analyses.iterations = ITERATIONS  # type: ignore[attr-defined]
    finished = finished_table(client, seed=5)
    bad = client.get(f"/api/tables/{finished}/analysis/3")
    assert (
        bad.status_code == 404
        and bad.json()["message"] == "seat 4 is not a seat of a 3-player table"
    )


def test_a_failed_analysis_says_why_and_is_tried_again(client: TestClient) -> None:
    analyses = client.app.state.analyses  # type: ignore[attr-defined]
    analyses.iterations = ITERATIONS
    table = finished_table(client, seed=6)
    analyses.iterations = 1  # refused by the engine's settings
    codes, failed = analysis_of(client, table, 0)
    assert codes[-1] == 500
    assert failed["message"] == "the analysis failed: iterations must be at least 2 " + (
        "(the spread of a loss needs two worlds), not 1"
    )
    analyses.iterations = ITERATIONS
    codes, done = analysis_of(client, table, 0)
    assert codes[0] == 202 and done["status"] == "done"
