"""Hand classes of a per-combo strategy and the 13x13 grid (pokerlab.spot.classes, .grid)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.cards import PREFLOP_CLASSES, combo_index, combos_of_class, parse_cards
from pokerlab.spot.classes import CELL_CLASS, CLASS_COMBOS, COMBO_CLASS, class_strategy, display_cell
from pokerlab.spot.grid import action_colours, cell_bars, plot_grid


def combos(*names):
    return np.array([combo_index(*c) for n in names for c in combos_of_class(n)])


def test_the_grid_layout_on_known_classes():
    assert display_cell("AA") == (0, 0)
    assert display_cell("AKs") == (0, 1)  # suited above the diagonal
    assert display_cell("AKo") == (1, 0)
    assert display_cell("22") == (12, 12)
    assert display_cell("72s") == (7, 12) and display_cell("72o") == (12, 7)
    assert display_cell("T9s") == (4, 5)
    # every class once, and each combo in the class of its name
    assert sorted(CELL_CLASS.ravel().tolist()) == list(range(169))
    assert CLASS_COMBOS[PREFLOP_CLASSES.index("AA")] == 6
    assert CLASS_COMBOS[PREFLOP_CLASSES.index("AKs")] == 4
    assert CLASS_COMBOS[PREFLOP_CLASSES.index("AKo")] == 12
    for name in ("AA", "AKs", "AKo", "72o", "T9s"):
        assert set(COMBO_CLASS[combos(name)].tolist()) == {PREFLOP_CLASSES.index(name)}


def test_class_frequencies_are_reach_weighted_and_leave_out_blocked_combos():
    c = combos("KK", "AQs")
    probs = np.zeros((len(c), 3))
    probs[:, 0] = 1.0
    reach = np.ones(len(c))
    # KK: one combo bets always with reach 1, another raises with reach 3; the rest check.
    probs[0] = (0, 1, 0)
    probs[1] = (0, 0, 1)
    reach[1] = 3.0
    board = parse_cards("Kh 7d 2s 3c 9c")  # blocks the three KK combos holding Kh
    t = class_strategy(c, probs, reach, ("x", "b50", "a"), board)
    kk = [combo_index(*x) for x in combos_of_class("KK")]
    free = [i for i, x in enumerate(kk) if "Kh" not in _names(x)]
    assert len(free) == 3
    expected_weight = sum(reach[i] for i in free)
    assert t.weight_of("KK") == pytest.approx(expected_weight)
    got = t.frequency("KK")
    want = sum(reach[i] * probs[i] for i in free) / expected_weight
    assert got == pytest.approx(want)
    assert t.weight_of("AQs") == 4.0 and t.frequency("AQs").tolist() == [1.0, 0.0, 0.0]
    assert np.isnan(t.frequency("72o")).all() and t.weight_of("72o") == 0.0
    assert t.available[PREFLOP_CLASSES.index("KK")] == 3
    # A combo that never reaches the decision counts for nothing.
    reach2 = reach.copy()
    reach2[:6] = 0.0
    assert np.isnan(class_strategy(c, probs, reach2, ("x", "b50", "a")).frequency("KK")).all()


def _names(index):
    from pokerlab.cards import ALL_COMBOS, format_cards

    return format_cards(ALL_COMBOS[index], sep="")


def test_cell_bars_and_the_picture(tmp_path):
    c = combos("AA", "AKs")
    probs = np.tile([0.25, 0.75], (len(c), 1))
    reach = np.ones(len(c))
    reach[:3] = 0.0  # half of AA reaches the decision
    t = class_strategy(c, probs, reach, ("x", "b75"))
    cells = {d["class"]: d for d in cell_bars(t)}
    assert (cells["AA"]["row"], cells["AA"]["col"]) == (0, 0)
    assert cells["AA"]["height"] == pytest.approx(0.5)
    assert cells["AKs"]["height"] == pytest.approx(1.0)
    assert cells["AKs"]["bars"] == [(0.0, 0.25, "x"), (0.25, 0.75, "b75")]
    assert cells["72o"]["bars"] == [] and cells["72o"]["height"] == 0.0
    out = plot_grid(t, tmp_path / "g.png", "OOP at the root")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000
    with pytest.raises(ValueError, match=r"must end in \.png or \.svg"):
        plot_grid(t, tmp_path / "g.jpg", "x")
    assert not (tmp_path / "g.jpg").exists()


def test_action_colours():
    assert action_colours(["f", "c", "r60"]) == ["#5b9bd5", "#70ad47", "#c00000"]
    colours = action_colours(["x", "b33", "b75", "a"])
    assert colours[0] == "#70ad47" and len(set(colours[1:])) == 3


def test_a_solved_decision_by_class_weighs_combos_by_their_reach():
    from pokerlab.spot.solution import solve
    from pokerlab.spot.solved import view_classes
    from pokerlab.spot.spec import Spot

    spot = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 100, "stack": 200,
                           "oop_range": "AA,KK,QQ,AQs,AJs,T9s,A5s,33", "ip_range": "QQ-TT,AQ,KQ,JT",
                           "bet": "75%", "raise": "60%", "raise_cap": 1})  # fmt: skip
    sol = solve(spot, target_pct=0.1, max_iterations=300)
    tree, deal, layout, strategy = sol.tree, sol.deal, sol.layout, sol.strategy
    root = view_classes(sol.view(""))
    bet = tree.child(0, "b75")
    raise_label = tree.actions(bet)[2]
    after = view_classes(sol.view(f"b75 {raise_label}"))  # IP raised, OOP to act
    # OOP's combos reach the raise in proportion to how often they bet.
    bets = np.asarray(strategy[layout.block(0, 0)], dtype=float).reshape(2, -1)[1]
    aa = [i for i, c in enumerate(deal.hands[0]) if COMBO_CLASS[c] == PREFLOP_CLASSES.index("AA")]
    assert after.weight_of("AA") == pytest.approx(float(bets[aa].sum()), rel=1e-5)
    assert root.weight_of("AA") == 6 and root.weight_of("QQ") == 3  # Qs on the board
    assert after.actions == tuple(tree.actions(tree.child(bet, raise_label)))
    for name in ("AA", "QQ", "T9s"):
        assert root.frequency(name).sum() == pytest.approx(1.0, abs=1e-5)
    with pytest.raises(ValueError, match="not a decision"):
        view_classes(sol.view("b75 c"))


def test_show_writes_the_grid(tmp_path, capsys):
    import json

    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app
    from pokerlab.spot.solution import solve
    from pokerlab.spot.spec import Spot

    saved = tmp_path / "river.npz"
    spot = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100, "oop_range": "AT, 65",
                           "ip_range": "77", "river": {"oop": {"bet": "100%"}}})  # fmt: skip
    solve(spot, target_pct=0.01, max_iterations=300).save(saved)
    png = tmp_path / "root.png"
    assert run(app, ["spot", "show", str(saved), "--grid", str(png), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["grid"] == str(png) and png.read_bytes()[:4] == b"\x89PNG"
    assert run(app, ["spot", "show", str(saved), "--line", "b10", "--grid", str(tmp_path / "ip.svg")]) == 0
    assert "grid written to" in capsys.readouterr().out
    assert "<svg" in (tmp_path / "ip.svg").read_text()
    # a terminal has no grid: one line, no file
    assert run(app, ["spot", "show", str(saved), "--line", "b10 c", "--grid", str(tmp_path / "t.png")]) == 2
    assert "not a decision" in capsys.readouterr().err and not (tmp_path / "t.png").exists()
