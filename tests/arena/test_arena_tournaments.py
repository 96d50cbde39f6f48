"""The Loki tournaments as data (issue 15): configurations, claims, the command, and a short
smoke run of each (the orderings themselves are slow tests in tests/bots/test_loki_tournaments.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.arena import MatchConfig, MatchStore
from pokerlab.arena.match import BotResult, MatchResult
from pokerlab.arena.tournaments import TOURNAMENTS, Claim, Tournament, judge, play_tournament
from pokerlab.cli.main import app


def test_configs_are_plain_match_configs() -> None:
    for name, t in TOURNAMENTS.items():
        c = t.config(hands=95, seed=4)
        assert (c.seats, c.hands, c.duplicate, c.seed, c.game.kind) == (10, 100, True, 4, "limit")
        assert sum(t.copies) == 10 and len(t.labels) == len(t.bots)
        assert MatchConfig.from_key(c.key()) == c, name     # what another executor would play
    gom = TOURNAMENTS["loki-modelling"].config(10)
    assert gom.player_bots == [0, 0, 0, 0, 1, 1, 2, 2, 3, 3]
    assert gom.player_names()[:5] == ["loki-gom#1", "loki-gom#2", "loki-gom#3", "loki-gom#4",
                                      "loki-bpl#1"]
    # Older matches (no copies) keep their stored keys.
    assert "copies" not in MatchConfig(bots=("a", "b"), hands=2).key()


def test_copies_validation() -> None:
    with pytest.raises(ValueError, match="one count of at least 1 per bot"):
        MatchConfig(bots=("a", "b"), hands=4, copies=(3,))
    with pytest.raises(ValueError, match="seat 4 players, not 6"):
        MatchConfig(bots=("a", "b"), hands=4, seats=6, copies=(3, 1))
    with pytest.raises(ValueError, match="unknown tournament"):
        play_tournament("nope", 10)


def _result(means: dict[str, tuple[float, float, float]]) -> MatchResult:
    config = MatchConfig(bots=tuple(means), hands=10, seats=10, duplicate=True,
                         copies=tuple(10 // len(means) + (i < 10 % len(means))
                                      for i in range(len(means))))
    results = [BotResult(b, m, "sb", (lo, hi), 10) for b, (m, lo, hi) in means.items()]
    return MatchResult(config, 1, results, 10, 10, True, np.zeros((0, len(means))))


def test_judge_asks_for_separated_intervals() -> None:
    t = Tournament("t", "T", "src", ("x", "y"), (5, 5), ("X", "Y"),
                   (Claim("x first", "", ((("x", "y"),),)),
                    Claim("y wins", "", ((("y", "zero"),),)),
                    Claim("either order", "", ((("x", "y"),), (("y", "x"),)))))
    separated = judge(t, _result({"x": (0.1, 0.05, 0.15), "y": (0.02, 0.01, 0.04)}))
    assert [c["reproduced"] for c in separated] == [True, True, True]
    overlapping = judge(t, _result({"x": (0.1, 0.03, 0.15), "y": (0.02, -0.01, 0.04)}))
    assert [c["reproduced"] for c in overlapping] == [False, False, False]
    assert [c["verdict"] for c in overlapping] == ["cannot tell"] * 3
    assert [c["verdict"] for c in separated] == ["reproduced"] * 3
    # Issue 28: a result that shows the other order says so, rather than "no" like an overlap.
    against = judge(t, _result({"x": (0.01, 0.0, 0.02), "y": (-0.2, -0.3, -0.1)}))
    assert [c["verdict"] for c in against] == ["reproduced", "contradicted", "reproduced"]
    assert overlapping[0]["pairs"] == [{"above": "x", "below": "y", "separated": False}]


def test_judge_shows_the_order_that_came_closest() -> None:
    # Neither order holds; the second has one of its two pairs separated, so it is the one shown.
    t = Tournament("t", "T", "src", ("x", "y", "z"), (4, 3, 3), ("X", "Y", "Z"),
                   (Claim("either way", "", ((("x", "y"), ("y", "z")), (("z", "y"), ("y", "x")))),))
    [claim] = judge(t, _result({"x": (0.0, -0.1, 0.1), "y": (0.0, -0.05, 0.05),
                                "z": (0.3, 0.2, 0.4)}))
    assert not claim["reproduced"]
    assert claim["pairs"] == [{"above": "z", "below": "y", "separated": True},
                              {"above": "y", "below": "x", "separated": False}]


@pytest.mark.parametrize("name", list(TOURNAMENTS))
def test_each_tournament_plays(name: str) -> None:
    r = play_tournament(name, hands=20, seed=2, store=MatchStore(":memory:"))
    assert [b.bot for b in r.results] == list(TOURNAMENTS[name].bots)
    assert all(b.illegal_actions == 0 for b in r.results)
    # Chips are conserved over the copies: sum of (copies x chips per copy).
    assert sum(b.chips for b in r.results) == 0
    assert {c["claim"] for c in judge(TOURNAMENTS[name], r)} == {c.name for c in
                                                                  TOURNAMENTS[name].claims}


def test_command(tmp_path) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["experiment", "loki-modelling", "--hands", "20", "--json",
                              "--plot", str(tmp_path / "t.png")])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    # The shape of `pokerlab match --json`, and the tournament's claims.
    for key in ("results", "match_id", "hands_stored", "game", "seats", "duplicate", "seed"):
        assert key in data
    assert data["tournament"] == "loki-modelling" and data["seats"] == 10
    assert [c["claim"] for c in data["claims"]] == ["GOM dominates", "the others in order of tightness"]
    assert data["labels"]["loki-bpt"] == "BPT tight" and (tmp_path / "t.png").stat().st_size > 0
    text = runner.invoke(app, ["experiment", "loki-ablation", "--hands", "10", "--no-progress"],
                         env={"COLUMNS": "80"})
    assert text.exit_code == 0 and "reproduced" in text.output
    # Ten hands cannot tell: the table says so, not "no" (issue 28).
    assert "cannot tell" in text.output and "hands cannot tell" in text.output
    assert max(len(line) for line in text.output.splitlines()) <= 80
    for args, message in ((["--hands", "5"], "--hands must be at least 10"),
                          (["--resume"], "--resume needs --db"),
                          (["--plot", "x.txt"], "--plot")):
        bad = runner.invoke(app, ["experiment", "loki-variants", *args])
        assert bad.exit_code == 2 and message in bad.output, bad.output
