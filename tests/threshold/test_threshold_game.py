"""Game descriptions: built-in trees against Tables 10 and 11, rules, TOML files, bad files."""

from pathlib import Path

import pytest
import sympy

from pokerlab.gamespec import (
    BUILTIN_GAMES,
    Decision,
    P,
    Terminal,
    builtin_game,
    game_from_toml,
    load_game,
    rules_game,
)
from pokerlab.gamespec.plans import branch_plans, branches, outcome_table
from pokerlab.threshold.solving.solve import solve

DATA = Path(__file__).parent / "data"

TABLE_10 = {  # (P1 sequence, P2 sequence): outcome, as the patent prints it
    ("pass-fold", "bet"): "P2 wins P/2",
    ("bet", "fold"): "P1 wins P/2",
    ("bet-fold", "raise"): "P2 wins P/2 + 1",
    ("bet-reraise", "raise-fold"): "P1 wins P/2 + 2",
    ("pass", "pass"): "High hand wins P/2",
    ("pass-call", "bet"): "High hand wins P/2 + 1",
    ("bet", "call"): "High hand wins P/2 + 1",
    ("bet-call", "raise"): "High hand wins P/2 + 2",
    ("bet-reraise", "raise-call"): "High hand wins P/2 + 3",
}
TABLE_11 = {
    **TABLE_10,
    ("pass-raise", "bet-fold"): "P1 wins P/2 + 1",
    ("pass-raise-fold", "bet-reraise"): "P2 wins P/2 + 2",
    ("pass-raise", "bet-call"): "High hand wins P/2 + 2",
    ("pass-raise-call", "bet-reraise"): "High hand wins P/2 + 3",
}


@pytest.mark.parametrize(("name", "table"), [("patent-raise", TABLE_10), ("patent-check-raise", TABLE_11)])
def test_outcome_tables_are_tables_10_and_11(name, table):
    rows = outcome_table(builtin_game(name))
    assert {(r.p1_sequence, r.p2_sequence): r.describe() for r in rows} == table


def test_game1_outcomes_and_payoffs():
    g = builtin_game("patent-no-raise")
    table = {
        (r.p1_sequence, r.p2_sequence): (r.payoff_if_p1_higher, r.payoff_if_p2_higher)
        for r in outcome_table(g)
    }
    assert table == {
        ("pass", ""): (P / 2, -P / 2),
        ("bet", "fold"): (P / 2, P / 2),
        ("bet", "call"): (P / 2 + 1, -P / 2 - 1),
    }


def test_action_sequences_of_game3():
    g = builtin_game("patent-check-raise")
    (start,) = branches(g, 1)
    assert [p.label for p in branch_plans(g, start)] == [
        "pass-fold", "pass-call", "pass-raise-fold", "pass-raise-call", "bet-fold", "bet-call", "bet-reraise",
    ]  # fmt: skip
    assert {b.key: [p.label for p in branch_plans(g, b)] for b in branches(g, 2)} == {
        "pass": ["pass", "bet-fold", "bet-call", "bet-reraise"],
        "bet": ["fold", "call", "raise-fold", "raise-call"],
    }


def test_payoff_to_p1_conventions():
    g = builtin_game("patent-raise", pot=4)
    t = Terminal((3, 5), 0)
    assert g.payoff_to_p1(t, True) == 5 and g.payoff_to_p1(t, False) == -3
    assert g.payoff_to_p1(Terminal((4, 4), 0), None) == 0
    assert g.payoff_to_p1(Terminal((3, 2), 1), True) == -3
    assert g.payoff_to_p1(Terminal((3, 2), 2), False) == 2


def test_pot_limit_and_explicit_sizes():
    pl = rules_game("pl", bet="pot-limit", raise_cap=1)
    raise_node = pl.root.children["bet"].children["raise"]
    assert raise_node.children["call"].contributions == (9 * P / 2, 9 * P / 2)  # call P, raise 3P
    sized = rules_game("sized", pot=2, bet=[1, 3], raise_cap=2)
    reraise = sized.root.children["bet"].children["raise"].children["reraise"]
    assert reraise.children["call"].contributions == (8, 8)  # ante 1, bet to 2, raise to 5, reraise to 8
    with pytest.raises(ValueError, match="bet: expected"):
        rules_game("x", bet="no-limit")


def test_every_builtin_is_a_decision_tree_with_p1_first():
    for name in BUILTIN_GAMES:
        g = builtin_game(name)
        assert isinstance(g.root, Decision) and g.root.player == 1
        assert g.parameters() == [P]


def test_von_neumann_file_and_change_of_units():
    # Ferguson-Gawargy (1.1)-(1.2) at B = 2: a = 1/9, b = 7/9, c = 5/9, value 1/9
    g = load_game(str(DATA / "von_neumann.toml"))
    sol = solve(g)
    assert sol.exact == {"a": sympy.Rational(1, 9), "c": sympy.Rational(5, 9), "b": sympy.Rational(7, 9)}
    assert sol.value_exact == sympy.Rational(1, 9)


def test_von_neumann_symbolic_bet_size_is_formula_1_1():
    # the engine solves the von Neumann model with a symbolic bet B (antes 1 each: pot 2)
    B = sympy.Symbol("B", positive=True)
    g = rules_game("vn", pot=2, bet=[B], p2_may_bet=False, declared=builtin_game("patent-no-raise").declared)
    sol = solve(g)
    a, b, c = sol.exact["b1"], sol.exact["B1"], sol.exact["C2"]
    assert sympy.simplify(a - B / ((1 + B) * (4 + B))) == 0
    assert sympy.simplify(b - (2 + 4 * B + B**2) / ((1 + B) * (4 + B))) == 0
    assert sympy.simplify(c - B * (3 + B) / ((1 + B) * (4 + B))) == 0
    assert sympy.simplify(sol.value_exact - B / ((1 + B) * (4 + B))) == 0  # (1.2)


def test_von_neumann_is_game1_in_other_units():
    # bet B with antes 1 = bet 1 with pot 2/B; returns scale by B
    B = sympy.Symbol("B", positive=True)
    game1 = solve(builtin_game("patent-no-raise"))
    a = game1.exact["b1"].subs(P, 2 / B)
    assert sympy.simplify(a - B / ((1 + B) * (4 + B))) == 0
    assert sympy.simplify(B * game1.value_exact.subs(P, 2 / B) - B / ((1 + B) * (4 + B))) == 0


def test_rules_toml_file():
    g = load_game(str(DATA / "rules_no_raise.toml"))
    assert g.name == "my-game-1" and g.declared is None
    assert g.root.children["bet"].children["call"].contributions == (P / 2 + 1, P / 2 + 1)


BAD_FILES = [
    ('name = "x"\n[rules]\nbet = "limit"\nraise_cap = "two"\n', "rules.raise_cap"),
    ('name = "x"\n[rules]\nbet = "huge"\n', "rules.bet"),
    ('name = "x"\n[rules]\ncolour = 1\n', "rules.colour"),
    ('[rules]\nbet = "limit"\n', "name"),
    ('name = "x"\nbet = [1,,]\n[rules]\n', "line 2"),
    ('name = "x"\npot = -3\n[rules]\n', "pot"),
    ('name = "x"\n[tree]\nplayer = 3\n', "tree.player"),
    ('name = "x"\n[tree]\nplayer = 1\n[tree.a]\ncontributions = [1, 2]\nfolded = 0\n'
     '[tree.b]\ncontributions = [1, 1]\n', "tree.a.contributions"),
    ('name = "x"\n[tree]\nplayer = 1\n[tree.a]\ncontributions = [1, "P +* 2"]\n'
     '[tree.b]\ncontributions = [1, 1]\n', "tree.a.contributions[1]"),
    ('name = "x"\n[rules]\n[order]\norder = "b1 < C2 < B1"\n[order.player1]\n'
     'start = "bet | b1 | pass | B1 | bett"\n', "order.player1.start"),
    ('name = "x"\n[rules]\np2_may_bet = false\n[order]\norder = "b1 < B1"\n[order.player1]\n'
     'start = "bet | b1 | pass | B1 | bet"\n[order.player2]\nbet = "fold | C2 | call"\n', "order.order"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field"), BAD_FILES)
def test_bad_game_files_name_the_field_or_line(text, field):
    from pokerlab.gamespec.structure import declared_structure

    with pytest.raises(ValueError) as info:
        game = game_from_toml(text, "bad.toml")
        declared_structure(game)
    message = str(info.value)
    assert message.startswith("bad.toml: ")
    assert field in message, message
    assert "\n" not in message


def test_second_player_first_is_game1_with_seats_swapped():
    # P2 opens: P2's bluff/value thresholds are game 1's b1, B1 and P1's call is C2; value flips
    from pokerlab.gamespec import DeclaredOrder

    declared = DeclaredOrder(
        {2: {"": "bet | b2 | pass | B2 | bet"}, 1: {"bet": "fold | C1 | call"}}, "b2 < C1 < B2"
    )
    g = rules_game("p2-first", pot=1, p2_may_bet=False, first=2, declared=declared)
    half, three_halves = sympy.Rational(1, 2), sympy.Rational(3, 2)
    assert g.root.player == 2
    assert g.root.children["bet"].children["fold"] == Terminal((half, three_halves), 1)  # P1 folds
    sol = solve(g)
    assert [sol.exact[n] for n in ("b2", "C1", "B2")] == [
        sympy.Rational(1, 9),
        sympy.Rational(5, 9),
        sympy.Rational(7, 9),
    ]
    assert sol.value_exact == -sympy.Rational(1, 18)
    with pytest.raises(ValueError, match=r"rules\.first"):
        game_from_toml('name = "x"\n[rules]\nfirst = 3\n', "bad.toml")
