"""Pre-flop tables by simulation: Alberta's income rate and Waterloo's win rate.

For each of the 169 starting-hand classes, ``trials`` games are dealt: our two cards are a
random combo of the class, each of ``opponents`` opponents gets two random cards, and five
board cards follow. Nobody folds: every player goes to the showdown with the same stake (one
unit each). Per game our pot share is 1 for a win, 1/m for an m-way split, 0 for a loss.

- **Win rate** (Waterloo equation 1, always-calling opponents): the mean pot share.
- **Income rate** (Alberta: "games against random opponents ... a statistical measure of
  the approximate income rate"): the expected net winnings per game in units of the stake,
  (opponents + 1) * share - 1.

Waterloo's expert tables rescale so that the best class is 1 and the worst 0 (Table 1:
AA = 1, 32o = 0); :meth:`PreflopSimulation.table` offers the same rescaling.

The kernel runs the classes in parallel (numba ``prange``) in blocks of
:data:`BLOCK_TRIALS` games per class; each (class, block) has its own splitmix64 stream
derived from the seed, so the result depends on ``(opponents, trials, seed)`` only, not on
the number of workers. On an :class:`~pokerlab.executors.Executor` other than this process
(a Ray cluster), runs of consecutive blocks are tasks, each on one CPU, and the driver adds the
blocks' sums in block order, so the table is bit for bit the one this process makes. Results
are cached under ``pokerlab._cache.cache_dir()``.

Examples
--------
>>> sim = simulate_preflop(opponents=1, trials=300, seed=1, cache=False)
>>> sim.ranking("income-rate")[0] in ("AA", "KK")
True
>>> sim.table("win-rate").grid.shape
(13, 13)
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numba
import numpy as np
from numba import njit, prange

from pokerlab._cache import cache_dir
from pokerlab._interrupt import ctrl_c_in_kernels
from pokerlab._kernel_cache import source_digest
from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.cards.ranges import class_combo_table
from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, EMPTY_KEY, eval_key
from pokerlab.executors import Executor, InProcessExecutor
from pokerlab.strength._rng import below, seeded_state
from pokerlab.strength.preflop_tables import PreflopTable, table_from_classes

METHODS: tuple[str, str] = ("income-rate", "win-rate")
"""Names of the two measures."""

BLOCK_TRIALS = 2000
"""Games per class in one kernel call; part of the seeding, so changing it changes results."""

MAX_TASK_BLOCKS = 8
"""Most blocks in one executor task (about a second of one CPU against one opponent)."""


CLASS_COMBOS, CLASS_COUNTS = class_combo_table()


@njit(cache=True, parallel=True)
def _simulate_block(combos, counts, opponents, trials, seed, block):
    """``trials`` showdowns per class; returns per-class sums of share, share squared, and outright wins."""
    n_classes = combos.shape[0]
    share = np.zeros(n_classes)
    share_sq = np.zeros(n_classes)
    wins = np.zeros(n_classes)
    for c in prange(n_classes):
        state = seeded_state(seed, c, block)
        deck = np.empty(52, dtype=np.int64)
        s_sum = 0.0
        s_sq = 0.0
        w_sum = 0.0
        for _ in range(trials):
            i = below(state, counts[c])
            a = combos[c, i, 0]
            b = combos[c, i, 1]
            m = 0
            for card in range(52):
                if card != a and card != b:
                    deck[m] = card
                    m += 1
            need = 5 + 2 * opponents
            for j in range(need):  # partial Fisher-Yates: the first `need` cards of a shuffle
                r = j + below(state, m - j)
                t = deck[r]
                deck[r] = deck[j]
                deck[j] = t
            bkey = EMPTY_KEY
            bmask = 0
            for j in range(5):
                bkey += CARD_KEY[deck[j]]
                bmask |= CARD_MASK[deck[j]]
            ours = eval_key(bkey + CARD_KEY[a] + CARD_KEY[b], bmask | CARD_MASK[a] | CARD_MASK[b])
            tied = 1
            beaten = False
            for o in range(opponents):
                x = deck[5 + 2 * o]
                y = deck[6 + 2 * o]
                theirs = eval_key(bkey + CARD_KEY[x] + CARD_KEY[y], bmask | CARD_MASK[x] | CARD_MASK[y])
                if theirs > ours:
                    beaten = True
                    break
                if theirs == ours:
                    tied += 1
            if not beaten:
                part = 1.0 / tied
                s_sum += part
                s_sq += part * part
                if tied == 1:
                    w_sum += 1.0
        share[c] = s_sum
        share_sq[c] = s_sq
        wins[c] = w_sum
    return share, share_sq, wins


@dataclass(frozen=True)
class PreflopSimulation:
    """Per-class results of a pre-flop simulation, in :data:`pokerlab.cards.PREFLOP_CLASSES` order.

    Attributes
    ----------
    opponents, trials, seed
        The parameters (``trials`` games per class).
    share
        Mean pot share of each class (Waterloo's win rate; ties split).
    share_stderr
        Standard error of each mean share.
    win_fraction
        Fraction of games won outright.
    """

    opponents: int
    trials: int
    seed: int
    share: np.ndarray
    share_stderr: np.ndarray
    win_fraction: np.ndarray

    def values(self, method: str) -> np.ndarray:
        """Per-class ``"income-rate"`` ((opponents + 1) * share - 1) or ``"win-rate"`` (share)."""
        if method == "win-rate":
            return self.share.copy()
        if method == "income-rate":
            return (self.opponents + 1) * self.share - 1.0
        raise ValueError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")

    def stderr(self, method: str) -> np.ndarray:
        """Standard error of :meth:`values`."""
        scale = 1.0 if method == "win-rate" else float(self.opponents + 1)
        self.values(method)  # validates the name
        return scale * self.share_stderr

    def by_class(self, method: str) -> dict[str, float]:
        """``{class name: value}``."""
        return dict(zip(PREFLOP_CLASSES, self.values(method).tolist(), strict=True))

    def ranking(self, method: str = "income-rate") -> list[str]:
        """Class names from best to worst by ``method``."""
        vals = self.values(method)
        return [PREFLOP_CLASSES[i] for i in np.argsort(-vals, kind="stable")]

    def table(self, method: str = "income-rate", normalized: bool = False) -> PreflopTable:
        """The values as a 13x13 :class:`PreflopTable`; ``normalized`` rescales best = 1, worst = 0."""
        vals = self.values(method)
        if normalized:
            span = vals.max() - vals.min()
            vals = (vals - vals.min()) / span if span > 0 else np.zeros_like(vals)
        title = (
            f"{method} against {self.opponents} opponent{'s' if self.opponents > 1 else ''}, "
            f"{self.trials} games per class, seed {self.seed}" + (", rescaled 0..1" if normalized else "")
        )
        values = dict(zip(PREFLOP_CLASSES, vals, strict=True))
        return table_from_classes(f"simulated-{method}-{self.opponents}", title, values)


def _cache_path(opponents: int, trials: int, seed: int) -> str:
    folder = cache_dir() / "preflop"
    folder.mkdir(parents=True, exist_ok=True)
    # Named by a hash of the sources that compute it (this module and what it imports).
    return str(folder / f"sim-{source_digest(__name__)}-b{BLOCK_TRIALS}-k{opponents}-n{trials}-s{seed}.npz")


def simulate_blocks(opponents: int, seed: int, blocks: list[tuple[int, int]],
                    threads: int | None = None) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per-class sums (share, share squared, outright wins) of each ``(block, games)`` in
    ``blocks``, on ``threads`` numba threads (default: all): one executor task."""
    old_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    try:
        with ctrl_c_in_kernels():
            return [_simulate_block(CLASS_COMBOS, CLASS_COUNTS, opponents, n, np.uint64(seed), block)
                    for block, n in blocks]
    finally:
        numba.set_num_threads(old_threads)


def _blocks(trials: int) -> Iterator[tuple[int, int]]:
    """``(block number, games)`` of every block of ``trials`` games, produced as needed (a count
    of 10**12 must not become a list)."""
    for b in range(-(-trials // BLOCK_TRIALS)):
        yield b, min(BLOCK_TRIALS, trials - b * BLOCK_TRIALS)


def _block_sums(opponents: int, seed: int, trials: int, workers: int | None,
                executor: Executor | None) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Every block's sums, in block order: here block by block on ``workers`` threads, or as
    one-CPU tasks of up to :data:`MAX_TASK_BLOCKS` blocks (about four tasks per slot when
    there are blocks enough, so the CPUs finish together)."""
    blocks = _blocks(trials)
    if executor is None or isinstance(executor, InProcessExecutor):
        for block in blocks:
            yield from simulate_blocks(opponents, seed, [block], workers)
        return
    count = -(-trials // BLOCK_TRIALS)
    size = max(1, min(MAX_TASK_BLOCKS, -(-count // (4 * executor.slots))))
    chunks = iter(lambda: list(itertools.islice(blocks, size)), [])
    for sums in executor.map(simulate_blocks, ((opponents, seed, chunk, 1) for chunk in chunks)):
        yield from sums


def simulate_preflop(
    opponents: int = 1,
    trials: int = 10_000,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    cache: bool = True,
    executor: Executor | None = None,
) -> PreflopSimulation:
    """Simulate ``trials`` all-in games per class against ``opponents`` random opponents.

    Parameters
    ----------
    opponents
        1..9 opponents who always call to the showdown.
    trials
        Games per class.
    seed
        Seed of the per-class streams.
    workers
        Threads for the parallel kernel (default: all numba threads, one per core).
    progress
        Called with the number of games done (over all classes) after each block.
    cache
        Read and write the result under ``cache_dir()/preflop`` keyed by the parameters.
    executor
        Where the blocks run (default: this process, on ``workers`` threads); the result is the
        same on every executor.

    Raises
    ------
    ValueError
        For out-of-range parameters.
    """
    if not 1 <= opponents <= 9:
        raise ValueError(f"--opponents {opponents}: must be 1..9")
    if trials < 2:
        raise ValueError(f"--trials {trials}: must be 2 or more")
    if seed < 0:
        raise ValueError(f"--seed must be 0 or more, not {seed}")
    path = _cache_path(opponents, trials, seed)
    if cache and os.path.exists(path):
        with np.load(path) as data:
            share, share_sq, wins = data["share"], data["share_sq"], data["wins"]
        if progress is not None:
            progress(trials * 169)
    else:
        share = np.zeros(169)
        share_sq = np.zeros(169)
        wins = np.zeros(169)
        if workers is not None and not 1 <= workers <= numba.config.NUMBA_NUM_THREADS:
            raise ValueError(f"--workers {workers}: must be 1..{numba.config.NUMBA_NUM_THREADS} "
                             "(the threads of the cores here)")
        sums = _block_sums(opponents, seed, trials, workers, executor)
        for (_, n), (s, sq, w) in zip(_blocks(trials), sums, strict=True):
            share += s
            share_sq += sq
            wins += w
            if progress is not None:
                progress(n * 169)
        if cache:
            tmp = path + f".{os.getpid()}.tmp.npz"
            np.savez(tmp, share=share, share_sq=share_sq, wins=wins)
            os.replace(tmp, path)
    mean = share / trials
    var = np.maximum(share_sq / trials - mean**2, 0.0)
    return PreflopSimulation(
        opponents=opponents,
        trials=trials,
        seed=seed,
        share=mean,
        share_stderr=np.sqrt(var / (trials - 1)),
        win_fraction=wins / trials,
    )
