"""The three Loki tournaments at full size (slow: 6 to 7 minutes of one core each; 30 to 32
minutes each when the three ran side by side on the shared 2-core machine at load 6 to 10).

Each ordering its source reports is asserted when it reproduces with separated 95% intervals,
and kept as a strict expected failure with our figures when it does not. These are the runs
docs/reproductions.md's tables and docs/errata.md quote: 100,000 hands (the thesis's trial count), seed 0,
one process (Loki A, C and D learn their opponents' frequencies hand after hand).
"""

from __future__ import annotations

import pytest

from pokerlab.arena.tournaments import TOURNAMENTS, judge, play_tournament

HANDS = 100_000

# Claims that do not reproduce: (tournament, claim) -> our figures (100,000 hands, seed 0, small
# bets per hand and 95% intervals); docs/errata.md says what we make of each.
NOT_REPRODUCED: dict[tuple[str, str], str] = {
    ("loki-variants", "A performs best"):
        "A +0.070 [+0.062, +0.078] and C +0.060 [+0.052, +0.069] overlap",
    ("loki-variants", "E loses the most"):
        "B loses most: -0.093 [-0.104, -0.083], E -0.063 [-0.073, -0.053]",
    ("loki-variants", "D does poorly"):
        "D +0.025 [+0.016, +0.034] is third, above B -0.093 (below C +0.060)",
    ("loki-variants", "B wins, less than A"):
        "B loses: -0.093 [-0.104, -0.083], the last place",
    ("loki-ablation", "every feature but showdown odds helps"):
        "pot odds adds nothing: A +0.001 [-0.004, +0.006], C +0.001 [-0.004, +0.006] "
        "(A is above D -0.015 and E -0.018, separated)",
    ("loki-modelling", "the others in order of tightness"):
        "tight > moderate separated (-0.032 [-0.042, -0.023] against -0.054 [-0.062, -0.046]), "
        "moderate > loose not (loose -0.068 [-0.076, -0.059])",
    ("loki2-betting", "B (PT betting) beats Loki-1 (Loki A)"):
        "B -0.001 [-0.005, +0.003] against Loki A +0.000 [-0.001, +0.001] (docs/loki2.md: cannot "
        "tell at 25,000 games either)",
}

_RESULTS: dict[str, object] = {}


def outcome(name: str):
    """The tournament's result (played once per test session)."""
    if name not in _RESULTS:
        result = play_tournament(name, HANDS, seed=0)
        labels = dict(zip(TOURNAMENTS[name].bots, TOURNAMENTS[name].labels, strict=True))
        for r in sorted(result.results, key=lambda r: -r.per_hand):
            print(f"FIGURE {name} {labels[r.bot]}: {r.per_hand:+.3f} sb/hand "
                  f"[{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]")
        _RESULTS[name] = result
    return _RESULTS[name]


def _cases():
    for name, tournament in TOURNAMENTS.items():
        for claim in tournament.claims:
            marks = []
            if (name, claim.name) in NOT_REPRODUCED:
                marks.append(pytest.mark.xfail(strict=True, reason=(
                    f"not reproduced: {NOT_REPRODUCED[name, claim.name]}")))
            yield pytest.param(name, claim.name, marks=marks, id=f"{name}: {claim.name}")


@pytest.mark.slow
@pytest.mark.parametrize(("name", "claim"), list(_cases()))
def test_reported_ordering(name: str, claim: str) -> None:
    checked = {c["claim"]: c for c in judge(TOURNAMENTS[name], outcome(name))}
    assert checked[claim]["reproduced"], checked[claim]["pairs"]
