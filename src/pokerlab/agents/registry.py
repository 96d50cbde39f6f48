"""Bots by command-line name.

A bot module under :mod:`pokerlab.agents` registers its bots with the
:func:`register_bot` decorator; :func:`available` and :func:`create_bot` import every
module of the package first, so a new bot module needs no edit anywhere else. Factories
take keyword options (``create_bot("random")``).

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

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pokerlab.agents.base import Agent

F = TypeVar("F", bound=Callable[..., Any])

_FACTORIES: dict[str, Callable[..., Agent]] = {}
_DESCRIPTIONS: dict[str, str] = {}
_DISCOVERED = False
_BROKEN: dict[str, str] = {}  # bot modules that failed to import, with the error


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
    import pokerlab.agents as package

    for module in pkgutil.iter_modules(package.__path__):
        if not module.name.startswith("_") and module.name not in ("base", "registry"):
            name = f"{package.__name__}.{module.name}"
            try:
                importlib.import_module(name)
            except Exception as exc:  # one broken bot module must not take the others down
                _BROKEN[name] = f"{type(exc).__name__}: {exc}"
    _DISCOVERED = True


def available() -> dict[str, str]:
    """Registered bot names and their one-line descriptions, sorted by name."""
    _discover()
    return {name: _DESCRIPTIONS[name] for name in sorted(_FACTORIES)}


def variants_of(name: str) -> tuple[str, ...]:
    """The variants bot ``name`` plays (its factory's ``variants``; hold'em by default)."""
    _discover()
    return tuple(getattr(_FACTORIES[name], "variants", ("texas-holdem",)))


def playing(variant: str) -> dict[str, str]:
    """The registered bots that play ``variant``, with their descriptions, sorted by name."""
    return {name: text for name, text in available().items() if variant in variants_of(name)}


def check_bots(names: Iterable[str], variant: str, option: str) -> None:
    """``ValueError`` naming ``option`` and the first of ``names`` that is not a registered bot
    or does not play ``variant``; nothing when all can be seated."""
    known = available()
    for name in names:
        if name not in known:
            raise ValueError(f"{option}: unknown bot {name!r} (known: {', '.join(known)})")
        if variant not in variants_of(name):
            raise ValueError(f"{option}: bot {name!r} plays {', '.join(variants_of(name))}, not {variant} "
                             f"(bots that play {variant}: {', '.join(playing(variant))})")


def broken_modules() -> dict[str, str]:
    """Bot modules that failed to import, with the error (their bots are missing)."""
    _discover()
    return dict(_BROKEN)


def create_bot(name: str, **options: Any) -> Agent:
    """A new bot registered as ``name``."""
    _discover()
    if name not in _FACTORIES:
        broken = "".join(f"; {module} failed to load ({error})" for module, error in _BROKEN.items())
        raise ValueError(f"unknown bot {name!r}; available: {', '.join(sorted(_FACTORIES))}{broken}")
    bot = _FACTORIES[name](**options)
    bot.name = name
    return bot
