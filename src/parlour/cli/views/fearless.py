"""Fearless in the terminal: the hand by suit in colour, the trick, the scare track, fear."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.views import seat_number
from ...games.fearless.cards import DECK, SUIT_VALUES, SUITS, parse_card
from ...games.fearless.scoring import RUIN_FEAR
from ...games.fearless.views import FearlessView
from . import seat_name

__all__ = ["LEGEND", "card_text", "describe", "hand", "render", "score_parts", "summary"]


STYLES = {
    "blue": "bold blue",
    "orange": "bold dark_orange",
    "magenta": "bold magenta",
    "green": "bold green",
    "zero": "bold bright_white",
}
LEGEND = (
    ("cards", "how many cards a seat has left"),
    ("ghost", "where a seat's ghost stands on the scare track; ruin: not moved this round"),
    (
        "fear",
        f"fear points so far ({RUIN_FEAR} for a ghost left on the ruin, else its distance "
        "from 0); "
        "the fewest win",
    ),
    ("to play", "the seat whose turn it is"),
    ("ruin [1 3]", "the seats whose ghosts are still on the ruin (Player 1 and Player 3)"),
    ("-20 ··┼·· +20", "the scare track; ┼ is 0, a digit is that seat's ghost"),
    ("*", "two or more ghosts in one cell of the track (the ghost column gives each position)"),
    ("led", "the suit the trick must follow: play it if you can, or a zero"),
    (
        "worth",
        "the trick's scare value so far: the sum of its cards; the winner's ghost moves by it",
    ),
    ("Out of the game", "cards not dealt this game (with 3 players a whole suit)"),
    ("blue orange magenta green", "the suits, each also named in words; zero belongs to all"),
)
_HIGH, _LOW = max(SUIT_VALUES), min(SUIT_VALUES)
_LOWEST_PLUS = min(v for v in SUIT_VALUES if v > 0)
_HIGHEST_MINUS = max(v for v in SUIT_VALUES if v < 0)
# The track is drawn this many cells to each side of 0; wider positions are scaled down.
HALF_WIDTH = 20


def _suit_value(card: str) -> tuple[str, int]:
    """A card text split into its suit and signed value (``zero`` is the suit "zero", value 0)."""
    try:
        suit, value = parse_card(card)
    except ValueError:
        return card, 0
    return suit or "zero", value


def card_text(card: str) -> Text:
    """A card as coloured text: ``green+2`` in green, ``zero`` in bold white."""
    suit, _ = _suit_value(card)
    return Text(card, style=STYLES.get(suit, ""))


def _by_suit(cards: Iterable[str]) -> Table:
    """Cards grouped in rows by suit, highest first, each row in its suit's colour."""
    groups: dict[str, list[int]] = {}
    for card in cards:
        suit, value = _suit_value(card)
        groups.setdefault(suit, []).append(value)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right")
    grid.add_column()
    for suit in (*SUITS, "zero"):
        values = groups.get(suit)
        if not values:
            continue
        style = STYLES[suit]
        shown = " ".join("0" if suit == "zero" else f"{v:+d}" for v in sorted(values, reverse=True))
        grid.add_row(Text(suit, style=style), Text(shown, style=style))
    return grid


def hand(cards: Sequence[str]) -> RenderableType:
    """Cards grouped by suit, as a hand is drawn."""
    return _by_suit(cards) if cards else Text("  (empty)", style="dim")


def describe(slug: str) -> RenderableType | None:
    """A card (``green+2``, ``zero``) or a suit explained, or ``None`` for another name."""
    if slug == "zero":
        return Text(
            "zero: a four-colour card worth 0. It belongs to every suit: it may always be "
            f"played and always follows, but never sets the led suit. {DECK.zeros} in the deck."
        )
    if slug in SUITS:
        return Text(
            f"{slug}: a suit of {len(SUIT_VALUES)} cards, {_HIGH:+d} to {_LOWEST_PLUS:+d} and "
            f"{_HIGHEST_MINUS:+d} to {_LOW:+d}, with two {_LOWEST_PLUS:+d}s and two "
            f"{_HIGHEST_MINUS:+d}s. "
            "Follow the led suit when you can (a zero always may be played instead)."
        )
    suit, value = _suit_value(slug)
    if suit not in SUITS or slug != f"{suit}{value:+d}" or value not in SUIT_VALUES:
        return None
    copies = "two copies" if SUIT_VALUES.count(value) == 2 else "one copy"
    return Text.assemble(
        card_text(slug),
        f": a {suit} card worth {value:+d} on the scare track ({copies} in the full deck). "
        f"The highest card of the led suit wins the trick, and the winner's ghost moves by "
        "the sum of every card in it.",
    )


def score_parts(view: FearlessView) -> tuple[list[str], list[list[str]]]:
    """The final fear totals in their parts: each round's fear points (``round_1``, ...)."""
    parts = view.get("score_parts") or []
    names = list(parts[0]) if parts else []
    return [name.replace("_", " ") for name in names], [
        [str(seat_parts[name]) for name in names] for seat_parts in parts
    ]


def _removed(removed: Sequence[str]) -> Text:
    """The cards out of the game: a whole suit by name, then the single cards."""
    line = Text("Out of the game: ", style="bold")
    # Only a whole suit loses its highest card.
    whole = [suit for suit in SUITS if f"{suit}{_HIGH:+d}" in removed]
    rest = [card for card in removed if _suit_value(card)[0] not in whole]
    for suit in whole:
        line.append(f"the whole {suit} suit", style=STYLES[suit])
        line.append("; " if rest else "")
    if rest:
        line.append("one copy each of " + ", ".join(rest))
    return line


def _signed(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


def _track(ghosts: Sequence[int | None]) -> Text:
    """The scare track on one line: the ruin's ghosts, then a ruler from minus to plus."""
    on_ruin = [str(seat_number(seat)) for seat, pos in enumerate(ghosts) if pos is None]
    reach = max([HALF_WIDTH, *(abs(pos) for pos in ghosts if pos is not None)])
    scale = -(-reach // HALF_WIDTH)  # track spaces per cell, rounded up so every ghost fits
    marks: dict[int, list[int]] = {}
    for seat, pos in enumerate(ghosts):
        if pos is not None:
            marks.setdefault(HALF_WIDTH + round(pos / scale), []).append(seat)
    line = Text("ruin ")
    line.append("[" + " ".join(on_ruin) + "]", style="bold red")
    line.append(f"  {-HALF_WIDTH * scale} ")
    for cell in range(2 * HALF_WIDTH + 1):
        seats = marks.get(cell)
        if seats is not None:
            # Ghosts sharing a cell show as "*"; the table above gives each exact position.
            shown = "*" if len(seats) > 1 else str(seat_number(seats[0]))
            line.append(shown, style="bold yellow")
        else:
            line.append("┼" if cell == HALF_WIDTH else "·", style="dim")
    line.append(f" +{HALF_WIDTH * scale}")
    return line


def _tricks_per_round(view: FearlessView) -> int:
    """Tricks in this round: those played plus the cards still to come, one per seat a trick."""
    if "tricks_per_round" in view:
        return int(view["tricks_per_round"])
    in_play = sum(view["hand_counts"]) + len(view["trick"])
    return int(view["trick_number"]) - 1 + -(-in_play // int(view["players"]))


def _seats(view: FearlessView) -> Table:
    """One row a seat: cards left, ghost position, fear total, and whose turn it is."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("")
    table.add_column("cards", justify="right")
    table.add_column("ghost", justify="right")
    table.add_column("fear", justify="right")
    table.add_column("")
    winners = set(view["winners"])
    for seat in range(int(view["players"])):
        pos = view["ghosts"][seat]
        if view["is_over"]:
            note = Text("fearless!", style="bold green") if seat in winners else Text("")
        else:
            note = Text("to play", style="bold") if seat == view["current_player"] else Text("")
        table.add_row(
            Text(seat_name(seat, view), style="bold" if seat == view.get("seat") else ""),
            str(view["hand_counts"][seat]),
            Text("ruin", style="red") if pos is None else Text(_signed(pos)),
            str(view["scores"][seat]),
            note,
        )
    return table


def _trick(view: FearlessView) -> Text:
    """The trick so far: each seat's card, the led suit and the running scare value."""
    line = Text("Trick: ", style="bold")
    if not view["trick"]:
        line.append("no cards yet", style="dim")
        return line
    for index, (seat, card) in enumerate(view["trick"]):
        if index:
            line.append(", ")
        line.append(f"{seat_name(seat, view)} ")
        line.append_text(card_text(card))
    led = view["led_suit"]
    line.append("   led: ")
    line.append(led if led else "none yet", style=STYLES.get(led, "dim") if led else "dim")
    line.append(f"   worth {_signed(int(view['trick_value']))}", style="bold")
    return line


def render(view: FearlessView) -> RenderableType:
    """A Fearless view: seats with ghosts and fear, the track, the trick, played cards, hand."""
    rounds = int(view.get("rounds", view["players"]))
    if view["is_over"]:
        title = f"Fearless · game over after {rounds} rounds"
    else:
        title = (
            f"Fearless · round {view['round']} of {rounds} · "
            f"trick {view['trick_number']} of {_tricks_per_round(view)}"
        )
    parts: list[RenderableType] = [_seats(view), _track(view["ghosts"])]
    if view.get("removed"):
        parts.append(_removed(view["removed"]))
    if not view["is_over"]:
        parts.append(_trick(view))
    if view["played"] and not view["is_over"]:
        parts += [Text("Played earlier this round:", style="bold"), _by_suit(view["played"])]
    if "hand" in view:
        parts.append(Text("Your hand:", style="bold"))
        parts.append(_by_suit(view["hand"]) if view["hand"] else Text("  (empty)", style="dim"))
    return Panel(Group(*parts), title=title, title_align="left")


def summary(before: FearlessView, after: FearlessView) -> RenderableType | None:
    """At the end of a round (and so of the game): each seat's fear this round and in total."""
    if before["round"] == after["round"] and before["is_over"] == after["is_over"]:
        return None
    rounds = int(after.get("rounds", after["players"]))
    table = Table(title=f"Fear after round {before['round']} of {rounds}", title_justify="left")
    table.add_column("")
    table.add_column("this round", justify="right")
    table.add_column("total", justify="right")
    lowest = min(after["scores"])
    for seat, (old, new) in enumerate(zip(before["scores"], after["scores"], strict=True)):
        style = "bold green" if new == lowest else ""
        table.add_row(seat_name(seat, after), str(new - old), Text(str(new), style=style))
    return table
