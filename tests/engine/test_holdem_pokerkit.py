"""Differential test: random hands written as PHH and replayed by pokerkit give identical payoffs.

Every written action must apply in pokerkit as it stands (no repair), and at each decision our
legal actions must equal pokerkit's: folding, the call amount, and the raise range. The one
documented difference: our limit cap counts the big blind as the opening bet (Alberta/Waterloo:
four bets a round), pokerkit allows four raises after the blinds, so where our cap closes the
raising pokerkit may still allow it.
"""

from __future__ import annotations

import random
import warnings
from typing import ClassVar

import pytest
from pokerkit import HandHistory, PotLimitPokerMixin, TexasHoldemMixin
from pokerkit.games import UnfixedLimitHoldem
from pokerkit_games import check_and_apply_bet
from random_play import random_bet

from pokerlab.engine.hand import Hand
from pokerlab.engine.phh import read_phh, to_phh
from pokerlab.engine.settings import GameSettings


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em assembled from pokerkit's parts (pokerkit has no such class)."""


class PokerlabHandHistory(HandHistory):
    """pokerkit's reader, taught pokerlab's "PT" (pot-limit Texas hold'em) variant code."""

    game_types: ClassVar = {**HandHistory.game_types, "PT": PotLimitTexasHoldem}
    required_field_names: ClassVar = {
        **HandHistory.required_field_names, "PT": HandHistory.required_field_names["NT"],
    }


def random_hand(kind: str, rng: random.Random) -> tuple[Hand, list]:
    """A hand of random legal play; short stacks and antes are common (side pots, all-ins)."""
    n = rng.randint(2, 10)
    game = GameSettings.preset(kind, ante=rng.choice([0, 0, 1]))
    big = game.starting_stack
    stacks = [
        rng.choice([rng.randint(1, big // 4), rng.randint(1, 2 * big), big, rng.randint(1, 12)])
        for _ in range(n)
    ]
    hand = Hand(game, stacks, rng.sample(range(52), 2 * n + 5))
    decisions = []
    while not hand.finished:
        legal = hand.legal()
        decisions.append((hand.actor, legal))
        random_bet(hand, legal, rng)
    return hand, decisions


def replay_in_pokerkit(text: str, decisions: list, limit: bool) -> list[int]:
    """Apply every PHH action in pokerkit, checking its legal actions against ours."""
    history = PokerlabHandHistory.loads(text)
    state = history.create_state()
    step = 0
    for action in history.actions:
        words = action.split()
        if words[0] == "d":
            if words[1] == "dh":
                state.deal_hole(words[3])
            else:
                state.burn_card("??")  # pokerkit's PHH reader leaves burning to the replay
                state.deal_board(words[2])
            continue
        if words[1] == "sm":
            state.show_or_muck_hole_cards(words[2])
            continue
        actor, legal = decisions[step]
        step += 1
        check_and_apply_bet(state, action, actor, legal, limit)
    assert step == len(decisions)
    assert not state.status, "pokerkit thinks the hand is still running"
    return list(state.stacks)


def check_kind(kind: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        hand, decisions = random_hand(kind, rng)
        text = to_phh(hand)
        assert read_phh(text).stacks == hand.stacks
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            stacks = replay_in_pokerkit(text, decisions, kind == "limit")
            loaded = list(PokerlabHandHistory.loads(text))[-1].stacks
        assert stacks == hand.stacks, text
        assert list(loaded) == hand.stacks, text
        assert [s - b for s, b in zip(stacks, hand.starting_stacks, strict=True)] == hand.payoffs


@pytest.mark.parametrize("kind", ["limit", "pot-limit", "no-limit"])
def test_random_hands_replay_in_pokerkit(kind: str) -> None:
    check_kind(kind, 200, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["limit", "pot-limit", "no-limit"])
def test_thousands_of_random_hands_replay_in_pokerkit(kind: str) -> None:
    check_kind(kind, 3000, seed=2026)
