"""Training runs: a resumed run ends as the run never stopped, checkpoints are measured, and a
folder holding a run is not overwritten."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hulhe_small import RankAbstraction

from pokerlab.hulhe.training import RUN_FILE, STATE_FILE, Training, TrainingConfig


def config() -> TrainingConfig:
    return TrainingConfig(RankAbstraction().settings, seed=5, checkpoint_every=200, eval_deals=1000)


def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    whole = Training(config(), RankAbstraction(), tmp_path / "whole")
    whole.run(iterations=600)
    first = Training(config(), RankAbstraction(), tmp_path / "parts")
    first.run(iterations=300)
    assert (tmp_path / "parts" / STATE_FILE).exists() and (tmp_path / "parts" / RUN_FILE).exists()
    resumed = Training(config(), RankAbstraction(), tmp_path / "parts", resume=True)
    assert resumed.iterations == 300
    resumed.run(iterations=300)
    assert resumed.iterations == whole.iterations == 600
    assert np.array_equal(resumed.average_strategy(), whole.average_strategy())
    at = {int(c[0]): c[2:] for c in resumed.curve}
    assert [int(c[0]) for c in whole.curve] == [200, 400, 600]
    assert sorted(at) == [200, 300, 400, 600]  # the stop at 300 was measured too
    for c in whole.curve:
        assert at[int(c[0])] == c[2:]
    # measured: both figures positive, perfect recall at least the bot's information
    assert all(0 < c[2] <= c[3] for c in whole.curve)


def test_a_folder_holding_a_run_needs_resume(tmp_path: Path) -> None:
    Training(config(), RankAbstraction(), tmp_path).run(iterations=10)
    with pytest.raises(ValueError, match="holds a run already; add --resume"):
        Training(config(), RankAbstraction(), tmp_path)
    with pytest.raises(ValueError, match="--resume: no run to resume"):
        Training(config(), RankAbstraction(), tmp_path / "empty", resume=True)
