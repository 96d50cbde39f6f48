"""Differential test against OpenSpiel's ``universal_poker``, which runs the ACPC server's own
game code: random hands of the standard limit and no-limit games, and at every decision our
replay of OpenSpiel's ACPC betting string must give the same player to act, the same legal
actions (and no-limit raise range), the same chips spent, the same ``STATE`` line as the
server's ``printState``, and at the end the same payoffs.
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from pokerlab.acpc import Action, parse_betting, standard_game
from pokerlab.acpc.dealer import view_text
from pokerlab.acpc.showdown import hand_values
from pokerlab.cards import RANKS, SUITS

HOLDEM = {"numBoardCards": "0 3 1 1", "numHoleCards": 2, "numRanks": 13, "numRounds": 4, "numSuits": 4,
          "numPlayers": 2, "firstPlayer": "2 1 1 1"}
NOLIMIT = {**HOLDEM, "betting": "nolimit", "bettingAbstraction": "fullgame", "blind": "100 50",
           "stack": "20000 20000"}
# "fcpa" in a limit game: 0 fold, 1 call, 2 raise.
LIMIT = {**HOLDEM, "betting": "limit", "bettingAbstraction": "fcpa", "blind": "10 5",
         "raiseSize": "10 10 20 20", "maxRaises": "3 4 4 4"}


def _line(state) -> str:
    line = next(x for x in str(state).splitlines() if x.startswith("ACPC State: STATE:"))
    return line.removeprefix("ACPC State: ")


def _acpc_state(state) -> tuple[str, list[tuple[int, ...]], list[int]]:
    _, _, betting, cards = _line(state).split(":")
    sections = cards.split("/")

    def codes(text: str) -> tuple[int, ...]:
        return tuple(4 * RANKS.index(text[i]) + SUITS.index(text[i + 1]) for i in range(0, len(text), 2))

    holes = [codes(h) for h in sections[0].split("|")]
    board = [c for s in sections[1:] for c in codes(s)]
    return betting, holes, board


def _spent(state) -> tuple[int, ...]:
    line = next(x for x in str(state).splitlines() if x.startswith("Spent:"))
    return tuple(int(v) for v in line.replace("]", "").split()[2::2])


@pytest.mark.parametrize("kind", ["limit", "nolimit"])
def test_random_hands_match_openspiel(kind):
    game = standard_game(kind)
    peer = pyspiel.load_game("universal_poker", LIMIT if kind == "limit" else NOLIMIT)
    rng = random.Random(20261122)
    showdowns = 0
    for _ in range(150):
        state = peer.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            betting, holes, board = _acpc_state(state)
            ours = parse_betting(betting, game)
            # Our STATE line (all cards) is the ACPC server's printState, character for character.
            assert view_text(game, 0, ours, tuple(holes), board, None) == _line(state), betting
            legal = state.legal_actions()
            assert ours.current_player == state.current_player(), betting
            assert ours.spent == _spent(state), betting
            kinds = ["f"] if 0 in legal else []
            kinds.append("c")
            if kind == "limit":
                kinds += ["r"] if 2 in legal else []
                assert ours.legal_kinds() == tuple(kinds), betting
            else:
                raises = [a for a in legal if a > 1]
                kinds += ["r"] if raises else []
                assert ours.legal_kinds() == tuple(kinds), betting
                assert ours.raise_range() == ((min(raises), max(raises)) if raises else None), betting
            # Fold rarely, raise small more often than all-in, so hands reach showdowns.
            choice = rng.choices(legal, weights=[1 if a == 0 else 4 if a == 1 else 1 for a in legal])[0]
            if kind == "nolimit" and choice > 1 and rng.random() < 0.8:
                choice = min(raises[: 1 + len(raises) // 50], key=lambda a: rng.random())
            state.apply_action(choice)
        betting, holes, board = _acpc_state(state)
        ours = parse_betting(betting, game)
        assert view_text(game, 0, ours, tuple(holes), board, None) == _line(state), betting
        assert ours.finished and ours.spent == _spent(state), betting
        showdowns += ours.is_showdown
        values = hand_values(ours, holes, board)
        assert [float(v) for v in values] == state.returns(), betting
    assert showdowns >= 20


def test_action_text_round_trip_through_openspiel_strings():
    game = standard_game("nolimit")
    state = parse_betting("r200r301f", game)
    assert state.all_actions() == [Action("r", 200), Action("r", 301), Action("f")]
    assert state.spent == (301, 200) and state.finished
