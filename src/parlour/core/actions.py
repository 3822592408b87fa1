"""The base of every move: a frozen value whose canonical text is its identity."""

from __future__ import annotations

from typing import Any

__all__ = ["Action"]


class Action:
    """A move. Two actions are equal when their texts are; ``str(action)`` is the text.

    The text is lowercase words separated by single spaces, the verb first. Games subclass
    this to carry parsed arguments next to the text.
    """

    __slots__ = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    @property
    def verb(self) -> str:
        """The first word of the text."""
        return self.text.split(" ", 1)[0]

    @property
    def args(self) -> list[str]:
        """The words after the verb."""
        return self.text.split(" ")[1:]
