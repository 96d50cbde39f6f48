"""Imports run down the layers (issue 28): the command line sits on top (its ``serve`` command
starts the web application), the web application under it; nothing below them imports either,
and the web application does not import the command line. What both need (which exceptions are
user mistakes, and their one line) lives below them, in ``pokerlab.errors``.
"""

import ast
from pathlib import Path, PurePosixPath

import pokerlab

PACKAGE = Path(pokerlab.__file__).resolve().parent
RANK = {"web": 1, "cli": 2}  # the layers on top; every other module ranks 0
# Modules that run the command line themselves (the demo tour, ``python -m pokerlab``).
ENTRY_POINTS = {"demo.py", "__main__.py"}


def upward_imports(rel: PurePosixPath, source: str) -> list[str]:
    """The imports of the module at ``rel`` (inside the package) that reach a layer above it,
    at the top of the module or inside a function."""
    own = rel.parts[0] if len(rel.parts) > 1 else None
    if own is None and rel.name in ENTRY_POINTS:
        return []
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    bad = []
    for name in sorted(names):
        parts = name.split(".")
        if parts[0] == "pokerlab" and len(parts) > 1 and RANK.get(parts[1], 0) > RANK.get(own or "", 0):
            bad.append(f"{rel} imports {name}")
    return bad


def test_nothing_imports_the_layers_above_it():
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = PurePosixPath(path.relative_to(PACKAGE).as_posix())
        bad += upward_imports(rel, path.read_text(encoding="utf-8"))
    assert bad == []


def test_the_check_sees_an_import_inside_a_function():
    source = "def f():\n    from pokerlab.cli.errors import user_message\n"
    assert upward_imports(PurePosixPath("web/runs.py"), source) == [
        "web/runs.py imports pokerlab.cli.errors", "web/runs.py imports pokerlab.cli.errors.user_message"]
    assert upward_imports(PurePosixPath("cli/x.py"), source) == []
    assert upward_imports(PurePosixPath("cli/serve.py"), "from pokerlab.web.app import create_app\n") == []
    assert upward_imports(PurePosixPath("arena/x.py"), "import pokerlab.web.app\n") == [
        "arena/x.py imports pokerlab.web.app"]


def test_cli_and_web_share_one_judge_of_user_errors():
    from pokerlab.cli import errors as cli_errors
    from pokerlab.errors import UserError, user_message

    assert cli_errors.user_message is user_message and cli_errors.UserError is UserError


def _imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_the_game_registry_sits_below_equilibrium_and_threshold():
    """``pokerlab.gamespec`` (the dividing-point games by name) is read by both the
    equilibrium engine and the threshold method; it imports neither, and the equilibrium engine
    does not import the threshold method (equilibrium/run.py imported its games inside a
    function)."""
    above = {"gamespec": ("pokerlab.threshold", "pokerlab.equilibrium"),
             "equilibrium": ("pokerlab.threshold",)}
    bad = []
    for package, forbidden in above.items():
        for path in sorted((PACKAGE / package).rglob("*.py")):
            bad += [f"{path.relative_to(PACKAGE)} imports {name}" for name in sorted(_imports_of(path))
                    if name.startswith(forbidden)]
    assert bad == []
    from pokerlab.equilibrium.run import load_game

    assert load_game("patent-no-raise", levels=4, pot=3).name == "patent-no-raise/4"


THRESHOLD_LAYERS = ("solving", "certifying", "discovering", "refining", "reporting")
"""The sub-packages of :mod:`pokerlab.threshold`, lowest first: each imports only the ones
before it (and :mod:`pokerlab.gamespec` and the layers under it)."""


def threshold_imports(rel: PurePosixPath, source: str) -> set[str]:
    """The ``pokerlab.threshold`` modules that the module at ``rel`` (inside ``threshold/``)
    imports, at the top or inside a function, as paths like ``solving.solve``; ``""`` for the
    package itself."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"threshold/{rel}: relative import (the check reads absolute ones)")
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        else:
            continue
        for name in modules:
            if name == "pokerlab.threshold" or name.startswith("pokerlab.threshold."):
                found.add(name.removeprefix("pokerlab.threshold").lstrip("."))
    return found


def threshold_layer_errors(modules: dict[PurePosixPath, str]) -> list[str]:
    """Imports inside ``pokerlab.threshold`` that go up a layer or back to the package's
    ``__init__``, and import circles among its modules."""
    rank = {name: i for i, name in enumerate(THRESHOLD_LAYERS)}
    known = {".".join(rel.with_suffix("").parts) for rel in modules}
    bad, graph = [], {}
    for rel, source in sorted(modules.items()):
        own = rel.parts[0]
        if rel.name == "__init__.py" and len(rel.parts) == 1:
            continue  # the package's front door may import every layer
        if own not in rank:
            bad.append(f"threshold/{rel} sits in no layer")
            continue
        targets = set()
        for name in sorted(threshold_imports(rel, source)):
            layer = name.split(".")[0]
            if name == "":
                bad.append(f"threshold/{rel} imports pokerlab.threshold itself")
            elif layer not in rank or rank[layer] > rank[own]:
                bad.append(f"threshold/{rel} imports pokerlab.threshold.{name}")
            elif name in known:
                targets.add(name)
        graph[".".join(rel.with_suffix("").parts)] = targets
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                bad.append("import circle: " + " -> ".join([*path[path.index(nxt):], node, nxt]))
            elif nxt not in state:
                visit(nxt, [*path, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return bad


def test_threshold_sub_packages_import_one_way():
    root = PACKAGE / "threshold"
    modules = {PurePosixPath(p.relative_to(root).as_posix()): p.read_text(encoding="utf-8")
               for p in sorted(root.rglob("*.py"))}
    assert {rel.parts[0] for rel in modules if len(rel.parts) > 1} == set(THRESHOLD_LAYERS)
    assert threshold_layer_errors(modules) == []


def test_the_threshold_check_sees_upward_imports_and_circles():
    ok = "from pokerlab.gamespec import BettingGame\n"
    up = "def f():\n    from pokerlab.threshold.reporting.report_many import NUMERIC_BOUND\n"
    where = "threshold/discovering/discover_many.py imports pokerlab.threshold.reporting.report_many"
    assert threshold_layer_errors({PurePosixPath("discovering/discover_many.py"): up}) == [
        where, where + ".NUMERIC_BOUND"]
    back = "from pokerlab.threshold import P\n"
    assert threshold_layer_errors({PurePosixPath("solving/solve.py"): back}) == [
        "threshold/solving/solve.py imports pokerlab.threshold itself",
        "threshold/solving/solve.py imports pokerlab.threshold.P"]
    assert threshold_layer_errors({PurePosixPath("plans.py"): ok}) == ["threshold/plans.py sits in no layer"]
    circle = {PurePosixPath("solving/a.py"): "import pokerlab.threshold.solving.b\n",
              PurePosixPath("solving/b.py"): "from pokerlab.threshold.solving.a import x\n"}
    assert threshold_layer_errors(circle) == ["import circle: solving.a -> solving.b -> solving.a"]
    assert threshold_layer_errors({PurePosixPath("reporting/plot.py"): up + ok}) == []
