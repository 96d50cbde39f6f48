"""Give the C heap's free memory back to the system (glibc's ``malloc_trim``).

Building a spot's tables frees tens of megabytes of numpy temporaries. glibc keeps freed heap
pages for later allocations, so the process would go on holding them beside the solver's
arrays (which numpy maps on their own, outside the heap). Trimming once, after the build and
before the arrays, returns them. Where the C library has no ``malloc_trim`` it does nothing.

Examples
--------
>>> release_free_memory() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import gc


def release_free_memory() -> bool:
    """Collect Python's garbage, then return the C heap's free pages to the system; ``False``
    if this C library cannot (not glibc)."""
    gc.collect()
    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim(0)
    return True
