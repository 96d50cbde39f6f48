"""One line that names what the person typed: the option or field and its value, never a
place the value was copied to or a file the server made."""

from __future__ import annotations

import pytest

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.spot.spec import Spot, SpotError

RIVER = ["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "20"]


def _error(capsys, argv: list[str]) -> str:
    assert run(app, ["spot", "solve", *argv, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


def test_a_range_of_zero_weights_names_the_range_not_the_board(capsys) -> None:
    err = _error(capsys, [*RIVER, "--oop-range", "QQ:0", "--ip-range", "KK"])
    assert err == "error: --oop-range 'QQ:0': no combo has a weight above 0"
    err = _error(capsys, [*RIVER, "--oop-range", "AA", "--ip-range", "Qs2h"])
    assert err == "error: --ip-range 'Qs2h': every combo it holds uses a board card (Qs Jh 2h 8d 3c)"
    with pytest.raises(SpotError, match=r"^oop_range 'QQ:0': no combo has a weight above 0$"):
        Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 10, "oop_range": "QQ:0",
                        "ip_range": "KK"})


@pytest.mark.parametrize("option,value", [("--bet", "-50%"), ("--raise", "x"), ("--donk", "1x")])
def test_a_bad_size_names_the_option_given(capsys, option: str, value: str) -> None:
    err = _error(capsys, [*RIVER, "--oop-range", "AA", "--ip-range", "KK", option, value])
    assert err.startswith(f"error: {option} '{value}': ") and "flop" not in err


def test_a_bad_size_in_a_file_names_the_field_written(tmp_path, capsys) -> None:
    spot = tmp_path / "river.toml"
    spot.write_text('board = "Qs Jh 2h 8d 3c"\npot = 10\nstack = 20\noop_range = "AA"\n'
                    'ip_range = "KK"\nbet = "-50%"\n')
    err = _error(capsys, [str(spot)])
    assert err == "error: bet: bet size '-50%' must be a positive number"
