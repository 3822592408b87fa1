"""The Fearless deck file and card texts: checked at load time, parsed in one place."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour import GameError
from parlour.games.fearless.cards import (
    CARD_MASK,
    DATA,
    card_texts,
    deal_rules,
    deck_bits,
    load_deck,
    parse_card,
)

GOOD = (DATA / "deck.toml").read_text()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("zeros = 4", "zeros = 4\njokers = 2", r"unknown field 'jokers'"),
        ("zeros = 4", 'zeros = "4"', r"field 'zeros'"),
        ("zeros = 4", "zeros = 5", r"field 'zeros'"),
        ('"blue", "orange"', '"blue", "blue"', r"'suits' repeats a suit"),
        ('"blue", "orange", ', "", r"field 'suits'"),
        ("[-6, -5", "[-5, -6", r"'values' must rise"),
        ("hand_size = 12", "hand_size = 13", r"with 5 players 60 cards are in play, not 5 hands"),
        ("count = 5", "count = 6", r"field 'players.2.count'"),
        ("remove_zeros = 1", "remove_zeros = 1\nremove_jokers = 1", r"'players.0.remove_jokers'"),
    ],
)
def test_a_bad_deck_file_names_file_entry_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    with pytest.raises(GameError, match=r"^deck\.toml: the deck: .*" + message):
        load_deck(write(tmp_path, GOOD.replace(old, new, 1)))


def test_the_shipped_deck() -> None:
    deck = load_deck()
    assert deck.suits == ["blue", "orange", "magenta", "green"] and deck.zeros == 4
    counts = {players: deck_bits(players, 0).bit_count() for players in (3, 4, 5)}
    assert counts == {3: 39, 4: 52, 5: 60}
    assert deal_rules(3).remove_suit and not deal_rules(4).remove_suit
    assert [deal_rules(n).hand_size for n in (3, 4, 5)] == [13, 13, 12]


def test_card_texts_parse_in_one_place() -> None:
    assert parse_card("green+6") == ("green", 6)
    assert parse_card("blue-1") == ("blue", -1)
    assert parse_card("zero") == (None, 0)
    for text in ("green+7", "green", "purple+1", "Zero", "green+0"):
        with pytest.raises(ValueError, match="is not a Fearless card"):
            parse_card(text)
    assert len(CARD_MASK) == 4 * 12 + 1


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.sampled_from([3, 4, 5]))
def test_card_texts_name_each_card_held_in_deck_order(chosen: int, players: int) -> None:
    # Any set of the deck's cards: each card's text as many times as its copies held, in the
    # order of CARD_MASK (by suit, highest value first, the zeros last).
    deck = deck_bits(players)
    held = deck & (chosen | chosen << 64)
    expected = [text for text, mask in CARD_MASK.items() for _ in range((held & mask).bit_count())]
    assert card_texts(held) == expected
