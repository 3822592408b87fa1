"""Citadels in the terminal: the draft, every city in colour with costs, gold, crown, hand.

Every rules fact the terminal shows (card names, costs, colours, ability texts, the scoring
bonuses) comes from the game's modules imported below; this module only draws them.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...games.citadels.cards import CHARACTERS, D_INDEX, DISTRICTS
from ...games.citadels.scoring import city_score_parts
from ...games.citadels.views import CitadelsView, TurnView, turn_done
from . import seat_name

__all__ = [
    "LEGEND",
    "character_text",
    "describe",
    "district_text",
    "hand",
    "render",
    "score_parts",
    "turn_done",
]


STYLES = {
    "yellow": "bold yellow",
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "purple": "bold magenta",
}
# A letter for each colour, so the colour survives NO_COLOR, pipes and colour blindness.
LETTERS = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "purple": "P"}
LEGEND = (
    ("gold, cards, points", "a seat's gold, cards in hand and points so far (bonuses included)"),
    ("♔", "the crown: this seat chooses a character first"),
    ("◀", "the seat whose turn it is"),
    ("[4 King]", "characters a seat has revealed this round, by rank and name"),
    (
        "Manor Y3",
        "a district, its colour letter and cost: Y yellow, B blue, G green, R red, "
        "P purple; (8 pts) where it scores other than its cost",
    ),
    ("Face up", "characters out of the round, shown to all"),
    ("face down", "characters out of the round that nobody may see"),
    ("called up to", "the last character called this round"),
    ("nobody was", "characters called this round that no player had chosen"),
    ("murdered, robbed", "the Assassin's and the Thief's targets this round"),
    ("offered to you", "the characters you could pick from at each of your picks this round"),
    ("builds left", "districts the turn's character may still build"),
)
_DISTRICT = {d.slug: d for d in DISTRICTS}
_CHARACTER = {c.slug: c for c in CHARACTERS}


def district_text(slug: str) -> Text:
    """A district as ``name`` and its colour letter and cost, in its colour (points where
    they differ): ``Manor Y3``."""
    d = _DISTRICT.get(slug)
    if d is None:
        return Text(slug)
    extra = f" ({d.points} pts)" if d.points != d.cost else ""
    return Text(f"{d.name} {LETTERS[d.colour]}{d.cost}{extra}", style=STYLES[d.colour])


def character_text(slug: str) -> str:
    """A character as ``rank Name``."""
    c = _CHARACTER.get(slug)
    return slug if c is None else f"{c.rank} {c.name}"


def hand(cards: Iterable[str]) -> Text:
    """Districts as a hand is drawn: names, colour letters and costs, in colour."""
    return _join((district_text(d) for d in cards), "(empty)")


def describe(slug: str) -> RenderableType | None:
    """A character or district explained from the card data, or ``None`` for another name."""
    c = _CHARACTER.get(slug)
    if c is not None:
        income = f" Income: {c.colour} districts." if c.colour else ""
        return Text.assemble(
            (f"{c.rank} {c.name}", "bold cyan"), f" ({c.german}): {c.text}{income}"
        )
    d = _DISTRICT.get(slug)
    if d is None:
        return None
    copies = "one card" if d.copies == 1 else f"{d.copies} cards"
    line = Text.assemble(
        district_text(d.slug),
        f": a {d.colour} district costing {d.cost} gold, worth {d.points} points; "
        f"{copies} in the deck.",
    )
    if d.text is not None:
        line.append(f" {d.text}")
    if d.optional:
        line.append(" Only with the option that adds it.")
    return line


def score_parts(view: CitadelsView) -> tuple[list[str], list[list[str]]]:
    """Each seat's score in parts, as the game counts them: district points, five colours,
    complete city."""
    rows = []
    for seat, city in enumerate(view["cities"]):
        districts = [D_INDEX[slug] for slug in city if slug in D_INDEX]
        # A Haunted City counts as any colour unless built in the round now scored, as in
        # ``CitadelsState.scores``.
        built = view["haunted_city_round"][seat]
        haunted_counts = built is not None and built < view["round"]
        first = view["first_complete"] == seat
        parts = city_score_parts(districts, haunted_counts, first)
        rows.append(
            [
                str(parts.districts),
                f"+{parts.five_colours}" if parts.five_colours else "",
                f"+{parts.complete}{' first' if first else ''}" if parts.complete else "",
            ]
        )
    return ["districts", "five colours", "complete city"], rows


def _join(items: Iterable[Text], empty: str = "(none)") -> Text:
    out = Text()
    for index, item in enumerate(items):
        if index:
            out.append(", ")
        out.append_text(item)
    return out if out.plain else Text(empty, style="dim")


def _seats(view: CitadelsView) -> Table:
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


def _round_line(view: CitadelsView) -> Text:
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


def _draft(view: CitadelsView) -> RenderableType:
    """Whose pick it is, and the characters passed to this seat so far."""
    parts: list[RenderableType] = []
    step = view["draft_step"]
    if step is not None:
        seat, verb = view["draft_order"][step]
        what = "chooses a character" if verb == "choose" else "puts a character face down"
        parts.append(Text(f"Draft: {seat_name(seat, view)} {what}.", style="bold"))
    for offer in view.get("draft_offers", []):
        names = ", ".join(character_text(c) for c in offer["characters"])
        parts.append(Text(f"  offered to you at draft step {offer['step'] + 1}: {names}"))
    if view.get("face_down_known"):
        known = ", ".join(character_text(c) for c in view["face_down_known"])
        parts.append(Text(f"  you know these are face down: {known}"))
    return Group(*parts)


def _turn(view: CitadelsView, turn: TurnView) -> Text:
    line = Text(f"{seat_name(turn['seat'], view)} plays the ", style="bold")
    line.append(character_text(turn["character"]), style="bold cyan")
    done = turn_done(turn)
    line.append(f"  (builds left: {turn['builds_left']}")
    line.append("; " + "; ".join(done) if done else "")
    line.append(")")
    return line


def render(view: CitadelsView) -> RenderableType:
    """A Citadels view: seats and cities, the round's characters, the turn and your cards."""
    if view["is_over"]:
        title = f"Citadels · game over after round {view['round']}"
    else:
        title = f"Citadels · round {view['round']} · {view['phase']} · deck {view['deck_count']}"
    parts: list[RenderableType] = [_seats(view), _round_line(view)]
    if view["phase"] == "draft" or view.get("draft_offers"):
        parts.append(_draft(view))
    if view["turn"] is not None:
        parts.append(_turn(view, view["turn"]))
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
        parts.append(hand(view["hand"]))
    return Panel(Group(*parts), title=title, title_align="left")
