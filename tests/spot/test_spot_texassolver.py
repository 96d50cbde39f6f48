"""The TexasSolver console input reader (pokerlab.spot.texassolver): files read as TexasSolver
reads them (its source, branch ``console``: src/tools/CommandLineTool.cpp and src/GameTree.cpp),
the writer read back, and one-line errors naming the line and the command."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerlab.cards.codes import parse_cards
from pokerlab.cards.ranges import parse_range
from pokerlab.spot.spec import Size, Spot, SpotError
from pokerlab.spot.texassolver import (
    parse_texassolver,
    read_texassolver,
    read_texassolver_input,
    write_texassolver,
)

# The flop spot of TexasSolver's README (its "typical input file", the file
# resources/text/commandline_sample_input.txt): 1 bet and 1 raise size plus all-in on the flop
# and the turn, 2 raise sizes and a donk size on the river, all-in threshold 0.67. The same
# commands in our own layout; the ranges are ours (TexasSolver's are long PokerStove lists).
README_EXAMPLE = """\
set_pot 50
set_effective_stack 200
set_board Qs,Jh,2h
set_range_ip AA,KK,QQ,JJ,TT,99:0.75,AK,AQs,KQs:0.5,QJs,JTs:0.75,65s:0.25,A5s:0.005
set_range_oop QQ:0.5,JJ:0.75,TT,99,88,AKo:0.25,AQs,KQ,QJ,JTo:0.5,T9s,98s,87s
set_bet_sizes oop,flop,bet,50
set_bet_sizes oop,flop,raise,60
set_bet_sizes oop,flop,allin
set_bet_sizes ip,flop,bet,50
set_bet_sizes ip,flop,raise,60
set_bet_sizes ip,flop,allin
set_bet_sizes oop,turn,bet,50
set_bet_sizes oop,turn,raise,60
set_bet_sizes oop,turn,allin
set_bet_sizes ip,turn,bet,50
set_bet_sizes ip,turn,raise,60
set_bet_sizes ip,turn,allin
set_bet_sizes oop,river,bet,50
set_bet_sizes oop,river,donk,50
set_bet_sizes oop,river,raise,60,100
set_bet_sizes oop,river,allin
set_bet_sizes ip,river,bet,50
set_bet_sizes ip,river,raise,60,100
set_bet_sizes ip,river,allin
set_allin_threshold 0.67
build_tree
set_thread_num 8
set_accuracy 0.5
set_max_iteration 200
set_print_interval 10
set_use_isomorphism 1
start_solve
set_dump_rounds 2
dump_result output_result.json
"""


def sizes(text: str) -> tuple[Size, ...]:
    out = []
    for t in text.split(","):
        out.append(Size("allin") if t == "a" else Size("pct", float(t)))
    return tuple(out)


def test_readme_example(tmp_path: Path) -> None:
    path = tmp_path / "input.txt"
    path.write_text(README_EXAMPLE)
    ts = read_texassolver_input(path)
    s = ts.spot
    assert read_texassolver(path).to_dict() == s.to_dict()
    assert s.board == tuple(parse_cards("Qs Jh 2h")) and s.street == "flop"
    assert (s.pot, s.stack, s.allin_threshold, s.raise_cap) == (50.0, 200.0, 0.67, 3)
    assert (ts.accuracy_pct, ts.max_iterations, ts.threads) == (0.5, 200, 8)
    assert s.rake_pct == 0 and s.add_allin_threshold == 0 and s.force_allin_threshold == 0
    for street in ("flop", "turn"):
        for p in (0, 1):
            assert s.sizes(street, p).bet == sizes("50,a")
            assert s.sizes(street, p).raise_ == sizes("60,a")
    for p in (0, 1):
        assert s.sizes("river", p).bet == sizes("50,a")
        assert s.sizes("river", p).raise_ == sizes("60,100,a")
    # OOP's leads after calling: the donk sizes and all-in, never the bet sizes.
    assert s.sizes("turn", 0).donk == sizes("a")
    assert s.sizes("river", 0).donk == sizes("50,a")
    assert s.sizes("flop", 0).donk is None and s.sizes("river", 1).donk is None
    # Weights as given; A5s at 0.005 is dropped as TexasSolver drops it.
    board = parse_cards("Qs Jh 2h")
    ip = parse_range("AA,KK,QQ,JJ,TT,99:0.75,AK,AQs,KQs:0.5,QJs,JTs:0.75,65s:0.25", dead=board)
    np.testing.assert_array_equal(s.ip_range, ip.weights)
    np.testing.assert_array_equal(Spot.from_dict(s.to_dict()).ip_range, ip.weights)
    assert s.ip_range_text == "" and s.oop_range_text.startswith("QQ:0.5,JJ:0.75")
    assert s.oop_range.sum() == pytest.approx(
        parse_range("QQ:0.5,JJ:0.75,TT,99,88,AKo:0.25,AQs,KQ,QJ,JTo:0.5,T9s,98s,87s",
                    dead=board).weights.sum())


def test_stack_uses_the_pot_set_so_far() -> None:
    # TexasSolver stores effective stack + half of the pot set *so far* (commits of 5 by
    # default), and the tree takes the final pot's half off again.
    base = "set_board Qs,Jh,2h,8d,3c\nset_range_oop AA\nset_range_ip KK\n"
    assert parse_texassolver(base + "set_pot 50\nset_effective_stack 200\nbuild_tree").spot.stack == 200
    late = parse_texassolver(base + "set_effective_stack 200\nset_pot 50\nbuild_tree").spot
    assert late.pot == 50 and late.stack == 200 + 5 - 25
    default = parse_texassolver(base + "build_tree").spot
    assert (default.pot, default.stack, default.allin_threshold) == (10, 20, 0.67)


def test_tree_frozen_at_build_tree_and_spot_at_start_solve() -> None:
    text = """set_pot 100
set_effective_stack 100
set_board Qs,Jh,2h,8d,3c
set_range_oop AA
set_range_ip KK
set_bet_sizes oop,river,bet,33,75
set_bet_sizes oop,river,bet,50
set_raise_limit 2
set_allin_threshold 0.9
build_tree
set_bet_sizes oop,river,bet,10
set_range_ip QQ
set_max_iteration 300
start_solve
set_range_ip JJ
set_thread_num 4
"""
    ts = parse_texassolver(text)
    assert ts.spot.sizes("river", 0).bet == sizes("50")  # the later line replaces; build_tree froze it
    assert ts.spot.raise_cap == 1 and ts.spot.allin_threshold == 0.9
    np.testing.assert_array_equal(ts.spot.ip_range > 0,
                                  parse_range("QQ", dead=ts.spot.board).weights > 0)
    assert ts.max_iterations == 300 and ts.threads == 1 and ts.accuracy_pct is None


def test_blank_lines_comments_crlf_and_empty_size_lists() -> None:
    # TexasSolver's GUI writes "bet," with nothing after it for an empty size box.
    text = ("# a comment\r\n\r\nset_pot 20\r\nset_effective_stack 40\r\nset_board Qs,Jh,2h,8d\r\n"
            "set_range_oop AA,KK\r\nset_range_ip AK\r\nset_bet_sizes oop,turn,bet,\r\n"
            "set_bet_sizes ip,turn,bet,100\r\nset_bet_sizes ip,river,raise, 50 ,\r\nbuild_tree\r\n")
    s = parse_texassolver(text).spot
    assert s.sizes("turn", 0).bet == () and s.sizes("turn", 1).bet == sizes("100")
    assert s.sizes("river", 1).raise_ == sizes("50")
    assert s.sizes("river", 0).donk == ()  # OOP may only check after calling a turn bet


@pytest.mark.parametrize("board", ["Qs Jh 2h", "Qs Jh 2h 8d", "Qs Jh 2h 8d 3c"])
def test_writer_read_back(board: str) -> None:
    spot = Spot.from_dict({
        "board": board, "pot": 30, "stack": 120, "raise_cap": 3, "allin_threshold": 0.8,
        "oop_range": "AA,KK:0.5,AQs,KQo:0.25,T9s", "ip_range": "QQ-88,AK,AJs:0.75",
        "bet": "33,75,a", "raise": "60,a",
        "turn": {"oop": {"donk": "50,a"}}, "river": {"oop": {"donk": "25,a"}, "ip": {"bet": "150,a"}},
    })
    ts = parse_texassolver(write_texassolver(spot, accuracy_pct=0.2, max_iterations=77, threads=2))
    back = ts.spot
    first = ("flop", "turn", "river").index(spot.street)
    for street in ("flop", "turn", "river")[first:]:
        for p in (0, 1):
            want = spot.sizes(street, p)
            got = back.sizes(street, p)
            assert got.bet == want.bet and got.raise_ == want.raise_
            if p == 0 and street != spot.street:
                assert got.donk == want.donk
    np.testing.assert_array_equal(back.oop_range, spot.oop_range)
    np.testing.assert_array_equal(back.ip_range, spot.ip_range)
    assert (back.pot, back.stack, back.raise_cap, back.allin_threshold) == (30, 120, 3, 0.8)
    assert (ts.accuracy_pct, ts.max_iterations, ts.threads) == (0.2, 77, 2)


def test_writer_refuses_what_texassolver_cannot_say() -> None:
    base = {"board": "Qs Jh 2h 8d", "pot": 30, "stack": 120, "raise_cap": 3,
            "oop_range": "AA", "ip_range": "KK", "bet": "50", "raise": "60",
            "river": {"oop": {"donk": "50"}}}
    ok = dict(base)
    write_texassolver(Spot.from_dict(ok), accuracy_pct=0.1, max_iterations=10, threads=1)
    for change, word in [({"rake_pct": 5}, "rake"), ({"raise_cap": 2}, "raise_cap"),
                         ({"bet": "e"}, "TexasSolver form"), ({"bet": "50,a"}, "all-in flag"),
                         ({"river": {}}, "donk"), ({"oop_range": "AhAd,KK"}, "oop_range"),
                         ({"force_allin_threshold": 0.2}, "postflop-solver")]:
        with pytest.raises(SpotError, match=word):
            write_texassolver(Spot.from_dict({**base, **change}), accuracy_pct=0.1,
                              max_iterations=10, threads=1)


GOOD = ["set_board Qs,Jh,2h,8d,3c", "set_range_oop AA", "set_range_ip KK", "build_tree"]


@pytest.mark.parametrize(("lines", "message"), [
    (["set_pot x"], r"line 1: set_pot: 'x' is not a number"),
    (["set_pot"], r"line 1: set_pot: needs a value"),
    (["set_pot 2"], r"line 1: set_pot: pot 2 is below 3 chips"),
    (["set_effective_stack -5"], r"line 1: set_effective_stack: '-5' must be >= 0"),
    (["set_board Qs,Jh"], r"line 1: set_board: needs 3, 4 or 5 cards, got 2"),
    (["set_board Qs,Jh,Xx"], r"line 1: set_board: "),
    (["set_board Qs,Jh,Qs"], r"line 1: set_board: duplicate card .Qs."),
    (["set_bet_sizes oop,flop"], r"line 1: set_bet_sizes: 'oop,flop' needs PLAYER,STREET,KIND"),
    (["set_bet_sizes btn,flop,bet,50"], r"line 1: set_bet_sizes: player 'btn' is not oop or ip"),
    (["set_bet_sizes oop,preflop,bet,50"], r"street 'preflop' is not flop, turn or river"),
    (["set_bet_sizes oop,flop,check,50"], r"'check' is not bet, raise, donk or allin"),
    (["set_bet_sizes oop,flop,bet,50,abc"], r"line 1: set_bet_sizes: 'abc' is not a number"),
    (["set_bet_sizes oop,flop,bet,-50"], r"size '-50' must be > 0"),
    (["set_bet_sizes oop,flop,allin,100"], r"allin takes no sizes"),
    (["set_allin_threshold 0"], r"line 1: set_allin_threshold: '0' must be > 0"),
    (["set_raise_limit 2.5"], r"line 1: set_raise_limit: '2.5' is not a whole number"),
    (["set_max_iteration 0"], r"line 1: set_max_iteration: '0' must be >= 1"),
    (["set_thread_num two"], r"line 1: set_thread_num: 'two' is not a number"),
    (["set_accuracy -1"], r"line 1: set_accuracy: '-1' must be > 0"),
    (["set_bet_size oop,flop,bet,50"], r"line 1: set_bet_size: unknown command"),
    (["start_solve"], r"line 1: start_solve: no build_tree before it"),
    (["build_tree"], r"line 1: build_tree: no set_board before it"),
    (GOOD[:3], r"no build_tree line"),
    (GOOD[:1] + GOOD[2:], r"no set_range_oop line"),
    (["set_range_oop AA,QX", *GOOD[:1], *GOOD[2:]], r"line 1: set_range_oop: .*QX"),
    ([*GOOD, "set_board Qs,Jh,2h,8d"], r"line 5: set_board: 4 cards, but the tree of line 4"),
    ([*GOOD[:1], "set_range_oop Qs2h", *GOOD[2:]],
     r"line 4: build_tree: oop_range 'Qs2h': every combo it holds uses a board card"),
])
def test_bad_input(lines: list[str], message: str) -> None:
    with pytest.raises(SpotError, match=message) as info:
        parse_texassolver("\n".join(lines), source="spot.txt")
    text = str(info.value)
    assert text.startswith("spot.txt") and "\n" not in text


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(SpotError, match="No such file"):
        read_texassolver(tmp_path / "missing.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00set_pot")
    with pytest.raises(SpotError, match="not a text file"):
        read_texassolver(binary)
    with pytest.raises(SpotError, match="Is a directory"):
        read_texassolver(tmp_path)


RIVER_INPUT = """set_pot 10
set_effective_stack 20
set_board Qs,Jh,2h,8d,3c
set_range_oop AA,QQ,AK
set_range_ip KK,JJ,AQs
set_bet_sizes oop,river,bet,50
set_bet_sizes ip,river,bet,50
build_tree
"""


def test_stopping_and_result_commands_are_read() -> None:
    ts = parse_texassolver(RIVER_INPUT + "set_accuracy 0.2\nset_max_iteration 70\nset_print_interval 7\n"
                           "start_solve\nset_max_iteration 5\nset_dump_rounds 2\ndump_result out.json\n"
                           "set_dump_rounds 3\n")
    assert (ts.accuracy_pct, ts.max_iterations, ts.check_every) == (0.2, 70, 7)
    assert (ts.dump_result, ts.dump_rounds) == ("out.json", 2)
    assert ts.given == {"set_accuracy", "set_max_iteration", "set_print_interval"}
    bare = parse_texassolver(RIVER_INPUT + "start_solve\n")
    assert (bare.dump_result, bare.dump_rounds, bare.check_every, bare.given) == (None, 1, 10, frozenset())
    with pytest.raises(SpotError, match=r"line 10: dump_result: 'out\.txt': pokerlab writes a \.json"):
        parse_texassolver(RIVER_INPUT + "start_solve\ndump_result out.txt\n", source="spot.txt")


def _solve(capsys, tmp_path: Path, text: str, *options: str, err: list[str] | None = None) -> dict:
    """``spot solve --texassolver`` of ``text`` (its standard error appended to ``err``)."""
    import json

    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app

    path = tmp_path / "input.txt"
    path.write_text(text)
    assert run(app, ["spot", "solve", "--texassolver", str(path), "--json", "--no-progress", *options]) == 0
    got = capsys.readouterr()
    if err is not None:
        err.append(got.err)
    return json.loads(got.out)


def test_the_command_stops_where_the_file_says(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    # an accuracy out of reach: the file's iteration cap stops the solve
    capped = _solve(capsys, tmp_path,
                    RIVER_INPUT + "set_accuracy 0.000001\nset_max_iteration 7\nstart_solve\n")
    assert capped["iterations"] == 7 and capped["stopped_by"] == "max_iterations"
    # a loose accuracy, measured every 3 iterations: the first check stops it, at that accuracy
    loose = _solve(capsys, tmp_path, RIVER_INPUT + "set_accuracy 40\nset_print_interval 3\nstart_solve\n")
    assert loose["iterations"] == 3 and loose["exploitability_pct_pot"] <= 40
    assert loose["target_pct_pot"] == 40
    # no set_max_iteration: TexasSolver's 100
    assert _solve(capsys, tmp_path, RIVER_INPUT + "set_accuracy 0.000001\nstart_solve\n")["iterations"] == 100
    # an option given wins over the file
    mine = _solve(capsys, tmp_path, RIVER_INPUT + "set_accuracy 0.000001\nset_max_iteration 7\nstart_solve\n",
                  "--max-iterations", "12", "--check-every", "4")
    assert mine["iterations"] == 12
    err: list[str] = []
    _solve(capsys, tmp_path, RIVER_INPUT + "set_thread_num 999\nset_max_iteration 5\nstart_solve\n", err=err)
    assert "set_thread_num 999: this machine runs" in err[0]


def test_dump_result_writes_the_strategy_or_the_solution(tmp_path: Path, capsys, monkeypatch) -> None:
    import json

    from pokerlab.spot.browse import node_report
    from pokerlab.spot.solution import Solution

    monkeypatch.chdir(tmp_path)
    text = RIVER_INPUT + "set_accuracy 1\nstart_solve\nset_dump_rounds 2\ndump_result {}\n"
    out = _solve(capsys, tmp_path, text.format("result.npz"))
    assert out["dumped"] == "result.npz"
    sol = Solution.load(tmp_path / "result.npz")
    assert sol.iterations == out["iterations"] and sol.ev == pytest.approx(out["ev"])
    err: list[str] = []
    out = _solve(capsys, tmp_path, text.format("result.json"), "--max-iterations", "40", err=err)
    assert "set_dump_rounds 2: the .json dump holds the first street's decisions" in err[0]
    dump = json.loads((tmp_path / "result.json").read_text())
    assert dump["format"] == "pokerlab-strategy-dump" and dump["summary"]["iterations"] == out["iterations"]
    lines = [n["line"] for n in dump["nodes"]]
    assert lines == [[], ["x"], ["b5"], ["x", "b5"]]
    # the nodes are what spot show --json prints
    sol = Solution.load(tmp_path / "result.npz")
    assert dump["nodes"][0]["actions"] == node_report(sol, "")["actions"] == ["x", "b5"]
    shown = node_report(sol, "b5")["combos"]
    assert {r["combo"] for r in dump["nodes"][2]["combos"]} == {r["combo"] for r in shown}
