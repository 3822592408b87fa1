"""The security headers (docs/server.md, "Limits and security") on every page and answer,
and pages that need no inline script for the Content-Security-Policy to allow them."""

from __future__ import annotations

import re

from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from parlour import game_names
from parlour.server.headers import API_DOCS, DOCS_POLICY, POLICY
from parlour.server.routes import pages
from parlour.server.routes.pages import STATIC

from .conftest import create

BROWSER = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
TEMPLATES = STATIC.parent / "templates"


def secured(answer: object, policy: str = POLICY) -> None:
    """``answer`` carries every security header."""
    headers = getattr(answer, "headers", {})
    where = f"{getattr(answer, 'url', '?')} ({getattr(answer, 'status_code', '?')})"
    assert headers.get("content-security-policy") == policy, where
    assert headers.get("x-content-type-options") == "nosniff", where
    assert headers.get("referrer-policy") == "same-origin", where
    assert headers.get("x-frame-options") == "DENY", where


def test_the_policy_runs_only_the_servers_own_scripts_and_forbids_framing() -> None:
    rules = dict(rule.split(" ", 1) for rule in POLICY.split("; "))
    assert rules["script-src"] == "'self'"
    assert rules["frame-ancestors"] == "'none'"
    assert rules["default-src"] == "'self'"


def test_every_page_route_answers_with_the_headers(client: TestClient) -> None:
    table = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
    # A path parameter's value by its name: a real table, player and game where one exists.
    values = {"table_id": table, "username": "nobody", "game": game_names()[0]}
    paths = [route.path for route in pages.router.routes if isinstance(route, APIRoute)]
    assert len(paths) >= 6
    for path in paths:
        url = re.sub(r"\{(\w+)\}", lambda found: values[found[1]], path)
        for headers in (BROWSER, {}):
            secured(client.get(url, headers=headers, follow_redirects=False))
    # The pages are the static files the routes serve, and the static files themselves.
    for page in sorted(STATIC.rglob("*.*")):
        secured(client.get(f"/static/{page.relative_to(STATIC).as_posix()}"))


def test_api_answers_and_refusals_carry_the_headers(client: TestClient) -> None:
    secured(client.get("/api/games"))
    secured(client.get("/api/tables/none"))
    secured(client.get("/no/such/page", headers=BROWSER))
    secured(
        client.post(
            "/api/tables", json={"game": "fearless"}, headers={"origin": "https://x.example"}
        )
    )
    secured(client.post("/api/tables", json={"game": "no such game"}))
    secured(client.get("/openapi.json"))
    secured(client.get(API_DOCS), DOCS_POLICY)


def test_no_page_has_an_inline_script_or_event_handler() -> None:
    documents = [*STATIC.rglob("*.html"), *TEMPLATES.rglob("*.html")]
    assert len(documents) >= 5
    for document in documents:
        text = document.read_text()
        # Every <script> names its file; no on...= attribute, no javascript: link.
        for script in re.findall(r"<script\b[^>]*>", text, flags=re.IGNORECASE):
            assert "src=" in script, (document.name, script)
        assert not re.search(r"\son[a-z]+\s*=", text, flags=re.IGNORECASE), document.name
        assert "javascript:" not in text.lower(), document.name
    # Nor do the scripts write markup with handlers in it.
    for script in STATIC.rglob("*.js"):
        assert not re.search(r"""["'`<]\s*[^"'`]*\son[a-z]+=["']""", script.read_text()), (
            script.name
        )
