"""Cached kernels and tables are keyed by the sources that build them, not by a version number
someone must remember to bump: a change in an imported module makes a new key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pokerlab._kernel_cache import PACKAGE_DIR, closure_digest, closure_files, source_digest


def test_a_change_in_an_imported_module_changes_the_key(tmp_path):
    root = tmp_path / "pokerlab"
    (root / "evaluate").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "evaluate" / "__init__.py").write_text("")
    kernels = root / "evaluate" / "kernels.py"
    kernels.write_text("from pokerlab.evaluate.tables import RANK_TABLE\nimport numpy\n")
    tables = root / "evaluate" / "tables.py"
    tables.write_text("from pokerlab import cards\nRANK_TABLE = [1, 2, 3]\n")
    (root / "cards.py").write_text("RANKS = '23456789TJQKA'\n")
    unrelated = root / "other.py"
    unrelated.write_text("X = 1\n")
    # "from pokerlab import cards" reads the package and its module cards
    assert closure_files(kernels, root) == sorted([kernels, tables, root / "cards.py", root / "__init__.py"])
    before = closure_digest(kernels, root)
    unrelated.write_text("X = 2\n")
    closure_digest.cache_clear()
    assert closure_digest(kernels, root) == before
    tables.write_text("from pokerlab import cards\nRANK_TABLE = [1, 2, 4]\n")  # a broken table
    closure_digest.cache_clear()
    assert closure_digest(kernels, root) != before


def test_the_evaluator_table_file_is_named_by_its_sources():
    from pokerlab.evaluate import tables

    digest = source_digest("pokerlab.evaluate.tables")
    assert Path(tables._cache_file()).name == f"evaluator-tables-{digest}.npz"
    built_from = {p.relative_to(PACKAGE_DIR).as_posix() for p in closure_files(Path(tables.__file__))}
    assert {"evaluate/tables.py", "evaluate/classes.py"} <= built_from


def test_pokerlab_kernels_are_cached_under_their_source_closure_whatever_is_imported_first():
    probe = (
        "import numba, pokerlab\n"
        "from pokerlab.evaluate.kernels import batch7\n"
        "from pokerlab.agents.modelling._board_kernels import board_ranks\n"
        "from pokerlab.equilibrium.cfr import _iterate\n"
        "from pokerlab._kernel_cache import closure_digest\n"
        "from pathlib import Path\n"
        "for f in (batch7, board_ranks, _iterate):\n"
        "    locator = f._cache._impl._locator\n"
        "    assert type(locator).__name__ == 'SourceClosureLocator', type(locator)\n"
        "    source = Path(f.py_func.__code__.co_filename).resolve()\n"
        "    assert locator.get_source_stamp()[1] == closure_digest(source)\n"
        "print('ok')\n"
    )
    for first in ("import numba\n", ""):  # numba imported before pokerlab, or pokerlab first
        out = subprocess.run([sys.executable, "-c", first + probe], capture_output=True, text=True,
                             timeout=300)
        assert out.stdout.strip() == "ok", out.stderr[-2000:]
