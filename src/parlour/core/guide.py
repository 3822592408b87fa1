"""How to play a game, written once: the sections a table page shows, the rules in brief an
agent reads, and a sentence for each phase of play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Guide", "Section"]


@dataclass(frozen=True)
class Section:
    """One part of a guide: a heading, a paragraph, and numbered steps where it has them."""

    heading: str
    text: str
    steps: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The section as JSON: ``heading``, ``text`` and, where it has them, ``steps``."""
        out: dict[str, Any] = {"heading": self.heading, "text": self.text}
        if self.steps:
            out["steps"] = list(self.steps)
        return out

    def render(self) -> str:
        """The section as one paragraph of plain text, its steps numbered in line."""
        steps = " ".join(f"({number}) {step}" for number, step in enumerate(self.steps, 1))
        return f"{self.heading}: {self.text}" + (f" {steps}" if steps else "")


@dataclass(frozen=True)
class Guide:
    """How to play: the ``sections`` every reader gets, ``notation`` (how action texts name
    cards, for readers who type actions: agents and the terminal), ``phases`` (a sentence
    for each moment of play, by the key a table page looks up) and ``glossary`` (pairs of a
    word or mark on the cards and what it means, for a legend)."""

    sections: tuple[Section, ...]
    notation: str = ""
    phases: Mapping[str, str] = field(default_factory=dict)
    glossary: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """What a table page reads: ``how_to_play`` (the sections), ``phases`` and
        ``glossary`` (``[word, meaning]`` pairs)."""
        return {
            "how_to_play": [section.to_dict() for section in self.sections],
            "phases": dict(self.phases),
            "glossary": [list(entry) for entry in self.glossary],
        }

    def text(self, title: str, min_players: int, max_players: int) -> str:
        """The rules in brief as plain text, a paragraph a section, for agents."""
        lines = [f"{title}, {min_players} to {max_players} players."]
        lines += [section.render() for section in self.sections]
        if self.notation:
            lines.append(self.notation)
        return "\n".join(lines)
