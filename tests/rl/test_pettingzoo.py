"""PettingZoo: the library's own checkers on every game and player count."""

from __future__ import annotations

import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.utils import OrderEnforcingWrapper

import parlour
from parlour.core import IllegalAction
from parlour.rl import pettingzoo as pz

from .conftest import CONFIG_IDS, CONFIGS

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's checker warns about every Dict observation, its classic games' included.
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_api_test(name: str, players: int) -> None:
    api_test(pz.env(name, players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_seed_test(name: str, players: int) -> None:
    seed_test(lambda: pz.env(name, players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_max_cycles_test(name: str, players: int) -> None:
    # The checker samples actions without the mask, so illegal ones become random legal ones.
    def aec(max_cycles: int) -> object:
        return pz.env(name, players, turns="table", max_cycles=max_cycles, on_illegal="random")

    def parallel(max_cycles: int) -> object:
        return pz.parallel_env(name, players, max_cycles=max_cycles, on_illegal="random")

    max_cycles_test(types.SimpleNamespace(env=aec, parallel_env=parallel))


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_table_turns_pass_api_test_and_parallel_api_test(name: str, players: int) -> None:
    api_test(pz.env(name, players, turns="table"), num_cycles=300)
    # The parallel checker samples without the mask as well.
    parallel_api_test(pz.parallel_env(name, players, on_illegal="random"), num_cycles=300)


def test_actor_turns_truncate_fearless_after_max_cycles_tricks() -> None:
    env = pz.env("fearless", 4, max_cycles=2)
    env.reset(seed=1)
    moves = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        moves += 1
    assert moves == 8  # two tricks of four cards


def test_a_masked_game_plays_to_the_end_with_returns_as_rewards() -> None:
    env = pz.raw_env("fearless", 3, render_mode="ansi")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == f"player_{env.state.current_player}"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.state.is_over
    assert list(totals.values()) == env.state.returns()
    text = env.render()
    assert "game over" in text and "Fearless" in text


def test_illegal_actions_raise_terminate_or_are_replaced() -> None:
    strict = pz.raw_env("fearless", 4, on_illegal="raise")
    strict.reset(seed=2)
    mask = strict.observe(strict.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = strict.state.view(None)
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.state.view(None) == before

    ending = pz.raw_env("fearless", 4)
    ending.reset(seed=2)
    offender = ending.agent_selection
    ending.step(illegal)
    assert all(ending.terminations.values())
    assert ending._cumulative_rewards[offender] == -1.0


def test_order_enforcing_wrapper_refuses_steps_before_reset() -> None:
    env = pz.env("citadels", 3)
    assert isinstance(env, OrderEnforcingWrapper)
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset(seed=0)
    assert env.agent_selection in env.possible_agents


def test_bad_settings_are_refused() -> None:
    with pytest.raises(parlour.GameError):
        pz.env("fearless", 9)
    with pytest.raises(parlour.GameError):
        pz.env("fearless", 4, turns="sometimes")
