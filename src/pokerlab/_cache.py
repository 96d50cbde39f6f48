"""Where pokerlab keeps tables it builds once (evaluator tables, simulated pre-flop tables)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """The cache folder.

    ``$POKERLAB_CACHE_DIR``, else ``$XDG_CACHE_HOME/pokerlab``, else ``~/.cache/pokerlab``.

    Examples
    --------
    >>> cache_dir().name != ""
    True
    """
    explicit = os.environ.get("POKERLAB_CACHE_DIR")
    if explicit:
        path = Path(explicit)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        path = Path(base) / "pokerlab"
    path.mkdir(parents=True, exist_ok=True)
    return path
