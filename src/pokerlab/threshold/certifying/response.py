"""Exact best responses over continuous hands against threshold strategies, any number of players.

Fix every other player's thresholds. A player's expected payoff with hand ``x`` from a plan of
one of its branches is a polynomial in ``x`` between consecutive thresholds of the others:
each terminal ``z`` below the branch contributes ``pot_z * prod_j B_j(x) * prod_k m_k - c_z *
prod_j m_j``, where ``m_j`` is the mass of player ``j``'s hands whose plan leads to ``z`` and
``B_j(x)`` the part of it below ``x`` (linear in ``x``: whole segments below, plus ``x - c``
for the segment holding ``x``); the product over ``B_j`` runs over the other players still in
at a showdown. The best response takes, hand by hand, the plan with the highest polynomial;
its gain is the integral of ``max - current``, exactly: the breakpoints are the real roots of
differences of polynomials (of degree ``n - 1``). Branches are independent (a hand's plan in
one never meets the terminals of another), so each is maximised alone.

Numbers are either exact (:class:`fractions.Fraction`, with sympy's root isolation deciding
signs and its radicals giving exact gains) or ``mpmath`` floats at the working precision
(for irrational thresholds).

Examples
--------
>>> from fractions import Fraction as F
>>> from pokerlab.gamespec import builtin_game
>>> from pokerlab.gamespec.structure import declared_structure
>>> g = builtin_game("patent-no-raise", pot=1)
>>> values = {"b1": F(1, 9), "C2": F(5, 9), "B1": F(7, 9)}
>>> [r.gain for r in best_responses(g, declared_structure(g), values)]
[Fraction(0, 1), Fraction(0, 1)]
>>> r = best_responses(g, declared_structure(g), {**values, "C2": F(1, 2)})[0]
>>> r.gain, r.value  # P1 against a P2 who calls too often
(Fraction(1, 144), Fraction(1, 18))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
import sympy

from pokerlab.gamespec import BettingGame, Node, folded_players, is_terminal
from pokerlab.gamespec.plans import Branch, BranchPlan, History, branch_plans
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold.solving.algebraic import RealAlgebraic

Poly = list[Any]  # coefficients, lowest degree first

NUMERIC_BOUND = 1e-40
"""The NashConv below which a numerically solved point counts as an equilibrium (the reports
and the three-player discovery both judge by it)."""


def _mul(p: Poly, q: Poly) -> Poly:
    out = [p[0] * 0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return out


def _add(p: Poly, q: Poly) -> Poly:
    if len(p) < len(q):
        p, q = q, p
    return [a + (q[i] if i < len(q) else 0) for i, a in enumerate(p)]


def _integral(p: Poly, lo: Any, hi: Any) -> Any:
    return sum((c * (hi ** (k + 1) - lo ** (k + 1)) / (k + 1) for k, c in enumerate(p)), lo * 0)


def _at(p: Poly, x: Any) -> Any:
    out = x * 0
    for c in reversed(p):
        out = out * x + c
    return out


@dataclass(frozen=True)
class _Terminal:
    history: History
    pot: Any
    own: Any  # the responder's contribution
    live: tuple[int, ...]  # other players still in (the responder is in unless it folded)
    responder_folded: bool
    actions: dict[int, tuple[tuple[History, str], ...]]  # each player's (decision, action) pairs


def _terminals(game: BettingGame, node: Node, history: History, player: int, out: list[_Terminal]) -> None:
    """Every terminal below ``node`` with the decisions on its path, grouped by player."""
    if is_terminal(node):
        folded = folded_players(node)
        actions: dict[int, list[tuple[History, str]]] = {}
        walk = game.root
        for k, action in enumerate(history):
            actions.setdefault(walk.player, []).append((history[:k], action))
            walk = walk.children[action]
        contributions = [sympy.sympify(c) for c in node.contributions]
        live = tuple(p for p in range(1, game.players + 1) if p not in folded and p != player)
        out.append(
            _Terminal(
                history,
                sum(contributions),
                contributions[player - 1],
                live,
                player in folded,
                {p: tuple(a) for p, a in actions.items()},
            )
        )
        return
    for action, child in node.children.items():
        _terminals(game, child, (*history, action), player, out)


Mix = tuple[tuple[BranchPlan, Any], ...]
"""One branch's plans with their probabilities on a stretch of hands (a pure plan: one pair, 1)."""


@dataclass
class AxisStrategy:
    """One player's strategy along its hand axis: segments between ``cuts``, and on each segment
    every branch's :data:`Mix` (in the order of the player's branches).

    A threshold strategy is pure (one plan per branch on each segment); a behaviour strategy
    may mix plans with probabilities that are constant on each segment, as the discretised
    equilibrium of a game does on each of its hand levels.
    """

    cuts: list[Any]
    plans: list[tuple[Mix, ...]]

    def segments(self) -> list[tuple[Any, Any, tuple[Mix, ...]]]:
        """``(low, high, mixes)`` for each segment of the axis."""
        zero = self.cuts[0] * 0 if self.cuts else Fraction(0)
        edges = [zero, *self.cuts, zero + 1]
        return [(edges[k], edges[k + 1], plan) for k, plan in enumerate(self.plans)]

    def branch_segments(self, branch: Branch) -> list[tuple[Any, Any, Mix]]:
        """The segments of one branch's axis, neighbours with the same mix merged."""
        out: list[tuple[Any, Any, Mix]] = []
        for lo, hi, mixes in self.segments():
            mix = next(m for m in mixes if m[0][0].branch == branch)
            if out and out[-1][2] == mix:
                out[-1] = (out[-1][0], hi, mix)
            else:
                out.append((lo, hi, mix))
        return out


def pure(plan: tuple[BranchPlan, ...]) -> tuple[Mix, ...]:
    """A full plan (one branch plan per branch) as mixes that each play one plan for sure."""
    return tuple(((bp, 1),) for bp in plan)


def axis_strategy(structure: Structure, player: int, values: dict[str, Any]) -> AxisStrategy:
    """``player``'s threshold strategy under ``structure`` at threshold ``values`` (cuts sorted)."""
    seg_plans = structure.segment_plans(player)
    cuts: list[Any] = []
    plans = [pure(seg_plans[0])]
    for k, t in enumerate(structure.thresholds):
        if t.player == player:
            cuts.append(values[t.name])
            plans.append(pure(seg_plans[k + 1]))
    if any(b < a for a, b in itertools.pairwise(cuts)):
        raise ValueError(f"P{player}'s thresholds are not in the order of the structure")
    return AxisStrategy(cuts, plans)


def _weight(mixes: tuple[Mix, ...], actions: tuple[tuple[History, str], ...], zero: Any) -> Any:
    """The probability that a segment's ``mixes`` take every one of ``actions`` (one player's
    actions on the way to a terminal: all in one branch, the one deciding at the first)."""
    if not actions:
        return zero + 1
    for mix in mixes:
        if mix[0][0].action_at(actions[0][0]) is not None:
            return sum((zero + w for bp, w in mix if all(bp.action_at(h) == a for h, a in actions)), zero)
    return zero


@dataclass
class BranchValues:
    """Each plan's payoff polynomial on each piece of the responder's hand axis."""

    branch: Branch | None  # None: the terminals where the responder never acts
    plans: list[BranchPlan]
    edges: list[Any]  # piece k is [edges[k], edges[k + 1]]
    polys: list[list[Poly]]  # polys[k][plan]


def _values(
    game: BettingGame,
    player: int,
    branch: Branch | None,
    terminals: list[_Terminal],
    others: dict[int, AxisStrategy],
    edges: list[Any],
) -> BranchValues:
    plans = branch_plans(game, branch) if branch is not None else []
    zero = edges[0] * 0
    # per terminal: each other player's segments that lead there, with the probability they do
    reach: list[dict[int, list[tuple[Any, Any, Any]]]] = []
    segments = {j: opp.segments() for j, opp in others.items()}
    for z in terminals:
        row = {}
        for j in others:
            actions = z.actions.get(j, ())
            weighted = ((lo, hi, _weight(mixes, actions, zero)) for lo, hi, mixes in segments[j])
            row[j] = [(lo, hi, w) for lo, hi, w in weighted if w]
        reach.append(row)
    own_of = [z.actions.get(player, ()) for z in terminals]
    # what does not depend on the piece, once per terminal: the amounts, the product of the
    # masses, and for each live player its segments with the mass below each (a pointer walks
    # them as the pieces go up: the work is linear in pieces plus segments, not their product)
    fixed = []
    for z, segs in zip(terminals, reach, strict=True):
        masses = {j: sum(((hi - lo) * w for lo, hi, w in s), zero) for j, s in segs.items()}
        everyone = zero + 1
        for m in masses.values():
            everyone *= m
        walks = {}
        for j in others:
            if j in z.live:
                prefix, total = [], zero
                for lo, hi, w in segs[j]:
                    prefix.append(total)
                    total += (hi - lo) * w
                walks[j] = (segs[j], prefix, [0])
        pot = _number(z.pot, zero) if not z.responder_folded else None
        fixed.append((-_number(z.own, zero) * everyone, pot, masses, walks))
    polys: list[list[Poly]] = []
    for k in range(len(edges) - 1):
        a, b = edges[k], edges[k + 1]
        per_terminal: list[Poly] = []
        for constant, pot, masses, walks in fixed:
            poly: Poly = [constant]
            if pot is not None:
                won: Poly = [pot]
                for j in others:
                    if j in walks:
                        segments, prefix, at = walks[j]
                        while at[0] < len(segments) and segments[at[0]][1] <= a:
                            at[0] += 1  # segments wholly below the piece
                        i = at[0]
                        below: Poly = [prefix[i] if i < len(prefix) else masses[j], zero]
                        if i < len(segments) and segments[i][0] <= a and b <= segments[i][1]:
                            lo, _, w = segments[i]  # the segment holding the piece
                            below = _add(below, [-lo * w, w])
                        won = _mul(won, below)
                    else:
                        won = [c * masses[j] for c in won]
                poly = _add(poly, won)
            per_terminal.append(poly)
        if branch is None:
            total: Poly = [zero]
            for poly in per_terminal:
                total = _add(total, poly)
            polys.append([total])
            continue
        row = []
        for plan in plans:
            total = [zero]
            for poly, own in zip(per_terminal, own_of, strict=True):
                if all(plan.action_at(h) == act for h, act in own):
                    total = _add(total, poly)
            row.append(total)
        polys.append(row)
    return BranchValues(branch, plans, edges, polys)


def _number(value: Any, like: Any) -> Any:
    """A game amount (sympy) in the arithmetic of ``like`` (exact, or mpmath)."""
    value = sympy.sympify(value)
    if isinstance(like, Fraction | RealAlgebraic):
        if not value.is_Rational:
            raise ValueError(f"exact best responses need rational amounts, got {value}")
        return Fraction(int(value.p), int(value.q))
    return mpmath.mpf(str(sympy.N(value, mpmath.mp.dps + 10)))


@dataclass
class Response:
    """A player's best response against the others' thresholds, and the gain over its own.

    ``value``: its expected return with its own thresholds; ``best``: with the best response;
    ``gain = best - value`` (0 at an equilibrium). ``improvements`` lists where a better plan
    exists: (branch, from, to, better plan, gain there), largest gain first. ``exact`` is
    False when the numbers are mpmath floats (irrational thresholds with a positive gain are
    measured that way).
    """

    player: int
    value: Any
    best: Any
    improvements: list[tuple[Branch, Any, Any, BranchPlan, Any]]
    exact: bool = True

    @property
    def gain(self) -> Any:
        """How much the player gains by best responding."""
        return self.best - self.value


def _split(values: BranchValues, own_cuts: list[Any]) -> list[tuple[Any, Any, int]]:
    """Sub-pieces ``(lo, hi, piece)`` of the axis, cut also at the player's own thresholds
    (increasing: a pointer walks them with the pieces, rather than a rescan per piece)."""
    out = []
    at = 0
    for k in range(len(values.edges) - 1):
        a, b = values.edges[k], values.edges[k + 1]
        while at < len(own_cuts) and own_cuts[at] <= a:
            at += 1
        inside = []
        while at + len(inside) < len(own_cuts) and own_cuts[at + len(inside)] < b:
            inside.append(own_cuts[at + len(inside)])
        points = sorted({a, b, *inside})
        out.extend((lo, hi, k) for lo, hi in itertools.pairwise(points) if hi > lo)
    return out


def _exact(value: Any) -> sympy.Expr:
    """A breakpoint as a sympy number (Fractions become Rationals; roots stay exact)."""
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    return sympy.sympify(value)


def _between(a: Any, b: Any) -> Fraction:
    """A rational number strictly between the exact numbers ``a < b`` (to test a sign there)."""
    a, b = _exact(a), _exact(b)
    if a.is_Rational and b.is_Rational:
        mid = (a + b) / 2
        return Fraction(int(mid.p), int(mid.q))
    digits = 30
    while True:
        mid = sympy.Rational(str((sympy.Float(a, digits) + sympy.Float(b, digits)) / 2))
        if a < mid < b:
            return Fraction(int(mid.p), int(mid.q))
        digits *= 2


def _key(value: Any) -> Any:
    return value if not isinstance(value, sympy.Basic) else sympy.Float(value, 60)


def _positive_parts(diff: Poly, lo: Any, hi: Any) -> list[tuple[Any, Any]]:
    """The sub-intervals of ``[lo, hi]`` where the polynomial ``diff`` is positive.

    Exact (Fraction) coefficients give exact endpoints: Fractions or sympy roots. Algebraic
    coefficients are only decided: none, or :class:`_Inexact` when ``diff`` is positive
    somewhere (the maximum of a polynomial of degree <= 2 is at an end or at the vertex,
    both in the field).
    """
    while len(diff) > 1 and not diff[-1]:
        diff = diff[:-1]
    if all(not c for c in diff):
        return []
    if (
        any(isinstance(c, RealAlgebraic) for c in diff)
        or isinstance(lo, RealAlgebraic)
        or isinstance(hi, RealAlgebraic)
    ):
        if len(diff) > 3:
            raise _Inexact
        candidates = [lo, hi]
        if len(diff) == 3 and diff[2] < 0:
            vertex = -diff[1] / (2 * diff[2])
            if lo < vertex < hi:
                candidates.append(vertex)
        if any(_at(diff, x) > 0 for x in candidates):
            raise _Inexact
        return []
    if isinstance(diff[0], Fraction):
        points: list[Any] = [lo, hi]
        if len(diff) > 1:
            x = sympy.Symbol("x")
            poly = sympy.Poly([sympy.Rational(c.numerator, c.denominator) for c in reversed(diff)], x)
            low, high = _exact(lo), _exact(hi)
            for root in poly.real_roots():
                if low < root < high:
                    points.append(Fraction(int(root.p), int(root.q)) if root.is_Rational else root)
        points = sorted(set(points), key=_key)
        return [(a, b) for a, b in itertools.pairwise(points) if _at(diff, _between(a, b)) > 0]
    found = sorted({lo, hi, *(r for r in _real_roots(diff) if lo < r < hi)})
    return [(a, b) for a, b in itertools.pairwise(found) if _at(diff, (a + b) / 2) > 0]


def _real_roots(diff: Poly) -> list[Any]:
    """The real roots of an mpmath polynomial: closed forms up to degree 2 (the three-player
    case, and most of a certificate's time when left to ``polyroots``), else ``polyroots``."""
    while len(diff) > 1 and not diff[-1]:
        diff = diff[:-1]
    if len(diff) == 2:
        return [-diff[0] / diff[1]]
    if len(diff) == 3:
        c, b, a = diff
        disc = b * b - 4 * a * c
        if disc < 0:
            return []
        root = mpmath.sqrt(disc)
        # the root without cancellation first, the other from the product of the roots
        q = -(b + root) / 2 if b >= 0 else -(b - root) / 2
        return [q / a, c / q] if q else [mpmath.mpf(0)]
    if len(diff) < 2:
        return []
    roots = mpmath.polyroots(list(reversed(diff)), extraprec=4 * mpmath.mp.prec, maxsteps=200)
    return [r.real for r in roots if abs(r.imag) < mpmath.eps * 1e6]


def _integral_between(diff: Poly, lo: Any, hi: Any) -> Any:
    """The integral of ``diff`` over ``[lo, hi]``, exact when the ends are roots (sympy)."""
    if isinstance(lo, sympy.Basic) or isinstance(hi, sympy.Basic):
        coefficients = [_exact(c) for c in diff]
        return sympy.expand(_integral(coefficients, _exact(lo), _exact(hi)))
    return _integral(diff, lo, hi)


class _Inexact(Exception):
    """An algebraic-number computation needs numbers outside the field (positive gain found)."""


def best_response(game: BettingGame, structure: Structure, values: dict[str, Any], player: int) -> Response:
    """``player``'s exact best response to the others' thresholds ``values`` (name -> number).

    Numbers are Fractions (everything exact; a positive gain may be a sympy expression with
    radicals), :class:`~.algebraic.RealAlgebraic` (a zero gain is proved exactly; a positive
    one is measured with mpmath at 50 digits) or mpmath floats.
    """
    if any(isinstance(v, RealAlgebraic) for v in values.values()):
        try:
            return _best_response(game, structure, values, player)
        except _Inexact:
            with mpmath.workdps(60):
                floats = {
                    n: v.mpf(60) if isinstance(v, RealAlgebraic) else mpmath.mpf(v.numerator) / v.denominator
                    for n, v in values.items()
                }
                response = _best_response(game, structure, floats, player)
            response.exact = False
            return response
    response = _best_response(game, structure, values, player)
    response.exact = not isinstance(next(iter(values.values()), Fraction(0)), mpmath.mpf)
    return response


def _best_response(game: BettingGame, structure: Structure, values: dict[str, Any], player: int) -> Response:
    strategies = [axis_strategy(structure, p, values) for p in range(1, game.players + 1)]
    return _respond(game, strategies, player)


def best_response_to(game: BettingGame, strategies: list[AxisStrategy], player: int) -> Response:
    """``player``'s exact best response when every player plays its :class:`AxisStrategy`
    (``strategies[p - 1]`` for player ``p``), behaviour strategies included: the gain is the
    integral of the best plan's payoff over what the player's own mixes earn.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from pokerlab.gamespec import builtin_game
    >>> from pokerlab.gamespec.plans import branch_plans, branches
    >>> g = builtin_game("patent-no-raise", pot=1)
    >>> bet, pss = branch_plans(g, branches(g, 1)[0])[::-1]  # P1 bets with every hand
    >>> fold, call = branch_plans(g, branches(g, 2)[0])
    >>> half = AxisStrategy([], [(((fold, F(1, 2)), (call, F(1, 2))),)])  # P2 calls half the time
    >>> r = best_response_to(g, [AxisStrategy([], [pure((bet,))]), half], 2)
    >>> r.value, r.gain, r.exact  # P2 should fold below 1/3 and call above
    (Fraction(-1, 4), Fraction(5, 12), True)
    >>> [(float(a), float(b), plan.label) for _, a, b, plan, _ in r.improvements]
    [(0.3333333333333333, 1.0, 'call'), (0.0, 0.3333333333333333, 'fold')]
    """
    response = _respond(game, strategies, player)
    numbers = [x for s in strategies for x in s.cuts]
    numbers += [w for s in strategies for mixes in s.plans for mix in mixes for _, w in mix]
    response.exact = not any(isinstance(x, mpmath.mpf | float) for x in numbers)
    return response


def _respond(game: BettingGame, strategies: list[AxisStrategy], player: int) -> Response:
    others = {j: s for j, s in enumerate(strategies, start=1) if j != player}
    mine = strategies[player - 1]
    sample = next((c for s in strategies for c in s.cuts), Fraction(0))
    zero = sample * 0
    edges = sorted({zero, zero + 1, *(c for opp in others.values() for c in opp.cuts)}, key=_key)
    found: list[_Terminal] = []
    _terminals(game, game.root, (), player, found)
    own_branches = [m[0][0].branch for m in mine.plans[0]]
    groups: dict[Branch | None, list[_Terminal]] = {b: [] for b in own_branches}
    groups[None] = []
    for z in found:
        inside = [
            b
            for b in own_branches
            if z.history[: len(b.history)] == b.history and len(z.history) > len(b.history)
        ]
        groups[inside[0] if inside else None].append(z)
    value = zero
    best: Any = zero
    improvements: list[tuple[Branch, Any, Any, BranchPlan, Any]] = []
    for branch, terminals in groups.items():
        bv = _values(game, player, branch, terminals, others, edges)
        if branch is None:
            rest = sum(
                (_integral(bv.polys[k][0], edges[k], edges[k + 1]) for k in range(len(edges) - 1)), zero
            )
            value += rest
            best += rest
            continue
        own = mine.branch_segments(branch)
        at = 0  # the own segment holding the piece: both go up together
        for lo, hi, k in _split(bv, [seg[1] for seg in own[:-1]]):
            while own[at][1] < hi:
                at += 1
            here = _mixed(bv, k, own[at][2], zero)
            value += _integral(here, lo, hi)
            best += _integral(here, lo, hi)
            best += _envelope_gain(bv, k, here, lo, hi, branch, improvements)
    improvements.sort(key=lambda imp: -float(imp[4]))
    return Response(player, value, best, improvements)


def _mixed(bv: BranchValues, k: int, mix: Mix, zero: Any) -> Poly:
    """The payoff polynomial of playing ``mix`` on piece ``k`` (a pure plan's own polynomial)."""
    if len(mix) == 1:
        return bv.polys[k][bv.plans.index(mix[0][0])]
    out: Poly = [zero]
    for plan, w in mix:
        out = _add(out, [c * w for c in bv.polys[k][bv.plans.index(plan)]])
    return out


def _envelope_gain(
    bv: BranchValues,
    k: int,
    here: Poly,
    lo: Any,
    hi: Any,
    branch: Branch,
    improvements: list[tuple[Branch, Any, Any, BranchPlan, Any]],
) -> Any:
    """The integral over ``[lo, hi]`` of ``max over plans - here`` (the payoff of the current
    plan or mix; exact for Fractions)."""
    diffs = [_add(p, [-c for c in here]) for p in bv.polys[k]]
    gaining = {q: _positive_parts(d, lo, hi) for q, d in enumerate(diffs)}
    gaining = {q: parts for q, parts in gaining.items() if parts}
    if not gaining:
        return lo * 0
    # the upper envelope of the gaining plans: cut at every crossing, take the best on each part
    points = {lo, hi}
    for parts in gaining.values():
        for a, b in parts:
            points |= {a, b}
    for q, r in itertools.permutations(gaining, 2):
        for a, b in _positive_parts(_add(diffs[q], [-c for c in diffs[r]]), lo, hi):
            points |= {a, b}
    exact = isinstance(lo, Fraction)
    total: Any = lo * 0
    for a, b in itertools.pairwise(sorted(points, key=_key)):
        probe = _between(a, b) if exact else (a + b) / 2
        at_probe = {q: _at(diffs[q], probe) for q in gaining}
        q = max(at_probe, key=lambda q: at_probe[q])
        if at_probe[q] > 0 and (exact or b - a > mpmath.eps**0.5):
            amount = _integral_between(diffs[q], a, b)
            total += amount
            improvements.append((branch, a, b, bv.plans[q], amount))
    return total


def best_responses(game: BettingGame, structure: Structure, values: dict[str, Any]) -> list[Response]:
    """Every player's best response (see :func:`best_response`), players in order."""
    return [best_response(game, structure, values, p) for p in range(1, game.players + 1)]
