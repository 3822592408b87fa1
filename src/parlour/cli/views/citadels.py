"""Citadels in the terminal: the draft, every city in colour with costs, gold, crown, hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...games.citadels.cards import CHARACTERS, DISTRICTS
from . import seat_name

__all__ = ["district_text", "render"]

View = Mapping[str, Any]

STYLES = {
    "yellow": "bold yellow",
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "purple": "bold magenta",
}
_DISTRICT = {d.slug: d for d in DISTRICTS}
_CHARACTER = {c.slug: c for c in CHARACTERS}


def district_text(slug: str) -> Text:
    """A district as ``name cost`` in its colour (points shown where they differ)."""
    d = _DISTRICT.get(slug)
    if d is None:
        return Text(slug)
    extra = f" ({d.points} pts)" if d.points != d.cost else ""
    return Text(f"{d.name} {d.cost}{extra}", style=STYLES[d.colour])


def character_text(slug: str) -> str:
    """A character as ``rank Name``."""
    c = _CHARACTER.get(slug)
    return slug if c is None else f"{c.rank} {c.name}"


def _join(items: Iterable[Text], empty: str = "(none)") -> Text:
    out = Text()
    for index, item in enumerate(items):
        if index:
            out.append(", ")
        out.append_text(item)
    return out if out.plain else Text(empty, style="dim")


def _seats(view: View) -> Table:
    """One row a seat: crown, gold, cards in hand, points and the city in colour."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for name, justify in (("", "left"), ("gold", "right"), ("cards", "right"), ("points", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column("city")
    revealed: dict[int, list[str]] = {}
    for character, holder in view["revealed"].items():
        revealed.setdefault(holder, []).append(character)
    winners = set(view["winners"])
    for seat in range(int(view["players"])):
        label = Text(seat_name(seat, view), style="bold" if seat == view.get("seat") else "")
        if seat == view["crown"]:
            label.append(" ♔", style="bold yellow")
        if seat in revealed:
            shown = ", ".join(character_text(c) for c in revealed[seat])
            label.append(f" [{shown}]", style="cyan")
        if view["is_over"] and seat in winners:
            label.append(" wins!", style="bold green")
        elif seat == view["current_player"]:
            label.append(" ◀", style="bold")
        city = view["cities"][seat]
        table.add_row(
            label,
            str(view["gold"][seat]),
            str(view["hand_counts"][seat]),
            str(view["scores"][seat]),
            _join((district_text(d) for d in city), "(no districts)"),
        )
    return table


def _round_line(view: View) -> Text:
    """Face-up characters, calls so far, the murdered and the robbed."""
    line = Text()
    line.append("Face up: ", style="bold")
    line.append(", ".join(character_text(c) for c in view["face_up"]) or "none")
    line.append(f"   face down: {view['face_down_count']}")
    if view["called"] is not None:
        line.append("   called up to: ", style="bold")
        line.append(character_text(view["called"]))
    if view["absent"]:
        line.append("   nobody was: " + ", ".join(character_text(c) for c in view["absent"]))
    if view["murdered"]:
        line.append("   murdered: ", style="bold red")
        line.append(character_text(view["murdered"]))
    if view["robbed"]:
        line.append("   robbed: ", style="bold yellow")
        line.append(character_text(view["robbed"]))
    if view["last_round"]:
        line.append("   last round!", style="bold red")
    return line


def _draft(view: View) -> RenderableType:
    """Whose pick it is, and the characters passed to this seat so far."""
    parts: list[RenderableType] = []
    step = view["draft_step"]
    if step is not None:
        seat, verb = view["draft_order"][step]
        what = "chooses a character" if verb == "choose" else "puts a character face down"
        parts.append(Text(f"Draft: {seat_name(seat, view)} {what}.", style="bold"))
    for offer in view.get("draft_offers", []):
        names = ", ".join(character_text(c) for c in offer["characters"])
        parts.append(Text(f"  passed to you at step {offer['step'] + 1}: {names}"))
    if view.get("face_down_known"):
        known = ", ".join(character_text(c) for c in view["face_down_known"])
        parts.append(Text(f"  you know these are face down: {known}"))
    return Group(*parts)


def _turn(view: View) -> Text:
    turn = view["turn"]
    line = Text(f"{seat_name(turn['seat'], view)} plays the ", style="bold")
    line.append(character_text(turn["character"]), style="bold cyan")
    done = [
        name
        for key, name in (
            ("income_collected", "income collected"),
            ("ability_used", "ability used"),
            ("laboratory_used", "Laboratory used"),
            ("smithy_used", "Smithy used"),
        )
        if turn[key]
    ]
    line.append(f"  (builds left: {turn['builds_left']}")
    line.append("; " + "; ".join(done) if done else "")
    line.append(")")
    return line


def render(view: View) -> RenderableType:
    """A Citadels view: seats and cities, the round's characters, the turn and your cards."""
    if view["is_over"]:
        title = f"Citadels · game over after round {view['round']}"
    else:
        title = f"Citadels · round {view['round']} · {view['phase']} · deck {view['deck_count']}"
    parts: list[RenderableType] = [_seats(view), _round_line(view)]
    if view["phase"] == "draft" or view.get("draft_offers"):
        parts.append(_draft(view))
    if view["turn"] is not None:
        parts.append(_turn(view))
    if view["rescue"] is not None:
        gy = view["rescue"]
        line = Text(f"{seat_name(gy['seat'], view)} may rescue with the Graveyard: ")
        line.append_text(district_text(gy["district"]))
        parts.append(line)
    if "characters" in view:
        mine = ", ".join(character_text(c) for c in view["characters"]) or "none yet"
        parts.append(Text(f"Your characters: {mine}", style="bold"))
    if view.get("drawn"):
        parts.append(Text("Drawn, choose what to keep: ", style="bold"))
        parts.append(_join(district_text(d) for d in view["drawn"]))
    if view.get("aside"):
        parts.append(Text("Going under the deck: ", style="bold"))
        parts.append(_join(district_text(d) for d in view["aside"]))
    if "hand" in view:
        parts.append(Text("Your hand:", style="bold"))
        parts.append(_join((district_text(d) for d in view["hand"]), "(empty)"))
    return Panel(Group(*parts), title=title, title_align="left")
