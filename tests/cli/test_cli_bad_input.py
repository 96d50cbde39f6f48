"""Every command driven with bad values: exit 2, one line naming the mistake, no traceback, and
no file left behind; huge counts start at once and stop on Ctrl-C with a one-line summary.

The commands run in this process through the command line's own handler (``cli.errors.run``),
as ``main()`` runs them; ``test_cli_errors`` checks real processes for the exit statuses.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sqlite3
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerlab.cli import common
from pokerlab.cli.errors import run
from pokerlab.cli.main import app

# -- bad values -----------------------------------------------------------------------------

_letters = st.text(alphabet="wxzWXZ_", min_size=1, max_size=8)  # no rank letters: "QQ" is a range
NAME = _letters  # no bot, game, model, table or file is called like this
WHOLE = st.one_of(
    st.sampled_from(["x", "1.5", "1e3", "ten", "0x10", "12abc", "", "1/2", "nan"]),
    _letters,
)
NEGATIVE = st.integers(max_value=-1).map(str)
EXACT = st.sampled_from(["1/0", "nan", "inf", "-inf", "x", "10**10**10", "1e99999", "(", "1//2", "",
                         "sqrt(-1)", "2^3", "__import__('os')", "1/(1-1)"])
CARDS = st.one_of(st.text(alphabet="xyzWXYZ!@#01", min_size=1, max_size=12),
                  st.sampled_from(["As As Kd", "Ah", "1s", "A♦-Q♣/3♥", "AsKsQsJsTs9s8s7s"]))
RANGE = st.one_of(st.sampled_from(["QQ++", "AKx", "A5s-K2s", "AKo:2", "AKo:-1", "22-", "ZZ"]),
                 st.text(alphabet="xzXZ_", min_size=1, max_size=8))  # no Q: "QQ" is a range


def _choices(*values: str):
    return st.sampled_from(values)


# Paths are made in a folder per test run; "{dir}" stands for it.
PLOT = _choices("{dir}", "{dir}/missing/x.png", "/sys/x.png", "{dir}/x.txt", "{dir}/notes.txt/x.png")
DB = _choices("{dir}", "{dir}/notes.txt", "{dir}/damaged.sqlite", "/sys/x.sqlite", "{dir}/missing/x.sqlite")

B = ["random", "raiser"]
SPOT_TEMPLATE = str(Path(__file__).resolve().parents[2] / "examples" / "spot-batch.toml")
CASES: list[tuple[list[str], st.SearchStrategy[str]]] = [
    (["hand", "{}"], CARDS),
    (["solve", "{}"], NAME),
    (["solve", "patent-no-raise", "--pot", "{}"], EXACT | _choices("0", "-1", "sqrt(2)", "1e400")),
    (["solve", "von-neumann", "--param", "B={}"], EXACT | _choices("0", "-1", "sqrt(2)")),
    (["solve", "von-neumann", "--param", "{}"], _letters | _choices("B", "P=1", "C=2")),
    (["solve", "patent-raise", "--pot", "3", "--strength", "{}"], EXACT | _choices("2", "-1/2")),
    (["solve", "patent-no-raise", "--pot", "1", "--plot", "{}"], PLOT),
    (["solve", "patent-no-raise", "--board", "{}"], CARDS | _choices("As Kd 7h 2c 2d")),
    (["solve", "patent-no-raise", "--pot", "1", "--cards", "{}"], NAME),
    (["match", "{}", "random"], NAME),
    (["match", *B, "--hands", "{}"], WHOLE | NEGATIVE | _choices("0")),
    (["match", *B, "--seed", "{}"], WHOLE | NEGATIVE),
    (["match", *B, "--seats", "{}"], WHOLE | _choices("1", "99")),
    (["match", *B, "--game", "{}"], NAME),
    (["match", *B, "--workers", "{}"], WHOLE | _choices("0", "-2")),
    (["match", *B, "--stack", "{}"], WHOLE | _choices("0", "-100")),
    (["match", *B, "--game", "no-limit", "--stack", "{}"], _choices("1")),  # below the big blind
    (["match", *B, "--cluster", "{}"], NAME | _choices("ray://nowhere", "host:0", "host:99999")),
    (["match", *B, "--hands", "3", "--db", "{}"], DB),
    (["match", *B, "--hands", "3", "--plot", "{}"], PLOT),
    (["match", *B, "--hands", "3", "--hand-history", "{}"], _choices("{dir}/notes.txt", "/sys/hh")),
    (["match", *B, "--hands", "3", "--resume", "--seed", "{}"], _choices("5", "6")),
    (["match", *B, "--hands", "4", "--duplicate", "--freezeout", "--seed", "{}"], _choices("0", "1")),
    (["match", *B, "--variant", "{}"], NAME),
    (["lbr", "{}", "--hands", "2"], NAME | _choices("draw-rules", "loki2-b")),  # unknown, draw, no policy
    (["lbr", "random", "--hands", "2", "--compare", "{}"], NAME | _choices("draw-rules", "loki2-b")),
    (["lbr", "random", "--hands", "{}"], WHOLE | NEGATIVE | _choices("0")),
    (["lbr", "random", "--seed", "{}"], WHOLE | NEGATIVE),
    (["lbr", "random", "--workers", "{}"], WHOLE | _choices("0", "-2")),
    (["lbr", "random", "--samples", "{}"], WHOLE | _choices("0")),
    (["lbr", "random", "--game", "{}"], NAME | _choices("pot-limit", "NL", "")),
    (["lbr", "random", "--game", "no-limit", "--stack", "{}"], WHOLE | NEGATIVE | _choices("0")),
    (["match", *B, "--variant", "five-card-draw", "--seats", "{}"], _choices("7", "10")),
    (["match", "random", "{}", "--variant", "five-card-draw", "--hands", "3"],  # plays hold'em only
     _choices("loki-a", "waterloo-phase1", "threshold")),
    (["match", "{}", "random", "--hands", "3"], _choices("draw-rules", "draw-threshold")),  # draw only
    (["play", "--variant", "{}"], NAME),
    (["play", "--variant", "five-card-draw", "--bot", "{}"], _choices("loki-b", "waterloo-phase2-normal")),
    (["play", "--bot", "{}"], _choices("draw-rules")),
    (["draw", "matches", "--hands", "{}"], WHOLE | _choices("0", "-1")),
    (["draw", "matches", "--game", "{}"], NAME),
    (["draw", "matches", "--opponent", "{}"], NAME),
    (["draw", "matches", "--opponent", "{}"], _choices("loki-a", "threshold")),
    (["draw", "matches", "--seed", "{}"], WHOLE | NEGATIVE),
    (["draw", "matches", "--hands", "2", "--db", "{}"], DB),
    (["draw", "exactness", "--drew", "{}"], WHOLE | _choices("6", "-1")),
    (["draw", "whole-hand", "--game", "{}"], NAME),
    (["draw", "whole-hand", "--levels", "{}"], WHOLE | _choices("0", "13", "-1")),
    (["draw", "whole-hand", "--iterations", "{}"], WHOLE | _choices("0", "-3")),
    (["draw", "whole-hand", "--players", "{}"], WHOLE | _choices("1", "4")),
    (["draw", "whole-hand", "--plot", "{}"], PLOT),
    (["draw", "matches", "--seats", "{}"], WHOLE | _choices("1", "7")),
    (["draw", "matches", "--hands", "2", "--bot-module", "{}"],
     _choices("{dir}/missing.py", "{dir}/notes.txt", "{dir}", "no_such_bots_module_anywhere")),
    (["match", *B, "--hands", "2", "--bot-module", "{}"],
     _choices("{dir}/missing.py", "{dir}/notes.txt", "{dir}", "no_such_bots_module_anywhere")),
    (["draw", "exactness", "--pot", "{}"], _choices("0", "-1", "nan", "inf", "x", "")),
    (["draw", "exactness", "--buckets", "{}"], WHOLE | _choices("1", "0", "5000")),
    (["draw", "exactness", "--iterations", "{}"], WHOLE | _choices("0", "-3")),
    (["draw", "exactness", "--game", "{}"], NAME | _choices("no-limit")),
    (["draw", "exactness", "--mixing", "{}"], NAME),
    (["play", "--bot", "{}"], NAME),
    (["play", "--game", "{}"], NAME),
    (["play", "--hands", "{}"], WHOLE | _choices("0", "-1")),
    (["enumerate", "{}"], WHOLE | _choices("6", "0", "52")),
    (["equilibrium", "{}"], NAME),
    (["equilibrium", "kuhn", "--algorithm", "{}"], NAME),
    (["equilibrium", "kuhn", "--iterations", "{}"], WHOLE | _choices("0", "-5")),
    (["equilibrium", "endgame", "--win-probability", "{}"], EXACT | _choices("2", "-1", "sqrt(2)")),
    (["equilibrium", "endgame", "--bets", "{}"], EXACT | _choices("-1", "0", "2,-1")),
    (["equilibrium", "endgame", "--ante", "{}"], EXACT | _choices("0", "-1")),
    (["equilibrium", "kuhn", "--bets", "{}"], _choices("2", "2,6")),  # kuhn would ignore them
    (["equilibrium", "leduc3", "--pot", "{}"], _choices("2", "4")),
    (["equilibrium", "endgame", "--levels", "{}"], _choices("10", "3")),
    (["equilibrium", "kuhn", "--algorithm", "lp", "--iterations", "{}"], _choices("10", "5")),
    (["equilibrium", "kuhn", "--plot", "{}"], PLOT),
    (["equilibrium", "patent-no-raise", "--levels", "{}"],
     WHOLE | _choices("0", "-1", "100000", "1000000000000")),
    (["strength", "{}"], CARDS),
    (["strength", "AdQc", "3h4cJh", "--opponents", "{}"], WHOLE | _choices("0", "10", "-1")),
    (["strength", "AdQc", "3h4cJh", "--range", "{}"], RANGE),
    (["equity", "{}", "KhKs"], CARDS),
    (["equity", "AcAd", "KhKs", "--board", "{}"], CARDS),
    (["equity", "AcAd", "{}"], RANGE),
    (["equity", "AcAd", "KhKs", "--dead", "{}"], _choices("Ac", "Kh", "As As", "1s", "xyz", "A♦")),
    (["equity", "AcAd", "KhKs", "--samples", "{}"], WHOLE | _choices("0", "-5", "100000000000000000000")),
    (["equity", "AcAd", "KhKs", "--stderr", "{}"], _choices("0", "-1", "nan", "x", "inf")),
    (["equity", "AcAd", "KhKs", "--workers", "{}"], WHOLE | _choices("0", "-2")),
    (["equity", "AcAd", "KhKs", "--seed", "{}"], WHOLE | NEGATIVE),
    (["equity", "AcAd", "QQ+", "--plot", "{}"], PLOT),
    (["equity", "AcAd", "KhKs", "--samples", "1000", "--cluster", "{}"],
     NAME | _choices("ray://nowhere", "host:0", "host:99999")),
    (["equity", "AcAd", "KhKs", "--cluster", "auto", "{}"], _choices("--exact", "--workers=1", "--json")),
    (["preflop", "table", "{}"], NAME),
    (["preflop", "table", "waterloo-expert-2p", "--plot", "{}"], PLOT),
    (["preflop", "simulate", "--trials", "{}"], WHOLE | _choices("1", "0", "-3")),
    (["preflop", "simulate", "--opponents", "{}"], WHOLE | _choices("0", "10")),
    (["preflop", "simulate", "--method", "{}"], NAME),
    (["preflop", "simulate", "--seed", "{}"], NEGATIVE),
    (["acpc", "game", "{}"], NAME | _choices("{dir}")),
    (["acpc", "state", "{}"], _letters | _choices("MATCHSTATE:0:0:x:AsKs|", "MATCHSTATE:0:0:cc/:AsKs|",
                                                   "MATCHSTATE:9:0::AsKs|", "MATCHSTATE:0:0::AsAs|")),
    (["acpc", "play", "127.0.0.1", "{}", "--game", "limit", "--bot", "random"],
     WHOLE | _choices("0", "70000")),
    (["acpc", "play", "127.0.0.1", "9", "--game", "limit", "--bot", "random", "--timeout", "{}"],
     _choices("0", "-1", "x")),
    (["acpc", "play", "127.0.0.1", "9", "--game", "limit", "--bot", "{}"], NAME),
    (["acpc", "deal", "--game", "limit", "--hands", "3", "--bot", "{}", "--bot", "random"],
     _choices("draw-rules")),
    (["acpc", "deal", "--game", "limit", "--hands", "{}", "--bot", *B[:1]], WHOLE | _choices("0", "-4")),
    (["acpc", "deal", "--game", "{}", "--hands", "3"], NAME),
    (["acpc", "deal", "--game", "limit", "--hands", "3", "--bot", "{}", "--bot", "random"], NAME),
    (["acpc", "deal", "--game", "limit", "--hands", "3", "--bot", "random", "--bot", "raiser", "--log", "{}"],
     _choices("{dir}", "{dir}/notes.txt", "/sys/x.log", "{dir}/missing/x.log")),
    (["acpc", "deal", "--game", "limit", "--hands", "3", "--seed", "{}"], NEGATIVE),
    (["model", "{}"], NAME),
    (["model", "von-neumann", "-p", "B={}"], EXACT | _choices("0", "-1", "1e999")),
    (["model", "von-neumann", "-p", "{}"], _letters | _choices("B", "P=1")),
    (["model", "endgame-n-round", "-p", "{}"], _choices("n=0", "n=3", "stacks=260,330")),
    (["model", "von-neumann", "--plot", "{}"], PLOT),
    (["counterfactual", "--player", "random", "--stand-in", "raiser", "--db", "{}"],
     DB | _choices("{dir}/none.sqlite")),
    (["counterfactual", "--db", "{dir}/match.sqlite", "--stand-in", "raiser", "--player", "{}"], NAME),
    (["counterfactual", "--db", "{dir}/match.sqlite", "--player", "random", "--stand-in", "{}"],
     NAME | _choices("draw-rules", "loki2-b:x")),
    (["counterfactual", "--db", "{dir}/match.sqlite", "--player", "random", "--stand-in", "raiser",
      "--street", "{}"], NAME | _choices("River", "5", "")),
    (["counterfactual", "--db", "{dir}/match.sqlite", "--player", "random", "--stand-in", "raiser",
      "--match", "{}"], WHOLE | NEGATIVE | _choices("0", "7")),
    (["opponents", "list", "--db", "{}"], DB | _choices("{dir}/none.sqlite")),
    (["opponents", "show", "x", "--db", "{}"], DB),
    (["opponents", "evaluate", "--db", "{}"], DB | _choices("{dir}/none.sqlite")),
    (["opponents", "evaluate", "--db", "{dir}/none.sqlite", "--plot", "{}"], PLOT),
    (["opponents", "evaluate", "--db", "{dir}/none.sqlite", "--train-share", "{}"],
     _choices("0", "1", "x", "-0.5")),
    (["opponents", "train", "x", "--db", "{}", "--out", "{dir}/m.json"], DB | _choices("{dir}/none.sqlite")),
    (["opponents", "train", "x", "--db", "{dir}/none.sqlite", "--out", "{}"],
     _choices("{dir}", "{dir}/m.txt", "/sys/m.json", "{dir}/missing/m.json")),
    (["opponents", "train", "x", "--db", "{dir}/none.sqlite", "--out", "{dir}/m.json", "--model", "{}"],
     NAME),
    (["opponents", "train", "x", "--db", "{dir}/none.sqlite", "--store", "{}"], DB),
    (["opponents", "evaluate", "--db", "{dir}/none.sqlite", "--store", "{}"],
     DB | _choices("{dir}/none.sqlite")),
    (["experiment", "loki-variants", "--hands", "{}"], WHOLE | _choices("5", "0", "-10")),
    (["experiment", "loki-variants", "--hands", "10", "--plot", "{}"], PLOT),
    (["experiment", "loki-variants", "--hands", "10", "--db", "{}"], DB),
    (["experiment", "loki-ablation", "--hands", "{}"], WHOLE | _choices("5", "-10")),
    (["experiment", "loki-modelling", "--seed", "{}"], NEGATIVE | WHOLE),
    (["experiment", "loki-modelling", "--hands", "10", "--resume", "--seed", "{}"], _choices("1", "2")),
    (["experiment", "loki2-betting", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "loki2-reweighting", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "loki2-triples", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "loki2-sim-call", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "loki2-sim", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "loki2-sim-static", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "loki2-opponent-models", "--hands", "{}"], WHOLE | _choices("5", "0")),
    (["experiment", "threshold-vs-loki", "--opponent", "{}"], NAME),
    (["experiment", "threshold-vs-loki", "--opponent", "{}"], _choices("draw-rules", "draw-threshold")),
    (["experiment", "threshold-vs-loki", "--seed", "{}"], NEGATIVE | WHOLE),
    (["experiment", "waterloo-phases", "--comparison", "{}"], NAME),
    (["experiment", "waterloo-phases", "--trials", "{}"], WHOLE | _choices("0")),
    (["experiment", "waterloo-phases", "--plot", "{}"], PLOT),
    (["serve", "--port", "{}"], WHOLE | _choices("70000", "-1")),
    (["serve", "--port", "0", "--db", "{}"], DB),
    (["spot", "solve", "--board", "{}", "--pot", "10", "--stack", "10", "--oop-range", "AA",
      "--ip-range", "KK"], CARDS.filter(lambda t: t != "A♦-Q♣/3♥")),  # that one is a flop
    (["spot", "solve", "--board", "Qs Jh 2h", "--preflop", "{}"],
     NAME | _choices("r250", "f", "r250c/c", "r300c")),
    (["spot", "solve", "--board", "Qs Jh 2h", "--preflop", "r250c", "--blueprint", "{}"],
     NAME | _choices("{dir}", "{dir}/notes.txt", "{dir}/damaged.sqlite")),
    (["spot", "show", "{}"], NAME),
    (["spot", "show", "missing.npz", "--grid", "{}"], PLOT),
    (["spot", "threshold", "{}"], NAME),
    (["spot", "threshold", "missing.npz", "--min-segment", "{}"], WHOLE | _choices("-0.1", "0.9")),
    (["spot", "threshold", "missing.npz", "--square", "{}"], PLOT),
    (["spot", "batch", "{}", "--db", "{dir}/batch.sqlite"], NAME),
    (["spot", "batch", SPOT_TEMPLATE, "--db", "{dir}/batch.sqlite", "--flops", "{}"],
     WHOLE | _choices("0", "1756", "-3")),
    (["spot", "batch", SPOT_TEMPLATE, "--db", "{}"], DB),
    (["spot", "batch", SPOT_TEMPLATE, "--db", "{dir}/batch.sqlite", "--plot", "{}"], PLOT),
    (["abstraction", "build", "--flop", "{}"], WHOLE | NEGATIVE | _choices("0", "1001", "10**9")),
    (["abstraction", "build", "--kind", "{}"], NAME),
    (["abstraction", "show", "--river", "{}"], WHOLE | _choices("0", "5000")),
    (["abstraction", "show", "--plot", "{}"], PLOT),
    (["hulhe", "train", "--iterations", "{}"], WHOLE | NEGATIVE | _choices("0")),
    (["hulhe", "train", "--seconds", "{}"], WHOLE.filter(lambda t: t not in ("1.5", "1e3")) | NEGATIVE),
    (["hulhe", "train", "--iterations", "1", "--flop", "{}"], WHOLE | NEGATIVE | _choices("0", "1001")),
    (["hulhe", "train", "--iterations", "1", "--kind", "{}"], NAME),
    (["hulhe", "train", "--iterations", "1", "--algorithm", "{}"], NAME),
    (["hulhe", "train", "--iterations", "1", "--checkpoint-dir", "{}"],
     _choices("{dir}/notes.txt", "/sys/x")),
    (["hulhe", "train", "--iterations", "1", "--checkpoint-dir", "{dir}/run", "--out", "{}"], PLOT),
    (["hulhe", "train", "--iterations", "1", "--checkpoint-dir", "{dir}/run", "--plot", "{}"], PLOT),
    (["hulhe", "show", "{}"], NAME | _choices("{dir}/notes.txt", "{dir}/damaged.sqlite")),
    (["hulhe", "show", "missing.npz", "--plot", "{}"], PLOT),
    (["pushfold", "solve", "--stacks", "{}"],
     WHOLE | _choices("10,-1", "0,10", ",".join(["10"] * 10), "10,,10", "inf,10", "10;10")),
    (["pushfold", "solve", "--stacks", "10,10", "--payouts", "{}"],
     _choices("30,50", "50,30,20", "x", "-5", "0")),
    (["pushfold", "solve", "--stacks", "10,10", "--blinds", "{}"],
     _choices("1", "x,y", "2,1", "20,40", "-1,1")),
    (["pushfold", "solve", "--stacks", "10,10,10", "--ante", "{}"], _choices("-1", "11", "nan", "x")),
    (["pushfold", "solve", "--stacks", "10,10", "--open", "{}"], NAME),
    (["pushfold", "solve", "--stacks", "10,10", "--max-allin", "{}"], _choices("1", "4", "x")),
    (["pushfold", "solve", "--stacks", "10,10", "--target", "{}"], _choices("0", "-1", "nan", "x")),
    (["pushfold", "solve", "--stacks", "10,10", "--plot", "{}"], PLOT),
    (["pushfold", "solve", "--stacks", "10,10", "--line", "{}"], NAME),
    (["pushfold", "solve", "--stacks", "10,10", "--ev", "{}"], NAME),
    (["pushfold", "chart", "--max-stack", "{}"], _choices("0", "-5", "inf", "nan", "x")),
    (["pushfold", "chart", "--step", "{}"], _choices("0", "-1", "1e-9", "x")),
    (["pushfold", "chart", "--max-stack", "3", "--workers", "{}"], _choices("0", "-1", "x")),
    (["pushfold", "chart", "--max-stack", "3", "--plot", "{}"], PLOT),
    (["nolimit", "ranges", "--line", "{}"], NAME | _choices("r300", "f", "r250c", "r250c/c", "r20000c")),
    (["nolimit", "ranges", "--blueprint", "{}"],
     NAME | _choices("{dir}", "{dir}/notes.txt", "{dir}/damaged.sqlite")),
    (["nolimit", "ranges", "--plot", "{}"], PLOT),
    (["nolimit", "train", "--iterations", "1", "--betting", "{}"],
     NAME | _choices("{dir}", "{dir}/notes.txt", "{dir}/damaged.sqlite")),
    (["nolimit", "train", "--iterations", "1", "--stack", "{}"],
     _choices("0", "-1", "1", "1.004", "nan", "inf", "x")),
    (["nolimit", "train", "--iterations", "{}"], WHOLE | NEGATIVE | _choices("0")),
    (["nolimit", "show", "{}"], NAME | _choices("{dir}/notes.txt", "{dir}/damaged.sqlite")),
    (["nolimit", "show", "--plot", "{}"], PLOT),
    (["nolimit", "continuation", "{}"], NAME | _choices("{dir}", "{dir}/notes.txt", "{dir}/damaged.sqlite")),
    (["nolimit", "continuation", "--out", "{}"],
     _choices("{dir}", "{dir}/x.txt", "{dir}/missing/x.npz", "/sys/x.npz", "{dir}/notes.txt/x.npz")),
    (["nolimit", "continuation", "--deals-per-pair", "{}"], WHOLE | NEGATIVE | _choices("0", "1001", "7")),
    (["nolimit", "continuation", "--boards", "{}"], WHOLE | NEGATIVE | _choices("0", "99", "500")),
    (["nolimit", "continuation", "--seed", "{}"], WHOLE | NEGATIVE | _choices("1", "2")),
]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A folder with the files the bad paths point at (a text file, a damaged database)."""
    folder = tmp_path_factory.mktemp("bad-input")
    (folder / "notes.txt").write_text("not a database\n")
    damaged = folder / "damaged.sqlite"
    with sqlite3.connect(damaged) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
    data = bytearray(damaged.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # a page of garbage
    damaged.write_bytes(bytes(data))
    store = folder / "match.sqlite"  # a stored match for the --resume case
    with contextlib.redirect_stdout(io.StringIO()):
        assert run(app, ["match", *B, "--hands", "3", "--db", str(store), "--no-progress", "--json"]) == 0
    return folder


@contextlib.contextmanager
def inside(folder: Path):
    old = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(old)


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.parametrize("template,values", CASES, ids=[" ".join(c[0][:3]) for c in CASES])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_bad_value_is_one_line_exit_2_and_leaves_no_file(template, values, workdir, capsys, data):
    value = data.draw(values).replace("{dir}", str(workdir))
    args = [a.replace("{}", value) for a in template]
    if "--resume" in args:
        args += ["--db", str(workdir / "match.sqlite")]
    before = _files(workdir)
    with inside(workdir):
        status = run(app, args)
    out, err = capsys.readouterr()
    assert status == 2, (args, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, (args, err)
    assert "Traceback" not in out + err and out == "", (args, out)
    assert _files(workdir) == before, args  # nothing written, not even a half file


def test_every_command_is_driven():
    driven = {tuple(t[:2]) if t[0] in GROUPS else (t[0],) for t, _ in CASES}
    top = typer.main.get_command(app)  # commands load lazily: ask the group, not app's registry
    ctx = top.context_class(top)
    listed = set()
    for name in top.list_commands(ctx):
        command = top.get_command(ctx, name)
        subs = command.list_commands(ctx) if hasattr(command, "list_commands") else []
        listed |= {(name, sub) for sub in subs} or {(name,)}
    assert len(listed) > 20
    assert listed <= driven | {("bots",), ("version",), ("draw", "example")}, listed - driven  # no input


GROUPS = {"acpc", "preflop", "experiment", "opponents", "draw", "spot", "abstraction", "hulhe", "pushfold",
          "nolimit"}


# -- huge counts: lazily, with progress, stopped by Ctrl-C ----------------------------------


@pytest.fixture
def ctrl_c_after_first_progress(monkeypatch):
    """Ctrl-C arrives as soon as the work first reports progress."""

    def interrupt(self, n=1):
        raise KeyboardInterrupt

    monkeypatch.setattr(common.Advance, "__call__", interrupt)


HUGE = "1000000000000"


@pytest.mark.parametrize("args,summary", [
    (["match", *B, "--hands", HUGE, "--db", "m.sqlite"],
     r"0 of 1,000,000,000,000 hands are stored in m.sqlite \(match 1\); the same command with --resume"),
    (["experiment", "threshold-vs-loki", "--opponent", "raiser", "--hands", HUGE], "stopped after 0 hands"),
    (["lbr", "random", "--hands", HUGE], r"0 of 1,000,000,000,000 hands played"),
    (["experiment", "waterloo-phases", "--trials", HUGE, "--hands", "30"], "during the phases comparison"),
    (["preflop", "simulate", "--trials", HUGE, "--no-cache"], r"stopped after 0 of 1,000,000,000,000 games"),
    (["equilibrium", "kuhn", "--iterations", HUGE], r"stopped after 0 of 1,000,000,000,000 iterations"),
    (["draw", "whole-hand", "--levels", "1", "--iterations", HUGE], "stopped by Ctrl-C"),
    (["draw", "whole-hand", "--players", "3", "--iterations", HUGE], "stopped by Ctrl-C"),
    (["acpc", "deal", "--game", "limit", "--hands", HUGE, "--bot", "raiser", "--bot", "random"],
     r"stopped after 0 of 1,000,000,000,000 hands"),
    (["hulhe", "train", "--iterations", HUGE, "--eval-deals", "10", "--checkpoint-dir", "run"],
     "stopped before the first checkpoint"),
    (["pushfold", "solve", "--stacks", "10,10,10", "--max-allin", "2", "--target", "1e-12",
      "--max-iterations", HUGE], "stopped after 0 iterations"),
], ids=lambda a: a[0] if isinstance(a, list) else None)
def test_a_huge_count_starts_at_once_and_stops_on_ctrl_c(args, summary, tmp_path, capsys,
                                                         ctrl_c_after_first_progress):
    with inside(tmp_path):
        status = run(app, args)
    _, err = capsys.readouterr()
    assert status == 130, err
    assert err.startswith("interrupted: ") and err.count("\n") == 1 and re.search(summary, err), err
