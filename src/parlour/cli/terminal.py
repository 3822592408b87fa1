"""The terminal's foreground: Ctrl-C during a game reaches this program only."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress

__all__ = ["foreground"]


def _give(fd: int, group: int) -> None:
    """Make ``group`` the terminal's foreground process group (from the background too)."""
    # A background group asking for the terminal gets SIGTTOU, which would stop it.
    old = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    try:
        os.tcsetpgrp(fd, group)
    finally:
        signal.signal(signal.SIGTTOU, old)


@contextmanager
def foreground() -> Iterator[None]:
    """Run the block in a process group of its own, in the terminal's foreground.

    Ctrl-C signals the whole foreground group: started by ``make run``, a quit at the
    table would also interrupt make, which then reports a failure. In a group of its own
    only this program hears it. Without a terminal, or where the group cannot change (a
    session leader), the block runs as it is.
    """
    fd = sys.stdin.fileno() if sys.stdin is not None and sys.stdin.isatty() else -1
    before = None
    if fd >= 0:
        try:
            if os.tcgetpgrp(fd) == os.getpgrp():
                group = os.getpgrp()
                os.setpgid(0, 0)
                _give(fd, os.getpgrp())
                before = group
        except OSError:
            before = None
    try:
        yield
    finally:
        if before is not None:
            # The group that started us may be gone; then nobody needs the terminal back.
            with suppress(OSError):
                _give(fd, before)
