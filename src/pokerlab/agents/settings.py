"""Reading a bot's settings from the text of a bot spec.

A bot may declare :attr:`~pokerlab.agents.base.Agent.settings`: the constructor keywords a
bot spec can set after the ``:``, as comma-separated ``key=value`` pairs beside the bot's
argument (``nlhe-search:iterations=100,streets=turn+river``), each with the function that
reads its text. The readers here turn the text into the keyword's value or raise a
``ValueError`` saying what the text should be; the registry names the bot and the setting.

Examples
--------
>>> whole("200"), number("2.5"), words("turn+river"), sizes("75%/a"), switch("yes")
(200, 2.5, ('turn', 'river'), '75%,a', True)
>>> whole("1e3")
Traceback (most recent call last):
...
ValueError: '1e3' is not a whole number
"""

from __future__ import annotations

import keyword
import math

__all__ = ["keyword_of", "number", "sizes", "switch", "text", "whole", "words"]


def whole(value: str) -> int:
    """A whole number (``"200"``)."""
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number") from None


def number(value: str) -> float:
    """A finite number (``"2.5"``)."""
    try:
        out = float(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a number") from None
    if not math.isfinite(out):
        raise ValueError(f"{value!r} is not a finite number")
    return out


def text(value: str) -> str:
    """The text as it is (a name the bot checks)."""
    return value


def words(value: str) -> tuple[str, ...]:
    """Several words joined by ``+`` (``"turn+river"``): a comma already separates settings."""
    return tuple(w for w in value.split("+") if w)


def sizes(value: str) -> str:
    """Spot size text with ``/`` between sizes (``"50%/100%/a"`` is ``"50%,100%,a"``): a
    comma already separates settings."""
    return value.replace("/", ",")


def switch(value: str) -> bool:
    """On or off: ``yes``, ``true``, ``on`` or ``1``; ``no``, ``false``, ``off`` or ``0``."""
    word = value.strip().lower()
    if word in ("yes", "true", "on", "1"):
        return True
    if word in ("no", "false", "off", "0"):
        return False
    raise ValueError(f"{value!r} is not yes or no")


def keyword_of(key: str) -> str:
    """The constructor keyword of setting ``key``: a Python keyword takes a trailing
    underscore (``raise`` is ``raise_``), a dash is an underscore."""
    name = key.replace("-", "_")
    return f"{name}_" if keyword.iskeyword(name) else name
