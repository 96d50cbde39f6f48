"""The poker rules engine: settings, the hand engine, seeded deals and PHH hand histories.

Examples
--------
>>> from pokerlab.engine import GameSettings, Hand, Dealer
>>> game = GameSettings.preset("no-limit")
>>> hand = Hand(game, [200, 200], Dealer(seed=3).cards(0, 2))
>>> hand.legal().min_raise_to, hand.legal().max_raise_to
(4, 200)
"""

from pokerlab.engine.dealing import Dealer, seat_cards_to_positions
from pokerlab.engine.hand import (
    ACTION_NAMES,
    BET_RAISE,
    CHECK_CALL,
    CHECK_CALL_ACTION,
    DRAW,
    FOLD,
    FOLD_ACTION,
    STREET_NAMES,
    Action,
    Hand,
    IllegalActionError,
    Legal,
    Pot,
    build_pots,
)
from pokerlab.engine.phh import read_phh, to_phh, write_phh
from pokerlab.engine.settings import KINDS, MAX_SEATS, GameSettings
from pokerlab.engine.variants import VARIANTS, Street, Variant, get_variant

__all__ = [
    "ACTION_NAMES",
    "BET_RAISE",
    "CHECK_CALL",
    "CHECK_CALL_ACTION",
    "DRAW",
    "FOLD",
    "FOLD_ACTION",
    "KINDS",
    "MAX_SEATS",
    "STREET_NAMES",
    "VARIANTS",
    "Action",
    "Dealer",
    "GameSettings",
    "Hand",
    "IllegalActionError",
    "Legal",
    "Pot",
    "Street",
    "Variant",
    "build_pots",
    "get_variant",
    "read_phh",
    "seat_cards_to_positions",
    "to_phh",
    "write_phh",
]
