"""Every refusal in Fearless says why: no action, no such card, not held, not following."""

from __future__ import annotations

import pytest

import parlour
from parlour import IllegalAction, bots
from parlour.core import State

GENERIC = "is not a legal action"
NONSENSE = ["", "play", "asdf qwe", "play green+9", "play blue", "lead green+2", "play zero zero"]


def refusal(state: State, text: str) -> str:
    with pytest.raises(IllegalAction) as error:
        state.apply(text)
    return error.value.why


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_every_illegal_text_at_every_turn_gets_a_reason(players: int, seed: int) -> None:
    game = parlour.load("fearless")
    state = game.new_game(players, seed=seed)
    texts = game.action_space(players) + NONSENSE
    bot = bots.make("random", seed=seed)
    while not state.is_over:
        legal = {a.text for a in state.legal_actions()}
        seat = state.current_player
        hand = set(state.view(seat)["hand"])
        for text in texts:
            if text in legal:
                continue
            why = refusal(state, text)
            assert GENERIC not in why, (text, why)
            card = text.removeprefix("play ")
            if text in game.action_space(players) and card not in hand:
                assert why == f"Player {seat} holds no {card}"
            elif text in game.action_space(players):
                assert why.startswith(f"Player {seat} must follow ")
        state.apply(bot.choose(state))
    assert refusal(state, "play zero").startswith("the game is over")


def test_a_refusal_names_the_seat_as_the_tables_sentences_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The server gives the table's names ("Player 1" for seat 0, numbered as people count),
    # so a refusal reads like the log; without names the engine says "Player 0" as events do.
    state = parlour.load("fearless").new_game(3, seed=1)
    names = ["Ana", "Player 2", "Player 3"]
    held = set(state.view(0)["hand"])
    missing = next(a for a in parlour.load("fearless").action_space(3) if a[5:] not in held)
    with pytest.raises(IllegalAction) as error:
        state.resolve(missing, names)
    assert error.value.why == f"Ana holds no {missing[5:]}"
    with pytest.raises(IllegalAction) as error:
        state.resolve(missing)
    assert error.value.why == f"Player 0 holds no {missing[5:]}"
    # The generic sentence of the base, for a text the game does not explain.
    monkeypatch.setattr(type(state), "explain_illegal", lambda self, text, names=None: None)
    with pytest.raises(IllegalAction) as error:
        state.resolve("play zero zero", names)
    assert error.value.why == "'play zero zero' is not a legal action for Ana now"
