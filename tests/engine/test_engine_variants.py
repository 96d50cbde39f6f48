"""Variants as data: the hold'em variant drives the engine; settings name their variant."""

from __future__ import annotations

import pytest

from pokerlab.engine import VARIANTS, GameSettings, Hand, Street, Variant, get_variant
from pokerlab.engine.dealing import Dealer


def test_holdem_is_data():
    holdem = get_variant("texas-holdem")
    assert [tuple(s) for s in holdem.streets] == [
        (2, 0, False, "small"), (0, 3, False, "small"), (0, 1, False, "big"), (0, 1, False, "big")]
    assert (holdem.hole_cards, holdem.board_cards, holdem.draws) == (2, 5, False)
    assert holdem.phh_codes == {"limit": "FT", "no-limit": "NT", "pot-limit": "PT"}
    game = GameSettings.preset("limit")
    assert game.rules is holdem and game.street_bets == (10, 10, 20, 20)
    assert GameSettings.preset("no-limit").street_bets == (2, 2, 2, 2)


def test_settings_name_a_known_variant_and_keep_old_keys():
    with pytest.raises(ValueError, match="unknown variant 'omaha'"):
        GameSettings(variant="omaha")
    data = GameSettings.preset("limit").to_dict()
    assert "variant" not in data  # hold'em keys of matches stored earlier still match
    assert GameSettings.from_dict(data) == GameSettings.preset("limit")


def test_bad_variant_data_is_refused():
    with pytest.raises(ValueError, match="one name per street"):
        Variant("x", "x", (Street(2, 0, False, "small"),), ())
    with pytest.raises(ValueError, match="first street deals the hole cards"):
        Variant("x", "x", (Street(0, 3, False, "small"),), ("flop",))
    with pytest.raises(ValueError, match="'small' or 'big'"):
        Variant("x", "x", (Street(2, 0, False, "huge"),), ("deal",))
    with pytest.raises(ValueError, match="one name per draw"):
        Variant("x", "x", (Street(5, 0, False, "small"), Street(0, 0, True, "big")), ("deal", "last"))
    triple = Variant("x", "x", (Street(5, 0, False, "small"),) + (Street(0, 0, True, "big"),) * 3,
                     ("1st", "2nd", "3rd", "4th"), ("draw 1", "draw 2", "draw 3"))
    assert [triple.phase_name(k, drawing=True) for k in (1, 2, 3)] == ["draw 1", "draw 2", "draw 3"]
    assert set(VARIANTS) >= {"texas-holdem"}


def test_blinds_are_optional_and_position_zero_opens_without_them():
    game = GameSettings.preset("limit", small_blind=0, big_blind=0, ante=5)
    hand = Hand(game, [100, 100, 100], Dealer(1).cards(0, 3))
    assert hand.actor == 0 and hand.pot == 15 and hand.legal().to_call == 0
    assert hand.legal().min_raise_to == 10  # the small bet opens
    with pytest.raises(ValueError, match="small_blind 1 without a big blind"):
        GameSettings(small_blind=1, big_blind=0)
    assert GameSettings.preset("no-limit", small_blind=0, big_blind=0, small_bet=3).min_bet == 3
    assert GameSettings.preset("no-limit", small_blind=0, big_blind=0).unit == "mb"
