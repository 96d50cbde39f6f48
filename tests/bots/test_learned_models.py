"""Davidson's 19 context inputs, his network (19 x 4 x 3 sigmoids, back-propagation), the
decision tree and the frequency model; the opponents train / evaluate commands."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.agents.modelling.context_features import FEATURE_NAMES, board_inputs, hand_decisions
from pokerlab.agents.modelling.learned_models import (
    FrequencyModel,
    NetworkModel,
    TreeModel,
    context_of,
    model_from_dict,
)
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.opponent_data import evaluate, player_decisions, proportion_interval
from pokerlab.cards import parse_cards
from pokerlab.cli.main import app
from pokerlab.engine import Dealer, GameSettings


def test_table_5_has_19_inputs_in_order() -> None:
    assert len(FEATURE_NAMES) == 19
    assert FEATURE_NAMES[:3] == ("pot odds", "bet ratio", "pot ratio")
    assert FEATURE_NAMES[-4:] == ("flush possible", "ace on board", "king on board", "AKQ on board")


def test_board_inputs() -> None:
    assert board_inputs(parse_cards("AhKh2h")) == (1.0, 1.0, 1.0, pytest.approx(2 / 3))
    assert board_inputs(parse_cards("QdJc2h7s")) == (0.0, 0.0, 0.0, 0.25)
    assert board_inputs([]) == (0.0, 0.0, 0.0, 0.0)


def test_inputs_of_a_three_player_hand() -> None:
    """Positions 0 (small blind), 1 (big blind), 2 (button). Pre-flop: the button raises, the
    small blind folds, the big blind calls; flop: the big blind bets, the button raises, the
    big blind calls; turn: both check; river: check, check."""
    game = GameSettings.preset("limit")
    cards = Dealer(seed=1).cards(0, 3)
    history = [(0, 2, 2, 20), (0, 0, 0, 0), (0, 1, 1, 10),
               (1, 1, 2, 10), (1, 2, 2, 20), (1, 1, 1, 10),
               (2, 1, 1, 0), (2, 2, 1, 0), (3, 1, 1, 0), (3, 2, 1, 0)]
    rows = list(hand_decisions(game, [2000] * 3, cards, history))
    assert [(p, a) for p, _, a in rows] == [(p, k) for _, p, k, _ in history]
    x = {i: r[1] for i, r in enumerate(rows)}
    # the small blind facing the raise to 20 with 5 in: 15 to call into 35, 1.5 bets: 2 (as
    # Loki counts bets to call, rounded up)
    assert x[1][0] == pytest.approx(15 / 50) and x[1][6] == 1.0 and x[1][2] == pytest.approx(5 / 35)
    assert x[1][12:15].tolist() == [0.3, 0.3, 0.1]  # dealt 3, active 3, the big blind unacted
    # the big blind calling the flop raise: it bet before (committed, last action a raise on
    # the flop), two bets and one call so far in the hand
    call = x[5]
    assert call[3] == 1.0 and call[11] == 1.0 and call[10] == 0.0 and call[7] == 1.0
    assert call[1] == pytest.approx(3 / 4)  # bets: raise pre-flop, bet, raise; calls: one
    assert call[13] == 0.2 and call[14] == 0.0
    # its turn check: it faced a bet at its previous decision (the call)
    assert x[6][10] == 1.0 and x[6][11] == 0.0 and x[6][3] == 0.0 and x[6][8] == 1.0
    for r in x.values():
        assert ((r >= 0) & (r <= 1)).all()


def test_backpropagation_gradient() -> None:
    """One step of the network's training equals a numerical gradient step of the squared
    error (learning rate 1e-3, no momentum)."""
    rng = np.random.default_rng(2)
    x = rng.uniform(0, 1, (30, 19))
    y = rng.integers(0, 3, 30)
    net = NetworkModel(rate=1e-3, momentum=0.0, seed=3)
    before = net.w1.copy()

    def loss(w1: np.ndarray) -> float:
        net.w1 = w1
        o = net.outputs(x)
        return float(0.5 * ((o - np.eye(3)[y]) ** 2).sum() / len(x))

    grad = np.zeros_like(before)
    for i in range(19):
        for j in range(4):
            up, down = before.copy(), before.copy()
            up[i, j] += 1e-6
            down[i, j] -= 1e-6
            grad[i, j] = (loss(up) - loss(down)) / 2e-6
    net.w1 = before.copy()
    net.fit(x, y, epochs=1)
    assert net.w1 == pytest.approx(before - 1e-3 * grad, abs=1e-9)


def test_network_shape_and_triples() -> None:
    net = NetworkModel()
    assert (net.w1.shape, net.w2.shape) == ((19, 4), (4, 3))
    p = net.predict_proba(np.random.default_rng(0).uniform(0, 1, (5, 19)))
    assert p.sum(axis=1) == pytest.approx(np.ones(5))
    again = model_from_dict(json.loads(json.dumps(net.to_dict())))
    assert again.predict_proba(np.ones((1, 19))) == pytest.approx(net.predict_proba(np.ones((1, 19))))


def test_tree_walk_agrees_with_scikit_learn() -> None:
    from sklearn.tree import DecisionTreeClassifier

    rng = np.random.default_rng(5)
    x = rng.uniform(0, 1, (600, 19))
    y = (x[:, 1] > 0.4).astype(int) + (x[:, 3] > 0.7)
    tree = TreeModel().fit(x, y)
    ref = DecisionTreeClassifier(criterion="entropy", min_samples_leaf=20, random_state=0).fit(x, y)
    test = rng.uniform(0, 1, (100, 19))
    assert tree.predict_proba(test) == pytest.approx(ref.predict_proba(test))
    assert model_from_dict(tree.to_dict()).predict(test).tolist() == tree.predict(test).tolist()


def test_frequency_model_is_lokis_context_frequencies() -> None:
    x = np.zeros((25, 19))
    x[:, 5] = 1.0  # one bet to call, pre-flop
    model = FrequencyModel().fit(x, np.full(25, 2))
    assert context_of(x[0]) == (0, 1)
    assert model.predict(x[:1]).tolist() == [2]
    assert model.predict_proba(x[:1]).tolist() == [[0.0, 0.0, 1.0]]  # 20+ seen: alone


def test_frequency_model_reads_the_street_from_the_inputs() -> None:
    # The three-player hand above: each decision's context is its street and bets to call.
    game = GameSettings.preset("limit")
    history = [(0, 2, 2, 20), (0, 0, 0, 0), (0, 1, 1, 10),
               (1, 1, 2, 10), (1, 2, 2, 20), (1, 1, 1, 10),
               (2, 1, 1, 0), (2, 2, 1, 0), (3, 1, 1, 0), (3, 2, 1, 0)]
    rows = [x for _, x, _ in hand_decisions(game, [2000] * 3, Dealer(seed=1).cards(0, 3), history)]
    assert [context_of(x) for x in rows] == [(0, 1), (0, 2), (0, 1), (1, 0), (1, 1), (1, 1),
                                            (2, 0), (2, 0), (3, 0), (3, 0)]
    # A player seen 20 times on each street with nothing to call, acting differently on each:
    # the model gives each street's row that street's action alone.
    x = np.zeros((4, 19))
    x[:, FEATURE_NAMES.index("to call 0")] = 1.0
    for street, name in ((1, "flop"), (2, "turn"), (3, "river")):
        x[street, FEATURE_NAMES.index(name)] = 1.0
    actions = np.array([2, 0, 1, 2])
    model = FrequencyModel().fit(np.repeat(x, 20, axis=0), np.repeat(actions, 20))
    assert model.predict_proba(x).tolist() == np.eye(3)[actions].tolist()


def test_wilson_interval() -> None:
    low, high = proportion_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)


def test_models_learn_a_context_dependent_player() -> None:
    """Loki A's decisions (its play depends on its cards and the betting): the network and the
    tree predict held-out actions better than chance-level guessing of the commonest action."""
    store = MatchStore(":memory:")
    match = run_match(MatchConfig(bots=("loki-a", "raiser"), hands=300, seed=3), store)
    data = player_decisions(store, match.match_id, "loki-a")
    report = evaluate(data)
    common = max(report["test_actions"]) / report["test_decisions"]
    for name in ("network", "tree"):
        assert report["models"][name]["accuracy"] > common, report


def test_train_and_evaluate_commands(tmp_path) -> None:
    db = tmp_path / "m.sqlite"
    store = MatchStore(db)
    run_match(MatchConfig(bots=("loki-a", "calling-station"), hands=60, seed=1), store)
    store.close()
    runner = CliRunner()
    out = tmp_path / "net.json"
    result = runner.invoke(app, ["opponents", "train", "loki-a", "--db", str(db), "--out", str(out),
                                 "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    saved = json.loads(out.read_text())
    assert summary["decisions"] == saved["decisions"] > 50 and saved["kind"] == "network"
    plot = tmp_path / "acc.png"
    result = runner.invoke(app, ["opponents", "evaluate", "--db", str(db), "--json", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [p["player"] for p in data["players"]] == ["loki-a", "calling-station"]
    station = data["players"][1]["models"]
    assert all(m["accuracy"] == 1.0 for m in station.values())
    assert plot.stat().st_size > 1000
    result = runner.invoke(app, ["opponents", "evaluate", "--db", str(db), "--player", "nobody"])
    assert result.exit_code == 2 and "--player 'nobody'" in result.output


def test_a_persons_stored_hands() -> None:
    """A person's table (pokerlab play / the web page store hands this way): the person is the
    player 'you', whose decisions the models learn like a bot's."""
    import random

    from pokerlab.arena.opponent_data import match_players
    from pokerlab.arena.session import Session

    store = MatchStore(":memory:")
    table = Session(MatchConfig(bots=("you", "loki-a"), hands=40, person=0, seed=1), store)
    rng = random.Random(0)
    while table.next_hand < 40:
        table.deal()
        while (legal := table.legal()) is not None:
            raise_now = legal.to_call > 0 and legal.can_raise and rng.random() < 0.3
            table.act("r" if raise_now else "c")
    assert match_players(store, table.match_id) == ["you", "loki-a"]
    data = player_decisions(store, table.match_id, "you")
    assert set(data.y.tolist()) == {1, 2} and len(data.y) > 60
    assert set(evaluate(data)["models"]) == {"frequency", "network", "tree"}


def test_loki2_loads_a_model_trained_offline(tmp_path) -> None:
    """A network saved by `opponents train` in Loki-2's model folder plays that opponent in
    the simulation trials from the first hand (kind 1 in the kernel's inputs)."""
    from pokerlab.agents.base import Observation
    from pokerlab.agents.registry import create_bot
    from pokerlab.engine import Hand

    net = NetworkModel()
    (tmp_path / "raiser.json").write_text(json.dumps({"player": "raiser", **net.to_dict()}))
    (tmp_path / "other.json").write_text(json.dumps({"player": "other", **TreeModel().to_dict()}))
    bot = create_bot("loki2-sim-network", store_path="", model_dir=str(tmp_path))
    hand = Hand(GameSettings.preset("limit"), [2000] * 3, Dealer(seed=0).cards(0, 3))
    view = Observation(hand, 0, player_names=("me", "raiser", "other"))
    bot.begin_hand(view)
    inputs = bot.learned_inputs(view)
    assert inputs["kinds"].tolist() == [0, 1, 0]  # the tree file is not a network: PT
    assert inputs["nets"][1, :76] == pytest.approx(net.w1.ravel())
