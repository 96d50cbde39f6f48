"""Solving a spot to a stopping rule, the saved solution, and browsing it line by line.

:func:`solve` runs the :class:`~pokerlab.spot.solver.Solver` until the exploitability of the
average strategy (measured by :mod:`pokerlab.spot.bestresponse` every ``check_every``
iterations, with the locks held) is at most ``target_pct`` of the pot, or the iteration or
time cap is reached; the solution says which (``stopped_by``) and whether the target was
reached (``converged``).
The :class:`Solution` holds the average strategy; :meth:`Solution.save` writes it to an
``.npz`` file (the spot as JSON inside: the tree and deal are rebuilt on load) and
:meth:`Solution.view` browses a line.

Lines: space-separated tokens from the root, the tree's action labels (``x``, ``c``, ``f``,
``b<chips>``, ``r<chips>``, ``a`` for the all-in; a size also as its exact amount, see
:meth:`~pokerlab.spot.tree.Tree.child`) and, where a card is dealt, the card (``Th``). EVs are
in chips: what the combo gets back from the pot less what its player has put in since the
spot began (the average over the opponent's combos that reach the node, weighted by their
reach); the equity is the share of the pot the combo wins at a showdown with no more
betting, against the same combos, over every runout (at a fold: 0, the folder's share).

Combos are counted one way everywhere: *weighted* combos, each combo counting its range
weight times the probability that its player's own actions lead it to the node (the
*reach*); a class of six pairs in the range at weight 0.5 is 3 combos at the root. Rows
listing classes or combos put those under :data:`NEGLIGIBLE` combos (printed as 0.00) last.

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20,
...                     "oop_range": "AA,QQ", "ip_range": "KK,JJ", "bet": "50%"})
>>> sol = solve(s, target_pct=0.5, max_iterations=500)
>>> sol.exploitability_pct <= 0.5, round(sum(sol.ev), 4)
(True, 10.0)
>>> v = sol.view("x b5")
>>> v.player, v.actions
(0, ['f', 'c'])
>>> [round(float(x), 3) for x in v.equity[:2]]
[1.0, 1.0]
>>> [float(r.reach.sum()) for r in sol.view("").ranges]  # AA 6 + QQ 3 (Qs is out); KK 6 + JJ 3
[9.0, 9.0]
>>> all(abs(r.total_ev - e) < 1e-6 for r, e in zip(sol.view("").ranges, sol.ev, strict=True))
True
"""

from __future__ import annotations

import json
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._heap import release_free_memory
from pokerlab._threads import numba_threads
from pokerlab.cards.codes import format_cards, parse_card
from pokerlab.cards.ranges import combo_index
from pokerlab.spot.bestresponse import Evaluation, evaluate, exploitability_pct, measuring_walker
from pokerlab.spot.classes import class_strategy
from pokerlab.spot.deal import Deal, build_deal
from pokerlab.spot.layout import Layout, build_layout
from pokerlab.spot.locks import Lock, build_locks
from pokerlab.spot.solver import Solver
from pokerlab.spot.spec import Spot, SpotError
from pokerlab.spot.terminal import PAIRS, showdown_packed, valid_reach
from pokerlab.spot.tree import CHANCE, DECISION, FOLD, Tree, build_tree
from pokerlab.spot.walk import MODE_EVAL, task_buffer_bytes, walk, workspace


def estimate_memory(spot: Spot, isomorphism: bool = True, compressed: bool = False) -> int:
    """Bytes the solver will hold for ``spot`` (regrets, strategy sums, tables, buffers)."""
    tree = build_tree(spot)
    deal = build_deal(spot, isomorphism=isomorphism)
    lay = build_layout(tree, deal)
    tables = deal.table_bytes
    m = max(deal.num_hands)
    chance = int(np.count_nonzero((tree.kind == CHANCE) & (tree.street == len(spot.board) - 3)))
    canon = int(np.count_nonzero((deal.next_sit[0] >= 0) & (deal.next_perm[0] == 0)))
    buffers = task_buffer_bytes(m, chance, canon if chance else 0)
    return lay.memory_bytes(compressed, extra=tables + buffers)


NEGLIGIBLE = 0.005
"""Weighted combos below which a class or combo is listed after the others (a table prints it
as 0.00): a line its player all but never takes, whose equity and EV mean little."""


def _rows_in_order(rows: list[dict[str, Any]], weight: str, key: str) -> list[dict[str, Any]]:
    """``rows`` by ``key``, highest first, those under :data:`NEGLIGIBLE` ``weight`` last."""
    return sorted(rows, key=lambda r: (r[weight] < NEGLIGIBLE, -r[key]))


FORMAT_VERSION = 2
"""Version of the saved solution file. Version 2 keeps each situation's own hands (none holding
a card dealt since the spot's board, :mod:`pokerlab.spot.layout`); a version 1 river reads the
same, a version 1 turn or flop is refused in one line."""


@dataclass(eq=False)
class Solution:
    """A solved spot: the average strategy and how it was reached."""

    spot: Spot
    tree: Tree
    deal: Deal
    layout: Layout
    strategy: np.ndarray
    iterations: int
    seconds: float
    evaluation: Evaluation
    memory_bytes: int
    locks: dict[int, np.ndarray] = field(default_factory=dict)
    isomorphism: bool = True
    target_pct: float | None = None
    stopped_by: str | None = None
    """Why the solve stopped: ``"target"`` (the exploitability reached ``target_pct``),
    ``"max_iterations"`` or ``"max_seconds"`` (a cap came first); ``None`` in a file written
    before pokerlab said."""

    @property
    def exploitability_pct(self) -> float:
        """Exploitability in % of the starting pot (locked nodes held: see
        :mod:`pokerlab.spot.bestresponse`)."""
        return self.evaluation.exploitability_pct

    @property
    def converged(self) -> bool | None:
        """Whether the exploitability reached the target (``None``: no target known)."""
        if self.stopped_by is not None:
            return self.stopped_by == "target"
        if self.target_pct is None:
            return None
        return bool(self.exploitability_pct <= self.target_pct)

    @property
    def ev(self) -> tuple[float, float]:
        """Each player's EV in chips (OOP first)."""
        return self.evaluation.ev

    def summary(self) -> dict[str, Any]:
        """The keys ``pokerlab spot solve --json`` prints (``combos``: each player's weighted
        combos, OOP first, as everywhere in the spot output; ``hands``: how many distinct combos
        each range holds at any weight)."""
        return {
            "board": format_cards(list(self.spot.board)),
            "pot": self.spot.pot,
            "stack": self.spot.stack,
            "exploitability_pct_pot": self.exploitability_pct,
            "exploitability_chips": self.evaluation.exploitability,
            "target_pct_pot": self.target_pct,
            "converged": self.converged,
            "stopped_by": self.stopped_by,
            "gain_chips": list(self.evaluation.gain),
            "gain_pct_pot": list(self.evaluation.gain_pct),
            "iterations": self.iterations,
            "seconds": self.seconds,
            "ev": list(self.ev),
            "best_response_value": list(self.evaluation.best_response),
            "memory_bytes": self.memory_bytes,
            "combos": [float(w.sum()) for w in self.deal.weights],
            "hands": list(self.deal.num_hands),
            "nodes": self.tree.size,
            "locked_nodes": sorted(int(n) for n in self.locks),
        }

    # ------------------------------------------------------------------ files
    def save(self, path: str | Path) -> Path:
        """Write the solution to ``path`` (``.npz``); returns the path written."""
        p = Path(path)
        meta = {"format": "pokerlab-spot-solution", "version": FORMAT_VERSION,
                "spot": self.spot.to_dict(),
                "iterations": self.iterations, "seconds": self.seconds,
                "ev": list(self.evaluation.ev), "best_response": list(self.evaluation.best_response),
                "exploitability": self.evaluation.exploitability,
                "exploitability_pct": self.evaluation.exploitability_pct,
                "memory_bytes": self.memory_bytes, "isomorphism": self.isomorphism,
                "locked_nodes": sorted(int(n) for n in self.locks),
                "target_pct": self.target_pct, "stopped_by": self.stopped_by}
        arrays = {f"lock_{n}": a for n, a in self.locks.items()}
        with open(p, "wb") as fh:
            np.savez_compressed(fh, strategy=self.strategy, meta=np.array(json.dumps(meta)), **arrays)
        return p

    @classmethod
    def load(cls, path: str | Path, name: str | None = None) -> Solution:
        """Read a solution written by :meth:`save`; messages call the file ``name`` (default:
        its path; the web application gives an uploaded file's own name, not where it keeps it).

        Raises
        ------
        SpotError
            The file is missing, not a solution, or does not match its spot.
        """
        p = Path(path)
        where = f"solution file {name if name is not None else str(p)!r}"
        try:
            with np.load(p, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                strategy = np.asarray(z["strategy"], dtype=np.float32)
                locks = {int(n): np.asarray(z[f"lock_{n}"]) for n in meta.get("locked_nodes", [])}
        except OSError as exc:
            raise SpotError(f"{where}: {exc.strerror or exc}") from None
        except (ValueError, KeyError, json.JSONDecodeError, EOFError, zipfile.BadZipFile):
            raise SpotError(f"{where}: not a pokerlab spot solution") from None
        if not isinstance(meta, dict) or meta.get("format") != "pokerlab-spot-solution":
            raise SpotError(f"{where}: not a pokerlab spot solution")
        spot = Spot.from_dict(meta["spot"])
        tree = build_tree(spot)
        deal = build_deal(spot, isomorphism=bool(meta.get("isomorphism", True)))
        lay = build_layout(tree, deal)
        if strategy.shape != (lay.size,):
            if meta.get("version") == 1:
                raise SpotError(f"{where}: written by an older pokerlab (format 1, every hand in "
                                "every situation); solve the spot again")
            raise SpotError(f"{where}: the strategy does not fit its spot's tree")
        ev = Evaluation(tuple(meta["ev"]), tuple(meta["best_response"]),  # type: ignore[arg-type]
                        float(meta["exploitability"]), float(meta["exploitability_pct"]), spot.pot)
        target = meta.get("target_pct")
        return cls(spot, tree, deal, lay, strategy, int(meta["iterations"]), float(meta["seconds"]),
                   ev, int(meta["memory_bytes"]), locks, bool(meta.get("isomorphism", True)),
                   None if target is None else float(target), meta.get("stopped_by"))

    # ------------------------------------------------------------------ browsing
    def view(self, line: str = "") -> NodeView:
        """The decision (or terminal) at the end of ``line`` (see the module docstring)."""
        return view_line(self.tree, self.deal, self.layout, self.strategy, line)


@dataclass(frozen=True, eq=False)
class RangeAtNode:
    """One player's range at a node: the combos (actual cards) that reach it, each with its reach
    weight (the input range's weight times the player's own action probabilities along the line),
    its EV in chips and ``pairs``, the opponent's reach weight it meets (combos sharing no card).

    The player's EV at the node is the mean over the pairs of combos that reach it:
    ``sum(reach * pairs * ev) / sum(reach * pairs)``; at the root it is the solution's EV, and
    with no rake the two players' EVs share out the starting pot at every node.
    """

    player: int
    combos: np.ndarray  # (n, 2) card codes
    reach: np.ndarray
    ev: np.ndarray
    pairs: np.ndarray

    @property
    def total_ev(self) -> float:
        """The player's EV in chips over every pair of combos that reach the node."""
        w = self.reach * self.pairs
        tot = float(w.sum())
        return float(np.dot(w, self.ev) / tot) if tot > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        """``combos`` (the reach weights' sum), ``ev`` (:attr:`total_ev`), and per hand class
        and per combo the reach weight and EV (``classes``, ``rows``; the highest EV first,
        those under :data:`NEGLIGIBLE` combos last)."""
        # class_strategy's reach-weighted means of ev * pairs and of pairs: their ratio is the
        # class's EV over the pairs of combos that meet here
        idx = np.array([combo_index(int(a), int(b)) for a, b in self.combos], dtype=np.int64)
        cols = np.column_stack([self.ev * self.pairs, self.pairs]).reshape(len(idx), 2)
        classes = [{"class": r["class"], "combos": r["combos"],
                    "ev": r["evp"] / r["pairs"] if r["pairs"] > 0 else 0.0}
                   for r in class_strategy(idx, cols, self.reach, ["evp", "pairs"]).rows()]
        rows = [{"combo": format_cards([int(b), int(a)], sep=""), "weight": float(self.reach[i]),
                 "ev": float(self.ev[i])} for i, (a, b) in enumerate(self.combos)]
        return {"combos": float(self.reach.sum()), "ev": self.total_ev,
                "classes": _rows_in_order(classes, "combos", "ev"),
                "rows": _rows_in_order(rows, "weight", "ev")}


@dataclass(frozen=True, eq=False)
class NodeView:
    """A node reached by a line, seen from its acting player: the actor at a decision, the
    player who folded at a fold, OOP at a showdown or a chance node.

    ``combos`` are the acting player's combos (actual cards) that reach the node
    (``reach > 0``), ``strategy`` ``(actions, combos)``, ``ev``/``equity`` per combo,
    ``action_ev`` ``(actions, combos)``; ``opp_reach`` the opponent's combo weights;
    ``ranges`` each player's range and EV at the node (OOP first).
    """

    line: tuple[str, ...]
    node: int
    situation: int
    board: tuple[int, ...]
    kind: str
    player: int
    pot: float
    actions: list[str]
    combos: np.ndarray  # (n, 2) card codes
    reach: np.ndarray
    strategy: np.ndarray
    ev: np.ndarray
    action_ev: np.ndarray
    equity: np.ndarray
    opp_reach_total: float
    ranges: tuple[RangeAtNode, RangeAtNode]
    size_pct: dict[str, float] = field(default_factory=dict)
    """Each bet or raise here in % of the pot (:meth:`~pokerlab.spot.tree.Tree.size_pct`)."""
    allin: tuple[str, ...] = ()
    """The actions here that are all-in."""

    def classes(self) -> list[dict[str, Any]]:
        """Per hand class: combos (reach-weighted), each action's frequency, EV and equity,
        highest equity first, classes under :data:`NEGLIGIBLE` combos last:
        :func:`pokerlab.spot.classes.class_strategy`'s reach-weighted means, with the EV and
        the equity as two more columns."""
        idx = np.array([combo_index(int(a), int(b)) for a, b in self.combos], dtype=np.int64)
        # the width said outright: a node no combo reaches has an empty block, (0, -1) is ambiguous
        width = len(self.actions) + 2
        cols = np.column_stack([self.strategy.T, self.ev, self.equity]).reshape(len(idx), width)
        rows = class_strategy(idx, cols, self.reach, [*self.actions, "ev", "equity"]).rows()
        return _rows_in_order(rows, "combos", "equity")

    def combo_rows(self) -> list[dict[str, Any]]:
        """Per combo: cards, reach weight, each action's probability and EV, EV and equity;
        highest equity first, combos under :data:`NEGLIGIBLE` last."""
        rows = []
        for i, (a, b) in enumerate(self.combos):
            row: dict[str, Any] = {"combo": format_cards([int(b), int(a)], sep=""),
                                   "weight": float(self.reach[i])}
            for k, act in enumerate(self.actions):
                row[act] = float(self.strategy[k, i])
                row[f"ev_{act}"] = float(self.action_ev[k, i])
            row["ev"] = float(self.ev[i])
            row["equity"] = float(self.equity[i])
            rows.append(row)
        return _rows_in_order(rows, "weight", "equity")

    def totals(self) -> dict[str, float]:
        """Each action's frequency over the player's whole range at the node."""
        w = self.reach
        tot = float(w.sum())
        return {a: float(np.dot(w, self.strategy[k]) / tot) if tot > 0 else 0.0
                for k, a in enumerate(self.actions)}


def _suit_apply(tau: tuple[int, ...], card: int) -> int:
    return (card & ~3) | tau[card & 3]


def _equity(deal: Deal, sit: int, p: int, r_opp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Numerator (pot share times reach) and denominator (valid reach) of p's equity at ``sit``."""
    n = deal.num_hands[p]
    if deal.sit_street[sit] == 2:
        # Over the river situation's lists (its packed table's positions), back over all hands.
        row = int(deal.sd_row[sit])
        own, opp = deal.sit_hands(p, sit), deal.sit_hands(1 - p, sit)
        reach = np.ascontiguousarray(r_opp[opp])
        packed = [deal.sd_packed[q][row, :int(deal.sd_count[q][row]) + 2] for q in (p, 1 - p)]
        win = np.zeros(own.shape[0])
        showdown_packed(reach, packed[0], packed[1], 0.5, 0.0, win, np.zeros((2, 52)),
                        np.zeros(PAIRS))
        valid = np.zeros(n)
        valid_reach(r_opp, deal.cards[p], deal.cards[1 - p], valid)
        num, den = np.zeros(n), np.zeros(n)
        num[own], den[own] = win, valid[own]
        return num, den
    own, opp = deal.cards[p], deal.cards[1 - p]
    num = np.zeros(n)
    den = np.zeros(n)
    results: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for c in range(52):
        cs = int(deal.next_sit[sit, c])
        if cs < 0 or deal.next_perm[sit, c] != 0:
            continue
        ro = np.where((opp == c).any(axis=1), 0.0, r_opp)
        a, b = _equity(deal, cs, p, ro)
        dead = (own == c).any(axis=1)
        results[c] = (np.where(dead, 0.0, a), np.where(dead, 0.0, b))
    for c in range(52):
        if deal.next_sit[sit, c] < 0:
            continue
        a, b = results[int(deal.next_canon[sit, c])]
        pm = deal.hand_perm[p][int(deal.next_perm[sit, c])]
        num += a[pm]
        den += b[pm]
    return num, den


def view_line(tree: Tree, deal: Deal, layout: Layout, strategy: np.ndarray, line: str) -> NodeView:
    """Follow ``line`` from the root; see :meth:`Solution.view`.

    Raises
    ------
    SpotError
        An action or card the line cannot take (one line naming the token).
    """
    node, sit = 0, 0
    tau: tuple[int, ...] = (0, 1, 2, 3)  # actual suit -> canonical-frame suit
    reach = [deal.weights[0].copy(), deal.weights[1].copy()]
    board = list(tree.spot.board)
    tokens = line.split()
    i = 0
    while True:
        if tree.kind[node] == CHANCE:
            if i >= len(tokens):
                break
            tok = tokens[i]
            try:
                c = parse_card(tok)
            except ValueError:
                raise SpotError(f"line {line!r}: a card is dealt here, {tok!r} is not a card") from None
            if c in board:
                raise SpotError(f"line {line!r}: card {tok} is already on the board")
            cc = _suit_apply(tau, c)
            k = int(deal.next_perm[sit, cc])
            canon = int(deal.next_canon[sit, cc])
            sigma = deal.suit_perms[k]
            sigma_inv = tuple(int(x) for x in np.argsort(sigma))
            tau = tuple(sigma_inv[tau[s]] for s in range(4))
            for p in (0, 1):
                fwd = np.argsort(deal.hand_perm[p][k])  # x -> sigma(x)
                r = reach[p][fwd]
                r[(deal.cards[p] == canon).any(axis=1)] = 0.0
                reach[p] = r
            sit = int(deal.next_sit[sit, cc])
            board.append(c)
            node = int(tree.first_child[node])
            i += 1
            continue
        if i >= len(tokens) or tree.kind[node] != DECISION:
            break
        tok = tokens[i]
        try:
            child = tree.child(node, tok)
        except ValueError as exc:
            raise SpotError(f"line {line!r}: {exc}") from None
        q = int(tree.player[node])
        blk = layout.full_block(strategy, node, sit)
        reach[q] = reach[q] * blk[child - int(tree.first_child[node])]
        node = child
        i += 1
    if i < len(tokens):
        raise SpotError(f"line {line!r}: the hand is over before {tokens[i]!r}")
    kind = int(tree.kind[node])
    q = int(tree.player[node]) if kind in (DECISION, FOLD) else 0  # the actor, or the folder
    o = 1 - q
    # Values in the canonical frame.
    T, D = _tuples(tree, layout, deal)
    prm = np.array([tree.spot.pot, tree.spot.rake_pct, tree.spot.rake_cap] + [0.0] * 8)
    strat32 = np.ascontiguousarray(strategy, dtype=np.float32)
    empty = np.zeros(1, dtype=np.float32)
    S = (strat32, empty, empty, empty, empty)
    from pokerlab.spot.walk import tree_depth

    md, ma = tree_depth(tree)
    nh = deal.num_hands
    W = workspace(md, ma, nh[q], nh[o])
    top = (np.full(tree.size, -1, dtype=np.int64), np.zeros((1, 1)), np.zeros((1, 1)), np.zeros((1, 1)))

    def values(at: int) -> np.ndarray:
        out = np.zeros(nh[q])
        walk(at, sit, q, np.ascontiguousarray(reach[o]), np.ascontiguousarray(reach[q]), out, T, D, S,
             prm, MODE_EVAL, 0, top, W)
        return out

    valid = np.zeros(nh[q])
    valid_reach(reach[o], deal.cards[q], deal.cards[o], valid)
    safe = np.where(valid > 0, valid, 1.0)
    ev = values(node) / safe
    actions = tree.actions(node) if kind == DECISION else []
    na = len(actions)
    if kind == DECISION:
        blk = layout.full_block(strategy, node, sit)
        action_ev = np.stack([values(int(tree.first_child[node]) + a) / safe for a in range(na)])
    else:
        blk = np.zeros((0, nh[q]))
        action_ev = np.zeros((0, nh[q]))
    if kind == FOLD:  # no showdown: the pot goes to the player who did not fold
        equity = np.zeros(nh[q])
    else:
        num, den = _equity(deal, sit, q, reach[o])
        equity = num / np.where(den > 0, den, 1.0)
    # Actual combos: canonical hand index of each actual combo.
    inv_tau = np.asarray([int(x) for x in np.argsort(tau)])

    def actual_cards(p: int) -> np.ndarray:
        canon_cards = deal.cards[p]
        cards = (canon_cards & ~3) | inv_tau[canon_cards & 3]
        cards.sort(axis=1)
        return cards

    actual = actual_cards(q)
    keep = (reach[q] > 0) & (valid > 0)
    # The opponent's range and EV at the node: its own walk, as the actor's above.
    valid_o = np.zeros(nh[o])
    valid_reach(reach[q], deal.cards[o], deal.cards[q], valid_o)
    ev_o = np.zeros(nh[o])
    walk(node, sit, o, np.ascontiguousarray(reach[q]), np.ascontiguousarray(reach[o]), ev_o, T, D, S,
         prm, MODE_EVAL, 0, top, workspace(md, ma, nh[o], nh[q]))
    ev_o /= np.where(valid_o > 0, valid_o, 1.0)
    keep_o = (reach[o] > 0) & (valid_o > 0)
    ranges = {q: RangeAtNode(q, actual[keep], reach[q][keep], ev[keep], valid[keep]),
              o: RangeAtNode(o, actual_cards(o)[keep_o], reach[o][keep_o], ev_o[keep_o], valid_o[keep_o])}
    return NodeView(
        line=tuple(tokens), node=node, situation=sit, board=tuple(board),
        kind=("decision", "chance", "fold", "showdown")[kind], player=q, pot=tree.pot(node),
        actions=actions, combos=actual[keep], reach=reach[q][keep], strategy=blk[:, keep],
        ev=ev[keep], action_ev=action_ev[:, keep], equity=equity[keep],
        opp_reach_total=float(reach[o].sum()), ranges=(ranges[0], ranges[1]),
        size_pct=tree.size_pcts(node) if kind == DECISION else {},
        allin=tuple(tree.label[c] for c in tree.children(node) if kind == DECISION and tree.allin[c]),
    )


def _tuples(tree: Tree, layout: Layout, deal: Deal) -> tuple[tuple, tuple]:
    from pokerlab.spot.walk import deal_tuple, tree_tuple

    return tree_tuple(tree, layout, np.full(tree.size, -1, dtype=np.int64)), deal_tuple(deal)


_WARM: set[tuple[bool, bool]] = set()
_TINY = {True: "Qs Jh 2h 8d", False: "Qs Jh 2h 8d 3c"}
"""The tiny spots :func:`warm_kernels` solves: a turn (a tree with chance nodes) and a river."""


def warm_kernels(compressed: bool = False, chance: bool | None = None) -> None:
    """Load the solver's numba kernels (from numba's cache) once per process, by solving a
    tiny turn spot and a tiny river spot (a tree without chance nodes runs its own kernels):
    :func:`solve`'s ``seconds`` then leave out this fixed start-up cost (a tenth of a second
    or more), as TexasSolver's time leaves out loading its rank table and postflop-solver's
    its compiled program.

    ``chance``: only the kernels of trees with chance nodes (``True``: turn and flop spots) or
    without (``False``: rivers); ``None`` both. :func:`solve` loads only its spot's: each
    loaded kernel stays resident (the river's would add 6.5 MiB to a flop solve, the turn's
    5 MiB to a river solve).
    """
    for kind in (True, False) if chance is None else (chance,):
        if (compressed, kind) in _WARM:
            continue
        tiny = Spot.from_dict({"board": _TINY[kind], "pot": 10, "stack": 10, "oop_range": "AA",
                               "ip_range": "KK", "bet": "100%"})
        tree = build_tree(tiny)
        deal = build_deal(tiny)
        solver = Solver(tiny, tree=tree, deal=deal, compressed=compressed, restart=True, beta=0.0)
        solver.iterate()
        walker = measuring_walker(tree, deal, solver.layout, solver.lock_off, share=solver.walker,
                                  lock_mix=solver.lock_mix)
        exploitability_pct(tree, deal, solver.layout, solver.cum, walker, solver.lock)
        evaluate(tree, deal, solver.layout, solver.cum, walker, solver.lock)
        _WARM.add((compressed, kind))


def solve(spot: Spot, *, target_pct: float = 0.3, max_iterations: int = 1000,
          max_seconds: float | None = None, threads: int | None = None, check_every: int = 10,
          cfr_plus: bool = False, schedule: str = "fast", locks: list[Lock] | None = None,
          isomorphism: bool = True, compressed: bool = False,
          progress: Callable[[int, float | None], None] | None = None) -> Solution:
    """Solve ``spot`` until the exploitability is at most ``target_pct`` % of the pot.

    Also stops after ``max_iterations`` iterations or ``max_seconds`` seconds (measured
    between checks): a missed target is a result, not an error; the solution's ``converged``
    and ``stopped_by`` say so. With ``locks`` the exploitability is measured with them held
    (the locked player's best response deviates only at its unlocked nodes).
    ``progress(iterations, exploitability_pct or None)`` is called after every iteration.
    ``threads``: numba threads (``None``: all). ``schedule``: ``"fast"``
    (:data:`pokerlab.spot.solver.FAST`, postflop-solver's discounting) or ``"dcfr"``
    (:data:`pokerlab.spot.solver.DCFR`, alpha 1.5, beta 0.5, gamma 3). ``compressed``: 16-bit
    regrets and strategy sums (half the memory). The solution's ``seconds`` count from the
    solver's set-up to the last evaluation, after the kernels are loaded (:func:`warm_kernels`).
    """
    from pokerlab.spot.solver import DCFR, FAST

    if schedule not in ("fast", "dcfr"):
        raise SpotError(f"schedule: {schedule!r} is not 'fast' or 'dcfr'")
    params = FAST if schedule == "fast" else DCFR
    if max_iterations < 1:
        raise SpotError(f"max_iterations: {max_iterations} must be at least 1")
    if check_every < 1:
        raise SpotError(f"check_every: {check_every} must be at least 1")
    tree = build_tree(spot)
    deal = build_deal(spot, isomorphism=isomorphism)
    lock_arrays = build_locks(tree, deal, locks) if locks else {}
    with numba_threads(threads):
        warm_kernels(compressed, chance=len(spot.board) < 5)
        # The build's freed temporaries go back to the system before the solver's arrays come.
        release_free_memory()
        t0 = time.perf_counter()
        solver = Solver(spot, cfr_plus=cfr_plus, locks=lock_arrays, tree=tree, deal=deal,
                        compressed=compressed, **params)
        ev = None
        stopped_by = "target"
        # The measuring walks read the strategy sums (normalised as they are read) and the locks:
        # no copy of the average strategy while solving.
        walker = measuring_walker(tree, deal, solver.layout, solver.lock_off, share=solver.walker,
                                  lock_mix=solver.lock_mix)
        while True:
            solver.iterate()
            it = solver.iterations
            last = it >= max_iterations or (
                max_seconds is not None and time.perf_counter() - t0 >= max_seconds)
            if it % check_every == 0 or last:
                pct = exploitability_pct(tree, deal, solver.layout, solver.cum, walker, solver.lock)
                if progress is not None:
                    progress(it, pct)
                if pct <= target_pct or last:
                    ev = evaluate(tree, deal, solver.layout, solver.cum, walker, solver.lock)
                    if pct > target_pct:
                        stopped_by = "max_iterations" if it >= max_iterations else "max_seconds"
                    break
            elif progress is not None:
                progress(it, None)
        seconds = time.perf_counter() - t0
        memory = solver.memory_bytes
        # The regrets are freed and the sums become the average where they are: no array of
        # the layout's size is added at the end (the peak stays the iterations').
        solver.regret = np.zeros(0, dtype=solver.regret.dtype)
        strategy = solver.average_strategy(in_place=True)
    return Solution(spot, tree, deal, solver.layout, strategy, solver.iterations, seconds, ev,
                    memory, lock_arrays, isomorphism, target_pct, stopped_by)
