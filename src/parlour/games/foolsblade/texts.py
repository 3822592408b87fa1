"""Card texts: a card's rules text, generated from its effects when its file gives none."""

from __future__ import annotations

from typing import Any

from .primitives import describe, plural

__all__ = ["card_text"]


def _sentences(effects: list[Any]) -> str:
    return ". ".join(describe(e)[0].upper() + describe(e)[1:] for e in effects)


def card_text(card: Any) -> str:
    """The card's rules text: its own ``text``, else one generated from its effects."""
    if card.text:
        return str(card.text)
    parts: list[str] = []
    effects = getattr(card, "effects", [])
    if effects:
        parts.append(_sentences(effects))
    if card.kind == "part" and card.set_bonus:
        parts.append("Set bonus: " + _sentences(card.set_bonus))
    if card.kind in ("monster", "approach"):
        if card.win:
            parts.append("Win: " + _sentences(card.win))
        if card.lose:
            parts.append("Lose: " + _sentences(card.lose))
    if card.kind == "class" and card.ability is not None:
        cost = f" (cost: {_sentences(card.ability.cost)})" if card.ability.cost else ""
        parts.append(f"Ability, once a turn{cost}: " + _sentences(card.ability.effects))
    if card.kind == "curse":
        parts.append(f"Lasts {plural(card.longevity, 'turn')}")
    return ". ".join(parts)
