"""Numba kernel of the three-way showdown terms of a push/fold terminal."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def three_way_terms(joint, counts, samples, order_code, r0, r1, r2, h0, h1, h2, q):
    """Sum a three-way showdown's terms over every triple of classes.

    Players 0, 1, 2 are the showdown's players in seat order, ``r0..r2`` their reach (169
    each). For each finishing order ``o`` (a code ``9 * rank0 + 3 * rank1 + rank2``) adds:
    ``h0[a, o]``: the chance, given player 0 holds ``a``, that the others hold classes ``b, c``
    and reach here and the order is ``o``, summed over ``b, c`` (likewise ``h1``, ``h2``);
    ``q[o]``: the unconditional chance of reaching here with order ``o``.
    ``order_code[p, code]`` maps a code of the sorted triple to the players' code, for the
    permutation ``p`` (see :func:`permutation_codes`).
    """
    n = 169
    total = 1326.0 * 1225.0 * 1128.0
    size = np.empty(n)
    for k in range(n):
        size[k] = 6.0 if k < 13 else (4.0 if k < 91 else 12.0)
    for a in range(n):
        for b in range(n):
            rab = r0[a] * r1[b]
            live_b = r1[b] > 0.0
            live_a = r0[a] > 0.0
            if not live_a and not live_b:
                continue
            for c in range(n):
                rc = r2[c]
                if rab == 0.0 and rc == 0.0:
                    continue
                w0 = r1[b] * rc
                w1 = r0[a] * rc
                w2 = rab
                if w0 == 0.0 and w1 == 0.0 and w2 == 0.0:
                    continue
                # sort (a, b, c) and remember the permutation
                x, y, z = a, b, c
                perm = 0
                if x <= y <= z:
                    perm = 0
                elif x <= z < y:
                    perm = 1
                    y, z = z, y
                elif y < x <= z:
                    perm = 2
                    x, y = y, x
                elif y <= z < x:
                    perm = 3
                    x, y, z = y, z, x
                elif z < x <= y:
                    perm = 4
                    x, y, z = z, x, y
                else:
                    perm = 5
                    x, y, z = z, y, x
                t = x + y * (y + 1) // 2 + z * (z + 1) * (z + 2) // 6
                j = joint[t]
                if j == 0:
                    continue
                scale = j / samples
                for code in range(27):
                    m = counts[t, code]
                    if m == 0:
                        continue
                    p = scale * m
                    o = order_code[perm, code]
                    if w0 != 0.0:
                        h0[a, o] += p * w0 / (size[a] * 1225.0 * 1128.0)
                    if w1 != 0.0:
                        h1[b, o] += p * w1 / (size[b] * 1225.0 * 1128.0)
                    if w2 != 0.0:
                        h2[c, o] += p * w2 / (size[c] * 1225.0 * 1128.0)
                    if w2 != 0.0 and r2[c] != 0.0:
                        q[o] += p * w2 * rc / total
