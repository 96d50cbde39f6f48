"""Find the threshold structure of a game by itself (``--discover-order``).

1. Solve the game discretised to ``N`` equally likely hand levels per player (ties split)
   with the sequence-form LP of :mod:`pokerlab.equilibrium` (HiGHS).
2. Read each branch axis off the discrete equilibrium: at every level the probability of each
   branch plan (the product of its action probabilities).
3. Lay the masses out canonically. Wherever two plans are equally good over a run of levels
   (the continuous game is just as indifferent: the patent's games are full of such zones)
   the LP splits their mass at random; the canonical layout puts each plan next to where it
   is also played, and otherwise follows the patent's conventions (bluffs with the worst
   hands; a continued bluff with the better of the bluffing hands). This is done twice, the
   second time against the opponent's canonical layout. Mixed levels are cut in proportion.
4. The runs of equal plans give the axes, the run boundaries their interleaving.
5. Solve exactly under that structure and check it: thresholds in [0, 1] and in the assumed
   order, then the exact certificate (exploitability 0). When the order fails, re-sort by the
   exact values and solve again; when the structure fails, drop some of the shortest runs
   (fewest first) and try again; when the certificate finds a gain, put the better plans on
   the axes where they gain (:mod:`pokerlab.threshold.certifying.revise`, for features narrower than a
   level) and solve again; then refine ``N``. Every attempt is reported.

Threshold names follow the game's declared structure when the axes found are the declared
ones (the patent's names for the built-in games); otherwise they are made from the actions
that change (:func:`auto_name`).

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> found = discover(builtin_game("patent-no-raise", pot=1), levels=(60,))
>>> found.structure.order_text(), found.attempts[-1].outcome
('b1 < C2 < B1', 'ok')
"""

from __future__ import annotations

import functools
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy

from pokerlab.gamespec import BettingGame, P, is_decision
from pokerlab.gamespec.plans import Branch, BranchPlan, branch_plans, branches
from pokerlab.gamespec.structure import Structure, Threshold, declared_structure
from pokerlab.threshold.certifying.certify import certify
from pokerlab.threshold.certifying.revise import revised_runs
from pokerlab.threshold.solving.solve import Solution, solve

_CODES = {"pass": "K", "bet": "B", "raise": "R", "reraise": "RR", "call": "C", "fold": "F"}
_AGGRESSION = {"fold": 0, "pass": 1, "call": 1, "bet": 2, "raise": 3, "reraise": 4}


@dataclass
class Attempt:
    """One structure tried: the discretisation, the order assumed and what happened."""

    levels: int
    order: str
    outcome: str  # "ok", "singular", "order violated: ...", "exploitability ..."


@dataclass
class Discovery:
    """The structure found (None if none passed) and every attempt made."""

    structure: Structure | None
    solution: Solution | None
    attempts: list[Attempt] = field(default_factory=list)
    seconds: float = 0.0
    values: dict[str, float] = field(default_factory=dict)  # the dividing points (n players)


Run = tuple[BranchPlan, float, float]  # plan, start, end on the unit axis


def true_runs(flags: Any) -> list[tuple[int, int]]:
    """The runs of consecutive true entries of ``flags``: ``(first, last)`` index pairs.

    >>> true_runs([False, True, True, False, True])
    [(1, 2), (4, 4)]
    """
    out: list[tuple[int, int]] = []
    for k, flag in enumerate(flags):
        if flag:
            if out and out[-1][1] == k - 1:
                out[-1] = (out[-1][0], k)
            else:
                out.append((k, k))
    return out


def _branch_masses(
    strategy: Any, game: BettingGame, branch: Branch, n: int
) -> tuple[list[BranchPlan], np.ndarray]:
    """Probability of each branch plan at each hand level (levels x plans)."""
    plans = branch_plans(game, branch)
    cache: dict[tuple[str, ...], dict[str, np.ndarray]] = {}
    masses = np.ones((n, len(plans)))
    for k, plan in enumerate(plans):
        for history, action in plan.actions:
            if history not in cache:
                cache[history] = strategy.action_probabilities(history)
            masses[:, k] *= np.clip(cache[history][action], 0.0, 1.0)
    total = masses.sum(axis=1, keepdims=True)
    masses = np.where(total > 0, masses / np.where(total > 0, total, 1.0), 1.0 / len(plans))
    return plans, masses


def _terminal_history(game: BettingGame, plan1: tuple, plan2: tuple) -> tuple[tuple[str, ...], Any]:
    node = game.root
    history: tuple[str, ...] = ()
    plans = {1: plan1, 2: plan2}
    while is_decision(node):
        action = next(a for bp in plans[node.player] if (a := bp.action_at(history)) is not None)
        history = (*history, action)
        node = node.children[action]
    return history, node


def branch_values(
    game: BettingGame,
    branch: Branch,
    plans: list[BranchPlan],
    opp_full: list[tuple[BranchPlan, ...]],
    opp_mass: np.ndarray,
    own_default: tuple[BranchPlan, ...],
) -> np.ndarray:
    """Expected payoff to the branch's player of each branch plan at each level (plans x levels).

    Only games ending inside the branch count (the other branches add the same to every plan).
    ``opp_mass`` is (opponent full plans x levels); ties at a level are split.
    """
    n = opp_mass.shape[1]
    player = branch.player
    sign = 1.0 if player == 1 else -1.0
    below = np.cumsum(opp_mass, axis=1) - opp_mass  # opponent mass strictly below level i
    above = opp_mass.sum(axis=1, keepdims=True) - below - opp_mass
    own_branches = [bp.branch for bp in own_default]
    values = np.zeros((len(plans), n))
    for k, plan in enumerate(plans):
        full = tuple(plan if b == branch else d for b, d in zip(own_branches, own_default, strict=True))
        for s, opp in enumerate(opp_full):
            p1, p2 = (full, opp) if player == 1 else (opp, full)
            history, term = _terminal_history(game, p1, p2)
            if history[: len(branch.history)] != branch.history or len(history) <= len(branch.history):
                continue
            hi = sign * float(game.payoff_to_p1(term, player == 1))
            lo = sign * float(game.payoff_to_p1(term, player != 1))
            values[k] += hi * below[s] + lo * above[s] + (hi + lo) / 2 * opp_mass[s]
    return values / n


class _Canon:
    """Which of two equally good plans goes lower, level by level (see :func:`canonical_masses`)."""

    def __init__(self, plans: list[BranchPlan], masses: np.ndarray, values: np.ndarray, tol: float) -> None:
        n = masses.shape[0]
        best = values.max(axis=0)
        self.n = n
        self.good = values >= best - tol * np.maximum(1.0, np.abs(best))  # plans x levels
        self.present = self.good | (masses.T > 1e-9)
        self.aggression = [[_AGGRESSION.get(act, 0) for _, act in plan.actions] for plan in plans]

    def run(self, p: int, q: int, level: int) -> tuple[int, int]:
        """The run of levels around ``level`` where both plans are best."""
        both = self.good[p] & self.good[q]
        a = level
        while a > 0 and both[a - 1]:
            a -= 1
        b = level
        while b + 1 < self.n and both[b + 1]:
            b += 1
        return a, b

    def lower(self, p: int, q: int, level: int) -> bool:
        """True if plan ``p`` goes below plan ``q`` at ``level``."""
        a, b = self.run(p, q, level)
        if a > 0:
            pin, qin = self.present[p, a - 1], self.present[q, a - 1]
            if pin != qin:
                return bool(pin)
        if b + 1 < self.n:
            pin, qin = self.present[p, b + 1], self.present[q, b + 1]
            if pin != qin:
                return bool(qin)
        # the patent's conventions: at the first action where the plans differ, the more
        # aggressive action (a bluff) goes with the worse hands, except right after an own
        # aggressive action, where the continued bluff takes the better hands ("P1
        # bluff-reraises with the higher of P1's bluff-betting hands")
        ap, aq = self.aggression[p], self.aggression[q]
        for k, (x, y) in enumerate(zip(ap, aq, strict=False)):
            if x != y:
                after_aggression = k > 0 and ap[k - 1] >= _AGGRESSION["bet"]
                return (x < y) if after_aggression else (x > y)
        return len(ap) <= len(aq)


def canonical_masses(
    plans: list[BranchPlan], masses: np.ndarray, values: np.ndarray, tol: float = 1e-7
) -> tuple[np.ndarray, _Canon]:
    """Rearrange the masses of equally good plans into one canonical monotone layout.

    Where two plans are both best over a run of levels, every split of their joint mass
    between those levels is equally good for the player (a discrete LP picks one at random;
    the continuous game is as indifferent). The canonical layout puts lower the plan that is
    also present just below the run, higher the one present just above it (fewest dividing
    points); failing that the patent's conventions decide: at the first action where the two
    plans differ the more aggressive one (the bluff) goes lower, except right after an own
    bet or raise, where the continued bluff goes higher.
    """
    n, k = masses.shape
    canon = _Canon(plans, masses, values, tol)
    out = masses.copy()
    for _ in range(3):
        for p, q in itertools.permutations(range(k), 2):
            level = 0
            while level < n:
                if not (canon.good[p, level] and canon.good[q, level]):
                    level += 1
                    continue
                a, b = canon.run(p, q, level)
                if canon.lower(p, q, a):
                    joint = out[a : b + 1, p] + out[a : b + 1, q]
                    left = float(out[a : b + 1, p].sum())
                    fill = np.zeros_like(joint)
                    for m in range(len(joint)):
                        fill[m] = min(joint[m], left)
                        left -= fill[m]
                    out[a : b + 1, p] = fill
                    out[a : b + 1, q] = joint - fill
                level = b + 1
    return out, canon


def read_runs(plans: list[BranchPlan], masses: np.ndarray, canon: Any = None, eps: float = 1e-7) -> list[Run]:
    """Cut the axis into runs of one plan, splitting mixed levels in proportion.

    Within a mixed level the plans are ordered by ``canon`` (a :class:`_Canon`) when given,
    else the plan of the run below first and the plan that continues above last.
    """
    n = masses.shape[0]
    dominant = masses.argmax(axis=1)
    pieces: list[tuple[int, float]] = []
    previous = int(dominant[0])
    for i in range(n):
        present = [k for k in range(len(plans)) if masses[i, k] > eps]
        following = int(dominant[i + 1]) if i + 1 < n else int(dominant[i])
        present.sort(key=lambda k: (k != previous, k == following, -masses[i, k]))
        if canon is not None:
            present.sort(key=functools.cmp_to_key(lambda p, q, i=i: -1 if canon.lower(p, q, i) else 1))
        for k in present:
            pieces.append((k, float(masses[i, k]) / n))
        previous = present[-1]
    runs: list[list[Any]] = []
    pos = 0.0
    for k, width in pieces:
        if runs and runs[-1][0] == k:
            runs[-1][2] = pos + width
        else:
            runs.append([k, pos, pos + width])
        pos += width
    return [(plans[k], a, b) for k, a, b in runs]


def _drop(runs: list[Run], index: int) -> list[Run]:
    """Remove one run: neighbours of one plan merge, otherwise they meet in its middle."""
    _, a, b = runs[index]
    out = list(runs)
    del out[index]
    if 0 < index < len(runs) - 1:
        (lp, la, _), (rp, _, rb) = out[index - 1], out[index]
        if lp == rp:
            out[index - 1 : index + 1] = [(lp, la, rb)]
        else:
            mid = (a + b) / 2
            out[index - 1] = (lp, la, mid)
            out[index] = (rp, mid, rb)
    elif index == 0 and out:
        out[0] = (out[0][0], 0.0, out[0][2])
    elif out:
        out[-1] = (out[-1][0], out[-1][1], 1.0)
    return out


def auto_name(below: BranchPlan, above: BranchPlan, player: int, bluff_zone: bool = False) -> str:
    """A name from the first decision where the plans differ: the more aggressive action's
    code (B bet, R raise, RR reraise, KR check-raise, C call, K pass, F fold) and the player,
    upper case when the aggressive action is above (a value threshold), lower case when it is
    below or when the threshold lies among bluffs (``bluff_zone``: a plan without any bet or
    raise comes later on the axis)."""
    for (h1, a1), (h2, a2) in zip(below.actions, above.actions, strict=False):
        if h1 != h2 or a1 != a2:
            break
    else:
        h1, a1, a2 = below.actions[-1][0], below.actions[-1][1], above.actions[-1][1]
    up = _AGGRESSION.get(a2, 0) >= _AGGRESSION.get(a1, 0)
    action = a2 if up else a1
    lower_case = not up or bluff_zone
    code = _CODES.get(action, action[:2].upper())
    own_pass = h1 and "pass" in h1[:1] and player == 1 and action in ("raise", "reraise")
    if own_pass:
        code = "K" + code
    name = f"{code}{player}"
    if action == "call" and h1 and h1[-1] in ("raise", "reraise"):
        name += _CODES[h1[-1]]
    return name.lower() if lower_case else name


def _declared_or_none(game: BettingGame) -> Structure | None:
    """The game's declared structure when it has one that parses; discovery works without it."""
    if game.declared is None:
        return None
    try:
        return declared_structure(game)
    except ValueError:
        return None


def _structure_from_runs(
    game: BettingGame, axes_runs: dict[Branch, list[Run]]
) -> tuple[Structure, dict[str, float]]:
    declared = _declared_or_none(game)
    axes = {b: tuple(r[0] for r in runs) for b, runs in axes_runs.items()}
    # a branch whose axis is the declared one keeps the declared names (the patent's)
    named = {
        b: [t.name for t in declared.thresholds if t.branch == b]
        for b in axes
        if declared is not None and declared.axes.get(b) == axes[b]
    }
    use_declared = len(named) == len(axes)
    thresholds: list[tuple[float, Threshold]] = []
    used: set[str] = {name for names in named.values() for name in names}
    for branch, runs in axes_runs.items():
        for k in range(len(runs) - 1):
            below, above = runs[k][0], runs[k + 1][0]
            if branch in named:
                name = named[branch][k]
            else:
                # among bluffs: a wholly passive plan (no bet or raise) comes later on the axis
                bluff_zone = any(
                    max(_AGGRESSION.get(a, 0) for _, a in r[0].actions) < _AGGRESSION["bet"]
                    for r in runs[k + 2 :]
                )
                base = auto_name(below, above, branch.player, bluff_zone)
                name = base
                for suffix in itertools.count(2):
                    if name not in used:
                        break
                    name = f"{base}_{suffix}"
            used.add(name)
            thresholds.append((runs[k][2], Threshold(name, branch.player, branch, below, above)))
    declared_pos = {t.name: i for i, t in enumerate(declared.thresholds)} if use_declared and declared else {}
    thresholds.sort(key=lambda vt: (vt[0], declared_pos.get(vt[1].name, 0)))
    ties = (False,) * max(len(thresholds) - 1, 0)
    structure = Structure(axes, tuple(t for _, t in thresholds), ties, game.players)
    return structure, {t.name: v for v, t in thresholds}


def _resorted(structure: Structure, values: dict[str, Any], declared: Structure | None) -> Structure | None:
    """The structure re-ordered by the ``values`` found, or None if a branch's own order breaks."""
    pos = {t.name: i for i, t in enumerate(declared.thresholds)} if declared else {}
    old = {t.name: i for i, t in enumerate(structure.thresholds)}
    names = sorted(values, key=lambda n: (values[n], pos.get(n, old[n])))
    by_name = {t.name: t for t in structure.thresholds}
    for branch in structure.axes:
        own = [t.name for t in structure.thresholds if t.branch == branch]
        if [n for n in names if n in own] != own:
            return None
    ties = tuple(values[a] == values[b] for a, b in itertools.pairwise(names))
    return Structure(structure.axes, tuple(by_name[n] for n in names), ties, structure.players)


def _exact_values(solution: Solution) -> dict[str, Any]:
    return {n: sympy.nsimplify(v) for n, v in solution.exact.items()}


def candidate_runs(runs: dict[Branch, list[Run]], n: int, max_drops: int) -> list[dict[Branch, list[Run]]]:
    """The full reading, then the readings without some of the shortest runs (below three
    levels), fewest dropped first: a run that narrow may be the discretisation's."""
    short = sorted(
        (
            (b - a, branch, k)
            for branch, rs in runs.items()
            if len(rs) > 1
            for k, (_, a, b) in enumerate(rs)
            if b - a < 3.0 / n
        ),
        key=lambda t: t[0],
    )[:max_drops]
    candidates = []
    for size in range(len(short) + 1):
        for subset in itertools.combinations(short, size):
            current = dict(runs)
            # drop from the top of each axis first so indices stay valid
            for _, branch, k in sorted(subset, key=lambda t: -t[2]):
                current[branch] = _drop(current[branch], k)
            candidates.append(current)
    return candidates


def _try(
    game: BettingGame,
    structure: Structure,
    n: int,
    attempts: list[Attempt],
    declared: Structure | None,
    revisions: int = 4,
) -> Solution | None:
    """Solve, check, re-sort and revise by best response a few times; the valid solution or None."""
    seen: set[str] = set()
    for _ in range(8 + revisions):
        text = structure.order_text()
        axes_key = text + "|" + "|".join(structure.axis_text(b) for b in structure.axes)
        if axes_key in seen:
            return None
        seen.add(axes_key)
        try:
            sol = solve(game, structure)
        except ValueError:
            attempts.append(Attempt(n, text, "singular"))
            return None
        check = sol.order_check
        if not check.ok:
            attempts.append(Attempt(n, text, "order violated: " + ", ".join(check.violations[:3])))
            resorted = _resorted(structure, _exact_values(sol), declared)
            if resorted is None:
                return None
            structure = resorted
            continue
        cert = certify(sol)
        if cert.exploitability != 0:
            runs = revised_runs(sol) if revisions > 0 else None
            note = "; revised by best response" if runs is not None else ""
            attempts.append(Attempt(n, text, f"exploitability {float(cert.exploitability):.3g}{note}"))
            if runs is None:
                return None
            revisions -= 1
            structure, _ = _structure_from_runs(game, runs)
            continue
        final = _resorted(structure, _exact_values(sol), declared) or structure
        if final.order_text() != text:
            sol = solve(game, final)
        attempts.append(Attempt(n, final.order_text(), "ok"))
        return sol
    return None


def _read_solution(
    game: BettingGame, strategy: Any, all_branches: list[Branch], n: int
) -> dict[Branch, list[Run]]:
    """Per-branch runs of the discrete solution, each player canonicalised against the other.

    Two rounds: first against the opponent's raw LP strategy, then against the opponent's
    canonical layout (whose tie sets no longer flicker from the opponent's random choices).
    """
    plans: dict[Branch, list[BranchPlan]] = {}
    raw: dict[Branch, np.ndarray] = {}
    for branch in all_branches:
        plans[branch], raw[branch] = _branch_masses(strategy, game, branch, n)
    current = dict(raw)
    canons: dict[Branch, Any] = {}
    for _ in range(2):
        updated: dict[Branch, np.ndarray] = {}
        for player in (1, 2):
            opp_branches = [b for b in all_branches if b.player != player]
            own_branches = [b for b in all_branches if b.player == player]
            opp_full = list(itertools.product(*(plans[b] for b in opp_branches)))
            opp_mass = np.ones((len(opp_full), n))
            for s, combo in enumerate(opp_full):
                for b, bp in zip(opp_branches, combo, strict=True):
                    opp_mass[s] *= current[b][:, plans[b].index(bp)]
            default = tuple(plans[b][int(raw[b].sum(axis=0).argmax())] for b in own_branches)
            for branch in own_branches:
                values = branch_values(game, branch, plans[branch], opp_full, opp_mass, default)
                updated[branch], canons[branch] = canonical_masses(plans[branch], raw[branch], values)
        current = updated
    return {b: read_runs(plans[b], current[b], canons[b]) for b in all_branches}


def require_numbers(game: BettingGame) -> None:
    """Refuse a game with symbols: a discretised game, and a structure, need numbers."""
    if game.parameters():
        names = ", ".join(s.name for s in game.parameters())
        raise ValueError(f"discovery needs numbers: give values for {names} (e.g. --pot)")


def discover(
    game: BettingGame,
    levels: tuple[int, ...] = (100, 200, 400),
    max_drops: int = 5,
    time_limit: float = 60.0,
    revisions: int = 2,
) -> Discovery:
    """Find a threshold structure whose exact solution is a certified equilibrium.

    ``game`` must be numeric (substitute the pot first: a structure can change with ``P``).
    """
    start = time.perf_counter()
    require_numbers(game)
    from pokerlab.equilibrium import discretised_game, solve_lp

    declared = _declared_or_none(game)
    attempts: list[Attempt] = []
    all_branches = [*branches(game, 1), *branches(game, 2)]
    for n in levels:
        if time.perf_counter() - start > time_limit:
            break
        lp = solve_lp(discretised_game(game, n))
        runs = _read_solution(game, lp.strategy, all_branches, n)
        for candidate in candidate_runs(runs, n, max_drops):
            structure, _ = _structure_from_runs(game, candidate)
            sol = _try(game, structure, n, attempts, declared, revisions)
            if sol is not None:
                return Discovery(sol.structure, sol, attempts, time.perf_counter() - start)
            if time.perf_counter() - start > time_limit:
                return Discovery(None, None, attempts, time.perf_counter() - start)
    return Discovery(None, None, attempts, time.perf_counter() - start)


def discovery_pot(game: BettingGame, pot: Any | None) -> BettingGame:
    """The numeric game discovery runs on: ``pot`` if given, else P = 1 for a symbolic pot."""
    if pot is not None:
        return game.with_pot(pot) if P in game.parameters() else game
    return game.with_pot(1) if P in game.parameters() else game
