"""Ctrl-C that arrives while a numba kernel runs.

Python runs its SIGINT handler between bytecodes; when that happens inside numba's dispatcher
around a kernel call, the call ends in ``SystemError: ... returned a result with an exception
set`` whose cause is the ``KeyboardInterrupt``. Both mean the same thing to the person who
pressed Ctrl-C, so code that stops long work on ``KeyboardInterrupt`` sees that instead.

Examples
--------
>>> try:
...     with ctrl_c_in_kernels():
...         raise SystemError("returned a result with an exception set") from KeyboardInterrupt()
... except KeyboardInterrupt:
...     print("Ctrl-C")
Ctrl-C
>>> caused_by_ctrl_c(SystemError("a bug"))
False
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


def caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` is a ``KeyboardInterrupt`` or was raised because of one."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__
    return False


@contextmanager
def ctrl_c_in_kernels() -> Iterator[None]:
    """Turn numba's ``SystemError`` for a Ctrl-C during a kernel call into ``KeyboardInterrupt``."""
    try:
        yield
    except SystemError as exc:
        if caused_by_ctrl_c(exc):
            raise KeyboardInterrupt from None
        raise
