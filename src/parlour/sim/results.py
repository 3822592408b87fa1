"""A run's folder: its manifest (the plan), one Parquet part a finished chunk and, with
``records``, the chunk's records beside it; writing a chunk whole, and reading a run back.

Each part appears whole or not at all (written aside, then renamed), so a run that is
stopped keeps its finished chunks, and ``resume`` plays only the chunks that are missing.
``pyarrow.parquet.read_table(folder)`` reads the folder as one table (names starting with
``_`` or ``.`` are skipped by Arrow's discovery).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..core import GameError
from .plan import Plan, table_columns
from .schema import arrow_schema

__all__ = ["FORMAT", "MANIFEST", "RECORDS", "Chunk", "Output", "Written", "manifest", "read"]

FORMAT = 1  # the version of the folder's layout and manifest
MANIFEST = "_manifest.json"
RECORDS = "_records"


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


@dataclass(frozen=True)
class Written:
    """A chunk written to the output: its number and its game count."""

    index: int
    games: int


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
