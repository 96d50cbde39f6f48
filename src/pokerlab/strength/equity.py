"""All-in equity of two or more players, each holding known cards or a weighted range.

Equity is a player's expected share of the pot when every player goes to the showdown: a
win counts 1, a k-way split 1/k. With ranges, each joint deal of holdings that share no card
counts with the product of the holdings' weights (the conditional distribution given the
known cards).

Exact answers enumerate every joint deal and every board, but evaluate each *class* once:
deals that a suit permutation maps onto each other (``_deal_classes``), and boards that
differ only in suits nobody can use (``_board_classes``). Monte Carlo draws showdowns in
seeded chunks (``_monte_carlo``) and can stop at a standard-error target. Both run on all
cores and give the same answer for any number of threads.

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> r = equity([parse_cards("AcAd"), parse_cards("KhKs")])
>>> r.exact, r.trials, r.wins, r.ties
(True, 1712304, (1388072, 317694), (6538, 6538))
>>> round(r.equity[0], 5), round(r.win[0], 5), round(r.tie[0], 5)   # win, tie: shares of trials
(0.81255, 0.81065, 0.00382)
>>> r = equity(["AhKh", "QQ"], board=parse_cards("Qs 7h 2h"))
>>> r.trials, round(sum(r.equity), 12)
(2970, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from pokerlab.cards import (
    ALL_COMBOS,
    COMBO_CARDS,
    Range,
    check_distinct,
    combo_index,
    parse_cards,
    parse_range,
)

if TYPE_CHECKING:
    from pokerlab.executors import Executor
    from pokerlab.strength._monte_carlo import SamplerPlan

Player = Sequence[int] | Range | str
"""Known cards (two codes), a :class:`~pokerlab.cards.Range`, or text: cards or range text."""

MAX_EXACT_WORK = 200_000_000
"""Default ``max_exact``: exact when deal classes times board classes stay under this (about a second)."""

BOARD_CLASSES = (2, 20, 150, 1_000, 5_000, 20_000)
"""Rough board classes evaluated per deal class, by the number of board cards to come."""

SHARED_RANK_CLASSES_FROM = 16
"""Deal classes from which rank classes are computed once per rank signature and shared."""

ONE_THREAD_WORK = 1_000_000
"""Exact answers estimated below this much work run on one thread (a few milliseconds at most)."""

MAX_DEAL_CLASSES = 50_000_000
"""Most deal classes an exact answer enumerates (they are held in memory)."""

MAX_SAMPLES = 2**62
"""The most Monte Carlo showdowns a run takes (about 4.6e18: centuries of work; the 64-bit
counters of the kernels hold it). A larger ``samples`` is refused."""

Progress = Callable[[float, float], None]
"""Called with (work done, total work) as a computation advances."""


@dataclass(frozen=True)
class EquityResult:
    """Equity of each player, with the counts behind it.

    Attributes
    ----------
    equity
        Expected pot share of each player (they sum to 1).
    wins
        Showdowns each player won alone (weighted; whole numbers for known cards when exact).
    ties
        Showdowns each player split with others.
    trials
        Showdowns counted (exact: weighted number of deals and boards; Monte Carlo: samples).
    exact
        Whether this is an exact enumeration.
    stderr
        Standard error of each equity (0 when exact).
    winners
        Showdowns by winner set: entry ``m`` counts those won by exactly the players whose
        bits are set in ``m`` (bit ``p`` for player ``p``).
    seed
        Monte Carlo: the seed the run used (pass it again to repeat the run).
    deal_classes
        Exact: deal classes evaluated (joint deals up to suit symmetry).
    """

    equity: tuple[float, ...]
    wins: tuple[float, ...]
    ties: tuple[float, ...]
    trials: float
    exact: bool
    stderr: tuple[float, ...]
    winners: tuple[float, ...] = field(default=(), repr=False)
    seed: int | None = None
    deal_classes: int = 0

    @property
    def win(self) -> tuple[float, ...]:
        """Share of the showdowns each player wins alone (PokerStove's and Equilab's "win %")."""
        return tuple(float(w) / self.trials if self.trials else 0.0 for w in self.wins)

    @property
    def tie(self) -> tuple[float, ...]:
        """Share of the showdowns each player splits with others ("tie %")."""
        return tuple(float(t) / self.trials if self.trials else 0.0 for t in self.ties)

    def as_dict(self) -> dict[str, object]:
        """The fields as a plain dictionary (for JSON): ``win`` and ``tie`` are shares of the
        showdowns, ``wins`` and ``ties`` their counts."""
        return {
            "equity": list(self.equity),
            "win": list(self.win),
            "tie": list(self.tie),
            "wins": list(self.wins),
            "ties": list(self.ties),
            "trials": self.trials,
            "exact": self.exact,
            "stderr": list(self.stderr),
            "seed": self.seed,
            "deal_classes": self.deal_classes,
        }


def parse_player(text: str, dead: Iterable[int] = ()) -> Sequence[int] | Range:
    """Read one player: two cards (``"AhKh"``) or range text (``"QQ+, AKs"``, ``"random"``).

    Examples
    --------
    >>> parse_player("AhKh")
    [50, 46]
    >>> len(parse_player("QQ+"))
    18
    """
    try:
        cards = parse_cards(text)
    except ValueError:
        cards = None
    if cards is not None and len(cards) == 2:
        return cards
    return parse_range(text, dead=dead)


@dataclass(frozen=True)
class EquityProblem:
    """A checked equity question: each player's weights, the board and the dead cards.

    ``weights[p]`` is player ``p``'s weight on each of the 1,326 combos (combo-index order)
    with every combo that uses a board or dead card, or another player's known cards, at
    zero; ``fixed[p]`` says the player holds known cards (one combo of weight 1).
    Build it with :func:`equity_problem`.
    """

    weights: np.ndarray
    fixed: tuple[bool, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.fixed)

    @property
    def known(self) -> int:
        """52-bit set of the board and dead cards."""
        out = 0
        for c in self.board + self.dead:
            out |= 1 << c
        return out


def equity_problem(
    players: Sequence[Player], board: Sequence[int] = (), dead: Sequence[int] = ()
) -> EquityProblem:
    """Check and resolve the players, board and dead cards of an equity question.

    Raises
    ------
    ValueError
        For a repeated card, a bad board size, a player with no possible holding, or
        too few cards left.

    Examples
    --------
    >>> p = equity_problem(["AhKh", "QQ"], board=parse_cards("Qs7h2h"))
    >>> p.players, p.fixed, int((p.weights[1] > 0).sum())
    (2, (True, False), 3)
    """
    if not 2 <= len(players) <= 10:
        raise ValueError(f"equity needs 2 to 10 players, got {len(players)}")
    board = [int(c) for c in board]
    dead = [int(c) for c in dead]
    if len(board) not in (0, 3, 4, 5):
        raise ValueError(f"board: need 0, 3, 4 or 5 cards, got {len(board)}")
    resolved = [parse_player(p) if isinstance(p, str) else p for p in players]
    hands: list[list[int] | None] = []
    for i, p in enumerate(resolved):
        if isinstance(p, Range):
            hands.append(None)
            continue
        cards = [int(c) for c in p]
        if len(cards) != 2:
            raise ValueError(f"player {i + 1}: need 2 cards or a range, got {len(cards)} cards")
        hands.append(cards)
    fixed_cards = [c for h in hands if h is not None for c in h]
    check_distinct(board + dead + fixed_cards)
    known_set = 0
    for c in board + dead + fixed_cards:
        known_set |= 1 << c
    blocked = (COMBO_CARDS & np.int64(known_set)) != 0
    n = len(resolved)
    weights = np.zeros((n, 1326))
    for i, (p, h) in enumerate(zip(resolved, hands, strict=True)):
        if h is not None:
            weights[i, combo_index(*h)] = 1.0
            continue
        weights[i] = np.where(blocked, 0.0, p.weights)
        if not weights[i].any():
            raise ValueError(f"player {i + 1}: no combo of the range is left beside the known cards")
    if 52 - len(board) - len(dead) - 2 * n < 5 - len(board):
        raise ValueError(f"not enough cards left to complete the board for {n} players")
    return EquityProblem(weights, tuple(h is not None for h in hands), tuple(board), tuple(dead))


# ----------------------------------------------------------------------------- exact


def _rank_signatures(leaves: np.ndarray) -> np.ndarray:
    """One int64 per deal naming the ranks of every hand (deals alike in ranks share rank classes)."""
    ranks = ALL_COMBOS[leaves].astype(np.int64) >> 2
    pair = ranks.max(axis=2) * 13 + ranks.min(axis=2)  # 0..168 per player: 8 bits
    if leaves.shape[1] > 7:  # 8 bits a player no longer fit: no sharing
        return np.arange(len(leaves), dtype=np.int64)
    return (pair << (8 * np.arange(leaves.shape[1], dtype=np.int64))).sum(axis=1)


def exact_counts(
    problem: EquityProblem, progress: Progress | None = None
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray, np.ndarray]:
    """Exact showdowns by winner set, summed over all deal classes with their weights.

    Returns ``(weighted, whole, per_class, class_weights)``: the weighted sums (float), the
    same as exact integers when every class weight is whole (else ``None``), each class's
    own counts, and the class weights. Runs on numba's current threads.
    """
    from pokerlab.strength._board_classes import FLUSHES, RANK_CLASSES, many_deal_counts, weighted_sums
    from pokerlab.strength._deal_classes import deal_classes

    supports = [np.flatnonzero(w) for w in problem.weights]
    estimate = estimated_exact_work(problem) / (BOARD_CLASSES[5 - len(problem.board)] * problem.players)
    if estimate > MAX_DEAL_CLASSES:
        raise ValueError(
            f"exact equity would enumerate about {estimate:,.0f} deal classes (at most "
            f"{MAX_DEAL_CLASSES:,} fit); use Monte Carlo"
        )
    leaves, leaf_weights, _ = deal_classes(supports, problem.weights, problem.known)
    if len(leaves) == 0:
        raise ValueError("no deal is possible: the players' ranges always share a card")
    n = problem.players
    board = np.array(problem.board, dtype=np.int64)
    known = np.int64(problem.known)
    if len(leaves) <= SHARED_RANK_CLASSES_FROM:  # too few deals to share anything: one call
        per_class = np.zeros((len(leaves), 1 << n), dtype=np.int64)
        many_deal_counts(leaves, board, known, per_class, RANK_CLASSES | FLUSHES)
    else:  # rank classes depend on the ranks of the hands only: once per rank signature
        _, first, inverse = np.unique(_rank_signatures(leaves), return_index=True, return_inverse=True)
        shared = np.zeros((len(first), 1 << n), dtype=np.int64)
        many_deal_counts(leaves[first], board, known, shared, RANK_CLASSES)
        per_class = shared[inverse.ravel()]
        cost = BOARD_CLASSES[5 - len(problem.board)] * n
        batch = max(64, int(20_000_000 // cost))
        for start in range(0, len(leaves), batch):
            stop = min(len(leaves), start + batch)
            many_deal_counts(leaves[start:stop], board, known, per_class[start:stop], FLUSHES)
            if progress is not None:
                progress(stop, len(leaves))
    whole = bool(np.all(leaf_weights == np.round(leaf_weights))) and float(
        leaf_weights.sum() * comb(52 - len(problem.board), 5 - len(problem.board))
    ) < 2.0**62
    weighted = np.zeros(1 << n)
    exact_int = np.zeros(1 << n, dtype=np.int64)
    weighted_sums(per_class, leaf_weights, whole, weighted, exact_int)
    return weighted, (exact_int if whole else None), per_class, leaf_weights


def estimated_exact_work(problem: EquityProblem) -> float:
    """Rough deal classes times board classes of an exact answer (what ``max_exact`` bounds).

    Examples
    --------
    >>> estimated_exact_work(equity_problem(["AcAd", "KhKs"])) < 1e6
    True
    """
    from pokerlab.strength._deal_classes import symmetry_group

    deals = float(np.prod([np.count_nonzero(w) for w in problem.weights]))
    classes = deals / len(symmetry_group(problem.known))
    return classes * BOARD_CLASSES[5 - len(problem.board)] * problem.players


# ----------------------------------------------------------------------------- Monte Carlo


def _share_matrix(n: int) -> np.ndarray:
    """(2**n, n): player ``p``'s pot share when the winner set is ``m``."""
    masks = np.arange(1 << n)
    member = (masks[:, None] >> np.arange(n)[None, :]) & 1
    sizes = np.maximum(member.sum(axis=1), 1)
    return member / sizes[:, None]


def _iid_stderr(cumulative: np.ndarray, samples: np.ndarray, share: np.ndarray) -> np.ndarray:
    """Standard errors of each player's mean share after each prefix of independent showdowns."""
    mean = cumulative @ share / samples[:, None]
    square = cumulative @ share**2 / samples[:, None]
    var = np.maximum(square - mean**2, 0.0)
    return np.sqrt(var / np.maximum(samples - 1, 1)[:, None])


def _batch_stderr(chunk_counts: np.ndarray, share: np.ndarray) -> np.ndarray:
    """Standard error of each player's mean share from the spread of chunk means (Gibbs runs)."""
    sizes = chunk_counts.sum(axis=1).astype(np.float64)
    means = chunk_counts @ share / sizes[:, None]
    total = sizes.sum()
    overall = (sizes[:, None] * means).sum(axis=0) / total
    c = len(sizes)
    if c < 2:
        return np.full(share.shape[1], np.inf)
    spread = (sizes[:, None] ** 2 * (means - overall) ** 2).sum(axis=0) / total**2
    return np.sqrt(spread * c / (c - 1))


MIN_GIBBS_CHUNKS = 8
"""Chunks a Gibbs run needs before its standard error (from chunk spread) is trusted."""


def monte_carlo_plan(problem: EquityProblem) -> SamplerPlan:
    """What every Monte Carlo chunk of ``problem`` needs, as arrays (picklable: send it to workers).

    Raises
    ------
    ValueError
        When the players' ranges cannot be dealt together.
    """
    from pokerlab.strength._monte_carlo import build_plan

    return build_plan(problem.weights, list(problem.fixed), list(problem.board), list(problem.dead))


def monte_carlo_counts(plan: SamplerPlan, seed: int, first: int, chunks: int, samples: int) -> np.ndarray:
    """Counts by winner set of chunks ``first .. first + chunks - 1`` of a run of ``samples`` showdowns.

    One row per chunk (:data:`~pokerlab.strength._monte_carlo.CHUNK_SAMPLES` showdowns, the
    last chunk of the run fewer); the rows depend on ``(plan, seed, chunk, samples)`` only,
    so chunks may run anywhere, in any order, on any number of threads.

    Raises
    ------
    ValueError
        If the ranges can hardly be dealt together (redraws kept clashing).
    """
    from pokerlab.strength._monte_carlo import many_chunk_counts

    counts = np.zeros((chunks, 1 << plan.players), dtype=np.int64)
    status = np.zeros(chunks, dtype=np.int64)
    many_chunk_counts(plan, np.uint64(seed), first, samples, counts, status)
    if (status < 0).any():
        raise ValueError("no deal is possible: the players' ranges nearly always share a card")
    return counts


def monte_carlo_stderr(plan: SamplerPlan, rows: np.ndarray) -> np.ndarray:
    """Standard error of each player's equity from a run's chunk rows (chunk order).

    Independent showdowns: from their spread; Gibbs runs (several groups): from the spread
    of the chunk means, infinite before :data:`MIN_GIBBS_CHUNKS` chunks.
    """
    share = _share_matrix(plan.players)
    if plan.group_start.size > 2:
        return _batch_stderr(rows, share) if len(rows) >= MIN_GIBBS_CHUNKS else np.full(plan.players, np.inf)
    total = rows.sum(axis=0)
    return _iid_stderr(total[None, :], np.array([total.sum()]), share)[0]


def monte_carlo_result(plan: SamplerPlan, rows: np.ndarray, seed: int | None = None) -> EquityResult:
    """The :class:`EquityResult` of a run from its chunk rows (see :func:`monte_carlo_counts`)."""
    return _result(rows.sum(axis=0), True, monte_carlo_stderr(plan, rows), exact=False, seed=seed)


MAX_TASK_CHUNKS = 64
"""Most chunks in one executor task (about 0.1 s of one CPU): long beside a task's overhead."""


def monte_carlo_task(plan: SamplerPlan, seed: int, first: int, chunks: int, samples: int) -> np.ndarray:
    """One executor task: :func:`monte_carlo_counts` on one numba thread (a task is one CPU)."""
    from pokerlab._threads import numba_threads

    with numba_threads(1):
        return monte_carlo_counts(plan, seed, first, chunks, samples)


def _local_batches(plan: SamplerPlan, stream: int, limit: int, workers: int) -> Iterator[np.ndarray]:
    """Chunk rows in batches here, on ``workers`` threads (batches grow to 32 chunks a thread)."""
    from pokerlab.strength._monte_carlo import CHUNK_SAMPLES

    total = -(-limit // CHUNK_SAMPLES)
    first, batch = 0, workers
    while first < total:
        take = min(batch, total - first)
        yield monte_carlo_counts(plan, stream, first, take, limit)
        first += take
        batch = min(2 * batch, 32 * workers)


def _in_process(executor: Executor) -> bool:
    """Whether ``executor`` runs its tasks in this process (then its threads run the chunks)."""
    from pokerlab.executors import InProcessExecutor  # multiprocessing, sockets: not for local work

    return isinstance(executor, InProcessExecutor)


def _executor_batches(plan: SamplerPlan, stream: int, limit: int, executor: Executor) -> Iterator[np.ndarray]:
    """Chunk rows in batches from one-CPU tasks on ``executor``, in chunk order (about four tasks
    a slot when the run is short, else :data:`MAX_TASK_CHUNKS` chunks a task)."""
    from pokerlab.strength._monte_carlo import CHUNK_SAMPLES

    total = -(-limit // CHUNK_SAMPLES)
    size = max(1, min(MAX_TASK_CHUNKS, -(-total // (4 * executor.slots))))
    tasks = ((plan, stream, first, min(size, total - first), limit) for first in range(0, total, size))
    yield from executor.map(monte_carlo_task, tasks)


def _kept_rows(
    plan: SamplerPlan,
    batches: Iterator[np.ndarray],
    samples: int | None,
    target: float | None,
    progress: Progress | None,
) -> np.ndarray:
    """The chunk rows of a run from its batches: all of them, or up to the first chunk meeting
    ``target``. The stopping rule is checked chunk by chunk in order, so the rows kept do not
    depend on how the chunks were batched, threaded or spread over machines."""
    gibbs = plan.group_start.size > 2
    share = _share_matrix(plan.players)
    kept: list[np.ndarray] = []
    counts = np.zeros(1 << plan.players, dtype=np.int64)
    done = 0
    try:
        for rows in batches:
            reached = None  # the first chunk of the batch after which the target is met
            if target is not None and gibbs:
                for i in range(len(rows)):
                    trial = np.array([*kept, *rows[: i + 1]])
                    if len(trial) >= MIN_GIBBS_CHUNKS and _batch_stderr(trial, share).max() <= target:
                        reached = i
                        break
            elif target is not None:
                sizes = rows.sum(axis=1)
                errors = _iid_stderr(counts + np.cumsum(rows, axis=0), done + np.cumsum(sizes), share)
                hit = np.flatnonzero(errors.max(axis=1) <= target)
                reached = int(hit[0]) if hit.size else None
            use = rows if reached is None else rows[: reached + 1]
            kept.extend(use)
            counts += use.sum(axis=0)
            done += int(use.sum())
            if progress is not None:
                progress(done, samples if samples is not None else 0)
            if reached is not None:
                break
    finally:
        close = getattr(batches, "close", None)
        if close is not None:
            close()  # the tasks still running are dropped (a local pool cancels them)
    return np.array(kept)


# ----------------------------------------------------------------------------- the answer


def stream_of(seed: int) -> int:
    """The 64-bit generator seed of a user's seed (SeedSequence spreads nearby seeds apart)."""
    return int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0])


def _result(counts: np.ndarray, whole: bool, stderr: np.ndarray, **fields: object) -> EquityResult:
    """The :class:`EquityResult` of counts by winner set (``whole``: counts are whole numbers)."""
    share = _share_matrix(len(stderr))
    member = share > 0
    alone = member.sum(axis=1) == 1
    c = counts.astype(np.float64)
    total = c.sum()
    conv = (lambda x: round(float(x))) if whole else float
    return EquityResult(
        equity=tuple(float(x / total) for x in c @ share),
        wins=tuple(conv(x) for x in c[alone] @ member[alone]),
        ties=tuple(conv(x) for x in c[~alone] @ member[~alone]),
        trials=conv(total),
        stderr=tuple(float(e) for e in stderr),
        winners=tuple(conv(x) for x in counts),
        **fields,
    )


def equity(
    players: Sequence[Player],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    exact: bool | None = None,
    samples: int | None = 200_000,
    seed: int | None = None,
    max_exact: float = MAX_EXACT_WORK,
    stderr: float | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> EquityResult:
    """Equity of 2..10 players, each with known cards or a range, at showdown.

    Parameters
    ----------
    players
        Each player's two card codes, a :class:`~pokerlab.cards.Range`, or text (cards or range).
    board
        0, 3, 4 or 5 board card codes already dealt.
    dead
        Cards known to be out of play (neither on the board nor in any hand).
    exact
        ``True``: enumerate every case; ``False``: Monte Carlo; ``None``: exact when the
        estimated work (deal classes times board classes) is at most ``max_exact``, else
        Monte Carlo.
    samples
        Monte Carlo showdowns (the most, with ``stderr``; ``None``: no limit but ``stderr``).
    seed
        Seed of the Monte Carlo streams (``None``: fresh entropy, reported in the result).
    max_exact
        Threshold for the automatic choice.
    stderr
        Monte Carlo: stop as soon as every player's standard error is at most this.
    workers
        Threads (default: all numba threads, one per core). The answer is the same for any
        number: exact sums run in a fixed order, Monte Carlo chunks have their own streams.
    progress
        Called with (work done, total work) after each batch (total 0 when unknown).
    executor
        Where Monte Carlo runs (default: this process, on ``workers`` threads): local
        processes or a Ray cluster (:mod:`pokerlab.executors`), as one-CPU tasks of chunks.
        The counts are the same as here for the same seed. Exact enumeration runs here.

    Raises
    ------
    ValueError
        For a repeated card, a player with no possible holding, a bad board size, or
        Monte Carlo settings that cannot stop.

    Examples
    --------
    >>> r = equity(["AsKs", "random", "random"], exact=False, samples=20000, seed=1)
    >>> r.exact, 0.45 < r.equity[0] < 0.55, r.stderr[0] < 0.01, r.seed
    (False, True, True, 1)
    """
    problem = equity_problem(players, board, dead)
    work = estimated_exact_work(problem) if exact is not False else 0.0
    if exact is None:
        exact = work <= max_exact
    if exact and workers is None and work < ONE_THREAD_WORK:
        workers = 1  # the same answer; waking other threads would cost more than the work
    from pokerlab._threads import numba_threads

    with numba_threads(workers) as used:
        if exact:
            weighted, whole, _, class_weights = exact_counts(problem, progress)
            counts = whole if whole is not None else weighted
            return _result(counts, whole is not None, np.zeros(problem.players), exact=True,
                           deal_classes=len(class_weights))
        if samples is not None and not 1 <= samples <= MAX_SAMPLES:
            raise ValueError(f"--samples {samples}: must be 1..{MAX_SAMPLES:,} (2**62)")
        if stderr is not None and not 0 < stderr < float("inf"):
            raise ValueError(f"--stderr {stderr}: must be a positive finite number")
        if samples is None and stderr is None:
            raise ValueError("Monte Carlo needs samples, a stderr target, or both")
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))
        if seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed}")
        plan = monte_carlo_plan(problem)
        limit = samples if samples is not None else MAX_SAMPLES
        if executor is None or _in_process(executor):
            batches = _local_batches(plan, stream_of(seed), limit, used)
        else:
            batches = _executor_batches(plan, stream_of(seed), limit, executor)
        rows = _kept_rows(plan, batches, samples, stderr, progress)
    return monte_carlo_result(plan, rows, seed)
