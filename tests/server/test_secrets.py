"""The database's password and address stay out of every output of ``parlour serve``, and
its settings come from the environment (``PARLOUR_*``) as well as from its flags."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from parlour.cli.app import app
from parlour.server.config import ServeSettings
from parlour.server.redact import shown_reason, shown_url

from .live import free_port, stop
from .postgres import Postgres

SERVE = [sys.executable, "-c", "from parlour.cli.app import main; main()", "serve"]
PASSWORD = "Wh1spered-Secret"


def with_password(url: str) -> str:
    """``url`` with the password (the test server trusts every local connection, so a
    password is sent and ignored, as a real server would check it)."""
    return url.replace("parlour@", f"parlour:{PASSWORD}@")


def environment(**settings: str) -> dict[str, str]:
    """This process's environment without any PARLOUR_ setting of its own, plus ``settings``."""
    kept = {name: value for name, value in os.environ.items() if not name.startswith("PARLOUR_")}
    return {**kept, **settings}


def answering(process: subprocess.Popen[str], port: int) -> None:
    """Wait until the server answers on ``port``; fail with its output if it stops."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            out, err = process.communicate()
            pytest.fail(f"the server stopped: {out}{err}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    pytest.fail("the server did not answer within 60 s")


def test_a_url_is_shown_without_its_password() -> None:
    assert shown_url(f"postgresql+psycopg://parlour:{PASSWORD}@db:5432/parlour") == (
        "postgresql+psycopg://parlour:***@db:5432/parlour"
    )
    assert PASSWORD not in shown_url(f"postgres ql://parlour:{PASSWORD}@db/parlour")
    assert shown_url("sqlite:///parlour.db") == "sqlite:///parlour.db"


def test_a_clients_reason_does_not_say_where_the_database_is() -> None:
    reasons = [
        'connection failed: connection to server at "10.1.2.3", port 6543 failed: refused',
        'connection to server at "db.internal" (10.1.2.3), port 6543 failed: timeout',
        'connection to server on socket "/run/pg-6543/.s.PGSQL.6543" failed: no such file',
        "failed to resolve host 'db.internal': [Errno -2] Name or service not known",
    ]
    for reason in reasons:
        shown = shown_reason(reason)
        assert not any(part in shown for part in ("10.1.2.3", "db.internal", "6543")), shown
    assert shown_reason("database is locked") == "database is locked"


@pytest.mark.parametrize("given", ["flag", "environment"])
def test_a_database_that_cannot_be_opened_is_named_without_its_password(given: str) -> None:
    url = f"postgresql+psycopg://parlour:{PASSWORD}@127.0.0.1:{free_port()}/parlour"
    flags = ["--db", url] if given == "flag" else []
    env = environment(PARLOUR_DATABASE_URL=url) if given == "environment" else environment()
    done = subprocess.run(
        [*SERVE, "--port", str(free_port()), *flags],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "cannot open the database 'postgresql+psycopg://parlour:***@127.0.0.1" in done.stderr
    assert PASSWORD not in done.stdout + done.stderr


def test_serving_says_no_password_anywhere_and_flags_win_over_the_environment(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = with_password(postgres.url)
    port, unused = free_port(), free_port()
    # The environment names a port and the flag another: the flag wins; the rest (the
    # database, the bot processes) comes from the environment alone.
    env = environment(PARLOUR_DATABASE_URL=url, PARLOUR_PORT=str(unused), PARLOUR_WORKERS="1")
    process = subprocess.Popen(
        [*SERVE, "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    answers: list[str] = []
    try:
        answering(process, port)
        health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()
        assert health["database"] == "postgresql"
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://127.0.0.1:{unused}/api/games", timeout=1)
        body = {"game": "fearless", "players": 3, "bots": {"1": "random", "2": "random"}}
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body, timeout=30)
        assert made.status_code == 201, made.text
        postgres.stop()
        try:
            for request in (
                lambda: httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body, timeout=30),
                lambda: httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=30),
            ):
                answer = request()
                answers.append(f"{answer.status_code} {answer.headers} {answer.text}")
                assert answer.status_code == 503, answer.text
                assert answer.json()["message"].startswith("the database is unavailable (")
        finally:
            postgres.start()
    finally:
        stop(process)
    out, err = process.communicate()
    assert f"(database: postgresql+psycopg://parlour:***@127.0.0.1:{postgres.port}/" in out
    everything = out + err + "".join(answers)
    assert PASSWORD not in everything
    for answer in answers:
        assert str(postgres.port) not in answer, answer


def test_a_wrong_setting_in_the_environment_is_one_sentence(tmp_path: Path) -> None:
    done = subprocess.run(
        [*SERVE, "--port", str(free_port())],
        env=environment(
            PARLOUR_DATABASE_URL=f"sqlite:///{tmp_path / 'x.db'}", PARLOUR_WORKERS="none"
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "PARLOUR_WORKERS: Input should be a valid integer" in done.stderr, done.stderr


def test_lists_come_from_the_environment_as_json_or_one_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PARLOUR_ALLOW_ORIGIN", '["https://a.example", "https://b.example"]')
    monkeypatch.setenv("PARLOUR_AGENT", "cmd:python bot.py --level 2, fast")
    settings = ServeSettings(port=9000)
    assert settings.allow_origin == ("https://a.example", "https://b.example")
    assert settings.agent == ("cmd:python bot.py --level 2, fast",)
    assert settings.port == 9000
    assert ServeSettings(agent=["llm:base=http://x:model=m"]).agent == (
        "llm:base=http://x:model=m",
    )


def test_the_systemd_unit_keeps_its_settings_in_the_environment_file() -> None:
    deploy = Path(__file__).parents[2] / "deploy"
    unit = (deploy / "parlour@.service").read_text().splitlines()
    assert "EnvironmentFile=/etc/parlour/env" in unit
    (command,) = [line for line in unit if line.startswith("ExecStart=")]
    assert command.endswith("parlour serve --port %i"), command
    # Each variable of the example file is a setting of `parlour serve`.
    names = {
        line.split("=", 1)[0].lstrip("# ")
        for line in (deploy / "parlour.env").read_text().splitlines()
        if "=" in line and line.lstrip("# ").startswith("PARLOUR_")
    }
    assert names
    assert {name.removeprefix("PARLOUR_").lower() for name in names} <= set(
        ServeSettings.model_fields
    )


def test_the_help_gives_the_settings_own_defaults() -> None:
    # The flags' help says the defaults for people; the settings are their one source.
    done = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    shown = " ".join(done.output.split())
    fields = ServeSettings.model_fields
    assert f"default {fields['host'].default}." in shown
    assert f"(the default: {fields['database_url'].default})" in shown
    for name in ("port", "workers", "bot_delay", "message_rate"):
        assert f"default {fields[name].default:g}." in shown, name


def test_a_moves_database_trouble_does_not_say_where_the_database_is() -> None:
    # What a player reads when a move cannot be stored (hub.database_trouble): no address.
    from sqlalchemy.exc import OperationalError

    from parlour.server.hub import database_trouble

    orig = Exception('connection to server at "10.1.2.3", port 6543 failed: refused')
    said = database_trouble(OperationalError("INSERT ...", {}, orig))
    assert "10.1.2.3" not in said and "6543" not in said and "refused" in said
