"""The blueprint's continuation values at the flop: what each pair of pre-flop classes wins
from the flop on when the rest of the hand is played by the blueprint.

Depth-limited search (:mod:`pokerlab.nolimit.preflop_search`) cuts the subgame at the flop and
needs a value for every leaf there: what each player's hand will win on the later streets. As
in Modicum (Brown, Sandholm and Amos 2018, "Depth-limited solving for imperfect-information
games"), the value is that of the blueprint's own continuation strategies, and the opponent may
choose among several of them, the blueprint's and versions of it biased towards folding,
calling and raising (each such action's probability times :data:`BIAS`, renormalised), so the
search cannot lean on one guess of how the opponent plays later. The searcher's own
continuation is the blueprint as the bot plays it: purified (each row's most probable column).

:func:`build_continuation` computes, for each pre-flop line of the blueprint's tree that
reaches the flop (limp-check, open-call, 3-bet-call, ...), the button's expected net chips from
the whole hand over the chips each player has in at the flop (a pot of ``2 * put``: +1 is
winning the other's ``put``), for every pair of classes (the button's, the big blind's), each
player as the searcher, and each of the opponent's :data:`BIASES`:

- the deals are sampled per pair of classes (``deals_per_pair`` each, uniform over the combos
  of the two classes and a board from a pool of ``boards`` random boards, none sharing a card),
  so rare pairs (aces against kings) are estimated as well as common ones;
- for each deal the blueprint's abstract tree is walked from the line's flop node exactly
  (every action weighted by its probability, both players' buckets per street from the
  blueprint's card abstraction), in a numba kernel vectorised over the deals and the eight
  (searcher, bias) combinations;
- a deal's value is mostly who wins the board: a stack won or lost is up to 80 times the
  chips in at the flop. The mean per pair uses the showdown's winner as a control variate
  (its mean per pair is exact, twice the all-in equity less one, from the shipped heads-up
  table), which keeps the means and removes that part of the noise.

A table depends on the blueprint only: the two shipped blueprints' tables are shipped beside
them (:func:`shipped_path`); another blueprint's is computed on first use and kept in
pokerlab's cache folder (:func:`cached_continuation`; about five minutes on two cores).

Examples
--------
>>> from pokerlab.nolimit.blueprint import Blueprint
>>> from pokerlab.spot.classes import CLASS_INDEX
>>> table = continuation_for(Blueprint.load())  # the default blueprint's, shipped
>>> table.lines  # the blueprint's chips: blinds 50/100
('cc', 'cr250c', 'cr250r750c', 'cr250r750r1725c', 'r250c', 'r250r750c', 'r250r750r1725c')
>>> open_call = table.values[table.lines.index("r250c"), BUTTON]  # the button searching
>>> aces = open_call[:, CLASS_INDEX["AA"]].mean(axis=1)  # the button's aces, every big blind hand
>>> dict(zip(BIASES, (aces > 1).tolist()))  # more than the big blind's 2.5bb, whatever it picks
{'blueprint': True, 'fold': True, 'call': True, 'raise': True}
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numba import njit, prange

from pokerlab.cards import ALL_COMBOS
from pokerlab.equilibrium.betting_tree import CALL_COL, DECISION, FOLD_COL
from pokerlab.equilibrium.purification import purify
from pokerlab.hulhe.deals import showdowns
from pokerlab.hulhe.exploitability import PublicTree, normalised
from pokerlab.pushfold.equities import headsup_table

if TYPE_CHECKING:
    from pokerlab.nolimit.blueprint import Blueprint

BIASES = ("blueprint", "fold", "call", "raise")
"""The opponent's continuation strategies: the blueprint, and the blueprint biased towards
each kind of action."""
BIAS = 5.0
"""Modicum's bias: the favoured actions' probabilities are multiplied by this, then the row is
renormalised."""
BUTTON, BIG_BLIND = 0, 1
"""The table's seats (its axes), whatever the tree numbers them."""
FORMAT = 1
"""The cached file's format; a change makes old files recomputed."""

DEALS_PER_PAIR = 48
"""The deals sampled for each pair of classes (the bots' tables)."""
BOARDS = 2000
"""The pool of boards the deals draw from (the bots' tables)."""
MIN_BOARDS = 100
"""Fewer boards could hold none that two classes' cards leave free (aces against aces)."""

COMPUTE_NOTICE = ("computing the continuation values of {file} for the pre-flop search (first use only: "
                  "about five minutes; pokerlab nolimit continuation builds them up front)")
"""The line on standard error before a table is computed without a progress bar."""

_FOLD = 1  # the public tree's fold node (pokerlab.hulhe._br_kernel); its other leaves are showdowns
_CHUNK = 2048

__all__ = ["BIAS", "BIASES", "BIG_BLIND", "BOARDS", "BUTTON", "DEALS_PER_PAIR", "ContinuationTable",
           "build_continuation", "cache_path", "cached_continuation", "continuation_for", "line_count",
           "line_values", "shipped_path", "strategy_variants", "table_source"]


@dataclass(frozen=True)
class ContinuationTable:
    """The blueprint's continuation values (module docstring).

    ``lines``: each flop line's betting (ACPC text in the blueprint's chips, ``"r250c"``);
    ``limped`` and ``raises``: its shape (the button called the big blind first; bets and raises
    before the call); ``put``: the chips each player has in at its flop, in big blinds;
    ``values``: ``(lines, 2, len(BIASES), 169, 169)`` float32: the button's expected net over
    ``put`` with the searcher's seat (:data:`BUTTON` or :data:`BIG_BLIND`) second and the
    opponent's continuation third, rows the button's class and columns the big blind's
    (:data:`pokerlab.cards.PREFLOP_CLASSES` order); ``deals``: the deals per pair of classes.
    """

    lines: tuple[str, ...]
    limped: tuple[bool, ...]
    raises: tuple[int, ...]
    put: np.ndarray
    values: np.ndarray
    deals: int

    def line_for(self, limped: bool, raises: int, put: float) -> int:
        """The index of the line that best stands for a pre-flop line of this shape and ``put``
        big blinds in at the flop: the same shape if the table holds one (raises beyond its
        most count as its most), else the nearest ``put`` (by ratio)."""
        most = [r for r, lim in zip(self.raises, self.limped, strict=True) if lim == limped]
        if most:
            raises = min(raises, max(most))
        same = [i for i in range(len(self.lines)) if self.limped[i] == limped and self.raises[i] == raises]
        pool = same or list(range(len(self.lines)))
        return min(pool, key=lambda i: abs(np.log(self.put[i] / put)))

    def summary(self) -> list[dict[str, float | str]]:
        """Each line's values on average, in big blinds: what the button nets from the whole
        hand (``put`` in at the flop), over the pairs of classes as they are dealt (card
        removal counted), with each seat searching, the opponent playing the blueprint
        (``*_blueprint_bb``) or choosing its continuation class by class, each class the one
        best for it (``*_choice_bb``). The choice is worth the difference to the opponent: it
        lowers the button's figure when the button searches and raises it when the big blind
        does.

        >>> from pokerlab.nolimit.blueprint import Blueprint
        >>> row = continuation_for(Blueprint.load()).summary()[0]
        >>> row["line"], row["button_searches_choice_bb"] < row["button_searches_blueprint_bb"]
        ('cc', True)
        """
        weight = headsup_table().deal  # (button class, big blind class)
        out: list[dict[str, float | str]] = []
        for li, line in enumerate(self.lines):
            v = self.values[li].astype(np.float64) * self.put[li]  # (seat, bias, button, big blind)
            plain = [(v[s, 0] * weight).sum() / weight.sum() for s in (BUTTON, BIG_BLIND)]
            # the big blind picks per its class (a column) what lowers the button's net, the
            # button per its class (a row) what raises it
            bb_cols = (v[BUTTON] * weight).sum(axis=1)  # (bias, big blind class)
            button_rows = (v[BIG_BLIND] * weight).sum(axis=2)  # (bias, button class)
            out.append({"line": line, "put_bb": float(self.put[li]),
                        "button_searches_blueprint_bb": float(plain[0]),
                        "button_searches_choice_bb": float(bb_cols.min(axis=0).sum() / weight.sum()),
                        "big_blind_searches_blueprint_bb": float(plain[1]),
                        "big_blind_searches_choice_bb": float(button_rows.max(axis=0).sum() / weight.sum())})
        return out

    def save(self, path: str | Path) -> None:
        """Write the table (``.npz``; the values as float16: their sampling noise is far above
        its rounding)."""
        np.savez_compressed(path, format=np.int64(FORMAT), lines=np.array(self.lines),
                            limped=np.array(self.limped), raises=np.array(self.raises), put=self.put,
                            values=self.values.astype(np.float16), deals=np.int64(self.deals))

    @classmethod
    def load(cls, path: str | Path) -> ContinuationTable:
        """Read a table written by :meth:`save`; ``ValueError`` for a file of another format."""
        with np.load(path, allow_pickle=False) as f:
            if int(f["format"]) != FORMAT:
                raise ValueError(f"{path}: continuation table format {int(f['format'])}, not {FORMAT}")
            return cls(tuple(str(s) for s in f["lines"]), tuple(bool(b) for b in f["limped"]),
                       tuple(int(r) for r in f["raises"]), f["put"].astype(float),
                       f["values"].astype(np.float32), int(f["deals"]))


@njit(cache=True, nogil=True)
def _walk_chunk(lo: int, m: int, start: int, kind: np.ndarray, actor: np.ndarray, rnd: np.ndarray,
                child: np.ndarray, row: np.ndarray, fold0: np.ndarray, stake0: np.ndarray,
                tables: np.ndarray, lane_table: np.ndarray, buckets: np.ndarray, sign: np.ndarray,
                depth: int, out: np.ndarray) -> None:
    """Deals ``lo .. lo + m`` of :func:`_walk`: a depth-first walk from ``start`` carrying each
    deal's value per lane back up."""
    lanes = lane_table.shape[0]
    width = child.shape[1]
    val = np.zeros((depth + 1, lanes, m))
    node_at = np.empty(depth + 1, dtype=np.int64)
    act_at = np.empty(depth + 1, dtype=np.int64)
    node_at[0] = start
    act_at[0] = -1
    k = 0
    while k >= 0:
        v = node_at[k]
        if kind[v] != DECISION:
            for lane in range(lanes):
                for i in range(m):
                    val[k, lane, i] = fold0[v] if kind[v] == _FOLD else stake0[v] * sign[lo + i]
            k -= 1
            continue
        a = act_at[k]
        q = actor[v]
        r = rnd[v]
        base = row[v]
        if a >= 0:  # child a has returned its values
            for lane in range(lanes):
                t = lane_table[lane, q]
                for i in range(m):
                    val[k, lane, i] += tables[t, base + buckets[lo + i, q, r], a] * val[k + 1, lane, i]
        else:
            for lane in range(lanes):
                for i in range(m):
                    val[k, lane, i] = 0.0
        a += 1
        while a < width and child[v, a] < 0:
            a += 1
        if a < width:
            act_at[k] = a
            node_at[k + 1] = child[v, a]
            act_at[k + 1] = -1
            k += 1
        else:
            k -= 1
    for lane in range(lanes):
        for i in range(m):
            out[lo + i, lane] = val[0, lane, i]


@njit(cache=True, parallel=True)
def _walk(start: int, kind: np.ndarray, actor: np.ndarray, rnd: np.ndarray, child: np.ndarray,
          row: np.ndarray, fold0: np.ndarray, stake0: np.ndarray, tables: np.ndarray,
          lane_table: np.ndarray, buckets: np.ndarray, sign: np.ndarray, depth: int,
          out: np.ndarray) -> None:
    """``out[i, l]``: player 0's expected net in deal ``i`` from node ``start`` down, each player
    ``q`` playing strategy table ``lane_table[l, q]`` (rows: a node's first row plus the
    player's bucket of the node's round). Chunks of deals run in parallel, each in its own
    call: arrays allocated in a ``prange`` body may be hoisted out of it and shared."""
    n = sign.shape[0]
    chunks = (n + _CHUNK - 1) // _CHUNK
    for ch in prange(chunks):
        lo = ch * _CHUNK
        _walk_chunk(lo, min(n, lo + _CHUNK) - lo, start, kind, actor, rnd, child, row, fold0, stake0,
                    tables, lane_table, buckets, sign, depth, out)


def _strategy_tables(strategy: np.ndarray, tree: PublicTree) -> np.ndarray:
    """``(5, rows, k)``: the blueprint purified, then mixed and biased as :data:`BIASES`."""
    return strategy_variants(normalised(strategy, tree), tree.legal)


def strategy_variants(mixed: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """``(5, rows, k)``: strategy rows ``mixed`` (each summing to one over its ``legal``
    columns) purified, then as they are and biased as :data:`BIASES` (the continuation
    strategies: the searcher's, then the opponent's)."""
    out = [purify(mixed), mixed]
    for cols in ([FOLD_COL], [CALL_COL], list(range(CALL_COL + 1, mixed.shape[1]))):
        w = mixed.copy()
        w[:, cols] *= BIAS
        w = np.where(legal, w, 0.0)
        out.append(w / np.maximum(w.sum(axis=1, keepdims=True), 1e-300))
    return np.ascontiguousarray(np.stack(out))


def _subtree_depth(tree: PublicTree, start: int) -> int:
    depth, stack = 0, [(start, 0)]
    while stack:
        v, d = stack.pop()
        depth = max(depth, d)
        stack.extend((int(c), d + 1) for c in tree.children[v] if c >= 0)
    return depth


def line_values(tree: PublicTree, strategy: np.ndarray, start: int, buckets: np.ndarray,
                showdown: np.ndarray, tables: np.ndarray | None = None) -> np.ndarray:
    """``(deals, 2, len(BIASES))``: the expected net of the tree's player 0 from node ``start``
    to the end of the hand in each deal (``buckets (n, 2, 4)`` and ``showdown (n,)`` as
    :class:`pokerlab.hulhe.deals.HulheDeals` gives them), with the tree's player ``s`` (second
    axis) playing the purified ``strategy`` and the other each of :data:`BIASES` (third axis).

    ``tables`` are :func:`_strategy_tables` of ``strategy`` when the caller has them."""
    if tables is None:
        tables = _strategy_tables(strategy, tree)
    # lane (s, b): player s purified (table 0), the other the bias b (table 1 + b)
    lane_table = np.array([[0, 1 + b] if s == 0 else [1 + b, 0] for s in (0, 1) for b in range(len(BIASES))],
                          dtype=np.int64)
    fold, stake = tree.payoffs(0)
    out = np.empty((len(showdown), len(lane_table)))
    _walk(start, tree.kind.astype(np.int64), tree.actor.astype(np.int64), tree.rnd.astype(np.int64),
          tree.children.astype(np.int64), tree.row.astype(np.int64), fold, stake, tables, lane_table,
          np.ascontiguousarray(buckets, dtype=np.int64), showdown.astype(np.float64),
          _subtree_depth(tree, start), out)
    return out.reshape(len(showdown), 2, len(BIASES))


def _flop_lines(tree: PublicTree) -> list[int]:
    """The tree's first flop decision of each pre-flop line that reaches the flop."""
    out = []
    for v in range(len(tree.kind)):
        for c in tree.children[v]:
            if c >= 0 and tree.rnd[v] == 0 and tree.rnd[c] == 1 and tree.kind[c] == DECISION:
                out.append(int(c))
    return sorted(out)


def line_count(blueprint: Blueprint) -> int:
    """How many pre-flop lines of ``blueprint``'s tree reach the flop (its table's lines)."""
    return len(_flop_lines(PublicTree.of(blueprint.tree)))


def _class_pair_deals(rng: np.random.Generator, classes: np.ndarray, per_pair: int, boards: int
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``per_pair`` deals for each pair of classes (button, big blind): the two combos
    (:func:`pokerlab.cards.combo_index`) ``(n, 2)``, the button's first; a board index into
    ``pool`` ``(n,)``; the pool ``(boards, 5)``; and each deal's class pair ``(n, 2)``.
    ``classes`` is each combo's class."""
    members = [np.flatnonzero(classes == c) for c in range(169)]
    combos = np.array(ALL_COMBOS, dtype=np.int64)
    pool = np.stack([rng.choice(52, 5, replace=False) for _ in range(boards)]).astype(np.int64)
    c0, c1 = np.meshgrid(np.arange(169), np.arange(169), indexing="ij")
    pairs = np.repeat(np.stack([c0.ravel(), c1.ravel()], axis=1), per_pair, axis=0)
    n = len(pairs)
    index = np.empty((n, 2), dtype=np.int64)
    board = np.empty(n, dtype=np.int64)
    todo = np.arange(n)
    while len(todo):
        for seat in (0, 1):
            cls = pairs[todo, seat]
            sizes = np.array([len(members[c]) for c in cls])
            pick = (rng.random(len(todo)) * sizes).astype(np.int64)
            index[todo, seat] = [members[c][j] for c, j in zip(cls, pick, strict=True)]
        board[todo] = rng.integers(0, boards, len(todo))
        cards = np.concatenate([combos[index[todo]].reshape(len(todo), 4), pool[board[todo]]], axis=1)
        s = np.sort(cards, axis=1)
        clash = (s[:, 1:] == s[:, :-1]).any(axis=1)
        todo = todo[clash]
    return index, board, pool, pairs


def _control_variate(v: np.ndarray, won: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """``v (n, ...)`` less ``beta * (won - expected)``, ``beta`` per column the least-squares
    slope of ``v`` on ``won``: the same means, less of the variance the board's winner makes
    (a pair's deals are few, and a stack won or lost is many times the pot at the flop)."""
    x = won - expected
    flat = v.reshape(len(v), -1)
    beta = (x @ (flat - flat.mean(axis=0))) / max(float(x @ x), 1e-300)
    return (flat - np.outer(x, beta)).reshape(v.shape)


def build_continuation(blueprint: Blueprint, deals_per_pair: int = DEALS_PER_PAIR, boards: int = BOARDS,
                       seed: int = 0, progress: Callable[[int, int], None] | None = None
                       ) -> ContinuationTable:
    """The continuation table of ``blueprint`` (module docstring), from ``deals_per_pair`` deals
    for each of the 169 x 169 pairs of classes on a pool of ``boards`` boards drawn with
    ``seed``; ``progress(done, total)`` is called after each step (the buckets, then each
    line)."""
    if deals_per_pair < 1:
        raise ValueError(f"--deals-per-pair must be at least 1, not {deals_per_pair}")
    if boards < MIN_BOARDS:  # every pair of classes needs boards it shares no card with
        raise ValueError(f"--boards must be at least {MIN_BOARDS}, not {boards}")
    rng = np.random.default_rng(seed)
    index, board, pool, pairs = _class_pair_deals(rng, blueprint.preflop_buckets, deals_per_pair, boards)
    # every combo's bucket on each street of each pool board, then each deal's
    per_board = np.empty((boards, 3, 1326), dtype=np.int64)
    for j, cards in enumerate(pool):
        for street, k in ((0, 3), (1, 4), (2, 5)):
            per_board[j, street] = blueprint.buckets(tuple(int(c) for c in cards[:k]))
    tree = PublicTree.of(blueprint.tree)
    starts = _flop_lines(tree)
    button = int(tree.actor[0])  # the button acts first before the flop
    if progress is not None:
        progress(1, 1 + len(starts))
    holes = np.array(ALL_COMBOS, dtype=np.int64)[index]
    buckets = np.empty((len(index), 2, 4), dtype=np.int64)
    seats = (button, 1 - button)  # the deal's button holding is tree player `button`
    for seat, player in enumerate(seats):
        buckets[:, player, 0] = pairs[:, seat]
        for street in range(3):
            buckets[:, player, street + 1] = per_board[board, street, index[:, seat]]
    ordered = np.empty_like(holes)
    ordered[:, button], ordered[:, 1 - button] = holes[:, 0], holes[:, 1]
    showdown = showdowns(ordered, pool[board])
    # the control variate: who wins the showdown (the button's +1, 0 or -1), whose mean per
    # pair of classes is exact (twice the all-in equity less one)
    won = showdown * (1.0 if button == 0 else -1.0)
    expected = 2.0 * headsup_table().equity[pairs[:, 0], pairs[:, 1]] - 1.0
    tables = _strategy_tables(blueprint.strategy, tree)
    values = np.empty((len(starts), 2, len(BIASES), 169, 169), dtype=np.float32)
    lines, limped, raises, put = [], [], [], []
    for li, start in enumerate(starts):
        v = line_values(tree, blueprint.strategy, start, buckets, showdown, tables)
        chips = float(tree.contrib[start, 0])
        v = v / chips * (1.0 if button == 0 else -1.0)  # the button's net over its put
        v = _control_variate(v, won, expected)
        mean = v.reshape(169, 169, deals_per_pair, 2, len(BIASES)).mean(axis=2)
        # seats: the tree's player s searching is the table's seat BUTTON when s is the button
        for s in (0, 1):
            values[li, BUTTON if s == button else BIG_BLIND] = mean[:, :, s].transpose(2, 0, 1)
        text = blueprint.tree.history(start).rstrip("/")
        lines.append(text)
        limped.append(text.startswith("c"))
        raises.append(text.count("r"))
        put.append(chips / blueprint.big_blind)
        if progress is not None:
            progress(2 + li, 1 + len(starts))
    return ContinuationTable(tuple(lines), tuple(limped), tuple(raises), np.array(put), values,
                             deals_per_pair)


def cache_path(blueprint: Blueprint) -> Path:
    """Where :func:`cached_continuation` keeps ``blueprint``'s table: in pokerlab's cache folder,
    named by the blueprint file's contents (a table depends on the blueprint alone)."""
    from pokerlab._cache import cache_dir

    digest = hashlib.sha256(Path(blueprint.file.path).read_bytes()).hexdigest()[:16]
    folder = cache_dir() / "nolimit"
    folder.mkdir(exist_ok=True)
    return folder / f"continuation-{digest}-v{FORMAT}.npz"


def table_source(blueprint: Blueprint) -> tuple[str, Path]:
    """Where :func:`continuation_for` finds ``blueprint``'s table: ``("shipped", path)``,
    ``("cached", path)``, or ``("missing", path)`` with the cache file it would compute."""
    shipped = shipped_path(Path(blueprint.file.path).resolve())
    if shipped.exists():
        return "shipped", shipped
    path = cache_path(blueprint)
    return ("cached" if path.exists() else "missing"), path


def cached_continuation(blueprint: Blueprint, progress: Callable[[int, int], None] | None = None
                        ) -> ContinuationTable:
    """:func:`build_continuation` with its defaults, kept at :func:`cache_path`."""
    path = cache_path(blueprint)
    if path.exists():
        try:
            return ContinuationTable.load(path)
        except (OSError, ValueError, KeyError):
            pass  # a damaged or old file is computed again
    if progress is None:  # minutes of silence in the middle of a hand otherwise
        import sys

        sys.stderr.write(COMPUTE_NOTICE.format(file=Path(blueprint.file.path).name) + "\n")
        sys.stderr.flush()
    table = build_continuation(blueprint, progress=progress)
    tmp = path.with_suffix(".tmp.npz")
    table.save(tmp)
    tmp.replace(path)
    return table


def shipped_path(blueprint_path: str | Path) -> Path:
    """Where the package ships the table of a shipped blueprint: beside it, named after it."""
    path = Path(blueprint_path)
    return path.with_name(f"continuation-{path.stem}.npz")


def continuation_for(blueprint: Blueprint, progress: Callable[[int, int], None] | None = None
                     ) -> ContinuationTable:
    """The continuation table of ``blueprint``: the shipped one beside a shipped blueprint,
    else :func:`cached_continuation` (computed once, a minute or two)."""
    return _shipped_or_cached(str(Path(blueprint.file.path).resolve()), blueprint, progress)


_tables: dict[str, ContinuationTable] = {}


def _shipped_or_cached(key: str, blueprint: Blueprint, progress: Callable[[int, int], None] | None
                       ) -> ContinuationTable:
    found = _tables.get(key)
    if found is None:
        shipped = shipped_path(key)
        if shipped.exists():
            found = ContinuationTable.load(shipped)
        else:
            found = cached_continuation(blueprint, progress)
        _tables[key] = found
    return found
