"""The standard 13x13 grid (issue 28): AA top left, pairs on the diagonal, suited above it."""

from __future__ import annotations

import numpy as np

from pokerlab.cards import PREFLOP_CLASSES, class_of, combos_of_class
from pokerlab.cards.grid import COMBO_GRID_CELLS, GRID_CLASSES, class_grid, display_cell, grid_class
from pokerlab.cards.ranges import ALL_COMBOS


def test_every_class_has_one_cell_and_the_layout_is_the_standard_one() -> None:
    cells = {display_cell(name) for name in PREFLOP_CLASSES}
    assert len(cells) == 169
    for name in PREFLOP_CLASSES:
        r, c = display_cell(name)
        assert grid_class(r, c) == name == GRID_CLASSES[r][c]
        if len(name) == 2:
            assert r == c
        elif name.endswith("s"):
            assert r < c  # suited above the diagonal
        else:
            assert r > c
    assert GRID_CLASSES[0][:3] == ("AA", "AKs", "AQs") and GRID_CLASSES[1][0] == "AKo"
    assert GRID_CLASSES[12][12] == "22" and GRID_CLASSES[11][12] == "32s"


def test_combo_cells_are_the_cells_of_their_classes() -> None:
    for i, (a, b) in enumerate(ALL_COMBOS):
        assert tuple(COMBO_GRID_CELLS[i]) == display_cell(class_of(int(a), int(b)))
    assert len(combos_of_class("AKs")) == 4


def test_class_grid() -> None:
    g = class_grid({name: k for k, name in enumerate(PREFLOP_CLASSES)})
    assert not np.isnan(g).any() and g[0, 0] == 0 and g[12, 12] == 12
