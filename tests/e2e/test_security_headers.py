"""The Content-Security-Policy in a real browser: the pages run under it without a refusal
(the ``page`` fixture fails a test on any), and a script injected inline does not run."""

from __future__ import annotations

from typing import Any

from .conftest import refused_by_policy


def test_the_pages_run_under_the_policy(page: Any, server: str) -> None:
    for path in ("/", "/ratings/fearless", "/players/nobody", "/no/such/page"):
        page.goto(f"{server}{path}")
        page.wait_for_load_state("networkidle")
        assert page.locator("header").count() >= 1, path


def test_an_injected_inline_script_does_not_run(browser: Any, server: str) -> None:
    # Its own context: the ``page`` fixture would fail the test on the refusal provoked here.
    context = browser.new_context()
    try:
        opened = context.new_page()
        refusals: list[str] = []
        opened.on("console", lambda message: refusals.extend(refused_by_policy(message)))
        opened.goto(server)
        opened.wait_for_load_state("networkidle")
        assert refusals == []
        opened.evaluate(
            "() => { const s = document.createElement('script');"
            " s.textContent = 'window.injected = true'; document.body.append(s); }"
        )
        opened.wait_for_timeout(300)
        assert opened.evaluate("window.injected === undefined")
        assert any("inline script" in refusal for refusal in refusals), refusals
    finally:
        context.close()
