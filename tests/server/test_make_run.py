"""The README's `make run`: it serves the games, prints the address, and Ctrl-C stops it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import httpx
import pexpect
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from .live import free_port

MAKE = shutil.which("make")


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_run_serves_and_prints_the_address(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    port = free_port()
    child = pexpect.spawn(
        str(MAKE),
        [
            "-s",
            "-f",
            str(root / "Makefile"),
            "run",
            "RUN_STAMP=",
            f"BIN={Path(sys.executable).parent}",
            f"PORT={port}",
        ],
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    child.expect_exact(f"Parlour is open at http://127.0.0.1:{port}/")
    child.expect_exact("Ctrl-C stops it")
    # The address is printed just before uvicorn binds the port.
    deadline = time.monotonic() + 30
    while True:
        try:
            lobby = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
            break
        except httpx.ConnectError:
            assert time.monotonic() < deadline, "make run did not start serving"
            time.sleep(0.1)
    assert lobby.status_code == 200 and "Open a table" in lobby.text
    # Ctrl-C reaches make too, which reports the interrupt; the server itself ends cleanly.
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
    assert (tmp_path / "parlour.db").exists()  # the SQLite default, beside where it started


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_run_installs_only_what_serving_needs(tmp_path: Path) -> None:
    # `make -n` prints what a fresh `make run` would do without doing it.
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [str(MAKE), "-n", "-C", str(root), "run", f"VENV={tmp_path / 'venv'}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    installs = [line for line in done.stdout.splitlines() if "pip install" in line]
    # The pinned versions, each checked against its hash, then the package without more.
    assert installs[-2].endswith("--require-hashes -r requirements.lock"), done.stdout
    assert installs[-1].endswith("--no-deps -e '.[postgres]'"), done.stdout
    assert not any(x in line for line in installs for x in ("dev", "rl", "sim")), installs
    # `make test` still installs every extra.
    done = subprocess.run(
        [str(MAKE), "-n", "-C", str(root), "lint", f"VENV={tmp_path / 'venv'}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "-e '.[dev,rl,sim,postgres]'" in done.stdout, done.stdout


def test_a_bad_database_url_is_one_clear_sentence(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from parlour.cli.app import main; main()",
            "serve",
            "--db",
            "nosuch://x",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("parlour serve: cannot open the database 'nosuch://x'")
    assert "Traceback" not in done.stderr


def test_the_lock_file_pins_every_dependency_of_serving_within_pyproject() -> None:
    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    wanted = [
        Requirement(text)
        for text in [*project["dependencies"], *project["optional-dependencies"]["postgres"]]
    ]
    pins: dict[str, str] = {}
    hashed: set[str] = set()
    for line in (root / "requirements.lock").read_text().splitlines():
        pinned = re.match(r"^([A-Za-z0-9._-]+)==(\S+)", line)
        if pinned:
            name = canonicalize_name(pinned[1])
            pins[name] = pinned[2]
        elif line.strip().startswith("--hash=sha256:"):
            hashed.add(name)
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock: run `make lock`"
        assert requirement.specifier.contains(pins[name]), (
            f"requirements.lock pins {name}=={pins[name]}, outside {requirement.specifier}: "
            "run `make lock`"
        )
    assert hashed == set(pins)
