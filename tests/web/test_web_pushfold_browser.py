"""The Push/fold page in a real headless Chromium: a heads-up spot solved through the form shows
the library's numbers and grids (what ``pokerlab pushfold solve`` prints), a bad stack is one line,
and the chart tab draws a small chart's labels (``pokerlab pushfold chart``'s)."""

from __future__ import annotations

import pytest

from pokerlab.pushfold.chart import headsup_chart
from pokerlab.pushfold.game import PushFoldGame
from pokerlab.pushfold.solution import solve

CELLS = "cells => Object.fromEntries(cells.map((c) => [c.dataset.class, c.dataset[KEY]]))"


def _cells(page, selector: str, key: str) -> dict[str, str]:
    """Each cell's ``data-<key>`` in the grid at ``selector``, by class."""
    return page.eval_on_selector_all(f"{selector} .cell", CELLS.replace("KEY", f'"{key}"'))


def test_a_heads_up_spot_and_a_small_chart_show_the_library_s_numbers(server: str, page, screenshot) -> None:
    page.goto(server + "/pushfold")
    page.fill("#stacks", "10,-5")
    page.click("#solve")
    page.wait_for_selector('#solve-result[data-state="error"]')
    assert page.inner_text("#error") == "stacks: -5 is not a positive number of big blinds"
    page.fill("#stacks", "10,10")
    page.click("#solve")
    page.wait_for_selector('#solve-result[data-state="ready"]')
    assert page.is_hidden("#error")
    expected = solve(PushFoldGame((10, 10)))
    summary = page.inner_text("#solve-summary")
    assert summary.startswith("2 players, blinds 0.5/1, ante 0, chip EV. Linear program, ")
    assert ": certified; largest best-response gain " in summary
    rows = [row.split("\t") for row in page.locator("#decisions tbody tr").all_inner_texts()]
    assert [r[:3] for r in rows] == [["SB", "push 58.3%", "0.417"], ["SB push, BB", "call 37.4%", "0.626"]]
    assert rows[1][3] == ", ".join(expected.readings[1].breakers)
    seats = [row.split("\t") for row in page.locator("#seats tbody tr").all_inner_texts()]
    ev = expected.evaluation
    assert seats == [[pos, "10", f"{ev.value[i]:+.4f}", f"{ev.gains[i]:.1e}"]
                     for i, pos in enumerate(("SB", "BB"))]
    for node, line in enumerate(("SB", "SB push, BB")):
        drawn = _cells(page, f'#grids .pf-grid[data-line="{line}"]', "value")
        assert {c: float(v) for c, v in drawn.items()} == pytest.approx(expected.frequency(node))
    screenshot(page, "pushfold")
    page.click("#tab-chart")
    assert page.is_hidden("#solve-tab") and page.is_visible("#chart-tab")
    page.fill("#max-stack", "3")
    page.fill("#step", "1")
    page.click("#chart")
    page.wait_for_selector('#chart-result[data-state="ready"]')
    chart = headsup_chart(max_stack=3, step=1)
    for what in ("push", "call"):
        labels = _cells(page, f"#{what}-chart", "label")
        assert labels == {c: chart.label(s) for c, s in getattr(chart, what).items()}, what
    assert page.inner_text('#push-chart [data-class="AA"] .value') == "3+"
    screenshot(page, "pushfold-chart")
