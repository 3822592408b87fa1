"""The effect vocabulary's contract: what every primitive is (``Primitive``, its traits and
hooks), the record its effects run and are checked in (``Context``), and the registry by ``do``.

Every fact about a primitive that the engine, the card checks, the texts or the bots need is a
member of its class, read through ``PRIMITIVES``, never a test of its name elsewhere. The
classes are in ``primitives.py``; a class that leaves out a trait fails as it is defined, and
one that leaves out a hook fails when the registry is completed (both at import).

This module sits just above ``schema.py``, whose dict the registry is: the card checks and the
compiled table, which the primitives' implementations build on, read it when a card set is
loaded, by which time the package has imported ``primitives.py``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from ...core import Event
from . import schema
from .effects import targets
from .schema import EFFECT_MODELS, BaseEffect, Effect, primitive_name
from .steps import NONE, CardId, Decision, Seat

if TYPE_CHECKING:
    from .state import FoolsBladeState

__all__ = [
    "NOTHING_GONE",
    "PRIMITIVES",
    "TRAITS",
    "Context",
    "Demand",
    "Judge",
    "Primitive",
    "complete",
]

M = TypeVar("M", bound=BaseEffect)

# The traits every primitive class declares itself (``Primitive`` documents each).
TRAITS = (
    "model",
    "always",
    "continuous",
    "adds_strength",
    "negates",
    "cost",
    "escapes",
    "names_other",
)
NOTHING_GONE = (NONE, 0)


class Context(NamedTuple):
    """The situation an effect runs or is checked in."""

    state: FoolsBladeState
    owner: Seat  # the seat whose effect it is
    target: Seat  # the seat the play chose (NONE: none)
    opponent: Seat  # the other side of a `fight` (NONE: none)
    source: CardId  # the card whose effect it is (NONE: the rules, or a check)
    gone: tuple[int, int]  # in a check: the card played (NONE: none) and the cards a cost spends
    events: list[Event]  # where a run tells what happened


class Demand(NamedTuple):
    """What an effect takes of one seat: the choice it asks (its count 0: choices of one kind
    add up), where the cards leave from (seat, zone) and how many."""

    decision: Decision
    place: tuple[int, int]
    need: int


class Judge(Protocol):
    """What a bot estimates, in points of score, for the value hooks (``Primitive.value``):
    each primitive asks for the estimate of what it does, so that a bot cannot leave a new
    kind of effect unpriced (mypy holds its judges to this protocol)."""

    def cards(self, effect: Any, count: int) -> float:
        """``count`` cards of the effect's ``deck`` for the seats it names."""

    def strength(self, effect: Any, amount: float) -> float:
        """``amount`` strength (its mean, for dice) for the seats (or the monster) it names."""

    def discard(self, effect: Any) -> float:
        """The seats it names lose cards of their hand or Stash."""

    def breaks(self, effect: Any) -> float:
        """The seats it names lose equipped cards."""

    def skip(self, effect: Any) -> float:
        """The seats it names lose turns."""

    def take(self, effect: Any) -> float:
        """The owner takes cards of a chosen seat."""

    def fight(self, effect: Any) -> float:
        """The owner fights a chosen seat."""

    def reveal(self, effect: Any) -> float:
        """Cards shown to all, some kept."""

    def limit(self, effect: Any) -> float:
        """A hand limit changes."""

    def give(self, effect: Any) -> float:
        """The owner gives cards away."""

    def escape(self, effect: Any) -> float:
        """The monster fought slips away, the combat ending."""

    def summon(self, effect: Any) -> float:
        """The monster fought grows stronger."""

    def negate(self, effect: Any) -> float:
        """The play being answered is cancelled."""


class Primitive(ABC, Generic[M]):
    """One effect primitive of the vocabulary, with its traits.

    Traits (class attributes every subclass sets itself):
    ``model``: the schema model of its effects (the fields a card file gives it);
    ``always``: it always does something on a seat that is there, so that a play made of it
    needs no check (``can_apply``) before it is offered (``always_able`` narrows it by the
    effect's fields);
    ``continuous``: with no ``on`` trigger it lasts while its card is in play;
    ``adds_strength``: a lasting effect of it counts in strength (else in the hand limit);
    ``negates``: it cancels the play it answers (so it is played in the negate window, and no
    card in play may carry it);
    ``cost``: it may be part of a class ability's cost;
    ``escapes``: in a Lose effect it sends the monster under its deck instead of the trash;
    ``names_other``: its ``who`` names the other side (who receives, is robbed or is fought),
    the owner acting.
    """

    model: ClassVar[type[BaseEffect]]
    always: ClassVar[bool]
    continuous: ClassVar[bool]
    adds_strength: ClassVar[bool]
    negates: ClassVar[bool]
    cost: ClassVar[bool]
    escapes: ClassVar[bool]
    names_other: ClassVar[bool]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [trait for trait in TRAITS if trait not in cls.__dict__]
        if missing:
            raise TypeError(f"{cls.__name__} does not declare its traits {', '.join(missing)}")

    @abstractmethod
    def run(self, effect: M, seat: int, context: Context) -> None:
        """Carry out the effect on one seat (``MONSTER``: on the monster, or an effect that
        names no seat)."""

    @abstractmethod
    def text(self, effect: M, who: str) -> str:
        """The effect as an English phrase, ``who`` the seats it names ("you", "each player")."""

    def always_able(self, effect: M) -> bool:
        """Whether the effect always does something on a seat that is there: its trait."""
        return self.always

    @abstractmethod
    def value(self, effect: M, judge: Judge) -> float:
        """What playing the effect now is worth to a bot, in its ``judge``'s estimates."""

    def can_apply(self, effect: M, context: Context) -> bool:
        """Whether the effect can do anything now, once ``context.gone`` has left the owner's
        hand: here, whether a seat it names is there."""
        who = getattr(effect, "who", None)
        if who is None or who == "monster":
            return True
        state, owner, target, opponent, _, _, _ = context
        return bool(targets(state, who, owner, target, opponent))

    def payable(self, state: FoolsBladeState, effect: M, seat: int) -> bool:
        """Whether ``seat`` can pay the effect as a cost now: always, unless it takes cards."""
        return True

    def demand(self, effect: M, owner: int, seat: int) -> Demand | None:
        """What the effect takes of ``seat`` for a Lose effect to be carried out in full;
        ``None``: it takes no cards."""
        return None

    def hand_cost(self, effect: M) -> int:
        """How many cards of its owner's hand the effect takes as a cost."""
        return 0

    def nested(self, effect: M) -> Sequence[Effect]:
        """The effects it holds (a fight's Win and Lose effects)."""
        return ()

    def mean_strength(self, effect: M) -> float:
        """The strength the effect adds on average (0: none)."""
        return 0.0


PRIMITIVES: dict[str, Primitive[Any]] = schema.PRIMITIVES  # the one registry, read by the checks


def complete() -> None:
    """Fill ``PRIMITIVES`` with one instance of each class, by its ``do`` in the order of the
    models' union; ``TypeError`` unless each model has exactly one class (or a class leaves
    out a hook)."""
    classes = Primitive.__subclasses__()
    by_model: dict[type[BaseEffect], Primitive[Any]] = {cls.model: cls() for cls in classes}
    if set(by_model) != set(EFFECT_MODELS) or len(by_model) != len(classes):
        raise TypeError("every effect model needs exactly one Primitive class")
    PRIMITIVES.clear()
    PRIMITIVES.update((primitive_name(model), by_model[model]) for model in EFFECT_MODELS)
