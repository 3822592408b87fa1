"""The pages for people: the lobby, a live table, a replay, and where a bad seat link goes."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse, Response

from ..deps import TableDep, ended, get_table
from ..pages import Link, problem_page

__all__ = ["STATIC", "router"]

STATIC = Path(__file__).parents[1] / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


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
