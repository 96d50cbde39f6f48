"""What a newcomer meets first (issue 28): printed NashConv and gains without rounding noise,
refusals that name the option, nothing left on disk after a refusal.

The commands run in this process through the command line's own handler, as ``main()`` runs them.
"""

from __future__ import annotations

import re
from pathlib import Path

from pokerlab.cli.errors import run
from pokerlab.cli.main import app


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    status = run(app, args)
    out, err = capsys.readouterr()
    return status, out, err


def test_an_lp_equilibrium_prints_nash_conv_0_not_rounding_noise(capsys):
    # The LP's NashConv and gains come out as +-1e-16 or so: exactly zero, printed as 0.
    for game in (["kuhn"], ["patent-no-raise-pot-limit", "--levels", "200"]):
        status, out, _ = _run(["equilibrium", *game, "--algorithm", "lp"], capsys)
        assert status == 0
        rows = {m.group(1): m.group(2) for m in re.finditer(r"│ ([\w, ]+?)\s+│ (\S+)\s+│", out)}
        assert rows["nash_conv"] == rows["exploitability"] == "0", rows
        assert rows["gain, P1"] == rows["gain, P2"] == "0", rows
        assert not re.search(r"\de-1\d", out), out


def test_the_demo_reads_as_a_tour_within_80_columns():
    from pokerlab import demo

    for step in demo.STEPS:
        assert len(step.title) <= 60, step.title  # a rule across 80 columns shows it whole
        assert not re.search(r"\bissues? \d", step.title + step.note, re.I), step.title
        assert step.commands and all(c.strip() for c in step.commands)


def test_the_demo_ends_saying_where_the_pictures_are(tmp_path, monkeypatch, capsys):
    from pokerlab import demo

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    steps = [demo.Step("A table and its picture",
                       ("preflop table waterloo-expert-2p --plot out/waterloo-2p.png",),
                       "A sentence saying what the step shows, long enough to be wrapped at eighty "
                       "columns by the console rather than cut.")]
    assert demo.main(steps) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"The 1 pictures are in {tmp_path / 'out'}/"
    assert all(len(line) <= 80 for line in lines[:-1]), max(lines[:-1], key=len)
    assert any("A table and its picture" in line for line in lines)


# -- refusals that were missing, or named no option (issue 28) -------------------------------

REFUSALS = [
    (["equity", "AcAd", "KhKs", "--samples", "100000000000000000000"],
     r"^error: --samples 100000000000000000000: must be 1\.\.4,611,686,018,427,387,904"),
    (["equity", "AcAd", "KhKs", "--stderr", "inf"], r"^error: --stderr inf: must be a positive finite"),
    (["equity", "AcAd", "KhKs", "--workers", "64"], r"^error: --workers 64: must be 1\.\.\d+"),
    (["preflop", "simulate", "--opponents", "0"], r"^error: --opponents 0: must be 1\.\.9"),
    (["preflop", "simulate", "--opponents", "10"], r"^error: --opponents 10: must be 1\.\.9"),
    (["solve", "patent-no-raise", "--pot", "1e400"], r"^error: --pot 1e400: out of range"),
    (["model", "von-neumann", "-p", "B=1e999"], r"^error: parameter B=1e999: out of range"),
    (["solve", "von-neumann", "--param", "B=10000000000*10000000000"], r"--param B=1\S*: out of range"),
    (["match", "random", "raiser", "--game", "no-limit", "--stack", "1", "--hands", "3"],
     r"^error: stack 1: less than the big blind 2 of no-limit"),
    (["equity", "AcAd", "QQ+", "--plot", "/proc/x.png"],
     r"^error: --plot /proc/x.png: cannot write in the folder /proc \(it takes no new files\)"),
]


def _game_files(folder: Path) -> dict[str, str]:
    """Files that are not game files, each with the message that must name it."""
    (folder / "binary.toml").write_bytes(bytes(range(256)) * 4)
    (folder / "a-folder.toml").mkdir()
    (folder / "gamedefs").mkdir()
    (folder / "jump.toml").write_text(
        'name = "jumpy"\npot = 2\n[tree]\nplayer = 1\n[tree.pass]\ncontributions = [1, 1]\nfolded = 0\n'
        "[tree.jump]\nplayer = 2\n[tree.jump.fold]\ncontributions = [2, 1]\nfolded = 2\n"
        "[tree.jump.call]\ncontributions = [2, 2]\nfolded = 0\n")
    return {
        "solve binary.toml": r"^error: game: binary.toml: not a TOML text file",
        "solve a-folder.toml": r"^error: game: a-folder.toml: a folder, not a TOML file",
        "solve jump.toml": r"^error: jump.toml: tree.jump: unknown action 'jump' \(known: pass, check, bet",
        "acpc game gamedefs": r"^error: game definition file 'gamedefs' is a folder, not a file",
    }


def test_a_file_that_is_no_game_is_named_plainly(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command, message in _game_files(tmp_path).items():
        status, out, err = _run(command.split(), capsys)
        assert status == 2 and out == "", (command, out)
        assert re.search(message, err) and err.count("\n") == 1, (command, err)


def test_a_refusal_names_the_option_and_the_value(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args, message in REFUSALS:
        status, out, err = _run(args, capsys)
        assert status == 2 and out == "", (args, out)
        assert re.search(message, err) and err.count("\n") == 1, (args, err)
        assert list(tmp_path.iterdir()) == [], (args, list(tmp_path.iterdir()))


# -- nothing left on disk after a refusal (issue 28) ----------------------------------------

LEFT_BEHIND = [
    (["match", "random", "raiser", "--hands", "3", "--resume", "--db", "fresh.sqlite"], {},
     "--resume: fresh.sqlite holds no match to resume"),
    (["match", "loki-a", "raiser", "--hands", "3", "--db", "m.sqlite"],
     {"POKERLAB_OPPONENT_DB": "/proc/none/opponents.sqlite"}, "opponent store /proc/none/opponents.sqlite"),
    (["experiment", "loki-modelling", "--hands", "10", "--resume", "--db", "fresh.sqlite"], {},
     "--resume: fresh.sqlite holds no match to resume"),
    (["experiment", "threshold-vs-loki", "--hands", "4", "--db", "m.sqlite"],
     {"POKERLAB_OPPONENT_DB": "/proc/none/opponents.sqlite"}, "opponent store /proc/none/opponents.sqlite"),
    (["experiment", "waterloo-phases", "--trials", "0"], {}, "--trials 0"),
]


def test_a_refused_command_leaves_no_database(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args, env, message in LEFT_BEHIND:
        with monkeypatch.context() as patched:
            for name, value in env.items():
                patched.setenv(name, value)
            status, _, err = _run(args, capsys)
        assert status == 2 and message in err and err.count("\n") == 1, (args, err)
        assert list(tmp_path.iterdir()) == [], (args, list(tmp_path.iterdir()))


def test_play_refuses_a_draw_that_names_a_card_twice():
    import pytest

    from pokerlab.arena.human import parse_discards
    from pokerlab.cards import parse_cards

    hole = parse_cards("As Ks Qs Js 2c")
    for text in ("1 1 1", "11", "5 15"):
        with pytest.raises(ValueError, match=r"card place \d named twice"):
            parse_discards(text, hole)
    assert parse_discards("1 3", hole) == parse_discards("13", hole) == parse_discards("As Qs", hole)
