"""Rules of the engine on hands built by hand: order of play, raise sizes, caps, pots."""

from __future__ import annotations

import pytest

from pokerlab.cards import parse_cards
from pokerlab.engine import (
    BET_RAISE,
    Action,
    Dealer,
    GameSettings,
    Hand,
    IllegalActionError,
    read_phh,
    seat_cards_to_positions,
    to_phh,
)

LIMIT = GameSettings.preset("limit")  # Alberta: $10/$20, blinds 5/10, three raises after the bet
NO_LIMIT = GameSettings.preset("no-limit")
POT_LIMIT = GameSettings.preset("pot-limit")


def cards_for(n: int, seed: int = 0) -> list[int]:
    return Dealer(seed).cards(0, n)


def test_heads_up_button_posts_small_blind_and_acts_first_then_last() -> None:
    hand = Hand(LIMIT, [1000, 1000], cards_for(2))
    assert hand.bets == [10, 5]  # position 0 = big blind, position 1 = button / small blind
    assert hand.actor == 1
    hand.check_call()
    # The big blind's option: nothing to call, may still raise.
    legal = hand.legal()
    assert hand.actor == 0 and legal.to_call == 0 and not legal.can_fold and legal.can_raise
    hand.check_call()
    assert hand.street == 1 and hand.actor == 0  # after the flop the big blind acts first


def test_multiway_order_blinds_and_option() -> None:
    hand = Hand(NO_LIMIT, [200] * 4, cards_for(4))
    assert hand.bets == [1, 2, 0, 0]
    assert hand.actor == 2  # under the gun: left of the big blind
    for _ in range(3):
        hand.check_call()
    assert hand.actor == 1 and hand.legal().can_raise  # big blind's option
    hand.bet_raise(8)
    assert list(hand.queue) == [2, 3, 0]
    for _ in range(3):
        hand.check_call()
    assert hand.street == 1 and hand.actor == 0  # small blind first after the flop


def test_limit_bet_sizes_and_alberta_cap() -> None:
    # Alberta (Loki paper): "$10 for the small bet and $20 for the big bet ... a maximum of
    # three raises allowed per betting round"; Waterloo: "a limit of 4 RAISEs (including the
    # initial bet or blind)". Both read as: four bets a round, the big blind counting pre-flop.
    hand = Hand(LIMIT, [1000, 1000], cards_for(2))
    # Pre-flop the big blind is the opening bet: three raises, to 20, 30, 40, then capped.
    for target in (20, 30, 40):
        legal = hand.legal()
        assert legal.can_raise and legal.min_raise_to == legal.max_raise_to == target
        hand.bet_raise(target)
    assert not hand.legal().can_raise
    hand.check_call()
    # Flop: bet + three raises of the small bet.
    for target in (10, 20, 30, 40):
        assert hand.legal().max_raise_to == target
        hand.bet_raise(target)
    assert not hand.legal().can_raise
    hand.check_call()
    assert hand.street == 2 and hand.legal().min_raise_to == 20  # turn: the big bet


def test_limit_cap_is_configurable() -> None:
    hand = Hand(GameSettings.preset("limit", raise_cap=None), [1000, 1000], cards_for(2))
    for target in (20, 30, 40, 50, 60):
        hand.bet_raise(target)
    assert hand.legal().can_raise


def test_no_limit_minimum_raise_follows_the_last_full_raise() -> None:
    hand = Hand(NO_LIMIT, [200, 200, 200], cards_for(3))
    assert hand.legal().min_raise_to == 4 and hand.legal().max_raise_to == 200
    hand.bet_raise(10)  # raise of 8
    assert hand.legal().min_raise_to == 18
    hand.bet_raise(30)  # raise of 20
    assert hand.legal().min_raise_to == 50
    with pytest.raises(IllegalActionError, match="below the minimum 50"):
        hand.bet_raise(40)


def test_short_all_in_does_not_reopen_the_betting() -> None:
    hand = Hand(NO_LIMIT, [200, 200, 200, 150], cards_for(4))
    for _ in range(4):
        hand.check_call()  # everyone limps, the big blind checks
    assert hand.street == 1
    hand.bet_raise(100)  # position 0 bets 100
    hand.fold()  # position 1
    hand.check_call()  # position 2 calls 100
    hand.bet_raise(148)  # position 3 all-in: a raise of 48, less than a full raise
    legal = hand.legal()
    assert hand.actor == 0 and legal.to_call == 48 and not legal.can_raise


def test_pot_limit_maximum_is_the_pot_after_calling() -> None:
    hand = Hand(POT_LIMIT, [200, 200], cards_for(2))
    # Button faces 1 more; pot after calling is 4, so it may raise 4 on top: to 6.
    assert hand.legal().max_raise_to == 6
    hand.bet_raise(6)
    # Big blind: call 4 makes the pot 12, raise 12 more: to 18.
    assert hand.legal().max_raise_to == 18


def test_the_largest_raise_says_whether_it_is_all_in() -> None:
    """Pot-limit with deep stacks: the largest raise is the pot, not all-in; no-limit: the
    largest is the whole stack; pot-limit with a stack shorter than the pot: all-in."""
    deep = Hand(POT_LIMIT, [200, 200], cards_for(2))
    legal = deep.legal()
    assert legal.max_raise_to == 6 < deep.stacks[1] + deep.bets[1]
    assert not legal.max_all_in and legal.max_word == "pot raise"
    deep.check_call()
    deep.check_call()  # to the flop: nobody has bet, so the largest is a pot bet
    legal = deep.legal()
    assert legal.max_raise_to == 4 and not legal.max_all_in and legal.max_word == "pot bet"
    no_limit = Hand(NO_LIMIT, [200, 200], cards_for(2)).legal()
    assert no_limit.max_raise_to == 200 and no_limit.max_all_in and no_limit.max_word == "all-in"
    short = Hand(POT_LIMIT, [200, 5], cards_for(2)).legal()  # the button has 5: less than the pot raise to 6
    assert (short.min_raise_to, short.max_raise_to) == (4, 5)
    assert short.max_all_in and short.max_word == "all-in"
    limit = Hand(LIMIT, [1000, 1000], cards_for(2)).legal()  # one size: just the raise
    assert not limit.max_all_in and limit.max_word == "raise"
    capped = Hand(NO_LIMIT, [200, 200, 200, 150], cards_for(4))
    for _ in range(4):
        capped.check_call()
    capped.bet_raise(100)
    capped.fold()
    capped.check_call()
    capped.bet_raise(148)  # a short all-in does not reopen the betting: no raise, not all-in
    legal = capped.legal()
    assert not legal.can_raise and not legal.max_all_in


def test_fold_only_when_facing_a_bet_and_no_action_after_the_end() -> None:
    hand = Hand(LIMIT, [1000, 1000], cards_for(2))
    hand.check_call()
    with pytest.raises(IllegalActionError, match="checking is free"):
        hand.fold()
    hand.bet_raise(20)
    hand.fold()
    assert hand.finished and hand.payoffs == [10, -10]
    with pytest.raises(IllegalActionError, match="hand is over"):
        hand.check_call()
    with pytest.raises(IllegalActionError):
        hand.act(Action(BET_RAISE, 30))


def test_side_pots_and_uncalled_bet() -> None:
    # Position 0 has the best hand but only 50 chips; position 1 beats position 2.
    cards = parse_cards("As Ah  Ks Kh  2c 7d  Qc Jd 9s 4h 3c")
    hand = Hand(NO_LIMIT, [50, 120, 300], cards)
    hand.bet_raise(300)  # position 2 (button) all-in
    hand.check_call()  # position 0 calls all-in for 50
    hand.check_call()  # position 1 calls all-in for 120
    assert hand.finished
    assert [p.amount for p in hand.pots] == [150, 140]
    # Losing hands are mucked before the pots are shared: the main pot's contenders are
    # the two winners, and position 0's aces take it.
    assert hand.pots[0].eligible == (0, 1) and hand.pots[1].eligible == (1,)
    assert hand.winnings == [150, 140, 0]
    # 180 of position 2's 300 were never matched and come back.
    assert hand.payoffs == [100, 20, -120]
    assert sum(hand.payoffs) == 0


def test_split_pot_odd_chip_goes_left_of_the_button() -> None:
    # A royal flush on the board: everyone who reaches the showdown ties.
    cards = parse_cards("2c 3d  2d 3c  4h 5h  As Ks Qs Js Ts")
    hand = Hand(NO_LIMIT, [100, 100, 100], cards)
    hand.check_call()  # button calls 2
    hand.fold()  # small blind gives up its 1 chip
    for _ in range(7):  # big blind checks its option, then three checked rounds
        hand.check_call()
    # Pot 1 + 2 + 2 = 5 split by positions 1 and 2: the odd chip to position 1.
    assert hand.finished and hand.pot == 5
    assert hand.winnings == [0, 3, 2] and hand.payoffs == [-1, 1, 0]
    with_antes = Hand(GameSettings.preset("no-limit", ante=1), [100, 100, 100], cards)
    for _ in range(12):
        with_antes.check_call()
    assert with_antes.pot == 9 and with_antes.winnings == [3, 3, 3]


def test_phh_round_trip_and_errors() -> None:
    hand = Hand(LIMIT, [1000, 1000, 1000], cards_for(3, seed=5))
    while not hand.finished:
        legal = hand.legal()
        hand.bet_raise(legal.min_raise_to) if legal.can_raise else hand.check_call()
    text = to_phh(hand, players=["a", "b", "c"], seats=[2, 3, 1], hand_number=7)
    again = read_phh(text)
    assert again.stacks == hand.stacks and again.history == hand.history
    assert 'players = ["a", "b", "c"]' in text and "_raise_cap = 3" in text
    with pytest.raises(ValueError, match="PHH action"):
        read_phh(text.replace('"p1 cc"', '"p1 cbr 5"', 1).replace('"p3 cbr 20"', '"p3 cbr 25"', 1))
    with pytest.raises(ValueError, match="finishing_stacks"):
        read_phh(text.replace("finishing_stacks = [", "finishing_stacks = [1, "))


def test_seeded_deals_and_seat_order() -> None:
    a, b = Dealer(9), Dealer(9)
    assert a.cards(1500, 6) == b.cards(1500, 6)
    assert a.cards(3, 2)[:4] == a.cards(3, 6)[:4]  # seat cards do not depend on the table size
    assert a.cards(3, 2)[-5:] == a.cards(3, 6)[-5:]
    assert len(set(a.cards(77, 10))) == 25
    seat_cards = a.cards(4, 3)
    by_position = seat_cards_to_positions(seat_cards, 3, button=1)
    assert by_position[:2] == seat_cards[4:6]  # seat 2 is left of the button in seat 1
    ranks_by_seat = a.ranks(4, 3)
    from pokerlab.evaluate import evaluate

    assert ranks_by_seat == [evaluate(seat_cards[2 * s: 2 * s + 2] + seat_cards[6:]) for s in range(3)]
