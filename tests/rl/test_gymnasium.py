"""Gymnasium: the library's checker on every game and player count, and a seat's game."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import parlour
from parlour import bots
from parlour.core import IllegalAction
from parlour.rl import gymnasium as pg

from .conftest import CONFIG_IDS, CONFIGS

pytestmark = pytest.mark.filterwarnings(
    # Observations are unbounded (a Citadels treasury has no cap), which the checker flags.
    "ignore:.*Box observation space m.* value is",
)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_check_env(name: str, players: int) -> None:
    check_env(pg.make(name, seat=players - 1, opponents="random", players=players))


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_game_is_registered_and_checks_through_gymnasium_make(name: str) -> None:
    env = gymnasium.make(pg.env_id(name), opponents="random", render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=0)
    assert parlour.load(name).title in env.render()


def test_ids_come_from_titles() -> None:
    assert pg.env_id("fearless") == "parlour/Fearless-v0"
    assert pg.env_id("citadels") == "parlour/Citadels-v0"


def test_a_seat_plays_to_the_end_against_medium_bots() -> None:
    env = pg.make("fearless", seat=2, opponents="medium", players=4)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    total, done, decisions = 0.0, False, 0
    while not done:
        assert env.state is not None and env.state.current_player == 2
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, done, truncated, info = env.step(action)
        total += reward
        decisions += 1
        assert not truncated
    assert env.state is not None
    assert decisions == 4 * 13
    assert total == env.state.returns()[2]


def test_same_seed_same_game_with_bot_objects_as_opponents() -> None:
    def play(seed: int) -> list[str]:
        opponents = [bots.make("random", seed=s) for s in range(2)]
        env = pg.make("citadels", opponents=opponents, players=3)
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert env.state is not None
        return env.state.record()["actions"]

    assert play(5) == play(5)


def test_illegal_actions() -> None:
    env = pg.make("fearless", opponents="random", on_illegal="raise")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(illegal)
    env = pg.make("fearless", opponents="random")
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)


def test_bad_settings() -> None:
    with pytest.raises(parlour.GameError):
        pg.make("fearless", seat=4)
    with pytest.raises(parlour.GameError):
        pg.make("fearless", opponents=["random"])
    with pytest.raises(parlour.GameError):
        pg.make("fearless", opponents="nobody")
