"""One decision judged: every legal action played out in worlds the deciding seat cannot
tell apart from the real one, and the move played marked by what it cost.

Each world is ``state.determinize(seat, seed)``, so the judgement depends only on what the
seat knew then (its view) and the analysis seed; in each world every legal action is played
out once from the same world and the same playout generator (common random numbers), so the
differences between actions are measured on paired samples. Playouts are the search's own
(``parlour.bots.ismcts.play_out``): the game heuristic's moves, cut short after the hard
level's depth and scored by the heuristic's ``evaluate``; given the table's seats
(``Settings.seats``), each seat plays out as its level plays (``easy`` a random move half the
time, as the bot does), and, given ``Settings.confirm``, a position where the heuristic's
own move is not in the first rank (the analysis would mark it) gets that many more worlds
before it is judged.

The table's hints are the same judgement (``play_outs`` then ``Playouts.judge``): a hint and
the analysis of the same position with the same settings give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..bots.heuristic import Chooser, chooser, evaluator
from ..bots.ismcts import play_out
from ..bots.levels import EasyBot
from ..core import GameError, Rng, State, derive_seed, load

__all__ = [
    "ROLLOUTS",
    "SEAT_LEVELS",
    "SIGNIFICANCE",
    "THRESHOLDS",
    "Decision",
    "Playouts",
    "Settings",
    "Verdict",
    "judge",
    "judge_position",
    "play_outs",
    "seat_level",
    "steady_move",
]

ROLLOUTS = ("heuristic", "random")
# How a seat plays in the playouts (``Settings.seats``): ``medium`` the game heuristic's
# moves, ``easy`` as the easy bot (a random legal move with its ``blunder`` chance, else the
# heuristic's), ``random`` random legal moves.
SEAT_LEVELS = ("medium", "easy", "random")
# Playouts cut short, for a game whose hard level does not say how far.
DEFAULT_DEPTH = 30


class Verdict(Enum):
    """How much a move cost, in the words chess sites use."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """The annotation chess writes after such a move: ``?!``, ``?`` or ``??``."""
        return {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}[self.value]


# The least loss of expected result (a share of a win, from 0 to 1) that earns each verdict,
# worst first. docs/analysis.md says why these numbers.
THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.BLUNDER, 0.20),
    (Verdict.MISTAKE, 0.10),
    (Verdict.INACCURACY, 0.05),
)
# A loss is marked only when it is this many standard errors above nothing, so the noise of
# a few playouts does not brand a move that is as good as the best.
SIGNIFICANCE = 2.0


def judge(loss: float, error: float) -> Verdict | None:
    """The verdict on a move that lost ``loss`` (standard error ``error``), or ``None``."""
    if loss < SIGNIFICANCE * error:
        return None
    for verdict, threshold in THRESHOLDS:
        if loss >= threshold:
            return verdict
    return None


@dataclass(frozen=True)
class Settings:
    """How hard the analysis looks: worlds per decision, the playouts, the seed.

    ``iterations`` worlds are drawn for each decision, and every legal action is played out
    once in each; ``rollout_depth`` (``None``: to the end) cuts the playouts short and scores
    them with the game heuristic's ``evaluate``. ``Settings.for_game`` gives each game's
    default depth. ``seats`` (heuristic playouts only) is how each seat plays in the
    playouts, one of ``SEAT_LEVELS`` a seat (``seat_level`` maps a table's bot to one; empty:
    ``medium`` at every seat); ``confirm`` more worlds are drawn where the heuristic's own
    move (``steady_move``) is not among the best after the first ``iterations`` (0: never),
    so that a hint leaves the heuristic's move only on that much more evidence.
    """

    iterations: int = 32
    rollout: str = "heuristic"
    rollout_depth: int | None = DEFAULT_DEPTH
    seed: int = 0
    seats: tuple[str, ...] = ()
    confirm: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int):
            raise GameError(f"iterations must be a whole number, not {self.iterations!r}")
        if self.iterations < 2:
            raise GameError(
                f"iterations must be at least 2 (the spread of a loss needs two worlds), "
                f"not {self.iterations}"
            )
        if self.rollout not in ROLLOUTS:
            raise GameError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {self.rollout!r}")
        if self.rollout_depth is not None and self.rollout_depth < 0:
            raise GameError(f"rollout_depth must be at least 0, not {self.rollout_depth}")
        for level in self.seats:
            if level not in SEAT_LEVELS:
                raise GameError(
                    f"a seat's playout level must be one of {', '.join(SEAT_LEVELS)}, not {level!r}"
                )
        if self.seats and self.rollout != "heuristic":
            raise GameError("seats' levels apply to heuristic playouts only")
        if isinstance(self.confirm, bool) or not isinstance(self.confirm, int):
            raise GameError(f"confirm must be a whole number, not {self.confirm!r}")
        if self.confirm < 0:
            raise GameError(f"confirm must be at least 0, not {self.confirm}")

    @classmethod
    def for_game(cls, game: str, **overrides: Any) -> Settings:
        """The defaults for ``game``: its hard level's playout depth where it has an
        ``evaluate`` to score a cut playout, else playouts to the end."""
        depth: int | None = None
        if evaluator(game) is not None:
            depth = load(game).search.get("rollout_depth", DEFAULT_DEPTH)
        return replace(cls(rollout_depth=depth), **overrides)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON."""
        return {
            "iterations": self.iterations,
            "rollout": self.rollout,
            "rollout_depth": self.rollout_depth,
            "seed": self.seed,
            "seats": list(self.seats),
            "confirm": self.confirm,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from their JSON form (those stored before ``seats`` and ``confirm`` were
        kept had neither)."""
        return cls(
            int(data["iterations"]),
            str(data["rollout"]),
            data["rollout_depth"],
            int(data["seed"]),
            tuple(str(level) for level in data.get("seats", ())),
            int(data.get("confirm", 0)),
        )


def seat_level(bot: str | None) -> str:
    """How a table's seat plays in the playouts (``SEAT_LEVELS``): ``easy`` and ``random`` as
    the bots of those names; a person, ``medium``, ``hard`` or any other bot as the game
    heuristic (``hard`` searches with the heuristic's playouts; a person is assumed to play
    sensibly)."""
    return bot if bot in ("easy", "random") else "medium"


def steady_move(state: State, seed: int) -> str:
    """The move the game's heuristic (the ``medium`` bot, whose moves the playouts imitate)
    makes here, with a seed drawn from ``seed`` and the move number (public, so the move
    depends only on the deciding seat's view)."""
    seat = state.current_player
    if seat is None:
        raise GameError("the game is over, so there is no move to make")
    rng = Rng(derive_seed(seed, state.move_number, "steady"))
    return chooser(state.game.name)(state.view(seat), rng)


def _seats_chooser(game: str, levels: Sequence[str]) -> Chooser:
    """The playouts' moves with each seat played at its level (``SEAT_LEVELS``)."""
    heuristic = chooser(game)
    blunder = EasyBot().blunder  # the easy bot's own chance of a random move

    def choose(view: dict[str, Any], rng: Rng) -> str:
        seat = view["current_player"]
        level = levels[seat] if seat < len(levels) else "medium"
        if level == "random" or (level == "easy" and rng.random() < blunder):
            return str(rng.choice(view["legal_actions"]))
        return heuristic(view, rng)

    return choose


@dataclass(frozen=True)
class Decision:
    """A seat's decision: each legal action's estimated result, and the move played judged.

    ``move`` is the action's number in the game (from 1); ``values`` maps each legal action
    (in the game's order) to the seat's estimated expected result after it (its share of a
    win, from 0 to 1); ``best`` is the action of highest value; ``loss`` is what the move
    played gave up against the best (0 when it is the best; cross-fitted over the worlds, so
    noise does not make a good move look bad) and ``error`` that loss's standard error;
    ``labels`` says each legal action in the game's words, as the table's buttons do;
    ``errors`` is each value's standard error over the worlds; ``ranks`` numbers the actions
    from 1, every action the analysis would not mark (as good as the best as far as it can
    tell), the marked ones after it, sharing a rank when the difference between them is
    within ``SIGNIFICANCE`` standard errors of that (paired) difference. The last three are
    empty in analyses stored before they were kept.
    """

    move: int
    seat: int
    played: str
    values: dict[str, float]
    best: str
    loss: float
    error: float
    verdict: Verdict | None
    labels: dict[str, str] = field(default_factory=dict)
    errors: dict[str, float] = field(default_factory=dict)
    ranks: dict[str, int] = field(default_factory=dict)

    @property
    def chance(self) -> float:
        """The estimated expected result after the move played."""
        return self.values[self.played]

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON."""
        return {
            "move": self.move,
            "seat": self.seat,
            "played": self.played,
            "values": dict(self.values),
            "best": self.best,
            "chance": self.chance,
            "loss": self.loss,
            "error": self.error,
            "verdict": None if self.verdict is None else self.verdict.value,
            "labels": dict(self.labels),
            "errors": dict(self.errors),
            "ranks": dict(self.ranks),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """A decision from its JSON form."""
        verdict = data.get("verdict")
        return cls(
            int(data["move"]),
            int(data["seat"]),
            str(data["played"]),
            {str(k): float(v) for k, v in data["values"].items()},
            str(data["best"]),
            float(data["loss"]),
            float(data["error"]),
            None if verdict is None else Verdict(verdict),
            {str(k): str(v) for k, v in data.get("labels", {}).items()},
            {str(k): float(v) for k, v in data.get("errors", {}).items()},
            {str(k): int(v) for k, v in data.get("ranks", {}).items()},
        )


def _means(results: list[list[float]], worlds: range) -> list[float]:
    """Each action's mean reward over the worlds ``worlds``."""
    return [sum(results[w][i] for w in worlds) / len(worlds) for i in range(len(results[0]))]


def _loss(results: list[list[float]], mine: int) -> tuple[float, float]:
    """What action ``mine`` gave up against the best, and the standard error of that.

    Cross-fitted: the best action is chosen on one half of the worlds and the loss measured
    on the other, both ways round. Measured on the worlds that chose it, the best of several
    noisy means looks better than it is, and a move would seem to lose when it does not.
    A loss measured below nothing counts as nothing.
    """
    halves = (range(0, len(results), 2), range(1, len(results), 2))
    gaps = []
    for chosen_on, measured_on in (halves, halves[::-1]):
        means = _means(results, chosen_on)
        best = max(range(len(means)), key=lambda i: means[i])
        gaps += [results[w][best] - results[w][mine] for w in measured_on]
    loss = sum(gaps) / len(gaps)
    spread = sum((g - loss) ** 2 for g in gaps) / (len(gaps) - 1)
    return max(0.0, loss), math.sqrt(spread / len(gaps))


def _spread(samples: list[float]) -> float:
    """The standard error of the mean of ``samples`` (at least two)."""
    mean = sum(samples) / len(samples)
    variance = sum((x - mean) ** 2 for x in samples) / (len(samples) - 1)
    return math.sqrt(variance / len(samples))


def _ranks(results: list[list[float]], means: list[float]) -> list[int]:
    """Each action's rank: the first holds every action the analysis would not mark
    (``judge`` of its cross-fitted loss), so as good as the best as far as the analysis can
    tell; the marked ones follow, best first, a new rank only where an action falls more than
    ``SIGNIFICANCE`` standard errors of the paired difference below the first of the rank
    above (equal means keep the game's order)."""
    order = sorted(range(len(means)), key=lambda i: -means[i])
    marked = [i for i in order if judge(*_loss(results, i)) is not None]
    ranks = [1] * len(means)
    rank, leader = 1, -1
    for i in marked:
        if leader < 0:
            rank, leader = 2, i
        else:
            gap = means[leader] - means[i]
            paired = _spread([row[leader] - row[i] for row in results])
            if gap > 0 and gap > SIGNIFICANCE * paired:
                rank, leader = rank + 1, i
        ranks[i] = rank
    return ranks


@dataclass(frozen=True)
class Playouts:
    """Every legal action of a seat's decision played out in the same worlds: what a
    judgement of the position is made of, whichever move was (or will be) played.

    ``results[w][i]`` is the seat's reward after legal action ``legal[i]`` in world ``w``.
    """

    move: int
    seat: int
    legal: tuple[str, ...]
    labels: dict[str, str]
    results: tuple[tuple[float, ...], ...]

    def judge(self, played: str) -> Decision:
        """The decision with ``played`` (a legal action's text) as the move made."""
        results = [list(row) for row in self.results]
        legal = list(self.legal)
        means = _means(results, range(len(results)))
        best = max(range(len(legal)), key=lambda i: means[i])
        mine = legal.index(played)
        loss, error = (0.0, 0.0) if best == mine else _loss(results, mine)
        errors = [_spread([row[i] for row in results]) for i in range(len(legal))]
        return Decision(
            move=self.move,
            seat=self.seat,
            played=played,
            values=dict(zip(legal, means, strict=True)),
            best=legal[best],
            loss=loss,
            error=error,
            verdict=judge(loss, error),
            labels=dict(self.labels),
            errors=dict(zip(legal, errors, strict=True)),
            ranks=dict(zip(legal, _ranks(results, means), strict=True)),
        )


def play_outs(state: State, settings: Settings, names: Sequence[str] | None = None) -> Playouts:
    """Every legal action of ``state.current_player`` played out in ``settings.iterations``
    worlds drawn from that seat's view (seeds from the settings' seed and the move number);
    the labels name seats by ``names``, as the table's buttons do."""
    seat = state.current_player
    if seat is None:
        raise GameError("the game is over, so there is no decision to judge")
    actions = state.legal_actions()
    legal = [action.text for action in actions]
    game = state.game.name
    heuristic: Chooser | None = None
    if settings.rollout == "heuristic":
        heuristic = _seats_chooser(game, settings.seats) if settings.seats else chooser(game)
    evaluate = None if settings.rollout_depth is None else evaluator(game)
    if settings.rollout_depth is not None and evaluate is None:
        raise GameError(f"{game} has no evaluate function, so rollout_depth must be None")
    rng = Rng(derive_seed(settings.seed, state.move_number))
    results: list[tuple[float, ...]] = []

    def draw(worlds: int) -> None:
        for _ in range(worlds):
            world = state.determinize(seat, rng.next64())
            playout_seed = rng.next64()
            row = []
            for text in legal:
                after = world.clone()
                after.apply(text)
                rewards = play_out(
                    after, Rng(playout_seed), settings.rollout_depth, heuristic, evaluate
                )
                row.append(rewards[seat])
            results.append(tuple(row))

    draw(settings.iterations)
    if settings.confirm and len(legal) > 1 and heuristic is not None:
        # More worlds (the same first ones, then the next of the same seeds) where the
        # analysis would mark the heuristic's move: leaving it needs more evidence than noise.
        rows = [list(row) for row in results]
        steady = legal.index(state.resolve(steady_move(state, settings.seed)).text)
        if _ranks(rows, _means(rows, range(len(rows))))[steady] != 1:
            draw(settings.confirm)
    return Playouts(
        move=state.move_number + 1,
        seat=seat,
        legal=tuple(legal),
        labels={action.text: state.label(action, names) for action in actions},
        results=tuple(results),
    )


def judge_position(
    state: State, played: str, settings: Settings, names: Sequence[str] | None = None
) -> Decision:
    """The decision of ``state.current_player`` here, which played ``played``.

    Depends only on that seat's view of ``state``, ``played`` and ``settings``: the worlds
    come from ``determinize`` with seeds drawn from the settings' seed and the move number.
    """
    if state.current_player is None:
        raise GameError("the game is over, so there is no decision to judge")
    played = state.resolve(played).text
    return play_outs(state, settings, names).judge(played)
