"""The vectorised walk over a spot's tree: one numba kernel, an explicit stack, no recursion.

A walk for player ``p`` carries down the opponent's reach vector (its range times its strategy
along the line) and ``p``'s own reach, and brings back ``p``'s counterfactual value of each
combo at every node: at the terminals by :mod:`pokerlab.spot.terminal` (exact card removal in
linear time), at a chance node as the sum over the cards dealt (each canonical card's subtree
walked with the reach of the hands holding it removed, its suit-isomorphic cards added with
the hands permuted) times the deal probability, at the opponent's nodes as the sum over its
actions, at ``p``'s nodes as

- ``MODE_CFR``: the current strategy (regret matching, or the node's lock) times the actions'
  values; the regrets and the strategy sums are updated (discounted CFR, see
  :mod:`pokerlab.spot.solver`);
- ``MODE_EVAL``: a fixed strategy (``S[0]``: a profile, or strategy sums, normalised per combo
  here; a locked node plays its lock) times the values;
- ``MODE_BEST``: the best action's value, combo by combo (a best response), the opponent
  playing ``S[0]``.

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
num_children, offset, stride, lock_offset); ``D`` = see :func:`deal_tuple`; ``S`` = (regret or
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
from pokerlab.spot.terminal import showdown_at, valid_reach, valid_reach_at
from pokerlab.spot.tree import CHANCE, DECISION, FOLD, SHOWDOWN, Tree

MODE_CFR, MODE_EVAL, MODE_BEST = 0, 1, 2
(P_POT, P_RAKE_PCT, P_RAKE_CAP, P_DPOS, P_DNEG, P_DSTRAT, P_WSTRAT, P_PLUS, P_UPDATE, P_REACH,
 P_COMP) = range(11)


def deal_tuple(deal: Deal) -> tuple:
    """The deal's arrays in the order the kernels read them."""
    return (deal.sit_local, deal.next_sit, deal.next_perm, deal.next_canon, deal.deal_factor,
            deal.sd_row, deal.cards[0], deal.cards[1], deal.same[0], deal.same[1],
            deal.hand_perm[0], deal.hand_perm[1], deal.sd_order[0], deal.sd_value[0],
            deal.sd_count[0], deal.sd_order[1], deal.sd_value[1], deal.sd_count[1],
            deal.sd_packed[0], deal.sd_packed[1])


def tree_tuple(tree: Tree, layout: Layout, lock_off: np.ndarray) -> tuple:
    """The tree's arrays in the order the kernels read them."""
    blocks = layout.block_base if layout.block_base is not None else np.zeros(tree.size, np.int64)
    return (tree.kind, tree.player, tree.commit, tree.first_child, tree.num_children,
            layout.offset, layout.stride, lock_off, blocks)


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


@njit(cache=True, nogil=True)
def workspace(max_depth, max_actions, n_own, n_opp):
    """The walk's per-depth buffers (allocated once per thread, not per walk), float64: the
    measuring and browsing walks (exact values of a strategy)."""
    return _workspace(max_depth, max_actions, n_own, n_opp, np.float64)


@njit(cache=True, nogil=True)
def workspace32(max_depth, max_actions, n_own, n_opp):
    """:func:`workspace` in float32 (reach, values, strategies; the card sums stay float64):
    the solver's walks, whose combo loops then run twice as many lanes wide."""
    return _workspace(max_depth, max_actions, n_own, n_opp, np.float32)


@njit(cache=True, nogil=True)
def _workspace(max_depth, max_actions, n_own, n_opp, ft):
    n_max = max(n_own, n_opp)
    return (np.empty((max_depth, n_opp), ft), np.empty((max_depth, n_own), ft),
            np.empty((max_depth, n_own), ft), np.empty((max_depth, max_actions + 1, n_max), ft),
            np.empty((max_depth, max_actions, n_own), ft), np.empty(max_depth, dtype=np.int64),
            np.empty(max_depth, dtype=np.int64), np.empty(max_depth, dtype=np.int64),
            np.empty((2, 52)), np.empty(max_depth, dtype=np.int64))


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
def walk_roots(roots, sits, cards, rows, p, src_opp, src_own, outs, T, D, S, prm, mode, top_mode,
               top, W):
    """Player ``p``'s counterfactual values at each ``roots[t]`` (situation ``sits[t]``) into
    ``outs[t, :hands]``: the opponent's and the player's reach rows ``src_opp[rows[t]]`` and
    ``src_own[rows[t]]``, the hands holding card ``cards[t]`` removed (none if -1, and their
    values 0). One call walks a block of a turn's or flop's chance subtrees: unpacking the
    array bundles costs reference counts once per call, not once per subtree.

    ``W`` is a :func:`workspace` for this player's hand counts. The per-depth buffers are
    indexed (``strat[d, a, h]``), never sliced into rows inside the loop: in numba each array
    view costs two atomic reference-count operations, a sixth of an iteration's time when
    every node took its rows as views. The flat storage is indexed with unsigned offsets:
    a signed ``store[o + h]`` gets numba's negative-index wraparound, which turns the
    vectorised loop into gathers.
    """
    kind, player, commit, first_child, num_children, node_off, node_stride, lock_off, node_block = T
    sit_local, next_sit, next_perm, next_canon, deal_factor, sd_row = D[:6]
    if p == 0:
        own_cards, opp_cards, same_own, perm_own = D[6], D[7], D[8], D[10]
        sdc_own, sdc_opp, sdp_own, sdp_opp = D[14], D[17], D[18], D[19]
    else:
        own_cards, opp_cards, same_own, perm_own = D[7], D[6], D[9], D[11]
        sdc_own, sdc_opp, sdp_own, sdp_opp = D[17], D[14], D[19], D[18]
    store, cum, lock, rscale, cscale = S
    top_index, top_opp, top_own, top_val = top
    n_own = own_cards.shape[0]
    n_opp = opp_cards.shape[0]
    ropp, rown, val, strat, cv, s_node, s_sit, s_cur, scratch, s_live = W
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
    for task in range(roots.shape[0]):
        # The reach from row rows[task] of the sources, the hands holding cards[task] removed.
        dealt = cards[task]
        for j in range(n_opp):
            ropp[0, j] = 0.0 if (opp_cards[j, 0] == dealt or opp_cards[j, 1] == dealt) \
                else src_opp[rows[task], j]
        for h in range(n_own):
            rown[0, h] = 0.0 if (own_cards[h, 0] == dealt or own_cards[h, 1] == dealt) \
                else src_own[rows[task], h]
        root = roots[task]
        sit0 = sits[task]
        s_node[0] = root
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
                k = kind[node]
                done = True
                if k >= FOLD and s_live[d] == 0:
                    for h in range(n_own):
                        val[d, h] = zero
                elif k == FOLD:
                    half = _half_pot(prm, commit[node, 0], commit[node, 1])
                    pay = -commit[node, p] if player[node] == p else 2.0 * half - commit[node, p]
                    pay -= shift
                    valid_reach_at(ropp, d, own_cards, opp_cards, same_own, pay, val, d, scratch)
                elif k == SHOWDOWN:
                    half = _half_pot(prm, commit[node, 0], commit[node, 1])
                    row = sd_row[sit]
                    showdown_at(ropp, d, sdp_own, sdp_opp, row, sdc_own[row], sdc_opp[row], same_own,
                                half, commit[node, p], val, d, scratch, zero_sum)
                else:
                    any_reach = s_live[d] > 0
                    ti = top_index[node] if k == CHANCE else -1
                    if ti >= 0 and top_mode == 1:
                        # Recorded even when nothing reaches it: the subtree walks read it.
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
                            base = node_off[node] + sit_local[sit] * node_stride[node]
                            lo = lock_off[node]
                            if lo >= 0:
                                for a in range(na):
                                    o = np.uint64(lo + a * nq)
                                    for h in range(nq):
                                        strat[d, a, h] = lock[o + np.uint64(h)]
                            else:
                                # Regret matching (CFR: the regrets' positive parts), or a fixed
                                # profile or strategy sums (never negative, so the same
                                # arithmetic), normalised per combo, uniform where they sum to
                                # 0 (the average then needs no copy of its own); action-major
                                # so the combo loops vectorise.
                                for h in range(nq):
                                    strat[d, na, h] = zero
                                for a in range(na):
                                    o = np.uint64(base + a * nq)
                                    for h in range(nq):
                                        x = ft(store[o + np.uint64(h)])
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
            if done:
                if d == 0:
                    break
                d -= 1
                node = s_node[d]
                sit = s_sit[d]
                a = s_cur[d]
                if kind[node] == CHANCE:
                    for h in range(n_own):
                        if own_cards[h, 0] == a or own_cards[h, 1] == a:
                            val[d + 1, h] = 0.0
                    for c in range(52):
                        if next_canon[sit, c] != a:
                            continue
                        kp = next_perm[sit, c]
                        if kp == 0:
                            for h in range(n_own):
                                val[d, h] += val[d + 1, h]
                        else:
                            for h in range(n_own):
                                val[d, h] += val[d + 1, perm_own[kp, h]]
                elif player[node] == p:
                    for h in range(n_own):
                        cv[d, a, h] = val[d + 1, h]
                else:
                    for h in range(n_own):
                        val[d, h] += val[d + 1, h]
                done = False
            # Descend into the next child of the node at depth d, or finish it.
            node = s_node[d]
            sit = s_sit[d]
            if kind[node] == CHANCE:
                c = s_cur[d] + 1
                while c < 52 and (next_sit[sit, c] < 0 or next_perm[sit, c] != 0):
                    c += 1
                if c < 52:
                    s_cur[d] = c
                    live = 0
                    for j in range(n_opp):
                        x = zero if (opp_cards[j, 0] == c or opp_cards[j, 1] == c) else ropp[d, j]
                        ropp[d + 1, j] = x
                        live += 1 if x != zero else 0
                    s_live[d + 1] = 1 if live > 0 else 0
                    for h in range(n_own):
                        rown[d + 1, h] = zero if (own_cards[h, 0] == c or own_cards[h, 1] == c) \
                            else rown[d, h]
                    s_node[d + 1] = first_child[node]
                    s_sit[d + 1] = next_sit[sit, c]
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
                if mode == MODE_BEST:
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
                if mode == MODE_CFR and update and lock_off[node] < 0:
                    base = node_off[node] + sit_local[sit] * node_stride[node]
                    dpos, dneg, dstrat, wstrat = prm[P_DPOS], prm[P_DNEG], prm[P_DSTRAT], prm[P_WSTRAT]
                    fp, fn = ft(dpos), ft(dneg)
                    fs, fw = ft(dstrat), ft(wstrat)
                    if compressed:
                        _update_compressed(store, cum, rscale, cscale, node_block[node] + sit_local[sit],
                                           base, na, n_own, strat[d], cv[d], val[d], rown[d], dpos,
                                           dneg, dstrat, wstrat, plus, by_reach)
                    else:
                        # float32 throughout, on contiguous rows: these loops vectorise.
                        for b in range(na):
                            o = np.uint64(base + b * n_own)
                            if plus:
                                for h in range(n_own):
                                    i = o + np.uint64(h)
                                    r = store[i]
                                    r = r * (fp if r > zero else fn) + (cv[d, b, h] - val[d, h])
                                    store[i] = r if r > zero else zero
                            else:
                                for h in range(n_own):
                                    i = o + np.uint64(h)
                                    r = store[i]
                                    store[i] = r * (fp if r > zero else fn) + (cv[d, b, h] - val[d, h])
                            if by_reach:
                                for h in range(n_own):
                                    i = o + np.uint64(h)
                                    cum[i] = cum[i] * fs + fw * rown[d, h] * strat[d, b, h]
                            else:
                                for h in range(n_own):
                                    i = o + np.uint64(h)
                                    cum[i] = cum[i] * fs + fw * strat[d, b, h]
            done = True
        for h in range(n_own):
            held = own_cards[h, 0] == dealt or own_cards[h, 1] == dealt
            outs[task, h] = 0.0 if held else val[0, h]


@njit(cache=True, nogil=True)
def walk(root, sit0, p, r_opp0, r_own0, out, T, D, S, prm, mode, top_mode, top, W):
    """Player ``p``'s counterfactual values at ``root`` in situation ``sit0`` into ``out``
    (:func:`walk_roots` with one root; ``W`` is a :func:`workspace` for this player's hand
    counts)."""
    walk_roots(np.full(1, root), np.full(1, sit0), np.full(1, -1), np.zeros(1, dtype=np.int64),
               p, r_opp0.reshape(1, -1), r_own0.reshape(1, -1), out.reshape(1, -1), T, D, S, prm,
               mode, top_mode, top, W)


@njit(cache=True, nogil=True)
def walk_both(w0, w1, out0, out1, T, D, S, prm, mode, top, W0, W1):
    """:func:`walk` for player 0, then for player 1, from the root (``w0``, ``w1``: the
    ranges): one call per CFR iteration of a tree without chance nodes (each call from Python
    costs microseconds of argument unboxing)."""
    zero = np.zeros(1, dtype=np.int64)
    none = np.full(1, -1)
    r0, r1 = w0.reshape(1, -1), w1.reshape(1, -1)
    walk_roots(zero, zero, none, zero, 0, r1, r0, out0.reshape(1, -1), T, D, S, prm, mode, 0, top,
               W0)
    walk_roots(zero, zero, none, zero, 1, r0, r1, out1.reshape(1, -1), T, D, S, prm, mode, 0, top,
               W1)


@njit(cache=True, nogil=True)
def walk_tasks(lo, hi, p, t_node, t_sit, t_card, t_top, T, D, S, prm, mode, top, results, W):
    """Tasks ``lo .. hi - 1`` (first-street chance subtrees); values into ``results[i, :n_own]``.

    One call per block of tasks (:func:`walk_roots`), the workspace ``W`` the calling thread's
    own; no allocation per task.
    """
    walk_roots(t_node[lo:hi], t_sit[lo:hi], t_card[lo:hi], t_top[lo:hi], p, top[1], top[2],
               results[lo:hi], T, D, S, prm, mode, 0, top, W)


@njit(cache=True, nogil=True)
def combine_all(p, task_of, results, D, top_val):
    """:func:`combine_chance` at every first-street chance node (row ``k`` of ``top_val``)."""
    n_own = D[10].shape[1] if p == 0 else D[11].shape[1]
    for k in range(task_of.shape[0]):
        combine_chance(p, 0, task_of[k], results[:, :n_own], D, top_val[k, :n_own])


@njit(cache=True, nogil=True)
def combine_chance(p, sit, task_of, results, D, out):
    """Value at a first-street chance node from its canonical subtrees' ``results`` rows.

    ``task_of[c]`` is the row of ``results`` for canonical card ``c`` (-1 otherwise).
    """
    next_sit, next_perm, next_canon, deal_factor = D[1], D[2], D[3], D[4]
    perm_own = D[10] if p == 0 else D[11]
    n_own = out.shape[0]
    out[:] = 0.0
    for c in range(52):
        if next_sit[sit, c] < 0:
            continue
        kp = next_perm[sit, c]
        r = results[task_of[next_canon[sit, c]]]
        if kp == 0:
            for h in range(n_own):
                out[h] += r[h]
        else:
            pm = perm_own[kp]
            for h in range(n_own):
                out[h] += r[pm[h]]
    f = deal_factor[sit]
    for h in range(n_own):
        out[h] *= f


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
    ``single``: float32 workspaces (:func:`workspace32`, the solver's); else float64 (exact
    values, for measuring and browsing).
    """

    def __init__(self, tree: Tree, deal: Deal, layout: Layout, lock_off: np.ndarray,
                 single: bool = False) -> None:
        self.tree, self.deal, self.layout = tree, deal, layout
        self._space = workspace32 if single else workspace
        self.T = tree_tuple(tree, layout, lock_off)
        self.D = deal_tuple(deal)
        self.max_depth, self.max_actions = tree_depth(tree)
        first = len(tree.spot.board) - 3
        index = np.full(tree.size, -1, dtype=np.int64)
        nodes = [n for n in range(tree.size) if tree.kind[n] == CHANCE and tree.street[n] == first]
        t_node, t_sit, t_card, t_top = [], [], [], []
        task_of = np.full((max(len(nodes), 1), 52), -1, dtype=np.int64)
        for k, n in enumerate(nodes):
            index[n] = k
            for c in range(52):
                if deal.next_sit[0, c] >= 0 and deal.next_perm[0, c] == 0:
                    task_of[k, c] = len(t_node)
                    t_node.append(int(tree.first_child[n]))
                    t_sit.append(int(deal.next_sit[0, c]))
                    t_card.append(c)
                    t_top.append(k)
        self.chance_nodes = np.array(nodes, dtype=np.int64)
        self.task_of = task_of
        self.t_node = np.array(t_node, dtype=np.int64)
        self.t_sit = np.array(t_sit, dtype=np.int64)
        self.t_card = np.array(t_card, dtype=np.int64)
        self.t_top = np.array(t_top, dtype=np.int64)
        m = max(deal.num_hands)
        K = max(len(nodes), 1)
        self.top = (index, np.zeros((K, m)), np.zeros((K, m)), np.zeros((K, m)))
        self.results = np.zeros((max(len(t_node), 1), m))
        nh = deal.num_hands
        self.W = tuple(self._space(self.max_depth, self.max_actions, nh[p], nh[1 - p]) for p in (0, 1))
        self._task_W: tuple[list[tuple], list[tuple]] = ([self.W[0]], [self.W[1]])
        self._out = (np.zeros(nh[0]), np.zeros(nh[1]))

    def _run_tasks(self, p: int, S: tuple, prm: np.ndarray, mode: int) -> None:
        """The first street's chance subtrees on ``numba.get_num_threads()`` threads.

        Each thread claims the next block of tasks until none is left (the blocks are an
        eighth of a thread's share): a thread the machine's other work delays holds up one
        block, not a fixed half of the walk; waiting threads sleep instead of spinning.
        """
        n = self.num_tasks
        threads = min(numba.get_num_threads(), n)
        args = (p, self.t_node, self.t_sit, self.t_card, self.t_top, self.T, self.D, S, prm, mode,
                self.top, self.results)
        spaces = self._task_W[p]
        nh = self.deal.num_hands
        while len(spaces) < threads:
            spaces.append(self._space(self.max_depth, self.max_actions, nh[p], nh[1 - p]))
        if threads == 1:
            walk_tasks(0, n, *args, spaces[0])
            return
        block = max(1, -(-n // (8 * threads)))
        claim = itertools.count()
        lock = threading.Lock()

        def worker(w: int) -> None:
            while True:
                with lock:
                    lo = next(claim) * block
                if lo >= n:
                    return
                walk_tasks(lo, min(lo + block, n), *args, spaces[w])

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
        return int(sum(a.nbytes for a in self.top[1:]) + self.results.nbytes)

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
            valid_reach(ro, d.cards[p], d.cards[1 - p], d.same[p], valid)
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
        combine_all(p, self.task_of[:self.chance_nodes.shape[0]], self.results, self.D,
                    self.top[3])
        walk(0, 0, p, ro, rw, out, self.T, self.D, S, prm, mode, 2, self.top, W)
