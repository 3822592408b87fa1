"""The Rich renderings of views: Fearless's renderer and the generic fallback."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console, RenderableType

import parlour
from parlour import bots
from parlour.cli.play import lineup
from parlour.cli.views import describe, legend, render_summary, render_view, score_parts
from parlour.cli.views.citadels import district_text
from parlour.cli.views.fearless import STYLES, card_text
from parlour.games.citadels.cards import DISTRICTS

from .conftest import Invoke


def text_of(renderable: RenderableType) -> str:
    buffer = io.StringIO()
    Console(width=100, file=buffer).print(renderable)
    return buffer.getvalue()


def played(seed: int, actions: int, players: int = 4) -> parlour.core.State:
    """A Fearless game after ``actions`` random moves."""
    state = parlour.load("fearless").new_game(players, seed=seed)
    bot = bots.make("random", seed=seed)
    for _ in range(actions):
        state.apply(bot.choose(state))
    return state


def test_fearless_view_shows_hand_by_suit_trick_track_and_fear() -> None:
    state = played(seed=1, actions=18)  # trick 5 of round 1, two cards in it
    view = state.view(state.current_player)
    out = text_of(render_view(view))
    assert f"round 1 of 4 · trick {view['trick_number']} of 13" in out
    assert f"Player {view['seat'] + 1} (you)" in out and "to play" in out
    assert "Your hand:" in out
    for suit in {card.rstrip("+-0123456789") for card in view["hand"]} - {"zero"}:
        values = sorted(
            (int(c[len(suit) :]) for c in view["hand"] if c.startswith(suit)), reverse=True
        )
        assert f"{suit}  {' '.join(f'{v:+d}' for v in values)}" in out
    trick = ", ".join(f"Player {seat + 1} {card}" for seat, card in view["trick"])
    assert f"Trick: {trick}   led: {view['led_suit']}   worth {view['trick_value']:+d}" in out
    on_ruin = [str(seat + 1) for seat, pos in enumerate(view["ghosts"]) if pos is None]
    assert f"ruin [{' '.join(on_ruin)}]" in out
    assert "Played earlier this round:" in out


def test_spectator_view_has_no_hand() -> None:
    out = text_of(render_view(played(seed=2, actions=5).view(None)))
    assert "Your hand" not in out and "(you)" not in out
    assert "Trick:" in out


def test_game_over_view_names_the_winners() -> None:
    state = played(seed=3, actions=208)
    assert state.is_over
    out = text_of(render_view(state.view(None)))
    assert "game over after 4 rounds" in out
    assert out.count("fearless!") == len(state.winners())


def test_ghosts_far_out_widen_the_track() -> None:
    view: dict[str, Any] = played(seed=4, actions=0).view(None)
    view["ghosts"] = [None, 45, -3, 0]
    out = text_of(render_view(view))
    assert "ruin [1]  -60 " in out and " +60" in out  # 45 needs 3 track spaces a cell
    # The other ghosts by their seats as people count them: seats 2 and 3 (at -3 and 0)
    # side by side, seat 1 (at 45) far right.
    track = next(line for line in out.splitlines() if "ruin [1]" in line)
    assert "·34·" in track and "·2·" in track


@pytest.mark.parametrize("card", ["blue+6", "orange-1", "magenta+3", "green-6", "zero"])
def test_cards_are_coloured_by_suit(card: str) -> None:
    suit = "zero" if card == "zero" else card.rstrip("+-0123456789")
    assert card_text(card).style == STYLES[suit]
    assert card_text(card).plain == card


def test_summary_shows_fear_at_the_end_of_each_round_only() -> None:
    state = parlour.load("fearless").new_game(3, seed=5)
    bot = bots.make("random", seed=5)
    shown = []
    before = state.view(0)
    while not state.is_over:
        state.apply(bot.choose(state))
        after = state.view(0)
        summary = render_summary(before, after)
        if summary is not None:
            shown.append((text_of(summary), after["scores"]))
        before = after
    assert [out.splitlines()[0].strip() for out, _ in shown] == [
        f"Fear after round {n} of 3" for n in (1, 2, 3)
    ]
    last, scores = shown[-1]
    for seat, total in enumerate(scores):
        name = "Player 1 (you)" if seat == 0 else f"Player {seat + 1}"
        assert name in last and f"{total} │" in last


def test_a_game_without_a_renderer_gets_a_plain_table() -> None:
    view = {
        "game": "no-such-game",
        "players": 2,
        "seat": 1,
        "current_player": 1,
        "scores": [3, 4],
        "legal_actions": ["wave"],
    }
    out = text_of(render_view(view))
    assert "no-such-game (view of Player 2)" in out
    assert "scores" in out and "[3, 4]" in out
    assert "wave" not in out  # the prompt lists the legal actions
    assert render_summary(view, view) is None


@pytest.mark.parametrize("seed", range(6))
def test_three_players_name_the_suit_out_of_the_game(seed: int) -> None:
    state = parlour.load("fearless").new_game(3, seed=seed)
    suits = {c.rstrip("+-0123456789") for s in range(3) for c in state.view(s)["hand"]}
    (out,) = {"blue", "orange", "magenta", "green"} - suits
    text = " ".join(text_of(render_view(state.view(0))).replace("│", " ").split())
    assert f"Out of the game: the whole {out} suit; one copy each of" in text
    assert "zero" in text.split("Out of the game:")[1].split("Trick:")[0]


def test_district_colours_survive_without_colour() -> None:
    state = parlour.load("citadels").new_game(4, seed=2)
    view = state.view(0)
    buffer = io.StringIO()
    Console(width=200, file=buffer, no_color=True, color_system=None).print(render_view(view))
    out = buffer.getvalue()
    assert "\x1b[" not in out
    letters = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "purple": "P"}
    for slug in view["hand"]:
        d = next(d for d in DISTRICTS if d.slug == slug)
        assert f"{d.name} {letters[d.colour]}{d.cost}" in out
    assert district_text("university").plain == "University P6 (8 pts)"


def finished_citadels(seed: int, players: int) -> parlour.core.State:
    state = parlour.load("citadels").new_game(players, seed=seed)
    bot = bots.make("random", seed=seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_citadels_score_parts_add_up_to_the_scores(seed: int) -> None:
    state = finished_citadels(seed, 2 + seed % 6)
    names, rows = score_parts(state.view(None))
    assert names == ["districts", "five colours", "complete city"]
    for seat, row in enumerate(rows):
        assert sum(int(cell.split()[0]) for cell in row if cell) == state.scores()[seat]
    first = state.view(None)["first_complete"]
    if first is not None:
        assert rows[first][2] == "+4 first"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fearless_score_parts_are_the_rounds_and_add_up_to_the_totals(players: int) -> None:
    state = parlour.load("fearless").new_game(players, seed=players)
    bot = bots.make("random", seed=players)
    while not state.is_over:
        state.apply(bot.choose(state))
    names, rows = score_parts(state.view(None))
    assert names == [f"round {number}" for number in range(1, players + 1)]
    assert [sum(map(int, row)) for row in rows] == state.scores()


def test_citadels_final_table_breaks_the_scores_down(invoke: Invoke) -> None:
    result = invoke("play citadels --watch --players 3 --bots random --delay 0 --seed 3")
    assert result.exit_code == 0, result.output
    table = result.output[result.output.rindex("final scores") :]
    assert "districts" in table and "five colours" in table and "complete city" in table
    state = finished_citadels_as_played(3)
    rows = re.findall(r"^│\s*(\d) │ random │\s*(\d+) │([^│]*)│([^│]*)│\s*(\d+) │", table, re.M)
    assert [int(row[4]) for row in rows] == state.scores()
    for _, districts, five, complete, score in rows:
        bonus = sum(int(cell.split()[0]) for cell in (five.strip(), complete.strip()) if cell)
        assert int(districts) + bonus == int(score)


def finished_citadels_as_played(seed: int) -> parlour.core.State:
    """The watched 3-player game of random bots that `parlour play` deals for ``seed``."""
    state = parlour.load("citadels").new_game(3, seed=seed)
    seats = lineup("random", 3, None, seed)
    while not state.is_over:
        bot = seats[state.current_player].bot
        assert bot is not None
        state.apply(bot.choose(state))
    return state


def test_a_legend_and_descriptions_come_with_each_renderer() -> None:
    assert "ruin [1 3]" in text_of(legend("fearless"))
    assert "Manor Y3" in text_of(legend("citadels"))
    assert "Enter alone" in text_of(legend("no-such-game"))
    assert describe("citadels", "Haunted City") is not None
    assert describe("fearless", "green+7") is None
    assert describe("no-such-game", "anything") is None
