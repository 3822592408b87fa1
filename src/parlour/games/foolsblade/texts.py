"""Card texts: each effect as an English phrase (its primitive's ``text``), and a card's rules
text, generated from its effects when its file gives none."""

from __future__ import annotations

from collections.abc import Sequence

from .schema import (
    AnyCard,
    ApproachCard,
    ClassCard,
    CurseCard,
    Effect,
    MonsterCard,
    PartCard,
    effects_of,
)
from .vocabulary import PRIMITIVES

__all__ = ["card_text", "describe", "plural"]

WHO_TEXTS = {
    "self": "you",
    "chosen": "a chosen player",
    "each": "each player",
    "others": "each other player",
    "active": "the active player",
    "fighter": "the fighter",
    "monster": "the monster",
    "opponent": "your opponent",
}
ON_TEXTS = {
    "play": "When it comes into play",
    "turn_start": "At the start of your turn",
    "turn_end": "At the end of your turn",
    "combat": "When your combat begins",
    "win": "When you win a combat",
    "lose": "When you lose a combat",
}


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an s unless there is one."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def describe(effect: Effect) -> str:
    """One effect as an English phrase ("you draw 2 Tavern cards"), its condition and trigger
    first."""
    who = WHO_TEXTS.get(getattr(effect, "who", "self"), "you")
    text = PRIMITIVES[effect.do].text(effect, who)
    if effect.if_ is not None:
        text = f"if {effect.if_}: {text}"
    if effect.on is not None:
        text = f"{ON_TEXTS[effect.on]}, {text}"
    return text


def _sentences(effects: Sequence[Effect]) -> str:
    return ". ".join(describe(e)[0].upper() + describe(e)[1:] for e in effects)


def card_text(card: AnyCard) -> str:
    """The card's rules text: its own ``text``, else one generated from its effects."""
    if card.text:
        return card.text
    parts: list[str] = []
    effects = effects_of(card)
    if effects:
        parts.append(_sentences(effects))
    if isinstance(card, PartCard) and card.set_bonus:
        parts.append("Set bonus: " + _sentences(card.set_bonus))
    if isinstance(card, MonsterCard | ApproachCard):
        if card.win:
            parts.append("Win: " + _sentences(card.win))
        if card.lose:
            parts.append("Lose: " + _sentences(card.lose))
    if isinstance(card, ClassCard) and card.ability is not None:
        cost = f" (cost: {_sentences(card.ability.cost)})" if card.ability.cost else ""
        parts.append(f"Ability, once a turn{cost}: " + _sentences(card.ability.effects))
    if isinstance(card, CurseCard):
        parts.append(f"Lasts {plural(card.longevity, 'turn')}")
    return ". ".join(parts)
