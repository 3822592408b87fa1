"""Citadels in the terminal: the draft, every city in colour with costs, gold, crown, hand.

All the card data the terminal shows comes through the one import below.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...games.citadels.cards import CHARACTERS, DISTRICTS
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

View = Mapping[str, Any]

STYLES = {
    "yellow": "bold yellow",
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "purple": "bold magenta",
}
# A letter for each colour, so the colour survives NO_COLOR, pipes and colour blindness.
LETTERS = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "purple": "P"}
COMPLETE = 8  # districts in a complete city
FIVE_COLOURS = 3  # the bonus for a city of all five colours
FIRST_COMPLETE, COMPLETE_CITY = 4, 2  # the bonuses for the first complete city and the others

# What each character does, keyed by the slugs of the card data (which has no rules text).
ABILITIES = {
    "assassin": "names a character (assassinate <character>); its holder loses the whole turn.",
    "thief": "names a character (rob <character>), not the Assassin, a face-up or the "
    "murdered one; when it is revealed, all its holder's gold goes to the Thief.",
    "magician": "either swaps whole hands with another seat (swap hands <seat>), or puts "
    "cards from hand under the deck one at a time (discard <district>, then done) and draws "
    "as many.",
    "king": "takes the crown when revealed (if murdered, at the end of the round) and "
    "collects 1 gold per yellow district.",
    "bishop": "the Warlord cannot destroy his districts while he is revealed and alive; "
    "collects 1 gold per blue district.",
    "merchant": "gets 1 gold after taking resources; collects 1 gold per green district.",
    "architect": "draws 2 cards after taking resources and may build up to three districts.",
    "warlord": "destroys a district (destroy <seat> <district>) for its cost minus 1, not in "
    "a city of 8 or more, not a Keep, not in a revealed living Bishop's city; collects 1 gold "
    "per red district.",
}
# What each purple district does, keyed by the card data's ``effect``.
EFFECTS = {
    "haunted_city": "counts as any colour for the five-colour bonus, unless it was built in "
    "the last round.",
    "keep": "cannot be destroyed by the Warlord.",
    "laboratory": "once a turn, put a card from your hand under the deck and take 1 gold "
    "(use laboratory <district>).",
    "smithy": "once a turn, pay 2 gold to draw 3 cards (use smithy).",
    "graveyard": "when the Warlord destroys another player's district, you may pay 1 gold "
    "to take it into your hand (rescue <district>).",
    "observatory": "when you draw for resources, draw 3 and keep 1.",
    "school_of_magic": "counts as your character's colour for income.",
    "library": "when you draw for resources, keep every card drawn.",
    "university": "scores 8 points.",
    "dragon_gate": "scores 8 points.",
    "great_wall": "the Warlord pays 1 more to destroy your other districts.",
}
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
# The flags of a view's ``turn`` and how they are said.
TURN_FLAGS = (
    ("income_collected", "income collected"),
    ("ability_used", "ability used"),
    ("laboratory_used", "Laboratory used"),
    ("smithy_used", "Smithy used"),
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
            (f"{c.rank} {c.name}", "bold cyan"),
            f" ({c.german}): {ABILITIES.get(c.slug, '')}{income}",
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
    if d.effect is not None:
        line.append(f" {EFFECTS.get(d.effect, '')}")
    if d.optional:
        line.append(" Only with the option that adds it.")
    return line


def score_parts(view: View) -> tuple[list[str], list[list[str]]]:
    """Each seat's score in parts: district points, five colours, complete city, total."""
    rows = []
    for seat, city in enumerate(view["cities"]):
        known = [_DISTRICT[slug] for slug in city if slug in _DISTRICT]
        colours = {d.colour for d in known if d.effect != "haunted_city"}
        built = view["haunted_city_round"][seat]
        # A Haunted City counts as the missing colour unless built in the round now scored.
        wild = any(d.effect == "haunted_city" for d in known)
        if wild and built is not None and built < view["round"]:
            five = len(colours) >= 4
        else:
            five = len(colours | ({"purple"} if wild else set())) == 5
        if view["first_complete"] == seat:
            complete = f"+{FIRST_COMPLETE} first"
        elif len(city) >= COMPLETE:
            complete = f"+{COMPLETE_CITY}"
        else:
            complete = ""
        rows.append(
            [
                str(sum(d.points for d in known)),
                f"+{FIVE_COLOURS}" if five else "",
                complete,
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
        parts.append(Text(f"  offered to you at draft step {offer['step'] + 1}: {names}"))
    if view.get("face_down_known"):
        known = ", ".join(character_text(c) for c in view["face_down_known"])
        parts.append(Text(f"  you know these are face down: {known}"))
    return Group(*parts)


def turn_done(turn: Mapping[str, Any]) -> list[str]:
    """What the turn's character has done already: income collected, ability used..."""
    return [name for key, name in TURN_FLAGS if turn[key]]


def _turn(view: View) -> Text:
    turn = view["turn"]
    line = Text(f"{seat_name(turn['seat'], view)} plays the ", style="bold")
    line.append(character_text(turn["character"]), style="bold cyan")
    done = turn_done(turn)
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
        parts.append(hand(view["hand"]))
    return Panel(Group(*parts), title=title, title_align="left")
