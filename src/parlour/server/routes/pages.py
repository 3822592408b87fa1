"""The pages for people: the lobby, a live table, a replay, a player's profile, a game's
leaderboard, and where a bad seat link goes."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse, RedirectResponse, Response

from ... import GameError, game_names, load
from ..deps import TableDep, ended, get_table
from ..pages import Link, problem_page

__all__ = ["STATIC", "router"]

STATIC = Path(__file__).parents[1] / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


# Browsers ask for it on every page; cached for a day.
@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    return FileResponse(
        STATIC / "favicon.ico",
        media_type="image/x-icon",
        headers={"Cache-Control": "public, max-age=86400"},
    )


# The table is looked up so that a link to no table gets a page that says so.
@router.get("/table/{table_id}", dependencies=[Depends(get_table)])
async def table_page() -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/table/{table_id}/bad-link")
async def bad_link_page(table_id: str) -> Response:
    # Where the table page goes when its seat's token opens no seat (the token rides in
    # the URL fragment, which the server never sees, so the page finds out first).
    return problem_page(
        403,
        f"the seat link you followed does not open a seat at table {table_id}: it may have "
        "been copied incompletely. Ask whoever opened the table for the link again.",
        (Link(f"/table/{table_id}", "Watch this table"),),
    )


@router.get("/replay/{table_id}")
async def replay_page(table: TableDep) -> FileResponse:
    ended(table, "replay", (Link(f"/table/{table.id}", "Watch the game"),))
    return FileResponse(STATIC / "replay.html")


# The page asks the server for the player (``GET /api/players/{username}``) and says so
# when there is none: an account may be deleted while links to its profile live on.
@router.get("/players/{username}")
async def profile_page() -> FileResponse:
    return FileResponse(STATIC / "profile.html")


@router.get("/ratings")
async def ratings_index() -> RedirectResponse:
    return RedirectResponse(f"/ratings/{game_names()[0]}")


@router.get("/ratings/{game}", response_model=None)
async def ratings_page(game: str) -> Response:
    try:
        load(game)
    except GameError:
        games = ", ".join(game_names())
        return problem_page(404, f"there is no game {game!r}: the games are {games}.")
    return FileResponse(STATIC / "ratings.html")
