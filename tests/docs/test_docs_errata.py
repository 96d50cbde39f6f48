"""``docs/errata.md`` is the one place that records printed values we do not reproduce.

Every test it names must exist (so the page cannot drift from the tests), and nothing in the
repository cites a file outside it (the seeds' own correction notes stay outside).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ERRATA = ROOT / "docs" / "errata.md"
CITED = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_test_the_errata_names_exists():
    cited = CITED.findall(ERRATA.read_text(encoding="utf-8"))
    assert len(cited) >= 30
    missing = [f"{path}::{name}" for path, name in cited
               if not (ROOT / path).is_file() or name not in _test_names(ROOT / path)]
    assert missing == []


def _repository_texts():
    for folder in ("src", "tests", "benchmarks", "docs"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md", ".toml", ".txt") and "egg-info" not in str(path):
                yield path
    yield ROOT / "README.md"
    yield ROOT / "Makefile"


@pytest.mark.parametrize("pattern", [r"\bERRATA\b", r"seeds/", r"\.\./shared", r"/work/"])
def test_nothing_cites_a_file_outside_the_repository(pattern):
    found = [f"{path.relative_to(ROOT)}:{n}"
             for path in _repository_texts()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(pattern, line) and path != Path(__file__).resolve()]
    assert found == []


def test_no_test_turns_a_missing_import_into_a_skip():
    # pokerlab's own modules, its dependencies and the peers (test dependencies) are imported
    # plainly: a broken or missing one fails the tests instead of skipping them.
    found = [f"{path.relative_to(ROOT)}:{n}"
             for path in sorted((ROOT / "tests").rglob("*.py")) if path != Path(__file__).resolve()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "importorskip" in line]
    assert found == []
