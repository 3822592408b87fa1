"""The Citadels observation, read from ``state.view(seat)`` and rotated observer-first.

Characters and districts are numbered in the order the action space names them
(``choose <character>`` and ``build <district>``), so the layout follows the game's own
vocabulary and the options (the Great Wall) without reading the engine's internals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ...core import Game, State
from ...games.citadels.views import PHASES, STEPS, TURN_FLAGS, CitadelsView
from .base import Layout

__all__ = ["CitadelsEncoder"]

_TURN_FLAGS = tuple(key for key, _ in TURN_FLAGS)  # the view's names, the game's order
_GOLD_SCALE = 10.0
_SCORE_SCALE = 30.0
_HAND_SCALE = 10.0


def _names(texts: list[str], verb: str) -> list[str]:
    """The arguments of the one-word-argument actions ``<verb> <name>``, in space order."""
    prefix = verb + " "
    return [t[len(prefix) :] for t in texts if t.startswith(prefix) and " " not in t[len(prefix) :]]


class CitadelsEncoder:
    """The documented Citadels layout for one player count and options."""

    name = "citadels"

    @classmethod
    def for_game(cls, game: Game, players: int, **options: Any) -> CitadelsEncoder:
        """The encoder ``Game.encoder`` names, for these options (the Great Wall adds cards)."""
        return cls(game, players, **options)

    def __init__(self, game: Game, players: int, **options: Any) -> None:
        texts = game.action_space(players, **options)
        self.characters = _names(texts, "choose")
        self.districts = _names(texts, "build")
        self._char = {c: i for i, c in enumerate(self.characters)}
        self._dist = {d: i for i, d in enumerate(self.districts)}
        self.players = p = players
        c, d = len(self.characters), len(self.districts)
        layout = self.layout = Layout()
        add = layout.add
        self._hand = add("hand", d, "own districts in hand: copies of each district")
        self._cities = add("cities", p * d, "per seat (observer first): districts in its city")
        self._gold = add("gold", p, "per seat: gold / 10")
        self._hand_counts = add("hand_counts", p, "per seat: districts in hand / 10")
        self._scores = add("scores", p, "per seat: score / 30")
        self._crown = add("crown", p, "per seat: holds the crown")
        self._to_move = add("to_move", p, "per seat: must decide now")
        self._turn_seat = add("turn_seat", p, "per seat: takes the character turn now")
        self._first = add("first_complete", p, "per seat: completed its city first")
        self._mine = add("characters", c, "own characters this round")
        self._revealed = add("revealed", c * p, "per character: the seat that revealed it")
        self._face_up = add("face_up", c, "characters face up (out of the round)")
        self._absent = add("absent", c, "characters called with nobody answering")
        self._known = add("face_down_known", c, "face-down characters the observer knows")
        self._offer = add("offer", c, "characters in the observer's latest draft offer")
        self._called = add("called", c, "the character being called, one-hot")
        self._murdered = add("murdered", c, "the murdered character, one-hot")
        self._robbed = add("robbed", c, "the robbed character, one-hot")
        self._turn_char = add("turn_character", c, "the character whose turn it is, one-hot")
        self._phase = add("phase", len(PHASES), "draft, turn, rescue, over: one-hot")
        self._step = add("step", len(STEPS), "resource, keep, main, redraw: one-hot")
        self._flags = add(
            "turn_flags",
            len(_TURN_FLAGS) + 2,
            "income, ability, laboratory, smithy used; builds left / 3; districts to keep / 3",
        )
        self._drawn = add("drawn", d, "own districts drawn and not yet kept or returned")
        self._graveyard = add("graveyard", d, "the district offered to the Graveyard, one-hot")
        self._misc = add(
            "table",
            5,
            "deck size / 65, round / 20, last round, draft pool size / 8, face-down characters / 8",
        )

    @property
    def size(self) -> int:
        """Length of every vector this encoder writes."""
        return self.layout.size

    def encode(
        self, state: State, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """Write ``seat``'s observation of a Citadels state into ``out`` and return it."""
        if out is None:
            out = np.zeros(self.layout.size, np.float32)
        else:
            out[:] = 0.0
        view = cast(CitadelsView, state.view(seat))
        p = self.players
        char, dist = self._char, self._dist
        d = len(self.districts)
        c = len(self.characters)

        def rel(s: int | None) -> int | None:
            return None if s is None else (s - seat) % p

        for name in view.get("hand", []):
            out[self._hand + dist[name]] += 1.0
        for s, city in enumerate(view["cities"]):
            base = self._cities + rel(s) * d  # type: ignore[operator]
            for name in city:
                out[base + dist[name]] = 1.0
        for s in range(p):
            r = (s - seat) % p
            out[self._gold + r] = view["gold"][s] / _GOLD_SCALE
            out[self._hand_counts + r] = view["hand_counts"][s] / _HAND_SCALE
            out[self._scores + r] = view["scores"][s] / _SCORE_SCALE
        seats: tuple[tuple[int, int | None], ...] = (
            (self._crown, view["crown"]),
            (self._to_move, view["current_player"]),
            (self._first, view["first_complete"]),
        )
        for section, holder in seats:
            if holder is not None:
                out[section + rel(holder)] = 1.0  # type: ignore[operator]
        for name in view.get("characters", []):
            out[self._mine + char[name]] = 1.0
        for name, s in view["revealed"].items():
            out[self._revealed + char[name] * p + rel(s)] = 1.0  # type: ignore[operator]
        for section, names in (
            (self._face_up, view["face_up"]),
            (self._absent, view["absent"]),
            (self._known, view.get("face_down_known", [])),
        ):
            for name in names:
                out[section + char[name]] = 1.0
        offers = view.get("draft_offers", [])
        if offers:
            for name in offers[-1]["characters"]:
                out[self._offer + char[name]] = 1.0
        characters: tuple[tuple[int, str | None], ...] = (
            (self._called, view["called"]),
            (self._murdered, view["murdered"]),
            (self._robbed, view["robbed"]),
        )
        for section, named in characters:
            if named is not None:
                out[section + char[named]] = 1.0
        out[self._phase + PHASES.index(view["phase"])] = 1.0
        turn = view["turn"]
        if turn is not None:
            out[self._turn_seat + rel(turn["seat"])] = 1.0  # type: ignore[operator]
            out[self._turn_char + char[turn["character"]]] = 1.0
            out[self._step + STEPS.index(turn["step"])] = 1.0
            flags: Mapping[str, Any] = turn
            for i, flag in enumerate(_TURN_FLAGS):
                out[self._flags + i] = float(flags[flag])
            out[self._flags + len(_TURN_FLAGS)] = turn["builds_left"] / 3.0
            out[self._flags + len(_TURN_FLAGS) + 1] = turn["keep_left"] / 3.0
        for name in view.get("drawn", []):
            out[self._drawn + dist[name]] += 1.0
        graveyard = view["rescue"]
        if graveyard is not None:
            out[self._graveyard + dist[graveyard["district"]]] = 1.0
        misc = self._misc
        out[misc] = view["deck_count"] / 65.0
        out[misc + 1] = view["round"] / 20.0
        out[misc + 2] = float(view["last_round"])
        out[misc + 3] = view["pool_count"] / c
        out[misc + 4] = view["face_down_count"] / c
        return out
