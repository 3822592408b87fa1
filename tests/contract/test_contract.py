"""The public contract of API.md, checked on every registered game at every player count.

A game added to the registry runs this suite with no change here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
from parlour.core import Rng, State

MAX_ACTIONS = 20_000
COMMON_KEYS = {"game", "players", "current_player", "is_over", "scores"}

CASES = [
    (name, players)
    for name in parlour.game_names()
    for players in range(parlour.load(name).min_players, parlour.load(name).max_players + 1)
]
IDS = [f"{name}-{players}p" for name, players in CASES]


def playout(state: State, seed: int, limit: int = MAX_ACTIONS) -> list[str]:
    """Play random legal actions until the game ends (or ``limit``); the texts played."""
    rng = Rng(seed)
    texts = []
    while not state.is_over and len(texts) < limit:
        actions = state.legal_actions()
        action = actions[rng.below(len(actions))]
        texts.append(action.text)
        state.apply(action)
    return texts


def advanced(name: str, players: int, seed: int, steps: int) -> State:
    """A game after ``steps`` random actions (fewer if it ends first)."""
    state = parlour.load(name).new_game(players, seed=seed)
    playout(state, seed + 1000, limit=steps)
    return state


def seats(state: State) -> list[int | None]:
    return [*range(state.players), None]


def all_views(state: State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in seats(state)]


def play_same(a: State, b: State, seed: int, steps: int) -> None:
    """Apply the same random action texts to two states, checking their views stay equal."""
    rng = Rng(seed)
    for _ in range(steps):
        assert a.current_player == b.current_player
        if a.is_over:
            assert b.is_over
            return
        texts = [x.text for x in a.legal_actions()]
        assert texts == [x.text for x in b.legal_actions()]
        text = texts[rng.below(len(texts))]
        a.apply(text)
        b.apply(text)
        assert all_views(a) == all_views(b)


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> tuple[str, int]:
    return request.param  # type: ignore[no-any-return]  # pytest types param as Any


POINTS = (0, 7, 40, 150)  # actions into the game where several checks look


def test_random_playouts_end_with_winners(case: tuple[str, int]) -> None:
    name, players = case
    for seed in range(3):
        state = parlour.load(name).new_game(players, seed=seed)
        texts = playout(state, seed)
        assert state.is_over, f"no end after {len(texts)} actions"
        assert state.current_player is None
        assert state.legal_actions() == []
        winners = state.winners()
        assert winners and all(0 <= w < players for w in winners)
        returns = state.returns()
        assert sum(returns) == pytest.approx(1.0)
        assert all(returns[w] == pytest.approx(1 / len(winners)) for w in winners)
        assert len(state.scores()) == players


def test_ongoing_game_has_no_winners_and_actions(case: tuple[str, int]) -> None:
    name, players = case
    state = parlour.load(name).new_game(players, seed=3)
    for _ in range(30):
        if state.is_over:
            break
        assert state.winners() == []
        assert state.returns() == [0.0] * players
        assert state.current_player in range(players)
        assert state.legal_actions(), "no legal action while the game goes on"
        state.apply(state.legal_actions()[0])


def test_action_texts_are_unique_canonical_and_accepted(case: tuple[str, int]) -> None:
    name, players = case
    by_object = parlour.load(name).new_game(players, seed=5)
    by_text = parlour.load(name).new_game(players, seed=5)
    rng = Rng(9)
    for _ in range(200):
        if by_object.is_over:
            break
        actions = by_object.legal_actions()
        texts = [a.text for a in actions]
        assert len(set(texts)) == len(texts), f"duplicate texts: {texts}"
        for action, text in zip(actions, texts, strict=True):
            assert str(action) == text
            assert text == text.lower().strip() and "  " not in text
        action = actions[rng.below(len(actions))]
        events_object = by_object.apply(action)
        events_text = by_text.apply(action.text)
        assert [e.to_dict() for e in events_object] == [e.to_dict() for e in events_text]
    assert all_views(by_object) == all_views(by_text)


def test_every_legal_action_has_the_games_own_words_for_a_button(
    case: tuple[str, int],
) -> None:
    name, players = case
    state = parlour.load(name).new_game(players, seed=5)
    names = [f"Seat{seat}" for seat in range(players)]
    rng = Rng(11)
    for _ in range(300):
        if state.is_over:
            break
        actions = state.legal_actions()
        labels = [state.label(action, names) for action in actions]
        assert len(set(labels)) == len(labels), f"one label for two moves: {labels}"
        for action, words in zip(actions, labels, strict=True):
            assert words and words[0].isupper() and words != action.text, (action, words)
            assert "Player " not in words, (action, words)  # seats by the names given
        state.apply(actions[rng.below(len(actions))])


def test_illegal_input_raises_and_changes_nothing(case: tuple[str, int]) -> None:
    name, players = case
    for steps in POINTS:
        state = advanced(name, players, seed=11, steps=steps)
        if state.is_over:
            continue
        before_views = all_views(state)
        before_record = state.record()
        before_log = [e.to_dict() for e in state.log]
        for bad in ("no such action", "", "play", "build nothing 99"):
            with pytest.raises(parlour.IllegalAction) as raised:
                state.apply(bad)
            message = str(raised.value)
            assert "legal" in message
            assert isinstance(raised.value, parlour.GameError)
            assert isinstance(raised.value, ValueError)
        # A legal action of another game state is illegal here when it is not in our list.
        legal = {a.text for a in state.legal_actions()}
        probe = parlour.load(name).new_game(players, seed=12)
        for action in probe.legal_actions():
            if action.text not in legal:
                with pytest.raises(parlour.IllegalAction):
                    state.apply(action)
        assert all_views(state) == before_views
        assert state.record() == before_record
        assert [e.to_dict() for e in state.log] == before_log


def test_actions_after_the_end_are_illegal(case: tuple[str, int]) -> None:
    name, players = case
    state = parlour.load(name).new_game(players, seed=13)
    playout(state, 13)
    views = all_views(state)
    with pytest.raises(parlour.IllegalAction):
        state.apply("pass")
    assert all_views(state) == views


def test_clone_is_independent(case: tuple[str, int]) -> None:
    name, players = case
    for steps in POINTS:
        state = advanced(name, players, seed=17, steps=steps)
        if state.is_over:
            continue
        views = all_views(state)
        record = state.record()
        copy = state.clone()
        assert all_views(copy) == views
        playout(copy, 18, limit=60)
        assert all_views(state) == views
        assert state.record() == record
        # And the other way round: the original moving on leaves a fresh clone alone.
        copy = state.clone()
        playout(state, 19, limit=60)
        assert all_views(copy) == views


def test_record_survives_json_and_replays(case: tuple[str, int]) -> None:
    name, players = case
    for steps in (0, 25, MAX_ACTIONS):
        state = advanced(name, players, seed=23, steps=steps)
        record = json.loads(json.dumps(state.record()))
        assert set(record) == {"game", "version", "players", "seed", "options", "actions"}
        assert record["version"] == parlour.load(name).version
        assert record["game"] == name and record["players"] == players
        again = parlour.replay(record)
        assert all_views(again) == all_views(state)
        assert [e.to_dict() for e in again.log] == [e.to_dict() for e in state.log]
        assert again.record() == state.record()


def test_same_seed_same_game(case: tuple[str, int]) -> None:
    name, players = case
    a = parlour.load(name).new_game(players, seed=29)
    b = parlour.load(name).new_game(players, seed=29)
    assert all_views(a) == all_views(b)
    play_same(a, b, seed=30, steps=MAX_ACTIONS)
    assert a.is_over and b.is_over
    assert a.scores() == b.scores() and a.winners() == b.winners()
    first = parlour.load(name).new_game(players, seed=29).view(0)
    others = [parlour.load(name).new_game(players, seed=s).view(0) for s in range(31, 36)]
    assert any(view != first for view in others), "the seed changes nothing"


def test_views_are_json_with_the_required_keys(case: tuple[str, int]) -> None:
    name, players = case
    for steps in (*POINTS, MAX_ACTIONS):
        state = advanced(name, players, seed=37, steps=steps)
        for seat in seats(state):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert set(view) >= COMMON_KEYS
            assert view["game"] == name
            assert view["players"] == players
            assert view["current_player"] == state.current_player
            assert view["is_over"] == state.is_over
            assert view["scores"] == state.scores()
            if seat is not None and seat == state.current_player:
                assert view["legal_actions"] == [a.text for a in state.legal_actions()]
            else:
                assert "legal_actions" not in view
        with pytest.raises(parlour.GameError):
            state.view(players)


def test_events_have_kind_text_and_json(case: tuple[str, int]) -> None:
    name, players = case
    state = parlour.load(name).new_game(players, seed=41)
    playout(state, 41)
    assert state.log
    for event in state.log:
        assert event.kind and event.kind == event.kind.lower()
        assert isinstance(event.text, str) and event.text
        data = event.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert data["kind"] == event.kind and data["text"] == event.text
        for seat in seats(state):
            seen = event.for_seat(seat)
            assert seen.kind and seen.text
    for seat in seats(state):
        assert [e.to_dict() for e in state.log_for(seat)] == [
            e.for_seat(seat).to_dict() for e in state.log
        ]


def test_views_hide_what_a_seat_cannot_know(case: tuple[str, int]) -> None:
    """Redrawing what a seat has not seen leaves its view (and the public one) alone."""
    name, players = case
    for steps in POINTS:
        state = advanced(name, players, seed=43, steps=steps)
        for seat in seats(state):
            for seed in (1, 2):
                guess = state.determinize(seat, seed)
                assert guess.view(seat) == state.view(seat)
                assert guess.view(None) == state.view(None)


def test_determinize_depends_only_on_the_view_and_seed(case: tuple[str, int]) -> None:
    name, players = case
    for steps in POINTS:
        state = advanced(name, players, seed=47, steps=steps)
        if state.is_over:
            continue
        for seat in range(players):
            # Another state that looks the same to ``seat``: the hidden cards redrawn.
            lookalike = state.determinize(seat, 1234)
            assert lookalike.view(seat) == state.view(seat)
            a = state.determinize(seat, 99)
            b = lookalike.determinize(seat, 99)
            assert all_views(a) == all_views(b)
            play_same(a, b, seed=seat, steps=80)


def test_determinize_redraws_hidden_cards(case: tuple[str, int]) -> None:
    name, players = case
    # Past a setup of one choice a seat (Fool's Blade's classes come before any card is
    # dealt), so that other seats hold hidden cards.
    state = advanced(name, players, seed=53, steps=players + 3)
    seat = 0
    others = [s for s in range(players) if s != seat]
    guesses = [state.determinize(seat, seed) for seed in range(8)]
    other_views = {json.dumps([g.view(s) for s in others], sort_keys=True) for g in guesses}
    assert len(other_views) > 1, "determinize never changes what other seats hold"
    # Its future chance comes from its own seed: the same seed, the same future.
    for seed in range(3):
        a, b = state.determinize(seat, seed), state.determinize(seat, seed)
        playout(a, 0)
        playout(b, 0)
        assert a.scores() == b.scores() and all_views(a) == all_views(b)
    with pytest.raises(parlour.GameError):
        state.determinize(seat, 1).record()


def test_bad_players_and_options_are_game_errors(case: tuple[str, int]) -> None:
    name, _ = case
    game = parlour.load(name)
    for players in (game.min_players - 1, game.max_players + 1, "four", 2.5):
        with pytest.raises(parlour.GameError, match="players"):
            game.new_game(players, seed=1)  # type: ignore[arg-type]  # a wrong type on purpose
    with pytest.raises(parlour.GameError, match="no_such_option"):
        game.new_game(game.min_players, seed=1, no_such_option=True)
    for option in game.options.values():
        assert option.help and option.name


def test_registry_names_aliases_and_errors() -> None:
    names = parlour.game_names()
    assert names == sorted(names) and "fearless" in names
    for name in names:
        game = parlour.load(name)
        assert game.name == name and game.title
        assert parlour.load(name.upper()) is game
        for alias in game.aliases:
            assert parlour.load(alias) is game
    with pytest.raises(parlour.GameError, match="no game"):
        parlour.load("chess")
