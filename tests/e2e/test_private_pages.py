"""The lobby's "Public (listed in the lobby)" box (API.md, "Private tables"): cleared for a
table made with links, ticked while a seat is open, and the person's own choice once made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .test_accounts_pages import answer, contexts, signed_in_as

__all__ = ["contexts"]  # the fixture, shared with the accounts' pages

MADE = {"table": "P1abc", "seats": [], "open": [], "spectate": "/table/P1abc"}


def test_mocked_public_box_follows_open_seats_until_chosen(
    contexts: Callable[..., Any], server: str
) -> None:
    page = contexts("desktop")
    signed_in_as(page, "Ana")  # open seats are offered on a server with accounts
    made = answer(page, "POST", "/api/tables", 201, MADE)
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-picks select")
    assert page.locator("#public-label").is_visible()
    assert not page.is_checked("#public")
    page.click("#create-button")
    page.wait_for_timeout(300)
    page.select_option("#seat-1", "open")
    assert page.is_checked("#public")  # an open seat: listed, so that anyone may take it
    page.click("#create-button")
    page.wait_for_timeout(300)
    page.uncheck("#public")  # chosen by hand: kept whatever the seats
    page.select_option("#seat-2", "open")
    assert not page.is_checked("#public")
    page.click("#create-button")
    page.wait_for_timeout(300)
    assert [body["public"] for body in made] == [False, True, False]
