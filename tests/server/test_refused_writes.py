"""A database that refuses writes (read-only, full) refuses the move clearly and changes nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

import parlour
from parlour.server import create_app
from parlour.server.hub import Hub
from parlour.server.store import Store

from .conftest import create, next_state, play_out


def refuse_with(store: Store, pragma: str | None) -> None:
    """Make every connection of ``store`` run ``pragma`` from now on (``None``: none)."""
    if event.contains(store.engine, "connect", _run_pragma):
        event.remove(store.engine, "connect", _run_pragma)
    _PRAGMA["now"] = pragma
    if pragma is not None:
        event.listen(store.engine, "connect", _run_pragma)
    store.engine.dispose()  # pooled connections were opened without it


_PRAGMA: dict[str, str | None] = {"now": None}


def _run_pragma(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(_PRAGMA["now"])
    cursor.close()


def read_only(store: Store) -> None:
    """The database file becomes read-only (SQLite: "attempt to write a readonly database")."""
    refuse_with(store, "PRAGMA query_only=ON")


def writable(store: Store) -> None:
    """Writes work again."""
    refuse_with(store, None)


def own_turn(ws: Any) -> dict[str, Any]:
    """The next state in which this seat has an action to take."""
    message = next_state(ws)
    while not message["view"].get("legal_actions"):
        message = next_state(ws)
    return message


def refused_then_made(
    client: TestClient, breaks: Callable[[Store], None], fills: Callable[[], None] | None = None
) -> None:
    """Play a few moves, break the store, see the move refused and the table untouched, mend
    it, make the same move, and finish the game with every acknowledged move in its record."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=2)
    table_id, token = answer["table"], answer["seats"][0]["token"]
    acknowledged: dict[int, str] = {}
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        message = own_turn(ws)
        for _ in range(3):
            view = message["view"]
            acknowledged[view["move"] + 1] = view["legal_actions"][0]
            ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": view["move"]})
            message = own_turn(ws)
        view = message["view"]
        table = hub.tables[table_id]
        before = (table.move, list(table.info.actions), table.state.view(0))
        breaks(hub.store)
        if fills is not None:
            fills()
        action = view["legal_actions"][-1]
        ws.send_json({"type": "act", "action": action, "move": view["move"]})
        reply = ws.receive_json()
        assert reply["type"] == "error", reply
        assert reply["message"].startswith("your move was not made: the database did not store")
        assert (table.move, table.info.actions, table.state.view(0)) == before
        # A lobby request that would write is refused the same way: 503 with the reason.
        refused = client.post("/api/tables", json={"game": "fearless", "players": 3})
        assert refused.status_code == 503, refused.text
        assert refused.json()["message"].startswith("the database is unavailable (")
        writable(hub.store)
        if fills is not None:
            fills()
        assert hub.store.get(table_id).actions == before[1]  # type: ignore[union-attr]
        ws.send_json({"type": "act", "action": action, "move": view["move"]})
        acknowledged[view["move"] + 1] = action
        message = next_state(ws)
        assert message["view"]["move"] == view["move"] + 1
        last = play_out(ws, seed=4, first=message)
    record = client.get(f"/api/tables/{table_id}/record").json()
    for move, text_ in acknowledged.items():
        assert record["actions"][move - 1] == text_
    assert parlour.replay(record).scores() == last["view"]["scores"]


def test_a_read_only_database_refuses_the_move_and_the_game_goes_on(client: TestClient) -> None:
    refused_then_made(client, read_only)


@contextmanager
def tiny_filesystem() -> Iterator[Path]:
    """A 16 MiB tmpfs in a temporary folder (root only; room for the 4 MiB write-ahead log)."""
    folder = Path(tempfile.mkdtemp(prefix="parlour-tiny-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a tiny filesystem here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tiny filesystem needs root")
def test_a_full_disk_refuses_the_move_and_the_game_goes_on_once_there_is_room() -> None:
    with tiny_filesystem() as disk:
        filler = disk / "filler"

        def fill_or_free() -> None:
            if filler.exists():
                filler.unlink()
                return
            # Fill the disk to the last byte, so the next page SQLite writes has no room.
            try:
                with filler.open("wb") as out:
                    while True:
                        out.write(b"\0" * 4096)
                        out.flush()
            except OSError:
                pass

        with TestClient(create_app(f"sqlite:///{disk / 'parlour.db'}", 1, 0)) as client:
            refused_then_made(client, lambda _store: None, fill_or_free)


def test_an_end_not_stored_is_stored_on_the_next_load(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: Any) -> None:
        raise OperationalError("UPDATE parlour_tables", {}, Exception("disk I/O error"))

    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as client:
        monkeypatch.setattr(client.app.state.hub.store, "finish", broken)  # type: ignore[attr-defined]
        answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=8, public=True)
        table_id, token = answer["table"], answer["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            last = play_out(ws, seed=1)
        assert last["view"]["is_over"]
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        assert listed[table_id]["status"] == "over"  # the live table knows
    monkeypatch.undo()
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as client:
        # Not finished in the database, so resumed on start, replayed over and its end stored.
        info = client.app.state.hub.store.get(table_id)  # type: ignore[attr-defined]
        assert info.finished_at is not None and info.scores == last["view"]["scores"]
