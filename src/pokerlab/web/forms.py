"""Reading the fields of a request: one clear message naming the field and the value.

The JSON API takes one object per request. A missing or mistyped field raises
``ValueError("<field>: ...")``, which the application answers with status 400 and
``{"error": message}``; the limits keep one request from occupying the server for long.

Examples
--------
>>> integer({"seats": "3"}, "seats", lo=2, hi=6)
3
>>> integer({"seats": 9}, "seats", lo=2, hi=6)
Traceback (most recent call last):
...
ValueError: seats: must be between 2 and 6, not 9
>>> text({}, "bot")
Traceback (most recent call last):
...
ValueError: bot: missing
>>> parse_object(b'[1]')
Traceback (most recent call last):
...
ValueError: request body: expected a JSON object, got a list
"""

from __future__ import annotations

import json
from typing import Any

MAX_BODY = 256 * 1024
"""Largest request body accepted (a pasted game file fits many times over)."""

_MISSING = object()


def parse_object(raw: bytes) -> dict[str, Any]:
    """The JSON object in a request body (an empty body is an empty object)."""
    if len(raw) > MAX_BODY:
        raise ValueError(f"request body: {len(raw)} bytes, more than the {MAX_BODY} accepted")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"request body: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"request body: expected a JSON object, got {_kind(data)}")
    return data


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false",
            type(None): "null"}.get(type(value), "a number")


def text(body: dict[str, Any], name: str, default: Any = _MISSING, max_length: int = 200) -> str:
    """Field ``name`` as a string (numbers are not strings)."""
    value = body.get(name, default)
    if value is _MISSING:
        raise ValueError(f"{name}: missing")
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected text, got {_kind(value)} {value!r}")
    if len(value) > max_length:
        raise ValueError(f"{name}: longer than {max_length} characters")
    return value


def integer(body: dict[str, Any], name: str, default: Any = _MISSING, lo: int | None = None,
            hi: int | None = None) -> int:
    """Field ``name`` as a whole number in ``[lo, hi]`` (digits in a string are accepted,
    as an HTML form sends them)."""
    value = body.get(name, default)
    if value is _MISSING:
        raise ValueError(f"{name}: missing")
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and len(value) < 20:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: expected a whole number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{name}: must be between {lo} and {hi}, not {value}")
    return value


def number(body: dict[str, Any], name: str, default: float | None = None,
           lo: float | None = None) -> float | None:
    """Field ``name`` as a number of at least ``lo`` (a number in a string is accepted, as an
    HTML form sends it; absent, ``null`` or blank: ``default``).

    Examples
    --------
    >>> number({"ante": "0.1"}, "ante", 0.0), number({"ante": ""}, "ante", 0.0)
    (0.1, 0.0)
    >>> number({"pot": -1}, "pot", lo=0)
    Traceback (most recent call last):
    ...
    ValueError: pot: expected a number >= 0, got -1
    """
    value = body.get(name, default)
    if value is None or value == "":
        return default
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise ValueError(f"{name}: expected a number, got {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, int | float) or (lo is not None and not value >= lo):
        raise ValueError(f"{name}: expected a number{'' if lo is None else f' >= {lo:g}'}, got {value!r}")
    return float(value)


def boolean(body: dict[str, Any], name: str, default: bool = False) -> bool:
    """Field ``name`` as true or false."""
    value = body.get(name, default)
    if not isinstance(value, bool):
        raise ValueError(f"{name}: expected true or false, got {value!r}")
    return value


def texts(body: dict[str, Any], name: str, most: int, max_length: int = 100) -> list[str]:
    """Field ``name`` as a list of at most ``most`` strings."""
    value = body.get(name, _MISSING)
    if value is _MISSING:
        raise ValueError(f"{name}: missing")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name}: expected a list of names, got {value!r}"[:300])
    if len(value) > most:
        raise ValueError(f"{name}: at most {most} entries, got {len(value)}")
    for v in value:
        if len(v) > max_length:
            raise ValueError(f"{name}: an entry is longer than {max_length} characters")
    return value


def mapping(body: dict[str, Any], name: str, most: int = 20) -> dict[str, str]:
    """Field ``name`` as an object of text values (numbers are turned into text)."""
    value = body.get(name, {})
    if not isinstance(value, dict):
        raise ValueError(f"{name}: expected an object of NAME: value, got {_kind(value)}")
    if len(value) > most:
        raise ValueError(f"{name}: at most {most} entries")
    out = {}
    for key, item in value.items():
        if isinstance(item, bool) or not isinstance(item, str | int | float):
            raise ValueError(f"{name}.{key}: expected a number or text, got {item!r}")
        item = str(item)
        if len(item) > 200:
            raise ValueError(f"{name}.{key}: longer than 200 characters")
        out[str(key)] = item
    return out
