"""The errors of the public contract."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["GameError", "IllegalAction"]


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
