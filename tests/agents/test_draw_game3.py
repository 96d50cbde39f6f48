"""The first round for three on classes: the game, its solution and reading, and the bot."""

from __future__ import annotations

import numpy as np

from pokerlab.agents import create_bot
from pokerlab.agents.base import Observation
from pokerlab.agents.draw.classes import CLASS_NAMES
from pokerlab.agents.draw.game3 import (
    ThreeSettings,
    build_game3,
    joint3,
    showdown_shares,
    solve3,
    solve_game3,
)
from pokerlab.arena.draw_exactness import three_handed_exactness
from pokerlab.cards import parse_cards
from pokerlab.engine import GameSettings, Hand


def test_shares_and_deal() -> None:
    two, three = showdown_shares()
    assert np.allclose(two + two.T, 1)
    assert np.allclose(three + three.transpose(1, 2, 0) + three.transpose(2, 0, 1), 1)
    pat, nothing = CLASS_NAMES.index("pat"), CLASS_NAMES.index("nothing")
    assert two[pat, nothing] > 0.9 and three[pat, nothing, nothing] > 0.85
    joint = joint3()
    assert joint.shape == (12, 12, 12) and abs(joint.sum() - 1) < 1e-9
    assert np.allclose(joint, joint.transpose(1, 0, 2), atol=0.002)  # the seats are alike


def test_solution_reading_and_certificate() -> None:
    solved = solve_game3(ThreeSettings(iterations=400))
    r = three_handed_exactness(solved)
    assert r.engine_nash_conv < 0.002 and r.read_nash_conv < 0.02
    assert abs(sum(r.engine_values)) < 1e-9  # zero-sum among three
    assert r.engine_values[2] > 0 > r.engine_values[0]  # the button gains, the first seat loses
    assert build_game3().num_hands == (12, 12, 12)


def test_bot_plays_the_first_round_for_three() -> None:
    deck = parse_cards("As Ad Ks Kd 2c  7h 8h 9c Jd 3s  4c 5d Tc Qh 6s")
    hand = Hand(GameSettings.preset("limit", "five-card-draw"), [200] * 3,
                deck + [c for c in range(52) if c not in deck])
    bot = create_bot("draw-threshold")
    bot.reseed(0)
    view = Observation(hand, 0)
    bot.begin_hand(view)
    action = bot.first_round_for_three(view)
    decision = solve3().decision(())
    assert action is not None and decision.player == 0
    assert decision.probs.shape == (12, 2)
