"""The figures docs/loki2.md and docs/bots.md quote: next-action accuracy on held-out hands
(the last 30%) of 20,000 heads-up limit hands of Loki-2 (triples) against each opponent (slow:
about two minutes each on a loaded 2-core machine)."""

from __future__ import annotations

import pytest

from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.opponent_data import evaluate, player_decisions

pytestmark = pytest.mark.slow

# opponent -> (frequency, network, tree) accuracy in % as measured (seed 0)
MEASURED = {"waterloo-phase2-normal": (57.6, 65.6, 65.7), "loki-a": (61.1, 66.6, 67.1),
            "raiser": (99.8, 99.8, 100.0), "calling-station": (100.0, 100.0, 100.0)}


@pytest.mark.parametrize("opponent", list(MEASURED))
def test_network_against_the_frequency_model(opponent: str) -> None:
    store = MatchStore(":memory:")
    match = run_match(MatchConfig(bots=("loki2-triple", opponent), hands=20_000, seed=0), store)
    report = evaluate(player_decisions(store, match.match_id, opponent))
    models = report["models"]
    got = tuple(round(100 * models[m]["accuracy"], 1) for m in ("frequency", "network", "tree"))
    assert got == pytest.approx(MEASURED[opponent], abs=0.05)
    if opponent in ("waterloo-phase2-normal", "loki-a"):  # play that depends on the context
        for m in ("network", "tree"):
            assert models[m]["ci95"][0] > models["frequency"]["ci95"][1]
