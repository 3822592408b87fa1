"""The one parser of line-ups and bot settings, for tournaments, the terminal and agents."""

from __future__ import annotations

import pytest

from parlour import GameError, bots
from parlour.bots.lineup import BotSpec, parse_bots, setting_value
from parlour.core.settings import settings_of


def test_settings_are_key_value_pairs_and_a_bad_pair_names_the_spec() -> None:
    assert settings_of(["iterations=50", "rollout=heuristic"], "ismcts") == {
        "iterations": "50",
        "rollout": "heuristic",
    }
    with pytest.raises(GameError, match=r"bad bot setting 'depth' in 'ismcts:depth'"):
        settings_of(["depth"], "ismcts:depth")
    with pytest.raises(GameError, match="use key=value"):
        settings_of(["=3"], "ismcts:=3")


def test_values_are_read_as_numbers_flags_none_or_text() -> None:
    assert [setting_value(t) for t in ("7", "0.5", "TRUE", "false", "none", "heuristic")] == [
        7,
        0.5,
        True,
        False,
        None,
        "heuristic",
    ]


def test_an_agent_spec_keeps_its_colons_and_an_llm_setting_goes_through_the_same_parser() -> None:
    [spec] = parse_bots("cmd:python -c 'print(1)'")
    assert spec == BotSpec("cmd:python -c 'print(1)'")
    with pytest.raises(GameError, match="bad bot setting 'oops' in 'llm:oops:base=http://x"):
        bots.make("llm:oops:base=http://x:model=m")
