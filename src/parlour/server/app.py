"""The FastAPI application: the lobby and table pages, the JSON API and the WebSocket."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import game_names, load, replay
from ..bots import LEVELS
from ..bots import names as bot_names
from ..core import GameError
from .analysis import Analyses
from .botpool import BotPool
from .catalogue import catalogue, table_cards
from .cluster import Cluster
from .hub import Client, Hub, RefusedError, Table, database_trouble, event_json, seat_url
from .limits import MessageRate, OriginPolicy
from .messages import HANDLERS, welcome
from .pages import Link, problem_page, wants_page
from .people import check_name, hints_default, seat_names
from .store import Store

__all__ = ["MAX_MESSAGE", "MESSAGE_BURST", "MESSAGE_RATE", "create_app"]

STATIC = Path(__file__).with_name("static")
# The largest WebSocket message the server reads: an act message is well under 1 KiB.
MAX_MESSAGE = 4096
# The largest table request read: room for options such as every hand of a deal.
MAX_BODY = 65536
# Messages a connection may send a second on average, and in a burst: a person clicks far
# less; a script flooding the server is answered with errors, then cut off.
MESSAGE_RATE = 20.0
MESSAGE_BURST = 40
# The largest seed accepted, so it fits the database's 64-bit signed integer.
MAX_SEED = 2**63 - 1
# The most seats one "your tables" request may ask about.
MAX_SEATS = 100


class TableRequest(NamedTuple):
    """A create-table request, checked: the game, players, options, seed, the bots by seat,
    the names of people's seats, and whether hints are on (``None``: the default)."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int | None
    bots: dict[int, str]
    names: dict[int, str]
    hints: bool | None


def _seat_number(key: str, players: int, what: str) -> int:
    """A seat number from a key of ``"bots"`` or ``"names"``; ``RefusedError`` if it is none."""
    try:
        seat = int(key)
    except ValueError:
        raise RefusedError(f'"{what}" keys are seat numbers, not {key!r}') from None
    if not 0 <= seat < players:
        raise RefusedError(f"seat {seat} is not a seat of a {players}-player table")
    return seat


def _check_names(raw: Any, players: int, bots: dict[int, str]) -> dict[int, str]:
    """The ``"names"`` of a create-table request, checked."""
    if not isinstance(raw, dict):
        raise RefusedError('"names" must be an object: {"<seat>": "<name>"}')
    names: dict[int, str] = {}
    for key, value in raw.items():
        seat = _seat_number(key, players, "names")
        if seat in bots:
            raise RefusedError(f"seat {seat} is a bot's, and bots are named by their level")
        try:
            names[seat] = check_name(value)
        except ValueError as error:
            raise RefusedError(f"the name of seat {seat}: {error}") from None
    return names


def _check_request(body: Any, agents: Sequence[str] = ()) -> TableRequest:
    """The fields of a create-table request, checked; ``RefusedError`` names the first bad one."""
    if not isinstance(body, dict):
        raise RefusedError("the request must be a JSON object")
    game = body.get("game")
    if not isinstance(game, str):
        raise RefusedError(f'"game" must be one of: {", ".join(game_names())}')
    try:
        chosen = load(game)
    except GameError as error:
        raise RefusedError(str(error)) from None
    players = body.get("players", chosen.min_players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise RefusedError('"players" must be a whole number')
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise RefusedError('"options" must be an object of option names and values')
    seed = body.get("seed")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED
    ):
        raise RefusedError(f'"seed" must be a whole number from 0 to {MAX_SEED}')
    raw_bots = body.get("bots") or {}
    if not isinstance(raw_bots, dict):
        raise RefusedError('"bots" must be an object: {"<seat>": "<bot name>"}')
    seat_bots: dict[int, str] = {}
    for key, name in raw_bots.items():
        seat = _seat_number(key, players, "bots")
        if isinstance(name, str) and name.strip() in agents:
            # An agent the operator started the server with (`parlour serve --agent`); no
            # request may name any other program, as that would run it on this machine.
            seat_bots[seat] = name.strip()
            continue
        if not isinstance(name, str) or name.strip().lower() not in bot_names():
            raise RefusedError(f"there is no bot {name!r}; the bots are: {', '.join(bot_names())}")
        seat_bots[seat] = name.strip().lower()
    names = _check_names(body.get("names") or {}, players, seat_bots)
    hints = body.get("hints")
    if hints is not None and not isinstance(hints, bool):
        raise RefusedError('"hints" must be true or false')
    return TableRequest(chosen.name, players, options, seed, seat_bots, names, hints)


def create_app(
    db: str = "sqlite:///parlour.db",
    workers: int = 2,
    bot_delay: float = 0.6,
    allowed_origins: Iterable[str] = (),
    message_rate: float = MESSAGE_RATE,
    agents: Sequence[str] = (),
) -> FastAPI:
    """The server for database URL ``db``, with ``workers`` bot processes; pages of
    ``allowed_origins`` (besides its own) may use it; each connection may send
    ``message_rate`` messages a second; ``agents`` are the agent bots (``cmd:...``,
    ``llm:...``) a table may seat besides the built-in ones."""
    origins = OriginPolicy(allowed_origins)
    burst = max(MESSAGE_BURST, int(2 * message_rate))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db)
        pool = BotPool(workers)
        hub = Hub(store, pool, bot_delay)
        app.state.hub = hub
        analyses = app.state.analyses = Analyses(store, pool)
        # On PostgreSQL, other server processes may serve the same tables (cluster.py): the
        # bot leases say which process resumes which table's bots. SQLite has one process.
        cluster = app.state.cluster = Cluster(hub, db) if store.announces else None
        if cluster is not None:
            await cluster.start()
        else:
            await hub.resume_all()
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.close()
            await analyses.close()
            await hub.close()
            pool.close()
            store.close()

    app = FastAPI(title="Parlour", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if origins.allowed:
        # Pages of the allowed origins may read the API; the browser's default (same origin
        # only) holds for every other page.
        app.add_middleware(
            CORSMiddleware,
            allow_origins=sorted(origins.allowed),
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
        )

    @app.middleware("http")
    async def refuse_foreign_writes(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        # A page of another site may send a simple POST without asking (no CORS preflight):
        # it must not open tables in this server's name.
        origin = request.headers.get("origin")
        if request.method not in ("GET", "HEAD", "OPTIONS") and not origins.allows(
            origin, request.headers.get("host")
        ):
            message = origins.refusal(origin or "")
            return JSONResponse({"type": "error", "message": message}, 403)
        return await call_next(request)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def table_or_404(request: Request, table_id: str) -> Table:
        try:
            table = await hub_of(request).get(table_id)
        except GameError as error:
            # A stored record the rules no longer replay (another rules version).
            raise HTTPException(500, f"table {table_id!r} cannot be replayed: {error}") from None
        if table is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        return table

    def creation(table: Table, tokens: dict[int, str]) -> dict[str, Any]:
        return {
            "table": table.id,
            "seats": [
                {"seat": seat, "token": token, "url": seat_url(table.id, seat, token)}
                for seat, token in sorted(tokens.items())
            ],
            "spectate": f"/table/{table.id}",
        }

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        message = str(error.detail)
        if error.status_code == 404 and message == "Not Found":  # no route: an unknown path
            message = f"there is no page at {request.url.path}"
        if wants_page(request):
            return problem_page(error.status_code, message)
        return JSONResponse({"type": "error", "message": message}, error.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def database_error(request: Request, error: SQLAlchemyError) -> Response:
        # Down, full or read-only: nothing was changed, and the request may be sent again.
        if wants_page(request):
            return problem_page(503, unavailable(error))
        return JSONResponse({"type": "error", "message": unavailable(error)}, 503)

    # -- pages ------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> FileResponse:
        await table_or_404(request, table_id)  # a link to no table gets a page that says so
        return FileResponse(STATIC / "table.html")

    @app.get("/table/{table_id}/bad-link", include_in_schema=False)
    async def bad_link_page(table_id: str) -> Response:
        # Where the table page goes when its seat's token opens no seat (the token rides in
        # the URL fragment, which the server never sees, so the page finds out first).
        return problem_page(
            403,
            f"the seat link you followed does not open a seat at table {table_id}: it may have "
            "been copied incompletely. Ask whoever opened the table for the link again.",
            (Link(f"/table/{table_id}", "Watch this table"),),
        )

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> Response:
        table = await table_or_404(request, table_id)
        if not table.state.is_over:
            message = "the game is still going on; its replay opens when it ends"
            if not wants_page(request):
                return JSONResponse({"type": "error", "message": message}, 409)
            return problem_page(409, message, (Link(f"/table/{table.id}", "Watch the game"),))
        return FileResponse(STATIC / "replay.html")

    # -- API --------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The games, their player ranges and options, and the bots to seat."""
        out = []
        for name in game_names():
            game = load(name)
            out.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "options": [option.to_dict() for option in game.options.values()],
                    "bots": list(LEVELS) + [b for b in bot_names() if b not in LEVELS] + [*agents],
                }
            )
        return out

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        """This server process: its id, the tables it holds, its bot leases and bot moves
        (a proxy's health check; which process of several answered)."""
        hub = hub_of(request)
        cluster = getattr(request.app.state, "cluster", None)
        return {
            "status": "ok",
            "process": os.getpid(),
            "database": hub.store.engine.dialect.name,
            "tables": len(hub.tables),
            "bot_leases": len(cluster.leases.held) if cluster is not None else None,
            "bot_moves": hub.bot_moves,
        }

    @app.get("/api/games/{name}/cards")
    async def cards(name: str) -> dict[str, Any]:
        """The game's public card data (names, costs, colours) for drawing cards."""
        try:
            game = load(name)
        except GameError as error:
            raise HTTPException(404, str(error)) from None
        return catalogue(game.name)

    @app.get("/api/tables/{table_id}/cards")
    async def all_table_cards(request: Request, table_id: str) -> dict[str, Any]:
        """Every card of the table's game as it loaded them, with rules texts (Fool's Blade)."""
        table = await table_or_404(request, table_id)
        found = table_cards(table.state)
        if found is None:
            raise HTTPException(404, f"{table.info.game} has no per-table cards")
        return found

    @app.get("/api/tables/{table_id}/cards/{card_id}")
    async def table_card(request: Request, table_id: str, card_id: str) -> dict[str, Any]:
        """A card's fields as the table's game loaded them (games with ``state.card``)."""
        table = await table_or_404(request, table_id)
        lookup = getattr(table.state, "card", None)
        if lookup is None:
            raise HTTPException(404, f"{table.info.game} has no card lookup")
        try:
            found = lookup(card_id)
        except (LookupError, ValueError):
            raise HTTPException(404, f"there is no card {card_id!r}") from None
        return dict(found)

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        """Open a table: ``{game, players, options, seed?, bots}``; seat links come back."""
        raw = await request.body()
        if len(raw) > MAX_BODY:
            message = f"the request is too large ({len(raw)} bytes; at most {MAX_BODY})"
            return JSONResponse({"type": "error", "message": message}, 413)
        try:
            body = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return JSONResponse({"type": "error", "message": "the body must be JSON"}, 400)
        try:
            asked = _check_request(body, agents)
            table, tokens = await hub_of(request).create(
                asked.game,
                asked.players,
                asked.options,
                asked.seed,
                asked.bots,
                names=asked.names,
                hints=asked.hints,
            )
        except (RefusedError, GameError) as error:
            return JSONResponse({"type": "error", "message": str(error)}, 400)
        return JSONResponse(creation(table, tokens), 201)

    @app.get("/api/tables")
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        """The newest tables, newest first: open, running and finished, with scores."""
        hub = hub_of(request)
        out = []
        for info in await asyncio.to_thread(hub.store.summaries):
            live = await hub.held(info.id)
            if live is not None:
                out.append(live.describe())
                continue
            game = load(info.game)
            out.append(
                {
                    "id": info.id,
                    "game": game.name,
                    "title": game.title,
                    "players": info.players,
                    "status": "over" if info.finished_at else "playing",
                    "scores": info.scores,
                    "winners": info.winners,
                    "created_at": info.created_at.isoformat(),
                    "finished_at": info.finished_at.isoformat() if info.finished_at else None,
                    "seats": [{"seat": s, "bot": seat.bot} for s, seat in enumerate(info.seats)],
                    "names": seat_names(info.seats),
                    "hints": hints_default(info.seats) if info.hints is None else info.hints,
                }
            )
        return out

    @app.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str) -> dict[str, Any]:
        """The spectator view and the table's status."""
        table = await table_or_404(request, table_id)
        return {"table": table.describe(), "view": table.view(None)}

    @app.post("/api/seats")
    async def your_seats(request: Request) -> JSONResponse:
        """Where the seats a browser holds stand: ``{"seats": [{"table", "token"}, ...]}``
        answers each one's table, seat, status and whose turn it is (the lobby's "your
        tables"); a token that opens nothing is answered with why, not refused."""
        try:
            body = json.loads(await request.body())
            asked = body["seats"]
            if not isinstance(asked, list) or len(asked) > MAX_SEATS:
                raise TypeError
            pairs = [(str(entry["table"]), str(entry["token"])) for entry in asked]
        except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError):
            message = (
                f'send {{"seats": [{{"table": id, "token": token}}, ...]}}, at most {MAX_SEATS}'
            )
            return JSONResponse({"type": "error", "message": message}, 400)
        hub = hub_of(request)
        out: list[dict[str, Any]] = []
        for table_id, token in pairs:
            try:
                table = await hub.get(table_id)
            except GameError as error:
                out.append({"table": table_id, "error": f"this table cannot be replayed: {error}"})
                continue
            if table is None:
                out.append({"table": table_id, "error": f"there is no table {table_id!r}"})
                continue
            seat = table.seat_for(token)
            if seat is None:
                out.append({"table": table_id, "error": "that token opens no seat at this table"})
                continue
            facts = table.describe()
            turn = table.state.current_player
            out.append(
                {
                    "table": table.id,
                    "seat": seat,
                    "game": facts["game"],
                    "title": facts["title"],
                    "players": facts["players"],
                    "names": facts["names"],
                    "status": facts["status"],
                    "move": facts["move"],
                    "current_player": turn,
                    "your_turn": turn == seat,
                    "scores": facts["scores"],
                    "winners": facts["winners"],
                    "created_at": facts["created_at"],
                    "finished_at": facts["finished_at"],
                }
            )
        return JSONResponse({"seats": out})

    @app.get("/api/tables/{table_id}/record")
    async def get_record(request: Request, table_id: str) -> dict[str, Any]:
        """The finished game's record (refused while the game goes on: it names hidden cards)."""
        table = await table_or_404(request, table_id)
        if not table.state.is_over:
            raise HTTPException(409, "the game is still going on; its record opens when it ends")
        return table.info.record()

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def get_replay_step(
        request: Request, table_id: str, step: int, seat: int | None = None
    ) -> dict[str, Any]:
        """A finished game after ``step`` actions, as ``seat`` (or a spectator) saw it."""
        table = await table_or_404(request, table_id)
        if not table.state.is_over:
            raise HTTPException(409, "the game is still going on; its replay opens when it ends")
        if not 0 <= step <= table.move:
            raise HTTPException(404, f"step must be from 0 to {table.move}")
        if seat is not None and not 0 <= seat < table.info.players:
            raise HTTPException(404, f"seat must be from 0 to {table.info.players - 1}")
        state = replay(table.info.record(), upto=step)
        before = len(replay(table.info.record(), upto=step - 1).log) if step > 0 else 0
        names = table.sentence_names
        return {
            "step": step,
            "steps": table.move,
            "view": {**state.view(seat), "names": table.names},
            "events": [event_json(e, seat, names) for e in state.log[before:]],
            "table": table.describe(),
        }

    @app.get("/api/tables/{table_id}/analysis/{seat}")
    async def get_analysis(request: Request, table_id: str, seat: int) -> JSONResponse:
        """A finished game's analysis for ``seat`` (docs/analysis.md): 202 while computing."""
        table = await table_or_404(request, table_id)
        if not table.state.is_over:
            raise HTTPException(409, "the game is still going on; its analysis opens when it ends")
        if not 0 <= seat < table.info.players:
            raise HTTPException(404, f"seat must be from 0 to {table.info.players - 1}")
        analyses: Analyses = request.app.state.analyses
        status, body = await analyses.answer(table, seat)
        return JSONResponse(body, status)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(request: Request, table_id: str) -> JSONResponse:
        """A new table like this finished one, for the seat whose ``token`` is given."""
        table = await table_or_404(request, table_id)
        try:
            body = json.loads(await request.body())
            token = body["token"]
            if not isinstance(token, str):
                raise TypeError
        except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError):
            return JSONResponse({"type": "error", "message": 'send {"token": "<seat token>"}'}, 400)
        seat = table.seat_for(token)
        if seat is None:
            return JSONResponse({"type": "error", "message": "that token opens no seat here"}, 403)
        if not table.state.is_over:
            return JSONResponse({"type": "error", "message": "the game is still going on"}, 409)
        hub = hub_of(request)
        new_id = await hub.rematch(table)
        return JSONResponse({"table": new_id, "seat": seat, "url": seat_url(new_id, seat, token)})

    # -- the live table ---------------------------------------------------------------------

    @app.websocket("/ws/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """A seat's (or, without a token, a spectator's) live connection to a table."""
        await websocket.accept()
        origin = websocket.headers.get("origin")
        if not origins.allows(origin, websocket.headers.get("host")):
            # A page of another site could otherwise play with a token it got hold of, or
            # watch tables, in its visitor's name.
            await websocket.send_json({"type": "error", "message": origins.refusal(origin or "")})
            await websocket.close(4403)
            return
        hub = hub_of(websocket)
        try:
            table = await hub.get(table_id)
        except SQLAlchemyError as error:
            await websocket.send_json({"type": "error", "message": unavailable(error)})
            await websocket.close(4503)
            return
        except GameError as error:
            await websocket.send_json(
                {"type": "error", "message": f"this table cannot be replayed: {error}"}
            )
            await websocket.close(4500)
            return
        if table is None:
            await websocket.send_json(
                {"type": "error", "message": f"there is no table {table_id!r}"}
            )
            await websocket.close(4404)
            return
        seat = None
        if token is not None:
            seat = table.seat_for(token)
            if seat is None:
                await websocket.send_json(
                    {"type": "error", "message": "that token opens no seat at this table"}
                )
                await websocket.close(4403)
                return
        client = Client(seat, websocket.send_json, token=token if seat is not None else None)
        rate = MessageRate(message_rate, burst)
        await hub.join(table, client)
        await welcome(hub, table, client)
        if seat is not None:
            await hub.offer_rematch(table, client)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                reply: dict[str, Any] | None
                if not rate.allow():
                    if rate.refused_in_a_row > rate.burst:
                        await websocket.send_json(
                            {"type": "error", "message": rate.refusal(cut_off=True)}
                        )
                        await websocket.close(4429)
                        break
                    reply = {"type": "error", "message": rate.refusal()}
                elif raw is None:
                    reply = {
                        "type": "error",
                        "message": "send JSON text frames, not binary ones",
                    }
                else:
                    reply, moved = await _handle(hub, table, client, raw)
                    if moved:
                        rate.refund()
                if reply is not None:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.leave(table, client)

    return app


def unavailable(error: SQLAlchemyError) -> str:
    """The sentence for a request the database could not serve."""
    return f"the database is unavailable ({database_trouble(error)}); try again in a moment"


def _refusal(message: str) -> tuple[dict[str, Any], bool]:
    return {"type": "error", "message": message}, False


async def _handle(
    hub: Hub, table: Table, client: Client, raw: str
) -> tuple[dict[str, Any] | None, bool]:
    """Answer one client message: the reply for it (``None``: none, what it did went out to
    the table) and whether it made a move (moves are not counted against the message rate)."""
    if len(raw) > MAX_MESSAGE:
        return _refusal(f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})")
    try:
        message = json.loads(raw)
    except json.JSONDecodeError:
        return _refusal("a message must be JSON")
    if not isinstance(message, dict):
        return _refusal("a message must be a JSON object")
    kind = message.get("type")
    try:
        if kind == "act":
            await hub.act(table, client.seat, message)
            return None, True
        if kind == "ping":
            return {"type": "pong"}, False
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            known = ", ".join(f'"{name}"' for name in ["act", "ping", *HANDLERS])
            raise RefusedError(f"unknown message type {kind!r}; send one of {known}")
        await handler(hub, table, client, message)
        return None, False
    except RefusedError as error:
        return _refusal(str(error))
