"""Independent checks of the closed forms by the general engines.

- uniform(0,1) models: the dividing-point generator (:mod:`pokerlab.threshold`). Each model
  is written as a betting tree (pot 2 = antes 1 each, bet B, raise R: the papers' units; the
  engine's net payoff to I is the papers' "share of the pot minus 1"). The engine solves its
  own derivative equations under the paper's threshold structure (the relative order across
  players read from the closed form), certifies the result by exact best responses
  (exploitability 0), and, independently of any input from the paper, searches a structure
  from the LP of a discretised game (``discover``) whose value must be the same.
- endgame models: the sequence-form LP (:func:`pokerlab.equilibrium.solve_lp`, HiGHS) on the
  model written as a small game with chance and private information; continuum and
  continuous-observation models through a fine discretisation, compared within its error.
- Newman's model (a continuum of bet sizes no betting tree can hold): an exact best-response
  computation with sympy.

Examples
--------
>>> from pokerlab.models import von_neumann
>>> s = von_neumann.solve(2)
>>> order_text(s.thresholds, UNIFORM_AXES["von-neumann"])
'a < c < b'
>>> c = threshold_check(s, discover_structure=False)
>>> c.agrees, c.value
(True, 0.1111111111111111)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import sympy as sp

from pokerlab.models.base import Check, Solution, compare, is_positive

# -------------------------------------------------------------------------------------------
# uniform(0,1) models through the dividing-point generator

#: Paper's structure per model: the axes of each player's branches with the paper's names.
UNIFORM_AXES: dict[str, dict[int, dict[str, str]]] = {
    "von-neumann": {1: {"": "bet | a | pass | b | bet"}, 2: {"bet": "fold | c | call"}},
    "bet-after-check": {
        1: {"": "bet | a | pass-fold | b | pass-call | c | bet"},
        2: {"bet": "fold | d | call", "pass": "bet | e | pass | f | bet"},
    },
    "raise": {
        1: {"": "bet-fold | a | pass | b | bet-fold | c | bet-call"},
        2: {"bet": "fold | d | raise | e | call | f | raise"},
    },
    "two-round": {
        1: {"": "bet-fold | a | pass-fold | b | pass-raise | c | pass-call | d | bet-fold | e | bet-call"
                " | f | pass-raise"},
        2: {"pass": "bet-fold | g | pass | h | bet-fold | j | bet-call",
            "bet": "fold | k | raise | m | call | n | raise"},
    },
}


def betting_game(model: str, params: dict[str, Any]) -> Any:
    """The model as a :class:`pokerlab.threshold.BettingGame` (pot 2, bets in the papers' units)."""
    from pokerlab.threshold import rules_game

    if model == "von-neumann":
        return rules_game(model, pot=2, bet=[params["B"]], raise_cap=0, p2_may_bet=False)
    if model == "bet-after-check":
        return rules_game(model, pot=2, bet=[params["B"]], raise_cap=0, p2_may_bet=True)
    if model == "raise":
        return rules_game(model, pot=2, bet=[params["B"], params["R"]], raise_cap=1, p2_may_bet=False)
    if model == "two-round":
        return rules_game(model, pot=2, bet=[params["B"], params["R"]], raise_cap=1, p2_may_bet=True,
                          check_raise=True)
    raise ValueError(f"model {model}: no betting tree")


def order_text(
    thresholds: dict[str, sp.Expr], axes: dict[int, dict[str, str]], flip_ties: bool = False
) -> str:
    """All thresholds sorted by their closed-form values, ``<=`` where two coincide exactly.

    Coinciding thresholds of different players may be listed either way round; ``flip_ties``
    lists them the other way (for a structure whose equations are singular in one of them).
    """
    position = {}
    for player, player_axes in axes.items():
        for axis in player_axes.values():
            for k, name in enumerate(axis.split("|")[1::2]):
                position[name.strip()] = (player if not flip_ties else -player, k)
    names = sorted(thresholds, key=lambda n: (float(thresholds[n]), position.get(n, (0, 0))))
    out = names[0]
    for lo, hi in itertools.pairwise(names):
        out += (" < " if is_positive(thresholds[hi] - thresholds[lo]) else " <= ") + hi
    return out


def solve_structure(game: Any, axes: dict[int, dict[str, str]], thresholds: dict[str, sp.Expr]) -> tuple[
        Any, str]:
    """The engine's exact solution of ``game`` under the structure ``axes`` with the closed form's order."""
    from pokerlab.gamespec.structure import parse_structure
    from pokerlab.threshold import DeclaredOrder
    from pokerlab.threshold.solving.solve import solve

    error: ValueError | None = None
    for flip in (False, True):
        order = order_text(thresholds, axes, flip)
        try:
            return solve(game, parse_structure(game, DeclaredOrder(axes=axes, order=order))), order
        except ValueError as exc:  # singular with ties listed one way: try the other
            error = exc
    assert error is not None
    raise error


def threshold_check(solution: Solution, discover_structure: bool = True, time_limit: float = 20.0) -> Check:
    """Solve and certify the model with the dividing-point generator; compare."""
    from pokerlab.threshold.certifying.certify import certify
    from pokerlab.threshold.discovering.discover import discover

    params = solution.params
    if not all(sp.sympify(v).is_Rational for v in params.values()):
        return best_response_check(solution)
    axes = UNIFORM_AXES[solution.model]
    game = betting_game(solution.model, params)
    engine, order = solve_structure(game, axes, solution.thresholds)
    cert = certify(engine)
    numbers = {name: float(engine.exact[name]) for name in solution.thresholds}
    exact_equal = all(sp.simplify(engine.exact[n] - solution.thresholds[n]) == 0 for n in solution.thresholds)
    exact_equal = exact_equal and sp.simplify(engine.value_exact - solution.value) == 0
    notes = [
        f"paper's structure, order {order}: engine thresholds {'equal' if exact_equal else 'DIFFER from'}"
        " the closed form exactly",
        f"certificate: exploitability {cert.exploitability} (best responses {cert.best_response_p1},"
        f" {cert.best_response_p2})",
    ]
    diffs = [compare(solution, float(engine.value_exact), numbers), float(abs(cert.exploitability))]
    if solution.model == "bet-after-check":
        diffs.append(_alternative_check(game, solution, notes))
    if discover_structure:
        found = discover(game, time_limit=time_limit)
        if found.solution is None:  # a limit of the search, not a disagreement: say so
            notes.append(f"structure search (discover) found no certified structure in {time_limit:g} s")
        else:
            v = found.solution.value_exact
            diffs.append(abs(float(v) - float(solution.value)))
            notes.append(
                f"structure search from the LP (no input from the paper): value {v}, order "
                f"{found.solution.structure.order_text()}"
            )
    return Check(
        engine="pokerlab.threshold (dividing-point generator)",
        method="exact solve under the paper's structure + exact best-response certificate + structure search",
        value=float(engine.value_exact),
        numbers=numbers,
        max_diff=max(diffs),
        tolerance=1e-9,
        notes=notes,
    )


def _alternative_check(game: Any, solution: Solution, notes: list[str]) -> float:
    """§2.6: I's alternative strategy (value bets on (f, c'), check-call above c'), by the engine."""
    from pokerlab.threshold.certifying.certify import certify

    axes = {1: {"": "bet | a | pass-fold | b | pass-call | f1 | bet | c1 | pass-call"},
            2: {"bet": "fold | d | call", "pass": "bet | e | pass | f | bet"}}
    t = {k: v for k, v in solution.thresholds.items() if k != "c"}
    t |= {"f1": solution.thresholds["f"], "c1": solution.extras["alternative c' = f + 1 - c (§2.6)"]}
    engine, _ = solve_structure(game, axes, t)
    cert = certify(engine)
    diff = max(abs(float(engine.exact[n]) - float(t[n])) for n in t)
    notes.append(f"§2.6 alternative for I (check-call above c'): engine thresholds f1={engine.exact['f1']}, "
                 f"c1={engine.exact['c1']}, value {engine.value_exact}, exploitability {cert.exploitability}")
    return max(diff, abs(float(engine.value_exact) - float(solution.value)), float(abs(cert.exploitability)))


def best_response_check(solution: Solution) -> Check:
    """Exact best responses (sympy) against the closed form: for surd parameters, which the
    dividing-point engine (rational arithmetic) does not take."""
    from pokerlab.models.payoffs import best_response_gain

    gains = best_response_gain(solution)
    return Check(
        engine="exact best response (sympy; the dividing-point engine needs rational parameters)",
        method="every pure plan's payoff compared with the closed form's at every threshold",
        value=float(solution.value),
        numbers={k: float(v) for k, v in solution.thresholds.items()},
        max_diff=max(float(gains["I"]), float(gains["II"])),
        tolerance=1e-12,
        notes=[f"largest gain from deviating: I {gains['I']}, II {gains['II']}"],
    )


# -------------------------------------------------------------------------------------------
# endgame models through the sequence-form LP


def _lp(game: Any) -> Any:
    from pokerlab.equilibrium import solve_lp

    return solve_lp(game)


def _f(x: Any) -> float:
    return float(sp.sympify(x))


def _check(solution: Solution, value: float, numbers: dict[str, float], method: str, tol: float,
           notes: list[str] | None = None, extra_diffs: tuple[float, ...] = ()) -> Check:
    diff = max(compare(solution, value, numbers), *extra_diffs) if extra_diffs else compare(
        solution, value, numbers)
    return Check(engine="pokerlab.equilibrium (sequence-form LP, HiGHS)", method=method, value=value,
                 numbers=numbers, max_diff=diff, tolerance=tol, notes=notes or [])


def _showdown(a: float) -> Any:
    from pokerlab.equilibrium import Terminal

    return Terminal(np.array([[a], [-a]]))


def rounds_check(solution: Solution) -> Check:
    """Basic / two-round / n-round endgame: the LP of the game with these bets."""
    from pokerlab.equilibrium import endgame

    p = solution.params
    bets = p["bets"] if "bets" in p else ((p["b"],) if "b" in p else (p["b1"], p["b2"]))
    lp = _lp(endgame(a=_f(p["a"]), bets=[_f(b) for b in bets], P=_f(p["P"])))
    s = lp.strategy
    numbers: dict[str, float] = {}
    saddle = solution.case.startswith("saddle")
    rounds = 1 if saddle else len(bets)  # later rounds are off the path in the saddle case
    for k in range(1, rounds + 1):
        history = ("bet", "call") * (k - 1)
        bluff = float(s.action_probabilities(history)["bet"][1])
        fold = float(s.action_probabilities((*history, "bet"))["fold"][0])
        if solution.model == "endgame":
            # (the paper's rule that I bets a winning card is not imposed on the LP: with II
            # folding always, checking a winner is as good, so that entry is not compared)
            numbers |= {"I bluffs (bets a losing card)": bluff, "II folds": fold, "II calls": 1 - fold}
        else:
            numbers |= {f"I bluffs in round {k}": bluff, f"II folds in round {k}": fold}
    notes = ["saddle point: rounds after the first are off the path and not compared"] if saddle else []
    extra: tuple[float, ...] = ()
    if solution.model == "endgame":
        cutler = _lp(_cutler_game(p["a"], p["b"], p["P"]))
        extra = (abs(cutler.value - float(solution.value)),)
        notes.append("bet-size choice (Cutler): with bets b/4, b/2, b allowed the LP value is "
                     f"{cutler.value:.12g} (the maximum bet is optimal)")
    return _check(solution, lp.value, numbers, "LP of the endgame tree (ante a, bets, P)", 1e-9, notes, extra)


def _cutler_game(a: Any, b: Any, P: Any) -> Any:
    """I chooses a bet among b/4, b/2, b (II sees the size); II folds or calls."""
    from pokerlab.equilibrium import Decision, Game, Terminal

    a, P = _f(a), _f(P)
    children: dict[str, Any] = {"check": _showdown(a)}
    for frac in (0.25, 0.5, 1.0):
        size = frac * _f(b)
        children[f"bet {size:g}"] = Decision(1, {"fold": Terminal(a), "call": _showdown(a + size)})
    return Game(name="cutler", hands=(("W", "L"), ("-",)), prior=[[P], [1 - P]], root=Decision(0, children))


def hidden_check(solution: Solution) -> Check:
    """§5: binary observation exactly; Example 3's triangular one on a grid of 400 cells."""
    from pokerlab.equilibrium import Decision, Game, Terminal

    p = solution.params
    a, b, P = _f(p["a"]), _f(p["b"]), _f(p["P"])
    if p["Y"] == "binary":
        pW, pL = _f(p["pW"]), _f(p["pL"])
        like_W, like_L = np.array([1 - pW, pW]), np.array([1 - pL, pL])
        labels: tuple[str, ...] = ("Y=0", "Y=1")
        tol, method = 1e-9, "LP of the binary-observation game"
    elif p["Y"] == "finite":
        like_W, like_L = np.array([_f(v) for v in p["fW"]]), np.array([_f(v) for v in p["fL"]])
        labels = tuple(f"Y={i}" for i in range(len(like_W)))
        tol, method = 1e-9, "LP of the finite-observation game"
    else:
        n = 400
        edges = np.linspace(0.0, 1.0, n + 1)
        like_L = np.diff(edges)
        like_W = np.diff(2 * edges - edges**2)
        labels = tuple(f"y{i}" for i in range(n))
        tol, method = 2.0 / n, f"LP of the observation discretised into {n} cells"
    prior = np.vstack([P * like_W, (1 - P) * like_L])
    root = Decision(0, {
        "check": Terminal(np.array([[a], [-a]])),
        "bet": Decision(1, {"fold": Terminal(a), "call": Terminal(np.array([[a + b], [-(a + b)]]))}),
    })
    lp = _lp(Game(name="hidden-info", hands=(("W", "L"), labels), prior=prior, root=root))
    s = lp.strategy
    fold = s.action_probabilities(("bet",))["fold"]
    numbers = {"I bluffs (bets a losing card)": float(s.action_probabilities(())["bet"][1])}
    if p["Y"] == "binary":
        numbers |= {"II folds with a good hand (Y=0)": float(fold[0]),
                    "II folds with a poor hand (Y=1)": float(fold[1])}
    elif p["Y"] == "finite":
        # observations with equal likelihood ratios may share II's folds in any proportion: compare
        # each group's fold probability (weighted by fL); never-seen observations are not compared
        ratio = [round(w / q, 12) if q > 0 else np.inf for w, q in zip(like_W, like_L, strict=True)]
        for i in range(len(fold)):
            if like_W[i] + like_L[i] == 0:
                continue
            group = [j for j in range(len(fold)) if ratio[j] == ratio[i]]
            weights = like_L[group] if ratio[i] != np.inf else like_W[group]
            numbers[f"II folds seeing Y={i}"] = float(np.dot(weights, fold[group]) / weights.sum())
    else:
        numbers["II folds when y <= alpha; alpha"] = float(np.dot(fold, like_L))
    return _check(solution, lp.value, numbers, method, tol)


def imprecise_check(solution: Solution) -> Check:
    """§6: I's card is its win probability; expected payoffs at the leaves."""
    from pokerlab.equilibrium import Decision, Game, Terminal

    p = solution.params
    a, b = _f(p["a"]), _f(p["b"])
    if "probs" in p:
        probs, weights = [_f(x) for x in p["probs"]], [_f(w) for w in p["weights"]]
        names = [f"I bets with p={x}" for x in p["probs"]]
    else:
        probs, weights = [_f(p["pH"]), _f(p["pL"])], [_f(p["pi"]), 1 - _f(p["pi"])]
        names = ["I bets a high card", "I bets a low card"]
    edge = np.array([[2 * x - 1] for x in probs])
    root = Decision(0, {
        "check": Terminal(a * edge),
        "bet": Decision(1, {"fold": Terminal(a), "call": Terminal((a + b) * edge)}),
    })
    game = Game(name="imprecise", hands=(tuple(f"p={x}" for x in probs), ("-",)),
                prior=np.array([[w] for w in weights]), root=root)
    lp = _lp(game)
    s = lp.strategy
    bet = s.action_probabilities(())["bet"]
    numbers = {name: float(bet[i]) for i, name in enumerate(names) if weights[i] > 0}
    numbers["II folds"] = float(s.action_probabilities(("bet",))["fold"][0])
    return _check(solution, lp.value, numbers, "LP of the game with expected payoffs at the leaves", 1e-9)


def continuum_check(solution: Solution, rounds: int = 64) -> Check:
    """§4: the LP of ``rounds`` equal rounds (total B) approaches the continuum; plus exact facts."""
    from pokerlab.equilibrium import endgame
    from pokerlab.models.endgame_continuum import payoff_against_F, payoff_against_G
    from pokerlab.models.endgame_rounds import strategy as rounds_strategy

    p = solution.params
    B, P = p["B"], p["P"]
    bets = [B / rounds] * rounds
    lp = _lp(endgame(a=1.0, bets=[_f(x) for x in bets], P=_f(P)))
    s = lp.strategy
    numbers = {}
    if solution.case == "P <= P0":
        numbers["I passes at once with a losing card (mass of F at 0)"] = 1 - float(
            s.action_probabilities(())["bet"][1])
        never = 1.0
        for k in range(rounds):
            never *= 1 - float(s.action_probabilities((*("bet", "call") * k, "bet"))["fold"][0])
        numbers["II never folds (mass of G at B)"] = never
    else:
        numbers["II folds at once (mass of G at 0)"] = float(s.action_probabilities(("bet",))["fold"][0])
    # discretisation error: the n-round value (§3 closed form) against the continuum value
    _, _, v_rounds = rounds_strategy(sp.Integer(1), [sp.sympify(x) for x in bets], P)
    gap = abs(float(v_rounds) - float(solution.value))
    facts = [payoff_against_F(B, P, sp.Rational(k, 4) * min(B, 1)) for k in range(5)]
    notes = [f"{rounds} equal rounds of B/{rounds}; discretisation gap of the value {gap:.3g}",
             f"exact: II's loss against F at stopping times 0..min(B,1) = {[str(f) for f in facts]}"]
    if solution.case == "P <= P0":
        g = [payoff_against_G(B, P, sp.Rational(k, 4) * B) for k in range(5)]
        notes.append(f"exact: I's payoff against G at stopping times 0..B = {[str(x) for x in g]}")
    return _check(solution, lp.value, numbers, f"LP of the {rounds}-round discretisation + exact integrals",
                  max(3 * gap, 1e-6), notes)


# -------------------------------------------------------------------------------------------
# Newman: exact best response


def newman_discretised_value(levels: int = 40, bets: tuple[float, ...] = tuple(0.25 * k for k in range(1, 25))
                             ) -> float:
    """LP value of Newman's model with ``levels`` equally likely hands and a grid of bet sizes."""
    from pokerlab.equilibrium import Decision, Game, Terminal

    i = np.arange(levels)
    sign = np.sign(i[:, None] - i[None, :]).astype(float)  # ties split: 0
    children: dict[str, Any] = {"check": Terminal(sign)}
    for b in bets:
        children[f"bet {b:g}"] = Decision(1, {"fold": Terminal(1.0), "call": Terminal((1 + b) * sign)})
    labels = tuple(str(k) for k in range(levels))
    prior = np.full((levels, levels), 1.0 / levels**2)
    game = Game(name="newman", hands=(labels, labels), prior=prior, root=Decision(0, children))
    return float(_lp(game).value)


def newman_check(solution: Solution) -> Check:
    """Exact best responses with sympy (no betting tree holds a continuum of bet sizes)."""
    from pokerlab.models.newman import certify

    facts = certify()
    value = facts["value"]
    lp_value = newman_discretised_value()
    return Check(
        engine="exact best response (sympy; no engine expresses a continuum of bet sizes)",
        method="II's indifference after every bet, I's stationary concave payoff in the bet, value integral",
        value=float(value),
        numbers={k: float(v) for k, v in solution.thresholds.items()},
        max_diff=abs(float(value) - float(solution.value)) + (0.0 if facts["holds"] else float("inf")),
        tolerance=1e-12,
        notes=[f"{k}: {v}" for k, v in facts.items() if k not in ("value", "holds")] + [
            f"for comparison, the LP of a discretisation (40 hand levels, bets 0.25..6 in steps of 0.25)"
            f" has value {lp_value:.6f} (1/7 = {1 / 7:.6f}; restricted bets and coarse hands, not compared)"],
    )


CHECKS: dict[str, Callable[[Solution], Check]] = {
    "von-neumann": threshold_check,
    "bet-after-check": threshold_check,
    "raise": threshold_check,
    "two-round": threshold_check,
    "newman": newman_check,
    "endgame": rounds_check,
    "endgame-two-round": rounds_check,
    "endgame-n-round": rounds_check,
    "endgame-continuum": continuum_check,
    "endgame-hidden-info": hidden_check,
    "endgame-imprecise": imprecise_check,
}

