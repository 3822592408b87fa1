"""No import loops in the package: every import a module makes while it runs (at the top or
inside a function; not those under ``TYPE_CHECKING``, which are for annotations only) is an
edge, and the graph of them has no cycle. Read from the source, as import-linter does, so a
loop through an import made on first use (the simulator's facts and its games' modules, the
bots and the agent kinds, both once) fails here before it surprises anyone at run time."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour

SOURCE = Path(parlour.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                member = f"{source}.{alias.name}"
                found.add(member if member in modules else source)
    return {m for m in found if m in modules and m != name}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules along it, else ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_package_has_no_import_loop() -> None:
    files = {module_name(p): p for p in SOURCE.rglob("*.py")}
    graph = {name: imports(path, set(files)) for name, path in files.items()}
    assert graph["parlour.bots"] and graph["parlour.sim.simulate"]  # the graph is read
    found = cycle(graph)
    assert found is None, "import loop: " + " -> ".join(found or [])


def test_a_loop_is_found() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
