"""The base of everything that happens: events with a kind, a sentence and a dict form.

Redaction is the default. Every field of an event is private unless its class lists it in
``public``; private fields are seen only by the seat named by the field ``shown_to`` (if
any) and are ``None`` for every other seat and for spectators. So a new event type that
names a hidden card cannot leak it by forgetting to say so.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any, ClassVar, Literal, TypeVar, cast, dataclass_transform

__all__ = ["EVERYTHING", "Event", "Said", "event", "player_name", "seats_named"]

E = TypeVar("E", bound="Event")


class _Everything(enum.Enum):
    """The omniscient reader of an event: no field redacted (the game's own log)."""

    EVERYTHING = "everything"


EVERYTHING = _Everything.EVERYTHING
Reader = int | None | Literal[_Everything.EVERYTHING]


def player_name(seat: int, names: Sequence[str] | None = None) -> str:
    """How a sentence names a seat: its table name, else "Player N" with the seat number."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat}"


def seats_named(seats: Sequence[int], names: Sequence[str] | None = None) -> str:
    """Several seats as a sentence names them: "Player 0 and Player 2"."""
    return " and ".join(player_name(seat, names) for seat in seats)


@dataclass_transform(eq_default=False)
def event(cls: type[E]) -> type[E]:
    """Make an ``Event`` subclass from its annotated fields; check its privacy declaration."""
    made = dataclasses.dataclass(slots=True, eq=False, repr=False)(cls)
    names = tuple(f.name for f in dataclasses.fields(cast(Any, made)))
    public = names if made.public == "all" else made.public
    unknown = [name for name in (*public, made.shown_to or "") if name and name not in names]
    if unknown:
        raise TypeError(f"event {made.__name__} declares unknown fields {unknown}")
    made._private = tuple(name for name in names if name not in public)
    made._names = names
    return made


class Event:
    """Something that happened. Subclasses are declared with ``@event`` and typed fields.

    ``public`` lists the fields every seat sees (``"all"``: the whole event is public);
    ``shown_to`` names the field holding the one seat that also sees the private fields.
    Events are built in the hot path of ``apply``, so a subclass stores only its fields and
    composes its sentence on demand in ``render``, which must accept redacted (``None``)
    private fields.
    """

    __slots__ = ()
    kind: ClassVar[str] = "event"
    public: ClassVar[tuple[str, ...] | Literal["all"]] = ()
    shown_to: ClassVar[str | None] = None
    _private: ClassVar[tuple[str, ...]] = ()
    _names: ClassVar[tuple[str, ...]] = ()

    def render(self, names: Sequence[str] | None = None) -> str:
        """The sentence for people, naming seats by ``names`` where given."""
        raise NotImplementedError

    @property
    def text(self) -> str:
        """The sentence for people, with seats named "Player N"."""
        return self.render()

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` sees it (``None``: a spectator): private fields redacted."""
        private = self._private
        if not private or (
            seat is not None and self.shown_to is not None and getattr(self, self.shown_to) == seat
        ):
            return self
        if all(getattr(self, name) is None for name in private):
            return self
        values = {name: getattr(self, name) for name in self._names}
        for name in private:
            values[name] = None
        return type(self)(**values)

    def fields(self) -> dict[str, Any]:
        """The event's own data, by field name."""
        return {name: getattr(self, name) for name in self._names}

    def to_dict(self, seat: Reader = EVERYTHING) -> dict[str, Any]:
        """The JSON form for ``seat`` (kind, text and fields); no argument: unredacted."""
        shown = self if seat is EVERYTHING else self.for_seat(seat)
        return {"kind": shown.kind, "text": shown.text, **shown.fields()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event) or type(other) is not type(self):
            return False
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash((self.kind, self.text))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text!r}>"


@event
class Said(Event):
    """A plain sentence about the table (no seat named, nothing private)."""

    kind: ClassVar[str] = "said"
    public = "all"
    message: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return self.message
