"""Opponent modelling: Algorithm 7, mu/delta from action frequencies, trust, tables during a real
hand, persistence per opponent name across matches, and ``pokerlab opponents show``."""

from __future__ import annotations

import json
import multiprocessing
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerlab.agents import create_bot
from pokerlab.agents.base import Observation
from pokerlab.agents.modelling.opponent_model import (
    ActionFrequencies,
    Consistency,
    OpponentModel,
    ShowdownStatistics,
    action_mu_delta,
    reweight,
    signature_text,
)
from pokerlab.agents.modelling.opponent_store import OpponentStore
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.cards import combo_index, parse_cards
from pokerlab.cli.main import app
from pokerlab.engine import BET_RAISE, CHECK_CALL, Action, Dealer, GameSettings, Hand


def test_algorithm7_interpolates_and_floors() -> None:
    # (value - mu + delta) / (2 delta), clipped to [0.01, 1]; docs/errata.md: line 11 floors weight[hand].
    w = np.array([1.0, 1.0, 0.5, 0.02, 1.0])
    values = np.array([0.2, 0.45, 0.55, 0.5, np.nan])
    reweight(w, values, mu=0.5, delta=0.1)
    assert w[:4].tolist() == pytest.approx([0.01, 0.25, 0.375, 0.01])
    assert w[4] == 1.0  # impossible holdings are left alone
    half = reweight(np.ones(2), np.array([0.0, 1.0]), 0.5, 0.1, trust=0.5)
    assert half.tolist() == pytest.approx([0.505, 1.0])
    with pytest.raises(ValueError, match="delta"):
        reweight(np.ones(1), np.ones(1), 0.5, 0.0)


def test_mu_from_action_frequencies() -> None:
    freq = ActionFrequencies(prior_weight=0.0)
    for action in [2] * 20 + [1] * 30 + [0] * 50:
        freq.observe(1, True, action)
    values = np.linspace(0, 1, 101)
    weights = np.ones(101)
    mu, delta = action_mu_delta(freq, 1, True, 2, values, weights)
    assert mu == pytest.approx(0.8, abs=0.011)          # raises with the top 20%
    assert delta == pytest.approx(0.4 * (1 - mu))
    mu_call, _ = action_mu_delta(freq, 1, True, 1, values, weights)
    assert mu_call == pytest.approx(0.5, abs=0.011)     # calls above the folded half
    assert action_mu_delta(freq, 1, False, 1, values, weights) is None  # a free check


def test_consistency_trust() -> None:
    honest, random_player = Consistency(), Consistency()
    for _ in range(200):
        honest.add(True, 0.5)
    for k in range(200):
        random_player.add(k % 2 == 0, 0.5)
    assert honest.trust == 1.0 and random_player.trust < 0.1


def _raise_hand() -> tuple[Hand, Observation]:
    hand = Hand(GameSettings.preset("limit"), [2000, 2000], Dealer(seed=3).cards(0, 2))
    view = Observation(hand, position=0)  # the big blind heads-up
    return hand, view


def test_loki_table_moves_to_strong_hands_after_a_raise() -> None:
    bot = create_bot("loki-a")
    hand, view = _raise_hand()
    bot.begin_hand(view)
    assert set(np.unique(bot.tables[1])) == {0.0, 1.0}  # Papp: every weight starts at 1
    hand.apply_checked(Action(BET_RAISE, hand.legal().min_raise_to))  # the button raises
    bot.observe(view)
    after = bot.tables[1]
    aa, seven_two = combo_index(*parse_cards("AcAd")), combo_index(*parse_cards("7c2d"))
    for c in view.hole:  # our own cards are impossible for the opponent
        assert all(after[i] == 0 for i in range(1326) if c in _cards(i))
    if after[aa] > 0 and after[seven_two] > 0:
        assert after[aa] == 1.0 and after[seven_two] == 0.01
    assert bot.model(bot.opponent_name(view, 1)).contexts.observations() == 1
    uniform = create_bot("loki-b")
    hand, view = _raise_hand()
    uniform.begin_hand(view)
    hand.apply_checked(Action(BET_RAISE, hand.legal().min_raise_to))
    uniform.observe(view)
    assert uniform.live_tables(view)[0].min() == 1.0  # version B keeps uniform tables
    # ... while the action is still counted.
    assert uniform.model(uniform.opponent_name(view, 1)).contexts.observations() == 1


def _cards(i: int) -> tuple[int, int]:
    from pokerlab.cards import ALL_COMBOS

    a, b = ALL_COMBOS[i]
    return int(a), int(b)


def test_signature_text_round_trip() -> None:
    from pokerlab.agents.modelling.opponent_model import parse_signature

    sig = (("RAISE", "FEW"), ("CALL", "MODERATE"))
    assert signature_text(sig) == "1:RAISE,FEW;2:CALL,MODERATE"
    assert parse_signature(signature_text(sig)) == sig


def test_models_persist_across_matches_and_show(tmp_path, monkeypatch) -> None:
    db = tmp_path / "opp.sqlite"
    monkeypatch.setenv("POKERLAB_OPPONENT_DB", str(db))
    for seed in (1, 2):
        bot = create_bot("waterloo-phase3-conservative-trust")
        assert bot.store_path == str(db)
        config = MatchConfig(bots=("waterloo-phase3-conservative-trust", "calling-station"),
                             hands=40, game=GameSettings.preset("no-limit"), seed=seed)
        run_match(config, MatchStore(":memory:"))
    store = OpponentStore(db)
    models = dict(store.models_of("calling-station"))  # named by the arena, not by seat
    store.close()
    model = models["waterloo-phase3-conservative-trust"]
    assert model.hands >= 80            # both matches' hands in one model
    assert model.showdowns.samples      # the calling station shows down often
    runner = CliRunner()
    result = runner.invoke(app, ["opponents", "show", "calling-station", "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["opponent"] == "calling-station" and data["models"][0]["hands"] >= 80
    table = runner.invoke(app, ["opponents", "show", "calling-station", "--db", str(db)],
                          env={"COLUMNS": "200"})
    assert table.exit_code == 0 and "showdown statistics" in table.output
    missing = runner.invoke(app, ["opponents", "show", "nobody", "--db", str(db)])
    assert missing.exit_code == 2 and "no model of opponent 'nobody'" in missing.output
    listed = runner.invoke(app, ["opponents", "list", "--db", str(db), "--json"])
    assert "calling-station" in json.loads(listed.output)["opponents"]


def test_store_round_trip_and_bad_path(tmp_path) -> None:
    store = OpponentStore(tmp_path / "s.sqlite")
    m = OpponentModel("villain")
    m.showdowns.add((("CALL", "FEW"),), 0.4)
    m.consistency.add(True, 0.3)
    store.replace("me", m)
    back = store.load("me", "villain")
    store.close()
    assert back is not None and back.to_dict() == m.to_dict()
    result = CliRunner().invoke(app, ["opponents", "list", "--db", str(tmp_path / "none.sqlite")])
    assert result.exit_code == 2 and "no such opponent store" in result.output


def test_store_serves_the_threads_of_a_match(tmp_path) -> None:
    # A bot opens its store on the table thread of its first call; under a time limit its later
    # calls run on other table threads and its last save at exit on the main thread.
    store = OpponentStore(tmp_path / "s.sqlite")
    m = OpponentModel("villain")
    m.hands = 3
    errors: list[BaseException] = []

    def merge() -> None:
        try:
            store.merge("me", m)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=merge) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert store.load("me", "villain").hands == 12
    store.close()


def test_check_call_kind_constant() -> None:
    # The modelling code reads kinds 0/1/2 from the history: the engine's constants.
    assert CHECK_CALL == 1 and BET_RAISE == 2


def test_seats_followed_through_a_freezeout(monkeypatch) -> None:
    # Opponent models are named by seat; in a freezeout the bots must skip the seats that went
    # broke. Compare each bot's seat per position with the arena's record of every hand.
    import pokerlab.agents.waterloo as waterloo

    seen: list[tuple[int, list[int]]] = []
    original = waterloo.WaterlooBot.end_hand

    def end_hand(self, observation) -> None:
        seen.append((observation.hand_number,
                     [self.seat_of(observation, p) for p in range(observation.players)]))
        original(self, observation)

    monkeypatch.setattr(waterloo.WaterlooBot, "end_hand", end_hand)
    store = MatchStore(":memory:")
    config = MatchConfig(bots=("waterloo-phase1", "waterloo-phase2-normal",
                               "waterloo-phase3-conservative-trust"),
                         seats=6, hands=400, seed=3, game=GameSettings.preset("no-limit"),
                         freezeout=True)
    result = run_match(config, store)
    records = dict(store.records(result.match_id))
    assert any(len(r["players"]) < 6 for r in records.values())  # somebody went broke
    assert seen and all(records[h]["players"] == seats for h, seats in seen)


def test_duplicate_match_models_follow_named_players_across_seats(monkeypatch) -> None:
    # Players rotate one seat per hand in a duplicate match; a model keyed by seat would mix
    # the raisers' and the calling stations' actions. Keyed by player name, each stays pure.
    from pokerlab.arena import match as arena_match

    monkeypatch.delenv("POKERLAB_OPPONENT_DB", raising=False)
    config = MatchConfig(bots=("loki-a", "raiser", "calling-station"), hands=36, seats=6,
                         game=GameSettings.preset("limit"), duplicate=True, seed=5)
    names = config.player_names()
    assert names == ["loki-a#1", "raiser#1", "calling-station#1",
                     "loki-a#2", "raiser#2", "calling-station#2"]
    tables = []
    real_table = arena_match._table
    monkeypatch.setattr(arena_match, "_table", lambda key: tables.append(real_table(key)) or tables[-1])
    run_match(config, MatchStore(":memory:"))
    agents = tables[0][1]
    for me in (0, 3):
        bot = agents[me]
        assert set(bot.models) == set(names) - {names[me]}  # the other copy is an opponent too
        for name, model in bot.models.items():
            counts = model.frequencies.counts.sum(axis=(0, 1))  # fold, call, raise
            assert model.hands == 36, name          # seen in every hand, whatever its seat
            if name.startswith("raiser"):
                assert counts[0] == 0 and counts[2] > counts[1], (name, counts)
            elif name.startswith("calling-station"):
                assert counts[0] == 0 and counts[2] == 0 and counts[1] > 0, (name, counts)


# -- several writers, one store ------------------------------------------------------------
# Copies of a bot (two seats, worker processes, freezeout trials) all save under the same
# (owner, opponent) rows: each must add what it learned, none may overwrite the others.

_LEARN = st.tuples(
    st.integers(0, 1),                       # which bot
    st.sampled_from(["villain", "fish"]),    # which opponent
    st.integers(0, 3), st.booleans(), st.integers(0, 2),   # street, facing, action
    st.floats(0.0, 1.0),                     # a showdown strength / a consistency base
    st.booleans(),                           # save afterwards?
)


def _learn(model: OpponentModel, street: int, facing: bool, action: int, x: float) -> None:
    model.hands += 1
    model.frequencies.observe(street, facing, action)
    model.showdowns.add((("RAISE" if action == 2 else "CALL", "FEW"),) * (street + 1), x)
    model.consistency.add(action == 2, x)


@settings(max_examples=40, deadline=None)
@given(st.lists(_LEARN, min_size=1, max_size=30))
def test_two_bots_saving_to_one_store_add_up(steps) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "opp.sqlite")
        bots = [create_bot("loki-b", store_path=path) for _ in range(2)]
        expected = {name: OpponentModel(name) for name in ("villain", "fish")}
        for who, name, street, facing, action, x, save in steps:
            _learn(bots[who].model(name), street, facing, action, x)
            _learn(expected[name], street, facing, action, x)
            if save:
                bots[who].save_models()
        for bot in bots:
            bot.save_models()
            bot.save_models()  # nothing new: nothing added
        late = create_bot("loki-b", store_path=path)  # loads the pooled models
        store = OpponentStore(path)
        try:
            for name, want in expected.items():
                got = store.load("loki-b", name)
                if want.hands == 0:
                    assert got is None and late.model(name).is_empty()
                    continue
                assert got is not None and got.hands == want.hands
                assert np.array_equal(got.frequencies.counts, want.frequencies.counts)
                assert got.frequencies.prior_weight == want.frequencies.prior_weight  # not summed
                assert {s: sorted(v) for s, v in got.showdowns.samples.items()} == \
                    {s: sorted(v) for s, v in want.showdowns.samples.items()}
                c, w = got.consistency, want.consistency
                assert (c.hits, c.events, c.prior_events) == (w.hits, w.events, w.prior_events)
                assert c.base == pytest.approx(w.base)  # float sums: equal up to rounding
                assert late.model(name).to_dict() == got.to_dict()
                # The bot that saved last has adopted the merged row.
                assert bots[1].model(name).hands == want.hands
        finally:
            store.close()
        late.save_models()  # loaded, learned nothing: adds nothing
        store = OpponentStore(path)
        assert sum(m.hands for _, m in store.models_of("villain")) == expected["villain"].hands
        store.close()


def test_learned_since_refuses_a_state_that_is_not_earlier() -> None:
    m = OpponentModel("villain")
    later = m.copy()
    _learn(later, 1, True, 2, 0.5)
    with pytest.raises(ValueError, match="hands"):
        m.learned_since(later)
    with pytest.raises(ValueError, match="cannot merge"):
        m.merge(OpponentModel("other"))
    assert later.learned_since(m).to_dict() == later.to_dict()


def _save_many_times(path: str, worker: int, rounds: int, start) -> None:
    # A child process: its own bot, saving after every hand while the other child does too.
    bot = create_bot("loki-b", store_path=path)
    start.wait()
    for k in range(rounds):
        model = bot.model("villain")
        model.hands += 1
        model.frequencies.observe(k % 4, bool(worker), (k + worker) % 3)
        if k % 5 == 0:
            model.showdowns.add((("CALL", "FEW"),), worker + k / 1000)
        bot.save_models()
    bot.model("fish").hands += 1
    bot.save_models()


def test_processes_saving_concurrently_lose_nothing(tmp_path) -> None:
    path = str(tmp_path / "opp.sqlite")
    context = multiprocessing.get_context("fork")
    workers, rounds = 3, 60
    start = context.Barrier(workers)
    procs = [context.Process(target=_save_many_times, args=(path, w, rounds, start))
             for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0] * workers
    want = np.zeros((4, 2, 3))
    for w in range(workers):
        for k in range(rounds):
            want[k % 4, int(bool(w)), (k + w) % 3] += 1
    store = OpponentStore(path)
    model = store.load("loki-b", "villain")
    fish = store.load("loki-b", "fish")
    store.close()
    assert model is not None and fish is not None
    assert model.hands == workers * rounds and fish.hands == workers
    assert np.array_equal(model.frequencies.counts, want)
    shown = sorted(model.showdowns.samples[((("CALL", "FEW"),), 3)])
    assert shown == sorted(w + k / 1000 for w in range(workers) for k in range(0, rounds, 5))


def _stored_counts(path: Path) -> dict[tuple[str, str], tuple[int, list]]:
    store = OpponentStore(path)
    try:
        return {(owner, name): (m.hands, m.frequencies.counts.tolist())
                for name in store.names() for owner, m in store.models_of(name)}
    finally:
        store.close()


def test_parallel_match_stores_the_same_counts_as_one_process(tmp_path, monkeypatch) -> None:
    # Loki B and E decide without their models (no weighting), so every hand is played alike
    # whichever process plays it, and the stored action counts must agree exactly. Two copies
    # of each bot share every (owner, opponent) row, in both runs.
    from pokerlab.arena import match as arena_match

    monkeypatch.setattr(arena_match, "BATCH", 10)   # tasks of 40 hands: three for 2 workers
    runner = CliRunner()
    stored = {}
    for workers in (1, 2):
        monkeypatch.setattr(arena_match, "_TABLES", {})  # fresh bots, created with this store
        db = tmp_path / f"opp-{workers}.sqlite"
        monkeypatch.setenv("POKERLAB_OPPONENT_DB", str(db))
        result = runner.invoke(app, ["match", "loki-b", "loki-e", "--seats", "4", "--hands", "110",
                                     "--seed", "4", "--workers", str(workers), "--no-progress",
                                     "--json", "--db", str(tmp_path / f"hands-{workers}.sqlite")])
        assert result.exit_code == 0, result.output
        stored[workers] = _stored_counts(db)
    owners = {owner for owner, _ in stored[1]}
    assert owners == {"loki-b", "loki-e"} and len(stored[1]) == 8  # each copy models the others
    # Both copies of a bot see every hand, so a row counts every hand once per copy that
    # models the opponent (loki-b#1 is modelled by loki-b#2 alone).
    for (owner, name), (hands, _) in stored[1].items():
        assert hands == 110 * (1 if name.startswith(owner + "#") else 2), (owner, name)
    assert stored[2] == stored[1]


def _learn_and_save(bot, hands: int) -> None:
    for _ in range(hands):
        _learn(bot.model("villain"), 2, True, 1, 0.25)
    bot.save_models()


def test_forked_copy_of_a_bot_saves_only_what_it_learned(tmp_path) -> None:
    # A fork inherits the bot, its open store and its synchronised state: the child must open
    # its own connection and add only its own hands, not the parent's again.
    bot = create_bot("loki-b", store_path=str(tmp_path / "opp.sqlite"))
    _learn_and_save(bot, 3)
    _learn(bot.model("villain"), 1, False, 2, 0.5)   # learned, not saved before the fork
    child = multiprocessing.get_context("fork").Process(target=_learn_and_save, args=(bot, 5))
    child.start()
    child.join(60)
    assert child.exitcode == 0
    _learn_and_save(bot, 2)
    stored = OpponentStore(tmp_path / "opp.sqlite")
    model = stored.load("loki-b", "villain")
    stored.close()
    # Parent: 3 + 1 + 2 hands. Child: the unsaved hand it inherited (the parent saves that one
    # too: both processes hold it) and 5 of its own.
    assert model is not None and model.hands == 3 + 1 + 2 + 1 + 5
    assert bot.model("villain").hands == model.hands  # the parent adopted the pooled row


def test_showdown_strengths_are_kept_per_round() -> None:
    # Waterloo §3.4.2 compares the hand an opponent has "right now": a flop decision reads the
    # flop strengths of the hands shown after the same betting, not their river strengths.
    s = ShowdownStatistics()
    sig = (("CALL", "FEW"), ("RAISE", "MODERATE"))
    s.add(sig, [float("nan"), 0.3, 0.5, 0.9], rounds=[0, 1])
    s.add(sig, [float("nan"), 0.5, 0.7, 0.7], rounds=[0, 1])
    assert s.lookup(sig, 2, street=1)[:1] == (0.4,)
    assert s.lookup(sig[:1], 2, street=2)[0] == pytest.approx(0.6)
    assert s.lookup(sig, 2, street=3)[0] == pytest.approx(0.8)
    assert s.lookup(sig, 2, street=0) is None          # no pre-flop strengths were given
    assert s.lookup(sig, 3, street=1) is None          # trusted only from min_samples
    again = ShowdownStatistics.from_dict(s.to_dict())
    assert again.samples == s.samples
    # A store written before strengths were kept per round held river strengths only.
    old = ShowdownStatistics.from_dict({"1:CALL,FEW": [0.9, 0.8]})
    assert old.lookup((("CALL", "FEW"),), 2) == old.lookup((("CALL", "FEW"),), 2, street=3)
    assert old.lookup((("CALL", "FEW"),), 2, street=1) is None


def test_a_match_ends_with_the_models_saved(tmp_path, monkeypatch) -> None:
    # Loki saves every 25 hands; the end of a match saves the rest, so a next match (or the
    # next freezeout trial) starts from everything the last one saw.
    db = tmp_path / "opp.sqlite"
    monkeypatch.setenv("POKERLAB_OPPONENT_DB", str(db))
    for seed in (1, 2):
        config = MatchConfig(bots=("loki-a", "raiser"), hands=31, game=GameSettings.preset("limit"),
                             seed=seed)
        run_match(config, MatchStore(":memory:"))
        store = OpponentStore(db)
        model = store.load("loki-a", "raiser")
        store.close()
        assert model is not None and model.hands == 31 * seed


def _open_store_at_once(path: str, barrier, failures) -> None:
    barrier.wait()
    try:
        OpponentStore(path).close()
    except Exception:  # the failure under test: "database is locked" while switching to WAL
        failures.put(1)


def test_processes_opening_a_new_store_at_once_all_succeed(tmp_path) -> None:
    # Switching a new file to WAL takes a lock SQLite does not wait for; before the retry in
    # pokerlab._sqlite.connect, about 3% of simultaneous first opens failed.
    context = multiprocessing.get_context("fork")
    failures = context.Queue()
    for trial in range(10):
        path = str(tmp_path / f"new-{trial}.sqlite")
        barrier = context.Barrier(6)
        procs = [context.Process(target=_open_store_at_once, args=(path, barrier, failures))
                 for _ in range(6)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        assert [p.exitcode for p in procs] == [0] * 6
    assert failures.empty()


def test_show_gives_the_raw_counts_and_the_prior_of_a_bot_that_never_folds(tmp_path, monkeypatch) -> None:
    # Issue 28: 'opponents show raiser' reported fold rates of 0.03-0.06 for a bot that never
    # folds, with no word of the prior behind them. The counts seen and the prior are shown.
    db = tmp_path / "opp.sqlite"
    monkeypatch.setenv("POKERLAB_OPPONENT_DB", str(db))
    config = MatchConfig(bots=("waterloo-phase3-conservative-trust", "raiser"), hands=40,
                         game=GameSettings.preset("no-limit"), seed=1)
    run_match(config, MatchStore(":memory:"))
    runner = CliRunner()
    result = runner.invoke(app, ["opponents", "show", "raiser", "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    (model,) = json.loads(result.output)["models"]
    counts = np.array(model["frequencies"]["counts"])
    prior, estimates = np.array(model["prior_counts"]), np.array(model["estimates"])
    assert counts[..., 0].sum() == 0 and counts.sum() > 0  # never folded
    assert (estimates[:, 1, 0] > 0).all()                  # yet estimated to fold, by the prior
    np.testing.assert_allclose(estimates, (counts + prior) / (counts + prior).sum(axis=2, keepdims=True))
    table = runner.invoke(app, ["opponents", "show", "raiser", "--db", str(db)], env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    assert "prior of 10 pseudo-actions" in " ".join(table.output.split())
    flop_facing = next(line for line in table.output.splitlines() if "flop" in line and "│ bet " in line)
    assert "(0)" in flop_facing.split("│")[4]  # the fold cell: estimate (0 seen)
    for line in runner.invoke(app, ["opponents", "show", "raiser", "--db", str(db)],
                              env={"COLUMNS": "80"}).output.splitlines():
        assert len(line) <= 80, line
