"""A scenario for each rule: setup, the turn, combat, bosses, curses, the hand limit, the end."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.games.foolsblade.scenario import (
    arm,
    cards,
    fight_start,
    ix,
    kinds,
    on_top,
    pass_until,
    started,
    to_main,
)
from parlour.games.foolsblade.state import FoolsBladeState
from parlour.games.foolsblade.steps import FORGE_PHASE, MAIN_PHASE, Bonus, Pending
from parlour.games.foolsblade.table import ANVIL, FOREST, LOOT, QUEST, multiplier


def combat_view(st: FoolsBladeState) -> dict[str, Any]:
    combat: dict[str, Any] = st.view(None)["combat"]
    assert combat is not None
    return combat


def resolve(st: FoolsBladeState) -> list[str]:
    """Pass through the combat windows; the kinds of the events on the way."""
    seen: list[str] = []
    for _ in range(60):
        if st.combat_seat < 0 or st.decision is not None:
            return seen
        seen.extend(kinds(st.apply("pass")))
    raise AssertionError("the combat never ended")


def test_setup_roll_off_classes_last_player_first_and_a_handle_each(features: str) -> None:
    st = parlour.load("foolsblade").new_game(4, seed=3, cards=features)
    assert isinstance(st, FoolsBladeState)
    first = st.first_player
    rolled = st.log[0].to_dict()
    assert rolled["kind"] == "roll_off" and rolled["first_player"] == first
    last_round = rolled["rolls"][-1]
    assert last_round[first] == max(last_round)
    order = []
    while st.view(None)["phase"] == "class":
        order.append(st.current_player)
        st.apply(st.legal_actions()[0])
    assert order == [(first - 1 - k) % 4 for k in range(4)]
    handles = [e.to_dict() for e in st.log if e.kind == "handle"]
    assert [h["seat"] for h in handles] == [(first + k) % 4 for k in range(4)]
    for handle in handles:
        assert st.card(handle["card"])["part"] == "handle"
    view = st.view(None)
    assert view["active"] == first and view["turn"] == 1 and view["phase"] == "tavern"
    assert len(set(view["classes"])) == 4


def test_classes_are_chosen_before_any_card_is_dealt_and_nobody_is_active(features: str) -> None:
    st = parlour.load("foolsblade").new_game(4, seed=3, cards=features)
    assert isinstance(st, FoolsBladeState)
    while st.view(None)["phase"] == "class":
        view = st.view(st.current_player)
        assert view["hand"] == [] and view["hand_counts"] == [0] * 4
        assert view["curses"] == [[]] * 4 and view["active"] is None and view["turn"] == 0
        assert not [e for e in st.log if e.kind in ("handle", "draw")]
        st.apply(st.legal_actions()[0])
    kinds_after = [e.kind for e in st.log]
    last_choice = max(i for i, kind in enumerate(kinds_after) if kind == "class")
    assert kinds_after.index("handle") > last_choice
    assert st.view(None)["active"] == st.first_player


def test_the_element_table() -> None:
    neutral, fire, water, plant = range(4)
    assert multiplier(water, fire) == 2 and multiplier(fire, water) == 0
    assert multiplier(fire, plant) == 2 and multiplier(plant, fire) == 0
    assert multiplier(plant, water) == 2 and multiplier(water, plant) == 0
    assert all(multiplier(e, e) == 1 for e in range(4))
    assert all(multiplier(neutral, e) == 1 and multiplier(e, neutral) == 1 for e in range(4))


def test_combat_strength_follows_the_element_table(features: str) -> None:
    st = started(features)
    # A fire guard (2) doubles against the plant Wolf; the Wolf summons a Rat (2) as its
    # `monster` modifier, in the Wolf's own element.
    fight_start(st, "forest", ["wolf", "rat"], parts=["iron-guard", "iron-handle"])
    combat = combat_view(st)
    assert combat["element"] == "plant"
    assert combat["monster_strength"] == 3 + 2
    assert combat["player_strength"] == 2 * 2 + 0  # the water handle counts 0 against plant
    assert st.combat_summoned == [ix(st, "rat")]


def test_set_bonus_with_all_four_parts_of_one_set(features: str) -> None:
    st = started(features)
    ember = ["ember-blade", "ember-guard", "ember-handle", "ember-pommel"]
    fight_start(st, "forest", ["rat"], parts=ember)
    # 4 + 2 + 1 + 1 against a neutral Rat, the set bonus 5, and the Pommel's d4 at combat.
    assert 1 <= st.roll <= 4
    assert combat_view(st)["player_strength"] == 8 + 5 + st.roll
    st2 = started(features)
    fight_start(st2, "forest", ["rat"], parts=[*ember[:3], "iron-pommel"])
    assert combat_view(st2)["player_strength"] == 8


def test_win_takes_the_monster_to_the_stash_and_applies_its_win_effect(features: str) -> None:
    st = started(features)
    seat = st.active
    fight_start(st, "forest", ["wolf", "rat"], parts=["iron-blade", "iron-guard"])
    loot = len(st.decks[LOOT])
    seen = resolve(st)
    assert "combat_end" in seen
    assert ix(st, "wolf") in st.stash[seat]
    assert len(st.decks[LOOT]) == loot - 1  # the Wolf's Win: draw 1 Loot
    assert st.decks[FOREST][0] == ix(st, "rat")  # the summoned Rat went under the deck
    ended = [e for e in st.log if e.kind == "combat_end"][-1].to_dict()
    assert set(ended) >= {"seat", "monster", "monster_strength", "player_strength", "outcome"}
    assert ended["outcome"] == "win" and ended["player_strength"] == 3 + 2 * 2


def test_a_draw_puts_the_monster_at_the_bottom_of_its_deck(features: str) -> None:
    st = started(features)
    seat = st.active
    fight_start(st, "forest", ["rat"], parts=["iron-handle", "iron-pommel"])
    assert combat_view(st)["player_strength"] == combat_view(st)["monster_strength"] == 2
    resolve(st)
    ended = [e for e in st.log if e.kind == "combat_end"][-1].to_dict()
    assert ended["outcome"] == "draw"
    assert st.decks[FOREST][0] == ix(st, "rat")
    assert ix(st, "rat") not in st.stash[seat] and ix(st, "rat") not in st.trash[FOREST]


def test_an_impossible_lose_effect_is_ignored(features: str) -> None:
    st = started(features)
    seat = st.active
    fight_start(st, "forest", ["wolf", "rat"], parts=["iron-handle"])
    hand = list(st.hands[seat])
    assert not any(st.table.kind[c] == "gear" for c in hand)
    seen = resolve(st)
    assert "ignored" in seen
    assert st.trash[FOREST][-1] == ix(st, "wolf")
    assert st.decks[FOREST][0] == ix(st, "rat")


@pytest.mark.parametrize("held", [1, 2, 3])
def test_a_give_to_each_other_player_needs_a_card_for_each_or_none_is_given(
    rules: str, held: int
) -> None:
    st = started(rules, players=4)
    seat = st.active
    to_main(st)
    st.hands[seat] = cards(st, ["rope", "boots", "ale"][:held])
    st.known[seat] = ()
    arm(st, seat, ["iron-handle"])
    on_top(st, "cavern", ["warband", "bat"])
    st.apply("hunt cavern")
    resolve(st)
    gave = [e.to_dict() for e in st.log if e.kind == "hand_card" and e.seat == seat]
    if held < 3:
        assert gave == []
        assert any(e.kind == "ignored" for e in st.log)
        assert len(st.hands[seat]) == held
    else:
        assert len(gave) == 3 and st.hands[seat] == []


def test_a_lose_effect_can_keep_the_monster_under_its_deck(features: str) -> None:
    st = started(features)
    fight_start(st, "forest", ["mimic"], parts=["iron-handle"])
    resolve(st)
    assert [e for e in st.log if e.kind == "combat_end"][-1].to_dict()["outcome"] == "lose"
    assert st.decks[FOREST][0] == ix(st, "mimic")
    assert ix(st, "mimic") not in st.trash[FOREST]


def test_an_approach_drawn_by_a_modifier_is_shuffled_back(features: str) -> None:
    st = started(features)
    fight_start(st, "forest", ["wolf", "forest-horn", "rat"])
    assert st.combat_summoned == [ix(st, "rat")]
    assert ix(st, "forest-horn") in st.decks[FOREST]
    assert st.approach == -1


def approach_then_boss(st: FoolsBladeState) -> int:
    """Seat A reveals the Forest Horn and goes questing; the next turn gathers its Boss."""
    to_main(st)
    arm(st, st.active, ["iron-blade"])
    on_top(st, "forest", ["forest-horn"])
    st.apply("hunt forest")
    assert st.view(None)["boss"]["approach"] == "forest-horn"
    texts = [a.text for a in st.legal_actions()]
    assert "quest" in texts and not any(t.startswith("hunt") for t in texts)
    st.apply("quest")
    pass_until(st, lambda s: s.phase == MAIN_PHASE and s.window is None and s.decision is None)
    boss = st.view(None)["boss"]
    assert boss["cards"] == ["treant-arm", "treant-heart"] and boss["strike_limit"] == 2
    return st.active


def test_boss_cards_are_fought_one_a_turn_and_win_ties(features: str) -> None:
    st = started(features)
    seat = approach_then_boss(st)
    arm(st, seat, ["iron-blade"])
    st.bonuses.append(Bonus(seat, 3, 0, 1))  # 3 + 3 against the Treant Arm's 6: a tie
    texts = [a.text for a in st.legal_actions()]
    assert "fight treant-arm" in texts and "forge" not in texts and "quest" not in texts
    st.apply("fight treant-arm")
    resolve(st)
    ended = [e for e in st.log if e.kind == "combat_end"][-1].to_dict()
    assert ended["outcome"] == "lose" and ended["player_strength"] == 6
    assert st.strikes == 1 and st.active != seat


def test_a_retreat_is_offered_against_a_monster_but_not_against_a_boss_card(features: str) -> None:
    st = started(features)
    fight_start(st, "forest", ["rat"])
    assert st.window is not None
    st.hands[st.window.seat] = cards(st, ["smoke", "rage"])
    assert "play smoke" in [a.text for a in st.legal_actions()]
    boss = started(features)
    seat = approach_then_boss(boss)
    arm(boss, seat, ["iron-blade"])
    boss.apply("fight treant-arm")
    assert boss.window is not None and boss.window.seat == seat
    boss.hands[seat] = cards(boss, ["smoke", "rage"])
    texts = [a.text for a in boss.legal_actions()]
    assert "play rage" in texts and "play smoke" not in texts
    with pytest.raises(parlour.IllegalAction, match="would do nothing now"):
        boss.apply("play smoke")


def test_no_steal_is_offered_from_an_empty_hand_nor_a_card_without_effects(rules: str) -> None:
    st = started(rules, players=3, seed=2)
    assert st.window is not None
    seat = st.window.seat
    empty, holding = (seat + 1) % 3, (seat + 2) % 3
    st.classes[seat] = ix(st, "thief")
    st.hands[seat] = cards(st, ["pickpocket", "rope", "ale", "ale"])
    st.hands[empty] = []
    st.hands[holding] = cards(st, ["boots"])
    st.known[seat] = st.known[empty] = st.known[holding] = ()
    texts = [a.text for a in st.legal_actions()]
    assert f"play pickpocket on {holding}" in texts and f"use thief on {holding}" in texts
    assert f"play pickpocket on {empty}" not in texts and f"use thief on {empty}" not in texts
    assert "play rope" not in texts  # an Action without effects does nothing
    with pytest.raises(parlour.IllegalAction, match="Thief would do nothing now"):
        st.apply(f"use thief on {empty}")


def test_strikes_reach_the_limit_and_every_player_applies_the_lose_effect(features: str) -> None:
    st = started(features)
    approach_then_boss(st)
    for _ in range(2):
        to_main(st)
        arm(st, st.active, ["iron-handle"])
        st.apply("fight treant-heart")
        resolve(st)
    fighter = st.active
    deciders = []
    while st.decision is not None:
        deciders.append(st.current_player)
        st.apply(st.legal_actions()[0])
    boss_over = [e for e in st.log if e.kind == "boss_over"]
    assert boss_over and boss_over[-1].to_dict()["players_won"] is False
    assert st.approach == -1 and st.boss_cards == []
    assert set(cards(st, ["forest-horn", "treant-arm", "treant-heart"])) <= set(st.removed)
    discards = [
        e.to_dict()["seat"] for e in st.log[-30:] if e.kind == "move" and "discarded" in e.text
    ]
    assert discards == [(fighter + k) % 3 for k in range(3)]  # each player, in turn order
    assert deciders == discards


def test_beating_every_boss_card_gives_everyone_the_win_effect(features: str) -> None:
    st = started(features)
    approach_then_boss(st)
    loot = len(st.decks[LOOT])
    for boss in ("treant-arm", "treant-heart"):
        to_main(st)
        arm(st, st.active, ["iron-blade", "iron-guard"])
        st.bonuses.append(Bonus(st.active, 10, 0, 1))
        st.apply(f"fight {boss}")
        resolve(st)
    assert [e for e in st.log if e.kind == "boss_over"][-1].to_dict()["players_won"] is True
    assert len(st.decks[LOOT]) == loot - 3
    assert [e for e in st.log if e.kind == "strike"] == []


def quest_turn(st: FoolsBladeState) -> None:
    """The active seat goes Questing (no Curse on top), discarding to its limit if asked."""
    to_main(st)
    on_top(st, "quest", ["rope", "boots"])
    st.apply("quest")
    while st.decision is not None:
        st.apply(st.legal_actions()[0])


def to_turn_of(st: FoolsBladeState, seat: int) -> None:
    """The other seats quest until ``seat``'s turn has begun."""
    while st.decision is not None:
        st.apply(st.legal_actions()[0])
    for _ in range(6):
        if st.active == seat:
            return
        quest_turn(st)
    raise AssertionError("never reached")


def test_curses_last_their_holders_own_turns(features: str) -> None:
    st = started(features)
    seat = st.active
    on_top(st, "quest", ["gloom", "rope"])
    to_main(st)
    st.apply("quest")
    # Drawn during the turn: this turn does not count, its holder's next two turns do.
    assert st.view(None)["curses"][seat] == [["gloom", 2]]
    for left in (1, 0):
        to_turn_of(st, seat)  # the others' turns do not count
        assert st.view(None)["curses"][seat] == [["gloom", left + 1]]
        quest_turn(st)
        assert st.view(None)["curses"][seat] == ([["gloom", left]] if left else [])
    assert ix(st, "gloom") in st.trash[QUEST]


def test_a_curse_of_one_turn_drawn_by_questing_lasts_through_the_next_turn(rules: str) -> None:
    st = started(rules)
    seat = st.active
    on_top(st, "quest", ["errand", "rope"])
    to_main(st)
    st.apply("quest")
    assert st.view(None)["curses"][seat] == [["errand", 1]]
    to_turn_of(st, seat)
    fight_start(st, "forest", ["rat"], parts=["iron-blade", "iron-guard"])
    assert combat_view(st)["player_strength"] == 3 + 2 - 4
    resolve(st)
    while st.active == seat:
        st.apply(st.legal_actions()[0])
    assert st.view(None)["curses"][seat] == []


def test_hand_limit_is_enforced_at_the_end_of_the_turn(features: str) -> None:
    st = started(features)
    seat = st.active
    to_main(st)
    st.hands[seat] = cards(st, ["ale"] * 5 + ["rope"] * 4)
    st.known[seat] = ()
    st.apply("forge")
    st.apply(st.legal_actions()[0])  # take a part: 10 cards
    st.apply("pass")
    assert st.decision is not None and st.current_player == seat
    texts = [a.text for a in st.legal_actions()]
    assert "discard ale" in texts and "discard rope" in texts
    st.apply("discard ale")
    assert st.decision is not None
    st.apply("discard rope")
    assert len(st.hands[seat]) == 8 and st.active != seat


def test_the_forge_reforge_and_the_rest_back_on_top(features: str) -> None:
    st = started(features)
    seat = st.active
    to_main(st)
    on_top(st, "anvil", ["iron-blade", "iron-guard", "ember-blade"])
    st.hands[seat].append(ix(st, "iron-pommel"))
    st.apply("forge")
    assert st.phase == FORGE_PHASE
    assert st.view(None)["forge"] == ["iron-blade", "iron-guard", "ember-blade"]
    st.apply("take ember-blade")
    assert "reforge iron-pommel" in [a.text for a in st.legal_actions()]
    st.apply("reforge iron-pommel")
    assert st.trash[ANVIL][-1] == ix(st, "iron-pommel")
    st.apply("take iron-guard")
    assert ix(st, "ember-blade") in st.hands[seat] and ix(st, "iron-guard") in st.hands[seat]
    assert st.decks[ANVIL][-1] == ix(st, "iron-blade")
    assert st.view(None)["forge"] is None


def test_equip_replaces_a_part_back_to_hand_and_legendary_back_to_stash(features: str) -> None:
    st = started(features)
    seat = st.active
    to_main(st)
    arm(st, seat, ["iron-blade"])
    st.stash[seat] = (ix(st, "crown-blade"),)
    st.apply("equip crown-blade")
    assert st.weapons[seat][0] == ix(st, "crown-blade") and ix(st, "iron-blade") in st.hands[seat]
    st.apply("equip iron-blade")
    assert st.stash[seat] == (ix(st, "crown-blade"),)


def test_tavern_cards_only_in_the_tavern_window_actions_by_their_when(features: str) -> None:
    st = started(features)
    assert st.window is not None
    window_seat = st.window.seat
    st.hands[window_seat] = cards(st, ["toast", "rage", "dice-cup"])
    st.known[window_seat] = ()
    texts = [a.text for a in st.legal_actions()]
    assert "play toast" in texts and "play dice-cup" in texts and "play rage" not in texts
    st2 = started(features)
    fight_start(st2, "forest", ["rat"])
    assert st2.window is not None
    seat = st2.window.seat
    st2.hands[seat] = cards(st2, ["toast", "rage"])
    texts = [a.text for a in st2.legal_actions()]
    assert "play rage" in texts and "play toast" not in texts


def test_a_negating_tavern_card_answers_only_plays_of_the_tavern_phase(rules: str) -> None:
    st = started(rules, players=3, seed=2)
    assert st.window is not None
    player, answerer = st.window.seat, (st.window.seat + 1) % 3
    st.hands[player] = cards(st, ["dice-cup"])
    st.hands[answerer] = cards(st, ["glare", "boots"])
    st.known[player] = st.known[answerer] = ()
    st.apply("play dice-cup")
    pass_until(st, lambda s: s.counter is not None and s.counter.seat == answerer)
    assert "play glare" in [a.text for a in st.legal_actions()]
    fighting = started(rules, players=3, seed=2)
    fight_start(fighting, "forest", ["rat"])
    assert fighting.window is not None
    player = fighting.window.seat
    answerer = (player + 1) % 3
    fighting.hands[player] = cards(fighting, ["rage"])
    fighting.hands[answerer] = cards(fighting, ["glare", "boots"])
    fighting.known[player] = fighting.known[answerer] = ()
    fighting.apply("play rage")
    pass_until(fighting, lambda s: s.counter is not None and s.counter.seat == answerer)
    assert "play glare" not in [a.text for a in fighting.legal_actions()]
    with pytest.raises(parlour.IllegalAction, match="only in the Tavern phase"):
        fighting.apply("play glare")


def test_a_play_can_be_negated_and_its_cost_stays_paid(features: str) -> None:
    st = started(features, players=3, seed=2)
    thief, victim = 1, 2
    st.classes[thief] = ix(st, "thief")
    st.hands[thief] = cards(st, ["ale", "ale", "rope"])
    st.hands[victim] = cards(st, ["no", "boots"])
    st.known[thief] = ()
    st.known[victim] = ()
    pass_until(st, lambda s: s.window is not None and s.window.seat == thief)
    st.apply("use thief on 2")
    assert list(st.trash[0][-2:]) == cards(st, ["ale", "ale"])  # the cost is paid at once
    pass_until(st, lambda s: s.counter is not None and s.counter.seat == victim)
    assert "play no" in [a.text for a in st.legal_actions()]
    events = st.apply("play no")
    assert "negate" in kinds(events)
    assert st.hands[victim] == [ix(st, "boots")]  # nothing stolen
    assert st.hands[thief] == [ix(st, "rope")]
    assert list(st.trash[0][-2:]) == cards(st, ["ale", "ale"])


def test_the_game_ends_when_a_turn_ends_with_the_loot_deck_empty(features: str) -> None:
    st = started(features)
    st.decks[LOOT] = []
    to_main(st)
    st.apply("quest")
    assert st.is_over and st.current_player is None
    end = st.log[-1].to_dict()
    assert end["kind"] == "game_end" and end["capped"] is False
    scores = st.scores()
    assert end["winners"] == [s for s in range(3) if scores[s] == max(scores)]


def test_ties_share_the_win(features: str) -> None:
    st = started(features)
    for seat in range(3):
        arm(st, seat, ["iron-blade"])
    st.decks[LOOT] = []
    to_main(st)
    st.apply("quest")
    assert st.winners() == [0, 1, 2]
    assert st.returns() == [1 / 3] * 3


def test_the_turn_cap_ends_a_game_scored_as_usual(features: str) -> None:
    st = started(features, max_turns=2)
    for _ in range(2):
        to_main(st)
        st.apply("quest")
    assert st.is_over and st.log[-1].to_dict()["capped"] is True


def test_side_quest_plays_with_the_first_treasures_and_one_legendary_set(features: str) -> None:
    st = started(features, side_quest=True)
    loot = st.decks[LOOT]
    kinds_in = [st.table.kind[c] for c in loot]
    assert kinds_in.count("treasure") == 8 and loot.count(ix(st, "crown-blade")) == 1
    game = parlour.load("foolsblade")
    real = game.new_game(4, seed=1, side_quest=True).view(None)["decks"]["loot"]
    assert real == 15 and game.new_game(4, seed=1).view(None)["decks"]["loot"] == 30


def test_illegal_hunts_say_why(features: str) -> None:
    st = started(features)
    to_main(st)
    arm(st, st.active, [])
    with pytest.raises(parlour.IllegalAction, match="at least one assembled weapon part"):
        st.apply("hunt forest")
    arm(st, st.active, ["iron-blade"])
    st.approach = ix(st, "forest-horn")
    with pytest.raises(parlour.IllegalAction, match="Approach card is in play"):
        st.apply("hunt cavern")


def test_gear_and_curses_last_while_in_play_and_fire_on_their_triggers(features: str) -> None:
    st = started(features)
    seat = st.active
    to_main(st)
    st.hands[seat].append(ix(st, "lantern"))
    st.apply("equip lantern")
    st.curses[seat] = (ix(st, "weight"),)
    st.curse_left[seat] = (2,)
    assert st.view(None)["hand_limits"][seat] == 8 - 2
    arm(st, seat, ["iron-blade"])
    on_top(st, "forest", ["rat", "wolf"])
    st.apply("hunt forest")
    # The Weight curse makes the Rat (2) summon the next Forest card (the Wolf, 3).
    assert st.combat_summoned == [ix(st, "wolf")]
    assert combat_view(st)["monster_strength"] == 2 + 3
    assert combat_view(st)["player_strength"] == 3 + 1  # the Lantern's lasting +1
    st.bonuses.append(Bonus(seat, 5, 0, 0))
    resolve(st)
    log = [e.to_dict() for e in st.log]
    ended = max(i for i, e in enumerate(log) if e["kind"] == "combat_end")
    assert log[ended]["outcome"] == "win"
    after = log[ended + 1 :]
    assert after[0]["kind"] == "draw" and after[0]["deck"] == "tavern"  # the Lantern's win
    assert after[0]["seat"] == seat


def test_an_ability_limited_to_other_players_turns(features: str) -> None:
    st = started(features)
    seat = (st.active + 1) % 3
    st.classes[seat] = ix(st, "warden")
    st.pending = Pending(st.active, ix(st, "toast"), -1, False, False)
    from parlour.games.foolsblade.turn import ability_ready

    assert ability_ready(st, seat, -1)
    assert not ability_ready(st, seat, 0)  # a negating ability only answers a play
    st.classes[st.active] = ix(st, "warden")
    assert not ability_ready(st, st.active, -1)  # not on its own turn
    st.used[seat] = True
    assert not ability_ready(st, seat, -1)  # once a turn


def test_playing_a_card_at_the_wrong_time_says_why(features: str) -> None:
    st = started(features)
    fight_start(st, "forest", ["rat"])
    seat = st.current_player
    assert seat is not None
    st.hands[seat] = cards(st, ["toast", "no", "boots"])
    st.known[seat] = ()
    with pytest.raises(parlour.IllegalAction, match="only in the Tavern phase"):
        st.apply("play toast")
    with pytest.raises(parlour.IllegalAction, match="only answers a card"):
        st.apply("play no")
    with pytest.raises(parlour.IllegalAction, match="is equipped before"):
        st.apply("play boots")


def test_changing_the_list_of_legal_actions_makes_no_move_legal() -> None:
    """Found by fuzzing: a move slipped into the list ``legal_actions`` returned was taken
    as legal (moves are found there by identity) and broke the state."""
    st = parlour.load("foolsblade").new_game(3, seed=5)
    later = st.clone()
    while {a.text for a in later.legal_actions()} <= {a.text for a in st.legal_actions()}:
        later.apply(later.legal_actions()[0])
    move = next(a for a in later.legal_actions() if a not in st.legal_actions())
    before = st.view(None)
    offered = st.legal_actions()
    offered.append(move)
    with pytest.raises(parlour.IllegalAction):
        st.apply(move)
    assert st.view(None) == before
    st.apply(offered[0])


@pytest.mark.parametrize("seed", [1, 5])  # rolls of 5 and 17
def test_a_play_that_changes_nothing_says_so(features: str, seed: int) -> None:
    st = started(features, seed=seed)
    assert st.window is not None
    seat = st.window.seat
    st.hands[seat] = cards(st, ["dice-cup", "boots"])
    st.known[seat] = ()
    seen = kinds(st.apply("play dice-cup"))
    while st.pending is not None:
        seen.extend(kinds(st.apply("pass")))
    roll = next(e for e in st.log if e.kind == "roll").to_dict()["total"]
    assert ("no_effect" in seen) == (roll < 15)
