"""Schemathesis sends requests made from the OpenAPI description to a real server: none is
answered with a server error (5xx)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from parlour.server import create_app

from .live import free_port, start_server, stop


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``parlour serve`` on a fresh SQLite file, ready."""
    folder: Path = tmp_path_factory.mktemp("schema")
    port = free_port()
    server = start_server(f"sqlite:///{folder / 'parlour.db'}", port)
    address = f"http://127.0.0.1:{port}"
    try:
        # Ready once its first bot process answers: until then /api/health/ready answers 503,
        # as it should, which is no server error.
        deadline = time.monotonic() + 60
        while httpx.get(f"{address}/api/health/ready", timeout=10).status_code != 200:
            assert time.monotonic() < deadline, "the server was not ready within 60 s"
            time.sleep(0.2)
        yield address
    finally:
        stop(server)


# The description the server serves at /openapi.json (building it needs no database).
schema = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())


@pytest.fixture(scope="module")
def real_tables(base: str) -> dict[str, str]:
    """A finished Fearless table (record and replay open) and a Fool's Blade table in play
    (its cards can be looked up), both of bots."""
    tables = {}
    for name, game, players in (("over", "fearless", 3), ("playing", "foolsblade", 2)):
        bots = dict.fromkeys(map(str, range(players)), "random")
        body = {"game": game, "players": players, "bots": bots}
        tables[name] = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()["table"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/tables/{tables['over']}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    return tables


EXAMPLES = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


def answered_without_server_error(case: Any, base: str) -> None:
    """Send ``case``: no 5xx, but for the readiness probe's own "not ready" (503 by design,
    e.g. while a bot process is slow to answer on a loaded machine)."""
    response = case.call(base_url=base)
    if (
        case.path == "/api/health/ready"
        and response.status_code == 503
        and (case.method.upper() == "HEAD" or response.json()["message"].startswith("not ready: "))
    ):
        return
    case.validate_response(response, checks=[not_a_server_error])


@schema.parametrize()
@EXAMPLES
def test_no_request_from_the_openapi_description_gets_a_server_error(case: Any, base: str) -> None:
    answered_without_server_error(case, base)


@pytest.mark.parametrize("which", ["over", "playing"])
@schema.parametrize()
@EXAMPLES
def test_no_request_about_a_real_table_gets_a_server_error(
    case: Any, base: str, real_tables: dict[str, str], which: str
) -> None:
    # Generated ids name no table: here every other part is generated for real tables.
    if case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = real_tables[which]
    answered_without_server_error(case, base)


def test_the_description_lists_the_api(base: str) -> None:
    paths = httpx.get(f"{base}/openapi.json").json()["paths"]
    assert {"/api/games", "/api/tables", "/api/tables/{table_id}/replay/{step}"} <= set(paths)
