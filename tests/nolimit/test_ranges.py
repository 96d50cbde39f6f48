"""The blueprint's pre-flop ranges for people: a decision's grids and sizes, the tree's pre-flop
lines, and the two ranges, pot and stack a pre-flop line hands to a spot."""

from __future__ import annotations

import numpy as np
import pytest
from hulhe_small import write_small_blueprint

from pokerlab.cards import ALL_COMBOS, PREFLOP_CLASSES, combo_index, parse_cards
from pokerlab.cards.ranges import parse_range
from pokerlab.errors import UserError
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.ranges import preflop_lines, preflop_ranges, spot_start


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory):
    return write_small_blueprint(tmp_path_factory.mktemp("bp") / "small.npz", seed=7)


@pytest.fixture(scope="module")
def small(path) -> Blueprint:
    return Blueprint.load(path)


def _combos(name: str) -> int:
    return int(parse_range(name).weights.sum())


def test_the_lines_are_the_tree_s_pre_flop_decisions(small: Blueprint) -> None:
    lines = preflop_lines(small)
    assert [x.line for x in lines[:3]] == ["", "c", "cr250"]  # the tree's order: fold, call, raises
    by_line = {x.line: x for x in lines}
    assert set(by_line) >= {"", "r250", "r250r750", "r2000", "cr250"}
    assert all(small.tree.round[small.decision(x.line)] == 0 for x in lines)
    assert by_line[""].who == "button" and by_line[""].steps == () and by_line[""].pot_bb == 1.5
    facing = by_line["r250r750"]
    assert (facing.who, facing.pot_bb) == ("button", 10.0)
    assert facing.steps == ("BTN raise 2.5bb", "BB raise 7.5bb")
    assert facing.label == "r250r750: BTN to act after BTN raise 2.5bb, BB raise 7.5bb (pot 10bb)"
    assert by_line[""].label == "(root): BTN to act first (pot 1.5bb)"


def test_a_decision_s_grids_and_sizes(small: Blueprint) -> None:
    root = preflop_ranges(small, "")
    assert root.who == "button" and root.range_pct == 100.0 and np.all(root.reach == 1.0)
    assert root.actions == ("fold", "call", "raise 2.5bb", "all-in 20bb")
    assert root.pot_bb == 1.5 and root.to_call_bb == 0.5

    r = preflop_ranges(small, "r250r750")  # the button facing a 3-bet
    assert (r.who, r.pot_bb, r.to_call_bb) == ("button", 10.0, 5.0)
    node = small.decision("r250r750")
    assert np.array_equal(r.frequency, small.class_strategy(node))
    # each class's reach: the button's open with it (its own action, the only one so far)
    opened = small.strategy[small.tree.row[small.decision("")] + np.arange(169), 2]
    assert r.reach == pytest.approx(opened)
    # the sizes, counted class by class: combos x reach (x frequency), over 1,326 holdings
    combos = np.array([_combos(name) for name in PREFLOP_CLASSES])
    assert combos.sum() == 1326
    assert r.range_pct == pytest.approx(100 * (combos * opened).sum() / 1326)
    for a in range(len(r.actions)):
        assert r.action_pct[a] == pytest.approx(100 * (combos * opened * r.frequency[:, a]).sum() / 1326)
    assert r.action_pct.sum() == pytest.approx(r.range_pct)
    # the big blind's range: its 3-bet after the open
    three_bet = small.strategy[small.tree.row[small.decision("r250")] + np.arange(169), 2]
    assert r.opponent_pct == pytest.approx(100 * (combos * three_bet).sum() / 1326)

    data = r.as_dict()
    assert data["sizes_pct"] == {a: pytest.approx(p) for a, p in zip(r.actions, r.action_pct, strict=True)}
    aa = PREFLOP_CLASSES.index("AA")
    assert data["frequencies"]["AA"] == dict(zip(r.actions, r.frequency[aa].tolist(), strict=True))
    assert data["reach"]["72o"] == pytest.approx(opened[PREFLOP_CLASSES.index("72o")])
    assert len(data["frequencies"]) == len(data["reach"]) == 169


@pytest.mark.parametrize("line,message", [
    ("r300", r"^--line 'r300': 'r300' is not in the tree after ''"),
    ("f", r"^--line 'f': the hand is over there"),
    ("r250c", r"^--line 'r250c': a post-flop decision"),
    ("zz", r"^--line 'zz'"),
])
def test_a_line_without_a_pre_flop_decision_is_refused(small: Blueprint, line: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        preflop_ranges(small, line)


def test_a_spot_starts_with_the_ranges_the_blueprint_reaches(small: Blueprint, path) -> None:
    board = parse_cards("Ks 7d 2c")
    start = spot_start("r250c", board, path)
    expected = small.ranges(small.decision("r250c/"), board)
    big_blind, button = 0, 1
    assert np.array_equal(start.oop_range, expected[big_blind])
    assert np.array_equal(start.ip_range, expected[button])
    # per combo: the big blind's call of the open, the button's open (each with its class's row)
    aks = combo_index(*parse_cards("As Ks"))
    ahqh = combo_index(*parse_cards("Ah Qh"))
    k = int(small.preflop_buckets[ahqh])
    row = small.tree.row
    assert start.ip_range[ahqh] == pytest.approx(small.strategy[row[small.decision("")] + k, 2])
    assert start.oop_range[ahqh] == pytest.approx(small.strategy[row[small.decision("r250")] + k, 1])
    assert start.oop_range[aks] == start.ip_range[aks] == 0.0  # the board's king
    touching = np.isin(ALL_COMBOS, board).any(axis=1)
    assert not start.oop_range[touching].any() and not start.ip_range[touching].any()
    assert (start.pot, start.stack) == (5.0, 17.5)  # big blinds: 2.5 each in, 20 deep
    three_bet = spot_start("r250r750c", board, path)
    assert (three_bet.pot, three_bet.stack) == (15.0, 12.5)
    assert spot_start("cc", board, path).pot == 2.0
    shove = spot_start("r2000c", board, path)  # all-in called before the flop: nothing behind
    assert (shove.pot, shove.stack) == (40.0, 0.0)


@pytest.mark.parametrize("line,message", [
    ("r250", r"^preflop 'r250': the pre-flop betting goes on there \(the big blind acts\)"),
    ("f", r"^preflop 'f': the hand ends with a fold there"),
    ("r250c/c", r"^preflop 'r250c/c': the line goes past the flop"),
    ("r250c/r500c", r"^preflop 'r250c/r500c': the line goes past the flop"),
    ("r300c", r"^preflop 'r300c': 'r300' is not in the tree"),
    (250, r"^preflop: 250 is not a line"),
])
def test_a_line_that_does_not_end_the_pre_flop_betting_is_refused(path, line, message) -> None:
    with pytest.raises(UserError, match=message):
        spot_start(line, parse_cards("Ks 7d 2c"), path)


def test_a_spot_from_a_line_starts_on_a_flop(path) -> None:
    with pytest.raises(UserError, match=r"^preflop 'r250c': a pre-flop line starts a flop spot \(3 board "
                                        r"cards\), not one of 4$"):
        spot_start("r250c", parse_cards("Ks 7d 2c 3h"), path)
    with pytest.raises(UserError, match=r"^blueprint .*none.npz: no such file$"):
        spot_start("r250c", parse_cards("Ks 7d 2c"), path.parent / "none.npz")
