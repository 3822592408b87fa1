"""A tiny hidden-information game for testing the search without a real game's noise."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core import Action, Event, Game, Option, Rng, Said, State


class NimState(State):
    """Nim with a pile, takes of 1 or 2, the last taker wins; each seat holds a secret card."""

    __slots__ = ("pile", "secrets", "winner")

    pile: int
    secrets: list[str]
    winner: int | None

    def legal_actions(self) -> list[Action]:
        return [Action(f"take {n}") for n in (1, 2) if n <= self.pile]

    def _apply(self, action: Action) -> list[Event]:
        self.pile -= int(action.args[0])
        if self.pile == 0:
            self.is_over = True
            self.winner = self.current_player
            self.current_player = None
        else:
            assert self.current_player is not None
            self.current_player = 1 - self.current_player
        return [Said(f"took {action.args[0]}")]

    def clone(self) -> NimState:
        other = NimState.__new__(NimState)
        other._copy_base(self)
        other.pile = self.pile
        other.secrets = list(self.secrets)
        other.winner = self.winner
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        out = self.common_view(seat)
        out["pile"] = self.pile
        if seat is not None:
            out["secret"] = self.secrets[seat]
        return out

    def determinize(self, seat: int | None, seed: int) -> NimState:
        other = self.clone()
        rng = Rng(seed)
        for s in range(self.players):
            if s != seat:
                other.secrets[s] = rng.choice("abc")
        return other

    def scores(self) -> list[int]:
        return [int(self.winner == s) for s in range(self.players)]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]


def _start(game: Game, players: int, seed: int, options: dict[str, Any]) -> State:
    state = NimState.__new__(NimState)
    state._init_base(game, players, seed, options)
    rng = Rng(seed)
    state.pile = options["pile"]
    state.secrets = [rng.choice("abc") for _ in range(players)]
    state.winner = None
    state.current_player = 0
    return state


NIM = Game(
    "nim",
    "Nim",
    2,
    2,
    _start,
    list_actions=lambda players, options: ["take 1", "take 2"],
    options={"pile": Option("pile", 7, "stones in the pile", type="int", min=1)},
)


@pytest.fixture
def nim() -> Game:
    """The toy game (not registered, so the contract suite never sees it)."""
    return NIM
