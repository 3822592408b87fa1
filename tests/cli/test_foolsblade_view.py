"""Fool's Blade in the terminal: the view's renderer and whole games of ``parlour play``."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

import parlour
from parlour import bots
from parlour.cli.views import render_view
from parlour.cli.views.foolsblade import weapon_line

from .conftest import Invoke, final_scores

View = dict[str, Any]


def text_of(renderable: RenderableType, width: int = 120) -> str:
    buffer = io.StringIO()
    Console(width=width, file=buffer).print(renderable)
    return buffer.getvalue()


def view_where(
    seed: int, wanted: Callable[[View], bool], seat: int | None = -1, cards: str = "v2"
) -> View:
    """The first view of a heuristic game that ``wanted`` accepts: the deciding seat's view,
    or the view of ``seat`` (``None``: the spectator's)."""
    state = parlour.load("foolsblade").new_game(4, seed=seed, cards=cards)
    seats = [bots.make("heuristic", seed=seed + s) for s in range(4)]
    while not state.is_over:
        view = state.view(state.current_player if seat == -1 else seat)
        if wanted(view):
            return copy.deepcopy(view)
        state.apply(seats[state.current_player].choose(state))
    raise AssertionError(f"seed {seed}: no such view")


def test_combat_shows_the_monster_both_strengths_and_the_weapon_by_element() -> None:
    view = view_where(1, lambda v: v["combat"] is not None and v["combat"]["seat"] == v["seat"])
    me = view["seat"]
    view["weapons"][me] = {
        "blade": "cinderbrand-blade",
        "guard": "tidecaller-guard",
        "handle": None,
        "pommel": "wayfarer-pommel",
    }
    out = text_of(render_view(view))
    combat = view["combat"]
    monster = parlour.load("foolsblade").new_game(2, seed=1).card(combat["monster"])["name"]
    assert f"fights {monster} ({combat['element']})" in out
    mine, theirs = combat["player_strength"], combat["monster_strength"]
    assert f"fighter {mine} vs monster {theirs}" in out
    assert "Your weapon: strength against each element" in out
    # Fire 4 x(1, 1, 0, 2), Water 3 x(1, 2, 1, 0), Neutral 1: against neutral, fire, water, plant.
    assert "Cinderbrand Blade (4 fire)" in out and "Tidecaller Guard (3 water)" in out
    total = next(line for line in out.splitlines() if "│ total" in line)
    cells = [cell.strip() for cell in total.split("│")]
    assert cells[cells.index("total") + 2 : cells.index("total") + 6] == ["8", "11", "4", "9"]
    assert "(empty)" in out  # the Handle slot
    assert "Your hand" in out


def test_weapon_line_is_part_initials_and_strengths() -> None:
    view = view_where(1, lambda v: True, cards="v1")  # the parts named are the first edition's
    line = weapon_line(
        view, {"blade": "bramble-blade", "guard": None, "handle": "oathkeeper-handle"}
    )
    assert line.plain == "B4 G- H1 P-"


def test_boss_shows_its_cards_and_strikes() -> None:
    view = view_where(0, lambda v: v["boss"] is not None and v["boss"]["cards"], seat=None)
    out = text_of(render_view(view))
    boss = view["boss"]
    assert f"strikes {boss['strikes']} of {boss['strike_limit']}" in out
    game = parlour.load("foolsblade").new_game(2, seed=1)
    for card in boss["cards"]:
        assert game.card(card)["name"] in out
    assert game.card(boss["approach"])["name"] in out


def test_spectator_sees_no_hand_and_the_game_over_names_the_winner() -> None:
    state = parlour.load("foolsblade").new_game(3, seed=2)
    seats = [bots.make("heuristic", seed=s) for s in range(3)]
    while not state.is_over:
        state.apply(seats[state.current_player].choose(state))
    out = text_of(render_view(state.view(None)))
    assert "game over after" in out and "wins!" in out
    assert "Your hand" not in out and "(you)" not in out


@pytest.mark.parametrize("players", [2, pytest.param(6, marks=pytest.mark.slow)])
def test_watch_a_whole_game(invoke: Invoke, players: int) -> None:
    result = invoke(
        f"play foolsblade --watch --players {players} --bots heuristic --seed 3 --delay 0 "
        "--save g.json"
    )
    assert result.exit_code == 0, result.output
    assert "Fool's Blade: final scores" in result.output
    state = parlour.replay(_read("g.json"))
    assert state.is_over
    assert final_scores(result.output) == state.scores()


def _read(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def test_a_human_plays_then_saves_and_quits(invoke: Invoke) -> None:
    result = invoke(
        "play foolsblade --players 3 --bots heuristic --seed 4 --delay 0 --save g.json",
        input="1\n" * 30 + "q\n",
    )
    assert "Your weapon: strength against each element" in result.output
    assert "Game stopped after" in result.output
    record = _read("g.json")
    assert len(record["actions"]) >= 30
    assert not parlour.replay(record).is_over


@pytest.mark.slow
def test_a_human_plays_a_whole_game_against_bots(invoke: Invoke) -> None:
    result = invoke(
        "play foolsblade --players 2 --bots heuristic --seed 4 --delay 0 --save g.json",
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Your weapon: strength against each element" in result.output
    assert "Fool's Blade: final scores" in result.output
    assert parlour.replay(_read("g.json")).is_over


def test_every_phase_renders_for_a_seat_and_a_spectator() -> None:
    state = parlour.load("foolsblade").new_game(3, seed=8)
    seats = [bots.make("heuristic", seed=s) for s in range(3)]
    phases = set()
    while not state.is_over:
        view = state.view(state.current_player)
        if state.move_number % 40 == 0 or view["phase"] not in phases:
            phases.add(view["phase"])
            heading = "Fool's Blade · setup" if view["phase"] == "class" else "Fool's Blade · turn"
            assert heading in text_of(render_view(view), width=80)
            assert "(you)" not in text_of(render_view(state.view(None)), width=80)
        state.apply(seats[state.current_player].choose(state))
    assert {"class", "tavern", "assembly", "forge", "combat", "end"} <= phases
