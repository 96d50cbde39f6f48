"""Numba kernels of Loki-2 (Peña 1999): the probability-triple function, PT re-weighting of a
whole weight table, and the selective-sampling simulation (``docs/loki2.md``).

- :func:`cascade_action`: Loki-1's post-flop cascade (make2, make1, semi-bluff, pot odds,
  showdown odds) as a pure action; a test checks it against
  :func:`pokerlab.agents.loki.postflop.postflop_decision` on random situations.
- :func:`pt_triple`: the cascade smoothed by a window ``[-w, +w]`` on every hand quantity: the
  exact average of the pure action over the window (linear interpolation across each line).
- :func:`pt_reweight`: every holding's weight times the PT entry of the observed action;
  :func:`net_reweight`: times the hand-strength network's probability of it instead.
- :func:`simulate`: selective-sampling trials; each trial deals the opponents' hands from their
  weight tables (folded opponents by income-rate percentile), the rest of the board, and plays
  the hand out twice (first action check/call, then bet/raise) with PT-chosen actions, or
  always-call; returns the two mean values in chips, counted from the decision on.
- :func:`play_trial`: one trial's betting and showdown, with an action log and the 19 Davidson
  inputs of each decision (a test replays the log through the engine and checks the same
  payoffs and inputs); an opponent with a learned model (:func:`network_triple`,
  :func:`tree_triple`) acts by that model's triple instead of the PT.

Hand values inside trials and re-weighting: HS_1 of a holding against one random holding
(exact card removal, as :func:`~pokerlab.agents.modelling._board_kernels.holding_strengths`),
HS_n = HS_1 ** k over its k live opponents, PPOT_c
(:func:`~pokerlab.agents.modelling._board_kernels.crude_potential`).

Action codes: 0 fold, 1 check/call, 2 bet/raise. Parameters ``params`` (float64 array):
``[make1, make2, width, semi_bluffing, pot_odds, showdown_odds]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.agents.modelling._board_kernels import crude_potential
from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, eval_key, key_of, mask_of

_HOLDING = np.zeros((1326, 2), dtype=np.int64)
for _hi in range(1, 52):
    for _lo in range(_hi):
        _HOLDING[_hi * (_hi - 1) // 2 + _lo] = (_lo, _hi)

FOLD_A, CALL_A, RAISE_A = 0, 1, 2


@njit(cache=True)
def cascade_action(ehs: float, hs_n: float, ppot: float, win: float, to_call: float, pot: float,
                   bet: float, level: int, street: int, called: bool, future: float,
                   can_raise: bool, params: np.ndarray) -> int:
    """Loki-1's post-flop cascade (no check-raise, no semi-bluff follow-up): 0 fold, 1
    check/call, 2 bet/raise. ``win`` is the showdown-odds chance (EHS with NPOT)."""
    make1, make2 = params[0], params[1]
    bets_to_call = int(to_call / bet + 0.5) if bet > 0 else 0
    if ehs >= make2:
        if level < 2 and can_raise:
            return 2
        return 1
    if ehs >= make1:
        if to_call == 0:
            return 2 if can_raise else 1
        if bets_to_call < 2 or called:
            return 1
    if to_call == 0 and params[3] > 0 and can_raise and ppot >= 2.0 / (pot / bet + 6.0):
        return 2
    if to_call > 0 and params[4] > 0:
        chance = hs_n if street == 3 else ppot
        if chance >= to_call / (pot + to_call):
            return 1
    if to_call > 0 and params[5] > 0 and win >= (to_call + future) / (pot + to_call + 2.0 * future):
        return 1
    return 1 if to_call == 0 else 0


@njit(cache=True)
def pt_triple(ehs: float, hs_n: float, ppot: float, win: float, to_call: float, pot: float,
              bet: float, level: int, street: int, called: bool, future: float,
              can_raise: bool, params: np.ndarray) -> np.ndarray:
    """``[f, c, r]``: the cascade's action averaged over a shift ``t`` uniform in
    ``[-w, w]`` of every hand quantity (pure when ``w`` is 0)."""
    out = np.zeros(3)
    w = params[2]
    if w <= 0.0:
        out[cascade_action(ehs, hs_n, ppot, win, to_call, pot, bet, level, street, called,
                           future, can_raise, params)] = 1.0
        return out
    # Breakpoints of t where some comparison flips.
    cuts = np.empty(7)
    cuts[0] = -w
    cuts[1] = params[0] - ehs
    cuts[2] = params[1] - ehs
    cuts[3] = (2.0 / (pot / bet + 6.0) - ppot) if bet > 0 else -w
    chance = hs_n if street == 3 else ppot
    cuts[4] = (to_call / (pot + to_call) - chance) if to_call > 0 else -w
    cuts[5] = ((to_call + future) / (pot + to_call + 2.0 * future) - win) if to_call > 0 else -w
    cuts[6] = w
    for i in range(7):
        cuts[i] = min(max(cuts[i], -w), w)
    cuts.sort()
    for i in range(6):
        span = cuts[i + 1] - cuts[i]
        if span <= 0.0:
            continue
        t = 0.5 * (cuts[i] + cuts[i + 1])
        a = cascade_action(ehs + t, hs_n + t, ppot + t, win + t, to_call, pot, bet, level,
                           street, called, future, can_raise, params)
        out[a] += span / (2.0 * w)
    return out


@njit(cache=True)
def pick(triple: np.ndarray, u: float) -> int:
    """The action a number ``u`` in [0, 1) picks from a triple: fold iff ``u < f``, call iff
    ``f <= u < f + c``, raise otherwise."""
    if u < triple[0]:
        return 0
    if u < triple[0] + triple[1]:
        return 1
    return 2


@njit(cache=True)
def pt_reweight(weights: np.ndarray, hs1: np.ndarray, ppot_c: np.ndarray, opponents: int,
                to_call: float, pot: float, bet: float, level: int, street: int, called: bool,
                future: float, can_raise: bool, action: int, params: np.ndarray,
                lowest: float) -> None:
    """In place: each live holding's weight times its PT entry for ``action``, at least
    ``lowest`` (holdings of weight 0 or NaN value are left alone)."""
    for idx in range(1326):
        if weights[idx] == 0.0 or np.isnan(hs1[idx]):
            continue
        hs_n = hs1[idx] ** opponents
        pp = 0.0 if street == 3 else ppot_c[idx]
        ehs = hs_n + (1.0 - hs_n) * pp
        t = pt_triple(ehs, hs_n, pp, ehs, to_call, pot, bet, level, street, called, future,
                      can_raise, params)
        weights[idx] = max(weights[idx] * t[action], lowest)


@njit(cache=True)
def holding_values(board: np.ndarray) -> np.ndarray:
    """Value of every holding (``combo_index`` order) on a board of 3 to 5 cards (-1 where it
    uses a board card)."""
    used = np.zeros(52, dtype=np.bool_)
    for c in board:
        used[c] = True
    now = np.full(1326, -1, dtype=np.int32)
    bkey = key_of(board)
    bmask = mask_of(board)
    for hi in range(1, 52):
        if used[hi]:
            continue
        kh = bkey + CARD_KEY[hi]
        mh = bmask | CARD_MASK[hi]
        for lo in range(hi):
            if not used[lo]:
                now[hi * (hi - 1) // 2 + lo] = eval_key(kh + CARD_KEY[lo], mh | CARD_MASK[lo])
    return now


@njit(cache=True)
def strength_of(now: np.ndarray, idx: int) -> float:
    """HS of holding ``idx`` against one random holding of the other unseen cards."""
    a, b = _HOLDING[idx, 0], _HOLDING[idx, 1]
    v = now[idx]
    below = 0.0
    equal = 0.0
    for j in range(1326):
        u = now[j]
        if u < 0:
            continue
        c, d = _HOLDING[j, 0], _HOLDING[j, 1]
        if c in (a, b) or d in (a, b):
            continue
        if u < v:
            below += 1.0
        elif u == v:
            equal += 1.0
    total = 0.0
    for j in range(1326):
        if now[j] >= 0:
            c, d = _HOLDING[j, 0], _HOLDING[j, 1]
            if not (c in (a, b) or d in (a, b)):
                total += 1.0
    return (below + 0.5 * equal) / total if total > 0 else 0.5


@njit(cache=True)
def _draw_holding(used: np.ndarray, table: np.ndarray, peak: float, by_weight: bool) -> int:
    """A holding of two unused cards: kept when ``table / peak >= u`` (``by_weight``) or when
    ``table < u`` (income-rate percentile); after 64 rejections drawn in proportion."""
    for _ in range(64):
        a = np.random.randint(52)
        b = np.random.randint(52)
        if a == b or used[a] or used[b]:
            continue
        hi, lo = (a, b) if a > b else (b, a)
        idx = hi * (hi - 1) // 2 + lo
        u = np.random.random()
        if by_weight:
            if table[idx] > 0.0 and table[idx] / peak >= u:
                return idx
        elif table[idx] < u:
            return idx
    total = 0.0
    for idx in range(1326):
        if not used[_HOLDING[idx, 0]] and not used[_HOLDING[idx, 1]]:
            total += table[idx] if by_weight else 1.0 - table[idx]
    x = np.random.random() * total
    last = -1
    for idx in range(1326):
        if not used[_HOLDING[idx, 0]] and not used[_HOLDING[idx, 1]]:
            x -= table[idx] if by_weight else 1.0 - table[idx]
            last = idx
            if x <= 0.0:
                return idx
    return last


NET_SIZE = 19 * 4 + 4 + 4 * 3 + 3
"""Length of a flattened 19 x 4 x 3 network: w1 (row-major), b1, w2 (row-major), b2."""
STRENGTH_NET_SIZE = 21 * 4 + 4 + 4 * 3 + 3
"""Length of a flattened 21 x 4 x 3 hand-strength network (the rows of ``nets`` are this long
when one is among them; a 19-input network fills the first :data:`NET_SIZE`)."""


@njit(cache=True)
def _sig(z: float) -> float:
    z = min(max(z, -40.0), 40.0)
    return 1.0 / (1.0 + np.exp(-z))


@njit(cache=True)
def network_triple(net: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The normalised outputs of a flattened ``x.size`` x 4 x 3 sigmoid network on inputs
    ``x`` (layout: w1 row-major, b1, w2 row-major, b2; 19 inputs for Davidson's network, 21
    for the hand-strength network)."""
    m = x.size
    h = np.zeros(4)
    for j in range(4):
        z = net[m * 4 + j]
        for i in range(m):
            z += x[i] * net[i * 4 + j]
        h[j] = _sig(z)
    out = np.zeros(3)
    total = 0.0
    for k in range(3):
        z = net[m * 4 + 16 + k]
        for j in range(4):
            z += h[j] * net[m * 4 + 4 + j * 3 + k]
        out[k] = _sig(z)
        total += out[k]
    for k in range(3):
        out[k] /= total
    return out


@njit(cache=True)
def net_reweight(weights: np.ndarray, hs1: np.ndarray, ppot_c: np.ndarray, x: np.ndarray,
                 net: np.ndarray, action: int, lowest: float) -> None:
    """In place: each live holding's weight times the hand-strength network's probability of
    ``action`` for that holding (inputs: the decision's 19 ``x``, the holding's HS_1 and
    PPOT_c), at least ``lowest`` (holdings of weight 0 or NaN value are left alone)."""
    row = np.zeros(x.size + 2)
    row[: x.size] = x
    for idx in range(1326):
        if weights[idx] == 0.0 or np.isnan(hs1[idx]):
            continue
        row[x.size] = hs1[idx]
        row[x.size + 1] = ppot_c[idx]
        t = network_triple(net, row)
        weights[idx] = max(weights[idx] * t[action], lowest)


@njit(cache=True)
def tree_triple(tree_i: np.ndarray, tree_t: np.ndarray, tree_v: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The leaf triple of a tree (``tree_i`` rows left, right, feature) for inputs ``x``."""
    node = 0
    while tree_i[0, node] >= 0:
        node = tree_i[0, node] if x[tree_i[2, node]] <= tree_t[node] else tree_i[1, node]
    return tree_v[node].copy()


@njit(cache=True)
def play_trial(holes: np.ndarray, board: np.ndarray, street: int, me: int,
               live_in: np.ndarray, bets_in: np.ndarray, acted_in: np.ndarray,
               called_in: np.ndarray, pot_in: float, level_in: int, street_bets: np.ndarray,
               max_bets: int, first: int, policy: int, us: np.ndarray, hs1: np.ndarray,
               ppot: np.ndarray, params: np.ndarray, log: np.ndarray, ctx_in: np.ndarray,
               counts_in: np.ndarray, kinds: np.ndarray, nets: np.ndarray, tree_i: np.ndarray,
               tree_t: np.ndarray, tree_v: np.ndarray, flog: np.ndarray) -> tuple[float, int]:
    """Play one trial from ``me``'s decision: ``first`` (1 check/call, 2 bet/raise) for ``me``,
    then every action by the PT (``policy`` 0) or a call (``policy`` 1); an opponent ``p``
    with ``kinds[p]`` 1 (network ``nets[p]``), 2 (tree ``tree_*[p]``) or 3 (hand-strength
    network ``nets[p]``, fed the 19 inputs, its HS_1 and its PPOT_c on the street's board)
    acts by its learned model's triple instead of the PT. ``hs1[s, p]`` and ``ppot[s, p]``
    are player ``p``'s HS_1 and PPOT_c on street ``s``'s board. ``ctx_in[p]`` holds what
    Davidson's inputs need of the hand so far: chips in the pot, committed this round, acted
    this round, its previous decision faced a bet, its previous action was a raise;
    ``counts_in`` the hand's bets and calls. Returns ``me``'s chips won from the decision on
    (share of the final pot minus chips put in) and the number of actions written to ``log``
    (rows ``street, position, kind``; ``flog`` gets each decision's 19 inputs)."""
    n = live_in.size
    live = live_in.copy()
    bets = bets_in.copy()
    acted = acted_in.copy()
    called = called_in.copy()
    ctx = ctx_in.copy()
    n_bets = counts_in[0]
    n_calls = counts_in[1]
    pot = pot_in
    level = level_in
    s = street
    mine = 0.0
    logged = 0
    actor = me
    forced = True
    n_live = 0
    for p in range(n):
        if live[p]:
            n_live += 1
    x = np.zeros(19)
    x21 = np.zeros(21)
    while True:
        # Davidson's board inputs of this street's board
        nb = 2 + s
        suits = np.zeros(4, dtype=np.int64)
        ace = 0.0
        king = 0.0
        akq = 0.0
        for i in range(nb):
            suits[board[i] & 3] += 1
            r = board[i] >> 2
            if r == 12:
                ace = 1.0
            if r == 11:
                king = 1.0
            if r >= 10:
                akq += 1.0
        flush = 1.0 if suits.max() >= 3 else 0.0
        # -- one round from ``actor`` on
        while True:
            max_bet = 0.0
            for p in range(n):
                if bets[p] > max_bet:
                    max_bet = bets[p]
            done = True
            for p in range(n):
                if live[p] and (not acted[p] or bets[p] < max_bet):
                    done = False
            if done or n_live == 1:
                break
            p = actor
            to_call = max_bet - bets[p]
            bet = float(street_bets[s])
            can_raise = level < max_bets
            x[:] = 0.0
            if to_call > 0:
                x[0] = to_call / (pot + to_call)
            if n_bets + n_calls > 0:
                x[1] = n_bets / (n_bets + n_calls)
            x[2] = ctx[p, 0] / pot if pot > 0 else 0.0
            x[3] = ctx[p, 1]
            btc = int(np.ceil(to_call / bet)) if to_call > 0 else 0
            x[4 + min(btc, 2)] = 1.0
            x[6 + s] = 1.0
            x[10] = ctx[p, 3]
            x[11] = ctx[p, 4]
            x[12] = n / 10.0
            x[13] = n_live / 10.0
            unacted = 0
            for q in range(n):
                if q != p and live[q] and ctx[q, 2] == 0.0:
                    unacted += 1
            x[14] = unacted / 10.0
            x[15] = flush
            x[16] = ace
            x[17] = king
            x[18] = akq / nb
            if logged < flog.shape[0]:
                flog[logged] = x
            if forced:
                a = first
                forced = False
            elif policy == 1:
                a = 1
            elif p != me and kinds[p] == 1:
                a = pick(network_triple(nets[p], x), us[p])
            elif p != me and kinds[p] == 2:
                a = pick(tree_triple(tree_i[p], tree_t[p], tree_v[p], x), us[p])
            elif p != me and kinds[p] == 3:
                x21[:19] = x
                x21[19] = hs1[s, p]
                x21[20] = 0.0 if s == 3 else ppot[s, p]
                a = pick(network_triple(nets[p], x21), us[p])
            else:
                k = n_live - 1
                hs_n = hs1[s, p] ** k
                pp = 0.0 if s == 3 else ppot[s, p]
                ehs = hs_n + (1.0 - hs_n) * pp
                future = 0.0
                for t in range(s + 1, 4):
                    future += street_bets[t]
                tri = pt_triple(ehs, hs_n, pp, ehs, to_call, pot, bet, level, s, called[p],
                                future, can_raise, params)
                a = pick(tri, us[p])
            if a == 0 and to_call == 0:
                a = 1
            if a == 2 and not can_raise:
                a = 1
            log[logged, 0] = s
            log[logged, 1] = p
            log[logged, 2] = a
            logged += 1
            ctx[p, 2] = 1.0
            ctx[p, 3] = 1.0 if to_call > 0 else 0.0
            ctx[p, 4] = 1.0 if a == 2 else 0.0
            if a == 0:
                live[p] = False
                n_live -= 1
            elif a == 1:
                pot += to_call
                bets[p] += to_call
                ctx[p, 0] += to_call
                if p == me:
                    mine += to_call
                if to_call > 0:
                    called[p] = True
                    ctx[p, 1] = 1.0
                    n_calls += 1.0
                acted[p] = True
            else:
                pay = max_bet + bet - bets[p]
                pot += pay
                bets[p] += pay
                ctx[p, 0] += pay
                ctx[p, 1] = 1.0
                n_bets += 1.0
                if p == me:
                    mine += pay
                level += 1
                for q in range(n):
                    acted[q] = False
                acted[p] = True
            if n_live == 1:
                break
            actor = (actor + 1) % n
            while not live[actor]:
                actor = (actor + 1) % n
        if n_live == 1 or s == 3:
            break
        s += 1
        for p in range(n):
            bets[p] = 0.0
            acted[p] = False
            called[p] = False
            ctx[p, 1] = 0.0
            ctx[p, 2] = 0.0
        level = 0
        actor = 0
        while not live[actor]:
            actor += 1
    if not live[me]:
        return -mine, logged
    if n_live == 1:
        return pot - mine, logged
    best = -1
    ours = 0
    winners = 0
    key5 = key_of(board)
    mask5 = mask_of(board)
    for p in range(n):
        if live[p]:
            v = eval_key(key5 + CARD_KEY[holes[p, 0]] + CARD_KEY[holes[p, 1]],
                         mask5 | CARD_MASK[holes[p, 0]] | CARD_MASK[holes[p, 1]])
            if p == me:
                ours = v
            if v > best:
                best = v
                winners = 1
            elif v == best:
                winners += 1
    if ours == best:
        return pot / winners - mine, logged
    return -mine, logged


@njit(cache=True)
def simulate(hole: np.ndarray, board: np.ndarray, street: int, me: int, live: np.ndarray,
             weights: np.ndarray, ir_pct: np.ndarray, bets: np.ndarray, acted: np.ndarray,
             called: np.ndarray, pot: float, level: int, street_bets: np.ndarray, max_bets: int,
             policy: int, trials: int, params: np.ndarray, seed: int, ctx: np.ndarray,
             counts: np.ndarray, kinds: np.ndarray, nets: np.ndarray, tree_i: np.ndarray,
             tree_t: np.ndarray, tree_v: np.ndarray) -> np.ndarray:
    """Selective-sampling simulation: ``[EV(check/call), EV(bet/raise), sd(call), sd(raise)]``
    in chips from the decision on (EV(bet/raise) is NaN when a raise is not legal). The
    learned-model arrays are :func:`play_trial`'s."""
    np.random.seed(seed)
    n = live.size
    known = board.size
    peaks = np.zeros(n)
    for p in range(n):
        for idx in range(1326):
            if weights[p, idx] > peaks[p]:
                peaks[p] = weights[p, idx]
    holes = np.zeros((n, 2), dtype=np.int64)
    full = np.zeros(5, dtype=np.int64)
    used = np.zeros(52, dtype=np.bool_)
    hs1 = np.zeros((4, n))
    ppot = np.zeros((4, n))
    us = np.zeros(n)
    log = np.zeros((512, 3), dtype=np.int64)
    flog = np.zeros((0, 19))
    sums = np.zeros(2)
    squares = np.zeros(2)
    max_bet = 0.0
    for p in range(n):
        max_bet = max(max_bet, bets[p])
    can_raise = level < max_bets
    idx_of = np.zeros(n, dtype=np.int64)
    for _ in range(trials):
        used[:] = False
        holes[me, 0] = hole[0]
        holes[me, 1] = hole[1]
        used[hole[0]] = True
        used[hole[1]] = True
        for c in board:
            used[c] = True
        for p in range(n):
            if p == me:
                continue
            if live[p] and peaks[p] > 0:
                idx = _draw_holding(used, weights[p], peaks[p], True)
            else:
                idx = _draw_holding(used, ir_pct, 1.0, False)
            holes[p, 0] = _HOLDING[idx, 0]
            holes[p, 1] = _HOLDING[idx, 1]
            used[holes[p, 0]] = True
            used[holes[p, 1]] = True
        for i in range(known):
            full[i] = board[i]
        for i in range(known, 5):
            c = np.random.randint(52)
            while used[c]:
                c = np.random.randint(52)
            used[c] = True
            full[i] = c
        for p in range(n):
            us[p] = np.random.random()
            a, b = holes[p, 0], holes[p, 1]
            hi, lo = (a, b) if a > b else (b, a)
            idx_of[p] = hi * (hi - 1) // 2 + lo
        if policy == 0:
            for s in range(street, 4):
                now = holding_values(full[: 2 + s])
                pc = crude_potential(full[: 2 + s].astype(np.uint8)) if s < 3 else now * 0.0
                for p in range(n):
                    if live[p]:
                        hs1[s, p] = strength_of(now, idx_of[p])
                        ppot[s, p] = pc[idx_of[p]] if s < 3 else 0.0
        for branch in range(2):
            if branch == 1 and not can_raise:
                continue
            value, _ = play_trial(holes, full, street, me, live, bets, acted, called, pot,
                                  level, street_bets, max_bets, branch + 1, policy, us, hs1, ppot,
                                  params, log, ctx, counts, kinds, nets, tree_i, tree_t, tree_v,
                                  flog)
            sums[branch] += value
            squares[branch] += value * value
    out = np.full(4, np.nan)
    for branch in range(2):
        if branch == 1 and not can_raise:
            continue
        mean = sums[branch] / trials
        out[branch] = mean
        var = squares[branch] / trials - mean * mean
        out[2 + branch] = np.sqrt(max(var, 0.0) / trials)
    return out
