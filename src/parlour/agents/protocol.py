"""What every agent is: something asked for a decision, with a time limit, that answers text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import GameError

__all__ = ["Agent", "AgentError", "AgentTimeout", "Exchange", "Request"]


class AgentError(GameError):
    """An agent that cannot play on: a program that exited or an endpoint that fails."""


class AgentTimeout(AgentError):  # noqa: N818  (a timeout, not an error of the caller's)
    """An agent that gave no answer within the decision's time limit."""


@dataclass(frozen=True)
class Request:
    """One question to an agent: the seat's view, its legal actions and the prompt text.

    ``error`` says why the previous answer to this decision was refused (``None`` on the
    first attempt); ``previous`` is that answer.
    """

    view: Mapping[str, Any]
    legal: Sequence[str]
    prompt: str
    attempt: int = 0
    error: str | None = None
    previous: str | None = None


@dataclass(frozen=True)
class Exchange:
    """What was sent to an agent (as JSON), its answer as received, and the action text in it.

    ``problem`` says why the answer holds no action at all (not the expected format).
    """

    sent: Any
    answer: str
    action: str = ""
    problem: str | None = None


class Agent(Protocol):
    """A player outside the engine: a program, a language model, a remote service."""

    label: str

    def ask(self, request: Request, timeout: float) -> Exchange:
        """The agent's answer to ``request`` within ``timeout`` seconds, else ``AgentTimeout``;
        ``AgentError`` when it can answer no more."""
        ...

    def close(self) -> None:
        """Release what the agent holds (a process, a connection); it may be asked again."""
        ...
