"""The bodies of the API's requests as pydantic models (docs/server.md, "HTTP API").

A bad field is refused with a ``PydanticCustomError`` of type ``REFUSED`` whose message is
the sentence the client gets (``errors.refused`` answers it with status 400). The fields of
``TableRequest`` are checked in order, so the first bad one names the problem; a bad "your
tables" or rematch request gets the one sentence that says what to send.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    Field,
    ModelWrapValidatorHandler,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .. import game_names, load
from ..bots import names as bot_names
from ..core import GameError
from .community import clocks
from .hub import RefusedError
from .people import check_name, seat_number

__all__ = [
    "MAX_BOTS_AFTER",
    "MAX_SEATS",
    "MAX_SEED",
    "REFUSED",
    "BotRequest",
    "ClaimRequest",
    "MatchRequest",
    "RematchRequest",
    "SeatAsked",
    "SeatsRequest",
    "SitRequest",
    "TableRequest",
    "bot_kind",
]

# The type of the errors whose message is the sentence sent back.
REFUSED = "refused"
# The largest seed accepted, so it fits the database's 64-bit signed integer.
MAX_SEED = 2**63 - 1
# The most seats one "your tables" request may ask about.
MAX_SEATS = 100
# The longest wait before bots fill a "Play now" table, in seconds (the lobby offers 30 and
# 120; any number up to this is taken, so tests and operators may use others).
MAX_BOTS_AFTER = 600


def _json_object(data: Any, refusal: str) -> dict[str, Any]:
    """``data`` if the body was a JSON object; refused with ``refusal`` if it is another
    JSON value, and as no JSON if it came as another type than application/json."""
    if isinstance(data, bytes):
        raise _refuse("the body must be JSON")
    if not isinstance(data, dict):
        raise _refuse(refusal)
    return data


def _game_name(value: Any) -> str:
    """The game's name for a ``"game"`` field (any alias); refused if there is no such game."""
    if not isinstance(value, str):
        raise _refuse(f'"game" must be one of: {", ".join(game_names())}')
    try:
        return load(value).name
    except GameError as error:
        raise _refuse(str(error)) from None


def _refuse(message: str) -> PydanticCustomError:
    # Without a context, the message is taken as it is: its braces are no placeholders.
    return PydanticCustomError(REFUSED, message)


def _true_or_false(value: Any, field: str) -> bool:
    """``value`` of a yes-or-no field of a request, else a refusal naming ``field``."""
    if not isinstance(value, bool):
        raise _refuse(f'"{field}" must be true or false')
    return value


def _seat(key: Any, players: int | None, what: str) -> int:
    """A seat number from a key of ``"bots"`` or ``"names"`` (``players``: the table's size,
    ``None`` if the request has none that is valid)."""
    try:
        seat = int(key)
    except ValueError:
        raise _refuse(f'"{what}" keys are seat numbers, not {key!r}') from None
    if players is not None and not 0 <= seat < players:
        raise _refuse(f"seat {seat_number(seat)} is not a seat of a {players}-player table")
    return seat


class TableRequest(BaseModel):
    """``POST /api/tables``: the game, players (default: the game's fewest), options, seed
    (default: drawn at random), the bots by seat, the names of people's seats, whether hints
    are on (``None``: on where one person plays against bots), the seat the signed-in
    person sits at, the seats left open for anyone, whether the game is rated, its
    clock (``community.clocks``; ``None``: none), and whether it is listed (``public``)."""

    game: str = Field(default=None, validate_default=True, examples=["fearless"])
    players: int = Field(default=None, validate_default=True, examples=[3])
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    # Each seat's bot as asked: a built-in bot or an agent the server was started with,
    # which only the server knows (``bot_seats``).
    bots: dict[int, str] = Field(default_factory=dict, examples=[{"2": "easy"}])
    names: dict[int, str] = Field(default_factory=dict, examples=[{"0": "Ana"}])
    hints: bool | None = None
    sit: int | None = Field(default=None, examples=[0])
    open: list[int] = Field(default_factory=list, examples=[[1]])
    rated: bool = False
    clock: clocks.ClockSettings | None = Field(default=None, examples=[{"per_move": 86400}])
    # Listed in the lobby? ``None``: public if it has open seats, else private (``listed``).
    public: bool | None = None

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        return _json_object(data, "the request must be a JSON object")

    @field_validator("public", mode="before")
    @classmethod
    def _public(cls, value: Any) -> Any:
        return None if value is None else _true_or_false(value, "public")

    @property
    def listed(self) -> bool:
        """Whether the table is public (API.md, "Private tables"): as asked, else only a
        table with open seats, which the lobby must list for anyone to take them."""
        return bool(self.open) if self.public is None else self.public

    @field_validator("game", mode="before")
    @classmethod
    def _game(cls, value: Any) -> str:
        return _game_name(value)

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, value: Any, info: ValidationInfo) -> Any:
        if value is None:
            game = info.data.get("game")
            # Without a valid game there is nothing to default to: that error comes first.
            return load(game).min_players if game is not None else 0
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse('"players" must be a whole number')
        return value

    @field_validator("options", mode="before")
    @classmethod
    def _options(cls, value: Any) -> Any:
        if not value:
            return {}
        if not isinstance(value, dict):
            raise _refuse('"options" must be an object of option names and values')
        return value

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, value: Any) -> Any:
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED
        ):
            raise _refuse(f'"seed" must be a whole number from 0 to {MAX_SEED}')
        return value

    @field_validator("bots", mode="before")
    @classmethod
    def _bots(cls, value: Any, info: ValidationInfo) -> dict[int, str]:
        if not value:
            return {}
        if not isinstance(value, dict):
            raise _refuse('"bots" must be an object: {"<seat>": "<bot name>"}')
        bots: dict[int, str] = {}
        for key, name in value.items():
            seat = _seat(key, info.data.get("players"), "bots")
            if not isinstance(name, str):
                raise _refuse(_no_bot(name))
            bots[seat] = name
        return bots

    @field_validator("names", mode="before")
    @classmethod
    def _names(cls, value: Any, info: ValidationInfo) -> dict[int, str]:
        if not value:
            return {}
        if not isinstance(value, dict):
            raise _refuse('"names" must be an object: {"<seat>": "<name>"}')
        bots = info.data.get("bots", {})
        names: dict[int, str] = {}
        for key, raw in value.items():
            seat = _seat(key, info.data.get("players"), "names")
            if seat in bots:
                raise _refuse(
                    f"seat {seat_number(seat)} is a bot's, and bots are named by their level"
                )
            try:
                names[seat] = check_name(raw)
            except ValueError as error:
                raise _refuse(f"the name of seat {seat_number(seat)}: {error}") from None
        return names

    @field_validator("hints", mode="before")
    @classmethod
    def _hints(cls, value: Any) -> Any:
        if value is not None and not isinstance(value, bool):
            raise _refuse('"hints" must be true or false')
        return value

    @field_validator("sit", mode="before")
    @classmethod
    def _sit(cls, value: Any, info: ValidationInfo) -> Any:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse('"sit" must be the number of the seat you take')
        return _person_seat(value, info, "sit")

    @field_validator("open", mode="before")
    @classmethod
    def _open(cls, value: Any, info: ValidationInfo) -> list[int]:
        if not value:
            return []
        if not isinstance(value, list) or any(
            isinstance(seat, bool) or not isinstance(seat, int) for seat in value
        ):
            raise _refuse('"open" must be a list of seat numbers: [1, 2]')
        if len(set(value)) != len(value):
            raise _refuse('"open" names a seat twice')
        for seat in value:
            _person_seat(seat, info, "open")
            if seat == info.data.get("sit"):
                raise _refuse(f"seat {seat_number(seat)} is the one you sit at, so it is not open")
            if seat in info.data.get("names", {}):
                raise _refuse(f"seat {seat_number(seat)} is open: whoever takes it names it")
        return list(value)

    @field_validator("rated", mode="before")
    @classmethod
    def _rated(cls, value: Any) -> Any:
        return False if value is None else _true_or_false(value, "rated")

    @field_validator("clock", mode="before")
    @classmethod
    def _clock(cls, value: Any) -> Any:
        if isinstance(value, clocks.ClockSettings):
            return value
        try:
            return clocks.parse(value)
        except ValueError as error:
            raise _refuse(str(error)) from None

    @model_validator(mode="after")
    def _sit_unnamed(self) -> TableRequest:
        if self.sit is not None and self.sit in self.names:
            raise _refuse(f"seat {seat_number(self.sit)} is yours: it is named by your username")
        return self

    def bot_seats(self, agents: tuple[str, ...]) -> dict[int, str]:
        """Each bot seat's bot as the hub takes it: a built-in bot (any case, spaces
        trimmed) or one of ``agents``; ``RefusedError`` names the first that is neither."""
        return {seat: bot_kind(name, agents) for seat, name in self.bots.items()}


def _person_seat(seat: int, info: ValidationInfo, what: str) -> int:
    """``seat`` if it is a seat of the table and not a bot's (for ``"sit"`` and ``"open"``)."""
    players = info.data.get("players")
    if players is not None and not 0 <= seat < players:
        raise _refuse(
            f'"{what}": seat {seat_number(seat)} is not a seat of a {players}-player table'
        )
    if seat in info.data.get("bots", {}):
        raise _refuse(f"\"{what}\": seat {seat_number(seat)} is a bot's, not a person's")
    return seat


def bot_kind(name: str, agents: tuple[str, ...]) -> str:
    """The bot ``name`` as the hub takes it: a built-in bot (any case, spaces trimmed) or
    one of ``agents``; ``RefusedError`` if it is neither."""
    if name.strip() in agents:
        # An agent the operator started the server with (`parlour serve --agent`); no
        # request may name any other program, as that would run it here.
        return name.strip()
    if name.strip().lower() in bot_names():
        return name.strip().lower()
    raise RefusedError(_no_bot(name))


def _no_bot(name: Any) -> str:
    return f"there is no bot {name!r}; the bots are: {', '.join(bot_names())}"


class _OneSentence(BaseModel):
    """A request that, whatever is wrong with it, is refused with the one ``SENTENCE`` that
    says what to send."""

    SENTENCE: ClassVar[str]

    @model_validator(mode="wrap")
    @classmethod
    def _as_one_sentence(cls, data: Any, handler: ModelWrapValidatorHandler[Any]) -> Any:
        try:
            return handler(data)
        except ValidationError:
            raise _refuse(cls.SENTENCE) from None


class SeatAsked(BaseModel):
    """A seat link the browser holds: its table and token."""

    table: Annotated[str, BeforeValidator(str)]
    token: Annotated[str, BeforeValidator(str)]


class SeatsRequest(_OneSentence):
    """``POST /api/seats``: the seats a browser holds, at most ``MAX_SEATS``."""

    SENTENCE = f'send {{"seats": [{{"table": id, "token": token}}, ...]}}, at most {MAX_SEATS}'

    seats: list[SeatAsked] = Field(max_length=MAX_SEATS)


class RematchRequest(_OneSentence):
    """``POST /api/tables/{id}/rematch``: the token of a seat of the finished table."""

    SENTENCE = 'send {"token": "<seat token>"}'

    token: StrictStr


class ClaimRequest(RematchRequest):
    """``POST /api/tables/{id}/claim``: the token of the guest's seat at the finished table."""


class SitRequest(_OneSentence):
    """``POST /api/tables/{id}/sit``: the open seat to take, and a guest's name (a signed-in
    person's seat is named by the username)."""

    SENTENCE = 'send {"seat": n}, or as a guest {"seat": n, "name": "<your name>"}'

    seat: StrictInt
    name: StrictStr | None = None


class BotRequest(_OneSentence):
    """``POST /api/tables/{id}/seats/{n}/bot``: the bot to seat at an open seat."""

    SENTENCE = 'send {"bot": "<bot name>"}, for example {"bot": "medium"}'

    bot: StrictStr


class MatchRequest(BaseModel):
    """``POST /api/match``: the game, the table size (``None``: any), whether the game is
    rated, the seconds after which bots fill the table (``None``: never), and a guest's
    name (a signed-in person is named by the username)."""

    game: str = Field(default=None, validate_default=True, examples=["fearless"])
    players: int | None = Field(default=None, examples=[3])
    rated: bool = False
    bots_after: float | None = Field(default=None, examples=[30])
    name: str | None = Field(default=None, examples=["Ana"])

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        return _json_object(data, 'send a JSON object: {"game": "<game>", "players": n or null}')

    @field_validator("game", mode="before")
    @classmethod
    def _game(cls, value: Any) -> str:
        return _game_name(value)

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, value: Any, info: ValidationInfo) -> Any:
        if value is None:
            return None
        game = info.data.get("game")
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse('"players" must be a whole number, or null for any table size')
        if game is not None:
            found = load(game)
            if not found.min_players <= value <= found.max_players:
                raise _refuse(
                    f"{found.title} takes {found.min_players} to {found.max_players} players, "
                    f"not {value}"
                )
        return value

    @field_validator("rated", mode="before")
    @classmethod
    def _rated(cls, value: Any) -> Any:
        return False if value is None else _true_or_false(value, "rated")

    @field_validator("bots_after", mode="before")
    @classmethod
    def _bots_after(cls, value: Any) -> Any:
        if value is None:
            return None
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not 0 <= value <= MAX_BOTS_AFTER
        ):
            raise _refuse(
                f'"bots_after" must be null (never) or seconds from 0 to {MAX_BOTS_AFTER}, '
                "for example 30 or 120"
            )
        return float(value)

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        if value is None:
            return None
        try:
            return check_name(value)
        except ValueError as error:
            raise _refuse(f"your name: {error}") from None
