"""The blueprint's continuation values: the walk gives what a plain recursion over the tree
gives for every (searcher, bias) lane; the deals sample every pair of classes without shared
cards; the control variate keeps the means; leaves map to the line of their shape; the shipped
table of the default blueprint is there and ranks aces above seven-deuce on every line."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.cards import ALL_COMBOS
from pokerlab.hulhe.exploitability import PublicTree
from pokerlab.nolimit.blueprint import SHIPPED_BLUEPRINTS, Blueprint
from pokerlab.nolimit.continuation import (
    BIAS,
    BIASES,
    BIG_BLIND,
    BUTTON,
    ContinuationTable,
    _class_pair_deals,
    _control_variate,
    _strategy_tables,
    continuation_for,
    line_values,
    shipped_path,
)
from pokerlab.spot.classes import CLASS_INDEX

# A two-round toy: player 0 checks or bets 1 into antes of 1; player 1 folds or calls a bet;
# after the check, in round 1, player 1 checks (a showdown) or bets 1, and player 0 folds or
# calls. Two buckets a round; fold, call and one raise column.
KIND = np.array([0, 0, 0, 2, 0, 1, 2, 1, 2])
ACTOR = np.array([0, 1, 1, 0, 0, 0, 0, 0, 0])
RND = np.array([0, 0, 1, 0, 1, 0, 0, 0, 0])
CHILDREN = np.array([[-1, 2, 1], [5, 6, -1], [-1, 3, 4], [-1] * 3, [7, 8, -1], [-1] * 3, [-1] * 3,
                     [-1] * 3, [-1] * 3])
CONTRIB = np.array([[1, 1], [2, 1], [1, 1], [1, 1], [1, 2], [2, 1], [2, 2], [1, 2], [2, 2]])
ROW = np.array([0, 2, 4, -1, 6, -1, -1, -1, -1])
TOY = PublicTree(kind=KIND, actor=ACTOR, rnd=RND, children=CHILDREN, contrib=CONTRIB, row=ROW, rows=8,
                 big_blind=1)


def _recursion(tables: np.ndarray, node: int, buckets: np.ndarray, sign: float, t0: int, t1: int) -> float:
    fold, stake = TOY.payoffs(0)
    if KIND[node] == 1:
        return float(fold[node])
    if KIND[node] == 2:
        return float(stake[node] * sign)
    q = int(ACTOR[node])
    r = ROW[node] + buckets[q, RND[node]]
    return sum(tables[(t0, t1)[q], r, a] * _recursion(tables, int(c), buckets, sign, t0, t1)
               for a, c in enumerate(CHILDREN[node]) if c >= 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_walk_is_the_recursion_for_every_lane(seed: int) -> None:
    rng = np.random.default_rng(seed)
    strategy = rng.random((8, 3)) * TOY.legal
    buckets = rng.integers(0, 2, size=(40, 2, 4))
    sign = rng.integers(-1, 2, size=40).astype(np.int8)
    tables = _strategy_tables(strategy, TOY)
    got = line_values(TOY, strategy, 0, buckets, sign)
    for i in range(40):
        want = [[_recursion(tables, 0, buckets[i], float(sign[i]), 0, 1 + b) for b in range(4)],
                [_recursion(tables, 0, buckets[i], float(sign[i]), 1 + b, 0) for b in range(4)]]
        assert np.allclose(got[i], want)
    assert np.allclose(line_values(TOY, strategy, 2, buckets, sign)[:, 0, 0],
                       [_recursion(tables, 2, buckets[i], float(sign[i]), 0, 1) for i in range(40)])


def test_the_strategy_tables_purify_and_bias() -> None:
    strategy = np.array([[0.0, 0.6, 0.4]] * 8) * TOY.legal
    tables = _strategy_tables(strategy, TOY)
    assert tables[0, 0].tolist() == [0.0, 1.0, 0.0]  # purified: the most probable column
    assert np.allclose(tables[1, 0], [0.0, 0.6, 0.4])  # the blueprint as trained
    raise_biased = np.array([0.0, 0.6, 0.4 * BIAS])
    assert np.allclose(tables[4, 0], raise_biased / raise_biased.sum())
    assert np.allclose(tables[:, ~TOY.legal], 0.0) and np.allclose(tables.sum(axis=2), 1.0)


def test_the_deals_cover_every_pair_of_classes_without_shared_cards() -> None:
    classes = Blueprint.load().preflop_buckets
    index, board, pool, pairs = _class_pair_deals(np.random.default_rng(5), classes, 2, 50)
    assert len(index) == 169 * 169 * 2 and np.array_equal(classes[index], pairs)
    combos = np.array(ALL_COMBOS, dtype=np.int64)
    cards = np.concatenate([combos[index].reshape(-1, 4), pool[board]], axis=1)
    assert (np.diff(np.sort(cards, axis=1), axis=1) > 0).all()


def test_the_control_variate_keeps_the_mean_and_removes_the_winner_noise() -> None:
    rng = np.random.default_rng(2)
    expected = rng.uniform(-0.5, 0.5, 20_000)
    won = np.where(rng.random(20_000) < (1 + expected) / 2, 1.0, -1.0)
    v = np.stack([10.0 * won + rng.normal(0, 1, 20_000), rng.normal(3, 1, 20_000)], axis=1)
    out = _control_variate(v, won, expected)
    # what is left is each deal's mean (10 * expected) and the noise that is not the winner's
    assert (out[:, 0] - 10 * expected).std() < 1.1 < (v[:, 0] - 10 * expected).std()
    assert abs(out[:, 0].mean() - v[:, 0].mean()) < 0.1
    assert np.allclose(out[:, 1].mean(), v[:, 1].mean(), atol=0.05)


def _table(lines, limped, raises, put) -> ContinuationTable:
    return ContinuationTable(lines, limped, raises, np.array(put, dtype=float),
                             np.zeros((len(lines), 2, len(BIASES), 169, 169), dtype=np.float32), 1)


def test_a_leaf_takes_the_line_of_its_shape_and_nearest_pot() -> None:
    t = _table(("cc", "cr250c", "r250c", "r250r750c", "r250r750r1725c"), (True, True, False, False, False),
               (0, 1, 1, 2, 3), [1.0, 2.5, 2.5, 7.5, 17.25])
    assert t.line_for(False, 1, 3.0) == 2  # an open to 3 big blinds, called: open-call
    assert t.line_for(True, 0, 1.0) == 0
    assert t.line_for(True, 2, 9.0) == 1  # more limp-raises than the table holds: its most
    assert t.line_for(False, 5, 40.0) == 4
    assert t.line_for(True, 1, 2.0) == 1


@pytest.fixture(scope="module")
def shipped() -> ContinuationTable:
    return continuation_for(Blueprint.load())


def test_every_shipped_blueprint_has_its_table_beside_it() -> None:
    for path in SHIPPED_BLUEPRINTS:  # no five-minute computation in the middle of a hand
        table = ContinuationTable.load(shipped_path(path))
        assert table.lines[0] == "cc" and table.values.shape[1:] == (2, len(BIASES), 169, 169)
        assert np.isfinite(table.values).all()


def test_the_default_blueprint_table_is_shipped_and_ranks_the_hands(shipped) -> None:
    assert shipped.values.shape == (len(shipped.lines), 2, len(BIASES), 169, 169)
    assert shipped.lines[0] == "cc" and "r250c" in shipped.lines
    aa, seven_two = CLASS_INDEX["AA"], CLASS_INDEX["72o"]
    for li in range(len(shipped.lines)):
        for seat in (BUTTON, BIG_BLIND):
            button = shipped.values[li, seat, 0].astype(float)
            # each class's net against every hand (no card removal: the signs are wide)
            assert button[aa].mean() > 0 > button[seven_two].mean()  # as the button
            assert -button[:, aa].mean() > 0 > -button[:, seven_two].mean()  # as the big blind
    # the opponent's choice can only help it: its best continuation per class is at least
    # the blueprint's, on average over the other's hands
    for li in range(len(shipped.lines)):
        v = shipped.values[li, BUTTON].astype(float)  # the button searches: the big blind picks
        assert (-v).mean(axis=1).max(axis=0).mean() >= (-v[0]).mean(axis=0).mean()


def test_the_command_finds_the_shipped_table_and_prints_each_line(capsys) -> None:
    import json

    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app

    assert run(app, ["nolimit", "continuation", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["source"] == "shipped" and data["table"] == str(shipped_path(data["blueprint"]))
    rows = {r["line"]: r for r in data["lines"]}
    assert list(rows) == list(continuation_for(Blueprint.load()).lines)
    for r in rows.values():  # the opponent's choice is worth something to it in every line
        assert r["button_searches_choice_bb"] < r["button_searches_blueprint_bb"]
        assert r["big_blind_searches_choice_bb"] > r["big_blind_searches_blueprint_bb"]
    assert rows["r250r750c"]["put_bb"] == 7.5


def test_the_command_writes_a_table_of_its_settings_to_out(tmp_path, capsys) -> None:
    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app

    out = tmp_path / "t.npz"
    status = run(app, ["nolimit", "continuation", "--out", str(out), "--deals-per-pair", "1", "--boards",
                       "100", "--seed", "1", "--no-progress"])
    text, err = capsys.readouterr()
    assert status == 0, err
    assert f"computed: {out}" in text and "r250r750c" in text
    small = ContinuationTable.load(out)
    shipped = continuation_for(Blueprint.load())
    assert small.deals == 1 and small.lines == shipped.lines and small.values.shape == shipped.values.shape
    # one deal a pair is noisy, but on average over the pairs it agrees with the shipped table
    a = [r["button_searches_blueprint_bb"] for r in small.summary()]
    b = [r["button_searches_blueprint_bb"] for r in shipped.summary()]
    assert np.allclose(a, b, atol=0.25), (a, b)


def test_a_table_computed_on_first_use_says_so_in_one_line_and_is_kept(tmp_path, monkeypatch, capsys) -> None:
    from pokerlab.nolimit import continuation

    shipped = continuation_for(Blueprint.load())
    built = []
    monkeypatch.setattr(continuation, "cache_path", lambda bp: tmp_path / "table.npz")
    monkeypatch.setattr(continuation, "build_continuation",
                        lambda bp, progress=None: built.append(1) or shipped)
    first = continuation.cached_continuation(Blueprint.load())
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pokerlab nolimit continuation" in err and "first use" in err
    again = continuation.cached_continuation(Blueprint.load())  # read back: no notice, no work
    assert capsys.readouterr().err == "" and built == [1]
    assert first.lines == again.lines and np.allclose(first.values, again.values, atol=1e-2)
