"""``hulhe-cfr``: heads-up limit hold'em played from an MCCFR strategy of a card abstraction.

The strategy file (:mod:`pokerlab.hulhe.strategy_file`; by default the one shipped in
``agents/data``, trained by ``pokerlab hulhe train`` on the default small abstraction) holds one
row of (fold, call, raise) probabilities per betting node and card bucket. At each decision the
bot walks the betting so far down the betting tree (:mod:`pokerlab.equilibrium.betting_tree`,
built by the engine), takes its hole cards' bucket of the current round (pre-flop the 169
classes; on the flop the file's flop table, :mod:`pokerlab.hulhe.flop_table`, when it has one;
else and later the abstraction's ``board_buckets`` of the board, kept per board) and samples
its action from the row with ``self.rng``. :meth:`HulheCfrBot.policy` gives that row (for any
hole cards, :meth:`~pokerlab.agents.base.Observation.with_hole`) without drawing.

The strategy solves heads-up limit hold'em with blinds of half a small bet and four bets a
round (the engine's ``limit`` preset and ACPC's ``holdem.limit.2p``, in any chip unit). In any
other game (more players, another raise cap, a betting history the tree does not hold, such
as an all-in for want of chips) the bot checks or calls.

Examples
--------
>>> from pokerlab.agents.registry import available
>>> "hulhe-cfr" in available()
True
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.agents.base import Agent, Observation, legal_policy
from pokerlab.agents.registry import register_bot
from pokerlab.cards import combo_index
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, DRAW, FOLD_ACTION, Action
from pokerlab.hulhe.flop_table import flop_row

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_STRATEGY = DATA / "hulhe-cfr-ehs2-f50-t50-r50-v1.npz"
"""The shipped strategy (the default small abstraction)."""

CALL_ONLY = np.array([0.0, 1.0, 0.0])
BOARD_CACHE = 4096
"""Boards whose buckets a process keeps (a duplicate match meets each board twice)."""

__all__ = ["DEFAULT_STRATEGY", "HulheCfrBot"]


class _Loaded:
    """A strategy file with its tree, abstraction and board-bucket cache (one per file and
    process)."""

    def __init__(self, path: Path) -> None:
        from pokerlab.hulhe.strategy_file import load_strategy
        from pokerlab.hulhe.training import hulhe_tree

        probe = load_strategy(path, option="strategy file")
        self.tree = hulhe_tree(tuple(probe.meta["tree"]["bucket_counts"]))
        self.file = load_strategy(path, self.tree, option="strategy file")
        self.strategy = self.file.strategy
        self.abstraction = self.file.abstraction()
        self.preflop = self.abstraction.preflop_buckets()
        self.boards: OrderedDict[tuple[int, ...], np.ndarray] = OrderedDict()
        s = self.tree.settings
        self.shape = (s.small_blind * 2 == s.big_blind == s.small_bet, s.big_bet == 2 * s.small_bet,
                      s.raise_cap, s.ante)

    def buckets(self, board: list[int]) -> np.ndarray:
        """Every combo's bucket on ``board`` (pre-flop: the 169 classes)."""
        if not board:
            return self.preflop
        if len(board) == 3 and self.file.flop_table is not None:
            return flop_row(self.file.flop_table, board)
        key = tuple(sorted(board[:3])) + tuple(board[3:])
        found = self.boards.get(key)
        if found is None:
            found = self.abstraction.board_buckets(board)
            self.boards[key] = found
            if len(self.boards) > BOARD_CACHE:
                self.boards.popitem(last=False)
        else:
            self.boards.move_to_end(key)
        return found

    def covers(self, observation: Observation) -> bool:
        """Whether the observation's game is the one the tree solves."""
        g = observation.game
        return (observation.players == 2 and g.kind == "limit" and g.variant == self.tree.settings.variant
                and (g.small_blind * 2 == g.big_blind == g.small_bet, g.big_bet == 2 * g.small_bet,
                     g.raise_cap, g.ante) == self.shape)

    def node(self, observation: Observation) -> int | None:
        """The tree node of the betting so far, or ``None`` off the tree."""
        tree = self.tree
        node = 0
        for _, _, kind, _ in observation.actions:
            if kind == DRAW:
                continue
            if tree.kind[node] != 0 or tree.child[node, kind] < 0:
                return None
            node = int(tree.child[node, kind])
        if (tree.kind[node] != 0 or tree.round[node] != observation.street
                or tree.actor[node] != observation.position):
            return None
        return node


@lru_cache(maxsize=4)
def _load(path: str) -> _Loaded:
    return _Loaded(Path(path))


@register_bot("hulhe-cfr", "heads-up limit hold'em from an MCCFR strategy of a card abstraction "
                           "(169 pre-flop classes, E[HS^2] buckets after); checks or calls elsewhere; "
                           "hulhe-cfr:STRATEGY plays a strategy file of pokerlab hulhe train")
class HulheCfrBot(Agent):
    """Plays the strategy file ``strategy`` (default: :data:`DEFAULT_STRATEGY`; the bot spec
    ``hulhe-cfr:STRATEGY`` gives another, as written by ``pokerlab hulhe train``)."""

    name = "hulhe-cfr"
    argument = "strategy"

    def __init__(self, strategy: str | Path | None = None) -> None:
        super().__init__()
        self.strategy_path = Path(strategy) if strategy is not None else DEFAULT_STRATEGY
        self._data = _load(str(self.strategy_path.resolve()))

    @property
    def strategy_file(self) -> Any:
        """The loaded :class:`~pokerlab.hulhe.strategy_file.StrategyFile`."""
        return self._data.file

    def _rows(self, observation: Observation) -> tuple[int, np.ndarray] | None:
        data = self._data
        if not data.covers(observation):
            return None
        node = data.node(observation)
        if node is None:
            return None
        return int(data.tree.row[node]), data.buckets(observation.board)

    def policy(self, observation: Observation) -> np.ndarray:
        """(fold, check/call, bet/raise) probabilities at this decision with
        ``observation.hole``; no side effects (the board's buckets are cached)."""
        found = self._rows(observation)
        if found is None:
            return legal_policy(CALL_ONLY, observation.legal)
        row, buckets = found
        hole = observation.hole
        return legal_policy(self._data.strategy[row + buckets[combo_index(hole[0], hole[1])]],
                            observation.legal)

    def range_policy(self, observation: Observation, combos: Any) -> np.ndarray:
        """:meth:`policy` for many holdings at once (one bucket lookup for all)."""
        combos = np.asarray(combos, dtype=np.int64)
        found = self._rows(observation)
        if found is None:
            return np.tile(legal_policy(CALL_ONLY, observation.legal), (len(combos), 1))
        row, buckets = found
        probs = self._data.strategy[row + buckets[combos]].copy()
        legal = observation.legal
        if not legal.can_fold:
            probs[:, 1] += probs[:, 0]
            probs[:, 0] = 0.0
        if not legal.can_raise:
            probs[:, 1] += probs[:, 2]
            probs[:, 2] = 0.0
        return probs

    def act(self, observation: Observation) -> Action:
        p = self.policy(observation)
        u = self.rng.random()
        if u < p[0]:
            return FOLD_ACTION
        if u < p[0] + p[1] or not observation.legal.can_raise:
            return CHECK_CALL_ACTION
        return Action(BET_RAISE, observation.legal.min_raise_to)
