"""TOML values written by hand for the files pokerlab writes (hand histories, spot files).

Python reads TOML (``tomllib``) but does not write it; the few value kinds these files hold
(booleans, strings, integers, floats, flat lists) do not need a dependency.

Examples
--------
>>> toml_value(["As", 'say "hi"', 3, 2.5, True])
'["As", "say \\\\"hi\\\\"", 3, 2.5, true]'
>>> import tomllib
>>> tomllib.loads("x = " + toml_value([1, "a\\\\b", 0.1]))["x"]
[1, 'a\\\\b', 0.1]
"""

from __future__ import annotations

from typing import Any


def toml_value(value: Any) -> str:
    """``value`` (bool, str, int, float, or a list or tuple of them) as a TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(float(value))  # numpy's float64 included, written as a plain number
    return str(int(value))
