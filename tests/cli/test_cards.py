"""``parlour cards foolsblade``: the set as tables, and ``--check`` naming every mistake."""

from __future__ import annotations

import shutil
from pathlib import Path

from parlour.games.foolsblade.cards import DATA, load_cards

from .conftest import Invoke

WOLF = """
[[card]]
id = "wolf"
name = "Wolf"
kind = "monster"
deck = "forest"
element = "fire"
strength = 3
value = 2
lose = [{ do = "discard", cout = 2 }]

[[card]]
id = "bat"
name = "Bat"
kind = "monster"
deck = "swamp"
element = "water"
strength = 2
value = 1
"""

GEM = """
[[card]]
id = "gem"
name = "Gem"
kind = "treasure"
valeu = 3
"""


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def test_prints_every_deck_with_every_card(invoke: Invoke) -> None:
    result = invoke("cards foolsblade")
    assert result.exit_code == 0, result.output
    for title in ("Classes", "Anvil deck", "Forest deck", "Cavern deck", "Dungeon deck"):
        assert title in result.output
    for title in ("Tavern deck", "Quest deck", "Loot deck", "Boss cards"):
        assert title in result.output
    for card in load_cards().cards:
        assert card.id in result.output, card.id


def test_the_first_edition_prints_with_cards_v1(invoke: Invoke) -> None:
    first = invoke("cards foolsblade --cards v1 --deck anvil")
    assert first.exit_code == 0, first.output
    assert "Oathkeeper" in first.output
    second = invoke("cards foolsblade --deck anvil")
    assert "Oathkeeper" not in second.output and "Wayfarer" in second.output
    assert invoke("cards foolsblade --cards v3").exit_code == 0  # the default edition
    assert invoke("cards foolsblade --cards v9").exit_code != 0


def test_one_deck_only(invoke: Invoke) -> None:
    result = invoke("cards fools-blade --deck loot")
    assert result.exit_code == 0, result.output
    assert "Loot deck (30 cards)" in result.output
    assert "Forest deck" not in result.output and "Classes" not in result.output


def test_the_games_own_set_passes_the_check(invoke: Invoke) -> None:
    result = invoke(["cards", "foolsblade", "--check", str(DATA)])
    assert result.exit_code == 0, result.output
    cards = len(load_cards().cards)
    assert f"{cards} cards, all valid" in " ".join(result.output.split())
    assert "loot" in result.output and "30" in result.output


def test_check_names_every_mistake_with_file_card_and_field(invoke: Invoke, tmp_path: Path) -> None:
    folder = write(tmp_path / "mine", {"monsters.toml": WOLF, "treasures.toml": GEM})
    (folder / "broken.toml").write_text("[[card]\nid = ")
    result = invoke(["cards", "foolsblade", "--check", str(folder)])
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "broken.toml: not valid TOML" in out
    assert "monsters.toml: card 'wolf': field 'lose[0].cout': Extra inputs are not permitted" in out
    assert "monsters.toml: card 'bat': field 'deck'" in out
    assert "treasures.toml: card 'gem': field 'valeu': Extra inputs are not permitted" in out
    assert "treasures.toml: card 'gem': field 'value': Field required" in out
    assert "5 mistakes" in out


def test_check_finds_a_repeated_id_across_files(invoke: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(DATA, folder)
    (folder / "zz-extra.toml").write_text(
        '[[card]]\nid = "puddle-newt"\nname = "Second Newt"\nkind = "treasure"\nvalue = 1\n'
    )
    result = invoke(["cards", "foolsblade", "--check", str(folder)])
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "zz-extra.toml: card 'puddle-newt': field 'id' repeats a card of forest.toml" in out
    assert "1 mistake" in out


def test_check_reports_what_only_the_whole_set_shows(invoke: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(DATA, folder)
    (folder / "tavern.toml").unlink()
    result = invoke(["cards", "foolsblade", "--check", str(folder)])
    assert result.exit_code == 1
    assert "no cards for the tavern deck" in " ".join(result.output.split())


def test_check_of_a_missing_or_empty_folder(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["cards", "foolsblade", "--check", str(tmp_path / "nowhere")])
    assert result.exit_code == 1
    assert "not a folder of card files" in " ".join(result.output.split())
    (tmp_path / "empty").mkdir()
    result = invoke(["cards", "foolsblade", "--check", str(tmp_path / "empty")])
    assert result.exit_code == 1
    assert "holds no .toml card files" in " ".join(result.output.split())


def test_other_games_and_bad_decks_are_usage_errors(invoke: Invoke) -> None:
    result = invoke("cards citadels")
    assert result.exit_code == 2
    assert "only Fool's Blade has a card set" in result.output
    result = invoke("cards foolsblade --deck swamp")
    assert result.exit_code == 2
    assert "--deck must be one of" in result.output
    result = invoke("cards nosuchgame")
    assert result.exit_code == 2


def test_prints_another_folder(invoke: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(DATA, folder)
    classes = folder / "classes.toml"
    classes.write_text(classes.read_text().replace('name = "Cutpurse"', 'name = "Knave"'))
    result = invoke(["cards", "foolsblade", "--folder", str(folder), "--deck", "classes"])
    assert result.exit_code == 0, result.output
    assert "Knave" in result.output and "Cutpurse" not in result.output
    result = invoke(["cards", "foolsblade", "--folder", str(tmp_path / "nowhere")])
    assert result.exit_code == 1
    assert "not a folder of card files" in " ".join(result.output.split())
