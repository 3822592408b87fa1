"""Card files: typed models, and errors that name the file, the card and the field."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from parlour import GameError
from parlour.games.foolsblade import schema
from parlour.games.foolsblade.cards import DATA, EDITIONS, card_folder, load_cards
from parlour.games.foolsblade.schema import (
    EFFECT_MODELS,
    effects_of,
    parse_condition,
    primitive_name,
)
from parlour.games.foolsblade.table import ELEMENTS, Table
from parlour.games.foolsblade.texts import card_text
from parlour.games.foolsblade.vocabulary import PRIMITIVES, TRAITS, Context, Primitive, complete

from .cardsets import FEATURES, NUMBERS, write_set


def load(tmp_path: Path, text: str) -> object:
    return load_cards(write_set(tmp_path, NUMBERS + text))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_game_set_and_the_test_sets_load(edition: str) -> None:
    cards = load_cards(card_folder(edition))
    kinds = {card.kind for card in cards.cards}
    assert kinds == {
        "class",
        "part",
        "monster",
        "approach",
        "boss",
        "tavern",
        "action",
        "gear",
        "curse",
        "treasure",
    }
    assert all(card_text(card) for card in cards.cards if getattr(card, "effects", None))


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_card_is_read_as_the_model_of_its_kind_and_no_other(edition: str) -> None:
    cards = load_cards(card_folder(edition))
    for card in cards.cards:
        assert cards.card(card.id, type(card)) is card
        assert effects_of(card) == getattr(card, "effects", [])
    blade = next(c for c in cards.cards if isinstance(c, schema.PartCard))
    with pytest.raises(GameError, match=rf"card '{blade.id}' is a part card, not a MonsterCard"):
        cards.card(blade.id, schema.MonsterCard)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_compiled_table_holds_each_kinds_own_numbers(edition: str) -> None:
    table = Table(load_cards(card_folder(edition)))
    for index, card in enumerate(table.cards):
        fields = card.model_dump()
        assert table.strength[index] == fields.get("strength", 0)
        assert table.value[index] == fields.get("value", 0)
        assert ELEMENTS[table.element[index]] == fields.get("element", "neutral")
        ability = fields.get("ability") or {}
        played = fields["effects"] if card.kind in ("tavern", "action") else ability.get("effects")
        assert [e.model_dump() for e in table.played[index]] == (played or [])


def test_the_editions_are_folders_v3_the_default_and_none_the_first() -> None:
    assert card_folder("v3") == DATA and card_folder(None) == card_folder("v1")
    assert card_folder("my-cards") == Path("my-cards")
    first = {card.id for card in load_cards(card_folder("v1")).cards}
    second = {card.id for card in load_cards(card_folder("v2")).cards}
    assert "oathkeeper-blade" in first and "oathkeeper-blade" not in second
    # The second edition's sets call their kin: every Handle seeks when its wielder wins.
    handles = [c for c in load_cards().cards if c.kind == "part" and c.part == "handle"]
    assert handles and all(
        any(e.do == "seek" and e.on == "win" for e in c.effects) for c in handles if not c.legendary
    )


def test_every_primitive_has_a_model_named_by_its_do_and_one_class() -> None:
    names = {primitive_name(model) for model in EFFECT_MODELS}
    assert {name: PRIMITIVES[name].model for name in names} == {
        primitive_name(model): model for model in EFFECT_MODELS
    }
    assert (
        names
        == set(PRIMITIVES)
        == {
            "draw",
            "reveal",
            "discard",
            "steal",
            "give",
            "break",
            "strength",
            "roll",
            "hand_limit",
            "skip_turn",
            "negate",
            "fight",
            "bottom",
            "summon",
            "seek",
        }
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "treasure"\nvalue = 1\nworth = 2\n',
            "cards.toml: card 'x': field 'worth': Extra inputs are not permitted",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "tavern"\n'
            'effects = [{ do = "draw", deck = "tavern", cout = 1 }]\n',
            "card 'x': field 'effects[0].cout'",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "monster"\ndeck = "forest"\n'
            'element = "fire"\nstrength = "big"\nvalue = 1\n',
            "card 'x': field 'strength'",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "tavern"\neffects = [{ do = "teleport" }]\n',
            "card 'x': field 'effects[0]'",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "monster"\ndeck = "swamp"\n'
            'element = "fire"\nstrength = 1\nvalue = 1\n',
            "card 'x': field 'deck'",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "part"\npart = "guard"\nset = "s"\n'
            'element = "fire"\nstrength = 1\nset_bonus = [{ do = "strength", amount = 1 }]\n',
            "only a Blade shows its set's bonus",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "gear"\n'
            'effects = [{ do = "draw", deck = "tavern" }]\n',
            "needs `on`",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "monster"\ndeck = "forest"\n'
            'element = "fire"\nstrength = 1\nvalue = 1\n'
            'lose = [{ do = "discard", who = "chosen" }]\n',
            "who = 'chosen' is for cards played from hand only",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "action"\n'
            'effects = [{ do = "draw", deck = "loot", if = "gold > 2" }]\n',
            "unknown subject 'gold'",
        ),
        (
            '[[card]]\nid = "rat"\nname = "Rat again"\nkind = "treasure"\nvalue = 1\n',
            "card 'rat': field 'id' repeats a card of cards.toml",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "boss"\nelement = "fire"\nstrength = 3\n',
            "no Approach card gathers this Boss card",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "approach"\ndeck = "forest"\n'
            'strikes = 2\nbosses = ["nobody"]\n',
            "field 'bosses': 'nobody' is not a Boss card",
        ),
    ],
)
def test_mistakes_name_the_file_the_card_and_the_field(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(GameError) as raised:
        load(tmp_path, text)
    assert message in str(raised.value)


@pytest.mark.parametrize(("value", "given"), [("true", "True"), ('"3"', "'3'")])
def test_a_whole_number_field_refuses_a_boolean_or_a_string(
    tmp_path: Path, value: str, given: str
) -> None:
    card = f'[[card]]\nid = "x"\nname = "X"\nkind = "treasure"\nvalue = {value}\n'
    with pytest.raises(GameError) as raised:
        load(tmp_path, card)
    assert str(raised.value) == (
        f"cards.toml: card 'x': field 'value': Input should be a valid integer, not {given}"
    )
    effect = f'{{ do = "draw", deck = "tavern", count = {value} }}'
    with pytest.raises(GameError) as raised:
        load(tmp_path, f'[[card]]\nid = "x"\nname = "X"\nkind = "tavern"\neffects = [{effect}]\n')
    assert str(raised.value) == (
        "cards.toml: card 'x': field 'effects[0].count': Input should be a valid integer, "
        f"not {given}"
    )


def test_a_folder_must_hold_card_files(tmp_path: Path) -> None:
    with pytest.raises(GameError, match=r"no \.toml card files"):
        load_cards(tmp_path)
    (tmp_path / "bad.toml").write_text("[[card]\n")
    with pytest.raises(GameError, match=r"bad\.toml: not valid TOML"):
        load_cards(tmp_path)


def test_conditions_parse_or_say_why_not() -> None:
    assert parse_condition("hand >= 2 and element == fire") == (
        ("hand", ">=", 2),
        ("element", "==", "fire"),
    )
    for bad, why in [
        ("hand > many", "whole number"),
        ("element > fire", "== or !="),
        ("hand", "subject op value"),
    ]:
        with pytest.raises(ValueError, match=why):
            parse_condition(bad)


def test_card_texts_are_generated_from_effects(tmp_path: Path) -> None:
    cards = load_cards(write_set(tmp_path, FEATURES))
    by_id = cards.by_id
    assert card_text(by_id["thief"]) == (
        "Your hand limit +1. Ability, once a turn (cost: You discard 2 tavern cards from hand): "
        "Steal 1 card from a chosen player's hand at random"
    )
    assert card_text(by_id["wolf"]) == (
        "Win: You draw 1 loot card. Lose: You discard 1 gear card from hand"
    )


def test_class_abilities_say_they_are_used_once_a_turn() -> None:
    classes = [c for c in load_cards(DATA).cards if c.kind == "class" and c.ability is not None]
    assert classes
    for card in classes:
        assert "once a turn" in card_text(card), card.id


def test_a_primitive_that_leaves_out_a_trait_fails_as_it_is_defined() -> None:
    with pytest.raises(TypeError, match="does not declare its traits escapes, names_other"):

        class Half(Primitive[schema.Draw]):
            model = schema.Draw
            always = continuous = adds_strength = negates = cost = False


def test_a_primitive_that_leaves_out_a_hook_fails_when_the_registry_is_completed() -> None:
    class Mute(Primitive[schema.Draw]):
        model = schema.Draw
        always = continuous = adds_strength = negates = cost = escapes = names_other = False

        def run(self, effect: schema.Draw, seat: int, context: Context) -> None:
            """Nothing."""

        def text(self, effect: schema.Draw, who: str) -> str:
            return "nothing"

    before = dict(PRIMITIVES)
    try:
        with pytest.raises(TypeError, match="abstract"):
            complete()
        assert before == PRIMITIVES
    finally:
        del Mute
        gc.collect()
    complete()
    assert list(before) == list(PRIMITIVES)


def test_the_traits_say_what_the_card_checks_and_the_table_read() -> None:
    by_trait = {
        trait: {name for name, p in PRIMITIVES.items() if getattr(p, trait)}
        for trait in TRAITS
        if trait != "model"
    }
    assert by_trait == {
        "always": {"draw", "reveal", "strength", "roll", "hand_limit", "skip_turn"},
        "continuous": {"strength", "hand_limit"},
        "adds_strength": {"strength"},
        "negates": {"negate"},
        "cost": {"discard", "break", "skip_turn", "hand_limit", "give"},
        "escapes": {"bottom"},
        "names_other": {"steal", "give", "fight"},
    }
