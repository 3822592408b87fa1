"""Many games of one table, played in chunks and written to a Parquet dataset as they finish.

A run is a ``Plan`` (``sim/plan.py``): the game, the table, the line-up of bots, how many
games, the base seed and the options. Game ``i`` is dealt with ``game_seed(seed, i)`` and its
seats' bots are made with ``bot_seed(seed, i, seat)``, so every game can be played again
alone and the rows never depend on how the games were spread over processes or machines.

The output is a folder (``results.parquet``, ``sim/results.py``) holding ``_manifest.json``
(the plan), one ``part-NNNNNN.parquet`` per finished chunk and, with ``records``,
``_records/part-NNNNNN.jsonl``. Chunks are played here by one job or worker processes, or
by Ray (``sim/ray_backend.py``). The names of the plan and the folder are exported here too,
as they were when this module held them.

A ``fast`` plan (a game with a batched engine, ``Game.batched``: Fearless; random bots, the
game's default options) plays each chunk with that NumPy engine instead: the same columns,
but its games are dealt from one seed a chunk (``fast_seed``), so its rows depend on the
chunk size too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from pathlib import Path
from typing import Any

from .. import bots
from ..core import GameError, State, load
from ..core.places import finishing_places
from ..core.processes import process_pool, take
from ..core.registry import declared
from .facts import Notes, facts_for
from .plan import Plan, bot_seed, fast_seed, game_seed, make_plan, table_columns
from .ray_backend import check_reachable, ray_chunks
from .results import FORMAT, Chunk, Output, Written, manifest, read

__all__ = [
    "BACKENDS",
    "FORMAT",
    "Chunk",
    "Output",
    "Plan",
    "Written",
    "bot_seed",
    "check_backend",
    "fast_seed",
    "game_seed",
    "make_plan",
    "manifest",
    "play_and_write",
    "play_chunk",
    "play_fast_chunk",
    "play_game",
    "read",
    "run",
    "table_columns",
]

BACKENDS = ("local", "ray")


def play_game(plan: Plan, index: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Play game ``index`` of ``plan``: its rows (one per seat) and its record."""
    game = load(plan.game)
    state: State = game.new_game(plan.players, seed=game_seed(plan.seed, index), **plan.options)
    seats = plan.seats(index)
    seeds = [bot_seed(plan.seed, index, seat) for seat in range(plan.players)]
    players = [
        bots.make(spec.name, seed=s, **spec.settings) for spec, s in zip(seats, seeds, strict=True)
    ]
    decisions = [0] * plan.players
    facts = facts_for(game.name)
    observe = facts.observe
    notes: Notes = {}
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state)
        if observe is not None:
            observe(state, action, notes)
        state.apply(action)
        decisions[seat] += 1
    returns = state.returns()
    scores = state.scores()
    winners = set(state.winners())
    places = finishing_places(scores, winners, game.lower_score_wins)
    rounds = facts.rounds(state)
    options = json.dumps(state.options, sort_keys=True)
    extra = facts.seats(state, notes)
    rows = [
        {
            "game": game.name,
            "players": plan.players,
            "game_index": index,
            "seed": state.seed,
            "options": options,
            "seat": seat,
            "bot": seats[seat].label,
            "bot_seed": seeds[seat],
            "score": scores[seat],
            "rank": places[seat],
            "won": seat in winners,
            "return": returns[seat],
            "decisions": sum(decisions),
            "seat_decisions": decisions[seat],
            "rounds": rounds,
            **extra[seat],
        }
        for seat in range(plan.players)
    ]
    return rows, state.record()


def play_fast_chunk(plan: Plan, chunk: int) -> Chunk:
    """Play ``chunk`` of a fast plan with the game's batched engine (``Game.batched``): the
    same columns, in which ``seed`` is the chunk's (``fast_seed``) and ``bot_seed`` is null;
    the game's own columns come from its facts' ``batched_columns``.

    The columns are built from the engine's arrays as ``parlour.fast.fearless.rows`` builds
    its dicts (a test holds them equal), without a Python object a row.
    """
    import numpy as np

    game = load(plan.game)
    columns_of = facts_for(game.name).batched_columns
    assert game.batched is not None and columns_of is not None  # checked by make_plan
    indices = plan.chunk_games(chunk)
    seed = fast_seed(plan.seed, chunk)
    result = declared(game.batched).simulate(len(indices), plan.players, seed=seed)
    scores = result["scores"]
    games, players = scores.shape
    count = games * players
    steps = result["decisions_per_game"]
    rank = (scores[:, None, :] < scores[:, :, None]).sum(axis=2) + 1
    columns: dict[str, Any] = {
        "game": [plan.game] * count,
        "players": np.full(count, players),
        "game_index": np.repeat(np.arange(indices.start, indices.stop), players),
        "seed": np.full(count, seed),
        "options": [json.dumps(plan.options, sort_keys=True)] * count,
        "seat": np.tile(np.arange(players), games),
        "bot": [plan.lineup[0].label] * count,
        "bot_seed": [None] * count,
        "score": scores.reshape(-1),
        "rank": rank.reshape(-1),
        "won": rank.reshape(-1) == 1,
        "return": result["returns"].reshape(-1),
        "decisions": np.full(count, steps),
        "seat_decisions": np.full(count, steps // players),
        **columns_of(result),
    }
    return Chunk(chunk, len(indices), columns, [])


def play_chunk(plan: Plan, chunk: int) -> Chunk:
    """Play every game of ``chunk`` (a top-level function: worker processes and Ray run it)."""
    if plan.fast:
        return play_fast_chunk(plan, chunk)
    rows: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    indices = plan.chunk_games(chunk)
    for index in indices:
        game_rows, record = play_game(plan, index)
        rows.extend(game_rows)
        if plan.records:
            records.append(record)
    columns = {c.name: [row[c.name] for row in rows] for c in table_columns(plan.game)}
    return Chunk(chunk, len(indices), columns, records)


def play_and_write(output: Output, chunk: int) -> Written:
    """Play ``chunk`` of the output's plan and write it (a local worker's task: only the
    count crosses back, so the parent has nothing to unpickle or write beside the workers)."""
    output.write(play_chunk(output.plan, chunk))
    return Written(chunk, len(output.plan.chunk_games(chunk)))


def _local(output: Output, todo: Sequence[int], jobs: int) -> Iterator[Written]:
    """Chunks played and written here (one job) or by ``jobs`` worker processes."""
    if jobs == 1:
        for chunk in todo:
            yield play_and_write(output, chunk)
        return
    pool = process_pool(jobs)
    try:
        # Keep two chunks per worker queued, not the whole run: memory stays flat.
        queue = iter(todo)
        pending: set[Future[Written]] = set()
        for chunk in take(queue, 2 * jobs):
            pending.add(pool.submit(play_and_write, output, chunk))
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                pending.update(pool.submit(play_and_write, output, c) for c in take(queue, 1))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def check_backend(jobs: int, backend: str, address: str | None) -> None:
    """``GameError`` with one sentence for a bad job count, backend or address."""
    if jobs < 1:
        raise GameError(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        raise GameError(f"there is no backend {backend!r}; the backends are: local, ray")
    if address is not None and backend != "ray":
        raise GameError("--address joins a Ray cluster: use it with --backend ray")
    if address is not None:
        check_reachable(address)


def run(
    plan: Plan,
    out: str | Path | Output,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
    on_start: Callable[[int, int], None] | None = None,
    on_chunk: Callable[[Written], None] | None = None,
) -> int:
    """Play the plan's missing chunks into ``out`` (a folder, or one opened for the plan);
    the number of games played now.

    ``on_start(done, total)`` hears how many games were already there and in all;
    ``on_chunk`` hears of each chunk once it is written.
    """
    check_backend(jobs, backend, address)
    output = out if isinstance(out, Output) else Output(out, plan, resume)
    done = output.done()
    todo = [c for c in range(plan.chunks) if c not in done]
    if on_start is not None:
        already = sum(len(plan.chunk_games(c)) for c in done)
        on_start(already, plan.games)
    if not todo:
        return 0
    written: Iterable[Written] = (
        _local(output, todo, jobs)
        if backend == "local"
        else ray_chunks(output, todo, jobs, address, play_chunk)
    )
    played = 0
    for chunk in written:
        played += chunk.games
        if on_chunk is not None:
            on_chunk(chunk)
    return played
