"""What happens in Fool's Blade, as events; hidden cards are private to the seat that sees them.

Cards are named by id in the fields and by name in the sentences: the state gives each event
the names of its own card table (``CardEvent.card_names``) as it happens, so two card sets in
one process never name each other's cards. An event that a card's effect caused names that
card in ``cause`` (set by the effect's dispatch, ``dispatch.run_effect``), and its sentence
says so ("by Leaky Pockets"); ``cause_kind`` is that card's kind where the sentence says it
(a roll from Gear), ``condition`` the condition that let it happen (a pack's summons).
Seats are numbers in the fields, so that the server can name them in the sentences.
Everything laid face up
(played cards, trash piles, weapons, gear, stashes, curses, monsters, the Forge) is public;
cards drawn into a hand, stolen from a hand or given are private to the seats that see them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from ...core import Event, event, player_name, seats_named


class CardEvent(Event):
    """A Fool's Blade event: its sentence names cards by ``card_names``, the names of the
    table it happened at (set by the state; a card it does not name is said by its id)."""

    # Not a field: the names are the table's, not the event's data (nor its JSON).
    __slots__ = ("card_names",)
    card_names: Mapping[str, str]

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` sees it, naming cards as this one does."""
        shown = super().for_seat(seat)
        if shown is not self and isinstance(shown, CardEvent):
            names = getattr(self, "card_names", None)
            if names is not None:
                shown.card_names = names
        return shown

    def _card(self, card: str) -> str:
        names = getattr(self, "card_names", None)
        return card if names is None else names.get(card, card)

    def _cards(self, cards: Sequence[str] | None) -> str:
        if cards is None:
            return "cards"
        if not cards:
            return "nothing"
        named = [self._card(card) for card in cards]
        return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


class Caused(CardEvent):
    """An event that a card's effect may tell: ``cause`` names the card (None: the rules)."""

    __slots__ = ()
    cause: str | None  # each subclass's own field, defaulting to None

    def caused_by(self, card: str, kind: str) -> None:
        """Name the card (of kind ``kind``) whose effect told this event."""
        # The field is each subclass's slot, which the base cannot declare.
        setattr(self, "cause", card)  # noqa: B010


class KindSaid(Caused):
    """A caused event whose sentence also says the kind of a card in play (a roll of Gear)."""

    __slots__ = ()
    cause_kind: str | None  # each subclass's own field, defaulting to None

    def caused_by(self, card: str, kind: str) -> None:
        """Name the card whose effect told this event, and its kind."""
        super().caused_by(card, kind)
        setattr(self, "cause_kind", kind)  # noqa: B010


def _by(how: str, seat: int | None, names: Sequence[str] | None) -> str:
    return how if seat is None else f"{how} {player_name(seat, names)}"


# How a sentence names the kind of card in play whose effect it was (``cause_kind``).
CAUSE_KINDS = {"gear": "Gear", "part": "weapon part", "class": "class", "curse": "Curse"}


def _how_caused(
    event: CardEvent,
    how: str,
    by: int | None,
    seat: int | None,
    cause: str | None,
    names: Sequence[str] | None,
) -> str:
    """A card's move in words ("broken by Player 2"), with the card whose effect it was: a
    seat made to act by a card ("broken by" itself) is named by the card instead."""
    if cause is None:
        return _by(how, by, names)
    card = event._card(cause)
    if by is None or by == seat:
        return f"{how} {card}" if how.endswith(" by") else f"{how} by {card}"
    return f"{_by(how, by, names)}, with {card}"


def _caused(event: CardEvent, text: str, cause: str | None, kind: str | None = None) -> str:
    """A sentence with the card whose effect it was, if any ("..., by Quick Hands")."""
    if cause is None:
        return text
    what = CAUSE_KINDS.get(kind or "")
    return f"{text}, by {what + ' ' if what else ''}{event._card(cause)}"


@event
class RolledOff(CardEvent):
    """The d20 roll-off: each round's rolls and the first player."""

    kind: ClassVar[str] = "roll_off"
    public = "all"
    rolls: list[list[int]]
    first_player: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.first_player, names)} wins the d20 roll-off and goes first"


@event
class ClassChosen(CardEvent):
    """A seat takes a class."""

    kind: ClassVar[str] = "class"
    public = "all"
    seat: int
    card: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} plays as the {self._card(self.card)}"


@event
class HandleFound(CardEvent):
    """Setup: the Anvil deck is revealed until a Handle turns up for a seat."""

    kind: ClassVar[str] = "handle"
    public = "all"
    seat: int
    card: str
    revealed: list[str]

    def render(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{player_name(self.seat, names)} receives the {self._card(self.card)} "
            "from the Anvil deck"
        )


@event
class Drew(Caused):
    """A seat draws cards into its hand; which ones only it sees."""

    kind: ClassVar[str] = "draw"
    public = ("seat", "deck", "count", "cause")
    shown_to = "seat"
    seat: int
    deck: str
    count: int
    cards: list[str] | None
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        what = f"{self.count} {self.deck.title()} card" + ("" if self.count == 1 else "s")
        shown = "" if self.cards is None else f" ({self._cards(self.cards)})"
        return _caused(self, f"{player_name(self.seat, names)} draws {what}{shown}", self.cause)


@event
class Gained(Caused):
    """Cards go face up to a seat's Stash, curses or hand (from Loot, a reveal, a steal...).

    ``where`` is the place (``stash``, ``curses``, ``hand``); ``how`` is the sentence's words,
    never read by code: ``deck`` names the deck the cards were drawn from (``loot``), if any."""

    kind: ClassVar[str] = "gain"
    public = "all"
    seat: int
    cards: list[str]
    where: str
    how: str
    by: int | None = None  # the seat ``how`` names ("stolen from" it), if any
    deck: str | None = None
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        how = _how_caused(self, self.how, self.by, self.seat, self.cause, names)
        return f"{who} puts {self._cards(self.cards)} in {self.where} ({how})"


@event
class Moved(Caused):
    """Cards move between public places (trash, deck bottoms, out of the game)."""

    kind: ClassVar[str] = "move"
    public = "all"
    seat: int | None
    cards: list[str]
    where: str
    how: str
    by: int | None = None  # the seat ``how`` names ("broken by" it), if any
    cause: str | None = None
    condition: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        who = "" if self.seat is None else f"{player_name(self.seat, names)}: "
        how = _how_caused(self, self.how, self.by, self.seat, self.cause, names)
        if self.condition is not None:
            how += f", as {self.condition}"
        return f"{who}{self._cards(self.cards)} to {self.where} ({how})"


@event
class HandCardMoved(Caused):
    """A hidden hand card changes hands (stolen at random or given); only the two seats see it."""

    kind: ClassVar[str] = "hand_card"
    public = ("seat", "other", "how", "cause")
    shown_to = "seat"
    seat: int
    other: int
    how: str
    card: str | None
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        card = "a card" if self.card is None else self._card(self.card)
        verb = {"stole": "steals", "gave": "gives", "lost": "loses"}.get(self.how, "receives")
        link = {"stole": "from", "gave": "to", "lost": "to"}.get(self.how, "from")
        seat, other = player_name(self.seat, names), player_name(self.other, names)
        return _caused(self, f"{seat} {verb} {card} {link} {other}", self.cause)


@event
class TurnStarted(CardEvent):
    """A seat's turn begins (or is skipped)."""

    kind: ClassVar[str] = "turn"
    public = "all"
    seat: int
    turn: int
    skipped: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        if self.skipped:
            return f"Turn {self.turn}: {player_name(self.seat, names)} skips this turn"
        return f"Turn {self.turn}: {player_name(self.seat, names)} begins at the Tavern"


@event
class Played(CardEvent):
    """A seat plays a card from hand, or uses its class ability (``ability``)."""

    kind: ClassVar[str] = "play"
    public = "all"
    seat: int
    card: str
    target: int | None
    ability: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        verb = "uses the ability of" if self.ability else "plays"
        on = "" if self.target is None else f" on {player_name(self.target, names)}"
        return f"{player_name(self.seat, names)} {verb} {self._card(self.card)}{on}"


@event
class Negated(CardEvent):
    """A played card or ability is cancelled."""

    kind: ClassVar[str] = "negate"
    public = "all"
    seat: int
    card: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)}'s {self._card(self.card)} is negated"


@event
class Equipped(CardEvent):
    """A seat assembles a weapon part or equips gear; a replaced part goes back."""

    kind: ClassVar[str] = "equip"
    public = "all"
    seat: int
    card: str
    replaced: str | None

    def render(self, names: Sequence[str] | None = None) -> str:
        back = "" if self.replaced is None else f", taking back {self._card(self.replaced)}"
        return f"{player_name(self.seat, names)} equips {self._card(self.card)}{back}"


@event
class Destination(CardEvent):
    """A seat chooses where to go: the Forge, Questing or a Monster deck.

    ``where`` is the sentence's words; ``place`` is what code reads: ``forge``, ``quest`` or
    the Monster deck's name, as the actions say it."""

    kind: ClassVar[str] = "destination"
    public = "all"
    seat: int
    where: str
    place: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} goes to {self.where}"


@event
class ForgeShown(CardEvent):
    """The Forge shows three Anvil cards to everyone."""

    kind: ClassVar[str] = "forge"
    public = "all"
    seat: int
    cards: list[str]

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"The Forge shows {self._cards(self.cards)} to {player_name(self.seat, names)}"


@event
class Revealed(Caused):
    """Cards revealed from a deck; which were kept by the seat."""

    kind: ClassVar[str] = "reveal"
    public = "all"
    seat: int
    deck: str
    cards: list[str]
    kept: list[str]
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        text = (
            f"{player_name(self.seat, names)} reveals {self._cards(self.cards)} from the "
            f"{self.deck.title()} deck and keeps {self._cards(self.kept)}"
        )
        return _caused(self, text, self.cause)


@event
class SoughtNothing(Caused):
    """A `seek` found no missing part of the seat's weapon set in the Anvil deck (``set``:
    the set sought, "" for an empty weapon, which has none)."""

    kind: ClassVar[str] = "seek_none"
    public = "all"
    seat: int
    count: int
    set: str
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        who = player_name(self.seat, names)
        if not self.set:
            return _caused(self, f"{who} seeks parts but has no weapon set to seek", self.cause)
        parts = "a missing part" if self.count == 1 else f"{self.count} missing parts"
        text = f"{who} seeks {parts} of the {self.set.title()} set: none in the Anvil deck"
        return _caused(self, text, self.cause)


@event
class ApproachRevealed(CardEvent):
    """An Approach card turns up: hunting stops until its Boss is over."""

    kind: ClassVar[str] = "approach"
    public = "all"
    seat: int
    card: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)} reveals {self._card(self.card)}: a Boss approaches"


@event
class BossArrived(CardEvent):
    """The Boss cards of an Approach are gathered."""

    kind: ClassVar[str] = "boss"
    public = "all"
    approach: str
    cards: list[str]
    strikes: int

    def render(self, names: Sequence[str] | None = None) -> str:
        boss = self._cards(self.cards)
        return f"The Boss of {self._card(self.approach)} arrives: {boss} ({self.strikes} strikes)"


@event
class CombatStarted(CardEvent):
    """Combat begins: the monster, its element and its strength after modifiers."""

    kind: ClassVar[str] = "combat"
    public = "all"
    seat: int
    monster: str
    element: str
    strength: int
    added: list[str]  # each modifier's roll ("d6 (4)") or the card it added
    modifiers: list[str] | None = None  # the monster's modifiers, in the order of ``added``

    def render(self, names: Sequence[str] | None = None) -> str:
        added = [self._card(card) for card in self.added]
        if self.modifiers is not None and len(self.modifiers) == len(added):
            added = [
                text if modifier[0] == "d" else f"{text}, called by its {modifier} modifier"
                for modifier, text in zip(self.modifiers, added, strict=True)
            ]
        extra = f" (with {' and '.join(added)})" if added else ""
        return (
            f"{player_name(self.seat, names)} fights {self._card(self.monster)}, "
            f"{self.element} strength {self.strength}{extra}"
        )


@event
class Rolled(KindSaid):
    """Dice rolled, for a seat or a monster."""

    kind: ClassVar[str] = "roll"
    public = "all"
    seat: int
    dice: list[str]
    total: int
    monster: bool
    cause: str | None = None
    cause_kind: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        whose = "the monster" if self.monster else player_name(self.seat, names)
        rolled = _caused(
            self, f"{' + '.join(self.dice)} rolled for {whose}", self.cause, self.cause_kind
        )
        return f"{rolled}: {self.total}"


@event
class StrengthChanged(KindSaid):
    """A seat (or the monster fought) gains or loses strength for a while."""

    kind: ClassVar[str] = "strength"
    public = "all"
    seat: int | None
    amount: int
    element: str
    duration: str
    cause: str | None = None
    cause_kind: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        who = "The monster" if self.seat is None else player_name(self.seat, names)
        element = "" if self.element == "neutral" else f" {self.element}"
        text = f"{who} {self.amount:+d}{element} strength this {self.duration}"
        return _caused(self, text, self.cause, self.cause_kind)


@event
class LimitChanged(Caused):
    """A seat's hand limit changes."""

    kind: ClassVar[str] = "hand_limit"
    public = "all"
    seat: int
    amount: int
    duration: str
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        text = f"{player_name(self.seat, names)}'s hand limit {self.amount:+d} ({self.duration})"
        return _caused(self, text, self.cause)


@event
class TurnsSkipped(Caused):
    """A seat will skip turns."""

    kind: ClassVar[str] = "skip"
    public = "all"
    seat: int
    count: int
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        text = f"{player_name(self.seat, names)} will skip {self.count} turn(s)"
        return _caused(self, text, self.cause)


@event
class CombatEnded(CardEvent):
    """A combat is resolved: both strengths and the outcome ("win", "lose" or "draw"; an
    escape, the monster sent under its deck during the combat, counts as a draw)."""

    kind: ClassVar[str] = "combat_end"
    public = "all"
    seat: int
    monster: str
    monster_strength: int
    player_strength: int
    outcome: str
    escaped: bool = False

    def render(self, names: Sequence[str] | None = None) -> str:
        outcome = "escaped, no outcome" if self.escaped else self.outcome
        return (
            f"{player_name(self.seat, names)} ({self.player_strength}) against "
            f"{self._card(self.monster)} ({self.monster_strength}): {outcome}"
        )


@event
class Fought(Caused):
    """Two seats fight weapon against weapon."""

    kind: ClassVar[str] = "fight"
    public = "all"
    seat: int
    other: int
    strength: int
    other_strength: int
    winner: int | None
    cause: str | None = None

    def render(self, names: Sequence[str] | None = None) -> str:
        result = "a draw" if self.winner is None else f"{player_name(self.winner, names)} wins"
        fights = _caused(
            self,
            f"{player_name(self.seat, names)} ({self.strength}) fights "
            f"{player_name(self.other, names)} ({self.other_strength})",
            self.cause,
        )
        return f"{fights}: {result}"


@event
class Struck(CardEvent):
    """A Boss card won: one strike more."""

    kind: ClassVar[str] = "strike"
    public = "all"
    strikes: int
    limit: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"Strike {self.strikes} of {self.limit} against the players"


@event
class BossOver(CardEvent):
    """A Boss encounter ends: beaten by the players or victorious."""

    kind: ClassVar[str] = "boss_over"
    public = "all"
    approach: str
    players_won: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        outcome = "is defeated" if self.players_won else "prevails"
        return f"The Boss of {self._card(self.approach)} {outcome}"


@event
class Ignored(CardEvent):
    """A Lose effect that cannot be resolved is ignored (the FAQ)."""

    kind: ClassVar[str] = "ignored"
    public = "all"
    seat: int
    card: str

    def render(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{player_name(self.seat, names)} cannot resolve the Lose effect of "
            f"{self._card(self.card)}"
        )


@event
class DidNothing(CardEvent):
    """A card or ability took effect but changed nothing on the table (a roll too low, a
    fight drawn, a condition that failed)."""

    kind: ClassVar[str] = "no_effect"
    public = "all"
    seat: int
    card: str
    ability: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        what = f"the ability of {self._card(self.card)}" if self.ability else self._card(self.card)
        return f"{player_name(self.seat, names)}: {what} does nothing"


@event
class Reshuffled(CardEvent):
    """A deck ran out and its trash pile was shuffled into a new deck."""

    kind: ClassVar[str] = "reshuffle"
    public = "all"
    deck: str
    count: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"The {self.deck.title()} trash ({self.count} cards) is shuffled into a new deck"


@event
class TurnEnded(CardEvent):
    """A seat's turn ends."""

    kind: ClassVar[str] = "turn_end"
    public = "all"
    seat: int

    def render(self, names: Sequence[str] | None = None) -> str:
        return f"{player_name(self.seat, names)}'s turn ends"


@event
class GameEnded(CardEvent):
    """The game ends (the Loot deck empty at a turn's end, or the turn cap): scores, winners."""

    kind: ClassVar[str] = "game_end"
    public = "all"
    scores: list[int]
    winners: list[int]
    capped: bool

    def render(self, names: Sequence[str] | None = None) -> str:
        who = seats_named(self.winners, names)
        why = "the turn cap is reached" if self.capped else "the Loot deck is empty"
        return f"The game ends ({why}); scores {self.scores}; {who} win(s)"
