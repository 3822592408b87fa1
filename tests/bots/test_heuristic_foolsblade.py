"""The Fool's Blade heuristic: whole games, each kind of decision on real views, its evaluation."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour import bots
from parlour.bots.heuristic import foolsblade as fb
from parlour.core import Rng, State
from parlour.games.foolsblade.schema import ClassCard, CurseCard, GearCard, PartCard

View = dict[str, Any]


def play_until(
    seed: int, wanted: Callable[[View], bool], players: int = 4, cards: str = "v2"
) -> View:
    """The first view (for the deciding seat) of a heuristic game that ``wanted`` accepts."""
    state = parlour.load("foolsblade").new_game(players, seed=seed, cards=cards)
    seats = [bots.make("heuristic", seed=seed * 8 + s) for s in range(players)]
    while not state.is_over:
        view = state.view(state.current_player)
        if wanted(view):
            return copy.deepcopy(view)
        state.apply(seats[state.current_player].choose(state))
    raise AssertionError(f"seed {seed}: no such view")


def in_own_combat(view: View) -> bool:
    combat = view["combat"]
    return combat is not None and combat["seat"] == view["seat"] and view["boss"] is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_games_end_with_the_loot_deck_empty(players: int) -> None:
    for seed in range(3):
        state = parlour.load("foolsblade").new_game(players, seed=seed)
        seats = [bots.make("heuristic", seed=seed + s) for s in range(players)]
        while not state.is_over:
            assert state.current_player is not None
            state.apply(seats[state.current_player].choose(state))
        view = state.view(None)
        assert view["decks"]["loot"] == 0
        assert view["turn"] < view["max_turns"]
        assert state.winners()


def test_same_view_same_seed_same_action() -> None:
    state = parlour.load("foolsblade").new_game(4, seed=5)
    heuristic = bots.make("heuristic", seed=1)
    for _ in range(120):
        view = state.view(state.current_player)
        assert fb.choose(copy.deepcopy(view), Rng(3)) == fb.choose(view, Rng(3))
        state.apply(heuristic.choose(state))


def test_plays_just_enough_strength_to_win_its_own_combat() -> None:
    view = play_until(1, in_own_combat)
    combat = view["combat"]
    combat["element"] = "neutral"
    combat["monster_strength"] = combat["player_strength"] + 2
    view["hand"] = ["second-wind", "whetstone"]
    view["legal_actions"] = ["play second-wind", "pass"]
    assert fb.choose(view, Rng(0)) == "play second-wind"
    combat["monster_strength"] = combat["player_strength"] - 1  # already winning
    assert fb.choose(view, Rng(0)) == "pass"
    combat["monster_strength"] = combat["player_strength"] + 20  # hopeless
    assert fb.choose(view, Rng(0)) == "pass"


def test_elemental_strength_counts_by_the_element_table() -> None:
    view = play_until(1, in_own_combat)
    combat = view["combat"]
    combat["monster_strength"] = combat["player_strength"] + 3
    view["legal_actions"] = ["play flame-oil", "pass"]
    combat["element"] = "plant"  # fire counts double: 8 turns the combat
    assert fb.choose(view, Rng(0)) == "play flame-oil"
    combat["element"] = "water"  # fire counts nothing
    assert fb.choose(view, Rng(0)) == "pass"


def test_trips_the_leader_when_it_turns_their_win_into_a_loss() -> None:
    def others_combat(view: View) -> bool:
        combat = view["combat"]
        return combat is not None and combat["seat"] != view["seat"] and view["boss"] is None

    view = play_until(2, others_combat)
    me, fighter = view["seat"], view["combat"]["seat"]
    combat = view["combat"]
    combat["player_strength"] = combat["monster_strength"] + 2
    view["legal_actions"] = ["play trip-wire", "pass"]
    view["scores"][fighter] = view["scores"][me] + 10
    assert fb.choose(view, Rng(0)) == "play trip-wire"
    combat["player_strength"] = combat["monster_strength"] + 6  # the card would not turn it
    assert fb.choose(view, Rng(0)) == "pass"


def test_discards_the_least_and_steals_the_most() -> None:
    view = play_until(3, lambda v: v["phase"] == "assembly" and v["seat"] == v["active"])
    view["weapons"][view["seat"]]["guard"] = None
    view["hand"] = ["whetstone", "bramble-guard", "chain-hauberk"]
    view["legal_actions"] = [f"discard {c}" for c in view["hand"]]
    assert fb.choose(view, Rng(0)) == "discard whetstone"
    view["legal_actions"] = [f"give {c}" for c in view["hand"]]
    assert fb.choose(view, Rng(0)) == "give whetstone"
    view["legal_actions"] = ["steal tarnished-ring", "steal kings-signet", "steal whetstone"]
    assert fb.choose(view, Rng(0)) == "steal kings-signet"


def test_equips_a_stronger_part_and_keeps_a_weaker_one_in_hand() -> None:
    # The parts named are the first edition's.
    view = play_until(
        3, lambda v: v["phase"] == "assembly" and v["seat"] == v["active"], cards="v1"
    )
    me = view["seat"]
    view["weapons"][me] = {
        "blade": "wayfarer-blade",
        "guard": None,
        "handle": "wayfarer-handle",
        "pommel": None,
    }
    view["legal_actions"] = ["equip thornroot-blade", "forge", "quest", "hunt forest"]
    assert fb.choose(view, Rng(0)) == "equip thornroot-blade"
    view["legal_actions"] = ["equip clockwork-blade", "forge", "quest", "hunt forest"]
    assert fb.choose(view, Rng(0)) != "equip clockwork-blade"


def test_an_empty_weapon_goes_to_the_forge_a_strong_one_hunts() -> None:
    view = play_until(3, lambda v: v["phase"] == "assembly" and v["seat"] == v["active"])
    me = view["seat"]
    view["gear"][me] = []
    view["classes"][me] = "sellsword"
    view["legal_actions"] = ["forge", "quest", "hunt forest", "hunt cavern", "hunt dungeon"]
    view["weapons"][me] = {"blade": None, "guard": None, "handle": "clockwork-handle"}
    view["weapons"][me]["pommel"] = None
    assert fb.choose(view, Rng(0)) == "forge"
    strong = {p: f"starfall-{p}" for p in fb.PARTS}
    view["weapons"][me] = strong
    assert fb.choose(view, Rng(0)).startswith("hunt ")
    assert fb.hunt_value(view, me, "forest") > 0


def test_strength_against_each_element() -> None:
    # The parts' strengths are the first edition's.
    view = play_until(3, lambda v: v["phase"] == "assembly", cards="v1")
    me = view["seat"]
    view["gear"][me] = []
    view["curses"][me] = []
    view["classes"][me] = "cutpurse"
    view["weapons"][me] = {
        "blade": "cinderbrand-blade",
        "guard": None,
        "handle": "tidecaller-handle",
        "pommel": None,
    }
    # A Fire 4 Blade and a Water 2 Handle: x2 and x0 by the table.
    assert fb.strength_against(view, me, "forest", "neutral") == 6
    assert fb.strength_against(view, me, "forest", "plant") == 8 + 0
    assert fb.strength_against(view, me, "forest", "fire") == 4 + 4
    assert fb.strength_against(view, me, "forest", "water") == 0 + 2


def test_roll_chance() -> None:
    assert fb.roll_chance(["d20"], "roll >= 14") == pytest.approx(7 / 20)
    assert fb.roll_chance(["d6", "d6"], "roll == 7") == pytest.approx(6 / 36)
    assert fb.roll_chance(["d4"], "roll > 4") == 0.0


def test_evaluate_is_a_share_of_the_win_led_by_the_leader() -> None:
    view = play_until(4, lambda v: v["turn"] > 20, cards="v1")
    leader = max(range(view["players"]), key=lambda s: view["scores"][s])
    # A clear lead in points: strength, cards and Gear elsewhere may close a narrow one.
    view["scores"][leader] += 20
    shares = fb.evaluate(view)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[leader] == max(shares)
    assert all(0.0 <= s <= 1.0 for s in shares)


def test_the_search_bot_plays_fools_blade() -> None:
    state: State = parlour.load("foolsblade").new_game(3, seed=6)
    heuristic = bots.make("heuristic", seed=2)
    search = bots.make("ismcts", seed=1, iterations=30, rollout_depth=20)
    hard = bots.make("hard", seed=1, iterations=30)
    decisions = 0
    while not state.is_over and decisions < 6:
        legal = state.legal_actions()
        if len(legal) > 1:
            bot = search if decisions % 2 else hard
            action = bot.choose(state)
            assert action in legal
            decisions += 1
        else:
            action = heuristic.choose(state)
        state.apply(action)
    assert decisions == 6


def test_evaluate_counts_a_part_seen_going_into_the_hand() -> None:
    view = play_until(4, lambda v: v["turn"] > 12)
    me = view["seat"]
    table = fb.cards_of(view)
    part = max(
        (c for c in table.cards if c.kind == "part" and not c.legendary), key=lambda c: c.strength
    )
    view["weapons"][me][part.part] = None
    before = fb.evaluate(view)[me]
    # Seen taken at the Forge, so known to be in the hand, to fill the empty slot.
    view["known"][me] = [*view["known"][me], part.id]
    assert fb.evaluate(view)[me] > before


def own_tavern_phase(view: View) -> bool:
    return view["phase"] == "tavern" and view["seat"] == view["active"] and not view["combat"]


def test_strength_this_turn_is_played_only_before_a_fight() -> None:
    view = play_until(3, own_tavern_phase)
    me = view["seat"]
    view["boss"] = None
    view["gear"][me] = []
    view["classes"][me] = "sellsword"
    view["hand"] = ["whetstone"]
    view["legal_actions"] = ["play whetstone", "pass"]
    # Two empty slots: the seat goes to the Forge, where +2 this turn does nothing.
    view["weapons"][me] = dict.fromkeys(fb.PARTS) | {"handle": "clockwork-handle"}
    assert not fb.fights_this_turn(view, me)
    assert fb.choose(view, Rng(0)) == "pass"
    view["weapons"][me] = {p: f"starfall-{p}" for p in fb.PARTS}
    assert fb.fights_this_turn(view, me)
    assert fb.choose(view, Rng(0)) == "play whetstone"


def test_strength_played_this_turn_prices_the_hunt() -> None:
    view = play_until(3, lambda v: v["phase"] == "assembly" and v["seat"] == v["active"])
    me = view["seat"]
    before = fb.strength_against(view, me, "forest", "plant")
    view["bonuses"] = [[me, 3, "fire", "turn"], [None, 5, "neutral", "turn"]]
    # Fire counts double against Plant; the monster's bonus is not the seat's.
    assert fb.strength_against(view, me, "forest", "plant") == before + 6
    assert fb.hunt_value(view, me, "forest") > fb.hunt_value(view | {"bonuses": []}, me, "forest")


@pytest.mark.parametrize(("players", "cards"), [(3, "v2"), (4, "v3")])
def test_the_view_read_when_needed_gives_the_full_views_choices(players: int, cards: str) -> None:
    # The search's playouts read ``fb.view`` (each key computed when read): every choice
    # and every evaluation must be the one the full view gives.
    state = parlour.load("foolsblade").new_game(players, seed=31, cards=cards)
    seats = [bots.make("medium", seed=310 + s) for s in range(players)]
    checked = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if len(state.legal_actions()) > 1:
            full = fb.choose(state.view(seat), Rng(checked))
            assert fb.choose(fb.view(state, seat), Rng(checked)) == full
            assert fb.evaluate(fb.view(state, None)) == fb.evaluate(state.view(None))
            checked += 1
        state.apply(seats[seat].choose(state))
    assert checked > 100


def strength_effect_by_effect(view: View, seat: int, deck: str, element: str) -> float:
    """``strength_against`` as it was worked out before its cards' parts were kept a card
    set: every card looked up and every effect's condition and multiplier read each time."""
    cards = fb.cards_of(view)
    facts = fb._LazyFacts(view, seat, deck, element)
    total = 0.0
    weapon = [cards.card(w, PartCard) for w in view["weapons"][seat].values() if w]
    for part in weapon:
        total += part.strength * fb.multiplier(part.element, element)
        if fb._adding(part.effects):
            total += fb._effect_strength(part.effects, facts, element)
    if len(weapon) == 4 and len({p.set for p in weapon}) == 1:
        blade = next(p for p in weapon if p.part == "blade")
        total += fb._effect_strength(blade.set_bonus, facts, element)
    for gear in view["gear"][seat]:
        total += fb._effect_strength(cards.card(gear, GearCard).effects, facts, element)
    for curse, _ in view["curses"][seat]:
        total += fb._effect_strength(cards.card(curse, CurseCard).effects, facts, element)
    if view["classes"][seat]:
        chosen = cards.card(view["classes"][seat], ClassCard)
        total += fb._effect_strength(chosen.effects, facts, element)
    for who, amount, played_element, _ in view["bonuses"]:
        if who == seat:
            total += amount * fb.bonus_multiplier(played_element, element)
    return total


@pytest.mark.parametrize(("players", "cards"), [(3, "v1"), (4, "v2"), (4, "v3"), (5, "v3")])
def test_strength_against_is_the_sum_effect_by_effect(players: int, cards: str) -> None:
    # Float for float: the bots' choices lean on these totals, ties included.
    state = parlour.load("foolsblade").new_game(players, seed=players, cards=cards)
    rng = Rng(players)
    card_set = fb.cards_of(state.view(0))
    parts = [card for card in card_set.cards if isinstance(card, PartCard)]
    by_set: dict[str, dict[str, str]] = {}
    for part in parts:
        by_set.setdefault(part.set, {})[part.part] = part.id
    full_sets = [weapon for _, weapon in sorted(by_set.items()) if len(weapon) == 4]
    step = 0
    while not state.is_over:
        if step % 7 == 0:
            view = state.view(None)
            for seat in range(players):
                if step % 14 == 0:  # a whole set of one name, for its bonus
                    view = copy.deepcopy(view)
                    view["weapons"][seat] = full_sets[(step // 14 + seat) % len(full_sets)]
                for deck in ("forest", "cavern", "dungeon", "boss"):
                    for element in ("neutral", "fire", "water", "plant"):
                        want = strength_effect_by_effect(view, seat, deck, element)
                        assert fb.strength_against(view, seat, deck, element) == want
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    kept = [fb._profiles(card_set, element) for element in ("neutral", "fire", "water", "plant")]
    assert any(rows for found in kept for _, _, rows in found["bonus"].values())
    if cards != "v1":  # strength under a condition, added only when it holds
        kinds = [kind for found in kept for kind in found.values()]
        assert any(fixed is None for kind in kinds for _, fixed, _ in kind.values())
