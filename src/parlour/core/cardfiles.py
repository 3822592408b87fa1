"""Card files: TOML read and validated by pydantic models, errors naming file, card and field.

Any game's ``cards.py`` reads its ``data/*.toml`` through these, so every bad card file gets
the same kind of message: ``districts.toml: district 'manor': field 'cost': ...``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import GameError

__all__ = ["describe", "read_toml", "validate", "validate_list"]

Model = TypeVar("Model", bound=BaseModel)


def read_toml(path: Path) -> dict[str, Any]:
    """The file's tables; ``GameError`` names the file when it cannot be read or parsed."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise GameError(f"{path.name}: cannot read the file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise GameError(f"{path.name}: not valid TOML: {error}") from None


def describe(error: ValidationError) -> str:
    """The first mistake pydantic found, as "field 'x': what is wrong, not <value>"."""
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"])
    kind = first["type"]
    if kind == "missing":
        return f"missing field {field!r}"
    if kind == "extra_forbidden":
        return f"unknown field {field!r}"
    message = first["msg"].removeprefix("Value error, ")
    if not field:
        return message
    return f"field {field!r}: {message}, not {first['input']!r}"


def validate(path: Path, where: str, model: type[Model], data: Any) -> Model:
    """``data`` as ``model``; ``GameError`` names the file, ``where`` (the card) and the field."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise GameError(f"{path.name}: {where}: {describe(error)}") from None


def validate_list(path: Path, table: str, model: type[Model], key: str = "slug") -> list[Model]:
    """Every entry of the file's ``[[table]]`` list as ``model``, each named by its ``key``.

    The file may hold nothing else, and no two entries may share a key.
    """
    data = read_toml(path)
    unknown = sorted(set(data) - {table})
    if unknown:
        raise GameError(f"{path.name}: unknown table {unknown[0]!r} (expected [[{table}]])")
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise GameError(f"{path.name}: needs a list of [[{table}]] tables")
    out: list[Model] = []
    seen: set[Any] = set()
    for number, entry in enumerate(entries, start=1):
        name = entry.get(key) if isinstance(entry, dict) else None
        where = f"{table} {name!r}" if isinstance(name, str) else f"{table} {number}"
        card = validate(path, where, model, entry)
        if name in seen:
            raise GameError(f"{path.name}: {where}: field {key!r} repeats an earlier card")
        seen.add(name)
        out.append(card)
    return out
