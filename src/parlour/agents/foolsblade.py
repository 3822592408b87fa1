"""Fool's Blade for an agent: a seat's view in plain English (the rules are the game's guide)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.views import seat_name
from ..games.foolsblade.table import table_for
from ..games.foolsblade.texts import card_text
from ..games.foolsblade.views import FoolsBladeView
from .text import game_over

__all__ = ["aliases", "describe"]

View = Mapping[str, Any]

PARTS = ("blade", "guard", "handle", "pommel")


def _cards(view: View) -> Any:
    source = view.get("cards")
    return table_for(source if isinstance(source, str) else None).set.by_id


def _name(view: View, card_id: str, explain: bool = False) -> str:
    """A card as ``Ashen Guard (ashen-guard: fire guard, strength 3)``, with its text."""
    card = _cards(view).get(card_id)
    if card is None:
        return card_id
    if card.kind == "part":
        legendary = "Legendary " if card.legendary else ""
        facts = f"{legendary}{card.element} {card.part}, strength {card.strength}, set {card.set}"
    elif card.kind in ("monster", "boss"):
        facts = f"{card.element} {card.kind}, strength {card.strength}"
        if card.kind == "monster":
            facts += f", value {card.value}"
        if card.modifiers:
            facts += ", modifiers " + " ".join(card.modifiers)
    elif card.kind == "treasure":
        facts = f"treasure, value {card.value}"
    else:
        facts = card.kind
    text = card_text(card).rstrip(".") if explain else ""
    return f"{card.name} ({card_id}: {facts})" + (f": {text}" if text else "")


def _turns(count: int) -> str:
    return "1 turn" if count == 1 else f"{count} turns"


def _names(view: View, ids: Iterable[str], explain: bool = False) -> str:
    return "; ".join(_name(view, card_id, explain) for card_id in ids) or "none"


def _weapon(view: FoolsBladeView, seat: int, explain: bool) -> str:
    weapon = view["weapons"][seat]
    parts = [
        f"{part} {_name(view, card, explain) if (card := weapon.get(part)) else 'empty'}"
        for part in PARTS
    ]
    return "; ".join(parts)


def describe(view: FoolsBladeView) -> list[str]:
    """The lines that say what the view's seat sees at a Fool's Blade table."""
    seat = view.get("seat")
    lines = []
    if view["is_over"]:
        lines.append(game_over(view, f"{view['turn']} turns"))
    elif view["active"] is None:
        lines.append("Setup: classes are chosen, the last player first; no card is dealt yet.")
    else:
        lines.append(
            f"Turn {view['turn']}: {seat_name(view['active'], view)} is the active player, "
            f"{view['phase']} phase."
        )
    for other in range(int(view["players"])):
        chosen = view["classes"][other]
        facts = [
            f"class {_name(view, chosen, other == seat) if chosen else 'not chosen yet'}",
            f"score {view['scores'][other]}",
            f"{view['hand_counts'][other]} cards in hand (limit {view['hand_limits'][other]})",
            f"weapon: {_weapon(view, other, other == seat)}",
        ]
        if view["gear"][other]:
            facts.append(f"gear: {_names(view, view['gear'][other], True)}")
        if view["stash"][other]:
            facts.append(f"stash: {_names(view, view['stash'][other])}")
        if view["curses"][other]:
            curses = [
                f"{_name(view, c, True)} ({_turns(left)} left)" for c, left in view["curses"][other]
            ]
            facts.append("curses: " + "; ".join(curses))
        known = view.get("known", [])
        if other != seat and other < len(known) and known[other]:
            facts.append(f"known to hold: {_names(view, known[other])}")
        if view.get("skips") and view["skips"][other]:
            facts.append(f"skips {_turns(view['skips'][other])}")
        if view.get("abilities_used") and view["abilities_used"][other]:
            facts.append("class ability used this turn")
        lines.append(f"{seat_name(other, view)}: " + "; ".join(facts) + ".")
    if view["is_over"]:
        return lines
    lines.append(
        "Decks (cards left): " + ", ".join(f"{k} {v}" for k, v in view["decks"].items()) + "."
    )
    boss = view["boss"]
    if boss is not None:
        lines.append(
            f"Boss: {_name(view, boss['approach'], True)}; strikes {boss['strikes']} of "
            f"{boss['strike_limit']}; Boss cards left: {_names(view, boss['cards'], True)}."
        )
    combat = view["combat"]
    if combat is not None:
        lines.append(
            f"Combat: {seat_name(combat['seat'], view)} fights "
            f"{_name(view, combat['monster'], True)} ({combat['element']}); fighter strength "
            f"{combat['player_strength']} against monster strength {combat['monster_strength']}."
        )
    forge = view["forge"]
    if forge:
        lines.append("Shown at the Forge: " + _names(view, forge, True) + ".")
    bonuses = [
        f"{amount:+d} {element} strength for "
        f"{'the monster' if whom is None else seat_name(whom, view)} this {lasts}"
        for whom, amount, element, lasts in view.get("bonuses", [])
    ]
    if bonuses:
        lines.append("Strength played: " + "; ".join(bonuses) + ".")
    if view.get("roll"):
        lines.append(f"The last die roll was {view['roll']}.")
    pending = view.get("pending")
    if pending:
        what = (
            "its class ability"
            if pending.get("ability")
            else _name(view, pending["card"], True)
            if pending.get("card")
            else "a play"
        )
        target = pending.get("target")
        on = f" on {seat_name(target, view)}" if isinstance(target, int) else ""
        lines.append(f"{seat_name(pending['seat'], view)} plays {what}{on}; it may be negated.")
    window = view.get("window")
    if window:
        lines.append(
            f"A {window['kind']} response window is open; {seat_name(window['seat'], view)} is "
            f"asked ({window['passes']} passes in a row so far)."
        )
    decision = view.get("decision")
    if decision:
        party = decision["other"]
        to = (
            f" to {seat_name(party, view)}"
            if decision["kind"] == "give" and party is not None
            else ""
        )
        of = (
            f" of {seat_name(party, view)}"
            if decision["kind"] != "give" and party is not None
            else ""
        )
        lines.append(
            f"{seat_name(decision['seat'], view)} must {decision['kind']}{to} "
            f"{decision['count']} more card(s) from the {decision['zone']}{of}, one at a time"
            + (f", for {decision['why']}." if decision.get("why") else ".")
        )
    trash = [f"{pile}: {_names(view, ids)}" for pile, ids in view.get("trash", {}).items() if ids]
    if trash:
        lines.append("Face up in the trash piles: " + "; ".join(trash) + ".")
    if view.get("removed"):
        lines.append("Out of the game: " + _names(view, view["removed"]) + ".")
    lines.append(
        f"{seat_name(view['first_player'], view)} went first; the game ends when a turn ends "
        f"with the Loot deck empty, or after turn {view['max_turns']}."
    )
    if "hand" in view:
        lines.append("Your hand: " + _names(view, view["hand"], True) + ".")
    return lines


def aliases(view: View) -> dict[str, str]:
    """Card names a player may write, lowercase, each with the id used in action texts."""
    return {card.name.lower(): card_id for card_id, card in _cards(view).items()}
