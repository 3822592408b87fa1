"""A real server on a free loopback port and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.live import NO_LIMITS, free_port, start_server, stop

CHROMIUM = "/usr/bin/chromium"
# How Chromium runs on these machines (as root, no GPU, no outside network): see the env doc.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
SCREENSHOTS = Path(__file__).with_name("screenshots")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a server on a fresh SQLite file (bots move almost at once)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'parlour.db'}"
    port = free_port()
    # Every page of the session is one client: the limits of one are not what is tested here.
    process = start_server(db, port, bot_delay=0.02, extra=NO_LIMITS)
    yield f"http://127.0.0.1:{port}"
    stop(process)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium (the tests skip, saying why, where it is not installed).

    A module's, not the session's: Playwright's sync API keeps an event loop running while it
    is open, and tests of other folders that share the worker call ``asyncio.run``."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: scripts/test-setup.sh installs Debian's chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        yield launched
        launched.close()


def refused_by_policy(message: Any) -> list[str]:
    """A console message, as a list of the one error, when it says the page's
    Content-Security-Policy refused something; else nothing."""
    text = str(message.text)
    return [text] if message.type == "error" and "Content Security Policy" in text else []


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (its own browser context) that fails the test on a script error."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    # What the Content-Security-Policy refused is no script error, only a console message.
    opened.on("console", lambda message: errors.extend(refused_by_policy(message)))
    yield opened
    context.close()
    assert not errors, errors


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as tests/e2e/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def move_of(page: Any) -> int:
    """The move number the page shows."""
    return int(page.evaluate("Number(document.body.dataset.move)"))


def is_over(page: Any) -> bool:
    """Whether the page shows a finished game."""
    return bool(page.evaluate("document.body.dataset.over === 'true'"))


def take_turn(page: Any, timeout: float = 60_000) -> bool:
    """Wait for this seat's turn and click its first legal control once it is armed (a
    control acts only after it has been on screen a moment), confirming a move that asks;
    ``False`` once the game is over."""
    page.wait_for_function(
        "() => document.body.dataset.over === 'true'"
        " || document.querySelector('[data-action][data-armed]')",
        timeout=timeout,
    )
    if is_over(page):
        return False
    before = move_of(page)
    page.locator("[data-action][data-armed]").first.click()
    if page.locator("#confirm:not(.hidden)").count():
        page.locator("#confirm-yes[data-armed]").click()
    page.wait_for_function(
        f"() => Number(document.body.dataset.move) > {before}"
        " || document.body.dataset.over === 'true'",
        timeout=timeout,
    )
    return True
