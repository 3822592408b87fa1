"""The bot registry and levels: every bot plays every game to the end with legal actions."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour import GameError, bots
from parlour.bots.levels import EasyBot, HardBot, hard_settings

# Few iterations, and playouts cut short and scored by the heuristic: a whole random game of
# Fool's Blade is over a thousand actions, so playouts to the end would take minutes here.
SETTINGS: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": 10, "rollout_depth": 20},
    "hard": {"iterations": 10, "rollout": "random", "rollout_depth": 20},
}
# The search bots play Fool's Blade to its turn cap, which ends the game and scores it as
# usual: the whole game takes them close to a minute on a busy machine, and the end of a
# game is the same code whichever way it is reached (the other bots play it out).
SEARCH_CAPPED: dict[str, dict[str, Any]] = {"foolsblade": {"max_turns": 40}}


def test_names_cover_the_levels() -> None:
    assert {"random", "heuristic", "ismcts", "easy", "medium", "hard"} <= set(bots.names())


def test_unknown_bot_and_setting_are_refused() -> None:
    with pytest.raises(GameError, match="no bot"):
        bots.make("genius")
    with pytest.raises(GameError, match=r"no setting 'depth' \(it takes none\)"):
        bots.make("random", depth=3)
    with pytest.raises(GameError, match="iterations takes int, not 'abc'"):
        bots.make("ismcts", iterations="abc")
    # hard's own settings, then its search's.
    with pytest.raises(GameError, match=r"no setting 'depth' \(its settings are: measured, prefer"):
        bots.make("hard", depth=3)
    with pytest.raises(GameError, match="measured takes bool, not 'yes'"):
        bots.make("hard", measured="yes")
    with pytest.raises(GameError, match="blunder takes float or int, not 'x'"):
        bots.make("easy", blunder="x")
    assert bots.make("ismcts", iterations=5, exploration=1).choose  # an int for a float
    with pytest.raises(GameError):
        bots.make("hard", rollout="psychic")
    with pytest.raises(GameError):
        EasyBot(blunder=1.5)


@pytest.mark.parametrize("bot", bots.names())
@pytest.mark.parametrize("game", parlour.game_names())
def test_plays_a_whole_game_legally(game: str, bot: str) -> None:
    spec = parlour.load(game)
    options = SEARCH_CAPPED.get(game, {}) if bot in SETTINGS else {}
    state = spec.new_game(spec.min_players, seed=5, **options)
    players = [bots.make(bot, seed=s, **SETTINGS.get(bot, {})) for s in range(state.players)]
    while not state.is_over:
        assert state.current_player is not None
        action = players[state.current_player].choose(state)
        assert action.text in {a.text for a in state.legal_actions()}
        state.apply(action)
    assert state.winners()


@pytest.mark.parametrize("bot", bots.names())
def test_same_seed_same_game(bot: str) -> None:
    def game(seed: int) -> list[str]:
        state = parlour.load("fearless").new_game(4, seed=3)
        players = [bots.make(bot, seed=seed, **SETTINGS.get(bot, {})) for _ in range(4)]
        while not state.is_over:
            assert state.current_player is not None
            state.apply(players[state.current_player].choose(state))
        return state.record()["actions"]

    assert game(1) == game(1)


def test_easy_mixes_random_and_heuristic_moves() -> None:
    state = parlour.load("fearless").new_game(4, seed=2)
    medium = bots.make("medium", seed=0).choose(state).text
    never = EasyBot(seed=0, blunder=0.0)
    assert never.choose(state).text == medium
    always = [EasyBot(seed=s, blunder=1.0).choose(state).text for s in range(40)]
    assert len(set(always)) > 3


def test_hard_uses_the_game_settings_unless_overridden() -> None:
    state = parlour.load("fearless").new_game(4, seed=2)
    hard = HardBot(seed=3, iterations=20)
    hard.choose(state)
    searcher = hard._searchers["fearless"]
    assert searcher.iterations == 20
    assert searcher.rollout_depth == hard_settings("fearless").get("rollout_depth")


def test_every_bot_has_a_title_for_players() -> None:
    titles = bots.titles()
    assert sorted(titles) == bots.names()
    assert all(titles[level].lower().startswith(level) for level in bots.LEVELS)
