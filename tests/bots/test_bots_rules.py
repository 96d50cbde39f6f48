"""Each decision rule on hand-made situations: the Waterloo algorithms 3-6 and 8, and the
threshold bot's river plan against the patent's solution (Loki's rules: test_loki_rules.py)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pokerlab.agents.threshold_bot import river_history, river_plan
from pokerlab.agents.waterloo import (
    WaterlooConfig,
    algorithm3,
    algorithm4,
    algorithm5,
    algorithm6,
    algorithm8,
    simple_preflop,
)
from pokerlab.cards import parse_cards

# -- Waterloo -----------------------------------------------------------------------------------

WL = WaterlooConfig()


def test_algorithm3() -> None:
    # threshold = pw (1 + position / (2 players)); raise e^(X-1) with X = (threshold - 0.5)/0.6.
    choice, fraction = algorithm3(0.6, 2, 4, WL)
    threshold = 0.6 * (1 + 2 / 8)
    assert choice == "raise" and fraction == pytest.approx(math.exp((threshold - 0.5) / 0.6 - 1))
    assert algorithm3(0.29, 3, 4, WL) == ("fold", 0.0)     # position > 2 and pw < 0.3
    assert algorithm3(0.29, 2, 4, WL) == ("call", 0.0)     # a blind may call
    assert algorithm3(0.2, 1, 4, WL) == ("fold", 0.0)      # threshold 0.225 < 0.25


def test_algorithms_4_5_6() -> None:
    assert [algorithm4(x) for x in (0.81, 0.8, 0.41, 0.4)] == ["raise", "call", "call", "fold"]
    normal, aggressive = WL, replace(WL, bluff_rate=0.8)
    conservative = replace(WL, bluff_rate=0.2)
    # n > 1 - rate bluffs (the report's n > 0.5 for the normal profile).
    assert algorithm5(0.1, 0.6, 1, 5, 100, normal) == "raise"
    assert algorithm5(0.1, 0.4, 1, 5, 100, normal) is None
    assert algorithm5(0.1, 0.4, 1, 5, 100, aggressive) == "raise"
    assert algorithm5(0.1, 0.6, 1, 5, 100, conservative) is None
    assert algorithm5(0.3, 0.99, 1, 2, 10, aggressive) is None       # EHS not below 0.2
    # Turn and river (the missing else, docs/errata.md): only with few players and a small pot.
    assert algorithm5(0.1, 0.9, 2, 2, 10, normal) == "raise"
    assert algorithm5(0.1, 0.9, 2, 2, 30, normal) is None
    assert algorithm5(0.1, 0.9, 3, 4, 10, normal) is None
    # Algorithm 6: PPOT against pot odds before the river, EHS on the river.
    assert algorithm6(0.05, 0.108, 20, 175, river=False) == "call"
    assert algorithm6(0.05, 0.10, 20, 175, river=False) == "fold"
    assert algorithm6(0.2, 0.0, 20, 100, river=True) == "call"     # 0.2 > 20/120
    assert algorithm6(0.15, 0.9, 20, 100, river=True) == "fold"


def test_algorithm8_and_trust() -> None:
    assert algorithm8(0.29, 0.4, 0.1, 0.9, aggressive=False) == ("fold", 0.0)
    assert algorithm8(0.29, 0.4, 0.1, 0.3, aggressive=True) == ("raise", 0.65)   # abnormal raise
    assert algorithm8(0.29, 0.4, 0.1, 0.7, aggressive=True) == ("fold", 0.0)
    assert algorithm8(0.35, 0.4, 0.1, 0.1, aggressive=False) == ("call", 0.0)
    assert algorithm8(0.6, 0.4, 0.1, 0.2, aggressive=False) == ("raise", pytest.approx(0.6))
    choice, fraction = algorithm8(0.45, 0.4, 0.1, 0.2, aggressive=False)
    assert choice == "raise" and fraction == pytest.approx(math.exp(0.5 - 1) * 0.5)


def test_phase1_preflop_function() -> None:
    hands = {"TdTs": "raise", "AsKd": "raise", "2c2d": "call", "QsJd": "call", "As5s": "call",
             "As5d": "fold", "7c2d": "fold"}
    for text, expected in hands.items():
        assert simple_preflop(*parse_cards(text)) == expected, text


def test_waterloo_config_validation() -> None:
    with pytest.raises(ValueError, match="phase"):
        WaterlooConfig(phase=4)
    with pytest.raises(ValueError, match="bluff_rate"):
        WaterlooConfig(bluff_rate=1.5)


# -- threshold bot -------------------------------------------------------------------------------

def test_river_plan_follows_the_patent_game3_thresholds() -> None:
    plan = river_plan()
    t = plan.thresholds(3.0)
    # Game 3 at P = 3 (docs/errata.md: C1 = C2; order r2 < b1 < rr1 < kr1 < b2 < ... < RR1).
    assert t["C1"] == pytest.approx(t["C2"])
    assert t["b1"] < t["C2"] < t["B1"] < t["KR1"] < t["RR1"]
    eps = 1e-6
    # P1's axis at P = 3: bet-fold | b1 | bet-reraise | rr1 | pass-raise-fold | kr1 | pass-fold |
    # C1 | pass-call | B1 | bet-fold | ... | KR1 | pass-raise-call | RR1 | bet-reraise.
    assert plan.action(t["b1"] - eps, 1, (), 3.0) == "bet"              # bluff bet
    assert plan.action(t["b1"] + eps, 1, ("bet", "raise"), 3.0) == "reraise"  # bluff re-raise
    assert plan.action(t["rr1"] + eps, 1, ("pass", "bet"), 3.0) == "raise"  # check-raise bluff
    assert plan.action(t["kr1"] + eps, 1, (), 3.0) == "pass"
    assert plan.action(t["kr1"] + eps, 1, ("pass", "bet"), 3.0) == "fold"
    assert plan.action(t["C1"] + eps, 1, ("pass", "bet"), 3.0) == "call"
    assert plan.action(t["B1"] + eps, 1, (), 3.0) == "bet"
    assert plan.action(t["KR1"] + eps, 1, ("pass", "bet"), 3.0) == "raise"
    assert plan.action(t["RR1"] + eps, 1, (), 3.0) == "bet"
    # P2 facing a bet: fold below C2, call above, raise above R2.
    assert plan.action(t["C2"] - eps, 2, ("bet",), 3.0) in ("fold", "raise")
    assert plan.action(t["C2"] + eps, 2, ("bet",), 3.0) == "call"
    assert plan.action(t["R2"] + eps, 2, ("bet",), 3.0) == "raise"
    # Not P2's turn after P1's bet was called: no action.
    assert plan.action(0.5, 2, ("bet", "call"), 3.0) is None
    # The pot changes the thresholds (larger pot: call wider).
    assert plan.thresholds(8.0)["C2"] < t["C2"]


def test_river_history_labels() -> None:
    actions = [(0, 1, 1, 5), (2, 0, 1, 0), (3, 0, 1, 0), (3, 1, 2, 20), (3, 0, 2, 40), (3, 1, 1, 20)]
    assert river_history(actions, me=1) == (("pass", "bet", "raise", "call"), 2)
    assert river_history(actions[:2], me=0) == ((), -1)
