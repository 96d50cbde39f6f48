"""The strategy file: round trip, the tree layout check, damaged files refused in one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hulhe_small import small_parameters, write_small_strategy

from pokerlab.errors import UserError
from pokerlab.hulhe.strategy_file import dequantise, load_strategy, quantise, save_strategy
from pokerlab.hulhe.training import hulhe_tree


def test_round_trip_keeps_strategy_parameters_and_curve(tmp_path: Path) -> None:
    path = write_small_strategy(tmp_path / "s.npz", seed=3)
    tree = hulhe_tree((169, 5, 5, 5))
    loaded = load_strategy(path, tree)
    assert loaded.strategy.shape == (tree.num_rows, 3)
    assert np.allclose(loaded.strategy.sum(axis=1), 1.0)
    rng = np.random.default_rng(3)  # the same draw as write_small_strategy
    from pokerlab.hulhe.exploitability import PublicTree, legal_rows

    original = rng.dirichlet(np.ones(3), size=tree.num_rows) * legal_rows(PublicTree.of(tree))
    original /= original.sum(axis=1, keepdims=True)
    assert np.abs(loaded.strategy - original).max() < 2.5 / 255  # rounded to 255ths, renormalised
    assert np.array_equal(loaded.strategy, dequantise(quantise(original)))
    params = small_parameters()
    assert loaded.abstraction_parameters.keys() == params.keys()
    assert all(np.array_equal(loaded.abstraction_parameters[k], params[k]) for k in params)
    assert loaded.curve[-1] == [200, 2.0, 800.0, 1100.0] and loaded.exploitability == 800.0
    assert loaded.abstraction().bucket_counts == (169, 5, 5, 5)
    assert path.stat().st_size < 200_000


def test_another_tree_or_a_damaged_file_is_refused(tmp_path: Path) -> None:
    path = write_small_strategy(tmp_path / "s.npz")
    with pytest.raises(UserError, match=r"^FILE .*s\.npz: made for another betting tree or abstraction"):
        load_strategy(path, hulhe_tree((169, 6, 5, 5)))
    bad = tmp_path / "bad.npz"
    bad.write_bytes(path.read_bytes()[:1000])
    with pytest.raises(UserError, match=r"bad\.npz: not a pokerlab strategy file"):
        load_strategy(bad)
    other = tmp_path / "other.npz"
    np.savez(other, x=np.zeros(3))
    with pytest.raises(UserError, match="not a pokerlab strategy file"):
        load_strategy(other)
    with pytest.raises(UserError, match="no such file"):
        load_strategy(tmp_path / "missing.npz")


def test_save_refuses_a_strategy_of_the_wrong_shape(tmp_path: Path) -> None:
    tree = hulhe_tree((169, 5, 5, 5))
    with pytest.raises(ValueError, match="strategy of shape"):
        save_strategy(tmp_path / "x.npz", np.ones((3, 3)) / 3, tree, small_parameters(), {})
    assert not (tmp_path / "x.npz").exists()
