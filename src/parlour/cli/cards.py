"""``parlour cards``: print a game's card set as tables, or check a folder of card files."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core import GameError, game_names, load
from ..games.foolsblade import schema
from ..games.foolsblade.cards import (
    DEFAULT_EDITION,
    EDITIONS,
    CardSet,
    card_folder,
    check_card,
    check_set,
    load_cards,
)
from ..games.foolsblade.texts import card_text
from .common import EXIT_ERROR, EXIT_USAGE, fail

__all__ = ["cards", "check_folder", "set_tables"]

ELEMENT_STYLES = {
    "neutral": "bold white",
    "fire": "bold red",
    "water": "bold blue",
    "plant": "bold green",
}
# The decks in the order a reader meets them at the table.
DECKS = ("classes", "anvil", "forest", "cavern", "dungeon", "tavern", "quest", "loot")
DECK_TITLES = {
    "classes": "Classes",
    "anvil": "Anvil deck: weapon parts",
    "forest": "Forest deck",
    "cavern": "Cavern deck",
    "dungeon": "Dungeon deck",
    "tavern": "Tavern deck",
    "quest": "Quest deck",
    "loot": "Loot deck",
}


def cards(
    game: Annotated[str, typer.Argument(help="The game whose cards to show (foolsblade).")],
    check: Annotated[
        Path | None,
        typer.Option(
            "--check",
            help="Check a folder of card files instead: every mistake named with its file, "
            "card and field; exit code 1 when there is any.",
        ),
    ] = None,
    folder: Annotated[
        Path | None,
        typer.Option("--folder", help="Print this folder's card set instead of an edition's."),
    ] = None,
    edition: Annotated[
        str,
        typer.Option(
            "--cards", help=f"Which edition of the game's own set to print: {', '.join(EDITIONS)}."
        ),
    ] = DEFAULT_EDITION,
    deck: Annotated[
        str | None,
        typer.Option("--deck", help=f"Print only this deck: {', '.join(DECKS)}."),
    ] = None,
) -> None:
    """Print a game's card set as tables (Fool's Blade), or check a user's card folder."""
    try:
        spec = load(game)
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    if not spec.editions:
        with_files = [g.title for g in map(load, game_names()) if g.editions]
        fail(
            f"only {' and '.join(with_files)} has a card set to show or check, not {spec.name}",
            EXIT_USAGE,
        )
    if edition not in spec.editions:
        fail(f"--cards must be one of {', '.join(spec.editions)}, not {edition!r}", EXIT_USAGE)
    if deck is not None and deck not in DECKS:
        fail(f"--deck must be one of {', '.join(DECKS)}, not {deck!r}", EXIT_USAGE)
    console = Console()
    if check is not None:
        mistakes, found = check_folder(check)
        for mistake in mistakes:
            console.print(Text("✗ ", style="bold red") + Text(mistake), highlight=False)
        if mistakes:
            noun = "mistake" if len(mistakes) == 1 else "mistakes"
            console.print(f"{check}: {len(mistakes)} {noun}", highlight=False, soft_wrap=True)
            raise typer.Exit(EXIT_ERROR)
        assert found is not None
        console.print(
            Text("✓ ", style="bold green") + Text(f"{check}: {len(found.cards)} cards, all valid"),
            highlight=False,
        )
        console.print(deck_sizes(found))
        return
    try:
        card_set = load_cards(folder if folder is not None else card_folder(edition))
    except GameError as error:
        fail(str(error))
    for table in set_tables(card_set, [deck] if deck is not None else DECKS):
        console.print(table)


def check_folder(folder: Path) -> tuple[list[str], CardSet | None]:
    """Every mistake of a folder's card files (file, card, field), and the set when none."""
    if not folder.is_dir():
        return [f"{folder}: not a folder of card files"], None
    files = sorted(folder.glob("*.toml"))
    if not files:
        return [f"{folder}: holds no .toml card files"], None
    mistakes: list[str] = []
    found: list[schema.AnyCard] = []
    origin: dict[str, str] = {}
    for path in files:
        for number, entry in enumerate(_entries(path, mistakes), start=1):
            try:
                card = check_card(path, number, entry)
            except GameError as error:
                mistakes.extend(_split(str(error), path.name))
                continue
            if card.id in origin:
                mistakes.append(
                    f"{path.name}: card {card.id!r}: field 'id' repeats a card of {origin[card.id]}"
                )
                continue
            origin[card.id] = path.name
            found.append(card)
    if mistakes:
        return mistakes, None
    try:
        check_set(found, origin)
    except GameError as error:
        return [str(error)], None
    return [], CardSet(found, source=str(folder))


def _entries(path: Path, mistakes: list[str]) -> list[Any]:
    """The ``[[card]]`` tables of one file; what is wrong with the file itself goes to mistakes."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        mistakes.append(f"{path.name}: cannot read the file: {error.strerror}")
        return []
    except tomllib.TOMLDecodeError as error:
        mistakes.append(f"{path.name}: not valid TOML: {error}")
        return []
    for extra in sorted(set(data) - {"card"}):
        mistakes.append(f"{path.name}: unknown table {extra!r}; a card file holds [[card]]")
    entries = data.get("card", [])
    if not isinstance(entries, list):
        mistakes.append(f"{path.name}: `card` must be a list of [[card]] tables")
        return []
    return entries


def _split(message: str, file: str) -> list[str]:
    """One card's error message (its problems joined by "; ") as one line a problem."""
    return [f"{file}:{part}" if i else part for i, part in enumerate(message.split(f"; {file}:"))]


def deck_sizes(card_set: CardSet) -> Table:
    """How many cards (and distinct cards) each deck of a set holds."""
    table = Table(title="Decks", title_justify="left")
    table.add_column("deck")
    table.add_column("cards", justify="right")
    table.add_column("distinct", justify="right")
    for deck in (*DECKS, "box"):
        held = card_set.deck(deck)
        if held:
            table.add_row(deck, str(sum(c.copies for c in held)), str(len(held)))
    return table


def set_tables(card_set: CardSet, decks: Iterable[str] = DECKS) -> list[RenderableType]:
    """A card set as one table a deck (the Boss cards with the deck of their Approach)."""
    makers: dict[str, Callable[[CardSet], RenderableType]] = {
        "classes": _classes,
        "anvil": _anvil,
        "forest": lambda s: _monsters(s, "forest"),
        "cavern": lambda s: _monsters(s, "cavern"),
        "dungeon": lambda s: _monsters(s, "dungeon"),
        "tavern": _tavern,
        "quest": _quest,
        "loot": _loot,
    }
    return [makers[deck](card_set) for deck in decks]


def element_text(element: str, value: object = None) -> Text:
    """An element (or a number of that element) in its colour."""
    return Text(element if value is None else f"{value} {element}", style=ELEMENT_STYLES[element])


def _name(card: schema.AnyCard) -> Text:
    """A card's name in bold with its id (the id is what actions name)."""
    out = Text(card.name, style="bold")
    out.append(f"\n{card.id}", style="dim")
    return out


# The columns of numbers, right-justified; the rest read from the left.
NUMBER_COLUMNS = frozenset({"strength", "value", "copies"})


def _table(deck: str, card_set: CardSet, columns: list[str]) -> Table:
    held = card_set.deck(deck)
    total = sum(c.copies for c in held)
    title = f"{DECK_TITLES[deck]} ({total} cards)" if deck != "classes" else f"Classes ({total})"
    table = Table(title=title, title_justify="left", show_lines=True)
    for header in columns:
        table.add_column(header, justify="right" if header in NUMBER_COLUMNS else "left")
    return table


def _classes(card_set: CardSet) -> Table:
    table = _table("classes", card_set, ["class", "text"])
    for card in card_set.deck("classes"):
        table.add_row(_name(card), card_text(card))
    return table


def _anvil(card_set: CardSet) -> Table:
    columns = ["set", "part", "card", "strength"]
    table = _table("anvil", card_set, [*columns, "copies", "text"])
    held = [c for c in card_set.deck("anvil") if isinstance(c, schema.PartCard)]  # all of them
    parts = sorted(held, key=lambda c: (c.set, _PART_ORDER[c.part]))
    for card in parts:
        table.add_row(
            card.set,
            card.part,
            _name(card),
            element_text(card.element, card.strength),
            str(card.copies),
            card_text(card),
        )
    return table


_PART_ORDER = {"blade": 0, "guard": 1, "handle": 2, "pommel": 3}


def _monsters(card_set: CardSet, deck: str) -> RenderableType:
    columns = ["card", "strength", "modifiers", "value"]
    table = _table(deck, card_set, [*columns, "copies", "text"])
    bosses: list[schema.BossCard] = []
    for card in card_set.deck(deck):
        if isinstance(card, schema.ApproachCard):
            table.add_row(
                _name(card),
                Text(f"{card.strikes} strikes", style="bold magenta"),
                "Approach",
                "",
                "1",
                card_text(card),
            )
            bosses.extend(card_set.card(boss, schema.BossCard) for boss in card.bosses)
            continue
        if not isinstance(card, schema.MonsterCard):  # none: a Monster deck holds nothing else
            continue
        table.add_row(
            _name(card),
            element_text(card.element, card.strength),
            " ".join(card.modifiers) or "-",
            str(card.value),
            str(card.copies),
            card_text(card),
        )
    if not bosses:
        return table
    boss_table = Table(title=f"{DECK_TITLES[deck]}: Boss cards", title_justify="left")
    for header in ("card", "strength", "modifiers", "Boss effect"):
        boss_table.add_column(header)
    for boss in bosses:
        boss_table.add_row(
            _name(boss),
            element_text(boss.element, boss.strength),
            " ".join(boss.modifiers) or "-",
            card_text(boss),
        )
    return Group(table, boss_table)


def _tavern(card_set: CardSet) -> Table:
    table = _table("tavern", card_set, ["card", "copies", "text"])
    for card in card_set.deck("tavern"):
        table.add_row(_name(card), str(card.copies), card_text(card))
    return table


def _quest(card_set: CardSet) -> Table:
    columns = ["kind", "card", "copies", "text"]
    table = _table("quest", card_set, columns)
    for card in sorted(card_set.deck("quest"), key=lambda c: _QUEST_ORDER[c.kind]):
        kind = (
            f"curse ({card.longevity} turns)" if isinstance(card, schema.CurseCard) else card.kind
        )
        table.add_row(kind, _name(card), str(card.copies), card_text(card))
    return table


_QUEST_ORDER = {"action": 0, "gear": 1, "curse": 2}


def _loot(card_set: CardSet) -> Table:
    columns = ["kind", "card", "value", "copies"]
    table = _table("loot", card_set, [*columns, "text"])
    for card in card_set.deck("loot"):
        if isinstance(card, schema.TreasureCard):
            table.add_row("treasure", _name(card), str(card.value), str(card.copies), "")
        elif isinstance(card, schema.PartCard):
            table.add_row(
                f"legendary {card.part}\n{card.set}",
                _name(card),
                element_text(card.element, card.strength),
                str(card.copies),
                card_text(card),
            )
    return table
