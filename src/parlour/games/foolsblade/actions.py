"""The action vocabulary: every move's text with its parsed kind and arguments."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any

from ...core import Action, player_name
from .steps import NONE
from .table import DECKS, MONSTER_DECKS, Table, table_for


class ActionKind(IntEnum):
    """What a move does (``Move.kind``), its text in the comment."""

    CHOOSE = 0  # choose <class>
    PLAY = 1  # play <card> [on <seat>]
    USE = 2  # use <class> [on <seat>]        (the class's activated ability)
    PASS = 3  # pass
    EQUIP = 4  # equip <part or gear>
    FORGE = 5  # forge
    QUEST = 6  # quest
    HUNT = 7  # hunt <forest|cavern|dungeon>
    TAKE = 8  # take <part>                   (at the Forge)
    REFORGE = 9  # reforge <part>             (at the Forge: discard a part, take a second)
    DISCARD = 10  # discard <card>
    GIVE = 11  # give <card>
    STEAL = 12  # steal <card>
    BREAK = 13  # break <card>
    FIGHT = 14  # fight <boss card>


# Bound to plain ints once, as ``steps.py`` does: moves are made and compared on hot paths.
(
    CHOOSE,
    PLAY,
    USE,
    PASS,
    EQUIP,
    FORGE,
    QUEST,
    HUNT,
    TAKE,
    REFORGE,
    DISCARD,
    GIVE,
    STEAL,
    BREAK,
    FIGHT,
) = map(int, ActionKind)

VERBS = {
    CHOOSE: "choose",
    PLAY: "play",
    USE: "use",
    EQUIP: "equip",
    HUNT: "hunt",
    TAKE: "take",
    REFORGE: "reforge",
    DISCARD: "discard",
    GIVE: "give",
    STEAL: "steal",
    BREAK: "break",
    FIGHT: "fight",
}
BARE = {PASS: "pass", FORGE: "forge", QUEST: "quest"}


class Move(Action):
    """A Fool's Blade action: its text, kind, card (or deck) index and target seat (NONE: none)."""

    __slots__ = ("card", "kind", "target")
    kind: int
    card: int
    target: int

    def __init__(self, text: str, kind: int, card: int = NONE, target: int = NONE) -> None:
        super().__init__(text)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "target", target)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.text, self.kind, self.card, self.target))


def _text(table: Table, kind: int, card: int, target: int) -> str:
    if kind in BARE:
        return BARE[kind]
    name = DECKS[card] if kind == HUNT else table.ids[card]
    text = f"{VERBS[kind]} {name}"
    return text if target < 0 else f"{text} on {target}"


# What a button says for each kind: {card} is the card's name, {on} the target seat if any.
_LABELS = {
    CHOOSE: "Play as the {card}",
    PLAY: "Play {card}{on}",
    USE: "Use the {card}'s ability{on}",
    PASS: "Pass",
    EQUIP: "Equip {card}",
    FORGE: "Go to the Forge",
    QUEST: "Go on a Quest",
    HUNT: "Hunt in the {deck}",
    TAKE: "Take {card}",
    REFORGE: "Reforge: give up {card}",
    DISCARD: "Discard {card}",
    GIVE: "Give {card}",
    STEAL: "Steal {card}",
    BREAK: "Break {card}",
    FIGHT: "Fight {card}",
}


def label(table: Table, move: Move, names: Sequence[str] | None = None) -> str:
    """The words of a button for ``move``: its cards by this table's names, its seat by
    ``names`` ("Play Bar Brawl on Ana", "Hunt in the Forest")."""
    kind = move.kind
    hunting = kind == HUNT
    return _LABELS[kind].format(
        card=table.name(move.card) if move.card >= 0 and not hunting else "",
        deck=DECKS[move.card].title() if hunting else "",
        on="" if move.target < 0 else f" on {player_name(move.target, names)}",
    )


class OneKind(dict[int, Move]):
    """The moves of one kind without a target, by card (or deck), each made on first use."""

    __slots__ = ("kind", "moves")

    def __init__(self, moves: Moves, kind: int) -> None:
        super().__init__()
        self.moves = moves
        self.kind = kind

    def __missing__(self, card: int) -> Move:
        found = self[card] = self.moves.get(self.kind, card)
        return found


class Moves:
    """The shared ``Move`` values of one card table (moves are immutable, so made once)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.cache: dict[tuple[int, int, int], Move] = {}
        self.play_cache: dict[tuple[int, int, int, int], list[Move]] = {}
        # The listings index these by card: an index costs less than a call of ``get``.
        self.by_card = tuple(OneKind(self, kind) for kind in range(FIGHT + 1))
        # `pass` ends most decisions (a window's seat lets it go), so it is kept at hand,
        # and the destinations beside it.
        self.passing = self.get(PASS)
        self.forging = self.get(FORGE)
        self.questing = self.get(QUEST)

    def plays(self, kind: int, card: int, seat: int, players: int) -> list[Move]:
        """The ways ``seat`` may play a card or use an ability: one, or one per other seat."""
        key = (kind, card, seat, players)
        found = self.play_cache.get(key)
        if found is None:
            if self.table.chooses[card]:
                found = [self.get(kind, card, t) for t in range(players) if t != seat]
            else:
                found = [self.get(kind, card)]
            self.play_cache[key] = found
        return found

    def get(self, kind: int, card: int = NONE, target: int = NONE) -> Move:
        """The one ``Move`` of a kind, card and target."""
        key = (kind, card, target)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = Move(
                _text(self.table, kind, card, target), kind, card, target
            )
        return found


_MOVES: dict[int, Moves] = {}


def moves_for(table: Table) -> Moves:
    """The move cache of a table."""
    found = _MOVES.get(id(table))
    if found is None or found.table is not table:
        found = _MOVES[id(table)] = Moves(table)
    return found


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every action text of a game with ``players`` seats and this card set, in a fixed order."""
    table = table_for(options.get("cards"))
    moves = moves_for(table)
    n = len(table.cards)
    kinds = table.kind
    handy = [i for i in range(n) if kinds[i] in ("tavern", "action", "gear", "part", "curse")]
    handy = [i for i in handy if not table.legendary[i]]
    kept = [i for i in range(n) if kinds[i] in ("part", "gear", "monster", "treasure")]
    out: list[Any] = [moves.get(CHOOSE, c) for c in table.classes]
    for i in range(n):
        if kinds[i] in ("tavern", "action"):
            out.append(moves.get(PLAY, i))
            if table.chooses[i]:
                out.extend(moves.get(PLAY, i, seat) for seat in range(players))
    for c in table.classes:
        if table.has_ability[c]:
            out.append(moves.get(USE, c))
            if table.chooses[c]:
                out.extend(moves.get(USE, c, seat) for seat in range(players))
    out.append(moves.get(PASS))
    out.extend(moves.get(EQUIP, i) for i in range(n) if kinds[i] in ("part", "gear"))
    out.append(moves.get(FORGE))
    out.append(moves.get(QUEST))
    out.extend(moves.get(HUNT, d) for d in MONSTER_DECKS)
    out.extend(moves.get(TAKE, i) for i in table.anvil_parts)
    out.extend(moves.get(REFORGE, i) for i in table.anvil_parts)
    out.extend(moves.get(DISCARD, i) for i in sorted(set(handy) | set(kept)))
    out.extend(moves.get(GIVE, i) for i in handy)
    out.extend(moves.get(STEAL, i) for i in kept)
    out.extend(moves.get(BREAK, i) for i in range(n) if kinds[i] in ("part", "gear"))
    out.extend(moves.get(FIGHT, i) for i in range(n) if kinds[i] == "boss")
    return [move.text for move in out]
