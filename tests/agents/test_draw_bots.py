"""The five-card draw bots: the keep rules, the opponent's ranges after the draw, the virtual
hands of the draw-threshold bot's final round, and every draw bot at 2 to 6 seats."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from pokerlab.agents import create_bot
from pokerlab.agents.base import Observation
from pokerlab.agents.draw.ranges import SAMPLES, opponent_range, rules_ranges, strengths, uniform_range
from pokerlab.agents.draw.rules import discard_mask, discard_masks
from pokerlab.agents.draw.threshold import final_round_mix, interval_probabilities, rank_against
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.table import play_hand
from pokerlab.cards import parse_cards
from pokerlab.engine import CHECK_CALL, DRAW, Action, GameSettings, Hand
from pokerlab.evaluate import CATEGORY_FLOOR, categories, evaluate, evaluate_batch, random_hands
from pokerlab.threshold.reporting.hands import virtual_hand

DRAW_LIMIT = GameSettings.preset("limit", "five-card-draw")


@pytest.mark.parametrize(("cards", "kept"), [
    ("As Ks Qs Js 9s", "As Ks Qs Js 9s"),      # flush: pat
    ("9c Td Jh Qs Kc", "9c Td Jh Qs Kc"),      # straight: pat
    ("7c 7d 7h Ks Kc", "7c 7d 7h Ks Kc"),      # full house: pat
    ("7c 7d 7h Ks 2c", "7c 7d 7h"),            # trips
    ("7c 7d 2h Ks 2c", "7c 7d 2h 2c"),         # two pair
    ("Jc 9d Jh 4s 5h", "Jc Jh"),               # jacks: keep the pair over...
    ("Jh 9h Jc 4h 5h", "Jh 9h 4h 5h"),         # ... but a four-flush beats the small-pair rule? no: jacks
    ("5h 8h Th 2h 2c", "5h 8h Th 2h"),         # small pair and a four-flush: the flush draw
    ("5c 6d 7h 8s 8c", "5c 6d 7h 8s"),         # small pair inside an open straight draw
    ("Jc Qd Kh As 3c", "As"),                  # ace-high straight draw is one-ended: keep the ace
    ("2c 3d 4h 5s 9c", "2c 3d 4h 5s"),         # 2-3-4-5: an ace or a six
    ("4c 4d 9h Ks 2c", "4c 4d"),               # small pair
    ("2c 7d 9h Ks 4c", "Ks"),                  # nothing: the highest card
])
def test_keep_rules(cards: str, kept: str) -> None:
    hand = parse_cards(cards)
    mask = discard_mask(hand)
    expected = set(parse_cards(kept))
    if cards.startswith("Jh 9h Jc"):
        expected = {hand[0], hand[2]}  # rule 4 (jacks or better) comes before rule 5
    assert {c for j, c in enumerate(hand) if not mask >> j & 1} == expected


def test_keep_rules_by_category_on_random_hands() -> None:
    hands = random_hands(20_000, 5, seed=5)
    drawn = np.array([bin(int(m)).count("1") for m in discard_masks(hands)])
    cat = categories(evaluate_batch(hands))
    assert set(drawn[cat >= 4]) == {0} and set(np.flatnonzero(drawn == 0)) == set(np.flatnonzero(cat >= 4))
    assert set(drawn[cat == 3]) == {2} and set(drawn[cat == 2]) == {1}
    assert set(drawn[cat == 1]) <= {1, 3} and set(drawn[cat == 0]) <= {1, 4}


def test_rules_ranges_agree_with_exact_counts() -> None:
    counts, share = rules_ranges()
    total = 2_598_960
    # Hands the rules stand pat on and draw two to are counted exactly: straights or better
    # (10,200 + 5,108 + 3,744 + 624 + 40) and three of a kind (54,912).
    for k, exact in ((0, 19_716 / total), (2, 54_912 / total)):
        se = math.sqrt(exact * (1 - exact) / SAMPLES)
        assert abs(share[k] - exact) < 4 * se, (k, share[k], exact)
    assert share[5] == 0 and counts.sum() == SAMPLES
    # What a draw can end as: a pat hand stays straight or better; trips stay trips or better;
    # a pair (drew three) keeps at least the pair.
    assert counts[0][: CATEGORY_FLOOR[4]].sum() == 0
    assert counts[2][: CATEGORY_FLOOR[3]].sum() == 0
    assert counts[3][: CATEGORY_FLOOR[1]].sum() == 0
    assert np.isclose(uniform_range().sum(), 1.0) and uniform_range()[0] == 1020 / total


def test_opponent_range_follows_how_the_opponent_draws() -> None:
    counts, share = rules_ranges()
    rules_pat = counts[0] / counts[0].sum()
    assert np.allclose(opponent_range(0, {}), rules_pat)  # drawing like the rules: the rules' range
    # Always standing pat: a pat hand is nearly a random hand (weight r_0 / f_0 on the rules').
    seen = {0: 1000}
    w = share[0] / ((1000 + 20 * share[0]) / 1020)
    assert np.allclose(opponent_range(0, seen), w * rules_pat + (1 - w) * uniform_range())
    assert np.allclose(opponent_range(5, {}), uniform_range())
    with pytest.raises(ValueError, match="drew"):
        opponent_range(6, {})


@pytest.mark.parametrize("mixing", ["below", "above", "both"])
def test_interval_probabilities_are_the_patents_virtual_hands(mixing: str) -> None:
    t, lo, hi = Fraction(2686, 10000), Fraction(2676, 10000), Fraction(2706, 10000)
    mix = virtual_hand(t, lo, hi)[mixing]
    below = interval_probabilities([float(lo)], [0.2], [float(hi)], [float(t)], mixing)[0]
    above = interval_probabilities([float(hi)], [float(lo)], [0.3], [float(t)], mixing)[0]
    assert below[1] == pytest.approx(float(mix.below_plays_upper))
    assert above[0] == pytest.approx(float(mix.above_plays_lower))
    # A hand that is nobody's neighbour plays its side.
    far = interval_probabilities([0.9], [0.85], [0.95], [float(t)], mixing)[0]
    assert far.tolist() == [0.0, 1.0]
    # Rows are distributions, also with thresholds sharing a neighbour.
    rows = interval_probabilities([0.1, 0.5, 0.52], [0.05, 0.45, 0.5], [0.5, 0.52, 0.6],
                                  [0.3, 0.51, 0.515], mixing)
    assert np.allclose(rows.sum(axis=1), 1.0)


def test_rank_against_is_the_mid_rank_strength() -> None:
    p = uniform_range()
    royal = evaluate(parse_cards("As Ks Qs Js Ts"))
    x, below, above = rank_against(royal, p)
    assert x == pytest.approx(1 - 2 / 2 / 2_598_960 * 1) and above is None and below < x
    s = strengths(p)
    assert np.all(np.diff(s) > 0)  # every value has weight: strictly increasing


def _after_the_draw(cards: str, actions: list[Action]) -> Hand:
    """A heads-up limit draw hand (position 0 holds the first five cards), played by
    ``actions`` up to a decision after the draw."""
    deck = parse_cards(cards)
    hand = Hand(DRAW_LIMIT, [200, 200], deck + [c for c in range(52) if c not in deck])
    for action in actions:
        hand.act(action)
    return hand


def test_draw_threshold_plays_the_solution_after_the_draw() -> None:
    # Both check the first round; position 0 stands pat, position 1 draws three (a pair's
    # draw); position 0 acts first after the draw (P1).
    pat = [Action(CHECK_CALL)] * 2 + [Action(DRAW, 0), Action(DRAW, 0b11100)]
    strong = _after_the_draw("As Ks Qs Js 9s  2c 2d 5h 8s Tc", pat)
    bot = create_bot("draw-threshold")
    bot.reseed(1)
    bot.act(Observation(strong, 0, player_names=("bot", "other")))
    decision = bot.last_final
    assert decision is not None and decision.player == 1 and decision.drew == 3
    assert decision.pot == 1.0  # antes 1 + 1 = 2 chips = one bet of 2
    assert decision.action == "bet" and decision.x > 0.9
    # The same solution by hand: patent game 3's P1 at P = 1 with this x.
    from pokerlab.agents.threshold_bot import river_plan

    assert river_plan().action(decision.x, 1, (), 1.0) == "bet"


def test_draw_threshold_bluff_raises_its_weakest_hands() -> None:
    actions = [Action(CHECK_CALL)] * 2 + [Action(DRAW, 0), Action(DRAW, 0b11100)]
    hand = _after_the_draw("2c 3d 5h 8s Tc  As Ks Qs Js 9s", actions)
    hand.act(Action(2, 2))  # position 0 bets after the draw
    bot = create_bot("draw-threshold", mixing="both")
    action = bot.act(Observation(hand, 1, player_names=("other", "bot")))
    assert bot.last_final is not None and bot.last_final.player == 2 and bot.last_final.drew == 0
    # Three deuces against a pat hand (the rules stand pat on a straight or better): the very
    # bottom of P2's axis facing a bet, where patent game 3 raises as a bluff (below r2).
    from pokerlab.agents.threshold_bot import river_plan

    x = bot.last_final.x
    assert x < river_plan().thresholds(1.0)["r2"]
    mix = bot.last_final.mix  # the hand next above r2 is the virtual hand's other neighbour
    assert set(mix) == {"raise", "fold"} and mix["raise"] > 0.5
    assert action.kind == {"raise": 2, "fold": 0}[bot.last_final.action]
    assert river_plan().action(x, 2, ("bet",), 1.0) == "raise"


def test_final_round_mix_examples() -> None:
    mix = final_round_mix(0.5, 0.45, 0.6, [0.2, 0.55], ["bet", "pass", "bet"], "both")
    assert mix == pytest.approx({1: 0.5, 2: 0.5})  # interval 1 (pass) or 2 (bet)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_draw_bot_plays_at_every_table_size(seats: int) -> None:
    bots = ("draw-threshold", "draw-rules", "random", "calling-station", "raiser")
    for kind in ("limit", "pot-limit", "no-limit"):
        config = MatchConfig(bots=bots[:seats] if seats < 5 else bots, hands=2 * seats, seats=seats,
                             game=GameSettings.preset(kind, "five-card-draw"), duplicate=True, seed=seats)
        result = run_match(config, MatchStore(":memory:"))
        assert result.hands_stored == 2 * seats
        assert all(r.illegal_actions == 0 for r in result.results), (kind, result.results)


def test_random_bot_draws_random_cards() -> None:
    hand = Hand(DRAW_LIMIT, [200, 200], list(range(52)))
    bots = [create_bot("random"), create_bot("random")]
    for k, bot in enumerate(bots):
        bot.reseed(k)
    play_hand(hand, bots)
    assert play_hand is not None and all(len(d[3]) == len(d[2]) for d in hand.draws)


def test_draw_threshold_beats_the_calling_station() -> None:
    from pokerlab.arena.draw_matches import draw_matches

    (row,) = draw_matches(hands=300, seed=3, opponents=("calling-station",), tables=(2,))
    assert row.bot.ci95[0] > 0, row.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["random", "calling-station", "raiser", "draw-rules"])
def test_draw_threshold_beats_every_opponent_heads_up(opponent: str) -> None:
    from pokerlab.arena.draw_matches import draw_matches

    (row,) = draw_matches(hands=10_000, seed=0, opponents=(opponent,), tables=(2,))
    assert row.bot.ci95[0] > 0, row.to_dict()
