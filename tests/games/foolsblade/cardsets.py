"""Card sets written by the tests, loaded through the `cards` option.

``NUMBERS`` is numbers only (no effect at all); ``FEATURES`` has a card for every primitive
and rule the engine tests look at; ``RULES`` adds the cards of the rules fixed later.
"""

from __future__ import annotations

from pathlib import Path

NUMBERS = """
[[card]]
id = "c1"
name = "C1"
kind = "class"
[[card]]
id = "c2"
name = "C2"
kind = "class"
[[card]]
id = "c3"
name = "C3"
kind = "class"
[[card]]
id = "c4"
name = "C4"
kind = "class"
[[card]]
id = "c5"
name = "C5"
kind = "class"
[[card]]
id = "c6"
name = "C6"
kind = "class"

[[card]]
id = "iron-blade"
name = "Iron Blade"
kind = "part"
part = "blade"
set = "iron"
element = "neutral"
strength = 3
copies = 3
[[card]]
id = "iron-guard"
name = "Iron Guard"
kind = "part"
part = "guard"
set = "iron"
element = "fire"
strength = 2
copies = 3
[[card]]
id = "iron-handle"
name = "Iron Handle"
kind = "part"
part = "handle"
set = "iron"
element = "water"
strength = 1
copies = 8
[[card]]
id = "iron-pommel"
name = "Iron Pommel"
kind = "part"
part = "pommel"
set = "iron"
element = "plant"
strength = 1
copies = 3

[[card]]
id = "rat"
name = "Rat"
kind = "monster"
deck = "forest"
element = "neutral"
strength = 2
value = 1
copies = 6
[[card]]
id = "bat"
name = "Bat"
kind = "monster"
deck = "cavern"
element = "fire"
strength = 5
value = 3
copies = 6
[[card]]
id = "ogre"
name = "Ogre"
kind = "monster"
deck = "dungeon"
element = "water"
strength = 8
value = 5
modifiers = ["d6"]
copies = 6

[[card]]
id = "ale"
name = "Ale"
kind = "tavern"
copies = 10
[[card]]
id = "rope"
name = "Rope"
kind = "action"
copies = 6
[[card]]
id = "boots"
name = "Boots"
kind = "gear"
copies = 4
[[card]]
id = "gloom"
name = "Gloom"
kind = "curse"
longevity = 2
copies = 2
[[card]]
id = "coin"
name = "Coin"
kind = "treasure"
value = 2
copies = 8
"""

FEATURES = (
    NUMBERS
    + """
[[card]]
id = "thief"
name = "Thief"
kind = "class"
effects = [{ do = "hand_limit", amount = 1 }]
[card.ability]
cost = [{ do = "discard", deck = "tavern", count = 2 }]
effects = [{ do = "steal", who = "chosen", from = "hand" }]
[[card]]
id = "warden"
name = "Warden"
kind = "class"
ability = { turn = "others", effects = [{ do = "negate" }] }

[[card]]
id = "ember-blade"
name = "Ember Blade"
kind = "part"
part = "blade"
set = "ember"
element = "fire"
strength = 4
set_bonus = [{ do = "strength", amount = 5 }]
[[card]]
id = "ember-guard"
name = "Ember Guard"
kind = "part"
part = "guard"
set = "ember"
element = "fire"
strength = 2
effects = [{ do = "strength", amount = 2, if = "element == plant" }]
[[card]]
id = "ember-handle"
name = "Ember Handle"
kind = "part"
part = "handle"
set = "ember"
element = "neutral"
strength = 1
[[card]]
id = "ember-pommel"
name = "Ember Pommel"
kind = "part"
part = "pommel"
set = "ember"
element = "fire"
strength = 1
effects = [{ do = "roll", dice = "d4", on = "combat" }]

[[card]]
id = "wolf"
name = "Wolf"
kind = "monster"
deck = "forest"
element = "plant"
strength = 3
value = 2
modifiers = ["monster"]
win = [{ do = "draw", deck = "loot" }]
lose = [{ do = "discard", kind = "gear" }]
[[card]]
id = "mimic"
name = "Mimic"
kind = "monster"
deck = "forest"
element = "neutral"
strength = 4
value = 2
modifiers = ["anvil", "loot"]
lose = [{ do = "bottom" }]
[[card]]
id = "forest-horn"
name = "Forest Horn"
kind = "approach"
deck = "forest"
strikes = 2
bosses = ["treant-arm", "treant-heart"]
win = [{ do = "draw", deck = "loot" }]
lose = [{ do = "discard", count = 1 }]
[[card]]
id = "treant-arm"
name = "Treant Arm"
kind = "boss"
element = "plant"
strength = 6
[[card]]
id = "treant-heart"
name = "Treant Heart"
kind = "boss"
element = "plant"
strength = 9
effects = [{ do = "strength", who = "fighter", amount = -1 }]

[[card]]
id = "brawl"
name = "Brawl"
kind = "tavern"
effects = [
  { do = "fight", who = "chosen", win = [{ do = "steal", who = "opponent", from = "hand" }] },
]
[[card]]
id = "toast"
name = "Toast"
kind = "tavern"
effects = [{ do = "draw", deck = "quest" }, { do = "hand_limit", amount = 1, duration = "turn" }]
copies = 2
[[card]]
id = "rage"
name = "Rage"
kind = "action"
when = "combat"
effects = [{ do = "strength", who = "fighter", amount = 3, element = "best" }]
copies = 2
[[card]]
id = "smoke"
name = "Smoke"
kind = "action"
when = "combat"
effects = [{ do = "bottom" }]
[[card]]
id = "no"
name = "No"
kind = "action"
effects = [{ do = "negate" }]
copies = 2
[[card]]
id = "hex"
name = "Hex"
kind = "action"
effects = [
  { do = "skip_turn", who = "chosen" },
  { do = "break", who = "chosen", from = "gear", random = true },
]
[[card]]
id = "gift"
name = "Gift"
kind = "action"
effects = [
  { do = "give", who = "others" },
  { do = "reveal", deck = "anvil", count = 2, keep = ["part"] },
]
[[card]]
id = "dice-cup"
name = "Dice Cup"
kind = "action"
effects = [
  { do = "roll", dice = ["d20"], add = false },
  { do = "draw", deck = "loot", if = "roll >= 15" },
]
[[card]]
id = "lantern"
name = "Lantern"
kind = "gear"
effects = [{ do = "strength", amount = 1 }, { do = "draw", deck = "tavern", on = "win" }]
[[card]]
id = "weight"
name = "Weight"
kind = "curse"
longevity = 2
effects = [{ do = "hand_limit", amount = -2 }, { do = "summon", deck = "forest", on = "combat" }]
[[card]]
id = "crown-blade"
name = "Crown Blade"
kind = "part"
part = "blade"
set = "crown"
element = "neutral"
strength = 6
legendary = true
"""
)

# Cards for the rules of issue 21, added to ``FEATURES``: a negating Tavern card, a Curse of
# one turn, a monster whose Lose effect gives a card to each other player, a Tavern card
# that steals from a chosen hand.
RULES = (
    FEATURES
    + """
[[card]]
id = "glare"
name = "Glare"
kind = "tavern"
effects = [{ do = "negate" }]
[[card]]
id = "errand"
name = "Errand"
kind = "curse"
longevity = 1
effects = [{ do = "strength", amount = -4 }]
[[card]]
id = "warband"
name = "Warband"
kind = "monster"
deck = "cavern"
element = "neutral"
strength = 30
value = 5
lose = [{ do = "give", who = "others", random = true }]
[[card]]
id = "pickpocket"
name = "Pickpocket"
kind = "tavern"
effects = [{ do = "steal", who = "chosen" }]
"""
)


def write_set(folder: Path, text: str) -> str:
    """Write a card set as one file in ``folder``; its path for the `cards` option."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards.toml").write_text(text)
    return str(folder)
