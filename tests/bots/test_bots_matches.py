"""The bots in matches: every name registered, legal play, the experiment commands, and (slow)
the papers' orderings and every bot beating the baselines with a 95% interval above zero."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from pokerlab.agents import available
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.experiments import freezeout_comparison, loki_variants, threshold_vs_loki
from pokerlab.cli.main import app
from pokerlab.engine import GameSettings

LIMIT_BOTS = ("loki-a", "loki-b", "loki-c", "loki-d", "loki-e", "threshold")
NO_LIMIT_BOTS = ("waterloo-phase1", "waterloo-phase2-normal", "waterloo-phase2-aggressive",
                 "waterloo-phase2-conservative", "waterloo-phase3-aggressive-trust",
                 "waterloo-phase3-conservative-trust")
BASELINES = ("random", "calling-station", "raiser")


def test_every_bot_is_registered() -> None:
    names = available()
    for bot in LIMIT_BOTS + NO_LIMIT_BOTS:
        assert names.get(bot)


@pytest.mark.parametrize("bot", LIMIT_BOTS + NO_LIMIT_BOTS)
def test_plays_legally_in_every_setting(bot: str) -> None:
    # Each bot at a 4-seat table of every betting kind: no illegal action, chips conserved.
    for kind in ("limit", "no-limit", "pot-limit"):
        config = MatchConfig(bots=(bot, "random", "raiser", "calling-station"), hands=12,
                             game=GameSettings.preset(kind), seed=5)
        result = run_match(config, MatchStore(":memory:"))
        assert all(r.illegal_actions == 0 for r in result.results), (bot, kind)
        assert sum(r.chips for r in result.results) == 0


def test_experiment_smoke_versions() -> None:
    r = loki_variants(hands=20, seed=2)
    assert [b.bot for b in r.results] == ["loki-a", "loki-b", "loki-c", "loki-d", "loki-e"]
    assert r.config.seats == 10 and r.config.duplicate and r.hands_stored == 20
    assert abs(sum(b.chips for b in r.results)) == 0
    t = threshold_vs_loki(hands=10, seed=2)
    assert t.results[0].per_hand == -t.results[1].per_hand
    f = freezeout_comparison("bluffing", trials=2, max_hands=60, seed=1)
    assert {s.bot for s in f.summaries} == set(f.bots) and sum(s.wins for s in f.summaries) == 2
    assert all(len(s.survival) == 4 for s in f.summaries)  # two copies x two trials
    # Places 1..6 are handed out once per trial.
    assert sorted(p for s in f.summaries for p in s.places) == sorted(list(range(1, 7)) * 2)
    with pytest.raises(ValueError, match="unknown comparison"):
        freezeout_comparison("nope")


def test_experiment_cli(tmp_path) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["experiment", "loki-variants", "--hands", "20", "--json",
                              "--plot", str(tmp_path / "b.png")])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    # Same shape as `pokerlab match --json`.
    for key in ("results", "match_id", "hands_stored", "game", "seats", "duplicate", "seed"):
        assert key in data
    assert data["seats"] == 10 and (tmp_path / "b.png").stat().st_size > 0
    wl = runner.invoke(app, ["experiment", "waterloo-phases", "--trials", "1", "--hands", "30",
                             "--comparison", "trust", "--json"])
    assert wl.exit_code == 0, wl.output
    assert json.loads(wl.output)["comparisons"][0]["comparison"] == "trust"
    bad = runner.invoke(app, ["experiment", "waterloo-phases", "--comparison", "nope"])
    assert bad.exit_code == 2 and "unknown 'nope'" in bad.output
    tv = runner.invoke(app, ["experiment", "threshold-vs-loki", "--hands", "10", "--no-progress"],
                       env={"COLUMNS": "200"})
    assert tv.exit_code == 0 and "threshold" in tv.output


# -- slow: the papers' orderings and the baselines ------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("baseline", BASELINES)
@pytest.mark.parametrize("bot", LIMIT_BOTS + NO_LIMIT_BOTS)
def test_beats_baseline_heads_up(bot: str, baseline: str) -> None:
    kind = "limit" if bot in LIMIT_BOTS else "no-limit"
    config = MatchConfig(bots=(bot, baseline), hands=2000, game=GameSettings.preset(kind),
                         duplicate=True, seed=11)
    r = run_match(config, MatchStore(":memory:")).results[0]
    print(f"FIGURE {bot} vs {baseline}: {r.per_hand:+.3f} {r.unit}/hand "
          f"[{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]")
    assert r.ci95[0] > 0, (bot, baseline, r.per_hand, r.ci95)


@pytest.fixture(scope="module")
def loki_tournament():
    results = {b.bot: b for b in loki_variants(hands=20_000, seed=0).results}
    for b in results.values():
        print(f"FIGURE {b.bot}: {b.per_hand:+.3f} sb/hand [{b.ci95[0]:+.3f}, {b.ci95[1]:+.3f}]")
    return results


@pytest.mark.slow
def test_loki_without_potential_does_poorly(loki_tournament) -> None:
    # Alberta Figure 1: "Player D, which lacked [hand potential], performed poorly".
    r = loki_tournament
    assert r["loki-d"].ci95[1] < 0
    assert r["loki-d"].per_hand < min(r["loki-a"].per_hand, r["loki-c"].per_hand)


@pytest.mark.slow
def test_loki_weighting_beats_uniform_tables(loki_tournament) -> None:
    # Alberta Figure 1: B (no weighting) "did not perform nearly as well" as A. Needs one
    # opponent model per player: keyed by seat, the rotated duplicate seats mix the field.
    r = loki_tournament
    assert r["loki-a"].ci95[0] > 0 and r["loki-a"].ci95[0] > r["loki-b"].ci95[1]


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="not reproduced: C (simplistic pre-flop) finishes level with "
                   "or just ahead of A (60,000 hands, shuffled duplicate seating: +0.066 vs +0.053 seed "
                   "0, +0.071 vs +0.056 seed 1, intervals overlapping); A's late-position and "
                   "short-handed extra hands (VPIP 0.31 against 0.29) do not pay in this field")
def test_loki_full_version_wins(loki_tournament) -> None:
    # Alberta Figure 1: "the complete system performs the best" (about +0.08 small bets per hand).
    r = loki_tournament
    assert all(r["loki-a"].ci95[0] > b.ci95[1] for b in r.values() if b.bot != "loki-a")


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="not reproduced: E wins a little (60,000 hands: +0.019 "
                   "[-0.001, +0.038] seed 0, +0.009 [-0.009, +0.027] seed 1); B (-0.058, -0.070) and D "
                   "(-0.080, -0.066) lose most. E bets its over-estimated uniform-table strength, "
                   "the weighted bots fold to it, and it never calls the river on pot odds")
def test_loki_basic_version_loses_most(loki_tournament) -> None:
    # Alberta Figure 1: "the basic system loses the most" (about -0.11 small bets per hand).
    r = loki_tournament
    assert all(r["loki-e"].ci95[1] < b.ci95[0] for b in r.values() if b.bot != "loki-e")


@pytest.fixture(scope="module")
def freezeouts():
    return {name: {s.bot: s for s in freezeout_comparison(name, trials=300, seed=0).summaries}
            for name in ("phases", "bluffing", "trust")}


def places_better(a, b) -> bool:
    """``a`` finishes ahead of ``b`` on mean place by more than two standard errors."""
    return b.mean_place - a.mean_place > 2.0 * math.hypot(a.place_se, b.place_se)


@pytest.mark.slow
def test_waterloo_phase3_outlasts_phase2(freezeouts) -> None:
    # Waterloo §4.1: "Phase III is the best one ... Phase II bot drops down earlier"; §4.3:
    # Phase III players beat Phase II. Holds for the conservative trust (600 trials: mean place
    # 4.19 against 4.57 among the phases, 3.27 against 3.64 in the trust comparison).
    phases, trust = freezeouts["phases"], freezeouts["trust"]
    assert places_better(phases["waterloo-phase3-conservative-trust"], phases["waterloo-phase2-normal"])
    assert places_better(trust["waterloo-phase3-conservative-trust"], trust["waterloo-phase2-normal"])


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="not reproduced: Phase II and Phase I tie (600 trials: mean "
                   "place 4.57 and 4.58); the report's Phase I 'quits the game very early'")
def test_waterloo_phase2_outlasts_phase1(freezeouts) -> None:
    s = freezeouts["phases"]
    assert places_better(s["waterloo-phase2-normal"], s["waterloo-phase1"])


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="not reproduced: the three bluffing profiles tie (600 trials: "
                   "conservative 3.44, aggressive 3.52, normal 3.55)")
def test_waterloo_normal_bluffing_places_best(freezeouts) -> None:
    s = freezeouts["bluffing"]
    normal = s["waterloo-phase2-normal"]
    assert places_better(normal, s["waterloo-phase2-aggressive"])
    assert places_better(normal, s["waterloo-phase2-conservative"])


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="not reproduced: the conservative trust places better than the "
                   "aggressive one (600 trials: 3.27 against 3.60); raising 50-100% of the stack "
                   "half the time the model says fold loses to Phase II's EHS calls")
def test_waterloo_aggressive_trust_beats_conservative(freezeouts) -> None:
    s = freezeouts["trust"]
    assert places_better(s["waterloo-phase3-aggressive-trust"], s["waterloo-phase3-conservative-trust"])


@pytest.mark.slow
def test_threshold_bot_against_loki_a() -> None:
    r = threshold_vs_loki(hands=10_000, seed=0).results[0]
    assert r.ci95[0] > 0, (r.per_hand, r.ci95)
