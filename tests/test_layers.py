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
