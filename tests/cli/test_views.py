"""The Rich renderings of views: Fearless's renderer and the generic fallback."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console, RenderableType

import parlour
from parlour import bots
from parlour.cli.views import render_summary, render_view
from parlour.cli.views.fearless import STYLES, card_text


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
    assert f"Player {view['seat']} (you)" in out and "to play" in out
    assert "Your hand:" in out
    for suit in {card.rstrip("+-0123456789") for card in view["hand"]} - {"zero"}:
        values = sorted(
            (int(c[len(suit) :]) for c in view["hand"] if c.startswith(suit)), reverse=True
        )
        assert f"{suit}  {' '.join(f'{v:+d}' for v in values)}" in out
    trick = ", ".join(f"Player {seat} {card}" for seat, card in view["trick"])
    assert f"Trick: {trick}   led: {view['led_suit']}   worth {view['trick_value']:+d}" in out
    on_ruin = [str(seat) for seat, pos in enumerate(view["ghosts"]) if pos is None]
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
    assert "ruin [0]  -60 " in out and " +60" in out  # 45 needs 3 track spaces a cell


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
        name = "Player 0 (you)" if seat == 0 else f"Player {seat}"
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
    assert "no-such-game (view of Player 1)" in out
    assert "scores" in out and "[3, 4]" in out
    assert "wave" not in out  # the prompt lists the legal actions
    assert render_summary(view, view) is None
