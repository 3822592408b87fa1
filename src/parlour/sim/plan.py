"""What a run plays: a ``Plan`` (the game, the table, the line-up of bots, how many games,
the base seed and the options) checked by ``make_plan``, and the seeds that let every game of
it be played again alone (``game_seed``, ``bot_seed``; ``fast_seed`` for a batched chunk)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import GameError, derive_seed, game_names, load
from .facts import facts_for
from .schema import COMMON, Column
from .tournament import BotSpec, parse_bots

__all__ = [
    "FAST_BOT",
    "FAST_CHUNK",
    "MAX_CHUNK",
    "Plan",
    "bot_seed",
    "fast_seed",
    "game_seed",
    "make_plan",
    "table_columns",
]

MAX_CHUNK = 200  # games per chunk at most: progress and resume stay fine-grained
FAST_BOT = "random"  # the only policy a batched engine plays
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
