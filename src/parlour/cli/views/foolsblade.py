"""Fool's Blade in the terminal: seats, your weapon part by part against each element, the
monster and both strengths in combat, the Boss and its strikes, the Forge, your hand."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...games.foolsblade.cards import CardSet
from ...games.foolsblade.schema import (
    AnyCard,
    ApproachCard,
    BossCard,
    CurseCard,
    MonsterCard,
    PartCard,
    TreasureCard,
)
from ...games.foolsblade.table import DECKS, ELEMENTS, PARTS, table_for
from ...games.foolsblade.table import multiplier as element_multiplier
from ...games.foolsblade.texts import card_text
from . import seat_name

__all__ = [
    "LEGEND",
    "card_name",
    "describe",
    "log_text",
    "pass_reason",
    "render",
    "score_parts",
    "weapon_line",
    "weapon_table",
]

View = Mapping[str, Any]

STYLES = {"neutral": "bold white", "fire": "bold red", "water": "bold blue", "plant": "bold green"}
# The terminal's own marks; the words of the cards follow from the game's guide (``glossary``).
LEGEND = (
    (
        "B5 G3 H- P1",
        "a weapon part by part: Blade, Guard, Handle, Pommel, each with its strength in its "
        "element's colour (white neutral, red fire, blue water, green plant); - an empty slot",
    ),
    ("hand 3/8", "cards in hand and the hand limit"),
    ("stash 4 (9 pts)", "monsters, Treasures and Legendary parts in the Stash, and their points"),
    (
        "gear, cursed",
        "a seat's Gear laid, and its Curses with how many of its own turns each still lasts",
    ),
    ("◀", "the seat whose turn it is; asked: the seat asked in a window"),
    ("fighter 9 = ...", "the fighter's strength and where it comes from, against the monster's"),
)


def _cards(view: View) -> CardSet:
    """The card set the view's game is played with."""
    source = view.get("cards")
    return table_for(source if isinstance(source, str) else None).set


def _card(view: View, card_id: str) -> AnyCard:
    """A card's loaded fields, from the set the view's game is played with."""
    return _cards(view).by_id[card_id]


def _style(card: AnyCard) -> str:
    """A card's name's style: its element's colour, bold for a card with no element."""
    if isinstance(card, PartCard | MonsterCard | BossCard):
        return STYLES[card.element]
    return "bold"


def multiplier(attack: str, defend: str) -> int:
    """How strength of element ``attack`` counts against a monster of element ``defend``
    (the game's own element table)."""
    return element_multiplier(ELEMENTS.index(attack), ELEMENTS.index(defend))


def card_name(view: View, card_id: str) -> Text:
    """A card's name, coloured by its element where it has one, with its key number."""
    card = _card(view, card_id)
    out = Text(card.name, style=_style(card))
    if isinstance(card, PartCard):
        out.append(f" {card.strength}", style=STYLES[card.element])
    elif isinstance(card, TreasureCard | MonsterCard):
        out.append(f" ({card.value})", style="yellow")
    return out


def _slug(text: str) -> str:
    """A name or id as ``help`` compares them: lower case, words joined by hyphens."""
    return "-".join("".join(c for c in text.lower() if c.isalnum() or c in " -").split())


def describe(slug: str, view: View | None = None) -> RenderableType | None:
    """A card or class of the game's set (the view's, else the game's own) explained: its
    kind, numbers and text; ``None`` for a name no card has."""
    source = None if view is None else view.get("cards")
    card_set = table_for(source if isinstance(source, str) else None).set
    wanted = _slug(slug)
    card = card_set.by_id.get(wanted) or next(
        (c for c in card_set.cards if _slug(c.name) == wanted), None
    )
    if card is None:
        return None
    line = Text(card.name, style=_style(card))
    facts: list[str] = [card.part if isinstance(card, PartCard) else card.kind]
    if isinstance(card, PartCard):
        facts.append(f"{card.set} set" + (", Legendary" if card.legendary else ""))
    if isinstance(card, PartCard | MonsterCard | BossCard):
        facts.append(f"{card.strength} {card.element}")
    if isinstance(card, MonsterCard | ApproachCard):
        facts.append(f"{card.deck} deck")
    if isinstance(card, MonsterCard | TreasureCard):
        facts.append(f"worth {card.value}")
    if isinstance(card, MonsterCard | BossCard) and card.modifiers:
        facts.append("modifiers " + " ".join(card.modifiers))
    if isinstance(card, ApproachCard):
        facts.append(f"{card.strikes} strikes")
    if isinstance(card, CurseCard):
        facts.append(f"lasts {card.longevity} of its holder's turns")
    if card.kind not in ("class", "boss") and card.copies > 1:
        facts.append(f"{card.copies} copies")
    line.append(f" ({', '.join(facts)})")
    text = card_text(card)
    if text:
        line.append(f": {text}")
    return line


def score_parts(view: View) -> tuple[list[str], list[list[str]]]:
    """The final scores in the game's parts: weapon, monsters, treasures, legendary."""
    parts = view["score_parts"]
    names = list(parts[0]) if parts else []
    return names, [[str(seat_parts[name]) for name in names] for seat_parts in parts]


def log_text(text: str, view: View) -> str:
    """An event's sentence with every card id replaced by the card's name."""
    pattern, names = _ids(view)
    return pattern.sub(lambda found: names[found.group(0)], text)


def pass_reason(view: View) -> str | None:
    """Why the seat may be passed for: another player's turn, `pass` legal (no decision to
    answer) and no play that negates (every play of a negate window negates; the plays of
    the other windows are left to the seat's own turns); ``None`` otherwise."""
    seat, active = view.get("seat"), view.get("active")
    legal = view["legal_actions"]
    if seat is None or active is None or active == seat or "pass" not in legal:
        return None
    window = view.get("window")
    if window is not None and window["kind"] == "negate" and len(legal) > 1:
        return None
    turn = f"{seat_name(active, view)}'s turn"
    pending = view.get("pending")
    if pending is None:
        return f"{turn}, nothing to negate"
    return f"{turn}, nothing of yours negates {_card(view, pending['card']).name}"


def _ids(view: View) -> tuple[re.Pattern[str], dict[str, str]]:
    source = view.get("cards")
    card_set = table_for(source if isinstance(source, str) else None).set
    key = id(card_set)
    found = _ID_PATTERNS.get(key)
    if found is None or found[2] is not card_set:
        names = {c.id: c.name for c in card_set.cards}
        # Longest first, and never inside a longer word: "iron-blade" before "iron".
        alternatives = "|".join(re.escape(i) for i in sorted(names, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")
        found = _ID_PATTERNS[key] = (pattern, names, card_set)
    return found[0], found[1]


_ID_PATTERNS: dict[int, tuple[re.Pattern[str], dict[str, str], Any]] = {}


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
        if isinstance(card, PartCard):  # a Legendary part
            total += card.strength
        elif isinstance(card, MonsterCard | TreasureCard):
            total += card.value
    return total


def _seats(view: View) -> Table:
    """One line a seat (six fit 80 columns): class, score, hand, weapon and stash; gear and
    curses follow the table (``_laid``)."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for name, justify in (
        ("", "left"),
        ("class", "left"),
        ("score", "right"),
        ("hand", "right"),
        ("weapon", "left"),
        ("stash", "left"),
    ):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    winners = set(view.get("winners", []))
    for seat in range(int(view["players"])):
        label = Text(seat_name(seat, view), style="bold" if seat == view.get("seat") else "")
        if view["is_over"] and seat in winners:
            label.append(" wins!", style="bold green")
        elif seat == view.get("active"):
            label.append(" ◀", style="bold")
        if not view["is_over"] and seat == view["current_player"] and seat != view.get("active"):
            label.append(" asked", style="cyan")
        chosen = view["classes"][seat]
        stash = view["stash"][seat]
        table.add_row(
            label,
            _card(view, chosen).name if chosen else Text("-", style="dim"),
            str(view["scores"][seat]),
            f"{view['hand_counts'][seat]}/{view['hand_limits'][seat]}",
            weapon_line(view, view["weapons"][seat]),
            Text(f"{len(stash)} ({_stash_value(view, stash)} pts)") if stash else Text("-"),
        )
    return table


def _laid(view: View) -> list[Text]:
    """A line for each seat with Gear or Curses in play, naming them all."""
    lines = []
    for seat in range(int(view["players"])):
        gear = view["gear"][seat]
        curses = view["curses"][seat]
        if not gear and not curses:
            continue
        line = Text(f"{seat_name(seat, view)}: ", style="bold")
        if gear:
            line.append("gear ")
            line.append_text(_join(Text(_card(view, g).name) for g in gear))
        if curses:
            line.append("; " if gear else "")
            line.append("cursed ")
            line.append_text(
                _join(
                    Text(f"{_card(view, c).name} ({left})", style="magenta") for c, left in curses
                )
            )
        lines.append(line)
    return lines


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
        card = _cards(view).card(card_id, PartCard)
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
        card = _cards(view).card(card_id, PartCard)
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
    parts = combat.get("player_parts") or []
    breakdown = Text(f"  fighter {mine} = ", style="bold")
    breakdown.append(" + ".join(f"{label} {amount}" for label, amount in parts) or "0")
    if sum(amount for _, amount in parts) < 0:
        breakdown.append(" (never below 0)")
    return Group(line, breakdown, Text(f"  {card_text(monster)}", style="dim"))


def _boss(view: View) -> RenderableType:
    """The Boss: its Approach card, the Boss cards left and the strikes (before the Boss
    arrives, the Approach card alone: its cards are still in the box)."""
    boss = view["boss"]
    approach = _card(view, boss["approach"])
    if not boss["cards"]:
        line = Text("Approach: ", style="bold magenta")
        line.append(approach.name, style="bold")
        line.append(
            f"   its Boss arrives at the start of the next turn ({boss['strike_limit']} "
            "strikes); nobody may hunt",
        )
        return Group(line, Text(f"  {card_text(approach)}", style="dim"))
    line = Text("Boss: ", style="bold magenta")
    line.append(approach.name, style="bold")
    line.append(f"   strikes {boss['strikes']} of {boss['strike_limit']}", style="bold red")
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for name in ("Boss card", "strength", "modifiers", "effect"):
        table.add_column(name)
    for card_id in boss["cards"]:
        card = _cards(view).card(card_id, BossCard)
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
        kind = card.part if isinstance(card, PartCard) else card.kind
        table.add_row(card_name(view, card_id), kind, card_text(card))
    return table


def _classes(view: View) -> Table:
    """The classes still to choose from, each with its text."""
    source = view.get("cards")
    card_set = table_for(source if isinstance(source, str) else None).set
    taken = set(view["classes"])
    table = Table(title="Classes to choose from", title_justify="left", box=None, padding=(0, 2))
    table.add_column("class", style="bold", no_wrap=True)
    table.add_column("what it does", ratio=1)
    for card in card_set.cards:
        if card.kind == "class" and card.id not in taken:
            table.add_row(card.name, card_text(card))
    return table


def _decision(view: View) -> Text:
    """The pending decision: what, how many, from where, and why it is asked."""
    decision = view["decision"]
    who = seat_name(decision["seat"], view)
    count = decision["count"]
    what = f"{count} card" + ("" if count == 1 else "s")
    other = decision.get("other")
    place = decision["zone"]
    if decision["kind"] == "give":
        where = f"from the hand to {seat_name(other, view)}"
    elif decision["kind"] in ("steal", "break"):
        where = f"from {seat_name(other, view)}'s {place}"
    else:
        where = f"from the {place}"
    line = Text("Decision: ", style="bold cyan")
    line.append(f"{who}: {decision['kind']} {what} {where}")
    why = decision.get("why")
    if why:
        line.append(f", for {why}", style="cyan")
    return line


def _decks(view: View) -> Text:
    """The deck sizes on one line of 80 columns: each name, then its size in bold."""
    line = Text("Decks:", style="bold")
    for deck in DECKS[:-1]:
        line.append(f" {deck} ")
        line.append(str(view["decks"][deck]), style="bold")
    line.append(f" loot {view['decks']['loot']}", style="bold yellow")
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
    parts: list[RenderableType] = [_seats(view), *_laid(view), _decks(view)]
    if view["phase"] == "class" and not view["is_over"]:
        parts.append(_classes(view))
    if view.get("decision"):
        parts.append(_decision(view))
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
    if isinstance(shown, int) and not view["is_over"] and view["phase"] != "class":
        parts.append(weapon_table(view, shown))
    if "hand" in view and view["phase"] != "class":
        parts.append(_hand(view) if view["hand"] else Text("Your hand is empty.", style="dim"))
    return Panel(Group(*parts), title=title, title_align="left")
