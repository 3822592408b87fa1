"""The rules texts the table page shows come from the games: card texts from their card
files, the How to play guides and the phase sentences from the server's catalogue, and the
words on every button from the view (the game's ``State.label``), never from the page."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

import parlour.server
from parlour.games.citadels.cards import CHARACTERS, DISTRICTS
from parlour.games.fearless.scoring import RUIN_FEAR
from parlour.games.foolsblade.cards import DEFAULT_EDITION
from parlour.games.foolsblade.table import table_for
from parlour.games.foolsblade.texts import card_text

from .conftest import create, next_state

STATIC = Path(parlour.server.__file__).with_name("static")


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
    # The scare track's ruin, in the game's words and with its fear.
    assert fearless["ruin"]["fear"] == RUIN_FEAR and str(RUIN_FEAR) in fearless["ruin"]["text"]


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


def test_the_view_of_the_seat_to_act_carries_the_games_words_for_its_buttons(
    client: TestClient,
) -> None:
    answer = create(client, "foolsblade", 2, {}, seed=3, names={"0": "Ana", "1": "Bo"})
    table_id = answer["table"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[table_id]
    seat = table.state.current_player
    token = answer["seats"][seat]["token"]
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        view = next_state(ws)["view"]
    legal = table.state.legal_actions()
    assert view["legal_actions"] == [a.text for a in legal]
    assert view["labels"] == {a.text: table.state.label(a, ["Ana", "Bo"]) for a in legal}
    names = table.state.table.names
    for action in legal:
        assert view["labels"][action.text] == f"Play as the {names[action.text.split()[1]]}"
    other = answer["seats"][1 - seat]["token"]
    with client.websocket_connect(f"/ws/{table_id}?token={other}") as ws:
        assert "labels" not in next_state(ws)["view"]


# A number with a unit of the rules inside a string: "Take 2 gold", "15 fear", "keep 1".
RULES_TEXT = re.compile(
    r"""["'`][^"'`\n]*?\b\d+\s*(?:gold|fear|districts?|cards?|points?|strength|strikes?)\b"""
    r"""|\b(?:keep|draw|pay|take)\s+\d+\b""",
    re.IGNORECASE,
)


def test_the_pages_scripts_hold_no_rules_text() -> None:
    found = []
    for path in sorted(STATIC.rglob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.strip()
            if code.startswith(("//", "/*", "*")):
                continue  # a comment may give an example; it is never shown
            if RULES_TEXT.search(code):
                found.append(f"{path.name}:{number}: {code}")
            if re.search(r"export function label\b", code):
                found.append(f"{path.name}:{number}: a button's words made in the page")
    assert found == []


# The moves a table page confirms before sending, by game: what each does is the game's.
CONFIRMED = {
    "citadels": {"assassinate", "rob", "destroy"},
    "foolsblade": {"steal", "break", "fight"},
}


def test_a_confirmation_says_what_the_move_does_in_the_games_words(client: TestClient) -> None:
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.rglob("*.js")))
    for game, verbs in CONFIRMED.items():
        said = client.get(f"/api/games/{game}/cards").json()["consequences"]
        assert set(said) == verbs
        script = (STATIC / "games" / f"{game}.js").read_text(encoding="utf-8")
        for verb, sentence in said.items():
            assert f'consequence("{verb}"' in script
            for piece in sentence.split("{name}"):
                assert len(piece) < 6 or piece.strip() not in scripts, (game, verb, piece)
