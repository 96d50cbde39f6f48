"""The one error handler of the ``pokerlab`` command line.

Whatever a person types or points at can be wrong; the program then prints one line on
standard error saying what is wrong (naming the option and the value where it can) and exits
with status 2. Ctrl-C prints one line and exits with status 130. Anything else is a bug and
keeps its traceback.

``main()`` runs every command through :func:`run`; the commands themselves only raise
``ValueError`` (or :class:`UserError`) with a message naming the option and the value, or
:class:`Interrupted` with a summary of what was done when Ctrl-C stops long work. Which
exceptions are user mistakes, and their one line, is :mod:`pokerlab.errors`' judgement (the
web application shares it).

Examples
--------
>>> usage_message(UsageError("No such option: --nothing"))
'No such option: --nothing'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import typer

from pokerlab.errors import USER_EXCEPTIONS, Interrupted, UserError, user_message

__all__ = ["INTERRUPTED_STATUS", "USAGE_STATUS", "USER_EXCEPTIONS", "Interrupted", "UserError",
           "print_error", "run", "usage_message", "user_message"]

USAGE_STATUS = 2
INTERRUPTED_STATUS = 130

# The click that typer uses (its own copy in recent typer versions, click itself in older ones).
_click_exceptions = sys.modules[typer.BadParameter.__module__]
ClickException = _click_exceptions.ClickException
UsageError = _click_exceptions.UsageError
Abort = typer.Abort
ClickExit = typer.Exit


# What pydantic (typer's converter) says, in plain words.
_PLAIN_TYPE_ERRORS = {
    "int_parsing": "not a whole number",
    "int_from_float": "not a whole number",
    "int_type": "not a whole number",
    "float_parsing": "not a number",
    "float_type": "not a number",
    "finite_number": "not a finite number",
    "bool_parsing": "not yes or no (true, false, 1, 0)",
}


def print_error(message: str, prefix: str = "error") -> None:
    """Print ``prefix: message`` as one line on standard error (the prefix red on a terminal)."""
    message = " ".join(str(message).split())  # one line, whatever the message held
    colour = sys.stderr.isatty() and "NO_COLOR" not in os.environ
    head = f"\x1b[1;31m{prefix}:\x1b[0m" if colour else f"{prefix}:"
    sys.stderr.write(f"{head} {message}\n")
    sys.stderr.flush()


def _plain_number(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _option_name(param: Any) -> str:
    opts = [o for o in getattr(param, "opts", []) if o.startswith("--")] or list(getattr(param, "opts", []))
    if opts:
        return opts[0]
    return str(getattr(param, "human_readable_name", None) or getattr(param, "name", "value")).upper()


def usage_message(exc: Any) -> str:
    """One line for a command-line usage error (bad option value, unknown option, ...)."""
    cause = exc.__cause__
    param = getattr(exc, "param", None)
    if param is not None and cause is not None and hasattr(cause, "errors"):
        errors = cause.errors()
        if errors:
            first = errors[0]
            value = first.get("input")
            value = " ".join(map(str, value)) if isinstance(value, list | tuple) else value
            plain = _PLAIN_TYPE_ERRORS.get(first.get("type", ""))
            bounds = {k: _plain_number(v) for k, v in (first.get("ctx") or {}).items()}
            if "ge" in bounds:
                plain = f"must be {bounds['ge']} or more"
            elif "gt" in bounds:
                plain = f"must be more than {bounds['gt']}"
            elif "le" in bounds:
                plain = f"must be {bounds['le']} or less"
            elif "lt" in bounds:
                plain = f"must be less than {bounds['lt']}"
            if plain is None:
                plain = str(first.get("msg", exc.message)).replace("Input should be", "should be")
            return f"{_option_name(param)} {value}: {plain}"
    text = (exc.format_message() if hasattr(exc, "format_message") else str(exc)).rstrip(".")
    ctx = getattr(exc, "ctx", None)
    where = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
    return f"{text}{where}"


def run(app: typer.Typer, args: Sequence[str] | None = None, prog_name: str = "pokerlab") -> int:
    """Run the command line ``args`` (default: ``sys.argv[1:]``); return the exit status.

    Usage errors and user mistakes print one line and return 2; Ctrl-C prints one line and
    returns 130; a bug raises with its traceback.
    """
    from typer.main import get_command

    command = get_command(app)
    argv = list(sys.argv[1:] if args is None else args)
    try:
        with command.make_context(prog_name, argv) as ctx:
            command.invoke(ctx)
        return 0
    except ClickExit as exc:  # typer.Exit, --help
        return int(exc.exit_code or 0)
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # `pokerlab` or a group alone: its help
            sys.stdout.write(exc.format_message() + "\n")
            return 0
        print_error(usage_message(exc))
        return USAGE_STATUS
    except ClickException as exc:
        print_error(exc.format_message())
        return exc.exit_code
    except Interrupted as exc:
        print_error(str(exc) or "stopped", prefix="interrupted")
        return INTERRUPTED_STATUS
    except (KeyboardInterrupt, Abort):
        print_error("stopped by Ctrl-C", prefix="interrupted")
        return INTERRUPTED_STATUS
    except SystemError as exc:  # Ctrl-C inside a numba kernel call (see pokerlab._interrupt)
        from pokerlab._interrupt import caused_by_ctrl_c

        if not caused_by_ctrl_c(exc):
            raise
        print_error("stopped by Ctrl-C", prefix="interrupted")
        return INTERRUPTED_STATUS
    except BrokenPipeError:  # the reader of our output went away (`pokerlab ... | head`)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (no flush error at exit)
        return 1
    except Exception as exc:
        message = user_message(exc)
        if message is None:
            raise
        print_error(message)
        return USAGE_STATUS
