"""The bots in matches: every name registered, legal play, every bot beating the calling station
and the raiser, the experiment commands, and (slow) the Waterloo orderings and every bot
against every baseline over 2,000 hands (the Loki tournaments: test_loki_tournaments.py)."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from pokerlab.agents import available
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.experiments import freezeout_comparison, threshold_vs_loki
from pokerlab.cli.main import app
from pokerlab.engine import GameSettings

LIMIT_BOTS = ("loki-a", "loki-b", "loki-c", "loki-d", "loki-e", "threshold")
THESIS_BOTS = (*(f"loki-ablation-{v}" for v in "abcde"), "loki-gom", "loki-bpl", "loki-bpt",
               "loki-bpm")
NO_LIMIT_BOTS = ("waterloo-phase1", "waterloo-phase2-normal", "waterloo-phase2-aggressive",
                 "waterloo-phase2-conservative", "waterloo-phase3-aggressive-trust",
                 "waterloo-phase3-conservative-trust")
BASELINES = ("random", "calling-station", "raiser")


def test_every_bot_is_registered() -> None:
    names = available()
    for bot in LIMIT_BOTS + NO_LIMIT_BOTS + THESIS_BOTS:
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
    # (The Loki tournaments: tests/arena/test_arena_tournaments.py.)
    t = threshold_vs_loki(hands=10, seed=2)
    assert t.results[0].per_hand == -t.results[1].per_hand
    f = freezeout_comparison("bluffing", trials=2, max_hands=60, seed=1)
    assert {s.bot for s in f.summaries} == set(f.bots) and sum(s.wins for s in f.summaries) == 2
    assert all(len(s.survival) == 4 for s in f.summaries)  # two copies x two trials
    # Places 1..6 are handed out once per trial.
    assert sorted(p for s in f.summaries for p in s.places) == sorted(list(range(1, 7)) * 2)
    with pytest.raises(ValueError, match="unknown comparison"):
        freezeout_comparison("nope")


def test_experiment_cli() -> None:
    runner = CliRunner()
    wl = runner.invoke(app, ["experiment", "waterloo-phases", "--trials", "1", "--hands", "30",
                             "--comparison", "trust", "--json"])
    assert wl.exit_code == 0, wl.output
    assert json.loads(wl.output)["comparisons"][0]["comparison"] == "trust"
    bad = runner.invoke(app, ["experiment", "waterloo-phases", "--comparison", "nope"])
    assert bad.exit_code == 2 and "unknown 'nope'" in bad.output
    tv = runner.invoke(app, ["experiment", "threshold-vs-loki", "--hands", "10", "--no-progress"],
                       env={"COLUMNS": "200"})
    assert tv.exit_code == 0 and "threshold" in tv.output


@pytest.mark.parametrize("bot", LIMIT_BOTS + NO_LIMIT_BOTS)
def test_every_bot_beats_the_baselines(bot: str) -> None:
    # A short heads-up duplicate match against the calling station and the raiser: every bot
    # wins with its 95% interval above zero (their margins are 3 to 7 standard errors at 300
    # hands), so a broken bot fails the fast suite. Random is left to the slow test: Papp's
    # re-weighting reads a random player's bets as strength, and the modelling Lokis' margin
    # over it (+0.1 to +0.2 sb/hand) takes thousands of hands to show.
    kind = "limit" if bot in LIMIT_BOTS else "no-limit"
    for baseline in ("calling-station", "raiser"):
        config = MatchConfig(bots=(bot, baseline), hands=300, game=GameSettings.preset(kind),
                             duplicate=True, seed=2)
        r = run_match(config, MatchStore(":memory:")).results[0]
        assert r.ci95[0] > 0, (bot, baseline, r.per_hand, r.ci95)


# -- slow: the papers' orderings and the baselines ------------------------------------------------

# Heads-up against random over 2,000 duplicate hands (seed 11), Papp's re-weighting reads the
# random player's bets and calls as strength and folds too often: these win, but not by enough
# to put the interval above zero (Loki A: +0.144 [+0.031, +0.257]).
NOT_CLEAR_OF_RANDOM = {
    "loki-c": "+0.101 [-0.004, +0.205]",
    "loki-d": "+0.072 [-0.034, +0.177]",
    "threshold": "+0.102 [-0.014, +0.219]",
}


@pytest.mark.slow
@pytest.mark.parametrize("baseline", BASELINES)
@pytest.mark.parametrize("bot", LIMIT_BOTS + NO_LIMIT_BOTS)
def test_beats_baseline_heads_up(bot: str, baseline: str, request) -> None:
    if baseline == "random" and bot in NOT_CLEAR_OF_RANDOM:
        request.applymarker(pytest.mark.xfail(strict=True, reason=(
            f"not reproduced: {bot} against random, 2,000 hands: {NOT_CLEAR_OF_RANDOM[bot]} "
            "sb/hand (Papp's re-weighting takes random bets for strength)")))
    kind = "limit" if bot in LIMIT_BOTS else "no-limit"
    config = MatchConfig(bots=(bot, baseline), hands=2000, game=GameSettings.preset(kind),
                         duplicate=True, seed=11)
    r = run_match(config, MatchStore(":memory:")).results[0]
    print(f"FIGURE {bot} vs {baseline}: {r.per_hand:+.3f} {r.unit}/hand "
          f"[{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]")
    assert r.ci95[0] > 0, (bot, baseline, r.per_hand, r.ci95)


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
    # docs/reproductions.md's figures, replayed: "seed S +M (+L to +H)" in sb/hand, 95% interval.
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "reproductions.md"
    text = " ".join(page.read_text().split())
    quoted = re.findall(r"seed (\d) ([+-][0-9.]+) \(([+-][0-9.]+) to ([+-][0-9.]+)\)", text)
    assert len(quoted) == 3
    for seed, mean, low, high in quoted:
        r = threshold_vs_loki(hands=10_000, seed=int(seed)).results[0]
        assert r.bot == "threshold" and r.ci95[0] > 0, (r.per_hand, r.ci95)
        shown = [f"{v:+.3f}" for v in (r.per_hand, *r.ci95)]
        assert shown == [mean, low, high], (seed, shown)


@pytest.mark.slow
def test_loki_a_beats_rlcards_rule_agent() -> None:
    # An outside program: rlcard's limit hold'em rule agent (a benchmark dependency), through the
    # adapter of benchmarks/bots.py, over 2,000 duplicate hands heads-up.
    import importlib.util
    from pathlib import Path

    import rlcard  # noqa: F401  (a benchmark dependency that make test installs: missing, this fails)
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bots.py"
    spec = importlib.util.spec_from_file_location("bots_benchmark", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from pokerlab.agents.registry import available, register_bot

    if "rlcard-limit-rule-v1" not in available():
        register_bot("rlcard-limit-rule-v1", "rlcard's rule agent (test adapter)")(bench.RlcardRuleV1)
    r = bench.versus("loki-a", 2000, seed=1)
    print(f"FIGURE loki-a vs rlcard rule agent: {r['sb_per_hand']:+.3f} sb/hand "
          f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]")
    assert r["ci95"][0] > 0 and r["illegal_actions"] == 0, r
