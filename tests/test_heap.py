"""pokerlab._heap: freed heap memory goes back to the system."""

from __future__ import annotations

import numpy as np

from pokerlab._heap import release_free_memory


def _rss_mib() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_freed_heap_pages_are_returned() -> None:
    """Arrays under glibc's mmap threshold live in the heap; freed, glibc keeps their pages
    (the newest array pins the heap's top, so nothing shrinks by itself) until the trim."""
    blocks = [np.ones(12_000) for _ in range(3000)]  # 96 kB each, about 275 MiB
    pin = np.ones(12_000)
    del blocks
    before = _rss_mib()
    assert release_free_memory()
    after = _rss_mib()
    assert before - after > 150, (before, after)
    del pin
