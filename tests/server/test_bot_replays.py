"""A bot worker keeps the games it replayed: a table's next move applies only what is new."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour import bots
from parlour.core import GameError, derive_seed, replay
from parlour.server import botpool


def _record(game: str, seed: int, actions: list[str]) -> dict[str, Any]:
    return {"game": game, "players": 4, "seed": seed, "options": {}, "actions": list(actions)}


def _game(game: str, seed: int) -> list[str]:
    """The actions of a whole game between `medium` bots."""
    state = parlour.load(game).new_game(4, seed=seed)
    players = [bots.make("medium", seed=seat) for seat in range(4)]
    actions = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        actions.append(str(players[seat].choose(state)))
        state.apply(actions[-1])
    return actions


@pytest.mark.parametrize("game", ["fearless", "citadels", "foolsblade"])
def test_bot_moves_along_a_game_replay_it_once_and_match_a_fresh_replay(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(botpool, "_replayed", type(botpool._replayed)())
    replays = []

    def counted(record: dict[str, Any], upto: int | None = None) -> Any:
        replays.append(len(record["actions"]))
        return replay(record, upto)

    monkeypatch.setattr(botpool, "replay", counted)
    actions = _game(game, seed=5)
    for end in range(0, len(actions), max(1, len(actions) // 40)):
        record = _record(game, 5, actions[:end])
        fresh = replay(record)
        if fresh.is_over:
            break
        seat = fresh.current_player
        assert seat is not None
        assert botpool.think(record, "medium", seat) == str(
            bots.make("medium", seed=derive_seed(5, seat, end)).choose(fresh)
        )
        assert botpool.replayed(record).view(seat) == fresh.view(seat)
    assert replays == [0]  # the first record only; every later one extends it


def test_another_beginning_is_replayed_and_the_kept_games_are_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(botpool, "_replayed", type(botpool._replayed)())
    actions = _game("fearless", seed=6)
    one = botpool.replayed(_record("fearless", 6, actions[:30]))
    # The same seed with other actions (another table, say) is not taken for the kept game.
    other = list(actions[:29])
    other.append(
        next(
            a.text
            for a in replay(_record("fearless", 6, other)).legal_actions()
            if a.text != actions[29]
        )
    )
    assert botpool.replayed(_record("fearless", 6, other)).history[-1].text == other[-1]
    assert one.history[-1].text == actions[29]
    for seed in range(botpool.REPLAYED_GAMES + 5):
        botpool.replayed(_record("fearless", 100 + seed, []))
    assert len(botpool._replayed) == botpool.REPLAYED_GAMES


def test_a_kept_game_whose_next_action_is_illegal_says_so_as_a_replay_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(botpool, "_replayed", type(botpool._replayed)())
    actions = _game("citadels", seed=7)
    botpool.replayed(_record("citadels", 7, actions[:10]))
    with pytest.raises(GameError, match="action 11 of the record"):
        botpool.replayed(_record("citadels", 7, [*actions[:10], "no such move"]))
