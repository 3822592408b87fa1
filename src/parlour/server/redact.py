"""What of the database's address and credentials may be shown, and to whom: the operator
sees a URL without its password, a client sees a failure without the server's address."""

from __future__ import annotations

import re

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

__all__ = ["shown_reason", "shown_url"]


def shown_url(url: str) -> str:
    """``url`` as it may be printed or logged: never with its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        # Not a URL SQLAlchemy can read: its text may still hold a password after a colon.
        return re.sub(r"//([^:/@]*):[^/]*@", r"//\1:***@", url)


# The driver's words that name where the database server is: "connection to server at
# "10.0.0.5", port 5432 failed", "... on socket "/run/...""; "failed to resolve host 'db'".
_ADDRESS = re.compile(
    r"""connection to server (?:at "[^"]*"(?: \([^)]*\))?, port \d+|on socket "[^"]*")"""
    r"""|host '[^']*'"""
)


def shown_reason(reason: str) -> str:
    """The database's reason for a failure as a client may read it: without the database
    server's address (a client has no business knowing where it is)."""
    return _ADDRESS.sub(
        lambda found: (
            "the database server's host"
            if found[0].startswith("host")
            else "connection to the database server"
        ),
        reason,
    )
