"""The thesis-level Loki rule by rule, each on a hand-made situation (docs/loki.md): Peña's
pre-flop example, the six strategies and their thresholds, the small blind, the post-flop
cascade, the re-weighting, the fact sheet's test vectors and Table 8.1's seating."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from pokerlab.agents.base import Observation
from pokerlab.agents.loki.bot import VERSIONS, LokiBot, LokiConfig
from pokerlab.agents.loki.postflop import (
    Situation,
    postflop_decision,
    pot_odds,
    pot_odds2,
    showdown_odds,
)
from pokerlab.agents.loki.preflop import (
    choose_strategy,
    expected_players,
    income_rate,
    loki_position,
    player_group,
    strategy_action,
    thresholds,
)
from pokerlab.agents.loki.reweighting import ir7_at_percentile, ir7_values, postflop_values
from pokerlab.agents.modelling.opponent_model import ContextFrequencies, reweight
from pokerlab.agents.registry import create_bot
from pokerlab.cards import ALL_COMBOS, combo_index, parse_cards
from pokerlab.engine import BET_RAISE, CHECK_CALL, FOLD, Action, GameSettings, Hand

LIMIT = GameSettings.preset("limit")
MODERATE = LokiConfig(tightness="moderate")


def deal(players: int, holes: dict[int, str], board: str = "") -> list[int]:
    """Cards for a hand: the given holes by position, the board, the rest filled in order."""
    cards: list[int | None] = [None] * (2 * players + 5)
    for pos, text in holes.items():
        cards[2 * pos: 2 * pos + 2] = parse_cards(text)
    for i, c in enumerate(parse_cards(board) if board else []):
        cards[2 * players + i] = c
    spare = iter(c for c in range(52) if c not in cards)
    return [c if c is not None else next(spare) for c in cards]


def play(hand: Hand, *actions: str) -> None:
    """Apply ``f`` / ``c`` / ``r`` actions in turn."""
    for a in actions:
        if a == "r":
            hand.apply_checked(Action(BET_RAISE, hand.legal().min_raise_to))
        else:
            hand.apply_checked(Action(FOLD if a == "f" else CHECK_CALL, 0))


def act(bot: LokiBot, view: Observation) -> Action:
    """The bot's action now (the view's legal actions are re-read, as the table does)."""
    view._legal = None
    return bot.act(view)


def seat_bot(config: LokiConfig, players: int, me: int, hole: str, board: str = ""):
    hand = Hand(LIMIT, [2000] * players, deal(players, {me: hole}, board))
    bot = LokiBot(config)
    view = Observation(hand, position=me, player_names=tuple(f"p{i}" for i in range(players)))
    bot.begin_hand(view)
    return bot, hand, view


# -- pre-flop ----------------------------------------------------------------------------------

def test_pena_worked_example() -> None:
    # Peña: Loki the dealer with A♥8♥, four players still active, moderate: IR4[A][8] = 338,
    # thresholds [M4 580, M2 200, M1 50, M0 -inf]: Make2, so it raises.
    bot, hand, view = seat_bot(MODERATE, 4, me=3, hole="Ah8h")
    play(hand, "c")                     # under the gun calls; Loki (the button) is next
    action = act(bot, view)
    p = bot.last_preflop
    assert p["group"] == 3 and p["income_rate"] == 338 and p["position"] == 0
    limits = p["thresholds"]
    assert [limits[s] for s in ("make4", "make2", "make1", "make0")] == [580, 200, 50, -math.inf]
    assert p["strategy"] == "make2" and action == Action(BET_RAISE, 20)
    # The same through the functions (the IR7 value would be 416, IR2's 240).
    assert income_rate(parse_cards("Ah8h"), 5) == 416 and income_rate(parse_cards("Ah8h"), 2) == 240


def test_thresholds_are_base_plus_increment_times_position() -> None:
    tight = LokiConfig(tightness="tight")
    # The thesis's own illustration: tight, 3-4 players, Make2 = [200, 50].
    assert [thresholds(tight, pos)["make2"] for pos in range(4)] == [200, 250, 300, 350]
    for tightness, base in (("tight", 100), ("moderate", 50), ("loose", 0)):
        t = thresholds(LokiConfig(tightness=tightness), 3)
        assert t["make1"] == base + 150 and t["make4"] == 580 + 150 and t["make0"] == -math.inf
    assert LokiConfig().tightness == "loose"           # loose is the default


def test_the_most_aggressive_strategy_the_income_rate_reaches() -> None:
    t = thresholds(MODERATE, 0)
    assert [choose_strategy(ir, t) for ir in (600, 580, 338, 200, 60, 49, -495)] == \
        ["make4", "make4", "make2", "make2", "make1", "make0", "make0"]


def test_position_and_group() -> None:
    # Position: players still in acting before the small blind's turn comes round again.
    live = [True] * 10
    assert [loki_position(live, p, 0) for p in (9, 8, 2, 1, 0)] == [0, 1, 7, 8, 9]
    folded = [True, True, False, False, True, True, False, True, True, True]
    assert loki_position(folded, 4, 0) == 4        # positions 5, 7, 8, 9 are still in
    # Groups with probability_play 0.6: under the gun of ten expects 1 + 0.6 * 9 = 6.4 players.
    c = LokiConfig()
    assert player_group(expected_players(1, 9, 0.6), c) == 5
    assert player_group(expected_players(2, 2, 0.6), c) == 3    # Peña's dealer: 3.2
    assert player_group(expected_players(1, 1, 0.6), c) == 2    # folded round to the SB: 1.6


def test_the_group_chooses_the_income_rate_table() -> None:
    for players, me, acts, group in ((2, 1, (), 2), (4, 3, ("c",), 3), (10, 2, (), 5)):
        bot, hand, view = seat_bot(LokiConfig(), players, me, "Ah8h")
        play(hand, *acts)
        act(bot, view)
        assert bot.last_preflop["group"] == group
        assert bot.last_preflop["income_rate"] == {2: 240, 3: 338, 5: 416}[group]


def test_six_strategies() -> None:
    a = strategy_action
    # Make0: check when free, else fold.
    assert (a("make0", 0, 1, False, True), a("make0", 1, 1, False, True)) == ("check", "fold")
    # Call1 / Make1: fold when continuing costs two bets or more, unless voluntarily in.
    assert a("make1", 1, 1, False, True) == "call" and a("make1", 1, 2, False, True) == "call"
    assert a("make1", 2, 3, False, True) == "fold" and a("make1", 2, 3, True, True) == "call"
    assert a("call1", 2, 3, False, True) == "fold" and a("call1", 1, 1, False, True) == "call"
    # Make1 bets when nobody has bet (only after the flop; pre-flop the blind is a bet).
    assert a("make1", 0, 0, False, True) == "raise" and a("make1", 0, 1, False, True) == "check"
    # Call2 never folds.
    assert a("call2", 3, 4, False, False) == "call"
    # Make2: raise while fewer than two bets (the big blind counts), then call.
    assert a("make2", 1, 1, False, True) == "raise" and a("make2", 1, 2, False, True) == "call"
    assert a("make2", 0, 1, False, True) == "raise"     # the big blind raises a limped pot
    # Make4: raise until capped.
    assert a("make4", 2, 3, False, True) == "raise" and a("make4", 1, 4, False, False) == "call"


def test_call1_exception_for_a_voluntary_call() -> None:
    # Loki calls the blind with a Make1 hand; two raises behind it cost two more bets: it stays
    # in (the thesis's IRC patch). Without having called it would fold.
    bot, hand, view = seat_bot(MODERATE, 6, me=2, hole="Td9d")
    act(bot, view)
    assert bot.last_preflop["strategy"] == "make1"
    play(hand, "c", "r", "r", "f", "f", "f")      # Loki calls; two raises; blinds fold
    assert hand.actor == 2 and hand.legal().to_call == 20
    assert act(bot, view).kind == CHECK_CALL
    assert strategy_action("make1", 2, 3, False, True) == "fold"


def test_small_blind_strategies() -> None:
    sb_call1, sb_call2 = LokiConfig().sb_thresholds()
    t = thresholds(LokiConfig(), position=3, small_blind=True)
    assert (t["call1"], t["call2"]) == (sb_call1, sb_call2) == (0.0, 200.0)
    # Call1 ("Call0.5") completes for half a bet and folds to a raise; Call2 never folds;
    # Make1 calls one raise (1.5 bets) and folds to two.
    a = strategy_action
    assert a("call1", 0.5, 1, False, True, small_blind=True) == "call"
    assert a("call1", 1.5, 2, False, True, small_blind=True) == "fold"
    assert a("make1", 1.5, 2, False, True, small_blind=True) == "call"
    assert a("make1", 2.5, 3, False, True, small_blind=True) == "fold"
    assert a("call2", 3.5, 4, False, False, small_blind=True) == "call"
    # At the table: a small blind whose hand reaches only Call1 (IR7 between 0 and Make1's
    # threshold at its position) completes an unraised pot.
    bot, hand, view = seat_bot(LokiConfig(), 4, me=0, hole="9s7s")
    play(hand, "c", "f")
    act(bot, view)
    p = bot.last_preflop
    assert p["position"] == 2 and p["strategy"] in ("call1", "make1", "call2")
    assert hand.legal().to_call == 5


def test_strategy_is_kept_for_the_round() -> None:
    bot, hand, view = seat_bot(LokiConfig(), 3, me=2, hole="Ah8h")
    act(bot, view)
    first = bot.last_preflop
    play(hand, "c", "r", "r")
    act(bot, view)
    assert bot.last_preflop is first


def test_simplistic_preflop_ignores_group_and_position() -> None:
    simple = LokiConfig(advanced_preflop=False)
    for players, me in ((2, 1), (4, 3), (10, 9)):
        bot, _, view = seat_bot(simple, players, me, "Ah8h")
        act(bot, view)
        assert bot.last_preflop["group"] == 5 and bot.last_preflop["position"] == (players - 1) // 2


# -- after the flop ----------------------------------------------------------------------------

FLOP = Situation(ehs=0.3, hs_n=0.3, ppot=0.05, npot=0.1, to_call=0, pot=60, bet=10, level=0,
                 street=1, future=40)
C = LokiConfig()


def test_ehs_prime_thresholds() -> None:
    d = postflop_decision
    assert d(replace(FLOP, ehs=0.85), C) == ("raise", "make2")                  # bet
    assert d(replace(FLOP, ehs=0.9, to_call=10, level=1), C) == ("raise", "make2")  # raise
    assert d(replace(FLOP, ehs=0.9, to_call=10, level=2), C) == ("call", "make2")   # two bets made
    assert d(replace(FLOP, ehs=0.5), C) == ("raise", "make1")
    assert d(replace(FLOP, ehs=0.6, to_call=10, level=1), C) == ("call", "make1")
    # Two bets to call and no bet called this round: the Make1 hand goes to the fall-backs.
    two = replace(FLOP, ehs=0.6, hs_n=0.58, to_call=20, level=2)
    assert d(two, replace(C, showdown_odds=False)) == ("fold", "fold")
    assert d(replace(two, called=True), C) == ("call", "make1")
    assert d(replace(FLOP, ehs=0.49), C) == ("check", "check")


def test_semi_bluff_with_pot_odds2() -> None:
    # Eq. 6.5 with a pot of six bets: 2 / (6 + 4 + 2) = 0.167.
    assert pot_odds2(6, 1) == pytest.approx(1 / 6)
    assert postflop_decision(replace(FLOP, ppot=0.17), C) == ("raise", "semi-bluff")
    assert postflop_decision(replace(FLOP, ppot=0.16), C) == ("check", "check")
    assert postflop_decision(replace(FLOP, ppot=0.17), replace(C, semi_bluffing=False))[0] == "check"
    # Only when nobody has bet: facing a bet the draw goes to pot odds.
    assert postflop_decision(replace(FLOP, ppot=0.17, to_call=10, level=1), C)[1] != "semi-bluff"


def test_semi_bluff_follow_up() -> None:
    turn = replace(FLOP, street=2, bet=20, ppot=0.0, follow_up=True)
    assert postflop_decision(turn, C) == ("raise", "follow-up")
    river = replace(turn, street=3)
    assert postflop_decision(river, C) == ("raise", "follow-up")
    assert postflop_decision(river, replace(C, follow_up_on_river=False)) == ("check", "check")
    assert postflop_decision(turn, replace(C, semi_bluff_follow_up=False)) == ("check", "check")


def test_semi_bluff_state_through_the_bot() -> None:
    # 8♥7♥ on 9♥6♣2♦ heads-up (the Alberta paper's drawing hand): Loki semi-bluffs the flop,
    # the opponent calls, and on the turn Loki bets again without the potential; an opponent's
    # bet clears the state.
    bot, hand, view = seat_bot(replace(C, modelling="off"), 2, me=0, hole="8h7h",
                               board="9h6c2dKsQd")
    play(hand, "c", "c")                               # pre-flop: button completes, BB checks
    assert act(bot, view).kind == BET_RAISE and bot.last_decision[2] == "semi-bluff"
    play(hand, "r", "c")                               # Loki bets, the button calls
    assert hand.street == 2 and act(bot, view).kind == BET_RAISE
    assert bot.last_decision[2] in ("follow-up", "semi-bluff")
    bot2, hand2, view2 = seat_bot(replace(C, modelling="off"), 2, me=0, hole="8h7h",
                                  board="9h6c2dKsQd")
    play(hand2, "c", "c", "r", "r", "c")              # the button raises the semi-bluff
    bot2.observe(view2)
    assert bot2._semi_bluff_street is None


def test_pot_odds_ppot_before_the_river_hs_on_it() -> None:
    # The thesis's river example: pot $20 after a $4 bet, 20% to win: call (+$0.80); pot $12:
    # fold (-$0.80). Peña: pot $20, $4 to call, 25%: +$2.
    river = Situation(ehs=0.2, hs_n=0.2, ppot=0.0, npot=0.0, to_call=4, pot=20, bet=4, level=1,
                      street=3)
    no_sd = replace(C, showdown_odds=False)
    assert pot_odds(4, 20) == pytest.approx(1 / 6)
    assert postflop_decision(river, no_sd) == ("call", "pot-odds")
    assert postflop_decision(replace(river, pot=12), no_sd) == ("fold", "fold")
    assert postflop_decision(replace(river, hs_n=0.25, ehs=0.25), no_sd) == ("call", "pot-odds")
    # Before the river PPOT, not HS, meets the odds (the Alberta example: 20 / 195 = 0.103).
    flop = replace(FLOP, to_call=20, pot=175, ppot=0.108, hs_n=0.069, ehs=0.15, level=2)
    assert postflop_decision(flop, no_sd) == ("call", "pot-odds")
    assert postflop_decision(replace(flop, ppot=0.10), no_sd) == ("fold", "fold")
    assert postflop_decision(flop, replace(no_sd, pot_odds=False)) == ("fold", "fold")


def test_showdown_odds_last() -> None:
    # Flop, $10 to call into $60, one bet expected on the turn and river ($20 each): the
    # showdown costs 10 + 40 of a final pot of 60 + 10 + 80.
    s = replace(FLOP, to_call=10, level=1, ppot=0.05, hs_n=0.40, npot=0.1, ehs=0.43)
    assert showdown_odds(10, 60, 40) == pytest.approx(50 / 150)
    win = 0.40 + 0.6 * 0.05 - 0.40 * 0.1
    assert win >= 1 / 3 and postflop_decision(s, C) == ("call", "showdown-odds")
    assert postflop_decision(s, replace(C, showdown_odds=False)) == ("fold", "fold")
    assert postflop_decision(replace(s, hs_n=0.3), C) == ("fold", "fold")


def test_check_raise_option() -> None:
    strong = replace(FLOP, ehs=0.95, hs_n=0.95, opponents_to_act=2)
    assert postflop_decision(strong, C) == ("raise", "make2")            # off by default
    on = replace(C, check_raise=True)
    assert postflop_decision(strong, on) == ("check", "check-raise")
    assert postflop_decision(replace(strong, to_call=10, level=1), on) == ("raise", "make2")


def test_simple_strategy_uses_hs_n_alone() -> None:
    simple = replace(C, betting="simple")
    draw = replace(FLOP, ehs=0.55, hs_n=0.3, ppot=0.4)
    assert postflop_decision(draw, C) == ("raise", "make1")
    assert postflop_decision(draw, simple) == ("check", "check")         # no semi-bluff either
    assert postflop_decision(replace(draw, to_call=10, level=1), simple) == ("fold", "fold")


def test_fact_sheet_hand_strength_vectors() -> None:
    # A♥8♥ / 9♥8♣2♣ against uniform weights: 903 / 6 / 172, HS 0.838; four players 0.84^3 = 0.59.
    bot, hand, view = seat_bot(replace(C, modelling="off"), 4, me=3, hole="Ah8h", board="9h8c2c")
    play(hand, "c", "c", "c", "c")
    e = bot.evaluate(view)
    assert round(e.hs, 3) == 0.838 and round(e.hs_n, 2) == 0.59
    # A♦Q♣ / 3♥4♣J♥: HS 0.585, HS^5 0.069, PPOT1 0.108, NPOT1 0.145.
    bot, hand, view = seat_bot(replace(C, modelling="off"), 6, me=5, hole="AdQc", board="3h4cJh")
    play(hand, "c", "c", "c", "c", "c", "c")
    e = bot.evaluate(view)
    assert (round(e.hs, 3), round(e.hs_n, 3)) == (0.585, 0.069)
    assert (round(e.ppot1, 3), round(e.npot1, 3)) == (0.108, 0.145)


def test_version_d_has_no_potential() -> None:
    bot, hand, view = seat_bot(replace(C, use_potential=False, modelling="off"), 2, me=0,
                               hole="8h7h", board="9h6c2dKsQd")
    play(hand, "c", "c")
    assert act(bot, view).kind == CHECK_CALL and bot.last_decision[0].ppot == 0.0


# -- opponent modelling ------------------------------------------------------------------------

def test_reweighting_function() -> None:
    # 0.01 below mu - sigma, 1 above mu + sigma, 0.5 at mu, linear in between, never below 0.01.
    w = reweight(np.ones(5), np.array([0.1, 0.4, 0.6, 0.7, 0.9]), mu=0.6, delta=0.2)
    assert w.tolist() == pytest.approx([0.01, 0.01, 0.5, 0.75, 1.0])
    small = reweight(np.full(2, 0.02), np.array([0.55, 0.9]), mu=0.6, delta=0.2)
    assert small.tolist() == pytest.approx([0.01, 0.02])                 # the product's floor


def test_weights_reset_to_one_every_hand() -> None:
    bot, hand, view = seat_bot(LokiConfig(), 2, me=0, hole="Kd9s")
    assert np.all(bot.tables[1][bot.tables[1] > 0] == 1.0)
    play(hand, "r")
    bot.observe(view)
    assert bot.tables[1][bot.tables[1] > 0].min() < 1.0
    hand2 = Hand(LIMIT, [2000, 2000], deal(2, {0: "Kd9s"}))
    view2 = Observation(hand2, position=0, player_names=("p0", "p1"))
    bot.begin_hand(view2)
    assert set(np.unique(bot.tables[1])) == {0.0, 1.0}


def test_preflop_reweighting_on_ir7() -> None:
    # Generic: a raise facing one bet (f(raise) = 0.2): the top 20%, mu = IR7 at 80% = 268,
    # sigma 330: AA keeps its weight, 72o drops to 0.01, a hand at exactly mu halves.
    bot, hand, view = seat_bot(LokiConfig(modelling="generic"), 2, me=0, hole="Kd9s")
    play(hand, "r")                                                       # the button raises
    bot.observe(view)
    t = bot.tables[1]
    assert ir7_at_percentile(0.8) == 268
    aa, seven_two = combo_index(*parse_cards("AcAh")), combo_index(*parse_cards("7c2h"))
    assert t[aa] == 1.0 and t[seven_two] == pytest.approx(0.01)
    at_mu = combo_index(*parse_cards("Tc8c"))                            # IR7 T8s = 268
    assert t[at_mu] == pytest.approx(0.5)


def test_no_preflop_reweighting_below_the_fifth_percentile() -> None:
    # A calling station observed 40 times calls everything: mu at percentile ~0 < 5%: no change.
    bot, hand, view = seat_bot(LokiConfig(modelling="specific"), 2, me=0, hole="Kd9s")
    model = bot.model("p1")
    for _ in range(40):
        model.contexts.observe(0, 1, 1)
    play(hand, "c")                                                       # the button completes
    bot.observe(view)
    t = bot.tables[1]
    assert set(np.unique(t)) == {0.0, 1.0}


def test_postflop_reweighting_on_ehs_prime() -> None:
    # Flop: the values are HS_1 + (1 - HS_1) PPOT_c; a bet facing no bet (generic f(bet) 0.5)
    # puts mu at 0.5 on that scale, sigma 0.2.
    bot, hand, view = seat_bot(LokiConfig(modelling="generic"), 2, me=1, hole="Kd9s",
                               board="9h6c2hKs4d")
    play(hand, "c", "c")                               # pre-flop: complete, check
    start = bot.tables[0].copy()
    play(hand, "r")                                    # the big blind bets the flop
    bot.observe(view)
    values = postflop_values(tuple(view.board[:3]))
    live = ~np.isnan(values) & (start > 0)
    expected = start.copy()
    reweight(expected, values, 0.5, 0.2, 0.01, 1.0)
    assert np.allclose(bot.tables[0][live], expected[live])
    flush_draw = combo_index(*parse_cards("Ah5h"))
    assert bot.tables[0][flush_draw] > bot.tables[0][combo_index(*parse_cards("Qc3d"))]


def test_once_per_round_from_the_saved_copy() -> None:
    # A call then a re-raise by one player in a round: the table is the re-raise's re-weighting
    # of the round's starting table (not both applied); a later call (a lower threshold)
    # leaves it alone.
    bot, hand, view = seat_bot(LokiConfig(modelling="generic"), 3, me=1, hole="Kd9s")  # the BB
    play(hand, "c", "c")                      # the button calls a bet (top 50%), the SB completes
    bot.observe(view)
    assert bot._threshold[2] == pytest.approx(0.5)
    assert not np.array_equal(bot.tables[2], bot._round_start[2])
    play(hand, "r", "r", "c", "r")            # Loki raises, the button re-raises facing one bet
    bot.observe(view)
    assert bot._threshold[2] == pytest.approx(0.8)
    direct = bot._round_start[2].copy()
    reweight(direct, ir7_values(), ir7_at_percentile(0.8), 330.0, 0.01, 1.0)
    for c in view.hole:
        direct[[i for i, (a, b) in enumerate(ALL_COMBOS) if c in (int(a), int(b))]] = 0.0
    assert np.allclose(bot.tables[2], direct)
    settled = bot.tables[2].copy()
    play(hand, "c")                           # the button calls the cap: top 50% < top 20%
    bot.observe(view)
    assert np.array_equal(bot.tables[2], settled) and bot._threshold[2] == pytest.approx(0.8)


def test_frequencies_per_context_and_blend() -> None:
    f = ContextFrequencies()
    assert f.blended(2, 0).tolist() == [0.0, 0.5, 0.5]                   # Table B.2
    assert f.blended(3, 5).tolist() == [0.7, 0.2, 0.1]                   # 2+ bets
    for _ in range(5):
        f.observe(1, 0, 2)                                               # five flop bets
    assert f.blended(1, 0).tolist() == pytest.approx([0.0, 0.375, 0.625])  # 5/20 observed
    assert f.blended(2, 0).tolist() == pytest.approx([0.0, 0.375, 0.625])  # the turn borrows it
    for _ in range(15):
        f.observe(1, 0, 1)
    assert f.blended(1, 0).tolist() == pytest.approx([0.0, 0.75, 0.25])    # 20: observed alone


def test_generic_and_specific_modelling() -> None:
    # Generic reads Table B.2 whatever it has seen; specific reads what it has seen.
    for modelling, expected in (("generic", 0.8), ("specific", 0.0)):
        bot, hand, view = seat_bot(LokiConfig(modelling=modelling), 2, me=0, hole="Kd9s")
        for _ in range(20):
            bot.model("p1").contexts.observe(0, 1, 2)                     # a maniac's raises
        play(hand, "r")
        bot.observe(view)
        assert bot._threshold.get(1, 0.0) == pytest.approx(expected)
        # Counted after the re-weighting: the raise is the 21st observation.
        assert bot.model("p1").contexts.counts[0, 1, 2] == 21


def test_checks_and_folds_do_not_reweight() -> None:
    bot, hand, view = seat_bot(LokiConfig(modelling="generic"), 3, me=0, hole="Kd9s")
    play(hand, "f", "c", "c")                        # button folds, Loki (SB) completes, BB checks
    bot.observe(view)
    assert set(np.unique(bot.tables[1])) == {0.0, 1.0} and 2 not in bot._threshold
    assert bot.model("p1").contexts.counts[0, 0, 1] == 1                  # the check is counted


def test_crude_potential_outs() -> None:
    from pokerlab.agents.modelling._board_kernels import crude_potential

    def outs(hole: str, board: str) -> float:
        values = crude_potential(np.array(parse_cards(board), dtype=np.uint8))
        return float(values[combo_index(*parse_cards(hole))]) * (50 - len(board) // 2)

    # Flush draw, two of the suit on the board: 9 outs (+ pair outs: two overcards, 6).
    assert outs("AhKh", "9h6c2h") == pytest.approx(9 + 6)
    # One suited hole card and three on the board: 9 outs worth 0.5 (deuce) .. 1 (ace).
    assert outs("Ah3c", "9h6h2h") == pytest.approx(9 + 3 + 1.5)
    assert outs("2h3c", "9h6h5h") - outs("2c3d", "9h6h5h") == pytest.approx(9 * 0.5)
    # Open-ended straight draw 8 outs; a made flush has none; the river has none.
    assert outs("8d7c", "9h6c2s") == pytest.approx(8 + 1.5 + 1.5)
    assert outs("AhKh", "9h6h2h") == 0.0
    assert crude_potential(np.array(parse_cards("9h6c2s4d5s"), dtype=np.uint8))[0] == 0.0


def test_crude_potential_tracks_ppot1() -> None:
    # The thesis: within 5% of PPOT1 95% of the time. Ours on random flops and turns: ~90%.
    from pokerlab.agents.modelling._board_kernels import crude_potential
    from pokerlab.strength import hand_potential, ppot_of

    rng = np.random.default_rng(0)
    close = 0
    for k in range(400):
        cards = [int(c) for c in rng.choice(52, 6 if k % 2 else 5, replace=False)]
        hole, board = cards[:2], cards[2:]
        ppot1 = ppot_of(hand_potential(hole, board, two_cards=False).one_card.counts)
        crude = crude_potential(np.array(board, dtype=np.uint8))[combo_index(*hole)]
        close += abs(crude - ppot1) <= 0.05
    assert close / 400 >= 0.87


# -- versions and seating ----------------------------------------------------------------------

def test_versions() -> None:
    a = VERSIONS["loki-a"][0]
    assert (a.tightness, a.modelling) == ("loose", "specific")
    assert VERSIONS["loki-b"][0].modelling == "off"
    assert not VERSIONS["loki-c"][0].advanced_preflop and not VERSIONS["loki-d"][0].use_potential
    e = VERSIONS["loki-e"][0]
    assert (e.modelling, e.advanced_preflop, e.use_potential) == ("off", False, False)
    ablation = [VERSIONS[f"loki-ablation-{v}"][0] for v in "abcde"]
    assert all(c.tightness == "moderate" and c.modelling == "generic" for c in ablation)
    assert [c.showdown_odds for c in ablation] == [True, False, True, True, True]
    assert [c.pot_odds for c in ablation] == [True, True, False, True, True]
    assert [c.semi_bluffing for c in ablation] == [True, True, True, False, True]
    assert ablation[4].betting == "simple"
    assert VERSIONS["loki-gom"][0].modelling == "generic"
    assert [VERSIONS[f"loki-bp{t}"][0].tightness for t in "ltm"] == ["loose", "tight", "moderate"]
    assert all(VERSIONS[f"loki-bp{t}"][0].modelling == "off" for t in "ltm")
    assert create_bot("loki-bpt").config.tightness == "tight"


def test_thesis_table_8_1_seating() -> None:
    from pokerlab.arena import MatchConfig
    from pokerlab.arena.match import schedule, thesis_seating

    # All 100 cells of Table 8.1: round r seats player i in seat i * r mod 11 (T = 10).
    table = ["1 2 3 4 5 6 7 8 9 T", "2 4 6 8 T 1 3 5 7 9", "3 6 9 1 4 7 T 2 5 8",
             "4 8 1 5 9 2 6 T 3 7", "5 T 4 9 3 8 2 7 1 6", "6 1 7 2 8 3 9 4 T 5",
             "7 3 T 6 2 9 5 1 8 4", "8 5 2 T 7 4 1 9 6 3", "9 7 5 3 1 T 8 6 4 2",
             "T 9 8 7 6 5 4 3 2 1"]
    for r, row in enumerate(table, start=1):
        seats = [10 if x == "T" else int(x) for x in row.split()]
        by_seat = thesis_seating(r)
        assert [by_seat.index(i - 1) + 1 for i in range(1, 11)] == seats
    # In a ten-seat duplicate match every player holds every seat once per deal and sits
    # directly behind every other player.
    config = MatchConfig(bots=tuple("abcdefghij"), hands=20, seats=10, duplicate=True, seed=3)
    for deal in range(2):
        rows = [schedule(config, 10 * deal + r)[2] for r in range(10)]
        assert all(sorted(row[s] for row in rows) == list(range(10)) for s in range(10))
        behind = {(row[s], row[(s + 1) % 10]) for row in rows for s in range(10)}
        assert len(behind) == 90
