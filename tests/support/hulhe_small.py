"""Small strategy files and abstractions for the HULHE tests (tests/hulhe, tests/agents): no
big table is built."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pokerlab.abstraction.settings import AbstractionSettings


def small_parameters() -> dict[str, np.ndarray]:
    """A real 5-5-5 E[HS^2] abstraction's parameters with evenly spaced thresholds (as
    pokerlab.abstraction's example): it plays from these alone."""
    from pokerlab.abstraction._kernels import FLOP_FULL, TURN_FULL

    settings = AbstractionSettings(flop=5, turn=5, river=5)
    return {"key": np.array(settings.key()),
            "flop_thresholds": np.array([1, 2, 3, 4]) * FLOP_FULL // 5,
            "turn_thresholds": np.array([1, 2, 3, 4]) * TURN_FULL // 5,
            "river_thresholds": np.array([396, 792, 1188, 1584])}


def write_small_strategy(path: Path, seed: int = 0) -> Path:
    """A random strategy of the small abstraction, saved as a strategy file."""
    from pokerlab.hulhe.exploitability import PublicTree, legal_rows
    from pokerlab.hulhe.strategy_file import save_strategy
    from pokerlab.hulhe.training import hulhe_tree

    tree = hulhe_tree((169, 5, 5, 5))
    legal = legal_rows(PublicTree.of(tree))
    strategy = np.random.default_rng(seed).dirichlet(np.ones(3), size=tree.num_rows) * legal
    strategy /= strategy.sum(axis=1, keepdims=True)
    meta = {"abstraction": "ehs2-f5-t5-r5-v1", "game": "limit",
            "training": {"iterations": 0, "workers": 1, "seconds": 0.0, "mccfr": {"algorithm": "none"},
                         "eval_deals": 0, "eval_seed": 0},
            "curve": [[100, 1.0, 900.0, 1200.0], [200, 2.0, 800.0, 1100.0]],
            "stored_exploitability": [800.0, 1100.0]}
    return save_strategy(path, strategy, tree, small_parameters(), meta)


class RankAbstraction:
    """A tiny stand-in card abstraction for training tests: pre-flop the two ranks, after that
    the parity of the hole ranks' sum with the board's top rank (2 buckets a round)."""

    def __init__(self) -> None:
        self.settings = AbstractionSettings(2, 2, 2)
        self.bucket_counts = self.settings.bucket_counts

    def deal_buckets(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        ranks = holes // 4
        high, low = ranks.max(axis=2), ranks.min(axis=2)
        out = np.empty((len(holes), 2, 4), dtype=np.int32)
        out[:, :, 0] = high * 13 + low
        for r, k in ((1, 3), (2, 4), (3, 5)):
            top = (boards[:, :k] // 4).max(axis=1)
            out[:, :, r] = (high + low + top[:, None]) % 2
        return out


SMALL_BETTING = {"name": "small", "small_blind": 50, "big_blind": 100, "stack": 2000, "all_in": True,
                 "all_in_threshold": 0.67, "raise_cap": 2,
                 "preflop": {"open": [2.5], "raises": [[3.0]]},
                 "postflop": {"flop": [[0.5, 1.0]], "turn": [[1.0]], "river": [[0.5, 1.0]]}}
"""A small no-limit betting abstraction (20 big blinds, two raises a street) for the tests."""


def write_small_blueprint(path: Path, seed: int = 0, betting: dict | None = None) -> Path:
    """A random no-limit strategy of the small abstraction on ``betting``'s tree (default
    :data:`SMALL_BETTING`), saved as a blueprint file."""
    from pokerlab.hulhe.exploitability import PublicTree, legal_rows
    from pokerlab.hulhe.strategy_file import save_strategy
    from pokerlab.hulhe.training import nolimit_tree
    from pokerlab.nolimit.betting import BettingAbstraction

    spec = BettingAbstraction.from_dict(betting or SMALL_BETTING)
    tree = nolimit_tree(spec, (169, 5, 5, 5))
    legal = legal_rows(PublicTree.of(tree))
    width = tree.child.shape[1]
    strategy = np.random.default_rng(seed).dirichlet(np.ones(width), size=tree.num_rows) * legal
    strategy /= strategy.sum(axis=1, keepdims=True)
    meta = {"abstraction": "ehs2-f5-t5-r5-v1", "game": "no-limit",
            "training": {"iterations": 0, "workers": 1, "seconds": 0.0, "mccfr": {"algorithm": "none"},
                         "eval_deals": 0, "eval_seed": 0, "betting": spec.to_dict()},
            "curve": [[100, 1.0, 900.0, 1200.0]], "stored_exploitability": [900.0, 1200.0]}
    return save_strategy(path, strategy, tree, small_parameters(), meta)
