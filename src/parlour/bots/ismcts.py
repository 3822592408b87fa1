"""Information-set Monte Carlo tree search (single observer) for any game of the registry.

Each iteration draws a determinization of the deciding seat's information set with
``state.determinize(seat, seed)``, walks one shared tree keyed by action texts with UCT
over the actions legal in that determinization (availability counts in place of parent
visits), adds one node, plays out the rest and backs up each seat's reward into the nodes
of the moves that seat made. The game is reached only through the public contract.
"""

from __future__ import annotations

import math
import sys
import time
from typing import TYPE_CHECKING, Any

from ..core import Action, GameError, Rng, State, load
from ..core.registry import declared
from .heuristic import Chooser, Clock, Evaluator, Viewer, chooser, clock, evaluator, viewer
from .playout import random_playout

if TYPE_CHECKING:
    from ..fast import SearchEngine

__all__ = [
    "IsmctsBot",
    "Node",
    "batched",
    "leader",
    "paired_gap",
    "play_out",
    "raced",
    "settled",
    "shaped_returns",
]

ROLLOUTS = ("random", "heuristic")


class Node:
    """Statistics of one move in the tree, from the view of the seat that made it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


def shaped_returns(state: State, weight: float) -> list[float]:
    """``returns()`` blended with each seat's standing by score, ``weight`` of the way.

    Whether higher or lower scores are better is the game's ``lower_score_wins``; when all
    scores are equal the standing adds nothing.
    """
    won = state.returns()
    if weight <= 0.0:
        return won
    scores = state.scores()
    high, low = max(scores), min(scores)
    if high == low:
        return won
    if not state.game.lower_score_wins:
        standing = [(s - low) / (high - low) for s in scores]
    else:
        standing = [(high - s) / (high - low) for s in scores]
    return [(1.0 - weight) * w + weight * s for w, s in zip(won, standing, strict=True)]


def play_out(
    d: State,
    rng: Rng,
    depth: int | None,
    heuristic: Chooser | None,
    evaluate: Evaluator | None,
    margin: float = 0.0,
    turn_clock: Clock | None = None,
    look: Viewer | None = None,
) -> list[float]:
    """Each seat's reward after playing ``d`` on: random moves, or ``heuristic``'s.

    Play stops at the end, after ``depth`` actions (``None``: no limit), or, given a
    ``turn_clock``, where its count changes (the turn being played ends); a finished game
    scores ``shaped_returns(d, margin)``, an unfinished one ``evaluate`` of the public view
    (which must then be given). ``look(state, seat)`` gives the views the heuristic and
    ``evaluate`` read (the game heuristic's ``viewer``; ``None``: ``state.view``).
    """
    if look is None:
        look = _full_view
    limit = sys.maxsize if depth is None else depth
    if heuristic is None and turn_clock is None:
        random_playout(d, rng, limit)
    else:
        apply, legal_actions = d.apply, d.legal_actions
        start = turn_clock(d) if turn_clock is not None else 0
        for _ in range(limit):
            if d.is_over or (turn_clock is not None and turn_clock(d) != start):
                break
            if heuristic is None:
                random_playout(d, rng, 1)
                continue
            # A lone legal action needs no view: most steps of a Fool's Blade playout are
            # forced passes, and building the view is most of a heuristic step's cost.
            legal = legal_actions()
            apply(legal[0] if len(legal) == 1 else heuristic(look(d, d.current_player), rng))
    if d.is_over:
        return shaped_returns(d, margin)
    if evaluate is None:
        raise GameError("a playout cut short needs an evaluate function to score it")
    return evaluate(look(d, None))


def _full_view(state: State, seat: int | None) -> dict[str, Any]:
    return state.view(seat)


# Determinizations before ``race`` may drop an action: a spread measured on fewer is unsure.
RACE_MIN_SAMPLES = 8


def paired_gap(better: list[float], worse: list[float]) -> tuple[float, float]:
    """The mean of the paired differences ``better - worse`` and its standard error."""
    n = len(better)
    diffs = [b - w for b, w in zip(better, worse, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    spread = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean, math.sqrt(spread / n)


def leader(rewards: list[list[float]], alive: list[int]) -> int:
    """The action of ``alive`` (ascending) with the best mean reward, the first of equals."""
    return max(alive, key=lambda i: sum(rewards[i]))


def raced(rewards: list[list[float]], alive: list[int], z: float) -> list[int]:
    """The actions of ``alive`` still in the race: the leader, and each other whose paired
    deficit to it is within ``z`` standard errors (one that matched it on every sample so
    far is dropped: it is worth the same, and the leader is preferred)."""
    if len(rewards[alive[0]]) < RACE_MIN_SAMPLES:
        return alive
    best = leader(rewards, alive)
    kept = []
    for i in alive:
        if i != best:
            deficit, error = paired_gap(rewards[best], rewards[i])
            if error == 0 or deficit > z * error:
                continue
        kept.append(i)
    return kept


def settled(rewards: list[list[float]], alive: list[int], z: float, zone: float) -> bool:
    """Whether the choice among ``alive`` no longer matters: every action's paired
    difference to the leader lies within ``zone`` of a win, either way, at ``z`` standard
    errors (not before ``RACE_MIN_SAMPLES`` determinizations)."""
    if len(rewards[alive[0]]) < RACE_MIN_SAMPLES:
        return False
    best = leader(rewards, alive)
    for i in alive:
        if i != best:
            deficit, error = paired_gap(rewards[best], rewards[i])
            if deficit + z * error >= zone:
                return False
    return True


def batched(game: str) -> SearchEngine:
    """The batched engine of ``game``; ``GameError`` if it has none."""
    # Imported here: NumPy loads only for searches that ask for it.
    from ..fast import SearchEngine

    module = load(game).batched
    if module is None:
        raise GameError(f"{game} has no batched engine, so batch must be 0")
    engine = declared(module)
    return SearchEngine(engine.playouts, engine.determinizations)


class IsmctsBot:
    """Searches the deciding seat's information set within ``iterations`` or ``seconds``.

    Given both, the search stops at whichever comes first; given neither, 1000 iterations.

    ``rollout`` is ``"random"`` or ``"heuristic"``; ``rollout_depth`` (``None``: to the end)
    cuts each playout short and scores it with the game heuristic's ``evaluate``;
    ``margin`` blends the score margin into the returns; ``exploration`` is UCT's constant.
    ``batch`` (games with a batched engine, random playouts only) draws up to that many
    determinizations together and runs their iterations' playouts together in
    ``parlour.fast``; nodes count a visit when chosen (a virtual loss, so the iterations of
    one batch spread out) and the rewards when the batch's playouts end. Batches start at
    32 iterations and double, never larger than the iterations already made.

    ``tree=False`` grows no tree: each iteration draws one determinization and plays every
    legal action of the root on it, each followed by the same playout (common random
    numbers: the same future chance and the same playout generator), so actions are told
    apart by what they change alone; an iteration counts one playout. The best mean reward
    is played, ties going to the heuristic's choice with heuristic playouts: one step of
    policy improvement on the playout policy. Settings of the flat search alone:
    ``race`` (0: off) drops an action once, after
    ``RACE_MIN_SAMPLES`` determinizations, its paired deficit to the leader exceeds ``race``
    standard errors, so the playouts go to the close choices, and the search ends when one
    action is left. ``caution`` (0: off; heuristic playouts) plays the heuristic's choice
    unless the best beats it by more than ``caution`` standard errors of their paired
    difference: the best of several noisy means is biased upward. ``indifference`` (0: off)
    ends the search once the actions still in it are within that share of a win of the
    leader, either way, at ``race`` standard errors (2 without ``race``): a choice between
    near-equals is not worth the playouts that would tell them apart. ``rollout_turn`` also
    ends each playout where the turn being played ends (the game heuristic's ``clock``), so
    that every action is scored at the same point of the game: with a cut by actions alone,
    a move that wastes actions moves the cut earlier and is scored at another moment.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "random",
        rollout_depth: int | None = None,
        margin: float = 0.0,
        exploration: float = 0.7,
        batch: int = 0,
        tree: bool = True,
        race: float = 0.0,
        caution: float = 0.0,
        rollout_turn: bool = False,
        indifference: float = 0.0,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise GameError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise GameError(f"seconds must be positive, not {seconds}")
        if rollout not in ROLLOUTS:
            raise GameError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if rollout_depth is not None and rollout_depth < 0:
            raise GameError(f"rollout_depth must be at least 0, not {rollout_depth}")
        if exploration < 0:
            raise GameError(f"exploration must be at least 0, not {exploration}")
        if not 0.0 <= margin <= 1.0:
            raise GameError(f"margin must be from 0 to 1, not {margin}")
        if batch < 0:
            raise GameError(f"batch must be at least 0, not {batch}")
        if batch and rollout != "random":
            raise GameError("batch needs random playouts (rollout='random')")
        if batch and not tree:
            raise GameError("batch needs the tree (tree=True)")
        if race < 0 or caution < 0:
            raise GameError(f"race and caution must be at least 0, not {race} and {caution}")
        if indifference < 0:
            raise GameError(f"indifference must be at least 0, not {indifference}")
        self.rng = Rng(seed)
        self.batch = batch
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.margin = margin
        self.exploration = exploration
        self.tree = tree
        self.race = race
        self.caution = caution
        self.rollout_turn = rollout_turn
        self.indifference = indifference
        self.last_iterations = 0

    def choose(self, state: State) -> Action:
        """The most visited action at the root after the search."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if not self.tree:
            return self._paired(state, legal)
        children = self.search(state).children
        return max(legal, key=lambda a: children[a.text].visits if a.text in children else -1)

    def _paired(self, state: State, legal: list[Action]) -> Action:
        """The root action with the best mean reward over shared determinizations and
        playouts (``tree=False``), raced by ``race`` and held to the heuristic's by
        ``caution``."""
        seat = state.current_player
        assert seat is not None
        game = state.game.name
        cut = self.rollout_depth is not None or self.rollout_turn
        evaluate = evaluator(game) if cut else None
        if cut and evaluate is None:
            raise GameError(f"a playout cut short needs an evaluate function for {game!r}")
        turn_clock = clock(game) if self.rollout_turn else None
        if self.rollout_turn and turn_clock is None:
            raise GameError(f"rollout_turn needs a clock function for {game!r}")
        heuristic = chooser(game) if self.rollout == "heuristic" else None
        look = viewer(game)
        if heuristic is not None:
            # The heuristic's choice first: ties go to it (``leader`` keeps the first of
            # equals), and ``caution`` measures the others against it.
            first = heuristic(look(state, seat), Rng(self.rng.next64()))
            legal = sorted(legal, key=lambda a: a.text != first)
        rewards: list[list[float]] = [[] for _ in legal]
        alive = list(range(len(legal)))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while len(alive) > 1 and (self.iterations is None or done < self.iterations):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            d = state.determinize(seat, self.rng.next64())
            playout_seed = self.rng.next64()
            for i in alive:
                branch = d.clone()
                branch.apply(legal[i])
                rewards[i].append(
                    play_out(
                        branch,
                        Rng(playout_seed),
                        self.rollout_depth,
                        heuristic,
                        evaluate,
                        self.margin,
                        turn_clock,
                        look,
                    )[seat]
                )
            done += len(alive)
            if self.race:
                alive = raced(rewards, alive, self.race)
            if self.indifference and settled(rewards, alive, self.race or 2.0, self.indifference):
                break
        self.last_iterations = done
        best = leader(rewards, alive)
        if self.caution and heuristic is not None and best != 0 and 0 in alive:
            gain, error = paired_gap(rewards[best], rewards[0])
            if gain <= self.caution * error:
                best = 0
        return legal[best]

    def search(self, state: State) -> Node:
        """The root of a tree grown from ``state`` for its current player within the budget."""
        seat = state.current_player
        if seat is None:
            raise GameError("the game is over, so there is nothing to search")
        game = state.game.name
        evaluate: Evaluator | None = None
        if self.rollout_depth is not None:
            evaluate = evaluator(game)
            if evaluate is None:
                raise GameError(f"rollout_depth needs an evaluate function for {game!r}")
        heuristic = chooser(game) if self.rollout == "heuristic" else None
        look = viewer(game)
        rng = self.rng
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        if self.batch:
            self.last_iterations = self._search_batched(state, seat, root, deadline)
            return root
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            # Reading the clock costs about as much as a short playout step: check every 16.
            if deadline is not None and done & 15 == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(state.determinize(seat, rng.next64()), root, evaluate, heuristic, look)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(
        self,
        d: State,
        root: Node,
        evaluate: Evaluator | None,
        heuristic: Chooser | None,
        look: Viewer | None = None,
    ) -> None:
        """One iteration on the determinization ``d``: select, expand, play out, back up."""
        path = self._descend(d, root, 0)
        rewards = play_out(
            d, self.rng, self.rollout_depth, heuristic, evaluate, self.margin, None, look
        )
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]

    def _descend(self, d: State, root: Node, visit: int) -> list[tuple[Node, int]]:
        """Select and expand on ``d``; the path's nodes and movers. Each node gains ``visit``."""
        below = self.rng.below
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        node = root
        path: list[tuple[Node, int]] = []
        # Selection and expansion.
        while not d.is_over:
            legal = d.legal_actions()
            children = node.children
            mover = d.current_player
            assert mover is not None
            # One pass: count availability, score the known children, collect the unknown;
            # scores are wasted only on the step that expands.
            fresh: list[Action] = []
            best_score = -1.0
            best_action = legal[0]
            best_child = root
            get = children.get
            for a in legal:
                child = get(a.text)
                if child is None:
                    fresh.append(a)
                    continue
                avail = child.avail = child.avail + 1
                visits = child.visits
                score = child.total / visits + c * sqrt(log(avail) / visits)
                if score > best_score:
                    best_score, best_action, best_child = score, a, child
            if fresh:
                action = fresh[below(len(fresh))] if len(fresh) > 1 else fresh[0]
                child = Node()
                child.visits = visit
                children[action.text] = child
                d.apply(action)
                path.append((child, mover))
                break
            d.apply(best_action)
            best_child.visits += visit
            path.append((best_child, mover))
            node = best_child
        return path

    def _search_batched(self, state: State, seat: int, root: Node, deadline: float | None) -> int:
        """Grow ``root`` in batches of iterations whose playouts run together; iterations made."""
        engine = batched(state.game.name)
        rng = self.rng
        limit = self.iterations
        done = 0
        leaves: list[State] = []
        paths: list[list[tuple[Node, int]]] = []
        pool: list[State] = []
        # Seconds of playout a leaf, from the last batch: with a clock, the pending leaves'
        # playouts must fit before the deadline too, so the search is not longer than asked.
        reserve = 0.0
        while True:
            stop = (limit is not None and done >= limit) or (
                deadline is not None
                and done & 15 == 0
                and time.perf_counter() + reserve * (len(leaves) + 16) >= deadline
            )
            if not stop:
                if not pool:
                    # Batches grow from 32 iterations to ``batch``, never beyond the
                    # iterations already backed up: the tree acts on what it has learnt.
                    size = min(self.batch, max(32, done))
                    if limit is not None:
                        size = min(size, limit - done)
                    pool = engine.determinizations(state, seat, size, rng.next64())
                d = pool.pop()
                paths.append(self._descend(d, root, 1))
                leaves.append(d)
                done += 1
            if leaves and (stop or not pool):
                began = time.perf_counter()
                rewards = engine.playouts(
                    leaves, self.rollout_depth, rng.next64(), self.margin
                ).tolist()
                reserve = (time.perf_counter() - began) / len(leaves)
                for path, reward in zip(paths, rewards, strict=True):
                    for child, mover in path:
                        child.total += reward[mover]
                leaves = []
                paths = []
            if stop:
                return done
