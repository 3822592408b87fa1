"""``/metrics`` (API.md, "Added for operators"): Prometheus text that counts what the server
did, served only to the addresses the operator allows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from parlour.server import create_app
from parlour.server.metrics import AddressPolicy

from .conftest import create, next_state, play_out
from .live import served

# The address of the test client's requests (Starlette's default, "testclient", is none).
LOCAL = ("127.0.0.1", 50000)


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: by name and labels, its value."""
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def value(
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str
) -> float:
    """One sample's value (0 if it was never counted)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def local(db_url: str) -> Iterator[TestClient]:
    """The app, asked from 127.0.0.1."""
    with TestClient(create_app(db_url, workers=1, bot_delay=0), client=LOCAL) as test_client:
        yield test_client


def test_metrics_count_the_moves_of_a_played_game(local: TestClient) -> None:
    before = scrape(local)
    # The server's own, and prometheus-client's of the process.
    assert {name.split("_")[0] for name, _ in before} <= {"parlour", "python", "process"}
    answer = create(local, "fearless", 3, {1: "random", 2: "random"}, seed=3)
    token = answer["seats"][0]["token"]
    with local.websocket_connect(f"/ws/{answer['table']}?token={token}") as ws:
        first = next_state(ws)
        during = scrape(local)
        assert (
            value(during, "parlour_connections", kind="player")
            == value(before, "parlour_connections", kind="player") + 1
        )
        assert value(during, "parlour_tables") >= 1
        last = play_out(ws, seed=1, first=first)
    after = scrape(local)
    moves = last["view"]["move"]
    assert moves > 10
    made = value(after, "parlour_moves_total", game="fearless") - value(
        before, "parlour_moves_total", game="fearless"
    )
    assert made == moves
    timed = value(after, "parlour_move_seconds_count", game="fearless") - value(
        before, "parlour_move_seconds_count", game="fearless"
    )
    thought = value(after, "parlour_bot_think_seconds_count", game="fearless") - value(
        before, "parlour_bot_think_seconds_count", game="fearless"
    )
    # Every move is a person's (timed from its receipt) or a bot's (thought or a lone pass).
    assert timed > 0 and thought > 0 and timed + thought <= moves
    assert value(after, "parlour_bot_queue") == 0


def test_metrics_count_refusals_by_the_message_rate(db_url: str) -> None:
    with TestClient(create_app(db_url, workers=1), client=LOCAL) as client:
        before = value(scrape(client), "parlour_refusals_total", kind="messages")
        table = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            for _ in range(60):  # a burst of 40 is allowed, then about 20 are refused
                ws.send_json({"type": "ping"})
            replies: list[str] = []
            while len(replies) < 60:  # each ping is answered: a pong, or an error
                kind = ws.receive_json()["type"]
                if kind in ("pong", "error"):
                    replies.append(kind)
        after = value(scrape(client), "parlour_refusals_total", kind="messages")
    refused = replies.count("error")
    assert refused > 0
    assert after - before == refused


@pytest.mark.parametrize("address", ["testclient", "10.1.2.3", "192.168.0.7", "2001:db8::1"])
def test_metrics_are_refused_to_other_addresses(db_url: str, address: str) -> None:
    with TestClient(create_app(db_url, workers=1), client=(address, 50000)) as client:
        answer = client.get("/metrics")
    assert answer.status_code == 403
    assert "parlour_" not in answer.text


def test_the_operator_allows_networks(db_url: str) -> None:
    app = create_app(db_url, workers=1, metrics_allow=["10.0.0.0/8", "::1"])
    with TestClient(app, client=("10.1.2.3", 50000)) as client:
        assert client.get("/metrics").status_code == 200
    with TestClient(app, client=LOCAL) as client:
        assert client.get("/metrics").status_code == 403  # no longer allowed: not in the list


def test_address_policy() -> None:
    policy = AddressPolicy()
    assert policy.allows("127.0.0.1") and policy.allows("::1")
    assert policy.allows("::ffff:127.0.0.1")  # IPv4 seen through an IPv6 socket
    assert not policy.allows("127.0.0.2") and not policy.allows(None)
    with pytest.raises(ValueError, match="--metrics-allow"):
        AddressPolicy(["localhost"])


def test_behind_a_proxy_the_metrics_go_by_the_client_it_names(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    with served(db, folder=tmp_path) as (address, _):
        assert httpx.get(f"{address}/metrics", timeout=10).status_code == 200
        # A proxy on this machine (trusted: --forwarded-allow-ips) passing on a visitor.
        forwarded = {"x-forwarded-for": "203.0.113.5"}
        answer = httpx.get(f"{address}/metrics", headers=forwarded, timeout=10)
        assert answer.status_code == 403
