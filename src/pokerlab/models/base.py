"""What every classic model shares: parameters, the exact solution record, order checks.

A model's closed form is exact (sympy rationals and surds). A :class:`Solution` carries the
value, the thresholds (uniform(0,1) models) or the strategy probabilities (endgame models),
the ordering assumption that was *checked* for these parameters, and the number-line
diagrams used by the plots.

Examples
--------
>>> import sympy as sp
>>> parse_number("B", "2/3")
2/3
>>> parse_number("B", "1+sqrt(13)/3")
1 + sqrt(13)/3
>>> check_order("0 < a < b < 1", {"a": sp.Rational(1, 9), "b": sp.Rational(7, 9)}, "B=2")
'0 < a < b < 1'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from pokerlab.exact import exact_number

Exact = sp.Expr


def parse_number(name: str, text: str) -> Exact:
    """Read the parameter ``name`` from ``text`` as an exact real number.

    Decimals and fractions become rationals (``0.25`` -> ``1/4``); ``sqrt(...)`` is allowed
    so that the papers' surds (``1+sqrt(13)/3``) can be given exactly.

    >>> parse_number("P", "0.25")
    1/4
    >>> parse_number("B", "1/0")
    Traceback (most recent call last):
    ...
    ValueError: parameter B=1/0: division by zero
    """
    return exact_number(text, f"parameter {name}=", surds=True)


def parse_numbers(name: str, text: str) -> tuple[Exact, ...]:
    """Read a comma-separated list of exact numbers for parameter ``name``.

    >>> parse_numbers("bets", "20,60,180")
    (20, 60, 180)
    """
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise ValueError(f"parameter {name}: give at least one number")
    return tuple(parse_number(name, p) for p in parts)


def is_positive(x: Exact) -> bool:
    """Exact sign test ``x > 0`` for the algebraic numbers of the closed forms."""
    x = sp.nsimplify(x) if isinstance(x, float) else sp.sympify(x)
    decided = x.is_positive
    if decided is not None:
        return bool(decided)
    # Surds that sympy cannot decide symbolically: 60 digits settle any non-degenerate case.
    return bool(sp.N(x, 60) > 0)


def require(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition`` holds (domain checks)."""
    if not condition:
        raise ValueError(message)


def check_order(chain: str, values: Mapping[str, Exact], where: str) -> str:
    """Verify the strict ordering ``chain`` (``"0 < a < e < b < 1"``) holds exactly.

    Names in the chain are looked up in ``values``; numerals are numbers. Raises
    ``ValueError`` naming the broken link and the parameters ``where`` otherwise, and
    returns the chain (so a solution records which order it verified).
    """
    names = [t.strip() for t in chain.split("<")]

    def val(token: str) -> Exact:
        return values[token] if token in values else sp.Rational(token)

    for lo, hi in itertools.pairwise(names):
        if not is_positive(val(hi) - val(lo)):
            raise ValueError(
                f"{where}: the closed form's threshold order {chain} fails at {lo} < {hi} "
                f"({lo} = {float(val(lo)):.6g}, {hi} = {float(val(hi)):.6g})"
            )
    return chain


@dataclass(frozen=True)
class Param:
    """One parameter of a model: name, default text, meaning, ``number`` or ``numbers``.

    ``needs`` names what must also be given for this parameter to count (``"stacks"``, or a
    value such as ``"Y=finite"``); ``unused_with`` what makes it count for nothing. Giving a
    parameter that would be ignored is an error, not a silent no-op.
    """

    name: str
    default: str
    help: str
    kind: str = "number"
    needs: str = ""
    unused_with: tuple[str, ...] = ()

    def parse(self, text: str) -> Any:
        """Read this parameter from text (exact)."""
        if self.kind == "numbers":
            return parse_numbers(self.name, text)
        if self.kind == "text":
            return text.strip()
        return parse_number(self.name, text)


@dataclass(frozen=True)
class Region:
    """An interval of the hand axis ending at threshold ``upto`` where ``action`` is played."""

    upto: str
    action: str


@dataclass
class Solution:
    """The exact closed-form solution of a model for given parameters.

    ``thresholds`` (uniform models) and ``strategy`` (endgame models) map the papers' names to
    exact numbers; ``order`` lists the ordering assumptions verified for these parameters;
    ``lines`` describes the number-line diagrams (title, regions from 0 upward).
    """

    model: str
    params: dict[str, Any]
    value: Exact
    thresholds: dict[str, Exact] = field(default_factory=dict)
    strategy: dict[str, Exact] = field(default_factory=dict)
    case: str = ""
    order: list[str] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)
    lines: list[tuple[str, list[Region]]] = field(default_factory=list)
    points: dict[str, Exact] = field(default_factory=dict)  # further named points of the diagrams

    def to_json(self) -> dict[str, Any]:
        """Floats for machines next to the exact forms as text."""
        out: dict[str, Any] = {
            "model": self.model,
            "params": {k: _float_or_list(v) for k, v in self.params.items()},
            "params_exact": {k: _text(v) for k, v in self.params.items()},
            "value": float(self.value),
            "value_exact": str(self.value),
        }
        if self.thresholds:
            out["thresholds"] = {k: float(v) for k, v in self.thresholds.items()}
            out["thresholds_exact"] = {k: str(v) for k, v in self.thresholds.items()}
        if self.strategy:
            out["strategy"] = {k: float(v) for k, v in self.strategy.items()}
            out["strategy_exact"] = {k: str(v) for k, v in self.strategy.items()}
        if self.case:
            out["case"] = self.case
        if self.order:
            out["order_checked"] = self.order
        if self.extras:
            out["extras"] = _jsonable_exact(self.extras)
        return out


def _text(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_text(x) for x in v]
    return str(v)


def _float_or_list(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_float_or_list(x) for x in v]
    if isinstance(v, str):
        return v
    return float(v)


def _jsonable_exact(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {str(k): _jsonable_exact(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_jsonable_exact(v) for v in obj]
    if isinstance(obj, sp.Basic):
        if obj.free_symbols:
            return str(obj)
        return {"exact": str(obj), "float": float(obj)}
    return obj


@dataclass
class Check:
    """An independent computation of a model's solution, and how far it is from the closed form."""

    engine: str
    method: str
    value: float
    numbers: dict[str, float]
    max_diff: float
    tolerance: float
    notes: list[str] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        """True when the largest difference is within the engine's tolerance."""
        return self.max_diff <= self.tolerance

    def to_json(self, key: str) -> dict[str, Any]:
        """JSON form; ``key`` is ``thresholds`` or ``strategy``."""
        return {
            "engine": self.engine,
            "method": self.method,
            "value": self.value,
            key: self.numbers,
            "max_diff": self.max_diff,
            "tolerance": self.tolerance,
            "agrees": self.agrees,
            "notes": self.notes,
        }


def compare(
    solution: Solution,
    value: float,
    numbers: Mapping[str, float],
) -> float:
    """Largest absolute difference between ``value``/``numbers`` and the closed form.

    Only names present in both are compared (an engine may report a subset).
    """
    exact = solution.thresholds or solution.strategy
    diffs = [abs(float(solution.value) - value)]
    diffs += [abs(float(exact[k]) - float(v)) for k, v in numbers.items() if k in exact]
    return max(diffs)


@dataclass(frozen=True)
class Model:
    """A classic model: its name, source, parameters, closed form and independent check."""

    name: str
    title: str
    source: str
    kind: str  # "uniform" (hands uniform on [0,1]) or "endgame"
    params: tuple[Param, ...]
    solve: Callable[..., Solution]
    check: Callable[[Solution], Check] | None = None

    def parse_params(self, items: Sequence[str]) -> dict[str, Any]:
        """Defaults overridden by ``KEY=VALUE`` items; unknown keys are errors."""
        known = {p.name: p for p in self.params}
        raw = {p.name: p.default for p in self.params}
        typed: dict[str, str] = {}
        for item in items:
            key, sep, text = item.partition("=")
            key = key.strip()
            if not sep:
                raise ValueError(f"parameter {item!r}: expected KEY=VALUE")
            if key not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"parameter {key}: unknown for model {self.name} (parameters: {names})")
            if key in typed:
                raise ValueError(f"parameter {key}: given twice ({key}={typed[key]} and {key}={text})")
            if not text.strip():
                raise ValueError(f"parameter {key}=: empty (give a value)")
            raw[key] = typed[key] = text.strip()

        def present(token: str) -> bool:
            name, _, value = token.partition("=")
            return name in typed and (not value or typed[name] == value)

        for key, text in typed.items():
            param = known[key]
            if param.needs and not present(param.needs):
                raise ValueError(f"parameter {key}={text}: used only with {param.needs}")
            blocking = [token for token in param.unused_with if present(token)]
            if blocking:
                raise ValueError(f"parameter {key}={text}: not used when {blocking[0]} is given")
        return {k: known[k].parse(v) for k, v in raw.items() if v != ""}

    def run(self, items: Sequence[str] = ()) -> Solution:
        """Parse ``KEY=VALUE`` items and solve."""
        return self.solve(**self.parse_params(items))


def exact(x: Any) -> Exact:
    """An exact sympy number from an int, Fraction, string or sympy value (floats via their text).

    >>> exact(2), exact("0.25"), exact(0.5)
    (2, 1/4, 1/2)
    """
    if isinstance(x, float):
        return sp.Rational(repr(x))
    if isinstance(x, str):
        return parse_number("value", x)
    return sp.sympify(x)


def tidy(x: Exact) -> Exact:
    """Canonical exact form: rationals stay rationals, surds get rational denominators.

    >>> import sympy as sp
    >>> tidy(1 / (1 + sp.sqrt(2)))
    -1 + sqrt(2)
    """
    return sp.radsimp(sp.simplify(sp.sympify(x)))
