"""The errors of the public contract."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["GameError", "IllegalAction", "quoted"]


class GameError(ValueError):
    """A request the game cannot honour: bad players, options, records or actions."""


class IllegalAction(GameError):  # noqa: N818  (the name is fixed by API.md)
    """An action that is not legal now; the message says why and what is legal."""

    def __init__(self, why: str, legal: Sequence[str] = ()) -> None:
        self.why = why
        self.legal = tuple(legal)
        super().__init__(f"{why}; {describe_choices(self.legal)}")


def describe_choices(texts: Sequence[str], shown: int = 8) -> str:
    """Say what is legal: every text when there are few, else the count and a few examples."""
    if not texts:
        return "no action is legal"
    if len(texts) <= shown:
        return "legal: " + ", ".join(texts)
    return f"{len(texts)} legal actions, for example: " + ", ".join(texts[:shown])


def quoted(value: object, limit: int = 60) -> str:
    """A value as a message quotes it: its ``repr``, cut short (with its length) past ``limit``
    characters, so that a refusal stays one readable sentence whatever was sent."""
    text = repr(value)
    if len(text) <= limit:
        return text
    if isinstance(value, str | bytes):
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{text[: limit - 3]}... ({len(value):,} {unit})"
    return f"{text[: limit - 3]}..."
