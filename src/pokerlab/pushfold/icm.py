"""The Independent Chip Model (Malmuth-Harville): what a tournament stack is worth in prizes.

A player finishes first with probability stack / total chips; given who finished above, each
remaining player takes the next place with probability proportional to their stack. A player
with no chips left has busted: busted players take the lowest places, and of several who bust in
the same hand the one who started it with more chips finishes higher (a tournament's rule);
equal starting stacks share those places' prizes.

Examples
--------
>>> [round(v, 6) for v in icm_values((50, 30, 20), (0.5, 0.3, 0.2))]
[0.383929, 0.3275, 0.288571]
>>> icm_values((10, 0, 0), (0.5, 0.3, 0.2), start=(1, 5, 5))
(0.5, 0.25, 0.25)
>>> icm_values((3, 1), (1.0,))
(0.75, 0.25)
"""

from __future__ import annotations

from collections.abc import Sequence


def _harville(stacks: Sequence[float], prizes: Sequence[float]) -> list[float]:
    """Expected prize of each player with chips, places ``1..len(stacks)`` paying ``prizes``."""
    n = len(stacks)
    total = float(sum(stacks))
    values = [0.0] * n
    reach = {0: 1.0}  # set of players placed so far (bit mask) -> probability
    for place in range(min(n, len(prizes))):
        nxt: dict[int, float] = {}
        for placed, p in reach.items():
            left = total - sum(stacks[i] for i in range(n) if placed >> i & 1)
            for i in range(n):
                if placed >> i & 1:
                    continue
                q = p * stacks[i] / left
                values[i] += q * prizes[place]
                nxt[placed | 1 << i] = nxt.get(placed | 1 << i, 0.0) + q
        reach = nxt
    return values


def icm_values(
    stacks: Sequence[float], payouts: Sequence[float], start: Sequence[float] | None = None
) -> tuple[float, ...]:
    """Each player's expected prize for ``stacks`` and the prize of each place ``payouts``.

    Parameters
    ----------
    stacks
        Chips of each player now; 0 for a player who has busted.
    payouts
        Prize of the 1st, 2nd, ... place (places beyond the list pay nothing).
    start
        Stacks before the hand, to order the players who busted in it (larger first);
        without it, busted players share the places left equally.
    """
    n = len(stacks)
    alive = [i for i in range(n) if stacks[i] > 0]
    prizes = list(payouts) + [0.0] * max(0, n - len(payouts))
    out = [0.0] * n
    for i, v in zip(alive, _harville([stacks[i] for i in alive], prizes[: len(alive)]), strict=True):
        out[i] = v
    busted = [i for i in range(n) if stacks[i] <= 0]
    place = len(alive)
    before = start if start is not None else [0.0] * n
    for level in sorted({before[i] for i in busted}, reverse=True):
        group = [i for i in busted if before[i] == level]
        share = sum(prizes[place : place + len(group)]) / len(group)
        for i in group:
            out[i] = share
        place += len(group)
    return tuple(out)
