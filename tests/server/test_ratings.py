"""Ratings: a rated game's end moves the ratings once, in the transaction that records it;
profiles and leaderboards read them (API.md, "Ratings")."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

import parlour
import parlour.bots
from parlour.core.places import finishing_places
from parlour.server import create_app
from parlour.server.community import ratings
from parlour.server.community.rows import AccountRow, AccountSeatRow, RatingRow
from parlour.server.hub import Hub
from parlour.server.store import SeatInfo, Store

from .conftest import next_state
from .postgres import postgres_server, unavailable

# Fearless is played at three seats at least; a lower score (fear) wins there.
GAME = "fearless"


def add_account(engine: Engine, username: str) -> int:
    """Insert an account as the accounts API would (its password is of no use here)."""
    with Session(engine) as session, session.begin():
        row = AccountRow(
            username=username,
            username_key=username.lower(),
            password_hash="not a hash",
            created_at=datetime.now(UTC),
        )
        session.add(row)
        session.flush()
        return row.id


def rating_rows(engine: Engine) -> dict[tuple[int | None, str | None], RatingRow]:
    """Every rating row of the game, by account id and bot level."""
    with Session(engine) as session:
        rows = session.scalars(select(RatingRow).where(RatingRow.game == GAME)).all()
        return {(row.account_id, row.bot): row for row in rows}


def account_seats(engine: Engine, table_id: str) -> dict[int, AccountSeatRow]:
    """The seats accounts hold at a table, by seat."""
    with Session(engine) as session:
        rows = session.scalars(
            select(AccountSeatRow).where(AccountSeatRow.table_id == table_id)
        ).all()
        return {row.seat: row for row in rows}


def play_seats(sockets: dict[int, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    """Play the first legal action for whichever seat on ``sockets`` is to act, until the
    game ends; the last state. Every connection hears every move, so reading one state from
    each after each move keeps them at the same move."""
    states = {seat: next_state(ws, log) for seat, ws in sockets.items()}
    while not next(iter(states.values()))["view"]["is_over"]:
        for seat, state in states.items():
            view = state["view"]
            if view.get("legal_actions"):
                action = view["legal_actions"][-1]
                sockets[seat].send_json({"type": "act", "action": action, "move": view["move"]})
                break
        states = {seat: next_state(ws, log) for seat, ws in sockets.items()}
    return next(iter(states.values()))


def open_table(
    client: TestClient, accounts: dict[int, int], bots: dict[int, str], rated: bool, seed: int
) -> tuple[str, dict[int, str]]:
    """Open a table through the hub with seats held by accounts; its id and the tokens."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    create = partial(
        hub.create,
        GAME,
        3,
        {},
        seed,
        bots,
        accounts=accounts,
        rated=rated,
        creator_id=None,
        public=True,
    )
    table, tokens = client.portal.call(create)  # type: ignore[union-attr]
    return table.id, tokens


@pytest.fixture
def app_client(db_url: str) -> Iterator[TestClient]:
    """The app with its lifespan running, bots moving at once."""
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as test_client:
        yield test_client


def play_table(
    client: TestClient, table_id: str, tokens: dict[int, str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play every person's seat over its own WebSocket to the end: the last state, and
    every message heard."""
    log: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as first,
        client.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as second,
    ):
        last = play_seats({0: first, 1: second}, log)
    return last, log


def test_a_rated_game_moves_the_ratings_and_profiles_and_leaderboard_agree(
    app_client: TestClient,
) -> None:
    client = app_client
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    ana, ben = add_account(engine, "Ana"), add_account(engine, "ben_2")
    table_id, tokens = open_table(client, {0: ana, 1: ben}, {2: "easy"}, rated=True, seed=5)
    last, log = play_table(client, table_id, tokens)
    view = last["view"]
    places = finishing_places(view["scores"], view["winners"], lower_score_wins=True)

    described = client.get(f"/api/tables/{table_id}").json()["table"]
    assert described["rated"] is True and described["status"] == "over"
    changes = described["rating_changes"]
    assert len(changes) == 3 and all(isinstance(change, float) for change in changes)
    # The connections were told the changes when the game ended.
    told = [m["table"]["rating_changes"] for m in log if m["type"] == "table"]
    assert changes in told
    for seat, place in enumerate(places):
        if place == 1:
            assert changes[seat] > 0, (places, changes)
        if place == max(places) and place > 1:
            assert changes[seat] < 0, (places, changes)

    board = client.get(f"/api/ratings/{GAME}").json()
    assert board["game"] == GAME
    listed = board["players"]
    assert [entry["rating"] for entry in listed] == sorted(
        (entry["rating"] for entry in listed), reverse=True
    )
    by_name = {entry.get("username") or entry["bot"]: entry for entry in listed}
    assert set(by_name) == {"Ana", "ben_2", "easy", "medium", "hard"}
    assert by_name["easy"]["games"] == 1
    assert by_name["medium"]["games"] == by_name["hard"]["games"] == 0
    assert by_name["hard"]["rating"] == ratings.bot_start(GAME, "hard").rating
    start_easy = ratings.bot_start(GAME, "easy").rating
    assert by_name["easy"]["rating"] == pytest.approx(start_easy + changes[2], abs=0.11)

    for seat, name in enumerate(["Ana", "ben_2"]):
        # Any case finds the account.
        profile = client.get(f"/api/players/{name.upper()}").json()
        assert profile["username"] == name and profile["joined"]
        assert profile["ratings"] == {GAME: {"rating": by_name[name]["rating"], "games": 1}}
        # A new account's displayed rating starts at 0, so its first change is its rating.
        assert profile["ratings"][GAME]["rating"] == pytest.approx(changes[seat], abs=0.11)
        (game,) = profile["games"]
        assert game == {
            "table": table_id,
            "game": GAME,
            "finished_at": described["finished_at"],
            "place": places[seat],
            "rating_change": changes[seat],
        }

    record = client.get(f"/api/tables/{table_id}/record").json()
    replayed = parlour.replay(record)
    assert replayed.is_over and replayed.scores() == view["scores"]
    assert replayed.winners() == view["winners"]


def test_a_profile_lists_games_newest_first_and_unknown_names_are_404(
    app_client: TestClient,
) -> None:
    client = app_client
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    ana, ben = add_account(engine, "ana"), add_account(engine, "ben")
    tables = []
    for seed in (1, 2):
        table_id, tokens = open_table(client, {0: ana, 1: ben}, {2: "medium"}, True, seed)
        play_table(client, table_id, tokens)
        tables.append(table_id)
    profile = client.get("/api/players/ana").json()
    assert [game["table"] for game in profile["games"]] == tables[::-1]
    assert profile["ratings"][GAME]["games"] == 2
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/ratings/chess").status_code == 404
    # The game's name in any case, as elsewhere in the API.
    assert client.get(f"/api/ratings/{GAME.upper()}").json()["game"] == GAME


def test_an_unrated_table_changes_no_rating(app_client: TestClient) -> None:
    client = app_client
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    ana, ben = add_account(engine, "ana"), add_account(engine, "ben")
    table_id, tokens = open_table(client, {0: ana, 1: ben}, {2: "easy"}, rated=False, seed=5)
    last, _ = play_table(client, table_id, tokens)
    described = client.get(f"/api/tables/{table_id}").json()["table"]
    assert described["rated"] is False and described["rating_changes"] is None
    assert rating_rows(engine) == {}
    profile = client.get("/api/players/ana").json()
    assert profile["ratings"] == {}
    # The game is in the history, with its place and no rating change.
    (game,) = profile["games"]
    view = last["view"]
    assert game["place"] == finishing_places(view["scores"], view["winners"], True)[0]
    assert game["rating_change"] is None
    board = client.get(f"/api/ratings/{GAME}").json()["players"]
    assert all("bot" in entry and entry["games"] == 0 for entry in board)


# -- the store's finish, without playing ---------------------------------------------------


def rated_table(store: Store, name: str, seats: list[SeatInfo], rated: bool = True) -> None:
    """Store a rated Fearless table with these seats."""
    store.create(name, GAME, len(seats), 1, {}, seats, rated=rated)


def person(account: int | None) -> SeatInfo:
    """A person's seat, held by ``account`` (``None``: a guest)."""
    return SeatInfo(None, "a" * 64, account=account)


def test_two_finishes_of_one_table_rate_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'two.db'}"
    first, second = Store(url), Store(url)
    try:
        ana, ben = add_account(first.engine, "ana"), add_account(first.engine, "ben")
        rated_table(first, "t1", [person(ana), person(ben), SeatInfo("hard", None)])
        assert first.finish("t1", [2, 9, 5], [0], ratings.record_end)
        assert not second.finish("t1", [2, 9, 5], [0], ratings.record_end)
        assert not first.finish("t1", [2, 9, 5], [0], ratings.record_end)
        rows = rating_rows(first.engine)
        assert {key: row.games for key, row in rows.items()} == {
            (ana, None): 1,
            (ben, None): 1,
            (None, "hard"): 1,
        }
        info = first.get("t1")
        assert info is not None and info.rating_changes is not None
        held = account_seats(first.engine, "t1")
        assert [held[0].place, held[1].place] == [1, 3]
        assert [held[0].rating_change, held[1].rating_change] == info.rating_changes[:2]
        won, lost, _ = info.rating_changes
        assert won is not None and lost is not None and won > 0 > lost
    finally:
        first.close()
        second.close()


def test_an_absent_seat_is_ranked_last_even_as_the_winner(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'absent.db'}")
    try:
        ana, ben = add_account(store.engine, "ana"), add_account(store.engine, "ben")
        rated_table(store, "t1", [person(ana), person(ben), SeatInfo("easy", None)])
        step = partial(ratings.record_end, absent={0})
        store.finish("t1", [2, 9, 5], [0], step)
        held = account_seats(store.engine, "t1")
        assert [held[0].place, held[1].place] == [3, 2]
        info = store.get("t1")
        assert info is not None and info.rating_changes is not None
        absent = info.rating_changes[0]
        assert absent is not None and absent < 0
    finally:
        store.close()


def test_guests_and_other_bots_take_places_but_are_not_rated(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'guests.db'}")
    try:
        ana, ben = add_account(store.engine, "ana"), add_account(store.engine, "ben")
        seats = [person(None), person(ana), SeatInfo("random", None), person(ben)]
        rated_table(store, "t1", seats)
        # The guest wins and the random bot is second: ana third, ben last.
        store.finish("t1", [1, 5, 3, 8], [0], ratings.record_end)
        info = store.get("t1")
        assert info is not None and info.rating_changes is not None
        guest, won, bot, lost = info.rating_changes
        assert guest is None and bot is None
        assert won is not None and lost is not None and won > 0 > lost
        held = account_seats(store.engine, "t1")
        assert [held[1].place, held[3].place] == [3, 4]
        assert set(rating_rows(store.engine)) == {(ana, None), (ben, None)}
        # One rated player alone has nobody to be compared with: nothing moves.
        rated_table(store, "t2", [person(ana), person(None), SeatInfo("random", None)])
        store.finish("t2", [1, 5, 3], [0], ratings.record_end)
        info = store.get("t2")
        assert info is not None and info.rating_changes == [None, None, None]
        assert rating_rows(store.engine)[(ana, None)].games == 1
    finally:
        store.close()


def test_a_level_in_two_seats_counts_two_games_and_moves_once(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'levels.db'}")
    try:
        ana = add_account(store.engine, "ana")
        seats = [SeatInfo("medium", None), person(ana), SeatInfo("medium", None)]
        rated_table(store, "t1", seats)
        store.finish("t1", [1, 5, 8], [0], ratings.record_end)
        info = store.get("t1")
        assert info is not None and info.rating_changes is not None
        # Both seats show the level's one change: the mean of a first and a last place.
        assert info.rating_changes[0] == info.rating_changes[2]
        assert rating_rows(store.engine)[(None, "medium")].games == 2
        # An unrated table with the same seats moves nothing.
        rated_table(store, "t2", seats, rated=False)
        store.finish("t2", [1, 5, 8], [0], ratings.record_end)
        info = store.get("t2")
        assert info is not None and info.rating_changes is None
        assert rating_rows(store.engine)[(None, "medium")].games == 2
        assert account_seats(store.engine, "t2")[1].place == 2
    finally:
        store.close()


def test_the_shipped_bot_ratings_cover_every_game_and_level() -> None:
    for game in parlour.game_names():
        starts = [ratings.bot_start(game, level) for level in parlour.bots.LEVELS]
        assert all(0 < skill.sigma < ratings.MODEL.sigma for skill in starts), game
        # The tournaments place the levels in order of strength.
        assert [skill.mu for skill in starts] == sorted(skill.mu for skill in starts), game


# -- PostgreSQL ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL server for this module."""
    why = unavailable()
    if why is not None:
        pytest.skip(f"no PostgreSQL server for the ratings test: {why}")
    with postgres_server() as server:
        yield server.url


def test_rated_finishes_on_postgresql_rate_once_and_lose_no_update(postgres_url: str) -> None:
    stores = [Store(postgres_url), Store(postgres_url)]
    try:
        engine = stores[0].engine
        ana, ben = add_account(engine, "ana"), add_account(engine, "ben")
        names = [f"pg{n}" for n in range(4)]
        for name in names:
            rated_table(stores[0], name, [person(ana), person(ben), SeatInfo("hard", None)])
        marked: list[bool] = []

        def finish(store: Store, name: str) -> None:
            marked.append(store.finish(name, [2, 9, 5], [0], ratings.record_end))

        # Two processes see each table end at once; four tables end at once, all sharing
        # the same three players (their rating rows are made by whichever comes first).
        threads = [
            threading.Thread(target=finish, args=(store, name))
            for name in names
            for store in stores
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(marked) == [False] * 4 + [True] * 4
        rows = rating_rows(engine)
        assert {key: row.games for key, row in rows.items()} == {
            (ana, None): 4,
            (ben, None): 4,
            (None, "hard"): 4,
        }
        for name in names:
            info = stores[1].get(name)
            assert info is not None and info.rating_changes is not None
            held = account_seats(engine, name)
            assert [held[0].place, held[1].place] == [1, 3]
            assert held[0].rating_change == info.rating_changes[0]
    finally:
        for store in stores:
            store.close()
