"""The policy hook: what bots say they would play, against what they play."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.agents.base import Agent, Observation, PolicyUnavailable, has_policy
from pokerlab.agents.registry import create_bot
from pokerlab.cards import ALL_COMBOS
from pokerlab.engine import CHECK_CALL, Action, Dealer, GameSettings, Hand

GAME = GameSettings.preset("limit")


def spots(deals: int = 6) -> list[Observation]:
    """Decisions of a few limit hands (a random walk of the betting), each a fresh view."""
    out = []
    dealer = Dealer(9)
    walker = create_bot("random")
    for deal in range(deals):
        hand = Hand(GAME, [2000, 2000], dealer.cards(deal, 2), dealer.ranks(deal, 2))
        walker.reseed(deal)
        while hand.queue:
            view = Observation(hand, hand.queue[0])
            out.append(Observation(_copy(hand), hand.queue[0]))
            hand.apply_checked(walker.act(view))
    return out


def _copy(hand: Hand) -> Hand:
    out = Hand(hand.game, hand.starting_stacks, hand.cards, hand.ranks)
    for _, _, kind, amount in hand.history:
        out.apply_checked(Action(kind, amount))
    return out


def frequencies(bot: Agent, view: Observation, draws: int) -> np.ndarray:
    counts = np.zeros(3)
    for k in range(draws):
        bot.reseed(k)
        counts[bot.act(view).kind] += 1
    return counts / draws


@pytest.mark.parametrize("name", ["random", "calling-station", "raiser"])
def test_the_policy_is_what_act_samples(name: str) -> None:
    bot = create_bot(name)
    for view in spots():
        policy = bot.policy(view)
        assert policy.sum() == pytest.approx(1.0)
        seen = frequencies(bot, view, 600)
        # 600 draws: a binomial share's standard error is at most 0.0205; 5 of them.
        assert np.abs(seen - policy).max() < 0.1, (name, policy, seen)
        assert (seen[policy == 0] == 0).all()


def test_range_policy_agrees_with_policy_and_with_hole_changes_only_the_cards() -> None:
    bot = create_bot("random")
    view = spots(3)[2]
    combos = np.array([0, 17, 500, 1325])
    rows = bot.range_policy(view, combos)
    assert rows.shape == (4, 3)
    assert np.allclose(rows, bot.policy(view))
    other = view.with_hole([51, 50])
    assert other.hole == [51, 50] and other.shown(other.position) == [51, 50]
    assert other.pot == view.pot and other.actions == view.actions and view.hole != [51, 50]


def test_a_bot_without_policy_says_so() -> None:
    class Silent(Agent):
        def act(self, observation: Observation) -> Action:
            return Action(CHECK_CALL)

    assert not has_policy(Silent()) and has_policy(create_bot("raiser"))
    with pytest.raises(PolicyUnavailable):
        Silent().policy(spots(1)[0])


@pytest.mark.parametrize("name", ["waterloo-phase1", "waterloo-phase2-aggressive",
                                  "waterloo-phase3-aggressive-trust"])
def test_a_modelling_bot_policy_is_what_act_samples_and_changes_nothing(name: str) -> None:
    bot = create_bot(name, store_path="")
    for view in spots(5):
        bot.begin_hand(view)
        policy = bot.policy(view)
        again = bot.policy(view)
        seen = frequencies(bot, view, 300)
        assert np.array_equal(policy, again)
        assert np.array_equal(bot.policy(view), policy)   # acting changed nothing it reads
        assert np.abs(seen - policy).max() < 0.12, (name, view.actions, policy, seen)
        assert (seen[policy == 0] == 0).all()
        combos = np.array([3, 700, 1200])
        combos = combos[[not {int(c) for c in ALL_COMBOS[k]} & set(view.board) for k in combos]]
        rows = bot.range_policy(view, combos)
        for k, row in zip(combos, rows, strict=True):
            assert np.array_equal(row, bot.policy(view.with_hole([int(c) for c in ALL_COMBOS[k]])))


@pytest.mark.parametrize("name", ["loki-a", "loki-b", "loki-ablation-d", "threshold"])
def test_loki_policy_is_what_it_plays_and_changes_nothing(name: str) -> None:
    bot = create_bot(name, store_path="")
    for view in spots(5):
        bot.begin_hand(view)
        policy = bot.policy(view)
        assert sorted(policy.tolist()) == [0.0, 0.0, 1.0]   # Loki draws nothing
        assert np.array_equal(bot.policy(view), policy)
        assert policy[bot.act(view).kind] == 1.0
        assert np.array_equal(bot.policy(view), policy)


def test_loki2_has_no_policy() -> None:
    assert not create_bot("loki2-b", store_path="").policy_available()
