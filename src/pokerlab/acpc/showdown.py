"""What each player wins or loses when an ACPC hand ends (``valueOfState`` in ``game.c``).

The rules are the protocol's: a folding player loses what they spent; if all but one fold,
the last one takes every chip in; otherwise there is a pot for every distinct amount spent,
shared by the players who spent at least that much, and split evenly between the best hands
among them (folded players rank below every hand). Values are exact fractions: a pot split
three ways is not a whole number of chips, and the ACPC dealer does not round it either.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> from pokerlab.acpc.matchstate import parse_matchstate
>>> s = parse_matchstate("MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh", standard_game("limit"))
>>> [int(v) for v in hand_values(s.betting, s.hole_cards, s.board_cards)]
[-80, 80]

Hands of fewer than five cards (three-player Kuhn poker: one card each) rank as the ACPC
server ranks them: by the pattern of equal ranks, then by rank; no straights or flushes.

>>> kuhn = standard_game("kuhn3")
>>> s = parse_matchstate("MATCHSTATE:0:0:crcf:Qs|Ks|As", kuhn)  # 2 bets, 3 calls, 1 folds
>>> [int(v) for v in hand_values(s.betting, s.hole_cards, s.board_cards)]
[-1, -2, 3]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from pokerlab.acpc.betting import BettingState
from pokerlab.acpc.gamedef import GameDef
from pokerlab.evaluate import evaluate

# Patterns of equal ranks in a hand of one to four cards, weakest first: high cards, pair,
# two pairs, three of a kind, four of a kind (as ACPC's rankCardset orders them).
_SHORT_PATTERNS = ((1,), (1, 1), (1, 1, 1), (1, 1, 1, 1), (2,), (2, 1), (2, 1, 1), (2, 2), (3,), (3, 1), (4,))


def showdowns_supported(game: GameDef) -> bool:
    """Whether we can rank this game's showdowns (1 to 7 cards per player)."""
    return 1 <= game.num_hole_cards + sum(game.num_board_cards) <= 7


def hand_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """Strength of a player's hand, higher is better: the best five cards of five to seven
    (:func:`pokerlab.evaluate.evaluate`); one to four cards by their pattern of equal ranks,
    then the ranks (only hands of the same size are ever compared).

    Raises
    ------
    ValueError
        When hole and board together are more than 7 cards.
    """
    cards = [*hole, *board]
    if 5 <= len(cards) <= 7:
        return evaluate(cards)
    if not 1 <= len(cards) <= 4:
        raise ValueError(f"showdowns need 1 to 7 cards per player, this game gives {len(cards)}")
    counts = Counter(card // 4 for card in cards)
    ranks = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    value = _SHORT_PATTERNS.index(tuple(counts[r] for r in ranks))
    for k in range(4):
        value = value * 13 + (ranks[k] if k < len(ranks) else 0)
    return value


def hand_values(
    betting: BettingState, hole_cards: Sequence[Sequence[int]], board: Sequence[int]
) -> tuple[Fraction, ...]:
    """Chips won (positive) or lost by each position in a finished hand.

    ``hole_cards`` must hold the cards of every player still in at a showdown; cards of
    folded players are not needed.

    Raises
    ------
    ValueError
        If the hand is not over or a showdown player's cards are missing.
    """
    if not betting.finished:
        raise ValueError("the hand is not over yet")
    spent = betting.spent
    folded = betting.folded
    n = len(spent)
    if betting.num_folded + 1 >= n:
        total = sum(spent)
        return tuple(Fraction(-s) if folded[p] else Fraction(total - s) for p, s in enumerate(spent))
    ranks: list[int] = []
    for p in range(n):
        if folded[p]:
            ranks.append(-1)
            continue
        if len(hole_cards[p]) == 0:
            raise ValueError(f"position {p} reached the showdown but its cards are unknown")
        ranks.append(hand_rank(hole_cards[p], board))
    values = [Fraction(0)] * n
    floor = 0
    # One pot per distinct amount spent: the slice (floor, level] of everyone who reached it.
    for level in sorted(set(s for s in spent if s > 0)):
        share = level - floor
        contributors = [p for p in range(n) if spent[p] >= level]
        pot = share * len(contributors)
        best = max(ranks[p] for p in contributors)
        winners = [p for p in contributors if ranks[p] == best and not folded[p]]
        for p in contributors:
            values[p] -= share
        if winners:
            for p in winners:
                values[p] += Fraction(pot, len(winners))
        else:
            # Only folded players reached this level: they get their chips back (cannot happen
            # in a legal hand; kept so that chips are always conserved).
            for p in contributors:
                values[p] += share
        floor = level
    return tuple(values)
