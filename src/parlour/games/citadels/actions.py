"""The action vocabulary: every move's text and its parsed kind and arguments."""

from __future__ import annotations

from typing import Any

from ...core import Action
from .data import C_SLUG, D_SLUG, DISTRICTS

# Action kinds, the verb of each text in the comment.
CHOOSE = 0  # choose <character>            (draft: keep a character)
HIDE = 1  # discard <character>             (2-player draft: put one face down)
TAKE_GOLD = 2  # take gold
DRAW = 3  # draw
KEEP = 4  # keep <district>
BUILD = 5  # build <district>
INCOME = 6  # collect income
ASSASSINATE = 7  # assassinate <character>
ROB = 8  # rob <character>
SWAP = 9  # swap hands <seat>
DISCARD = 10  # discard <district>          (Magician: redraw, one card at a time)
DONE = 11  # done                            (Magician: draw as many as discarded)
DESTROY = 12  # destroy <seat> <district>
LABORATORY_USE = 13  # use laboratory <district>
SMITHY_USE = 14  # use smithy
RESCUE = 15  # rescue <district>              (Graveyard)
PASS = 16  # pass                             (Graveyard)
END_TURN = 17  # end turn


class Move(Action):
    """A Citadels action: the text plus its kind and up to two integer arguments."""

    __slots__ = ("a", "b", "kind")
    kind: int
    a: int
    b: int

    def __init__(self, text: str, kind: int, a: int = 0, b: int = 0) -> None:
        super().__init__(text)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.text, self.kind, self.a, self.b))


# Each kind's text: {c} names character ``a``, {d} district ``a``, {d2} district ``b``,
# {a} is the seat ``a``.
_TEMPLATES: dict[int, str] = {
    CHOOSE: "choose {c}",
    HIDE: "discard {c}",
    KEEP: "keep {d}",
    BUILD: "build {d}",
    ASSASSINATE: "assassinate {c}",
    ROB: "rob {c}",
    SWAP: "swap hands {a}",
    DISCARD: "discard {d}",
    DESTROY: "destroy {a} {d2}",
    LABORATORY_USE: "use laboratory {d}",
    RESCUE: "rescue {d}",
    TAKE_GOLD: "take gold",
    DRAW: "draw",
    INCOME: "collect income",
    DONE: "done",
    SMITHY_USE: "use smithy",
    PASS: "pass",
    END_TURN: "end turn",
}


def _text(kind: int, a: int, b: int) -> str:
    return _TEMPLATES[kind].format(
        a=a,
        c=C_SLUG[a] if a < len(C_SLUG) else "",
        d=D_SLUG[a] if a < len(D_SLUG) else "",
        d2=D_SLUG[b] if b < len(D_SLUG) else "",
    )


_CACHE: dict[tuple[int, int, int], Move] = {}


def move(kind: int, a: int = 0, b: int = 0) -> Move:
    """The one shared ``Move`` for a kind and arguments (moves are immutable values)."""
    key = (kind, a, b)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Move(_text(kind, a, b), kind, a, b)
    return found


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every action text of a game with ``players`` seats and these options, in a fixed order."""
    characters = range(len(C_SLUG))
    districts = [d.index for d in DISTRICTS if options["great_wall"] or not d.optional]
    seats = range(players)
    kinds: list[tuple[int, int, int]] = [
        *((CHOOSE, c, 0) for c in characters),
        *((HIDE, c, 0) for c in characters),
        (TAKE_GOLD, 0, 0),
        (DRAW, 0, 0),
        *((KEEP, d, 0) for d in districts),
        *((BUILD, d, 0) for d in districts),
        (INCOME, 0, 0),
        *((ASSASSINATE, c, 0) for c in characters),
        *((ROB, c, 0) for c in characters),
        *((SWAP, s, 0) for s in seats),
        *((DISCARD, d, 0) for d in districts),
        (DONE, 0, 0),
        *((DESTROY, s, d) for s in seats for d in districts),
        *((LABORATORY_USE, d, 0) for d in districts),
        (SMITHY_USE, 0, 0),
        *((RESCUE, d, 0) for d in districts),
        (PASS, 0, 0),
        (END_TURN, 0, 0),
    ]
    return [move(kind, a, b).text for kind, a, b in kinds]
