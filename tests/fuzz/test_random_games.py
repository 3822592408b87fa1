"""Ten thousand random games of every game (Fool's Blade, whose games are long: 2,500),
every step checked, with zero violations.

Each game has its own player count (all of them in turn) and options (the game's module in
``tests/fuzz`` mixes them), and is played to its end by uniformly random legal actions.
After every action the cheap promises are checked (who moves, cards conserved, counters at
0 or above, private event fields redacted); at one sampled moment a game also checks
every view, its own full invariants (scores recomputed from public information), a
determinization (followed while it looks alike, its events compared), and an illegal input;
every tenth game its record replays to an equal state, and a clone of its middle is played
apart from it. The games of each game are split into chunks so that pytest-xdist's workers
share them; each chunk prints its tally (``-rP`` shows them).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

import pytest

import parlour
from parlour.core import Rng, State

from .invariants import (
    check_clone,
    check_determinize,
    check_illegal,
    check_redacted,
    check_replay,
    check_views,
    checks_for,
    every_text,
    follow,
    picker,
)

GAMES = 10_000  # random games of each game, but:
# A random Fool's Blade game lasts some 1,800 actions, nine times a Fearless or Citadels one:
# a quarter as many still check twice the actions of either. At 5,000 they were a third of
# the whole suite's processor time (docs/testing.md).
GAMES_OF = {"foolsblade": 2_500}
# Tests per game, shared by the workers; prime to every game's number of player counts (3, 5
# and 6), so that each chunk plays every player count.
CHUNKS = 7
REPLAY_EVERY = 10  # games between two replays of a whole record, and two clone checks
# `make test` plays each game's first chunk (a seventh of its games); `make test-long` the
# other six (docs/testing.md).
CASES = [
    pytest.param(name, chunk, id=f"{name}-{chunk}", marks=[pytest.mark.long] if chunk else [])
    for name in parlour.game_names()
    for chunk in range(CHUNKS)
]


@dataclass
class Tally:
    """What the games of a chunk did: games, actions checked, sampled moments."""

    games: int = 0
    steps: int = 0
    sampled: int = 0


def players_of(name: str, number: int) -> int:
    """The player count of random game ``number`` of ``name``: all of them in turn."""
    game = parlour.load(name)
    return game.min_players + number % (game.max_players - game.min_players + 1)


def play_checked(
    name: str, number: int, checks: ModuleType, tally: Tally, sample_within: int = 100
) -> State:
    """Random game ``number`` of ``name``, played to its end and checked as it goes; its
    sampled moment is a random step among the first ``sample_within``."""
    game = parlour.load(name)
    rng = Rng(f"{name}:{number}")
    players = players_of(name, number)
    options = checks.options(picker(rng), players)
    state = game.new_game(players, seed=number, **options)
    cheap = checks.cheap
    sample = 1 + rng.below(sample_within)
    guess: tuple[int | None, State] | None = None
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action at step {steps}"
        action = legal[rng.below(len(legal))]
        events = state.apply(action)
        steps += 1
        cheap(state)
        for event in events:
            if type(event)._private:
                check_redacted(event, players, every_seat=False)
        if guess is not None and not follow(state, guess[1], guess[0], action.text, events, checks):
            guess = None
        if steps == sample:
            tally.sampled += 1
            guess = sampled_checks(state, rng, checks)
    assert state.current_player is None and state.winners() and state.legal_actions() == []
    scores = state.scores()
    best = min(scores) if game.lower_score_wins else max(scores)
    assert state.winners() == [seat for seat, score in enumerate(scores) if score == best]
    check_views(state)
    checks.full(state)
    check_illegal(state, legal[0], checks.CACHES, thorough=False)
    tally.games += 1
    tally.steps += steps
    return state


def sampled_checks(state: State, rng: Rng, checks: ModuleType) -> tuple[int | None, State] | None:
    """The costly promises at one moment; a determinization to follow from here."""
    check_views(state)
    checks.full(state)
    seat = [*range(state.players), None][rng.below(state.players + 1)]
    guess = check_determinize(state, seat, rng.below(1 << 32), checks)
    if not state.is_over:
        texts = every_text(parlour.game_names()[rng.below(len(parlour.game_names()))])
        legal = {a.text for a in state.legal_actions()}
        text = texts[rng.below(len(texts))]
        if text not in legal:
            check_illegal(state, text, checks.CACHES, thorough=False)
    return (seat, guess)


@pytest.mark.parametrize("name", parlour.game_names())
def test_each_chunk_plays_every_player_count(name: str) -> None:
    game = parlour.load(name)
    every = set(range(game.min_players, game.max_players + 1))
    for chunk in range(CHUNKS):
        played = {players_of(name, n) for n in range(chunk, GAMES_OF.get(name, GAMES), CHUNKS)}
        assert played == every, f"chunk {chunk} of {name} plays {sorted(played)}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "chunk"), CASES)
def test_random_games_break_no_promise(name: str, chunk: int) -> None:
    checks = checks_for(name)
    tally = Tally()
    steps = 100
    games = range(chunk, GAMES_OF.get(name, GAMES), CHUNKS)
    for number in games:
        # The sampled moment falls anywhere in a game as long as the one before.
        state = play_checked(name, number, checks, tally, sample_within=steps)
        steps = max(1, state.move_number)
        if number // CHUNKS % REPLAY_EVERY == 0:
            check_replay(state, checks)
            check_clone(parlour.replay(state.record(), upto=state.move_number // 2), number, checks)
    assert tally.games == len(games)
    print(
        f"{name} chunk {chunk}: {tally.games} games, {tally.steps} actions, {tally.sampled} samples"
    )
