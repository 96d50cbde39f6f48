"""The Ranges page in a real headless Chromium: the blueprint's pre-flop decisions listed, the
one chosen drawn with the library's numbers (``pokerlab nolimit ranges``): sizes, the reach grid
and a grid per action."""

from __future__ import annotations

import pytest

from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.ranges import preflop_lines, preflop_ranges

CELLS = "cells => Object.fromEntries(cells.map((c) => [c.dataset.class, c.dataset.value]))"


def _values(page, action: str) -> dict[str, float]:
    drawn = page.eval_on_selector_all(f'#grids .pf-grid[data-action="{action}"] .cell', CELLS)
    return {name: float(v) for name, v in drawn.items()}


def test_a_decision_chosen_shows_the_library_s_grids_and_sizes(server: str, page, screenshot) -> None:
    bp = Blueprint.load()
    page.goto(server + "/ranges")
    page.wait_for_selector('#ranges-result[data-state="ready"]')
    options = page.eval_on_selector_all("#line option", "os => os.map((o) => [o.value, o.textContent])")
    assert options == [[x.line, x.label] for x in preflop_lines(bp)]
    root = preflop_ranges(bp, "")
    assert page.is_hidden("#error") and page.get_attribute("#ranges-result", "data-line") == ""
    assert page.locator('#grids .pf-grid[data-action="reach"]').count() == 0  # everything reaches the root
    assert _values(page, "raise 2.5bb") == pytest.approx(root.frequencies(2))

    page.select_option("#line", "r250r750")
    page.wait_for_selector('#ranges-result[data-state="ready"][data-line="r250r750"]')
    r = preflop_ranges(bp, "r250r750")
    assert page.inner_text("#ranges-summary") == ("r250r750: the button acts after BTN raise 2.5bb, "
                                                  "BB raise 7.5bb; pot 10 bb, 5 bb to call.")
    rows = [row.split("\t") for row in page.locator("#range-sizes tbody tr").all_inner_texts()]
    assert rows[0] == ["the button's range", f"{r.range_pct:.1f}", "100.0"]
    assert rows[1:-1] == [[a, f"{p:.1f}", f"{100 * p / r.range_pct:.1f}"]
                          for a, p in zip(r.actions, r.action_pct, strict=True)]
    assert rows[-1][:2] == ["(the big blind's range)", f"{r.opponent_pct:.1f}"]
    assert _values(page, "reach") == pytest.approx(r.reaches())
    for a, action in enumerate(r.actions):
        assert _values(page, action) == pytest.approx(r.frequencies(a)), action
    screenshot(page, "ranges")
