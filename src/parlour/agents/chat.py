"""A language model as a player: any chat-completion endpoint of the OpenAI form.

``POST {base}/chat/completions`` with ``{"model", "messages", "temperature"}`` answering
``{"choices": [{"message": {"content": "..."}}]}`` is what most local model servers speak
(llama.cpp's server, Ollama, vLLM, LM Studio) as well as hosted ones. The rules go in the
system message, the table and the numbered legal actions in the user message; a refused
answer stays in the conversation, followed by why it was refused.
"""

from __future__ import annotations

import json
import os
import re
import socket
import urllib.error
import urllib.request
from typing import Any

from ..core import load
from ..core.views import seat_name
from .protocol import AgentError, AgentTimeout, Exchange, Request
from .text import ANSWER, prompt, rules

__all__ = ["ChatAgent"]

# Reasoning models think aloud between these tags before they answer.
_THINKING = re.compile(r"<think>.*?</think>", re.DOTALL)
_SCHEMES = ("http://", "https://")


class ChatAgent:
    """A model behind a chat-completion endpoint, one conversation per decision."""

    def __init__(
        self,
        base: str,
        model: str,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        key_env: str | None = None,
    ) -> None:
        if not base.startswith(_SCHEMES):
            raise AgentError(f"the endpoint must be an http:// or https:// URL, not {base!r}")
        if not model:
            raise AgentError("say which model the endpoint should run (model=NAME)")
        self.url = base.rstrip("/") + "/chat/completions"
        self.model = model
        self.temperature = float(temperature)
        self.max_tokens = max_tokens
        self.key = None
        if key_env is not None:
            self.key = os.environ.get(key_env)
            if not self.key:
                raise AgentError(f"the environment variable {key_env} holding the key is not set")
        self.label = f"{model} at {base}"
        self._messages: list[dict[str, str]] = []

    def messages(self, request: Request) -> list[dict[str, str]]:
        """The conversation for ``request``: a new one on a first attempt, else continued."""
        if request.attempt == 0 or not self._messages:
            game = str(request.view["game"])
            seat = request.view.get("seat")
            who = seat_name(seat) if isinstance(seat, int) else "a spectator"
            system = (
                f"You are playing {load(game).title} as {who}. The rules in brief:\n"
                f"{rules(game)}\n\n{ANSWER}"
            )
            self._messages = [
                {"role": "system", "content": system},
                {"role": "user", "content": prompt(request.view, with_rules=False)},
            ]
        else:
            self._messages += [
                {"role": "assistant", "content": request.previous or ""},
                {"role": "user", "content": f"That was not accepted: {request.error}. {ANSWER}"},
            ]
        return list(self._messages)

    def ask(self, request: Request, timeout: float) -> Exchange:
        """The model's reply to the conversation for ``request``, within ``timeout``."""
        body: dict[str, Any] = {
            "model": self.model,
            "messages": self.messages(request),
            "temperature": self.temperature,
        }
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        headers = {"Content-Type": "application/json"}
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        sent = urllib.request.Request(
            self.url, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(sent, timeout=timeout) as answer:
                raw = answer.read()
        except urllib.error.HTTPError as error:
            detail = error.read()[:300].decode("utf-8", "replace")
            raise AgentError(
                f"the chat endpoint {self.url} answered {error.code} {error.reason}: {detail}"
            ) from None
        except TimeoutError:
            raise AgentTimeout(f"no answer within {timeout:g} s") from None
        except urllib.error.URLError as error:
            if isinstance(error.reason, TimeoutError | socket.timeout):
                raise AgentTimeout(f"no answer within {timeout:g} s") from None
            raise AgentError(f"cannot reach the chat endpoint {self.url}: {error.reason}") from None
        try:
            content = json.loads(raw)["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise AgentError(
                f"the chat endpoint {self.url} did not answer a chat completion: {raw[:200]!r}"
            ) from None
        reply = str(content or "")
        return Exchange(body, reply, action=_THINKING.sub("", reply).strip())

    def close(self) -> None:
        """Nothing is held between requests."""
        self._messages = []
