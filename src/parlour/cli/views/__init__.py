"""Rich renderings of views, one module a game: ``parlour.cli.views.<game>.render(view)``.

A game's module defines ``render(view)`` and may define ``summary(before, after)``, which
returns something to show when play moves from one view to the next (a round's scores) or
``None``. Renderers see views only, never states, so they cannot show what a seat may not know.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["render_summary", "render_view", "seat_name"]

View = Mapping[str, Any]


def seat_name(seat: int, view: View) -> str:
    """How a view's renderer names a seat: "Player N", marked "(you)" for the view's own seat."""
    return f"Player {seat} (you)" if seat == view.get("seat") else f"Player {seat}"


def render_view(view: View) -> RenderableType:
    """The view drawn by its game's renderer, or as a plain table when the game has none."""
    module = _renderer(view.get("game"))
    if module is None:
        return generic(view)
    render = cast(Callable[[View], RenderableType], module.render)
    return render(view)


def render_summary(before: View, after: View) -> RenderableType | None:
    """What to show as play moves from ``before`` to ``after`` (same seat), if anything."""
    module = _renderer(after.get("game"))
    summary = getattr(module, "summary", None)
    if summary is None:
        return None
    return cast(Callable[[View, View], RenderableType | None], summary)(before, after)


def generic(view: View) -> RenderableType:
    """Any view as a two-column table of its keys and JSON values (legal actions left out)."""
    seat = view.get("seat")
    who = "spectator" if seat is None else f"Player {seat}"
    table = Table(show_header=False)
    table.add_column("key", style="bold")
    table.add_column("value", overflow="fold")
    for key, value in view.items():
        if key in ("game", "legal_actions"):
            continue
        table.add_row(key, json.dumps(value, separators=(", ", ": ")))
    return Group(Text(f"{view.get('game', 'game')} (view of {who})", style="bold"), table)


def _renderer(game: object) -> ModuleType | None:
    """The renderer module of a game, or ``None`` when the game has none."""
    if not isinstance(game, str) or not game.replace("-", "_").isidentifier():
        return None
    name = f"{__name__}.{game.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        # Only a missing renderer falls back; a renderer that fails to import is a bug to see.
        if error.name == name:
            return None
        raise
