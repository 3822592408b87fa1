"""The table renderers draw views of games not yet played here (Fool's Blade from API.md's
view keys) and fall back to a generic rendering for a game the page does not know."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.core import Rng

from .conftest import screenshot
from .test_accounts_pages import SIZES, contexts
from .test_foolsblade_asks import show
from .test_guide_pages import real_table

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture, used by name

# A Fool's Blade view for seat 0 with every key API.md lists, mid-combat.
FOOLSBLADE_VIEW = {
    "game": "foolsblade",
    "players": 3,
    "seat": 0,
    "move": 40,
    "current_player": 0,
    "is_over": False,
    "scores": [9, 4, 6],
    "winners": [],
    "legal_actions": ["play ember-blade", "use-ability", "pass"],
    "classes": ["smith", "rogue", None],
    "weapons": [
        {"blade": "ember-blade", "guard": "oak-guard", "handle": None, "pommel": "iron-pommel"},
        {"blade": None, "guard": None, "handle": "bone-handle", "pommel": None},
        {"blade": None, "guard": None, "handle": None, "pommel": None},
    ],
    "gear": [["lucky-boots"], [], ["torch"]],
    "stash": [["goblin"], ["gold-idol"], []],
    "curses": [[], [["rust-curse", 2]], []],
    "hand": ["ember-blade", "healing-draught"],
    "hand_counts": [2, 4, 3],
    "hand_limits": [5, 5, 6],
    "decks": {
        "tavern": 20,
        "anvil": 31,
        "quest": 8,
        "forest": 10,
        "cavern": 9,
        "dungeon": 7,
        "loot": 12,
    },
    "trash": {"tavern": ["ale"], "anvil": []},
    "forge": None,
    "combat": {
        "seat": 0,
        "monster": "cave-troll",
        "element": "water",
        "monster_strength": 11,
        "player_strength": 9,
    },
    "boss": None,
    "active": 0,
    "turn": 14,
    "phase": "combat",
    "first_player": 1,
}

DRAW = """async ([view, table]) => {
  const board = await import('/static/board.js');
  const ctx = {seat: view.seat, table, legal: new Set(view.legal_actions || []),
    bind: (el, a) => { el.dataset.action = a; }, bindCard: (el, id) => { el.dataset.card = id; },
    catalogue: {}, cardInfo: () => null, names: (s) => `Player ${s}`, info: () => {}};
  const {board: drawn, hand} = board.drawGame(view, ctx);
  const seats = document.createElement('div');
  seats.className = 'seats';
  seats.append(...board.seatStrip(view, table, view.seat));
  const main = document.querySelector('main');
  main.replaceChildren(seats, drawn, ...(hand ? [hand] : []));
  return main.textContent;
}"""


def blank_page(page: Any, server: str) -> None:
    """An empty page of the server's origin with its style sheet (no page script racing)."""
    page.goto(f"{server}/api/games")
    page.set_content(
        '<html><head><link rel="stylesheet" href="/static/app.css"></head>'
        "<body><main></main></body></html>",
        wait_until="load",
    )


def test_foolsblade_view_shows_weapons_part_by_part_and_the_fight(page: Any, server: str) -> None:
    blank_page(page, server)
    table = {"seats": [{"bot": None}, {"bot": "easy"}, {"bot": "hard"}], "title": "Fool's Blade"}
    text = page.evaluate(DRAW, [FOOLSBLADE_VIEW, table])
    for words in ("Ember Blade", "Oak Guard", "Iron Pommel", "Cave Troll", "Combat", "Lucky Boots"):
        assert words in text
    assert page.locator(".weapon").count() == 3
    assert page.locator(".weapon .part").count() == 12
    assert page.locator(".combat .strength").count() == 2
    assert page.locator("#hand .card").count() == 2
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "render-foolsblade-phone")


def test_an_unknown_game_falls_back_to_a_generic_view(page: Any, server: str) -> None:
    blank_page(page, server)
    view = {
        "game": "chess",
        "players": 2,
        "seat": 1,
        "move": 3,
        "current_player": 1,
        "is_over": False,
        "scores": [0, 0],
        "winners": [],
        "legal_actions": ["move e7e5"],
        "board": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "hand": ["pawn"],
    }
    text = page.evaluate(DRAW, [view, {"seats": [{}, {}]}])
    assert "rnbqkbnr" in text
    assert page.locator("#generic").count() == 1
    # A known game whose view lacks keys its renderer expects does not break the page either.
    broken = {**FOOLSBLADE_VIEW, "game": "fearless"}
    assert "weapons" in page.evaluate(DRAW, [broken, {"seats": [{}, {}, {}]}])


# The confirmation's words for what a move does come from the game's catalogue.
CONFIRM = """async ([game, action, view, seat]) => {
  const renderer = await import(`/static/games/${game}.js`);
  const catalogue = await (await fetch(`/api/games/${game}/cards`)).json();
  const ctx = {seat, catalogue, cardInfo: () => null,
    names: (s) => (s === seat ? 'Ana (you)' : `Bo ${s}`)};
  return renderer.confirm(action, view, ctx);
}"""


def test_moves_that_cannot_be_taken_back_ask_and_own_targets_are_flagged(
    page: Any, server: str
) -> None:
    blank_page(page, server)
    citadels = {
        "phase": "turn",
        "characters": ["warlord"],
        "hand": ["manor"],
        "hand_counts": [1, 3],
    }
    for action, own in [
        ("destroy 0 manor", True),
        ("destroy 1 manor", False),
        ("assassinate warlord", True),
        ("assassinate king", False),
        ("rob merchant", False),
        ("swap hands 1", False),
    ]:
        asked = page.evaluate(CONFIRM, ["citadels", action, citadels, 0])
        assert asked is not None, action
        assert bool(asked["own"]) is own, action
        assert asked["text"].endswith(".") and "?" in asked["text"], asked
    assert page.evaluate(CONFIRM, ["citadels", "take gold", citadels, 0]) is None
    assert page.evaluate(CONFIRM, ["citadels", "build manor", citadels, 0]) is None
    swap = page.evaluate(CONFIRM, ["citadels", "swap hands 1", citadels, 0])
    assert "give your 1 card and take their 3 cards" in swap["text"]
    # The Warlord's prompt says the price, in the game's words for the move.
    priced = {**citadels, "labels": {"destroy 1 manor": "Destroy Bo 1's Manor (2 gold)"}}
    destroy = page.evaluate(CONFIRM, ["citadels", "destroy 1 manor", priced, 0])
    assert destroy["text"].startswith("Destroy Bo 1's Manor (2 gold)?")
    # The Magician's redraw asks once, for the whole set, when it is done; not card by card.
    magician = {**citadels, "turn": {"step": "redraw"}, "aside": ["manor", "temple"]}
    assert page.evaluate(CONFIRM, ["citadels", "discard manor", magician, 0]) is None
    done = page.evaluate(CONFIRM, ["citadels", "done", magician, 0])
    assert "draw 2 new cards?" in done["text"] and "Temple" in done["text"]
    blade = {
        **FOOLSBLADE_VIEW,
        "decision": {"kind": "steal", "seat": 0, "other": 2, "count": 1, "zone": "gear"},
    }
    stolen = page.evaluate(CONFIRM, ["foolsblade", "steal torch", blade, 0])
    assert "from Bo 2" in stolen["text"] and stolen["own"] is None
    broken = page.evaluate(CONFIRM, ["foolsblade", "break oak-guard", blade, 0])
    assert "(yours)" in broken["text"] and broken["own"]
    fight = page.evaluate(CONFIRM, ["foolsblade", "fight boss-a", blade, 0])
    assert fight["text"].endswith("? The Boss wins ties, and losing runs its Lose effect on you.")
    assert page.evaluate(CONFIRM, ["foolsblade", "equip oak-guard", blade, 0]) is None


def test_an_approach_shows_alone_until_its_boss_arrives(page: Any, server: str) -> None:
    blank_page(page, server)
    page.set_viewport_size({"width": 390, "height": 844})
    table = {"seats": [{"bot": None}, {"bot": "easy"}, {"bot": "hard"}], "title": "Fool's Blade"}
    boss = {"approach": "whispering-canopy", "cards": [], "strikes": 0, "strike_limit": 3}
    revealed = {**FOOLSBLADE_VIEW, "combat": None, "boss": boss, "phase": "destination"}
    text = page.evaluate(DRAW, [revealed, table])
    panel = page.locator("#combat")
    assert panel.locator(".card").count() == 1 and panel.locator(".row").count() == 1
    assert "Whispering Canopy" in text and "The Boss arrives at the start of the next turn" in text
    assert "strikes" not in panel.inner_text() and "A Boss approaches" in text
    screenshot(page, "render-foolsblade-approach-phone")
    gathered = {**boss, "cards": ["antlered-king", "kings-briar-court"]}
    text = page.evaluate(DRAW, [{**revealed, "boss": gathered}, table])
    assert panel.locator(".card").count() == 2 and "strikes 0/3" in text
    assert "arrives at the start" not in text


# Whether any word of a weapon part's name is split over two lines: a word's text range has
# one box per line it lies on.
SPLIT_WORDS = """() => {
  const split = [];
  for (const el of document.querySelectorAll('.weapon .part .dname')) {
    const node = el.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    for (const match of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (range.getClientRects().length > 1) split.push(match[0]);
    }
  }
  return split;
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_weapon_part_names_are_never_split_mid_word(
    page: Any, server: str, size: tuple[int, int]
) -> None:
    import httpx

    body = {"game": "foolsblade", "players": 3, "bots": {"1": "easy", "2": "easy"}}
    table_id = httpx.post(f"{server}/api/tables", json=body).json()["table"]
    cards = httpx.get(f"{server}/api/tables/{table_id}/cards").json()
    longest = {}  # per slot, the part whose name has the longest word
    for info in cards.values():
        if info.get("kind") == "part":
            word = max(len(w) for w in info["name"].split())
            if word > longest.get(info["part"], (0, ""))[0]:
                longest[info["part"]] = (word, info["id"])
    weapon = {part: card for part, (_, card) in longest.items()}
    view = {**FOOLSBLADE_VIEW, "weapons": [weapon, weapon, weapon], "hand": []}
    page.set_viewport_size({"width": size[0], "height": size[1]})
    blank_page(page, server)
    table = {"seats": [{"bot": None}, {"bot": "easy"}, {"bot": "easy"}], "title": "Fool's Blade"}
    with_names = DRAW.replace("cardInfo: () => null", "cardInfo: (id) => table.cards[id] || null")
    page.evaluate(with_names, [view, {**table, "cards": cards}])
    assert page.locator(".weapon .part .dname").first.inner_text() != "—"
    assert page.evaluate(SPLIT_WORDS) == []


def test_a_district_drawn_that_you_hold_already_is_marked_on_both_cards(
    page: Any, server: str
) -> None:
    state = parlour.load("citadels").new_game(4, seed=3)
    rng = Rng(3)
    while True:
        view = state.view(state.current_player)
        fresh = [d for d in view.get("drawn") or [] if d not in view["hand"]]
        if fresh:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    twin = fresh[0]
    view["hand"] = [*view["hand"], twin]
    blank_page(page, server)
    page.evaluate(DRAW, [view, {"seats": [{}, {}, {}, {}]}])
    marked = page.locator(f"#hand .duplicate[data-card='{twin}']")
    assert marked.count() == 2
    assert sorted(marked.locator(".dup-note").all_text_contents()) == ["drawn too", "in hand"]


def test_the_forges_offer_to_you_sits_in_the_dock_above_your_hand(page: Any, server: str) -> None:
    blank_page(page, server)
    table = {"seats": [{"bot": None}, {"bot": "easy"}, {"bot": "hard"}], "title": "Fool's Blade"}
    offered = {**FOOLSBLADE_VIEW, "forge": ["oak-guard", "bone-handle"]}
    page.evaluate(DRAW, [offered, table])
    assert page.locator("#hand #forge [data-card='bone-handle']").count() == 1
    # Offered to another seat, the Forge stays on the table for everyone to see.
    theirs = {**offered, "current_player": 1}
    page.evaluate(DRAW, [theirs, table])
    assert page.locator("#hand #forge").count() == 0
    assert page.locator("#forge [data-card='bone-handle']").count() == 1


def test_nothing_covers_the_line_under_characters(server: str, contexts: Any) -> None:
    # The Assassin's targets are moves, so their cards carry an "i" button, which stood over
    # the facts line under the "Characters" heading.
    state = parlour.load("citadels").new_game(4, seed=3)
    rng = Rng(3)
    while not any(a.text.startswith("assassinate") for a in state.legal_actions()):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    table = real_table(server, "citadels", {"0": "Ana"})
    for size in SIZES:
        page = contexts(size)
        show(page, server, table, state.view(state.current_player))
        page.wait_for_selector("#characters .info-dot")
        line = page.locator("#characters > .muted").bounding_box()
        dots = [dot.bounding_box() for dot in page.locator("#characters .info-dot").all()]
        assert line is not None and dots and all(dot is not None for dot in dots)
        assert min(dot["y"] for dot in dots) >= line["y"] + line["height"]  # type: ignore[index]
