"""Loki-2 (Peña 1999), rule by rule, with the worked examples the sources give (docs/loki2.md)."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from numba import njit

from pokerlab.agents.loki.config import LokiConfig
from pokerlab.agents.loki.postflop import Situation, postflop_decision
from pokerlab.agents.loki2._kernels import (
    NET_SIZE,
    _draw_holding,
    cascade_action,
    holding_values,
    pick,
    play_trial,
    pt_reweight,
    pt_triple,
    simulate,
    strength_of,
)
from pokerlab.agents.loki2.bot import Loki2Config, board_pt_inputs, choose, probability_triple
from pokerlab.agents.modelling._board_kernels import holding_strengths
from pokerlab.agents.modelling.context_features import hand_decisions
from pokerlab.agents.registry import create_bot
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.table import play_hand
from pokerlab.cards import combo_index, parse_cards
from pokerlab.engine import Dealer, GameSettings, Hand
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD

PARAMS = Loki2Config().pt_params()
ACTIONS = {"fold": 0, "check": 1, "call": 1, "raise": 2}


def test_pt_action_pick_worked_example() -> None:
    """N/node33: PT [0.1, 0.65, 0.25]: below 0.1 folds, below 0.75 calls, else raises."""
    t = np.array([0.1, 0.65, 0.25])
    for u, action in ((0.0, "fold"), (0.0999, "fold"), (0.1, "call"), (0.7499, "call"),
                      (0.75, "raise"), (0.9999, "raise")):
        assert choose(t, u) == action
        assert pick(t, u) == ACTIONS[action]


def test_pt_reweight_worked_example() -> None:
    """N/node34: A-A weight 0.90, the opponent calls, PT(A-A) = [0, 0.20, 0.80]: 0.18.

    Our PT gives exactly [0, 0.2, 0.8] at EHS' = 0.88 facing a bet (the make2 line 0.85 blurred
    over [0.80, 0.90]); the re-weighting multiplies by the call entry."""
    t = pt_triple(0.88, 0.88, 0.0, 0.88, 10.0, 40.0, 10.0, 1, 1, False, 40.0, True, PARAMS)
    assert t == pytest.approx([0.0, 0.2, 0.8], abs=1e-12)
    assert 0.90 * t[1] == pytest.approx(0.18)


def test_pt_reweight_multiplies_every_holding_by_its_triple() -> None:
    board = tuple(parse_cards("9h6c2d"))
    hs1, ppot_c = board_pt_inputs(board)
    rng = np.random.default_rng(1)
    w = rng.uniform(0.0, 1.0, 1326)
    w[np.isnan(hs1)] = 0.0
    before = w.copy()
    pt_reweight(w, hs1, ppot_c, 2, 10.0, 60.0, 10.0, 1, 1, False, 40.0, True, 1, PARAMS, 0.01)
    for idx in rng.choice(np.nonzero(before)[0], 50, replace=False):
        hs_n = hs1[idx] ** 2
        ehs = hs_n + (1 - hs_n) * ppot_c[idx]
        t = pt_triple(ehs, hs_n, ppot_c[idx], ehs, 10.0, 60.0, 10.0, 1, 1, False, 40.0, True,
                      PARAMS)
        assert w[idx] == pytest.approx(max(before[idx] * t[1], 0.01))
    assert (w[before > 0] >= 0.01).all() and (w[before == 0] == 0).all()
    # A-A's triple here is a pure raise: its call entry 0 leaves it at the floor, not at 0
    aa = combo_index(*parse_cards("AsAc"))
    assert w[aa] == 0.01


def test_cascade_kernel_is_loki1s_cascade() -> None:
    """The kernel's pure action is Loki-1's postflop_decision on random situations."""
    rng = random.Random(7)
    config = LokiConfig()
    for _ in range(3000):
        street = rng.choice((1, 2, 3))
        bet = 10 if street == 1 else 20
        level = rng.choice((0, 0, 1, 2, 3, 4))
        to_call = 0 if level == 0 else bet * rng.choice((1, 1, 2, 3))
        hs_n, ppot, npot = rng.random(), (0.0 if street == 3 else rng.random() * 0.5), rng.random() * 0.4
        s = Situation(ehs=hs_n + (1 - hs_n) * ppot, hs_n=hs_n, ppot=ppot, npot=npot,
                      to_call=to_call, pot=rng.choice((30, 60, 120, 250)), bet=bet, level=level,
                      street=street, called=rng.random() < 0.3,
                      future=sum((10, 20, 20)[street:]), can_raise=level < 4)
        win = s.hs_n + (1 - s.hs_n) * s.ppot - s.hs_n * s.npot
        kernel = cascade_action(s.ehs, s.hs_n, s.ppot, win, float(s.to_call), float(s.pot),
                                float(s.bet), s.level, s.street, s.called, float(s.future),
                                s.can_raise, PARAMS)
        assert kernel == ACTIONS[postflop_decision(s, config)[0]], s


def test_pt_smoothing_is_linear_interpolation() -> None:
    c = Loki2Config()
    s = Situation(ehs=0.47, hs_n=0.47, ppot=0.0, npot=0.0, to_call=0, pot=40, bet=10, level=0,
                  street=3, future=0)
    # the make1 line 0.50 blurred over [0.45, 0.55]: bet share (0.47 - 0.45) / 0.1
    assert probability_triple(s, c) == pytest.approx([0.0, 0.8, 0.2])
    assert probability_triple(replace(s, ehs=0.5, hs_n=0.5), c) == pytest.approx([0.0, 0.5, 0.5])
    assert probability_triple(replace(s, ehs=0.3, hs_n=0.3), c).tolist() == [0.0, 1.0, 0.0]
    # width 0: the pure cascade (Peña's version 2)
    assert probability_triple(s, replace(c, pt_width=0.0)).tolist() == [0.0, 1.0, 0.0]
    # facing a bet on the river: HS_n against the pot odds 10 / 50 = 0.2, blurred
    facing = replace(s, ehs=0.22, hs_n=0.22, to_call=10, level=1, pot=40)
    t = probability_triple(facing, replace(c, showdown_odds=False))
    assert t == pytest.approx([0.3, 0.7, 0.0])
    rng = random.Random(3)
    for _ in range(500):
        x = rng.random()
        t = probability_triple(replace(facing, ehs=x, hs_n=x, pot=rng.choice((20, 80))), c)
        assert t.sum() == pytest.approx(1.0) and (t >= 0).all()


def test_strength_kernel_agrees_with_holding_strengths() -> None:
    board = np.array(parse_cards("AhKd7c2s"), dtype=np.int64)
    now = holding_values(board)
    reference = holding_strengths(now)
    for idx in (combo_index(*parse_cards("AsAc")), combo_index(*parse_cards("3c4c")), 700):
        if not np.isnan(reference[idx]):
            assert strength_of(now, idx) == pytest.approx(reference[idx])


def _replay(cards, n, log, count, first_street_actions):
    """Play the kernel's action log through the engine from the flop on."""
    hand = Hand(GameSettings.preset("limit"), [2000] * n, cards)
    for a in first_street_actions:
        hand.act(a)
    for street, pos, kind in log[:count]:
        assert hand.street == street and hand.queue[0] == pos
        if kind == 0:
            hand.act((FOLD, 0))
        elif kind == 1:
            hand.act((CHECK_CALL, 0))
        else:
            hand.act((BET_RAISE, hand.legal().min_raise_to))
    assert hand.finished
    return hand


def _no_models(n: int) -> dict[str, np.ndarray]:
    return {"kinds": np.zeros(n, dtype=np.int64), "nets": np.zeros((n, NET_SIZE)),
            "tree_i": np.full((n, 3, 1), -1, dtype=np.int64), "tree_t": np.zeros((n, 1)),
            "tree_v": np.full((n, 1, 3), 1 / 3)}


@pytest.mark.parametrize("n", [2, 3, 6])
def test_trial_betting_and_inputs_agree_with_the_engine(n: int) -> None:
    """Random PT trials from the first flop decision: the log replayed through the engine ends
    the hand, the kernel's chips won equal the engine's payoff plus the pre-flop call, and the
    19 inputs the kernel computed at each decision are those of the replayed hand."""
    rng = np.random.default_rng(n)
    game = GameSettings.preset("limit")
    for trial in range(40):
        deck = rng.permutation(52)
        cards = [int(c) for c in deck[: 2 * n + 5]]
        holes = np.array(cards[: 2 * n], dtype=np.int64).reshape(n, 2)
        board = np.array(cards[2 * n:], dtype=np.int64)
        hand = Hand(game, [2000] * n, cards)
        pre = []
        while hand.street == 0:
            pre.append((CHECK_CALL, 0) if trial % 3 or hand.legal().to_call == 0 or len(pre) > 0
                       else (BET_RAISE, hand.legal().min_raise_to))
            hand.act(pre[-1])
        me = hand.queue[0]
        ctx = np.zeros((n, 5))
        counts = np.zeros(2)
        ctx[:, 0] = hand.put_in
        for pos, x, action in hand_decisions(game, [2000] * n, cards, hand.history):
            ctx[pos, 3], ctx[pos, 4] = float(x[4] == 0), float(action == 2)
            counts += (action == 2, action == 1 and x[4] == 0)
        hs1 = rng.uniform(0, 1, (4, n))
        ppot = rng.uniform(0, 0.4, (4, n))
        log = np.zeros((512, 3), dtype=np.int64)
        flog = np.zeros((512, 19))
        first = 1 + trial % 2
        value, count = play_trial(holes, board, 1, me, np.ones(n, dtype=np.bool_), np.zeros(n),
                                  np.zeros(n, dtype=np.bool_), np.zeros(n, dtype=np.bool_),
                                  float(hand.pot), 0, np.array([10.0, 10.0, 20.0, 20.0]), 4,
                                  first, 0, rng.uniform(0, 1, n), hs1, ppot, PARAMS, log, ctx,
                                  counts, **_no_models(n), flog=flog)
        assert log[0, 1] == me and log[0, 2] == first
        done = _replay(cards, n, log, count, pre)
        assert value - hand.put_in[me] == pytest.approx(done.payoffs[me], abs=0.5 * n), trial
        rows = list(hand_decisions(game, [2000] * n, cards, done.history))[len(pre):]
        assert len(rows) == count
        for k, (_, x, _) in enumerate(rows):
            assert flog[k] == pytest.approx(x), (trial, k)


def test_learned_models_play_the_opponents_in_trials() -> None:
    """An opponent whose network always raises (output biases) raises at each of its trial
    decisions until the cap; one whose tree always folds folds at its first bet."""
    n = 2
    models = _no_models(n)
    models["kinds"][1] = 1
    models["nets"][1, 92:95] = (-30.0, -30.0, 30.0)   # fold, call, raise biases
    holes = np.array([[0, 1], [2, 3]], dtype=np.int64)
    board = np.array(parse_cards("AhKd7c2s9h"), dtype=np.int64)
    log = np.zeros((512, 3), dtype=np.int64)
    args = (holes, board, 1, 0, np.ones(2, dtype=np.bool_), np.zeros(2), np.zeros(2, dtype=np.bool_),
            np.zeros(2, dtype=np.bool_), 20.0, 0, np.array([10.0, 10.0, 20.0, 20.0]), 4, 1, 0,
            np.full(2, 0.5), np.full((4, 2), 0.5), np.zeros((4, 2)), PARAMS, log,
            np.zeros((2, 5)), np.zeros(2))
    _, count = play_trial(*args, **models, flog=np.zeros((0, 19)))
    theirs = [k for s, p, k in log[:count] if p == 1]
    assert theirs[0] == 2 and set(theirs) <= {1, 2} and theirs.count(2) >= 3
    models = _no_models(n)
    models["kinds"][1] = 2
    models["tree_v"][1, 0] = (1.0, 0.0, 0.0)
    _, count = play_trial(*args[:12], 2, *args[13:], **models, flog=np.zeros((0, 19)))
    assert [tuple(r) for r in log[:count]] == [(1, 0, 2), (1, 1, 0)]


def test_always_call_simulation_is_the_equity_against_the_weights() -> None:
    """River, heads-up, check first: an always-call trial is a showdown for the pot, so EV =
    pot x HS against the opponent's table (uniform here: HS against a random holding)."""
    hole = parse_cards("QhJh")
    board = parse_cards("Qd8c5s3h2c")
    now = holding_values(np.array(board, dtype=np.int64))
    hs = strength_of(now, combo_index(*hole))
    weights = np.ones((2, 1326))
    out = simulate(np.array(hole, dtype=np.int64), np.array(board, dtype=np.int64), 3, 0,
                   np.ones(2, dtype=np.bool_), weights, np.full(1326, 0.5), np.zeros(2),
                   np.zeros(2, dtype=np.bool_), np.zeros(2, dtype=np.bool_), 100.0, 0,
                   np.array([10.0, 10.0, 20.0, 20.0]), 4, 1, 20_000, PARAMS, 1,
                   np.zeros((2, 5)), np.zeros(2), **_no_models(2))
    assert out[0] == pytest.approx(100 * hs, abs=3 * out[2] + 1e-9)
    # a bet that is always called wins the bet too: (100 + 40) hs - 20
    assert out[1] == pytest.approx(140 * hs - 20, abs=3 * out[3] + 1e-9)


def test_opponent_hands_follow_the_weight_table() -> None:
    """With an opponent's weight on two holdings only, the trials see those two: a set of
    queens against A-A and K-K (both behind) wins every showdown."""
    hole = parse_cards("QsQc")
    board = parse_cards("Qd8c5s3h2c")
    weights = np.full((2, 1326), 0.0)
    weights[1, combo_index(*parse_cards("AhAd"))] = 1.0
    weights[1, combo_index(*parse_cards("KhKd"))] = 0.5
    out = simulate(np.array(hole, dtype=np.int64), np.array(board, dtype=np.int64), 3, 0,
                   np.ones(2, dtype=np.bool_), weights, np.full(1326, 0.5), np.zeros(2),
                   np.zeros(2, dtype=np.bool_), np.zeros(2, dtype=np.bool_), 100.0, 0,
                   np.array([10.0, 10.0, 20.0, 20.0]), 4, 1, 500, PARAMS, 2,
                   np.zeros((2, 5)), np.zeros(2), **_no_models(2))
    assert out[0] == 100.0 and out[2] == 0.0


@njit  # not cached: a cache would keep the _draw_holding it was compiled with
def _holdings_drawn(used: np.ndarray, table: np.ndarray, peak: float, by_weight: bool, n: int,
                    seed: int) -> np.ndarray:
    np.random.seed(seed)
    counts = np.zeros(1326, dtype=np.int64)
    for _ in range(n):
        counts[_draw_holding(used, table, peak, by_weight)] += 1
    return counts


@pytest.mark.parametrize("by_weight", [True, False])
def test_simulated_holdings_follow_non_uniform_weights(by_weight: bool) -> None:
    """The trials' opponent holdings: drawn in proportion to the weight table (``by_weight``)
    or to one minus the income-rate percentile. Weights 0, 0.1, 0.4, 0.7, 1 over the holdings
    left by a river board and our hole cards; 100,000 draws (fixed seed) against the expected
    counts by Pearson's chi-square, which must stay below its degrees of freedom plus five
    standard deviations (a sampler that favoured low weights would be far above)."""
    known = parse_cards("QsQc") + parse_cards("Qd8c5s3h2c")
    used = np.zeros(52, dtype=np.bool_)
    used[known] = True
    table = np.array([(0.0, 0.1, 0.4, 0.7, 1.0)[i % 5] for i in range(1326)])
    free = np.array([not (used[a] or used[b]) for b in range(52) for a in range(b)])
    order = np.array([combo_index(a, b) for b in range(52) for a in range(b)])
    available = np.zeros(1326, dtype=bool)
    available[order] = free
    share = np.where(available, table if by_weight else 1.0 - table, 0.0)
    n = 100_000
    counts = _holdings_drawn(used, table, float(table.max()), by_weight, n, 7)
    assert counts.sum() == n and counts[share == 0].sum() == 0
    expected = n * share / share.sum()
    drawn = share > 0
    chi2 = (((counts - expected)[drawn]) ** 2 / expected[drawn]).sum()
    df = drawn.sum() - 1
    assert chi2 < df + 5 * np.sqrt(2 * df)


def test_one_number_per_hand() -> None:
    """N/node33: the number is drawn at the start of a hand and kept for its decisions."""
    bot = create_bot("loki2-triple", store_path="")
    seen: list[tuple[int, float]] = []
    act = bot.act

    def spy(observation):
        seen.append((observation.hand_number, bot._u))
        return act(observation)

    bot.act = spy  # type: ignore[method-assign]
    dealer = Dealer(seed=3)
    for h in range(30):
        hand = Hand(GameSettings.preset("limit"), [2000, 2000], dealer.cards(h, 2))
        play_hand(hand, [bot, create_bot("calling-station")], hand_number=h)
    by_hand: dict[int, set[float]] = {}
    for h, u in seen:
        by_hand.setdefault(h, set()).add(u)
    assert max(len(by_hand[h]) for h in by_hand) == 1
    assert sum(1 for h in by_hand if len([x for x in seen if x[0] == h]) > 1) > 5
    assert len({next(iter(us)) for us in by_hand.values()}) == len(by_hand)


@pytest.mark.parametrize("name", ["loki2-b", "loki2-r", "loki2-triple", "loki2-sim",
                                  "loki2-sim-call", "loki2-sim-network", "loki2-sim-tree"])
def test_versions_play_a_table(name: str) -> None:
    config = MatchConfig(bots=(name, "loki-a", "raiser"), hands=6, seed=1)
    result = run_match(config, MatchStore(":memory:"))
    assert all(r.illegal_actions == 0 for r in result.results)
    assert sum(r.chips for r in result.results) == 0


def test_loki2_plays_every_holdem_bot() -> None:
    """Loki-2, with simulation or with triples in turn, heads-up against every registered
    hold'em bot (a duplicate pair of hands each: no illegal action, chips conserved; the slow
    sweep below plays both against every bot)."""
    from pokerlab.agents.registry import playing

    others = [b for b in playing("texas-holdem") if not b.startswith("loki2")]
    assert len(others) > 10
    for k, other in enumerate(others):
        name = ("loki2-sim", "loki2-triple")[k % 2]
        config = MatchConfig(bots=(name, other), hands=2, seed=2, duplicate=True)
        result = run_match(config, MatchStore(":memory:"))
        assert [r.illegal_actions for r in result.results] == [0, 0], other
        assert sum(r.chips for r in result.results) == 0


@pytest.mark.slow
@pytest.mark.parametrize("name", ["loki2-sim", "loki2-triple", "loki2-sim-call"])
def test_every_version_plays_every_holdem_bot(name: str) -> None:
    from pokerlab.agents.registry import playing

    for other in playing("texas-holdem"):
        config = MatchConfig(bots=(name, other), hands=20, seed=3, duplicate=True)
        result = run_match(config, MatchStore(":memory:"))
        assert [r.illegal_actions for r in result.results] == [0, 0], other
