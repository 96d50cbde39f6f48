"""Every data file under src/pokerlab is declared as package data, so a wheel (not only the
editable install the Makefile makes) carries it: the shipped hulhe-cfr strategy (an .npz) was
not, and a plain ``pip install`` would have played without it."""

import tomllib
from pathlib import Path, PurePosixPath

import pokerlab

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(pokerlab.__file__).resolve().parent
SKIP_DIRS = {"__pycache__"}


def _declared(rel: PurePosixPath, patterns: list[str]) -> bool:
    for pattern in patterns:
        if pattern.startswith("**/"):
            if rel.match(pattern[3:]):
                return True
        elif rel.match(pattern) and len(rel.parts) == len(PurePosixPath(pattern).parts):
            return True
    return False


def test_every_data_file_is_package_data() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setuptools["package-data"]["pokerlab"]
    missing = []
    for path in PACKAGE.rglob("*"):
        if path.is_dir() or SKIP_DIRS & set(path.relative_to(PACKAGE).parts):
            continue
        rel = PurePosixPath(path.relative_to(PACKAGE).as_posix())
        if path.suffix in (".py", ".pyc") or path.name.startswith("."):
            continue
        if not _declared(rel, patterns):
            missing.append(str(rel))
    assert missing == []
