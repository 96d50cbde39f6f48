"""The push/fold game: stacks, blinds, ante and prizes, and its tree of decisions.

Players act in turn, the first to act first and the big blind last (heads-up: the small blind,
then the big blind). Before anyone is all-in a player pushes (all-in) or folds; once someone
is all-in, each later player calls (all-in too: an overcall with more chips puts them all in,
and what no one can match comes back) or folds. When everyone folds to the big blind, the big
blind wins the blinds and antes. At most ``max_allin`` players go all-in (two or three): once
that many are in, the players left fold.

Heads-up, the small blind can be given a third action (``opening``): a limp (complete to the
big blind) or a min-raise (to two big blinds). The big blind then checks (or calls the
min-raise, or folds to it) or pushes, and the small blind calls or folds a push. A hand that
is checked or called without an all-in goes to the showdown with no more betting.

Payoffs are in big blinds of chips (chip EV), or, with ``payouts``, in prizes by the
Independent Chip Model (:mod:`pokerlab.pushfold.icm`), counted as the change from the value of
the stacks before the hand.

Examples
--------
>>> g = PushFoldGame(stacks=(10.0, 10.0))
>>> g.positions, len(g.tree().nodes), len(g.tree().terminals)
(('SB', 'BB'), 2, 3)
>>> [n.line for n in g.tree().nodes]
['SB', 'SB push, BB']
>>> PushFoldGame(stacks=(10, 10, 10)).tree().describe()
'6 decision nodes, 7 terminals (showdowns: 3 two-way, 1 three-way)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise, product

import numpy as np

from pokerlab.engine.hand import build_pots
from pokerlab.errors import UserError
from pokerlab.pushfold.icm import icm_values

POSITION_NAMES = ("UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN", "SB", "BB")
"""Seats of a full table, first to act first; a table of ``n`` players uses the last ``n``."""

MAX_PLAYERS = 9
OPENINGS = ("limp", "min-raise")
"""The heads-up small blind's optional third action."""


class PushFoldError(UserError):
    """A push/fold game that cannot be played (the message names the setting and the value)."""


def _number(name: str, value: float) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise PushFoldError(f"{name}: {value!r} is not a number") from None
    if not math.isfinite(v):
        raise PushFoldError(f"{name}: {value!r} is not a finite number")
    return v


def read_numbers(setting: str, text: str) -> tuple[float, ...]:
    """The comma-separated numbers typed for ``setting`` (``"10,10"``; blank: none), or a
    :class:`PushFoldError` naming the setting as the person typed it (``--stacks``, ``stacks``).

    Examples
    --------
    >>> read_numbers("stacks", "12, 8,20"), read_numbers("payouts", " ")
    ((12.0, 8.0, 20.0), ())
    >>> read_numbers("--stacks", "10,x")
    Traceback (most recent call last):
    ...
    pokerlab.pushfold.game.PushFoldError: --stacks: '10,x' is not a comma-separated list of numbers
    """
    if not text.strip():
        return ()
    try:
        return tuple(float(t.strip()) for t in text.split(","))
    except ValueError:
        raise PushFoldError(f"{setting}: {text!r} is not a comma-separated list of numbers") from None


def read_blinds(setting: str, text: str) -> tuple[float, float]:
    """The small and big blind typed for ``setting`` as ``"0.5,1"``."""
    values = read_numbers(setting, text)
    if len(values) != 2:
        raise PushFoldError(f"{setting}: {text!r} must be two numbers, small and big blind (0.5,1)")
    return values[0], values[1]


def dense_ranks(values: Sequence[float]) -> tuple[int, ...]:
    """0 for the best (largest) value, 1 for the next distinct one, ...

    Examples
    --------
    >>> dense_ranks([3, 7, 3])
    (1, 0, 1)
    """
    distinct = sorted(set(values), reverse=True)
    return tuple(distinct.index(v) for v in values)


def finishing_orders(k: int) -> list[tuple[int, ...]]:
    """Every way ``k`` hands can finish at the showdown, as dense ranks (0 best; ties share).

    Examples
    --------
    >>> finishing_orders(2)
    [(0, 0), (0, 1), (1, 0)]
    >>> len(finishing_orders(3))
    13
    """
    return sorted({dense_ranks(v) for v in product(range(k), repeat=k)})


@dataclass(frozen=True)
class Node:
    """A decision: ``actor`` chooses one of ``actions``; ``children[i]`` follows action ``i``
    (a node index, or ``~t`` for terminal ``t``)."""

    actor: int
    actions: tuple[str, ...]
    children: tuple[int, ...]
    line: str
    """The actions before this decision and who decides ("BTN push, SB fold, BB")."""


@dataclass(frozen=True)
class Terminal:
    """The end of a hand.

    Attributes
    ----------
    showdown
        Players still in, in seat order (one player: everybody else folded).
    orders
        ``(m, k)`` each finishing order of the showdown's ``k`` players (dense ranks).
    payoff
        ``(m, n)`` each player's payoff after each order.
    line
        The actions that end here.
    """

    showdown: tuple[int, ...]
    orders: np.ndarray
    payoff: np.ndarray
    line: str


@dataclass(frozen=True)
class Tree:
    """The game's decisions (``nodes[0]`` is the first) and its terminals."""

    nodes: tuple[Node, ...]
    terminals: tuple[Terminal, ...]

    def describe(self) -> str:
        """A one-line summary."""
        ways = [len(t.showdown) for t in self.terminals]
        parts = [f"{ways.count(k)} {w}" for k, w in ((2, "two-way"), (3, "three-way")) if ways.count(k)]
        return (f"{len(self.nodes)} decision nodes, {len(self.terminals)} terminals"
                f" (showdowns: {', '.join(parts)})")


@dataclass(frozen=True)
class PushFoldGame:
    """A push/fold game (see the module's docstring).

    Parameters
    ----------
    stacks
        Each player's chips in big blinds before the blinds and antes are posted, in the order
        they act: heads-up small blind then big blind; else first to act ... button, small
        blind, big blind.
    small_blind, big_blind
        The blinds (the big blind is the unit: 1 unless you want other units).
    ante
        Posted by every player.
    payouts
        Prize of each place for the Independent Chip Model; empty for chip EV.
    opening
        Heads-up only: ``"limp"`` or ``"min-raise"`` gives the small blind that third action.
    max_allin
        At most this many players go all-in (2 or 3).
    """

    stacks: tuple[float, ...]
    small_blind: float = 0.5
    big_blind: float = 1.0
    ante: float = 0.0
    payouts: tuple[float, ...] = ()
    opening: str | None = None
    max_allin: int = 3
    _checked: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stacks = tuple(_number("stacks", s) for s in self.stacks)
        object.__setattr__(self, "stacks", stacks)
        n = len(stacks)
        if not 2 <= n <= MAX_PLAYERS:
            raise PushFoldError(f"stacks: {n} players given; push/fold takes 2 to {MAX_PLAYERS}")
        for s in stacks:
            if s <= 0:
                raise PushFoldError(f"stacks: {s:g} is not a positive number of big blinds")
        sb, bb = _number("small blind", self.small_blind), _number("big blind", self.big_blind)
        ante = _number("ante", self.ante)
        object.__setattr__(self, "small_blind", sb)
        object.__setattr__(self, "big_blind", bb)
        object.__setattr__(self, "ante", ante)
        if bb <= 0:
            raise PushFoldError(f"big blind: {bb:g} must be positive")
        if not 0 <= sb <= bb:
            raise PushFoldError(f"small blind: {sb:g} must be between 0 and the big blind ({bb:g})")
        if ante < 0:
            raise PushFoldError(f"ante: {ante:g} must not be negative")
        for seat, (s, posted) in enumerate(zip(stacks, self.posted, strict=True)):
            if posted > s:  # equal: all-in with the blind, as in a tournament
                what = "the ante" if posted == ante else "the blind and ante" if ante else "the blind"
                raise PushFoldError(
                    f"stacks: {self.positions[seat]}'s stack {s:g} is smaller than {what} "
                    f"it posts ({posted:g})")
        payouts = tuple(_number("payouts", p) for p in self.payouts)
        object.__setattr__(self, "payouts", payouts)
        if payouts:
            if len(payouts) > n:
                raise PushFoldError(f"payouts: {len(payouts)} places paid but only {n} players")
            if any(p < 0 for p in payouts) or payouts[0] <= 0:
                raise PushFoldError(f"payouts: {','.join(f'{p:g}' for p in payouts)} must be "
                                    "non-negative with a positive first prize")
            if any(b > a for a, b in pairwise(payouts)):
                raise PushFoldError(f"payouts: {','.join(f'{p:g}' for p in payouts)} must not "
                                    "increase from one place to the next")
        if self.opening is not None:
            if self.opening not in OPENINGS:
                raise PushFoldError(f"opening: {self.opening!r} is not one of {', '.join(OPENINGS)}")
            if n != 2:
                raise PushFoldError(f"opening: {self.opening} is a heads-up option; {n} players given")
            need = 2 * bb if self.opening == "min-raise" else bb
            if stacks[0] - ante <= need or stacks[1] - ante <= need:
                raise PushFoldError(f"opening: a {self.opening} to {need:g} needs stacks above "
                                    f"{need + ante:g}")
        if self.max_allin not in (2, 3):
            raise PushFoldError(f"max all-in: {self.max_allin} must be 2 or 3")

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.stacks)

    @property
    def positions(self) -> tuple[str, ...]:
        """Seat names in the order of ``stacks``."""
        return ("SB", "BB") if self.players == 2 else POSITION_NAMES[-self.players:]

    @property
    def posted(self) -> tuple[float, ...]:
        """What each player posts before the cards: the ante, plus the blinds."""
        out = [self.ante] * self.players
        out[-2] += self.small_blind
        out[-1] += self.big_blind
        return tuple(out)

    @property
    def chip_value(self) -> float:
        """Payoff units per big blind: 1 in chips; with prizes, total prizes over total chips."""
        return float(sum(self.payouts) / sum(self.stacks)) if self.payouts else 1.0

    @property
    def icm(self) -> bool:
        """Whether payoffs are prizes (else chips)."""
        return bool(self.payouts)

    def value_of(self, final: Sequence[float]) -> np.ndarray:
        """Each player's payoff when the hand leaves ``final`` stacks."""
        if not self.icm:
            return np.asarray(final, dtype=float) - np.asarray(self.stacks)
        return np.asarray(icm_values(final, self.payouts, start=self.stacks)) - np.asarray(
            icm_values(self.stacks, self.payouts))

    def final_stacks(self, put: Sequence[float], showdown: Sequence[int],
                     ranks: Sequence[int]) -> list[float]:
        """Stacks after a hand where player ``i`` put ``put[i]`` in and ``showdown`` (seat
        order) finished in dense ``ranks``: the rules engine's main and side pots
        (:func:`pokerlab.engine.hand.build_pots`), each to its best eligible hands, split evenly
        (chips are real numbers here: no odd chip)."""
        n = self.players
        final = [self.stacks[i] - put[i] for i in range(n)]
        if len(showdown) == 1:
            final[showdown[0]] += sum(put)
            return final
        rank = dict(zip(showdown, ranks, strict=True))
        antes = [min(self.ante, put[i]) for i in range(n)]
        pots = build_pots([put[i] - antes[i] for i in range(n)], antes, [i in rank for i in range(n)])
        winners: list[int] = []
        for pot in pots:
            if pot.eligible:
                best = min(rank[i] for i in pot.eligible)
                winners = [i for i in pot.eligible if rank[i] == best]
            # a folded blind above every live commitment joins the pot below it
            for i in winners:
                final[i] += pot.amount / len(winners)
        return final

    def _terminal(self, put: list[float], showdown: tuple[int, ...], line: str) -> Terminal:
        put = list(put)
        if len(showdown) > 1:  # what nobody else in can match comes back
            for i in showdown:
                most_other = max(put[j] for j in showdown if j != i)
                put[i] = min(put[i], max(most_other, self.posted[i]))
        orders = finishing_orders(len(showdown)) if len(showdown) > 1 else [(0,)]
        payoff = np.array([self.value_of(self.final_stacks(put, showdown, o)) for o in orders])
        return Terminal(showdown, np.array(orders, dtype=np.int64), payoff, line)

    def tree(self) -> Tree:
        """The game's decisions and terminals (built once)."""
        return self._tree

    @cached_property
    def _tree(self) -> Tree:
        nodes: list[Node | None] = []
        terminals: list[Terminal] = []
        names = self.positions
        n = self.players

        def say(history: list[str], actor: int | None = None) -> str:
            return ", ".join(history + ([names[actor]] if actor is not None else []))

        def end(put: list[float], showdown: tuple[int, ...], history: list[str]) -> int:
            terminals.append(self._terminal(put, showdown, say(history)))
            return ~(len(terminals) - 1)

        def decide(actor: int, actions: tuple[str, ...], history: list[str], follow) -> int:
            index = len(nodes)
            nodes.append(None)
            children = tuple(follow(a, [*history, f"{names[actor]} {a}"]) for a in actions)
            nodes[index] = Node(actor, actions, children, say(history, actor))
            return index

        def after_push(actor: int, inn: tuple[int, ...], put: list[float], history: list[str]) -> int:
            if actor == n or len(inn) == self.max_allin:
                return end(put, inn, history)

            def follow(action: str, h: list[str]) -> int:
                if action == "fold":
                    return after_push(actor + 1, inn, put, h)
                p = list(put)
                p[actor] = self.stacks[actor]
                return after_push(actor + 1, (*inn, actor), p, h)

            return decide(actor, ("fold", "call"), history, follow)

        def before_push(actor: int, put: list[float], history: list[str]) -> int:
            if actor == n - 1:
                return end(put, (n - 1,), history)

            def follow(action: str, h: list[str]) -> int:
                if action == "fold":
                    return before_push(actor + 1, put, h)
                if action == "push":
                    p = list(put)
                    p[actor] = self.stacks[actor]
                    return after_push(actor + 1, (actor,), p, h)
                return opened(action, h)

            actions = ("fold", "push") if self.opening is None else ("fold", self.opening, "push")
            return decide(actor, actions, history, follow)

        def opened(opening: str, history: list[str]) -> int:
            to = self.big_blind if opening == "limp" else 2 * self.big_blind
            base = [self.ante + to, self.ante + self.big_blind]

            def bb_follow(action: str, h: list[str]) -> int:
                if action == "fold":
                    return end(base, (0,), h)
                if action in ("check", "call"):
                    return end([self.ante + to] * 2, (0, 1), h)
                pushed = [base[0], self.stacks[1]]

                def sb_follow(a: str, h2: list[str]) -> int:
                    if a == "fold":
                        return end(pushed, (1,), h2)
                    return end([self.stacks[0], self.stacks[1]], (0, 1), h2)

                return decide(0, ("fold", "call"), h, sb_follow)

            actions = ("check", "push") if opening == "limp" else ("fold", "call", "push")
            return decide(1, actions, history, bb_follow)

        before_push(0, list(self.posted), [])
        return Tree(tuple(node for node in nodes if node is not None), tuple(terminals))
