"""The documentation's examples, as the tests run them (tests/docs/test_docs_examples.py).

Every fenced block of a page in ``docs/`` (and the README) whose language is ``console``, ``sh``
or ``python`` is an example:

- ``console``: lines starting ``$ `` are commands (a line ending in ``\\`` continues), the lines
  after one are its output (standard output and standard error, as a terminal shows them),
  compared as doctest compares (``...`` stands for any text, runs of spaces are one space);
  ``$ echo $?`` prints the status of the command before it;
- ``sh``: the block is run by bash (``-e -o pipefail``: every line must succeed);
- ``python``: with ``>>>`` prompts, a doctest; else a script that must run.

The line before a block may say how to run it: ``<!-- example: slow, about 2 minutes -->`` (only
in ``make test-slow``) or ``<!-- example: not run, a 20-minute match -->`` (never; the reason is
shown as the test's skip reason). A page's blocks run in order in one fresh folder where
``examples``, ``tests`` and ``.venv`` name the repository's, with ``.venv/bin`` first on the
``PATH`` and tables 80 columns wide, so a block may use a file an earlier one wrote.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RUN = ("console", "sh", "python")
_FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
_MARK = re.compile(r"<!--\s*example:\s*(slow|not run)\b[,:]?\s*(.*?)\s*-->")
_CHECK = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
NOTICE = "compiling pokerlab's kernels ("  # a cold cache's one line (pokerlab._kernel_cache): not output


@dataclass(frozen=True)
class Example:
    """One fenced block of a page."""

    page: str  # the page's path from the repository's root
    line: int  # the line of its opening fence
    language: str
    code: str
    mark: str = ""  # "", "slow" or "not run"
    reason: str = ""

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """The documentation's pages: every Markdown file under docs/, and the README."""
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def examples(page: Path) -> list[Example]:
    """Every runnable block of ``page``, in order."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        language = match.group(1)
        if language not in RUN:
            continue
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        mark = _MARK.search(before)
        found.append(Example(str(page.relative_to(ROOT)), text.count("\n", 0, match.start()) + 1, language,
                             match.group(2), *(mark.groups() if mark else ("", ""))))
    return found


def folder(path: Path) -> Path:
    """Make ``path`` a folder to run a page's examples in."""
    path.mkdir(parents=True, exist_ok=True)
    for name in ("examples", "tests", ".venv"):
        if not (path / name).exists():
            (path / name).symlink_to(ROOT / name)
    return path


def environment() -> dict[str, str]:
    """A person's shell: the virtual environment's programs first, 80 columns, no colours."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update(COLUMNS="80", LINES="50", NO_COLOR="1", TERM="dumb", PYTHONHASHSEED="0")
    return env


def _shell(command: str, cwd: Path, timeout: float) -> tuple[int, str]:
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", command], cwd=cwd, env=environment(),
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=timeout)
    shown = "".join(line for line in done.stdout.splitlines(keepends=True) if not line.startswith(NOTICE))
    return done.returncode, shown


def console_commands(code: str) -> list[tuple[str, str]]:
    """A console block's commands and the output shown after each."""
    pairs: list[tuple[str, list[str]]] = []
    lines = code.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\") and k + 1 < len(lines):
                k += 1
                command = command[:-1].rstrip() + " " + lines[k].strip()
            pairs.append((command, []))
        elif pairs:
            pairs[-1][1].append(line)
        k += 1
    return [(command, "\n".join(out).strip("\n") + "\n" if any(o.strip() for o in out) else "")
            for command, out in pairs]


class ExampleFailed(AssertionError):
    """An example did not do what its page shows."""


def run(example: Example, cwd: Path, timeout: float = 600, shown: list[str] | None = None) -> None:
    """Run ``example`` in ``cwd``; raise :class:`ExampleFailed` saying how it differs.

    ``shown``: collect each console command's output there instead of comparing it (to
    refresh a page, :func:`refresh`)."""
    where = example.name
    if example.language == "sh":
        status, out = _shell(example.code, cwd, timeout)
        if status != 0:
            raise ExampleFailed(f"{where}: exit status {status}\n{out[-3000:]}")
    elif example.language == "console":
        last = 0
        checker = doctest.OutputChecker()
        for command, want in console_commands(example.code):
            if command.strip() == "echo $?":
                got = f"{last}\n"
            else:
                last, got = _shell(command, cwd, timeout)
            if shown is not None:
                shown.append(got)
                continue
            if want and not checker.check_output(want, got, _CHECK):
                raise ExampleFailed(f"{where}: $ {command}\n--- the page shows:\n{want}"
                                    f"--- it printed:\n{got}")
            if not want and command.strip() != "echo $?" and last != 0:
                raise ExampleFailed(f"{where}: $ {command}: exit status {last}\n{got[-3000:]}")
    else:
        previous = Path.cwd()
        os.chdir(cwd)
        try:
            if ">>>" in example.code:
                test = doctest.DocTestParser().get_doctest(example.code, {}, where, example.page,
                                                           example.line)
                report: list[str] = []
                runner = doctest.DocTestRunner(optionflags=_CHECK)
                runner.run(test, out=report.append)
                if runner.failures:
                    raise ExampleFailed("".join(report))
        finally:
            os.chdir(previous)
        if ">>>" not in example.code:  # a script: in a process of its own, as a person runs it
            done = subprocess.run([sys.executable, "-c", example.code], cwd=cwd, env=environment(),
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
            if done.returncode != 0:
                raise ExampleFailed(f"{where}: exit status {done.returncode}\n{done.stderr[-3000:]}")


_SECONDS = re.compile(r"^(│ seconds\s+│ )(\S+)( +│)$", re.M)


_STOPPED_AT = re.compile(r"^(interrupted: )[\d,]+( of )", re.M)


def _varying(output: str) -> str:
    """``output`` with what changes from run to run written as ``...`` (a solve's seconds, the
    hands played before Ctrl-C)."""
    output = _SECONDS.sub(lambda m: m.group(1) + "..." + " " * (len(m.group(2)) - 3) + m.group(3), output)
    return _STOPPED_AT.sub(r"\1...\2", output)


def refresh(page: Path, work: Path) -> str:
    """``page``'s text with every console command's output as it prints now (blocks marked
    ``not run`` kept), running its examples in order in ``work``; the images it writes that the
    page shows are copied to docs/images."""
    text = page.read_text(encoding="utf-8")
    cwd = folder(work)
    pieces, end = [], 0
    for example in examples(page):
        if example.mark == "not run":
            continue
        shown: list[str] = []
        run(example, cwd, shown=shown)
        if example.language != "console":
            continue
        start = _line_offset(text, example.line)
        body_start = text.index("\n", start) + 1
        body_end = text.index("\n```", body_start - 1) + 1
        lines = []
        for (command, _), out in zip(console_commands(example.code), shown, strict=True):
            first, *rest = _wrap(command)
            lines += [f"$ {first}", *rest, *(row.rstrip() for row in _varying(out).rstrip("\n").splitlines())]
        pieces += [text[end:body_start], "\n".join(lines) + "\n"]
        end = body_end
    pieces.append(text[end:])
    for name in images(page):
        made = cwd / name
        if made.is_file():
            (DOCS / "images").mkdir(exist_ok=True)
            (DOCS / "images" / name).write_bytes(made.read_bytes())
    return "".join(pieces)


def _line_offset(text: str, line: int) -> int:
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    return offset


def _wrap(command: str, width: int = 94) -> list[str]:
    """A long command as shell lines continued by ``\\``."""
    words, lines, line = command.split(), [], ""
    for word in words:
        if line and len(line) + len(word) + 1 > width:
            lines.append(line + " \\")
            line = "      " + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


_IMAGE = re.compile(r"!\[[^\]]*\]\((?:docs/)?images/([\w.-]+)\)")


def images(page: Path) -> list[str]:
    """The names of the images in docs/images that ``page`` shows."""
    return _IMAGE.findall(page.read_text(encoding="utf-8"))


if __name__ == "__main__":  # python tests/support/doc_examples.py docs/walkthrough.md ...: refresh pages
    import tempfile

    for name in sys.argv[1:]:
        path = Path(name).resolve()
        with tempfile.TemporaryDirectory() as work:
            path.write_text(refresh(path, Path(work)), encoding="utf-8")
        print(f"refreshed {name}")
