"""A heads-up no-limit blueprint: a trained strategy file read with its betting tree.

The file is a :mod:`pokerlab.hulhe.strategy_file` whose training settings carry a betting
abstraction (:mod:`pokerlab.nolimit.betting`); loading rebuilds the tree from the spec with the
engine and checks it against the file's layout hash. A *line* names a node by its betting so
far in ACPC's no-limit letters (``c`` check/call, ``f`` fold, ``rN`` a raise to ``N`` chips in
the pot in all, ``/`` between streets, as :meth:`~pokerlab.equilibrium.betting_tree.BettingTree.history`
writes them): ``""`` is the button's first decision, ``"r250"`` the big blind facing a 2.5 big
blind open, ``"r250c/"`` the flop after the big blind called it.

:meth:`Blueprint.class_strategy` gives a node's strategy per pre-flop class (the 13x13 grids),
:meth:`Blueprint.ranges` both players' ranges there: each of the 1,326 holdings weighted by the
probability that the player's own actions along the line were played with it (the opponent's
actions do not depend on it), with the board's buckets after the flop.

Examples
--------
>>> bp = Blueprint.load()
>>> node = bp.node("")
>>> bp.labels(node)
['fold', 'call', 'raise 2.5bb', 'all-in 200bb']
>>> bp.class_strategy(node).shape
(169, 4)
"""

from __future__ import annotations

import os
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import numpy as np

from pokerlab.cards import ALL_COMBOS, PREFLOP_CLASSES, check_distinct
from pokerlab.equilibrium.betting_tree import CALL_COL, DECISION, FOLD_COL, BettingTree
from pokerlab.errors import UserError
from pokerlab.hulhe.flop_table import flop_row
from pokerlab.hulhe.strategy_file import StrategyFile, load_strategy, tree_layout
from pokerlab.hulhe.training import nolimit_tree
from pokerlab.nolimit.betting import DATA, BettingAbstraction

DEFAULT_BLUEPRINT = DATA / "nlhe-blueprint-ehs2-f50-t50-r50-v1.npz"
"""The shipped blueprint (the default betting and card abstractions: the ACPC game, 200 big
blinds)."""
BLUEPRINT_100BB = DATA / "nlhe-blueprint-100bb-ehs2-f50-t50-r50-v1.npz"
"""The shipped 100-big-blind blueprint (the default sizes, stacks of 100 big blinds)."""
SHIPPED_BLUEPRINTS = (DEFAULT_BLUEPRINT, BLUEPRINT_100BB)

BOARD_CACHE = 4096
"""Boards whose buckets a process keeps."""


class Blueprint:
    """A no-limit strategy file with its tree and card abstraction (module docstring)."""

    def __init__(self, file: StrategyFile, option: str = "--blueprint") -> None:
        spec = file.meta.get("training", {}).get("betting")
        where = f"{option} {file.path}"
        if spec is None:
            raise UserError(f"{where}: a limit strategy file, not a no-limit blueprint")
        self.file = file
        self.betting = BettingAbstraction.from_dict(spec)
        counts = tuple(int(c) for c in file.meta["tree"]["bucket_counts"])
        self.tree: BettingTree = nolimit_tree(self.betting, counts)
        if tree_layout(self.tree) != file.meta["tree"]:
            raise UserError(f"{where}: made for another betting tree (its spec builds "
                            f"{self.tree.num_nodes} nodes, the file {file.meta['tree']['nodes']})")
        self.strategy = file.strategy
        self.abstraction = file.abstraction()
        self.preflop_buckets = self.abstraction.preflop_buckets()
        self._boards: OrderedDict[tuple[int, ...], np.ndarray] = OrderedDict()

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None, option: str = "--blueprint") -> Blueprint:
        """The blueprint in ``path`` (default :data:`DEFAULT_BLUEPRINT`), kept per file and process;
        a missing or damaged file is a :class:`~pokerlab.errors.UserError` naming ``option``."""
        return _load(str(Path(path or DEFAULT_BLUEPRINT).resolve()), option)

    @property
    def big_blind(self) -> int:
        """The game's big blind in chips."""
        return self.betting.big_blind

    def node(self, line: str, option: str = "--line") -> int:
        """The decision or terminal node after ``line`` (module docstring); a line the tree does
        not hold is a :class:`~pokerlab.errors.UserError` naming ``option``."""
        try:
            return self.tree.node_at(line)
        except ValueError as exc:
            raise UserError(f"{option} {line!r}: {str(exc).removeprefix('history: ')}") from None

    def decision(self, line: str, option: str = "--line") -> int:
        """:meth:`node`, refusing a line that ends the hand."""
        node = self.node(line, option)
        if self.tree.kind[node] != DECISION:
            raise UserError(f"{option} {line!r}: the hand is over there (no decision)")
        return node

    def columns(self, node: int) -> list[int]:
        """The legal columns of decision ``node``."""
        return [int(c) for c in self.tree.legal_columns(node)]

    def labels(self, node: int) -> list[str]:
        """A short name for each legal action of ``node``: fold, check or call, ``raise 2.5bb``
        (pre-flop, to that many big blinds), ``bet 75%`` / ``raise 100%`` (after the flop, the
        pot fraction the tree's menu used), ``all-in 200bb``."""
        tree = self.tree
        out = []
        actor = int(tree.actor[node])
        facing = int(tree.contrib[node].max() - tree.contrib[node, actor])
        for c in self.columns(node):
            if c == FOLD_COL:
                out.append("fold")
            elif c == CALL_COL:
                out.append("call" if facing else "check")
            else:
                out.append(self._raise_label(node, c))
        return out

    def _raise_label(self, node: int, col: int) -> str:
        tree = self.tree
        actor = int(tree.actor[node])
        after = int(tree.contrib[tree.child[node, col], actor])
        bb = self.big_blind
        if after >= self.betting.stack:
            return f"all-in {_bb(self.betting.stack / bb)}bb"
        if tree.round[node] == 0:
            return f"raise {_bb(tree.raise_to[node, col] / bb)}bb"
        pot = int(tree.contrib[node].sum())
        facing = int(tree.contrib[node].max() - tree.contrib[node, actor])
        fraction = (after - tree.contrib[node, actor] - facing) / (pot + facing)
        word = "raise" if facing else "bet"
        return f"{word} {fraction:.0%}"

    def buckets(self, board: list[int] | tuple[int, ...]) -> np.ndarray:
        """Every holding's bucket on ``board`` (pre-flop: the 169 classes); a process keeps the
        last :data:`BOARD_CACHE` boards."""
        if not board:
            return self.preflop_buckets
        if len(board) == 3 and self.file.flop_table is not None:
            return flop_row(self.file.flop_table, list(board))
        key = tuple(sorted(board[:3])) + tuple(board[3:])
        found = self._boards.get(key)
        if found is None:
            found = self.abstraction.board_buckets(list(board))
            self._boards[key] = found
            if len(self._boards) > BOARD_CACHE:
                self._boards.popitem(last=False)
        else:
            self._boards.move_to_end(key)
        return found

    def combo_strategy(self, node: int, board: list[int] | tuple[int, ...] = ()) -> np.ndarray:
        """``(1326, k)``: the strategy of every holding at decision ``node`` (``board``: the
        cards dealt by the node's street)."""
        street = int(self.tree.round[node])
        return self.strategy[self.tree.row[node] + self.buckets(_street_board(board, street))]

    def class_strategy(self, node: int) -> np.ndarray:
        """``(169, legal actions)``: a pre-flop node's strategy per class
        (:data:`pokerlab.cards.PREFLOP_CLASSES` order), its legal columns only."""
        if self.tree.round[node] != 0:
            raise UserError("--line: a pre-flop line is needed for the 13x13 grids")
        rows = self.strategy[self.tree.row[node] + np.arange(len(PREFLOP_CLASSES))]
        return rows[:, self.columns(node)]

    def ranges(self, node: int, board: list[int] | tuple[int, ...] = ()) -> np.ndarray:
        """``(2, 1326)``: each position's holdings weighted by the probability of its own actions
        on the way to ``node`` (unnormalised; holdings touching ``board`` 0). A line past the
        flop needs the ``board`` its streets dealt."""
        tree = self.tree
        path: list[tuple[int, int]] = []
        n = node
        while tree.parent[n] >= 0:
            up = int(tree.parent[n])
            path.append((up, int(np.flatnonzero(tree.child[up] == n)[0])))
            n = up
        streets = int(tree.round[node]) if tree.kind[node] == DECISION else max(
            (int(tree.round[u]) for u, _ in path), default=0)
        need = (0, 3, 4, 5)[streets]
        if len(board) < need:
            raise UserError(f"--board: the line reaches street {streets}: {need} board cards needed")
        board = tuple(int(c) for c in board)
        check_distinct(board)
        weights = np.ones((2, 1326))
        for up, col in path:
            q = int(tree.actor[up])
            weights[q] *= self.combo_strategy(up, board)[:, col]
        if board:
            touching = np.zeros(1326, dtype=bool)
            for card in board:
                touching |= (card == ALL_COMBOS).any(axis=1)
            weights[:, touching] = 0.0
        return weights

    def class_weights(self, weights: np.ndarray) -> np.ndarray:
        """``(..., 169)``: a holding weight array's share per pre-flop class (the mean over the
        class's holdings)."""
        classes = self.preflop_buckets
        counts = np.bincount(classes, minlength=len(PREFLOP_CLASSES))
        flat = weights.reshape(-1, weights.shape[-1])
        out = np.stack([np.bincount(classes, weights=w, minlength=len(PREFLOP_CLASSES)) for w in flat])
        return (out / counts).reshape((*weights.shape[:-1], len(PREFLOP_CLASSES)))


def _street_board(board: list[int] | tuple[int, ...], street: int) -> tuple[int, ...]:
    return tuple(board[: (0, 3, 4, 5)[street]])


def _bb(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=4)
def _load(path: str, option: str) -> Blueprint:
    if Path(path).is_dir():
        raise UserError(f"{option} {path}: a folder, not a blueprint file")
    return Blueprint(load_strategy(path, option=option), option)
