"""Accounts and the session (API.md, "Added for players who come back"): every answer and
every refusal, on SQLite and PostgreSQL, across two server processes, and what the server's
output never holds."""

from __future__ import annotations

import hashlib
import random
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, insert, select, update
from sqlalchemy.orm import Session

import parlour
from parlour.server import create_app
from parlour.server.community import accounts as accounts_module
from parlour.server.community.accounts import DELETED_NAME, Accounts
from parlour.server.community.rows import (
    AccountRow,
    AccountSeatRow,
    RatingRow,
    SessionRow,
    SignInFailureRow,
)
from parlour.server.community.sessions import COOKIE
from parlour.server.community.throttle import (
    ADDRESS_FAILURES,
    USERNAME_FAILURES,
    WINDOW,
    SignInThrottle,
    ThrottledError,
    address_key,
)
from parlour.server.store import SeatInfo, Store, TableRow

from .live import served
from .postgres import Postgres

PASSWORD = "correct horse battery"
OTHER = "another good password"


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2id with tiny parameters in the apps made here (the real ones take a second);
    the live servers, in their own processes, keep the real ones."""
    monkeypatch.setattr(
        accounts_module, "HASHER", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, over http."""
    with TestClient(create_app(db_url, workers=1, bot_delay=0)) as test_client:
        yield test_client


def sign_up(client: TestClient, username: str, password: str = PASSWORD) -> str:
    """Make an account through ``client`` (which is then signed in); its session id."""
    answer = client.post("/api/accounts", json={"username": username, "password": password})
    assert answer.status_code == 201, answer.text
    assert answer.json() == {"username": username}
    return str(answer.cookies[COOKIE])


def sign_in(client: TestClient | httpx.Client, username: str, password: str) -> httpx.Response:
    """``POST /api/session``."""
    return client.post("/api/session", json={"username": username, "password": password})


def other_browser(client: TestClient) -> TestClient:
    """A second client of the same running app, with a cookie jar of its own."""
    return TestClient(client.app, base_url=str(client.base_url))


def store_of(client: TestClient) -> Store:
    """The running app's store."""
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    return store


def throttle_of(client: TestClient) -> SignInThrottle:
    """The running app's sign-in throttle."""
    throttle: SignInThrottle = client.app.state.throttle  # type: ignore[attr-defined]
    return throttle


def rows(client: TestClient, kind: Any) -> list[Any]:
    """Every row of one of the accounts' tables."""
    with Session(store_of(client).engine) as session:
        return list(session.scalars(select(kind)).all())


def finished_table(store: Store, table_id: str, account_id: int, name: str) -> dict[str, Any]:
    """A Fearless game played to its end, seat 0 held by the account, stored as a finished
    table it opened; its record."""
    state = parlour.load("fearless").new_game(players=3, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    seats = [
        SeatInfo(None, hashlib.sha256(b"t").hexdigest(), name, account=account_id),
        # People, not bots: a running server on PostgreSQL hears of the new table and would
        # play a bot's turn between two of the actions appended here.
        SeatInfo(None, hashlib.sha256(b"u").hexdigest()),
        SeatInfo(None, hashlib.sha256(b"v").hexdigest()),
    ]
    store.create(
        table_id,
        "fearless",
        3,
        record["seed"],
        record["options"],
        seats,
        version=record.get("version"),
        creator_id=account_id,
    )
    for seq, text in enumerate(record["actions"], start=1):
        store.append(table_id, seq, 0, text)
    store.finish(table_id, state.scores(), state.winners())
    return record


# Signing up, in and out.


def test_sign_up_signs_in_with_a_cookie_only_the_server_reads(client: TestClient) -> None:
    answer = client.post("/api/accounts", json={"username": "Alice_1", "password": PASSWORD})
    assert answer.status_code == 201
    assert answer.json() == {"username": "Alice_1"}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = [part.strip().lower() for part in cookie.split(";")]
    assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
    assert "secure" not in flags  # plain http: a Secure cookie would never come back
    me = client.get("/api/me")
    assert me.status_code == 200
    assert me.json()["username"] == "Alice_1"
    assert datetime.fromisoformat(me.json()["joined"]).tzinfo is not None


def test_the_cookie_is_secure_over_https(db_url: str) -> None:
    app = create_app(db_url, workers=1, bot_delay=0)
    with TestClient(app, base_url="https://testserver") as client:
        for answer in (
            client.post("/api/accounts", json={"username": "tls", "password": PASSWORD}),
            sign_in(client, "tls", PASSWORD),
        ):
            flags = [part.strip().lower() for part in answer.headers["set-cookie"].split(";")]
            assert {"secure", "httponly", "samesite=lax"} <= set(flags)
        out = client.delete("/api/session")
        assert out.status_code == 204
        assert "secure" in out.headers["set-cookie"].lower()


def test_a_name_taken_in_other_case_is_refused(client: TestClient) -> None:
    sign_up(client, "Alice")
    for name in ("alice", "ALICE", "Alice"):
        answer = client.post("/api/accounts", json={"username": name, "password": OTHER})
        assert answer.status_code == 409, name
        assert answer.json()["type"] == "error"
    assert [row.username for row in rows(client, AccountRow)] == ["Alice"]
    # Sign-in ignores case too, and answers the name as chosen.
    assert sign_in(other_browser(client), "aLiCe", PASSWORD).json() == {"username": "Alice"}


@pytest.mark.parametrize(
    "name",
    [
        "<b>x</b>",
        "ab",
        "a" * 21,
        "a b",
        "bob!",
        "ümlaut",
        "abc\n",
        "",
        "<script>",
        "a&amp;b",
        5,
        None,
        ["alice"],
    ],
)
def test_a_bad_name_is_refused(client: TestClient, name: Any) -> None:
    answer = client.post("/api/accounts", json={"username": name, "password": PASSWORD})
    assert answer.status_code == 400
    assert "username" in answer.json()["message"]
    assert COOKIE not in answer.cookies
    assert rows(client, AccountRow) == []


def test_names_at_the_edges_are_taken(client: TestClient) -> None:
    for name in ("abc", "a" * 20, "A-b_9"):
        sign_up(other_browser(client), name)


@pytest.mark.parametrize("password", ["x" * 9, "x" * 201, "", 1234567890, None])
def test_a_bad_password_is_refused(client: TestClient, password: Any) -> None:
    answer = client.post("/api/accounts", json={"username": "alice", "password": password})
    assert answer.status_code == 400
    assert "password" in answer.json()["message"]
    assert rows(client, AccountRow) == []


def test_passwords_at_the_edges_are_taken(client: TestClient) -> None:
    sign_up(other_browser(client), "short", "x" * 10)
    sign_up(other_browser(client), "long", "é" * 200)
    assert sign_in(other_browser(client), "long", "é" * 200).status_code == 200


def test_a_password_no_hasher_can_encode_is_refused_not_a_server_error(
    client: TestClient,
) -> None:
    # JSON may carry a lone surrogate, which is no UTF-8 text.
    body = '{"username": "alice", "password": "abcdefghij\\ud800"}'
    headers = {"content-type": "application/json"}
    assert client.post("/api/accounts", content=body, headers=headers).status_code == 400
    sign_up(client, "alice")
    assert client.post("/api/session", content=body, headers=headers).status_code == 401


@pytest.mark.parametrize("body", ["not json", "[1, 2]", '"alice"', ""])
@pytest.mark.parametrize("path", ["/api/accounts", "/api/session"])
def test_a_body_that_is_no_json_object_is_refused(client: TestClient, path: str, body: str) -> None:
    answer = client.post(path, content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["type"] == "error"


def test_sign_in_opens_a_new_session(client: TestClient) -> None:
    first = sign_up(client, "alice")
    browser = other_browser(client)
    answer = sign_in(browser, "alice", PASSWORD)
    assert answer.status_code == 200
    assert answer.json() == {"username": "alice"}
    second = answer.cookies[COOKIE]
    assert second != first
    assert browser.get("/api/me").json()["username"] == "alice"
    assert client.get("/api/me").json()["username"] == "alice"
    # Signing in again in one browser replaces its session: the old one ends on the server.
    assert len(rows(client, SessionRow)) == 2
    assert sign_in(browser, "alice", PASSWORD).status_code == 200
    assert len(rows(client, SessionRow)) == 2
    replay = other_browser(client)
    replay.cookies.set(COOKIE, second)
    assert replay.get("/api/me").status_code == 401


def test_a_wrong_password_and_an_unknown_name_are_answered_alike(client: TestClient) -> None:
    sign_up(client, "alice")
    browser = other_browser(client)
    wrong = sign_in(browser, "alice", "not the password")
    unknown = sign_in(browser, "nobody", "not the password")
    malformed = sign_in(browser, "x!", "not the password")
    assert wrong.status_code == unknown.status_code == malformed.status_code == 401
    assert wrong.json() == unknown.json() == malformed.json()
    assert COOKIE not in wrong.cookies and COOKIE not in unknown.cookies
    assert browser.get("/api/me").status_code == 401


class CountingHasher(PasswordHasher):
    """A cheap hasher that counts what it computes."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.calls: list[str] = []

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        """Count, then hash."""
        self.calls.append("hash")
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        """Count, then verify."""
        self.calls.append("verify")
        return super().verify(hash, password)


def test_an_unknown_name_costs_one_argon2_computation_like_a_wrong_password(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'timing.db'}")
    hasher = CountingHasher()
    accounts = Accounts(store.engine, hasher)
    accounts.create("alice", PASSWORD)
    hasher.calls.clear()
    assert accounts.verify("alice", "wrong password") is None
    assert hasher.calls == ["verify"]
    hasher.calls.clear()
    assert accounts.verify("nobody", "wrong password") is None
    # Hashing with the same parameters is the work of a verification: the same time.
    assert hasher.calls == ["hash"]
    hasher.calls.clear()
    assert accounts.verify("alice", PASSWORD) is not None
    assert hasher.calls == ["verify"]
    store.close()


def test_passwords_are_stored_as_argon2id_hashes_with_the_libraries_parameters(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'real.db'}")
    accounts = Accounts(store.engine, PasswordHasher())  # the real parameters: about a second
    accounts.create("alice", PASSWORD)
    with Session(store.engine) as session:
        stored = session.scalar(select(AccountRow.password_hash))
    assert stored is not None
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert PASSWORD not in stored
    store.close()


def test_a_weaker_hash_is_upgraded_at_the_next_sign_in(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'upgrade.db'}")
    weak = Accounts(store.engine, PasswordHasher(time_cost=1, memory_cost=512, parallelism=1))
    weak.create("alice", PASSWORD)
    stronger = Accounts(store.engine, PasswordHasher(time_cost=2, memory_cost=1024, parallelism=1))
    assert stronger.verify("alice", PASSWORD) is not None
    with Session(store.engine) as session:
        stored = session.scalar(select(AccountRow.password_hash))
    assert stored is not None and "m=1024,t=2,p=1" in stored
    assert stronger.verify("alice", PASSWORD) is not None
    store.close()


# Throttling.


def test_the_sixth_sign_in_after_five_failures_is_refused_even_with_the_right_password(
    client: TestClient,
) -> None:
    sign_up(client, "alice")
    sign_up(other_browser(client), "bob")
    browser = other_browser(client)
    for _ in range(USERNAME_FAILURES):
        assert sign_in(browser, "ALICE", "wrong password").status_code == 401
    refused = sign_in(browser, "alice", PASSWORD)
    assert refused.status_code == 429
    assert refused.json()["type"] == "error"
    wait = int(refused.headers["Retry-After"])
    assert 0 < wait <= WINDOW.total_seconds()
    assert COOKIE not in refused.cookies
    # Refusals are no failures: they do not stretch the window.
    assert len(rows(client, SignInFailureRow)) == USERNAME_FAILURES
    # Another name from the same address is not refused (the address's limit is looser).
    assert sign_in(browser, "bob", PASSWORD).status_code == 200
    # Once the window has passed, the right password opens again.
    throttle = throttle_of(client)
    later = datetime.now(UTC) + timedelta(seconds=wait + 1)
    throttle.clock = lambda: later
    assert sign_in(browser, "alice", PASSWORD).status_code == 200


def test_the_refusal_ends_when_the_oldest_failure_leaves_the_window(client: TestClient) -> None:
    sign_up(client, "alice")
    now = datetime.now(UTC)
    with Session(store_of(client).engine) as session, session.begin():
        # Four failures 14 minutes ago, one now: the refusal lasts about one more minute.
        for minutes in (14, 14, 14, 14, 0):
            session.execute(
                insert(SignInFailureRow).values(
                    username_key="alice", address="elsewhere", at=now - timedelta(minutes=minutes)
                )
            )
        # Failures older than the window count for nothing.
        for _ in range(30):
            session.execute(
                insert(SignInFailureRow).values(
                    username_key="alice", address="testclient", at=now - timedelta(minutes=16)
                )
            )
    refused = sign_in(client, "alice", PASSWORD)
    assert refused.status_code == 429
    assert 50 <= int(refused.headers["Retry-After"]) <= 61
    throttle_of(client).clock = lambda: now + timedelta(minutes=1, seconds=1)
    assert sign_in(client, "alice", PASSWORD).status_code == 200


def test_one_address_trying_many_names_is_refused_after_twenty_failures(
    client: TestClient,
) -> None:
    sign_up(client, "alice")
    browser = other_browser(client)
    for number in range(ADDRESS_FAILURES):
        assert sign_in(browser, f"guess{number}", "wrong password").status_code == 401
    refused = sign_in(browser, "alice", PASSWORD)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    # No name reached its own limit: the address's is what refused.
    assert all(row.username_key != "alice" for row in rows(client, SignInFailureRow))


def test_attempts_made_at_once_get_no_more_guesses_than_the_limit(client: TestClient) -> None:
    throttle = throttle_of(client)
    allowed: list[int] = []
    refused: list[int] = []
    start = threading.Barrier(12)

    def guess() -> None:
        start.wait()
        try:
            allowed.append(throttle.attempt("alice", "198.51.100.7"))
        except ThrottledError as error:
            refused.append(error.retry_after)

    threads = [threading.Thread(target=guess) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Each attempt counts as a failure until it is forgotten: at most five are checked.
    assert 1 <= len(allowed) <= USERNAME_FAILURES
    assert len(allowed) + len(refused) == 12


def test_wrong_passwords_to_change_or_delete_are_throttled_too(client: TestClient) -> None:
    sign_up(client, "alice")
    for _ in range(USERNAME_FAILURES):
        answer = client.post(
            "/api/me/password", json={"password": "wrong password", "new_password": OTHER}
        )
        assert answer.status_code == 403
    for refused in (
        client.post("/api/me/password", json={"password": PASSWORD, "new_password": OTHER}),
        client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD}),
    ):
        assert refused.status_code == 429
        assert "Retry-After" in refused.headers
    assert [row.username for row in rows(client, AccountRow)] == ["alice"]
    assert sign_in(other_browser(client), "alice", OTHER).status_code != 200


def test_addresses_are_counted_by_ipv6_network() -> None:
    assert address_key("203.0.113.9") == "203.0.113.9"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::2")
    assert address_key("2001:db8:1:2::1") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_key("testclient") == "testclient"


# The Origin check.


def test_a_cross_site_origin_is_refused_and_changes_nothing(client: TestClient) -> None:
    evil = {"origin": "https://evil.example"}
    made = client.post(
        "/api/accounts", json={"username": "mallory", "password": PASSWORD}, headers=evil
    )
    assert made.status_code == 403
    assert COOKIE not in made.cookies
    assert rows(client, AccountRow) == []

    sign_up(client, "alice")
    sessions_before = len(rows(client, SessionRow))
    browser = other_browser(client)
    opened = browser.post(
        "/api/session", json={"username": "alice", "password": PASSWORD}, headers=evil
    )
    assert opened.status_code == 403
    assert COOKIE not in opened.cookies
    assert len(rows(client, SessionRow)) == sessions_before
    assert rows(client, SignInFailureRow) == []

    for method, path, body in (
        ("DELETE", "/api/session", None),
        ("POST", "/api/me/password", {"password": PASSWORD, "new_password": OTHER}),
        ("DELETE", "/api/accounts/me", {"password": PASSWORD}),
        ("POST", "/api/accounts", {"username": "alice2", "password": PASSWORD}),
    ):
        answer = client.request(method, path, json=body, headers={"origin": "null"})
        assert answer.status_code == 403, path
    # Still signed in, with the same password, and nothing else made.
    assert client.get("/api/me").status_code == 200
    assert sign_in(other_browser(client), "alice", PASSWORD).status_code == 200
    assert [row.username for row in rows(client, AccountRow)] == ["alice"]


def test_the_servers_own_origin_may_sign_in_and_out(client: TestClient) -> None:
    own = {"origin": "http://testserver"}
    made = client.post(
        "/api/accounts", json={"username": "alice", "password": PASSWORD}, headers=own
    )
    assert made.status_code == 201
    assert client.request("DELETE", "/api/session", headers=own).status_code == 204
    assert client.get("/api/me").status_code == 401


# Signing out, sessions.


def test_a_session_is_dead_on_the_server_after_sign_out(client: TestClient) -> None:
    session_id = sign_up(client, "alice")
    out = client.delete("/api/session")
    assert out.status_code == 204
    assert (
        f'{COOKIE}=""' in out.headers["set-cookie"]
        or "max-age=0" in out.headers["set-cookie"].lower()
    )
    assert client.get("/api/me").status_code == 401
    # The old cookie sent again, as a copy kept elsewhere would be: dead.
    replay = other_browser(client)
    replay.cookies.set(COOKIE, session_id)
    assert replay.get("/api/me").status_code == 401
    assert rows(client, SessionRow) == []
    # Signing out again, or signed out, is no error.
    assert replay.delete("/api/session").status_code == 204


def test_only_the_session_ids_hash_is_stored(client: TestClient) -> None:
    session_id = sign_up(client, "alice")
    [stored] = rows(client, SessionRow)
    assert stored.id_hash == hashlib.sha256(session_id.encode()).hexdigest()
    assert session_id not in stored.id_hash
    # The stored hash used as a cookie opens nothing.
    thief = other_browser(client)
    thief.cookies.set(COOKIE, stored.id_hash)
    assert thief.get("/api/me").status_code == 401


def test_an_expired_or_made_up_session_is_refused(client: TestClient) -> None:
    sign_up(client, "alice")
    with Session(store_of(client).engine) as session, session.begin():
        session.execute(update(SessionRow).values(expires_at=datetime.now(UTC) - timedelta(1)))
    assert client.get("/api/me").status_code == 401
    guest = other_browser(client)
    for made_up in ("x", "A" * 43, "a.b-c_d~"):
        guest.cookies.set(COOKIE, made_up)
        assert guest.get("/api/me").status_code == 401


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/me", None),
        ("GET", "/api/me/export", None),
        ("POST", "/api/me/password", {"password": PASSWORD, "new_password": OTHER}),
        ("DELETE", "/api/accounts/me", {"password": PASSWORD}),
    ],
)
def test_a_guest_is_told_to_sign_in(client: TestClient, method: str, path: str, body: Any) -> None:
    answer = client.request(method, path, json=body)
    assert answer.status_code == 401
    assert answer.json()["type"] == "error"


# Changing the password, deleting the account.


def test_a_password_change_signs_out_every_other_session(client: TestClient) -> None:
    sign_up(client, "alice")
    laptop = other_browser(client)
    assert sign_in(laptop, "alice", PASSWORD).status_code == 200
    wrong = client.post(
        "/api/me/password", json={"password": "wrong password", "new_password": OTHER}
    )
    assert wrong.status_code == 403
    short = client.post("/api/me/password", json={"password": PASSWORD, "new_password": "short"})
    assert short.status_code == 400
    assert laptop.get("/api/me").status_code == 200  # refused changes changed nothing

    changed = client.post("/api/me/password", json={"password": PASSWORD, "new_password": OTHER})
    assert changed.status_code == 204
    assert client.get("/api/me").status_code == 200  # the session that asked goes on
    assert laptop.get("/api/me").status_code == 401
    fresh = other_browser(client)
    assert sign_in(fresh, "alice", PASSWORD).status_code == 401
    assert sign_in(fresh, "alice", OTHER).status_code == 200


def test_a_deleted_account_leaves_its_finished_games_under_deleted_player(
    client: TestClient,
) -> None:
    sign_up(client, "alice")
    laptop = other_browser(client)
    assert sign_in(laptop, "alice", PASSWORD).status_code == 200
    [account] = rows(client, AccountRow)
    store = store_of(client)
    record = finished_table(store, "t-gone", account.id, "alice")
    wrong = client.request("DELETE", "/api/accounts/me", json={"password": "wrong password"})
    assert wrong.status_code == 403
    assert client.get("/api/me").status_code == 200

    gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
    assert gone.status_code == 204
    assert client.get("/api/me").status_code == 401
    assert laptop.get("/api/me").status_code == 401
    for kind in (AccountRow, SessionRow, AccountSeatRow, RatingRow):
        assert rows(client, kind) == []
    info = store.get("t-gone")
    assert info is not None and info.finished_at is not None
    assert info.seats[0].name == DELETED_NAME
    assert info.seats[0].account is None
    assert info.creator_id is None
    assert info.record() == record
    assert parlour.replay(info.record()).is_over
    table = client.get("/api/tables/t-gone")
    assert table.status_code == 200
    assert DELETED_NAME in table.text and "alice" not in table.text
    assert client.get("/api/tables/t-gone/record").json()["actions"] == record["actions"]
    # The name is free again, for anyone.
    assert sign_in(other_browser(client), "alice", PASSWORD).status_code == 401
    sign_up(other_browser(client), "Alice", OTHER)


def test_a_live_table_names_a_deleted_accounts_seat_at_once(client: TestClient) -> None:
    sign_up(client, "alice")
    made = client.post(
        "/api/tables", json={"game": "fearless", "players": 3, "sit": 0, "bots": {"1": "random"}}
    )
    assert made.status_code == 201, made.text
    table_id = made.json()["table"]
    assert client.get(f"/api/tables/{table_id}").json()["table"]["names"][0] == "alice"

    gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
    assert gone.status_code == 204
    # The copy in memory took in the stored seats: it would write the old ones back else.
    names = client.get(f"/api/tables/{table_id}").json()["table"]["names"]
    assert names[0] == DELETED_NAME


def test_the_export_holds_the_games_and_ratings_and_no_secret(client: TestClient) -> None:
    session_id = sign_up(client, "alice")
    [account] = rows(client, AccountRow)
    store = store_of(client)
    record = finished_table(store, "t-export", account.id, "alice")
    with Session(store.engine) as session, session.begin():
        session.add(RatingRow(account_id=account.id, game="fearless", mu=27.0, sigma=7.5, games=1))
    answer = client.get("/api/me/export")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="parlour-alice.json"'
    assert answer.headers["cache-control"] == "no-store"
    data = answer.json()
    assert data["account"]["username"] == "alice"
    assert data["ratings"] == [{"game": "fearless", "mu": 27.0, "sigma": 7.5, "games": 1}]
    [game] = data["games"]
    assert game["table"] == "t-export" and game["seat"] == 0 and game["record"] == record
    assert game["finished_at"] is not None
    text = answer.text
    for secret in (
        PASSWORD,
        account.password_hash,
        "$argon2",
        session_id,
        hashlib.sha256(session_id.encode()).hexdigest(),
        hashlib.sha256(b"t").hexdigest(),  # the seat's token hash
    ):
        assert secret not in text


# The same on PostgreSQL.


def fresh_database(postgres: Postgres) -> str:
    """A new database on the server; its URL."""
    import psycopg

    name = f"accounts_{random.randrange(10**9)}"
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres.port} user=parlour dbname=postgres", autocommit=True
    ) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return postgres.url.replace("/postgres", f"/{name}")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'parlour.db'}"
    return fresh_database(request.getfixturevalue("postgres"))


def test_the_core_of_accounts_on_each_database(any_url: str) -> None:
    with TestClient(create_app(any_url, workers=1, bot_delay=0)) as client:
        session_id = sign_up(client, "Alice")
        assert (
            client.post("/api/accounts", json={"username": "alice", "password": OTHER}).status_code
            == 409
        )
        assert (
            client.post(
                "/api/accounts", json={"username": "<b>x</b>", "password": OTHER}
            ).status_code
            == 400
        )
        laptop = other_browser(client)
        wrong, unknown = (
            sign_in(laptop, "alice", "wrong!password"),
            sign_in(laptop, "bob", "x" * 10),
        )
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json()
        for _ in range(USERNAME_FAILURES - 1):
            assert sign_in(laptop, "alice", "wrong!password").status_code == 401
        refused = sign_in(laptop, "alice", PASSWORD)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        throttle_of(client).clock = lambda: datetime.now(UTC) + WINDOW
        assert sign_in(laptop, "alice", PASSWORD).status_code == 200

        evil = {"origin": "https://evil.example"}
        assert client.delete("/api/session", headers=evil).status_code == 403
        assert client.get("/api/me").status_code == 200
        assert (
            client.post(
                "/api/me/password", json={"password": PASSWORD, "new_password": OTHER}
            ).status_code
            == 204
        )
        assert laptop.get("/api/me").status_code == 401
        assert client.delete("/api/session").status_code == 204
        replay = other_browser(client)
        replay.cookies.set(COOKIE, session_id)
        assert replay.get("/api/me").status_code == 401

        assert sign_in(client, "alice", OTHER).status_code == 200
        [account] = rows(client, AccountRow)
        finished_table(store_of(client), "t-pg", account.id, "Alice")
        export = client.get("/api/me/export").json()
        assert [game["table"] for game in export["games"]] == ["t-pg"]
        assert (
            client.request("DELETE", "/api/accounts/me", json={"password": OTHER}).status_code
            == 204
        )
        info = store_of(client).get("t-pg")
        assert info is not None and info.seats[0].name == DELETED_NAME
        sign_up(other_browser(client), "alice")


def test_a_table_of_an_account_survives_on_each_database(any_url: str) -> None:
    store = Store(any_url)
    accounts = Accounts(store.engine)
    account = accounts.create("carol", PASSWORD)
    finished_table(store, "t-carol", account.id, "carol")
    with Session(store.engine) as session:
        held = session.scalars(select(AccountSeatRow)).all()
        assert [(row.table_id, row.seat, row.account_id) for row in held] == [
            ("t-carol", 0, account.id)
        ]
        row = session.get(TableRow, "t-carol")
        assert row is not None and row.creator_id == account.id
    accounts.delete(account, PASSWORD)
    info = store.get("t-carol")
    assert info is not None and info.seats[0].name == DELETED_NAME and info.creator_id is None
    store.close()


# Real server processes.


def test_no_password_or_session_id_reaches_the_servers_output(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    with served(db, folder=tmp_path) as (address, _), httpx.Client(base_url=address) as http:
        made = http.post("/api/accounts", json={"username": "alice", "password": PASSWORD})
        assert made.status_code == 201
        ids = [made.cookies[COOKIE]]
        assert http.delete("/api/session").status_code == 204
        assert sign_in(http, "alice", "wrong password, once").status_code == 401
        assert sign_in(http, "nobody", "wrong password, twice").status_code == 401
        bad = http.post("/api/accounts", json={"username": "b c", "password": "short pass"})
        assert bad.status_code == 400
        weird = http.post(
            "/api/session",
            content='{"username": "alice", "password": "surrogate\\ud800pass"}',
            headers={"content-type": "application/json"},
        )
        assert weird.status_code == 401
        signed = sign_in(http, "alice", PASSWORD)
        assert signed.status_code == 200
        ids.append(signed.cookies[COOKIE])
        assert (
            http.post(
                "/api/me/password", json={"password": PASSWORD, "new_password": OTHER}
            ).status_code
            == 204
        )
        assert http.get("/api/me/export").status_code == 200
        assert http.delete("/api/session").status_code == 204
    output = (tmp_path / "stdout").read_text() + (tmp_path / "stderr").read_text()
    assert "Parlour is open at" in output  # the output was captured
    secrets = [PASSWORD, OTHER, "wrong password", "short pass", "surrogate", *ids]
    secrets += [hashlib.sha256(i.encode()).hexdigest() for i in ids]
    for secret in secrets:
        assert secret not in output


def test_the_cookie_is_secure_behind_a_tls_proxy(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    # The proxy on this machine says the browser came over https (and from which address).
    proxy = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.5"}
    with served(db, folder=tmp_path) as (address, _):
        made = httpx.post(
            f"{address}/api/accounts",
            json={"username": "alice", "password": PASSWORD},
            headers={**proxy, "origin": "https://127.0.0.1:" + address.rsplit(":", 1)[1]},
        )
        assert made.status_code == 201
        assert "secure" in made.headers["set-cookie"].lower()
        plain = httpx.post(
            f"{address}/api/session", json={"username": "alice", "password": PASSWORD}
        )
        assert "secure" not in plain.headers["set-cookie"].lower()
    # A proxy elsewhere is believed only when the operator names it.
    with served(db, "--forwarded-allow-ips", "192.0.2.1", folder=tmp_path) as (address, _):
        untrusted = httpx.post(
            f"{address}/api/session",
            json={"username": "alice", "password": PASSWORD},
            headers=proxy,
        )
        assert untrusted.status_code == 200
        assert "secure" not in untrusted.headers["set-cookie"].lower()
    with Session(create_engine(db)) as session:
        assert session.scalars(select(SignInFailureRow)).all() == []


def test_two_processes_share_sessions_sign_outs_and_throttles(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = fresh_database(postgres)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with (
        served(url, folder=tmp_path / "a") as (one, _),
        served(url, folder=tmp_path / "b") as (two, _),
        httpx.Client(base_url=one, timeout=30) as first,
        httpx.Client(base_url=two, timeout=30) as second,
    ):
        made = first.post("/api/accounts", json={"username": "alice", "password": PASSWORD})
        assert made.status_code == 201
        # A session made on one process works on the other.
        second.cookies.set(COOKIE, made.cookies[COOKIE])
        assert second.get("/api/me").json()["username"] == "alice"
        # Signed out on the other: dead on both.
        assert second.delete("/api/session").status_code == 204
        assert first.get("/api/me").status_code == 401
        replay = httpx.get(f"{one}/api/me", cookies={COOKIE: made.cookies[COOKIE]})
        assert replay.status_code == 401
        # Failures counted on one throttle the other, the right password included.
        for _ in range(USERNAME_FAILURES):
            assert sign_in(first, "alice", "wrong password").status_code == 401
        refused = sign_in(second, "alice", PASSWORD)
        assert refused.status_code == 429
        assert int(refused.headers["Retry-After"]) > 0
