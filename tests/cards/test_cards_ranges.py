"""Pre-flop classes, combos and range text (issue 2, item 3)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlab.cards import (
    ALL_COMBOS,
    PREFLOP_CLASSES,
    class_of,
    combo_index,
    combos_of_class,
    parse_cards,
    parse_range,
)
from pokerlab.cards.ranges import Range


def test_combo_index_is_a_bijection():
    seen = {combo_index(a, b) for b in range(52) for a in range(b)}
    assert seen == set(range(1326))
    for i, (lo, hi) in enumerate(ALL_COMBOS):
        assert lo < hi
        assert combo_index(int(lo), int(hi)) == i


def test_169_classes_cover_1326_combos_once():
    assert len(PREFLOP_CLASSES) == len(set(PREFLOP_CLASSES)) == 169
    counts = {"pair": 0, "s": 0, "o": 0}
    covered = []
    for name in PREFLOP_CLASSES:
        combos = combos_of_class(name)
        kind = "pair" if len(name) == 2 else name[2]
        counts[kind] += len(combos)
        covered += combos
        assert all(class_of(a, b) == name for a, b in combos)
    assert counts == {"pair": 13 * 6, "s": 78 * 4, "o": 78 * 12}
    assert len(set(covered)) == 1326


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("KQo", 12),
        ("22-55", 24),
        ("AhKh", 1),
        ("ATs+", 16),
        ("K9o+", 48),
        ("random", 1326),
        ("QQ+, AKs, A5s-A2s, KQo, 22-55, AhKh", 18 + 4 + 16 + 12 + 24),  # AhKh is in AKs
    ],
)
def test_range_sizes(text, size):
    assert len(parse_range(text)) == size


def test_dead_cards_remove_combos():
    dead = parse_cards("As Kh")
    r = parse_range("AA, KK, AKs", dead=dead)
    assert len(r) == 3 + 3 + 2
    assert all(51 not in c and 46 not in c for c in r.combos())


def test_weights():
    r = parse_range("AA:0.5, KK")
    assert r.weights[combo_index(51, 50)] == 0.5
    assert r.weights[combo_index(47, 46)] == 1.0
    assert Range.full(dead=[0]).weights.sum() == 1326 - 51


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKx", "'AKx'"),
        ("QQs", "pair"),
        ("AK:2", "weight"),
        ("AK:x", "weight"),
        ("22-A5s", "same suffix|dash"),
        ("KAs-K2s", "kicker|unknown"),
        ("", "empty"),
        ("AsKsQs", "3 cards"),
    ],
)
def test_bad_range_items_are_named(text, message):
    with pytest.raises(ValueError, match=message):
        parse_range(text)


@given(st.text(alphabet="AKQJT98765432soc+-,: hd.01%", max_size=20))
def test_any_range_text_parses_or_raises_value_error(text):
    try:
        r = parse_range(text)
    except ValueError:
        return
    assert r.weights.shape == (1326,)
    assert np.all((r.weights >= 0) & (r.weights <= 1))
