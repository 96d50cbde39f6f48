"""Words for a hand: its best five cards and a description such as "Full house, aces over threes".

Examples
--------
>>> from pokerlab.cards import parse_cards, format_cards
>>> describe(parse_cards("Ah Ad Ac 3s 3h 9d 2c"))
'Full house, aces over threes'
>>> format_cards(best_five(parse_cards("Ah Ad Ac 3s 3h 9d 2c")))
'Ah Ad Ac 3s 3h'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from pokerlab.cards import RANK_NAMES, RANK_PLURALS
from pokerlab.evaluate.classes import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
)
from pokerlab.evaluate.hands import evaluate


def best_five(cards: Sequence[int]) -> list[int]:
    """The five cards that make the hand's value, strongest groups first.

    Cards are ordered by (group size, rank), so a full house lists its three of a kind
    first; a five-high straight lists the ace last.

    Examples
    --------
    >>> from pokerlab.cards import parse_cards, format_cards
    >>> format_cards(best_five(parse_cards("5d 4c Ah 3s 2h Kd Qd")))
    '5d 4c 3s 2h Ah'
    """
    value = evaluate(cards)  # validates the hand
    codes = [int(c) for c in cards]
    five = next(list(c) for c in combinations(codes, 5) if evaluate(list(c)) == value)
    sizes = Counter(c >> 2 for c in five)
    five.sort(key=lambda c: (sizes[c >> 2], c >> 2, c & 3), reverse=True)
    if category(value) in (STRAIGHT, STRAIGHT_FLUSH) and five[0] >> 2 == 12 and five[1] >> 2 == 3:
        five = five[1:] + five[:1]  # the wheel: the ace plays low
    return five


def describe(cards: Sequence[int]) -> str:
    """A description of the best five-card hand within 5..7 cards.

    Raises
    ------
    ValueError
        As :func:`pokerlab.evaluate.evaluate` does for a bad hand.

    Examples
    --------
    >>> from pokerlab.cards import parse_cards
    >>> describe(parse_cards("Ks Kd 9h 9c 2s"))
    'Two pair, kings and nines'
    >>> describe(parse_cards("5h 4d 3c 2s Ah"))
    'Straight, five high'
    >>> describe(parse_cards("As Ks Qs Js Ts 2d"))
    'Royal flush'
    >>> describe(parse_cards("Qh Qd 7c 5s 2h"))
    'One pair of queens'
    """
    five = best_five(cards)
    cat = category(evaluate(five))
    ranks = [c >> 2 for c in five]
    top = ranks[0]
    if cat == STRAIGHT_FLUSH:
        if top == 12:
            return "Royal flush"
        return f"Straight flush, {RANK_NAMES[top]} high"
    if cat in (STRAIGHT, FLUSH):
        return f"{CATEGORY_NAMES[cat]}, {RANK_NAMES[top]} high"
    if cat == FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[top]} over {RANK_PLURALS[ranks[3]]}"
    if cat in (FOUR_OF_A_KIND, THREE_OF_A_KIND):
        return f"{CATEGORY_NAMES[cat]}, {RANK_PLURALS[top]}"
    if cat == TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[2]]}"
    if cat == ONE_PAIR:
        return f"One pair of {RANK_PLURALS[top]}"
    assert cat == HIGH_CARD
    return f"High card, {RANK_NAMES[top]}"
