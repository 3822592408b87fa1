"""Group commit: moves of many tables waiting together are stored in one transaction."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from parlour.server.store import ConflictError, SeatInfo, Store
from parlour.server.writes import GroupCommit

from .test_refused_writes import read_only, writable


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store with twenty empty tables, t0 to t19."""
    opened = Store(f"sqlite:///{tmp_path / 'writes.db'}")
    for n in range(20):
        opened.create(f"t{n}", "fearless", 3, n, {}, [SeatInfo(None, "a" * 64)] * 3)
    return opened


def test_moves_waiting_together_share_one_commit_and_a_conflict_fails_alone(
    store: Store,
) -> None:
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _connection: commits.append(1))
    writes = GroupCommit(store)

    async def both() -> list[BaseException | None]:
        first = await asyncio.gather(
            *(writes.append(f"t{n}", 1, 0, "play zero") for n in range(20))
        )
        assert first == [None] * 20 and len(commits) == 1  # twenty moves, one disk sync
        moves = [writes.append(f"t{n}", 2, 1, f"play blue+{n % 9}") for n in range(5)]
        moves.append(writes.append("t3", 1, 1, "play green+2"))  # number 1 is taken
        return await asyncio.gather(*moves, return_exceptions=True)

    results = asyncio.run(both())
    assert results[:5] == [None] * 5
    assert isinstance(results[5], ConflictError)
    assert store.get("t3").actions == ["play zero", "play blue+3"]  # type: ignore[union-attr]
    store.close()


def test_a_failing_database_fails_every_move_of_the_batch(store: Store) -> None:
    writes = GroupCommit(store)
    read_only(store)

    async def batch() -> list[BaseException | None]:
        return await asyncio.gather(
            *(writes.append(f"t{n}", 1, 0, "play zero") for n in range(4)), return_exceptions=True
        )

    assert all(isinstance(result, OperationalError) for result in asyncio.run(batch()))
    writable(store)
    assert all(store.get(f"t{n}").actions == [] for n in range(4))  # type: ignore[union-attr]
    store.close()
