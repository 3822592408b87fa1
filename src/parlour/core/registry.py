"""The registry of games: names, aliases, and loading on first use."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .errors import GameError

if TYPE_CHECKING:
    from .game import Game

__all__ = ["declared", "game_module", "game_names", "load", "register"]

_modules: dict[str, str] = {}
_aliases: dict[str, str] = {}
_loaded: dict[str, Game] = {}


def register(name: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    """Make a game loadable by name: ``module`` defines ``GAME``, imported on first use."""
    _modules[name] = module
    for alias in aliases:
        _aliases[alias] = name


def game_names() -> list[str]:
    """The registered games' names, sorted."""
    return sorted(_modules)


def canonical_name(name: str) -> str:
    """The registered name for a name or alias, else ``GameError`` listing the games."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _aliases.get(key, key)
    if key not in _modules:
        raise GameError(f"there is no game {name!r}; the games are: {', '.join(game_names())}")
    return key


def load(name: str) -> Game:
    """The game of that name or alias."""
    key = canonical_name(name)
    game = _loaded.get(key)
    if game is None:
        game = importlib.import_module(_modules[key]).GAME
        _loaded[key] = game
    return game


def game_module(package: str, game: object) -> ModuleType | None:
    """The module ``package.<game>`` that serves a game (its renderer, its agent text), or
    ``None`` when the package has none for that game."""
    if not isinstance(game, str) or not game.replace("-", "_").isidentifier():
        return None
    name = f"{package}.{game.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        # Only a missing module falls back; one that fails to import is a bug to see.
        if error.name == name:
            return None
        raise


def declared(path: str) -> Any:
    """What a game declares by import path, imported now: ``"module:name"`` is the module's
    member, ``"module"`` the module itself (a game names what needs NumPy or matplotlib this
    way, so that loading the game loads neither)."""
    module, _, member = path.partition(":")
    found = importlib.import_module(module)
    return getattr(found, member) if member else found
