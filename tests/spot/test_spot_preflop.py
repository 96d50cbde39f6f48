"""A spot that takes its pot, stack and ranges from a pre-flop line of the no-limit blueprint
(``preflop = "r250c"``): the ranges are the blueprint's per combo, the spot solves and saves
them, and a bad line or file is one line naming the key (the option on the command line)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hulhe_small import write_small_blueprint

from pokerlab.cards import ALL_COMBOS, combo_index, parse_cards
from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.spot.solution import Solution, solve
from pokerlab.spot.spec import Spot, SpotError

FLOP = "Qs Jh 2h"


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_small_blueprint(tmp_path_factory.mktemp("bp") / "small.npz", seed=5)


def _reached(blueprint: Blueprint, line: str, board: str) -> np.ndarray:
    return blueprint.ranges(blueprint.node(line), parse_cards(board))


def test_the_spot_holds_the_ranges_the_blueprint_reaches(path: Path) -> None:
    spot = Spot.from_dict({"board": FLOP, "preflop": "r250c", "blueprint": str(path), "bet": "a"})
    reached = _reached(Blueprint.load(path), "r250c/", FLOP)
    big_blind, button = 0, 1
    assert np.array_equal(spot.oop_range, reached[big_blind])  # after the flop the big blind acts first
    assert np.array_equal(spot.ip_range, reached[button])
    assert (spot.pot, spot.stack) == (5.0, 17.5)  # big blinds: 2.5 each in, 20 deep
    assert spot.oop_range_text == spot.ip_range_text == ""
    # a saved spot keeps the weights, not the line: it reads back the same without the blueprint
    again = Spot.from_dict(spot.to_dict())
    assert np.array_equal(again.oop_range, spot.oop_range) and (again.pot, again.stack) == (5.0, 17.5)
    deeper = Spot.from_dict({"board": FLOP, "preflop": "r250r750c", "blueprint": str(path)})
    assert (deeper.pot, deeper.stack) == (15.0, 12.5)
    assert np.array_equal(deeper.ip_range, _reached(Blueprint.load(path), "r250r750c", FLOP)[button])


def test_button_opens_2_5_big_blind_calls_solves_with_the_shipped_blueprint_s_ranges(capsys) -> None:
    """The shipped blueprint's r250c on a flop, solved from the command line without a range typed."""
    assert run(app, ["spot", "solve", "--board", FLOP, "--preflop", "r250c", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    reached = _reached(Blueprint.load(), "r250c", FLOP)
    assert (out["pot"], out["stack"]) == (5.0, 197.5)
    assert out["combos"] == pytest.approx(reached.sum(axis=1).tolist())
    assert out["hands"] == [int((reached[0] > 0).sum()), int((reached[1] > 0).sum())]
    assert out["converged"] and sum(out["ev"]) == pytest.approx(5.0)  # no bet sizes: checked down


def test_a_solve_and_its_saved_solution_keep_the_weights(path: Path, tmp_path: Path) -> None:
    spot = Spot.from_dict({"board": FLOP, "preflop": "r250c", "blueprint": str(path)})
    sol = solve(spot, target_pct=0.3, max_iterations=50)
    assert sol.converged and sum(sol.ev) == pytest.approx(5.0)
    sol.save(tmp_path / "sol.npz")
    loaded = Solution.load(tmp_path / "sol.npz")
    assert np.array_equal(loaded.spot.oop_range, spot.oop_range)
    assert np.array_equal(loaded.spot.ip_range, spot.ip_range)


@pytest.mark.slow  # about 9 s: four spot solves; the fast suite solves r250c once above
def test_a_spot_file_names_the_line_and_the_flags_change_it(path: Path, tmp_path: Path, capsys) -> None:
    folder = tmp_path / "spots"
    folder.mkdir()
    (folder / "bp.npz").write_bytes(path.read_bytes())
    spot_file = folder / "r250c.toml"
    spot_file.write_text(f'board = "{FLOP}"\npreflop = "r250c"\nblueprint = "bp.npz"  # beside the file\n')
    small = Blueprint.load(path)
    assert np.array_equal(Spot.from_toml(spot_file).oop_range, _reached(small, "r250c", FLOP)[0])

    def solved(*flags: str) -> dict:
        argv = ["spot", "solve", str(spot_file), *flags, "--max-iterations", "1", "--json", "--no-progress"]
        assert run(app, argv) == 0
        return json.loads(capsys.readouterr().out)

    assert solved()["combos"] == pytest.approx(_reached(small, "r250c", FLOP).sum(axis=1).tolist())
    # another board deals the line's ranges on it (a combo of the file's board is back)
    other = solved("--board", "Ks 7d 2c")
    assert other["combos"] == pytest.approx(_reached(small, "r250c", "Ks 7d 2c").sum(axis=1).tolist())
    # another line, or typed ranges, replace the file's line
    assert solved("--preflop", "r250r750c")["pot"] == 15.0
    typed = solved("--pot", "10", "--stack", "20", "--oop-range", "AA", "--ip-range", "KK")
    assert typed["combos"] == [6.0, 6.0] and typed["pot"] == 10.0  # AA and KK on a flop without them


@pytest.mark.parametrize("extra,message", [
    ({"preflop": "r250"}, r"^preflop 'r250': the pre-flop betting goes on there \(the big blind acts\)"),
    ({"preflop": "r300c"}, r"^preflop 'r300c': 'r300' is not in the tree"),
    ({"preflop": "r250c/c"}, r"^preflop 'r250c/c': the line goes past the flop"),
    ({"preflop": "f"}, r"^preflop 'f': the hand ends with a fold there"),
    ({"preflop": 250}, r"^preflop: 250 is not a line"),
    ({"preflop": "r250c", "pot": 10}, r"^pot: the pre-flop line \(preflop = 'r250c'\) sets it"),
    ({"preflop": "r250c", "ip_range": "KK"}, r"^ip_range: the pre-flop line"),
    ({"preflop": "r250c", "blueprint": "{dir}/none.npz"}, r"^blueprint .*none\.npz: no such file$"),
    ({"preflop": "r250c", "blueprint": 7}, r"^blueprint: 7 is not a file name$"),
    ({"pot": 5, "stack": 5, "oop_range": "AA", "ip_range": "KK", "blueprint": "x.npz"},
     r"^blueprint: used only with preflop"),
    ({"preflop": "r250c", "board": "Qs Jh 2h 3c"},
     r"^board: a spot after a pre-flop line \(preflop = 'r250c'\) starts on the flop: 3 cards, not 4$"),
    ({"preflop": "r250c", "board": "Qs Qs 2h"}, r"^board: duplicate card"),
])
def test_a_bad_line_is_one_line_naming_the_key(path: Path, tmp_path: Path, extra: dict, message: str) -> None:
    data = {"board": FLOP, "blueprint": str(path)} if "preflop" in extra else {"board": FLOP}
    data |= {k: v.replace("{dir}", str(tmp_path)) if isinstance(v, str) else v for k, v in extra.items()}
    with pytest.raises(SpotError, match=message):
        Spot.from_dict(data)


@pytest.mark.parametrize("argv,message", [
    (["--preflop", "r250"], r"--preflop 'r250': the pre-flop betting goes on there"),
    (["--preflop", "r250c", "--pot", "10"], r"--pot: the pre-flop line"),
    (["--preflop", "r250c", "--blueprint", "none.npz"], r"--blueprint /\S*none\.npz: no such file$"),
    (["--pot", "5", "--stack", "5", "--oop-range", "AA", "--ip-range", "KK", "--blueprint", "x.npz"],
     r"--blueprint: used only with preflop"),
])
def test_the_command_names_the_option(argv: list[str], message: str, capsys) -> None:
    assert run(app, ["spot", "solve", "--board", FLOP, *argv, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert re.match("error: " + message, err) and len(err.splitlines()) == 1, err


def test_weights_of_a_combo_are_its_players_own_pre_flop_actions(path: Path) -> None:
    small = Blueprint.load(path)
    spot = Spot.from_dict({"board": FLOP, "preflop": "r250c", "blueprint": str(path)})
    hand = combo_index(*parse_cards("Ad Kc"))
    k = int(small.preflop_buckets[hand])
    row = small.tree.row
    assert spot.ip_range[hand] == pytest.approx(small.strategy[row[small.decision("")] + k, 2])  # opened
    assert spot.oop_range[hand] == pytest.approx(small.strategy[row[small.decision("r250")] + k, 1])  # called
    assert not spot.oop_range[np.isin(ALL_COMBOS, parse_cards(FLOP)).any(axis=1)].any()


def test_a_spot_read_for_a_server_may_name_a_line_but_not_a_file(path: Path) -> None:
    from pokerlab.spot.browse import read_spot_text

    text = f'board = "{FLOP}"\npreflop = "r250c"\n'
    read = read_spot_text(text, files=False)["spot"]
    reached = _reached(Blueprint.load(), "r250c", FLOP)
    assert read["oop_range"] == reached[0].tolist() and (read["pot"], read["stack"]) == (5.0, 197.5)
    with pytest.raises(SpotError, match=r"^blueprint: this spot may not name a file"):
        read_spot_text(text + f'blueprint = "{path}"\n', files=False)
    assert read_spot_text(text + f'blueprint = "{path}"\n')["spot"]["stack"] == 17.5
