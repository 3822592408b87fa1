"""Play now (API.md, "Play now"; docs/server.md, "Play now"): asking for a game, being seated
with the people who asked for the same, with bots after the wait asked for, leaving the
queue, the refusals, the rules that pick a table and the bots' level, and three people
asking at once through two server processes on one PostgreSQL database."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

import parlour
from parlour.server.community.matchmaking import (
    DEFAULT_LEVEL,
    Seating,
    Waiting,
    bot_level_for,
    plan,
    ticket_hash,
    usual_players,
)
from parlour.server.community.rows import AccountRow, RatingRow
from parlour.server.community.sessions import COOKIE

from .conftest import next_state
from .postgres import Postgres
from .test_cluster import base, database, workers
from .test_open_seats import PASSWORD, be, describe, sign_up

# A wait for bots short enough for a test (the lobby offers 30 s and 2 min), long enough
# for the test's next requests to come first.
SOON = 2.0


def ask(client: TestClient, **body: Any) -> str:
    """A ticket asked for through ``client`` (as whoever it is signed in as)."""
    answer = client.post("/api/match", json=body)
    assert answer.status_code == 202, answer.text
    assert set(answer.json()) == {"ticket"}
    return str(answer.json()["ticket"])


def look(client: TestClient, ticket: str) -> dict[str, Any]:
    """The ticket's answer."""
    answer = client.get(f"/api/match/{ticket}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def seated(client: TestClient, ticket: str, seconds: float = 10) -> dict[str, Any]:
    """The ticket's answer once it is seated (it is read until then)."""
    deadline = time.monotonic() + seconds
    while True:
        found = look(client, ticket)
        if found["status"] == "seated" or time.monotonic() > deadline:
            assert found["status"] == "seated", found
            return found
        time.sleep(0.1)


def test_two_accounts_are_seated_together_and_their_tokens_open_their_seats(
    client: TestClient,
) -> None:
    ana = sign_up(client, "ana")
    first = ask(client, game="citadels", players=2)
    assert look(client, first) == {"status": "waiting", "waiting": 1}
    bob = sign_up(client, "bob")
    second = ask(client, game="citadels", players=2, rated=False, bots_after=None)
    seats = [seated(client, ticket) for ticket in (first, second)]
    assert seats[0]["table"] == seats[1]["table"]
    assert {entry["seat"] for entry in seats} == {0, 1}
    table = seats[0]["table"]
    for entry in seats:
        assert entry["url"] == f"/table/{table}#seat={entry['seat']}&token={entry['token']}"
    facts = describe(client, table)
    assert facts["status"] == "waiting" and facts["open"] == []  # no move made yet
    assert sorted(facts["names"]) == ["ana", "bob"] and facts["rated"] is False
    assert [seat["bot"] for seat in facts["seats"]] == [None, None]
    # Made by Play now: listed in the lobby for anyone to watch.
    assert table in [entry["id"] for entry in client.get("/api/tables").json()]
    # Each token opens its seat over the WebSocket, and so does each account's session.
    for entry, cookie in zip(seats, (ana, bob), strict=True):
        be(client, None)
        with client.websocket_connect(f"/ws/{table}?token={entry['token']}") as ws:
            assert next_state(ws)["view"]["seat"] == entry["seat"]
        be(client, cookie)
        with client.websocket_connect(f"/ws/{table}") as ws:
            assert next_state(ws)["view"]["seat"] == entry["seat"]
    # A seated ticket reads the same again, and cannot be cancelled.
    assert look(client, first) == seats[0]
    refused = client.delete(f"/api/match/{first}")
    assert refused.status_code == 409 and "seated already" in refused.json()["message"]


def test_bots_fill_the_other_seats_once_the_wait_is_over(client: TestClient) -> None:
    ana, bob, cyd = (sign_up(client, name) for name in ("ana", "bob", "cyd"))
    be(client, ana)
    first = ask(client, game="fearless", players=4, bots_after=SOON)
    be(client, bob)
    second = ask(client, game="fearless", players=4, bots_after=SOON)
    # Cyd wants people only: she waits on when the others are seated with bots.
    be(client, cyd)
    stays = ask(client, game="fearless", players=4, bots_after=None)
    assert look(client, first) == {"status": "waiting", "waiting": 3}
    started = time.monotonic()
    seats = [seated(client, ticket) for ticket in (first, second)]
    assert time.monotonic() - started < SOON + 3
    assert seats[0]["table"] == seats[1]["table"]
    facts = describe(client, seats[0]["table"])
    people = {entry["seat"] for entry in seats}
    assert len(people) == 2 and facts["players"] == 4
    bots = [seat["bot"] for seat in facts["seats"] if seat["seat"] not in people]
    assert bots == [DEFAULT_LEVEL, DEFAULT_LEVEL]
    assert sorted(name for name in facts["names"] if "bot" not in name) == ["ana", "bob"]
    # The game begins: a bot's seat moves when its turn comes, a person's when they act.
    assert facts["open"] == []
    time.sleep(1.5)  # the background matching runs every second: Cyd is not seated
    assert look(client, stays) == {"status": "waiting", "waiting": 1}


def test_one_person_with_any_size_gets_the_usual_table_with_bots(client: TestClient) -> None:
    ticket = ask(client, game="foolsblade", players=None, bots_after=0, name="Ana")
    found = seated(client, ticket)
    facts = describe(client, found["table"])
    assert facts["players"] == usual_players(parlour.load("foolsblade")) == 4
    assert facts["names"][found["seat"]] == "Ana"
    assert sum(seat["bot"] is None for seat in facts["seats"]) == 1
    # One person against bots: hints are on, as at any such table that is not rated.
    assert facts["hints"] is True


def test_a_cancelled_ticket_is_never_seated(client: TestClient) -> None:
    sign_up(client, "ana")
    gone = ask(client, game="citadels", players=2, bots_after=0.2)
    answer = client.delete(f"/api/match/{gone}")
    assert answer.status_code == 204
    assert client.delete(f"/api/match/{gone}").status_code == 204  # again: nothing changes
    assert look(client, gone) == {"status": "cancelled"}
    sign_up(client, "bob")
    waits = ask(client, game="citadels", players=2)
    time.sleep(1.5)  # past Ana's wait for bots, and a background matching
    assert look(client, gone) == {"status": "cancelled"}
    assert look(client, waits) == {"status": "waiting", "waiting": 1}
    # An account waits in one queue at a time: asking again replaces its ticket.
    again = ask(client, game="fearless", players=3)
    assert look(client, waits) == {"status": "cancelled"}
    assert look(client, again)["status"] == "waiting"


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"game": "fearless", "players": 3}, 400, "a guest plays with a name"),
        ({"game": "fearless", "rated": True, "name": "Ana"}, 401, "sign in first"),
        ({"game": "chess", "name": "Ana"}, 400, "chess"),
        ({"game": 3, "name": "Ana"}, 400, '"game" must be one of'),
        ({"name": "Ana"}, 400, '"game" must be one of'),
        ({"game": "fearless", "players": 2, "name": "Ana"}, 400, "3 to 5 players, not 2"),
        ({"game": "fearless", "players": "4", "name": "Ana"}, 400, '"players" must be'),
        ({"game": "fearless", "players": True, "name": "Ana"}, 400, '"players" must be'),
        ({"game": "fearless", "bots_after": -1, "name": "Ana"}, 400, '"bots_after"'),
        ({"game": "fearless", "bots_after": 601, "name": "Ana"}, 400, '"bots_after"'),
        ({"game": "fearless", "bots_after": "30", "name": "Ana"}, 400, '"bots_after"'),
        ({"game": "fearless", "rated": "yes", "name": "Ana"}, 400, '"rated" must be'),
        ({"game": "fearless", "name": "  "}, 400, "your name"),
        (["fearless"], 400, "send a JSON object"),
    ],
)
def test_requests_that_cannot_be_served_are_refused(
    client: TestClient, body: Any, status: int, says: str
) -> None:
    answer = client.post("/api/match", json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["type"] == "error" and says in answer.json()["message"]


def test_unknown_tickets_are_not_found(client: TestClient) -> None:
    for answer in (client.get("/api/match/nothing"), client.delete("/api/match/nothing")):
        assert answer.status_code == 404 and answer.json()["type"] == "error"


def test_a_rated_table_gets_the_bots_nearest_the_peoples_rating(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    ana = sign_up(client, "ana")
    bob = sign_up(client, "bob")
    with Session(hub.store.engine) as session, session.begin():
        rows = session.execute(select(AccountRow.username, AccountRow.id)).all()
        accounts = {str(name): int(number) for name, number in rows}
        for level, mu in (("easy", 10.0), ("medium", 20.0), ("hard", 30.0)):
            session.add(RatingRow(bot=level, game="fearless", mu=mu, sigma=1.0, games=50))
        for name, mu in (("ana", 31.0), ("bob", 25.0)):
            session.add(RatingRow(account_id=accounts[name], game="fearless", mu=mu, sigma=2.0))
    # Bob's wait is over at once: Ana, who takes bots later, is seated with him.
    tickets = []
    for cookie, wait in ((ana, 600), (bob, 0)):
        be(client, cookie)
        tickets.append(ask(client, game="fearless", players=3, rated=True, bots_after=wait))
    seats = [seated(client, ticket) for ticket in tickets]
    assert seats[0]["table"] == seats[1]["table"]
    facts = describe(client, seats[0]["table"])
    # The average, 28, is nearest the hard level's 30; hints are off at a rated table.
    assert [seat["bot"] for seat in facts["seats"] if seat["bot"]] == ["hard"]
    assert facts["rated"] is True and facts["hints"] is False


def test_the_bots_level_is_the_one_nearest_the_average_rating() -> None:
    levels = {"easy": 5.0, "medium": 20.0, "hard": 35.0}
    assert bot_level_for([30.0, 40.0], levels) == "hard"
    assert bot_level_for([0.0, 12.0], levels) == "easy"
    assert bot_level_for([14.0], levels) == "medium"
    assert bot_level_for([27.5], levels) == "medium"  # as near hard as medium: medium
    assert bot_level_for([], levels) == DEFAULT_LEVEL  # nobody's rating is known
    assert bot_level_for([30.0], {}) == DEFAULT_LEVEL  # no level's rating is known
    assert bot_level_for([30.0], {"easy": 5.0}) == "easy"


# -- the rules, without a server ------------------------------------------------------------

START = datetime(2026, 12, 1, tzinfo=UTC)


def _ticket(
    number: int,
    players: int | None,
    bots_after: float | None = None,
    rated: bool = False,
    account: int | None = None,
) -> Waiting:
    """Ticket ``number``, made ``number`` seconds after ``START``."""
    return Waiting(
        ticket_hash(str(number)),
        players,
        rated,
        bots_after,
        account,
        None if account is not None else f"p{number}",
        START + timedelta(seconds=number),
    )


def _tables(game: str, tickets: list[Waiting], after: float = 0) -> list[tuple[int, list[int]]]:
    """Each table planned ``after`` seconds past the last ticket: its size and its people
    (by ticket number)."""
    now = max(t.created_at for t in tickets) + timedelta(seconds=after)
    numbers = {t.id_hash: n for n, t in enumerate(tickets)}
    found: list[Seating] = plan(parlour.load(game), tickets, now)
    return [(s.players, [numbers[p.id_hash] for p in s.people]) for s in found]


def test_people_of_one_size_are_seated_in_order_of_arrival() -> None:
    tickets = [_ticket(n, 2) for n in range(5)]
    assert _tables("citadels", tickets) == [(2, [0, 1]), (2, [2, 3])]
    # Rated and unrated people, and other sizes, are never seated together.
    mixed = [_ticket(0, 2), _ticket(1, 2, rated=True), _ticket(2, 3), _ticket(3, 2)]
    assert _tables("citadels", mixed) == [(2, [0, 3])]


def test_any_size_completes_the_group_nearest_full_or_makes_the_smallest_table() -> None:
    tickets = [_ticket(0, 4), _ticket(1, 3), _ticket(2, 3), _ticket(3, None)]
    assert _tables("citadels", tickets) == [(3, [1, 2, 3])]
    # Two groups as near full: the one waiting longest.
    tickets = [_ticket(0, 3), _ticket(1, 2), _ticket(2, 3), _ticket(3, 2), _ticket(4, None)]
    assert _tables("citadels", tickets) == [(2, [1, 3]), (3, [0, 2, 4])]
    # Only "any": a table of the game's fewest players as soon as they are there.
    assert _tables("fearless", [_ticket(n, None) for n in range(2)]) == []
    assert _tables("fearless", [_ticket(n, None) for n in range(3)]) == [(3, [0, 1, 2])]
    # An account is never seated twice at one table.
    twice = [_ticket(0, 2, account=7), _ticket(1, 2, account=7), _ticket(2, 2, account=8)]
    assert _tables("citadels", twice) == [(2, [0, 2])]


def test_bots_come_once_a_wait_is_over_for_those_who_take_them() -> None:
    tickets = [_ticket(0, 4, bots_after=30), _ticket(1, 4), _ticket(2, None, bots_after=60)]
    assert _tables("fearless", tickets, after=20) == []
    # Ticket 0's wait is over: it is seated with the "any" ticket that takes bots, and
    # bots; ticket 1 takes no bots and waits on.
    assert _tables("fearless", tickets, after=30) == [(4, [0, 2])]
    # An "any" ticket whose wait is over joins the group with most people who take bots.
    tickets = [_ticket(0, 5, bots_after=99), _ticket(1, 3, bots_after=99)]
    tickets += [_ticket(2, 5, bots_after=99), _ticket(3, None, bots_after=1)]
    assert _tables("fearless", tickets, after=1) == [(5, [0, 2, 3])]
    # Alone: the usual table, four where the game takes four.
    assert _tables("citadels", [_ticket(0, None, bots_after=0)]) == [(4, [0])]
    assert _tables("citadels", [_ticket(0, None)], after=1000) == []


# -- two processes ------------------------------------------------------------------------------


def test_three_people_asking_at_once_through_two_processes_are_each_seated_once(
    postgres: Postgres,
) -> None:
    url = database(postgres, "play_now")
    with workers(url, 2, bot_delay=0.0) as processes:
        one, two = base(processes[0]), base(processes[1])
        cookies = {name: _signed_up(one, name) for name in ("ana", "bob", "cyd")}

        async def race(round_: int) -> None:
            """The three ask for one three-player table at once, two through one process
            and one through the other, and read their tickets through the other ones."""
            addresses = [one, two, one] if round_ % 2 else [two, one, two]
            async with httpx.AsyncClient(timeout=30) as http:
                answers = await asyncio.gather(
                    *(
                        http.post(
                            f"{address}/api/match",
                            json={"game": "fearless", "players": 3},
                            headers={"Cookie": f"{COOKIE}={cookies[name]}"},
                        )
                        for address, name in zip(addresses, cookies, strict=True)
                    )
                )
                assert [a.status_code for a in answers] == [202] * 3, [a.text for a in answers]
                tickets = [a.json()["ticket"] for a in answers]
                found = []
                for address, ticket in zip(reversed(addresses), tickets, strict=True):
                    found.append(await _seated(http, address, ticket))
            assert len({entry["table"] for entry in found}) == 1
            assert sorted(entry["seat"] for entry in found) == [0, 1, 2]
            table = found[0]["table"]
            for address in (one, two):
                facts = httpx.get(f"{address}/api/tables/{table}", timeout=10).json()["table"]
                assert sorted(facts["names"]) == ["ana", "bob", "cyd"]

        for round_ in range(4):
            asyncio.run(race(round_))
        conninfo = url.replace("postgresql+psycopg", "postgresql")
        with psycopg.connect(conninfo) as connection:
            statuses = connection.execute(
                "SELECT status, count(*), count(DISTINCT table_id) FROM parlour_match_tickets"
                " GROUP BY status"
            ).fetchall()
            tables = connection.execute("SELECT count(*) FROM parlour_tables").fetchone()
        # Twelve tickets, each seated once, at four tables: none made twice.
        assert statuses == [("seated", 12, 4)]
        assert tables == (4,)


def _signed_up(address: str, username: str) -> str:
    """A new account made through ``address``; its session cookie."""
    answer = httpx.post(
        f"{address}/api/accounts", json={"username": username, "password": PASSWORD}, timeout=30
    )
    assert answer.status_code == 201, answer.text
    return str(answer.cookies[COOKIE])


async def _seated(http: httpx.AsyncClient, address: str, ticket: str) -> dict[str, Any]:
    """The ticket's answer through ``address`` once it is seated."""
    deadline = time.monotonic() + 10
    while True:
        answer = await http.get(f"{address}/api/match/{ticket}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        if found["status"] == "seated":
            return found
        assert time.monotonic() < deadline, found
        await asyncio.sleep(0.05)
