"""Per-game facts: each agrees with the game's own results and with the other facts."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any, get_args

import pytest

import parlour
from parlour.games.foolsblade.schema import MonsterDeck
from parlour.sim.facts import GENERIC, columns, facts_for, observed
from parlour.sim.games.foolsblade import BOSS_OUTCOMES, MONSTER_DECKS
from parlour.sim.schema import COMMON, Column
from parlour.sim.simulate import make_plan, play_game, table_columns

DOC = Path(__file__).parents[2] / "docs" / "simulate.md"


def games(name: str, players: int, count: int) -> list[list[dict[str, Any]]]:
    plan = make_plan(name, "random", games=count, players=players, seed=17)
    return [play_game(plan, i)[0] for i in range(count)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fearless_facts_add_up_to_the_scores(players: int) -> None:
    for rows in games("fearless", players, 15):
        tricks_a_round = {3: 13, 4: 13, 5: 12}[players]  # cards in a hand
        for row in rows:
            assert len(row["fear_per_round"]) == row["rounds"] == players
            assert sum(row["fear_per_round"]) == row["score"]
            assert row["tricks_won"] == sum(row["tricks_per_round"])
            ruined = [t == 0 for t in row["tricks_per_round"]]
            assert row["rounds_ruined"] == sum(ruined)
            assert all(f == 15 for f, r in zip(row["fear_per_round"], ruined, strict=True) if r)
        for r in range(players):
            assert sum(row["tricks_per_round"][r] for row in rows) == tricks_a_round


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_citadels_facts_agree_with_the_log_and_the_city(players: int) -> None:
    for rows in games("citadels", players, 6):
        rounds = rows[0]["rounds"]
        # Every seat keeps one character a round (two with 2 or 3 players).
        per_seat = 2 if players <= 3 else 1
        for row in rows:
            assert len(row["characters"]) == len(row["districts_per_round"]) == rounds
            assert all(len(chars) == per_seat for chars in row["characters"])
            assert row["districts_built"] == sum(row["districts_per_round"])
            assert row["city_size"] == len(row["city"]) <= row["districts_built"]  # destroyed
        # Each character is kept by one seat at most, each round.
        for r in range(rounds):
            kept = Counter(c for row in rows for c in row["characters"][r])
            assert max(kept.values()) == 1
        # One seat picks first each round, and takes what it then holds.
        assert sum(len(row["first_picks"]) for row in rows) == rounds
        for row in rows:
            held = [c for chars in row["characters"] for c in chars]
            assert Counter(row["first_picks"]) <= Counter(held)
        assert sum(row["finished_first"] for row in rows) == 1
        assert max(row["city_size"] for row in rows) >= 7


def test_citadels_murders_and_robberies_are_counted_against_their_victims() -> None:
    plan = make_plan("citadels", "random", games=1, players=5, seed=3)
    rows, record = play_game(plan, 0)
    state = parlour.replay(record)
    murders = robberies = 0
    holder: dict[str, int] = {}
    for event in state.log:
        data = event.to_dict()
        if data["kind"] == "round":
            holder = {}
        elif data["kind"] == "draft" and not data["face_down"]:
            holder[data["character"]] = data["seat"]
        elif data["kind"] == "target" and data["character"] in holder:
            murders += data["verb"] == "murders"
            robberies += data["verb"] == "robs"
    assert murders + robberies > 0
    assert sum(row["murdered"] for row in rows) == murders
    assert sum(row["robbed"] for row in rows) == robberies


@pytest.mark.parametrize("players", [2, 4])
def test_foolsblade_facts_agree_with_the_score_and_the_log(players: int) -> None:
    plan = make_plan("foolsblade", "random", games=3, players=players, seed=5)
    loot_deck = parlour.load("foolsblade").new_game(players, seed=0).view(None)["decks"]["loot"]
    for index in range(plan.games):
        rows, record = play_game(plan, index)
        for row in rows:
            assert (
                row["weapon_strength"] + row["monster_points"] + row["loot_points"]
                == (row["score"])
            )
            for fought, won, lost in zip(
                row["monsters_fought"], row["monsters_defeated"], row["monsters_lost"], strict=True
            ):
                assert won + lost <= fought
            assert row["boss_cards_beaten"] <= row["boss_fights"]
            assert row["boss_outcomes"] == rows[0]["boss_outcomes"]
            assert (row["full_set"] is not None) <= (row["weapon_parts"] == 4)
        assert len({row["class"] for row in rows}) == players
        assert sorted(row["turn_order"] for row in rows) == list(range(players))
        assert sum(row["turns_played"] + row["turns_skipped"] for row in rows) == rows[0]["rounds"]
        # Counted again from the record's events, as JSON: combats, wins, Loot.
        events = [e.to_dict() for e in parlour.replay(record).log]
        combats = [e for e in events if e["kind"] == "combat_end"]
        assert sum(sum(r["monsters_fought"]) + r["boss_fights"] for r in rows) == len(combats)
        wins = sum(e["outcome"] == "win" for e in combats)
        assert sum(sum(r["monsters_defeated"]) + r["boss_cards_beaten"] for r in rows) == wins
        beaten = sum(e["players_won"] for e in events if e["kind"] == "boss_over")
        assert sum(o == "beaten" for o in rows[0]["boss_outcomes"]) == beaten
        # The game ends on an empty Loot deck, and Loot leaves it only by being drawn.
        assert not rows[0]["capped"]
        assert sum(row["loot_drawn"] for row in rows) >= loot_deck


def test_foolsblade_facts_of_a_game_cut_short() -> None:
    plan = make_plan("foolsblade", "random", games=1, players=3, options={"max_turns": 6})
    rows, _ = play_game(plan, 0)
    assert all(row["capped"] for row in rows) and rows[0]["rounds"] == 6
    assert all(outcome in BOSS_OUTCOMES for outcome in rows[0]["boss_outcomes"])
    assert get_args(MonsterDeck) == MONSTER_DECKS


def test_a_game_without_facts_gets_the_common_columns() -> None:
    assert facts_for("no-such-game") is GENERIC
    assert columns("no-such-game") == ()
    for name in parlour.game_names():
        assert table_columns(name)[: len(COMMON)] == COMMON


def test_every_column_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = set()
    for line in text.splitlines():
        if line.startswith("| `"):
            documented.add(line.split("`")[1])
    for name in parlour.game_names():
        for column in table_columns(name):
            assert column.name in documented, f"docs/simulate.md lacks the column {column.name}"


def test_a_column_type_must_be_known() -> None:
    with pytest.raises(ValueError, match="type"):
        Column("x", "dict", "a map")


# -- the card columns ------------------------------------------------------------------------


def test_fearless_hands_and_trick_cards_agree_with_the_plays() -> None:
    plan = make_plan("fearless", "random", games=3, players=4, seed=2)
    deck = set(parlour.load("fearless").action_space(4)) - {"pass"}
    for index in range(plan.games):
        rows, record = play_game(plan, index)
        events = [e.to_dict() for e in parlour.replay(record).log]
        # Counted again from the JSON events: the card of the trick's winner, trick by trick.
        trick: dict[int, str] = {}
        winners: list[list[str]] = [[] for _ in rows]
        for e in events:
            if e["kind"] == "play":
                trick[e["seat"]] = e["card"]
            elif e["kind"] == "trick":
                winners[e["seat"]].append(trick[e["seat"]])
        for r in range(4):
            hands = [row["hands"][r] for row in rows]
            assert all(len(hand) == 13 for hand in hands)
            assert {f"play {c}" for hand in hands for c in hand} <= deck
            assert sum(len(set(hand)) for hand in hands) >= 13 * 4 - 8  # ±1s come in pairs
        for seat, row in enumerate(rows):
            assert row["trick_cards"] == winners[seat]
            assert len(row["trick_cards"]) == row["tricks_won"]
            held = Counter(c for hand in row["hands"] for c in hand)
            assert Counter(row["trick_cards"]) <= held


@pytest.mark.parametrize("seed", [1, 13, 19])  # seats outside the swaps: 2, 2, 4
def test_citadels_card_columns_agree_with_the_log_and_the_hands(seed: int) -> None:
    plan = make_plan("citadels", "random", games=1, players=4, seed=seed)
    rows, record = play_game(plan, 0)
    state = parlour.replay(record)
    events = [e.to_dict() for e in state.log]
    dealt = parlour.load("citadels").new_game(4, seed=record["seed"], **record["options"])
    swapped = {s for e in events if e["kind"] == "swap" for s in (e["seat"], e["other"])}
    rounds = rows[0]["rounds"]
    # Each round's four picks are offered 5, 4, 3 and 2 characters: 8, less two face up
    # and one face down, less one a pick.
    assert sum(len(row["characters_offered"]) for row in rows) == 14 * rounds
    # What play observed, a replay of the record observes again.
    again = observed(state)
    assert again["offered"] == [row["characters_offered"] for row in rows]
    assert observed(parlour.replay(play_game(make_plan("fearless", "random", 1, 3), 0)[1])) == {}
    for seat, row in enumerate(rows):
        chosen = Counter(c for chars in row["characters"] for c in chars)
        assert chosen <= Counter(row["characters_offered"])
        built = [e["district"] for e in events if e["kind"] == "build" and e["seat"] == seat]
        assert row["built"] == built
        assert Counter(row["city"]) <= Counter(built)
        assert sum(row["city_points"]) <= row["score"] <= sum(row["city_points"]) + 3 + 4
        assert row["districts_drawn"][:4] == dealt.view(seat)["hand"]
        if seat in swapped:
            continue
        # What came to the hand is what is in it, was built, or was put back by choice.
        put_back = [
            c
            for e in events
            if e["kind"] == "under-deck" and e["seat"] == seat and e["reason"] != "not kept"
            for c in e["cards"]
        ]
        kept = Counter(state.view(seat)["hand"]) + Counter(built) + Counter(put_back)
        assert Counter(row["districts_drawn"]) == kept


def test_foolsblade_card_columns_agree_with_the_log_and_the_score() -> None:
    plan = make_plan("foolsblade", "random", games=2, players=3, seed=8)
    for index in range(plan.games):
        rows, record = play_game(plan, index)
        state = parlour.replay(record)
        events = [e.to_dict() for e in state.log]
        for seat, row in enumerate(rows):
            assert sum(row["scored_points"]) == row["score"]
            mine = [e for e in events if e.get("seat") == seat]
            # Plays that mattered only: never one negated or reported to do nothing.
            plays = Counter(e["card"] for e in mine if e["kind"] == "play")
            spoiled = Counter(e["card"] for e in mine if e["kind"] in ("negate", "no_effect"))
            assert Counter(row["played_cards"]) <= plays - spoiled
            handle = [e["card"] for e in mine if e["kind"] == "handle"]
            equipped = [e["card"] for e in mine if e["kind"] == "equip"]
            assert row["equipped_cards"] == handle + equipped
            fought = [e for e in mine if e["kind"] == "combat_end"]
            assert row["beaten_cards"] == [e["monster"] for e in fought if e["outcome"] == "win"]
            held = Counter(row["held_cards"])
            assert row["class"] in held and Counter(e["monster"] for e in fought) <= held
            assert Counter(state.view(seat)["hand"]) <= held
            assert set(row["played_cards"]) | set(row["equipped_cards"]) <= set(held)
            weapon = [p for p in state.view(None)["weapons"][seat].values() if p is not None]
            assert row["scored_cards"] == weapon + state.view(None)["stash"][seat]


class Reworded:
    """A finished game whose log says the same in other words: every field that only the
    sentences read (``PROSE``) is reworded; everything else is the game's own."""

    def __init__(self, state: Any, prose: dict[type, tuple[str, ...]]) -> None:
        self.state = state
        self.prose = prose

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    @property
    def log(self) -> list[Any]:
        out = []
        for e in self.state.log:
            fields = self.prose.get(type(e), ())
            out.append(
                dataclasses.replace(e, **{f: f"in other words {getattr(e, f)}" for f in fields})
            )
        return out


def test_rewording_the_log_changes_no_report_column() -> None:
    """The facts match events by kind and fields, never by their sentences' words."""
    from parlour.games.citadels import events as citadels
    from parlour.games.foolsblade import events as foolsblade

    prose: dict[type, tuple[str, ...]] = {
        foolsblade.Destination: ("where",),
        foolsblade.Gained: ("how",),
        citadels.PutUnderDeck: ("reason",),
        citadels.Named: ("verb",),
    }
    for name, players, counted in (
        ("foolsblade", 3, ("forge_visits", "quest_visits", "loot_drawn")),
        ("citadels", 5, ("murdered", "robbed")),
    ):
        plan = make_plan(name, "random", games=1, players=players, seed=3)
        state = parlour.replay(play_game(plan, 0)[1])
        facts = facts_for(name)
        notes = observed(state)
        rows = facts.seats(state, notes)
        assert facts.seats(Reworded(state, prose), notes) == rows  # type: ignore[arg-type]
        for column in counted:
            assert sum(row[column] for row in rows) > 0, (name, column)
