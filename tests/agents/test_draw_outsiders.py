"""The outside-style draw bots (tests/support/draw_outsiders.py) play legally at every table
size and betting structure, and do what their descriptions say."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerlab.agents import registry
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.cards import parse_cards
from pokerlab.engine import GameSettings

SUPPORT = str(Path(__file__).resolve().parents[1] / "support" / "draw_outsiders.py")
OUTSIDERS = ("outsider", "outsider-opener", "outsider-stealer", "outsider-caller", "outsider-bluffer")


pytestmark = pytest.mark.usefixtures("registry_restored")


@pytest.mark.parametrize("kind", ["limit", "pot-limit", "no-limit"])
def test_outsiders_play_legally(kind: str) -> None:
    assert registry.load_bot_module(SUPPORT) == sorted(OUTSIDERS)
    for seats in (2, 3):
        config = MatchConfig(bots=("draw-threshold", *OUTSIDERS), hands=6 * seats, seats=6,
                             game=GameSettings.preset(kind, "five-card-draw"), duplicate=True,
                             seed=seats, bot_modules=(SUPPORT,))
        result = run_match(config, MatchStore(":memory:"))
        assert all(r.illegal_actions == 0 for r in result.results), result.results


def test_standard_draws() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("draw_outsiders_for_test", SUPPORT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # registers its bots (the fixture removes them again)
    for cards, kept in (("As Ks Qs Js 9s", 5), ("7c 7d 7h Ks 2c", 3), ("7c 7d 2h Ks 2c", 4),
                        ("5h 8h Th 2h 2c", 2), ("5h 8h Th 2h 3c", 4), ("Ac Kd 7h 4s 2c", 2),
                        ("Qc 9d 7h 4s 2c", 1)):
        mask = module.standard_discards(parse_cards(cards))
        assert 5 - bin(mask).count("1") == kept, cards


@pytest.mark.slow
def test_draw_threshold_beats_every_outsider_heads_up() -> None:
    # docs/draw.md's measured matches (seed 1, 20,000 duplicate hands): intervals above zero.
    from pokerlab.arena.draw_matches import draw_matches

    rows = draw_matches(hands=20_000, seed=1, opponents=OUTSIDERS, tables=(2,), bot_modules=(SUPPORT,))
    for row in rows:
        assert row.bot.ci95[0] > 0, row.to_dict()
