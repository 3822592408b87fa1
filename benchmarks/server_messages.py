"""The server's work per move on its message path, without a database or a network: apply
the move, schedule what comes next (bots, passes) and build every connection's ``state``
message as JSON (four seats and a spectator at 4-player Fearless tables).

Prints the process CPU time per move in ms. Compare two versions of the code in the same
run, e.g. ``PYTHONPATH=/tmp/old/src python benchmarks/server_messages.py 60`` against this
tree, or count instructions (load-independent) with ``valgrind --tool=callgrind`` at two game
counts and compare the differences.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from datetime import UTC, datetime
from typing import Any

import parlour
from parlour.server.hub import Client, Hub, Table
from parlour.server.store import SeatInfo, TableInfo


async def per_move(games: int) -> float:
    """CPU milliseconds a move over ``games`` games of random moves."""
    hub = Hub(None, None)  # type: ignore[arg-type]  # people's tables need no store or bots

    async def send(message: dict[str, Any]) -> None:
        json.dumps(message)

    moves = 0
    start = time.process_time()
    for game in range(games):
        state = parlour.load("fearless").new_game(4, game)
        seats = [SeatInfo(None, "a" * 64) for _ in range(4)]
        info = TableInfo(f"t{game}", "fearless", 4, game, {}, seats, datetime.now(UTC))
        table = Table(info, state)
        table.clients = [Client(seat, send) for seat in (0, 1, 2, 3, None)]
        rng = random.Random(game)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            info.actions.append(action.text)
            await hub._broadcast(table)
            hub.schedule_bot(table)
            moves += 1
    return (time.process_time() - start) / moves * 1000


if __name__ == "__main__":
    print(f"{asyncio.run(per_move(int(sys.argv[1]) if len(sys.argv) > 1 else 40)):.4f}")
