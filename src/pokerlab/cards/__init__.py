"""Cards, decks and pre-flop ranges.

Card codes are ``4 * rank + suit`` (ranks 2..A = 0..12, suits c, d, h, s = 0..3).
"""

from pokerlab.cards.codes import (
    RANK_NAMES,
    RANK_PLURALS,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    card,
    check_distinct,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_hole_board,
    rank_of,
    suit_of,
)
from pokerlab.cards.deck import Deck
from pokerlab.cards.ranges import (
    ALL_COMBOS,
    COMBO_CARDS,
    PREFLOP_CLASSES,
    Range,
    class_of,
    combo_index,
    combos_of_class,
    combos_touching,
    parse_range,
)

__all__ = [
    "ALL_COMBOS",
    "COMBO_CARDS",
    "PREFLOP_CLASSES",
    "RANKS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Deck",
    "Range",
    "card",
    "check_distinct",
    "class_of",
    "combo_index",
    "combos_of_class",
    "combos_touching",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_hole_board",
    "parse_range",
    "rank_of",
    "suit_of",
]
