"""A player's decisions from a match store, and how well each opponent model predicts them.

:func:`player_decisions` replays the stored hands of a match and returns, for one player, the
19 context inputs of each of its decisions (:mod:`pokerlab.agents.modelling.context_features`), the action
it took, and the hand it came from. :func:`evaluate` trains the frequency model, Davidson's
network and the decision tree (:mod:`pokerlab.agents.modelling.learned_models`) on the player's first
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

from pokerlab.agents.modelling.context_features import FEATURE_NAMES, hand_decisions, strength_row
from pokerlab.agents.modelling.learned_models import MODELS, StrengthNetworkModel
from pokerlab.arena.match import MatchConfig
from pokerlab.arena.storage import MatchStore
from pokerlab.engine import Hand


@dataclass
class Decisions:
    """One player's decisions: inputs ``x`` (m x 19), actions ``y``, hand numbers ``hands``."""

    player: str
    x: np.ndarray
    y: np.ndarray
    hands: np.ndarray
    showdown: np.ndarray | None = None


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
                     progress: Any = None, strength: bool = False, option: str = "--player") -> Decisions:
    """Every decision ``player`` made in the stored hands of match ``match_id``.

    With ``strength``, its post-flop decisions only, each with the hand-strength network's 21
    inputs (:func:`~pokerlab.agents.modelling.context_features.strength_row`: its hole cards, which the
    match store records for every player, whether shown or not), and ``showdown`` marks the
    decisions of hands in which the player showed its cards (what a bot at the table sees).
    ``option`` names where the player came from in the error for one not in the match.
    """
    info = store.match(match_id)
    if info is None:
        raise ValueError(f"--match {match_id}: no such match in {store.path}")
    config = MatchConfig.from_key(info["config"])
    if config.game.variant != "texas-holdem":
        raise ValueError(f"--match {match_id}: the context inputs are hold'em's, not {config.game.variant}'s")
    names = config.player_names()
    if player not in names:
        known = ", ".join(dict.fromkeys(names))
        raise ValueError(f"{option} {player!r}: not in match {match_id} (players: {known})")
    xs, ys, hs, shown = [], [], [], []
    for h, record in store.records(match_id):
        at = [names[p] for p in record["players"]]
        if player in at:
            me = at.index(player)
            cards, n = record["cards"], len(record["players"])
            hole, board = cards[2 * me: 2 * me + 2], cards[2 * n:]
            showed = strength and _showed(config, record, me)
            for (st, *_), (pos, x, action) in zip(
                    record["actions"], hand_decisions(config.game, record["stacks"], cards,
                                                      record["actions"]), strict=True):
                if pos != me or (strength and st == 0):
                    continue
                xs.append(strength_row(x, board[: 2 + st], hole) if strength else x)
                ys.append(action)
                hs.append(h)
                shown.append(showed)
        if progress is not None:
            progress(1)
    if not xs:
        raise ValueError(f"{option} {player!r}: no decisions stored in match {match_id}")
    return Decisions(player, np.array(xs), np.array(ys, dtype=np.int64), np.array(hs),
                     np.array(shown, dtype=bool) if strength else None)


def _showed(config: MatchConfig, record: dict[str, Any], position: int) -> bool:
    """Whether the player at ``position`` showed its cards at the end of a stored hand."""
    hand = Hand(config.game, list(record["stacks"]), list(record["cards"]))
    for _, _, kind, amount in record["actions"]:
        hand.act((kind, amount))
    return hand.finished and position in hand.showdown


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


def evaluate_strength(data: Decisions, train_share: float = 0.7) -> dict[str, Any]:
    """The hand-strength network trained on the first hands' decisions (every one, the
    match store knowing all hole cards; and the showdown hands' only, what a bot at the table
    sees), measured on every held-out post-flop decision: accuracy with its 95% Wilson
    interval, and the mean probability given to the action taken (what re-weighting
    multiplies by); Davidson's 19-input network on the same decisions for comparison."""
    if data.showdown is None or data.x.shape[1] != StrengthNetworkModel.inputs:
        raise ValueError(f"{data.player}: the hand-strength inputs were not read (strength=True)")
    train, test = split(data, train_share)
    if not train.any() or not test.any():
        raise ValueError(f"{data.player}: too few hands to hold some out ({len(np.unique(data.hands))})")
    n = int(test.sum())
    out: dict[str, Any] = {"player": data.player, "train_decisions": int(train.sum()),
                           "train_showdown_decisions": int((train & data.showdown).sum()),
                           "test_decisions": n, "models": {}}
    fits = {"strength all cards": (StrengthNetworkModel, train, slice(None)),
            "strength showdowns": (StrengthNetworkModel, train & data.showdown, slice(None)),
            "network (19 inputs)": (MODELS["network"], train, slice(0, len(FEATURE_NAMES)))}
    for name, (cls, rows, cols) in fits.items():
        if not rows.any():
            continue
        model = cls().fit(data.x[rows][:, cols], data.y[rows])
        proba = model.predict_proba(data.x[test][:, cols])
        right = int((proba.argmax(axis=1) == data.y[test]).sum())
        taken = proba[np.arange(n), data.y[test]]
        out["models"][name] = {"accuracy": right / n, "ci95": list(proportion_interval(right, n)),
                               "correct": right, "mean_p_taken": float(taken.mean()),
                               "train_actions": np.bincount(data.y[rows], minlength=3).tolist()}
    return out


def evaluate_stored(opponents: Any, data: Decisions, strength: Decisions,
                    train_share: float = 0.7) -> list[dict[str, Any]]:
    """Accuracy (95% Wilson interval) on the held-out decisions of every learned model of
    ``data.player`` in the opponent store ``opponents`` (an
    :class:`~pokerlab.agents.modelling.opponent_store.OpponentStore`); the hand-strength network on the
    post-flop decisions of ``strength``. A stored model may have been trained on any hands,
    the held-out ones included: the figure is how well it predicts them, not a held-out test
    unless it was trained elsewhere."""
    out = []
    for row in opponents.learned_of(data.player):
        model = opponents.load_learned(row.owner, data.player, row.kind)
        d = strength if row.kind == "strength-network" else data
        _, test = split(d, train_share)
        n = int(test.sum())
        right = int((model.predict(d.x[test]) == d.y[test]).sum())
        out.append({"owner": row.owner, "kind": row.kind, "decisions": row.decisions,
                    "source": row.source, "test_decisions": n, "accuracy": right / n if n else 0.0,
                    "ci95": list(proportion_interval(right, n))})
    return out
