"""Node locks as given: a lock is whole, its probabilities add to 1, each action once; anything
else is one line naming the option and the value (exit 2), never renormalised in silence."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.spot.deal import build_deal
from pokerlab.spot.locks import Lock, build_locks, parse_lock, read_locks
from pokerlab.spot.spec import Spot, SpotError
from pokerlab.spot.tree import build_tree

SPOT = {"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,QQ,AK",
        "ip_range": "KK,JJ,AQs", "bet": "50%"}
FLAGS = ["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "20", "--oop-range", "AA,QQ,AK",
         "--ip-range", "KK,JJ,AQs", "--bet", "50%", "--no-progress"]


@pytest.mark.parametrize("text,needle", [
    ("=x:0.5", "add to 0.5, not 1"),
    ("=x:0.5,b5:0.4", "add to 0.9, not 1"),
    ("=x:1,b5:1", "add to 2, not 1"),
    ("x b5=c:0.3@AA", "add to 0.3, not 1"),
    ("=x:0.5,x:0.5", "action 'x' given twice"),
])
def test_a_lock_that_does_not_add_to_one_is_refused(text, needle):
    with pytest.raises(SpotError, match=needle) as info:
        parse_lock(text)
    assert f"--lock {text!r}" in str(info.value)


def test_a_lock_adding_to_one_within_a_millionth_is_taken():
    spot = Spot.from_dict(SPOT)
    tree, deal = build_tree(spot), build_deal(spot)
    lock = parse_lock("=x:0.3333333,b5:0.6666667")
    arr = build_locks(tree, deal, [lock])[0]
    np.testing.assert_allclose(arr[:, 0], [0.3333333, 0.6666667])
    with pytest.raises(SpotError, match=r"add to 0\.999998, not 1"):
        parse_lock("=x:0.333333,b5:0.666665")


def test_a_lock_object_or_file_is_checked_as_the_flag_is(tmp_path):
    spot = Spot.from_dict(SPOT)
    tree, deal = build_tree(spot), build_deal(spot)
    with pytest.raises(SpotError, match=r"lock '': the probabilities add to 0\.75, not 1"):
        build_locks(tree, deal, [Lock("", {"x": 0.5, "b5": 0.25})])
    path = tmp_path / "locks.toml"
    path.write_text('[[lock]]\nline = ""\ndefault = { x = 1.0 }\nhands = { AA = { b5 = 0.5 } }\n')
    with pytest.raises(SpotError, match=r"lock 1\.hands\.AA: the probabilities add to 0.5, not 1"):
        read_locks(path)


def test_the_command_refuses_it_in_one_line(tmp_path, capsys):
    assert run(app, ["spot", "solve", *FLAGS, "--lock", "=x:0.5,b5:0.4"]) == 2
    err = capsys.readouterr().err
    assert err == "error: --lock '=x:0.5,b5:0.4': the probabilities add to 0.9, not 1\n"
    path = tmp_path / "locks.toml"
    path.write_text('[[lock]]\nline = "x b5"\ndefault = { c = 0.7, f = 0.7 }\n')
    assert run(app, ["spot", "solve", *FLAGS, "--locks", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "locks.toml" in err and "add to 1.4, not 1" in err
