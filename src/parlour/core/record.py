"""Records: the seed, options and action texts of a game, and replaying them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import GameError, IllegalAction
from .game import State
from .registry import load

__all__ = ["Record", "replay"]


@dataclass(frozen=True)
class Record:
    """Everything needed to rebuild a game: ``state.record()`` as a checked value."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    version: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """A record from its dict form; ``GameError`` names the missing or bad field."""
        if not isinstance(data, Mapping):
            raise GameError(f"a record must be a JSON object, not {type(data).__name__}")
        for key in ("game", "players", "seed", "actions"):
            if key not in data:
                raise GameError(f"the record has no {key!r} field")
        game, players, seed = data["game"], data["players"], data["seed"]
        options = data.get("options") or {}
        actions = data["actions"]
        if not isinstance(game, str):
            raise GameError(f"the record's 'game' must be a name, not {game!r}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise GameError(f"the record's 'players' must be a whole number, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"the record's 'seed' must be a whole number, not {seed!r}")
        if not isinstance(options, Mapping):
            raise GameError(f"the record's 'options' must be an object, not {options!r}")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise GameError("the record's 'actions' must be a list of action texts")
        version = data.get("version")
        if version is not None and not isinstance(version, str):
            raise GameError(f"the record's 'version' must be a text, not {version!r}")
        return cls(game, players, seed, dict(options), tuple(actions), version)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """A record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise GameError(f"the record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def read(cls, path: str | Path) -> Record:
        """A record from a JSON file (a saved game); a file with a "record" key holds one too."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise GameError(f"cannot read the record {str(path)!r}: {error.strerror}") from None
        data = Record._unwrap(text)
        return cls.from_dict(data)

    @staticmethod
    def _unwrap(text: str) -> Any:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise GameError(f"the record is not valid JSON: {error}") from None
        if isinstance(data, dict) and isinstance(data.get("record"), dict):
            return data["record"]
        return data

    def to_dict(self) -> dict[str, Any]:
        """The dict form, as ``state.record()`` gives it (``version`` where known)."""
        out: dict[str, Any] = {"game": self.game}
        if self.version is not None:
            out["version"] = self.version
        return out | {
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
        }

    def to_json(self) -> str:
        """JSON text of the dict form."""
        return json.dumps(self.to_dict())

    def start(self) -> State:
        """The game's first state, before any action."""
        return load(self.game).new_game(self.players, self.seed, **self.options)


def replay(record: Record | Mapping[str, Any], upto: int | None = None) -> State:
    """The state a record leads to (after its first ``upto`` actions, where given)."""
    rec = record if isinstance(record, Record) else Record.from_dict(record)
    state = rec.start()
    for number, text in enumerate(rec.actions[:upto], start=1):
        try:
            state.apply(text)
        except IllegalAction as error:
            current = state.game.version
            if rec.version is not None and rec.version != current:
                raise GameError(
                    f"this record was played under version {rec.version} of the "
                    f"{state.game.title} rules and this Parlour plays version {current}; "
                    f"its action {number}, {text!r}, no longer replays"
                ) from None
            raise GameError(
                f"action {number} of the record, {text!r}, cannot be played: {error}"
            ) from None
    return state
