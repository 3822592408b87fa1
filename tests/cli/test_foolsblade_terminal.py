"""Fool's Blade in the terminal as a first-time player meets it: passing on other players'
turns, the choices again after a mistyped entry, and the game's own legend."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour import bots
from parlour.cli import play as playing
from parlour.cli.views import pass_reason
from parlour.core import State
from parlour.games.foolsblade.table import table_for
from parlour.games.foolsblade.vocabulary import PRIMITIVES

from .conftest import Invoke
from .test_foolsblade_view import text_of

View = dict[str, Any]


def negates(view: View, action: str) -> bool:
    """Whether a legal action plays a card (or uses a class ability) with a negating effect,
    read from the card data, not from the window the view is in."""
    verb, _, rest = action.partition(" ")
    if verb not in ("play", "use"):
        return False
    card = table_for(view["cards"]).set.by_id[rest.split(" on ")[0]]
    effects = card.ability.effects if verb == "use" else card.effects
    return any(PRIMITIVES[effect.do].negates for effect in effects)


def test_passing_on_others_turns_never_passes_a_negate_or_a_decision() -> None:
    """Over whole games, at every question to seat 0 on another player's turn: a pass is
    offered to the mode only with `pass` legal and no legal play that negates; and the mode
    does pass often, so that it saves the player prompts."""
    passed = asked_to_negate = asked_to_answer = 0
    for seed in range(1, 7):
        state = parlour.load("foolsblade").new_game(3, seed=seed, cards="v2")
        seats = [bots.make("heuristic", seed=seed * 10 + s) for s in range(3)]
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            view = state.view(mover)
            if mover == 0 and view["active"] not in (None, 0):
                legal = view["legal_actions"]
                why = pass_reason(view)
                if "pass" not in legal:
                    assert why is None, legal
                    asked_to_answer += 1
                elif any(negates(view, action) for action in legal):
                    assert why is None, legal
                    asked_to_negate += 1
                elif why is not None:
                    passed += 1
            state.apply(seats[mover].choose(state))
    assert passed > 50
    assert asked_to_negate > 0 and asked_to_answer > 0


def test_passing_on_others_turns_asks_on_your_own_turn() -> None:
    state = parlour.load("foolsblade").new_game(3, seed=2)
    seats = [bots.make("heuristic", seed=s) for s in range(3)]
    own = 0
    while not state.is_over and own < 30:
        view = state.view(state.current_player)
        if view["active"] == view["seat"]:
            assert pass_reason(view) is None
            own += 1
        state.apply(seats[state.current_player].choose(state))  # type: ignore[index]
    assert own == 30


def test_pass_others_is_said_in_the_log(invoke: Invoke) -> None:
    args = "play foolsblade --players 3 --bots random --seed 5 --delay 0 -o cards=v2 --save g.json"
    passing = invoke(args + " --pass-others", input="1\n" * 60 + "q\n")
    assert passing.exit_code == 0, passing.output
    said = [line for line in passing.output.splitlines() if "You pass (Player " in line]
    assert said and all("'s turn, nothing" in line for line in said)
    asking = invoke(args, input="1\n" * 60 + "q\n").output
    assert "You pass (Player " not in asking
    # Without the mode, a player asked on another's turn learns of it, once.
    assert asking.count("with --pass-others") == 1 and "with --pass-others" not in passing.output


def asked_on_others_turns(monkeypatch: pytest.MonkeyPatch, pass_others: bool) -> list[View]:
    """The views seat 0 is asked in on other players' turns over a whole game of
    ``playing.run`` against heuristic bots, seat 0 passing whenever it may."""
    asked: list[View] = []

    def answer(console: Console, state: State, seat: int) -> str:
        view = state.view(seat)
        legal = view["legal_actions"]
        if view["active"] not in (None, seat):
            asked.append(view)
        return "pass" if "pass" in legal else legal[0]

    monkeypatch.setattr(playing, "ask", answer)
    state = parlour.load("foolsblade").new_game(3, seed=3, cards="v2")
    seats = [
        playing.Seat("you"),
        *(playing.Seat("bot", bots.make("heuristic", seed=s)) for s in (1, 2)),
    ]
    console = Console(file=io.StringIO(), width=100)
    assert playing.run(console, state, seats, 0, 0, pass_others=pass_others) == "over"
    return asked


def test_pass_others_leaves_only_negates_and_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    every = asked_on_others_turns(monkeypatch, pass_others=False)
    left = asked_on_others_turns(monkeypatch, pass_others=True)
    # The game (seed 3, v2, heuristic bots) asks seat 0 often on others' turns; the mode
    # spares it at least 20 of those questions, and asks only what the loop below allows.
    assert len(every) > 20 and len(every) - len(left) >= 20
    for view in left:
        legal = view["legal_actions"]
        assert "pass" not in legal or any(negates(view, action) for action in legal)


def test_a_mistyped_entry_prints_the_choices_again(invoke: Invoke) -> None:
    result = invoke(
        "play foolsblade --players 2 --bots random --seed 4 --delay 0 --save g.json",
        input="chose nothing\nq\n",
    )
    output = result.output
    after = output[output.index("Not legal:") :]
    # The numbered choices follow the complaint, before the prompt comes again.
    assert " 1 choose " in after.split("Your move")[0]


def test_the_legend_is_the_games_own_and_explains_modifiers() -> None:
    from parlour.cli.views import legend

    out = " ".join(text_of(legend("foolsblade"), width=200).split())
    glossary = parlour.load("foolsblade").guide.glossary  # type: ignore[union-attr]
    assert glossary
    for term, meaning in glossary:
        assert term in out and " ".join(meaning.split()) in out
    terms = {term for term, _ in glossary}
    for modifier in ("d6", "monster", "anvil", "loot"):
        assert any(modifier in term for term in terms), modifier
