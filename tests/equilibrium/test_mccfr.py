"""External-sampling MCCFR on Leduc: exploitability by the exact best response and by OpenSpiel,
resume after a checkpoint equal to an uninterrupted run, parallel runs equal on every executor."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.equilibrium import expected_value
from pokerlab.equilibrium.betting_tree import BettingTree
from pokerlab.equilibrium.leduc_deals import LeducDeals, leduc_exploitability, leduc_strategy
from pokerlab.equilibrium.mccfr import MCCFRConfig, MCCFRTrainer, ParallelMCCFR, row_legal
from pokerlab.executors import InProcessExecutor, ProcessExecutor

LEDUC_VALUE = -0.085606  # OpenSpiel / the literature: player 0's equilibrium payoff


@pytest.fixture(scope="module")
def tree() -> BettingTree:
    return BettingTree.leduc()


@pytest.fixture(scope="module")
def trained(tree: BettingTree) -> MCCFRTrainer:
    trainer = MCCFRTrainer(tree, LeducDeals(), seed=1)
    trainer.step(200_000)
    return trainer


def test_leduc_deals_are_uniform_and_paid_by_leduc_rules() -> None:
    buckets, showdown = LeducDeals().sample(np.random.default_rng(5), 60_000)
    private = buckets[:, :, 0]
    board = buckets[:, 0, 1] % 3
    assert (buckets[:, :, 1] // 3 == private).all()
    # Each private rank a third of the time; both players share a rank 1 time in 5.
    assert np.allclose(np.bincount(private.ravel()) / private.size, 1 / 3, atol=0.01)
    assert np.mean(private[:, 0] == private[:, 1]) == pytest.approx(1 / 5, abs=0.01)
    pair0, pair1 = private[:, 0] == board, private[:, 1] == board
    assert (showdown[pair0] == 1).all() and (showdown[pair1] == -1).all()
    neither = ~pair0 & ~pair1
    assert (showdown[neither] == np.sign(private[neither, 0] - private[neither, 1])).all()
    again = LeducDeals().sample(np.random.default_rng(5), 60_000)
    assert np.array_equal(again[0], buckets) and np.array_equal(again[1], showdown)


def test_es_mccfr_reaches_low_exploitability_on_leduc(tree: BettingTree, trained: MCCFRTrainer) -> None:
    # Measured: 0.0305 after 100,000 iterations, 0.018 after 200,000 (seed 1); uniform play 2.37.
    strategy = trained.average_strategy()
    assert leduc_exploitability(tree, strategy) < 0.03
    assert expected_value(leduc_strategy(tree, strategy)) == pytest.approx(LEDUC_VALUE, abs=0.01)
    legal = row_legal(tree)
    assert np.allclose(strategy.sum(axis=1), 1.0) and (strategy[~legal] == 0).all()


def test_exploitability_agrees_with_openspiel(tree: BettingTree, trained: MCCFRTrainer) -> None:
    import pyspiel

    from pokerlab.equilibrium.openspiel import to_tabular_policy

    game = pyspiel.load_game("leduc_poker")
    early = MCCFRTrainer(tree, LeducDeals(), seed=2)
    early.step(300)
    suits = MCCFRTrainer(tree, LeducDeals(suits=True), seed=2)  # OpenSpiel's information sets
    suits.step(3000)
    assert suits.tree.bucket_counts == (6, 36)
    for t in (early, trained, suits):
        ours = leduc_strategy(t.tree, t.average_strategy())
        theirs = pyspiel.nash_conv(game, to_tabular_policy(ours, game).to_dict()) / 2
        assert leduc_exploitability(t.tree, t.average_strategy()) == pytest.approx(theirs, rel=1e-9)


@pytest.mark.parametrize("config", [
    MCCFRConfig(batch=256),
    MCCFRConfig("cfr+", "linear", interval=100, batch=300),
    MCCFRConfig("dcfr", interval=70, batch=128, dtype="float32"),
    MCCFRConfig(batch=256, deals_per_iteration=1),
])
def test_resumed_run_equals_uninterrupted_run(tree: BettingTree, tmp_path, config: MCCFRConfig) -> None:
    whole = MCCFRTrainer(tree, LeducDeals(), seed=11, config=config)
    whole.run(2_000)
    first = MCCFRTrainer(tree, LeducDeals(), seed=11, config=config)
    saved = []
    first.run(1_300, checkpoint_every=650, checkpoint_path=tmp_path / "ck.npz",
              on_checkpoint=lambda t, p: saved.append((t.iterations, p.exists())))
    assert saved == [(650, True), (1_300, True)]  # 1,300 is mid-batch for every config
    del first
    resumed = MCCFRTrainer.load(tmp_path / "ck.npz", tree, LeducDeals())
    resumed.run(700)
    assert resumed.iterations == whole.iterations == 2_000
    assert resumed.regrets.dtype == np.dtype(config.dtype)
    assert np.array_equal(resumed.regrets, whole.regrets)
    assert np.array_equal(resumed.avg, whole.avg)
    at_batch_end = MCCFRTrainer(tree, LeducDeals(), seed=11, config=config)
    at_batch_end.step(2 * config.batch)  # a checkpoint just as a batch is used up
    at_batch_end = MCCFRTrainer.from_state(tree, LeducDeals(), at_batch_end.state())
    at_batch_end.step(2_000 - 2 * config.batch)
    assert np.array_equal(at_batch_end.avg, whole.avg)
    other = MCCFRTrainer(tree, LeducDeals(), seed=12, config=config)
    other.run(2_000)
    assert not np.array_equal(other.avg, whole.avg)


def test_checkpoint_for_another_tree_is_refused(tree: BettingTree, tmp_path) -> None:
    trainer = MCCFRTrainer(tree, LeducDeals(), seed=1)
    trainer.step(10)
    trainer.save(tmp_path / "ck.npz")

    with pytest.raises(ValueError, match="another tree or abstraction"):
        MCCFRTrainer.load(tmp_path / "ck.npz", tree, LeducDeals(suits=True))


def test_time_cap_and_progress(tree: BettingTree) -> None:
    trainer = MCCFRTrainer(tree, LeducDeals(), seed=1)
    rates = []
    trainer.run(seconds=0.3, progress=lambda t, rate: rates.append((t.iterations, rate)))
    assert rates and rates[-1][0] == trainer.iterations > 0 and all(r > 0 for _, r in rates)
    with pytest.raises(ValueError, match="iterations or seconds"):
        trainer.run()
    for bad in (dict(algorithm="cfr++"), dict(averaging="square"), dict(dtype="float16"), dict(interval=0),
                dict(deals_per_iteration=3)):
        with pytest.raises(ValueError, match=next(iter(bad))):
            MCCFRConfig(**bad)


def test_parallel_runs_are_independent_streams_on_any_executor(tree: BettingTree, tmp_path) -> None:
    config = MCCFRConfig(batch=200)
    here = ParallelMCCFR(tree, LeducDeals(), seed=4, config=config, workers=2)
    here.run(600, round_iterations=250, executor=InProcessExecutor())
    assert here.iterations == (600, 600)
    # Stream w is the single trainer of stream w.
    alone = MCCFRTrainer(tree, LeducDeals(), seed=4, config=config, stream=1)
    alone.step(600)
    assert np.array_equal(here.states[1]["average"], alone.avg)
    assert np.array_equal(here.average_weights(), here.states[0]["average"] + alone.avg)
    with ProcessExecutor(2) as ex:
        there = ParallelMCCFR(tree, LeducDeals(), seed=4, config=config, workers=2)
        there.run(350, round_iterations=350, executor=ex)
        there.save(tmp_path / "par.npz")
        back = ParallelMCCFR.load(tmp_path / "par.npz", tree, LeducDeals())
        back.run(250, executor=ex)
    assert np.array_equal(back.average_strategy(), here.average_strategy())


def test_ctrl_c_waits_for_the_kernel_and_a_stopped_trainer_resumes(tree: BettingTree, tmp_path) -> None:
    import signal

    from pokerlab.equilibrium.mccfr import _ctrl_c_deferred

    # Python's own Ctrl-C handler, even in a suite started in the background (where the shell
    # leaves SIGINT ignored and no KeyboardInterrupt would come).
    outer = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _ctrl_c_then_resume(tree, tmp_path, _ctrl_c_deferred)
    finally:
        signal.signal(signal.SIGINT, outer)


def _ctrl_c_then_resume(tree: BettingTree, tmp_path, _ctrl_c_deferred) -> None:
    import signal

    done = []
    with pytest.raises(KeyboardInterrupt), _ctrl_c_deferred():
        signal.raise_signal(signal.SIGINT)
        done.append("the block finished first")
    assert done == ["the block finished first"]
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a worker process ignores Ctrl-C
    try:
        with _ctrl_c_deferred():
            signal.raise_signal(signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)

    config = MCCFRConfig(batch=100)
    whole = MCCFRTrainer(tree, LeducDeals(), seed=3, config=config)
    whole.step(5_000)

    def stop(trainer: MCCFRTrainer, rate: float) -> None:
        if trainer.iterations > 150:
            signal.raise_signal(signal.SIGINT)

    stopped = MCCFRTrainer(tree, LeducDeals(), seed=3, config=config)
    with pytest.raises(KeyboardInterrupt):
        stopped.run(5_000, progress=stop)
    assert 150 < stopped.iterations < 5_000
    stopped.save(tmp_path / "stopped.npz")
    resumed = MCCFRTrainer.load(tmp_path / "stopped.npz", tree, LeducDeals())
    resumed.step(5_000 - resumed.iterations)
    assert np.array_equal(resumed.avg, whole.avg) and np.array_equal(resumed.regrets, whole.regrets)


def test_a_deal_source_out_of_range_is_refused(tree: BettingTree) -> None:
    class Bad(LeducDeals):
        def __init__(self, shift: int, showdown: int = 0) -> None:
            super().__init__()
            self.shift, self.showdown = shift, showdown

        def sample(self, rng, m):
            buckets, showdown = super().sample(rng, m)
            return buckets + self.shift, showdown * 0 + self.showdown

    with pytest.raises(ValueError, match=r"round 0 buckets run 1 \.\. 3, outside 0 \.\. 2"):
        MCCFRTrainer(tree, Bad(1), seed=1).step(1)
    with pytest.raises(ValueError, match="showdown must be"):
        MCCFRTrainer(tree, Bad(0, 2), seed=1).step(1)


def test_linear_averaging_weighs_the_t_th_interval_by_t(tree: BettingTree) -> None:
    # Averaging does not touch the regrets, so both runs play the same strategies; the linear
    # sums are then sum_k k * (what interval k added) / (N + 1) after N intervals.
    uniform = MCCFRTrainer(tree, LeducDeals(), seed=5, config=MCCFRConfig("cfr", "uniform", interval=50))
    linear = MCCFRTrainer(tree, LeducDeals(), seed=5, config=MCCFRConfig("cfr", "linear", interval=50))
    added, before = [], uniform.avg
    for _ in range(6):
        uniform.step(50)
        added.append(uniform.avg - before)
        before = uniform.avg
    linear.step(300)
    assert np.array_equal(linear.regrets, uniform.regrets)
    expected = sum((k + 1) * a for k, a in enumerate(added)) / 7
    assert np.allclose(linear.avg, expected, rtol=1e-12, atol=1e-12)


def test_dcfr_discount_step() -> None:
    from pokerlab.equilibrium.mccfr import _discount

    regrets = np.array([[2.0, -4.0, 0.0]])
    avg = np.array([[1.0, 3.0, 0.0]])
    _discount(regrets, avg, 2, 3, 1.5, 0.0, 2.0)  # the third interval's end
    assert np.allclose(regrets, [[2.0 * 3**1.5 / (3**1.5 + 1), -4.0 / 2, 0.0]], rtol=1e-15)
    assert np.allclose(avg, [[(3 / 4) ** 2, 3 * (3 / 4) ** 2, 0.0]], rtol=1e-15)


class _RandomBuckets:
    """Uniform buckets per round and random showdowns (a stand-in abstraction for HULHE)."""

    def __init__(self, bucket_counts: tuple[int, ...]) -> None:
        self.bucket_counts = bucket_counts

    def sample(self, rng: np.random.Generator, m: int) -> tuple[np.ndarray, np.ndarray]:
        counts = np.array(self.bucket_counts)
        buckets = (rng.random((m, 2, len(counts))) * counts).astype(np.int32)
        return buckets, rng.integers(-1, 2, m).astype(np.int8)


def test_bucket_major_storage_changes_nothing_but_the_order() -> None:
    # HULHE's four rounds: the trainer's slab storage against rows stored as handed out.
    from pokerlab.engine import GameSettings

    hulhe = BettingTree.from_settings(GameSettings.preset("limit"))
    source = _RandomBuckets((169, 4, 3, 5))
    config = MCCFRConfig("cfr+", "linear", interval=50, batch=128)
    slab = MCCFRTrainer(hulhe, source, seed=8, config=config)
    plain = MCCFRTrainer(hulhe, source, seed=8, config=config)
    plain._slot, plain._stride = plain.tree.row.copy(), np.ones(4, dtype=np.int64)
    plain._public_of = np.arange(plain.tree.num_rows)
    slab.step(400)
    plain.step(400)
    assert np.array_equal(slab.regrets, plain.regrets) and np.array_equal(slab.avg, plain.avg)
    assert (slab.avg != 0).sum() > 1000  # rows of every round were played
    strategy = slab.average_strategy()
    assert np.allclose(strategy.sum(axis=1), 1.0) and (strategy[~row_legal(slab.tree)] == 0).all()
    root = slab.tree.row[0] + np.arange(169)  # the button's first decision, per pre-flop class
    sums = slab.avg[root].sum(axis=1, keepdims=True)
    seen = sums[:, 0] > 0
    assert seen.sum() > 100
    assert np.allclose(strategy[root][seen], slab.avg[root][seen] / sums[seen])
    assert np.allclose(strategy[root][~seen], 1 / 3)  # never played: uniform


@pytest.mark.slow
def test_three_million_iterations_come_close_to_the_equilibrium(tree: BettingTree) -> None:
    # Measured (seed 1): exploitability 0.0043, value -0.08624 against -0.085606.
    trainer = MCCFRTrainer(tree, LeducDeals(), seed=1)
    trainer.step(3_000_000)
    strategy = trainer.average_strategy()
    assert leduc_exploitability(tree, strategy) < 0.006
    assert expected_value(leduc_strategy(tree, strategy)) == pytest.approx(LEDUC_VALUE, abs=0.002)
