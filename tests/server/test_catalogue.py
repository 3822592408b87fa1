"""The rules texts the table page shows come from the games: card texts from their card
files, the How to play guides and the phase sentences from the server's catalogue."""

from __future__ import annotations

from fastapi.testclient import TestClient

from parlour.games.citadels.cards import CHARACTERS, DISTRICTS
from parlour.games.fearless.scoring import RUIN_FEAR
from parlour.games.foolsblade.cards import DEFAULT_EDITION
from parlour.games.foolsblade.table import table_for
from parlour.games.foolsblade.texts import card_text

from .conftest import create


def test_citadels_cards_carry_their_rules_texts(client: TestClient) -> None:
    cards = client.get("/api/games/citadels/cards").json()
    for character in CHARACTERS:
        assert cards["characters"][character.slug]["text"] == character.text
    purple = [d for d in DISTRICTS if d.colour == "purple"]
    assert purple
    for district in purple:
        assert cards["districts"][district.slug]["text"] == district.text


def test_every_game_has_a_guide_and_a_sentence_per_phase(client: TestClient) -> None:
    for game, phases in {
        "fearless": {"lead", "follow", "wait"},
        "citadels": {"draft", "resource", "keep", "main", "redraw", "rescue", "wait"},
        "foolsblade": {"class", "tavern", "assembly", "forge", "combat", "end", "wait"},
    }.items():
        cards = client.get(f"/api/games/{game}/cards").json()
        assert cards["how_to_play"][0]["heading"] == "Goal"
        assert all(part["text"] for part in cards["how_to_play"])
        assert set(cards["phases"]) == phases
    fearless = client.get("/api/games/fearless/cards").json()
    assert any(str(RUIN_FEAR) in part["text"] for part in fearless["how_to_play"])


def test_a_foolsblade_table_lists_every_card_with_its_text(client: TestClient) -> None:
    table = create(client, "foolsblade", 3, {1: "random", 2: "random"}, seed=2)["table"]
    cards = client.get(f"/api/tables/{table}/cards").json()
    kinds = {card["kind"] for card in cards.values()}
    assert {"class", "part", "monster", "tavern"} <= kinds
    one = client.get(f"/api/tables/{table}/cards/{next(iter(cards))}").json()
    assert cards[one["id"]]["name"] == one["name"]
    by_id = table_for(DEFAULT_EDITION).set.by_id
    for card_id, fields in cards.items():
        assert fields["text"] == card_text(by_id[card_id])
    fearless = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=1)["table"]
    assert client.get(f"/api/tables/{fearless}/cards").status_code == 404
