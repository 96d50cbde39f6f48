"""A range editor's view of a range: class weights, class edits, and text that reads back."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.cards import PREFLOP_CLASSES, Range, combos_of_class, parse_range
from pokerlab.cards.range_text import class_weights, range_text, with_classes

WEIGHTS = st.sampled_from([0.0, 0.0, 1.0, 1.0, 0.5, 0.25, 0.1])


@settings(max_examples=150, deadline=None)
@given(classes=st.lists(WEIGHTS, min_size=169, max_size=169),
       singles=st.dictionaries(st.integers(0, 1325), WEIGHTS, max_size=6))
def test_the_text_reads_back_to_the_same_range(classes, singles) -> None:
    r = Range()
    for name, weight in zip(PREFLOP_CLASSES, classes, strict=True):
        r = with_classes(r, [name], weight)
    r.weights[list(singles)] = list(singles.values())
    text = range_text(r)
    if not r.weights.any():
        assert text == ""
        return
    np.testing.assert_array_equal(parse_range(text).weights, r.weights)


def test_runs_are_written_the_short_way() -> None:
    assert range_text(parse_range("TT+, 66-44, ATs+, A5s-A3s, KTo-K8o, 72o")) == \
        "TT+, 66-44, ATs+, A5s-A3s, KTo-K8o, 72o"
    assert range_text(parse_range("AA, KK:0.5, QQ:0.5, AKs:0.75")) == "AA, AKs:0.75, KK-QQ:0.5"


def test_class_weights_are_means_over_the_class() -> None:
    weights = class_weights(parse_range("AhKh, QQ:0.5, 22"))
    assert weights == {"QQ": 0.5, "22": 1.0, "AKs": 0.25}
    assert len(combos_of_class("AKs")) == 4


def test_a_bad_class_or_weight_is_named() -> None:
    with pytest.raises(ValueError, match="unknown hand class 'AAs'"):
        with_classes(Range(), ["AAs"], 1.0)
    with pytest.raises(ValueError, match=r"weight must be in \[0, 1\], got 2"):
        with_classes(Range(), ["AA"], 2)
