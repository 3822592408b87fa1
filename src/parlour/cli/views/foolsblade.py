"""Fool's Blade in the terminal: seats, your weapon part by part against each element, the
monster and both strengths in combat, the Boss and its strikes, the Forge, your hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...games.foolsblade.cards import card_text
from ...games.foolsblade.table import table_for
from . import seat_name

__all__ = ["card_name", "render", "weapon_line", "weapon_table"]

View = Mapping[str, Any]

ELEMENTS = ("neutral", "fire", "water", "plant")
BEATS = {"fire": "plant", "water": "fire", "plant": "water"}
STYLES = {"neutral": "bold white", "fire": "bold red", "water": "bold blue", "plant": "bold green"}
PARTS = ("blade", "guard", "handle", "pommel")
DECKS = ("tavern", "anvil", "quest", "forest", "cavern", "dungeon", "loot")


def _card(view: View, card_id: str) -> Any:
    """A card's loaded fields, from the set the view's game is played with."""
    source = view.get("cards")
    return table_for(source if isinstance(source, str) else None).set.by_id[card_id]


def multiplier(attack: str, defend: str) -> int:
    """How strength of element ``attack`` counts against a monster of element ``defend``."""
    if attack == "neutral" or defend == "neutral" or attack == defend:
        return 1
    return 2 if BEATS[attack] == defend else 0


def card_name(view: View, card_id: str) -> Text:
    """A card's name, coloured by its element where it has one, with its key number."""
    card = _card(view, card_id)
    element = getattr(card, "element", None)
    out = Text(card.name, style=STYLES.get(element, "bold") if element else "bold")
    if card.kind == "part":
        out.append(f" {card.strength}", style=STYLES[card.element])
    elif card.kind == "treasure" or card.kind == "monster":
        out.append(f" ({card.value})", style="yellow")
    return out


def _join(texts: Iterable[Text], empty: str = "-") -> Text:
    out = Text()
    for index, text in enumerate(texts):
        if index:
            out.append(", ")
        out.append_text(text)
    return out if out.plain else Text(empty, style="dim")


def _stash_value(view: View, stash: list[str]) -> int:
    total = 0
    for card_id in stash:
        card = _card(view, card_id)
        total += card.strength if card.kind == "part" else card.value
    return total


def _seats(view: View) -> Table:
    """One row a seat: class, score, hand, weapon, gear, stash and curses."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for name, justify in (
        ("", "left"),
        ("class", "left"),
        ("score", "right"),
        ("hand", "right"),
        ("weapon", "left"),
        ("gear", "left"),
        ("stash", "left"),
        ("curses", "left"),
    ):
        table.add_column(name, justify=justify, no_wrap=name == "weapon")  # type: ignore[arg-type]
    winners = set(view.get("winners", []))
    for seat in range(int(view["players"])):
        label = Text(seat_name(seat, view), style="bold" if seat == view.get("seat") else "")
        if view["is_over"] and seat in winners:
            label.append(" wins!", style="bold green")
        elif seat == view.get("active"):
            label.append(" ◀", style="bold")
        if not view["is_over"] and seat == view["current_player"] and seat != view.get("active"):
            label.append(" (answers)", style="cyan")
        chosen = view["classes"][seat]
        weapon = view["weapons"][seat]
        stash = view["stash"][seat]
        curses = [
            Text(f"{_card(view, c).name} ({left})", style="magenta")
            for c, left in view["curses"][seat]
        ]
        table.add_row(
            label,
            _card(view, chosen).name if chosen else Text("-", style="dim"),
            str(view["scores"][seat]),
            f"{view['hand_counts'][seat]}/{view['hand_limits'][seat]}",
            weapon_line(view, weapon),
            _join(Text(_card(view, g).name) for g in view["gear"][seat]),
            Text(f"{len(stash)} ({_stash_value(view, stash)} pts)") if stash else Text("-"),
            _join(curses),
        )
    return table


def weapon_line(view: View, weapon: Mapping[str, str | None]) -> Text:
    """A weapon in a few characters: each part's initial and strength in its element's colour
    (``B5 G3 H- P1``: a Blade of 5, a Guard of 3, no Handle, a Pommel of 1)."""
    out = Text()
    for index, part in enumerate(PARTS):
        if index:
            out.append(" ")
        card_id = weapon.get(part)
        if not card_id:
            out.append(f"{part[0].upper()}-", style="dim")
            continue
        card = _card(view, card_id)
        out.append(f"{part[0].upper()}{card.strength}", style=STYLES[card.element])
    return out


def weapon_table(view: View, seat: int) -> Table:
    """``seat``'s weapon part by part: element, strength and what it counts against each
    element of monster, with its effects; the set bonus when all four parts match."""
    weapon = view["weapons"][seat]
    whose = "Your weapon" if seat == view.get("seat") else f"{seat_name(seat, view)}'s weapon"
    table = Table(title=f"{whose}: strength against each element", title_justify="left")
    table.add_column("part")
    table.add_column("card")
    for element in ELEMENTS:
        table.add_column(element, justify="right", style=STYLES[element])
    table.add_column("effect", ratio=1)
    totals = dict.fromkeys(ELEMENTS, 0)
    parts = []
    for part in PARTS:
        card_id = weapon.get(part)
        if not card_id:
            table.add_row(part, Text("(empty)", style="dim"), "", "", "", "", "")
            continue
        card = _card(view, card_id)
        parts.append(card)
        against = []
        for element in ELEMENTS:
            counted = card.strength * multiplier(card.element, element)
            totals[element] += counted
            against.append(str(counted))
        effect = card_text(card)
        name = Text(card.name, style=STYLES[card.element])
        name.append(f" ({card.strength} {card.element})")
        table.add_row(part, name, *against, effect)
    table.add_row(
        Text("total", style="bold"), "", *(Text(str(totals[e]), style="bold") for e in ELEMENTS), ""
    )
    if len(parts) == 4 and len({p.set for p in parts}) == 1:
        blade = next(p for p in parts if p.part == "blade")
        table.caption = f"Set bonus ({blade.set}) active"
    return table


def _combat(view: View) -> RenderableType:
    """The monster fought, its element and both strengths as they stand."""
    combat = view["combat"]
    monster = _card(view, combat["monster"])
    mine, theirs = combat["player_strength"], combat["monster_strength"]
    line = Text("Combat: ", style="bold")
    line.append(f"{seat_name(combat['seat'], view)} fights ")
    line.append(monster.name, style=STYLES[combat["element"]])
    line.append(f" ({combat['element']})")
    line.append(f"   fighter {mine}", style="bold")
    line.append(" vs ")
    line.append(f"monster {theirs}", style="bold")
    if mine > theirs:
        line.append("   winning", style="green")
    elif mine == theirs and monster.kind != "boss":
        line.append("   a draw", style="yellow")
    else:
        line.append("   losing", style="red")  # a Boss card wins ties
    return Group(line, Text(f"  {card_text(monster)}", style="dim"))


def _boss(view: View) -> RenderableType:
    """The Boss: its Approach card, the Boss cards left and the strikes."""
    boss = view["boss"]
    approach = _card(view, boss["approach"])
    line = Text("Boss: ", style="bold magenta")
    line.append(approach.name, style="bold")
    line.append(f"   strikes {boss['strikes']} of {boss['strike_limit']}", style="bold red")
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for name in ("Boss card", "strength", "modifiers", "effect"):
        table.add_column(name)
    for card_id in boss["cards"]:
        card = _card(view, card_id)
        table.add_row(
            Text(card.name, style=STYLES[card.element]),
            Text(f"{card.strength} {card.element}", style=STYLES[card.element]),
            " ".join(card.modifiers) or "-",
            card_text(card),
        )
    return Group(line, Text(f"  {card_text(approach)}", style="dim"), table)


def _hand(view: View) -> Table:
    """The seat's hand, one card a row with its kind and text."""
    table = Table(title="Your hand", title_justify="left", box=None, padding=(0, 2))
    table.add_column("card")
    table.add_column("kind")
    table.add_column("text")
    for card_id in view["hand"]:
        card = _card(view, card_id)
        kind = card.part if card.kind == "part" else card.kind
        table.add_row(card_name(view, card_id), kind, card_text(card))
    return table


def _decks(view: View) -> Text:
    line = Text("Decks: ", style="bold")
    line.append("  ".join(f"{d} {view['decks'][d]}" for d in DECKS[:-1]))
    line.append(f"  loot {view['decks']['loot']}", style="bold yellow")
    return line


def render(view: View) -> RenderableType:
    """A Fool's Blade view: seats, decks, Boss, combat, Forge, your weapon and your hand."""
    if view["is_over"]:
        title = f"Fool's Blade · game over after {view['turn']} turns"
    elif view.get("active") is None:
        title = "Fool's Blade · setup · classes are chosen, the last player first"
    else:
        title = (
            f"Fool's Blade · turn {view['turn']} · {view['phase']} · "
            f"{seat_name(view['active'], view)}'s turn"
        )
    parts: list[RenderableType] = [_seats(view), _decks(view)]
    if view.get("boss"):
        parts.append(_boss(view))
    if view.get("combat"):
        parts.append(_combat(view))
    if view.get("forge"):
        parts.append(
            Text("At the Forge: ", style="bold").append_text(
                _join(card_name(view, c) for c in view["forge"])
            )
        )
    seat = view.get("seat")
    shown = seat if seat is not None else view.get("active")
    if isinstance(shown, int) and not view["is_over"]:
        parts.append(weapon_table(view, shown))
    if "hand" in view:
        parts.append(_hand(view) if view["hand"] else Text("Your hand is empty.", style="dim"))
    return Panel(Group(*parts), title=title, title_align="left")
