"""Pages for people when something goes wrong: a table or link that opens nothing, a replay
of a game still going on, a path that leads nowhere. Each says what happened and links back
to the lobby (rendered from ``templates/problem.html``); API clients keep getting JSON."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

__all__ = ["Link", "problem_page", "wants_page"]

_templates = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates")),
    autoescape=select_autoescape(["html"]),
)

# The page's heading by status code.
TITLES = {
    403: "This link opens no seat",
    404: "Nothing here",
    409: "Not yet",
    500: "This table cannot be shown",
    503: "The server cannot reach its database",
}


class Link(NamedTuple):
    """A link offered on a problem page."""

    href: str
    text: str


LOBBY = Link("/", "Back to the lobby")


def wants_page(request: Request) -> bool:
    """Whether the answer should be a page for people: a browser asked (``Accept: text/html``)
    for something outside the JSON API."""
    return not request.url.path.startswith("/api/") and "text/html" in request.headers.get(
        "accept", ""
    )


def problem_page(
    status: int, message: str, links: tuple[Link, ...] = (), title: str | None = None
) -> HTMLResponse:
    """A page with status ``status`` that says ``message`` (escaped) and links to the lobby."""
    html = _templates.get_template("problem.html").render(
        title=title or TITLES.get(status, "Something went wrong"),
        message=message[:1].upper() + message[1:],
        links=[*links, LOBBY],
    )
    return HTMLResponse(html, status)
