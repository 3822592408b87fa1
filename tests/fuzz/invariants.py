"""The promises of API.md that hold for any state of any game, as checks on a state.

``check_step`` is cheap and runs after every action; the others cost a view per seat, a
determinization, a clone played on or a replay, and run at chosen moments. Each raises an
``AssertionError`` naming the broken promise. What a game adds (its cards conserved, its
counters never negative, its scores recomputed from public information) lives in the
game's own module beside this one (``fuzz.<game>``), reached through ``checks_for``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from types import ModuleType
from typing import Any

import parlour
from parlour.core import Action, Event, Rng, State

Pick = Callable[[Sequence[Any]], Any]  # chooses one of a sequence (hypothesis or a seeded Rng)

COMMON_KEYS = {"game", "players", "current_player", "is_over", "scores", "move"}
MAX_MESSAGE = 1_000  # an IllegalAction message is a sentence and a few examples, whatever the input
# Inputs of the wrong type: none of them is an action or an action text.
WRONG_TYPES: tuple[object, ...] = (
    None,
    0,
    7,
    -1,
    3.5,
    True,
    b"pass",
    ["pass"],
    ("end", "turn"),
    {"text": "pass"},
    object(),
    Ellipsis,
    ValueError("pass"),
)
MISSING = object()


def checks_for(name: str) -> ModuleType:
    """The module of a game's own invariants, ``fuzz.<name>``; every game needs one."""
    try:
        return importlib.import_module(f"fuzz.{name}")
    except ModuleNotFoundError as error:
        raise AssertionError(
            f"the game {name!r} has no invariants module: write tests/fuzz/{name}.py "
            "(options, cheap, full, like tests/fuzz/fearless.py)"
        ) from error


def picker(rng: Rng) -> Pick:
    """A ``Pick`` drawing uniformly from a seeded generator."""
    return lambda items: items[rng.below(len(items))]


# -- what a state holds, for equality -------------------------------------------------------------


def snapshot(state: State, ignore: Iterable[str] = ()) -> dict[str, Any]:
    """Every field of a state, deeply, so that equal snapshots mean states that behave alike.

    Fields are read from the ``__slots__`` of the state's classes. The journal (the history
    and log chain) is taken by identity, as a chain never changes once made; ``ignore``
    leaves out fields such as caches, or the journal where it is compared through the log.
    """
    skipped = set(ignore)
    out: dict[str, Any] = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name in skipped or name in out:
                continue
            value = getattr(state, name, MISSING)
            out[name] = ("chain", id(value)) if name == "_journal" else frozen(value)
    return out


def frozen(value: Any) -> Any:
    """A value's contents as nested tuples, for equality.

    Actions are their texts (they are frozen, and equal when their texts are); the
    package's objects kept in slots (a generator, a game's setup, a deal's table) are opened;
    other objects (cached card tables and move lists, card models) are constants shared by
    every state of a card set, taken by identity.
    """
    kind = type(value)
    if kind in _ATOMS:
        return value
    if isinstance(value, list | tuple):
        if all(type(v) in _ATOMS for v in value):
            return (kind.__name__, tuple(value))
        return (kind.__name__, tuple(frozen(v) for v in value))
    if kind is dict:
        return ("dict", tuple((k, frozen(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(frozen(v) for v in value))
    if isinstance(value, Action):
        return (kind.__name__, value.text)
    slots = _slots(kind)
    if slots:
        return (kind.__name__, tuple((n, frozen(getattr(value, n, MISSING))) for n in slots))
    return ("object", id(value))


@cache
def _slots(kind: type) -> tuple[str, ...]:
    """The fields of a class of the package kept in slots alone (else none: not opened)."""
    if not kind.__module__.startswith("parlour.") or "__dict__" in dir(kind):
        return ()
    return tuple(n for cls in kind.__mro__ for n in getattr(cls, "__slots__", ()))


_ATOMS = frozenset({int, float, str, bool, bytes, type(None)})


def seats(state: State) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(state.players), None]


def all_views(state: State) -> list[dict[str, Any]]:
    """The view of every seat and the spectator's."""
    return [state.view(seat) for seat in seats(state)]


def log_dicts(state: State) -> list[dict[str, Any]]:
    """The whole log, unredacted, as JSON dicts."""
    return [event.to_dict() for event in state.log]


def public_log(state: State) -> list[tuple[str, dict[str, Any]]]:
    """The log as spectators see it: each event's kind and fields (no sentences rendered)."""
    return [(event.kind, event.for_seat(None).fields()) for event in state.log]


# -- after every action ---------------------------------------------------------------------------


def check_step(state: State, events: Sequence[Event], checks: ModuleType) -> None:
    """The cheap promises after an action: who moves, the moves open, the game's own counts,
    and events that redact every private field for every other seat."""
    if state.is_over:
        assert state.current_player is None, "a finished game still names a seat to move"
        assert state.legal_actions() == [], "a finished game still offers actions"
        assert state.winners(), "a finished game has no winner"
    else:
        assert state.current_player in range(state.players), "no seat to move in a live game"
        assert state.legal_actions(), "a live game offers no action"
    checks.cheap(state)
    for event in events:
        check_redacted(event, state.players)


def check_redacted(event: Event, players: int, every_seat: bool = True) -> None:
    """For every seat and the spectator, an event's private fields are hidden unless the
    event names that seat as the one it shows them to (not ``every_seat``: the spectator
    and the seat after that one, the fast check of long runs)."""
    private = type(event)._private
    if not private:
        return
    shown_to = type(event).shown_to
    owner = None if shown_to is None else getattr(event, shown_to)
    readers = [*range(players), None] if every_seat else [None, ((owner or 0) + 1) % players]
    for seat in readers:
        if seat is not None and seat == owner:
            continue
        seen = event.for_seat(seat)
        leaked = [name for name in private if getattr(seen, name) is not None]
        assert not leaked, f"{event.kind} event shows {leaked} to seat {seat}: {event.to_dict()}"


# -- illegal input --------------------------------------------------------------------------------


def normalised(text: str) -> str:
    """How ``apply`` reads an action text: lowercase, single spaces."""
    return " ".join(text.lower().split())


def is_legal_input(state: State, action: object) -> bool:
    """Whether ``apply`` must accept ``action``: a legal action, or a text naming one."""
    text = action if isinstance(action, str) else getattr(action, "text", None)
    if not isinstance(action, str | Action) or not isinstance(text, str):
        return False
    return normalised(text) in {a.text for a in state.legal_actions()}


def check_illegal(
    state: State,
    action: object,
    ignore: Iterable[str] = (),
    just_before: Callable[[State], None] | None = None,
    thorough: bool = True,
) -> None:
    """An illegal input raises ``IllegalAction`` with a bounded message and changes nothing:
    the state's every field (and, ``thorough``, its views, log and record) as before.
    ``just_before`` is run right before the input is given."""
    before = snapshot(state, ignore)
    if thorough:
        views = all_views(state)
        record = state.record() if not is_determinized(state) else None
        log = log_dicts(state)
    if just_before is not None:
        just_before(state)
    try:
        state.apply(action)  # type: ignore[arg-type]  # the wrong types are the point
    except parlour.IllegalAction as error:
        message = str(error)
        assert isinstance(error, parlour.GameError) and isinstance(error, ValueError)
        assert "legal" in message, f"the refusal lists nothing legal: {message!r}"
        assert len(message) <= MAX_MESSAGE, f"a refusal of {len(message):,} characters"
    else:
        raise AssertionError(f"{shown(action)} was accepted though not legal")
    assert snapshot(state, ignore) == before, f"refusing {shown(action)} changed the state"
    if not thorough:
        return
    assert all_views(state) == views, f"refusing {shown(action)} changed a view"
    assert log_dicts(state) == log, f"refusing {shown(action)} changed the log"
    if record is not None:
        assert state.record() == record, f"refusing {shown(action)} changed the record"


def shown(action: object) -> str:
    """An input as a message quotes it, cut short."""
    text = repr(action)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text):,} characters)"


def is_determinized(state: State) -> bool:
    """Whether a state is a determinization (which has no record)."""
    return bool(state._setup.determinized)


# -- at chosen moments ----------------------------------------------------------------------------


def check_views(state: State) -> None:
    """Every view is JSON with the common keys and agrees with the state; no other seat's
    view carries the legal actions."""
    for seat in seats(state):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, f"the view of seat {seat} is not JSON"
        assert set(view) >= COMMON_KEYS, f"the view lacks {COMMON_KEYS - set(view)}"
        assert view["current_player"] == state.current_player
        assert view["is_over"] == state.is_over
        assert view["scores"] == state.scores()
        assert view["move"] == state.move_number
        if seat is not None and seat == state.current_player:
            assert view["legal_actions"] == [a.text for a in state.legal_actions()]
        else:
            assert "legal_actions" not in view, f"seat {seat} is shown another seat's actions"


def check_clone(state: State, seed: int, checks: ModuleType, steps: int = 40) -> None:
    """A clone equals the original and each goes its own way without touching the other."""
    ignore = checks.CACHES
    before = snapshot(state, ignore)
    views = all_views(state)
    copy = state.clone()
    assert snapshot(copy, ignore) == before, "a clone differs from its original"
    play_randomly(copy, Rng(seed), steps, checks)
    assert snapshot(state, ignore) == before, "playing a clone changed its original"
    assert all_views(state) == views
    copy = state.clone()
    play_randomly(state, Rng(seed + 1), steps, checks)
    assert snapshot(copy, ignore) == before, "playing the original changed its clone"
    assert all_views(copy) == views


def check_determinize(state: State, seat: int | None, seed: int, checks: ModuleType) -> State:
    """A determinization looks the same to ``seat`` (and to spectators), and depends only on
    that view and the seed: a lookalike state determinizes to the same state. Returns it."""
    guess = state.determinize(seat, seed)
    assert guess.view(seat) == state.view(seat), f"determinize changed seat {seat}'s view"
    assert guess.view(None) == state.view(None), "determinize changed the public view"
    assert is_determinized(guess)
    lookalike = state.determinize(seat, seed ^ 0x5EED)
    again = lookalike.determinize(seat, seed)
    ignore = (*checks.CACHES, "_journal")
    assert snapshot(again, ignore) == snapshot(guess, ignore), (
        f"two states alike for seat {seat} determinize differently with the same seed"
    )
    checks.full(guess)
    return guess


def check_replay(state: State, checks: ModuleType, upto: int | None = None) -> None:
    """The record survives JSON and replays to an equal state (its first ``upto`` actions
    to a state that goes on to the same one)."""
    record = json.loads(json.dumps(state.record()))
    again = parlour.replay(record, upto=upto)
    for text in record["actions"][len(again.history) :]:
        again.apply(text)
    ignore = (*checks.CACHES, "_journal")
    assert snapshot(again, ignore) == snapshot(state, ignore), "the replay differs from the game"
    assert again.log == state.log, "the replay's log differs from the game's"
    assert again.record() == state.record()


def follow(
    real: State,
    guess: State,
    seat: int | None,
    text: str,
    events: Sequence[Event],
    checks: ModuleType,
) -> bool:
    """After ``real`` took ``text`` (causing ``events``), a determinization of it for
    ``seat`` takes it too; while the seat cannot tell the two apart, the events it is shown
    must agree, else they would leak what it cannot see.

    Whether the guess still follows: it stops where the action is not legal there, where
    chance has told the two apart (the views differ), and where what everyone is shown
    differs: then public information the view does not keep (the order of a draw and a
    reshuffle, say) tells them apart, which is no leak of what the seat may not see."""
    if text not in {a.text for a in guess.legal_actions()}:
        return False
    guessed = guess.apply(text)
    check_step(guess, guessed, checks)
    if guess.view(seat) != real.view(seat):
        return False
    if [e.to_dict(None) for e in events] != [e.to_dict(None) for e in guessed]:
        return False
    mine = [e.to_dict(seat) for e in events]
    theirs = [e.to_dict(seat) for e in guessed]
    if mine != theirs and seat is not None and _only_own_arrivals_differ(mine, theirs, seat):
        # Cards that reached the seat's own hand in another order (received, then drawn):
        # chance told the two apart in what the seat itself may see, though its hand ends alike.
        return False
    assert mine == theirs, (
        f"after {text!r} the events shown to seat {seat} tell the game from a lookalike"
    )
    return True


def _only_own_arrivals_differ(
    mine: list[dict[str, Any]], theirs: list[dict[str, Any]], seat: int
) -> bool:
    """Whether the two event lists differ only in events of one kind about ``seat``'s own
    hand (what it drew or received)."""
    if len(mine) != len(theirs):
        return False
    return all(
        a == b or (a["kind"] == b["kind"] and a.get("seat") == seat == b.get("seat"))
        for a, b in zip(mine, theirs, strict=True)
    )


def play_randomly(state: State, rng: Rng, steps: int, checks: ModuleType) -> int:
    """Play up to ``steps`` random legal actions, checking each; the number played."""
    for played in range(steps):
        if state.is_over:
            return played
        legal = state.legal_actions()
        events = state.apply(legal[rng.below(len(legal))])
        check_step(state, events, checks)
    return steps


@cache
def every_text(name: str) -> tuple[str, ...]:
    """Every action text of a game at its largest table with default options."""
    game = parlour.load(name)
    return tuple(game.action_space(game.max_players))
