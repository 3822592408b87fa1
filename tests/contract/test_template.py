"""Every game folder fills the same template (docs/template.md), with no import cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import parlour

GAMES = Path(parlour.__file__).parent / "games"
# The modules every game has, each with the same role (docs/template.md).
TEMPLATE = ("__init__", "cards", "actions", "events", "state", "views", "scoring", "scenario")
FOLDERS = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())


def runtime_imports(path: Path) -> set[str]:
    """The sibling modules a module imports when it runs (``TYPE_CHECKING`` blocks excluded)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    visit(inner)

    visit(tree.body)
    return found


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_a_game_folder_has_the_template_modules_and_card_data(folder: Path) -> None:
    names = {p.stem for p in folder.glob("*.py")}
    assert set(TEMPLATE) <= names, f"{folder.name} lacks {sorted(set(TEMPLATE) - names)}"
    # A game with editions of its cards keeps each in its own folder (data/v1, data/v2).
    data = [*(folder / "data").glob("*.toml"), *(folder / "data").glob("*/*.toml")]
    assert data, f"{folder.name} has no data/*.toml"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_a_games_modules_import_each_other_without_a_cycle(folder: Path) -> None:
    modules = {p.stem: p for p in folder.glob("*.py")}
    graph = {name: runtime_imports(path) & set(modules) for name, path in modules.items()}
    done: set[str] = set()

    def walk(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, f"import cycle: {' -> '.join((*trail, name))}"
        if name in done:
            return
        for other in sorted(graph[name]):
            # The package imports its modules to build the Game; a module importing the
            # package for ``GAME`` (the scenario helper) is not a cycle of the rules.
            if other != "__init__":
                walk(other, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        walk(name, ())


def test_the_cycle_finder_sees_runtime_imports_only(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nfrom .a import x\nfrom . import b\n"
        "if TYPE_CHECKING:\n    from .c import y\n"
    )
    assert runtime_imports(module) == {"a", "b"}
