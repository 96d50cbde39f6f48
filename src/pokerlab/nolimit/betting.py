"""A no-limit betting abstraction: the bet sizes a heads-up no-limit tree holds, as data.

A spec (TOML, or the same keys as a dict) gives the game and the sizes per street and per raise
level:

.. code-block:: toml

    name = "default"
    small_blind = 50        # chips; the ACPC no-limit game: 50/100, stacks of 20,000
    big_blind = 100
    stack = 20000
    all_in = true           # every decision that may raise may also move all-in
    all_in_threshold = 0.67 # a size that puts in at least this share of the stack is all-in
    raise_cap = 4           # raises per street, all-ins included
    [preflop]
    open = [2.5]            # the first raise, to this many big blinds
    raises = [[3.0], [2.3]] # the 3-bet, the 4-bet, ...: to this many times the bet faced
    [postflop]              # fractions of the pot (after calling); a level per raise
    flop = [[0.33, 0.75], [1.0]]
    turn = [[0.5, 1.0], [1.0]]
    river = [[0.5, 1.0], [1.0]]

Level ``i`` of a street (its ``i``-th raise) takes the sizes of ``raises[i - 1]`` (pre-flop) or
of the street's list; a level past the list takes all-in only. A pot fraction ``x`` raises to
``max_bet + x * (pot + to_call)`` (a bet of ``x`` pots when nothing is bet); a pre-flop
multiple ``m`` raises to ``m * max_bet``. Every amount is rounded to a chip, raised to the
engine's minimum raise, and made all-in at or above the threshold or the stack. The button
may always limp (call the big blind) and a player may always call or check.
:meth:`BettingAbstraction.menu` is the tree's menu (:mod:`pokerlab.equilibrium.betting_tree`):
the engine still decides who acts, what a call costs and when a round ends.

Examples
--------
>>> spec = BettingAbstraction.default()
>>> spec.game().big_blind, spec.game().starting_stack
(100, 20000)
>>> from pokerlab.engine.hand import Hand
>>> hand = Hand(spec.game(), [20000, 20000], list(range(9)))
>>> spec.menu(hand)  # the button's open: 2.5 big blinds, or all-in
[250, 20000]
>>> BettingAbstraction.from_dict({"preflop": {"open": [0]}})
Traceback (most recent call last):
...
pokerlab.nolimit.betting.BettingError: betting preflop.open: sizes must be positive numbers, not 0
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pokerlab.engine.hand import BET_RAISE, Hand
from pokerlab.engine.settings import GameSettings
from pokerlab.errors import UserError

STREETS = ("flop", "turn", "river")
DATA = Path(__file__).resolve().parent / "data"


class BettingError(UserError):
    """A betting abstraction that makes no tree: one line naming the key and the value."""


def _sizes(value: Any, where: str) -> tuple[float, ...]:
    if not isinstance(value, list | tuple):
        raise BettingError(f"betting {where}: a list of sizes, not {value!r}")
    out = []
    for x in value:
        if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x) or x <= 0:
            raise BettingError(f"betting {where}: sizes must be positive numbers, not {x!r}")
        out.append(float(x))
    return tuple(out)


def _levels(value: Any, where: str) -> tuple[tuple[float, ...], ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, list | tuple) for v in value):
        raise BettingError(f"betting {where}: a list of size lists (one per raise level), not {value!r}")
    return tuple(_sizes(v, f"{where}[{i}]") for i, v in enumerate(value))


@dataclass(frozen=True)
class BettingAbstraction:
    """Bet sizes of a heads-up no-limit tree (module docstring); :meth:`from_dict` checks a
    spec, :meth:`menu` plays it."""

    name: str = "default"
    small_blind: int = 50
    big_blind: int = 100
    stack: int = 20_000
    all_in: bool = True
    all_in_threshold: float = 0.67
    raise_cap: int = 4
    open: tuple[float, ...] = (2.5,)
    preflop_raises: tuple[tuple[float, ...], ...] = ((3.0,), (2.3,))
    postflop: tuple[tuple[tuple[float, ...], ...], ...] = field(default_factory=lambda: (
        ((0.33, 0.75), (1.0,)), ((0.5, 1.0), (1.0,)), ((0.5, 1.0), (1.0,))))

    def __post_init__(self) -> None:
        for key in ("small_blind", "big_blind", "stack", "raise_cap"):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int) or v < (0 if key == "raise_cap" else 1):
                raise BettingError(f"betting {key}: a positive whole number, not {v!r}")
        if self.small_blind > self.big_blind:
            raise BettingError(f"betting small_blind {self.small_blind}: above the big blind "
                               f"{self.big_blind}")
        if self.stack <= self.big_blind:
            raise BettingError(f"betting stack {self.stack}: not above the big blind {self.big_blind}")
        t = self.all_in_threshold
        if isinstance(t, bool) or not isinstance(t, int | float) or not 0 < t <= 1:
            raise BettingError(f"betting all_in_threshold {t!r}: a share of the stack above 0 and at most 1")
        small = [x for level in self.preflop_raises for x in level if x < 1]
        if small:
            raise BettingError(f"betting preflop.raises: {small[0]} times the bet faced is no raise "
                               "(at least 1)")
        low = [x for x in self.open if x <= 1]
        if low:
            raise BettingError(f"betting preflop.open: {low[0]} big blinds is no raise (above 1)")
        if len(self.postflop) != 3:
            raise BettingError("betting postflop: sizes for the flop, turn and river")

    @classmethod
    def from_dict(cls, data: dict[str, Any], name: str | None = None) -> BettingAbstraction:
        """The abstraction of a spec dict (module docstring); unknown keys refused."""
        data = dict(data)
        top = {"name", "small_blind", "big_blind", "stack", "all_in", "all_in_threshold",
               "raise_cap", "preflop", "postflop"}
        extra = sorted(set(data) - top)
        if extra:
            raise BettingError(f"betting {extra[0]}: unknown key (known: {', '.join(sorted(top))})")
        base = cls()
        pre = data.pop("preflop", {})
        post = data.pop("postflop", {})
        if not isinstance(pre, dict) or not isinstance(post, dict):
            raise BettingError("betting preflop/postflop: tables of sizes")
        for key, known in ((pre, {"open", "raises"}), (post, set(STREETS))):
            extra = sorted(set(key) - known)
            if extra:
                raise BettingError(f"betting {extra[0]}: unknown key (known: {', '.join(sorted(known))})")
        if "all_in" in data and not isinstance(data["all_in"], bool):
            raise BettingError(f"betting all_in: true or false, not {data['all_in']!r}")
        kwargs: dict[str, Any] = dict(data)
        if name is not None:
            kwargs.setdefault("name", name)
        if "name" in kwargs and not isinstance(kwargs["name"], str):
            raise BettingError(f"betting name: a string, not {kwargs['name']!r}")
        if "open" in pre:
            kwargs["open"] = _sizes(pre["open"], "preflop.open")
        if "raises" in pre:
            kwargs["preflop_raises"] = _levels(pre["raises"], "preflop.raises")
        kwargs["postflop"] = tuple(_levels(post[s], f"postflop.{s}") if s in post else base.postflop[i]
                                   for i, s in enumerate(STREETS))
        return cls(**kwargs)

    @classmethod
    def load(cls, path: str | os.PathLike[str], option: str = "--betting") -> BettingAbstraction:
        """The abstraction of a TOML file (``BettingError`` naming ``option`` and the file)."""
        path = Path(path)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BettingError(f"{option} {path}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise BettingError(f"{option} {path}: cannot read it ({type(exc).__name__})") from None
        except tomllib.TOMLDecodeError as exc:
            raise BettingError(f"{option} {path}: not TOML ({exc})") from None
        return cls.from_dict(data, name=path.stem)

    @classmethod
    def default(cls) -> BettingAbstraction:
        """The shipped default (``nolimit/data/default.toml``)."""
        return cls.load(DATA / "default.toml")

    def with_stack(self, big_blinds: float) -> BettingAbstraction:
        """The same sizes with stacks of ``big_blinds`` big blinds."""
        return replace(self, stack=round(big_blinds * self.big_blind))

    def to_dict(self) -> dict[str, Any]:
        """The spec as a dict (:meth:`from_dict` reads it back)."""
        return {"name": self.name, "small_blind": self.small_blind, "big_blind": self.big_blind,
                "stack": self.stack, "all_in": self.all_in,
                "all_in_threshold": self.all_in_threshold, "raise_cap": self.raise_cap,
                "preflop": {"open": list(self.open), "raises": [list(x) for x in self.preflop_raises]},
                "postflop": {s: [list(x) for x in self.postflop[i]] for i, s in enumerate(STREETS)}}

    def game(self) -> GameSettings:
        """The engine's game: heads-up no-limit hold'em with these blinds and stacks."""
        return GameSettings.preset("no-limit", small_blind=self.small_blind, big_blind=self.big_blind,
                                   small_bet=self.big_blind, big_bet=self.big_blind,
                                   starting_stack=self.stack)

    def menu(self, hand: Hand) -> list[int]:
        """The bet/raise amounts (``to``) at ``hand``'s decision, increasing and distinct; empty
        when the abstraction allows no raise here."""
        legal = hand.legal()
        if not legal.can_raise:
            return []
        street = hand.street
        level = sum(1 for s, _, kind, _ in hand.history if s == street and kind == BET_RAISE)
        if level >= self.raise_cap:
            return []
        p = hand.actor
        low, high = legal.min_raise_to, legal.max_raise_to
        if street == 0:
            if level == 0:
                raw = [x * self.big_blind for x in self.open]
            else:
                sizes = self.preflop_raises[level - 1] if level - 1 < len(self.preflop_raises) else ()
                raw = [x * hand.max_bet for x in sizes]
        else:
            table = self.postflop[street - 1]
            sizes = table[level] if level < len(table) else ()
            raw = [hand.max_bet + x * (hand.pot + legal.to_call) for x in sizes]
        stack = hand.stacks[p] + hand.bets[p]  # what the player can have in front of them
        out: set[int] = set()
        for x in raw:
            to = max(low, round(x))
            if to >= high or (to - hand.bets[p]) >= self.all_in_threshold * stack:
                if self.all_in and legal.max_all_in:
                    out.add(high)
                continue
            out.add(to)
        if self.all_in and legal.max_all_in:
            out.add(high)
        return sorted(out)
