"""The patent's five-card draw example (FIG. 2 and 3, Tables 3-7), every number from the engine.

The patent prints the antes of Table 5 as $0.33 each while its pot starts at $1 and its totals
are -5.33/+6.67/-1.33: the antes are a third of a dollar each (docs/errata.md). One chip is a
third of a dollar here, so every amount is exact; the printed values are the cents.
"""

from __future__ import annotations

import json
from fractions import Fraction

from typer.testing import CliRunner

from pokerlab.cli.main import app
from pokerlab.engine.patent_example import example_game, patent_example

EXAMPLE = patent_example()

# (action, resulting pot $1 limit, resulting pot pot limit), as printed.
TABLE_3 = [("Ante", 1, 1), ("B bets 1 bet", 2, 2), ("C calls B's bet", 3, 3),
           ("A raises by 1 bet", 5, 8), ("B calls A's raise", 6, 12), ("C folds", 6, 12)]
TABLE_4 = [("Beginning pot", 6, 12), ("B checks", 6, 12), ("A bets 1 bet", 7, 24),
           ("B raises 1 bet", 9, 72), ("A reraises 1 bet", 11, 216), ("B calls", 12, 324)]
# Table 5: (action, A, B, C, total pot) in dollars, as printed (bets negative).
TABLE_5 = [
    ("Ante", "-0.33", "-0.33", "-0.33", 1), ("B bets 1 bet", "0", "-1", "0", 2),
    ("C calls B's bet", "0", "0", "-1", 3), ("A raises by 1 bet", "-2", "0", "0", 5),
    ("B calls A's raise", "0", "-1", "0", 6), ("C folds", "0", "0", "0", 6),
    ("B checks", "0", "0", "0", 6), ("A bets 1 bet", "-1", "0", "0", 7),
    ("B raises 1 bet", "0", "-2", "0", 9), ("A reraises 1 bet", "-2", "0", "0", 11),
    ("B calls", "0", "-1", "0", 12),
]


def cents(x: Fraction) -> str:
    return f"{float(x):.2f}"


def test_the_hands_are_the_figures():
    assert EXAMPLE.hands == {"A": ("As Ad 7c 6h 2s", "As Ad 7c 6h 9h"),
                             "B": ("Ks Kd 2c 2h 5d", "Ks Kd 2c 2h 7d"),
                             "C": ("Jh Jc 8s 4d 3c", "Jh Jc 8s 4d 3c")}


def test_table_3_and_table_4_every_row_for_both_betting_structures():
    for rnd, printed in ((0, TABLE_3), (1, TABLE_4)):
        limit = EXAMPLE.rounds["limit"][rnd]
        pot = EXAMPLE.rounds["pot-limit"][rnd]
        assert [(a.words, a.pot, b.pot) for a, b in zip(limit, pot, strict=True)] == printed


def test_pot_limit_raises_are_the_call_plus_the_pot_after_the_call():
    # A raises after B's $1 bet and C's call ($3 in the pot): call $1, the pot is then $4,
    # so A puts in $5; B's raise in the second round: call $12 into $24 + $12, raise $36.
    first, second = EXAMPLE.rounds["pot-limit"]
    assert first[3].paid[0] == 5 and second[3].paid[1] == 48 and second[4].paid[0] == 144


def test_table_5_every_row_to_the_cent():
    steps = EXAMPLE.rounds["limit"][0] + EXAMPLE.rounds["limit"][1][1:]
    got = [(s.words, *(cents(-x) if x else "0" for x in s.paid), s.pot) for s in steps]
    want = [(a, *(p if p in ("0", "-0.33") else f"{float(p):.2f}" for p in ps), pot)
            for a, *ps, pot in TABLE_5]
    assert got == want
    assert [cents(-x) for x in EXAMPLE.invested] == ["-5.33", "-5.33", "-1.33"]
    assert [cents(x) for x in EXAMPLE.won] == ["0.00", "12.00", "0.00"]
    assert [cents(x) for x in EXAMPLE.net] == ["-5.33", "6.67", "-1.33"]
    assert EXAMPLE.net == (Fraction(-16, 3), Fraction(20, 3), Fraction(-4, 3))


def test_table_6_second_round_returns():
    assert EXAMPLE.second_round_start == 6
    assert EXAMPLE.second_round_invested == (3, 3)
    assert EXAMPLE.second_round_net == (-3, 9)


def test_table_7_returns_of_a_four_action_sequences():
    assert [(s.sequence, s.return_) for s in EXAMPLE.sequences] == [
        ("check", 0), ("bet-fold", -1), ("bet-call", -2), ("bet-reraise", -3)]


def test_example_game_is_the_engine_settings():
    game = example_game("pot-limit")
    assert (game.variant, game.ante, game.min_bet, game.big_blind) == ("five-card-draw", 1, 3, 0)


def test_cli_replays_the_example_in_80_columns_and_as_json():
    runner = CliRunner()
    result = runner.invoke(app, ["draw", "example"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "+6.67" in result.output and "$324" in result.output
    data = json.loads(runner.invoke(app, ["draw", "example", "--json"]).stdout)
    assert data["table5"]["B"]["net"] == {"exact": "20/3", "dollars": 6.67}
    assert [row["pot"]["dollars"] for row in data["table4"]["pot-limit"]] == [12, 12, 24, 72, 216, 324]
    assert data["table7"]["bet-reraise"]["dollars"] == -3
