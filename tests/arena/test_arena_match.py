"""Matches: determinism across workers, duplicate sets, freezeouts, illegal actions, storage."""

from __future__ import annotations

import math

import pytest

from pokerlab.agents import Agent, Observation, register_bot
from pokerlab.agents.registry import unregister_bot
from pokerlab.arena import MatchConfig, MatchStore, run_match, schedule, win_rate
from pokerlab.engine import Action, GameSettings, read_phh

LIMIT = GameSettings.preset("limit")


def test_duplicate_self_play_of_a_deterministic_bot_is_exactly_even() -> None:
    # Each deal is played twice with the seats swapped: identical bots win and lose the
    # same chips with the same cards, so every duplicate pair nets zero.
    config = MatchConfig(bots=("calling-station", "calling-station"), hands=400,
                         game=LIMIT, duplicate=True, seed=5)
    result = run_match(config, MatchStore(":memory:"))
    for r in result.results:
        assert r.per_hand == 0.0 and r.ci95 == (0.0, 0.0) and r.hands == 400
    assert [r.bot for r in result.results] == ["calling-station", "calling-station#2"]


def test_duplicate_groups_by_seats_not_by_bots() -> None:
    # Issue 28: two identical deterministic bots over four seats. Each duplicate set is four
    # hands (every player holds every seat's cards once), so each set nets zero for both bots
    # and the interval is (0, 0); grouping the sets by the number of bots (two) would not be.
    config = MatchConfig(bots=("calling-station", "calling-station"), hands=400, seats=4,
                         game=LIMIT, duplicate=True, seed=5)
    result = run_match(config, MatchStore(":memory:"))
    for r in result.results:
        assert r.per_hand == 0.0 and r.ci95 == (0.0, 0.0) and r.hands == 400


def test_duplicate_schedule_rotates_players_over_the_same_deal() -> None:
    config = MatchConfig(bots=("a", "b", "c"), hands=9, duplicate=True)
    rows = [schedule(config, h) for h in range(3, 6)]
    assert {deal for deal, _, _ in rows} == {1} and {button for _, button, _ in rows} == {1}
    # Each player holds each seat's cards once in the set: a rotation of one circular order.
    first = rows[0][2]
    assert [players for _, _, players in rows] == [first[k:] + first[:k] for k in range(3)]
    with pytest.raises(ValueError, match="multiple of the 3 seats"):
        MatchConfig(bots=("a", "b", "c"), hands=10, duplicate=True)


def test_duplicate_sets_shuffle_who_sits_next_to_whom() -> None:
    # Alberta: each deal is replayed "shuffling the seating arrangement each time". With fixed
    # rotations a player would always act right after the same opponent.
    config = MatchConfig(bots=tuple("abcdefghij"), hands=10 * 200, duplicate=True, seed=3)
    after = {p: set() for p in range(10)}
    for deal in range(200):
        players = schedule(config, 10 * deal)[2]
        assert sorted(players) == list(range(10))
        for seat in range(10):
            after[players[seat]].add(players[(seat + 1) % 10])
    assert all(len(neighbours) == 9 for neighbours in after.values())
    assert schedule(config, 10) == schedule(MatchConfig(bots=tuple("abcdefghij"), hands=20,
                                                         duplicate=True, seed=3), 10)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    config = MatchConfig(bots=("random", "raiser", "calling-station"), hands=2400,
                         game=GameSettings.preset("no-limit"), seed=8)
    one, two = MatchStore(":memory:"), MatchStore(":memory:")
    a = run_match(config, one)
    b = run_match(config, two, workers=2)
    assert one.payoffs(a.match_id) == two.payoffs(b.match_id)
    assert list(one.records(a.match_id)) == list(two.records(b.match_id))
    assert [r.per_hand for r in a.results] == [r.per_hand for r in b.results]
    assert a.results[0].unit == "mbb"


def test_learning_bots_give_the_same_results_for_any_number_of_workers(monkeypatch) -> None:
    # Loki A learns its opponents' action frequencies hand after hand. With workers every task
    # starts with fresh bots, so which process plays which task (a race) cannot matter.
    from pokerlab.arena import match as arena_match

    monkeypatch.setattr(arena_match, "BATCH", 10)  # tasks of 40 hands
    config = MatchConfig(bots=("loki-a", "raiser", "calling-station"), hands=120, game=LIMIT, seed=6)
    payoffs = []
    for workers in (2, 3):
        store = MatchStore(":memory:")
        result = run_match(config, store, workers=workers)
        payoffs.append(store.payoffs(result.match_id))
    assert payoffs[0] == payoffs[1]


def test_freezeout_ends_with_one_player_and_records_knockouts() -> None:
    game = GameSettings.preset("no-limit", starting_stack=60)
    config = MatchConfig(bots=("raiser", "random", "calling-station", "random"), hands=5000,
                         game=game, freezeout=True, seed=2)
    store = MatchStore(":memory:")
    result = run_match(config, store)
    assert result.finished
    knocked = [r.knocked_out for r in result.results]
    assert sum(k is None for k in knocked) == 1  # the winner
    last = store.last_record(result.match_id)[1]
    assert sorted(last["finishing"]) == [0, 0, 0, 4 * 60]  # one player has every chip
    assert max(k for k in knocked if k is not None) == result.hands_stored
    assert sum(r.chips for r in result.results) == 0


def test_illegal_actions_are_replaced_counted_and_stored() -> None:
    @register_bot("test-cheat", "answers nonsense")
    class Cheat(Agent):
        def act(self, observation: Observation) -> Action:
            if observation.street == 0:
                return Action(2, 10**9)  # far above any maximum
            raise RuntimeError("lost the plot")

    try:
        config = MatchConfig(bots=("test-cheat", "calling-station"), hands=50, game=LIMIT)
        store = MatchStore(":memory:")
        result = run_match(config, store)
    finally:
        unregister_bot("test-cheat")
    assert result.hands_stored == 50
    assert result.results[0].illegal_actions > 0 and result.results[1].illegal_actions == 0
    reasons = {reason for _, record in store.records(result.match_id)
               for _, _, reason in record["illegal"]}
    assert any("above the maximum" in r for r in reasons)
    assert any("RuntimeError: lost the plot" in r for r in reasons)


def test_hand_histories_replay_to_the_stored_payoffs(tmp_path) -> None:
    config = MatchConfig(bots=("random", "raiser", "calling-station"), hands=60,
                         game=GameSettings.preset("pot-limit"), seed=3)
    store = MatchStore(tmp_path / "m.sqlite")
    result = run_match(config, store, hand_history=tmp_path / "phh")
    files = sorted((tmp_path / "phh").glob("*.phh"))
    assert len(files) == 60
    for (h, record), payoffs, path in zip(store.records(result.match_id),
                                          store.payoffs(result.match_id), files, strict=True):
        hand = read_phh(path.read_text())
        assert [payoffs[p] for p in record["players"]] == hand.payoffs, h
        assert f"hand = {h + 1}" in path.read_text()


def test_resume_needs_the_same_settings(tmp_path) -> None:
    store = MatchStore(tmp_path / "m.sqlite")
    config = MatchConfig(bots=("random", "raiser"), hands=300, game=LIMIT, seed=1)
    first = run_match(config, store)
    again = run_match(config, store, resume=True)  # nothing left to play
    assert again.match_id == first.match_id and again.hands_played == 0
    assert again.hands_stored == 300
    other = MatchConfig(bots=("random", "raiser"), hands=300, game=LIMIT, seed=2)
    # the message names what differs, so the person can fix the command line
    with pytest.raises(ValueError, match=r"match 1 in .* differs in --seed \(1 there, 2 here\)"):
        run_match(other, store, resume=True)
    with pytest.raises(ValueError, match=r"holds no match to resume"):
        run_match(config, MatchStore(tmp_path / "empty.sqlite"), resume=True)


def test_win_rate_groups_duplicate_sets() -> None:
    mean, (low, high) = win_rate([1.0, 3.0, -1.0, 1.0], group=2)
    assert mean == 1.0 and math.isclose(low, high - 2 * (high - 1.0))
    assert low == pytest.approx(1.0 - 12.7062 * 1.0, rel=1e-4)  # t(0.975, 1) = 12.706
    assert math.isnan(win_rate([1.0])[1][0])


def test_freezeout_resumes_after_lost_batches(tmp_path) -> None:
    # Simulate a crash that lost the last batches: delete them, resume, compare with a
    # match that was never interrupted.
    game = GameSettings.preset("limit", starting_stack=600)
    config = MatchConfig(bots=("calling-station", "raiser", "random", "calling-station"), hands=100000,
                         game=game, freezeout=True, seed=4)
    whole = MatchStore(tmp_path / "whole.sqlite")
    full = run_match(config, whole)
    cut = full.hands_stored // 2
    assert cut > 20
    broken = MatchStore(tmp_path / "broken.sqlite")
    first = run_match(config, broken)
    broken.conn.execute("DELETE FROM hands WHERE hand_no >= ?", (cut,))
    resumed = run_match(config, broken, resume=True)
    assert resumed.match_id == first.match_id
    assert resumed.hands_played == full.hands_stored - cut
    assert list(broken.records(1)) == list(whole.records(full.match_id))
    assert [r.knocked_out for r in resumed.results] == [r.knocked_out for r in full.results]



@pytest.mark.parametrize("freezeout", [False, True])
def test_an_interrupted_one_process_match_keeps_the_hands_a_slow_bot_played(monkeypatch, freezeout) -> None:
    # A slow bot's match stores its hands as they are played (the batch shrinks to what
    # STORE_SECONDS holds), so Ctrl-C loses only the hand in play; a freezeout too (its
    # stacks carry over, so it resumes where the stored hands end).
    from pokerlab.arena import match as arena_match

    monkeypatch.setattr(arena_match, "STORE_SECONDS", 0.0)
    seen = set()

    @register_bot("test-interrupted", "calls until its fifth hand, then stops like Ctrl-C")
    class Interrupted(Agent):
        def act(self, observation: Observation) -> Action:
            seen.add(observation.hand_number)
            if len(seen) > 5:
                raise KeyboardInterrupt
            return Action(1)

    config = MatchConfig(bots=("test-interrupted", "calling-station"), hands=50, game=LIMIT,
                         freezeout=freezeout)
    store = MatchStore(":memory:")
    try:
        with pytest.raises(KeyboardInterrupt):
            run_match(config, store)
    finally:
        unregister_bot("test-interrupted")
    assert store.hand_numbers(1) == set(range(5))
