"""The Equity page in a real headless Chromium: ranges set by clicking the grid, dragging across
it, typing and moving the slider; the numbers it shows equal ``pokerlab equity --json``'s."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerlab.cards import parse_range
from pokerlab.cli.main import app as cli


def _equity_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["equity", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _ready(page, player: int, text: str | None = None) -> None:
    """Wait until player ``player``'s editor has drawn the server's answer (to ``text``)."""
    shown = f'[data-text="{text}"]' if text is not None else ""
    page.wait_for_selector(f'#player-{player}[data-state="ready"]{shown}')


def _cell(page, player: int, name: str):
    return page.locator(f'#player-{player} [data-role="grid"] [data-class="{name}"]')


def _drag(page, player: int, first: str, last: str) -> None:
    start, end = (_cell(page, player, n).bounding_box() for n in (first, last))
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def test_ranges_clicked_and_typed_give_pokerlab_equity_s_numbers(server: str, page, screenshot) -> None:
    page.goto(server + "/equity")
    _ready(page, 1)
    _ready(page, 2)
    # player 1 types a hand; player 2 starts from nothing and clicks and drags on the grid
    page.locator("#player-1 [data-role=text]").fill("AsKd")
    _ready(page, 1, "AsKd")
    assert page.locator("#player-1 [data-role=count]").inner_text() == "1 combo"
    page.locator("#player-2 [data-role=text]").fill("")
    _ready(page, 2, "")
    _cell(page, 2, "QQ").click()
    _ready(page, 2, "QQ")
    _cell(page, 2, "JJ").click()
    _ready(page, 2, "QQ-JJ")
    _drag(page, 2, "AKs", "AJs")  # across AKs, AQs, AJs
    _ready(page, 2, "QQ-JJ, AJs+")
    _cell(page, 2, "AKo").click()
    _ready(page, 2, "QQ-JJ, AJs+, AKo")
    assert page.input_value("#player-2 [data-role=text]") == "QQ-JJ, AJs+, AKo"  # the text box followed
    # typing a weight shows the class part-filled; clicking a whole class takes it out again
    page.locator("#player-2 [data-role=text]").fill("QQ-JJ, AJs+, AKo, 99:0.5")
    _ready(page, 2, "QQ-JJ, AJs+, AKo, 99:0.5")
    assert "part" in _cell(page, 2, "99").get_attribute("class")
    _cell(page, 2, "AKo").click()
    _ready(page, 2, "QQ-JJ, AJs+, 99:0.5")
    page.select_option("#player-2 [data-role=paint]", "0.25")  # a click now puts a class in at 25%
    _cell(page, 2, "88").click()
    _ready(page, 2, "QQ-JJ, AJs+, 99:0.5, 88:0.25")
    _cell(page, 2, "88").click()  # at the paint weight already: taken out
    _ready(page, 2, "QQ-JJ, AJs+, 99:0.5")
    page.select_option("#player-2 [data-role=paint]", "1")
    assert "in" not in _cell(page, 2, "AKo").get_attribute("class").split()
    ranged = "QQ-JJ, AJs+, 99:0.5"
    assert page.locator("#player-2 [data-role=count]").inner_text() == f"{len(parse_range(ranged))} combos"
    page.fill("#board", "Qs 7h 2h")
    page.click("#compute")
    page.wait_for_selector('#equity-result[data-state="ready"]')
    expected = _equity_json("AsKd", ranged, "--board", "Qs 7h 2h", "--grid")
    rows = page.locator("#results tbody tr")
    assert rows.count() == 2
    for k in range(2):
        row = rows.nth(k)
        assert row.locator("td.equity").inner_text() == f"{100 * expected['equity'][k]:.3f}%"
        assert row.locator("td.win").inner_text() == f"{100 * expected['win'][k]:.2f}%"
        assert row.locator("td.tie").inner_text() == f"{100 * expected['tie'][k]:.2f}%"
    assert page.locator("#summary").inner_text().startswith(
        f"Exact: {int(expected['trials']):,} showdowns on Qs 7h 2h")
    grid = page.locator('#grid-box [data-role="equity-grid"] .cell.valued')
    shown = {c.get_attribute("data-class"): float(c.get_attribute("data-value")) for c in grid.all()}
    assert shown == expected["grid"]
    screenshot(page, "equity")
    # the slider writes a percentage range, which the library reads (PokerStove's ranking)
    page.locator("#player-2 [data-role=slider]").fill("15")
    _ready(page, 2, "15%")
    assert page.input_value("#player-2 [data-role=text]") == "15%"
    assert page.locator("#player-2 [data-role=count]").inner_text() == f"{len(parse_range('15%'))} combos"
    page.set_viewport_size({"width": 400, "height": 900})
    screenshot(page, "equity-narrow")


def test_six_players_by_monte_carlo_with_a_seed(server: str, page, screenshot) -> None:
    page.goto(server + "/equity")
    _ready(page, 2)
    for k in range(3, 7):
        page.click("#add-player")
        page.locator(f"#player-{k} [data-role=text]").fill("random")
        _ready(page, k, "random")
    assert page.locator("#add-player").is_disabled() and page.locator(".range-editor").count() == 6
    page.locator("#player-3 [data-role=remove]").click()  # players renumber after a removal
    assert page.locator(".range-editor").count() == 5 and page.locator("#player-5").count() == 1
    page.click("#add-player")
    page.locator("#player-6 [data-role=text]").fill("22+")
    _ready(page, 6, "22+")
    page.select_option("#mode", "monte-carlo")
    page.fill("#samples", "200000")
    page.fill("#seed", "11")
    page.click("#compute")
    page.wait_for_selector('#equity-result[data-state="ready"]')
    players = ["AhKh", "QQ+, AKs, AKo", "random", "random", "random", "22+"]
    expected = _equity_json(*players, "--samples", "200000", "--seed", "11")
    shown = page.locator("#results td.equity").all_inner_texts()
    assert [s.split("±")[0].strip() for s in shown] == [f"{100 * e:.3f}%" for e in expected["equity"]]
    assert page.locator("#grid-box").is_hidden()  # the grid is a two-player picture
    screenshot(page, "equity-six")


def test_a_mistake_is_one_line_and_goes_when_mended(server: str, page, screenshot) -> None:
    page.goto(server + "/equity")
    _ready(page, 2)
    alert = page.locator("#error")
    page.locator("#player-2 [data-role=text]").fill("QQ+, AKx")
    alert.wait_for(state="visible")
    assert alert.inner_text() == "Player 2: unknown range item 'AKx'"
    assert "invalid" in page.locator("#player-2").get_attribute("class")
    screenshot(page, "equity-bad-range")
    page.locator("#player-2 [data-role=text]").fill("QQ+, AKs")
    _ready(page, 2, "QQ+, AKs")
    assert alert.is_hidden()
    page.fill("#board", "Ah 7c 2d")  # the ace of hearts is player 1's
    page.click("#compute")
    page.wait_for_selector('#equity-result[data-state="error"]')
    assert alert.inner_text() == "duplicate card 'Ah'"
    page.fill("#board", "Ac 7c 2d")
    page.locator("#player-2 [data-role=text]").press("Enter")  # Enter in a range computes too
    page.wait_for_selector('#equity-result[data-state="ready"]')
    assert alert.is_hidden()


def test_a_long_computation_shows_its_progress_and_stops(server: str, page, screenshot) -> None:
    page.goto(server + "/equity")
    _ready(page, 2)
    page.locator("#player-1 [data-role=text]").fill("QQ+")  # a range: no hand-against-range grid
    _ready(page, 1, "QQ+")
    page.select_option("#mode", "monte-carlo")
    page.fill("#samples", "100000000")
    page.click("#compute")
    page.wait_for_function("Number(document.getElementById('progress').value) > 0")
    assert page.locator("#stop").is_visible() and page.locator("#compute").is_disabled()
    assert page.locator("#progress-text").inner_text().endswith("%")
    screenshot(page, "equity-progress")
    page.click("#stop")
    page.wait_for_selector('#equity-result[data-state="stopped"]')
    assert page.locator("#summary").inner_text() == "Stopped." and page.locator("#stop").is_hidden()
    page.fill("#samples", "20000")
    page.click("#compute")  # the next computation has a fresh worker
    page.wait_for_selector('#equity-result[data-state="ready"]')
    assert page.locator("#results tbody tr").count() == 2
    assert page.locator("#grid-box").is_hidden() and page.locator("#grid-note").is_visible()
