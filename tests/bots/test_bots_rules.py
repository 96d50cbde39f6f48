"""Each decision rule on hand-made situations: Loki's pre-flop levels and post-flop rules, the
Waterloo algorithms 3-6 and 8, and the threshold bot's river plan against the patent's solution."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pokerlab.agents.loki import (
    LokiConfig,
    postflop_decision,
    preflop_action,
    preflop_level,
    preflop_order_fraction,
)
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
from pokerlab.strength import pot_odds

LOKI = LokiConfig()


# -- Loki ---------------------------------------------------------------------------------------

def test_alberta_worked_example_calls_on_pot_odds() -> None:
    # Alberta: 5 opponents, $20 to us, pot $175: pot odds 20/195 = 0.103 < PPOT1 0.108: call.
    # (EHS 0.15 is the paper's weighted figure; docs/errata.md: not reproduced with uniform weights.)
    assert round(pot_odds(20, 175), 3) == 0.103
    assert postflop_decision(0.15, 0.069, 0.108, 20, 175, False, LOKI) == "call"
    # First to act with EHS 0.15: check. A smaller PPOT (0.10 < 0.103) folds.
    assert postflop_decision(0.15, 0.069, 0.108, 0, 155, False, LOKI) == "check"
    assert postflop_decision(0.15, 0.069, 0.100, 20, 175, False, LOKI) == "fold"
    # Version D has no potential: it folds the draw.
    assert postflop_decision(0.15, 0.069, 0.108, 20, 175, False, replace(LOKI, use_potential=False)) == "fold"


def test_loki_betting_thresholds() -> None:
    assert postflop_decision(0.55, 0.55, 0.0, 0, 40, False, LOKI) == "raise"   # bet above 0.5
    assert postflop_decision(0.45, 0.45, 0.0, 0, 40, False, LOKI) == "check"
    assert postflop_decision(0.9, 0.9, 0.0, 10, 40, False, LOKI) == "raise"    # raise above 0.85
    assert postflop_decision(0.6, 0.6, 0.0, 10, 40, False, LOKI) == "call"
    assert postflop_decision(0.9, 0.9, 0.0, 10, 40, False, LOKI, can_raise=False) == "call"
    # River: showdown odds, HS_n against to_call / (pot + to_call).
    assert postflop_decision(0.3, 0.3, 0.0, 20, 100, True, LOKI, bets_to_call=2) == "call"  # 0.3 > 1/6
    assert postflop_decision(0.1, 0.1, 0.0, 20, 100, True, LOKI, bets_to_call=2) == "fold"
    # The paper's rule read literally ("call when Ppot > pot_odds", PPOT = 0 on the river).
    literal = replace(LOKI, river_showdown_odds=False)
    assert postflop_decision(0.3, 0.3, 0.0, 20, 100, True, literal, bets_to_call=2) == "fold"
    assert postflop_decision(0.6, 0.6, 0.0, 20, 100, True, literal) == "call"   # EHS alone still calls


def test_loki_preflop_levels_and_actions() -> None:
    assert preflop_level(0.60, 0.0, LOKI) == 4
    assert preflop_level(0.25, 0.0, LOKI) == 2
    # make1 moves from 0.05 (first to act) to -0.05 (last) with the advanced selection only.
    assert preflop_level(0.0, 1.0, LOKI) == 1 and preflop_level(0.0, 0.0, LOKI) == 0
    assert preflop_level(0.0, 1.0, replace(LOKI, advanced_preflop=False)) == 0
    assert preflop_action(4, 3, 2, True) == "raise" and preflop_action(4, 4, 2, False) == "call"
    assert preflop_action(2, 1, 0, True) == "raise" and preflop_action(2, 4, 2, True) == "call"
    assert preflop_action(1, 1, 0, True) == "call" and preflop_action(1, 2, 0, True) == "fold"
    assert preflop_action(0, 1, 1, True) == "check" and preflop_action(0, 1, 0, True) == "fold"


def test_loki_preflop_position_is_the_preflop_acting_order() -> None:
    # Ten-handed, positions count from the small blind (0); pre-flop the player after the big
    # blind (position 2) acts first and the big blind last.
    order = sorted(range(10), key=lambda p: preflop_order_fraction(p, 10))
    assert order == [2, 3, 4, 5, 6, 7, 8, 9, 0, 1]
    assert preflop_order_fraction(2, 10) == 0.0 and preflop_order_fraction(1, 10) == 1.0
    # Heads-up the button (position 1) posts the small blind and acts first.
    assert (preflop_order_fraction(1, 2), preflop_order_fraction(0, 2)) == (0.0, 1.0)
    # So the big blind gets the loosest make1 threshold and the first actor the tightest.
    assert preflop_level(0.0, preflop_order_fraction(1, 10), LOKI) == 1
    assert preflop_level(0.0, preflop_order_fraction(2, 10), LOKI) == 0


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
