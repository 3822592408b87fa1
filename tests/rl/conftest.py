"""Every registered game at every player count, for the interface suites."""

from __future__ import annotations

import parlour

CONFIGS = [
    (name, players)
    for name in parlour.game_names()
    for players in range(parlour.load(name).min_players, parlour.load(name).max_players + 1)
]
CONFIG_IDS = [f"{name}-{players}p" for name, players in CONFIGS]
