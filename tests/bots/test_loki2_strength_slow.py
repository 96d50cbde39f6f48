"""The hand-strength network's figures in docs/loki2.md (slow: about ten minutes on a loaded
2-core machine): its accuracy on the held-out post-flop decisions of Waterloo Phase II, trained
on every recorded hand and on the showdowns only, against Davidson's 19-input network; and
what it adds in re-weighting, loki2-strength against loki2-triple over the same 20,000
duplicate deals."""

from __future__ import annotations

import math
import shutil
from collections import defaultdict

import pytest

from pokerlab.agents.modelling.learned_models import StrengthNetworkModel
from pokerlab.agents.modelling.opponent_store import ENV_VAR, OpponentStore
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.opponent_data import evaluate_strength, player_decisions

pytestmark = pytest.mark.slow

OPPONENT = "waterloo-phase2-normal"


def test_strength_network_and_what_it_adds(tmp_path, monkeypatch) -> None:
    store = MatchStore(":memory:")
    match = run_match(MatchConfig(bots=("loki2-triple", OPPONENT), hands=20_000, seed=0), store)
    data = player_decisions(store, match.match_id, OPPONENT, strength=True)
    report = evaluate_strength(data)
    m = report["models"]
    got = {k: round(100 * v["accuracy"], 1) for k, v in m.items()}
    assert got == pytest.approx({"strength all cards": 91.7, "strength showdowns": 90.9,
                                 "network (19 inputs)": 70.6}, abs=0.05)
    assert m["strength all cards"]["ci95"][0] > m["network (19 inputs)"]["ci95"][1]
    assert m["strength showdowns"]["train_actions"][0] == 0  # a showdown shows no fold

    opponents = tmp_path / "opp.sqlite"
    net = StrengthNetworkModel().fit(data.x, data.y)
    saved = OpponentStore(opponents)
    saved.save_learned("offline", OPPONENT, net, len(data.y))
    saved.close()
    per_deal = {}
    for bot in ("loki2-strength", "loki2-triple"):
        copy = tmp_path / f"{bot}.sqlite"
        shutil.copy(opponents, copy)
        monkeypatch.setenv(ENV_VAR, str(copy))
        played = MatchStore(":memory:")
        result = run_match(MatchConfig(bots=(bot, OPPONENT), hands=40_000, duplicate=True, seed=1),
                           played)
        sums: dict[int, int] = defaultdict(int)
        for (_, record), payoffs in zip(played.records(result.match_id),
                                        played.payoffs(result.match_id), strict=True):
            sums[record["deal"]] += payoffs[0]
        per_deal[bot] = sums
    d = [(per_deal["loki2-strength"][k] - per_deal["loki2-triple"][k]) / 20
         for k in per_deal["loki2-triple"]]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1))
    low = mean - 1.96 * sd / math.sqrt(len(d))
    assert len(d) == 20_000
    assert round(mean, 4) == pytest.approx(0.0408, abs=1e-4) and low > 0

