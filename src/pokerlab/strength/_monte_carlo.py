"""Monte Carlo showdowns in deterministic chunks: ``(plan, seed, chunk) -> counts by winner set``.

A chunk is :data:`CHUNK_SAMPLES` showdowns drawn from its own splitmix64 stream (derived
from the seed and the chunk number), so any set of chunks, run on any number of threads or
machines, sums to the same counts. Nothing is allocated per showdown and no deal is ever
redrawn as a whole:

- players with known cards are part of the dead cards;
- players whose range is every hand (``"random"``, equal weights) are dealt two cards from
  the deck; their count of possible hands is the same whatever the others hold, so this is
  exactly the conditional distribution, and it leaves the others' distribution unchanged;
- the other players are *joined* into groups whose joint hands (no shared card, weight the
  product of the weights) are listed in a table and drawn by one table index: a plain
  scaled index when the weights are equal, Walker's alias method otherwise;
- a single card that is already out (board cards, random hands) is drawn again on its own.

With one group (or none) the showdowns are independent. With several groups (only when
their joint table would be too large) each showdown redraws one group given the others
(Gibbs sampling, by rejection of that group's draw only); a chunk starts from an exact
joint draw, so every showdown has the right distribution, and the standard error comes
from the spread between chunks.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from pokerlab.cards import ALL_COMBOS, COMBO_CARDS
from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, EMPTY_KEY, eval_key
from pokerlab.strength._rng import scaled, split_mix, stream_state

CHUNK_SAMPLES = 1 << 14
"""Showdowns per chunk; part of the seeding, so changing it changes results."""
EQUITY_STREAM = 0x45515459
"""Stream number of equity's generators (other kernels use other streams of a seed)."""
MAX_REDRAWS = 100_000
"""Redraws of one group (or one starting deal) before giving up: the ranges hardly fit together."""
LOW32 = np.uint64(0xFFFFFFFF)
LOW16 = np.uint64(0xFFFF)


class SamplerPlan(NamedTuple):
    """What a chunk needs, as arrays (picklable; numba takes it as one argument).

    ``base_key`` / ``base_mask`` hold each player's known cards and the board (an evaluator
    partial hand); ``deck`` the cards not known; ``fixed_players`` those with known cards,
    ``randoms`` those dealt from the deck;
    groups ``g`` own the rows ``group_start[g]:group_start[g + 1]`` of ``entries``, one
    joint hand of the group's ``group_sizes[g]`` players ``group_players[g]`` per row, laid out so that a draw
    reads one row: its card set, its alias cut (low 32 bits: keep the row when 32 random bits
    fall below it) and alias row (high bits), then the key and mask of each player's hand.
    """

    players: int
    board_left: int
    base_used: np.int64
    base_key: np.ndarray
    base_mask: np.ndarray
    deck: np.ndarray
    fixed_players: np.ndarray
    randoms: np.ndarray
    group_players: np.ndarray
    group_sizes: np.ndarray
    group_start: np.ndarray
    entries: np.ndarray


@njit(cache=True, inline="always")
def _entry(state, entries, group_start, g):
    """A table entry of group ``g``, by weight: a scaled index, then the alias test."""
    start = group_start[g]
    state, x = split_mix(state)
    e = start + scaled(x >> np.uint64(32), group_start[g + 1] - start)
    packed = entries[e, 1]
    if np.int64(x & LOW32) >= packed & 0xFFFFFFFF:
        e = packed >> 32
    return state, e


@njit(cache=True)
def _equal_weights(entries):
    """Whether every row of ``entries`` keeps itself in the alias test (equal weights)."""
    for e in range(entries.shape[0]):
        if entries[e, 1] & 0xFFFFFFFF != 0xFFFFFFFF or entries[e, 1] >> 32 != e:
            return False
    return True


@njit(cache=True, inline="always")
def _shuffle_step(bits16, j, deck, thresholds, drawn):
    """Fisher-Yates step ``j`` from 16 random bits: swap a uniform card of ``deck[j:]`` to place ``j``.

    Returns the next step: ``j + 1``, or ``j`` again for the few values Lemire's method
    skips (``thresholds[j]`` of 65,536: they would bias the index).
    """
    product = bits16 * (np.uint64(deck.size) - np.uint64(j))
    if (product & LOW16) < thresholds[j]:
        return j
    r = np.uint64(j) + (product >> np.uint64(16))
    c = deck[r]
    deck[r] = deck[j]
    deck[j] = c
    drawn[j] = c
    return j + 1


@njit(cache=True, inline="always")
def _free_card(bits16, i, used, deck, threshold, drawn):
    """Draw ``drawn[i]`` from 16 random bits: a uniform card of ``deck`` outside ``used``.

    Returns ``(i + 1, used with the card)``, or ``(i, used)`` when the card is taken or the
    bits fall among the few that Lemire's method skips.
    """
    product = bits16 * np.uint64(deck.size)
    c = deck[product >> np.uint64(16)]
    if (product & LOW16) < threshold or (used >> c) & np.uint64(1):
        return i, used
    drawn[i] = c
    return i + 1, used | (np.uint64(1) << c)


@njit(cache=True)
def chunk_counts(plan, seed, chunk, samples, counts):
    """Add ``samples`` showdowns of chunk ``chunk`` to ``counts[winners]``.

    Returns 0, or -1 when deals kept clashing (the ranges hardly fit together).
    """
    # Plain locals, and no array views in the loop: numba reference-counts views and
    # arguments holding arrays (a call into its runtime each time).
    group_start = plan.group_start
    group_players = plan.group_players
    groups = group_start.size - 1
    entries = plan.entries
    deck = plan.deck
    fixed_players = plan.fixed_players
    randoms = plan.randoms
    base_key = plan.base_key
    base_mask = plan.base_mask
    base_used = np.uint64(plan.base_used)
    group_sizes = plan.group_sizes
    board_left = plan.board_left
    state = stream_state(seed, EQUITY_STREAM, chunk)
    need = 2 * randoms.size + board_left
    drawn = np.zeros(max(need, 1), dtype=np.uint64)
    deck = deck.astype(np.uint64)  # a copy, shuffled in place; unsigned indices skip numba's
    # negative-index wrap-around in the loop
    n = plan.players
    values = np.zeros(n, dtype=np.int64)
    # Lemire's threshold for a uniform index below m = deck.size - j from 16 bits: 2**16 mod m.
    thresholds = np.zeros(max(need, 1), dtype=np.uint64)
    for j in range(need):
        thresholds[j] = np.uint64((1 << 16) % (deck.size - j))
    current = np.zeros(max(groups, 1), dtype=np.int64)
    held = np.uint64(0)  # cards of the groups' hands
    if groups > 1:  # Gibbs: start from an exact joint draw (whole-deal rejection, once a chunk)
        for _ in range(MAX_REDRAWS):
            held = np.uint64(0)
            clash = False
            for g in range(groups):
                state, e = _entry(state, entries, group_start, g)
                if np.uint64(entries[e, 0]) & held:
                    clash = True
                    break
                held |= np.uint64(entries[e, 0])
                current[g] = e
            if not clash:
                break
        else:
            return -1
    upcoming = 0
    # One table of equal weights and at most 2**16 rows: its index takes 16 bits of the word
    # that also draws the first board cards (one generator call fewer per showdown).
    entries_16 = groups == 1 and entries.shape[0] <= 1 << 16 and _equal_weights(entries)
    entry_threshold = np.uint64((1 << 16) % max(entries.shape[0], 1))
    if groups == 1:
        state, upcoming = _entry(state, entries, group_start, 0)
    for t in range(samples):
        x = np.uint64(0)
        fields = 0  # 16-bit fields of x still unused
        if groups == 1:
            # The entry was drawn during the previous showdown, so its row is already loading.
            current[0] = upcoming
            held = np.uint64(entries[upcoming, 0])
            if entries_16:
                while True:
                    state, x = split_mix(state)
                    product = (x & LOW16) * np.uint64(entries.shape[0])
                    if (product & LOW16) >= entry_threshold:  # Lemire: exact uniform index
                        break
                upcoming = np.int64(product >> np.uint64(16))
                fields = 3
            else:
                state, upcoming = _entry(state, entries, group_start, 0)
        elif groups > 1:
            g = t % groups
            others = held & ~np.uint64(entries[current[g], 0])
            for _ in range(MAX_REDRAWS):
                state, e = _entry(state, entries, group_start, g)
                if not np.uint64(entries[e, 0]) & others:
                    break
            else:
                return -1
            current[g] = e
            held = others | np.uint64(entries[e, 0])
        # The random hands' cards, then the board's, into drawn[0:need]. Without groups the
        # deck never changes, so a partial Fisher-Yates shuffle of it (kept between showdowns:
        # any order of the deck shuffles alike) draws them with no rejection at all; otherwise
        # a card the groups hold, or already drawn, is drawn again.
        if groups == 0:
            j = 0
            while j < need:  # four 16-bit draws from each 64 random bits
                state, x = split_mix(state)
                for field in range(4):
                    if j < need:
                        j = _shuffle_step((x >> np.uint64(16 * field)) & LOW16, j, deck, thresholds, drawn)
        else:
            used = base_used | held
            i = 0
            for field in range(4 - fields, 4):  # what the entry's word has left
                if i < need:
                    i, used = _free_card((x >> np.uint64(16 * field)) & LOW16, i, used, deck,
                                         thresholds[0], drawn)
            while i < need:
                state, x = split_mix(state)
                for field in range(4):
                    if i < need:
                        i, used = _free_card((x >> np.uint64(16 * field)) & LOW16, i, used, deck,
                                             thresholds[0], drawn)
        bk = 0
        bm = 0
        for j in range(2 * randoms.size, need):
            bk += CARD_KEY[drawn[j]]
            bm |= CARD_MASK[drawn[j]]
        for i in range(fixed_players.size):
            p = fixed_players[i]
            values[p] = eval_key(base_key[p] + bk, base_mask[p] | bm)
        for r in range(randoms.size):
            p = randoms[r]
            a = drawn[2 * r]
            b = drawn[2 * r + 1]
            values[p] = eval_key(base_key[p] + CARD_KEY[a] + CARD_KEY[b] + bk,
                                 base_mask[p] | CARD_MASK[a] | CARD_MASK[b] | bm)
        for g in range(groups):
            e = current[g]
            for q in range(group_sizes[g]):
                p = group_players[g, q]
                values[p] = eval_key(base_key[p] + entries[e, 2 + 2 * q] + bk,
                                     base_mask[p] | entries[e, 3 + 2 * q] | bm)
        # No branch on the values (showdowns would mispredict): the best, then who holds it.
        if n == 2:
            winners = np.uint64(values[0] >= values[1]) | (np.uint64(values[1] >= values[0]) << np.uint64(1))
        else:
            best = values[0]
            for p in range(1, n):
                best = max(best, values[p])
            winners = np.uint64(0)
            for p in range(n):
                winners |= np.uint64(values[p] == best) << np.uint64(p)
        counts[winners] += 1
    return 0


@njit(cache=True, parallel=True)
def many_chunk_counts(plan, seed, first, samples, counts, status):
    """Chunks ``first .. first + len(counts) - 1`` of a run of ``samples`` showdowns, in parallel.

    ``counts[i]`` gets chunk ``first + i`` (the last chunk of the run may be short);
    ``status[i]`` its :func:`chunk_counts` status.
    """
    for i in prange(counts.shape[0]):
        chunk = first + i
        size = min(CHUNK_SAMPLES, samples - chunk * CHUNK_SAMPLES)
        status[i] = chunk_counts(plan, seed, chunk, size, counts[i])


JOIN_LIMIT = 1 << 18
"""Largest product of table sizes two groups may have to be joined into one table.

It bounds the table's memory (48 bytes a row for two players) and build time.
"""


def _table_join(a: tuple[np.ndarray, np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray, np.ndarray]):
    """Joint entries of two groups' tables (combos, card sets, weights) that share no card."""
    ia, ib = np.nonzero((a[1][:, None] & b[1][None, :]) == 0)
    return (
        np.concatenate([a[0][ia], b[0][ib]], axis=1),
        a[1][ia] | b[1][ib],
        a[2][ia] * b[2][ib],
    )


@njit(cache=True)
def _walker(prob, start, cut, alias):
    """Fill Walker's alias table for probabilities scaled to mean 1 (``prob`` is used up)."""
    size = prob.size
    small = np.empty(size, dtype=np.int64)
    large = np.empty(size, dtype=np.int64)
    ns = 0
    nl = 0
    for i in range(size):
        if prob[i] < 1.0:
            small[ns] = i
            ns += 1
        else:
            large[nl] = i
            nl += 1
    while ns > 0 and nl > 0:
        ns -= 1
        s = small[ns]
        big = large[nl - 1]
        cut[s] = min(np.int64(prob[s] * 4294967296.0), 0xFFFFFFFF)
        alias[s] = start + big
        prob[big] -= 1.0 - prob[s]
        if prob[big] < 1.0:
            nl -= 1
            small[ns] = big
            ns += 1


def _alias(weights: np.ndarray, start: int) -> np.ndarray:
    """Walker's alias table packed as ``cut | alias << 32`` (rows offset by ``start``).

    ``cut`` is the 32-bit threshold below which a draw keeps its row (all ones: always; the
    one value in 2**32 above it then "moves" to the row itself); equal weights keep every
    row, so the draw is a plain scaled index.
    """
    size = weights.size
    cut = np.full(size, 0xFFFFFFFF, dtype=np.int64)
    alias = np.arange(start, start + size, dtype=np.int64)
    if not np.all(weights == weights[0]):
        _walker(weights * (size / weights.sum()), start, cut, alias)
    return cut | (alias << 32)


def build_plan(weights: np.ndarray, fixed: list[bool], board: list[int], dead: list[int]) -> SamplerPlan:
    """The :class:`SamplerPlan` of a checked problem (see ``pokerlab.strength.equity``).

    ``weights`` is (n, 1326) with every combo that uses a known card (board, dead, a fixed
    player's hand) already at zero; fixed players have one combo.

    Raises
    ------
    ValueError
        When the players' ranges cannot be dealt together.
    """
    n = weights.shape[0]
    base_used = 0
    for c in list(board) + list(dead):
        base_used |= 1 << c
    board_key = int(EMPTY_KEY) + sum(int(CARD_KEY[c]) for c in board)
    board_mask = 0
    for c in board:
        board_mask |= int(CARD_MASK[c])
    base_key = np.full(n, board_key, dtype=np.int64)
    base_mask = np.full(n, board_mask, dtype=np.int64)
    for p in range(n):
        if fixed[p]:
            a, b = (int(c) for c in ALL_COMBOS[int(np.flatnonzero(weights[p])[0])])
            base_used |= (1 << a) | (1 << b)
            base_key[p] += int(CARD_KEY[a]) + int(CARD_KEY[b])
            base_mask[p] |= int(CARD_MASK[a]) | int(CARD_MASK[b])
    cards = COMBO_CARDS
    live = (cards & np.int64(base_used)) == 0
    randoms, tables = [], []
    for p in range(n):
        if fixed[p]:
            continue
        w = np.where(live, weights[p], 0.0)
        support = np.flatnonzero(w)
        if support.size == 0:
            raise ValueError(f"player {p + 1}: no hand of the range is left beside the known cards")
        if support.size == int(live.sum()) and np.all(w[support] == w[support[0]]):
            randoms.append(p)
        else:
            tables.append(([p], (support[:, None].astype(np.int64), cards[support], w[support])))
    # Join the pair of groups with the smallest joint table while it stays under JOIN_LIMIT.
    while len(tables) > 1:
        sizes = [len(t[1][1]) for t in tables]
        pairs = [(sizes[i] * sizes[j], i, j) for i in range(len(tables)) for j in range(i + 1, len(tables))]
        product, i, j = min(pairs)
        if product > JOIN_LIMIT:
            break
        joined = (tables[i][0] + tables[j][0], _table_join(tables[i][1], tables[j][1]))
        if len(joined[1][1]) == 0:
            raise ValueError("no deal is possible: the players' ranges always share a card")
        tables = [t for k, t in enumerate(tables) if k not in (i, j)] + [joined]
    widest = max([len(t[0]) for t in tables], default=1)
    group_players = np.zeros((len(tables), widest), dtype=np.uint64)
    starts = [0]
    rows = []
    for g, (members, (tc, tcards, tw)) in enumerate(tables):
        group_players[g, : len(members)] = members
        row = np.zeros((len(tcards), 2 + 2 * widest), dtype=np.int64)
        row[:, 0] = tcards
        row[:, 1] = _alias(tw, starts[-1])
        for q in range(len(members)):
            lo, hi = ALL_COMBOS[tc[:, q], 0], ALL_COMBOS[tc[:, q], 1]
            row[:, 2 + 2 * q] = CARD_KEY[lo] + CARD_KEY[hi]
            row[:, 3 + 2 * q] = CARD_MASK[lo] | CARD_MASK[hi]
        rows.append(row)
        starts.append(starts[-1] + len(tcards))
    deck = np.array([c for c in range(52) if not (base_used >> c) & 1], dtype=np.int64)
    return SamplerPlan(
        players=n,
        board_left=5 - len(board),
        base_used=np.int64(base_used),
        base_key=base_key,
        base_mask=base_mask,
        deck=deck,
        fixed_players=np.array([p for p in range(n) if fixed[p]], dtype=np.uint64),
        randoms=np.array(randoms, dtype=np.uint64),
        group_players=group_players,
        group_sizes=np.array([len(t[0]) for t in tables], dtype=np.int64),
        group_start=np.array(starts, dtype=np.int64),
        entries=np.concatenate(rows) if rows else np.zeros((0, 2 + 2 * widest), dtype=np.int64),
    )
