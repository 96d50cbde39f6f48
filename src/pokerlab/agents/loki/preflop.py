"""Loki's pre-flop expert system (Papp 1998, §6.1 and Appendix B; Peña 1999, §3.2.1).

At its first pre-flop decision Loki

1. estimates how many players will see the flop: the players still in who have acted
   (itself included) plus ``probability_play`` (0.6) of those still to act, and puts the
   estimate in a group, 2, 3-4 or 5+ players (:func:`player_group`);
2. looks up its hand's income rate in the group's table, IR2, IR4 or IR7 (:func:`income_rate`);
3. finds its position, the number of players still in who act after it before the small
   blind's turn comes round again (:func:`loki_position`: dealer 0, small blind
   ``num_inpot - 1``);
4. computes each strategy's threshold, ``base + increment * position`` (:func:`thresholds`;
   the small blind has fixed Call1 / Call2 thresholds), and picks the most aggressive strategy
   whose threshold its income rate reaches (:func:`choose_strategy`).

It keeps the strategy for the rest of the round and plays it with :func:`strategy_action`.
Statuses and our choices for what the thesis lost: ``docs/loki.md``.

Examples
--------
Peña's worked example: Loki the dealer (position 0) with A♥8♥, four players still in, moderate:
IR4[A][8] = 338, thresholds 580 / 200 / 50 / -inf, so Make2.

>>> from pokerlab.agents.loki.config import LokiConfig
>>> from pokerlab.cards import parse_cards
>>> config = LokiConfig(tightness="moderate")
>>> group = player_group(expected_players(acted=2, to_act=2, probability_play=0.6), config)
>>> ir = income_rate(parse_cards("Ah8h"), group)
>>> t = thresholds(config, position=0)
>>> group, ir, [t[s] for s in ("make4", "make2", "make1", "make0")]
(3, 338.0, [580.0, 200.0, 50.0, -inf])
>>> choose_strategy(ir, t)
'make2'
>>> strategy_action("make2", cost=1.0, level=1, voluntarily_in=False, can_raise=True)
'raise'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import numpy as np

from pokerlab.agents.loki.config import LokiConfig
from pokerlab.cards import combo_index
from pokerlab.strength import load_table

STRATEGIES: tuple[str, ...] = ("make0", "call1", "make1", "call2", "make2", "make4")
"""The six pre-flop strategies from least to most aggressive (the small blind uses all six,
the other seats Make0, Make1, Make2 and Make4)."""

GROUP_TABLES: dict[int, str] = {2: "loki-ir2", 3: "loki-ir4", 5: "loki-ir7"}
"""The income-rate table of each player group (2, 3-4, 5+)."""


@cache
def table_by_combo(name: str) -> np.ndarray:
    """A shipped income-rate table (x 1000) per holding, ``combo_index`` order (read-only)."""
    out = load_table(name).combo_values()
    out.setflags(write=False)
    return out


def expected_players(acted: int, to_act: int, probability_play: float) -> float:
    """Players expected to see the flop: those still in who have acted this round (Loki
    included) and ``probability_play`` of those still to act [RECON]."""
    return acted + probability_play * to_act


def player_group(expected: float, config: LokiConfig) -> int:
    """The group, 2, 3 (3-4 players) or 5 (5 or more), of an expected number of players.

    Examples
    --------
    >>> c = LokiConfig()
    >>> [player_group(x, c) for x in (1.6, 2.4, 2.5, 4.4, 4.5, 6.4)]
    [2, 2, 3, 3, 5, 5]
    """
    low, high = config.group_edges
    return 2 if expected < low else (3 if expected < high else 5)


def income_rate(hole: Sequence[int], group: int) -> float:
    """The income rate (x 1000) of ``hole`` in the table of ``group``."""
    return float(table_by_combo(GROUP_TABLES[group])[combo_index(int(hole[0]), int(hole[1]))])


def loki_position(live: Sequence[bool], me: int, small_blind: int) -> int:
    """Players still in who act after position ``me`` before the small blind's turn comes
    round again (engine positions, in seat order; ``small_blind`` is the small blind's).

    Examples
    --------
    >>> loki_position([True] * 10, 9, 0), loki_position([True] * 10, 0, 0)  # dealer, SB
    (0, 9)
    >>> loki_position([True] * 10, 2, 0)   # under the gun: seven players act after it
    7
    >>> loki_position([True, True, False, True, False, True], 1, 0)  # folded players skipped
    2
    >>> loki_position([True, True], 0, 1), loki_position([True, True], 1, 1)  # heads-up BB, SB
    (0, 1)
    """
    n = len(live)
    stop = (small_blind - me) % n or n
    return sum(1 for d in range(1, stop) if live[(me + d) % n])


def thresholds(config: LokiConfig, position: int, small_blind: bool = False,
               tightness: str | None = None) -> dict[str, float]:
    """Each strategy's threshold: ``base + increment * position`` for Make1 / Make2 / Make4,
    minus infinity for Make0, and in the small blind the fixed Call1 / Call2 thresholds.

    Examples
    --------
    >>> thresholds(LokiConfig(tightness="tight"), position=2)["make2"]   # [200, 50] at 2
    300.0
    >>> t = thresholds(LokiConfig(), position=3, small_blind=True)
    >>> t["call1"], t["make1"], t["call2"], t["make2"], t["make4"]
    (0.0, 150.0, 200.0, 350.0, 730.0)
    """
    step = config.increment * position
    out = {"make0": -math.inf,
           "make1": config.make1_base(tightness) + step,
           "make2": config.make2_base + step,
           "make4": config.make4_base + step}
    if small_blind:
        out["call1"], out["call2"] = config.sb_thresholds()
    return out


def choose_strategy(rate: float, limits: dict[str, float]) -> str:
    """The most aggressive strategy whose threshold ``rate`` reaches."""
    return next(s for s in reversed(STRATEGIES) if s in limits and rate >= limits[s])


def strategy_action(strategy: str, cost: float, level: float, voluntarily_in: bool,
                    can_raise: bool, small_blind: bool = False) -> str:
    """``'raise'`` (bet or raise), ``'call'``, ``'check'`` or ``'fold'`` for a strategy.

    ``cost`` is what continuing costs, in bets (half a bet for the small blind's completion);
    ``level`` the bets in the round so far (the big blind is one); ``voluntarily_in`` whether
    Loki has called or raised in this round (a posted blind is not voluntary).

    Examples
    --------
    >>> a = strategy_action
    >>> a("make1", 1, 1, False, True), a("make1", 2, 3, False, True), a("make1", 2, 3, True, True)
    ('call', 'fold', 'call')
    >>> a("make0", 0, 1, False, True), a("make0", 1, 1, False, True), a("call2", 3, 4, False, False)
    ('check', 'fold', 'call')
    >>> a("make2", 1, 1, False, True), a("make2", 1, 2, False, True), a("make4", 2, 3, False, True)
    ('raise', 'call', 'raise')
    >>> a("call1", 0.5, 1, False, True, small_blind=True), a("call1", 1.5, 2, False, True, True)
    ('call', 'fold')
    >>> a("make1", 1.5, 2, False, True, small_blind=True)  # one raise costs the small blind 1.5
    'call'
    """
    if strategy in ("make4", "make2"):
        top = 2 if strategy == "make2" else math.inf
        if level < top and can_raise:
            return "raise"
        return "call" if cost > 0 else "check"
    if strategy == "make0":
        return "check" if cost <= 0 else "fold"
    if strategy == "call2":
        return "call" if cost > 0 else "check"
    if cost <= 0:
        # Make1 bets when nobody has bet (never pre-flop: the blind is a bet).
        return "raise" if strategy == "make1" and level == 0 and can_raise else "check"
    # Call1 and Make1 fold when continuing costs two bets or more (the small blind's Call1,
    # "Call0.5", anything above its half bet), unless already voluntarily in.
    affordable = cost <= 0.5 if (strategy == "call1" and small_blind) else cost < 2
    return "call" if affordable or voluntarily_in else "fold"
