"""docs/server.md's backup and restore, end to end: ``pg_dump`` while the server plays,
the database dropped, ``pg_restore``, and every table resumes where the copy left it."""

from __future__ import annotations

import asyncio
import random
import subprocess
import time
from pathlib import Path

import httpx
import psycopg
import pytest

import parlour

from .live import free_port, start_server, stop
from .postgres import Postgres
from .test_cluster import Seat, base, open_table, play_seat


def records(conninfo: str) -> dict[str, list[str]]:
    """Every table's stored actions, by table id."""
    with psycopg.connect(conninfo, autocommit=True) as connection:
        tables = [row[0] for row in connection.execute("SELECT id FROM parlour_tables")]
        return {
            table: [
                row[0]
                for row in connection.execute(
                    "SELECT text FROM parlour_actions WHERE table_id = %s ORDER BY seq", (table,)
                )
            ]
            for table in tables
        }


@pytest.mark.slow
@pytest.mark.long
def test_pg_dump_drop_and_restore_resumes_every_table(postgres: Postgres, tmp_path: Path) -> None:
    tool = f"{postgres.bin_dir}/"
    login = ["-h", "127.0.0.1", "-p", str(postgres.port), "-U", "parlour"]
    subprocess.run([tool + "createdb", *login, "club"], check=True)
    url = postgres.url.replace("/postgres", "/club")
    conninfo = f"host=127.0.0.1 port={postgres.port} user=parlour dbname=club"
    server = start_server(url, free_port(), bot_delay=0.05)
    try:
        address = base(server)
        seats: list[Seat] = []
        tables = []
        for i, game in enumerate(parlour.game_names()):
            players = max(3, parlour.load(game).min_players)
            answer = open_table(
                address, game, players, 80 + i, dict.fromkeys(range(1, players), "random")
            )
            tables.append(answer["table"])
            seats.append(Seat(answer["table"], 0, answer["seats"][0]["token"], [address]))
        bots_only = open_table(address, "citadels", 4, 90, dict.fromkeys(range(4), "random"))
        tables.append(bots_only["table"])
        # The bots make some moves first, so that the copy is of games under way.
        deadline = time.monotonic() + 120
        while sum(map(len, records(conninfo).values())) < 20:
            assert time.monotonic() < deadline, "the bots made no moves"
            time.sleep(0.2)
        # The copy, taken while the server plays on: one consistent snapshot of the database.
        dump = tmp_path / "club.dump"
        subprocess.run([tool + "pg_dump", *login, "-Fc", "-f", str(dump), "club"], check=True)
        before = records(conninfo)
    finally:
        stop(server)
    subprocess.run([tool + "dropdb", *login, "club"], check=True)
    subprocess.run([tool + "createdb", *login, "club"], check=True)
    subprocess.run([tool + "pg_restore", *login, "--no-owner", "-d", "club", str(dump)], check=True)
    restored = records(conninfo)
    assert restored.keys() == before.keys() == set(tables)
    for table, actions in restored.items():
        # Each table is as the copy found it: a beginning of its game as it was at the drop.
        assert actions == before[table][: len(actions)]
    assert any(restored[t] for t in tables), "the copy was taken before any move"
    # A server on the restored database resumes every table: bots go on, people play, all end
    # (the server passing for them at once: Fool's Blade's lone passes would wait 0.6 s each).
    server = start_server(url, free_port(), bot_delay=0.0, pass_delay=0.0)
    try:
        address = base(server)
        for seat in seats:
            seat.servers = [address]
        deadline = time.monotonic() + 180
        rng = random.Random(3)

        async def everything() -> None:
            await asyncio.gather(
                *(play_seat(s, random.Random(rng.random()), deadline) for s in seats)
            )

        asyncio.run(everything())
        for table in tables:
            while (
                httpx.get(f"{address}/api/tables/{table}", timeout=10).json()["table"]["status"]
                != "over"
            ):
                assert time.monotonic() < deadline, f"table {table} did not resume"
                time.sleep(0.2)
            record = httpx.get(f"{address}/api/tables/{table}/record", timeout=10).json()
            assert record["actions"][: len(restored[table])] == restored[table]
            assert parlour.replay(record).is_over
    finally:
        stop(server)
