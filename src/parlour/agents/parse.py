"""Reading an answer as a legal action: its number, its text, or a near miss of either.

The terminal's prompt and every agent share this reader, so a person and a program are
understood the same way.
"""

from __future__ import annotations

import contextlib
import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import GameError, IllegalAction, State
from ..core.views import seat_name
from .text import aliases, normalise

__all__ = ["NotUnderstood", "closest", "match_action", "match_reply"]

_NUMBER = re.compile(r"[#(]?(\d+)[.):]?")
_NUMBERED = re.compile(r"(\d+)[.):]?\s+(.+)")
# Quotes, backticks and a final full stop around an answer are not part of it.
_WRAPPING = "\"'`*. "


class NotUnderstood(IllegalAction):
    """An answer that names no legal action; ``suggestions`` are the closest legal ones."""

    def __init__(self, why: str, legal: Sequence[str], suggestions: Sequence[str] = ()) -> None:
        super().__init__(why, legal)
        self.suggestions = tuple(suggestions)
        if self.suggestions:
            self.args = (f"{why}; did you mean: {', '.join(self.suggestions)}?",)


def _clean(text: str) -> str:
    """Lowercase, single spaces, without quotes or a full stop around it."""
    return " ".join(text.lower().split()).strip(_WRAPPING)


def _direct(text: str, legal: Sequence[str]) -> str | None:
    """The legal action ``text`` is, or the only one whose words after the verb it is."""
    if text in legal:
        return text
    same_args = [action for action in legal if action.partition(" ")[2] == text]
    return same_args[0] if len(same_args) == 1 else None


def _rewrite(text: str, view: Mapping[str, Any] | None) -> str:
    """``text`` with cards' names replaced by their ids and the game's spellings canonical."""
    if view is None:
        return text
    text = normalise(view.get("game"), text)
    names = {name: slug for name, slug in aliases(view).items() if name != slug}
    if not names:
        return text
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])(?:{pattern})(?![\w-])", lambda m: names[m.group(0)], text)


def closest(text: str, legal: Sequence[str], count: int = 3) -> list[str]:
    """Up to ``count`` legal actions most like ``text`` (as a whole, or without the verb)."""
    found = difflib.get_close_matches(text, legal, count, cutoff=0.5)
    by_args = {action.partition(" ")[2]: action for action in legal}
    for args in difflib.get_close_matches(text, list(by_args), count, cutoff=0.6):
        if by_args[args] not in found:
            found.append(by_args[args])
    return found[:count]


def match_action(
    entry: str,
    legal: Sequence[str],
    view: Mapping[str, Any] | None = None,
    state: State | None = None,
) -> str:
    """The legal action ``entry`` names, else ``NotUnderstood`` saying why, with suggestions.

    ``entry`` may be a number from 1, an action's text in any case and spacing, the text
    without its verb, a card's name instead of its id (given ``view``, which names the game
    and its cards), or a number followed by its action's text. With ``state`` the refusal
    gives the game's own reason (``Player 1 holds no green+2``), about the entry as typed.
    """
    typed = entry.strip()
    text = _clean(typed)
    if not legal:
        raise NotUnderstood("no action is legal now", legal)
    number = _NUMBER.fullmatch(text)
    if number is not None:
        chosen = int(number.group(1))
        if 1 <= chosen <= len(legal):
            return legal[chosen - 1]
        raise NotUnderstood(f"there is no choice {chosen}; choose 1 to {len(legal)}", legal)
    if view is None and state is not None and state.current_player is not None:
        view = {"game": state.game.name, "cards": state.options.get("cards")}
    rewritten = _rewrite(text, view)
    for candidate in (text, rewritten):
        found = _direct(candidate, legal)
        if found is not None:
            return found
    numbered = _NUMBERED.fullmatch(rewritten)
    if numbered is not None:
        chosen = int(numbered.group(1))
        if 1 <= chosen <= len(legal) and _direct(numbered.group(2), legal) == legal[chosen - 1]:
            return legal[chosen - 1]
    suggestions = closest(rewritten, legal)
    if state is None:
        raise NotUnderstood(f"{typed!r} is not a legal action now", legal, suggestions)
    try:
        return _explained(state, typed, rewritten, legal)
    except IllegalAction as error:
        raise NotUnderstood(error.why, legal, suggestions) from None


def _explained(state: State, typed: str, text: str, legal: Sequence[str]) -> str:
    """Raise the game's own reason why an entry is not legal (``IllegalAction``)."""
    # An entry without its verb ("green+2") that names one of the game's actions with the
    # only verb now legal is explained as that action ("Player 1 holds no green+2"); any
    # other entry is explained as typed, so the message quotes what the player wrote. Seats
    # are named as people count them, from 1 (the engine's own sentences count from 0).
    names = [seat_name(seat) for seat in range(state.players)]
    verbs = {action.partition(" ")[0] for action in legal}
    if len(verbs) == 1:
        with_verb = f"{next(iter(verbs))} {text}"
        try:
            space = state.game.action_space(state.players, **state.options)
        except GameError:
            space = []
        if with_verb in space and text.partition(" ")[0] not in {t.split()[0] for t in space}:
            return state.resolve(with_verb, names).text
    return state.resolve(typed, names).text


_LABEL = re.compile(r"^(?:final\s+)?(?:action|answer|move|choice)\s*[:=-]\s*", re.IGNORECASE)


def match_reply(
    reply: str,
    legal: Sequence[str],
    view: Mapping[str, Any] | None = None,
    state: State | None = None,
) -> str:
    """The legal action a free-form reply names (a language model's): the whole reply, else
    one of its lines (the last first, ``Action:`` and the like left off), else the only legal
    action it quotes; otherwise the refusal of the whole reply."""
    try:
        return match_action(reply, legal, view, state)
    except NotUnderstood as error:
        refusal = error
    for line in reversed([line for line in reply.splitlines() if line.strip()]):
        with contextlib.suppress(NotUnderstood):
            return match_action(_LABEL.sub("", line.strip()), legal, view, state)
    lowered = " ".join(reply.lower().split())
    quoted = {
        action
        for action in legal
        if re.search(rf"(?<![\w+-]){re.escape(action)}(?![\w+-])", lowered) is not None
    }
    if len(quoted) == 1:
        return quoted.pop()
    raise refusal
