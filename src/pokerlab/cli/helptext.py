"""Help pages in the field's conventions: whole first sentences, NAME metavars, no split words.

Typer's own help shows ``<list[str]>`` and ``<int range>`` for values and ``{players}`` in
usage lines, click cuts command summaries at about 45 characters with "..." (and at the first
full stop, so "(FIG. 2" ends a sentence), and its wrapping breaks words at hyphens
(``pokerlab-`` / ``match.sqlite``). :func:`polish` rewrites a command (and its sub-commands):
values are shown as ``--samples SAMPLES`` and ``PLAYERS...`` (as argparse and most Unix tools
do), a command's summary is its whole first sentence, and help text wraps at spaces only.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import typer.core

# The click that typer builds on (its own copy in recent typer versions, click itself before).
_core = sys.modules[typer.core.TyperCommand.__mro__[1].__module__]
Context: Any = _core.Context

NON_BREAKING_HYPHEN = "\u2011"
"""Stands in for ``-`` while click wraps help text, so a hyphenated word stays on one line."""

ABBREVIATIONS = ("FIG", "Fig", "e.g", "i.e", "etc", "vs", "cf", "No", "approx", "al")
"""Words whose full stop does not end a sentence."""


class HelpFormatter(Context.formatter_class):  # type: ignore[misc]
    """click's formatter that wraps definitions and text at spaces only, never at a hyphen."""

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        start = len(self.buffer)
        guarded = [(term, text.replace("-", NON_BREAKING_HYPHEN)) for term, text in rows]
        super().write_dl(guarded, col_max, col_spacing)
        self.buffer[start:] = [part.replace(NON_BREAKING_HYPHEN, "-") for part in self.buffer[start:]]

    def write_text(self, text: str) -> None:
        start = len(self.buffer)
        super().write_text(text.replace("-", NON_BREAKING_HYPHEN))
        self.buffer[start:] = [part.replace(NON_BREAKING_HYPHEN, "-") for part in self.buffer[start:]]


class HelpContext(Context):  # type: ignore[misc]
    """A click context whose help pages use :class:`HelpFormatter`."""

    formatter_class = HelpFormatter


def first_sentence(text: str) -> str:
    """The first sentence of a help text (a full stop after an abbreviation such as "FIG."
    does not end it; click's ``\\b`` markers are dropped).

    Examples
    --------
    >>> first_sentence("Replay the patent's example (FIG. 2 and 3). Then more.")
    "Replay the patent's example (FIG. 2 and 3)."
    >>> first_sentence("Evaluate a hand: its value (0..7461, higher is stronger), category and rank.")
    'Evaluate a hand: its value (0..7461, higher is stronger), category and rank.'
    """
    flat = " ".join(text.replace("\b", " ").split())
    for m in re.finditer(r"\.(?=\s|$)", flat):
        words = flat[: m.start()].split()
        if words and words[-1].lstrip("(").rstrip(".") in ABBREVIATIONS:
            continue
        return flat[: m.end()]
    return flat


def _value_name(param: Any) -> str:
    return (param.name or "value").upper()


def polish(command: Any) -> Any:
    """Give ``command`` and every sub-command whole summaries, NAME metavars and hyphen-safe
    wrapping (see the module); returns ``command``."""
    command.context_class = HelpContext
    if command.help and not command.short_help:
        command.short_help = first_sentence(command.help)
    for param in command.params:
        if param.param_type_name == "option":
            if not param.is_flag and param.metavar is None:
                param.metavar = _value_name(param)
        elif param.param_type_name == "argument" and param.metavar is None:
            name = _value_name(param)
            many = param.nargs != 1
            # Typer adds the value's type after an argument's name, and braces in the usage line.
            param.metavar = name
            param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
            shown = f"{name}..." if many else name
            usage = shown if param.required else f"[{shown}]"
            param._usage_display_name = lambda usage=usage: usage  # type: ignore[attr-defined]
            param._rich_display_name = lambda shown=shown: shown  # type: ignore[attr-defined]
    if isinstance(getattr(command, "commands", None), dict):  # a group
        for sub in command.commands.values():
            polish(sub)
    return command
