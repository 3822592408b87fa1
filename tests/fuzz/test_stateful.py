"""Stateful fuzzing of every registered game: legal and illegal input interleaved with
clones, determinizations and replays, and every promise checked after each step.

Hypothesis drives one game at a time: any player count and options, then a mix of legal
actions (as objects, as texts, as texts typed loosely), runs of random play, inputs that
must be refused (wrong types, other games' texts, texts legal at other moments, huge and
unicode strings, a legal list the caller changed), and checks that copy, guess at or rebuild
the state. A game added to the registry is fuzzed with no change here; its own invariants
come from ``tests/fuzz/<game>.py``.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import parlour
from parlour.core import Action, Event, Rng, State

from .invariants import (
    WRONG_TYPES,
    check_clone,
    check_determinize,
    check_illegal,
    check_replay,
    check_step,
    check_views,
    checks_for,
    every_text,
    follow,
    is_legal_input,
    normalised,
    play_randomly,
)

NAMES = parlour.game_names()

# Texts that look like actions, or like nothing: any unicode, huge, empty, blank.
junk = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="ascii"), max_size=12),
    st.sampled_from(["", " ", "\t\n", "pass pass", "end  turn", "\x00", "\u00b2", "\u0663"]),
    st.just("\uff50\uff41\uff53\uff53"),  # "pass" in full-width letters
    st.builds(
        lambda word, n: word * n,
        st.sampled_from(["x", "play ", "é", "🂡 "]),
        st.integers(1, 200_000),
    ),
)

# Digits that ``str.isdigit`` accepts and ``int`` does not (superscripts), or that ``int``
# reads (Arabic-Indic): neither names a seat.
SUPERSCRIPT_DIGITS = str.maketrans(
    "0123456789", "\u2070\u00b9\u00b2\u00b3" + "".join(chr(0x2074 + i) for i in range(6))
)
ARABIC_DIGITS = str.maketrans("0123456789", "".join(chr(0x0660 + i) for i in range(10)))


def loosely(text: str, shout: bool, spaces: str) -> str:
    """A legal text as a person may type it: in capitals, with extra spaces around words."""
    typed = text.upper() if shout else text
    return spaces + typed.replace(" ", spaces + " ") + spaces


class GameMachine(RuleBasedStateMachine):
    """One game of ``name`` played and poked at; every step checked."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.checks = checks_for(name)
        self.state: State | None = None
        self.seen: set[str] = set()  # texts legal at some moment of this game
        self.guess: tuple[int | None, State] | None = None  # followed while it looks alike

    # -- the game and its steps --------------------------------------------------------------

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        game = parlour.load(self.name)
        players = data.draw(st.integers(game.min_players, game.max_players), label="players")
        options = self.checks.options(lambda items: data.draw(st.sampled_from(items)), players)
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        note(f"{self.name}.new_game({players}, seed={seed}, **{options!r})")
        self.state = game.new_game(players, seed=seed, **options)
        self.space = frozenset(game.action_space(players, **options))
        self.seen.update(a.text for a in self.state.legal_actions())

    @property
    def live(self) -> State:
        assert self.state is not None
        return self.state

    def step(self, action: Action | str) -> list[Event]:
        """Apply a legal input, check the step, and let the followed guess take it too."""
        state = self.live
        text = normalised(action if isinstance(action, str) else action.text)
        assert text in self.space, f"{text!r} is legal but not in the action space"
        events = state.apply(action)
        check_step(state, events, self.checks)
        for event in events:
            assert json.loads(json.dumps(event.to_dict())) == event.to_dict()
        self.seen.update(a.text for a in state.legal_actions())
        if self.guess is not None:
            seat, guess = self.guess
            if not follow(state, guess, seat, text, events, self.checks):
                self.guess = None
        return events

    # -- legal play ----------------------------------------------------------------------------

    @precondition(lambda self: not self.live.is_over)
    @rule(index=st.integers(0, 10_000), form=st.sampled_from(["object", "text", "typed"]))
    def act(self, index: int, form: str) -> None:
        legal = self.live.legal_actions()
        action = legal[index % len(legal)]
        if form == "object":
            self.step(action)
        elif form == "text":
            self.step(action.text)
        else:
            self.step(loosely(action.text, index % 2 == 0, " " * (1 + index % 3)))

    @precondition(lambda self: not self.live.is_over)
    @rule(steps=st.integers(1, 150), seed=st.integers(0, 2**32 - 1))
    def run(self, steps: int, seed: int) -> None:
        rng = Rng(seed)
        for _ in range(steps):
            if self.live.is_over:
                break
            legal = self.live.legal_actions()
            self.step(legal[rng.below(len(legal))])

    # -- illegal input -------------------------------------------------------------------------

    def offer(self, action: object) -> None:
        """Apply an input that may or may not be legal; an illegal one must be refused."""
        if is_legal_input(self.live, action):
            self.step(action)  # type: ignore[arg-type]  # a legal action or text
        else:
            check_illegal(self.live, action, self.checks.CACHES)

    @rule(value=st.sampled_from(WRONG_TYPES))
    def wrong_type(self, value: object) -> None:
        self.offer(value)

    @rule(text=junk, wrapped=st.booleans())
    def junk_text(self, text: str, wrapped: bool) -> None:
        self.offer(Action(text) if wrapped else text)

    @rule(data=st.data(), wrapped=st.booleans())
    def other_games_text(self, data: st.DataObject, wrapped: bool) -> None:
        other = data.draw(st.sampled_from([n for n in NAMES if n != self.name] or NAMES))
        text = data.draw(st.sampled_from(every_text(other)), label="text")
        self.offer(Action(text) if wrapped else text)

    @rule(data=st.data())
    def text_of_another_moment(self, data: st.DataObject) -> None:
        """A text of this game legal at another moment (another seat's turn, an earlier
        step), or now, and mangled: a word added, a number changed, odd digits."""
        pools = [sorted(self.seen), sorted(self.space), [a.text for a in self.live.legal_actions()]]
        pool = data.draw(st.sampled_from(pools)) or sorted(self.seen)
        text = data.draw(st.sampled_from(pool), label="text")
        mangled = data.draw(
            st.sampled_from(
                [
                    text,
                    text + " 0",
                    text + " on 9",
                    text.rsplit(" ", 1)[0] + " 99",
                    text.translate(SUPERSCRIPT_DIGITS),
                    text.translate(ARABIC_DIGITS),
                ]
            )
        )
        self.offer(mangled)

    @precondition(lambda self: not self.live.is_over)
    @rule(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 60))
    def action_of_a_later_moment(self, seed: int, steps: int) -> None:
        """An action object legal in a clone played on, even after being slipped into the
        list ``legal_actions`` gave (the caller's to change), is refused unless legal here."""
        later = self.live.clone()
        rng = Rng(seed)
        for _ in range(steps):
            if later.is_over:
                break
            legal = later.legal_actions()
            later.apply(legal[rng.below(len(legal))])
        candidates = later.legal_actions()
        if not candidates:
            return
        action = candidates[rng.below(len(candidates))]
        if is_legal_input(self.live, action):
            self.step(action)
            return

        def slip_in(state: State) -> None:
            offered = state.legal_actions()
            offered.append(action)
            offered.insert(0, action)

        check_illegal(self.live, action, self.checks.CACHES, slip_in)

    @precondition(lambda self: self.live.is_over)
    @rule(data=st.data())
    def after_the_end(self, data: st.DataObject) -> None:
        text = data.draw(st.sampled_from(sorted(self.seen)))
        check_illegal(self.live, text, self.checks.CACHES)

    # -- copies, guesses and replays -----------------------------------------------------------

    @rule(seed=st.integers(0, 2**32 - 1))
    def clone(self, seed: int) -> None:
        self.guess = None  # the original plays on inside the check, without its guess
        check_clone(self.live, seed, self.checks, steps=20)

    @rule(data=st.data(), seed=st.integers(0, 2**32 - 1))
    def determinize(self, data: st.DataObject, seed: int) -> None:
        seat = data.draw(st.sampled_from([*range(self.live.players), None]), label="seat")
        guess = check_determinize(self.live, seat, seed, self.checks)
        play_randomly(guess, Rng(seed), 30, self.checks)
        if data.draw(st.booleans(), label="follow"):
            self.guess = (seat, check_determinize(self.live, seat, seed + 1, self.checks))

    @rule(data=st.data())
    def replay(self, data: st.DataObject) -> None:
        moves = self.live.move_number
        upto = data.draw(st.one_of(st.none(), st.integers(0, moves)), label="upto")
        check_replay(self.live, self.checks, upto)

    @rule()
    def views(self) -> None:
        check_views(self.live)
        self.checks.full(self.live)

    @invariant()
    def promises_hold(self) -> None:
        if self.state is not None:
            check_step(self.state, [], self.checks)


@pytest.mark.parametrize("name", NAMES)
def test_fuzz_the_game(name: str, fuzz_settings: settings) -> None:
    def machine() -> GameMachine:
        return GameMachine(name)

    run_state_machine_as_test(machine, settings=fuzz_settings)


def test_every_game_has_its_invariants() -> None:
    for name in NAMES:
        checks = checks_for(name)
        for member in ("options", "cheap", "full", "CACHES"):
            assert hasattr(checks, member), f"tests/fuzz/{name}.py has no {member}"
