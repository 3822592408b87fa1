"""Players' profiles and the games' leaderboards (API.md, "Ratings")."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from ...core import GameError
from ..community import profiles
from ..deps import AccountDep, HubDep
from ..errors import RequestError

__all__ = ["router"]

router = APIRouter()


@router.get("/api/players/{username}")
async def player(username: str, hub: HubDep, account: AccountDep) -> dict[str, Any]:
    """A player's ratings and finished games, the newest first (private tables only on one's
    own profile); 404 for an unknown name."""
    viewer = None if account is None else account.id
    found = await asyncio.to_thread(profiles.profile, hub.store.engine, username, viewer=viewer)
    if found is None:
        raise RequestError(404, f"there is no player {username!r}")
    return found


@router.get("/api/ratings/{game}")
async def ratings(game: str, hub: HubDep) -> dict[str, Any]:
    """A game's leaderboard, the best first, bot levels included; 404 for an unknown game."""
    try:
        return await asyncio.to_thread(profiles.leaderboard, hub.store.engine, game)
    except GameError as error:
        raise RequestError(404, str(error)) from None
