"""What a front end shows of a spot and its solution, as plain data: the node a line leads to,
its 13x13 grid, the threshold reading of a river, and the spot read from or written as text.

``pokerlab spot show --json`` prints :func:`node_report`, ``pokerlab spot threshold --json``
prints :func:`threshold_report`, and the Solver page of ``pokerlab serve`` draws the same
dicts, so the page and the command line show the same numbers. :func:`spot_toml` writes a
spot as the TOML that :meth:`~pokerlab.spot.spec.Spot.from_toml` reads; :func:`read_spot_text`
reads a spot TOML or a TexasSolver input file given as text.

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> from pokerlab.spot.solution import solve
>>> s = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100,
...                     "oop_range": "AT, 65", "ip_range": "77", "river": {"oop": {"bet": "100%"}}})
>>> sol = solve(s, target_pct=0.5, max_iterations=300)
>>> root = node_report(sol, "", grid=True)
>>> root["kind"], root["player"], root["actions"], root["next"]
('decision', 'oop', ['x', 'b10'], ['x', 'b10'])
>>> cell = next(c for c in root["grid"]["cells"] if c["class"] == "ATo")
>>> [a for _, _, a in cell["bars"]], root["grid"]["colours"]
(['b10'], {'x': '#70ad47', 'b10': '#c00000'})
>>> node_report(sol, "x")["next"]  # IP has no bet size: it checks behind
['x']
>>> read_spot_text(spot_toml(s), "toml")["spot"] == s.to_dict()
True
"""

from __future__ import annotations

import tomllib
from typing import Any

from pokerlab._toml import toml_value
from pokerlab.cards import format_cards
from pokerlab.spot.grid import action_colours, cell_bars
from pokerlab.spot.solution import Solution
from pokerlab.spot.solved import SolvedReading, read_saved, view_classes
from pokerlab.spot.spec import PLAYERS, STREETS, Spot, SpotError
from pokerlab.spot.tree import CHANCE, DECISION

__all__ = ["node_report", "read_spot_text", "spot_toml", "strategy_dump", "threshold_report"]

DUMP_FORMAT = "pokerlab-strategy-dump"
"""The ``format`` of :func:`strategy_dump`'s dict (``version`` 1)."""


def node_report(sol: Solution, line: str = "", *, grid: bool = False) -> dict[str, Any]:
    """The node at the end of ``line`` as ``pokerlab spot show --json`` prints it.

    Keys: ``line``, ``kind`` (decision, chance, fold, showdown), ``player`` (``"oop"`` or
    ``"ip"``: the actor at a decision, the player who folded at a fold, OOP at a showdown or a
    chance node), ``board``, ``pot``, ``actions``, ``size_pct`` (each bet or raise in % of the
    pot: a bet of the pot before it, a raise what it adds beyond the call of the pot after the
    call, as sizes are given), ``allin`` (the actions that are all-in), ``totals`` (each
    action's share of the actor's range), ``classes`` and ``combos`` (per hand class and per
    combo, weighted combos and, highest equity first with those under
    :data:`~pokerlab.spot.solution.NEGLIGIBLE` combos last, strategy, EV, equity; at a fold
    the equity is 0), ``exploitability_pct_pot``, ``ev`` (each player's EV at the
    root, OOP first), ``ranges`` (each player's range and EV at this node, ``"oop"`` and
    ``"ip"``: :meth:`~pokerlab.spot.solution.RangeAtNode.as_dict`) and ``next``: what may
    follow (the actions at a decision, the cards that can come at a chance node, nothing at a
    terminal). With ``grid``, also the 13x13 grid of
    the decision (:func:`pokerlab.spot.grid.cell_bars`, each action's colour and share).

    Raises
    ------
    SpotError
        A line the tree cannot follow (one line naming the token).
    """
    view = sol.view(line)
    out: dict[str, Any] = {
        "line": list(view.line), "kind": view.kind, "player": ("oop", "ip")[view.player],
        "board": format_cards(list(view.board)), "pot": view.pot, "actions": view.actions,
        "size_pct": dict(view.size_pct), "allin": list(view.allin),
        "totals": view.totals() if view.actions else {},
        "classes": view.classes(), "combos": view.combo_rows(),
        "exploitability_pct_pot": sol.exploitability_pct, "ev": list(sol.ev),
        "ranges": {"oop": view.ranges[0].as_dict(), "ip": view.ranges[1].as_dict()},
    }
    kind = int(sol.tree.kind[view.node])
    if kind == DECISION:
        out["next"] = list(view.actions)
    elif kind == CHANCE:
        on = set(view.board)
        out["next"] = [format_cards([c]) for c in range(51, -1, -1) if c not in on]
    else:
        out["next"] = []
    if grid:
        if view.kind == "decision":
            table = view_classes(view)
            out["grid"] = {
                "cells": cell_bars(table),
                "colours": dict(zip(table.actions, action_colours(table.actions), strict=True)),
                "totals": dict(zip(table.actions, (float(x) for x in table.total()), strict=True)),
            }
        else:
            out["grid"] = None
    return out


def strategy_dump(sol: Solution) -> dict[str, Any]:
    """The strategy of a solution's first street, as ``pokerlab spot solve --texassolver``
    writes it for a TexasSolver file's ``dump_result FILE.json``.

    Keys: ``format`` (:data:`DUMP_FORMAT`), ``version`` (1), ``summary`` (what ``spot solve
    --json`` prints: board, pot, stack, exploitability, EVs...), ``spot`` (the spot as
    :meth:`~pokerlab.spot.spec.Spot.to_dict`), and ``nodes``: each decision of the spot's first
    street, root first (breadth first), as :func:`node_report` gives it (``line``, ``player``,
    ``actions``, ``totals``, ``classes`` and ``combos`` with each action's probability, EV and
    equity...). Later streets: save the solution and browse it (``spot show``).

    Examples
    --------
    >>> from pokerlab.spot.solution import solve
    >>> s = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100,
    ...                     "oop_range": "AT, 65", "ip_range": "77", "bet": "100%"})
    >>> dump = strategy_dump(solve(s, target_pct=1, max_iterations=100))
    >>> [(n["line"], n["player"], n["actions"]) for n in dump["nodes"]]
    [([], 'oop', ['x', 'b10']), (['x'], 'ip', ['x', 'b10']), (['b10'], 'ip', ['f', 'c']), \
(['x', 'b10'], 'oop', ['f', 'c'])]
    """
    tree = sol.tree
    first = STREETS.index(sol.spot.street)
    nodes = [node_report(sol, " ".join(tree.line(n))) for n in range(tree.size)
             if tree.kind[n] == DECISION and tree.street[n] == first]
    return {"format": DUMP_FORMAT, "version": 1, "summary": sol.summary(), "spot": sol.spot.to_dict(),
            "nodes": nodes}


def threshold_report(sol: Solution, min_segment: float = 0.0,
                     reading: SolvedReading | None = None) -> dict[str, Any]:
    """The patent's reading of a river solution, as ``pokerlab spot threshold --json`` prints it
    (``reading``: :func:`~pokerlab.spot.solved.read_saved`'s, when already made). Each
    decision's ``player`` is ``"oop"`` or ``"ip"``, as in :func:`node_report`.

    Raises
    ------
    ValueError
        The spot is not a river, or ``min_segment`` is outside ``[0, 0.5]``.
    """
    if sol.spot.street != "river":
        raise ValueError(f"the threshold reading reads river spots, not a {sol.spot.street}")
    r = reading if reading is not None else read_saved(sol, min_segment)
    c = r.concession
    decisions = r.reading.as_dict(r.names, c.by_decision)
    for d in decisions.values():
        d["player"] = PLAYERS[d["player"]]
    return {
        "board": format_cards(list(sol.spot.board)), "min_segment": min_segment,
        "solver_exploitability_pct_pot": c.solver_pct,
        "reading_exploitability_pct_pot": c.reading_pct, "concession_pct_pot": c.concession_pct,
        "decisions": decisions,
    }


def spot_toml(spot: Spot) -> str:
    """``spot`` as the TOML :meth:`Spot.from_toml` reads (its :meth:`Spot.to_dict`)."""
    data = spot.to_dict()
    lines = [f"{k} = {toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for street in STREETS:
        for player, sizes in data.get(street, {}).items():
            lines += ["", f"[{street}.{player}]"]
            lines += [f"{k} = {toml_value(v)}" for k, v in sizes.items()]
    return "\n".join(lines) + "\n"


def read_spot_text(text: str, kind: str = "toml", files: bool = True) -> dict[str, Any]:
    """Read a spot given as text: ``kind`` ``"toml"`` (a spot TOML) or ``"texassolver"`` (a
    TexasSolver console input file); ``files=False``: a TOML spot may not name a file
    (:meth:`Spot.from_dict`). Returns ``{"spot": Spot.to_dict(), "target_pct",
    "max_iterations", "threads", "check_every"}`` (the stopping settings a TexasSolver file
    gives, else None).

    Raises
    ------
    SpotError
        The text is not a spot (one line naming what is wrong).
    """
    if kind == "texassolver":
        from pokerlab.spot.texassolver import parse_texassolver

        given = parse_texassolver(text, "TexasSolver input")
        return {"spot": given.spot.to_dict(), "target_pct": given.accuracy_pct,
                "max_iterations": given.max_iterations, "threads": given.threads,
                "check_every": given.check_every}
    if kind != "toml":
        raise SpotError(f"kind: {kind!r} is not 'toml' or 'texassolver'")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpotError(f"spot TOML: {exc}") from None
    return {"spot": Spot.from_dict(data, files=files).to_dict(), "target_pct": None, "max_iterations": None,
            "threads": None, "check_every": None}
