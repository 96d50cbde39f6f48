"""Replaying a stored match's street with a stand-in: the player itself as its stand-in changes
nothing; another stand-in's difference is the stored chips less the replayed ones, hand by
hand, and the situations add up to it; the command's table and JSON."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pokerlab.agents.registry import create_bot
from pokerlab.arena.counterfactual import counterfactual, replay_hand
from pokerlab.arena.match import MatchConfig, run_match
from pokerlab.arena.storage import MatchStore
from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.engine import GameSettings

GAME = GameSettings.preset("no-limit", starting_stack=200)


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    path = tmp_path_factory.mktemp("cf") / "m.sqlite"
    store = MatchStore(path)
    config = MatchConfig(bots=("nl-rules", "calling-station"), hands=200, seed=4, game=GAME, duplicate=True)
    run_match(config, store)
    store.close()
    return path


def test_the_player_as_its_own_stand_in_changes_nothing(stored) -> None:
    store = MatchStore(stored)
    # calling-station is deterministic: replayed, it plays as it played
    result = counterfactual(store, 1, "calling-station", "turn", "calling-station")
    assert result.acted > 20 and result.per_hand == 0.0
    assert all(r.stand_in == r.played for r in result.rows)


def test_a_stand_in_changes_what_the_replay_says_and_the_rows_add_up(stored) -> None:
    store = MatchStore(stored)
    result = counterfactual(store, 1, "nl-rules", "river", "calling-station")
    assert result.hands == 200 and 0 < result.acted < 200 and result.unit == "mbb"
    assert sum(r.hands for r in result.rows) == result.acted
    assert sum(r.per_hand for r in result.rows) == pytest.approx(result.per_hand)
    assert {r.stand_in for r in result.rows} <= {"check", "call"}  # all a calling station does
    assert any(r.played in ("bet", "raise", "fold") for r in result.rows)
    # one hand by hand: the stored chips less the replayed ones
    config = MatchConfig.from_key(store.match(1)["config"])
    total = 0.0
    for (_, record), paid in zip(store.records(1), store.payoffs(1), strict=True):
        me = record["players"].index(0)
        bots = [create_bot("calling-station") for _ in range(2)]  # the stand-in and the opponent
        found = replay_hand(config, record, me, 3, bots)
        if found is not None:
            total += paid[0] - found[0]
    assert total / config.game.unit_size / 200 == pytest.approx(result.per_hand)


def test_the_command_prints_a_table_and_json(stored, capsys) -> None:
    args = ["counterfactual", "--db", str(stored), "--player", "nl-rules", "--stand-in", "calling-station",
            "--street", "river"]
    assert run(app, [*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player"] == "nl-rules" and data["street"] == "river" and data["hands"] == 200
    assert data["ci95"][0] <= data["per_hand"] <= data["ci95"][1]
    assert np.isclose(sum(r["per_hand"] for r in data["rows"]), data["per_hand"])
    assert run(app, [*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "first in" in out and "stand-in" in out and max(len(line) for line in out.splitlines()) <= 80


def test_a_draw_match_or_an_unknown_player_is_one_line(stored, tmp_path, capsys) -> None:
    path = tmp_path / "draw.sqlite"
    store = MatchStore(path)
    run_match(MatchConfig(bots=("draw-rules", "random"), hands=4, seed=1,
                          game=GameSettings.preset("limit", variant="five-card-draw")), store)
    store.close()
    for args, named in ((["--db", str(path), "--player", "random"], "--match"),
                        (["--db", str(stored), "--player", "nobody"], "--player")):
        status = run(app, ["counterfactual", *args, "--stand-in", "raiser"])
        out, err = capsys.readouterr()
        assert status == 2 and out == "" and err.count("\n") == 1 and named in err, err


def test_from_the_first_card_with_the_opponent_as_stand_in_it_is_the_duplicate_result(tmp_path) -> None:
    # Replayed from the pre-flop with its opponent's bot in its place, a player's difference is
    # its stored chips less the opponent's self-play on the same cards; a duplicate pair of
    # self-play hands sums to zero (deterministic bots), so the difference is the match result.
    store = MatchStore(tmp_path / "d.sqlite")
    result = run_match(MatchConfig(bots=("raiser", "calling-station"), hands=60, seed=2, game=GAME,
                                   duplicate=True), store)
    played = {r.bot: r.per_hand for r in result.results}
    replayed = counterfactual(store, 1, "raiser", "pre-flop", "calling-station")
    assert replayed.acted == 60
    assert replayed.per_hand == pytest.approx(played["raiser"])
