"""Learning interfaces: steps per second through each of them, and observation encoding time.

Run ``.venv/bin/python benchmarks/rl.py`` (the ``rl`` extra; PettingZoo's classic card games
need ``rlcard``, from the ``bench`` extra, and are skipped without it). Every subject plays
uniformly random legal actions, reading the action mask where the interface gives one, so
what is measured is the interface and the engine under it. Each step of PettingZoo and
Gymnasium builds an observation; OpenSpiel is measured bare and with the information-state
tensor read at every step, as a learning loop would. PettingZoo's own classic card games are
measured with the same loop in the same run. The machine is shared and noisy, so figures
are taken in short bursts in turn across subjects and the best burst of each is kept.
"""

from __future__ import annotations

import argparse
import importlib
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import parlour
from parlour.core import Rng, State
from parlour.rl import encoder
from parlour.rl import gymnasium as pg
from parlour.rl import openspiel as ops
from parlour.rl import pettingzoo as pz
from parlour.rl.encoders import HashedViewEncoder

ENCODE_TARGET_US = 5.0  # a Fearless observation (issue 10)


@dataclass
class Subject:
    """Something that plays random games: ``run(rng)`` plays one and returns its steps."""

    label: str
    run: Callable[[Rng], int]
    best: float = 0.0
    games: list[float] = field(default_factory=list)


def engine(name: str, players: int) -> Callable[[Rng], int]:
    """The raw engine: ``legal_actions`` and ``apply``."""
    game = parlour.load(name)

    def run(rng: Rng) -> int:
        state = game.new_game(players, seed=rng.next64())
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return run


def aec_loop(env: Any) -> Callable[[Rng], int]:
    """A PettingZoo AEC environment: ``last()`` (observation and mask), then ``step``."""

    def run(rng: Rng) -> int:
        env.reset(seed=rng.below(2**31))
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.below(len(legal))]))
            steps += 1
        return steps

    return run


def gym_loop(name: str, players: int) -> Callable[[Rng], int]:
    """Our Gymnasium environment against random bots: the agent's steps only."""
    env = pg.make(name, opponents="random", players=players)

    def run(rng: Rng) -> int:
        _, info = env.reset(seed=rng.below(2**31))
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = env.step(int(legal[rng.below(len(legal))]))
            steps += 1
        return steps

    return run


def openspiel_loop(name: str, players: int, tensor: bool) -> Callable[[Rng], int]:
    """Our OpenSpiel game: ``legal_actions`` and ``apply_action`` (and the tensor)."""
    import pyspiel

    ops.register()
    game = pyspiel.load_game(f"parlour_{name}", {"players": players})

    def run(rng: Rng) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if tensor:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return run


def subjects(players: int) -> list[Subject]:
    """Every interface on Fearless and Citadels, and PettingZoo's classic card games."""
    out = []
    for name in ("fearless", "citadels"):
        title = parlour.load(name).title
        out += [
            Subject(f"{title}: engine", engine(name, players)),
            Subject(f"{title}: PettingZoo AEC", aec_loop(pz.env(name, players))),
            Subject(f"{title}: Gymnasium (agent steps)", gym_loop(name, players)),
            Subject(f"{title}: OpenSpiel", openspiel_loop(name, players, tensor=False)),
            Subject(f"{title}: OpenSpiel + tensor", openspiel_loop(name, players, tensor=True)),
        ]
    for module in ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6"):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                env = importlib.import_module(f"pettingzoo.classic.{module}").env()
        except Exception as error:  # any missing dependency: skip the subject
            print(f"skipping PettingZoo {module}: {error}")
            continue
        out.append(Subject(f"PettingZoo classic {module}", aec_loop(env)))
    return out


def sample_states(name: str, players: int, count: int) -> list[State]:
    """States spread over random games."""
    game = parlour.load(name)
    rng = Rng(7)
    out: list[State] = []
    while len(out) < count:
        state = game.new_game(players, seed=len(out))
        stop = rng.below(150)
        while not state.is_over and state.move_number < stop:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
    return out


def encoding_us(players: int, seconds: float) -> dict[str, float]:
    """Microseconds per observation of each encoder, into a reused buffer; views beside."""
    out: dict[str, float] = {}
    cases: list[tuple[str, Callable[[State, int], object], list[State]]] = []
    for name in ("fearless", "citadels"):
        game = parlour.load(name)
        states = sample_states(name, players, 50)
        enc = encoder(game, players)
        buffer = np.zeros(enc.size, np.float32)
        hashed = HashedViewEncoder(name, players)
        hashed_buffer = np.zeros(hashed.size, np.float32)
        cases += [
            (
                f"{game.title} encoder ({enc.size} floats)",
                lambda s, p, e=enc, b=buffer: e.encode(s, p, b),
                states,
            ),
            (f"{game.title} view(seat), for reference", lambda s, p: s.view(p), states),
            (
                f"{game.title} hashed view ({hashed.size} floats)",
                lambda s, p, e=hashed, b=hashed_buffer: e.encode(s, p, b),
                states,
            ),
        ]
    for label, call, states in cases:
        best = float("inf")
        for _ in range(5):
            calls = 0
            began = time.perf_counter()
            while time.perf_counter() - began < seconds / 5:
                for state in states:
                    call(state, calls % players)
                    calls += 1
            best = min(best, (time.perf_counter() - began) / calls * 1e6)
        out[label] = best
    return out


def main() -> None:
    """Measure and print Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3, help="bursts per subject")
    parser.add_argument("--burst", type=float, default=1.0, help="seconds per burst")
    args = parser.parse_args()
    rng = Rng(1)
    measured = subjects(args.players)
    for _ in range(args.rounds):
        for subject in measured:
            steps = 0
            began = time.perf_counter()
            while time.perf_counter() - began < args.burst:
                steps += subject.run(rng)
            subject.best = max(subject.best, steps / (time.perf_counter() - began))
    print(f"| random play, {args.players} players | steps/s |")
    print("| --- | ---: |")
    for subject in measured:
        print(f"| {subject.label} | {subject.best:,.0f} |")
    print()
    print("| observation | µs |")
    print("| --- | ---: |")
    encoding = encoding_us(args.players, args.burst)
    for label, us in encoding.items():
        print(f"| {label} | {us:.1f} |")
    fearless = next(us for label, us in encoding.items() if label.startswith("Fearless encoder"))
    verdict = "met" if fearless < ENCODE_TARGET_US else "missed"
    print(f"\nFearless observation target {ENCODE_TARGET_US} µs: {verdict} ({fearless:.1f} µs)")


if __name__ == "__main__":
    main()
