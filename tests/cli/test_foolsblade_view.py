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
    every = {"class", "tavern", "assembly", "forge", "combat", "end"}
    phases: set[str] = set()
    for seed in range(8, 14):  # games until each phase came (a discard at the end is rare)
        state = parlour.load("foolsblade").new_game(3, seed=seed)
        seats = [bots.make("heuristic", seed=s) for s in range(3)]
        while not state.is_over:
            view = state.view(state.current_player)
            if state.move_number % 40 == 0 or view["phase"] not in phases:
                phases.add(view["phase"])
                setup = view["phase"] == "class"
                heading = "Fool's Blade · setup" if setup else "Fool's Blade · turn"
                assert heading in text_of(render_view(view), width=80)
                assert "(you)" not in text_of(render_view(state.view(None)), width=80)
            state.apply(seats[state.current_player].choose(state))
        if every <= phases:
            break
    assert every <= phases


def test_help_describes_every_card_and_class_by_id_and_name() -> None:
    from parlour.cli.play import help_for
    from parlour.games.foolsblade.table import table_for

    state = parlour.load("foolsblade").new_game(2, seed=1)
    for card in table_for(state.options["cards"]).set.cards:
        for asked in (card.id, card.name):
            out = text_of(help_for(state, asked.lower()))
            assert out.startswith(card.name), asked
            assert "Nothing in" not in out
    out = text_of(help_for(state, "hexbreaker"))
    assert "class" in out and "once a turn" in out
    assert "Nothing in Fool's Blade" in text_of(help_for(state, "no such card"))


def test_the_legend_explains_the_weapon_shorthand() -> None:
    from parlour.cli.views import legend

    out = text_of(legend("foolsblade"))
    assert "B5 G3 H- P1" in out and "Blade, Guard, Handle, Pommel" in out


def test_the_class_choice_shows_each_class_left_with_its_text() -> None:
    state = parlour.load("foolsblade").new_game(3, seed=2)
    taken = state.legal_actions()[0].text.split()[-1]
    state.apply(f"choose {taken}")
    view = state.view(state.current_player)
    out = text_of(render_view(view), width=200)
    offered = out.split("Classes to choose from")[1]
    for action in view["legal_actions"]:
        card = state.card(action.split()[-1])
        assert card["name"] in offered and card["text"][:40] in offered
    assert state.card(taken)["name"] not in offered
    assert "Your weapon" not in out  # nothing to show before the cards are dealt


def test_the_log_names_cards_not_ids() -> None:
    from parlour.cli.views import log_text

    state = parlour.load("foolsblade").new_game(3, seed=2)
    while state.view(None)["phase"] == "class":
        state.apply(state.legal_actions()[0])
    view = state.view(None)
    texts = [log_text(view, event.text) for event in state.log]
    chosen = [t for t in texts if "plays as the" in t]
    assert chosen and all(state.card(c)["name"] in " ".join(chosen) for c in view["classes"])
    ids = [c for c in view["classes"] if c != state.card(c)["name"].lower()]
    assert not any(card_id in text for text in texts for card_id in ids)


def test_a_decision_says_why_it_is_asked() -> None:
    view = view_where(3, lambda v: v["decision"] is not None and v["decision"]["seat"] == v["seat"])
    out = text_of(render_view(view))
    assert "Decision: " in out and f", for {view['decision']['why']}" in " ".join(out.split())


def test_combat_shows_the_strength_in_parts() -> None:
    view = view_where(1, lambda v: v["combat"] is not None and v["combat"]["seat"] == v["seat"])
    out = text_of(render_view(view))
    combat = view["combat"]
    parts = " + ".join(f"{label} {amount}" for label, amount in combat["player_parts"])
    assert f"fighter {combat['player_strength']} = {parts}" in out


def test_an_approach_shows_no_boss_table_before_the_boss_arrives() -> None:
    view = view_where(4, lambda v: v["boss"] is not None and not v["boss"]["cards"], seat=None)
    out = text_of(render_view(view))
    assert "Approach: " in out and "Boss card" not in out and "strikes 0 of" not in out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_six_seats_fit_a_hundred_columns_one_line_each(seed: int) -> None:
    state = parlour.load("foolsblade").new_game(6, seed=seed)
    seats = [bots.make("random", seed=s) for s in range(6)]
    while not state.is_over and state.move_number < 2500:
        state.apply(seats[state.current_player].choose(state))  # type: ignore[index]
    view = state.view(0)
    lines = text_of(render_view(view), width=100).splitlines()
    assert all(len(line) <= 100 for line in lines)
    rows = [line for line in lines if line.startswith("│  Player ")]
    assert len(rows) == 6  # one line a seat: nothing wrapped


def test_the_final_scores_are_broken_down(invoke: Invoke) -> None:
    result = invoke("play foolsblade --players 2 --watch --bots random --seed 3 --delay 0")
    assert result.exit_code == 0, result.output
    final = result.output[result.output.rindex("final scores") :]
    for part in ("weapon", "monsters", "treasures", "legendary"):
        assert part in final
    state = parlour.replay(json.loads(next(Path().glob("games/*.json")).read_text()))
    assert final_scores(result.output) == state.scores()


def test_lone_passes_are_played_for_you_unless_asked_not_to(invoke: Invoke) -> None:
    args = "play foolsblade --players 2 --bots random --seed 4 --delay 0 --save g.json"
    auto = invoke(args, input="1\n" * 40 + "q\n")
    assert "You pass (nothing else is legal)." in auto.output
    asking = invoke(args + " --no-auto-pass", input="1\n" * 40 + "q\n")
    assert "You pass" not in asking.output
    assert "(Enter: pass;" in asking.output


def test_games_shows_every_name_and_alias_whole_in_80_columns(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = invoke("games")
    assert result.exit_code == 0
    assert all(len(line) <= 80 for line in result.output.splitlines())
    for name in parlour.game_names():
        assert name in result.output
        for alias in parlour.load(name).aliases:
            assert alias in result.output
