"""Equilibrium of a small game by the sequence-form linear program, solved with HiGHS.

Player 0 maximises ``v[0]`` over realisation plans ``x`` (``E x = e, x >= 0``) subject to
``F^T v <= A^T x`` (the dual of player 1's best response); player 1 solves the mirror
program. Both optima equal the game value.

HiGHS works in floating point. :attr:`LPSolution.value_fraction` is the simplest fraction
within the solver's tolerance of the value (``Fraction.limit_denominator``): a *reading* of
the float. :attr:`LPSolution.certified_value` is a proof: the LP strategies read as simple
fractions form an exact equilibrium, checked by best responses in rational arithmetic
(:mod:`pokerlab.equilibrium.exact`), and this is its exact value (None when the check fails
or the game is too large to check).

Examples
--------
>>> from pokerlab.equilibrium.games import kuhn
>>> sol = solve_lp(kuhn())
>>> sol.value_fraction, sol.certified_value
(Fraction(-1, 18), Fraction(-1, 18))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from pokerlab.equilibrium.exact import certify as exact_check
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.game import Game
from pokerlab.equilibrium.sequence_form import SequenceForm
from pokerlab.equilibrium.strategy import Strategy

#: Tolerance of the HiGHS solves and of the rational reading of the value.
TOLERANCE = 1e-9


@dataclass(frozen=True)
class LPSolution:
    """Value and an equilibrium of the sequence-form programs."""

    value: float  # player 0's equilibrium payoff (from player 0's program)
    value_player1_lp: float  # the same value from player 1's program (a consistency check)
    value_fraction: Fraction | None  # simplest fraction within tolerance, None if none is simple
    certified_value: Fraction | None  # exact value proved by exact best responses, or None
    strategy: Strategy
    plans: tuple[np.ndarray, np.ndarray]  # realisation plans x, y


def _solve(objective, a_ub, a_eq, b_eq, num_plan, what):
    bounds = [(0, None)] * num_plan + [(None, None)] * (len(objective) - num_plan)
    res = linprog(
        objective,
        A_ub=a_ub,
        b_ub=np.zeros(a_ub.shape[0]),
        A_eq=a_eq,
        b_eq=b_eq,
        bounds=bounds,
        method="highs",
        options={"primal_feasibility_tolerance": TOLERANCE, "dual_feasibility_tolerance": TOLERANCE},
    )
    if res.status != 0:
        raise ValueError(f"{what}: HiGHS failed: {res.message}")
    return res.x


def rational_reading(value: float, scale: float = 1.0, max_denominator: int = 1000) -> Fraction | None:
    """The simplest fraction within ``10 * TOLERANCE * scale`` of ``value``, or None.

    ``scale`` is the size of the payoffs (at least 1).

    Denominators stay small (at most ``max_denominator``) so that a match is meaningful:
    fractions that simple are far apart compared with the tolerance.

    Examples
    --------
    >>> rational_reading(-0.0555555555556)
    Fraction(-1, 18)
    >>> rational_reading(0.3183098861837907) is None  # 1/pi
    True
    """
    tol = TOLERANCE * max(scale, 1.0) * 10
    for den in (10, 100, max_denominator):
        q = Fraction(value).limit_denominator(den)
        if abs(float(q) - value) <= tol:
            return q
    return None


#: Largest number of terminal entries (terminals x hand pairs) certified by default.
CERTIFY_LIMIT = 20_000


def solve_lp(game: Game | FlatGame, certify: bool | None = None) -> LPSolution:
    """Solve ``game`` by the two sequence-form programs (HiGHS, tolerance ``TOLERANCE``).

    ``certify``: check the solution in exact arithmetic (default: when the game has at most
    ``CERTIFY_LIMIT`` terminal entries).
    """
    flat = game if isinstance(game, FlatGame) else FlatGame.build(game)
    if flat.grouped:
        raise ValueError(f"game: {flat.game.name} groups private states at some decisions "
                         "(Decision.info); the linear program takes games without: use CFR")
    sf = SequenceForm.build(flat)
    s0, s1 = sf.num_sequences
    e_mat, f_mat = sf.constraints
    a = sf.payoff
    i0, i1 = e_mat.shape[0], f_mat.shape[0]
    e_vec = np.zeros(i0)
    e_vec[0] = 1.0
    f_vec = np.zeros(i1)
    f_vec[0] = 1.0

    # Player 0: max v[0]  s.t.  F^T v - A^T x <= 0,  E x = e,  x >= 0.
    obj0 = np.concatenate([np.zeros(s0), -f_vec])
    ub0 = sp.hstack([-a.T, f_mat.T]).tocsr()
    eq0 = sp.hstack([e_mat, sp.csr_matrix((i0, i1))]).tocsr()
    z0 = _solve(obj0, ub0, eq0, e_vec, s0, "player 0's program")
    x, value0 = z0[:s0], float(z0[s0])

    # Player 1: min u[0]  s.t.  A y - E^T u <= 0,  F y = f,  y >= 0.
    obj1 = np.concatenate([np.zeros(s1), e_vec])
    ub1 = sp.hstack([a, -e_mat.T]).tocsr()
    eq1 = sp.hstack([f_mat, sp.csr_matrix((i1, i0))]).tocsr()
    z1 = _solve(obj1, ub1, eq1, f_vec, s1, "player 1's program")
    y, value1 = z1[:s1], float(z1[s1])

    probs = flat.uniform_strategy()
    sf.behaviour(0, x, probs)
    sf.behaviour(1, y, probs)
    # Both programs must agree with the reading.
    reading = rational_reading(value0)
    if reading is not None and rational_reading(value1) != reading:
        reading = None
    strategy = Strategy(flat, probs)
    if certify is None:
        certify = flat.weighted_payoff.size <= CERTIFY_LIMIT
    certified = exact_check(flat.game, strategy) if certify else None
    return LPSolution(
        value=value0,
        value_player1_lp=value1,
        value_fraction=reading,
        certified_value=certified,
        strategy=strategy,
        plans=(x, y),
    )
