"""The patent's reading of a river solution (pokerlab.spot.threshold_reading)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.spot.oracle import solve_spot_lp
from pokerlab.spot.spec import Spot
from pokerlab.spot.threshold_reading import (
    axis_ticks,
    concession,
    plot_square,
    read_decision,
    read_solution,
    square,
    terminal_lines,
)


def test_a_pure_threshold_strategy_is_read_exactly():
    # Six levels of strength (shuffled combos, two per level, unequal weights). Bluff with the
    # weakest level, check the next two, a virtual hand at the cut (level 3 bets 1/4), bet above.
    rng = np.random.default_rng(5)
    strength = np.repeat([3, 9, 14, 20, 31, 40], 2)
    reach = rng.uniform(0.5, 1.5, 12)
    bet = np.array([1, 1, 0, 0, 0, 0, 0.25, 0.25, 1, 1, 1, 1])
    probs = np.column_stack([1 - bet, bet])
    perm = rng.permutation(12)
    r = read_decision(probs[perm], reach[perm], strength[perm], ("x", "b"))
    total = reach.sum()
    cum = np.cumsum(reach) / total
    level3 = reach[6:8].sum() / total
    assert [s.action for s in r.segments] == ["b", "x", "b"]
    assert r.segments[0].hi == pytest.approx(cum[1])
    # the second cut falls inside level 3, three quarters of the way through it
    assert r.segments[1].hi == pytest.approx(cum[5] + 0.75 * level3)
    assert [c.level for c in r.cuts] == [1, 3]
    assert r.cuts[0].share_above == pytest.approx(1.0) and r.cuts[1].share_above == pytest.approx(0.25)
    assert np.allclose(r.probs, probs[perm]) and np.allclose(r.pooled, probs[perm])
    assert r.absorbed == pytest.approx(0.0, abs=1e-12)


def test_levels_pool_their_combos_and_small_segments_are_absorbed():
    # Two combos of one strength playing differently (blockers): the reading plays their
    # reach-weighted mix with both.
    r = read_decision(np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([3.0, 1.0]), np.array([7, 7]), ("f", "c"))
    assert r.probs.tolist() == [[0.75, 0.25], [0.75, 0.25]]
    assert len(r.cuts) == 1 and r.cuts[0].share_above == pytest.approx(0.25)
    # A sliver of calls (2% of the axis) inside a fold band goes when min_segment is 5%.
    probs = np.array([[1, 0], [0.8, 0.2], [1, 0], [0, 1]], dtype=float)
    r = read_decision(probs, np.array([0.4, 0.1, 0.2, 0.3]), np.arange(4), ("f", "c"), min_segment=0.05)
    assert [s.action for s in r.segments] == ["f", "c"]
    assert r.absorbed == pytest.approx(0.02)
    assert np.allclose(r.probs.sum(axis=1), 1.0)


def river(oop, ip, board="Ks Qd Jh 4c 2s", pot=10, stack=100, **extra):
    data = {"board": board, "pot": pot, "stack": stack, "oop_range": oop, "ip_range": ip}
    data.update(extra)
    return Spot.from_dict(data)


def test_von_neumann_river_read_and_played_back_exactly():
    lp = solve_spot_lp(river("AT, 65", "77", river={"oop": {"bet": "100%"}}))
    decisions = lp.decisions()
    reading = read_solution(decisions, lp.weights(), lp.river.strength)
    root = reading.decisions[()]
    # Air (half the range) bets half the time: one mixed level; the straights all bet.
    assert [(s.action, s.lo, s.hi) for s in root.segments] == [("check", 0.0, 0.25), ("bet", 0.25, 1.0)]
    call = reading.decisions[("bet",)]
    assert [(s.action, s.lo, s.hi) for s in call.segments] == [("fold", 0.0, 0.5), ("call", 0.5, 1.0)]
    c = concession(decisions, reading, lp.exploitability_pct)
    assert abs(c.solver_pct) < 1e-9 and abs(c.reading_pct) < 1e-9
    view = reading.as_dict(lp.river.game.hands)
    assert view["bet"]["text"] == "fold .50 call" and view["bet"]["player"] == 1
    cut = view["bet"]["cuts"][0]
    assert cut["hand"][0] + cut["hand"][2] == "77" and cut["share_above"] == 0.5  # the bluff catchers
    cut = view["(root)"]["cuts"][0]
    assert view["(root)"]["text"] == "check .25 bet" and cut["hand"][0] + cut["hand"][2] == "65"  # air


SPOT = {"board": "Qs Jh 2h 8d 3c", "pot": 100, "stack": 200,
        "oop_range": "AA,KK,QQ,AQs,AJs,KQs,T9s,98s,A5s,A4s,33,22,K9s,QTs",
        "ip_range": "QQ-TT,AQ,KQ,QJs,JT,99-44", "bet": "75%", "raise": "60%", "raise_cap": 1}  # fmt: skip


def test_the_reading_concedes_little_on_a_solved_spot(tmp_path):
    lp = solve_spot_lp(Spot.from_dict(SPOT))
    decisions = lp.decisions()
    exact = read_solution(decisions, lp.weights(), lp.river.strength)
    c0 = concession(decisions, exact, lp.exploitability_pct)
    assert abs(c0.solver_pct) < 1e-8
    # Pooling the combos of each strength (blockers forgotten) costs a few thousandths of the pot.
    assert 0 <= c0.reading_pct < 0.05
    coarse = read_solution(decisions, lp.weights(), lp.river.strength, min_segment=0.05)
    c1 = concession(decisions, coarse, lp.exploitability_pct)
    assert c1.concession_pct > c0.concession_pct
    # Read one decision at a time (here none costs more than all of them read together).
    assert set(c1.by_decision) == set(decisions)
    assert all(-1e-9 <= v <= c1.reading_pct + 1e-9 for v in c1.by_decision.values())
    for r in coarse.decisions.values():
        widths = [s.hi - s.lo for s in r.segments]
        assert min(widths) >= 0.05 - 1e-12 or len(widths) == 1

    sq = square(decisions, exact.profile(), lp.weights(), lp.river.strength)
    lines = terminal_lines(decisions)
    assert sq["lines"] == lines and ("check", "check") in lines and ("bet", "raise", "call") in lines
    assert np.allclose(sq["prob"].sum(axis=0), 1.0)
    assert sq["edges"][0][0] == 0 and sq["edges"][0][-1] == pytest.approx(1.0)
    # OOP's strongest level (the straight) beats all of IP's hands but its sets
    assert (sq["winner"][-1] >= 0).all() and sq["winner"][0, -1] == -1
    ticks = tuple(axis_ticks(lp.weights()[p], lp.river.strength[p], lp.river.game.hands[p]) for p in (0, 1))
    assert any("straight" in t for _, t in ticks[0])
    out = plot_square(sq, tmp_path / "square.png", "reading", ticks)
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_the_reading_of_the_solvers_solution():
    from pokerlab.spot.solved import read_solved
    from pokerlab.spot.solver import Solver

    solver = Solver(Spot.from_dict(SPOT))
    solver.run(500)
    strategy = solver.average_strategy()
    fine = read_solved(solver.tree, solver.deal, solver.layout, strategy)
    coarse = read_solved(solver.tree, solver.deal, solver.layout, strategy, min_segment=0.05)
    # Both measured by the spot's best response: the solver's near 0, the reading a little more.
    assert 0 <= fine.concession.solver_pct < 0.05
    assert fine.concession.reading_pct >= 0 and fine.concession.concession_pct < 0.1
    assert coarse.concession.concession_pct > fine.concession.concession_pct
    root = fine.reading.decisions[()]
    assert root.actions == ("x", "b75") and {s.action for s in root.segments} == {"x", "b75"}
    assert root.segments[0].lo == 0 and root.segments[-1].hi == pytest.approx(1.0)
    # The same reading through the LP oracle's game: the same threshold profile, measured by
    # the equilibrium engine, concedes the same.
    lp = solve_spot_lp(Spot.from_dict(SPOT))
    assert fine.concession.reading_pct == pytest.approx(
        _oracle_measure(lp, solver, fine.reading.profile()), abs=1e-4
    )


def _oracle_measure(lp, solver, profile):
    """The exploitability (% of the pot) of a profile on the solver's lines, by the LP's game."""
    tree, deal = solver.tree, solver.deal
    decisions = lp.decisions()
    out = {h: d.probs.copy() for h, d in decisions.items()}
    for line, probs in profile.items():
        history: tuple[str, ...] = ()
        at = 0
        for label in line:
            history = (*history, decisions[history].actions[tree.actions(at).index(label)])
            at = tree.child(at, label)
        player = decisions[history].player
        where = {int(c): i for i, c in enumerate(lp.river.combos[player])}
        out[history][[where[int(c)] for c in deal.hands[player]]] = probs
    return lp.exploitability_pct(out)


def test_the_threshold_command(tmp_path, capsys):
    import json

    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app
    from pokerlab.spot.solution import solve

    saved = tmp_path / "river.npz"
    solve(Spot.from_dict(SPOT), target_pct=0.1, max_iterations=400).save(saved)
    square_png = tmp_path / "square.png"
    assert run(app, ["spot", "threshold", str(saved), "--square", str(square_png)]) == 0
    out = capsys.readouterr().out
    assert "the reading concedes" in out and "b75 r200" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert square_png.read_bytes()[:4] == b"\x89PNG"
    assert run(app, ["spot", "threshold", str(saved), "--min-segment", "0.05", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["concession_pct_pot"] == pytest.approx(
        got["reading_exploitability_pct_pot"] - got["solver_exploitability_pct_pot"]
    )
    # the actor named as spot show --json names it
    assert got["concession_pct_pot"] > 0 and got["decisions"]["(root)"]["player"] == "oop"
    assert {d["player"] for d in got["decisions"].values()} == {"oop", "ip"}
    alone = [d["exploitability_pct_alone"] for d in got["decisions"].values()]
    assert len(alone) == 6 and min(alone) >= got["solver_exploitability_pct_pot"] - 1e-6
    bad_square = ["--square", str(tmp_path / "s.jpg")]
    for bad, message in ((["--min-segment", "0.9"], "--min-segment 0.9"), (bad_square, "--square")):
        assert run(app, ["spot", "threshold", str(saved), *bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "s.jpg").exists()
    # a turn is refused in one line
    turn = tmp_path / "turn.npz"
    solve(Spot.from_dict({**SPOT, "board": "Qs Jh 2h 8d", "oop_range": "AA,KK", "ip_range": "QQ,JJ",
                          "turn": {"bet": "50%"}}), max_iterations=2).save(turn)  # fmt: skip
    assert run(app, ["spot", "threshold", str(turn)]) == 2
    assert "reads river spots, not a turn" in capsys.readouterr().err
