"""What every command shares: the console, JSON output, user-error handling, progress bars."""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from pokerlab._interrupt import caused_by_ctrl_c
from pokerlab._json import jsonable
from pokerlab.cli.errors import INTERRUPTED_STATUS, Interrupted, UserError, print_error, user_message

console = Console()
err_console = Console(stderr=True)
# rich fixes the width from COLUMNS when a console is made, that is when this module is first
# imported: a later command (or a test's CliRunner(env={"COLUMNS": ...})) then printed at the
# width of whoever imported first. Unfixed, rich reads the terminal and COLUMNS at each print.
for _c in (console, err_console):
    _c.size = (None, None)  # type: ignore[assignment]

P = ParamSpec("P")
R = TypeVar("R")


__all__ = ["Advance", "Interrupted", "UserError", "console", "err_console", "fail", "fmt_gain", "given",
           "output_dir", "output_file", "player_name", "print_json", "progress", "reject_unused",
           "removed_unless_done", "table", "user_errors"]


def print_json(data: Any) -> None:
    """Print ``data`` as one JSON object on standard output (numpy values converted)."""
    sys.stdout.write(json.dumps(jsonable(data), indent=2, default=str) + "\n")


def fail(message: str) -> typer.Exit:
    """Print one error line to standard error and return the exit to raise (status 2)."""
    print_error(message)
    return typer.Exit(code=2)


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a user mistake raised by ``func`` into one line and exit status 2.

    The same judgement as the command line's handler (:func:`pokerlab.errors.user_message`),
    applied inside the command, so a command called directly (tests, the demo) behaves as on
    the command line. Bugs propagate with their traceback.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (Interrupted, KeyboardInterrupt) as exc:
            print_error(str(exc) or "stopped by Ctrl-C", prefix="interrupted")
            raise typer.Exit(code=INTERRUPTED_STATUS) from None
        except Exception as exc:
            if isinstance(exc, SystemError) and caused_by_ctrl_c(exc):  # inside a numba kernel
                print_error("stopped by Ctrl-C", prefix="interrupted")
                raise typer.Exit(code=INTERRUPTED_STATUS) from None
            message = user_message(exc)
            if message is None:
                raise
            raise fail(message) from None

    return wrapper


def _probe_folder(folder: Path, where: str) -> None:
    """Fail unless a file can be created in ``folder`` (tried, not guessed: root ignores modes)."""
    if not folder.exists():
        raise UserError(f"{where}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise UserError(f"{where}: {folder} is a file, not a folder")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".pokerlab-probe-"):
            pass
    except OSError as exc:
        # /proc and the like exist but take no new files (ENOENT would say "no such file")
        reason = ("it takes no new files" if exc.errno == errno.ENOENT
                  else (exc.strerror or str(exc)).lower())
        raise UserError(f"{where}: cannot write in the folder {folder} ({reason})") from None


@contextmanager
def removed_unless_done(path: str | Path | None) -> Iterator[None]:
    """Remove the file at ``path`` (and SQLite's ``-wal``, ``-shm``, ``-journal`` beside it) when
    the block is refused (a user mistake, :func:`pokerlab.errors.user_message`), if the file did
    not exist before it: a refused command leaves nothing on disk (``match --resume --db
    new.sqlite`` with nothing to resume left an empty database). Ctrl-C and a failing bot keep
    the file: it holds the work done, which ``--resume`` continues.

    Examples
    --------
    >>> import os, tempfile
    >>> path = Path(tempfile.mkdtemp()) / "new.sqlite"
    >>> try:
    ...     with removed_unless_done(path):
    ...         _ = path.write_text("started")
    ...         raise ValueError("--resume: nothing to resume")
    ... except ValueError:
    ...     pass
    >>> path.exists()
    False
    """
    fresh = path is not None and str(path) != ":memory:" and not Path(path).exists()
    try:
        yield
    except Exception as exc:
        if fresh and not isinstance(exc, Interrupted) and user_message(exc) is not None:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    Path(f"{path}{suffix}").unlink()
        raise


def output_file(path: str | Path | None, option: str, suffixes: tuple[str, ...] = (),
                fresh: bool = False) -> Path | None:
    """Check an output file before any work starts; return it as a ``Path`` (``None`` stays).

    The file must be creatable in an existing, writable folder, must not be a folder, must end
    in one of ``suffixes`` (when given) and, with ``fresh``, must not exist yet (writing would
    destroy what it holds).

    Examples
    --------
    >>> output_file(None, "--plot") is None
    True
    >>> output_file("bankroll.txt", "--plot", (".png", ".svg"))
    Traceback (most recent call last):
    ...
    pokerlab.errors.UserError: --plot bankroll.txt: use a file name ending in .png or .svg
    """
    if path is None:
        return None
    path = Path(path)
    where = f"{option} {path}"
    if suffixes and path.suffix.lower() not in suffixes:
        raise UserError(f"{where}: use a file name ending in {' or '.join(suffixes)}")
    if path.is_dir():
        raise UserError(f"{where}: is a folder; give a file name")
    if fresh and path.exists() and path.stat().st_size > 0:
        raise UserError(f"{where}: the file exists already; remove it or give another name")
    if path.exists() and not os.access(path, os.W_OK):
        raise UserError(f"{where}: the file is not writable")
    _probe_folder(path.parent if str(path.parent) else Path("."), where)
    return path


def output_dir(path: str | Path | None, option: str, reuse: bool = False,
               pattern: str = "*") -> Path | None:
    """Check an output folder before any work starts (created later if missing).

    An existing folder must be writable and, unless ``reuse``, hold no files matching
    ``pattern`` (they would be mixed with or overwritten by the new ones).
    """
    if path is None:
        return None
    path = Path(path)
    where = f"{option} {path}"
    if path.exists():
        if not path.is_dir():
            raise UserError(f"{where}: is a file; give a folder")
        if not reuse and any(path.glob(pattern)):
            raise UserError(f"{where}: the folder already holds {pattern} files; give an empty or new folder")
        _probe_folder(path, where)
    else:
        _probe_folder(path.parent if str(path.parent) else Path("."), where)
    return path


def _click_context() -> Any:
    globals_module = sys.modules[typer.BadParameter.__module__.rsplit(".", 1)[0] + ".globals"]
    return globals_module.get_current_context(silent=True)


def given(name: str) -> bool:
    """Whether the option with parameter name ``name`` was typed (not left at its default).

    Outside a running command (a function called directly) nothing counts as typed.
    """
    ctx = _click_context()
    if ctx is None:
        return False
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def typed(name: str) -> bool:
    """Whether the option with parameter name ``name`` was typed on the command line (not its
    default, nor an environment variable such as ``RAY_ADDRESS``)."""
    ctx = _click_context()
    source = ctx.get_parameter_source(name) if ctx is not None else None
    return source is not None and source.name == "COMMANDLINE"


def reject_unused(unused: dict[str, str], reason: str) -> None:
    """Refuse options the person typed that this run would ignore.

    ``unused`` maps parameter names to how the option is written (``{"bets": "--bets"}``);
    ``reason`` says why they do not apply ("only the endgame game has bets").
    """
    typed = [name for name in unused if given(name)]
    if typed:
        params = _click_context().params

        def shown(name: str) -> str:
            value = params.get(name)
            if isinstance(value, bool) or value is None:
                return unused[name]
            value = " ".join(map(str, value)) if isinstance(value, list | tuple) else value
            return f"{unused[name]} {value}"

        raise UserError(f"{', '.join(shown(n) for n in typed)}: {reason}")


def table(title: str, columns: list[str], rows: list[list[Any]], width: int | None = None) -> Table:
    """A rich table with ``columns`` and ``rows`` (values turned to text) that fits ``width``
    (default: the console's) without splitting a word or cutting a number.

    Each column is at least as wide as its longest word (a name such as
    ``waterloo-phase2-conservative`` or a number stays whole); only columns holding several
    words give up width, at spaces (:func:`fit_widths`). A bot spec with settings longer than
    :data:`LONG_SPEC` may break after its commas (``nlhe-search:threshold=0.1, model=...``).
    """
    texts = [[_breakable(v) if isinstance(v, str) else _fmt(v) for v in row] for row in rows]
    out = Table(title=title, show_lines=False)
    cells = [[name, *(row[k] for row in texts if k < len(row))] for k, name in enumerate(columns)]
    natural = [max(len(line) for c in col for line in Text.from_markup(c).plain.splitlines() or [""])
               for col in cells]
    least = [max((len(w) for c in col for w in Text.from_markup(c).plain.split()), default=1)
             for col in cells]
    room = (console.width if width is None else width) - 3 * len(columns) - 1  # borders, padding
    # A header wider than its column's cells wraps first (its words stay whole).
    body = [max(max([len(line) for c in col[1:] for line in Text.from_markup(c).plain.splitlines()],
                    default=0), max((len(w) for w in name.split()), default=1))
            for name, col in zip(columns, cells, strict=True)]
    start = [min(n, b) for n, b in zip(natural, body, strict=True)] if sum(natural) > room else natural
    widths = fit_widths(start, least, room)
    for name, w, nat in zip(columns, widths, natural, strict=True):
        out.add_column(name, overflow="fold", width=w if w < nat else None, min_width=min(w, nat))
    for row in texts:
        out.add_row(*row)
    return out


LONG_SPEC = 30
"""A word longer than this with commas in it (a bot spec's settings) may break after them."""


def _breakable(text: str) -> str:
    """``text`` with a space after each comma of its words longer than :data:`LONG_SPEC`."""
    return " ".join(w.replace(",", ", ") if len(w) > LONG_SPEC and "," in w else w
                    for w in text.split(" "))


def fit_widths(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths summing to at most ``room``: each starts at ``natural`` and the widest
    columns give up width first, none below ``least`` (when even that does not fit, the
    columns stay at ``least`` and the table is wider than ``room``).

    Examples
    --------
    >>> fit_widths([10, 40, 8], [10, 12, 8], 50)
    [10, 32, 8]
    >>> fit_widths([10, 40], [10, 12], 15)
    [10, 12]
    """
    widths = list(natural)
    while sum(widths) > room:
        shrinkable = [k for k in range(len(widths)) if widths[k] > least[k]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda k: widths[k])
        widths[widest] -= 1
    return widths


GAIN_TOLERANCE = 1e-9
"""Best-response gains, NashConv and exploitability within this of zero print as 0."""


def fmt_gain(value: float, spec: str = ".6g") -> str:
    """A best-response gain, NashConv or exploitability as printed: these are never negative in
    exact arithmetic, so a value within :data:`GAIN_TOLERANCE` of zero (floating-point rounding,
    such as an LP's -4.996e-16) prints as 0. JSON output keeps the computed float.

    Examples
    --------
    >>> fmt_gain(-4.996e-16), fmt_gain(5.55e-17), fmt_gain(0.0123456789), fmt_gain(2.5e-4, ".3g")
    ('0', '0', '0.0123457', '0.00025')
    """
    if abs(value) < GAIN_TOLERANCE:
        return "0"
    return format(value, spec)


def fmt_ci(ci: tuple[float, float] | list[float]) -> str:
    """A 95% interval of winnings per hand as the match tables print it (``-`` when it is
    undefined: NaN).

    Examples
    --------
    >>> fmt_ci((-0.0125, 0.25)), fmt_ci([float("nan"), float("nan")])
    ('[-0.013, +0.250]', '-')
    """
    low, high = ci
    if math.isnan(low):
        return "-"
    return f"[{low:+.3f}, {high:+.3f}]"


def player_name(index: int) -> str:
    """How pokerlab names player ``index`` (0-based) to people: ``P1``, ``P2``, ... (the docs,
    getting started, "Numbering"): in tables and in JSON keys and values.

    Examples
    --------
    >>> player_name(0), player_name(2)
    ('P1', 'P3')
    """
    return f"P{index + 1}"


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


class Advance:
    """``advance(n)``: ``n`` more units of work done (``done`` counts them, for a summary when
    Ctrl-C stops the work)."""

    def __init__(self, bar: Progress | None = None, task: Any = None) -> None:
        self.done = 0
        self._bar = bar
        self._task = task

    def __call__(self, n: float = 1) -> None:
        self.done += int(n)
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def describe(self, text: str) -> None:
        """Change the bar's description (a rate, the latest measurement)."""
        if self._bar is not None:
            self._bar.update(self._task, description=text)


@contextmanager
def progress(description: str, total: float | None, enabled: bool = True,
             eta: bool = True) -> Iterator[Advance]:
    """A progress bar on standard error; yields an :class:`Advance`. Silent when ``enabled`` is
    false or standard error is not a terminal (a log gets no bar, and an error stays one line).
    ``eta=False``: the time elapsed instead of the time left (work that may stop well before
    ``total``, such as a solve stopping at its target, has no honest estimate)."""
    if not enabled or not err_console.is_terminal:
        yield Advance()
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn() if eta else TimeElapsedColumn(),
        console=err_console,
        transient=True,
    )
    with bar:
        yield Advance(bar, bar.add_task(description, total=total))


def variant_option(name: str) -> str:
    """``--variant`` checked: the name of a known variant, or a ``ValueError`` naming the option."""
    from pokerlab.engine.variants import VARIANTS

    if name not in VARIANTS:
        raise ValueError(f"--variant: unknown variant {name!r}; use one of {', '.join(VARIANTS)}")
    return name


def open_match_store(db: Path, match: int | None) -> tuple[Any, int]:
    """An existing match database and a match in it (``match``, default the newest), or a
    ``ValueError`` naming ``--db`` or ``--match``: a missing file is not created."""
    from pokerlab.arena import MatchStore

    if not db.exists():
        raise ValueError(f"--db {db}: no such match database (pokerlab match ... --db FILE stores one)")
    store = MatchStore(db)
    ids = [m["id"] for m in store.matches()]
    if not ids:
        store.close()
        raise ValueError(f"--db {db}: holds no match")
    if match is None:
        match = ids[0]
    elif match not in ids:
        store.close()
        raise ValueError(f"--match {match}: not in {db} (matches: {', '.join(map(str, sorted(ids)))})")
    return store, match


def interval_text(ci: tuple[float, float], digits: int = 0) -> str:
    """A 95% interval as the tables print it, signed with thousands separators; ``-`` when it
    is undefined (NaN: fewer than two samples).

    >>> interval_text((-12.34, 1500.0)), interval_text((0.25, 1.5), 1), interval_text((math.nan, math.nan))
    ('[-12, +1,500]', '[+0.2, +1.5]', '-')
    """
    low, high = ci
    return "-" if math.isnan(low) else f"[{low:+,.{digits}f}, {high:+,.{digits}f}]"
