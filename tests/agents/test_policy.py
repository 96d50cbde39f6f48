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
    for view in spots(3):
        bot.begin_hand(view)
        policy = bot.policy(view)
        assert sorted(policy.tolist()) == [0.0, 0.0, 1.0]   # Loki draws nothing
        assert np.array_equal(bot.policy(view), policy)
        assert policy[bot.act(view).kind] == 1.0
        assert np.array_equal(bot.policy(view), policy)


def test_loki2_has_no_policy() -> None:
    assert not create_bot("loki2-b", store_path="").policy_available()


class Checked(Agent):
    """A bot whose policy is asked before each of its actions; records the rules it used."""

    def __init__(self, bot: Agent) -> None:
        super().__init__()
        self.bot, self.rules, self.misses = bot, [], 0
        self.name = bot.name

    def begin_hand(self, observation: Observation) -> None:
        self.bot.begin_hand(observation)

    def act(self, observation: Observation) -> Action:
        policy = self.bot.policy(observation)
        action = self.bot.act(observation)
        self.misses += policy[action.kind] != 1.0
        if observation.street > 0 and getattr(self.bot, "last_decision", None):
            self.rules.append(self.bot.last_decision[2])
        return action

    def end_hand(self, observation: Observation) -> None:
        self.bot.end_hand(observation)


@pytest.mark.parametrize("opponent", ["calling-station",
                                      pytest.param("random", marks=pytest.mark.slow)])
def test_loki_policy_follows_its_semi_bluffs_through_whole_hands(opponent: str) -> None:
    from pokerlab.arena.table import play_hand

    loki = Checked(create_bot("loki-a", store_path=""))
    other = create_bot(opponent)
    dealer = Dealer(21)
    for deal in (57, 125, 149, 183, 225, 307, 3, 4, 5, 6):  # Loki semi-bluffs the first six
        hand = Hand(GAME, [2000, 2000], dealer.cards(deal, 2), dealer.ranks(deal, 2))
        other.reseed(deal)
        seated = [loki, other] if deal % 2 else [other, loki]
        play_hand(hand, seated, names=[b.name for b in seated])
    assert loki.misses == 0
    assert "semi-bluff" in loki.rules and (opponent == "random" or "follow-up" in loki.rules)


class Recorder(Agent):
    """Asks the bot's policy for every holding before each of its actions."""

    def __init__(self, bot: Agent, ask: bool = True) -> None:
        super().__init__()
        self.bot, self.name, self.rows, self.kinds, self.ask = bot, bot.name, [], [], ask

    def begin_hand(self, observation: Observation) -> None:
        self.bot.begin_hand(observation)

    def act(self, observation: Observation) -> Action:
        if not self.ask:
            action = self.bot.act(observation)
            self.kinds.append(action.kind)
            return action
        board = set(observation.board)
        combos = np.array([k for k in range(1326) if not {int(c) for c in ALL_COMBOS[k]} & board])
        full = np.full((1326, 3), np.nan)
        full[combos] = self.bot.range_policy(observation, combos)
        self.rows.append(full)
        action = self.bot.act(observation)
        self.kinds.append(action.kind)
        return action


@pytest.mark.parametrize("name,deal", [
    ("loki-a", 13),   # make1, semi-bluff, follow-up
    ("loki-a", 2),       # checked down: a wide range
    ("threshold", 13),   # the river from the patent's plan
    ("threshold", 8),
])
def test_the_policy_of_a_holding_is_what_the_bot_holding_it_plays(name: str, deal: int) -> None:
    """Loki's policy for another holding against the same betting (its opponent a calling
    station, whose play does not depend on its cards) is what a fresh Loki dealt that holding
    plays: the opponents' tables as they would be, the semi-bluffs it would have made."""
    from pokerlab.arena.table import play_hand

    cards = Dealer(21).cards(deal, 2)
    seat = deal % 2
    first = Recorder(create_bot(name, store_path=""))
    seated = [create_bot("calling-station")] * 2
    seated[seat] = first
    play_hand(Hand(GAME, [2000, 2000], cards), seated, names=["a", "b"])
    board = cards[4:]
    consistent = [k for k in range(1326) if not {int(c) for c in ALL_COMBOS[k]} & set(board)
                  and all(row[k, kind] == 1.0 for row, kind in zip(first.rows, first.kinds, strict=True))]
    rng = np.random.default_rng(deal)
    tried = 0
    for k in rng.permutation(consistent)[:12]:
        hole = [int(c) for c in ALL_COMBOS[k]]
        rest = [c for c in range(52) if c not in hole and c not in board][:2]
        other = list(hole + rest if seat == 0 else rest + hole) + board
        second = Recorder(create_bot(name, store_path=""), ask=False)
        seated[seat] = second
        play_hand(Hand(GAME, [2000, 2000], other), seated, names=["a", "b"])
        assert second.kinds == first.kinds
        tried += 1
    assert tried >= 3


def _forced(cards: list[int], bot: Agent, river: tuple[int, ...]) -> tuple[Hand, Observation]:
    """A hand of ``cards`` with the bot at position 0: every street checked, then on the river
    ``river`` (check, or bet, or raise-to amounts in turn; the bot's own actions forced too: a
    policy is given the betting)."""
    hand = Hand(GAME, [2000, 2000], cards)
    view = Observation(hand, 0, player_names=("t", "o"))
    bot.begin_hand(view)
    for _ in range(6):
        hand.check_call()
    for amount in river:
        hand.bet_raise(amount) if amount else hand.check_call()
    return hand, view


@pytest.mark.parametrize("river", [(0, 20), (20, 40)])
def test_threshold_policy_falls_back_to_loki_where_the_plan_never_reaches_the_betting(
        river: tuple[int, ...]) -> None:
    # River checked by the bot (player 1 in the patent game), then bet: hands whose plan bets
    # first (not 'pass') have no action there and play Loki's rules, in act and in the policy;
    # bet by the bot and raised: the hands between the bluffs and the strong ones. Each
    # holding's row is what a fresh bot dealt it plays against the same betting.
    cards = Dealer(4).cards(0, 2)
    bot = create_bot("threshold", store_path="")
    hand, view = _forced(cards, bot, river)
    board = hand.board
    combos = np.array([k for k in range(1326) if not {int(c) for c in ALL_COMBOS[k]} & set(board)])
    rows = bot.range_policy(view, combos)
    assert rows.sum(axis=1).tolist() == [1.0] * len(combos)
    fallback = 0
    for k, row in zip(combos[::9], rows[::9], strict=True):
        hole = [int(c) for c in ALL_COMBOS[k]]
        rest = [c for c in range(52) if c not in hole and c not in board][:2]
        fresh = create_bot("threshold", store_path="")
        _, other = _forced(hole + rest + board, fresh, river)
        assert row[fresh.act(other).kind] == 1.0, k
        fallback += fresh.last_river is None
    assert 0 < fallback < len(combos[::9])
