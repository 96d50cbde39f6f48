"""Five-card draw against pokerkit: our hand histories replay there, and theirs here, with
the same payoffs.

Ours to pokerkit: random hands (2 to 6 players, random stacks, antes with or without blinds,
random draws that sometimes empty the stub) written as PHH; pokerkit applies every action as
it stands, with our legal actions checked against its own at each decision. Theirs to ours:
random hands played in pokerkit's state machine, written by pokerkit's PHH writer, replayed
by :func:`pokerlab.engine.read_phh`. The one documented difference is the hold'em one: on a
first street with blinds our raise cap counts the big blind as the opening bet.
"""

from __future__ import annotations

import random
import warnings

import pytest
from pokerkit_games import AUTOMATIONS, DrawHandHistory, check_and_apply_bet, five_card_draw
from random_play import random_bet

from pokerlab.engine import DRAW, Action, GameSettings, Hand, read_phh, to_phh

KINDS = {"limit": "FD", "pot-limit": "PD", "no-limit": "ND"}


def random_game(kind: str, rng: random.Random) -> GameSettings:
    changes = {"ante": rng.choice([1, 1, 2])}
    if rng.random() < 0.3:
        changes |= {"small_blind": 1, "big_blind": 2, "ante": rng.choice([0, 1])}
    if kind == "limit":
        changes |= {"small_bet": 2, "big_bet": rng.choice([2, 4]), "raise_cap": rng.choice([1, 2, 3])}
    return GameSettings.preset(kind, "five-card-draw", **changes)


def random_hand(kind: str, rng: random.Random) -> tuple[Hand, list]:
    n = rng.randint(2, 6)
    game = random_game(kind, rng)
    stacks = [rng.choice([rng.randint(1, 40), 200, rng.randint(1, 400), rng.randint(1, 8)]) for _ in range(n)]
    hand = Hand(game, stacks, rng.sample(range(52), 52))
    decisions = []
    while not hand.finished:
        legal = hand.legal()
        decisions.append((hand.actor, legal))
        if legal.max_discards:
            hand.act(Action(DRAW, rng.choice([0, 31, rng.randrange(32)])))
            continue
        random_bet(hand, legal, rng)
    return hand, decisions


def replay_in_pokerkit(text: str, decisions: list, game: GameSettings) -> list[int]:
    """Apply every PHH action in pokerkit, checking its legal actions against ours."""
    history = DrawHandHistory.loads(text)
    state = history.create_state()
    step = 0
    for action in history.actions:
        words = action.split()
        if words[0] == "d":
            state.deal_hole(words[3])
            continue
        pos = int(words[0][1:]) - 1
        if words[1] == "sd":
            actor, legal = decisions[step]
            step += 1
            assert state.stand_patter_or_discarder_index == actor == pos, action
            assert legal.max_discards == 5
            state.stand_pat_or_discard(words[2] if len(words) > 2 else ())
            continue
        if words[1] == "sm":
            state.show_or_muck_hole_cards(words[2])
            continue
        actor, legal = decisions[step]
        step += 1
        check_and_apply_bet(state, action, actor, legal, game.is_limit and bool(game.big_blind))
    assert step == len(decisions)
    assert not state.status, "pokerkit thinks the hand is still running"
    return list(state.stacks)


def check_ours_in_pokerkit(kind: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        hand, decisions = random_hand(kind, rng)
        text = to_phh(hand)
        assert read_phh(text).stacks == hand.stacks
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # cards dealt from a reshuffled muck
            stacks = replay_in_pokerkit(text, decisions, hand.game)
        assert stacks == hand.stacks, text


def pokerkit_hand(kind: str, rng: random.Random) -> tuple[str, list[int]]:
    """A hand of random play in pokerkit's own state machine, written by its PHH writer."""
    n = rng.randint(2, 6)
    game = random_game(kind, rng)
    blinds = [game.small_blind, game.big_blind] + [0] * (n - 2) if game.big_blind else [0] * n
    small, big = (game.small_bet, game.big_bet) if game.is_limit else (game.min_bet, game.min_bet)
    # pokerkit counts voluntary bets and raises; our cap counts raises after the opening bet,
    # the big blind included: with blinds pokerkit stops one raise earlier, so its hands are
    # legal for us on every street.
    count = (game.raise_cap + (0 if game.big_blind else 1)) if game.is_limit else None
    poker = five_card_draw(KINDS[kind], count)(
        AUTOMATIONS, False, game.ante, blinds, small, big)
    stacks = [rng.choice([rng.randint(1, 40), 200]) for _ in range(n)]
    random.seed(rng.randrange(2**32))  # pokerkit shuffles and deals with the random module
    state = poker(stacks, n)
    while state.status:
        if state.can_deal_hole():
            state.deal_hole()
        elif state.stand_patter_or_discarder_index is not None:
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
        elif state.actor_index is not None:
            options = ["cc", "cc"] + (["f"] if state.checking_or_calling_amount else [])
            if state.can_complete_bet_or_raise_to():
                options += ["r", "r"]
            pick = rng.choice(options)
            if pick == "r":
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
            elif pick == "f":
                state.fold()
            else:
                state.check_or_call()
        else:
            raise AssertionError("pokerkit's hand is stuck")
    history = DrawHandHistory.from_game_state(poker, state)
    history.user_defined_fields["_raise_cap"] = game.raise_cap if game.is_limit else None
    if history.user_defined_fields["_raise_cap"] is None:
        del history.user_defined_fields["_raise_cap"]
    return history.dumps(), list(state.stacks)


def check_theirs_here(kind: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            text, stacks = pokerkit_hand(kind, rng)
        assert read_phh(text).stacks == stacks, text


@pytest.mark.parametrize("kind", list(KINDS))
def test_our_draw_hands_replay_in_pokerkit(kind: str) -> None:
    check_ours_in_pokerkit(kind, 200, seed=13)


@pytest.mark.parametrize("kind", list(KINDS))
def test_pokerkit_draw_hands_replay_here(kind: str) -> None:
    check_theirs_here(kind, 200, seed=17)


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(KINDS))
def test_thousands_of_draw_hands_agree_with_pokerkit(kind: str) -> None:
    check_ours_in_pokerkit(kind, 1500, seed=2027)
    check_theirs_here(kind, 1500, seed=2028)
