"""An agent as a bot: asked each decision with a time limit, retried when its answer is not
legal (told why), then a recorded fallback move; every exchange goes to a transcript."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core import Action, GameError, Rng, State
from .parse import NotUnderstood, match_reply
from .protocol import Agent, AgentError, AgentTimeout, Request
from .text import prompt

__all__ = ["FALLBACKS", "AgentBot", "Transcript"]

# How a decision is made when the agent gives no legal answer: a seeded random legal action,
# or the first one listed.
FALLBACKS = ("random", "first")


class Transcript:
    """A JSON-lines file of every exchange with an agent, appended line by line."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)

    def write(self, entry: Mapping[str, Any]) -> None:
        """Append one entry as a line (the file and its folder are created when needed)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(entry, ensure_ascii=False) + "\n")
        except OSError as error:
            raise GameError(
                f"cannot write the transcript {str(self.path)!r}: {error.strerror or error}"
            ) from None


class AgentBot:
    """A bot whose decisions an ``Agent`` makes, within ``timeout`` seconds a decision.

    An answer that names no legal action is refused and the agent is asked again, told why,
    up to ``retries`` times; after that, or after the time limit, the ``fallback`` move is
    played (``FALLBACKS``) and the transcript records it. ``rules`` puts the game's rules at
    the head of every prompt.
    """

    def __init__(
        self,
        agent: Agent,
        seed: int = 0,
        timeout: float = 30.0,
        retries: int = 2,
        fallback: str = "random",
        transcript: Path | str | None = None,
        rules: bool = True,
        name: str = "agent",
    ) -> None:
        if not timeout > 0:
            raise GameError(f"timeout must be a number of seconds above 0, not {timeout!r}")
        if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
            raise GameError(f"retries must be a whole number from 0, not {retries!r}")
        if fallback not in FALLBACKS:
            raise GameError(f"fallback must be one of {', '.join(FALLBACKS)}, not {fallback!r}")
        self.agent = agent
        self.name = name
        self.rng = Rng(seed)
        self.timeout = float(timeout)
        self.retries = retries
        self.fallback = fallback
        self.rules = rules
        self.transcript = None if transcript is None else Transcript(transcript)
        self.fallbacks = 0  # decisions this bot made by its fallback

    def choose(self, state: State) -> Action:
        """The agent's action for ``state.current_player`` (or the fallback's)."""
        seat = state.current_player
        if seat is None:
            raise GameError("the game is over: there is nothing to decide")
        return state.resolve(self.decide(state.view(seat), state))

    def decide(self, view: Mapping[str, Any], state: State | None = None) -> str:
        """The action text the agent picks from ``view["legal_actions"]``, or the fallback's.

        ``state``, when given, only sharpens the reasons an answer is refused.
        """
        legal = list(view.get("legal_actions", []))
        if not legal:
            raise GameError("the view holds no legal actions: it is not this seat's turn")
        text = prompt(view, with_rules=self.rules)
        deadline = time.monotonic() + self.timeout
        error: str | None = None
        previous: str | None = None
        for attempt in range(self.retries + 1):
            request = Request(view, legal, text, attempt, error, previous)
            started = time.monotonic()
            entry = {**self._head(view), "attempt": attempt}
            try:
                exchange = self.agent.ask(request, max(0.001, deadline - started))
            except AgentTimeout:
                why = f"no answer within {self.timeout:g} s"
                entry.update(outcome="timeout", error=why, seconds=_since(started))
                self._record(entry)
                return self._fall_back(view, legal, why)
            except AgentError as failure:
                entry.update(outcome="failed", error=str(failure), seconds=_since(started))
                self._record(entry)
                raise
            entry.update(sent=exchange.sent, answer=exchange.answer, seconds=_since(started))
            if exchange.problem is None:
                try:
                    action = match_reply(exchange.action, legal, view, state)
                except NotUnderstood as refusal:
                    error = str(refusal)
                else:
                    entry.update(outcome="played", action=action)
                    self._record(entry)
                    return action
            else:
                error = exchange.problem
            previous = exchange.answer
            entry.update(outcome="refused", error=error)
            self._record(entry)
        return self._fall_back(view, legal, f"no legal answer in {self.retries + 1} attempts")

    def _fall_back(self, view: Mapping[str, Any], legal: list[str], why: str) -> str:
        action = self.rng.choice(legal) if self.fallback == "random" else legal[0]
        self.fallbacks += 1
        self._record(
            {
                **self._head(view),
                "outcome": "fallback",
                "fallback": self.fallback,
                "error": why,
                "action": action,
            }
        )
        return action

    def _head(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """What every transcript line starts with: when, who, and which decision."""
        return {
            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "agent": self.agent.label,
            "game": view.get("game"),
            "seat": view.get("seat"),
            "move": view.get("move"),
        }

    def _record(self, entry: Mapping[str, Any]) -> None:
        if self.transcript is not None:
            self.transcript.write(entry)

    def close(self) -> None:
        """Stop the agent (its program, its connection)."""
        self.agent.close()


def _since(started: float) -> float:
    return round(time.monotonic() - started, 3)
