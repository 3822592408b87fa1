"""The base of everything that happens: events with a kind, a sentence and a dict form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

__all__ = ["Event", "Said", "event", "player_name"]

E = TypeVar("E", bound="Event")


def player_name(seat: int, names: Sequence[str] | None = None) -> str:
    """How a sentence names a seat: its table name, else "Player N" with the seat number."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat}"


@dataclass_transform(eq_default=False)
def event(cls: type[E]) -> type[E]:
    """Make an ``Event`` subclass from its annotated fields: slots and a positional ``__init__``."""
    return dataclass(slots=True, eq=False, repr=False)(cls)


class Event:
    """Something that happened. Subclasses are declared with ``@event`` and typed fields.

    Events are built in the hot path of ``apply``, so a subclass stores only its fields and
    composes its sentence on demand in ``render``.
    """

    __slots__ = ()
    kind: ClassVar[str] = "event"

    def render(self, names: Sequence[str] | None = None) -> str:
        """The sentence for people, naming seats by ``names`` where given."""
        raise NotImplementedError

    @property
    def text(self) -> str:
        """The sentence for people, with seats named "Player N"."""
        return self.render()

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` sees it (``None``: a spectator); private events redact."""
        return self

    def fields(self) -> dict[str, Any]:
        """The event's own data, by field name."""
        out: dict[str, Any] = {}
        for cls in reversed(type(self).__mro__):
            for name in cls.__dict__.get("__slots__", ()):
                out[name] = getattr(self, name)
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form: kind, text and fields."""
        return {"kind": self.kind, "text": self.text, **self.fields()}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash((self.kind, self.text))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text!r}>"


@event
class Said(Event):
    """A plain sentence about the table (no seat named, nothing private)."""

    kind: ClassVar[str] = "said"
    message: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return self.message
