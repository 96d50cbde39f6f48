"""Property tests over random games: chips conserved, only legal actions accepted, side pots
add up to the pot, a folded player never wins."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerlab.engine import BET_RAISE, CHECK_CALL, FOLD, Action, GameSettings, Hand, IllegalActionError
from pokerlab.engine.hand import is_raise


@st.composite
def games(draw: st.DrawFn) -> tuple[GameSettings, list[int], list[int]]:
    kind = draw(st.sampled_from(["limit", "pot-limit", "no-limit"]))
    blinds = {} if draw(st.integers(0, 3)) < 3 else {"small_blind": 0, "big_blind": 0}  # antes alone too
    game = GameSettings.preset(
        kind, ante=draw(st.sampled_from([0, 0, 1, 3])),
        raise_cap=draw(st.sampled_from([None, 1, 3])) if kind == "limit" else None, **blinds,
    )
    n = draw(st.integers(2, 10))
    stacks = draw(st.lists(st.integers(1, 3 * game.starting_stack), min_size=n, max_size=n))
    cards = draw(st.permutations(range(52)))[: 2 * n + 5]
    return game, stacks, cards


def snapshot(hand: Hand) -> tuple:
    return (list(hand.stacks), list(hand.bets), list(hand.put_in), list(hand.live),
            list(hand.queue), hand.street, len(hand.history), hand.max_bet)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=games(), data=st.data())
def test_random_games_keep_the_rules(setup, data) -> None:
    game, stacks, cards = setup
    hand = Hand(game, stacks, cards)
    total = sum(stacks)
    while not hand.finished:
        assert sum(hand.stacks) + hand.pot == total  # chips are conserved at every step
        legal = hand.legal()
        if legal.can_raise:
            # max_all_in says whether the largest raise is the whole stack; below it with a
            # choice of sizes only the pot can cap it, so max_word "pot bet/raise" is true.
            p = hand.actor
            assert legal.max_all_in == (legal.max_raise_to == hand.stacks[p] + hand.bets[p])
            if not legal.max_all_in and legal.min_raise_to < legal.max_raise_to:
                assert game.kind == "pot-limit" and legal.max_word.startswith("pot "), legal
        else:
            assert not legal.max_all_in
        # Propose anything: the engine accepts it exactly when Legal says it is legal.
        kind = data.draw(st.sampled_from([FOLD, CHECK_CALL, BET_RAISE, BET_RAISE, 7]))
        amount = data.draw(st.integers(-5, 3 * game.starting_stack + 10))
        if kind == BET_RAISE and legal.can_raise and data.draw(st.booleans()):
            amount = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
        action = Action(kind, amount)
        before = snapshot(hand)
        reason = legal.check(action)
        try:
            hand.act(action)
        except IllegalActionError:
            assert reason is not None, action
            assert snapshot(hand) == before  # a rejected action changes nothing
        else:
            assert reason is None, (action, reason)
            if kind == BET_RAISE:
                # told later from the history (the hand log), a bet is a raise exactly when
                # Legal said so as it was made
                assert is_raise(hand.history, len(hand.history) - 1, game) == legal.raises
    assert sum(hand.stacks) == total
    assert sum(hand.payoffs) == 0
    assert sum(p.amount for p in hand.pots) == hand.pot == sum(hand.winnings)
    for i in range(hand.n):
        assert hand.stacks[i] >= 0
        if not hand.live[i]:
            assert hand.winnings[i] == 0 and hand.payoffs[i] <= 0  # a folded player never wins
            assert all(i not in p.eligible for p in hand.pots)


def test_blinds_the_antes_left_nothing_to_post_still_open_the_first_round() -> None:
    """Both blinds all-in on their antes post nothing; the first wager is still a raise (the
    blinds open the round, as the raise count and the hand log have it). Hypothesis found
    the menu calling it a bet."""
    game = GameSettings(kind="limit", small_blind=5, big_blind=10, ante=1, small_bet=10,
                        big_bet=20, starting_stack=2000)
    hand = Hand(game, [1, 1, 2, 2], list(range(13)))
    legal = hand.legal()
    assert hand.max_bet == 0 and legal.raises and legal.words == ("check", "raise")
    hand.act(Action(BET_RAISE, legal.min_raise_to))
    assert is_raise(hand.history, 0, game)
