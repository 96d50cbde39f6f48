"""Local best response: its choices, its range tracking, and its figures against bots whose best
response is known."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import create_bot
from pokerlab.arena.lbr import (
    ENDINGS,
    LBRConfig,
    LBRHand,
    lbr_bot,
    lbr_choice,
    lbr_utilities,
    run_lbr,
)
from pokerlab.arena.table import play_hand
from pokerlab.cards import combos_touching, parse_cards
from pokerlab.engine import BET_RAISE, CHECK_CALL, FOLD, Action, Dealer, GameSettings, Hand
from pokerlab.strength.range_equity import equity_kernel, range_equity

GAME = GameSettings.preset("limit")


def test_utilities_and_choice_by_hand() -> None:
    # pot 100, 20 to call, WP 0.3, a raise of 20 more folds half the range:
    # call 0.3 * 100 - 0.7 * 20 = 16; raise 0.5 * 100 + 0.5 * (0.3 * 120 - 0.7 * 40) = 54.
    assert lbr_utilities(0.3, 100, 20, 20, 0.5) == pytest.approx((0.0, 16.0, 54.0))
    assert lbr_choice(lbr_utilities(0.3, 100, 20, 20, 0.5), True) == BET_RAISE
    # Nobody folds: raising is worth a(2 WP - 1) more than calling, so WP 0.4 calls...
    assert lbr_choice(lbr_utilities(0.4, 100, 20, 20, 0.0), True) == CHECK_CALL
    # ... and WP 0.1 folds: 0.1 * 100 - 0.9 * 20 = -8 < 0 (capped: no raise).
    assert lbr_choice(lbr_utilities(0.1, 100, 20, None, 0.0), True) == FOLD
    # Checking is free: never a fold, even with WP 0.
    assert lbr_choice(lbr_utilities(0.0, 100, 0, 20, 0.0), False) == CHECK_CALL


def test_fold_probability_of_the_random_bot_is_a_third_then_a_half() -> None:
    # The random bot folds a third of the time when it may raise, half when the cap stops it.
    cards = parse_cards("As Ks  2c 7d  Qs Js Ts 3h 4d")
    hand = Hand(GAME, [2000, 2000], cards)  # LBR at position 0 (big blind), bot the button
    one = LBRHand(hand, 0, create_bot("random"), 0, 100, 0)
    hand.bet_raise(20)   # the bot (button) raises, LBR to act
    assert one.fold_probability(30) == pytest.approx(1 / 3)
    hand.bet_raise(30)
    hand.bet_raise(40)   # the bot caps it
    assert not hand.legal().can_raise


def test_the_range_stays_normalised_and_removes_the_cards_seen() -> None:
    trace: list = []
    dealer = Dealer(5)
    bot = create_bot("random")
    for deal in range(6):
        for lbr in (0, 1):
            trace.clear()
            bot.reseed(deal * 2 + lbr)
            hand = Hand(GAME, [2000, 2000], dealer.cards(deal, 2), dealer.ranks(deal, 2))
            LBRHand(hand, lbr, bot, deal, 200, 0, trace).play()
            mine = hand.hole(lbr)
            for street, weights in trace:
                assert weights.sum() == pytest.approx(1.0)
                seen = mine + hand.board[: (0, 3, 4, 5)[street]]
                for c in seen:
                    assert not weights[combos_touching([c])].any()
            # Against the random bot every holding not touching a seen card is equally likely.
            last = trace[-1][1]
            assert np.ptp(last[last > 0]) < 1e-12


class ValueBettor(Agent):
    """LBR's rule against a calling station, written as an ordinary bot: it knows the
    opponent's range is every holding, raises when its equity is above one half, calls when
    the call pays, else folds. ``against_random``: the opponent is the random bot instead, who
    folds to a raise a third of the time while it may raise again, else half the time."""

    name = "value-bettor"

    def __init__(self, seed: int, hand_number: int, against_random: bool = False) -> None:
        super().__init__()
        self.seed, self.hand_number, self.decisions = seed, hand_number, 0
        self.against_random = against_random

    def act(self, observation: Observation) -> Action:
        self.decisions += 1
        weights = np.ones(1326)
        for c in observation.hole + observation.board:
            weights[combos_touching([c])] = 0.0
        weights /= weights.sum()
        wp_seed = (self.seed * 1_000_003 + self.hand_number) * 64 + self.decisions
        counts = equity_kernel(*observation.hole, np.array(observation.board, dtype=np.int64),
                               weights, 300, wp_seed & 0x7FFF_FFFF)
        wp = (counts[0] + 0.5 * counts[1]) / counts[2]
        legal = observation.legal
        pot, asked = observation.pot, legal.to_call
        call = wp * pot - (1 - wp) * asked
        if self.against_random:
            bets_after = observation.raises_this_round + 1 + (observation.street == 0)
            fp = 1 / 3 if bets_after < 4 else 1 / 2
            a = legal.min_raise_to - max(observation.bets) if legal.can_raise else 0
            raise_ = fp * pot + (1 - fp) * (wp * (pot + a) - (1 - wp) * (asked + a))
        else:
            raise_ = call + (2 * wp - 1)   # the sign of a (2 WP - 1) decides
        if legal.can_raise and raise_ > call and raise_ > 0:
            return Action(BET_RAISE, legal.min_raise_to)
        if legal.can_fold and call < 0:
            return Action(FOLD)
        return Action(CHECK_CALL)


def test_against_the_calling_station_lbr_is_the_value_bettor_hand_for_hand() -> None:
    dealer = Dealer(11)
    for deal in range(8):
        for lbr in (0, 1):
            h = 2 * deal + lbr
            cards, ranks = dealer.cards(deal, 2), dealer.ranks(deal, 2)
            lbr_hand = Hand(GAME, [2000, 2000], cards, ranks)
            won = LBRHand(lbr_hand, lbr, create_bot("calling-station"), h, 300, 4).play()
            table = Hand(GAME, [2000, 2000], cards, ranks)
            agents = [create_bot("calling-station")] * 2
            agents[lbr] = ValueBettor(4, h)
            play_hand(table, agents)
            assert table.history == lbr_hand.history
            assert won == table.payoffs[lbr]


def test_against_the_random_bot_lbr_is_the_random_exploiter_hand_for_hand() -> None:
    dealer = Dealer(12)
    for deal in range(10):
        for lbr in (0, 1):
            h = 2 * deal + lbr
            cards, ranks = dealer.cards(deal, 2), dealer.ranks(deal, 2)
            opponent = create_bot("random")
            opponent.reseed(h)
            lbr_hand = Hand(GAME, [2000, 2000], cards, ranks)
            won = LBRHand(lbr_hand, lbr, opponent, h, 300, 4).play()
            table = Hand(GAME, [2000, 2000], cards, ranks)
            opponent.reseed(h)
            agents: list[Agent] = [opponent, opponent]
            agents[lbr] = ValueBettor(4, h, against_random=True)
            play_hand(table, agents)
            assert table.history == lbr_hand.history
            assert won == table.payoffs[lbr]


def test_lbr_beats_the_baselines_and_refuses_a_bot_without_policy() -> None:
    station = run_lbr(LBRConfig("calling-station", hands=60, seed=2, samples=200))
    raiser = run_lbr(LBRConfig("raiser", hands=60, seed=2, samples=200))
    for r in (station, raiser):
        assert r.hands == 60 and r.mismatches == 0 and r.illegal_actions == 0
        assert r.ci95[0] > 0, r   # strongly positive: far above zero after 60 hands
    with pytest.raises(ValueError, match="BOT: bot 'loki2-b' does not expose its policy"):
        lbr_bot("loki2-b")


def test_where_lbr_won_adds_up_to_the_run() -> None:
    # Against the calling station or the raiser no hand ends in a fold by the bot; every hand is
    # counted once, and the cells' winnings add up to the run's.
    r = run_lbr(LBRConfig("calling-station", hands=40, seed=5, samples=100))
    assert sum(map(sum, r.where)) == r.hands
    assert sum(map(sum, r.where_mbb)) == pytest.approx(r.mbb_per_game)
    assert all(street[ENDINGS.index("bot folds")] == 0 for street in r.where)
    raiser = run_lbr(LBRConfig("raiser", hands=40, seed=5, samples=100))
    assert all(street[ENDINGS.index("bot folds")] == 0 for street in raiser.where)  # it never folds
    cells = raiser.to_dict()["where"]
    assert sum(c["hands"] for c in cells) == 40
    assert {c["ended"] for c in cells} <= set(ENDINGS)


@pytest.mark.slow
def test_the_result_does_not_depend_on_the_workers() -> None:
    config = LBRConfig("random", hands=2 * 101 + 2, seed=3, samples=100)  # two tasks
    one = run_lbr(config, workers=1)
    two = run_lbr(config, workers=2)
    assert one.per_pair == two.per_pair and one.hands == 204


def test_equity_against_one_holding_is_exact() -> None:
    weights = np.zeros(1326)
    from pokerlab.cards import combo_index

    weights[combo_index(*parse_cards("KhKd"))] = 1.0
    # River: AA loses to the set; turn: 2 aces and 4 tens of 44 rivers win.
    assert range_equity(parse_cards("AcAd"), parse_cards("Ks Qs Jd 4h 2c"), weights) == 0.0
    assert range_equity(parse_cards("AcAd"), parse_cards("Ks Qs Jd 4h"), weights) == pytest.approx(6 / 44)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["loki-a", "threshold", "waterloo-phase2-aggressive",
                                  "waterloo-phase3-aggressive-trust"])
def test_lbr_follows_the_policy_of_every_knowledge_based_bot(name: str) -> None:
    # Every action the bot played had positive probability under its own policy, on every
    # hand LBR played against it (its range never lost its real holding).
    result = run_lbr(LBRConfig(name, hands=24, seed=7, samples=200))
    assert result.mismatches == 0 and result.illegal_actions == 0
    assert result.bot_decisions > 24


def test_the_command_prints_json_and_an_80_column_table() -> None:
    import json

    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    runner = CliRunner()
    out = runner.invoke(app, ["lbr", "raiser", "--hands", "6", "--seed", "3", "--samples", "100",
                              "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["hands"] == 6 and data["bot"] == "raiser" and data["policy_mismatches"] == 0
    assert data["ci95"][0] <= data["mbb_per_game"] <= data["ci95"][1] and data["seconds"] > 0
    shown = runner.invoke(app, ["lbr", "waterloo-phase3-conservative-trust", "--hands", "2",
                                "--samples", "100"], env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    assert "mbb/g" in shown.output and max(len(line) for line in shown.output.splitlines()) <= 80


def test_preflop_call_lbr_only_checks_or_calls_before_the_flop() -> None:
    dealer = Dealer(3)
    for deal in range(4):
        for lbr in (0, 1):
            hand = Hand(GAME, [2000, 2000], dealer.cards(deal, 2), dealer.ranks(deal, 2))
            LBRHand(hand, lbr, create_bot("raiser"), deal, 100, 0, preflop_call=True).play()
            mine = [kind for street, p, kind, _ in hand.history if p == lbr and street == 0]
            assert mine and set(mine) == {CHECK_CALL}
            assert hand.street > 0 or hand.showdown  # nobody folds before the flop
