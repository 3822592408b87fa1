"""Train a masked policy-gradient agent on Fearless against random bots, in plain NumPy.

    python examples/train_fearless.py       # a few minutes on one core of a quiet machine
    python examples/train_fearless.py --iterations 2 --batch 2 --eval-deals 2   # smoke run

The agent plays one seat of a 4-player game through ``parlour.rl.gymnasium``: the
observation is the Fearless encoder's vector, the legal actions ``info["action_mask"]``.
The policy is a softmax over the legal cards only; each card is scored by a small ``tanh``
network from twelve features read off the observation vector (would the card take the
trick as it stands, what that would do to the agent's ghost, is the agent last to play,
the card's value, ...), so the same weights score every card. It is trained by REINFORCE
with Adam, each card credited with the fear its ghost saved from that trick to the end of
the round (the game's own score, given trick by trick; see ``fear_saved``). Evaluation
plays duplicate deals: each deal once from every seat, the same deal and bots' seeds each
time, greedy policy, and reports the mean win share (``state.returns()``) with a 95%
interval over deals, next to a uniformly random player's on the same deals (0.25
expected) and the deal-by-deal difference between the two. The learning curve is saved as
a PNG.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.games.fearless.cards import SUITS as SUIT_NAMES
from parlour.rl.encoders.fearless import CARDS
from parlour.rl.gymnasium import ParlourSeatEnv, make

PLAYERS = 4
Array = npt.NDArray[np.float64]


VALUES = np.array([0 if c == "zero" else int(c[-2:]) for c in CARDS], np.float64)
SUITS = np.array([-1 if c == "zero" else SUIT_NAMES.index(c[:-2]) for c in CARDS])
FEATURES = 12


class Reader:
    """Per legal card, a few features read off the encoder's vector (``enc.layout``)."""

    def __init__(self, env: ParlourSeatEnv) -> None:
        layout = env.encoder.layout
        self.players = env.players
        self.at = {name: layout.offset(name) for name, _, _, _ in layout.sections}

    def features(self, obs: npt.NDArray[Any]) -> Array:
        """A ``(49, FEATURES)`` matrix: what each card would do to the trick and the ghost."""
        at, p = self.at, self.players
        trick = obs[at["trick"] : at["trick"] + p * len(CARDS)].reshape(p, len(CARDS))
        played = int(trick.sum())
        led_flags = obs[at["led"] : at["led"] + 4]
        led = int(led_flags.argmax()) if led_flags.any() else -1
        if played == 0:
            win = np.ones(len(CARDS))
        else:
            leader = int(obs[at["winning"] : at["winning"] + p].argmax())
            best = VALUES[int(trick[leader].argmax())]
            follows = (led == SUITS) | (SUITS < 0) if led >= 0 else SUITS >= 0
            win = (follows & (best < VALUES)).astype(np.float64)
        ruin = obs[at["ruin"]]
        ghost = 0.0 if ruin else obs[at["ghost"]] * 15.0
        now = 15.0 if ruin else abs(ghost)
        value = obs[at["trick_value"]] * 10.0
        gain = (now - np.abs(ghost + value + VALUES)) / 15.0
        last = float(played == p - 1)
        lead = float(played == 0)
        late = obs[at["progress"] + 1]
        card = VALUES / 6.0
        return np.stack(
            [
                win,
                win * gain,
                win * last,
                win * last * gain,
                win * ruin,
                card,
                np.abs(card),
                lead * card,
                lead * np.abs(card),
                (SUITS < 0).astype(np.float64),
                (1.0 - win) * card,
                win * late,
            ],
            axis=1,
        )


@dataclass
class Policy:
    """A masked softmax over the legal cards, each scored by a small network of its features.

    ``score(card) = w2 . tanh(features(card) @ w1 + b1)``; the softmax runs over the legal
    cards only (the mask), so the network never has to learn what is illegal.
    """

    w1: Array
    b1: Array
    w2: Array

    @classmethod
    def new(cls, inputs: int, hidden: int, rng: np.random.Generator) -> Policy:
        """Small random weights (scaled by fan-in)."""
        return cls(
            rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden)),
            np.zeros(hidden),
            rng.normal(0, 0.1 / math.sqrt(hidden), hidden),
        )

    def params(self) -> list[Array]:
        """The parameters, in a fixed order (the optimizer's)."""
        return [self.w1, self.b1, self.w2]

    def probs(self, x: npt.NDArray[Any], mask: npt.NDArray[Any]) -> tuple[Array, Array]:
        """Hidden activations and card probabilities (0 off the mask); ``x`` is
        ``(..., cards, features)``."""
        hidden = np.tanh(x @ self.w1 + self.b1)
        logits = hidden @ self.w2
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return hidden, e / e.sum(axis=-1, keepdims=True)

    def grads(
        self, x: Array, mask: Array, actions: npt.NDArray[np.int64], weights: Array
    ) -> list[Array]:
        """Gradient of the mean of ``weights * log p(action)`` over the batch."""
        hidden, p = self.probs(x, mask)
        dlogits = -p
        dlogits[np.arange(len(actions)), actions] += 1.0
        dlogits *= weights[:, None] / len(actions)
        dhidden = dlogits[..., None] * self.w2 * (1.0 - hidden**2)
        return [
            np.einsum("nci,nch->ih", x, dhidden),
            dhidden.sum(axis=(0, 1)),
            np.einsum("nc,nch->h", dlogits, hidden),
        ]


@dataclass
class Adam:
    """Adam ascent (the gradients are of an objective to maximise)."""

    lr: float
    m: list[Array] = field(default_factory=list)
    v: list[Array] = field(default_factory=list)
    t: int = 0

    def step(self, params: list[Array], grads: list[Array]) -> None:
        """Move each parameter in place along its bias-corrected step."""
        if not self.m:
            self.m = [np.zeros_like(p) for p in params]
            self.v = [np.zeros_like(p) for p in params]
        self.t += 1
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.lr * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


def play(
    env: ParlourSeatEnv,
    policy: Policy | None,
    seed: int,
    rng: np.random.Generator,
    greedy: bool = False,
    discount: float = 1.0,
) -> tuple[list[Any], float]:
    """One game: the decisions ``(obs, mask, action, credit)`` and the win share.

    ``policy=None`` plays uniformly at random among the legal actions.
    """
    obs, info = env.reset(seed=seed)
    reader = Reader(env)
    steps: list[tuple[npt.NDArray[Any], npt.NDArray[Any], int]] = []
    done = False
    reward = 0.0
    while not done:
        mask = info["action_mask"]
        x = reader.features(obs)
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            _, p = policy.probs(x, mask)
            action = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        steps.append((x, mask, action))
        obs, reward, done, _, info = env.step(action)
    # Every seat plays one card a trick, so the agent's i-th card is in the i-th trick.
    credit = fear_saved(env, discount)
    return [(o, m, a, credit[i]) for i, (o, m, a) in enumerate(steps)], float(reward)


def fear_saved(env: ParlourSeatEnv, discount: float) -> list[float]:
    """Per trick, the discounted fear the agent's ghost saved from that trick to the round's
    end, over 15.

    A trick saves the fear the round would cost if it ended before the trick (the ghost's
    distance from 0, or 15 on the ruin) minus what it would cost just after: these sum over
    a round to 15 minus the round's fear points, the game's own score. Each card is credited
    with the savings of its trick and the later ones of its round, discounted by
    ``discount`` a trick. Undiscounted (the default), that is the fear the round would cost
    if it ended just before the card less the round's fear points: minus the round's fear,
    plus a baseline that depends only on the state the card was played in, which adds no
    bias to the gradient. (A lower
    ``discount`` learned faster at first here and then drifted away from winning.)
    """
    assert env.state is not None
    seat = env.seat
    saved: list[float] = []
    current = 15
    out: list[float] = []
    for event in env.state.log:
        if event.kind == "trick":
            fields = event.to_dict()
            before = current
            if fields["seat"] == seat:
                current = abs(fields["position"])
            saved.append((before - current) / 15.0)
        elif event.kind == "round":
            credit = []
            running = 0.0
            for value in reversed(saved):
                running = value + discount * running
                credit.append(running)
            out += reversed(credit)
            saved, current = [], 15
    return out


def per_deal(envs: list[ParlourSeatEnv], policy: Policy | None, deals: int, seed: int) -> Array:
    """Win share on each duplicate deal (the mean over playing it from every seat)."""
    rng = np.random.default_rng(seed)
    out = []
    for deal in range(deals):
        shares = [play(env, policy, seed + deal, rng, greedy=True)[1] for env in envs]
        out.append(sum(shares) / len(shares))
    return np.array(out)


def interval(values: Array) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation over deals)."""
    half = 1.96 * values.std(ddof=1) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return float(values.mean()), float(half)


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, evaluate along the way, save the curve; return the figures."""
    rng = np.random.default_rng(args.seed)
    envs = [make("fearless", seat=s, opponents="random", players=PLAYERS) for s in range(PLAYERS)]
    policy = Policy.new(FEATURES, args.hidden, rng)
    adam = Adam(args.lr)
    curve: list[tuple[int, float, float]] = []
    start = time.time()
    games = 0
    eval_seed = 10**9  # evaluation deals never met in training
    for iteration in range(args.iterations + 1):
        if iteration % args.eval_every == 0 or iteration == args.iterations:
            trained = per_deal(envs, policy, args.eval_deals, eval_seed)
            share, half = interval(trained)
            curve.append((games, share, half))
            elapsed = time.time() - start
            print(f"games {games:6d}  win share {share:.3f} ± {half:.3f}  ({elapsed:.0f} s)")
        if iteration == args.iterations:
            break
        batch = []
        for _ in range(args.batch):
            env = envs[games % PLAYERS]
            steps, _ = play(env, policy, args.seed * 10**6 + games, rng, discount=args.discount)
            batch.extend(steps)
            games += 1
        obs = np.stack([s[0] for s in batch])
        mask = np.stack([s[1] for s in batch])
        acts = np.array([s[2] for s in batch])
        credit = np.array([s[3] for s in batch])
        if args.verbose:
            print(f"update {iteration}: mean credit {credit.mean():+.3f}")
        advantage = (credit - credit.mean()) / (credit.std() + 1e-8)
        for _ in range(args.epochs):
            adam.step(policy.params(), policy.grads(obs, mask, acts, advantage))
    random = per_deal(envs, None, args.eval_deals, eval_seed)
    final_share, final_half = curve[-1][1], curve[-1][2]
    random_share, random_half = interval(random)
    # Deal by deal the two players met the same cards, so the difference's interval is
    # narrower than the two intervals side by side suggest.
    margin, margin_half = interval(trained - random)
    print(f"random player on the same deals: {random_share:.3f} ± {random_half:.3f}")
    print(f"trained minus random, deal by deal: {margin:+.3f} ± {margin_half:.3f}")
    plot(curve, random_share, args)
    return {
        "games": games,
        "seconds": time.time() - start,
        "win_share": final_share,
        "interval": final_half,
        "random_share": random_share,
        "random_interval": random_half,
        "margin": margin,
        "margin_interval": margin_half,
        "curve": curve,
    }


def plot(
    curve: list[tuple[int, float, float]], random_share: float, args: argparse.Namespace
) -> None:
    """Save the learning curve (win share with its interval against games played) as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [c[0] for c in curve]
    share = np.array([c[1] for c in curve])
    half = np.array([c[2] for c in curve])
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    ax.plot(games, share, marker="o", label="trained policy (greedy)")
    ax.fill_between(games, share - half, share + half, alpha=0.25, label="95% interval")
    ax.axhline(random_share, color="grey", linestyle="--", label="random player")
    ax.set_xlabel("training games")
    ax.set_ylabel(f"win share, {args.eval_deals} duplicate deals x 4 seats")
    ax.set_title("Fearless, 4 players, against random bots")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left")
    fig.tight_layout()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out)
    plt.close(fig)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="policy updates")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--hidden", type=int, default=16, help="hidden units")
    parser.add_argument("--lr", type=float, default=0.003, help="Adam step size")
    parser.add_argument("--epochs", type=int, default=4, help="Adam steps per batch")
    parser.add_argument("--discount", type=float, default=1.0, help="credit decay per trick")
    parser.add_argument("--eval-every", type=int, default=25, help="updates between evaluations")
    parser.add_argument(
        "--eval-deals", type=int, default=100, help="duplicate deals per evaluation"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="print every update's credit")
    parser.add_argument("--out", default="docs/rl-fearless-learning-curve.png", help="PNG path")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the training the command line asks for."""
    return train(parse(argv))


if __name__ == "__main__":
    main()
