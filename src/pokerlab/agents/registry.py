"""Bots by command-line name.

A bot module under :mod:`pokerlab.agents` (or one of its sub-packages, the bot families)
registers its bots with the :func:`register_bot` decorator; :func:`available` and
:func:`create_bot` import every module of the package and of its sub-packages first, so a new
bot module needs no edit anywhere else. Factories take keyword options
(``create_bot("random")``).

Examples
--------
>>> "calling-station" in available()
True
>>> create_bot("raiser").name
'raiser'
>>> create_bot("nobody")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown bot 'nobody'; available: calling-station, ...

Bots from outside the package: :func:`load_bot_module` imports a Python file or a module by
name (``pokerlab match --bot-module``), and installed packages can name theirs in the
``pokerlab.bots`` entry-point group (:data:`ENTRY_POINT_GROUP`: a module whose
``register_bot`` calls register its bots, or an :class:`~pokerlab.agents.base.Agent` class
registered under the entry point's name), found by the same discovery as the package's own.

A bot that takes an argument (:attr:`~pokerlab.agents.base.Agent.argument`) is named with it
in a *bot spec*, ``name:ARG``, wherever a bot name goes (``pokerlab match
hulhe-cfr:hulhe-run/strategy.npz raiser``):

>>> from pokerlab.agents.hulhe_cfr import DEFAULT_STRATEGY
>>> create_bot(f"hulhe-cfr:{DEFAULT_STRATEGY}").strategy_path == DEFAULT_STRATEGY
True
>>> check_bots(["raiser:x"], "texas-holdem", "BOTS")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: BOTS: bot 'raiser' takes no argument ('raiser:x'); bots that take one: hulhe-cfr:STRATEGY, ...

Each bot declares the variants it plays (:attr:`~pokerlab.agents.base.Agent.variants`,
hold'em only unless the bot handles the draw); tables refuse to seat a bot at a variant it
does not play:

>>> variants_of("draw-rules"), variants_of("loki-a")
(('five-card-draw',), ('texas-holdem',))
>>> check_bots(["raiser", "loki-a"], "five-card-draw", "--bot")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: --bot: bot 'loki-a' plays texas-holdem, not five-card-draw (bots that play ...
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import inspect
import pkgutil
import sys
import types
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pokerlab.agents.settings import keyword_of

if TYPE_CHECKING:
    from pokerlab.agents.base import Agent

F = TypeVar("F", bound=Callable[..., Any])

_FACTORIES: dict[str, Callable[..., Agent]] = {}
_DESCRIPTIONS: dict[str, str] = {}
_DISCOVERED = False
_BROKEN: dict[str, str] = {}  # bot modules that failed to import, with the error
_LOADED: dict[str, list[str]] = {}  # bot modules loaded from outside, with the bots they added
ENTRY_POINT_GROUP = "pokerlab.bots"
"""The entry-point group installed packages name their bots in."""


def register_bot(name: str, description: str = "") -> Callable[[F], F]:
    """Decorator: make a factory (usually an :class:`~pokerlab.agents.base.Agent` class)
    available under ``name``."""

    def decorate(factory: F) -> F:
        if name in _FACTORIES and _FACTORIES[name] is not factory:
            raise ValueError(f"bot name {name!r} is registered twice")
        _FACTORIES[name] = factory
        _DESCRIPTIONS[name] = description
        return factory

    return decorate


def register_variant(base: type, name: str, description: str, config: Any, class_name: str) -> type:
    """Register ``name``: a subclass of ``base`` (a bot taking ``(config, store_path)``) built
    with ``config``; keyword options replace config fields (``create_bot("loki-a",
    reweighting=False)``)."""

    @register_bot(name, description)
    class Variant(base):  # type: ignore[valid-type, misc]
        def __init__(self, store_path: str | None = None, **changes: Any) -> None:
            super().__init__(replace(config, **changes), store_path)

    Variant.__name__ = Variant.__qualname__ = class_name
    Variant.name = name
    return Variant


def unregister_bot(name: str) -> None:
    """Remove ``name`` from the registry (for tests and interactive sessions)."""
    _FACTORIES.pop(name, None)
    _DESCRIPTIONS.pop(name, None)


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    # The package's folder, read from here: importing pokerlab.agents would be an import circle.
    for name in _bot_modules([str(Path(__file__).resolve().parent)], __name__.rpartition(".")[0]):
        try:
            importlib.import_module(name)
        except Exception as exc:  # one broken bot module must not take the others down
            _BROKEN[name] = f"{type(exc).__name__}: {exc}"
    _DISCOVERED = True
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = point.load()
            if not isinstance(loaded, types.ModuleType) and _FACTORIES.get(point.name) is not loaded:
                register_bot(point.name, _first_line(loaded.__doc__))(loaded)
        except Exception as exc:
            _BROKEN[f"entry point {point.name} ({point.value})"] = f"{type(exc).__name__}: {exc}"


def _bot_modules(path: Iterable[str], prefix: str) -> list[str]:
    """The modules of the package at ``path`` and of its sub-packages (the bot families), by
    dotted name; private modules (``_kernels``) and the package's ``base`` and ``registry``
    left out. Sub-packages are listed without importing them."""
    names = []
    for entry in path:
        for module in pkgutil.iter_modules([entry]):
            if module.name.startswith("_") or module.name in ("base", "registry", "settings"):
                continue
            name = f"{prefix}.{module.name}"
            if module.ispkg:
                names += _bot_modules([str(Path(entry) / module.name)], name)
            else:
                names.append(name)
    return names


def _first_line(text: str | None) -> str:
    return (text or "").strip().splitlines()[0] if (text or "").strip() else ""


def load_bot_module(spec: str, option: str = "--bot-module") -> list[str]:
    """Import the bots of ``spec``, a Python file's path or a module's dotted name, and return
    the names it added to the registry (loading the same ``spec`` again adds nothing).

    The module registers its bots with :func:`register_bot`; a module that registers none has
    every :class:`~pokerlab.agents.base.Agent` subclass it defines with a ``name`` of its own
    registered under that name. Any failure, and a module that holds no bot at all, is a
    ``ValueError`` naming ``option`` and ``spec``.

    >>> load_bot_module("pokerlab.agents.baseline")   # the package's own: nothing new
    []
    >>> load_bot_module("no/such/bots.py")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --bot-module: no file 'no/such/bots.py'
    >>> load_bot_module("pokerlab.agents.base")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --bot-module: 'pokerlab.agents.base' registers no bot (...)
    """
    if spec in _LOADED:
        return list(_LOADED[spec])
    _discover()
    before = set(_FACTORIES)
    path = Path(spec)
    is_file = spec.endswith(".py") or "/" in spec or path.is_file()
    if is_file and not path.is_file():
        raise ValueError(f"{option}: no file {spec!r}")
    name = spec
    try:
        if is_file:
            digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]
            name = f"pokerlab_bots_{''.join(c if c.isalnum() else '_' for c in path.stem)}_{digest}"
            module_spec = importlib.util.spec_from_file_location(name, path)
            if module_spec is None or module_spec.loader is None:
                raise ImportError("not a Python module")
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[name] = module
            module_spec.loader.exec_module(module)
        else:
            module = importlib.import_module(spec)
        added = sorted(set(_FACTORIES) - before)
        if not added:
            for obj in _bot_classes(module):
                if obj.name not in _FACTORIES:
                    register_bot(obj.name, _first_line(obj.__doc__))(obj)
            added = sorted(set(_FACTORIES) - before)
    except Exception as exc:
        if is_file:
            sys.modules.pop(name, None)
        for bot in set(_FACTORIES) - before:
            unregister_bot(bot)
        raise ValueError(f"{option}: cannot load {spec!r}: {type(exc).__name__}: {exc}") from exc
    if not added and not _holds_bots(module):
        if is_file:
            sys.modules.pop(name, None)
        raise ValueError(f"{option}: {spec!r} registers no bot (call pokerlab.agents.register_bot, or "
                         "define an Agent subclass with a name of its own)")
    _LOADED[spec] = added
    return list(added)


def _bot_classes(module: types.ModuleType) -> list[Any]:
    """The concrete ``Agent`` subclasses ``module`` defines that name themselves (a ``name``
    string of their own: one inherited from ``Agent``, "agent", names no bot)."""
    from pokerlab.agents.base import Agent

    return [obj for _, obj in inspect.getmembers(module, inspect.isclass)
            if issubclass(obj, Agent) and obj.__module__ == module.__name__
            and not inspect.isabstract(obj) and isinstance(vars(obj).get("name"), str)]


def _holds_bots(module: types.ModuleType) -> bool:
    """Whether ``module`` defines a registered factory or a named bot class (one loaded before
    adds nothing new, but is not empty)."""
    if any(getattr(factory, "__module__", None) == module.__name__ for factory in _FACTORIES.values()):
        return True
    return bool(_bot_classes(module))


def load_bot_modules(specs: Iterable[str], option: str = "--bot-module") -> list[str]:
    """:func:`load_bot_module` for each of ``specs``; every name added."""
    return [name for spec in specs for name in load_bot_module(spec, option)]


def available() -> dict[str, str]:
    """Registered bot names and their one-line descriptions, sorted by name."""
    _discover()
    return {name: _DESCRIPTIONS[name] for name in sorted(_FACTORIES)}


def variants_of(name: str) -> tuple[str, ...]:
    """The variants bot ``name`` (or a spec ``name:ARG``) plays (its factory's ``variants``;
    hold'em by default)."""
    _discover()
    return tuple(getattr(_FACTORIES[split_spec(name)[0]], "variants", ("texas-holdem",)))


SPEC_SEPARATOR = ":"
"""Between a bot's name and its argument in a bot spec (``hulhe-cfr:run/strategy.npz``)."""


def split_spec(spec: str) -> tuple[str, str | None]:
    """A bot spec's registered name and argument (``None`` without one).

    >>> split_spec("hulhe-cfr:run/strategy.npz"), split_spec("raiser")
    (('hulhe-cfr', 'run/strategy.npz'), ('raiser', None))
    """
    name, sep, argument = spec.partition(SPEC_SEPARATOR)
    return (name, argument) if sep else (spec, None)


def argument_of(name: str) -> str | None:
    """The keyword bot ``name`` takes a spec's argument as (``Agent.argument``), or ``None``."""
    _discover()
    return getattr(_FACTORIES[name], "argument", None)


def settings_of(name: str) -> tuple[str, ...]:
    """The settings a spec of bot ``name`` may give (``Agent.settings``' keys), in order."""
    _discover()
    return tuple(getattr(_FACTORIES[name], "settings", {}))


def spec_options(spec: str) -> dict[str, Any]:
    """The constructor keywords a bot spec gives: its argument (``Agent.argument``) and its
    settings (``key=value``, comma-separated, read by ``Agent.settings``). A bot without
    settings takes the whole text after the ``:`` as its argument.

    >>> spec_options("nlhe-search:iterations=50,streets=turn+river")
    {'iterations': 50, 'streets': ('turn', 'river')}
    >>> spec_options("nlhe-search:iterations=lots")
    Traceback (most recent call last):
    ...
    ValueError: setting iterations: 'lots' is not a whole number
    """
    _discover()
    name, text = split_spec(spec)
    if text is None:
        return {}
    readers = getattr(_FACTORIES[name], "settings", {})
    keyword = argument_of(name)
    parts = text.split(",") if readers else [text]
    options: dict[str, Any] = {}
    bare = []
    for part in parts:
        key, eq, value = part.partition("=")
        if readers and eq and key in readers:
            if keyword_of(key) in options:
                raise ValueError(f"setting {key} is given twice")
            try:
                options[keyword_of(key)] = readers[key](value)
            except ValueError as exc:
                raise ValueError(f"setting {key}: {exc}") from None
        elif readers and eq:
            raise ValueError(f"no setting {key!r} (settings: {', '.join(readers)})")
        else:
            bare.append(part)
    if not bare:
        return options
    if keyword is None:
        raise ValueError(f"bot {name!r} takes no argument ({spec!r})")
    if len(bare) > 1 or not bare[0]:
        known = f" (settings: {', '.join(readers)})" if readers else ""
        raise ValueError(f"one {keyword} after the {SPEC_SEPARATOR!r}, got "
                         f"{', '.join(map(repr, bare))}{known}")
    options[keyword] = bare[0]
    return options


def playing(variant: str) -> dict[str, str]:
    """The registered bots that play ``variant``, with their descriptions, sorted by name."""
    return {name: text for name, text in available().items() if variant in variants_of(name)}


def check_bots(names: Iterable[str], variant: str, option: str) -> None:
    """``ValueError`` naming ``option`` and the first of ``names`` that is not a registered bot
    or does not play ``variant``; nothing when all can be seated. A spec with an argument
    (``name:ARG``) is built once here, so a bad argument (a missing strategy file) is refused
    before a match starts."""
    known = available()
    for spec in names:
        name, argument = split_spec(spec)
        if name not in known:
            raise ValueError(f"{option}: unknown bot {name!r} (known: {', '.join(known)})")
        if argument is not None:
            _check_argument(spec, option)
        if variant not in variants_of(name):
            raise ValueError(f"{option}: bot {name!r} plays {', '.join(variants_of(name))}, not {variant} "
                             f"(bots that play {variant}: {', '.join(playing(variant))})")


def _check_argument(spec: str, option: str) -> None:
    name, argument = split_spec(spec)
    if argument_of(name) is None and not settings_of(name):
        takers = [f"{n}:{str(argument_of(n)).upper()}" for n in sorted(_FACTORIES) if argument_of(n)]
        raise ValueError(f"{option}: bot {name!r} takes no argument ({spec!r}); bots that take one: "
                         f"{', '.join(takers) or 'none'}")
    if not argument:
        what = argument_of(name) or "settings"
        raise ValueError(f"{option}: {spec!r}: give the {what} after the {SPEC_SEPARATOR!r}")
    try:
        create_bot(spec)
    except (ValueError, OSError) as exc:
        raise ValueError(f"{option}: bot {spec!r}: {exc}") from None


def broken_modules() -> dict[str, str]:
    """Bot modules that failed to import, with the error (their bots are missing)."""
    _discover()
    return dict(_BROKEN)


def create_bot(name: str, **options: Any) -> Agent:
    """A new bot registered as ``name``, or built from a bot spec ``name:ARG`` (the argument
    given as the bot's :attr:`~pokerlab.agents.base.Agent.argument` keyword, settings
    ``key=value`` as their keywords: :func:`spec_options`)."""
    _discover()
    spec = name
    name, argument = split_spec(spec)
    if name not in _FACTORIES:
        broken = "".join(f"; {module} failed to load ({error})" for module, error in _BROKEN.items())
        raise ValueError(f"unknown bot {name!r}; available: {', '.join(sorted(_FACTORIES))}{broken}")
    if argument is not None:
        options.update(spec_options(spec))
    bot = _FACTORIES[name](**options)
    bot.name = name
    return bot
