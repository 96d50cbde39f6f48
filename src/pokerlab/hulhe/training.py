"""Training a heads-up hold'em strategy (limit, or no-limit in a betting abstraction): MCCFR runs
with checkpoints, resumed after a kill, measured in the abstract game after every checkpoint.

The tree is HULHE's whole betting tree, or with ``TrainingConfig.betting`` (a spec of
:mod:`pokerlab.nolimit.betting`) the no-limit tree of those sizes; the deals, the trainer and
the abstract best response are the same for both.

A run lives in a checkpoint folder: ``mccfr.npz`` (the trainer's state,
:mod:`pokerlab.equilibrium.mccfr`) and ``run.json`` (the settings and the exploitability curve:
iterations, training seconds and abstract exploitability in mbb/g at each checkpoint, against
the best response with the bot's information and with perfect recall). A resumed
run continues both; for a fixed seed it ends with the same arrays and curve as a run never
stopped (the trainer's guarantee, and the evaluation deals are a fixed seeded list).

With ``workers`` above 1 the runs are :class:`~pokerlab.equilibrium.mccfr.ParallelMCCFR`'s
independent sampled runs (stream ``w`` of the seed), averaged by their summed average-strategy
weights, on local processes or a Ray cluster (the project's executors): the same arrays on either
for a fixed seed. ``iterations`` counts per run.

Examples
--------
>>> import tempfile
>>> from pokerlab.abstraction.settings import AbstractionSettings
>>> cfg = TrainingConfig(AbstractionSettings(3, 3, 3), eval_deals=500, checkpoint_every=200)
>>> cfg.to_dict()["abstraction"], cfg.to_dict()["eval_deals"]
('ehs2-f3-t3-r3-v1', 500)
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.abstraction.settings import AbstractionSettings
from pokerlab.engine.settings import GameSettings
from pokerlab.equilibrium.betting_tree import BettingTree
from pokerlab.equilibrium.mccfr import MCCFRConfig, MCCFRTrainer, ParallelMCCFR
from pokerlab.executors import Executor
from pokerlab.hulhe.deals import HulheDeals
from pokerlab.hulhe.exploitability import PublicTree, exploitability
from pokerlab.nolimit.betting import BettingAbstraction

STATE_FILE = "mccfr.npz"
RUN_FILE = "run.json"

DEFAULT_EVAL_DEALS = 100_000
"""Deals of the abstract game the checkpoints are measured in (see
:mod:`pokerlab.hulhe.exploitability`)."""
DEFAULT_EVAL_SEED = 27


@dataclass(frozen=True)
class TrainingConfig:
    """What a run trains and how it is measured.

    ``mccfr`` the trainer's settings (default: linear-averaged CFR+), ``workers`` independent
    runs, ``checkpoint_every`` iterations (per run) between checkpoints, ``eval_deals`` and
    ``eval_seed`` the abstract game's deal list; ``betting`` a no-limit betting abstraction's
    spec (:meth:`~pokerlab.nolimit.betting.BettingAbstraction.to_dict`; ``None``: limit).
    """

    abstraction: AbstractionSettings
    seed: int = 0
    workers: int = 1
    checkpoint_every: int = 200_000
    eval_deals: int = DEFAULT_EVAL_DEALS
    eval_seed: int = DEFAULT_EVAL_SEED
    mccfr: MCCFRConfig = field(default_factory=lambda: MCCFRConfig(algorithm="cfr+", averaging="linear"))
    betting: dict[str, Any] | None = None

    def tree(self, bucket_counts: tuple[int, ...]) -> BettingTree:
        """The betting tree this run trains, with these buckets per round."""
        if self.betting is None:
            return hulhe_tree(bucket_counts)
        return nolimit_tree(BettingAbstraction.from_dict(self.betting), bucket_counts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready settings (the abstraction by its key)."""
        out = asdict(self)
        out["abstraction"] = self.abstraction.key()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainingConfig:
        """The config :meth:`to_dict` wrote."""
        data = dict(data)
        data["abstraction"] = AbstractionSettings.from_key(data["abstraction"])
        data["mccfr"] = MCCFRConfig(**data["mccfr"])
        return cls(**data)


def hulhe_tree(bucket_counts: tuple[int, ...]) -> BettingTree:
    """HULHE's betting tree (the engine's ``limit`` preset) with these buckets per round."""
    return _betting_tree().with_buckets(bucket_counts)


NL_TREE_FORMAT = 1
"""Bumped whenever the no-limit tree a spec gives changes, so cached trees are not reused."""


def nolimit_tree(betting: BettingAbstraction, bucket_counts: tuple[int, ...]) -> BettingTree:
    """The heads-up no-limit tree of ``betting``'s sizes, built by the engine (seconds for the
    default spec's 35,886 nodes), kept per spec in the process and in the cache folder."""
    key = repr(betting)
    if key not in _NL_TREES:
        if len(_NL_TREES) >= 4:
            _NL_TREES.pop(next(iter(_NL_TREES)))
        _NL_TREES[key] = _cached_nolimit_tree(betting)
    return _NL_TREES[key].with_buckets(bucket_counts)


def _cached_nolimit_tree(betting: BettingAbstraction) -> BettingTree:
    import hashlib

    from pokerlab._cache import cache_dir

    digest = hashlib.sha1(f"{NL_TREE_FORMAT} {betting!r}".encode()).hexdigest()[:16]
    path = cache_dir() / "nolimit" / f"tree-{digest}.npz"
    game = betting.game()
    try:
        with np.load(path, allow_pickle=False) as data:
            return BettingTree.from_arrays(game, {k: data[k] for k in data.files})
    except (OSError, ValueError, KeyError, EOFError):
        pass  # missing or damaged: build it again
    tree = BettingTree.from_settings(game, menu=betting.menu)
    path.parent.mkdir(exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        with open(tmp, "wb") as fh:
            np.savez(fh, **tree.arrays())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)  # a read-only cache: the tree still serves this process
    return tree


_TREE: list[BettingTree] = []
_NL_TREES: dict[str, BettingTree] = {}  # at most four specs


def _betting_tree() -> BettingTree:
    if not _TREE:
        _TREE.append(BettingTree.from_settings(GameSettings.preset("limit")))
    return _TREE[0]


def evaluation_deals(source: HulheDeals, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The abstract game's deal list: ``n`` deals of ``source`` from ``default_rng(seed)``."""
    buckets, showdown = [], []
    rng = np.random.default_rng(seed)
    left = n
    while left > 0:  # in slices: the same list whatever the slice (one generator, in order)
        b, s = source.sample(rng, min(left, 50_000))
        buckets.append(b)
        showdown.append(s)
        left -= len(s)
    return np.concatenate(buckets), np.concatenate(showdown)


Progress = Callable[[int, int | None, float, float | None], None]
"""``progress(iterations, goal, iterations_per_second, last_exploitability)`` (the last
checkpoint's figure against the best response with the bot's information, mbb/g)."""


def check_run_folder(folder: str | os.PathLike[str], resume: bool) -> None:
    """Refuse ``folder`` for a run before anything is built: a new run's folder must not hold
    a run already, a resumed one's must (``ValueError`` naming the option and the folder).

    >>> check_run_folder("no/such/folder", resume=True)
    Traceback (most recent call last):
    ...
    ValueError: --resume: no run to resume in no/such/folder (no run.json)
    """
    folder = Path(folder)
    if resume:
        if not (folder / RUN_FILE).exists():
            raise ValueError(f"--resume: no run to resume in {folder} (no {RUN_FILE})")
    elif (folder / STATE_FILE).exists():
        raise ValueError(f"--checkpoint-dir {folder}: holds a run already; add --resume "
                         "or give another folder")


class Training:
    """A training run in ``folder`` (created, or resumed with ``resume``).

    ``abstraction`` is the :class:`~pokerlab.abstraction.CardAbstraction` of ``config``'s
    settings; ``executor`` runs the parallel runs (``workers`` > 1).
    """

    def __init__(self, config: TrainingConfig, abstraction: Any, folder: str | os.PathLike[str],
                 resume: bool = False, executor: Executor | None = None) -> None:
        self.folder = Path(folder)
        self.abstraction = abstraction
        self.source = HulheDeals(abstraction)
        self.executor = executor
        run_file = self.folder / RUN_FILE
        check_run_folder(self.folder, resume)
        if resume:
            saved = json.loads(run_file.read_text())
            self.config = TrainingConfig.from_dict(saved["config"])
            self.curve: list[list[float]] = saved["curve"]
            self.seconds = float(saved["seconds"])
        else:
            self.config = config
            self.curve = []
            self.seconds = 0.0
        if self.config.abstraction != abstraction.settings:
            raise ValueError(f"--resume: the run in {self.folder} trains {self.config.abstraction.key()}, "
                             f"not {abstraction.settings.key()}")
        tree = self.config.tree(self.source.bucket_counts)
        self.tree = tree
        self.public = PublicTree.of(tree)
        state = self.folder / STATE_FILE
        self.trainer: MCCFRTrainer | ParallelMCCFR
        if self.config.workers > 1:
            self.trainer = (ParallelMCCFR.load(state, tree, self.source) if resume
                            else ParallelMCCFR(tree, self.source, self.config.seed, self.config.mccfr,
                                               self.config.workers))
        else:
            self.trainer = (MCCFRTrainer.load(state, tree, self.source) if resume
                            else MCCFRTrainer(tree, self.source, self.config.seed, self.config.mccfr))
        self._deals: tuple[np.ndarray, np.ndarray] | None = None

    @property
    def iterations(self) -> int:
        """Iterations done by each run (all runs advance together)."""
        if isinstance(self.trainer, ParallelMCCFR):
            return min(self.trainer.iterations)
        return self.trainer.iterations

    def average_strategy(self) -> np.ndarray:
        """The (combined) average strategy, ``float64 (rows, 3)``."""
        return self.trainer.average_strategy()

    def deals(self) -> tuple[np.ndarray, np.ndarray]:
        """The abstract game's deals (computed once)."""
        if self._deals is None:
            self._deals = evaluation_deals(self.source, self.config.eval_deals, self.config.eval_seed)
        return self._deals

    def measure(self, strategy: np.ndarray | None = None) -> tuple[float, float]:
        """Abstract exploitability (mbb/g) of ``strategy`` (default: the current average): against
        the best response with the bot's information, and with perfect recall of the buckets
        (:mod:`pokerlab.hulhe.exploitability`)."""
        buckets, showdown = self.deals()
        s = self.average_strategy() if strategy is None else strategy
        return (exploitability(self.public, s, buckets, showdown, "bot"),
                exploitability(self.public, s, buckets, showdown, "perfect"))

    def _checkpoint(self) -> None:
        self.trainer.save(self.folder / STATE_FILE)
        self.curve.append([self.iterations, round(self.seconds, 3), *self.measure()])
        self._write_run()

    def _write_run(self) -> None:
        data = {"config": self.config.to_dict(), "curve": self.curve, "seconds": self.seconds}
        tmp = self.folder / (RUN_FILE + ".part")
        tmp.write_text(json.dumps(data, indent=1))
        os.replace(tmp, self.folder / RUN_FILE)

    def run(self, iterations: int | None = None, seconds: float | None = None,
            progress: Progress | None = None) -> None:
        """Train ``iterations`` more (per run) or for ``seconds`` (either or both), checkpointing
        and measuring every ``checkpoint_every`` iterations, and once at the end."""
        self.folder.mkdir(parents=True, exist_ok=True)
        goal = None if iterations is None else self.iterations + int(iterations)
        every = self.config.checkpoint_every
        last = self.curve[-1][2] if self.curve else None
        began = time.perf_counter()
        while goal is None or self.iterations < goal:
            if seconds is not None and time.perf_counter() - began >= seconds:
                break
            step = every - self.iterations % every
            if goal is not None:
                step = min(step, goal - self.iterations)
            start = time.perf_counter()
            if isinstance(self.trainer, ParallelMCCFR):
                done = self.iterations
                self.trainer.run(step, executor=self.executor)
                rate = self.config.workers * (self.iterations - done) / max(time.perf_counter() - start, 1e-9)
            else:
                left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - began))
                rates: list[float] = []

                def tick(trainer: MCCFRTrainer, rate: float, _r: list[float] = rates,
                         _last: float | None = last) -> None:
                    _r.append(rate)
                    if progress is not None:
                        progress(self.iterations, goal, rate, _last)

                self.trainer.run(step, seconds=left, progress=tick)
                rate = rates[-1] if rates else 0.0
            self.seconds += time.perf_counter() - start
            if self.iterations % every == 0 and self.iterations > 0:
                self._checkpoint()
                last = self.curve[-1][2]
            if progress is not None:
                progress(self.iterations, goal, rate, last)
        if not self.curve or self.curve[-1][0] != self.iterations:
            self._checkpoint()
            if progress is not None:
                progress(self.iterations, goal, 0.0, self.curve[-1][2])


def save_run_strategy(run: Training, out: str | os.PathLike[str],
                      flop_progress: Callable[[int], None] | None = None) -> Path:
    """Write ``run``'s average strategy as a strategy file (:mod:`pokerlab.hulhe.strategy_file`):
    with the flop table of its abstraction (cached) and both abstract exploitability figures of
    the strategy as stored (rounded to 255ths)."""
    from pokerlab.hulhe.flop_table import cached_flop_table
    from pokerlab.hulhe.strategy_file import dequantise, quantise, save_strategy

    flops = cached_flop_table(run.abstraction, flop_progress)
    strategy = run.average_strategy()
    stored = run.measure(dequantise(quantise(strategy)))
    meta = {
        "abstraction": run.config.abstraction.key(),
        "game": "limit" if run.config.betting is None else "no-limit",
        "training": {**run.config.to_dict(), "iterations": run.iterations, "seconds": run.seconds},
        "curve": run.curve,
        "stored_exploitability": stored,
    }
    return save_strategy(out, strategy, run.tree, run.abstraction.parameters(), meta, flops)
