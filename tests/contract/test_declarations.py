"""What every game declares on its ``Game`` (docs/engine.md, "What a game declares"), checked
against play: the view type against the views, the length bound against games, the
encoder and the card catalogue against the packages that read them."""

from __future__ import annotations

import importlib
import re
import types
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import parlour
from parlour.core import CommonView, Rng

NAMES = parlour.game_names()
# Seeds and player counts of the random games each check plays (Fool's Blade cut short).
GAMES = [(name, players, seed) for name in NAMES for players, seed in ((3, 1), (4, 2))]
SHORT = {"foolsblade": {"max_turns": 40}}


def games() -> Any:
    """Random games, every few decisions a state."""
    for name, players, seed in GAMES:
        state = parlour.load(name).new_game(players, seed=seed, **SHORT.get(name, {}))
        rng = Rng(seed)
        step = 0
        while not state.is_over:
            if step % 7 == 0:
                yield name, state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            step += 1
        yield name, state


def matches(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits an annotation, one level into lists, dicts and TypedDicts."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin in (Union, types.UnionType):
        return any(matches(value, arg) for arg in get_args(hint))
    if is_typeddict(hint):
        return isinstance(value, dict) and fits(value, hint) == []
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(matches(v, item) for v in value)
    if origin is dict:
        _, item = get_args(hint)
        return isinstance(value, dict) and all(matches(v, item) for v in value.values())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def required(kind: Any) -> list[str]:
    """The keys a TypedDict requires. Read from the annotations, as ``__required_keys__`` is
    wrong on Python 3.11 for modules with ``from __future__ import annotations``."""
    hints = get_type_hints(kind, include_extras=True)
    return [key for key, hint in hints.items() if get_origin(hint) is not NotRequired]


def fits(view: dict[str, Any], kind: Any) -> list[str]:
    """What in ``view`` disagrees with the TypedDict ``kind``: missing, unknown, mistyped keys."""
    hints = get_type_hints(kind)
    problems = [f"missing {key!r}" for key in required(kind) if key not in view]
    problems += [f"undeclared {key!r}" for key in view if key not in hints]
    problems += [
        f"{key!r} is {view[key]!r}, not {hints[key]}"
        for key in view
        if key in hints and not matches(view[key], hints[key])
    ]
    return problems


@pytest.mark.parametrize("name", NAMES)
def test_every_game_declares_a_view_type_that_extends_the_common_keys(name: str) -> None:
    kind = parlour.load(name).view_type
    assert kind is not None and is_typeddict(kind), f"{name} declares no view TypedDict"
    assert set(get_type_hints(CommonView)) <= set(get_type_hints(kind))


# The keys the server adds to the views it sends (``CommonView``), never a game's own.
SERVER_KEYS = {"names", "auto_pass", "labels", "passing"}


def test_every_view_has_exactly_the_declared_keys_and_types() -> None:
    seen: dict[str, set[str]] = {name: set() for name in NAMES}
    for name, state in games():
        kind = parlour.load(name).view_type
        for seat in [None, *range(state.players)]:
            view = state.view(seat)
            assert fits(view, kind) == [], (name, seat, state.move_number)
            seen[name] |= set(view)
    # Every declared key shows up in some view: the type lists nothing the game never sends
    # (the server's additions aside).
    for name in NAMES:
        declared = set(get_type_hints(parlour.load(name).view_type)) - SERVER_KEYS
        assert declared <= seen[name], (name, declared - seen[name])


def test_a_wrong_view_is_told_apart() -> None:
    """The check above can fail: a missing key, an extra key and a wrong type are each caught."""
    state = parlour.load("fearless").new_game(4, seed=0)
    kind = parlour.load("fearless").view_type
    view = state.view(0)
    assert fits(view, kind) == []
    assert fits({k: v for k, v in view.items() if k != "ghosts"}, kind) == ["missing 'ghosts'"]
    assert fits({**view, "extra": 1}, kind) == ["undeclared 'extra'"]
    assert fits({**view, "round": "one"}, kind) != []


def test_the_length_bound_holds_in_play() -> None:
    for name, players, seed in GAMES:
        game = parlour.load(name)
        if game.max_decisions is None:
            continue
        options = {"max_rounds": 3} if "max_rounds" in game.options else {}
        state = game.new_game(players, seed=seed, **options)
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        bound = game.max_decisions(players, game.checked_options(players, options))
        assert state.move_number <= bound, (name, players)


@pytest.mark.parametrize("name", NAMES)
def test_a_declared_encoder_is_importable_and_made_for_the_game(name: str) -> None:
    pytest.importorskip("numpy")
    from parlour.rl.encoders import encoder

    game = parlour.load(name)
    made = encoder(game, game.min_players)
    if game.encoder is None:
        assert made.name == "hashed-view"
    else:
        module, _, cls = game.encoder.partition(":")
        assert type(made) is getattr(importlib.import_module(module), cls)
        assert made.players == game.min_players


def test_the_catalogue_is_the_games_card_data() -> None:
    from parlour.games.citadels.cards import DISTRICTS
    from parlour.server.catalogue import catalogue

    districts = catalogue("citadels")["districts"]
    assert {d.slug: d.cost for d in DISTRICTS} == {k: v["cost"] for k, v in districts.items()}
    assert {d.slug: d.text for d in DISTRICTS} == {k: v["text"] for k, v in districts.items()}
    for game in NAMES:
        guide = catalogue(game)
        assert guide["how_to_play"] and guide["phases"], game


@pytest.mark.parametrize("name", NAMES)
def test_the_agents_rules_and_the_table_pages_guide_are_one_text(name: str) -> None:
    """An agent reads the very guide a table page shows: every section, word for word."""
    from parlour import agents
    from parlour.server.catalogue import catalogue

    game = parlour.load(name)
    assert game.guide is not None
    shown = catalogue(name)
    assert shown["how_to_play"] == [section.to_dict() for section in game.guide.sections]
    assert shown["phases"] == dict(game.guide.phases)
    rules = agents.rules(name)
    for section in shown["how_to_play"]:
        assert f"{section['heading']}: {section['text']}" in rules
        for step in section.get("steps", []):
            assert step in rules
    assert game.guide.notation in rules
    assert any(section["heading"] == "Scoring" for section in shown["how_to_play"])


def test_foolsblade_scoring_is_stated_once_for_guide_agents_and_engine() -> None:
    """The guide's Scoring is the scoring module's rule, which counts the Stash's Legendary
    parts (the page's own copy once forgot them), and the score is its parts' sum."""
    from parlour.games.foolsblade.scoring import SCORE_RULE, score_parts

    game = parlour.load("foolsblade")
    assert game.guide is not None
    scoring = next(s for s in game.guide.sections if s.heading == "Scoring")
    assert scoring.text == SCORE_RULE and "Legendary parts" in SCORE_RULE
    for name, state in games():
        if name == "foolsblade":
            parts = [score_parts(state, seat) for seat in range(state.players)]  # type: ignore[arg-type]
            assert [sum(p.values()) for p in parts] == state.scores()


def test_every_game_ends_with_the_same_kind_of_event() -> None:
    """A game's last event is ``game_end`` in every game, with the winners in its fields."""
    for _, state in games():
        if state.is_over:
            last = state.log[-1].to_dict()
            assert last["kind"] == "game_end" and last["winners"] == state.winners()


def test_the_declared_facts_engines_and_card_tools_are_the_games() -> None:
    """What a game names by import path imports and is what its readers use."""
    from parlour.core.registry import declared
    from parlour.sim.facts import facts_for

    for name in NAMES:
        game = parlour.load(name)
        if game.facts is not None:
            assert facts_for(name) is declared(game.facts)
        if game.batched is not None:
            engine = declared(game.batched)
            assert callable(engine.playouts) and callable(engine.determinizations)
            assert facts_for(name).batched_columns is not None, name
        if game.editions:
            assert game.options["cards"].default in game.editions


def test_no_package_outside_the_games_tells_a_game_by_its_name() -> None:
    """A per-game fact is declared on the ``Game``, never looked up by comparing a name."""
    from pathlib import Path

    names = "|".join(NAMES)
    by_name = re.compile(
        rf"""(==|!=)\s*["']({names})["']|["']({names})["']\s*(==|!=)|\w\[["']({names})["']\]"""
    )
    source = Path(parlour.__file__).parent
    found = [
        f"{path.relative_to(source)}:{number}: {line.strip()}"
        for path in source.rglob("*.py")
        if "games" not in path.relative_to(source).parts[:1]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_name.search(line)
    ]
    assert not found, found
