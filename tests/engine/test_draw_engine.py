"""Five-card draw in the one engine: antes, the draw, the stub and its reshuffle, showdowns."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.cards import parse_cards
from pokerlab.engine import DRAW, Action, GameSettings, Hand, IllegalActionError, read_phh, to_phh
from pokerlab.engine.hand import is_raise
from pokerlab.evaluate import evaluate

LIMIT = GameSettings.preset("limit", "five-card-draw")


def deck(text: str) -> list[int]:
    """Hole cards from ``text``, then the rest of the deck in code order (the stub)."""
    return parse_cards(text)


def test_a_hand_of_draw_from_the_antes_to_the_showdown():
    cards = deck("As Ad 7c 6h 2s  Ks Kd 2c 2h 5d") + parse_cards("9h 7d Qc")
    hand = Hand(LIMIT, [200, 200], cards)
    assert hand.pot == 2 and hand.actor == 0 and hand.legal().to_call == 0
    hand.bet_raise(2)
    hand.check_call()
    assert hand.street == 1 and hand.drawing and hand.actor == 0
    legal = hand.legal()
    assert legal.max_discards == 5 and not legal.can_raise and not legal.can_fold
    with pytest.raises(IllegalActionError, match="drawing"):
        hand.fold()
    assert legal.check(Action(DRAW, 32)) is not None and legal.check(Action(DRAW, 31)) is None
    hand.act(Action(DRAW, 0b10000))         # position 0 throws the 2s: gets the 9h
    hand.draw(parse_cards("5d"))             # position 1 throws the 5d: gets the 7d
    assert hand.hole(0) == parse_cards("As Ad 7c 6h 9h")
    assert hand.hole(1) == parse_cards("Ks Kd 2c 2h 7d")
    assert hand.initial_hole(0) == parse_cards("As Ad 7c 6h 2s")
    assert [h[2:] for h in hand.history[2:]] == [(DRAW, 1), (DRAW, 1)]
    assert not hand.drawing and hand.actor == 0 and hand.legal().min_raise_to == 2
    hand.check_call()
    hand.check_call()
    assert hand.finished and hand.payoffs == [-3, 3] and hand.showdown == [0, 1]
    assert evaluate(hand.hole(1)) > evaluate(hand.hole(0))


def test_check_call_at_the_draw_stands_pat_and_all_in_players_still_draw():
    game = GameSettings.preset("no-limit", "five-card-draw")
    hand = Hand(game, [10, 200, 200], random.Random(1).sample(range(52), 52))
    hand.bet_raise(9)                        # all-in pre-draw
    hand.check_call()
    hand.fold()
    assert hand.drawing and hand.queue == type(hand.queue)([0, 1])
    hand.check_call()                        # stands pat
    hand.act(Action(DRAW, 0b00111))
    assert hand.finished and hand.showdown and hand.draws[0][2:] == ((), ())
    assert len(hand.draws[1][2]) == len(hand.draws[1][3]) == 3


def test_the_stub_is_reshuffled_with_the_muck_only_when_it_runs_out():
    game = GameSettings.preset("limit", "five-card-draw")
    cards = random.Random(7).sample(range(52), 52)
    hands = []
    for _ in range(2):
        hand = Hand(game, [200] * 6, cards)
        for _ in range(6):
            hand.check_call()
        for p in range(6):
            assert hand.actor == p
            hand.act(Action(DRAW, 31))       # everyone draws five: 30 cards, the stub has 22
        hands.append(hand)
    hand = hands[0]
    assert hand.reshuffles == 1
    held = [c for p in range(6) for c in hand.hole(p)]
    assert len(set(held)) == 30
    # Player 5 got the stub's last 2 cards, then 3 from the muck: the first 20 discards
    # (nobody's current cards, not its own discards).
    fifth = hand.draws[4]
    assert list(fifth[3][:2]) == cards[50:52]
    earlier = {c for d in hand.draws[:4] for c in d[2]}
    assert set(fifth[3][2:]) <= earlier
    assert hands[1].holes == hand.holes  # the reshuffle is seeded by the deal


def test_replacements_given_by_a_record_are_checked():
    hand = Hand(LIMIT, [200, 200], deck("As Ad 7c 6h 2s  Ks Kd 2c 2h 5d"))
    hand.check_call()
    hand.check_call()
    with pytest.raises(IllegalActionError, match="not distinct cards of its hand"):
        hand.draw(parse_cards("Kd"))
    with pytest.raises(IllegalActionError, match="nobody holds"):
        hand.draw(parse_cards("2s"), parse_cards("Ks"))
    with pytest.raises(IllegalActionError, match="nobody holds"):
        hand.draw(parse_cards("2s"), parse_cards("Ad"))
    hand.draw(parse_cards("2s"), parse_cards("Qh"))
    assert hand.hole(0)[-1] == parse_cards("Qh")[0]


def test_bad_deals_are_refused():
    with pytest.raises(ValueError, match="need 10 to 52 cards"):
        Hand(LIMIT, [200, 200], list(range(9)))
    with pytest.raises(ValueError, match="ranks cannot be given before the draw"):
        Hand(LIMIT, [200, 200], list(range(10)), ranks=[1, 2])
    with pytest.raises(ValueError, match="2 to 6 players"):
        Hand(LIMIT, [200] * 7, list(range(35)))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["limit", "pot-limit", "no-limit"]),
       players=st.integers(2, 6), blinds=st.booleans())
def test_random_draw_hands_keep_the_chips_and_replay_from_phh(seed, kind, players, blinds):
    rng = random.Random(seed)
    changes = {"small_blind": 1, "big_blind": 2} if blinds else {}
    game = GameSettings.preset(kind, "five-card-draw", **changes)
    stacks = [rng.choice([rng.randint(1, 30), 200]) for _ in range(players)]
    hand = Hand(game, stacks, rng.sample(range(52), 52))
    while not hand.finished:
        legal = hand.legal()
        if legal.max_discards:
            hand.act(Action(DRAW, rng.randrange(32)))
        elif legal.can_raise and rng.random() < 0.4:
            hand.bet_raise(rng.randint(legal.min_raise_to, legal.max_raise_to))
            # the hand log, told from the history, names the bet as the menu did (Legal)
            assert is_raise(hand.history, len(hand.history) - 1, game) == legal.raises
        elif legal.can_fold and rng.random() < 0.2:
            hand.fold()
        else:
            hand.check_call()
    assert sum(hand.payoffs) == 0 and all(s >= 0 for s in hand.stacks)
    cards = [c for p in range(players) if hand.live[p] for c in hand.hole(p)]
    assert len(set(cards)) == len(cards)
    assert read_phh(to_phh(hand)).stacks == hand.stacks
