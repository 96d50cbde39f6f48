"""The spot solver's core: card removal, best responses and values against brute force.

The brute force here shares nothing with the kernels but the tree: it walks the tree once per
own combo, sums over the opponent's combos one pair at a time, deals every card explicitly and
evaluates showdowns with :func:`pokerlab.evaluate.evaluate`.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pokerlab.cards import ALL_COMBOS, parse_cards
from pokerlab.evaluate import evaluate
from pokerlab.spot.bestresponse import combo_values, pair_weight
from pokerlab.spot.bestresponse import evaluate as evaluate_profile
from pokerlab.spot.deal import build_deal
from pokerlab.spot.layout import build_layout
from pokerlab.spot.solution import solve
from pokerlab.spot.solver import Solver
from pokerlab.spot.spec import Spot, StreetSizes, parse_sizes
from pokerlab.spot.terminal import (
    PAIRED,
    RANK_LIMIT,
    SENTINEL_HIGH,
    SENTINEL_LOW,
    fold_values,
    pack_hands,
    showdown_ranks,
    showdown_values,
    showdown_zero_sum,
)
from pokerlab.spot.tree import CHANCE, DECISION, FOLD, SHOWDOWN, build_tree

RIVER = "Qs Jh 2h 8d 3c"


def river_spot(oop: str, ip: str, **extra) -> Spot:
    data = {"board": RIVER, "pot": 10, "stack": 30, "oop_range": oop, "ip_range": ip,
            "bet": "50%", "raise": "a"}
    data.update(extra)
    return Spot.from_dict(data)


# ---------------------------------------------------------------------------- card removal
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_terminal_values_equal_the_pair_loop(seed):
    rng = np.random.default_rng(seed)
    board = [int(c) for c in rng.choice(52, 5, replace=False)]
    live = [i for i in range(1326) if not set(ALL_COMBOS[i].tolist()) & set(board)]
    own = np.sort(rng.choice(live, int(rng.integers(1, 40)), replace=False))
    opp = np.sort(rng.choice(live, int(rng.integers(1, 40)), replace=False))
    oc, pc = ALL_COMBOS[own].astype(np.int64), ALL_COMBOS[opp].astype(np.int64)
    reach = rng.random(len(opp)) * (rng.random(len(opp)) < 0.8)
    val = lambda cards: evaluate(list(cards) + board)  # noqa: E731
    sv_own = np.array([val(c) for c in oc])
    sv_opp = np.array([val(c) for c in pc])
    order_own, order_opp = np.argsort(sv_own, kind="stable"), np.argsort(sv_opp, kind="stable")
    half, commit = 17.5, 6.0
    got = np.zeros(len(own))
    showdown_values(reach, order_own, sv_own[order_own].astype(np.int32), len(own), order_opp,
                    sv_opp[order_opp].astype(np.int32), len(opp), oc, pc, half, commit, got)
    fold = np.zeros(len(own))
    fold_values(reach, oc, pc, -3.0, fold)
    # The best response's showdown: utilities less half the final pot (no tie term).
    zero_sum = np.zeros(len(own))
    rank_own, rank_opp = np.empty(len(own), dtype=np.int64), np.empty(len(opp), dtype=np.int64)
    showdown_ranks(sv_own[order_own], len(own), sv_opp[order_opp], len(opp), rank_own, rank_opp)
    paired_own = np.isin(own, opp)
    packed_own = pack_hands(order_own, rank_own, len(own), oc, np.arange(len(own)), paired_own)
    packed_opp = pack_hands(order_opp, rank_opp, len(opp), pc, np.arange(len(opp)),
                            np.isin(opp, own))
    showdown_zero_sum(reach, packed_own, packed_opp, half, zero_sum, np.zeros((2, 52)))
    want = np.zeros(len(own))
    want_fold = np.zeros(len(own))
    want_zero_sum = np.zeros(len(own))
    for i, h in enumerate(oc):
        for j, g in enumerate(pc):
            if set(h.tolist()) & set(g.tolist()):
                continue
            share = 2 * half if sv_own[i] > sv_opp[j] else half if sv_own[i] == sv_opp[j] else 0.0
            want[i] += reach[j] * (share - commit)
            want_fold[i] += reach[j] * -3.0
            want_zero_sum[i] += reach[j] * (share - half)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(fold, want_fold, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(zero_sum, want_zero_sum, rtol=1e-12, atol=1e-9)


# ---------------------------------------------------------------------------- brute force
def brute_values(spot, strategy, player, best, held=frozenset()):
    """Each own combo's value (times opponent weight), pair by pair, every card dealt; ``best``:
    the player best responds, but at the nodes in ``held`` (locked) follows the strategy."""
    tree = build_tree(spot)
    deal = build_deal(spot, isomorphism=False)
    lay = build_layout(tree, deal)
    own_cards = [tuple(int(x) for x in c) for c in deal.cards[player]]
    opp_cards = [tuple(int(x) for x in c) for c in deal.cards[1 - player]]

    def sit_of(cards_dealt):
        s = 0
        for c in cards_dealt:
            s = int(deal.next_sit[s, c])
        return s

    def prob(node, dealt, q, hand_index, a):
        return float(lay.full_block(strategy, node, sit_of(dealt))[a, hand_index])

    def value(node, dealt, h, reach):
        board = list(spot.board) + dealt
        k = tree.kind[node]
        com = tree.commit[node]
        pot = spot.pot + com[0] + com[1]
        if k == FOLD:
            pay = -com[player] if tree.player[node] == player else pot - com[player]
            return sum(r * pay for g, r in reach.items() if not set(g) & set(own_cards[h]))
        if k == SHOWDOWN:
            mine = evaluate(list(own_cards[h]) + board)
            tot = 0.0
            for g, r in reach.items():
                if set(g) & set(own_cards[h]) or r == 0:
                    continue
                theirs = evaluate(list(g) + board)
                share = pot if mine > theirs else pot / 2 if mine == theirs else 0.0
                tot += r * (share - com[player])
            return tot
        if k == CHANCE:
            left = 52 - len(board) - 4
            tot = 0.0
            for c in range(52):
                if c in board or c in own_cards[h]:
                    continue
                sub = {g: r for g, r in reach.items() if c not in g}
                tot += value(int(tree.first_child[node]), [*dealt, c], h, sub) / left
            return tot
        q = int(tree.player[node])
        kids = list(tree.children(node))
        if q == player:
            vals = [value(c, dealt, h, reach) for c in kids]
            if best and node not in held:
                return max(vals)
            return sum(prob(node, dealt, q, h, a) * v for a, v in enumerate(vals))
        tot = 0.0
        for a, c in enumerate(kids):
            sub = {g: r * prob(node, dealt, q, opp_cards.index(g), a) for g, r in reach.items()}
            tot += value(c, dealt, h, sub)
        return tot

    w_opp = deal.weights[1 - player]
    reach = {g: float(w) for g, w in zip(opp_cards, w_opp, strict=True)}
    return np.array([value(0, [], h, reach) for h in range(len(own_cards))])


def brute_evaluation(spot, strategy, held=frozenset()):
    """EVs, best-response values, gains and exploitability (chips and % of the pot) from
    :func:`brute_values` and a loop over pairs of combos alone (no isomorphism)."""
    deal = build_deal(spot, isomorphism=False)
    pairs = sum(w0 * w1 for c0, w0 in zip(deal.cards[0].tolist(), deal.weights[0], strict=True)
                for c1, w1 in zip(deal.cards[1].tolist(), deal.weights[1], strict=True)
                if not set(c0) & set(c1))
    ev, br = [], []
    for p in (0, 1):
        ev.append(float(np.dot(deal.weights[p], brute_values(spot, strategy, p, False))) / pairs)
        br.append(float(np.dot(deal.weights[p], brute_values(spot, strategy, p, True, held))) / pairs)
    gain = [br[p] - ev[p] for p in (0, 1)]
    expl = (gain[0] + gain[1]) / 2
    return {"ev": ev, "best_response": br, "gain": gain,
            "gain_pct": [100 * g / spot.pot for g in gain], "exploitability": expl,
            "exploitability_pct": 100 * expl / spot.pot}


def assert_evaluation_is(e, want):
    """An :class:`Evaluation` against :func:`brute_evaluation`'s numbers, every field."""
    for key, got in (("ev", e.ev), ("best_response", e.best_response), ("gain", e.gain),
                     ("gain_pct", e.gain_pct)):
        np.testing.assert_allclose(got, want[key], rtol=1e-5, atol=1e-6, err_msg=key)
    assert e.exploitability == pytest.approx(want["exploitability"], rel=1e-5, abs=1e-6)
    assert e.exploitability_pct == pytest.approx(want["exploitability_pct"], rel=1e-5, abs=1e-6)


def random_profile(tree, deal, lay, rng):
    s = np.zeros(lay.size, dtype=np.float32)
    for node in np.flatnonzero(tree.kind == DECISION):
        na = int(tree.num_children[node])
        for sit in np.flatnonzero(deal.sit_street == tree.street[node]):
            blk = lay.block(node, int(sit))
            x = rng.random((na, (blk.stop - blk.start) // na)) + 0.05
            s[blk] = (x / x.sum(axis=0, keepdims=True)).ravel()
    return s


@pytest.mark.parametrize("board,oop,ip", [
    (RIVER, "AA,QQ,AK,65s", "KK,JJ,AQs,T9s"),
    ("Qs Jh 2h 8d", "AA,KQs", "QJs,T9s"),
])
def test_values_and_best_responses_equal_brute_force(board, oop, ip):
    spot = Spot.from_dict({"board": board, "pot": 10, "stack": 30, "oop_range": oop, "ip_range": ip,
                           "bet": "50%", "raise": "a"})
    tree, deal = build_tree(spot), build_deal(spot, isomorphism=False)
    lay = build_layout(tree, deal)
    strat = random_profile(tree, deal, lay, np.random.default_rng(7))
    for player in (0, 1):
        for best in (False, True):
            got = combo_values(tree, deal, lay, strat, player, best)
            want = brute_values(spot, strat, player, best)
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("board,oop,ip,pot", [
    (RIVER, "AA,QQ,AK,65s", "KK,JJ,AQs,T9s", 10),
    ("Qs Jh 2h 8d", "AA,KQs", "QJs,T9s", 24),
])
def test_exploitability_and_gains_equal_a_brute_force_count(board, oop, ip, pot):
    """Every number bestresponse reports (EVs, best responses, gains, exploitability in chips
    and in % of the pot, by evaluate and by exploitability_pct's shortcut) against the brute
    force's, for a random profile (far from equilibrium: a factor 2 anywhere shows)."""
    from pokerlab.spot.bestresponse import exploitability_pct

    spot = Spot.from_dict({"board": board, "pot": pot, "stack": 30, "oop_range": oop,
                           "ip_range": ip, "bet": "50%", "raise": "a"})
    tree, deal = build_tree(spot), build_deal(spot, isomorphism=False)
    lay = build_layout(tree, deal)
    strat = random_profile(tree, deal, lay, np.random.default_rng(11))
    want = brute_evaluation(spot, strat)
    assert want["exploitability_pct"] > 1.0  # far from equilibrium
    e = evaluate_profile(tree, deal, lay, strat)
    assert_evaluation_is(e, want)
    shortcut = exploitability_pct(tree, deal, lay, strat)
    assert shortcut == pytest.approx(want["exploitability_pct"], rel=1e-5, abs=1e-6)


def test_a_locked_best_response_deviates_only_where_it_is_free():
    """Locks on both players' nodes (OOP at the root, IP after a check), measured as PioSOLVER
    and GTO+ measure a locked solve: each player's best response follows its own locks and
    best responds elsewhere. The walks' values per combo, and every number of the evaluation,
    against the brute force holding the same nodes."""
    from pokerlab.spot.bestresponse import measuring_walker

    spot = river_spot("AA,QQ,AK,65s", "KK,JJ,AQs,T9s")
    tree, deal = build_tree(spot), build_deal(spot, isomorphism=False)
    lay = build_layout(tree, deal)
    rng = np.random.default_rng(5)
    strat = random_profile(tree, deal, lay, rng)
    after_check = tree.child(0, "x")
    locks = {}
    for node in (0, after_check):
        q, na = int(tree.player[node]), int(tree.num_children[node])
        x = rng.random((na, deal.num_hands[q])) + 0.05
        locks[node] = (x / x.sum(axis=0)).astype(np.float32)
        strat[lay.block(node, 0)] = locks[node].ravel()  # the average strategy holds its locks
    solver = Solver(spot, locks=locks, tree=tree, deal=deal)
    walker = measuring_walker(tree, deal, lay, solver.lock_off)
    held = frozenset(locks)
    for p in (0, 1):
        got = combo_values(tree, deal, lay, strat, p, True, walker, solver.lock)
        np.testing.assert_allclose(got, brute_values(spot, strat, p, True, held), rtol=1e-5, atol=1e-6)
    want = brute_evaluation(spot, strat, held)
    assert_evaluation_is(evaluate_profile(tree, deal, lay, strat, walker, solver.lock), want)
    # Unlocked, each best response gains more: the locks bind.
    free = brute_evaluation(spot, strat)
    assert all(f > w + 1e-3 for f, w in zip(free["gain"], want["gain"], strict=True))


def test_isomorphic_cards_give_the_same_iterates():
    """Four spades on the board: clubs, diamonds and hearts are interchangeable on the river.

    Solving only the canonical river cards gives, iteration for iteration, the solution of
    solving all 44 (the chance subtrees of a first-street chance node are walked in parallel,
    so this also checks that split).
    """
    spot = Spot.from_dict({"board": "Qs Js 2s 8s", "pot": 10, "stack": 30, "oop_range": "AA,KK,T9",
                           "ip_range": "QQ,JJ,AK", "bet": "50%", "raise": "a"})
    iso, full = Solver(spot), Solver(spot, isomorphism=False)
    assert iso.deal.num_sits < full.deal.num_sits and iso.layout.size < full.layout.size
    iso.run(30)
    full.run(30)
    a = evaluate_profile(iso.tree, iso.deal, iso.layout, iso.average_strategy())
    b = evaluate_profile(full.tree, full.deal, full.layout, full.average_strategy())
    np.testing.assert_allclose(a.ev, b.ev, atol=1e-5)
    np.testing.assert_allclose(a.best_response, b.best_response, atol=1e-5)
    # Without rake the EVs share the pot exactly.
    assert abs(sum(a.ev) - 10.0) < 1e-5


# ---------------------------------------------------------------------------- properties
@st.composite
def small_river(draw):
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    board = [int(c) for c in rng.choice(52, 5, replace=False)]
    live = [i for i in range(1326) if not set(ALL_COMBOS[i].tolist()) & set(board)]
    w = []
    for _ in range(2):
        idx = rng.choice(live, int(rng.integers(3, 25)), replace=False)
        x = np.zeros(1326)
        x[idx] = rng.choice([0.25, 0.5, 1.0], len(idx))
        w.append(x)
    bet = draw(st.sampled_from(["50%", "100%", "33%,a", "75%"]))
    rz = draw(st.sampled_from(["", "a", "100%"]))
    sizes = StreetSizes(parse_sizes(bet), parse_sizes(rz))
    return Spot(board=tuple(board), pot=10.0, stack=float(draw(st.sampled_from([10, 25, 60]))),
                oop_range=w[0], ip_range=w[1], tree={("river", p): sizes for p in (0, 1)})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_river())
def test_random_rivers_strategies_sum_to_one_and_exploitability_falls(spot):
    sol = Solver(spot)
    sol.run(10)
    early = evaluate_profile(sol.tree, sol.deal, sol.layout, sol.average_strategy())
    sol.run(290)
    s = sol.average_strategy()
    late = evaluate_profile(sol.tree, sol.deal, sol.layout, s)
    for node in np.flatnonzero(sol.tree.kind == DECISION):
        na = int(sol.tree.num_children[node])
        blk = s[sol.layout.block(node, 0)].reshape(na, -1)
        np.testing.assert_allclose(blk.sum(axis=0), 1.0, atol=1e-5)
        assert (blk >= 0).all()
    assert late.exploitability <= early.exploitability + 1e-9
    assert late.exploitability_pct < 1.0
    assert late.exploitability >= -1e-6
    # Without rake the two EVs share the pot.
    assert abs(sum(late.ev) - spot.pot) < 1e-4


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(small_river())
def test_random_rivers_a_strongest_combo_is_worth_the_most(spot):
    """A combo of OOP's top showdown strength can play as any other combo plays and then wins
    or ties every showdown the other reaches: in equilibrium it is worth at least as much per
    pair as any combo meeting the same opponents (neither holds a card of IP's range), less
    what its own best response could still gain (weight x pairs x gain, summed over combos,
    is OOP's exploitability over all pairs). The range's mean value need not fall without
    its strongest combos: hypothesis found a river where a weaker combo that blocks IP's
    hands is worth more than they are, and removing them raised OOP's mean by 1.5% of the
    pot."""
    board = list(spot.board)
    ip_cards = set(ALL_COMBOS[np.flatnonzero(spot.ip_range > 0)].ravel().tolist())
    sol = solve(spot, target_pct=0.05, max_iterations=1500)
    assert sol.converged  # the slack below is only as small as the exploitability reached
    oop = sol.view("").ranges[0]
    combos = [c.tolist() for c in oop.combos]
    clean = [i for i, c in enumerate(combos) if not set(c) & ip_cards]
    strength = {i: evaluate([*combos[i], *board]) for i in clean}
    assume(len(set(strength.values())) > 1)
    best = max(strength.values())
    gain = (sol.evaluation.best_response[0] - sol.ev[0]) * float(np.dot(oop.reach, oop.pairs))
    for t in (i for i in clean if strength[i] == best):
        slack = gain / (oop.reach[t] * oop.pairs[t]) + 1e-5
        for o in clean:
            assert oop.ev[t] >= oop.ev[o] - slack, (combos[t], combos[o])


# ---------------------------------------------------------------------------- locks
def test_locks_are_respected_and_cost_the_locked_player():
    """OOP locked to always check at the root: measured with the lock held (OOP's best
    response may deviate only after it checked), the locked solve reaches the target as fast
    as the free one (60 iterations each); measured as before, ignoring the lock, it ran to the
    cap at 7% of the pot. IP's gain goes to 0."""
    spot = river_spot("AA,QQ,AK,65s", "KK,JJ,AQs,T9s")
    free = solve(spot, target_pct=0.05, max_iterations=200)
    from pokerlab.spot.locks import parse_lock

    locked = solve(spot, target_pct=0.05, max_iterations=200, locks=[parse_lock("=x:1")])
    assert free.converged and free.exploitability_pct <= 0.05
    assert locked.converged and locked.stopped_by == "target" and locked.exploitability_pct <= 0.05
    root = locked.view("")
    np.testing.assert_allclose(root.strategy[0], 1.0)
    assert locked.locks and 0 in locked.locks
    slack = free.evaluation.exploitability + locked.evaluation.exploitability
    assert locked.ev[0] <= free.ev[0] + slack
    # Each player's gain: at most twice the exploitability (the other's is >= 0), in chips
    # and in % of the pot.
    e = locked.evaluation
    for p in (0, 1):
        assert -1e-6 <= e.gain_pct[p] <= 2 * e.exploitability_pct + 1e-9
        assert e.gain[p] == pytest.approx(e.best_response[p] - e.ev[p])
        assert e.gain_pct[p] == pytest.approx(100 * e.gain[p] / spot.pot)
    assert e.gain_pct[1] <= 0.1


def test_a_lock_at_the_equilibrium_leaves_the_exploitability_as_it_was():
    """OOP's root locked to the free solve's own root strategy, combo by combo: measured with
    the lock held, IP's gain is the same and OOP's at most what it was (it may no longer
    deviate at the root), so the exploitability is the free one's within OOP's half gain; and
    solved with that lock, the spot reaches the same target and the same EVs."""
    from pokerlab.cards import format_cards
    from pokerlab.spot.bestresponse import measuring_walker
    from pokerlab.spot.locks import Lock

    spot = river_spot("AA,QQ,AK,65s", "KK,JJ,AQs,T9s")
    free = solve(spot, target_pct=0.02, max_iterations=300)
    assert free.converged
    tree, deal, lay = free.tree, free.deal, free.layout
    na = int(tree.num_children[0])
    lock = free.strategy[lay.block(0, 0)].reshape(na, -1).astype(np.float64)
    lock /= lock.sum(axis=0)
    solver = Solver(spot, locks={0: lock}, tree=tree, deal=deal)
    walker = measuring_walker(tree, deal, lay, solver.lock_off)
    held = evaluate_profile(tree, deal, lay, free.strategy, walker, solver.lock)
    was = free.evaluation
    assert held.ev == pytest.approx(was.ev, abs=1e-6)
    assert held.gain[1] == pytest.approx(was.gain[1], abs=1e-6)
    assert -1e-6 <= held.gain[0] <= was.gain[0] + 1e-6
    assert abs(held.exploitability - was.exploitability) <= was.gain[0] / 2 + 1e-6
    actions = tree.actions(0)
    per_combo = tuple((format_cards([int(c) for c in deal.cards[0][h]], sep=""),
                       {a: float(lock[k, h]) for k, a in enumerate(actions)})
                      for h in range(deal.num_hands[0]))
    again = solve(spot, target_pct=0.02, max_iterations=300, locks=[Lock("", {}, per_combo)])
    assert again.converged and again.exploitability_pct <= 0.02
    slack = again.evaluation.exploitability + was.exploitability
    assert again.ev[0] == pytest.approx(free.ev[0], abs=slack)


def test_a_lock_after_a_chance_node_holds_on_every_card():
    """A turn's river-street lock (one (actions, hands) block for every river card) is read
    through each river situation's own hand list: its aces bet always, the rest a quarter."""
    from pokerlab.spot.locks import Lock

    spot = Spot.from_dict({"board": "Qs Jh 2h 8d", "pot": 10, "stack": 30,
                           "oop_range": "AA,QQ,AK,65s,Ah2c", "ip_range": "KK,JJ,AQs,T9s,As8c",
                           "bet": "50%", "raise": "a"})
    lock = Lock("x x", {"b5": 0.25, "x": 0.75}, (("AA", {"b5": 1.0}),))
    locked = solve(spot, target_pct=1, max_iterations=50, locks=[lock])
    for river in ("Ac", "Kh", "2c"):
        view = locked.view(f"x x {river}")
        aces = (view.combos >> 2 == 12).all(axis=1)
        assert aces.any() and (~aces).any()
        bets = view.strategy[view.actions.index("b5")]
        np.testing.assert_allclose(bets[aces], 1.0, atol=1e-6)
        np.testing.assert_allclose(bets[~aces], 0.25, atol=1e-6)
    # The walks read the lock too: measured with it, or from the saved strategy's columns
    # alone (no lock given), the EVs and IP's best response are the same; OOP's best response
    # held to its lock gains less than one free to leave it.
    plain = evaluate_profile(locked.tree, locked.deal, locked.layout, locked.strategy)
    assert plain.ev == pytest.approx(locked.ev, abs=1e-4)
    assert plain.best_response[1] == pytest.approx(locked.evaluation.best_response[1], abs=1e-4)
    assert plain.best_response[0] > locked.evaluation.best_response[0] + 0.1


def test_each_situation_keeps_the_hands_that_hold_no_dealt_card():
    """The hand lists of a flop's situations, their parent positions and cards, and the
    layout's size, against a direct count."""
    spot = Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 20, "oop_range": "AA,AK,KQs,22",
                           "ip_range": "AK,KK,QJs,33", "bet": "a"})
    deal = build_deal(spot)
    tree = build_tree(spot)
    size = 0
    for sit in range(deal.num_sits):
        dealt = set(deal.sit_board[sit][3:])
        for p in (0, 1):
            hands = deal.sit_hands(p, sit)
            want = [h for h, c in enumerate(deal.cards[p]) if not dealt & set(c.tolist())]
            assert hands.tolist() == want
            at = int(deal.sit_start[p, sit])
            assert deal.loc_cards[p][at:at + len(hands)].tolist() == deal.cards[p][hands].tolist()
            parent = int(deal.sit_parent[sit])
            up = deal.loc_up[p][at:at + len(hands)]
            if parent >= 0:
                assert deal.sit_hands(p, parent)[up].tolist() == hands.tolist()
    for node in np.flatnonzero(tree.kind == DECISION):
        q, street = int(tree.player[node]), int(tree.street[node])
        size += int(tree.num_children[node]) * sum(
            len(deal.sit_hands(q, s)) for s in range(deal.num_sits) if deal.sit_street[s] == street)
    assert build_layout(tree, deal).size == size


def test_showdown_tables_hold_ranks_positions_cards_and_the_pair_flag():
    """Each river row's packed table (32 bits a hand): ranks that order and tie both players'
    hands as their evaluator values do, each hand of the situation's list once at its
    position with its cards, and the flag of a combo the opponent's range holds."""
    spot = Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 20,
                           "oop_range": "AA,AK,KQs,QJ,22", "ip_range": "AK,KK,QJs,T9s,33",
                           "bet": "a"})
    deal = build_deal(spot)
    held = [{tuple(c) for c in deal.cards[p].tolist()} for p in (0, 1)]
    rivers = [s for s in range(deal.num_sits) if deal.sit_street[s] == 2][:40]
    for sit in rivers:
        row = int(deal.sd_row[sit])
        board = list(deal.sit_board[sit])
        ranked = []
        for p in (0, 1):
            table = deal.sd_packed[p][row, :int(deal.sd_count[p][row]) + 2].astype(np.int64)
            assert table[0] == SENTINEL_LOW and table[-1] == SENTINEL_HIGH
            hands = deal.sit_hands(p, sit)
            slots = []
            for x in table[1:-1].tolist():
                rank, slot, cards = x >> 24, (x >> 12) & 0x7FF, ((x >> 6) & 63, x & 63)
                assert 0 < rank < RANK_LIMIT
                assert deal.cards[p][hands[slot]].tolist() == list(cards)
                assert bool(x & PAIRED) == (cards in held[1 - p])
                slots.append(slot)
                ranked.append((rank, evaluate(list(cards) + board)))
            assert sorted(slots) == list(range(len(hands)))
            assert [r for r, _ in ranked[-len(slots):]] == sorted(r for r, _ in ranked[-len(slots):])
        for r1, v1 in ranked:
            for r2, v2 in ranked:
                assert (r1 < r2) == (v1 < v2) and (r1 == r2) == (v1 == v2)


def test_measuring_and_threads_leave_the_iterates_unchanged():
    """The solver's float32 walks and the measuring float64 walks share their workspaces, and
    a chance node's subtrees are combined by whichever thread finishes it last: neither may
    change an iterate. Measuring after every iteration on two threads, or once at the end on
    one thread, gives the same strategy to the bit (a turn with isomorphic river cards)."""
    spot = Spot.from_dict({"board": "Qs Jh 2h 8h", "pot": 10, "stack": 30,
                           "oop_range": "AA,KK,AK,T9s,33", "ip_range": "QQ,JJ,AK,AQs,99",
                           "bet": "50%", "raise": "a"})
    a = solve(spot, target_pct=0.0, max_iterations=12, threads=2, check_every=1)
    b = solve(spot, target_pct=0.0, max_iterations=12, threads=1, check_every=12)
    assert a.deal.num_perms > 1
    np.testing.assert_array_equal(a.strategy, b.strategy)
    assert a.ev == b.ev


@pytest.mark.parametrize("schedule,iterations", [("fast", 240), ("dcfr", 260)])
def test_each_schedule_reaches_the_target_in_the_iterations_it_takes(schedule, iterations):
    """benchmarks/spot.py --quick's river (fifteen and sixteen classes, four bet sizes) to 0.1%
    of the pot: postflop-solver's schedule in 240 iterations, textbook DCFR in 260 (0.07 s
    each). A solve needing a fifth more fails: with the positive and negative regrets'
    discount exponents swapped, the fast schedule stays above 70% after 3,000 iterations and
    DCFR at 38%."""
    oop = "AA,KK,QQ,JJ,TT,99,AK,AQs,AJs,KQs,QJs,JTs,T9s,98s,87s"
    ip = "QQ,JJ,TT,99,88,77,AQ,AJ,KQ,KJ,QJ,JT,T9s,98s,76s,65s"
    spot = Spot.from_dict({"board": RIVER, "pot": 80, "stack": 240, "raise_cap": 3,
                           "oop_range": oop, "ip_range": ip, "bet": "25%,50%,100%,a",
                           "raise": "50%,100%,a"})
    sol = solve(spot, target_pct=0.1, max_iterations=iterations * 6 // 5, schedule=schedule)
    assert sol.converged and sol.exploitability_pct <= 0.1
    assert sol.iterations <= iterations


def test_pair_weight_counts_disjoint_pairs():
    spot = river_spot("AA", "AK")
    deal = build_deal(spot)
    # 6 AA combos x 16 AK combos, less pairs sharing an ace: each AA leaves 2 aces x 4 kings.
    assert pair_weight(deal) == pytest.approx(6 * 8)


def test_board_cards_and_parse():
    assert parse_cards(RIVER) == list(river_spot("AA", "KK").board)


def test_the_16_bit_mode_keeps_half_the_storage():
    spot = river_spot("AA,QQ,AK,65s", "KK,JJ,AQs,T9s")
    s = Solver(spot, compressed=True)
    assert s.regret.dtype == np.int16 and s.cum.dtype == np.uint16
    assert s.regret.nbytes * 2 == Solver(spot).regret.nbytes


@pytest.mark.slow  # the 16-bit kernels are compiled for this test alone: half a minute cold
def test_the_16_bit_mode_solves_the_same_spot():
    spot = river_spot("AA,QQ,AK,65s", "KK,JJ,AQs,T9s")
    full = solve(spot, target_pct=0.1, max_iterations=1000)
    half = solve(spot, target_pct=0.1, max_iterations=1000, compressed=True)
    assert full.converged and full.exploitability_pct <= 0.1
    assert half.converged and half.exploitability_pct <= 0.1
    slack = 2 * (half.evaluation.exploitability + full.evaluation.exploitability)
    assert abs(half.ev[0] - full.ev[0]) <= slack


def test_average_strategy_in_place_equals_a_new_array():
    """solve() normalises the strategy sums where they are (no second array at the end): the
    same numbers as a new array, locked nodes included."""
    spot = Spot.from_dict({"board": "Qs Jh 2h 8d", "pot": 10, "stack": 30, "oop_range": "AA,QQ,AK,65s",
                           "ip_range": "KK,JJ,AQs,T9s", "bet": "50%", "raise": "a"})
    tree = build_tree(spot)
    na = int(tree.num_children[0])
    n = build_deal(spot).num_hands[0]
    lock = np.zeros((na, n), dtype=np.float32)
    lock[0] = 1.0
    s = Solver(spot, locks={0: lock})
    s.run(20)
    fresh = s.average_strategy()
    sums = s.cum
    in_place = s.average_strategy(in_place=True)
    assert in_place is sums and np.array_equal(in_place, fresh)
    np.testing.assert_array_equal(fresh[s.layout.block(0, 0)].reshape(na, n)[0], 1.0)


@pytest.mark.parametrize("compressed", [False, True])
def test_the_memory_said_before_a_solve_is_the_solvers(compressed):
    """estimate_memory (said before a solve) and Solver.memory_bytes count the same arrays:
    they differ by the solver's placeholders (an empty lock array, the float32 mode's two
    unused scales), at most 12 bytes."""
    from pokerlab.spot.solution import estimate_memory

    spot = Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 20, "oop_range": "AA,KK,AK",
                           "ip_range": "QQ,JJ,AQs", "bet": "100%"})
    said = estimate_memory(spot, compressed=compressed)
    held = Solver(spot, compressed=compressed).memory_bytes
    assert said <= held <= said + 12
