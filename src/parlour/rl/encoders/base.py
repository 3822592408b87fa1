"""What every observation encoder is: a fixed layout of named sections over a float32 vector."""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from ...core import State

__all__ = ["Encoder", "Layout", "Section"]

Section = tuple[str, int, int, str]
"""A named run of the vector: ``(name, offset, size, meaning)``."""


class Layout:
    """Sections laid end to end; ``add`` returns the new section's offset."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a section of ``size`` floats and return where it starts."""
        offset = self.size
        self.sections.append((name, offset, size, meaning))
        self.size += size
        return offset

    def offset(self, name: str) -> int:
        """Where the section ``name`` starts."""
        for section, offset, _, _ in self.sections:
            if section == name:
                return offset
        raise KeyError(name)

    def slices(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Each section of an encoded vector by name (views, not copies)."""
        return {name: vector[o : o + n] for name, o, n, _ in self.sections}

    def markdown(self) -> str:
        """The layout as a Markdown table (the documentation prints it)."""
        rows = ["| section | offset | size | meaning |", "| --- | --- | --- | --- |"]
        rows += [f"| `{n}` | {o} | {s} | {m} |" for n, o, s, m in self.sections]
        return "\n".join(rows)


class Encoder(Protocol):
    """Turns ``state`` as ``seat`` knows it into a fixed-shape float32 vector."""

    name: str
    players: int
    layout: Layout

    @property
    def size(self) -> int:
        """Length of every vector this encoder writes."""
        ...

    def encode(
        self, state: State, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """Write the observation of ``seat`` into ``out`` (a new vector when None); return it."""
        ...
