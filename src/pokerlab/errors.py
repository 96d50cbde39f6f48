"""What counts as a user mistake, and the one line that says it: shared by the command line
(:mod:`pokerlab.cli.errors`) and the web application (:mod:`pokerlab.web`), which sit above it.

Whatever a person types or points at can be wrong; library code then raises ``ValueError`` (or
:class:`UserError`) with a message naming the option and the value. :func:`user_message` turns
such an exception into the line to show, and answers ``None`` for a bug (which keeps its
traceback). :class:`Interrupted` carries a summary of what was done when Ctrl-C stops long work.

This module is imported at start-up, so it imports nothing heavy: sympy's exceptions are
recognised by the module they come from, without importing sympy, and sqlite3's only once
sqlite3 is loaded (a process that never opened a database cannot raise one; a spot solve then
does not carry the library, 1 MiB).

Examples
--------
>>> user_message(ZeroDivisionError("division by zero"))
'division by zero'
>>> user_message(FileNotFoundError(2, "No such file or directory", "games/x.toml"))
'games/x.toml: no such file or directory'
>>> user_message(AttributeError("a bug")) is None
True
"""

from __future__ import annotations

import sys
import tokenize
from types import TracebackType


class UserError(ValueError):
    """Bad input from the person at the keyboard: printed as one line, exit status 2."""


class Interrupted(Exception):
    """Ctrl-C stopped long work; the message says what was done (printed as one line, exit 130)."""


# Exceptions that come from what a person typed or pointed at.
USER_EXCEPTIONS: tuple[type[BaseException], ...] = (
    ValueError,  # UserError, and every library check of its input
    KeyError,  # unknown names in lookups
    OSError,  # paths: missing, unwritable, directories; sockets
    ArithmeticError,  # 1/0, overflow
    RecursionError,  # absurdly deep games
    tokenize.TokenError,  # expressions that do not parse (sympy)
)


def sqlite_errors() -> tuple[type[BaseException], ...]:
    """sqlite3's base exception (stores that are not databases, damaged or locked) if sqlite3
    is loaded, else none: :data:`USER_EXCEPTIONS` leaves it out so that importing this module
    does not load sqlite3."""
    sqlite3 = sys.modules.get("sqlite3")
    return (sqlite3.Error,) if sqlite3 is not None else ()


def _raised_in_sympy(exc: BaseException) -> bool:
    """True for sympy's own exceptions and for errors raised inside sympy on odd input."""
    if type(exc).__module__.split(".")[0] == "sympy":
        return True
    if not isinstance(exc, TypeError | SyntaxError | AttributeError):
        return False
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        if str(tb.tb_frame.f_globals.get("__name__", "")).startswith("sympy."):
            return True
        tb = tb.tb_next
    return False


def user_message(exc: BaseException) -> str | None:
    """The one line to show for ``exc`` if it is a user mistake; ``None`` for a bug."""
    if isinstance(exc, BrokenPipeError):
        return None
    if isinstance(exc, RecursionError):
        return "the input is too large to handle (nested too deeply); use smaller values"
    if isinstance(exc, KeyError):
        return str(exc.args[0]) if exc.args else "unknown name"
    if isinstance(exc, OSError):
        if exc.strerror:
            reason = exc.strerror[0].lower() + exc.strerror[1:]
            target = exc.filename if exc.filename is not None else None
            return f"{target}: {reason}" if target is not None else reason
        return str(exc) or type(exc).__name__
    if isinstance(exc, sqlite_errors()):
        return f"database: {exc}"
    if isinstance(exc, USER_EXCEPTIONS) or _raised_in_sympy(exc):
        text = str(exc).strip() or type(exc).__name__
        if isinstance(exc, ArithmeticError) and not isinstance(exc, ValueError):
            return text
        if _raised_in_sympy(exc) and not isinstance(exc, ValueError):
            return f"cannot compute that expression: {text}"
        return text
    return None
