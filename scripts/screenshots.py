"""Take the README's screenshots: each game at 1280x800 and 390x844, as a player sees it.

Starts ``parlour serve`` on a free loopback port with a throwaway database, sits a named
person at seat 0 of each game against easy bots, plays a few moves and saves
``docs/screenshots/<game>-desktop.png`` and ``<game>-phone.png``. Needs Playwright and
Debian's ``/usr/bin/chromium`` (as the e2e tests do). Run: ``.venv/bin/python
scripts/screenshots.py``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# game: players, seed, decisions to take before the picture.
GAMES = {"fearless": (4, 3, 4), "citadels": (4, 1, 2), "foolsblade": (3, 4, 5)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(db: str, port: int) -> subprocess.Popen[bytes]:
    """``parlour serve`` in its own process, returned once it answers."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from parlour.cli.app import main; main()",
            "serve",
            *("--port", str(port), "--db", db, "--workers", "1", "--bot-delay", "0.05"),
        ],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def play(page: Any, decisions: int) -> None:
    """Take ``decisions`` moves (the first armed control each time), then wait for a turn."""
    for _ in range(decisions):
        page.wait_for_selector("[data-action][data-armed]", timeout=60_000)
        before = int(page.evaluate("Number(document.body.dataset.move)"))
        page.locator("[data-action][data-armed]").first.click()
        if page.locator("#confirm:not(.hidden)").count():
            page.locator("#confirm-yes[data-armed]").click()
        page.wait_for_function(f"() => Number(document.body.dataset.move) > {before}")
    page.wait_for_selector("[data-action][data-armed]", timeout=60_000)
    time.sleep(0.6)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        process = serve(f"sqlite:///{folder}/shots.db", port)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium",
                    headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
                )
                for game in sys.argv[1:] or GAMES:  # the games named, else all
                    players, seed, decisions = GAMES[game]
                    for size, (width, height) in SIZES.items():
                        bots = {str(s): "easy" for s in range(1, players)}
                        body = {"game": game, "players": players, "seed": seed, "bots": bots}
                        body["names"] = {"0": "Ana"}
                        body["hints"] = True
                        answer = httpx.post(f"{base}/api/tables", json=body).json()
                        context = browser.new_context(viewport={"width": width, "height": height})
                        page = context.new_page()
                        page.goto(f"{base}{answer['seats'][0]['url']}")
                        page.wait_for_function("() => document.body.dataset.move !== undefined")
                        play(page, decisions)
                        path = OUT / f"{game}-{size}.png"
                        page.screenshot(path=str(path))
                        print(path)
                        context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
