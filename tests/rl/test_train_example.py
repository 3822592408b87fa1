"""The learning example runs end to end: a few updates, an evaluation, a PNG curve."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_fearless.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_fearless", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses look their module up by name while the module runs.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_few_iterations_train_evaluate_and_plot(tmp_path: Path) -> None:
    example = load_example()
    out = tmp_path / "curve.png"
    args = ["--iterations", "2", "--batch", "2", "--eval-deals", "2", "--eval-every", "2"]
    result = example.main([*args, "--out", str(out)])
    assert result["games"] == 4
    assert [games for games, _, _ in result["curve"]] == [0, 4]
    assert all(0.0 <= share <= 1.0 for _, share, _ in result["curve"])
    assert out.read_bytes().startswith(b"\x89PNG")


def test_features_say_which_cards_win_the_trick() -> None:
    """Played last in a trick, a card's "wins" feature is exactly what the engine decides."""
    example = load_example()
    env = example.make("fearless", seat=0, opponents="random", players=4)
    reader = example.Reader(env)
    obs, info = env.reset(seed=3)
    checked, done = 0, False
    while not done:
        features = reader.features(obs)
        legal = np.flatnonzero(info["action_mask"])
        assert np.isfinite(features[legal]).all()
        state = env.state
        if len(state.view(0)["trick"]) == 3:
            for index in legal:
                after = state.clone()
                won = [e for e in after.apply(env.index.texts[index]) if e.kind == "trick"]
                assert features[index, 0] == (won[0].to_dict()["seat"] == 0)
                checked += 1
        obs, _, done, _, info = env.step(int(legal[0]))
    assert checked > 10


def test_policy_gradient_is_the_gradient() -> None:
    example = load_example()
    rng = np.random.default_rng(0)
    policy = example.Policy.new(6, 5, rng)
    obs = rng.normal(size=(3, 4, 6))  # three decisions, four cards, six features
    mask = np.array([[1, 1, 0, 1], [0, 1, 1, 0], [1, 1, 1, 1]], np.int8)
    actions = np.array([3, 2, 0])
    weights = np.array([0.5, -1.0, 2.0])

    def objective() -> float:
        _, p = policy.probs(obs, mask)
        return float((weights * np.log(p[np.arange(3), actions])).mean())

    grads = policy.grads(obs, mask, actions, weights)
    for param, grad in zip(policy.params(), grads, strict=True):
        flat, gflat = param.reshape(-1), grad.reshape(-1)
        for i in range(0, flat.size, max(1, flat.size // 5)):
            keep = flat[i]
            flat[i] = keep + 1e-6
            up = objective()
            flat[i] = keep - 1e-6
            down = objective()
            flat[i] = keep
            assert abs((up - down) / 2e-6 - gflat[i]) < 1e-5
