"""The ACPC dealer's card generator: MT19937 seeded with ``init_genrand`` (numpy's legacy
``RandomState(seed)`` seeds the same way and is the peer), and deals drawn from the game's deck."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.acpc import AcpcDeals, parse_gamedef, standard_game
from pokerlab.acpc.deals import genrand


@pytest.mark.parametrize("seed", [0, 1, 5489, 2**31 + 7, 2**32 - 1])
def test_generator_words_equal_numpy_legacy_mt19937(seed):
    ours = genrand(seed)
    words = [ours.getrandbits(32) for _ in range(2000)]  # crosses a state regeneration (624 words)
    peer = np.frombuffer(np.random.RandomState(seed).bytes(4 * 2000), dtype="<u4").tolist()
    assert words == peer


def test_reference_first_output():
    # mt19937ar.c's reference output for init_genrand(5489) starts with 3499211612.
    assert genrand(5489).getrandbits(32) == 3499211612


def test_deals_are_distinct_cards_of_the_game_deck():
    game = standard_game("nolimit")
    deals = AcpcDeals(game, seed=42)
    seen_first = set()
    for _ in range(200):
        holes, board = deals.next_hand()
        cards = [c for h in holes for c in h] + list(board)
        assert len(cards) == 9 and len(set(cards)) == 9 and all(0 <= c < 52 for c in cards)
        seen_first.add(holes[0][0])
    assert len(seen_first) > 30
    again = AcpcDeals(game, seed=42)
    assert again.next_hand() == AcpcDeals(game, seed=42).next_hand()


def test_small_decks_deal_the_top_ranks_and_suits():
    leduc = parse_gamedef("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 2\nblind = 1 1\nraiseSize = 2 4\n"
                          "firstPlayer = 1 1\nmaxRaises = 2 2\nnumSuits = 2\nnumRanks = 3\nnumHoleCards = 1\n"
                          "numBoardCards = 0 1\nEND GAMEDEF")
    deals = AcpcDeals(leduc, seed=3)
    allowed = {4 * r + s for r in (10, 11, 12) for s in (2, 3)}  # Q K A of hearts and spades
    for _ in range(50):
        holes, board = deals.next_hand()
        assert {holes[0][0], holes[1][0], board[0]} <= allowed
