"""What the server keeps in memory: a table nobody is connected to and where nothing runs
leaves it (the store keeps it), and a table's log, kept as moves are applied, is sent to each
connection once."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.server.botpool import BotPool
from parlour.server.hub import Client, Hub, Table, event_json
from parlour.server.store import Store


async def _heard(_message: dict[str, Any]) -> None:
    """A connection that reads everything."""


def run_with_hub(
    tmp_path: Path, scenario: Callable[[Hub], Awaitable[None]], bot_delay: float = 0.0
) -> None:
    """Run ``scenario`` with a hub on a new SQLite store (within 60 s), then close both."""

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
        hub = Hub(store, BotPool(1), bot_delay)
        try:
            await scenario(hub)
        finally:
            hub.pool.close()
            store.close()

    asyncio.run(asyncio.wait_for(main(), 60))


async def _forgotten(hub: Hub, table_id: str) -> bool:
    """Whether the hub lets the table go within 5 s (a timer may fire late on a busy machine)."""
    for _ in range(50):
        if table_id not in hub.tables:
            return True
        await asyncio.sleep(0.1)
    return False


async def _play_to_the_end(hub: Hub, table: Table) -> None:
    """Every seat plays its first legal action until the game is over."""
    while not table.state.is_over:
        seat = table.state.current_player
        assert seat is not None
        await hub.play(table, seat, str(table.state.legal_actions()[0]), table.move)


def test_a_finished_table_nobody_watches_is_forgotten_and_loads_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("parlour.server.hub.cache.FORGET_AFTER", 0.05)

    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {})
        playing, watching = Client(0, _heard), Client(None, _heard)
        await hub.join(table, playing)
        await hub.join(table, watching)
        await _play_to_the_end(hub, table)
        record = table.info.record()
        await hub.leave(table, playing)
        await asyncio.sleep(0.2)
        assert table.id in hub.tables  # someone still watches it
        await hub.leave(table, watching)
        await asyncio.sleep(0.2)
        assert table.id not in hub.tables
        again = await hub.get(table.id)
        assert again is not None and again is not table
        assert again.state.is_over and again.info.record() == record
        assert again.state.scores() == table.state.scores()
        await asyncio.sleep(0.2)  # read for its record, and forgotten again
        assert table.id not in hub.tables

    run_with_hub(tmp_path, game)


def test_a_table_left_waiting_for_a_person_is_forgotten_and_plays_on_when_loaded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A person left a game against bots at their turn: nothing runs there, so the table
    # leaves memory (it was kept for as long as the process ran), and loads again as it was.
    monkeypatch.setattr("parlour.server.hub.cache.FORGET_AFTER", 0.05)

    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {1: "random", 2: "random"})
        client = Client(0, _heard)
        await hub.join(table, client)
        while table.state.current_player != 0 or table.move == 0:
            if table.state.current_player == 0:
                await hub.play(table, 0, str(table.state.legal_actions()[0]), table.move)
            await asyncio.sleep(0.02)  # the bots move
        await hub.leave(table, client)
        assert await _forgotten(hub, table.id)
        again = await hub.get(table.id)
        assert again is not None and again is not table
        assert again.info.record() == table.info.record()
        assert again.state.view(0) == table.state.view(0)
        move = again.move
        await hub.play(again, 0, str(again.state.legal_actions()[0]), move)
        for _ in range(250):  # the bots play on at the table loaded again
            if again.move > move + 1 or again.state.is_over:
                break
            await asyncio.sleep(0.02)
        assert again.move > move + 1 or again.state.is_over

    run_with_hub(tmp_path, game)


def test_a_table_whose_bots_play_on_is_kept_until_its_game_is_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("parlour.server.hub.cache.FORGET_AFTER", 0.05)

    async def game(hub: Hub) -> None:
        bots = dict.fromkeys(range(3), "random")
        table, _tokens = await hub.create("fearless", 3, {}, 7, bots)
        while not table.state.is_over:
            assert hub.tables[table.id] is table, f"forgotten at move {table.move}"
            await asyncio.sleep(0.05)
        assert await _forgotten(hub, table.id)

    run_with_hub(tmp_path, game, bot_delay=0.01)


def test_a_finished_table_asked_for_again_is_kept_until_it_has_been_unasked_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A connection gets the table, then joins it: the forgetting must not fall in between.
    monkeypatch.setattr("parlour.server.hub.cache.FORGET_AFTER", 2.0)

    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {})
        client = Client(0, _heard)
        await hub.join(table, client)
        await _play_to_the_end(hub, table)
        await hub.leave(table, client)
        await asyncio.sleep(1.2)
        assert await hub.get(table.id) is table
        await asyncio.sleep(1.2)  # 2.4 s since the last one left, 1.2 s since asked
        assert hub.tables.get(table.id) is table
        await asyncio.sleep(2.0)
        assert table.id not in hub.tables

    run_with_hub(tmp_path, game)


def test_a_forgotten_table_leaves_its_rematch_to_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("parlour.server.hub.cache.FORGET_AFTER", 0.05)

    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {})
        client = Client(0, _heard)
        await hub.join(table, client)
        await _play_to_the_end(hub, table)
        rematch = await hub.rematch(table)
        assert hub.rematches == {table.id: rematch}
        await hub.leave(table, client)
        assert await _forgotten(hub, table.id) and table.id not in hub.rematches
        again = await hub.get(table.id)
        assert again is not None and await hub.rematch(again) == rematch

    run_with_hub(tmp_path, game)


def test_each_connection_is_sent_the_game_log_once_in_order(tmp_path: Path) -> None:
    # The hub keeps the log as moves are applied (its own and, caught up, another
    # process's), where it rebuilt the state's log for every message.
    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("foolsblade", 3, {"max_turns": 6}, 7, {})
        heard: dict[str, list[dict[str, Any]]] = {"early": [], "late": []}

        def keeper(name: str) -> Any:
            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "state":
                    heard[name].append(message)

            return send

        await hub.join(table, Client(None, keeper("early")))
        for _ in range(40):
            seat = table.state.current_player
            assert seat is not None
            await hub.play(table, seat, str(table.state.legal_actions()[0]), table.move)
        await hub.join(table, Client(None, keeper("late")))
        # Moves stored by another process, applied as this one catches up.
        other = parlour.replay(table.info.record())
        texts = []
        while not other.is_over:
            action = other.legal_actions()[0]
            other.apply(action)
            texts.append(action.text)
        async with table.lock:
            await hub.apply_stored(table, texts)
        assert table.state.is_over and table.log == table.state.log == other.log
        for name, messages in heard.items():
            assert messages[0]["log_from"] == 0
            sent: list[dict[str, Any]] = []
            for message in messages:
                assert message["log_from"] == len(sent)
                sent += message["events"]
            whole = [event_json(e, None, table.sentence_names) for e in table.state.log]
            assert sent == whole, name

    run_with_hub(tmp_path, game)


def test_a_restart_loads_only_the_unfinished_tables_with_bots(tmp_path: Path) -> None:
    # Tables of people alone wait for someone to open them: nothing runs there meanwhile.
    async def game(hub: Hub) -> None:
        people, _tokens = await hub.create("fearless", 3, {}, 7, {})
        bots, _tokens = await hub.create("fearless", 3, {}, 7, {1: "random", 2: "random"})
        over, _tokens = await hub.create("fearless", 3, {}, 7, {})
        await _play_to_the_end(hub, over)
        await hub.close()
        restarted = Hub(hub.store, hub.pool)
        await restarted.resume_all()
        assert set(restarted.tables) == {bots.id}
        again = await restarted.get(people.id)
        assert again is not None and again.info.record() == people.info.record()
        await restarted.close()

    run_with_hub(tmp_path, game)


def test_a_table_stays_a_while_after_its_last_connection_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The wait counts from the leaving, not from a forgetting timer set when it opened.
    monkeypatch.setattr("parlour.server.hub.cache.FORGET_AFTER", 1.0)

    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {})
        client = Client(0, _heard)
        await hub.join(table, client)
        await asyncio.sleep(0.8)
        await hub.leave(table, client)
        await asyncio.sleep(0.6)  # 1.4 s since it opened, 0.6 s since the leaving
        assert hub.tables.get(table.id) is table
        assert await _forgotten(hub, table.id)

    run_with_hub(tmp_path, game)


def test_a_bot_process_imports_none_of_the_web_stack() -> None:
    # What a bot process unpickles: botpool's functions (``think``, ``ready``). Importing the
    # web stack with them cost each bot process 68 MB (docs/server.md, "Idle memory").
    heavy = ["fastapi", "sqlalchemy", "uvicorn", "starlette", "psycopg"]
    check = f"import sys, parlour.server.botpool; print([m for m in {heavy!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
