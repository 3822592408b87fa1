"""Many games of one table, played in chunks and written to a Parquet dataset as they finish.

A run is a ``Plan``: the game, the table, the line-up of bots, how many games, the base seed
and the options. Game ``i`` is dealt with ``game_seed(seed, i)`` and its seats' bots are made
with ``bot_seed(seed, i, seat)``, so every game can be played again alone and the rows never
depend on how the games were spread over processes or machines.

The output is a folder (``results.parquet``) holding ``_manifest.json`` (the plan), one
``part-NNNNNN.parquet`` per finished chunk and, with ``records``, ``_records/part-NNNNNN.jsonl``.
Each part appears whole or not at all (written aside, then renamed), so a run that is
stopped keeps its finished chunks, and ``resume`` plays only the chunks that are missing.
``pyarrow.parquet.read_table(folder)`` reads the folder as one table (names starting with
``_`` or ``.`` are skipped by Arrow's discovery).

A ``fast`` plan (a game with a batched engine, ``Game.batched``: Fearless; random bots, the
game's default options) plays each chunk with that NumPy engine instead: the same columns,
but its games are dealt from one seed a chunk (``fast_seed``), so its rows depend on the
chunk size too.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__, bots, load
from ..core import GameError, State, derive_seed, game_names
from ..core.places import finishing_places
from ..core.processes import process_pool
from ..core.registry import declared
from .facts import Notes, facts_for
from .schema import COMMON, Column, arrow_schema
from .tournament import BotSpec, parse_bots

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

FORMAT = 1  # the version of the folder's layout and manifest
BACKENDS = ("local", "ray")
MANIFEST = "_manifest.json"
RECORDS = "_records"
MAX_CHUNK = 200  # games per chunk at most: progress and resume stay fine-grained
FAST_BOT = "random"  # the only policy it plays
FAST_CHUNK = (1024, 16384)  # games per batched chunk, least and most (the engine's batch)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with base ``seed`` (a non-negative 63-bit int)."""
    return derive_seed(seed, "simulate", index) >> 1


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of game ``index`` (a non-negative 63-bit int)."""
    return derive_seed(seed, "simulate-bot", index, seat) >> 1


def fast_seed(seed: int, chunk: int) -> int:
    """The seed of ``chunk`` of a fast run: ``parlour.fast.fearless.simulate`` of the chunk's
    games, players and this seed plays the chunk again (a non-negative 63-bit int)."""
    return derive_seed(seed, "simulate-fast", chunk) >> 1


def table_columns(game: str) -> tuple[Column, ...]:
    """Every column of a ``game``'s table: the common ones, then the game's facts."""
    return COMMON + facts_for(load(game).name).columns


@dataclass(frozen=True)
class Plan:
    """What a run plays: everything that decides its rows, and nothing that does not."""

    game: str
    players: int
    lineup: tuple[BotSpec, ...]
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    chunk_size: int = 1
    rotate: bool = False
    records: bool = False
    fast: bool = False

    @property
    def chunks(self) -> int:
        """How many chunks the games fall into."""
        return -(-self.games // self.chunk_size)

    def chunk_games(self, chunk: int) -> range:
        """The game indices of ``chunk``."""
        start = chunk * self.chunk_size
        return range(start, min(start + self.chunk_size, self.games))

    def seats(self, index: int) -> tuple[BotSpec, ...]:
        """The bot in each seat of game ``index`` (turned one seat per game with ``rotate``)."""
        n = self.players
        shift = index % n if self.rotate else 0
        return tuple(self.lineup[(seat + shift) % n] for seat in range(n))

    def to_dict(self) -> dict[str, Any]:
        """The plan as JSON, as the manifest keeps it."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": [{"name": s.name, "settings": s.settings} for s in self.lineup],
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "chunk_size": self.chunk_size,
            "rotate": self.rotate,
            "records": self.records,
            "fast": self.fast,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Plan:
        """The plan a manifest kept."""
        return cls(
            game=data["game"],
            players=data["players"],
            lineup=tuple(BotSpec(b["name"], b["settings"]) for b in data["bots"]),
            games=data["games"],
            seed=data["seed"],
            options=data["options"],
            chunk_size=data["chunk_size"],
            rotate=data["rotate"],
            records=data["records"],
            fast=data.get("fast", False),  # manifests written before --fast existed
        )


def make_plan(
    game: str,
    bots_text: str,
    games: int,
    players: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    chunk_size: int | None = None,
    rotate: bool = False,
    records: bool = False,
    fast: bool = False,
) -> Plan:
    """A checked plan; ``GameError`` with one sentence for a bad game, bot, option or count.

    One bot fills every seat; otherwise the line-up gives one bot per seat. ``players``
    defaults to the line-up's length (a single bot needs it said). ``fast`` plays with the
    batched engine, which only knows Fearless with random bots and the default options.
    """
    spec = load(game)
    lineup = parse_bots(bots_text)
    if players is None:
        if len(lineup) == 1:
            raise GameError("say how many players (--players) when --bots names a single bot")
        players = len(lineup)
    if len(lineup) == 1:
        lineup = lineup * players
    if len(lineup) != players:
        raise GameError(
            f"--bots names {len(lineup)} bots for {players} players; name one for each seat"
        )
    if games < 1:
        raise GameError(f"the number of games must be at least 1, not {games}")
    if chunk_size is not None and chunk_size < 1:
        raise GameError(f"the chunk size must be at least 1, not {chunk_size}")
    # Checks the player count, the option names and their values; stores every option.
    stored = spec.new_game(players, seed=0, **(options or {})).options
    if fast:
        _check_fast(spec.name, lineup, stored, records)
        least, most = FAST_CHUNK
        size = chunk_size if chunk_size is not None else min(most, max(least, -(-games // 16)))
    else:
        size = chunk_size if chunk_size is not None else max(1, min(MAX_CHUNK, -(-games // 64)))
    return Plan(
        game=spec.name,
        players=players,
        lineup=tuple(lineup),
        games=games,
        seed=seed,
        options=dict(stored),
        chunk_size=size,
        rotate=rotate,
        records=records,
        fast=fast,
    )


def _check_fast(
    game: str, lineup: Sequence[BotSpec], options: dict[str, Any], records: bool
) -> None:
    """``GameError`` with one sentence for what the batched engine cannot play."""
    leave_out = "; leave out --fast to play it with the ordinary engine"
    if load(game).batched is None or facts_for(game).batched_columns is None:
        fast = " and ".join(g.title for g in map(load, game_names()) if g.batched is not None)
        raise GameError(f"--fast plays {fast} only, not {load(game).title}{leave_out}")
    other = next((s.label for s in lineup if s.name != FAST_BOT or s.settings), None)
    if other is not None:
        raise GameError(f"--fast plays random bots only, not {other!r}{leave_out}")
    defaults = load(game).new_game(len(lineup), seed=0).options
    changed = sorted(k for k, v in options.items() if defaults.get(k) != v)
    if changed:
        raise GameError(
            f"--fast plays the default rules only, not the option {changed[0]!r}{leave_out}"
        )
    if records:
        raise GameError("--fast keeps no records (its games are dealt by chunk, not by seed)")


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


@dataclass(frozen=True)
class Chunk:
    """A finished chunk: its number, its game count, its table as columns (name to values,
    rows in game and seat order) and its games' records where the plan keeps them.

    A column's values are a list, or a NumPy array (2-D for a list column, one row a row):
    columns, not row dicts, because they pickle and turn into Arrow several times faster.
    """

    index: int
    games: int
    columns: dict[str, Any]
    records: list[dict[str, Any]]

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The chunk's rows as dicts, as ``pyarrow.Table.to_pylist`` reads them back."""
        names = list(self.columns)
        values = [v.tolist() if hasattr(v, "tolist") else v for v in self.columns.values()]
        return [dict(zip(names, row, strict=True)) for row in zip(*values, strict=True)]


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


@dataclass(frozen=True)
class Written:
    """A chunk written to the output: its number and its game count."""

    index: int
    games: int


def play_and_write(output: Output, chunk: int) -> Written:
    """Play ``chunk`` of the output's plan and write it (a local worker's task: only the
    count crosses back, so the parent has nothing to unpickle or write beside the workers)."""
    output.write(play_chunk(output.plan, chunk))
    return Written(chunk, len(output.plan.chunk_games(chunk)))


def _part(chunk: int) -> str:
    return f"part-{chunk:06d}"


class Output:
    """The folder of a run: its manifest, the chunks finished, and writing a new one."""

    def __init__(self, path: str | Path, plan: Plan, resume: bool = False) -> None:
        """Open ``path`` for ``plan``: a new folder, or with ``resume`` the same plan's."""
        self.path = Path(path)
        self.plan = plan
        self.schema = arrow_schema(table_columns(plan.game))
        manifest = self.path / MANIFEST
        try:
            if self.path.exists() and not self.path.is_dir():
                raise GameError(f"{str(self.path)!r} is a file; --out names a folder to create")
            if manifest.exists():
                self._check_same(manifest)
                if not resume:
                    raise GameError(
                        f"{str(self.path)!r} already holds this run; add --resume to finish it "
                        "or choose another --out"
                    )
            elif self.path.exists() and any(self.path.iterdir()):
                raise GameError(f"{str(self.path)!r} is a folder with other files in it")
            else:
                self.path.mkdir(parents=True, exist_ok=True)
                self._write_text(manifest, json.dumps(self._manifest(), indent=2) + "\n")
            if plan.records:
                (self.path / RECORDS).mkdir(exist_ok=True)
        except OSError as error:
            raise GameError(f"cannot write to {str(self.path)!r}: {error.strerror}") from None

    def _manifest(self) -> dict[str, Any]:
        return {"format": FORMAT, "parlour": __version__, "plan": self.plan.to_dict()}

    def _check_same(self, manifest: Path) -> None:
        """Refuse a folder that holds another run (or something that is no run at all)."""
        try:
            kept = json.loads(manifest.read_text(encoding="utf-8"))
            theirs = Plan.from_dict(kept["plan"]).to_dict()
        except (ValueError, KeyError, TypeError):
            raise GameError(f"{str(manifest)!r} is not a simulation manifest") from None
        ours = self.plan.to_dict()
        for key, value in ours.items():
            if theirs.get(key) != value:
                raise GameError(
                    f"{str(self.path)!r} holds a run with {key} {json.dumps(theirs.get(key))}, "
                    f"not {json.dumps(value)}; resume it with the same arguments"
                )

    def done(self) -> set[int]:
        """The chunks already written."""
        out = set()
        for part in self.path.glob("part-*.parquet"):
            try:
                out.add(int(part.stem.removeprefix("part-")))
            except ValueError:
                continue
        return {c for c in out if c < self.plan.chunks}

    def write(self, chunk: Chunk) -> None:
        """Write a finished chunk whole (its records first, then its rows)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        name = _part(chunk.index)
        table = pa.Table.from_arrays(
            [_arrow(chunk.columns[f.name], f.type) for f in self.schema], schema=self.schema
        )
        temporary = self.path / f".{name}.parquet.tmp"
        try:
            if self.plan.records:
                lines = "".join(json.dumps(r) + "\n" for r in chunk.records)
                self._write_text(self.path / RECORDS / f"{name}.jsonl", lines)
            pq.write_table(table, temporary)
            os.replace(temporary, self.path / f"{name}.parquet")
        except OSError as error:
            raise GameError(f"cannot write to {str(self.path)!r}: {error.strerror}") from None

    @staticmethod
    def _write_text(path: Path, text: str) -> None:
        temporary = path.with_name(f".{path.name}.tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)


def _arrow(values: Any, kind: Any) -> Any:
    """A column's values as an Arrow array of ``kind`` (a 2-D array: one list a row)."""
    import pyarrow as pa

    if getattr(values, "ndim", 1) == 2:
        rows, width = values.shape
        offsets = pa.array(range(0, rows * width + 1, width), pa.int32())
        return pa.ListArray.from_arrays(offsets, pa.array(values.reshape(-1)), type=kind)
    return pa.array(values, type=kind)


def read(path: str | Path) -> Any:
    """A run's table (``pyarrow.Table``), rows in game and seat order; ``GameError`` if none."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = Path(path)
    parts = sorted(folder.glob("part-*.parquet")) if folder.is_dir() else []
    if not parts:
        raise GameError(f"{str(folder)!r} holds no simulation results")

    table = pa.concat_tables([pq.read_table(p) for p in parts])
    return table.sort_by([("game_index", "ascending"), ("seat", "ascending")])


def manifest(path: str | Path) -> dict[str, Any]:
    """The manifest of a run's folder (``{}`` when it has none)."""
    file = Path(path) / MANIFEST
    if not file.exists():
        return {}
    data: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
    return data


# -- backends ----------------------------------------------------------------------------


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
        for chunk in _take(queue, 2 * jobs):
            pending.add(pool.submit(play_and_write, output, chunk))
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                pending.update(pool.submit(play_and_write, output, c) for c in _take(queue, 1))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _take(items: Iterator[int], count: int) -> list[int]:
    out = []
    for item in items:
        out.append(item)
        if len(out) == count:
            break
    return out


def _ray(output: Output, todo: Sequence[int], jobs: int, address: str | None) -> Iterator[Written]:
    """Chunks played as Ray tasks (on a new local Ray of ``jobs`` CPUs, on ``address``, or on
    the Ray this process has already started) and written here: a cluster's machines may
    not see this one's disk."""
    try:
        import ray
    except ImportError:
        raise GameError("the Ray backend needs Ray: pip install 'parlour[sim]'") from None
    # A Ray already started in this process (a notebook, a benchmark) is used as it is.
    started_here = not ray.is_initialized()
    if started_here:
        _start_ray(ray, jobs, address)
    try:
        task = ray.remote(num_cpus=1)(play_chunk)
        plan_ref = ray.put(output.plan)
        cpus = int(ray.cluster_resources().get("CPU", jobs))  # type: ignore[no-untyped-call]
        queue = iter(todo)
        pending = [task.remote(plan_ref, c) for c in _take(queue, 2 * max(1, cpus))]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            chunk: Chunk = ray.get(finished[0])
            output.write(chunk)
            yield Written(chunk.index, chunk.games)
            pending.extend(task.remote(plan_ref, c) for c in _take(queue, 1))
    finally:
        if started_here:
            ray.shutdown()


def _start_ray(ray: Any, cpus: int, address: str | None) -> None:
    """Join the cluster at ``address``, else start a local Ray of ``cpus`` CPUs, quietly."""
    import logging

    try:
        if address is None:
            ray.init(
                address="local",
                num_cpus=cpus,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    except (ConnectionError, ValueError, RuntimeError) as error:
        where = "start a local Ray" if address is None else f"join the Ray cluster at {address}"
        raise GameError(f"cannot {where}: {error}") from None


def check_backend(jobs: int, backend: str, address: str | None) -> None:
    """``GameError`` with one sentence for a bad job count, backend or address."""
    if jobs < 1:
        raise GameError(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        raise GameError(f"there is no backend {backend!r}; the backends are: local, ray")
    if address is not None and backend != "ray":
        raise GameError("--address joins a Ray cluster: use it with --backend ray")
    if address is not None:
        _check_reachable(address)


def _check_reachable(address: str) -> None:
    """``GameError`` at once when nothing listens at a ``host:port`` address.

    Ray itself would retry for minutes before it gave up.
    """
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # "auto" and other forms are Ray's to resolve
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as error:
        why = error.strerror or "no answer"
        raise GameError(f"cannot join the Ray cluster at {address}: {why}") from None


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
        _local(output, todo, jobs) if backend == "local" else _ray(output, todo, jobs, address)
    )
    played = 0
    for chunk in written:
        played += chunk.games
        if on_chunk is not None:
            on_chunk(chunk)
    return played
