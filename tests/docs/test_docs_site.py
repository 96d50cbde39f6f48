"""The manual builds as a site (issue 40): ``make docs`` runs ``mkdocs build --strict``, which
fails on a broken link, a missing page or a docstring it cannot render; the Commands page is
written from the program's own help pages, every command on it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from pokerlab.cli.main import COMMAND_MODULES
from pokerlab.cli.reference import command_paths, help_page

ROOT = Path(__file__).resolve().parents[2]


def test_the_site_builds_strictly_with_every_command_on_its_commands_page(tmp_path):
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "-q",
                           "-f", str(ROOT / "mkdocs.yml"), "--site-dir", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    commands = (site / "commands" / "index.html").read_text(encoding="utf-8")
    headings = set(re.findall(r'<h\d id="pokerlab[^"]*">pokerlab ([\w -]+?)<', commands))
    assert headings == {" ".join(path) for path in command_paths()}
    assert (site / "api" / "spot" / "index.html").is_file() and (site / "images" / "game3.png").is_file()


def test_the_command_reference_lists_every_command_and_sub_command():
    paths = command_paths()
    assert [p[0] for p in paths if len(p) == 1] == list(COMMAND_MODULES)
    assert ("spot", "solve") in paths and ("hulhe", "train") in paths and len(paths) == len(set(paths))
    page = help_page(("spot", "solve"))
    assert page.startswith("Usage: pokerlab spot solve") and "--target TARGET" in page
    assert max(len(line) for line in page.splitlines()) <= 80
