"""The hand-strength network (Davidson's inputs plus the opponent's HS_1 and PPOT_c) that
re-weights Loki-2's weight tables, and the learned models kept in the opponent store."""

from __future__ import annotations

import json
import sqlite3

import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.agents.base import Observation
from pokerlab.agents.loki2._kernels import net_reweight, network_triple
from pokerlab.agents.modelling.context_features import (
    STRENGTH_FEATURE_NAMES,
    board_pt_inputs,
    hand_decisions,
    strength_row,
)
from pokerlab.agents.modelling.learned_models import (
    FrequencyModel,
    NetworkModel,
    StrengthNetworkModel,
    TreeModel,
)
from pokerlab.agents.modelling.opponent_store import LEARNED_FORMAT, STORE_VERSION, OpponentStore
from pokerlab.agents.registry import create_bot
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.opponent_data import evaluate_strength, player_decisions
from pokerlab.cards import combo_index
from pokerlab.cli.main import app
from pokerlab.engine import Dealer, GameSettings, Hand


def _random_net(cls: type[NetworkModel], seed: int) -> NetworkModel:
    net = cls(seed=seed)
    rng = np.random.default_rng(seed)
    for w in (net.w1, net.b1, net.w2, net.b2):
        w += rng.normal(0, 1.5, w.shape)
    return net


@pytest.mark.parametrize("cls", [NetworkModel, StrengthNetworkModel])
def test_kernel_network_equals_numpy(cls: type[NetworkModel]) -> None:
    net = _random_net(cls, 4)
    x = np.random.default_rng(5).uniform(0, 1, (20, cls.inputs))
    flat = net.flat()
    got = np.array([network_triple(flat, row) for row in x])
    assert got == pytest.approx(net.predict_proba(x), abs=1e-12)


def test_net_reweight_multiplies_each_holding_by_its_probability() -> None:
    """Every live holding's weight times P(action | holding's HS_1 and PPOT_c, context) from
    the network, floored at 0.01; impossible holdings (NaN value, weight 0) untouched."""
    net = _random_net(StrengthNetworkModel, 6)
    board = (0, 17, 42)
    hs1, ppot = board_pt_inputs(board)
    x = np.random.default_rng(7).uniform(0, 1, 19)
    weights = np.random.default_rng(8).uniform(0, 1, 1326)
    weights[5] = 0.0
    before = weights.copy()
    net_reweight(weights, hs1, ppot, x, net.flat(), 2, 0.01)
    live = ~np.isnan(hs1) & (before > 0)
    rows = np.column_stack([np.tile(x, (1326, 1)), hs1, ppot])[live]
    expected = np.maximum(before[live] * net.predict_proba(rows)[:, 2], 0.01)
    assert weights[live] == pytest.approx(expected, rel=1e-12)
    assert weights[~live].tolist() == before[~live].tolist()


def test_strength_rows_of_stored_hands_use_every_recorded_hole_card() -> None:
    store = MatchStore(":memory:")
    match = run_match(MatchConfig(bots=("loki-a", "raiser"), hands=30, seed=2), store)
    data = player_decisions(store, match.match_id, "loki-a", strength=True)
    assert data.x.shape[1] == len(STRENGTH_FEATURE_NAMES) == 21
    assert data.x[:, 7:10].sum(axis=1).min() != 0  # post-flop decisions only
    config = MatchConfig(bots=("loki-a", "raiser"), hands=30, seed=2)
    k = 0
    for h, record in store.records(match.match_id):
        me = [config.player_names()[p] for p in record["players"]].index("loki-a")
        cards, n = record["cards"], len(record["players"])
        hand = Hand(config.game, record["stacks"], cards)
        for a in record["actions"]:
            hand.act((a[2], a[3]))
        showed = hand.finished and me in hand.showdown
        for (st, *_), (pos, x, _) in zip(record["actions"], hand_decisions(
                config.game, record["stacks"], cards, record["actions"]), strict=True):
            if pos == me and st > 0:
                assert data.hands[k] == h and bool(data.showdown[k]) == showed
                row = strength_row(x, cards[2 * n: 2 * n + 2 + st], cards[2 * me: 2 * me + 2])
                hs1, _ = board_pt_inputs(tuple(cards[2 * n: 2 * n + 2 + st]))
                assert row[19] == hs1[combo_index(*cards[2 * me: 2 * me + 2])]
                assert data.x[k].tolist() == row.tolist()
                k += 1
    assert k == len(data.y) and data.showdown.any() and not data.showdown.all()


def test_strength_network_learns_a_strength_dependent_player() -> None:
    """A player that raises with HS_1 above 0.7 and calls below: the 21-input network predicts
    it; the 19-input network, blind to the cards, cannot do better than the majority."""
    rng = np.random.default_rng(1)
    x = rng.uniform(0, 1, (1500, 21))
    y = np.where(x[:, 19] > 0.7, 2, 1)
    hands = np.arange(1500)
    from pokerlab.arena.opponent_data import Decisions

    report = evaluate_strength(Decisions("p", x, y, hands, showdown=x[:, 19] > 0.3))
    m = report["models"]
    assert m["strength all cards"]["accuracy"] > 0.95
    assert m["network (19 inputs)"]["accuracy"] < 0.8
    assert report["train_showdown_decisions"] < report["train_decisions"]


def test_loki2_strength_reweights_by_the_opponents_network() -> None:
    """Heads-up, Loki-2 in the big blind: pre-flop call and check, on the flop it checks and
    the button bets. The button's table is re-weighted by its hand-strength network's
    probability of a bet for each holding (the 19 inputs of that decision from the engine)."""
    bot = create_bot("loki2-strength", store_path="")
    net = _random_net(StrengthNetworkModel, 9)
    bot.strength["raiser"] = net
    game = GameSettings.preset("limit")
    cards = Dealer(seed=3).cards(0, 2)
    hand = Hand(game, [2000, 2000], cards)
    view = Observation(hand, 0, player_names=("me", "raiser"))
    bot.begin_hand(view)
    hand.act((1, 0))  # the button calls
    bot.observe(view)
    hand.act((1, 0))  # we check
    bot.observe(view)
    hand.act((1, 0))  # we check on the flop
    bot.observe(view)
    before = bot.tables[1].copy()
    hand.act((2, 10))  # the button bets
    bot.observe(view)
    history = view.actions
    x = list(hand_decisions(game, [2000, 2000], cards, history))[-1][1]
    board = tuple(cards[4:7])
    hs1, ppot = board_pt_inputs(board)
    live = ~np.isnan(hs1) & (before > 0)
    rows = np.column_stack([np.tile(x, (1326, 1)), hs1, ppot])[live]
    expected = np.maximum(before[live] * net.predict_proba(rows)[:, 2], bot.config.low_weight)
    assert bot.tables[1][live] == pytest.approx(expected, rel=1e-12)
    # without a network of the opponent it re-weights by the PT, as loki2-triple
    plain, other = create_bot("loki2-strength", store_path=""), create_bot("loki2-triple", store_path="")
    for b in (plain, other):
        hand = Hand(game, [2000, 2000], cards)
        v = Observation(hand, 0, player_names=("me", "raiser"))
        b.begin_hand(v)
        for action in ((1, 0), (1, 0), (1, 0), (2, 10)):
            hand.act(action)
            b.observe(v)
    assert plain.tables[1].tolist() == other.tables[1].tolist()


def test_learned_models_round_trip_in_the_store(tmp_path) -> None:
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, (200, 19))
    y = rng.integers(0, 3, 200)
    models = [_random_net(NetworkModel, 1), TreeModel().fit(x, y),
              _random_net(StrengthNetworkModel, 2), FrequencyModel().fit(x, y)]
    path = tmp_path / "opp.sqlite"
    store = OpponentStore(path)
    for m in models:
        store.save_learned("loki2-sim-network", "raiser", m, decisions=200, source="test")
    store.close()
    store = OpponentStore(path)
    assert store.names() == ["raiser"]
    assert [(r.kind, r.decisions) for r in store.learned_of("raiser")] == [
        ("frequency", 200), ("network", 200), ("strength-network", 200), ("tree", 200)]
    for m in models:
        back = store.load_learned("loki2-sim-network", "raiser", m.kind)
        assert json.dumps(back.to_dict()) == json.dumps(m.to_dict())
        assert store.load_learned(None, "raiser", m.kind) is not None  # any owner
    assert store.load_learned("other-bot", "raiser", "network") is None
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == STORE_VERSION
    store.close()


@pytest.mark.parametrize("damage", ["not json", "wrong shape", "format", "kind"])
def test_a_damaged_learned_row_is_refused_in_one_line(tmp_path, damage: str) -> None:
    path = tmp_path / "opp.sqlite"
    store = OpponentStore(path)
    store.save_learned("offline", "raiser", _random_net(NetworkModel, 1), decisions=10)
    store.close()
    conn = sqlite3.connect(path)
    good = json.loads(conn.execute("SELECT data FROM learned_models").fetchone()[0])
    if damage == "not json":
        conn.execute("UPDATE learned_models SET data = '{\"kind\": \"network\", \"w1\": [[1'")
    elif damage == "wrong shape":
        good["w2"] = good["w2"][:2]
        conn.execute("UPDATE learned_models SET data = ?", (json.dumps(good),))
    elif damage == "format":
        conn.execute("UPDATE learned_models SET format = ?", (LEARNED_FORMAT + 1,))
    else:
        good["kind"] = "tree"
        conn.execute("UPDATE learned_models SET data = ?", (json.dumps(good),))
    conn.commit()
    conn.close()
    store = OpponentStore(path)
    with pytest.raises(ValueError, match="offline's network model of raiser"):
        store.load_learned("offline", "raiser", "network")
    store.close()
    result = CliRunner().invoke(app, ["opponents", "show", "raiser", "--db", str(path)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "raiser" in result.output
    # a bot meeting the damaged row stops with the same line (not a guess, not a traceback)
    bot = create_bot("loki2-sim-network", store_path=str(path))
    with pytest.raises(ValueError, match="raiser"):
        bot.learned_model("raiser")


def test_a_store_of_a_newer_schema_is_refused(tmp_path) -> None:
    path = tmp_path / "opp.sqlite"
    OpponentStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {STORE_VERSION + 1}")
    conn.close()
    with pytest.raises(ValueError, match="newer"):
        OpponentStore(path)
    result = CliRunner().invoke(app, ["opponents", "list", "--db", str(path)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1


def test_models_learned_online_are_saved_at_end_match_and_loaded(tmp_path, monkeypatch) -> None:
    """Loki-2 learning a network (opponent_model) and a hand-strength network (from the
    showdowns: the calling station shows down every hand it does not win uncontested) saves
    both at the end of the match; a new bot loads them from the store."""
    path = tmp_path / "opp.sqlite"
    bot = create_bot("loki2-strength", store_path=str(path), opponent_model="network",
                     learn_every=10, learn_after=20)
    from pokerlab.arena.table import play_hand

    agents = [bot, create_bot("calling-station")]
    dealer = Dealer(seed=4)
    for h in range(30):
        bot.reseed(h)
        hand = Hand(GameSettings.preset("limit"), [2000, 2000], dealer.cards(h, 2))
        play_hand(hand, agents, hand_number=h, names=("loki2-strength", "calling-station"))
    bot.end_match()
    rows = OpponentStore(path).learned_of("calling-station")
    assert [(r.owner, r.kind, r.source) for r in rows] == [
        ("loki2-strength", "network", "online"), ("loki2-strength", "strength-network", "online")]
    assert rows[1].decisions == len(bot.strength_data["calling-station"][1]) >= 20
    again = create_bot("loki2-strength", store_path=str(path), opponent_model="network")
    loaded = again.strength_model("calling-station")
    assert loaded.flat().tolist() == bot.strength["calling-station"].flat().tolist()
    assert again.learned_model("calling-station").flat().tolist() == \
        bot.learned["calling-station"].flat().tolist()
    assert "calling-station" in again._strength_offline  # loaded: not refit on showdowns


def test_train_to_the_store_and_evaluate_it(tmp_path) -> None:
    db = tmp_path / "m.sqlite"
    store = MatchStore(db)
    run_match(MatchConfig(bots=("loki-a", "calling-station"), hands=60, seed=1), store)
    store.close()
    opp = tmp_path / "opp.sqlite"
    runner = CliRunner()
    for extra in ([], ["--showdown-only"]):
        result = runner.invoke(app, ["opponents", "train", "loki-a", "--db", str(db), "--store",
                                     str(opp), "--model", "strength-network", "--json", *extra])
        assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["source"].endswith("(showdowns) (post-flop)") and summary["owner"] == "offline"
    result = runner.invoke(app, ["opponents", "show", "loki-a", "--db", str(opp), "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)["learned"]
    assert [m["kind"] for m in shown] == ["strength-network"]  # one row per owner and kind
    assert shown[0]["decisions"] == summary["decisions"]
    result = runner.invoke(app, ["opponents", "evaluate", "--db", str(db), "--player", "loki-a",
                                 "--store", str(opp), "--strength", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    stored = data["players"][0]["stored"]
    assert [m["kind"] for m in stored] == ["strength-network"] and 0 < stored[0]["accuracy"] <= 1
    assert set(data["strength"][0]["models"]) == {"strength all cards", "strength showdowns",
                                                  "network (19 inputs)"}
    result = runner.invoke(app, ["opponents", "train", "loki-a", "--db", str(db), "--out",
                                 str(tmp_path / "x.json"), "--showdown-only"])
    assert result.exit_code == 2 and "--showdown-only" in result.output
    result = runner.invoke(app, ["opponents", "train", "loki-a", "--db", str(db)])
    assert result.exit_code == 2 and "--store" in result.output
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    result = runner.invoke(app, ["opponents", "train", "loki-a", "--db", str(db), "--store", str(bad)])
    assert result.exit_code == 2 and "--store" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_strength_network_plays_the_opponents_in_trials() -> None:
    """An opponent of kind 3 acts at each trial decision by its hand-strength network fed the
    decision's 19 inputs (the kernel's log of them), its HS_1 and PPOT_c on that street."""
    from pokerlab.agents.loki2._kernels import STRENGTH_NET_SIZE, pick, play_trial
    from pokerlab.agents.loki2.bot import Loki2Config
    from pokerlab.cards import parse_cards

    n = 3
    net = _random_net(StrengthNetworkModel, 11)
    kinds = np.array([0, 3, 3])
    nets = np.zeros((n, STRENGTH_NET_SIZE))
    nets[1] = nets[2] = net.flat()
    holes = np.array([[0, 1], [2, 3], [4, 5]], dtype=np.int64)
    board = np.array(parse_cards("AhKd7c2s9h"), dtype=np.int64)
    rng = np.random.default_rng(3)
    params = Loki2Config().pt_params()
    for trial in range(20):
        hs1, ppot, us = rng.uniform(0, 1, (4, n)), rng.uniform(0, 0.4, (4, n)), rng.uniform(0, 1, n)
        log = np.zeros((512, 3), dtype=np.int64)
        flog = np.zeros((512, 19))
        _, count = play_trial(holes, board, 1, 0, np.ones(n, dtype=np.bool_), np.zeros(n),
                              np.zeros(n, dtype=np.bool_), np.zeros(n, dtype=np.bool_), 30.0, 0,
                              np.array([10.0, 10.0, 20.0, 20.0]), 4, 1 + trial % 2, 0, us, hs1,
                              ppot, params, log, np.zeros((n, 5)), np.zeros(2), kinds, nets,
                              np.full((n, 3, 1), -1, dtype=np.int64), np.zeros((n, 1)),
                              np.full((n, 1, 3), 1 / 3), flog)
        theirs = 0
        raises = {1: 0, 2: 0, 3: 0}  # bets and raises made on each street so far
        for k in range(count):
            s, p, a = log[k]
            if p != 0:
                row = np.concatenate([flog[k], [hs1[s, p], 0.0 if s == 3 else ppot[s, p]]])
                want = pick(net.predict_proba(row[None, :])[0], us[p])
                if want == 0 and flog[k][0] == 0:
                    want = 1  # no fold when checking is free
                if want == 2 and raises[s] >= 4:
                    want = 1  # a raise at the cap is a call
                assert a == want, (trial, k)
                theirs += 1
            raises[s] += a == 2
        assert theirs > 0


def test_loki2_sim_strength_plays_a_table() -> None:
    config = MatchConfig(bots=("loki2-sim-strength", "loki-a", "raiser"), hands=6, seed=1)
    result = run_match(config, MatchStore(":memory:"))
    assert all(r.illegal_actions == 0 for r in result.results)
    assert sum(r.chips for r in result.results) == 0
