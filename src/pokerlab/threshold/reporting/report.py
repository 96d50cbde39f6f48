"""Everything ``pokerlab solve`` reports about a game, as plain data (JSON-ready).

:func:`solve_report` runs the whole method: the game, its structure (declared or
discovered), the exact solution, the order check, the certificate, the real-hand mapping;
:func:`explain` adds each step of the derivation (sequences, outcome table, regions with
their areas, E1, the derivative equations).

Examples
--------
>>> r = solve_report("patent-no-raise", pot="1")
>>> r["value_exact"], r["order"], r["exploitability"]
('1/18', 'b1 < C2 < B1', 0.0)
>>> [(t["name"], t["exact"], t["below"], t["above"]) for t in r["thresholds"]]
[('b1', '1/9', 'bet', 'pass'), ('C2', '5/9', 'fold', 'call'), ('B1', '7/9', 'pass', 'bet')]
"""

from __future__ import annotations

import contextlib
from typing import Any

import sympy

from pokerlab.exact import exact_fraction, exact_number
from pokerlab.gamespec import BettingGame, P, load_game
from pokerlab.gamespec.plans import branch_plans, branches, outcome_table, play_history
from pokerlab.gamespec.structure import declared_structure
from pokerlab.threshold.certifying.certify import certify
from pokerlab.threshold.discovering.discover import Discovery, discover, discovery_pot
from pokerlab.threshold.solving.solve import Solution, solve


def _text(expr: Any) -> str:
    return str(sympy.factor(expr)) if isinstance(expr, sympy.Expr) else str(expr)


def _parse_params(params: dict[str, str] | None) -> dict[str, Any]:
    return {name: exact_number(raw, f"--param {name}=") for name, raw in (params or {}).items()}


def _substitute_params(game: BettingGame, values: dict[str, Any]) -> BettingGame:
    try:
        return game.substitute(values) if values else game
    except ValueError as exc:
        if str(exc).startswith("--param"):
            raise
        raise ValueError(f"--param {exc}") from None


def _certificate(solution: Solution) -> tuple[dict[str, Any], Solution | None]:
    """Certificate at the solution's numbers, or at a sample pot for a symbolic solution."""
    if not solution.symbolic:
        if not solution.order_check.ok:
            return {"note": "not computed: the solution violates its order"}, None
        cert = certify(solution)
        out = _cert_dict(cert, None)
        if cert.exploitability > 0:
            out["gains"] = _gains(solution)
        return out, solution
    params = solution.model.params
    if [s.name for s in params] != ["P"]:
        names = ", ".join(s.name for s in params)
        return {"note": f"not computed: needs numbers for {names} (--param NAME=VALUE)"}, None
    for pot in (1, 2, 3, 5, 10):
        numeric = solution.at(P=pot)
        if numeric.order_check.ok:
            return _cert_dict(certify(numeric), pot), numeric
    return {"note": "the order fails at every sample pot; no certificate"}, None


def _gains(solution: Solution) -> list[dict[str, Any]]:
    """Where a best response does better than the solution (largest gains first)."""
    from pokerlab.threshold.certifying.revise import improvements

    amounts: list[Any] = []
    found = improvements(solution, amounts)
    rows = [
        {
            "player": branch.player,
            "branch": branch.key,
            "from": float(lo),
            "to": float(hi),
            "better": plan.label,
            "gain": float(amount),
        }
        for (branch, lo, hi, plan), amount in zip(found, amounts, strict=True)
    ]
    return sorted(rows, key=lambda r: -r["gain"])[:10]


def _cert_dict(cert: Any, pot: Any) -> dict[str, Any]:
    return {
        "exploitability": float(cert.exploitability),
        "exploitability_exact": str(cert.exploitability),
        "p1_gain": float(cert.p1_gain),
        "p2_gain": float(cert.p2_gain),
        "best_response_p1": float(cert.best_response_p1),
        "best_response_p2": float(cert.best_response_p2),
        "at_pot": pot,
    }


def solve_report(
    spec: str | BettingGame,
    pot: str | None = None,
    discover_order: bool = False,
    cards: str | None = None,
    board: list[int] | None = None,
    params: dict[str, str] | None = None,
    with_explain: bool = False,
    strength: str | None = None,
    method: str = "auto",
) -> dict[str, Any]:
    """Solve game ``spec`` (built-in name, TOML path, or a game already read) and report it
    as a dict.

    Parameters
    ----------
    pot : str, optional
        A number for the pot ``P``; without it ``P`` stays symbolic.
    discover_order : bool
        Find the structure from a discretised equilibrium (an LP with two players, CFR+ with
        more) instead of using the declared one (also done when the game declares none).
    cards : {"five-card-draw", "holdem"}, optional
        Map each threshold to real hands (``holdem`` needs a five-card ``board``).
    params : dict, optional
        Numbers for other symbols of the game (a bet size ``B``...).
    strength : str, optional
        A hand strength in [0, 1]: report the action sequence each player follows with it.
    method : {"auto", "exact", "numeric"}
        How to solve the polynomial conditions of a game of three or more players
        (:func:`~pokerlab.threshold.solving.polynomial.solve_conditions`).
    """
    game = spec if isinstance(spec, BettingGame) else load_game(spec)
    game = _substitute_params(game, _parse_params(params))
    if pot is not None:
        if P not in game.parameters():
            raise ValueError(f"--pot: the pot of {game.name!r} is fixed at {game.pot} (no symbol P)")
        game = game.with_pot(pot)
    report: dict[str, Any] = {"game": game.name, "description": game.description, "pot": str(game.pot)}
    if game.players > 2:
        return _many_players(game, report, discover_order, cards, strength, with_explain, method)
    if discover_order or game.declared is None:
        numeric = discovery_pot(game, None)
        if numeric.parameters():
            names = ", ".join(s.name for s in numeric.parameters())
            raise ValueError(f"discovery needs numbers: give --param values for {names}")
        structure = _discovery(game, numeric, report).structure
    else:
        structure = declared_structure(game)
    solution = solve(game, structure)
    check = solution.order_check
    report.update(
        {
            "value": None if solution.symbolic else float(solution.value_exact),
            "value_exact": _text(solution.value_exact),
            "order": structure.order_text(),
            "thresholds": [
                {
                    "name": t.name,
                    "player": t.player,
                    "branch": t.branch.key,
                    "value": None if solution.symbolic else float(solution.exact[t.name]),
                    "exact": _text(solution.exact[t.name]),
                    "below": t.below.label,
                    "above": t.above.label,
                }
                for t in structure.thresholds
            ],
            "order_check": {
                "ok": check.ok,
                "violations": check.violations,
                "coincide": [list(pair) for pair in check.coincide],
                "valid_for": check.valid_for,
            },
        }
    )
    cert, numeric = _certificate(solution)
    report["certificate"] = cert
    report["exploitability"] = cert.get("exploitability")
    if cards is not None:
        report["hands"] = _hands_report(numeric or solution, cards, board)
    if strength is not None:
        report["play"] = _play_report(solution, strength)
    if with_explain:
        report["explain"] = explain(solution)
    report["_solution"] = solution
    return report


def _discovery(game: BettingGame, numeric: BettingGame, report: dict[str, Any]) -> Discovery:
    """Find the structure at the numbers of ``numeric`` (an LP with two players, CFR+ with
    more) and record every attempt in ``report["discovery"]``; refuse when none is certified."""
    if game.players > 2:
        from pokerlab.threshold.discovering.discover_many import discover_many

        discovery = discover_many(numeric)
    else:
        discovery = discover(numeric)
    report["discovery"] = {
        "at_pot": str(numeric.pot),
        "seconds": round(discovery.seconds, 3),
        "attempts": [
            {"levels": a.levels, "order": a.order, "outcome": a.outcome} for a in discovery.attempts
        ],
        "found": discovery.structure is not None,
    }
    if discovery.structure is None:
        discrete = ""
        if game.players > 2:
            discrete = (
                f"; its discretised equilibrium, certified on continuous hands: "
                f"pokerlab equilibrium {game.name} --pot {numeric.pot} --levels 20 --continuous --refine 3"
            )
        raise ValueError(
            f"discovery found no certified structure for {game.name!r} "
            f"({len(discovery.attempts)} attempts; see --json for them){discrete}"
        )
    if game.declared is not None:
        with contextlib.suppress(ValueError):
            report["discovery"]["matches_declared"] = (
                discovery.structure.order_text() == declared_structure(game).order_text()
            )
    return discovery


def _many_players(
    game: BettingGame,
    report: dict[str, Any],
    discover_order: bool,
    cards: str | None,
    strength: str | None,
    with_explain: bool,
    method: str,
) -> dict[str, Any]:
    """The report of a game of three or more players (:mod:`~pokerlab.threshold.reporting.report_many`)."""
    from pokerlab.threshold.reporting.report_many import conditions_report
    from pokerlab.threshold.solving.polynomial import solve_conditions

    unsupported = [
        option
        for option, given in (("--cards", cards), ("--strength", strength), ("--explain", with_explain))
        if given
    ]
    if unsupported:
        raise ValueError(f"{unsupported[0]}: not available for a game of {game.players} players")
    if game.parameters():
        names = ", ".join(s.name for s in game.parameters())
        raise ValueError(
            f"--pot: a game of {game.players} players is solved at numbers: give values for {names}"
        )
    hints: list[dict[str, float]] = []
    if discover_order or game.declared is None:
        discovery = _discovery(game, game, report)
        structure, hints = discovery.structure, [discovery.values]
    else:
        structure = declared_structure(game)
    conditions = solve_conditions(game, structure, method=method, hints=hints)
    report.update(conditions_report(game, structure, conditions))
    report["_conditions"] = conditions
    return report


def _play_report(solution: Solution, strength: str) -> dict[str, Any]:
    from pokerlab.threshold.solving.strategy import ThresholdStrategy

    if solution.symbolic:
        raise ValueError("--strength needs numbers: give a pot (e.g. --pot 3)")
    x = exact_fraction(strength, "--strength")
    strategy = ThresholdStrategy(solution)
    return {"strength": float(x), "P1": strategy.sequence(1, x), "P2": strategy.sequence(2, x)}


def _hands_report(solution: Solution, cards: str, board: list[int] | None) -> dict[str, Any]:
    from fractions import Fraction

    from pokerlab.threshold.reporting.hands import (
        CDF_CONVENTION,
        five_card_draw_scale,
        holdem_river_scale,
        map_threshold,
    )

    if solution.symbolic:
        raise ValueError("--cards needs numbers: give a pot (e.g. --pot 3)")
    if cards == "five-card-draw":
        scale = five_card_draw_scale()
    elif cards == "holdem":
        if not board:
            raise ValueError("--cards holdem needs --board with five cards")
        scale = holdem_river_scale(board)
    else:
        raise ValueError(f"--cards: expected 'five-card-draw' or 'holdem', got {cards!r}")
    out = {}
    for name in solution.names:
        v = sympy.nsimplify(solution.exact[name])
        out[name] = map_threshold(Fraction(int(v.p), int(v.q)), scale)
    return {"scale": scale.name, "hands": scale.total, "cdf_convention": CDF_CONVENTION, "thresholds": out}


def explain(solution: Solution) -> dict[str, Any]:
    """Each step of the method for ``solution`` (sequences, outcomes, regions, E1, equations)."""
    game = solution.game
    model = solution.model
    structure = solution.structure
    sequences = {
        f"P{p}" + (f" after {b.key}" if b.key else ""): [bp.label for bp in branch_plans(game, b)]
        for p in (1, 2)
        for b in branches(game, p)
    }
    outcomes = [
        {
            "p1": row.p1_sequence,
            "p2": row.p2_sequence,
            "kind": row.kind,
            "outcome": row.describe(),
        }
        for row in outcome_table(game)
    ]
    syms = model.symbols()
    edges = [sympy.Integer(0), *syms, sympy.Integer(1)]
    lengths = [edges[k + 1] - edges[k] for k in range(len(edges) - 1)]
    seg1 = structure.segment_plans(1)
    seg2 = structure.segment_plans(2)
    regions: dict[tuple[str, str], dict[str, Any]] = {}
    for (i, j), (win, lose) in model.cells.items():
        line, term = play_history(game, seg1[i], seg2[j])
        history = "-".join(line)
        parts = []
        if term.folded:
            parts.append(("fold", win, lengths[i] * lengths[j]))
        elif i > j:
            parts.append(("P1 higher", win, lengths[i] * lengths[j]))
        elif i < j:
            parts.append(("P2 higher", lose, lengths[i] * lengths[j]))
        else:
            parts.append(("P1 higher", win, lengths[i] ** 2 / 2))
            parts.append(("P2 higher", lose, lengths[i] ** 2 / 2))
        for who, pay, area in parts:
            key = (history, who)
            entry = regions.setdefault(key, {"history": history, "who": who, "return": pay, "area": 0})
            entry["area"] += area
    region_rows = [
        {
            "history": e["history"],
            "resolved": e["who"],
            "return_to_p1": str(model.domain.to_sympy(e["return"])),
            "area": str(sympy.factor(sympy.expand(e["area"]))),
        }
        for e in regions.values()
    ]
    e1 = model.expected_return()
    return {
        "sequences": sequences,
        "outcomes": outcomes,
        "axes": {
            f"P{b.player}" + (f" after {b.key}" if b.key else ""): structure.axis_text(b)
            for b in structure.axes
        },
        "regions": region_rows,
        "expected_return": str(sympy.collect(e1, P) if P in e1.free_symbols else e1),
        "equations": {
            name: str(sympy.collect(eq, P) if P in eq.free_symbols else eq)
            for name, eq in model.derivative_equations().items()
        },
    }
