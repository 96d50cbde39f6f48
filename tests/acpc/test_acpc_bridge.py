"""The ACPC rules and pokerlab's engine agree: settings mapping, and random hands replayed in
lockstep on both (same player to act, same legal actions and raise sizes at every step, same
payoffs), plus agents answering ACPC states through the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerlab.acpc import GAMES_DIR, Action, BettingState, parse_gamedef, parse_matchstate, standard_game
from pokerlab.acpc.bridge import AgentPlayer, check_agreement, engine_settings, to_engine_action
from pokerlab.acpc.showdown import hand_values
from pokerlab.agents import create_bot
from pokerlab.engine import Hand

DATA = Path(__file__).with_name("data")
THREE = parse_gamedef((DATA / "holdem.limit.3p.game").read_text())


def test_standard_games_map_to_engine_settings():
    nl = engine_settings(standard_game("nolimit"))
    assert (nl.kind, nl.small_blind, nl.big_blind, nl.raise_cap) == ("no-limit", 50, 100, None)
    assert nl.starting_stack == 20000
    three = engine_settings(THREE)
    assert (three.kind, three.small_blind, three.big_blind, three.raise_cap) == ("limit", 5, 10, 3)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("maxRaises = 3 4 4 4", "maxRaises = 3 3 3 3"), "maxRaises = c c\\+1 c\\+1 c\\+1"),
        (("raiseSize = 10 10 20 20", "raiseSize = 10 20 20 20"), "one limit bet for rounds 1-2"),
        (("firstPlayer = 2 1 1 1", "firstPlayer = 1 1 1 1"), "firstPlayer = 2 1 1 1"),
        (("numBoardCards = 0 3 1 1", "numBoardCards = 0 4 0 1"), "numBoardCards = 0 3 1 1"),
        (("blind = 10 5", "blind = 10 0"), "small blind in 1..big blind"),
    ],
)
def test_games_the_engine_cannot_play_are_named(change, message):
    text = (GAMES_DIR / "holdem.limit.2p.reverse_blinds.game").read_text()
    game = parse_gamedef(text.replace(*change))
    with pytest.raises(ValueError, match=message):
        engine_settings(game)


def _random_hand(game, rng):
    deck = list(game.deck)
    rng.shuffle(deck)
    n = game.num_players
    holes = tuple(tuple(deck[2 * p: 2 * p + 2]) for p in range(n))
    board = deck[2 * n: 2 * n + 5]
    hand = Hand(engine_settings(game), list(game.stack), [c for h in holes for c in h] + board)
    rules = BettingState(game)
    steps = 0
    while not rules.finished:
        check_agreement(hand, rules)
        kinds = rules.legal_kinds()
        kind = rng.choices(kinds, weights=[{"f": 1, "c": 5, "r": 3}[k] for k in kinds])[0]
        if kind == "r" and game.betting == "nolimit":
            low, high = rules.raise_range()
            size = low if rng.random() < 0.5 else high if rng.random() < 0.2 else rng.randint(low, high)
            action = Action("r", size)
        else:
            action = Action(kind)
        hand.act(to_engine_action(hand, action))
        rules.apply(action)
        steps += 1
    check_agreement(hand, rules)
    return hand, rules, holes, board


@pytest.mark.parametrize("name", ["limit", "nolimit", "3p"])
def test_random_hands_agree_step_by_step_and_pay_the_same(name):
    game = THREE if name == "3p" else standard_game(name)
    rng = random.Random(9)
    showdowns = 0
    for _ in range(400):
        hand, rules, holes, board = _random_hand(game, rng)
        values = hand_values(rules, holes, board)
        showdowns += rules.is_showdown
        if game.num_players == 2:
            assert hand.payoffs == [int(v) for v in values] and all(v.denominator == 1 for v in values)
        else:
            # ACPC splits a pot in exact fractions; the engine gives the odd chip to one winner.
            assert all(abs(e - v) < 1 for e, v in zip(hand.payoffs, values, strict=True))
    assert showdowns > 50


def test_agents_answer_acpc_states_through_the_engine():
    nl = standard_game("nolimit")
    raiser = AgentPlayer(create_bot("raiser"), nl)
    # Facing r300 r900 the minimum re-raise is to 1500 (900 + the 600 raise).
    state = parse_matchstate("MATCHSTATE:1:31:r300r900:|JdTc", nl)
    assert raiser(state) == Action("r", 1500)
    # On the flop after r300r900c, a minimum bet is 100 more: r1000 in ACPC's hand totals.
    state = parse_matchstate("MATCHSTATE:0:31:r300r900c/:9s8h|/6dJc9c", nl)
    assert raiser(state) == Action("r", 1000)
    station = AgentPlayer(create_bot("calling-station"), standard_game("limit"))
    assert station(parse_matchstate("MATCHSTATE:0:0:rr:TdAs|", standard_game("limit"))) == Action("c")


def test_a_broken_bot_checks_or_folds_like_the_arena():
    class Broken:
        name = "broken"

        def reseed(self, seed):
            pass

        def begin_hand(self, observation):
            pass

        def act(self, observation):
            raise RuntimeError("oops")

    player = AgentPlayer(Broken(), standard_game("limit"))
    assert player(parse_matchstate("MATCHSTATE:1:4::|AsKs", standard_game("limit"))) == Action("f")
    assert player(parse_matchstate("MATCHSTATE:0:4:rc/:AsKs|/2c3c4c", standard_game("limit"))) == Action("c")
    assert [hand for hand, _ in player.illegal_events] == [4, 4]
    assert "RuntimeError: oops" in player.illegal_events[0][1]


@pytest.mark.parametrize("position", [0, 1])
def test_no_limit_minimum_raises_end_at_the_round_action_cap(position):
    # The ACPC server lets a raise in only while it and every player's answer fit in the round's
    # 64 actions: after 63 actions only call or fold remain, and the engine agrees.
    from pokerlab.acpc.players import make_player

    game = standard_game("nolimit")
    player = make_player("raiser", game)
    hole = "JdTc|" if position == 0 else "|JdTc"
    for done, answer in ((62, "r"), (63, "c")):
        betting = "".join(f"r{200 + 100 * i}" for i in range(done))
        state = parse_matchstate(f"MATCHSTATE:{position}:0:{betting}:{hole}", game)
        assert "".join(state.betting.legal_kinds()) == ("fcr" if answer == "r" else "fc")
        assert player(state).kind == answer
