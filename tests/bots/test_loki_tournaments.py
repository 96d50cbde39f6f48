"""The three Loki tournaments at full size (slow; about 25 to 45 minutes each on this machine).

Each ordering its source reports is asserted when it reproduces with separated 95% intervals,
and kept as a strict expected failure with our figures when it does not. These are the runs
the README's tables and docs/errata.md quote: 100,000 hands (the thesis's trial count), seed 0,
one process (Loki A, C and D learn their opponents' frequencies hand after hand).
"""

from __future__ import annotations

import pytest

from pokerlab.arena.tournaments import TOURNAMENTS, judge, play_tournament

HANDS = 100_000

# Claims that do not reproduce: (tournament, claim) -> our figures (100,000 hands, seed 0).
NOT_REPRODUCED: dict[tuple[str, str], str] = {}

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
