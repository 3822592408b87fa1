"""Events: redaction by default, declared public fields, the seat a private field is shown to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import pytest

from parlour.core import Event, event


@event
class Drawn(Event):
    """A test event: a seat draws a card that only it may see."""

    kind: ClassVar[str] = "drawn"
    public = ("seat",)
    shown_to = "seat"
    seat: int
    card: str | None

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{self.seat} draws {self.card or 'a card'}"


@event
class Undeclared(Event):
    """A test event that forgot to say what is public: every field is private."""

    kind: ClassVar[str] = "undeclared"
    seat: int | None
    card: str | None

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{self.seat} has {self.card}"


def test_private_fields_are_shown_only_to_their_seat() -> None:
    drawn = Drawn(1, "castle")
    assert drawn.for_seat(1) is drawn
    assert drawn.for_seat(0) == Drawn(1, None)
    assert drawn.for_seat(None) == Drawn(1, None)
    assert drawn.to_dict(0) == {"kind": "drawn", "text": "1 draws a card", "seat": 1, "card": None}
    assert drawn.to_dict(1)["card"] == "castle"
    assert drawn.to_dict()["card"] == "castle"


def test_fields_are_private_unless_declared_public() -> None:
    secret = Undeclared(2, "castle")
    assert secret.for_seat(2).fields() == {"seat": None, "card": None}
    assert secret.to_dict(None)["text"] == "None has None"


def test_a_declaration_naming_no_field_is_refused() -> None:
    with pytest.raises(TypeError, match="unknown fields"):

        @event
        class Typo(Event):
            public = ("seet",)
            seat: int
