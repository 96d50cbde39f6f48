"""Hand strength, potential and EHS (issue 6): A♦Q♣ on 3♥4♣J♥ and eval7 cross-checks."""

import itertools

import eval7
import numpy as np
import pytest

from pokerlab.cards import (
    ALL_COMBOS,
    combo_index,
    format_card,
    parse_cards,
    parse_hole_board,
    parse_range,
)
from pokerlab.strength import (
    effective_hand_strength,
    ehs,
    hand_potential,
    hand_strength,
    npot_of,
    pot_odds,
    ppot_of,
    strength_table,
)

EXAMPLE = parse_hole_board(
    "A♦-Q♣/3♥-4♣-J♥"
)  # docs/errata.md: the flop is 3♥ (the Waterloo text once says 3♦)


def e7(codes):
    return [eval7.Card(format_card(c)) for c in codes]


def reference_state(ours, theirs):
    return 0 if ours > theirs else (1 if ours == theirs else 2)


def reference_strength(hole, board, weights=None):
    """ahead / tied / behind by a plain eval7 loop."""
    known = set(hole) | set(board)
    ours = eval7.evaluate(e7(hole + board))
    out = np.zeros(3)
    for a, b in itertools.combinations([c for c in range(52) if c not in known], 2):
        w = 1.0 if weights is None else weights[combo_index(a, b)]
        out[reference_state(ours, eval7.evaluate(e7([a, b, *board])))] += w
    return out


def reference_turn_potential(hole, board, weights):
    """One-card potential table on a turn board by a plain eval7 loop (1,035 x 44 showdowns)."""
    known = set(hole) | set(board)
    rest = [c for c in range(52) if c not in known]
    ours_now = eval7.evaluate(e7(hole + board))
    ours_after = {r: eval7.evaluate(e7(hole + board + [r])) for r in rest}
    table = np.zeros((3, 3))
    for a, b in itertools.combinations(rest, 2):
        w = weights[combo_index(a, b)]
        if w == 0:
            continue
        now = reference_state(ours_now, eval7.evaluate(e7([a, b, *board])))
        for r in rest:
            if r in (a, b):
                continue
            after = reference_state(ours_after[r], eval7.evaluate(e7([a, b, *board, r])))
            table[now, after] += w
    return table


def reference_flop_potential(hole, board, weights):
    """Two-card potential table on a flop by a plain eval7 loop over the weighted holdings."""
    known = set(hole) | set(board)
    rest = [c for c in range(52) if c not in known]
    card = {c: eval7.Card(format_card(c)) for c in range(52)}
    ours_now = eval7.evaluate([card[c] for c in hole + board])
    runouts = list(itertools.combinations(rest, 2))
    ours_after = {r: eval7.evaluate([card[c] for c in (*hole, *board, *r)]) for r in runouts}
    table = np.zeros((3, 3))
    for a, b in itertools.combinations(rest, 2):
        w = weights[combo_index(a, b)]
        if w == 0:
            continue
        theirs = [card[a], card[b], *(card[c] for c in board)]
        now = reference_state(ours_now, eval7.evaluate(theirs))
        for r in runouts:
            if a in r or b in r:
                continue
            after = reference_state(ours_after[r], eval7.evaluate([*theirs, card[r[0]], card[r[1]]]))
            table[now, after] += w
    return table


def test_example_counts_from_our_side():
    # The paper: 444 opponent hands are better than ours, 9 equal, 628 worse. From our side
    # that is 628 ahead, 9 tied, 444 behind.
    s = hand_strength(*EXAMPLE)
    assert (s.ahead, s.tied, s.behind) == (628, 9, 444)
    assert s.total == 1081
    assert round(s.hs, 3) == 0.585
    assert s.hs == pytest.approx((628 + 9 / 2) / 1081)


def test_example_five_opponents():
    s = hand_strength(*EXAMPLE, opponents=5)
    assert round(s.hs_n, 3) == 0.069
    assert s.hs_n == pytest.approx(s.hs**5)


def test_example_two_card_potential_table_cell_for_cell():
    # docs/errata.md reading of Alberta Table 2 / Waterloo Table 4 (rows after 5 cards, columns after 7).
    p = hand_potential(*EXAMPLE)
    assert p.two_cards.counts.tolist() == [
        [449_005, 3_211, 169_504],
        [0, 8_370, 540],
        [91_981, 1_036, 346_543],
    ]
    assert p.two_cards.row_sums.tolist() == [621_720, 8_910, 439_560]
    assert p.two_cards.column_sums.tolist() == [540_986, 12_617, 516_587]
    assert p.two_cards.total == 1_070_190 == 1081 * 990
    assert (round(p.ppot2, 3), round(p.npot2, 3)) == (0.208, 0.274)
    assert (round(p.ppot1, 3), round(p.npot1, 3)) == (0.108, 0.145)
    assert p.one_card.total == 1081 * 45
    assert p.one_card.row_sums.tolist() == [628 * 45, 9 * 45, 444 * 45]


def test_ppot_npot_formulas_on_the_printed_table():
    t = np.array([[449_005, 3_211, 169_504], [0, 8_370, 540], [91_981, 1_036, 346_543]])
    assert ppot_of(t) == pytest.approx((91_981 + 1_036 / 2 + 0 / 2) / (439_560 + 8_910 / 2))
    assert npot_of(t) == pytest.approx((169_504 + 3_211 / 2 + 540 / 2) / (621_720 + 8_910 / 2))


def test_potential_on_the_turn_and_river():
    hole, board = parse_hole_board("AdQc/3h4cJhKs")
    p = hand_potential(hole, board)
    assert p.two_cards is None and p.one_card.total == 1035 * 44
    river = hand_potential(hole, parse_cards("3h4cJhKs2d"))
    assert river.two_cards is None and river.one_card is None
    assert river.ppot1 == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "AdQc/3h4cJh",
        "8s7s/9s6d2s",
        "2c2d/AhKhQh",
        "AsKs/AdKd5c7h",
        "7h2c/9d9s9c4h",
        "JcTc/9c8c2h3d4s",
    ],
)
def test_strength_matches_eval7_enumeration(text):
    hole, board = parse_hole_board(text)
    s = hand_strength(hole, board)
    assert [s.ahead, s.tied, s.behind] == reference_strength(hole, board).tolist()


def test_weighted_strength_matches_eval7_enumeration():
    hole, board = parse_hole_board("AdQc/3h4cJh")
    rng = np.random.default_rng(5)
    weights = rng.random(1326)
    s = hand_strength(hole, board, weights=weights)
    ref = reference_strength(hole, board, weights)
    assert [s.ahead, s.tied, s.behind] == pytest.approx(ref.tolist())


def test_weights_of_ones_and_of_a_range():
    hole, board = EXAMPLE
    assert hand_strength(hole, board, weights=np.ones(1326)).hs == hand_strength(hole, board).hs
    # Weights 0/1 from a range: only the pairs are counted.
    pairs = parse_range("22+").weights
    s = hand_strength(hole, board, weights=pairs)
    known = set(hole) | set(board)
    live_pairs = [i for i in np.flatnonzero(pairs) if not set(ALL_COMBOS[i].tolist()) & known]
    assert s.total == len(live_pairs)
    # A-Q on 3-4-J is ace high: every pocket pair beats it.
    assert s.tied == 0 and s.ahead == 0


def test_weighted_turn_potential_matches_eval7_enumeration():
    hole, board = parse_hole_board("8s7s/9s6d2cKh")
    rng = np.random.default_rng(11)
    weights = rng.random(1326)
    p = hand_potential(hole, board, weights=weights)
    assert p.one_card.counts == pytest.approx(reference_turn_potential(hole, board, weights))


def test_weighted_flop_potential_matches_eval7_enumeration():
    # Fractional weights on a sparse set of holdings (all 1,081 would take eval7 half a minute):
    # every cell of the two-card table is the weighted count of (holding, turn and river).
    hole, board = EXAMPLE
    rng = np.random.default_rng(19)
    weights = np.zeros(1326)
    chosen = rng.choice(1326, size=60, replace=False)
    weights[chosen] = rng.random(60)
    p = hand_potential(hole, board, weights=weights)
    reference = reference_flop_potential(hole, board, weights)
    assert p.two_cards.counts == pytest.approx(reference)
    assert p.ppot2 == pytest.approx(ppot_of(reference)) and p.npot2 == pytest.approx(npot_of(reference))


def test_effective_hand_strength():
    e = effective_hand_strength(*EXAMPLE, opponents=1)
    assert e.ehs == pytest.approx(e.hs_n + (1 - e.hs_n) * e.ppot)
    assert e.ppot == pytest.approx(hand_potential(*EXAMPLE).ppot2)
    assert e.ehs_with_npot == pytest.approx(e.hs_n * (1 - e.npot) + (1 - e.hs_n) * e.ppot)
    one = effective_hand_strength(*EXAMPLE, cards_to_come=1)
    assert round(one.ppot, 3) == 0.108
    river = effective_hand_strength(*parse_hole_board("AdQc/3h4cJhKs2d"), opponents=2)
    assert river.ehs == pytest.approx(river.hs_n) and river.cards_to_come == 0
    with pytest.raises(ValueError, match="cards_to_come"):
        effective_hand_strength(*parse_hole_board("AdQc/3h4cJhKs"), cards_to_come=2)


def test_pot_odds_and_ehs_formulas():
    assert round(pot_odds(20, 175), 3) == 0.103  # Alberta's example
    assert pot_odds(20, 100) == pytest.approx(1 / 6)
    assert ehs(0.4, 0.25) == pytest.approx(0.4 + 0.6 * 0.25)
    with pytest.raises(ValueError):
        pot_odds(-1, 10)
    with pytest.raises(ValueError):
        ehs(1.2, 0.1)


@pytest.mark.parametrize(
    ("hole", "board", "kwargs", "message"),
    [
        ("AdQc", "3h4c", {}, "board"),
        ("Ad", "3h4cJh", {}, "hole"),
        ("AdQc", "3h4cAd", {}, "duplicate"),
        ("AdQc", "3h4cJh", {"opponents": 0}, "opponents"),
        ("AdQc", "3h4cJh", {"weights": np.ones(10)}, "weights"),
        ("AdQc", "3h4cJh", {"weights": np.zeros(1326)}, "weights"),
    ],
)
def test_bad_input_names_the_field(hole, board, kwargs, message):
    with pytest.raises(ValueError, match=message):
        hand_potential(parse_cards(hole), parse_cards(board), **kwargs)


def test_strength_table_matches_hand_strength_for_each_holding():
    board = parse_cards("Ts9s2d7h")
    weights = np.random.default_rng(2).random(1326)
    for w in (None, weights):
        table = strength_table(board, weights=w)
        for text in ("AsKs", "8c6d", "2c2h", "Th9h", "3c4d"):
            hole = parse_cards(text)
            assert table[combo_index(*hole)] == pytest.approx(hand_strength(hole, board, weights=w).hs)
    assert np.isnan(table[combo_index(*parse_cards("Ts3c"))])
    dead = strength_table(board, dead=parse_cards("Ac"))
    assert np.isnan(dead[combo_index(*parse_cards("AcKd"))])
    assert np.nanmean(strength_table(board)) == pytest.approx(0.5)


def test_one_card_only_on_the_flop():
    full = hand_potential(*EXAMPLE)
    short = hand_potential(*EXAMPLE, two_cards=False)
    assert short.two_cards is None
    assert short.one_card.counts.tolist() == full.one_card.counts.tolist()
    assert short.strength == full.strength


def share(ours, theirs):
    """Our share of the pot at a showdown against one holding: 1 ahead, 1/2 tied, 0 behind."""
    return 1.0 if ours > theirs else (0.5 if ours == theirs else 0.0)


@pytest.mark.parametrize("text", ["6s4h/KhTh7h7c", "4h6c/QhAhQsJc"])
def test_ppot_npot_from_pot_shares_on_a_table_with_no_empty_cell(text):
    # PPOT and NPOT read as shares of the pot (issue 28): PPOT is the share gained by the river,
    # over the share we could still gain; NPOT the share lost over the share we hold now. Summed
    # case by case from an eval7 loop, without the 3x3 table, so a wrong weight of any cell in
    # ppot_of / npot_of shows (the paper's example has tied-then-ahead 0 and cannot).
    hole, board = parse_hole_board(text)
    known = set(hole) | set(board)
    rest = [c for c in range(52) if c not in known]
    ours_now = eval7.evaluate(e7(hole + board))
    ours_after = {r: eval7.evaluate(e7(hole + board + [r])) for r in rest}
    gained = could_gain = lost = held = 0.0
    cells = set()
    for a, b in itertools.combinations(rest, 2):
        theirs = e7([a, b, *board])
        now = share(ours_now, eval7.evaluate(theirs))
        for r in rest:
            if r in (a, b):
                continue
            after = share(ours_after[r], eval7.evaluate([*theirs, *e7([r])]))
            gained += max(0.0, after - now)
            lost += max(0.0, now - after)
            could_gain += 1.0 - now
            held += now
            cells.add((now, after))
    assert len(cells) == 9  # every cell of the potential table is non-zero
    p = hand_potential(hole, board)
    assert (p.one_card.counts > 0).all()
    assert p.ppot1 == pytest.approx(gained / could_gain, rel=1e-12)
    assert p.npot1 == pytest.approx(lost / held, rel=1e-12)
