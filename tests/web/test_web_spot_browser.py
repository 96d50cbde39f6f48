"""The Solver page in a real headless Chromium: a river spot set through the form, solved in the
server's solving process, a node opened by clicking its action, and the 13x13 grid and both
players' ranges and EVs checked against ``pokerlab spot show --json`` for the same node; a
solution saved by the command line opened on the page shows the same numbers."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerlab.cli.main import app as cli

BOARD, OOP, IP = "Ks Qd Jh 4c 2s", "AT, 65, KQ", "77, QJ, AK"


def _cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["spot", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _grid(page) -> dict[str, dict[str, float]]:
    """Each coloured cell's action frequencies, as the page drew them."""
    cells = page.locator('[data-role="strategy-grid"] .cell.valued')
    return {cells.nth(k).get_attribute("data-class"): json.loads(cells.nth(k).get_attribute("data-freq"))
            for k in range(cells.count())}


def _check_grid(page, expected: dict, tolerance: float) -> None:
    shown = _grid(page)
    by_class = {row["class"]: row for row in expected["classes"]}
    assert set(shown) == {c for c, row in by_class.items() if row["combos"] > 0}
    for name, freq in shown.items():
        for action in expected["actions"]:
            assert abs(freq.get(action, 0.0) - by_class[name][action]) <= tolerance, (name, action)


def _check_ranges(page, expected: dict, tolerance: float) -> None:
    """Each player's range grid and EV at the node, as the page drew them, against the JSON."""
    for who in ("oop", "ip"):
        want = expected["ranges"][who]
        box = page.locator(f"#range-{who}")
        assert abs(float(box.get_attribute("data-ev")) - want["ev"]) <= tolerance, who
        assert abs(float(box.get_attribute("data-combos")) - want["combos"]) <= tolerance, who
        cells = box.locator(".cell.in")
        shown = {cells.nth(k).get_attribute("data-class"): (float(cells.nth(k).get_attribute("data-combos")),
                                                            float(cells.nth(k).get_attribute("data-ev")))
                 for k in range(cells.count())}
        assert set(shown) == {c["class"] for c in want["classes"]}, who
        for c in want["classes"]:
            assert abs(shown[c["class"]][0] - c["combos"]) <= tolerance, (who, c)
            assert abs(shown[c["class"]][1] - c["ev"]) <= tolerance, (who, c)


def test_a_river_solved_through_the_form_shows_pokerlab_spot_s_grid(server: str, page, screenshot,
                                                                      tmp_path: Path) -> None:
    page.goto(server + "/solver")
    for k in (1, 2):
        page.wait_for_selector(f'#player-{k}[data-state="ready"]')
    page.fill("#board", BOARD)
    page.fill("#pot", "10")
    page.fill("#stack", "100")
    for k, text in ((1, OOP), (2, IP)):
        page.locator(f"#player-{k} [data-role=text]").fill(text)
        page.wait_for_selector(f'#player-{k}[data-state="ready"][data-text="{text}"]')
    for street in ("flop", "turn", "river"):
        for player in ("oop", "ip"):
            page.fill(f"#size-{street}-{player}-bet", "100%")
            page.fill(f"#size-{street}-{player}-raise", "")
    page.fill("#target", "0.05")
    page.fill("#max-iterations", "2000")
    page.click("#solve")
    page.wait_for_selector('#result[data-state="ready"][data-line=""]')
    assert "iterations" in page.inner_text("#progress")
    assert "target 0.05% reached" in page.inner_text("#progress")  # how it ended, as spot solve says
    page.click('#next [data-action="b10"]')
    page.wait_for_selector('#result[data-state="ready"][data-line="b10"]')
    assert "IP to act" in page.inner_text("#node-info")
    # the command line solves the same spot with the same stopping rule
    saved = tmp_path / "river.npz"
    _cli_json("solve", "--board", BOARD, "--pot", "10", "--stack", "100", "--oop-range", OOP,
              "--ip-range", IP, "--bet", "100%", "--target", "0.05", "--max-iterations", "2000",
              "--save", str(saved), "--no-progress")
    expected = _cli_json("show", str(saved), "--line", "b10")
    _check_grid(page, expected, 1e-4)
    _check_ranges(page, expected, 1e-3)
    assert page.locator("#combos tbody tr").count() == len(expected["combos"])
    page.fill("#filter", "Ac")
    assert page.locator("#combos tbody tr").count() == sum("Ac" in r["combo"] for r in expected["combos"])
    page.fill("#filter", "")
    page.click('#combos th[data-key="ev"]')  # sorted by EV, the highest first
    evs = [float(page.locator("#combos tbody tr").nth(k).locator("td").nth(-2).inner_text())
           for k in range(3)]
    assert evs == sorted(evs, reverse=True)
    # the threshold reading of the river
    page.click("#threshold")
    page.wait_for_selector("#threshold-table tbody tr")
    assert "concedes" in page.inner_text("#threshold-summary")
    who = page.locator("#threshold-table tbody tr td:nth-child(2)")
    assert {who.nth(k).inner_text() for k in range(who.count())} == {"OOP", "IP"}
    screenshot(page, "solver")
    # the command line's solution opens on the page and shows its numbers exactly
    page.set_input_files("#open-solution", str(saved))
    page.wait_for_selector('#result[data-state="ready"][data-line=""]')
    page.click('#next [data-action="b10"]')
    page.wait_for_selector('#result[data-state="ready"][data-line="b10"]')
    _check_grid(page, expected, 1e-9)
    _check_ranges(page, expected, 1e-9)
    # the line bar leads back to the root
    page.click('#line-bar [data-depth="0"]')
    page.wait_for_selector('#result[data-state="ready"][data-line=""]')
    _check_grid(page, _cli_json("show", str(saved)), 1e-9)
    # a solve stopped by its iteration cap says so
    page.fill("#max-iterations", "2")
    page.click("#solve")
    page.wait_for_function("document.getElementById('progress').textContent.includes('NOT CONVERGED')")
    assert "stopped by the iteration cap above the target 0.05%" in page.inner_text("#progress")


def test_import_export_and_a_running_solve_found_after_a_reload(server: str, page) -> None:
    page.goto(server + "/solver")
    for k in (1, 2):
        page.wait_for_selector(f'#player-{k}[data-state="ready"]')
    page.click("#import-box summary")
    page.select_option("#import-kind", "texassolver")
    page.fill("#import-text", "set_pot 50\nset_effective_stack 200\nset_board Qs,Jh,2h,8d\n"
                              "set_range_oop QQ:0.5,JJ,AQs\nset_range_ip AA,KK\n"
                              "set_bet_sizes oop,turn,bet,50\n"
                              "set_bet_sizes ip,turn,bet,75\nset_accuracy 0.4\nset_print_interval 5\n"
                              "build_tree\n")
    page.click("#import")
    page.wait_for_selector('#player-2[data-state="ready"][data-text="AA,KK"]')
    assert page.input_value("#board") == "Qs Jh 2h 8d" and page.input_value("#target") == "0.4"
    assert page.input_value("#size-turn-ip-bet") == "75%" and page.input_value("#size-river-ip-bet") == ""
    page.click("#export")
    page.wait_for_function("document.getElementById('import-text').value.startsWith('board = ')")
    assert 'bet = "75%"' in page.input_value("#import-text")
    # a solve that runs for long: the reloaded page finds it, follows it and stops it
    page.fill("#target", "0")
    page.fill("#max-iterations", "100000")
    with page.expect_request("**/api/spot/solve") as sent:
        page.click("#solve")
    assert sent.value.post_data_json["check_every"] == 5  # the file's set_print_interval
    page.wait_for_selector('#result[data-state="solving"]')
    page.wait_for_function("/running: [1-9]/.test(document.getElementById('progress').textContent)")
    page.reload()
    page.wait_for_selector('#result[data-state="solving"]')
    page.wait_for_function("/running: [1-9]/.test(document.getElementById('progress').textContent)")
    assert page.input_value("#board") == "Qs Jh 2h 8d"
    page.click("#stop")
    page.wait_for_selector('#result[data-state="stopped"]')
    assert page.locator("#solve").is_enabled()


def test_a_batch_file_opens_by_texture_and_flop(server: str, page, screenshot, tmp_path: Path) -> None:
    from pokerlab.executors import InProcessExecutor
    from pokerlab.spot.batch import BatchStore, flop_subset, run_batch, stored_report

    path = tmp_path / "batch.sqlite"
    store = BatchStore(path)
    template = {"pot": 10, "stack": 10, "oop_range": "AA, KK", "ip_range": "QQ, AK", "flop": {"bet": "a"}}
    run_batch(template, flop_subset(3), {"target_pct": 1.0, "max_iterations": 30, "threads": 1}, store,
              InProcessExecutor())
    store.close()
    expected = stored_report(path)
    page.goto(server + "/solver")
    page.set_input_files("#open-batch", str(path))
    page.wait_for_selector('#batch[data-state="ready"]')
    rows = page.locator("#batch-textures tbody tr")
    shown = [rows.nth(k).get_attribute("data-texture") for k in range(rows.count())]
    assert shown == list(expected["by_texture"])
    for k, (name, v) in enumerate(expected["by_texture"].items()):
        cells = rows.nth(k).locator("td")
        assert cells.nth(2).inner_text() == f"{100 * v['bet']:.1f}%", name
    flops = page.locator("#batch-flops tbody tr")
    assert [flops.nth(k).get_attribute("data-flop") for k in range(flops.count())] == flop_subset(3)
    screenshot(page, "solver-batch")
