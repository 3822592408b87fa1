"""The listener: every notification on the moves and tables channels handed on, in order,
those of one commit together, and listening again after the database comes back."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import psycopg

from parlour.server.notify import Listener
from parlour.server.store import MOVES_CHANNEL, TABLES_CHANNEL, libpq_url

from .postgres import Postgres


def test_the_listener_hands_on_every_notification_and_listens_again_after_a_restart(
    postgres: Postgres,
) -> None:
    conninfo = libpq_url(postgres.url)
    heard: list[tuple[str, int, str | None]] = []
    changed: list[dict[str, Any]] = []
    connected: list[int] = []

    async def on_connect() -> None:
        connected.append(len(heard))

    async def until(done: Any) -> None:
        for _ in range(200):
            if done():
                return
            await asyncio.sleep(0.025)
        raise AssertionError(f"not heard: {heard}, {changed}")

    def tell(*pairs: tuple[str, str]) -> None:
        with psycopg.Connection.connect(conninfo) as connection:  # one transaction
            for channel, payload in pairs:
                connection.execute("SELECT pg_notify(%s, %s)", [channel, payload])

    async def scenario() -> None:
        listener = Listener(conninfo, lambda *note: heard.append(note), changed.append, on_connect)
        task = asyncio.create_task(listener.run())
        await asyncio.wait_for(listener.listening.wait(), 10)
        moves = [json.dumps(["t1", n, f"play {n}"]) for n in range(1, 4)]
        news = json.dumps({"origin": "o", "table": "t1", "kind": "seats", "data": None})
        await asyncio.to_thread(tell, *((MOVES_CHANNEL, m) for m in moves), (TABLES_CHANNEL, news))
        await until(lambda: len(heard) == 3 and changed)
        assert heard == [("t1", n, f"play {n}") for n in range(1, 4)]
        assert changed == [json.loads(news)]
        # The database restarts: listening stops, starts again, and says so (``connected``).
        await asyncio.to_thread(postgres.stop)
        await until(lambda: not listener.listening.is_set())
        await asyncio.to_thread(postgres.start)
        await asyncio.wait_for(listener.listening.wait(), 30)
        await until(lambda: len(connected) == 2)
        await asyncio.to_thread(tell, (MOVES_CHANNEL, json.dumps(["t2", 9, None])))
        await until(lambda: len(heard) == 4)
        assert heard[-1] == ("t2", 9, None)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def test_the_listener_leaves_out_the_notifications_of_its_own_writer(postgres: Postgres) -> None:
    conninfo = libpq_url(postgres.url)
    heard: list[tuple[str, int, str | None]] = []

    async def nothing() -> None:
        return None

    async def scenario() -> None:
        with (
            psycopg.Connection.connect(conninfo, autocommit=True) as mine,
            psycopg.Connection.connect(conninfo, autocommit=True) as theirs,
        ):
            listener = Listener(
                conninfo,
                lambda *note: heard.append(note),
                lambda news: None,
                nothing,
                lambda: mine.info.backend_pid,
            )
            task = asyncio.create_task(listener.run())
            await asyncio.wait_for(listener.listening.wait(), 10)
            for connection, table in ((mine, "t1"), (theirs, "t2"), (mine, "t3"), (theirs, "t4")):
                payload = json.dumps([table, 1, "play zero"])
                connection.execute("SELECT pg_notify(%s, %s)", [MOVES_CHANNEL, payload])
            # Delivered in the order of their commits: once t4 is heard, t1 and t3 would be.
            for _ in range(400):
                if len(heard) >= 2:
                    break
                await asyncio.sleep(0.025)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        assert heard == [("t2", 1, "play zero"), ("t4", 1, "play zero")]

    asyncio.run(scenario())
