"""Citadels for an agent: a seat's view in plain English (the rules are the game's guide)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.views import seat_name
from ..games.citadels.cards import CHARACTERS, DISTRICTS, character_named, district_named
from ..games.citadels.scoring import COMPLETE, FIRST_COMPLETE_BONUS
from ..games.citadels.turn import RESCUE_PRICE
from ..games.citadels.views import CitadelsView, turn_done
from .text import game_over

__all__ = ["aliases", "describe"]

View = Mapping[str, Any]


def _points(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def _character(slug: str) -> str:
    found = character_named(slug)
    return slug if found is None else f"the {found.name} ({found.rank})"


def _district(slug: str, explain: bool = False) -> str:
    """A district as ``Manor (manor: yellow, cost 3)``, its ability too when ``explain``."""
    found = district_named(slug)
    if found is None:
        return slug
    points = f", scores {found.points}" if found.points != found.cost else ""
    text = f": {found.text.rstrip('.')}" if explain and found.text else ""
    return f"{found.name} ({found.slug}: {found.colour}, cost {found.cost}{points}){text}"


def _districts(slugs: Iterable[str], explain: bool = False) -> str:
    return "; ".join(_district(slug, explain) for slug in slugs) or "none"


def _characters(slugs: Iterable[str]) -> str:
    return ", ".join(_character(slug) for slug in slugs) or "none"


def describe(view: CitadelsView) -> list[str]:
    """The lines that say what the view's seat sees at a Citadels table."""
    lines = []
    if view["is_over"]:
        lines.append(game_over(view, f"round {view['round']}"))
    else:
        lines.append(
            f"Round {view['round']} (at most {view['max_rounds']}), {view['phase']} phase; "
            f"{view['deck_count']} districts in the deck. "
            f"{seat_name(view['crown'], view)} holds the crown."
        )
    holders: dict[int, list[str]] = {}
    for character, holder in view["revealed"].items():
        holders.setdefault(holder, []).append(character)
    for seat in range(int(view["players"])):
        city = view["cities"][seat]
        shown = f"; revealed {_characters(holders[seat])}" if seat in holders else ""
        lines.append(
            f"{seat_name(seat, view)}: {view['gold'][seat]} gold, "
            f"{view['hand_counts'][seat]} cards in hand, {_points(view['scores'][seat])}{shown}; "
            f"city of {len(city)}: {_districts(city)}."
        )
    if view["is_over"]:
        return lines
    round_facts = [f"face up (out of this round): {_characters(view['face_up'])}"]
    round_facts.append(f"{view['face_down_count']} face down, unseen")
    if view.get("face_down_known"):
        round_facts.append(f"you know these are face down: {_characters(view['face_down_known'])}")
    if view["called"] is not None:
        round_facts.append(f"called so far up to {_character(view['called'])}")
    if view["absent"]:
        round_facts.append(f"called but held by nobody: {_characters(view['absent'])}")
    if view["murdered"]:
        round_facts.append(f"murdered: {_character(view['murdered'])}")
    if view["robbed"]:
        round_facts.append(f"robbed: {_character(view['robbed'])}")
    lines.append("This round: " + "; ".join(round_facts) + ".")
    if view["last_round"]:
        lines.append(f"This is the last round: a city has {COMPLETE} districts.")
    if view["first_complete"] is not None:
        lines.append(
            f"{seat_name(view['first_complete'], view)} completed a city first "
            f"(+{FIRST_COMPLETE_BONUS})."
        )
    built = [
        f"{seat_name(s, view)} in round {r}"
        for s, r in enumerate(view.get("haunted_city_round", []))
        if r is not None
    ]
    if built:
        lines.append(
            "Haunted City built by "
            + ", ".join(built)
            + " (any colour for the five-colour bonus, unless built in the last round)."
        )
    step = view.get("draft_step")
    if step is not None:
        picker, verb = view["draft_order"][step]
        what = "chooses a character" if verb == "choose" else "puts a character face down"
        lines.append(
            f"Draft: {seat_name(picker, view)} {what} from the {view['pool_count']} passed on "
            f"(step {step + 1} of {len(view['draft_order'])})."
        )
    for offer in view.get("draft_offers", []):
        lines.append(
            f"At draft step {offer['step'] + 1} you were offered: "
            f"{_characters(offer['characters'])}."
        )
    turn = view["turn"]
    if turn is not None:
        done = turn_done(turn)
        lines.append(
            f"Now {seat_name(turn['seat'], view)} plays {_character(turn['character'])}, step "
            f"{turn['step']}; builds left {turn['builds_left']}"
            + (f"; {turn['keep_left']} drawn cards still to keep" if turn.get("keep_left") else "")
            + (f"; {', '.join(done)}" if done else "")
            + "."
        )
    if view["rescue"] is not None:
        rescue = view["rescue"]
        lines.append(
            f"{seat_name(rescue['seat'], view)} may pay {RESCUE_PRICE} gold to rescue "
            f"{_district(rescue['district'])} with the Graveyard."
        )
    if "characters" in view:
        mine = [
            f"{_character(slug)}: {found.text.rstrip('.')}"
            for slug in view["characters"]
            if (found := character_named(slug)) is not None
        ]
        lines.append("Your characters this round: " + ("; ".join(mine) or "none yet") + ".")
    if view.get("drawn"):
        lines.append("You drew, choose what to keep: " + _districts(view["drawn"], True) + ".")
    if view.get("aside"):
        lines.append("Going under the deck: " + _districts(view["aside"]) + ".")
    if "hand" in view:
        lines.append("Your hand: " + _districts(view["hand"], True) + ".")
    return lines


def aliases(view: View) -> dict[str, str]:
    """Names a player may write for a card, lowercase, each with its slug in action texts."""
    names = {d.name.lower(): d.slug for d in DISTRICTS}
    for c in CHARACTERS:
        names[c.name.lower()] = c.slug
        names[f"the {c.name.lower()}"] = c.slug
        names[c.german.lower()] = c.slug
    for d in DISTRICTS:
        if d.german:
            names[d.german.lower()] = d.slug
    return names
