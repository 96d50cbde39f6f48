"""A blueprint file read with its tree: lines, labels, pre-flop grids and ranges along a line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hulhe_small import SMALL_BETTING, write_small_blueprint, write_small_strategy

from pokerlab.cards import PREFLOP_CLASSES, combo_index, parse_cards
from pokerlab.errors import UserError
from pokerlab.nolimit.blueprint import Blueprint


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Blueprint:
    return Blueprint.load(write_small_blueprint(tmp_path_factory.mktemp("bp") / "small.npz", seed=4))


def test_lines_and_labels(small: Blueprint) -> None:
    root = small.decision("")
    assert small.labels(root) == ["fold", "call", "raise 2.5bb", "all-in 20bb"]
    facing = small.decision("r250")
    assert small.labels(facing) == ["fold", "call", "raise 7.5bb", "all-in 20bb"]
    flop = small.decision("r250c/")
    assert small.labels(flop) == ["check", "bet 50%", "bet 100%", "all-in 20bb"]
    with pytest.raises(UserError, match=r"^--line 'r300': 'r300' is not in the tree after '' "
                                        r"\(it holds r250, r2000\)$"):
        small.node("r300")
    with pytest.raises(UserError, match=r"^--line 'f': the hand is over there"):
        small.decision("f")
    with pytest.raises(UserError, match=r"^--line 'x'"):
        small.node("x")


def test_class_grid_is_the_strategy_rows_of_the_classes(small: Blueprint) -> None:
    root = small.decision("")
    grid = small.class_strategy(root)
    assert grid.shape == (169, 4)
    assert np.allclose(grid.sum(axis=1), 1.0)
    aa = PREFLOP_CLASSES.index("AA")
    assert np.array_equal(grid[aa], small.strategy[small.tree.row[root] + aa][small.columns(root)])
    with pytest.raises(UserError, match="a pre-flop line"):
        small.class_strategy(small.decision("r250c/"))


def test_ranges_multiply_each_player_s_own_actions(small: Blueprint) -> None:
    node = small.decision("r250c/")
    ranges = small.ranges(node, parse_cards("2c 7d Ts"))
    root, facing = small.decision(""), small.decision("r250")
    aks = combo_index(*parse_cards("As Ks"))
    k = int(small.preflop_buckets[aks])
    button, big_blind = 1, 0  # engine positions heads-up
    assert ranges[button, aks] == pytest.approx(small.strategy[small.tree.row[root] + k, 2])
    assert ranges[big_blind, aks] == pytest.approx(small.strategy[small.tree.row[facing] + k, 1])
    touching = combo_index(*parse_cards("2c As"))
    assert ranges[:, touching].tolist() == [0.0, 0.0]
    with pytest.raises(UserError, match="3 board cards needed"):
        small.ranges(node)
    by_class = small.class_weights(ranges)
    assert by_class.shape == (2, 169)


def test_a_limit_file_or_another_tree_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="a limit strategy file, not a no-limit blueprint"):
        Blueprint.load(write_small_strategy(tmp_path / "limit.npz"))
    path = write_small_blueprint(tmp_path / "b.npz")
    import json

    import numpy as np_

    with np_.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays["meta"]))
    meta["training"]["betting"] = {**SMALL_BETTING, "raise_cap": 3}
    arrays["meta"] = np_.array(json.dumps(meta))
    np_.savez_compressed(tmp_path / "other.npz", **arrays)
    with pytest.raises(UserError, match="made for another betting tree"):
        Blueprint.load(tmp_path / "other.npz")
    with pytest.raises(UserError, match=r"^--blueprint .*none.npz: no such file$"):
        Blueprint.load(tmp_path / "none.npz")
