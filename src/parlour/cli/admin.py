"""``parlour admin``: the admin's tools from the command line, on the database ``parlour
serve`` uses (docs/server.md, "Admin"): tables, accounts, chat, reports and retention."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console

from .common import EXIT_USAGE, fail

__all__ = ["admin_app"]

admin_app = typer.Typer(
    help="Admin tools on the database a server uses: list, stop and delete tables; list, ban, "
    "mute and promote accounts; delete a chat line; read and resolve reports; run retention.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
tables_app = typer.Typer(help="Tables: list, stop, delete.", no_args_is_help=True)
accounts_app = typer.Typer(
    help="Accounts: list, ban, unban, mute, unmute, make-admin.", no_args_is_help=True
)
chat_app = typer.Typer(help="Chat: delete a line.", no_args_is_help=True)
reports_app = typer.Typer(help="Players' reports: list, resolve.", no_args_is_help=True)
retention_app = typer.Typer(help="Retention: run a round now.", no_args_is_help=True)
for name, sub in [
    ("tables", tables_app),
    ("accounts", accounts_app),
    ("chat", chat_app),
    ("reports", reports_app),
    ("retention", retention_app),
]:
    admin_app.add_typer(sub, name=name)

Db = Annotated[
    str,
    typer.Option(help="Database URL, the one `parlour serve` uses.", envvar="PARLOUR_DATABASE_URL"),
]
DEFAULT_DB = "sqlite:///parlour.db"
TableId = Annotated[str, typer.Argument(help="The table's id (`parlour admin tables list`).")]


@contextmanager
def _store(db: str) -> Iterator[Any]:
    """The store at ``db``; a one-line error (the URL's password hidden) if it cannot open."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from ..server.store import Store  # the server's stack loads only for these commands

    try:
        shown = make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        fail(f"--db is not a database URL: {db!r}", EXIT_USAGE)
    try:
        store = Store(db)
    except (ImportError, SQLAlchemyError) as error:
        fail(f"cannot open the database {shown}: {_reason(error)}")
    try:
        yield store
    except SQLAlchemyError as error:
        fail(f"the database {shown} failed: {_reason(error)}")
    finally:
        store.close()


def _reason(error: Exception) -> str:
    """The first line of a database error (drivers never put the password in it)."""
    lines = str(getattr(error, "orig", None) or error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _moderation(store: Any) -> Any:
    from ..server.community.moderation import Moderation

    return Moderation(store.engine)


def _print_rows(rows: list[dict[str, Any]], columns: list[str], empty: str) -> None:
    """The rows on stdout, one a line, ``columns`` separated by tabs under a heading line
    (what ``cut`` and ``awk`` read), or ``empty`` when there are none."""
    if not rows:
        typer.echo(empty)
        return
    typer.echo("\t".join(columns))
    for row in rows:
        typer.echo("\t".join("-" if row[c] is None else _cell(row[c]) for c in columns))


def _cell(value: Any) -> str:
    """A value on one line: tabs and line breaks a reason may hold become spaces."""
    return " ".join(str(value).split())


def _done(message: str) -> None:
    Console(soft_wrap=True).print(message, highlight=False)


# -- tables -------------------------------------------------------------------------------------


@tables_app.command("list")
def tables_list(db: Db = DEFAULT_DB) -> None:
    """The newest tables (private ones too), newest first."""
    with _store(db) as store:
        rows = _moderation(store).tables()
    for row in rows:
        row["names"] = ", ".join(str(name) for name in row["names"])
    columns = ["id", "game", "status", "public", "moves", "created_at", "moved_at", "names"]
    _print_rows(rows, columns, "no tables")


@tables_app.command("stop")
def tables_stop(table_id: TableId, db: Db = DEFAULT_DB) -> None:
    """Stop a table's game where it stands: no more moves; its players' pages are told and
    their connections end (close code 4423) on every server process."""
    from ..server.store import ConflictError, GoneError

    with _store(db) as store:
        try:
            store.stop(table_id)
        except GoneError:
            fail(f"there is no table {table_id!r}")
        except ConflictError as error:
            fail(str(error))
        _done(f"table {table_id} stopped{_heard(store)}")


@tables_app.command("delete")
def tables_delete(table_id: TableId, db: Db = DEFAULT_DB) -> None:
    """Delete a table with its actions, chat and seats; its connections end (4410)."""
    from ..server.store import GoneError

    with _store(db) as store:
        try:
            store.delete_table(table_id)
        except GoneError:
            fail(f"there is no table {table_id!r}")
        _done(f"table {table_id} deleted{_heard(store)}")


def _heard(store: Any) -> str:
    """How a running server learns of the change."""
    if store.announces:
        return ""  # every server process hears of it at once (PostgreSQL NOTIFY)
    return " (a server running on this SQLite file takes it in within a few seconds)"


# -- accounts and chat ----------------------------------------------------------------------------


@accounts_app.command("list")
def accounts_list(db: Db = DEFAULT_DB) -> None:
    """The newest accounts, with their role and whether banned or muted."""
    with _store(db) as store:
        rows = _moderation(store).accounts()
    _print_rows(rows, ["username", "role", "joined", "banned_at", "muted_at"], "no accounts")


def _account_command(action: str) -> None:
    def command(
        username: Annotated[str, typer.Argument(help="The account's username.")],
        db: Db = DEFAULT_DB,
    ) -> None:
        from ..server.community.moderation import ModerationError

        with _store(db) as store:
            try:
                _moderation(store).apply(username, action)
            except ModerationError as error:
                fail(error.message)
        _done(f"{username}: {action} done")

    docs = {
        "ban": "Ban an account: it can neither sign in, sit nor chat.",
        "unban": "Lift an account's ban.",
        "mute": "Mute an account: it cannot chat.",
        "unmute": "Lift an account's mute.",
        "make-admin": "Give an account the admin role (the /admin page).",
    }
    command.__doc__ = docs[action]
    accounts_app.command(action)(command)


for _action in ("ban", "unban", "mute", "unmute", "make-admin"):
    _account_command(_action)


@chat_app.command("delete")
def chat_delete(
    line_id: Annotated[int, typer.Argument(help="The line's id (a report names it).")],
    db: Db = DEFAULT_DB,
) -> None:
    """Delete a chat line: never shown again, and dropped from the pages showing it."""
    from ..server.store import GoneError

    with _store(db) as store:
        try:
            store.delete_chat(line_id)
        except GoneError as error:
            fail(str(error))
        _done(f"chat line {line_id} deleted{_heard(store)}")


# -- reports --------------------------------------------------------------------------------------


@reports_app.command("list")
def reports_list(
    every: Annotated[bool, typer.Option("--all", help="Resolved reports too.")] = False,
    db: Db = DEFAULT_DB,
) -> None:
    """The open reports, oldest first."""
    with _store(db) as store:
        found = _moderation(store).reports(open_only=not every)
    columns = ["id", "created_at", "reporter", "table", "chat", "subject", "chat_text", "reason"]
    if every:
        columns.append("resolved_at")
    _print_rows([r.to_json() for r in found], columns, "no open reports")


@reports_app.command("resolve")
def reports_resolve(
    report_id: Annotated[int, typer.Argument(help="The report's id.")], db: Db = DEFAULT_DB
) -> None:
    """Mark an open report resolved."""
    from ..server.community.moderation import ModerationError

    with _store(db) as store:
        try:
            _moderation(store).resolve(report_id)
        except ModerationError as error:
            fail(error.message)
    _done(f"report {report_id} resolved")


# -- retention ------------------------------------------------------------------------------------


@retention_app.command("run")
def retention_run(
    close_idle_days: Annotated[
        float | None,
        typer.Option(
            help="Stop unfinished tables nobody touched for this many days.",
            min=0.0,
            envvar="PARLOUR_CLOSE_IDLE_DAYS",
        ),
    ] = None,
    delete_guest_games_days: Annotated[
        float | None,
        typer.Option(
            help="Delete finished games without an account's seat after this many days.",
            min=0.0,
            envvar="PARLOUR_DELETE_GUEST_GAMES_DAYS",
        ),
    ] = None,
    db: Db = DEFAULT_DB,
) -> None:
    """Run one round of the retention policy now (the server runs it every hour)."""
    from ..server.retention import Retention, run

    policy = Retention(close_idle_days, delete_guest_games_days)
    if not policy.active:
        fail(
            "give the policy: --close-idle-days N and/or --delete-guest-games-days M "
            "(or PARLOUR_CLOSE_IDLE_DAYS, PARLOUR_DELETE_GUEST_GAMES_DAYS)",
            EXIT_USAGE,
        )
    with _store(db) as store:
        outcome = run(store, policy)
        heard = _heard(store)
    if not outcome.ran:
        fail("another process is running a round now: try again in a moment")
    _done(
        f"{len(outcome.stopped)} idle tables stopped, {len(outcome.deleted)} guests' finished "
        f"games deleted ({policy.describe()}){heard}"
    )
