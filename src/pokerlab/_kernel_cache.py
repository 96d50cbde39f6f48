"""Keys for numba's on-disk cache of pokerlab's kernels, and for pokerlab's own table caches:
a hash of the sources that build them.

numba keys a cached kernel by its own source file only. A pokerlab kernel also depends on the
modules it imports: tables frozen into it as global arrays (the evaluator's), kernels inlined
from other modules. With warm caches, a change there (a broken table) went unseen, so every
comparison ran against the old compiled kernel. Here a kernel's cache entry is keyed by the
hash of its module and of every pokerlab module that module imports, transitively; the disk
tables (evaluator tables, pre-flop simulations) are named by the same kind of hash.

The numba part is installed when numba's caching module loads (pokerlab imports no numba at
start-up): :class:`SourceClosureLocator` goes first in numba's list of cache locators and
answers for files inside the pokerlab package, using the standard locator's folder.

A cold cache (the first run after installing, or after the sources changed) is seen where
numba sees it: a pokerlab kernel whose cached copy numba looks up and does not find is about
to be compiled. :func:`on_first_compile` names a function called once at that moment, so the
command line can say why its first run takes 20 s to a minute (:data:`COMPILE_NOTICE`), and
the Solver page can say so instead of showing "0 iterations".

Examples
--------
>>> digest = source_digest("pokerlab.evaluate.tables")
>>> len(digest), digest == source_digest("pokerlab.evaluate.tables")
(16, True)
"""

from __future__ import annotations

import functools
import importlib.machinery
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(pokerlab(?:\.\w+)*)[ \t]+import[ \t]+(\([^)]*\)|[\w \t,]+)"
    r"|import[ \t]+(pokerlab(?:\.\w+)*))", re.M)


def _module_file(name: str, root: Path) -> Path | None:
    """The source file of module ``name`` (``pokerlab.x.y``) under ``root`` (the package folder)."""
    parts = name.split(".")[1:]
    base = root.joinpath(*parts) if parts else root
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def closure_files(path: Path, root: Path = PACKAGE_DIR) -> list[Path]:
    """``path`` and every module of the package at ``root`` it imports, transitively, sorted."""
    seen: set[Path] = set()
    todo = [path.resolve()]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for match in _IMPORT.finditer(current.read_text(encoding="utf-8")):
            module, names, plain = match.groups()
            targets = [plain] if plain else [module]
            if names:  # "from pokerlab.x import y" may name a module y
                listed = names.replace("(", "").replace(")", "").split(",")
                targets += [f"{module}.{n.strip()}" for n in listed if n.strip().isidentifier()]
            for target in targets:
                found = _module_file(target, root)
                if found is not None and found.resolve() not in seen:
                    todo.append(found.resolve())
    return sorted(seen)


@functools.cache
def closure_digest(path: Path, root: Path = PACKAGE_DIR) -> str:
    """A 16-hex-digit hash of the files :func:`closure_files` lists (once per process)."""
    import hashlib

    h = hashlib.sha256()
    for file in closure_files(path, root):
        h.update(str(file.relative_to(root)).encode())
        h.update(file.read_bytes())
    return h.hexdigest()[:16]


def source_digest(*modules: str) -> str:
    """A 16-hex-digit hash of the sources of ``modules`` and of everything they import from
    pokerlab (names such as ``"pokerlab.evaluate.tables"``)."""
    import hashlib

    h = hashlib.sha256()
    for name in modules:
        path = _module_file(name, PACKAGE_DIR)
        if path is None:
            raise ValueError(f"no pokerlab module {name!r}")
        h.update(closure_digest(path.resolve(), PACKAGE_DIR).encode())
    return h.hexdigest()[:16]


COMPILE_NOTICE = ("compiling pokerlab's kernels (first run only: 20 s to a minute; later runs load them "
                  "from {folder})")
"""The line the command line prints on standard error before the first kernel it compiles
(``{folder}``: where numba keeps the compiled kernels)."""

_first_compile: list[Callable[[], None]] = []


def on_first_compile(callback: Callable[[], None] | None) -> None:
    """Call ``callback()`` once, just before numba compiles the first pokerlab kernel it finds
    no cached copy of in this process; ``None`` forgets a callback not yet called.

    numba looks a kernel up in its cache at the kernel's first call with a new signature; a
    miss means the kernel compiles now (a second or more each, 20 s to a minute for a command's
    kernels). Kernels outside pokerlab and kernels without ``cache=True`` never call it.
    """
    _first_compile[:] = [] if callback is None else [callback]


def _missed(cache: Any) -> None:
    """numba found no cached copy of ``cache``'s kernel: call the first-compile callback (once)
    when the kernel is pokerlab's."""
    if _first_compile and isinstance(getattr(cache._impl, "locator", None), SourceClosureLocator):
        callback = _first_compile.pop()
        callback()


def _impl_class(caching: Any) -> Any:
    """numba's class holding the list of cache locators (``CacheImpl``; ``_CacheImpl`` before 0.60)."""
    return getattr(caching, "CacheImpl", None) or caching._CacheImpl


def _install() -> None:
    """Put :class:`SourceClosureLocator` first in numba's cache locators (once)."""
    from numba.core import caching

    global SourceClosureLocator

    class SourceClosureLocator(caching._CacheLocator):  # type: ignore[no-redef,name-defined]
        """numba's standard locator for a pokerlab file, keyed by the file's import closure."""

        def __init__(self, inner: Any, py_file: str) -> None:
            self._inner = inner
            self._py_file = Path(py_file).resolve()

        def ensure_cache_path(self) -> None:
            self._inner.ensure_cache_path()

        def get_cache_path(self) -> str:
            return self._inner.get_cache_path()

        def get_source_stamp(self) -> Any:
            return (self._inner.get_source_stamp(), closure_digest(self._py_file, PACKAGE_DIR))

        def get_disambiguator(self) -> str:
            return self._inner.get_disambiguator()

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            try:
                Path(py_file).resolve().relative_to(PACKAGE_DIR)
            except ValueError:
                return None  # not pokerlab's: numba's own locators decide
            for other in _impl_class(caching)._locator_classes:
                if other is not cls:
                    inner = other.from_function(py_func, py_file)
                    if inner is not None:
                        return cls(inner, py_file)
            return None

    locators = _impl_class(caching)._locator_classes
    if not any(getattr(c, "__name__", "") == "SourceClosureLocator" for c in locators):
        locators.insert(0, SourceClosureLocator)

    load = caching.Cache.load_overload
    if not getattr(load, "_pokerlab_notices", False):

        @functools.wraps(load)
        def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
            data = load(self, sig, target_context)
            if data is None:
                _missed(self)
            return data

        load_overload._pokerlab_notices = True  # type: ignore[attr-defined]
        caching.Cache.load_overload = load_overload


SourceClosureLocator: Any = None


class _AfterNumbaCaching:
    """Runs :func:`_install` right after ``numba.core.caching`` is imported, whoever imports it."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "numba.core.caching":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_module(module: Any) -> None:
            load(module)
            sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _AfterNumbaCaching)]
            _install()

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "numba.core.caching" in sys.modules:
    _install()
elif not any(isinstance(f, _AfterNumbaCaching) for f in sys.meta_path):
    sys.meta_path.insert(0, _AfterNumbaCaching())
