"""Basic Endgame with several rounds of betting (*The Endgame in Poker*, §2 and §3).

Round ``k`` bet ``b_k``; ``r_k = b_k / (2 s_{k-1} + b_k)`` with ``s_k = a + b_1 + ... + b_k``
and ``P_0 = 1 / Π(1 + r_k)``. When ``P <= P_0`` all strategies are active: II folds with
probability ``r_k`` in round k, I bluffs first with ``p_1 = (P/(1-P))(1-P_0)/P_0`` and later
with ``p_k = (Π_{i>=k}(1+r_i) - 1) / (Π_{i>=k-1}(1+r_i) - 1)`` (docs/errata.md reading), value
``a(2P/P_0 - 1)``. Otherwise I always bets in round 1, II folds, the value is ``a``, and the
later rounds (off the path) are played as the optimal endgame on the rounds left.

With a fixed total stake ``s_n - s_0`` the best bets make the pots geometric,
``s_i = s_0 (s_n/s_0)^(i/n)`` (§3 (18)); for two rounds ``b_1 = sqrt(aB + a²) - a``.

Examples
--------
The worked example of §3: pot 20, three rounds, stacks 260 and 330, P = 1/4.

>>> s = solve_n_round(a=10, P="1/4", stacks=(260, 330), n=3)
>>> s.params["bets"], s.strategy["II folds in round 1"]
((20, 60, 180), 1/2)
>>> [str(s.strategy[f"I bluffs in round {k}"]) for k in (1, 2, 3)]
['19/24', '10/19', '2/5']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Solution, exact, is_positive, require, tidy
from pokerlab.models.endgame import check_common

MAX_ROUNDS = 250
"""Most rounds of geometric bets: each round adds two strategy entries, an n-th root to every
exact form and a node pair to the engine's check (200 rounds take seconds)."""


def fold_ratios(a: Exact, bets: Sequence[Exact]) -> list[Exact]:
    """``r_k = b_k / (2 s_{k-1} + b_k)``: each bet over the pot after it."""
    out, s = [], a
    for b in bets:
        out.append(tidy(b / (2 * s + b)))
        s = s + b
    return out


def cutoff(a: Exact, bets: Sequence[Exact]) -> Exact:
    """``P_0 = 1 / Π(1 + r_k)``."""
    return tidy(1 / sp.Mul(*[1 + r for r in fold_ratios(a, bets)]))


def strategy(a: Exact, bets: Sequence[Exact], P: Exact) -> tuple[str, dict[str, Exact], Exact]:
    """``(case, probabilities by name, value)`` for fixed bets."""
    n = len(bets)
    r = fold_ratios(a, bets)
    P0 = cutoff(a, bets)

    def tail(k: int) -> Exact:  # Π_{i >= k} (1 + r_i), rounds numbered from 1
        return sp.Mul(*[1 + x for x in r[k - 1:]])

    probs: dict[str, Exact] = {}
    if is_positive(P - P0):
        case, value = "saddle point (P > P0)", a
        probs["I bluffs in round 1"] = sp.Integer(1)
        probs["II folds in round 1"] = sp.Integer(1)
        if n > 1:  # off the path: the endgame on the rounds left, pot s_1, same P
            _, later, _ = strategy(a + bets[0], bets[1:], P)
            for name, p in later.items():
                head, k = name.rsplit(" ", 1)
                probs[f"{head} {int(k) + 1}"] = p
    else:
        case, value = "all strategies active (P <= P0)", tidy(a * (2 * P / P0 - 1))
        probs["I bluffs in round 1"] = tidy(P / (1 - P) * (1 - P0) / P0)
        for k in range(2, n + 1):
            probs[f"I bluffs in round {k}"] = tidy((tail(k) - 1) / (tail(k - 1) - 1))
        for k in range(1, n + 1):
            probs[f"II folds in round {k}"] = r[k - 1]
    ordered = {f"I bluffs in round {k}": probs[f"I bluffs in round {k}"] for k in range(1, n + 1)}
    ordered |= {f"II folds in round {k}": probs[f"II folds in round {k}"] for k in range(1, n + 1)}
    return case, ordered, value


def geometric_bets(a: Exact, stake: Exact, n: int) -> tuple[Exact, ...]:
    """§3 (18): bets making ``s_i = s_0 (s_n/s_0)^(i/n)`` for total stake ``s_n - s_0``."""
    s = [tidy(a * ((a + stake) / a) ** sp.Rational(i, n)) for i in range(n + 1)]
    return tuple(tidy(s[i] - s[i - 1]) for i in range(1, n + 1))


def geometric_strategy(a: Exact, q: Exact, n: int, P: Exact) -> tuple[str, dict[str, Exact], Exact]:
    """:func:`strategy` for the geometric bets of :func:`geometric_bets`, in closed form: every
    round's bet is ``q - 1`` times the pot before it (``s_i = a q^i``), so ``r_k = (q-1)/(q+1)``
    in every round and ``Π_{i>=k}(1 + r_i) = t^(n-k+1)`` with ``t = 2q/(q+1)``.

    Nothing is simplified (sympy's simplification of the n-th roots took minutes from n = 16):
    the expressions are exact, built from ``q`` directly, and as short as the closed forms.

    Examples
    --------
    >>> case, probs, value = geometric_strategy(sp.Integer(10), sp.Integer(3), 3, sp.Rational(1, 4))
    >>> value, [str(probs[f"I bluffs in round {k}"]) for k in (1, 2, 3)]
    (55/8, ['19/24', '10/19', '2/5'])
    """
    t = 2 * q / (q + 1)
    r = (q - 1) / (q + 1)
    P0 = 1 / t**n
    probs: dict[str, Exact] = {}
    if is_positive(P - P0):
        case, value = "saddle point (P > P0)", a
        probs["I bluffs in round 1"] = sp.Integer(1)
        probs["II folds in round 1"] = sp.Integer(1)
        if n > 1:  # off the path: the endgame on the rounds left, pot a*q, the same ratio
            _, later, _ = geometric_strategy(a * q, q, n - 1, P)
            for name, p in later.items():
                head, k = name.rsplit(" ", 1)
                probs[f"{head} {int(k) + 1}"] = p
    else:
        case, value = "all strategies active (P <= P0)", a * (2 * P * t**n - 1)
        probs["I bluffs in round 1"] = P / (1 - P) * (t**n - 1)
        for k in range(2, n + 1):
            probs[f"I bluffs in round {k}"] = (t ** (n - k + 1) - 1) / (t ** (n - k + 2) - 1)
        for k in range(1, n + 1):
            probs[f"II folds in round {k}"] = r
    ordered = {f"I bluffs in round {k}": probs[f"I bluffs in round {k}"] for k in range(1, n + 1)}
    ordered |= {f"II folds in round {k}": probs[f"II folds in round {k}"] for k in range(1, n + 1)}
    return case, ordered, value


def optimal_first_bet(a: Exact, total: Exact) -> Exact:
    """§2: with ``b_1 + b_2 = B`` fixed, ``b_1 = sqrt(aB + a²) - a``."""
    return tidy(sp.sqrt(a * total + a**2) - a)


def _check_bets(bets: Sequence[Exact]) -> None:
    require(len(bets) >= 1, "parameter bets: give at least one bet")
    for b in bets:
        require(is_positive(b), f"parameter bets: every bet must be positive (got {b})")


def solve_n_round(
    a: Any = 10,
    P: Any = sp.Rational(1, 4),
    bets: Sequence[Any] | None = None,
    stacks: Sequence[Any] | None = None,
    n: Any = None,
) -> Solution:
    """n rounds with the given ``bets``, or the optimal geometric bets for ``stacks`` and ``n``."""
    a, P = exact(a), exact(P)
    check_common(a, P)
    extras: dict[str, Any] = {}
    if stacks is not None:
        stacks = tuple(exact(s) for s in stacks)
        require(all(is_positive(s) for s in stacks), "parameter stacks: must be positive")
        require(n is not None, "parameter n: give the number of rounds with stacks")
        n_exact = exact(n)
        require(n_exact.is_Integer and n_exact >= 1,
                f"parameter n: a whole number of rounds, at least 1 (got {n})")
        n = int(n_exact)
        require(n <= MAX_ROUNDS, f"parameter n: at most {MAX_ROUNDS} rounds (got {n})")
        stake = min(stacks, key=float)
        ratio = ((a + stake) / a) ** sp.Rational(1, n)  # q: each pot over the one before
        bets = tuple(a * ratio ** (i - 1) * (ratio - 1) for i in range(1, n + 1))
        case, probs, value = geometric_strategy(a, ratio, n, P)
        P0 = 1 / (2 * ratio / (ratio + 1)) ** n
        extras = {
            "stake (smaller stack)": stake,
            "pots s_i": [a * ratio**i for i in range(n + 1)],
            "bet / pot before it, each round": (ratio - 1) / 2,
            "value formula (23)": a * (P * 2 ** (n + 1) * (a + stake) / (
                (a + stake) ** sp.Rational(1, n) + a ** sp.Rational(1, n)) ** n - 1),
        }
        return Solution(
            model="endgame-n-round",
            params={"a": a, "P": P, "bets": bets},
            value=value,
            strategy=probs,
            case=case,
            order=[f"case decided by P vs P0 = 1/Π(1+r_k) = ((q+1)/(2q))^n, q = {ratio}: "
                   f"{float(P0):.6g}"],
            extras={"P0": P0, "r_k": [(ratio - 1) / (ratio + 1)] * n, **extras},
        )
    elif bets is None:
        bets = (sp.Integer(20), sp.Integer(60), sp.Integer(180))
    bets = tuple(exact(b) for b in bets)
    _check_bets(bets)
    case, probs, value = strategy(a, bets, P)
    P0 = cutoff(a, bets)
    return Solution(
        model="endgame-n-round",
        params={"a": a, "P": P, "bets": bets},
        value=value,
        strategy=probs,
        case=case,
        order=[f"case decided by P vs P0 = 1/Π(1+r_k) = {P0}"],
        extras={"P0": P0, "r_k": fold_ratios(a, bets), **extras},
    )


def solve_two_round(
    a: Any = 1, b1: Any = 2, b2: Any = 6, P: Any = sp.Rational(1, 4), total: Any = None
) -> Solution:
    """§2: two rounds with bets ``b1``, ``b2`` (or the best split of ``total``)."""
    a, P = exact(a), exact(P)
    check_common(a, P)
    extras: dict[str, Any] = {}
    if total is not None:
        total = exact(total)
        require(is_positive(total), f"parameter total: must be positive (got {total})")
        b1 = optimal_first_bet(a, total)
        b2 = tidy(total - b1)
        extras["optimal split of total"] = [b1, b2]
    b1, b2 = exact(b1), exact(b2)
    require(is_positive(b1), f"parameter b1: the bet must be positive (got {b1})")
    require(is_positive(b2), f"parameter b2: the bet must be positive (got {b2})")
    case, probs, value = strategy(a, (b1, b2), P)
    P0 = cutoff(a, (b1, b2))
    printed_P0 = tidy((2 * a + b1) * (2 * a + 2 * b1 + b2) / ((2 * a + 2 * b1) * (2 * a + 2 * b1 + 2 * b2)))
    return Solution(
        model="endgame-two-round",
        params={"a": a, "b1": b1, "b2": b2, "P": P},
        value=value,
        strategy=probs,
        case=case,
        order=[f"case decided by P vs P0 = {P0}"],
        extras={"P0": P0, "P0 (§2 formula)": printed_P0, **extras},
    )
