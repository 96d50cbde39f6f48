"""Equity (issue 6): exact enumeration against eval7, Monte Carlo against exact, ranges and dead cards."""

import itertools

import eval7
import numpy as np
import pytest

from pokerlab.cards import Range, format_card, parse_cards, parse_range
from pokerlab.strength import equity, parse_player


def e7(codes):
    return [eval7.Card(format_card(c)) for c in codes]


def reference_equity(hands, board, dead=()):
    """Pot shares, outright wins and ties of fixed hands by a plain eval7 loop over every board."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [c for c in range(52) if c not in used]
    n = len(hands)
    share = np.zeros(n)
    wins = np.zeros(n)
    ties = np.zeros(n)
    total = 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        full = list(board) + list(extra)
        values = [eval7.evaluate(e7(list(h) + full)) for h in hands]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            share[i] += 1 / len(winners)
            (wins if len(winners) == 1 else ties)[i] += 1
        total += 1
    return share / total, wins, ties, total


def test_aces_against_kings_preflop_exact():
    # design.md: AcAd vs KhKs 81.255% (1,388,072 wins / 6,538 ties / 317,694 losses).
    r = equity([parse_cards("AcAd"), parse_cards("KhKs")])
    assert r.exact and r.trials == 1_712_304
    assert r.wins == (1_388_072, 317_694) and r.ties == (6_538, 6_538)
    assert round(100 * r.equity[0], 3) == 81.255
    assert r.stderr == (0.0, 0.0)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhKh", "QsQd"], "Qh7h2c", ""),
        (["8s7s", "AcAd"], "9s6d2s", ""),
        (["AsKd", "AcKc"], "Ks7h2d", "3c"),
        (["JcTc", "9d9h", "AsQs"], "9c8c2h", ""),
        (["5h5d", "KsQs", "Ah2c", "JdJs"], "5s6s7c", "Kc"),
        (["AdQc", "Jc9c"], "3h4cJh8c", ""),
        (["7h2d", "7c2h"], "AsKsQs", ""),
    ],
)
def test_exact_equity_matches_eval7_enumeration(hands, board, dead):
    players = [parse_cards(h) for h in hands]
    b, d = parse_cards(board), parse_cards(dead)
    r = equity(players, board=b, dead=d)
    ref_share, ref_wins, ref_ties, total = reference_equity(players, b, d)
    assert r.exact and r.trials == total
    assert r.equity == pytest.approx(tuple(ref_share), abs=1e-12)
    assert list(r.wins) == ref_wins.tolist() and list(r.ties) == ref_ties.tolist()


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AsKs", "QQ+, AKo, 76s", "2s7d9sTh3c"),
        ("9h9d", "22+, ATs+", "Ts7c2d4h8s"),
    ],
)
def test_hand_against_range_on_the_river_matches_eval7(hero, villain, board):
    b = parse_cards(board)
    r = equity([parse_cards(hero), parse_range(villain)], board=b)
    ref = eval7.py_hand_vs_range_exact(e7(parse_cards(hero)), eval7.HandRange(villain), e7(b))
    assert r.exact and r.equity[0] == pytest.approx(ref, abs=1e-6)  # eval7 answers in float32


def test_hand_against_range_is_the_average_over_villain_hands():
    hero, board = parse_cards("AhKh"), parse_cards("Qh7h2c")
    villain = parse_range("QQ, 77, AQs")
    r = equity([hero, villain], board=board)
    known = set(hero) | set(board)
    shares, n = 0.0, 0
    for combo in villain.combos():
        if set(combo) & known:
            continue
        shares += reference_equity([hero, list(combo)], board)[0][0]
        n += 1
    assert r.equity[0] == pytest.approx(shares / n, abs=1e-12)


def test_weighted_range_vs_range_exact():
    board = parse_cards("Qh7h2c8d")
    a = Range.from_text("AhKh:0.5, JJ")
    b = parse_range("QQ, 88:0.25")
    r = equity([a, b], board=board)
    num = den = 0.0
    for ca in a.combos():
        for cb in b.combos():
            if set(ca) & set(cb) or (set(ca) | set(cb)) & set(board):
                continue
            w = a.weights[_idx(ca)] * b.weights[_idx(cb)]
            num += w * reference_equity([list(ca), list(cb)], board)[0][0]
            den += w
    assert r.exact and r.equity[0] == pytest.approx(num / den, abs=1e-12)


def _idx(combo):
    from pokerlab.cards import combo_index

    return combo_index(*combo)


def test_monte_carlo_agrees_with_exact_and_is_seeded():
    players = [parse_cards("AhKh"), parse_cards("QsQd"), parse_cards("7c6c")]
    exact = equity(players)
    mc = equity(players, exact=False, samples=60_000, seed=3)
    again = equity(players, exact=False, samples=60_000, seed=3)
    assert not mc.exact and mc.trials == 60_000
    assert mc.equity == again.equity
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert 0 < s < 0.01
        assert abs(e - m) < 4.5 * s
    assert sum(mc.equity) == pytest.approx(1.0)


def test_monte_carlo_with_ranges_against_exact_on_the_flop():
    board = parse_cards("Ts9s2d")
    players = [parse_range("AA, KK, AKs"), parse_range("JJ+, JTs, 98s")]
    exact = equity(players, board=board)
    mc = equity(players, board=board, exact=False, samples=80_000, seed=1)
    assert exact.exact and not mc.exact
    assert abs(exact.equity[0] - mc.equity[0]) < 4.5 * mc.stderr[0]


def test_automatic_choice_falls_back_to_monte_carlo():
    r = equity(["AsKs", "random", "random", "random"], samples=5000, seed=2)
    assert not r.exact and r.trials == 5000
    r = equity(["AsKs", "random"], board=parse_cards("2c7d9h"))
    assert r.exact and r.trials == 1081 * 990
    r = equity(["AsKs", "random"])  # 367 classes of 1,225 deals up to suits: exact now
    assert r.exact and r.trials == 1225 * 1_712_304 and r.deal_classes == 367


def test_dead_cards_shrink_the_deck():
    r = equity(
        [parse_cards("AhAd"), parse_cards("KcKd")],
        board=parse_cards("2s3s4s"),
        dead=parse_cards("As"),
    )
    assert r.trials == 44 * 43 // 2


def test_parse_player():
    assert parse_player("AhKh") == parse_cards("AhKh")
    assert isinstance(parse_player("AK"), Range)


@pytest.mark.parametrize(
    ("players", "kwargs", "message"),
    [
        (["AhKh"], {}, "2 to 10 players"),
        (["AhKh", "AhQd"], {}, "duplicate"),
        (["AhKh", "QQ"], {"board": parse_cards("2c3c")}, "board"),
        (["AhKh", "AhKh"], {}, "duplicate"),
        (["AhAd", "AA"], {"dead": parse_cards("Ac")}, "no combo"),
        (["AhKh", "QQ"], {"exact": False, "samples": 0}, "samples"),
        (["AhKh", "QQ"], {"exact": False, "samples": None}, "stderr target"),
        (["AhKh", "QQ"], {"exact": False, "stderr": -1.0}, "stderr"),
        (["AhKh", "QQ"], {"exact": False, "seed": -3}, "seed"),
        (["AhKh", "QQ"], {"workers": 0}, "workers"),
        (["AA", "AA", "AA"], {}, "no deal is possible"),
        (["AA", "AA", "AA"], {"exact": False}, "no deal is possible"),
        (["random"] * 6, {"exact": True}, "deal classes"),
    ],
)
def test_bad_input(players, kwargs, message):
    with pytest.raises(ValueError, match=message):
        equity(players, **kwargs)


@pytest.mark.slow
def test_preflop_exact_matches_eval7_enumeration_in_full():
    players = [parse_cards("AsKd"), parse_cards("7h7c")]
    r = equity(players)
    _ref_share, ref_wins, ref_ties, total = reference_equity(players, [])
    assert r.trials == total == 1_712_304
    assert list(r.wins) == ref_wins.tolist() and list(r.ties) == ref_ties.tolist()
