"""Purification: each row's mass on its most probable actions, ties evenly, zero rows zero."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from pokerlab.equilibrium.purification import purify

ROWS = arrays(np.float64, st.tuples(st.integers(1, 6), st.integers(1, 6)),
              elements=st.sampled_from([0.0, 1 / 255, 0.25, 0.5, 0.75, 1.0]))


@given(ROWS)
def test_purified_rows_sit_on_the_largest_entries(rows: np.ndarray) -> None:
    out = purify(rows)
    top = rows.max(axis=1, keepdims=True)
    assert out.shape == rows.shape
    assert np.all((out > 0) <= (rows == top))  # only the largest entries get mass
    live = top[:, 0] > 0
    assert np.allclose(out[live].sum(axis=1), 1.0) and not out[~live].any()
    support = out > 0
    for row, mask in zip(out, support, strict=True):  # shared evenly
        if mask.any():
            assert np.allclose(row[mask], 1.0 / mask.sum())
    assert np.array_equal(purify(3.0 * rows), out)  # a row proportional to probabilities


def test_a_uniform_row_stays_uniform_and_a_clear_one_is_pure() -> None:
    assert purify(np.full((1, 4), 0.25)).tolist() == [[0.25] * 4]
    assert purify(np.array([[1 / 255, 253 / 255, 1 / 255]])).tolist() == [[0.0, 1.0, 0.0]]
