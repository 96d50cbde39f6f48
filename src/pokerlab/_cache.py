"""Where pokerlab keeps what it builds once: numba's compiled kernels, evaluator tables,
simulated pre-flop tables.

One folder, whoever starts the program and from wherever: ``$POKERLAB_CACHE_DIR``, else
``$XDG_CACHE_HOME/pokerlab``, else ``~/.cache/pokerlab``. The compiled kernels go in its
``numba`` sub-folder: importing pokerlab sets ``NUMBA_CACHE_DIR`` to it (before numba loads)
unless ``NUMBA_CACHE_DIR`` is set already, so ``make test``, ``make demo`` and a direct
``.venv/bin/pokerlab`` all find the kernels the others compiled, and worker processes inherit
the setting. ``make cache-dir`` prints both folders.

Examples
--------
>>> cache_root().name != ""
True
>>> numba_cache_dir() == (Path(os.environ["NUMBA_CACHE_DIR"]) if os.environ.get("NUMBA_CACHE_DIR")
...                       else cache_root() / "numba")
True
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pokerlab.errors import UserError

ENV = "POKERLAB_CACHE_DIR"
NUMBA_ENV = "NUMBA_CACHE_DIR"


class CacheFolderError(UserError, OSError):
    """The cache folder cannot be made or written: a user mistake (it names the variable), and an
    ``OSError`` for the code that can do without a cache."""


def cache_root() -> Path:
    """The cache folder, as configured (nothing is created).

    ``$POKERLAB_CACHE_DIR``, else ``$XDG_CACHE_HOME/pokerlab``, else ``~/.cache/pokerlab``.
    """
    explicit = os.environ.get(ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pokerlab"


def numba_cache_dir() -> Path:
    """Where numba keeps pokerlab's compiled kernels: ``$NUMBA_CACHE_DIR`` when set, else the
    ``numba`` folder of :func:`cache_root`."""
    explicit = os.environ.get(NUMBA_ENV)
    return Path(explicit) if explicit else cache_root() / "numba"


def _where() -> str:
    """How the person set (or can set) the cache folder, for messages."""
    if os.environ.get(ENV):
        return f"{ENV}={os.environ[ENV]}"
    return f"the cache folder {cache_root()} (set {ENV} to use another)"


def cache_dir() -> Path:
    """The cache folder, created if missing.

    Raises
    ------
    CacheFolderError
        When the folder cannot be created (the message names ``POKERLAB_CACHE_DIR``).

    Examples
    --------
    >>> cache_dir() == cache_root() and cache_dir().is_dir()
    True
    """
    path = cache_root()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise CacheFolderError(f"{_where()}: cannot make the folder ({reason})") from exc
    return path


def use_one_kernel_cache() -> None:
    """Point numba's kernel cache at :func:`numba_cache_dir` (unless ``NUMBA_CACHE_DIR`` is set).

    Called when pokerlab is imported, before numba loads; if numba was loaded first, its
    configuration is updated too. A folder numba cannot write makes numba fall back to the
    package's ``__pycache__`` (numba's own rule), so a bad setting costs time, never a failure.
    """
    if os.environ.get(NUMBA_ENV):
        return
    os.environ[NUMBA_ENV] = str(numba_cache_dir())
    config = sys.modules.get("numba.core.config")
    if config is not None and not getattr(config, "CACHE_DIR", ""):
        config.CACHE_DIR = os.environ[NUMBA_ENV]
