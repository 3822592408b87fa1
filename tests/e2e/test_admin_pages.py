"""Reports and the admin's page in the browser (docs/server.md, "Admin"): a signed-in
spectator reports a chat line and its player from the table page, and the player from the
profile page; an admin sees the reports on /admin,
deletes the line (it leaves the players' pages) and resolves the report; at 1280x800 and
390x844, with the pictures of ``docs/screenshots/admin-*.png``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from server.live import free_port, start_server, stop

from .test_accounts_pages import SIZES, contexts, fresh_name, picture, sign_up

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture used here, made in the accounts' pages' tests


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server of this module's own, on a SQLite file ``parlour admin`` also opens: its
    base URL and the database URL."""
    db = f"sqlite:///{tmp_path_factory.mktemp('admin') / 'parlour.db'}"
    port = free_port()
    process = start_server(db, port, bot_delay=30)  # the bots wait: the table stays still
    yield f"http://127.0.0.1:{port}", db
    stop(process)


def make_admin(db: str, username: str) -> None:
    """``parlour admin accounts make-admin USERNAME`` on the server's database."""
    main = "from parlour.cli.app import main; main()"
    command = [sys.executable, "-c", main, "admin", "accounts", "make-admin", username]
    subprocess.run([*command, "--db", db], check=True, capture_output=True)


@pytest.mark.parametrize("size", SIZES)
def test_a_reported_chat_line_reaches_the_admin_who_deletes_it(
    contexts: Callable[..., Any], served: tuple[str, str], size: str
) -> None:
    server, db = served
    # The talker on a desktop: phones read the chat but have no box to write in.
    talker, witness, boss = contexts("desktop"), contexts(size), contexts(size)
    talker_name, boss_name = fresh_name("talker"), fresh_name("boss")
    talker.goto(f"{server}/")
    sign_up(talker, talker_name)
    body = {"game": "fearless", "players": 3, "bots": {"1": "easy", "2": "easy"}, "sit": 0}
    made = talker.request.post(f"{server}/api/tables", data=body)
    assert made.status == 201, made.text()
    table = made.json()["table"]
    talker.goto(f"{server}/table/{table}")
    # Typed before the socket is open, the line would stay in the box ("Not connected").
    talker.wait_for_function("() => document.body.dataset.move !== undefined")
    talker.fill("#chat-text", "you are all hopeless")
    talker.press("#chat-text", "Enter")
    talker.wait_for_selector("#chat p:has-text('you are all hopeless')")

    witness.goto(f"{server}/table/{table}")
    sign_up(witness, fresh_name("witness"))
    line = witness.locator("#chat p:has-text('you are all hopeless')")
    line.wait_for()
    line.locator("button.report").click()
    witness.get_by_label("What is wrong?").fill("insults the other players")
    line.scroll_into_view_if_needed()
    picture(witness, f"admin-report-{size}", docs=True)
    witness.click("#dialog-submit")
    witness.wait_for_selector("#toast:has-text('an admin will read your report')")
    # A player, from the table page and from the profile.
    witness.click("#report-player")
    assert witness.locator("#report-player-name option").all_inner_texts() == [talker_name]
    witness.get_by_label("What is wrong?").fill("spams the table")
    witness.click("#dialog-submit")
    witness.wait_for_selector("#dialog-submit", state="hidden")
    witness.goto(f"{server}/players/{talker_name}")
    witness.get_by_role("button", name=f"report {talker_name}").click()
    witness.get_by_label("What is wrong?").fill("a rude name")
    witness.click("#dialog-submit")
    witness.wait_for_selector("#toast:has-text('an admin will read your report')")

    boss.goto(f"{server}/")
    sign_up(boss, boss_name)
    refused = boss.goto(f"{server}/admin")
    assert refused is not None and refused.status == 403
    make_admin(db, boss_name)
    boss.goto(f"{server}/admin")
    row = boss.locator("#reports-table tr", has_text="insults the other players")
    row.wait_for()
    assert "you are all hopeless" in row.inner_text()
    assert boss.locator(f"#tables-table tr[data-table='{table}']").count() == 1
    for reason in ("spams the table", "a rude name"):
        mine = boss.locator("#reports-table tr", has_text=reason).filter(has_text=talker_name)
        assert mine.count() == 1, reason
    picture(boss, f"admin-page-{size}", docs=True)

    row.get_by_role("button", name="Delete the line").click()
    boss.wait_for_selector("#toast:has-text('The line is deleted')")
    talker.wait_for_selector("#chat p:has-text('you are all hopeless')", state="detached")
    boss.locator("#reports-table tr", has_text="insults the other players").get_by_role(
        "button", name="Resolve"
    ).click()
    boss.wait_for_selector(
        "#reports-table tr:has-text('insults the other players')", state="detached"
    )
    assert httpx.get(f"{server}/api/admin/reports").status_code == 401
