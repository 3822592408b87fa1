"""The card files: validated by typed models, errors naming the file, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour import GameError
from parlour.games.citadels.cards import (
    CHARACTERS,
    DISTRICTS,
    GRAVEYARD,
    HAUNTED_CITY,
    character_named,
    district_named,
    load_characters,
    load_districts,
)

MANOR = '[[district]]\nslug = "manor"\nname = "Manor"\ncolour = "yellow"\ncost = 3\ncopies = 5\n'
ASSASSIN = '[[character]]\nrank = 1\nslug = "assassin"\nname = "A"\ngerman = "M"\ntext = "t"\n'


def _districts(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "districts.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (MANOR.replace('"yellow"', '"pink"'), r"district 'manor': field 'colour': .*'pink'"),
        (MANOR.replace("cost = 3\n", ""), r"district 'manor': missing field 'cost'"),
        (MANOR.replace("cost = 3", 'cost = "3"'), r"district 'manor': field 'cost'"),
        (MANOR.replace("cost = 3", "cost = true"), r"district 'manor': field 'cost'"),
        (MANOR.replace("cost = 3", "cost = 12"), r"district 'manor': field 'cost'"),
        (MANOR.replace("copies = 5", "copies = 0"), r"district 'manor': field 'copies'"),
        (MANOR + "price = 3\n", r"district 'manor': unknown field 'price'"),
        (MANOR + 'effect = "keep"\n', r"district 'manor': 'effect' is required for purple"),
        (MANOR.replace('slug = "manor"', 'slug = "Manor House"'), r"district 'Manor House'"),
        (MANOR.replace('slug = "manor"\n', ""), r"district 1: missing field 'slug'"),
        (MANOR + MANOR, r"district 'manor': field 'slug' repeats an earlier card"),
        ("[[district]\n", r"not valid TOML"),
        ("[[building]]\n", r"unknown table 'building'"),
    ],
)
def test_a_bad_district_file_names_file_card_and_field(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(GameError, match=r"^districts\.toml: .*" + message):
        load_districts(_districts(tmp_path, text))


def test_a_purple_district_needs_its_ability_and_its_text(tmp_path: Path) -> None:
    purple = MANOR.replace('"yellow"', '"purple"')
    with pytest.raises(GameError, match="'effect' is required for purple districts"):
        load_districts(_districts(tmp_path, purple + 'text = "x"\n'))
    with pytest.raises(GameError, match="'text' is required for purple districts"):
        load_districts(_districts(tmp_path, purple + 'effect = "keep"\n'))
    with pytest.raises(GameError, match="field 'effect'"):
        load_districts(_districts(tmp_path, purple + 'effect = "flight"\ntext = "x"\n'))


def test_every_ability_the_rules_know_has_one_district(tmp_path: Path) -> None:
    purple = MANOR.replace('"yellow"', '"purple"') + 'effect = "keep"\ntext = "x"\n'
    with pytest.raises(GameError, match="no district has the effect 'dragon_gate'"):
        load_districts(_districts(tmp_path, purple))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (ASSASSIN.replace("rank = 1", "rank = 2"), r"character 'assassin': field 'rank'"),
        (ASSASSIN.replace('german = "M"\n', ""), r"character 'assassin': missing field 'german'"),
        (ASSASSIN + 'colour = "purple"\n', r"character 'assassin': field 'colour'"),
        (ASSASSIN + "speed = 3\n", r"character 'assassin': unknown field 'speed'"),
        (ASSASSIN, r"needs 8 characters, not 1"),
    ],
)
def test_a_bad_character_file_names_file_card_and_field(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "characters.toml"
    path.write_text(text)
    with pytest.raises(GameError, match=r"^characters\.toml: " + message):
        load_characters(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(GameError, match=r"^gone\.toml: cannot read the file"):
        load_districts(tmp_path / "gone.toml")


def test_the_shipped_cards_and_their_texts() -> None:
    assert len(DISTRICTS) == 28 and len(CHARACTERS) == 8
    assert sum(d.copies for d in DISTRICTS if not d.optional) == 65
    assert all(d.text for d in DISTRICTS if d.colour == "purple")
    assert all(c.text for c in CHARACTERS)
    university = district_named("university")
    assert university is not None and (university.cost, university.points) == (6, 8)
    assert DISTRICTS[GRAVEYARD].slug == "graveyard"
    assert DISTRICTS[HAUNTED_CITY].effect == "haunted_city"
    warlord = character_named("warlord")
    assert warlord is not None and warlord.colour == "red" and warlord.rank == 8
    assert district_named("warlord") is None and character_named("manor") is None
