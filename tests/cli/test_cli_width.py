"""Every table and help page fits 80 columns, with no word split and no number cut (issue 28).

Each command is rendered at 80 columns and at 400: a word of the narrow output that is only a
piece of a word of the wide one (``waterloo-phase2-conservati`` / ``ve``), or an ellipsis the
wide one does not have (``-.1…``), is a name split or a number cut.
"""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import COMMAND_MODULES, app

runner = CliRunner()

BOX = re.compile(r"[│┃┏┓┗┛┳┻╋━─┡┩╇┼├┤┬┴┌┐└┘═║╔╗╚╝╠╣╦╩╬╭╮╰╯]")


def render(args: list[str], width: int, monkeypatch: pytest.MonkeyPatch) -> str:
    result = runner.invoke(app, args, terminal_width=width, env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.stdout


def words(text: str) -> set[str]:
    return set(BOX.sub(" ", text).split())


def assert_fits(args: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    narrow = render(args, 80, monkeypatch)
    wide = render(args, 400, monkeypatch)
    lines = narrow.splitlines()
    assert len(lines) > 2
    too_long = [line for line in lines if len(line) > 80]
    assert not too_long, too_long[0]
    whole = words(wide)
    pieces = [w for w in words(narrow) - whole if any(w != v and w in v for v in whole)]
    assert not pieces, f"split or cut at 80 columns: {pieces[:10]}"
    for mark in ("…", "..."):
        assert narrow.count(mark) <= wide.count(mark), f"cut with {mark!r}"
    return narrow


OUTPUTS = [
    ["hand", "AsKsQsJsTs"],
    ["solve", "patent-no-raise"],
    ["solve", "patent-raise", "--pot", "3"],
    ["match", "random", "raiser", "--hands", "20", "--db", ":memory:"],
    # a bot spec with settings breaks after its commas
    ["match", "nlhe-search:threshold=0.1,iterations=5,floor=0.02", "nlhe-blueprint", "--game", "no-limit",
     "--hands", "4", "--db", ":memory:"],
    ["draw", "example"],
    ["enumerate", "5"],
    ["equilibrium", "kuhn3", "-n", "50"],
    ["strength", "AdQc", "3h4cJh"],
    ["equity", "AcAd", "KhKs"],
    ["equity", "AhKh", "QQ+, AKo", "--grid"],
    ["preflop", "table", "1"],
    ["preflop", "table", "loki-ir7"],
    ["preflop", "simulate", "-n", "200"],
    ["acpc", "game", "limit"],
    ["acpc", "state", "MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c"],
    ["model", "--list"],
    ["model", "two-round"],
    ["bots"],
    ["nolimit", "ranges", "--line", "r250"],
]


@pytest.mark.parametrize("args", OUTPUTS, ids=" ".join)
def test_outputs_fit_80_columns_without_splitting_a_word(args, monkeypatch):
    assert_fits(args, monkeypatch)


def test_preflop_simulate_grid_keeps_negative_values_whole(monkeypatch):
    out = assert_fits(["preflop", "simulate", "-n", "200"], monkeypatch)
    assert re.search(r" -\.\d{3}\b", out)  # income rates below zero, e.g. -.125


def _commands() -> list[list[str]]:
    import typer

    group = typer.main.get_command(app)
    ctx = group.make_context("pokerlab", ["--help"], resilient_parsing=True)
    out = [[]]
    for name in COMMAND_MODULES:
        cmd = group.get_command(ctx, name)
        out.append([name])
        out += [[name, sub] for sub in getattr(cmd, "commands", {})]
    return out


@pytest.mark.parametrize("args", _commands(), ids=lambda a: " ".join(a) or "pokerlab")
def test_help_pages_fit_80_columns_in_the_fields_conventions(args, monkeypatch):
    out = assert_fits([*args, "--help"], monkeypatch)
    assert "<list[" not in out and " range>" not in out and "<str>" not in out and "<int>" not in out
    usage = out.splitlines()[0]
    assert "{" not in usage, usage  # PLAYERS..., not {players}...
    commands = out.partition("Commands:")[2]
    assert "..." not in commands and "…" not in commands  # whole first sentences


def test_draw_help_summary_is_not_cut_at_fig(monkeypatch):
    out = render(["draw", "--help"], 80, monkeypatch).partition("Commands:")[2]
    example = " ".join(out.partition("example")[2].split("matches")[0].split())
    assert example.startswith("Replay the patent's example (FIG.") and example.endswith(".")
    assert example.count("(") == example.count(")")


def test_solve_help_names_every_built_in_game(monkeypatch):
    from pokerlab.gamespec import available_games

    out = " ".join(render(["solve", "--help"], 400, monkeypatch).split())
    for name in available_games():
        assert name in out, name


def test_freezeout_plot_numbers_seats_from_one_in_a_readable_legend(tmp_path, monkeypatch):
    # Issue 28: the legend said "(seat 0)" in 6-point type over the curves.
    from types import SimpleNamespace

    import matplotlib.pyplot as plt
    import numpy as np

    from pokerlab.cli.experiment import _plot_freezeouts

    caught = []
    close = plt.close
    monkeypatch.setattr(plt, "close", caught.append)
    curves = np.array([[250, 150, 200], [400, 0, 200]])
    result = SimpleNamespace(name="trust", bots=("a", "b", "c"), chip_curves=[curves])
    _plot_freezeouts([result], tmp_path / "f.png")
    (fig,) = caught
    legend = fig.axes[0].get_legend()
    labels = [t.get_text() for t in legend.get_texts()]
    assert labels == ["a (seat 1)", "b (seat 2)", "c (seat 3)"]
    assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
    fig.canvas.draw()
    box, plot = legend.get_window_extent(), fig.axes[0].get_window_extent()
    assert box.x0 >= plot.x1  # beside the curves, not on them
    close(fig)


def test_the_console_follows_columns_at_each_command(monkeypatch):
    # rich fixes COLUMNS when the console is made (at import): every later command printed at
    # that width, whatever COLUMNS it ran with.
    from pokerlab.cli.common import console

    render(["bots"], 400, monkeypatch)  # imports and prints at 400 columns
    monkeypatch.setenv("COLUMNS", "123")
    assert console.width == 123
    monkeypatch.setenv("COLUMNS", "91")
    assert console.width == 91
    narrow = render(["bots"], 80, monkeypatch)
    assert max(map(len, narrow.splitlines())) <= 80
