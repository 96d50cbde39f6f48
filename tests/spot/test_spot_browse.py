"""pokerlab.spot.browse: spots written as TOML and read back, what may follow each kind of node,
and a damaged solution file refused in one line."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app as cli
from pokerlab.spot.browse import node_report, read_spot_text, spot_toml
from pokerlab.spot.solution import solve
from pokerlab.spot.spec import Spot, SpotError


def test_spot_toml_reads_back_every_field() -> None:
    weights = np.zeros(1326)
    weights[:40] = 0.5
    spot = Spot.from_dict({
        "board": "Ks Qd Jh 4c", "pot": 12.5, "stack": 80, "oop_range": "AT:0.5, 65, KQ",
        "ip_range": [float(w) for w in weights], "raise_cap": 2, "allin_threshold": 0.8,
        "rake_pct": 5, "rake_cap": 3, "turn": {"oop": {"bet": "33%, e", "raise": "60%"}},
        "river": {"oop": {"donk": "20c"}, "ip": {"bet": "a"}}})
    again = read_spot_text(spot_toml(spot))["spot"]
    assert again == spot.to_dict()
    assert Spot.from_dict(again).ip_range.tolist() == spot.ip_range.tolist()


def test_read_spot_text_names_what_is_wrong() -> None:
    with pytest.raises(SpotError, match="spot TOML"):
        read_spot_text("pot = = 3")
    with pytest.raises(SpotError, match="board"):
        read_spot_text('board = "Ks"\npot = 1\nstack = 1\noop_range = "AA"\nip_range = "KK"')


def test_next_at_decisions_chance_nodes_and_terminals() -> None:
    spot = Spot.from_dict({"board": "Ks Qd Jh 4c", "pot": 10, "stack": 20, "oop_range": "AT, 65",
                           "ip_range": "77", "bet": "a"})
    sol = solve(spot, target_pct=5, max_iterations=20)
    assert node_report(sol, "")["next"] == ["x", "b20"]
    chance = node_report(sol, "x x", grid=True)
    assert chance["kind"] == "chance" and chance["grid"] is None
    assert len(chance["next"]) == 48 and not {"Ks", "Qd", "Jh", "4c"} & set(chance["next"])
    assert node_report(sol, "b20 f")["next"] == []
    river = node_report(sol, "x x 2c", grid=True)
    assert river["board"] == "Ks Qd Jh 4c 2c" and river["grid"]["totals"].keys() == {"x", "b20"}


def test_a_damaged_solution_file_is_one_line(tmp_path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"PK\x03\x04 not a zip")
    result = CliRunner().invoke(cli, ["spot", "show", str(bad)])
    assert result.exit_code == 2
    line = f"error: solution file '{bad}': not a pokerlab spot solution"
    assert result.output.strip().splitlines() == [line]


def test_an_older_turn_solution_is_refused_in_one_line_and_a_river_still_reads(tmp_path) -> None:
    """Format 1 kept every hand in every situation: a turn written so cannot be read into
    today's layout (each situation its own hands); a river's layout is the same in both."""
    import json
    import zipfile

    from pokerlab.spot.solution import Solution

    def as_format_1(path, grow):
        with np.load(path) as z:
            arrays = {k: z[k] for k in z.files}
        meta = json.loads(str(arrays["meta"]))
        meta["version"] = 1
        arrays["meta"] = np.array(json.dumps(meta))
        arrays["strategy"] = np.concatenate([arrays["strategy"], np.zeros(grow, np.float32)])
        old = tmp_path / f"old{grow}.npz"
        np.savez_compressed(old, **arrays)
        assert zipfile.is_zipfile(old)
        return old

    turn = Spot.from_dict({"board": "Ks Qd Jh 4c", "pot": 10, "stack": 20, "oop_range": "AT, K4",
                           "ip_range": "77, J4s", "bet": "a"})
    old = as_format_1(solve(turn, target_pct=5, max_iterations=5).save(tmp_path / "t.npz"), 24)
    result = CliRunner().invoke(cli, ["spot", "show", str(old)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: solution file '{old}': written by an older pokerlab (format 1, every hand in "
        "every situation); solve the spot again"]
    river = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 20, "oop_range": "AT",
                            "ip_range": "77", "bet": "a"})
    sol = solve(river, target_pct=5, max_iterations=5)
    again = Solution.load(as_format_1(sol.save(tmp_path / "r.npz"), 0))
    assert np.array_equal(again.strategy, sol.strategy)


def _weights(report: dict, who: str) -> dict[str, float]:
    return {r["combo"]: r["weight"] for r in report["ranges"][who]["rows"]}


def test_each_player_s_range_and_ev_at_a_node() -> None:
    from pokerlab.cards.codes import parse_cards
    from pokerlab.cards.ranges import combo_index

    spot = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100, "oop_range": "AT:0.5, 65, KQ",
                           "ip_range": "77, QJ", "river": {"oop": {"bet": "100%"}, "ip": {"bet": "50%"}}})
    sol = solve(spot, target_pct=0.05, max_iterations=2000)
    root = node_report(sol, "")
    # at the root: the input ranges (less the combos the board blocks) and the solver's EVs
    board = set(spot.board)
    for who, given in (("oop", spot.oop_range), ("ip", spot.ip_range)):
        expected = {}
        for a in range(52):
            for b in range(a):
                if given[combo_index(a, b)] > 0 and not {a, b} & board:
                    expected[frozenset((a, b))] = float(given[combo_index(a, b)])
        shown = {frozenset(parse_cards(c[:2] + " " + c[2:])): w for c, w in _weights(root, who).items()}
        assert shown == expected
    assert root["ranges"]["oop"]["ev"] == pytest.approx(sol.ev[0], abs=1e-6)  # the float32 average
    assert root["ranges"]["ip"]["ev"] == pytest.approx(sol.ev[1], abs=1e-6)
    # below: the input weight times the player's own action probabilities (the parent's per-combo
    # strategy); the opponent's range is what reached the parent
    bet = node_report(sol, "b10")
    parent = {r["combo"]: r for r in root["combos"]}
    below = _weights(bet, "oop")
    assert set(below) == {c for c, r in parent.items() if r["b10"] > 0}
    for c, w in below.items():
        assert w == pytest.approx(parent[c]["weight"] * parent[c]["b10"], rel=1e-6)
    assert _weights(bet, "ip") == _weights(root, "ip")
    called = node_report(sol, "b10 c")
    for c, w in _weights(called, "ip").items():
        row = next(r for r in bet["combos"] if r["combo"] == c)
        assert w == pytest.approx(row["weight"] * row["c"], rel=1e-6)
    # the EVs share out the starting pot at every node (no rake), and after a fold the bettor
    # gets the pot back with its bet: every combo +10, the folder 0
    for report in (root, bet, called, node_report(sol, "x")):
        assert report["ranges"]["oop"]["ev"] + report["ranges"]["ip"]["ev"] == pytest.approx(10, abs=1e-9)
    folded = node_report(sol, "b10 f")["ranges"]
    assert {r["ev"] for r in folded["oop"]["rows"]} == {10.0}
    assert {r["ev"] for r in folded["ip"]["rows"]} == {0.0}
    # the actor's range entry is the node's own per-combo EV, weighted by the pairs it meets
    acting = {r["combo"]: r["ev"] for r in bet["combos"]}
    assert {r["combo"]: r["ev"] for r in bet["ranges"]["ip"]["rows"]} == acting
    # per class: the reach weights add up, and the class's EV is its combos' mean over the pairs
    # they meet (the per-combo rows, weighted by reach times the opponent's weight they face)
    from pokerlab.cards.ranges import class_of

    view = sol.view("b10")
    for who, r in zip(("oop", "ip"), view.ranges, strict=True):
        assert sum(c["combos"] for c in bet["ranges"][who]["classes"]) == pytest.approx(
            bet["ranges"][who]["combos"])
        for c in bet["ranges"][who]["classes"]:
            k = [i for i, (a, b) in enumerate(r.combos) if class_of(int(a), int(b)) == c["class"]]
            w = r.reach[k] * r.pairs[k]
            assert c["ev"] == pytest.approx(float(w @ r.ev[k] / w.sum()), abs=1e-9), (who, c)


def test_a_line_nobody_plays_is_shown_empty() -> None:
    """OOP locked to check: after its bet no combo of OOP is there (the load test's random
    lines met this; the per-class table failed to reshape an empty block)."""
    from pokerlab.spot.locks import parse_lock

    spot = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100, "oop_range": "AT, 65",
                           "ip_range": "77, QJ", "river": {"oop": {"bet": "100%"}, "ip": {"bet": "50%"}}})
    sol = solve(spot, target_pct=1.0, max_iterations=50, locks=[parse_lock("=x:1")])
    for line in ("b10", "b10 c"):
        report = node_report(sol, line)
        assert report["ranges"]["oop"]["rows"] == []
        assert report["ranges"]["oop"]["combos"] == 0
    # IP acts facing a bet nobody makes: no combo of its meets an opponent there
    assert sol.view("b10").classes() == []
    assert node_report(sol, "b10")["classes"] == []


def test_a_river_two_cards_deep_shows_its_own_hands_values() -> None:
    """A flop spot's river (its hand lists are the turn's less the river card's hands, so a
    list position is not a hand): facing an all-in, each of IP's combos' call EV is a direct
    count over OOP's combos that reach the node (the weights the report shows), by the
    evaluator: win 30 chips, tie 5, lose 20."""
    from pokerlab.cards.codes import parse_cards
    from pokerlab.evaluate import evaluate

    spot = Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 20,
                           "oop_range": "AA,AK,KQs,QJ,22,T9s", "ip_range": "AK,KK,QJs,T9s,33,A5s",
                           "bet": "a"})
    sol = solve(spot, target_pct=0.5, max_iterations=30)
    report = node_report(sol, "x x Td x x Ac a")
    board = parse_cards("Qs Jh 2h Td Ac")
    opp = {tuple(parse_cards(c[:2] + " " + c[2:])): w for c, w in _weights(report, "oop").items()}
    assert opp and report["player"] == "ip"
    checked = 0
    for row in report["combos"]:
        mine = parse_cards(row["combo"][:2] + " " + row["combo"][2:])
        num = den = 0.0
        for theirs, w in opp.items():
            if set(mine) & set(theirs):
                continue
            a, b = evaluate(mine + board), evaluate(list(theirs) + board)
            num += w * (30.0 if a > b else 5.0 if a == b else -20.0)
            den += w
        if den > 0:
            assert row["ev_c"] == pytest.approx(num / den, rel=1e-9, abs=1e-9), row["combo"]
            checked += 1
    assert checked >= 10
