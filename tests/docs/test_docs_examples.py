"""The documentation's examples do what the pages show (issue 40).

Each page of ``docs/`` (and the README) runs its ``console``, ``sh`` and ``python`` blocks in
order, in a fresh folder (``tests/support/doc_examples.py`` says how); a console block's output
must match the page. Blocks marked slow run in ``make test-slow``; blocks marked not run are
reported as skipped with the page's reason, after their commands' options are checked. Every
picture a page shows that its examples draw must be the one they draw now; every file an
example names must exist; every ``pokerlab.x.y`` a page names must exist.

``python tests/support/doc_examples.py docs/PAGE.md`` rewrites a page's console output (and its
pictures) after a change to what the commands print.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import re
import shlex
from pathlib import Path

import numpy as np
import pytest
from doc_examples import DOCS, ROOT, Example, examples, folder, images, pages, run
from matplotlib.image import imread

from pokerlab.cli.errors import run as run_command
from pokerlab.cli.main import app

PAGES = {str(page.relative_to(ROOT)): examples(page) for page in pages()}
FAST = [name for name, found in PAGES.items() if any(not e.mark for e in found)]
SLOW = [name for name, found in PAGES.items() if any(e.mark == "slow" for e in found)]
NOT_RUN = [e for found in PAGES.values() for e in found if e.mark == "not run"]


def _same_picture(made: Path, kept: Path) -> bool:
    """Whether two PNG files show the same picture (a few pixels may differ by anti-aliasing)."""
    a, b = imread(made), imread(kept)
    if a.shape != b.shape:
        return False
    differ = np.abs(a.astype(float) - b.astype(float)).max(axis=-1) > 0.1
    return float(differ.mean()) < 0.002


def _run_page(name: str, tmp_path: Path, marks: tuple[str, ...]) -> None:
    page = ROOT / name
    cwd = folder(tmp_path)
    for example in PAGES[name]:
        if example.mark in marks:
            run(example, cwd)
    stale = [picture for picture in images(page)
             if (cwd / picture).is_file() and not _same_picture(cwd / picture, DOCS / "images" / picture)]
    assert stale == [], (f"{name} shows old pictures: refresh them with "
                         f"python tests/support/doc_examples.py {name}")


@pytest.mark.parametrize("name", FAST)
def test_the_page_s_examples_do_what_it_shows(name: str, tmp_path: Path) -> None:
    _run_page(name, tmp_path, ("",))


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_the_page_s_slow_examples_do_what_it_shows(name: str, tmp_path: Path) -> None:
    _run_page(name, tmp_path, ("", "slow"))


def _commands(example: Example) -> list[list[str]]:
    """The ``pokerlab`` command lines of a shell block (after any VAR=value)."""
    found = []
    for line in example.code.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        while words and re.fullmatch(r"\w+=\S*", words[0]):
            words = words[1:]
        if words[:1] == ["pokerlab"] and "..." not in words:
            found.append(words[1:])
    return found


@pytest.mark.parametrize("example", NOT_RUN, ids=[e.name for e in NOT_RUN])
def test_examples_not_run_name_real_options_and_files(example: Example, capsys) -> None:
    for words in _commands(example):
        with contextlib.redirect_stdout(io.StringIO()):
            status = run_command(app, [*words, "--help"])  # options are parsed before --help answers
        assert status == 0, (example.name, words, capsys.readouterr().err)
        for word in words:
            if re.match(r"(examples|tests)/", word):
                assert (ROOT / word).exists(), (example.name, word)
    pytest.skip(f"{example.name} not run: {example.reason}")


def test_every_picture_a_page_shows_is_drawn_by_its_examples() -> None:
    """No picture in the docs or the README that no example draws (so none can go stale)."""
    drawn = {}
    for name, found in PAGES.items():
        text = " ".join(e.code for e in found if e.mark != "not run")
        for picture in images(ROOT / name):
            drawn.setdefault(picture, []).append(picture in text)
    tour = set(images(DOCS / "tour.md")) | set(images(DOCS / "walkthrough.md"))
    readme = set(images(ROOT / "README.md"))
    assert readme and readme <= tour, readme - tour  # the README's pictures are the tour's
    assert {p for p, shown in drawn.items() if not any(shown)} == set()
    assert all((DOCS / "images" / p).is_file() for p in drawn)
    assert {p.name for p in (DOCS / "images").iterdir()} <= set(drawn)  # no picture left unused


def test_every_file_an_example_names_exists() -> None:
    missing = [(e.name, word) for found in PAGES.values() for e in found
               for word in re.findall(r"(?<![\w/.-])((?:examples|tests)/[\w./-]+)", e.code)
               if not (ROOT / word).exists()]
    assert missing == []


ENTRY_POINT_GROUPS = {"pokerlab.bots"}  # names that are not modules: the bots' entry-point group


def test_every_module_a_page_names_exists() -> None:
    """``pokerlab.x.y`` on a page is a module, or a name in one (modules move: agents did)."""
    missing = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        for name in sorted(set(re.findall(r"\bpokerlab(?:\.[A-Za-z_]\w*)+", text))):
            if name in ENTRY_POINT_GROUPS:
                continue
            parts = name.split(".")
            for k in range(len(parts), 0, -1):
                try:
                    found = importlib.import_module(".".join(parts[:k]))
                    break
                except ModuleNotFoundError:
                    continue
            for attribute in parts[k:]:
                found = getattr(found, attribute, None)
            if found is None:
                missing.append(f"{page.relative_to(ROOT)}: {name}")
    assert missing == []
