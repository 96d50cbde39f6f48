"""The LP oracle of small river spots (pokerlab.spot.oracle): values computed by hand.

Von Neumann's river with real cards: OOP holds the nut straight (AT) or air (65) on
Ks Qd Jh 4c 2s, IP a pair of sevens (77) that beats air and loses to the nuts; nothing in the
three holdings shares a card, so every deal is equally likely. With a pot-sized bet B = P,
OOP value-bets every straight and bluffs half as often (bluffs are B / (P + 2B) = 1/3 of its
bets), IP calls with probability P / (P + B) = 1/2. A straight wins P + B/2 = 1.5 P on
average, air 0 either way: with half its range straights, OOP's EV is 0.75 P.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.cards import parse_cards
from pokerlab.equilibrium import exploitability
from pokerlab.equilibrium.games.river import river_game, solve_river
from pokerlab.spot.oracle import OracleError, river_game_of, solve_spot_lp
from pokerlab.spot.spec import Spot

BOARD = "Ks Qd Jh 4c 2s"


def spot(oop: str, ip: str, **extra) -> Spot:
    data = {"board": BOARD, "pot": 10, "stack": 100, "oop_range": oop, "ip_range": ip}
    data.update(extra)
    return Spot.from_dict(data)


def reach_weighted(lp, history, action):
    """The reach-weighted frequency of ``action`` at ``history`` over the actor's combos."""
    node = lp.strategy.flat.node_at(history)
    player = int(lp.strategy.flat.player[node])
    prior = np.asarray(lp.river.game.prior)
    weight = prior.sum(axis=1 - player)
    return float(weight @ lp.strategy.action_probabilities(history)[action] / weight.sum())


def test_von_neumann_river_value_and_frequencies():
    lp = solve_spot_lp(spot("AT, 65", "77", river={"oop": {"bet": "100%"}}))
    assert lp.ev == pytest.approx((7.5, 2.5), abs=1e-8)
    combos = lp.combo_strategy(())
    straights = [i for i, name in enumerate(lp.river.game.hands[0]) if name[0] in "AT"]
    bets = combos["bet"][lp.river.combos[0]]
    assert bets[straights] == pytest.approx(1.0, abs=1e-7)
    # Half the air bets: 8 of 16 combos' worth, one bluff for two value bets.
    assert reach_weighted(lp, (), "bet") == pytest.approx(0.75, abs=1e-7)
    assert reach_weighted(lp, ("bet",), "call") == pytest.approx(0.5, abs=1e-7)
    assert exploitability(lp.strategy) < 1e-7


def test_more_options_do_not_change_the_value():
    # IP may bet after a check and raise a bet: neither helps a bluff catcher.
    lp = solve_spot_lp(spot("AT, 65", "77", **{"bet": "100%", "raise": "50%"}))
    assert list(lp.river.game.root.children["bet"].children) == ["fold", "call", "raise"]
    assert lp.ev == pytest.approx((7.5, 2.5), abs=1e-8)


def test_an_all_in_bet():
    # B = stack = 100 into P = 10: IP calls P / (P + B) = 1/11 of the time, a straight wins
    # P + B / 11 on average, air nothing: OOP's EV is half of 10 * (1 + 100/110).
    lp = solve_spot_lp(spot("AT, 65", "77", river={"oop": {"bet": "a"}}))
    assert lp.ev[0] == pytest.approx(5 * (1 + 100 / 110), abs=1e-8)
    assert reach_weighted(lp, ("bet",), "call") == pytest.approx(1 / 11, abs=1e-7)


def test_too_few_bluffs_and_a_split_pot():
    # Straights are 16 of 20 combos (65s only): more than 2/3, so IP never calls and OOP
    # bets everything: it wins the pot every time.
    lp = solve_spot_lp(spot("AT, 65s", "77", river={"oop": {"bet": "100%"}}))
    assert lp.ev == pytest.approx((10.0, 0.0), abs=1e-8)
    assert reach_weighted(lp, ("bet",), "call") == pytest.approx(0.0, abs=1e-7)
    # Both hold the nut straight: whatever they do, they split.
    lp = solve_spot_lp(spot("AT", "AT", **{"bet": "50%", "raise": "100%"}))
    assert lp.ev == pytest.approx((5.0, 5.0), abs=1e-8)


def test_card_removal_in_the_deal():
    # OOP: AhTh or 6c5c; IP: Ah9h or 6s6c. Only pairs of combos without a shared card deal:
    # AhTh meets 6s6c only and wins, 6c5c meets Ah9h only and loses to ace high.
    g = river_game(parse_cards(BOARD), (_w("AhTh, 6c5c"), _w("Ah9h, 6s6c")), 10, 100, (None, None))
    names = g.game.hands
    prior = {(names[0][i], names[1][j]): float(p) for (i, j), p in np.ndenumerate(np.asarray(g.game.prior))}
    assert prior == {("AhTh", "Ah9h"): 0, ("AhTh", "6s6c"): 0.5, ("6c5c", "Ah9h"): 0.5, ("6c5c", "6s6c"): 0}
    assert solve_river(g).value == pytest.approx(0.0, abs=1e-9)  # one pot won, one lost
    # Only check-check is left (nobody bets): OOP wins the pot when it holds the straight.
    g = river_game(parse_cards(BOARD), (_w("AhTh, 6c5c"), _w("6s6c")), 10, 100, (None, None))
    assert solve_river(g).value == pytest.approx(5.0, abs=1e-9)


def _w(text):
    from pokerlab.cards import parse_range

    return parse_range(text).weights


def test_the_oracle_refuses_what_it_does_not_build():
    with pytest.raises(OracleError, match=r"river\.oop\.bet: the LP oracle takes one size"):
        river_game_of(spot("AT", "77", bet="50%,100%"))
    with pytest.raises(OracleError, match="river spots, not a flop"):
        river_game_of(Spot.from_dict({"board": "Ks Qd Jh", "pot": 10, "stack": 100,
                                      "oop_range": "AT", "ip_range": "77"}))
    with pytest.raises(OracleError, match="rake"):
        river_game_of(spot("AT", "77", rake_pct=5))
