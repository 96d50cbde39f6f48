"""A no-limit training run: MCCFR on the betting abstraction's tree, resumed exactly, measured in
the abstract game; its strategy file is a blueprint; ``pokerlab nolimit show`` and ``train``."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import numpy as np
import pytest
from hulhe_small import SMALL_BETTING, RankAbstraction, write_small_blueprint

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.hulhe.training import Training, TrainingConfig


def config() -> TrainingConfig:
    return TrainingConfig(RankAbstraction().settings, seed=5, checkpoint_every=200, eval_deals=1000,
                          betting=SMALL_BETTING)


def test_a_no_limit_run_trains_the_spec_s_tree_and_resumes_exactly(tmp_path: Path) -> None:
    whole = Training(config(), RankAbstraction(), tmp_path / "whole")
    assert whole.tree.child.shape[1] == 5 and not whole.tree.settings.is_limit
    whole.run(iterations=400)
    first = Training(config(), RankAbstraction(), tmp_path / "parts")
    first.run(iterations=200)
    resumed = Training(None, RankAbstraction(), tmp_path / "parts", resume=True)  # type: ignore[arg-type]
    assert resumed.config.betting == SMALL_BETTING
    resumed.run(iterations=200)
    assert np.array_equal(resumed.average_strategy(), whole.average_strategy())
    assert [int(c[0]) for c in whole.curve] == [200, 400]
    assert all(0 < c[2] <= c[3] for c in whole.curve)
    strategy = whole.average_strategy()
    legal = whole.public.legal
    assert np.allclose(strategy.sum(axis=1), 1.0) and (strategy[~legal] == 0).all()


def test_show_reads_a_blueprint_and_refuses_a_limit_file(tmp_path: Path) -> None:
    from hulhe_small import write_small_strategy

    path = write_small_blueprint(tmp_path / "b.npz")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["nolimit", "show", str(path), "--json"]) == 0
    data = json.loads(out.getvalue())
    assert (data["game"], data["betting"], data["bucket_counts"]) == ("no-limit", "small", [169, 5, 5, 5])
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert run(app, ["nolimit", "show", str(write_small_strategy(tmp_path / "l.npz"))]) == 2
    assert "a limit strategy file, not a no-limit blueprint" in err.getvalue()


@pytest.mark.slow
def test_train_writes_a_blueprint_the_bot_plays(tmp_path: Path) -> None:
    # The default card abstraction (built on first use, then cached), the small betting spec.
    from pokerlab._toml import toml_value

    spec = tmp_path / "small.toml"
    top = {k: v for k, v in SMALL_BETTING.items() if not isinstance(v, dict)}
    spec.write_text("\n".join([*(f"{k} = {toml_value(v)}" for k, v in top.items()),
                               "[preflop]", "open = [2.5]", "raises = [[3.0]]", "[postflop]",
                               "flop = [[0.5, 1.0]]", "turn = [[1.0]]", "river = [[0.5, 1.0]]"]))
    folder = tmp_path / "run"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["nolimit", "train", "--iterations", "2000", "--betting", str(spec),
                         "--checkpoint-every", "1000", "--eval-deals", "2000",
                         "--checkpoint-dir", str(folder), "--json"]) == 0
    data = json.loads(out.getvalue())
    assert data["game"] == "no-limit" and data["iterations"] == 2000 and len(data["curve"]) == 2
    from pokerlab.agents.nlhe_blueprint import NlheBlueprintBot

    bot = NlheBlueprintBot(folder / "strategy.npz")
    assert bot.blueprint.betting.stack == SMALL_BETTING["stack"]
