"""A player's decisions from a match store, and how well each opponent model predicts them.

:func:`player_decisions` replays the stored hands of a match and returns, for one player, the
19 context inputs of each of its decisions (:mod:`pokerlab.agents.context_features`), the action
it took, and the hand it came from. :func:`evaluate` trains the frequency model, Davidson's
network and the decision tree (:mod:`pokerlab.agents.learned_models`) on the player's first
hands and measures the share of next actions each predicts on the later, held-out hands, with a
95% Wilson interval.

Examples
--------
>>> from pokerlab.arena import MatchConfig, MatchStore, run_match
>>> store = MatchStore(":memory:")
>>> match = run_match(MatchConfig(bots=("raiser", "calling-station"), hands=40, seed=1), store)
>>> data = player_decisions(store, match.match_id, "calling-station")
>>> data.x.shape[1], set(data.y.tolist())                # it only checks and calls
(19, {1})
>>> report = evaluate(data, models=("frequency",))
>>> report["models"]["frequency"]["accuracy"]
1.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab.agents.context_features import FEATURE_NAMES, hand_decisions
from pokerlab.agents.learned_models import MODELS
from pokerlab.arena.match import MatchConfig
from pokerlab.arena.storage import MatchStore


@dataclass
class Decisions:
    """One player's decisions: inputs ``x`` (m x 19), actions ``y``, hand numbers ``hands``."""

    player: str
    x: np.ndarray
    y: np.ndarray
    hands: np.ndarray


def proportion_interval(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion ``k / n``.

    Examples
    --------
    >>> [round(v, 3) for v in proportion_interval(80, 100)]
    [0.711, 0.867]
    """
    if n == 0:
        return math.nan, math.nan
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def match_players(store: MatchStore, match_id: int) -> list[str]:
    """The player names of a stored match."""
    info = store.match(match_id)
    if info is None:
        raise ValueError(f"--match {match_id}: no such match in {store.path}")
    return list(dict.fromkeys(MatchConfig.from_key(info["config"]).player_names()))


def player_decisions(store: MatchStore, match_id: int, player: str,
                     progress: Any = None) -> Decisions:
    """Every decision ``player`` made in the stored hands of match ``match_id``."""
    info = store.match(match_id)
    if info is None:
        raise ValueError(f"--match {match_id}: no such match in {store.path}")
    config = MatchConfig.from_key(info["config"])
    if config.game.variant != "texas-holdem":
        raise ValueError(f"--match {match_id}: the context inputs are hold'em's, not {config.game.variant}'s")
    names = config.player_names()
    if player not in names:
        known = ", ".join(dict.fromkeys(names))
        raise ValueError(f"--player {player!r}: not in match {match_id} (players: {known})")
    xs, ys, hs = [], [], []
    for h, record in store.records(match_id):
        at = [names[p] for p in record["players"]]
        if player in at:
            me = at.index(player)
            for pos, x, action in hand_decisions(config.game, record["stacks"], record["cards"],
                                                 record["actions"]):
                if pos == me:
                    xs.append(x)
                    ys.append(action)
                    hs.append(h)
        if progress is not None:
            progress(1)
    if not xs:
        raise ValueError(f"--player {player!r}: no decisions stored in match {match_id}")
    return Decisions(player, np.array(xs), np.array(ys, dtype=np.int64), np.array(hs))


def split(data: Decisions, train_share: float) -> tuple[np.ndarray, np.ndarray]:
    """Boolean masks of the training decisions (the first ``train_share`` of the hands) and the
    held-out ones (the rest)."""
    if not 0.0 < train_share < 1.0:
        raise ValueError(f"--train-share must be between 0 and 1, not {train_share}")
    hands = np.unique(data.hands)
    cut = hands[min(int(len(hands) * train_share), len(hands) - 1)]
    train = data.hands < cut
    return train, ~train


def evaluate(data: Decisions, train_share: float = 0.7,
             models: tuple[str, ...] = ("frequency", "network", "tree")) -> dict[str, Any]:
    """Accuracy of each model on the held-out decisions, with 95% Wilson intervals, and each
    model's five most important inputs."""
    train, test = split(data, train_share)
    if not train.any() or not test.any():
        raise ValueError(f"{data.player}: too few hands to hold some out ({len(np.unique(data.hands))})")
    out: dict[str, Any] = {"player": data.player, "train_decisions": int(train.sum()),
                           "test_decisions": int(test.sum()),
                           "test_actions": np.bincount(data.y[test], minlength=3).tolist(),
                           "models": {}}
    for name in models:
        model = MODELS[name]().fit(data.x[train], data.y[train])
        right = int((model.predict(data.x[test]) == data.y[test]).sum())
        n = int(test.sum())
        order = np.argsort(-model.importance())[:5]
        out["models"][name] = {"accuracy": right / n, "ci95": list(proportion_interval(right, n)),
                               "correct": right,
                               "top_inputs": [FEATURE_NAMES[i] for i in order]}
    return out
