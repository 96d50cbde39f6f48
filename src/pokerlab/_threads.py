"""How many numba threads a parallel kernel uses, for the length of a ``with`` block."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def numba_threads(workers: int | None) -> Iterator[int]:
    """Run the block with ``workers`` numba threads (``None``: all of them); yields the number used.

    Raises
    ------
    ValueError
        If ``workers`` is outside 1..the number of numba threads (one per core by default).

    Examples
    --------
    >>> with numba_threads(1) as used:
    ...     used
    1
    """
    import numba

    most = numba.config.NUMBA_NUM_THREADS
    if workers is not None and not 1 <= workers <= most:
        raise ValueError(f"--workers {workers}: must be 1..{most} (the threads of the cores here)")
    old = numba.get_num_threads()
    numba.set_num_threads(most if workers is None else workers)
    try:
        yield numba.get_num_threads()
    finally:
        numba.set_num_threads(old)
