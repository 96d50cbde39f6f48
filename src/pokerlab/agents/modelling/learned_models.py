"""Opponent models that learn to predict the next action from Davidson's 19 context inputs.

- :class:`NetworkModel`: Davidson's network as the Waterloo report describes it (§3.4.1): a
  feed-forward network with **one hidden layer of four nodes** and **three output nodes**
  (fold, call, raise), **sigmoid activation on every node**, the outputs normalised into a
  probability triple, trained by **back-propagation**. scikit-learn's ``MLPClassifier`` ends a
  multi-class network in a softmax layer, not three independent sigmoids, so the network is a
  few lines of numpy: squared error of the sigmoid outputs against the one-hot action,
  full-batch gradient descent with momentum (``docs/loki2.md`` gives our training constants:
  the report's are lost).
- :class:`TreeModel`: the decision-tree baseline, scikit-learn's ``DecisionTreeClassifier``
  (entropy, at least 20 decisions per leaf), kept as plain arrays so that a kernel can walk it.
- :class:`StrengthNetworkModel`: the same network with the opponent's hand strength and
  potential as two more inputs (as Davidson's later network), which can re-weight holdings.
- :class:`FrequencyModel`: the model Loki uses, action frequencies per (round, bets to call
  0 / 1 / 2+) blended with Table B.2's defaults
  (:class:`~pokerlab.agents.modelling.opponent_model.ContextFrequencies`).

scikit-learn is in the optional ``learn`` extra: only :meth:`TreeModel.fit` needs it.

Examples
--------
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> x = rng.uniform(0, 1, (400, 19))
>>> y = np.where(x[:, 0] > 0.5, 0, 2)            # folds when the pot odds are high, else raises
>>> net = NetworkModel(epochs=3000).fit(x, y)
>>> float((net.predict(x) == y).mean()) > 0.95
True
>>> net.predict_proba(x[:1]).sum().round(6)
np.float64(1.0)
>>> sorted(MODELS), "strength-network" in KINDS
(['frequency', 'network', 'tree'], True)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.agents.modelling.context_features import N_FEATURES
from pokerlab.agents.modelling.opponent_model import ContextFrequencies
from pokerlab.errors import UserError


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))


def _normalise(p: np.ndarray) -> np.ndarray:
    total = p.sum(axis=1, keepdims=True)
    return np.where(total > 0, p / np.where(total > 0, total, 1.0), 1.0 / 3.0)


class NetworkModel:
    """19 inputs, ``hidden`` sigmoid nodes, 3 sigmoid outputs read as a triple."""

    kind = "network"
    inputs = N_FEATURES

    def __init__(self, hidden: int = 4, epochs: int = 2000, rate: float = 0.5,
                 momentum: float = 0.9, seed: int = 0) -> None:
        self.hidden, self.epochs, self.rate, self.momentum, self.seed = (
            hidden, epochs, rate, momentum, seed)
        rng = np.random.default_rng(seed)
        self.w1 = rng.uniform(-0.5, 0.5, (self.inputs, hidden))
        self.b1 = rng.uniform(-0.5, 0.5, hidden)
        self.w2 = rng.uniform(-0.5, 0.5, (hidden, 3))
        self.b2 = rng.uniform(-0.5, 0.5, 3)

    def outputs(self, x: np.ndarray) -> np.ndarray:
        """The three sigmoid outputs of each row of ``x`` (not normalised)."""
        return _sigmoid(_sigmoid(x @ self.w1 + self.b1) @ self.w2 + self.b2)

    def fit(self, x: np.ndarray, y: np.ndarray, epochs: int | None = None) -> NetworkModel:
        """Back-propagation of the squared error on ``(x, y)`` (``y`` actions 0, 1, 2); further
        calls continue from the current weights (online learning)."""
        target = np.eye(3)[np.asarray(y, dtype=np.int64)]
        m = max(len(x), 1)
        params = [self.w1, self.b1, self.w2, self.b2]
        velocity = [np.zeros_like(p) for p in params]
        for _ in range(self.epochs if epochs is None else epochs):
            h = _sigmoid(x @ self.w1 + self.b1)
            o = _sigmoid(h @ self.w2 + self.b2)
            d_o = (o - target) * o * (1.0 - o)
            d_h = (d_o @ self.w2.T) * h * (1.0 - h)
            grads = [x.T @ d_h / m, d_h.sum(axis=0) / m, h.T @ d_o / m, d_o.sum(axis=0) / m]
            for p, v, g in zip(params, velocity, grads, strict=True):
                v *= self.momentum
                v -= self.rate * g
                p += v
        return self

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        """Normalised outputs: one triple per row."""
        return _normalise(self.outputs(x))

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The likeliest action of each row."""
        return self.outputs(x).argmax(axis=1)

    def importance(self) -> np.ndarray:
        """Each input's share of the weight paths to the outputs (sum of |w1| |w2|)."""
        paths = np.abs(self.w1) @ np.abs(self.w2).sum(axis=1)
        return paths / paths.sum()

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"kind": self.kind, "w1": self.w1.tolist(), "b1": self.b1.tolist(),
                "w2": self.w2.tolist(), "b2": self.b2.tolist()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NetworkModel:
        """Inverse of :meth:`to_dict` (``ValueError`` when the weights are not a finite
        ``inputs`` x hidden x 3 network)."""
        w1 = np.array(data["w1"], dtype=float)
        if w1.ndim != 2 or w1.shape[0] != cls.inputs or w1.shape[1] < 1:
            raise ValueError(f"w1 must be {cls.inputs} x hidden, not {w1.shape}")
        out = cls(hidden=w1.shape[1])
        out.w1, out.b1 = w1, np.array(data["b1"], dtype=float)
        out.w2, out.b2 = np.array(data["w2"], dtype=float), np.array(data["b2"], dtype=float)
        h = w1.shape[1]
        if out.b1.shape != (h,) or out.w2.shape != (h, 3) or out.b2.shape != (3,):
            raise ValueError("b1, w2, b2 do not match w1's hidden layer")
        if not all(np.isfinite(a).all() for a in (out.w1, out.b1, out.w2, out.b2)):
            raise ValueError("weights are not finite")
        return out

    def flat(self) -> np.ndarray:
        """The weights as the kernels read them: w1 (row-major), b1, w2 (row-major), b2
        (:func:`~pokerlab.agents.loki2._kernels.network_triple`; four hidden nodes)."""
        if self.hidden != 4:
            raise ValueError(f"the kernels take four hidden nodes, not {self.hidden}")
        return np.concatenate([self.w1.ravel(), self.b1, self.w2.ravel(), self.b2])


class StrengthNetworkModel(NetworkModel):
    """Davidson's network with the opponent's hand among its inputs: the 19 inputs, then the
    holding's hand strength HS_1 (against one random holding) and crude potential PPOT_c on the
    board (:data:`~pokerlab.agents.modelling.context_features.STRENGTH_FEATURE_NAMES`; as the 2002
    network's "estimated hand strength" and "estimated hand potential", [SECONDARY]). Trained
    on post-flop decisions whose cards are known, it gives P(action | holding, context) for
    every holding of a weight table: Loki-2's re-weighting factor
    (``Loki2Config.reweight_model = "strength-network"``).

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> x = rng.uniform(0, 1, (600, 21))
    >>> y = np.where(x[:, 19] > 0.6, 2, 1)        # raises with strong hands, else calls
    >>> net = StrengthNetworkModel(epochs=3000).fit(x, y)
    >>> float((net.predict(x) == y).mean()) > 0.95
    True
    """

    kind = "strength-network"
    inputs = N_FEATURES + 2


class TreeModel:
    """A pruned decision tree (scikit-learn) kept as arrays: ``left``, ``right``, ``feature``,
    ``threshold`` and ``value`` (each node's triple)."""

    kind = "tree"

    def __init__(self, min_leaf: int = 20, seed: int = 0) -> None:
        self.min_leaf, self.seed = min_leaf, seed
        self.left = np.array([-1])
        self.right = np.array([-1])
        self.feature = np.array([0])
        self.threshold = np.array([0.0])
        self.value = np.full((1, 3), 1.0 / 3.0)
        self.importances = np.zeros(N_FEATURES)

    def fit(self, x: np.ndarray, y: np.ndarray) -> TreeModel:
        """Grow the tree on ``(x, y)`` (needs scikit-learn: the ``learn`` extra)."""
        try:
            from sklearn.tree import DecisionTreeClassifier
        except ImportError as exc:  # pragma: no cover - the extra is installed by make test
            raise ValueError("the decision tree needs scikit-learn: pip install 'pokerlab[learn]'") from exc
        clf = DecisionTreeClassifier(criterion="entropy", min_samples_leaf=self.min_leaf,
                                     random_state=self.seed).fit(x, y)
        t = clf.tree_
        self.left, self.right = t.children_left.copy(), t.children_right.copy()
        self.feature, self.threshold = t.feature.copy(), t.threshold.copy()
        value = np.zeros((t.node_count, 3))
        value[:, clf.classes_.astype(int)] = t.value[:, 0, :]
        self.value = _normalise(value)
        self.importances = clf.feature_importances_.copy()
        return self

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        """Each row's leaf triple."""
        out = np.zeros((len(x), 3))
        for i, row in enumerate(x):
            node = 0
            while self.left[node] >= 0:
                go_left = row[self.feature[node]] <= self.threshold[node]
                node = self.left[node] if go_left else self.right[node]
            out[i] = self.value[node]
        return out

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The likeliest action of each row."""
        return self.predict_proba(x).argmax(axis=1)

    def importance(self) -> np.ndarray:
        """scikit-learn's impurity-based importance of each input."""
        return self.importances

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"kind": self.kind, "left": self.left.tolist(), "right": self.right.tolist(),
                "feature": self.feature.tolist(), "threshold": self.threshold.tolist(),
                "value": self.value.tolist(), "importances": self.importances.tolist()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TreeModel:
        """Inverse of :meth:`to_dict`."""
        out = cls()
        out.left, out.right = np.array(data["left"]), np.array(data["right"])
        out.feature, out.threshold = np.array(data["feature"]), np.array(data["threshold"], dtype=float)
        out.value = np.array(data["value"], dtype=float)
        out.importances = np.array(data["importances"], dtype=float)
        k = len(out.left)
        if (k < 1 or out.right.shape != (k,) or out.feature.shape != (k,)
                or out.threshold.shape != (k,) or out.value.shape != (k, 3)
                or out.left.max() >= k or out.right.max() >= k
                or not ((out.left < 0) | (out.left > np.arange(k))).all()
                or not ((out.right < 0) | (out.right > np.arange(k))).all()
                or out.feature.max() >= N_FEATURES):
            raise ValueError("the tree's arrays do not form a tree of 19 inputs")
        return out


def context_of(x: np.ndarray) -> tuple[int, int]:
    """``(street, bets to call 0 / 1 / 2)`` of an input row (Loki's frequency context)."""
    street = 1 + int(np.argmax(x[7:10])) if x[7:10].any() else 0
    return street, int(np.argmax(x[4:7]))


class FrequencyModel:
    """Loki's model: blended action frequencies per (round, bets to call)."""

    kind = "frequency"

    def __init__(self) -> None:
        self.contexts = ContextFrequencies()

    def fit(self, x: np.ndarray, y: np.ndarray) -> FrequencyModel:
        """Count every decision in its context."""
        for row, action in zip(x, y, strict=True):
            self.contexts.observe(*context_of(row), int(action))
        return self

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        """The blended frequencies of each row's context."""
        return np.array([self.contexts.blended(*context_of(row)) for row in x]).reshape(-1, 3)

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The most frequent action of each row's context."""
        return self.predict_proba(x).argmax(axis=1)

    def importance(self) -> np.ndarray:
        """The inputs the model reads: the round and the bets to call, equally."""
        out = np.zeros(N_FEATURES)
        out[4:10] = 1.0 / 6.0
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"kind": self.kind, "counts": self.contexts.counts.tolist()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FrequencyModel:
        """Inverse of :meth:`to_dict`."""
        out = cls()
        counts = np.array(data["counts"], dtype=float)
        if counts.shape != out.contexts.counts.shape:
            raise ValueError(f"counts must be {out.contexts.counts.shape}, not {counts.shape}")
        out.contexts.counts = counts
        return out


MODELS: dict[str, type[NetworkModel] | type[TreeModel] | type[FrequencyModel]] = {
    "frequency": FrequencyModel, "network": NetworkModel, "tree": TreeModel}
"""The models of Davidson's 19 inputs by name."""

KINDS: dict[str, type[NetworkModel] | type[TreeModel] | type[FrequencyModel]] = {
    **MODELS, "strength-network": StrengthNetworkModel}
"""Every model kind, the hand-strength network included (its inputs are 21)."""


def model_from_dict(data: dict[str, Any]) -> NetworkModel | TreeModel | FrequencyModel:
    """A model from its JSON form (``ValueError`` for an unknown kind or arrays that do not
    make one)."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind not in KINDS:
        raise ValueError(f"unknown model kind {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind].from_dict(data)


def load_model_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON form of the model saved in ``path`` (``opponents train --out``), checked by
    building the model once; a file that cannot be read, is not JSON or does not hold a model
    is a :class:`~pokerlab.errors.UserError` naming it.

    >>> load_model_file("no/such/model.json")
    Traceback (most recent call last):
    ...
    pokerlab.errors.UserError: learned model no/such/model.json: cannot read it (No such file or directory)
    """
    where = f"learned model {path}"
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"{where}: cannot read it ({exc.strerror or exc})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{where}: not JSON ({exc})") from None
    try:
        model_from_dict(data)
    except KeyError as exc:
        raise UserError(f"{where}: its {data.get('kind')} model has no {exc.args[0]!r}") from None
    except (ValueError, TypeError) as exc:
        raise UserError(f"{where}: {exc}") from None
    return data


def load_model_folder(folder: str | os.PathLike[str], source: str) -> dict[str, dict[str, Any]]:
    """The models of a folder of models trained offline, one ``PLAYER.json`` per opponent, by
    player name (their JSON forms, each checked by :func:`load_model_file`). ``source`` names
    where the folder came from in the :class:`~pokerlab.errors.UserError` for a folder that
    does not exist or is a file.

    >>> load_model_folder("no/such/folder", "POKERLAB_LEARNED_MODELS")
    Traceback (most recent call last):
    ...
    pokerlab.errors.UserError: POKERLAB_LEARNED_MODELS no/such/folder: no such folder of learned models
    """
    path = Path(folder)
    if path.is_file():
        raise UserError(f"{source} {folder}: a file, not a folder of learned models (one PLAYER.json "
                        "per opponent)")
    if not path.is_dir():
        raise UserError(f"{source} {folder}: no such folder of learned models")
    return {file.stem: load_model_file(file) for file in sorted(path.glob("*.json"))}
