"""How to play a game, written once: the sections a table page shows, the rules in brief an
agent reads, and a sentence for each phase of play. A section or a step may name a region of
the table (the hand, the Forge, the crown), by a key of the guide's ``regions``, which a table
page's "show me" finds and highlights."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Guide", "Section", "Step"]


@dataclass(frozen=True)
class Step:
    """A numbered step of a section, and the region of the table it speaks of (``""``: none)."""

    text: str
    region: str = ""


@dataclass(frozen=True)
class Section:
    """One part of a guide: a heading, a paragraph, numbered steps where it has them, and the
    region of the table it speaks of (``""``: none)."""

    heading: str
    text: str
    steps: tuple[Step, ...] = ()
    region: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The section as JSON: ``heading``, ``text`` and, where it has them, ``steps`` (their
        texts), ``step_regions`` (each step's region or ``null``) and ``region``."""
        out: dict[str, Any] = {"heading": self.heading, "text": self.text}
        if self.steps:
            out["steps"] = [step.text for step in self.steps]
            if any(step.region for step in self.steps):
                out["step_regions"] = [step.region or None for step in self.steps]
        if self.region:
            out["region"] = self.region
        return out

    def render(self) -> str:
        """The section as one paragraph of plain text, its steps numbered in line."""
        steps = " ".join(f"({number}) {step.text}" for number, step in enumerate(self.steps, 1))
        return f"{self.heading}: {self.text}" + (f" {steps}" if steps else "")

    def regions(self) -> set[str]:
        """The regions the section and its steps name."""
        return {self.region, *(step.region for step in self.steps)} - {""}


@dataclass(frozen=True)
class Guide:
    """How to play: the ``sections`` every reader gets, ``notation`` (how action texts name
    cards, for readers who type actions: agents and the terminal), ``phases`` (a sentence
    for each moment of play, by the key a table page looks up), ``regions`` (the parts of
    the table the sections name, each key with the words for it: ``"forge": "the Forge"``),
    ``glossary`` (pairs of a word or mark on the cards and what it means, for a legend) and
    ``consequences`` (for the verb of a move that cannot be taken back, what it does, in the
    sentence a table page's confirmation shows; ``{name}`` stands for what the move names)."""

    sections: tuple[Section, ...]
    notation: str = ""
    phases: Mapping[str, str] = field(default_factory=dict)
    regions: Mapping[str, str] = field(default_factory=dict)
    glossary: tuple[tuple[str, str], ...] = ()
    consequences: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        named = set().union(*(section.regions() for section in self.sections))
        unknown = sorted(named - set(self.regions))
        if unknown:
            raise ValueError(f"the guide names regions it does not declare: {unknown}")

    def to_dict(self) -> dict[str, Any]:
        """What a table page reads: ``how_to_play`` (the sections), ``phases``, ``regions``,
        ``glossary`` (``[word, meaning]`` pairs) and ``consequences``."""
        return {
            "how_to_play": [section.to_dict() for section in self.sections],
            "phases": dict(self.phases),
            "regions": dict(self.regions),
            "glossary": [list(entry) for entry in self.glossary],
            "consequences": dict(self.consequences),
        }

    def text(self, title: str, min_players: int, max_players: int) -> str:
        """The rules in brief as plain text, a paragraph a section, for agents."""
        lines = [f"{title}, {min_players} to {max_players} players."]
        lines += [section.render() for section in self.sections]
        if self.notation:
            lines.append(self.notation)
        return "\n".join(lines)
