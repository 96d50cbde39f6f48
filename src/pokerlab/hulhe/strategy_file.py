"""The heads-up hold'em strategy file (limit, or no-limit in a betting abstraction): a trained
average strategy and everything needed to play it.

One compressed ``.npz`` (no pickles) holding:

- ``strategy``: ``uint8 (rows, k)``, each row's (fold, call, raise...) probabilities in 255ths
  (rounded; a row is renormalised on loading, so a probability below 1/510 plays as 0);
- ``tree``: the betting tree's layout check (nodes, decisions, rows, bucket counts and a SHA-1
  of its arrays): the file plays only on the tree the engine builds today;
- ``abstraction/<name>``: the card abstraction's small parameters
  (:meth:`pokerlab.abstraction.CardAbstraction.parameters`: settings key, thresholds, centroids);
- ``flop_buckets`` (optional): the buckets of every combo on the 1,755 canonical flops
  (:mod:`pokerlab.hulhe.flop_table`), so that the bot reads a flop's buckets instead of
  computing them;
- ``meta``: JSON: the game, the training settings, iterations and seconds, and the
  exploitability curve in the abstract game (iterations, seconds, mbb/g against the best
  response with the bot's information and with perfect recall) with the abstract game's deal
  list (count and seed), plus both figures for the stored (rounded) strategy.

Loading builds no big table: the tree from the engine (about a second) and the abstraction from
its parameters (:meth:`~pokerlab.abstraction.CardAbstraction.from_parameters`).

Examples
--------
>>> quantise(np.array([[0.0, 0.2, 0.8], [1 / 3, 1 / 3, 1 / 3]])).tolist()
[[0, 51, 204], [85, 85, 85]]
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.errors import UserError

FORMAT = "pokerlab-hulhe-strategy-1"
SCALE = 255


def quantise(strategy: np.ndarray) -> np.ndarray:
    """Probabilities to ``uint8`` 255ths (each row rounded apart)."""
    return np.rint(np.clip(np.asarray(strategy, dtype=np.float64), 0.0, 1.0) * SCALE).astype(np.uint8)


def dequantise(q: np.ndarray) -> np.ndarray:
    """``uint8`` rows back to probabilities summing to one (float64)."""
    s = q.astype(np.float64)
    return s / s.sum(axis=1, keepdims=True)


def tree_layout(tree: Any) -> dict[str, Any]:
    """The layout check of a :class:`~pokerlab.equilibrium.betting_tree.BettingTree`."""
    digest = hashlib.sha1()
    names = ("kind", "actor", "round", "child", "contrib", "row")
    if tree.child.shape[1] > 3:  # a no-limit tree: its sizes too (a limit tree's hash as before)
        names += ("raise_to",)
    for name in names:
        digest.update(np.ascontiguousarray(getattr(tree, name), dtype=np.int64).tobytes())
    return {"nodes": int(tree.num_nodes), "decisions": int(tree.num_decisions),
            "rows": int(tree.num_rows), "bucket_counts": [int(c) for c in tree.bucket_counts],
            "sha1": digest.hexdigest()}


@dataclass
class StrategyFile:
    """A loaded strategy file (see the module docstring)."""

    strategy: np.ndarray
    """``float64 (rows, k)``, rows summing to one."""
    abstraction_parameters: dict[str, np.ndarray]
    meta: dict[str, Any]
    path: Path | None = None
    flop_table: np.ndarray | None = None
    """``uint8 (1755, 1326)`` flop buckets, when the file carries them."""

    @property
    def curve(self) -> list[list[float]]:
        """``[iterations, seconds, mbb/g]`` at each checkpoint."""
        return list(self.meta.get("curve", []))

    @property
    def exploitability(self) -> float:
        """Abstract exploitability of the strategy as stored (mbb/g, against the best response
        with the bot's information; :mod:`pokerlab.hulhe.exploitability`)."""
        return float(self.meta["stored_exploitability"][0])

    def abstraction(self) -> Any:
        """The card abstraction, from its parameters (no big tables)."""
        from pokerlab.abstraction import CardAbstraction

        return CardAbstraction.from_parameters(self.abstraction_parameters)


def save_strategy(path: str | os.PathLike[str], strategy: np.ndarray, tree: Any,
                  abstraction_parameters: dict[str, np.ndarray], meta: dict[str, Any],
                  flop_table: np.ndarray | None = None) -> Path:
    """Write a strategy file (atomically: a file beside it, then renamed); ``flop_table`` from
    :func:`pokerlab.hulhe.flop_table.build_flop_table`."""
    path = Path(path)
    q = quantise(strategy)
    if q.shape != (tree.num_rows, tree.child.shape[1]):
        raise ValueError(f"strategy of shape {q.shape} for a tree of {tree.num_rows} rows")
    meta = {**meta, "format": FORMAT, "tree": tree_layout(tree)}
    arrays = {"strategy": q, "meta": np.array(json.dumps(meta))}
    if flop_table is not None:
        arrays["flop_buckets"] = np.asarray(flop_table, dtype=np.uint8)
    arrays.update({f"abstraction/{k}": np.asarray(v) for k, v in abstraction_parameters.items()})
    tmp = path.with_name(path.name + ".part")
    try:
        with open(tmp, "wb") as fh:
            np.savez_compressed(fh, **arrays)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def load_strategy(path: str | os.PathLike[str], tree: Any | None = None,
                  option: str = "FILE") -> StrategyFile:
    """Read a strategy file; with ``tree`` (a :class:`BettingTree` with the file's buckets) check
    its layout. Anything wrong: a :class:`~pokerlab.errors.UserError` naming ``option`` and the
    file."""
    path = Path(path)
    where = f"{option} {path}"
    if not path.is_file():
        raise UserError(f"{where}: no such file")
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            q = np.array(data["strategy"])
            flops = np.array(data["flop_buckets"]) if "flop_buckets" in data.files else None
            params = {k.split("/", 1)[1]: np.array(data[k])
                      for k in data.files if k.startswith("abstraction/")}
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as exc:
        raise UserError(f"{where}: not a pokerlab strategy file ({type(exc).__name__})") from None
    if meta.get("format") != FORMAT:
        raise UserError(f"{where}: not a pokerlab strategy file (format {meta.get('format')!r})")
    if q.dtype != np.uint8 or q.ndim != 2 or q.shape[1] < 3 or (q.sum(axis=1) == 0).any():
        raise UserError(f"{where}: the strategy table is damaged")
    if tree is not None and tree_layout(tree) != meta["tree"]:
        raise UserError(f"{where}: made for another betting tree or abstraction "
                        f"({meta['tree']['nodes']} nodes, buckets {meta['tree']['bucket_counts']})")
    if flops is not None and (flops.dtype != np.uint8 or flops.shape != (1755, 1326)):
        raise UserError(f"{where}: the flop table is damaged")
    return StrategyFile(dequantise(q), params, meta, path, flops)
