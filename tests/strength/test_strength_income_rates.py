"""Loki's income-rate tables IR2 / IR4 / IR7 (issue 15): every value the thesis prints, and all
3 x 169 cells against pokerlab's own income-rate simulation with its standard errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pokerlab.strength import (
    LOKI_TABLES,
    PreflopSimulation,
    compare_income_rates,
    load_table,
    simulate_preflop,
)

PINNED = Path(__file__).parent / "data" / "income-rate-simulation-1m-seed0.json"
OPPONENTS = {"loki-ir2": 1, "loki-ir4": 3, "loki-ir7": 6}


def combo_values(name: str) -> np.ndarray:
    return load_table(name).combo_values()


def test_the_values_the_thesis_prints() -> None:
    ir2, ir4, ir7 = (load_table(n) for n in LOKI_TABLES)
    # Appendix A's indexing: row > column suited. IR2[3][2] = 32s, IR2[2][3] = 32o.
    assert ir2.value("32s") == -279 and ir2.value("32o") == -351
    assert ir4.value("A8s") == 338  # Pena's example (IR7 would give 416, IR2 240)
    assert ir7.value("A8s") == 416 and ir2.value("A8s") == 240
    # AA highest in every table; IR7's lowest is 72o at -0.495; 88 non-negative classes.
    for t in (ir2, ir4, ir7):
        values = t.by_class()
        assert max(values, key=values.get) == "AA"
    assert ir7.value("AA") == 2043
    ir7_classes = ir7.by_class()
    assert min(ir7_classes, key=ir7_classes.get) == "72o" and ir7.value("72o") == -495
    assert sum(v >= 0 for v in ir7_classes.values()) == 88
    assert sum(v >= 0 for v in ir2.by_class().values()) == 90
    assert sum(v >= 0 for v in ir4.by_class().values()) == 83
    # IR7's top 16: Sklansky-Malmuth groups 1-2 exactly, group 3 with KTs in place of JTs.
    top = sorted(ir7_classes, key=lambda c: -ir7_classes[c])[:16]
    assert top == ["AA", "KK", "QQ", "JJ", "AKs", "AQs", "TT", "KQs", "AJs", "AKo", "KJs",
                   "ATs", "QJs", "KTs", "AQo", "99"]


def test_ir7_percentiles_over_all_combinations() -> None:
    # Over the 1,326 combinations, nearest point (index round(p * 1325)): the thesis's "raises
    # 30% -> IR +118" and its 5th-percentile cut-off -433; 68.26% of hands in [-323, +336].
    ranked = np.sort(combo_values("loki-ir7"))
    assert ranked[round(0.70 * 1325)] == 118 and ranked[round(0.05 * 1325)] == -433
    share = np.mean((ranked >= -323) & (ranked <= 336))
    assert round(float(share), 3) == 0.688


def pinned_simulation(opponents: int) -> PreflopSimulation:
    data = json.loads(PINNED.read_text())
    sim = data["simulations"][str(opponents)]
    return PreflopSimulation(opponents, data["trials"], data["seed"], np.array(sim["share"]),
                             np.array(sim["share_stderr"]), np.array(sim["win_fraction"]))


# Measured at 1,000,000 games per class (seed 0), the thesis's own sample size. By chance alone
# 507 cells give about 1.4 beyond three standard errors; seed 0 has three, seed 1 two (IR2 JTo,
# IR4 ATo). Only 32o (IR2: -356.3 and -354.3 against the printed -351) and T2o (IR4: -308.2 and
# -306.5 against -301) fall on the same side in both seeds, and no kind of hand (pairs, suited,
# offsuit, wheel cards) leans either way: chance, at the family-wise level (docs/loki.md).
BEYOND_3_STDERR = {"loki-ir2": ["32o", "K3s"], "loki-ir4": ["T2o"], "loki-ir7": []}


@pytest.mark.parametrize("table", list(LOKI_TABLES))
def test_every_cell_against_our_simulation(table: str) -> None:
    c = compare_income_rates(table, pinned_simulation(OPPONENTS[table]))
    assert c.rank_correlation > 0.9998
    assert c.mean_abs_difference < 3.0 and c.max_abs_difference < 12.0
    assert c.beyond(3.0) == BEYOND_3_STDERR[table]
    assert not c.beyond(4.5)


def test_comparison_refuses_mismatched_inputs() -> None:
    with pytest.raises(ValueError, match="against 3 opponents"):
        compare_income_rates("loki-ir4", pinned_simulation(1))
    with pytest.raises(ValueError, match="unknown income-rate table"):
        compare_income_rates("waterloo-expert-2p", pinned_simulation(1))


@pytest.mark.slow
@pytest.mark.parametrize("opponents", [1, 3, 6])
def test_pinned_simulation_is_reproduced(opponents: int) -> None:
    # The fast comparison reads a pinned result; regenerating it gives the same numbers.
    sim = simulate_preflop(opponents=opponents, trials=1_000_000, seed=0, cache=False)
    pinned = pinned_simulation(opponents)
    np.testing.assert_allclose(sim.share, pinned.share, rtol=0, atol=1e-12)
    np.testing.assert_allclose(sim.share_stderr, pinned.share_stderr, rtol=0, atol=1e-12)


def test_cli_shows_a_loki_table() -> None:
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    out = CliRunner().invoke(app, ["preflop", "table", "loki-ir4", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["classes"]["A8s"] == 338
    text = CliRunner().invoke(app, ["preflop", "table", "loki-ir7"], env={"COLUMNS": "80"})
    assert "2043" in text.output and max(len(line) for line in text.output.splitlines()) <= 80
