"""A scenario for each rule: setup, the turn, combat, bosses, curses, the hand limit, the end."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.games.foolsblade.scenario import (
    approaching,
    arm,
    as_class,
    bonus,
    cards,
    cursed,
    emptied,
    fight_start,
    hold,
    ix,
    kinds,
    on_top,
    pass_until,
    pending,
    started,
    stashed,
    take_in,
    to_main,
    used_ability,
)
from parlour.games.foolsblade.state import FoolsBladeState
from parlour.games.foolsblade.steps import FORGE_PHASE, MAIN_PHASE
from parlour.games.foolsblade.table import ANVIL, FOREST, LOOT, QUEST, multiplier


def combat_view(state: FoolsBladeState) -> dict[str, Any]:
    combat: dict[str, Any] = state.view(None)["combat"]
    assert combat is not None
    return combat


def resolve(state: FoolsBladeState) -> list[str]:
    """Pass through the combat windows; the kinds of the events on the way."""
    seen: list[str] = []
    for _ in range(60):
        if state.combat_seat < 0 or state.decision is not None:
            return seen
        seen.extend(kinds(state.apply("pass")))
    raise AssertionError("the combat never ended")


def test_setup_roll_off_classes_last_player_first_and_a_handle_each(features: str) -> None:
    state = parlour.load("foolsblade").new_game(4, seed=3, cards=features)
    assert isinstance(state, FoolsBladeState)
    first = state.first_player
    rolled = state.log[0].to_dict()
    assert rolled["kind"] == "roll_off" and rolled["first_player"] == first
    last_round = rolled["rolls"][-1]
    assert last_round[first] == max(last_round)
    order = []
    while state.view(None)["phase"] == "class":
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [(first - 1 - k) % 4 for k in range(4)]
    handles = [e.to_dict() for e in state.log if e.kind == "handle"]
    assert [h["seat"] for h in handles] == [(first + k) % 4 for k in range(4)]
    for handle in handles:
        assert state.card(handle["card"])["part"] == "handle"
    view = state.view(None)
    assert view["active"] == first and view["turn"] == 1 and view["phase"] == "tavern"
    assert len(set(view["classes"])) == 4


def test_classes_are_chosen_before_any_card_is_dealt_and_nobody_is_active(features: str) -> None:
    state = parlour.load("foolsblade").new_game(4, seed=3, cards=features)
    assert isinstance(state, FoolsBladeState)
    while state.view(None)["phase"] == "class":
        view = state.view(state.current_player)
        assert view["hand"] == [] and view["hand_counts"] == [0] * 4
        assert view["curses"] == [[]] * 4 and view["active"] is None and view["turn"] == 0
        assert not [e for e in state.log if e.kind in ("handle", "draw")]
        state.apply(state.legal_actions()[0])
    kinds_after = [e.kind for e in state.log]
    last_choice = max(i for i, kind in enumerate(kinds_after) if kind == "class")
    assert kinds_after.index("handle") > last_choice
    assert state.view(None)["active"] == state.first_player


def test_the_element_table() -> None:
    neutral, fire, water, plant = range(4)
    assert multiplier(water, fire) == 2 and multiplier(fire, water) == 0
    assert multiplier(fire, plant) == 2 and multiplier(plant, fire) == 0
    assert multiplier(plant, water) == 2 and multiplier(water, plant) == 0
    assert all(multiplier(e, e) == 1 for e in range(4))
    assert all(multiplier(neutral, e) == 1 and multiplier(e, neutral) == 1 for e in range(4))


def test_combat_strength_follows_the_element_table(features: str) -> None:
    state = started(features)
    # A fire guard (2) doubles against the plant Wolf; the Wolf summons a Rat (2) as its
    # `monster` modifier, in the Wolf's own element.
    fight_start(state, "forest", ["wolf", "rat"], parts=["iron-guard", "iron-handle"])
    combat = combat_view(state)
    assert combat["element"] == "plant"
    assert combat["monster_strength"] == 3 + 2
    assert combat["player_strength"] == 2 * 2 + 0  # the water handle counts 0 against plant
    assert state.combat_summoned == [ix(state, "rat")]


def test_set_bonus_with_all_four_parts_of_one_set(features: str) -> None:
    state = started(features)
    ember = ["ember-blade", "ember-guard", "ember-handle", "ember-pommel"]
    fight_start(state, "forest", ["rat"], parts=ember)
    # 4 + 2 + 1 + 1 against a neutral Rat, the set bonus 5, and the Pommel's d4 at combat.
    assert 1 <= state.roll <= 4
    assert combat_view(state)["player_strength"] == 8 + 5 + state.roll
    fought = started(features)
    fight_start(fought, "forest", ["rat"], parts=[*ember[:3], "iron-pommel"])
    assert combat_view(fought)["player_strength"] == 8


def test_win_takes_the_monster_to_the_stash_and_applies_its_win_effect(features: str) -> None:
    state = started(features)
    seat = state.active
    fight_start(state, "forest", ["wolf", "rat"], parts=["iron-blade", "iron-guard"])
    loot = len(state.decks[LOOT])
    seen = resolve(state)
    assert "combat_end" in seen
    assert ix(state, "wolf") in state.stash[seat]
    assert len(state.decks[LOOT]) == loot - 1  # the Wolf's Win: draw 1 Loot
    assert state.decks[FOREST][0] == ix(state, "rat")  # the summoned Rat went under the deck
    ended = [e for e in state.log if e.kind == "combat_end"][-1].to_dict()
    assert set(ended) >= {"seat", "monster", "monster_strength", "player_strength", "outcome"}
    assert ended["outcome"] == "win" and ended["player_strength"] == 3 + 2 * 2


def test_a_draw_puts_the_monster_at_the_bottom_of_its_deck(features: str) -> None:
    state = started(features)
    seat = state.active
    fight_start(state, "forest", ["rat"], parts=["iron-handle", "iron-pommel"])
    assert combat_view(state)["player_strength"] == combat_view(state)["monster_strength"] == 2
    resolve(state)
    ended = [e for e in state.log if e.kind == "combat_end"][-1].to_dict()
    assert ended["outcome"] == "draw"
    assert state.decks[FOREST][0] == ix(state, "rat")
    assert ix(state, "rat") not in state.stash[seat] and ix(state, "rat") not in state.trash[FOREST]


def test_an_impossible_lose_effect_is_ignored(features: str) -> None:
    state = started(features)
    seat = state.active
    fight_start(state, "forest", ["wolf", "rat"], parts=["iron-handle"])
    hand = list(state.hands[seat])
    assert not any(state.table.kind[c] == "gear" for c in hand)
    seen = resolve(state)
    assert "ignored" in seen
    assert state.trash[FOREST][-1] == ix(state, "wolf")
    assert state.decks[FOREST][0] == ix(state, "rat")


@pytest.mark.parametrize("held", [1, 2, 3])
def test_a_give_to_each_other_player_needs_a_card_for_each_or_none_is_given(
    rules: str, held: int
) -> None:
    state = started(rules, players=4)
    seat = state.active
    to_main(state)
    hold(state, seat, ["rope", "boots", "ale"][:held])
    arm(state, seat, ["iron-handle"])
    on_top(state, "cavern", ["warband", "bat"])
    state.apply("hunt cavern")
    resolve(state)
    gave = [e.to_dict() for e in state.log if e.kind == "hand_card" and e.seat == seat]
    if held < 3:
        assert gave == []
        assert any(e.kind == "ignored" for e in state.log)
        assert len(state.hands[seat]) == held
    else:
        assert len(gave) == 3 and state.hands[seat] == []


def test_a_lose_effect_can_keep_the_monster_under_its_deck(features: str) -> None:
    state = started(features)
    fight_start(state, "forest", ["mimic"], parts=["iron-handle"])
    resolve(state)
    assert [e for e in state.log if e.kind == "combat_end"][-1].to_dict()["outcome"] == "lose"
    assert state.decks[FOREST][0] == ix(state, "mimic")
    assert ix(state, "mimic") not in state.trash[FOREST]


def test_an_approach_drawn_by_a_modifier_is_shuffled_back(features: str) -> None:
    state = started(features)
    fight_start(state, "forest", ["wolf", "forest-horn", "rat"])
    assert state.combat_summoned == [ix(state, "rat")]
    assert ix(state, "forest-horn") in state.decks[FOREST]
    assert state.approach == -1


def approach_then_boss(state: FoolsBladeState) -> int:
    """Seat A reveals the Forest Horn and goes questing; the next turn gathers its Boss."""
    to_main(state)
    arm(state, state.active, ["iron-blade"])
    on_top(state, "forest", ["forest-horn"])
    state.apply("hunt forest")
    assert state.view(None)["boss"]["approach"] == "forest-horn"
    texts = [a.text for a in state.legal_actions()]
    assert "quest" in texts and not any(t.startswith("hunt") for t in texts)
    state.apply("quest")
    pass_until(state, lambda s: s.phase == MAIN_PHASE and s.window is None and s.decision is None)
    boss = state.view(None)["boss"]
    assert boss["cards"] == ["treant-arm", "treant-heart"] and boss["strike_limit"] == 2
    return state.active


def test_boss_cards_are_fought_one_a_turn_and_win_ties(features: str) -> None:
    state = started(features)
    seat = approach_then_boss(state)
    arm(state, seat, ["iron-blade"])
    bonus(state, seat, 3)  # 3 + 3 against the Treant Arm's 6: a tie
    texts = [a.text for a in state.legal_actions()]
    assert "fight treant-arm" in texts and "forge" not in texts and "quest" not in texts
    state.apply("fight treant-arm")
    resolve(state)
    ended = [e for e in state.log if e.kind == "combat_end"][-1].to_dict()
    assert ended["outcome"] == "lose" and ended["player_strength"] == 6
    assert state.strikes == 1 and state.active != seat


def test_a_retreat_is_offered_against_a_monster_but_not_against_a_boss_card(features: str) -> None:
    state = started(features)
    fight_start(state, "forest", ["rat"])
    assert state.window is not None
    hold(state, state.window.seat, ["smoke", "rage"])
    assert "play smoke" in [a.text for a in state.legal_actions()]
    boss = started(features)
    seat = approach_then_boss(boss)
    arm(boss, seat, ["iron-blade"])
    boss.apply("fight treant-arm")
    assert boss.window is not None and boss.window.seat == seat
    hold(boss, seat, ["smoke", "rage"])
    texts = [a.text for a in boss.legal_actions()]
    assert "play rage" in texts and "play smoke" not in texts
    with pytest.raises(parlour.IllegalAction, match="would do nothing now"):
        boss.apply("play smoke")


def test_no_steal_is_offered_from_an_empty_hand_nor_a_card_without_effects(rules: str) -> None:
    state = started(rules, players=3, seed=2)
    assert state.window is not None
    seat = state.window.seat
    empty, holding = (seat + 1) % 3, (seat + 2) % 3
    as_class(state, seat, "thief")
    hold(state, seat, ["pickpocket", "rope", "ale", "ale"])
    hold(state, empty, [])
    hold(state, holding, ["boots"])
    texts = [a.text for a in state.legal_actions()]
    assert f"play pickpocket on {holding}" in texts and f"use thief on {holding}" in texts
    assert f"play pickpocket on {empty}" not in texts and f"use thief on {empty}" not in texts
    assert "play rope" not in texts  # an Action without effects does nothing
    with pytest.raises(parlour.IllegalAction, match="Thief would do nothing now"):
        state.apply(f"use thief on {empty}")


def test_strikes_reach_the_limit_and_every_player_applies_the_lose_effect(features: str) -> None:
    state = started(features)
    approach_then_boss(state)
    for _ in range(2):
        to_main(state)
        arm(state, state.active, ["iron-handle"])
        state.apply("fight treant-heart")
        resolve(state)
    fighter = state.active
    deciders = []
    while state.decision is not None:
        deciders.append(state.current_player)
        state.apply(state.legal_actions()[0])
    boss_over = [e for e in state.log if e.kind == "boss_over"]
    assert boss_over and boss_over[-1].to_dict()["players_won"] is False
    assert state.approach == -1 and state.boss_cards == []
    assert set(cards(state, ["forest-horn", "treant-arm", "treant-heart"])) <= set(state.removed)
    discards = [
        e.to_dict()["seat"] for e in state.log[-30:] if e.kind == "move" and "discarded" in e.text
    ]
    assert discards == [(fighter + k) % 3 for k in range(3)]  # each player, in turn order
    assert deciders == discards


def test_beating_every_boss_card_gives_everyone_the_win_effect(features: str) -> None:
    state = started(features)
    approach_then_boss(state)
    loot = len(state.decks[LOOT])
    for boss in ("treant-arm", "treant-heart"):
        to_main(state)
        arm(state, state.active, ["iron-blade", "iron-guard"])
        bonus(state, state.active, 10)
        state.apply(f"fight {boss}")
        resolve(state)
    assert [e for e in state.log if e.kind == "boss_over"][-1].to_dict()["players_won"] is True
    assert len(state.decks[LOOT]) == loot - 3
    assert [e for e in state.log if e.kind == "strike"] == []


def quest_turn(state: FoolsBladeState) -> None:
    """The active seat goes Questing (no Curse on top), discarding to its limit if asked."""
    to_main(state)
    on_top(state, "quest", ["rope", "boots"])
    state.apply("quest")
    while state.decision is not None:
        state.apply(state.legal_actions()[0])


def to_turn_of(state: FoolsBladeState, seat: int) -> None:
    """The other seats quest until ``seat``'s turn has begun."""
    while state.decision is not None:
        state.apply(state.legal_actions()[0])
    for _ in range(6):
        if state.active == seat:
            return
        quest_turn(state)
    raise AssertionError("never reached")


def test_curses_last_their_holders_own_turns(features: str) -> None:
    state = started(features)
    seat = state.active
    on_top(state, "quest", ["gloom", "rope"])
    to_main(state)
    state.apply("quest")
    # Drawn during the turn: this turn does not count, its holder's next two turns do.
    assert state.view(None)["curses"][seat] == [["gloom", 2]]
    for left in (1, 0):
        to_turn_of(state, seat)  # the others' turns do not count
        assert state.view(None)["curses"][seat] == [["gloom", left + 1]]
        quest_turn(state)
        assert state.view(None)["curses"][seat] == ([["gloom", left]] if left else [])
    assert ix(state, "gloom") in state.trash[QUEST]


def test_a_curse_of_one_turn_drawn_by_questing_lasts_through_the_next_turn(rules: str) -> None:
    state = started(rules)
    seat = state.active
    on_top(state, "quest", ["errand", "rope"])
    to_main(state)
    state.apply("quest")
    assert state.view(None)["curses"][seat] == [["errand", 1]]
    to_turn_of(state, seat)
    fight_start(state, "forest", ["rat"], parts=["iron-blade", "iron-guard"])
    assert combat_view(state)["player_strength"] == 3 + 2 - 4
    resolve(state)
    while state.active == seat:
        state.apply(state.legal_actions()[0])
    assert state.view(None)["curses"][seat] == []


def test_hand_limit_is_enforced_at_the_end_of_the_turn(features: str) -> None:
    state = started(features)
    seat = state.active
    to_main(state)
    hold(state, seat, ["ale"] * 5 + ["rope"] * 4)
    state.apply("forge")
    state.apply(state.legal_actions()[0])  # take a part: 10 cards
    state.apply("pass")
    assert state.decision is not None and state.current_player == seat
    texts = [a.text for a in state.legal_actions()]
    assert "discard ale" in texts and "discard rope" in texts
    state.apply("discard ale")
    assert state.decision is not None
    state.apply("discard rope")
    assert len(state.hands[seat]) == 8 and state.active != seat


def test_the_forge_reforge_and_the_rest_back_on_top(features: str) -> None:
    state = started(features)
    seat = state.active
    to_main(state)
    on_top(state, "anvil", ["iron-blade", "iron-guard", "ember-blade"])
    take_in(state, seat, "iron-pommel")
    state.apply("forge")
    assert state.phase == FORGE_PHASE
    assert state.view(None)["forge"] == ["iron-blade", "iron-guard", "ember-blade"]
    state.apply("take ember-blade")
    assert "reforge iron-pommel" in [a.text for a in state.legal_actions()]
    state.apply("reforge iron-pommel")
    assert state.trash[ANVIL][-1] == ix(state, "iron-pommel")
    state.apply("take iron-guard")
    assert (
        ix(state, "ember-blade") in state.hands[seat]
        and ix(state, "iron-guard") in state.hands[seat]
    )
    assert state.decks[ANVIL][-1] == ix(state, "iron-blade")
    assert state.view(None)["forge"] is None


def test_equip_replaces_a_part_back_to_hand_and_legendary_back_to_stash(features: str) -> None:
    state = started(features)
    seat = state.active
    to_main(state)
    arm(state, seat, ["iron-blade"])
    stashed(state, seat, ["crown-blade"])
    state.apply("equip crown-blade")
    assert (
        state.weapons[seat][0] == ix(state, "crown-blade")
        and ix(state, "iron-blade") in state.hands[seat]
    )
    state.apply("equip iron-blade")
    assert state.stash[seat] == (ix(state, "crown-blade"),)


def test_tavern_cards_only_in_the_tavern_window_actions_by_their_when(features: str) -> None:
    state = started(features)
    assert state.window is not None
    window_seat = state.window.seat
    hold(state, window_seat, ["toast", "rage", "dice-cup"])
    texts = [a.text for a in state.legal_actions()]
    assert "play toast" in texts and "play dice-cup" in texts and "play rage" not in texts
    fought = started(features)
    fight_start(fought, "forest", ["rat"])
    assert fought.window is not None
    seat = fought.window.seat
    hold(fought, seat, ["toast", "rage"])
    texts = [a.text for a in fought.legal_actions()]
    assert "play rage" in texts and "play toast" not in texts


def test_a_negating_tavern_card_answers_only_plays_of_the_tavern_phase(rules: str) -> None:
    state = started(rules, players=3, seed=2)
    assert state.window is not None
    player, answerer = state.window.seat, (state.window.seat + 1) % 3
    hold(state, player, ["dice-cup"])
    hold(state, answerer, ["glare", "boots"])
    state.apply("play dice-cup")
    pass_until(state, lambda s: s.counter is not None and s.counter.seat == answerer)
    assert "play glare" in [a.text for a in state.legal_actions()]
    fighting = started(rules, players=3, seed=2)
    fight_start(fighting, "forest", ["rat"])
    assert fighting.window is not None
    player = fighting.window.seat
    answerer = (player + 1) % 3
    hold(fighting, player, ["rage"])
    hold(fighting, answerer, ["glare", "boots"])
    fighting.apply("play rage")
    pass_until(fighting, lambda s: s.counter is not None and s.counter.seat == answerer)
    assert "play glare" not in [a.text for a in fighting.legal_actions()]
    with pytest.raises(parlour.IllegalAction, match="only in the Tavern phase"):
        fighting.apply("play glare")


def test_a_play_can_be_negated_and_its_cost_stays_paid(features: str) -> None:
    state = started(features, players=3, seed=2)
    thief, victim = 1, 2
    as_class(state, thief, "thief")
    hold(state, thief, ["ale", "ale", "rope"])
    hold(state, victim, ["no", "boots"])
    pass_until(state, lambda s: s.window is not None and s.window.seat == thief)
    state.apply("use thief on 2")
    assert list(state.trash[0][-2:]) == cards(state, ["ale", "ale"])  # the cost is paid at once
    pass_until(state, lambda s: s.counter is not None and s.counter.seat == victim)
    assert "play no" in [a.text for a in state.legal_actions()]
    events = state.apply("play no")
    assert "negate" in kinds(events)
    assert state.hands[victim] == [ix(state, "boots")]  # nothing stolen
    assert state.hands[thief] == [ix(state, "rope")]
    assert list(state.trash[0][-2:]) == cards(state, ["ale", "ale"])


def test_the_game_ends_when_a_turn_ends_with_the_loot_deck_empty(features: str) -> None:
    state = started(features)
    emptied(state, "loot")
    to_main(state)
    state.apply("quest")
    assert state.is_over and state.current_player is None
    end = state.log[-1].to_dict()
    assert end["kind"] == "game_end" and end["capped"] is False
    scores = state.scores()
    assert end["winners"] == [s for s in range(3) if scores[s] == max(scores)]


def test_ties_share_the_win(features: str) -> None:
    state = started(features)
    for seat in range(3):
        arm(state, seat, ["iron-blade"])
    emptied(state, "loot")
    to_main(state)
    state.apply("quest")
    assert state.winners() == [0, 1, 2]
    assert state.returns() == [1 / 3] * 3


def test_the_turn_cap_ends_a_game_scored_as_usual(features: str) -> None:
    state = started(features, max_turns=2)
    for _ in range(2):
        to_main(state)
        state.apply("quest")
    assert state.is_over and state.log[-1].to_dict()["capped"] is True


def test_side_quest_plays_with_the_first_treasures_and_one_legendary_set(features: str) -> None:
    state = started(features, side_quest=True)
    loot = state.decks[LOOT]
    kinds_in = [state.table.kind[c] for c in loot]
    assert kinds_in.count("treasure") == 8 and loot.count(ix(state, "crown-blade")) == 1
    game = parlour.load("foolsblade")
    real = game.new_game(4, seed=1, side_quest=True).view(None)["decks"]["loot"]
    assert real == 15 and game.new_game(4, seed=1).view(None)["decks"]["loot"] == 30


def test_illegal_hunts_say_why(features: str) -> None:
    state = started(features)
    to_main(state)
    arm(state, state.active, [])
    with pytest.raises(parlour.IllegalAction, match="at least one assembled weapon part"):
        state.apply("hunt forest")
    arm(state, state.active, ["iron-blade"])
    approaching(state, "forest-horn")
    with pytest.raises(parlour.IllegalAction, match="Approach card is in play"):
        state.apply("hunt cavern")


def test_gear_and_curses_last_while_in_play_and_fire_on_their_triggers(features: str) -> None:
    state = started(features)
    seat = state.active
    to_main(state)
    take_in(state, seat, "lantern")
    state.apply("equip lantern")
    cursed(state, seat, "weight", 2)
    assert state.view(None)["hand_limits"][seat] == 8 - 2
    arm(state, seat, ["iron-blade"])
    on_top(state, "forest", ["rat", "wolf"])
    state.apply("hunt forest")
    # The Weight curse makes the Rat (2) summon the next Forest card (the Wolf, 3).
    assert state.combat_summoned == [ix(state, "wolf")]
    assert combat_view(state)["monster_strength"] == 2 + 3
    assert combat_view(state)["player_strength"] == 3 + 1  # the Lantern's lasting +1
    bonus(state, seat, 5, turn=False)
    resolve(state)
    log = [e.to_dict() for e in state.log]
    ended = max(i for i, e in enumerate(log) if e["kind"] == "combat_end")
    assert log[ended]["outcome"] == "win"
    after = log[ended + 1 :]
    assert after[0]["kind"] == "draw" and after[0]["deck"] == "tavern"  # the Lantern's win
    assert after[0]["seat"] == seat


def test_an_ability_limited_to_other_players_turns(features: str) -> None:
    state = started(features)
    seat = (state.active + 1) % 3
    as_class(state, seat, "warden")
    pending(state, state.active, "toast")
    from parlour.games.foolsblade.turn import ability_ready

    assert ability_ready(state, seat, -1)
    assert not ability_ready(state, seat, 0)  # a negating ability only answers a play
    as_class(state, state.active, "warden")
    assert not ability_ready(state, state.active, -1)  # not on its own turn
    used_ability(state, seat)
    assert not ability_ready(state, seat, -1)  # once a turn


def test_playing_a_card_at_the_wrong_time_says_why(features: str) -> None:
    state = started(features)
    fight_start(state, "forest", ["rat"])
    seat = state.current_player
    assert seat is not None
    hold(state, seat, ["toast", "no", "boots"])
    with pytest.raises(parlour.IllegalAction, match="only in the Tavern phase"):
        state.apply("play toast")
    with pytest.raises(parlour.IllegalAction, match="only answers a card"):
        state.apply("play no")
    with pytest.raises(parlour.IllegalAction, match="is equipped before"):
        state.apply("play boots")


def test_changing_the_list_of_legal_actions_makes_no_move_legal() -> None:
    """Found by fuzzing: a move slipped into the list ``legal_actions`` returned was taken
    as legal (moves are found there by identity) and broke the state."""
    state = parlour.load("foolsblade").new_game(3, seed=5)
    later = state.clone()
    while {a.text for a in later.legal_actions()} <= {a.text for a in state.legal_actions()}:
        later.apply(later.legal_actions()[0])
    move = next(a for a in later.legal_actions() if a not in state.legal_actions())
    before = state.view(None)
    offered = state.legal_actions()
    offered.append(move)
    with pytest.raises(parlour.IllegalAction):
        state.apply(move)
    assert state.view(None) == before
    state.apply(offered[0])


@pytest.mark.parametrize("seed", [1, 5])  # rolls of 5 and 17
def test_a_play_that_changes_nothing_says_so(features: str, seed: int) -> None:
    state = started(features, seed=seed)
    assert state.window is not None
    seat = state.window.seat
    hold(state, seat, ["dice-cup", "boots"])
    seen = kinds(state.apply("play dice-cup"))
    while state.pending is not None:
        seen.extend(kinds(state.apply("pass")))
    roll = next(e for e in state.log if e.kind == "roll").to_dict()["total"]
    assert ("no_effect" in seen) == (roll < 15)
