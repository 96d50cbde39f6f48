"""What ``pokerlab spot show`` shows: size labels that name one action each and take the exact
amount, sizes in % of the pot, fold nodes, rows cut, the order of the rows, combos counted one way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.spot.locks import Lock
from pokerlab.spot.solution import NEGLIGIBLE, Solution, solve
from pokerlab.spot.spec import Spot
from pokerlab.spot.tree import build_tree


def _river(**extra) -> Spot:
    return Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 5.5, "stack": 20, "oop_range": "AA,QQ,AK",
                           "ip_range": "KK,JJ,AQs"} | extra)


def test_a_size_label_is_the_exact_amount_and_the_amount_is_accepted() -> None:
    tree = build_tree(_river(bet="33%,a"))  # 33% of 5.5 is 1.815 chips
    assert tree.actions(0) == ["x", "b1.815", "b20"]
    bet = tree.child(0, "b1.815")
    assert tree.child(0, "b1.8150") == tree.child(0, "b1.82") == tree.child(0, "b1.81") == bet
    assert tree.size_pct(bet) == pytest.approx(33.0)
    with pytest.raises(ValueError, match=r"no action 'b1\.9'"):
        tree.child(0, "b1.9")


def test_two_sizes_that_round_alike_get_labels_that_differ() -> None:
    tree = build_tree(_river(pot=10, bet="33.3%,3.333c"))  # 3.33 and 3.333 chips
    bets = tree.actions(0)[1:]
    assert bets == ["b3.33", "b3.333"]
    assert [tree.child(0, b) for b in bets] == list(tree.children(0))[1:]
    with pytest.raises(ValueError, match=r"could be any of b3\.33 b3\.333"):
        tree.child(0, "b3.3")


def test_a_raise_in_percent_of_the_pot_after_the_call() -> None:
    tree = build_tree(_river(pot=10, stack=100, bet="50%", **{"raise": "60%"}))
    bet = tree.child(0, "b5")
    raised = tree.child(bet, "r17")  # call 5 into a pot of 20, then 60% of 20 more: to 17
    assert tree.size_pct(bet) == pytest.approx(50.0) and tree.size_pct(raised) == pytest.approx(60.0)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A river (pot 5.5: a 33% bet is 1.815 chips) solved and saved, KK at half weight."""
    path = tmp_path_factory.mktemp("show") / "river.npz"
    solve(_river(oop_range="AA,KK:0.5,QQ,AK", bet="33%,a", **{"raise": "a"}), target_pct=0.3,
          max_iterations=300, threads=1).save(path)
    return path


def _show(capsys, saved: Path, *args: str) -> str:
    assert run(app, ["spot", "show", str(saved), *args]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    return out


def test_a_fold_has_one_header_the_folder_s_range_and_no_equity(saved: Path, capsys) -> None:
    out = _show(capsys, saved, "--line", "x b1.815 f")
    lines = out.splitlines()
    assert lines[0] == "x b1.815 f: OOP folded, IP takes the pot; pot 7.315, board Qs Jh 2h 8d 3c"
    assert "to act" not in out and "eq %" not in out and out.count("board") == 1
    sol = Solution.load(saved)
    for line, folder in (("x b1.815 f", 0), ("b1.815 f", 1)):
        view = sol.view(line)
        assert view.kind == "fold" and view.player == folder
        assert all(r["equity"] == 0 for r in view.classes() + view.combo_rows())
    out = json.loads(_show(capsys, saved, "--line", "b1.815 f", "--json"))
    assert out["player"] == "ip" and {r["equity"] for r in out["combos"]} == {0.0}


def test_sizes_in_percent_of_the_pot_and_the_exact_amount_in_a_line(saved: Path, capsys) -> None:
    out = _show(capsys, saved, "--line", "x b1.815")
    assert out.splitlines()[0] == "x b1.815: OOP to act, pot 7.315, board Qs Jh 2h 8d 3c"
    assert "sizes, % of the pot: r20 199.2% (all-in)" in out
    root = json.loads(_show(capsys, saved, "--json"))
    assert root["actions"] == ["x", "b1.815", "b20"] and root["allin"] == ["b20"]
    assert root["size_pct"] == {"b1.815": pytest.approx(33.0), "b20": pytest.approx(2000 / 5.5)}
    assert "b1.815 33%, b20 363.6% (all-in)" in _show(capsys, saved)


def test_cut_rows_are_said(saved: Path, capsys) -> None:
    out = _show(capsys, saved, "--rows", "2")
    assert "showing 2 of 5 classes; --rows 5 shows all" in out
    assert "showing" not in _show(capsys, saved, "--rows", "5")
    assert "showing 3 of 31 combos; --rows 31 shows all" in _show(capsys, saved, "--combos", "--rows", "3")


def test_combos_are_weighted_everywhere(saved: Path, capsys) -> None:
    # AA 6 + KK 6 at 0.5 + QQ 3 (Qs is out) + AK 16 = 28 weighted combos, in 31 distinct combos
    sol = Solution.load(saved)
    summary = sol.summary()
    assert summary["combos"][0] == pytest.approx(28.0) and summary["hands"][0] == 31
    assert summary["combos"][0] == pytest.approx(float(sol.view("").ranges[0].reach.sum()))
    assert next(r for r in sol.view("").classes() if r["class"] == "KK")["combos"] == pytest.approx(3.0)
    assert run(app, ["spot", "solve", "--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "20",
                     "--oop-range", "AA,KK:0.5", "--ip-range", "QQ", "--bet", "a", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "weighted combos OOP / IP │ 9.0 / 3.0" in out
    assert "ranges here (weighted combos): OOP 9.0 combos" in out


def test_classes_all_but_never_there_come_last(capsys, tmp_path: Path) -> None:
    # OOP bets everything but QQ, which bets once in a thousand: at the showdown after the bet
    # is called QQ (a set: equity 1) holds 0.003 combos, and comes after the classes there
    spot = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,QQ,AK",
                           "ip_range": "KK,JJ,AQs", "bet": "50%"})
    lock = Lock("", {"b5": 1.0}, (("QQ", {"x": 0.999, "b5": 0.001}),))
    sol = solve(spot, target_pct=0.3, max_iterations=300, threads=1, locks=[lock])
    view = sol.view("b5 c")
    classes = view.classes()
    assert [r["class"] for r in classes] == ["AA", "AKs", "AKo", "QQ"]
    assert classes[-1]["combos"] < NEGLIGIBLE and classes[-1]["equity"] == pytest.approx(1.0)
    combos = view.combo_rows()
    assert [r["combo"][0] for r in combos[-3:]] == ["Q"] * 3 and combos[0]["combo"][0] == "A"
    ranges = view.ranges[0].as_dict()
    assert ranges["classes"][-1]["class"] == "QQ" and ranges["rows"][-1]["combo"].startswith("Q")
    sol.save(tmp_path / "locked.npz")
    out = _show(capsys, tmp_path / "locked.npz", "--line", "b5 c")
    assert "1 class of under 0.005 weighted combos here (shown as 0.00) is listed last" in out
