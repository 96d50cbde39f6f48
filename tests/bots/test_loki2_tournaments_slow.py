"""Peña's Loki-2 experiments at the thesis's size, 25,000 games (2,500 deals played ten times),
seed 0, one process (slow: about 20 minutes each on the loaded 2-core machine). The figures are
those docs/loki2.md quotes."""

from __future__ import annotations

import pytest

from pokerlab.arena.tournaments import TOURNAMENTS, judge, play_tournament

pytestmark = pytest.mark.slow

# tournament -> (enhanced sb/hand, control sb/hand), as measured
MEASURED = {"loki2-triples": (0.0283, -0.0071)}


@pytest.mark.parametrize("name", list(MEASURED))
def test_loki2_tournament(name: str) -> None:
    result = play_tournament(name, 25_000, seed=0)
    got = tuple(round(r.per_hand, 4) for r in result.results)
    assert got == pytest.approx(MEASURED[name], abs=1e-4)
    (claim,) = judge(TOURNAMENTS[name], result)
    assert claim["verdict"] == "reproduced"
