"""The no-limit rule bot: its chart and post-flop rules on hand-built spots, its policy against
what it plays, and legal play in matches."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.agents.base import Observation
from pokerlab.agents.nl_rules import NLRulesBot
from pokerlab.agents.registry import create_bot, variants_of
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.cards import ALL_COMBOS, combo_index, parse_cards
from pokerlab.engine import BET_RAISE, CHECK_CALL, FOLD, Action, Dealer, GameSettings, Hand
from pokerlab.strength import strength_table

GAME = GameSettings.preset("no-limit", small_blind=50, big_blind=100, small_bet=100, big_bet=100,
                           starting_stack=20000)


def spot(big_blind: str, button: str, board: str = "3s 4s 5d 6h 8s", actions: tuple = (),
         game: GameSettings = GAME) -> Observation:
    """The view of the player to act after ``actions`` (raise-to amounts; 'c' calls)."""
    hand = Hand(game, [game.starting_stack] * 2, parse_cards(f"{big_blind} {button} {board}"))
    for a in actions:
        hand.act(Action(CHECK_CALL) if a == "c" else Action(BET_RAISE, a))
    return Observation(hand, hand.actor)


def act(bb: str, button: str, actions: tuple = (), board: str = "3s 4s 5d 6h 8s",
        game: GameSettings = GAME) -> tuple[int, int]:
    a = NLRulesBot().act(spot(bb, button, board, actions, game))
    return a.kind, a.amount


def test_the_preflop_chart_on_hand_built_spots() -> None:
    # The button first in: AA (top 0.5%) and K2o (47.7%) open to 2.5 bb, T8o (50.5%) limps,
    # 72o (96%) folds.
    assert act("2c 2d", "As Ah") == (BET_RAISE, 250)
    assert act("2c 2d", "Kc 2h") == (BET_RAISE, 250)
    assert act("2c 2d", "Tc 8h") == (CHECK_CALL, 0)
    assert act("2c 2d", "7c 2h") == (FOLD, 0)
    # The big blind after a limp: AKo (5.4%) raises to 3 times the bet, 72o checks.
    assert act("Ac Kh", "2c 2d", ("c",)) == (BET_RAISE, 300)
    assert act("7c 2h", "2c 2d", ("c",)) == (CHECK_CALL, 0)
    # Facing the 2.5-bb open (1.5 bb to call): AKo 3-bets to 7.5 bb, KQo (11.3%) and T8s
    # (39.5%) call, K4o (40.4%) folds.
    assert act("Ac Kh", "2c 2d", (250,)) == (BET_RAISE, 750)
    assert act("Kc Qh", "2c 2d", (250,)) == (CHECK_CALL, 0)
    assert act("Tc 8c", "2c 2d", (250,)) == (CHECK_CALL, 0)
    assert act("Kc 4h", "2c 2d", (250,)) == (FOLD, 0)
    # A bigger open (to 15 bb: 14 to call) is called by the top 10% only: KQo folds, ATo calls.
    assert act("Kc Qh", "2c 2d", (1500,)) == (FOLD, 0)
    assert act("Ac Th", "2c 2d", (1500,)) == (CHECK_CALL, 0)
    # Facing the 3-bet: AA shoves, AQo (6.6%) calls, KQo folds.
    assert act("2c 2d", "As Ah", (250, 750)) == (BET_RAISE, 20000)
    assert act("2c 2d", "Ac Qh", (250, 750)) == (CHECK_CALL, 0)
    assert act("2c 2d", "Kc Qh", (250, 750)) == (FOLD, 0)
    # A committing call (an open to 80 bb): the shove range only; all-in is no raise: a call.
    assert act("7c 7d", "2c 2d", (8000,)) == (BET_RAISE, 20000)
    assert act("6c 6d", "2c 2d", (8000,)) == (FOLD, 0)
    assert act("7c 7d", "2c 2d", (20000,)) == (CHECK_CALL, 0)


def test_short_stacks_push_or_fold() -> None:
    short = GameSettings.preset("no-limit", small_blind=50, big_blind=100, small_bet=100, big_bet=100,
                                starting_stack=1000)   # 10 big blinds
    # First in: all-in with the top 40% (K5o 37.7%), fold the rest (K4o 40.4%, T8o 50.5%).
    assert act("2c 2d", "Kc 5h", game=short) == (BET_RAISE, 1000)
    assert act("2c 2d", "Kc 4h", game=short) == (FOLD, 0)
    assert act("2c 2d", "Tc 8h", game=short) == (FOLD, 0)
    # The big blind after a limp: all-in with the top 20% (QJo 19.9%), else check (K9o 20.8%).
    assert act("Qc Jh", "2c 2d", ("c",), game=short) == (BET_RAISE, 1000)
    assert act("Kc 9h", "2c 2d", ("c",), game=short) == (CHECK_CALL, 0)
    # Facing a shove: the top 15% call (A5s 14.8%; all-in cannot be raised), the rest fold (A6s).
    assert act("Ac 5c", "2c 2d", (1000,), game=short) == (CHECK_CALL, 0)
    assert act("Ac 6c", "2c 2d", (1000,), game=short) == (FOLD, 0)
    # Facing a small raise: the same top 15% moves all-in.
    assert act("Ac 5c", "2c 2d", (250,), game=short) == (BET_RAISE, 1000)


def test_after_the_flop_value_bets_pot_odds_calls_and_checks_air() -> None:
    board = "Ah Kd 9s 2c 3d"
    flop = parse_cards(board)[:3]
    hs = strength_table(flop)

    def strength(cards: str) -> float:
        return float(hs[combo_index(*parse_cards(cards))])

    # The big blind acts first on the flop (pot 500: the open called): the set (HS 0.99) bets
    # 2/3 of the pot, third pair (0.72) and air (0.03) check.
    assert strength("9c 9h") >= 0.95 and 0.7 < strength("9c 8c") < 0.75 and strength("4c 3h") < 0.1
    assert act("9c 9h", "Qs Jc", (250, "c"), board) == (BET_RAISE, 333)
    assert act("9c 8c", "Qs Jc", (250, "c"), board) == (CHECK_CALL, 0)
    assert act("4c 3h", "Qs Jc", (250, "c"), board) == (CHECK_CALL, 0)
    # The button faces a pot-sized bet (500 into 500: the call is a third of the pot after it):
    # third pair calls (0.72 squared is over 1/3), air folds, the set raises by 2/3 of the pot
    # after the call: to 500 + 2/3 * 1500.
    assert act("2h 2s", "9c 8c", (250, "c", 500), board) == (CHECK_CALL, 0)
    assert act("2h 2s", "4c 3h", (250, "c", 500), board) == (FOLD, 0)
    assert act("2h 2s", "9c 9h", (250, "c", 500), board) == (BET_RAISE, 1500)
    # Sevens (0.63) call the pot-sized bet and fold to one of three pots (1500 into 500: 3/7).
    assert 1 / 3 <= strength("7c 7h") ** 2 < 3 / 7
    assert act("2h 2s", "7c 7h", (250, "c", 500), board) == (CHECK_CALL, 0)
    assert act("2h 2s", "7c 7h", (250, "c", 1500), board) == (FOLD, 0)


def walk(game: GameSettings, deals: int, seed: int) -> list[Observation]:
    """Decisions of hands the rule bot plays against the random bot (fresh views)."""
    out = []
    dealer = Dealer(seed)
    bot, other = NLRulesBot(), create_bot("random")
    for deal in range(deals):
        hand = Hand(game, [game.starting_stack] * 2, dealer.cards(deal, 2), dealer.ranks(deal, 2))
        other.reseed(deal)
        me = deal % 2
        while hand.queue:
            view = Observation(hand, hand.queue[0])
            if hand.queue[0] == me:
                copy = Hand(game, hand.starting_stacks, hand.cards, hand.ranks)
                for _, _, kind, amount in hand.history:
                    copy.apply_checked(Action(kind, amount))
                out.append(Observation(copy, me))
                hand.apply_checked(bot.act(view))
            else:
                hand.apply_checked(other.act(view))
    return out


@pytest.mark.parametrize("game", [GAME, GameSettings.preset("limit")], ids=["no-limit", "limit"])
def test_the_policy_is_what_it_plays_for_every_holding(game: GameSettings) -> None:
    bot = NLRulesBot()
    views = walk(game, 16, 3)
    assert any(v.street > 0 for v in views)
    for view in views:
        legal = view.legal
        live = np.array([k for k, (a, b) in enumerate(ALL_COMBOS)
                         if not {int(a), int(b)} & set(view.board)])
        rows = bot.range_policy(view, live)
        assert np.allclose(rows.sum(axis=1), 1.0) and set(np.unique(rows)) <= {0.0, 1.0}
        # One raise amount per decision: the kind's column is the exact action's probability.
        kinds, amounts = bot.decide(view, live)
        assert len(set(amounts[kinds == BET_RAISE].tolist())) <= 1
        for k in live[::97]:
            a, b = ALL_COMBOS[k]
            played = bot.act(view.with_hole([int(a), int(b)]))
            assert legal.check(played) is None
            row = rows[np.searchsorted(live, k)]
            assert row[played.kind] == 1.0
            assert bot.action_probabilities(view, [k], played)[0] == 1.0


def test_it_plays_holdem_legally_in_matches() -> None:
    assert variants_of("nl-rules") == ("texas-holdem",)
    for game in (GAME, GameSettings.preset("limit")):
        config = MatchConfig(bots=("nl-rules", "random"), hands=40, game=game, seed=4, duplicate=True)
        result = run_match(config, MatchStore(":memory:"))
        assert [r.illegal_actions for r in result.results] == [0, 0]
        assert sum(r.chips for r in result.results) == 0
