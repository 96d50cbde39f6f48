"""The command line's one error handler: user mistakes are one line and exit 2, Ctrl-C exits 130."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
import sympy
import typer
from terminal import ctrl_c_as_in_a_terminal

from pokerlab.cli.errors import Interrupted, UserError, run, user_message
from pokerlab.cli.main import app

probe = typer.Typer(add_completion=False, rich_markup_mode=None)


@probe.command("raise")
def _raise(kind: str, count: int = typer.Option(1, "--count", help="How many [at most].")) -> None:
    """Raise the exception named KIND."""
    if kind == "value":
        raise UserError("--strength 2: must be in [0, 1]")
    if kind == "os":
        raise PermissionError(13, "Permission denied", "out/x.png")
    if kind == "sqlite":
        raise sqlite3.DatabaseError("file is not a database")
    if kind == "zero":
        raise ZeroDivisionError("division by zero")
    if kind == "recursion":
        raise RecursionError("maximum recursion depth exceeded")
    if kind == "sympy":
        sympy.sympify("1 +* 2")
    if kind == "sympy-type":
        sympy.Rational(sympy.sqrt(2))
    if kind == "ctrl-c":
        raise KeyboardInterrupt
    if kind == "ctrl-c-in-kernel":  # what numba's dispatcher raises when Ctrl-C comes mid-call
        raise SystemError("CPUDispatcher(<function f>) returned a result with an exception set") \
            from KeyboardInterrupt()
    if kind == "system":
        raise SystemError("a bug")
    if kind == "summary":
        raise Interrupted("120 of 1,000 hands played and stored; --resume continues")
    if kind == "bug":
        raise AttributeError("'NoneType' object has no attribute 'x'")


@probe.command("other")
def _other() -> None:
    """A second command, so that the probe is a group."""


def call(capsys, *args: str, target=probe) -> tuple[int, str, str]:
    status = run(target, list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("kind,expected", [
    ("value", "error: --strength 2: must be in [0, 1]"),
    ("os", "error: out/x.png: permission denied"),
    ("sqlite", "error: database: file is not a database"),
    ("zero", "error: division by zero"),
    ("recursion", "error: the input is too large to handle (nested too deeply); use smaller values"),
])
def test_user_mistakes_are_one_line_and_exit_2(capsys, kind, expected):
    status, out, err = call(capsys, "raise", kind)
    assert (status, out, err) == (2, "", expected + "\n")


@pytest.mark.parametrize("kind", ["sympy", "sympy-type"])
def test_sympy_errors_are_recognised_without_importing_sympy_at_start(capsys, kind):
    status, _, err = call(capsys, "raise", kind)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_ctrl_c_exits_130_with_one_line(capsys):
    assert call(capsys, "raise", "ctrl-c") == (130, "", "interrupted: stopped by Ctrl-C\n")
    assert call(capsys, "raise", "summary") == (
        130, "", "interrupted: 120 of 1,000 hands played and stored; --resume continues\n")


def test_ctrl_c_inside_a_numba_kernel_exits_130_with_one_line(capsys):
    assert call(capsys, "raise", "ctrl-c-in-kernel") == (130, "", "interrupted: stopped by Ctrl-C\n")


def test_a_bug_keeps_its_traceback(capsys):
    with pytest.raises(AttributeError):
        run(probe, ["raise", "bug"])
    with pytest.raises(SystemError):
        run(probe, ["raise", "system"])


@pytest.mark.parametrize("args,expected", [
    (["raise", "value", "--count", "x"], "error: --count x: not a whole number\n"),
    (["raise", "value", "--count", "1e3"], "error: --count 1e3: not a whole number\n"),
    (["raise", "value", "--colour"],
     "error: No such option: --colour (Possible options: --count) (see `pokerlab raise --help`)\n"),
    (["raise"], "error: Missing argument 'kind' (see `pokerlab raise --help`)\n"),
    (["nothing"], "error: No such command 'nothing' (see `pokerlab --help`)\n"),
])
def test_usage_errors_are_one_line_naming_the_option_and_value(capsys, args, expected):
    assert call(capsys, *args) == (2, "", expected)


def test_help_keeps_its_brackets(capsys):
    status, out, _ = call(capsys, "raise", "--help")
    assert status == 0 and "How many [at most]." in out
    status, out, _ = call(capsys, "play", "--help", target=app)
    assert status == 0 and "r [amount] bet/raise" in out


def test_no_arguments_print_the_help(capsys):
    status, out, err = call(capsys, target=app)
    assert status == 0 and out.startswith("Usage: pokerlab") and err == ""


def test_user_message_leaves_bugs_alone():
    assert user_message(TypeError("unsupported operand")) is None
    assert user_message(IndexError("list index out of range")) is None
    assert user_message(KeyError("unknown bot 'x'")) == "unknown bot 'x'"


def _pokerlab(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pokerlab.cli.main", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.PIPE, text=True, **kwargs)


def test_the_real_command_exits_2_with_one_line():
    proc = _pokerlab("match", "random", "raiser", "--hands", "x")
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and out == "" and err == "error: --hands x: not a whole number\n"


@pytest.mark.skipif(os.name != "posix", reason="SIGINT")
def test_ctrl_c_at_the_real_command_exits_130():
    proc = _pokerlab("play", "--hands", "1", preexec_fn=ctrl_c_as_in_a_terminal)
    seen = ""
    deadline = time.monotonic() + 120
    while "> " not in seen and time.monotonic() < deadline:  # wait for the prompt
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == "interrupted: 0 hands played, you won +0 chips; the unfinished hand is not counted\n"


def test_a_failed_demo_step_fails_the_demo(tmp_path, monkeypatch, capsys):
    from pokerlab import demo

    monkeypatch.chdir(tmp_path)
    steps = [demo.Step("Cards", ("hand 'As Ks Qs Js Ts'", "hand 'As Xx'", "hand 'Ah Kh Qh Jh Th'"))]
    assert demo.main(steps) == 2
    out = capsys.readouterr().out
    assert "Royal flush" in out and "demo failed (exit status 2) at: pokerlab hand 'As Xx'" in out
    assert "pokerlab hand 'Ah Kh Qh Jh Th'" not in out  # it stopped at the failure
    assert demo.main([demo.Step("Cards", steps[0].commands[:1])]) == 0
