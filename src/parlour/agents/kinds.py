"""The bot kinds that seat an agent: ``cmd:<command line>`` and ``llm:base=<url>:model=<name>``.

Settings ride before the command, or after the endpoint, each ``key=value`` and colon
separated: ``cmd:timeout=5:retries=1:python my_agent.py``,
``llm:base=http://127.0.0.1:8080/v1:model=qwen2.5:transcript=games/llm.jsonl``. The bot
settings are ``timeout`` (seconds a decision, default 30), ``retries`` (after an illegal
answer, default 2), ``fallback`` (``random`` or ``first``), ``transcript`` (a JSON-lines
file) and ``rules`` (``false`` leaves the rules out of the prompt); ``llm`` also takes
``temperature``, ``max_tokens`` and ``key_env`` (the environment variable holding an API key).
"""

from __future__ import annotations

import re
from typing import Any

from ..core import GameError
from ..core.settings import settings_of
from .chat import ChatAgent
from .player import AgentBot
from .program import ProgramAgent

__all__ = ["make"]

BOT_SETTINGS = ("timeout", "retries", "fallback", "transcript", "rules")
CHAT_SETTINGS = ("base", "model", "temperature", "max_tokens", "key_env")
USAGE = "cmd:<command line> or llm:base=<url>:model=<name>"

# A setting starts where a colon is followed by a known key and "=" (a URL's ":8080/" and
# "://" are not settings).
_SETTING = re.compile(r":(?=(?:" + "|".join(BOT_SETTINGS + CHAT_SETTINGS) + r")=)")
_LEADING = re.compile(r"(" + "|".join(BOT_SETTINGS) + r")=([^:]*):")


def _value(key: str, text: str) -> Any:
    """A setting's value from its text, as the setting needs it."""
    try:
        if key in ("timeout", "temperature"):
            return float(text)
        if key in ("retries", "max_tokens"):
            return int(text)
    except ValueError:
        raise GameError(f"the agent setting {key} must be a number, not {text!r}") from None
    if key == "rules":
        if text.lower() not in ("true", "false"):
            raise GameError(f"the agent setting rules must be true or false, not {text!r}")
        return text.lower() == "true"
    return text


def _split(kind: str, spec: str) -> tuple[str, dict[str, Any]]:
    """The command (``cmd``) or ``""`` (``llm``), and the settings written in ``spec``."""
    settings: dict[str, Any] = {}
    if kind == "cmd":
        while (leading := _LEADING.match(spec)) is not None:
            settings[leading.group(1)] = _value(leading.group(1), leading.group(2))
            spec = spec[leading.end() :]
        return spec.strip(), settings
    for key, text in settings_of(_SETTING.split(spec), f"llm:{spec}").items():
        if key not in BOT_SETTINGS + CHAT_SETTINGS:
            raise GameError(f"bad setting {key!r} in llm:{spec}: use key=value ({USAGE})")
        settings[key] = _value(key, text)
    return "", settings


def make(name: str, seed: int = 0, **overrides: Any) -> AgentBot:
    """The bot for an agent name such as ``cmd:python agent.py``; ``GameError`` if bad.

    Nothing starts yet: a program is started, or an endpoint asked, at the first decision.
    """
    kind, _, spec = name.strip().partition(":")
    kind = kind.lower()
    if kind not in ("cmd", "llm"):
        raise GameError(f"{name!r} is not an agent: write {USAGE}")
    command, settings = _split(kind, spec)
    settings.update(overrides)
    bot_settings = {key: settings.pop(key) for key in BOT_SETTINGS if key in settings}
    if kind == "cmd":
        if settings:
            raise GameError(f"a cmd agent takes no setting {sorted(settings)[0]!r}")
        if not command:
            raise GameError(f"say which program to run: {USAGE}")
        agent: ProgramAgent | ChatAgent = ProgramAgent(command)
    else:
        unknown = sorted(set(settings) - set(CHAT_SETTINGS))
        if unknown:
            raise GameError(f"an llm agent takes no setting {unknown[0]!r}")
        if "base" not in settings or "model" not in settings:
            raise GameError(f"an llm agent needs base= and model=: {USAGE}")
        agent = ChatAgent(**settings)
    try:
        return AgentBot(agent, seed=seed, name=kind, **bot_settings)
    except TypeError as error:
        raise GameError(f"bad settings for the {kind} agent: {error}") from None
