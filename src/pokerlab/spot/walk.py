"""The vectorised walk over a spot's tree: one numba kernel, an explicit stack, no recursion.

A walk for player ``p`` carries down the opponent's reach vector (its range times its strategy
along the line) and ``p``'s own reach, and brings back ``p``'s counterfactual value of each
combo at every node: at the terminals by :mod:`pokerlab.spot.terminal` (exact card removal in
linear time), at a chance node as the sum over the cards dealt (each canonical card's subtree
walked with its situation's hand lists, the parent's less the hands holding the card; its
suit-isomorphic cards added with the hands permuted) times the deal probability, at the
opponent's nodes as the sum over its actions, at ``p``'s nodes as

- ``MODE_CFR``: the current strategy (regret matching, or the node's lock) times the actions'
  values; the regrets and the strategy sums are updated (discounted CFR, see
  :mod:`pokerlab.spot.solver`). A *restricted* node (its ``lock_mix`` below 1) plays
  ``lock_mix`` times its lock plus the rest times regret matching, and its regrets are
  measured against the free part's value (a data-biased response);
- ``MODE_EVAL``: a fixed strategy (``S[0]``: a profile, or strategy sums, normalised per combo
  here; a locked node plays its lock) times the values;
- ``MODE_BEST``: the best action's value, combo by combo (a best response), the opponent
  playing ``S[0]``; at ``p``'s locked nodes the lock's mix of the actions' values (a locked
  player's best response deviates only at its unlocked nodes). Outside ``MODE_CFR`` a
  restricted node is free: ``S[0]`` holds its play, the model's part included.

Without rake, ``MODE_BEST`` takes every terminal's utility less half the starting pot (an
even split of it): the sum over a node's subtree of that constant times the opponent's reach
is the same under every action (the opponent's strategies and the deals sum to one), so best
responses do not change, and a showdown then needs no tie term
(:func:`pokerlab.spot.terminal.showdown_zero_sum`); :meth:`Walker.run` adds the constant back.
``MODE_CFR`` keeps the tie term: the regrets would be the same in exact arithmetic, but in
float32 their rounding, and so the iterates, would change.

The walk keeps per-depth buffers (reach, values, strategy, action values) in whole arrays: the
inner work is loops over combos, nothing is allocated per node. ``top_mode`` splits a walk at
the first street's chance nodes for the parallel solver: 1 records the reach arriving there
and returns 0, 2 reads back values computed meanwhile.

Array bundles (tuples, in this order): ``T`` = (kind, player, commit, first_child,
num_children, offset, lock_offset, block_base, lock_mix); ``D`` = see :func:`deal_tuple`; ``S`` = (regret or
strategy, strategy sums, lock strategies); ``prm`` = float64 (pot, rake percent, rake cap,
positive-regret discount, negative-regret discount, strategy-sum discount, strategy-sum
weight, CFR+ flag, update flag, 1 to weight the strategy sums by the own reach, 1 for the
16-bit storage), and the 16-bit mode's block scales end ``S``.
"""

from __future__ import annotations

import itertools
import threading
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np
from numba import njit

from pokerlab.spot.deal import Deal
from pokerlab.spot.layout import Layout
from pokerlab.spot.terminal import PAIRS, showdown_at, valid_reach, valid_reach_at
from pokerlab.spot.tree import CHANCE, DECISION, FOLD, SHOWDOWN, Tree

MODE_CFR, MODE_EVAL, MODE_BEST = 0, 1, 2
(P_POT, P_RAKE_PCT, P_RAKE_CAP, P_DPOS, P_DNEG, P_DSTRAT, P_WSTRAT, P_PLUS, P_UPDATE, P_REACH,
 P_COMP) = range(11)


def deal_tuple(deal: Deal) -> tuple:
    """The deal's arrays in the order the kernels read them: the situations' (``D[:8]``), then
    one per player, OOP's at an even index and IP's after it: cards, hand permutations,
    showdown table counts and tables, card-pair-to-hand tables, list cards, parent positions;
    then the suit permutations' inverse card maps (``D[22]``) and the situations' parents
    (``D[23]``)."""
    return (deal.sit_local, deal.next_sit, deal.next_perm, deal.next_canon, deal.deal_factor,
            deal.sd_row, deal.sit_start, deal.sit_store, deal.cards[0], deal.cards[1],
            deal.hand_perm[0], deal.hand_perm[1], deal.sd_count[0], deal.sd_count[1],
            deal.sd_packed[0], deal.sd_packed[1], deal.card_hand[0], deal.card_hand[1],
            deal.loc_cards[0], deal.loc_cards[1], deal.loc_up[0], deal.loc_up[1], deal.card_inv,
            deal.sit_parent)


def tree_tuple(tree: Tree, layout: Layout, lock_off: np.ndarray,
               lock_mix: np.ndarray | None = None) -> tuple:
    """The tree's arrays in the order the kernels read them (``lock_mix``: each locked node's
    probability of playing its lock, 1 where it is not given)."""
    mix = np.ones(tree.size) if lock_mix is None else np.asarray(lock_mix, dtype=np.float64)
    return (tree.kind, tree.player, tree.commit, tree.first_child, tree.num_children,
            layout.offset, lock_off, layout.block_base, mix)


@njit(cache=True, nogil=True, inline="always")
def _lock_at(lock, lo, a, n_q, hands, lc, at, h):
    """A lock's probability of action ``a`` for the hand at list position ``at + h``."""
    return lock[lo + a * n_q + hand_at(hands, lc, at + h)]


@njit(cache=True, nogil=True)
def _blend(strat, d, na, nq, lock, lo, c, hands, lc, at, n_q):
    """A restricted node's strategy: ``c`` times its lock plus ``1 - c`` times the regret
    matching already in ``strat[d]`` (data-biased response)."""
    c1 = strat.dtype.type(1.0) - c
    for a in range(na):
        for h in range(nq):
            strat[d, a, h] = c * _lock_at(lock, lo, a, n_q, hands, lc, at, h) + c1 * strat[d, a, h]


@njit(cache=True, nogil=True)
def _free_value(strat, cv, val, d, na, n, lock, lo, c, hands, lc, at, n_q):
    """At a restricted node of the walking player: ``val[d]`` becomes the value of its free
    part, ``(val - c * lock . cv) / (1 - c)``, the regrets' baseline; the blend's value is kept
    in ``strat[d, na]`` for the parent."""
    c1 = strat.dtype.type(1.0) - c
    for h in range(n):
        locked = strat.dtype.type(0.0)
        for a in range(na):
            locked += _lock_at(lock, lo, a, n_q, hands, lc, at, h) * cv[d, a, h]
        strat[d, na, h] = val[d, h]
        val[d, h] = (val[d, h] - c * locked) / c1


def tree_depth(tree: Tree) -> tuple[int, int]:
    """``(depth + 1, most actions at a node)``: the walk's stack sizes."""
    depth = np.zeros(tree.size, dtype=np.int64)
    for n in range(1, tree.size):
        depth[n] = depth[tree.parent[n]] + 1
    return int(depth.max()) + 2, max(int(tree.num_children.max()), 1)


@njit(cache=True, nogil=True)
def _half_pot(prm, c0, c1):
    pot = prm[0] + c0 + c1
    r = pot * prm[1] / 100.0
    if prm[2] > 0 and r > prm[2]:
        r = prm[2]
    return (pot - r) / 2.0


def _shapes(max_depth: int, max_actions: int, n_own: int, n_opp: int) -> tuple:
    n_max = max(n_own, n_opp)
    return ((max_depth, n_opp), (max_depth, n_own), (max_depth, n_own),
            (max_depth, max_actions + 1, n_max), (max_depth, max_actions, n_own))


def workspace_floats(max_depth: int, max_actions: int, n: int) -> int:
    """Float64 entries of the memory a :func:`workspace`'s float buffers take for at most ``n``
    hands a player."""
    return sum(int(np.prod(shape)) for shape in _shapes(max_depth, max_actions, n, n))


def workspace_rest(max_depth: int, n_opp: int) -> tuple:
    """A :func:`workspace`'s buffers after its five float ones, fresh (a player's own: the pair
    buffer's zeros are the opponent range's)."""
    return (np.empty(max_depth, dtype=np.int64), np.empty(max_depth, dtype=np.int64),
            np.empty(max_depth, dtype=np.int64), np.empty((2, 52)),
            np.empty(max_depth, dtype=np.int64), np.full(PAIRS, -1, dtype=np.int16),
            np.empty(n_opp + 2, dtype=np.int64), np.empty(n_opp + 2), np.zeros(PAIRS))


def workspace(max_depth: int, max_actions: int, n_own: int, n_opp: int,
              dtype: type = np.float64, raw: np.ndarray | None = None,
              rest: tuple | None = None) -> tuple:
    """The walk's per-depth buffers (allocated once per thread, not per walk): float64 for the
    measuring and browsing walks (exact values of a strategy), float32 for the solver's (the
    card sums stay float64), whose combo loops then run twice as many lanes wide. ``n_own``,
    ``n_opp``: the players' hands (every situation's lists are at most as long); then a
    buffer mapping a combo's cards to its position in a list (-1 between uses,
    :func:`add_dealt`), the showdowns' buffers of opponent hands with reach
    (:func:`pokerlab.spot.terminal.showdown_at`) and a pair buffer of zeros
    (:data:`pokerlab.spot.terminal.PAIRS`; float64: float32 made the showdown sweeps slower).

    ``raw``: float64 memory (:func:`workspace_floats`) that the first five buffers are views
    of: a thread's walks for either player, solving (float32) or measuring (float64), never
    run at once, so they share it (on a flop, separate sets took 1.4 MiB more). ``rest``: the
    other buffers of an earlier workspace for the same player (they are kept per player: the
    pair buffer's zeros are the opponent range's). Fresh ones if ``None``."""
    shapes = _shapes(max_depth, max_actions, n_own, n_opp)
    if raw is None:
        raw = np.empty(workspace_floats(max_depth, max_actions, max(n_own, n_opp)))
    if rest is None:
        rest = workspace_rest(max_depth, n_opp)
    views = []
    at = 0
    for shape in shapes:
        size = int(np.prod(shape))
        views.append(raw[at:at + size].view(dtype)[:size].reshape(shape))
        at += size
    return (*views, *rest)


@njit(cache=True, nogil=True)
def _update_compressed(store, cum, rscale, cscale, blk, base, na, n, strat, cv, vrow, wrow, dpos,
                       dneg, dstrat, wstrat, plus, by_reach):
    """The 16-bit update of one block: int16 regrets and uint16 strategy sums, each block with
    one float32 scale (the largest magnitude maps to 32767 or 65535). ``cv`` is overwritten."""
    rs = rscale[blk]
    big = 0.0
    for b in range(na):
        o = base + b * n
        crow = cv[b]
        for h in range(n):
            r = store[o + h] * rs
            r = r * (dpos if r > 0 else dneg) + (crow[h] - vrow[h])
            if plus:
                r = max(r, 0.0)
            crow[h] = r
            big = max(big, abs(r))
    inv = 32767.0 / big if big > 0 else 0.0
    rscale[blk] = big / 32767.0
    for b in range(na):
        o = base + b * n
        crow = cv[b]
        for h in range(n):
            store[o + h] = round(crow[h] * inv)
    cs = cscale[blk]
    big = 0.0
    for b in range(na):
        o = base + b * n
        srow = strat[b]
        crow = cv[b]
        for h in range(n):
            x = cum[o + h] * cs * dstrat + wstrat * srow[h] * (wrow[h] if by_reach else 1.0)
            crow[h] = x
            big = max(big, x)
    inv = 65535.0 / big if big > 0 else 0.0
    cscale[blk] = big / 65535.0
    for b in range(na):
        o = base + b * n
        crow = cv[b]
        for h in range(n):
            cum[o + h] = round(crow[h] * inv)


@njit(cache=True, nogil=True)
def _any_row(x, r, n):
    """Is any of ``x[r, :n]`` non-zero (without a view of the row)."""
    for i in range(n):  # noqa: SIM110 (a generator is slower in numba)
        if x[r, i] != 0.0:
            return True
    return False


@njit(cache=True, nogil=True)
def _lists(sit_start, p, sit):
    """Where player ``p``'s and the opponent's lists of situation ``sit`` begin, and their
    lengths: ``(at_own, at_opp, n_own, n_opp)``."""
    o = 1 - p
    at_own, at_opp = sit_start[p, sit], sit_start[o, sit]
    return at_own, at_opp, sit_start[p, sit + 1] - at_own, sit_start[o, sit + 1] - at_opp


@njit(cache=True, nogil=True)
def hand_at(hand, lc, i):
    """The hand at list position ``i`` (:mod:`pokerlab.spot.deal`): ``hand`` (``card_hand``)
    maps its two cards ``lc[i]`` (``loc_cards``) to it."""
    return hand[np.uint64(lc[i, 0]), np.uint64(lc[i, 1])]


@njit(cache=True, nogil=True)
def add_dealt(val, d, sit, a, p, next_sit, next_perm, next_canon, sit_start, up, lc, card_inv,
              slot):
    """``val[d]`` (over player ``p``'s list in situation ``sit``) += the values ``val[d + 1]``
    of canonical card ``a``'s situation (over its list) for every card of ``a``'s orbit (a
    chance node's sum, before the deal probability): card ``a`` itself through each hand's
    position in the parent list (``up``), the others with the hands permuted: the value of a
    hand with cards ``c0, c1`` after such a card is that of the hand with cards
    ``card_inv[k, c0], card_inv[k, c1]`` after ``a``, found through ``slot``, a scratch of -1s
    indexed by a combo's cards (``c0 << 6 | c1``, both orders) holding its position in the
    child's list (-1 again on return; -1: the hand holds the card, value 0). The list's cards
    are ``lc``. Rows are indexed, not sliced (numba's views cost reference counts)."""
    child = next_sit[sit, a]
    at_c = sit_start[p, child]
    n_c = sit_start[p, child + 1] - at_c
    uc = np.uint64(at_c)
    for j in range(n_c):
        val[d, np.uint64(up[uc + np.uint64(j)])] += val[d + 1, j]
    iso = False
    for c in range(52):
        if next_canon[sit, c] == a and next_perm[sit, c] != 0:
            iso = True
            break
    if not iso:
        return
    six = np.uint64(6)
    for j in range(n_c):
        c0, c1 = np.uint64(lc[uc + np.uint64(j), 0]), np.uint64(lc[uc + np.uint64(j), 1])
        slot[(c0 << six) | c1] = j
        slot[(c1 << six) | c0] = j
    at = np.uint64(sit_start[p, sit])
    for c in range(52):
        kp = next_perm[sit, c]
        if next_canon[sit, c] != a or kp == 0:
            continue
        for h in range(sit_start[p, sit + 1] - sit_start[p, sit]):
            x = at + np.uint64(h)
            b0 = np.uint64(card_inv[kp, lc[x, 0]])
            b1 = np.uint64(card_inv[kp, lc[x, 1]])
            j = slot[(b0 << six) | b1]
            if j >= 0:
                val[d, h] += val[d + 1, j]
    for j in range(n_c):
        c0, c1 = np.uint64(lc[uc + np.uint64(j), 0]), np.uint64(lc[uc + np.uint64(j), 1])
        slot[(c0 << six) | c1] = -1
        slot[(c1 << six) | c0] = -1


@njit(cache=True, nogil=True)
def walk_roots(roots, sits, rows, p, src_opp, src_own, outs, T, D, S, prm, mode, top_mode, top,
               W):
    """Player ``p``'s counterfactual values at each ``roots[t]`` (situation ``sits[t]``) into
    ``outs[t]``, from the opponent's and the player's reach rows ``src_opp[rows[t]]`` and
    ``src_own[rows[t]]``, all three over all hands (0 for a hand holding a card dealt since the
    spot's board); inside, every vector is over the current situation's hand lists
    (:mod:`pokerlab.spot.deal`). One call walks a block of a turn's or flop's
    chance subtrees: unpacking the array bundles costs reference counts once per call, not
    once per subtree.

    ``W`` is a :func:`workspace` for this player's hand counts. The per-depth buffers are
    indexed (``strat[d, a, h]``), never sliced into rows inside the loop: in numba each array
    view costs two atomic reference-count operations, a sixth of an iteration's time when
    every node took its rows as views. The flat storage is indexed with unsigned offsets:
    a signed ``store[o + h]`` gets numba's negative-index wraparound, which turns the
    vectorised loop into gathers.
    """
    kind, player, commit, first_child, num_children, node_off, lock_off, node_block, lock_mix = T
    sit_local, next_sit, next_perm, next_canon, deal_factor, sd_row, sit_start, sit_store = D[:8]
    if p == 0:
        own_cards, opp_cards = D[8], D[9]
        sdc_own, sdc_opp, sdp_own, sdp_opp = D[12], D[13], D[14], D[15]
        hand_own, hand_opp, lc_own, lc_opp = D[16], D[17], D[18], D[19]
        up_own, up_opp = D[20], D[21]
    else:
        own_cards, opp_cards = D[9], D[8]
        sdc_own, sdc_opp, sdp_own, sdp_opp = D[13], D[12], D[15], D[14]
        hand_own, hand_opp, lc_own, lc_opp = D[17], D[16], D[19], D[18]
        up_own, up_opp = D[21], D[20]
    card_inv, sit_parent = D[22], D[23]
    o = 1 - p
    store, cum, lock, rscale, cscale = S
    top_index, top_opp, top_own, top_val = top
    n_all = own_cards.shape[0]
    ropp, rown, val, strat, cv, s_node, s_sit, s_cur, scratch, s_live, slot, cx, cr, pair = W
    update = prm[P_UPDATE] > 0
    plus = prm[P_PLUS] > 0
    by_reach = prm[P_REACH] > 0
    averaging = mode == MODE_CFR  # also the record pass: it must reach every chance node
    compressed = prm[P_COMP] > 0
    # Without rake the best response's walks take values relative to an even split of the
    # starting pot (see the module docstring): showdowns skip their tie term.
    zero_sum = mode == MODE_BEST and prm[P_RAKE_PCT] == 0.0
    shift = prm[P_POT] / 2.0 if zero_sum else 0.0
    # Constants of the workspace's type: a float64 one in a float32 combo loop would turn it
    # scalar and double.
    ft = val.dtype.type
    zero = ft(0.0)
    one = ft(1.0)
    dpos, dneg, dstrat, wstrat = prm[P_DPOS], prm[P_DNEG], prm[P_DSTRAT], prm[P_WSTRAT]
    fp, fn, fs, fw = ft(dpos), ft(dneg), ft(dstrat), ft(wstrat)
    for task in range(roots.shape[0]):
        sit0 = sits[task]
        # The situation's lists, gathered from the full rows. When the root's situation is the
        # spot's board (its lists hold every hand: positions are hands) or one of its children
        # (the solver's tasks), the position in the parent's list (``up``) is the hand; deeper
        # (a line browsed to a river under a flop), the cards give it.
        at_own, at_opp, n_own, n_opp = _lists(sit_start, p, sit0)
        cur = sit0  # the situation whose lists at_own .. n_opp describe
        ua, uo = np.uint64(at_own), np.uint64(at_opp)
        near = sit0 == 0 or sit_parent[sit0] == 0
        for j in range(n_opp):
            x = uo + np.uint64(j)
            hj = up_opp[x] if near else hand_at(hand_opp, lc_opp, x)
            ropp[0, j] = src_opp[rows[task], np.uint64(hj)]
        for h in range(n_own):
            x = ua + np.uint64(h)
            hh = up_own[x] if near else hand_at(hand_own, lc_own, x)
            rown[0, h] = src_own[rows[task], np.uint64(hh)]
        s_node[0] = roots[task]
        # s_live[d]: does any opponent combo reach depth d (set as the reach is formed, so that a
        # node with none, terminals too, costs no scan).
        s_live[0] = 1 if _any_row(ropp, 0, n_opp) else 0
        s_sit[0] = sit0
        d = 0
        entering = True
        done = False
        while True:
            if entering:
                entering = False
                node = s_node[d]
                sit = s_sit[d]
                if sit != cur:
                    # The lists change only at a chance node: not looked up at every node.
                    cur = sit
                    at_own, at_opp, n_own, n_opp = _lists(sit_start, p, sit)
                k = kind[node]
                done = True
                if k >= FOLD and s_live[d] == 0:
                    for h in range(n_own):
                        val[d, h] = zero
                elif k == FOLD:
                    half = _half_pot(prm, commit[node, 0], commit[node, 1])
                    pay = -commit[node, p] if player[node] == p else 2.0 * half - commit[node, p]
                    pay -= shift
                    valid_reach_at(ropp, d, lc_own, lc_opp, at_own, at_opp, n_own, n_opp,
                                   pair, pay, val, d, scratch)
                elif k == SHOWDOWN:
                    half = _half_pot(prm, commit[node, 0], commit[node, 1])
                    row = sd_row[sit]
                    showdown_at(ropp, d, sdp_own, sdp_opp, row, sdc_own[row], sdc_opp[row],
                                pair, half, commit[node, p], val, d, scratch, zero_sum, cx,
                                cr)
                else:
                    any_reach = s_live[d] > 0
                    ti = top_index[node] if k == CHANCE else -1
                    if ti >= 0 and top_mode == 1:
                        # Recorded even when nothing reaches it: the subtree walks read it.
                        # (The first street's lists hold every hand: positions are hands.)
                        for j in range(n_opp):
                            top_opp[ti, j] = ropp[d, j]
                        for h in range(n_own):
                            top_own[ti, h] = rown[d, h]
                            val[d, h] = zero
                    elif ti >= 0 and top_mode == 2:
                        for h in range(n_own):
                            val[d, h] = top_val[ti, h]
                    elif not any_reach and (not averaging or not _any_row(rown, d, n_own)):
                        # Nothing to learn here: every value is 0, and (CFR) no strategy sum grows.
                        for h in range(n_own):
                            val[d, h] = zero
                    else:
                        for h in range(n_own):
                            val[d, h] = zero
                        s_cur[d] = -1
                        done = False
                        if k == DECISION:
                            q = player[node]
                            na = num_children[node]
                            nq = n_own if q == p else n_opp
                            base = node_off[node] + na * sit_store[q, sit]
                            lo = lock_off[node]
                            full = lo >= 0 and lock_mix[node] >= 1.0
                            if lo >= 0:
                                # A lock is over every hand: the list's hands' columns.
                                hand_q = hand_own if q == p else hand_opp
                                lc_q = lc_own if q == p else lc_opp
                                at_q = at_own if q == p else at_opp
                                n_q = n_all if q == p else opp_cards.shape[0]
                            if full:
                                for a in range(na):
                                    for h in range(nq):
                                        strat[d, a, h] = _lock_at(lock, lo, a, n_q, hand_q, lc_q, at_q, h)
                            else:
                                # Regret matching (CFR: the regrets' positive parts), or a fixed
                                # profile or strategy sums (never negative, so the same
                                # arithmetic), normalised per combo, uniform where they sum to
                                # 0 (the average then needs no copy of its own); action-major
                                # so the combo loops vectorise.
                                for h in range(nq):
                                    strat[d, na, h] = zero
                                for a in range(na):
                                    of = np.uint64(base + a * nq)
                                    for h in range(nq):
                                        x = ft(store[of + np.uint64(h)])
                                        x = x if x > zero else zero
                                        strat[d, a, h] = x
                                        strat[d, na, h] += x
                                uni = ft(1.0 / na)
                                for h in range(nq):
                                    x = strat[d, na, h]
                                    strat[d, na, h] = one / x if x > zero else zero
                                for a in range(na):
                                    for h in range(nq):
                                        # Loaded unconditionally: a load inside the condition
                                        # keeps the loop scalar and branchy.
                                        t = strat[d, na, h]
                                        y = strat[d, a, h] * t
                                        strat[d, a, h] = y if t > zero else uni
                                if lo >= 0 and mode == MODE_CFR:
                                    # A restricted node: its lock with probability
                                    # lock_mix, its own regret matching otherwise.
                                    _blend(strat, d, na, nq, lock, lo, ft(lock_mix[node]), hand_q, lc_q,
                                           at_q, n_q)
            if done:
                if d == 0:
                    break
                d -= 1
                node = s_node[d]
                sit = s_sit[d]
                if sit != cur:
                    cur = sit
                    at_own, at_opp, n_own, n_opp = _lists(sit_start, p, sit)
                a = s_cur[d]
                if kind[node] == CHANCE:
                    add_dealt(val, d, sit, a, p, next_sit, next_perm, next_canon, sit_start,
                              up_own, lc_own, card_inv, slot)
                elif player[node] == p:
                    for h in range(n_own):
                        cv[d, a, h] = val[d + 1, h]
                else:
                    for h in range(n_own):
                        val[d, h] += val[d + 1, h]
                done = False
            # Descend into the next child of the node at depth d, or finish it (the block above,
            # entering or finishing a child, left the lists at this depth's situation).
            node = s_node[d]
            sit = s_sit[d]
            if kind[node] == CHANCE:
                c = s_cur[d] + 1
                while c < 52 and (next_sit[sit, c] < 0 or next_perm[sit, c] != 0):
                    c += 1
                if c < 52:
                    s_cur[d] = c
                    # The child's lists are this situation's less the hands holding card c.
                    child = next_sit[sit, c]
                    at_c = sit_start[o, child]
                    uc = np.uint64(at_c)
                    live = 0
                    for j in range(sit_start[o, child + 1] - at_c):
                        x = ropp[d, np.uint64(up_opp[uc + np.uint64(j)])]
                        ropp[d + 1, j] = x
                        live += 1 if x != zero else 0
                    s_live[d + 1] = 1 if live > 0 else 0
                    at_c = sit_start[p, child]
                    uc = np.uint64(at_c)
                    for j in range(sit_start[p, child + 1] - at_c):
                        rown[d + 1, j] = rown[d, np.uint64(up_own[uc + np.uint64(j)])]
                    s_node[d + 1] = first_child[node]
                    s_sit[d + 1] = child
                    d += 1
                    entering = True
                else:
                    f = ft(deal_factor[sit])
                    for h in range(n_own):
                        val[d, h] *= f
                    done = True
                continue
            q = player[node]
            na = num_children[node]
            a = s_cur[d] + 1
            if q != p:
                while a < na:
                    live = 0
                    for j in range(n_opp):
                        x = ropp[d, j] * strat[d, a, j]
                        ropp[d + 1, j] = x
                        live += 1 if x != zero else 0
                    if live > 0 or (averaging and _any_row(rown, d, n_own)):
                        # In CFR a line the opponent never takes is still walked while the player
                        # reaches it: its strategy sums must follow its current strategy there (left
                        # stale, the average strategy stays exploitable where the opponent's best
                        # response can go).
                        break
                    a += 1
                if a < na:
                    for h in range(n_own):
                        rown[d + 1, h] = rown[d, h]
                    s_live[d + 1] = 1 if live > 0 else 0
            elif a < na:
                for j in range(n_opp):
                    ropp[d + 1, j] = ropp[d, j]
                s_live[d + 1] = s_live[d]
                for h in range(n_own):
                    rown[d + 1, h] = rown[d, h] * strat[d, a, h]
            if a < na:
                s_cur[d] = a
                s_node[d + 1] = first_child[node] + a
                s_sit[d + 1] = sit
                d += 1
                entering = True
                continue
            # All children done.
            if q == p:
                full = lock_off[node] >= 0 and lock_mix[node] >= 1.0
                if mode == MODE_BEST and not full:
                    # A locked node plays its lock in a best response too (below): the
                    # player may deviate only where it is free (Pio's and GTO+'s measure).
                    for h in range(n_own):
                        val[d, h] = cv[d, 0, h]
                    for b in range(1, na):
                        for h in range(n_own):
                            x = cv[d, b, h]
                            val[d, h] = x if x > val[d, h] else val[d, h]
                else:
                    for h in range(n_own):
                        val[d, h] = zero
                    for b in range(na):
                        for h in range(n_own):
                            val[d, h] += strat[d, b, h] * cv[d, b, h]
                if mode == MODE_CFR and update and not full:
                    base = node_off[node] + na * sit_store[p, sit]
                    restricted = lock_off[node] >= 0
                    if restricted:
                        # The regrets are the free part's: its value, not the blend's, is
                        # what each action is measured against; the blend's is kept aside.
                        _free_value(strat, cv, val, d, na, n_own, lock, lock_off[node],
                                    ft(lock_mix[node]), hand_own, lc_own, at_own, n_all)
                    if compressed:
                        _update_compressed(store, cum, rscale, cscale, node_block[node] + sit_local[sit],
                                           base, na, n_own, strat[d], cv[d], val[d], rown[d], dpos,
                                           dneg, dstrat, wstrat, plus, by_reach)
                    else:
                        # float32 throughout, on contiguous rows: these loops vectorise.
                        for b in range(na):
                            of = np.uint64(base + b * n_own)
                            if plus:
                                for h in range(n_own):
                                    i = of + np.uint64(h)
                                    r = store[i]
                                    r = r * (fp if r > zero else fn) + (cv[d, b, h] - val[d, h])
                                    store[i] = r if r > zero else zero
                            else:
                                for h in range(n_own):
                                    i = of + np.uint64(h)
                                    r = store[i]
                                    store[i] = r * (fp if r > zero else fn) + (cv[d, b, h] - val[d, h])
                            if by_reach:
                                for h in range(n_own):
                                    i = of + np.uint64(h)
                                    cum[i] = cum[i] * fs + fw * rown[d, h] * strat[d, b, h]
                            else:
                                for h in range(n_own):
                                    i = of + np.uint64(h)
                                    cum[i] = cum[i] * fs + fw * strat[d, b, h]
                    if restricted:
                        for h in range(n_own):
                            val[d, h] = strat[d, na, h]
            done = True
        # Back over all hands (0 for those not in the list): the first street's chance nodes
        # then add the subtrees' rows with whole-vector loops, in the calling threads' time.
        for h in range(n_all):
            outs[task, h] = 0.0
        ua = np.uint64(sit_start[p, sit0])
        for h in range(sit_start[p, sit0 + 1] - sit_start[p, sit0]):
            x = ua + np.uint64(h)
            hh = up_own[x] if near else hand_at(hand_own, lc_own, x)
            outs[task, np.uint64(hh)] = val[0, h]


_ZERO = np.zeros(1, dtype=np.int64)


def walk(root: int, sit0: int, p: int, r_opp0: np.ndarray, r_own0: np.ndarray, out: np.ndarray,
         T: tuple, D: tuple, S: tuple, prm: np.ndarray, mode: int, top_mode: int, top: tuple,
         W: tuple) -> None:
    """Player ``p``'s counterfactual values at ``root`` in situation ``sit0`` into ``out``
    (:func:`walk_roots` with one root; ``W`` is a :func:`workspace` for this player's hand
    counts). Python calls the one kernel, :func:`walk_roots`, for these walks and for the
    parallel subtrees alike: a kernel calling it would hold a compiled copy of its own."""
    walk_roots(np.full(1, root), np.full(1, sit0), _ZERO, p, r_opp0.reshape(1, -1),
               r_own0.reshape(1, -1), out.reshape(1, -1), T, D, S, prm, mode, top_mode, top, W)


@njit(cache=True, nogil=True)
def walk_both(w0, w1, out0, out1, T, D, S, prm, mode, top, W0, W1):
    """:func:`walk` for player 0, then for player 1, from the root (``w0``, ``w1``: the
    ranges): one call per CFR iteration of a tree without chance nodes (each call from Python
    costs microseconds of argument unboxing). The spot's board's lists hold every hand, so
    the values need no scattering back."""
    zero = np.zeros(1, dtype=np.int64)
    r0, r1 = w0.reshape(1, -1), w1.reshape(1, -1)
    walk_roots(zero, zero, zero, 0, r1, r0, out0.reshape(1, -1), T, D, S, prm, mode, 0, top, W0)
    walk_roots(zero, zero, zero, 1, r0, r1, out1.reshape(1, -1), T, D, S, prm, mode, 0, top, W1)


@njit(cache=True, nogil=True)
def combine_all(p, task_of, results, D, top_val):
    """The value at every first-street chance node (row ``k`` of ``top_val``) from its
    canonical subtrees' ``results`` rows (``task_of[k, c]``: the row of canonical card ``c``,
    -1 for other cards; rows over all hands), the isomorphic cards' with hands permuted,
    times the deal probability."""
    next_sit, next_perm, next_canon, deal_factor = D[1], D[2], D[3], D[4]
    perm_own = D[10] if p == 0 else D[11]
    n_own = perm_own.shape[1]
    f = deal_factor[0]
    for k in range(task_of.shape[0]):
        for h in range(n_own):
            top_val[k, h] = 0.0
        for c in range(52):
            if next_sit[0, c] < 0:
                continue
            kp = next_perm[0, c]
            r = task_of[k, next_canon[0, c]]
            if kp == 0:
                for h in range(n_own):
                    top_val[k, h] += results[r, h]
            else:
                for h in range(n_own):
                    top_val[k, h] += results[r, perm_own[kp, h]]
        for h in range(n_own):
            top_val[k, h] *= f


def task_buffer_bytes(hands: int, chance_nodes: int, canonical: int) -> int:
    """Bytes of a walker's task buffers for ``numba.get_num_threads()`` threads: three rows of
    ``hands`` values for each first-street chance node (its reach and value), and ``canonical``
    rows (the subtrees of one node) for one node more than there are threads."""
    threads = min(numba.get_num_threads(), chance_nodes * canonical)
    rows = 3 * max(chance_nodes, 1) + (threads + 1) * canonical * (canonical > 0)
    return 8 * hands * rows


_POOL: list[ThreadPoolExecutor] = []


def _pool() -> ThreadPoolExecutor:
    """The helper threads of the walks' parallel part (one fewer than numba's threads: the
    calling thread works too); the kernels release the GIL."""
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max(numba.config.NUMBA_NUM_THREADS - 1, 1),
                                        thread_name_prefix="spot-walk"))
    return _POOL[0]


class Walker:
    """Runs walks over a tree and deal, splitting at the first street's chance nodes.

    ``S`` is the storage bundle; ``prm`` the parameters (see the module docstring).
    ``single``: float32 workspaces (the solver's); else float64 (exact values, for measuring
    and browsing). ``share``: a walker of the same tree and deal whose task buffers this one
    uses too (the solver's and the measuring walks never run at once).
    """

    def __init__(self, tree: Tree, deal: Deal, layout: Layout, lock_off: np.ndarray,
                 single: bool = False, share: Walker | None = None,
                 lock_mix: np.ndarray | None = None) -> None:
        self.tree, self.deal, self.layout = tree, deal, layout
        self._dtype = np.float32 if single else np.float64
        self.T = tree_tuple(tree, layout, lock_off, lock_mix)
        self.D = deal_tuple(deal)
        self.max_depth, self.max_actions = tree_depth(tree)
        first = len(tree.spot.board) - 3
        index = np.full(tree.size, -1, dtype=np.int64)
        nodes = [n for n in range(tree.size) if tree.kind[n] == CHANCE and tree.street[n] == first]
        t_node, t_sit, t_top = [], [], []
        task_of = np.full((max(len(nodes), 1), 52), -1, dtype=np.int64)
        for k, n in enumerate(nodes):
            index[n] = k
            for c in range(52):
                if deal.next_sit[0, c] >= 0 and deal.next_perm[0, c] == 0:
                    task_of[k, c] = len(t_node)
                    t_node.append(int(tree.first_child[n]))
                    t_sit.append(int(deal.next_sit[0, c]))
                    t_top.append(k)
        self.chance_nodes = np.array(nodes, dtype=np.int64)
        self.t_node = np.array(t_node, dtype=np.int64)
        self.t_sit = np.array(t_sit, dtype=np.int64)
        self.t_top = np.array(t_top, dtype=np.int64)
        m = max(deal.num_hands)
        K = max(len(nodes), 1)
        # A chance node's tasks are consecutive: unit k is tasks u_start[k] .. u_start[k + 1];
        # task_local[k, c]: the row of canonical card c's task in its unit's rows.
        self.u_start = np.searchsorted(self.t_top, np.arange(K + 1)).astype(np.int64)
        self.task_local = np.where(task_of >= 0, task_of - self.u_start[:K, None], -1)
        per_unit = max(int(np.diff(self.u_start).max(initial=0)), 1)
        if share is not None:
            self.top, self.rows = share.top, share.rows
        else:
            self.top = (index, np.zeros((K, m)), np.zeros((K, m)), np.zeros((K, m)))
            # Rows for the units being walked, a (per_unit, m) block each, grown as threads
            # need them (:meth:`_run_tasks`).
            self.rows: list[np.ndarray] = []
        self._per_unit = per_unit
        nh = deal.num_hands
        # Per thread, the float memory of both players' workspaces, and per player and thread
        # their other buffers, shared with ``share`` (the two never walk at once); then this
        # walker's views of them.
        self._memory: tuple[list[np.ndarray], tuple[list[tuple], list[tuple]]] = (
            share._memory if share is not None else ([], ([], [])))
        self._task_W: tuple[list[tuple], list[tuple]] = ([], [])
        self.W = (self._space(0, 0), self._space(1, 0))
        self._out = (np.zeros(nh[0]), np.zeros(nh[1]))

    def _space(self, p: int, i: int) -> tuple:
        """Player ``p``'s workspace for thread ``i``, in this walker's float type."""
        nh = self.deal.num_hands
        md, ma = self.max_depth, self.max_actions
        raws, rests = self._memory[0], self._memory[1][p]
        views = self._task_W[p]
        while len(raws) <= i:
            raws.append(np.empty(workspace_floats(md, ma, max(nh))))
        while len(rests) <= i:
            rests.append(workspace_rest(md, nh[1 - p]))
        while len(views) <= i:
            k = len(views)
            views.append(workspace(md, ma, nh[p], nh[1 - p], self._dtype, raw=raws[k],
                                   rest=rests[k]))
        return views[i]

    def _run_tasks(self, p: int, S: tuple, prm: np.ndarray, mode: int) -> None:
        """The first street's chance subtrees on ``numba.get_num_threads()`` threads, and each
        first-street chance node's value from them (``top[3]``).

        Each thread claims the next block of tasks until none is left (the blocks are an
        eighth of a thread's share, within one chance node): a thread the machine's other
        work delays holds up one block, not a fixed half of the walk; waiting threads sleep
        instead of spinning. A chance node's subtrees write into a block of rows taken when
        its first block is claimed; the thread that finishes its last block combines them
        (:func:`combine_all`, in the same order whichever thread does it) and gives the rows
        back. Blocks are claimed in order, so at most one node more than there are threads
        holds rows: a few hundred kilobytes instead of a row for every task (1.3 MiB on a
        flop).
        """
        n = self.num_tasks
        threads = min(numba.get_num_threads(), n)
        spaces = [self._space(p, i) for i in range(threads)]
        m = max(self.deal.num_hands)
        while len(self.rows) < threads + 1:
            self.rows.append(np.zeros((self._per_unit, m)))
        block = max(1, -(-n // (8 * threads)))
        u = self.u_start
        blocks = [(k, lo, min(lo + block, int(u[k + 1])))
                  for k in range(u.shape[0] - 1) for lo in range(int(u[k]), int(u[k + 1]), block)]
        left = [-(-(int(u[k + 1]) - int(u[k])) // block) for k in range(u.shape[0] - 1)]
        free = list(range(threads + 1))
        held: dict[int, int] = {}
        claim = itertools.count()
        lock = threading.Lock()

        def worker(w: int) -> None:
            while True:
                with lock:
                    i = next(claim)
                    if i >= len(blocks):
                        return
                    k, lo, hi = blocks[i]
                    if k not in held:
                        held[k] = free.pop()
                    rows = self.rows[held[k]]
                walk_roots(self.t_node[lo:hi], self.t_sit[lo:hi], self.t_top[lo:hi], p,
                           self.top[1], self.top[2], rows[lo - u[k]:hi - u[k]], self.T, self.D,
                           S, prm, mode, 0, self.top, spaces[w])
                with lock:
                    left[k] -= 1
                    last = left[k] == 0
                if last:
                    combine_all(p, self.task_local[k:k + 1], rows, self.D, self.top[3][k:k + 1])
                    with lock:
                        free.append(held.pop(k))

        if threads == 1:
            worker(0)
            return
        futures = [_pool().submit(worker, w) for w in range(1, threads)]
        worker(0)
        for f in futures:
            f.result()

    @property
    def num_tasks(self) -> int:
        """Subtrees walked in parallel per walk."""
        return int(self.t_node.shape[0])

    @property
    def buffer_bytes(self) -> int:
        """Bytes of the task buffers."""
        return task_buffer_bytes(max(self.deal.num_hands), int(self.chance_nodes.shape[0]),
                                 self._per_unit if self.num_tasks else 0)

    def run(self, p: int, S: tuple, prm: np.ndarray, mode: int,
            r_opp: np.ndarray | None = None, r_own: np.ndarray | None = None) -> np.ndarray:
        """Player ``p``'s values at the root (reach defaults: the ranges); ``MODE_BEST``
        without rake walks relative to an even split of the starting pot and adds it back here
        (module docstring)."""
        d = self.deal
        ro = d.weights[1 - p] if r_opp is None else np.ascontiguousarray(r_opp, dtype=np.float64)
        rw = d.weights[p] if r_own is None else np.ascontiguousarray(r_own, dtype=np.float64)
        out = np.zeros(d.num_hands[p])
        self._walk_all(p, S, prm, mode, ro, rw, out)
        if mode == MODE_BEST and prm[P_RAKE_PCT] == 0.0:
            valid = np.zeros(d.num_hands[p])
            valid_reach(ro, d.cards[p], d.cards[1 - p], valid)
            out += prm[P_POT] / 2.0 * valid
        return out

    def run_cfr(self, S: tuple, prm: np.ndarray) -> None:
        """One CFR iteration's walks: player 0's, then player 1's (alternating updates)."""
        if self.num_tasks == 0:
            d = self.deal
            walk_both(d.weights[0], d.weights[1], self._out[0], self._out[1], self.T, self.D, S,
                      prm, MODE_CFR, self.top, self.W[0], self.W[1])
            return
        for p in (0, 1):
            self._walk_all(p, S, prm, MODE_CFR, self.deal.weights[1 - p], self.deal.weights[p],
                           self._out[p])

    def _walk_all(self, p: int, S: tuple, prm: np.ndarray, mode: int, ro: np.ndarray,
                  rw: np.ndarray, out: np.ndarray) -> None:
        W = self.W[p]
        if self.num_tasks == 0:
            walk(0, 0, p, ro, rw, out, self.T, self.D, S, prm, mode, 0, self.top, W)
            return
        rec = prm.copy()
        rec[P_UPDATE] = 0.0
        # Chance nodes the record pass does not reach (no opponent reach) keep zero reach.
        self.top[1][:] = 0.0
        self.top[2][:] = 0.0
        walk(0, 0, p, ro, rw, out, self.T, self.D, S, rec, mode, 1, self.top, W)
        self._run_tasks(p, S, prm, mode)
        walk(0, 0, p, ro, rw, out, self.T, self.D, S, prm, mode, 2, self.top, W)
