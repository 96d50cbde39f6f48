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


def module_name(rel: PurePosixPath) -> str:
    """The dotted name of the module at ``rel`` inside the package (a package by its
    ``__init__``)."""
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["pokerlab", *parts])


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (imports that never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            for sub in node.body:
                skip.update(id(n) for n in ast.walk(sub))
    return skip


def module_imports(name: str, is_package: bool, source: str, known: set[str]) -> set[str]:
    """The modules of ``known`` that the module ``name`` imports, at the top or inside a
    function (relative imports resolved; ``from p import m`` names the module ``p.m`` when there
    is one, else ``p``; imports under ``if TYPE_CHECKING:`` left out: they never run)."""
    tree = ast.parse(source)
    skip = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                if f"{module}.{alias.name}" in known:
                    found.add(f"{module}.{alias.name}")
                elif module in known:
                    found.add(module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
    found.discard(name)
    return found


def import_graph(sources: dict[PurePosixPath, str]) -> dict[str, set[str]]:
    """Module name to the package's modules it imports, for the files ``sources`` (paths
    inside the package to their text)."""
    names = {rel: module_name(rel) for rel in sources}
    known = set(names.values())
    return {names[rel]: module_imports(names[rel], rel.name == "__init__.py", text, known)
            for rel, text in sources.items()}


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: each set of modules that reach one another (a strongly
    connected component of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(circles)


def _package_sources() -> dict[PurePosixPath, str]:
    return {PurePosixPath(p.relative_to(PACKAGE).as_posix()): p.read_text(encoding="utf-8")
            for p in sorted(PACKAGE.rglob("*.py"))}


def test_no_import_circles_anywhere_in_the_package():
    """Issue 40: agents/ had a four-module circle (modelling, opponent_store, learned_models,
    context_features) and evaluate/ a two-module one (tables, _table_kernels), both closed by
    imports inside functions; the registry imported its own package. No module of pokerlab
    reaches itself through imports, at the top or inside functions."""
    graph = import_graph(_package_sources())
    assert "pokerlab.agents.modelling.agent" in graph and graph["pokerlab.evaluate.tables"]
    assert import_circles(graph) == []


def test_the_circle_check_sees_imports_inside_functions():
    a = PurePosixPath("evaluate/tables.py")
    b = PurePosixPath("evaluate/_table_kernels.py")
    top = "from pokerlab.evaluate.tables import RANK_KEYS\n"
    inside = "def f():\n    from pokerlab.evaluate._table_kernels import _place_rows\n"
    assert import_circles(import_graph({a: inside, b: top})) == [
        ["pokerlab.evaluate._table_kernels", "pokerlab.evaluate.tables"]]
    assert import_circles(import_graph({a: "", b: top})) == []
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pokerlab.evaluate.tables\n"
    assert import_circles(import_graph({a: inside, b: typing_only})) == []
    # ``from package import module`` and relative imports name the module; a package imports
    # its __init__ by its own name
    init = PurePosixPath("agents/__init__.py")
    registry = PurePosixPath("agents/registry.py")
    assert import_circles(import_graph({init: "from . import registry\n",
                                        registry: "def f():\n    import pokerlab.agents\n"})) == [
        ["pokerlab.agents", "pokerlab.agents.registry"]]
    assert import_graph({init: "from pokerlab.agents import registry\n", registry: ""}) == {
        "pokerlab.agents": {"pokerlab.agents.registry"}, "pokerlab.agents.registry": set()}


AGENT_FAMILIES = ("baseline", "nl_rules", "hulhe_cfr", "nlhe_blueprint", "nlhe_search", "modelling", "loki",
                  "loki2", "waterloo", "threshold_bot", "draw")
"""The bot families of :mod:`pokerlab.agents` (a sub-package or a module), lowest first: each
imports only the families before it, and ``base``, ``registry`` and ``settings`` (which import
none)."""


def agent_family_errors(graph: dict[str, set[str]]) -> list[str]:
    """Imports among ``pokerlab.agents``' modules that go up the families, modules in no
    family, and ``base`` / ``registry`` / the package importing a family."""
    prefix = "pokerlab.agents"
    rank = {name: i for i, name in enumerate(AGENT_FAMILIES)}
    common = {prefix, f"{prefix}.base", f"{prefix}.registry", f"{prefix}.settings"}

    def family(module: str) -> str | None:
        return module.removeprefix(prefix + ".").split(".")[0] if module.startswith(prefix + ".") else None

    bad = []
    for module, targets in sorted(graph.items()):
        if module != prefix and not module.startswith(prefix + "."):
            continue
        own = None if module in common else family(module)
        if own is not None and own not in rank:
            bad.append(f"{module} sits in no family")
            continue
        for target in sorted(targets):
            theirs = None if target in common else family(target)
            if theirs is None or theirs == own:
                continue
            if own is None or theirs not in rank or rank[theirs] > rank[own]:
                bad.append(f"{module} imports {target}")
    return bad


def test_agent_families_import_downward():
    graph = import_graph({rel: text for rel, text in _package_sources().items() if rel.parts[0] == "agents"})
    families = {m.split(".")[2] for m in graph if m.count(".") >= 2} - {"base", "registry", "settings"}
    assert families == set(AGENT_FAMILIES)
    assert agent_family_errors(graph) == []


def test_the_family_check_sees_upward_imports():
    up = {"pokerlab.agents.modelling.agent": {"pokerlab.agents.loki.bot", "pokerlab.agents.base"},
          "pokerlab.agents.loki.bot": {"pokerlab.agents.modelling.agent", "pokerlab.agents.loki.config"},
          "pokerlab.agents.base": {"pokerlab.agents.waterloo"},
          "pokerlab.agents.poker_bot": set()}
    assert agent_family_errors(up) == [
        "pokerlab.agents.base imports pokerlab.agents.waterloo",
        "pokerlab.agents.modelling.agent imports pokerlab.agents.loki.bot",
        "pokerlab.agents.poker_bot sits in no family"]
