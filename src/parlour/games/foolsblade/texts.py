"""Card texts: a card's rules text, generated from its effects when its file gives none."""

from __future__ import annotations

from typing import Any

__all__ = ["card_text", "describe"]

_WHO = {
    "self": "you",
    "chosen": "a chosen player",
    "each": "each player",
    "others": "each other player",
    "active": "the active player",
    "fighter": "the fighter",
    "monster": "the monster",
    "opponent": "your opponent",
}
_ON = {
    "play": "When it comes into play",
    "turn_start": "At the start of your turn",
    "turn_end": "At the end of your turn",
    "combat": "When your combat begins",
    "win": "When you win a combat",
    "lose": "When you lose a combat",
}


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def describe(effect: Any) -> str:
    """One effect as an English phrase ("you draw 2 Tavern cards")."""
    do = effect.do
    who = _WHO.get(getattr(effect, "who", "self"), "you")
    if do == "draw":
        text = f"{who} draw{'' if who == 'you' else 's'} {_n(effect.count, effect.deck + ' card')}"
    elif do == "reveal":
        keep = "" if effect.keep is None else f", keeping {'/'.join(effect.keep)} cards"
        text = f"{who} reveal {_n(effect.count, effect.deck + ' card')}{keep}"
    elif do == "discard":
        what = _n(effect.count, (effect.deck or effect.kind or "") + " card").replace("  ", " ")
        how = " at random" if effect.random else ""
        text = f"{who} discard {what.strip()} from {effect.from_}{how}"
    elif do == "steal":
        how = " at random" if effect.random or effect.from_ == "hand" else ""
        text = f"steal {_n(effect.count, 'card')} from {who}'s {effect.from_}{how}"
    elif do == "give":
        text = f"give {_n(effect.count, 'card')} from your hand to {who}"
    elif do == "break":
        text = f"break {_n(effect.count, 'card')} of {who}'s {effect.from_}"
    elif do == "strength":
        element = "" if effect.element == "neutral" else f" {effect.element}"
        lasting = {"combat": " this combat", "turn": " this turn"}.get(effect.duration or "", "")
        text = f"{who} {effect.amount:+d}{element} strength{lasting}"
    elif do == "roll":
        dice = " + ".join(effect.dice)
        text = f"roll {dice}" + (f": {who} gain that much strength" if effect.add else "")
    elif do == "hand_limit":
        whose = "your" if who == "you" else f"{who}'s"
        text = f"{whose} hand limit {effect.amount:+d}"
    elif do == "skip_turn":
        text = f"{who} skip the next {_n(effect.count, 'turn')}"
    elif do == "negate":
        text = "negate the card or ability being played"
    elif do == "fight":
        win = "; ".join(describe(e) for e in effect.win) or "nothing"
        lose = "; ".join(describe(e) for e in effect.lose) or "nothing"
        text = f"fight {who}: the winner: {win}; the loser: {lose}"
    elif do == "bottom":
        text = "the monster goes to the bottom of its deck"
    elif do == "seek":
        whose = "your" if who == "you" else f"{who}'s"
        text = f"{who} seek {_n(effect.count, 'missing part')} of {whose} weapon's set"
    else:
        source = "its own deck" if effect.deck == "same" else f"the {effect.deck} deck"
        text = f"the monster summons {_n(effect.count, 'card')} from {source}"
    if effect.if_ is not None:
        text = f"if {effect.if_}: {text}"
    if effect.on is not None:
        text = f"{_ON[effect.on]}, {text}"
    return text


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
        parts.append(f"Lasts {_n(card.longevity, 'turn')}")
    return ". ".join(parts)
