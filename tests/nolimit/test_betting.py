"""The no-limit betting abstraction: sizes as data, the engine-built tree, bad specs in one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hulhe_small import SMALL_BETTING

from pokerlab.engine.hand import Action, Hand
from pokerlab.equilibrium.betting_tree import CALL_COL, DECISION, RAISE_COL, BettingTree
from pokerlab.nolimit.betting import BettingAbstraction, BettingError

CARDS = list(range(9))


def _hand(spec: BettingAbstraction, *actions: tuple[int, int]) -> Hand:
    hand = Hand(spec.game(), [spec.stack] * 2, CARDS)
    for a in actions:
        hand.apply_checked(Action(*a))
    return hand


def test_the_default_spec_makes_the_issue_sizes() -> None:
    spec = BettingAbstraction.default()
    assert (spec.small_blind, spec.big_blind, spec.stack) == (50, 100, 20_000)
    hand = _hand(spec)
    assert spec.menu(hand) == [250, 20_000]  # open 2.5 big blinds, or all-in
    hand.apply_checked(Action(2, 250))
    assert spec.menu(hand) == [750, 20_000]  # the 3-bet: 3 times the bet faced
    hand.apply_checked(Action(2, 750))
    assert spec.menu(hand) == [1725, 20_000]  # the 4-bet: 2.3 times
    hand.apply_checked(Action(2, 1725))
    assert spec.menu(hand) == [20_000]  # the 5-bet: all-in only
    flop = _hand(spec, (2, 250), (1, 0))  # the button opens, the big blind calls: pot 500
    assert flop.street == 1 and flop.pot == 500
    assert spec.menu(flop) == [165, 375, 750, 19_750]  # 33%, 75%, 150% of the pot, all-in
    flop.apply_checked(Action(2, 375))
    # A pot raise of the 75% bet: call 375, then the pot of 1,250: to 1,625.
    assert spec.menu(flop) == [1625, 19_750]


def test_sizes_past_the_threshold_are_all_in_and_a_cap_stops_raising() -> None:
    spec = BettingAbstraction.from_dict({**SMALL_BETTING, "stack": 900})
    hand = _hand(spec, (2, 250), (1, 0))  # pot 500, 650 behind each
    # 50% = 250 (under 0.67 of 650); 100% = 500 (over it: all-in)
    assert spec.menu(hand) == [250, 650]
    capped = _hand(spec, (2, 250), (2, 750))
    assert spec.menu(capped) == []  # two raises a street


def test_the_tree_is_the_engine_s_betting_with_the_menu_s_sizes() -> None:
    spec = BettingAbstraction.from_dict(SMALL_BETTING)
    tree = BettingTree.from_settings(spec.game(), menu=spec.menu)
    assert tree.child.shape[1] == RAISE_COL + 3  # the flop: 50%, 100%, all-in
    assert tree.history(int(tree.child[0, RAISE_COL])) == "r250"
    node = tree.node_at("r250c/")
    assert tree.kind[node] == DECISION and tree.round[node] == 1 and tree.contrib[node].tolist() == [250, 250]
    assert tree.raise_to[node, RAISE_COL:].tolist() == [250, 500, 1750]  # the street's bets
    assert tree.history(tree.node_at("r250r750c/cr2000c")) == "r250r750c/cr2000c"
    # Every decision's raise columns increase, and every showdown's stakes are equal.
    dec = np.flatnonzero(tree.kind == DECISION)
    amounts = tree.raise_to[dec, RAISE_COL:]
    legal = tree.child[dec, RAISE_COL:] >= 0
    for row, ok in zip(amounts, legal, strict=True):
        assert (np.diff(row[ok]) > 0).all()
    assert (tree.child[dec, CALL_COL] >= 0).all()
    with pytest.raises(ValueError, match=r"'r300' is not in the tree after '' \(it holds r250, r2000\)"):
        tree.node_at("r300")


@pytest.mark.parametrize(("change", "message"), [
    ({"preflop": {"open": [0]}}, "betting preflop.open: sizes must be positive numbers, not 0"),
    ({"preflop": {"open": [1.0]}}, "betting preflop.open: 1.0 big blinds is no raise"),
    ({"preflop": {"raises": [[0.5]]}}, "betting preflop.raises: 0.5 times the bet faced is no raise"),
    ({"postflop": {"flop": [[-0.5]]}},
     r"betting postflop.flop\[0\]: sizes must be positive numbers, not -0.5"),
    ({"postflop": {"flop": [0.5]}}, "betting postflop.flop: a list of size lists"),
    ({"all_in_threshold": 1.5}, "betting all_in_threshold 1.5: a share of the stack above 0 and at most 1"),
    ({"stack": 50}, "betting stack 50: not above the big blind 100"),
    ({"small_blind": 200}, "betting small_blind 200: above the big blind 100"),
    ({"raise_cap": -1}, "betting raise_cap: a positive whole number, not -1"),
    ({"blinds": 3}, "betting blinds: unknown key"),
])
def test_specs_that_make_no_tree_are_refused_in_one_line(change: dict, message: str) -> None:
    with pytest.raises(BettingError, match=message):
        BettingAbstraction.from_dict({**SMALL_BETTING, **change})


def test_a_spec_file_round_trips_and_bad_files_name_the_option(tmp_path: Path) -> None:
    from pokerlab._toml import toml_value

    spec = BettingAbstraction.from_dict(SMALL_BETTING)
    assert BettingAbstraction.from_dict(spec.to_dict()) == spec
    lines = [f"{k} = {toml_value(v)}" for k, v in spec.to_dict().items() if not isinstance(v, dict)]
    lines += ["[preflop]", "open = [2.5]", "raises = [[3.0]]",
              "[postflop]", "flop = [[0.5, 1.0]]", "turn = [[1.0]]", "river = [[0.5, 1.0]]"]
    (tmp_path / "small.toml").write_text("\n".join(lines))
    assert BettingAbstraction.load(tmp_path / "small.toml") == spec
    with pytest.raises(BettingError, match=r"^--betting .*nothing.toml: no such file$"):
        BettingAbstraction.load(tmp_path / "nothing.toml")
    (tmp_path / "bad.toml").write_text("stack = = 3")
    with pytest.raises(BettingError, match=r"^--betting .*bad.toml: not TOML"):
        BettingAbstraction.load(tmp_path / "bad.toml")


def test_the_cached_tree_is_the_engine_s(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerlab.hulhe import training
    from pokerlab.hulhe.strategy_file import tree_layout

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(training, "_NL_TREES", {})
    spec = BettingAbstraction.from_dict(SMALL_BETTING)
    built = training.nolimit_tree(spec, (169, 5, 5, 5))  # built, then written to the cache
    assert len(list((tmp_path / "nolimit").glob("tree-*.npz"))) == 1
    monkeypatch.setattr(training, "_NL_TREES", {})
    read = training.nolimit_tree(spec, (169, 5, 5, 5))  # read from the cache
    assert read is not built and tree_layout(read) == tree_layout(built)
    assert all(np.array_equal(getattr(read, k), getattr(built, k)) for k in BettingTree.ARRAYS)
    fresh = BettingTree.from_settings(spec.game(), (169, 5, 5, 5), menu=spec.menu)
    assert tree_layout(fresh) == tree_layout(read)
    for f in (tmp_path / "nolimit").glob("tree-*.npz"):
        f.write_bytes(b"damaged")
    monkeypatch.setattr(training, "_NL_TREES", {})
    assert tree_layout(training.nolimit_tree(spec, (169, 5, 5, 5))) == tree_layout(fresh)
