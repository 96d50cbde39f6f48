"""The strength, equity and preflop commands (issue 6): JSON keys, CSV, plots, user errors."""

import json

from typer.testing import CliRunner

from pokerlab.cli.main import app

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, list(args))
    return result


def test_strength_json_has_the_papers_numbers():
    r = run("strength", "AdQc", "3h4cJh", "--opponents", "5", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    for key in (
        "hs",
        "hs_n",
        "ahead",
        "tied",
        "behind",
        "ppot2",
        "npot2",
        "ppot1",
        "npot1",
        "ehs",
        "potential_table",
    ):
        assert key in data
    assert (data["ahead"], data["tied"], data["behind"]) == (628, 9, 444)
    assert round(data["hs_n"], 3) == 0.069
    assert data["potential_table"]["behind"]["ahead"] == 91_981
    assert data["potential_table"]["sum"]["sum"] == 1_070_190


def test_strength_table_output_and_slash_form():
    r = run("strength", "A♦Q♣/3♥4♣J♥")
    assert r.exit_code == 0, r.output
    assert "628 / 9 / 444" in r.stdout and "449,005" in r.stdout


def test_strength_weighted_by_a_range():
    r = run("strength", "AdQc", "3h4cJh", "--range", "22+", "--json")
    data = json.loads(r.stdout)
    assert data["weighted"] and data["ahead"] == 0


def test_equity_json():
    r = run("equity", "AhKh", "QsQd", "--board", "Qh7h2c", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    for key in ("equity", "wins", "ties", "trials", "exact", "stderr"):
        assert key in data
    assert data["exact"] and data["trials"] == 990 and abs(sum(data["equity"]) - 1) < 1e-12


def test_equity_monte_carlo_with_ranges_and_seed():
    args = ("equity", "AhKh", "QQ+", "random", "--samples", "20000", "--seed", "4", "--json")
    first, second = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    assert not first["exact"] and first["trials"] == 20000
    assert first["equity"] == second["equity"] and len(first["stderr"]) == 3
    table = run("equity", "AhKh", "QQ+", "--samples", "2000", "--seed", "1")
    assert table.exit_code == 0 and "±" in table.stdout


def test_equity_stderr_target_grid_and_plot(tmp_path):
    data = json.loads(run("equity", "22+, A2s+, KTo+", "QQ+, AK", "--stderr", "0.002", "--seed", "1",
                          "--json").stdout)
    assert not data["exact"] and max(data["stderr"]) <= 0.002 and data["seed"] == 1
    png = tmp_path / "grid.png"
    r = run("equity", "AhKh", "QQ+, AK", "--grid", "--plot", str(png))
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert max(len(line) for line in r.stdout.splitlines()) <= 80
    assert ".460" in r.stdout and "heat map written" in r.stdout  # AhKh against QQ: 46.0%
    data = json.loads(run("equity", "AhKh", "QQ+, AK", "--grid", "--json").stdout)
    assert set(data["grid"]) == {"AA", "KK", "QQ", "AKs", "AKo"} and round(data["grid"]["QQ"], 3) == 0.460


def test_equity_with_ray_address_set_enumerates_here():
    # RAY_ADDRESS names a cluster for Monte Carlo runs; an exact answer never needs one.
    r = runner.invoke(app, ["equity", "AcAd", "KhKs", "--workers", "1", "--json"],
                      env={"RAY_ADDRESS": "127.0.0.1:1"})
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["exact"] and data["executor"]["backend"] == "in-process"
    r = runner.invoke(app, ["equity", "AcAd", "KhKs", "--cluster", "auto"])
    assert r.exit_code == 2 and "--cluster auto: the cluster runs Monte Carlo" in r.output


def test_equity_interrupted_is_one_line_and_exit_130(monkeypatch):
    import pokerlab.strength.equity_report

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    # the command asks strength.equity_report, as the web page does
    monkeypatch.setattr(pokerlab.strength.equity_report, "equity", interrupted)
    r = run("equity", "AhKh", "QQ", "--samples", "10000000")
    assert r.exit_code == 130 and len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output
    assert "interrupted" in r.output


def test_preflop_table_json_csv_and_plot(tmp_path):
    data = json.loads(run("preflop", "table", "waterloo-expert-2p", "--json").stdout)
    assert data["classes"]["AA"] == 1.0 and data["classes"]["32o"] == 0.0
    assert "suited" in data["orientation"]
    csv = run("preflop", "table", "2", "--csv").stdout
    assert csv.splitlines()[0] == "rank,2,3,4,5,6,7,8,9,T,J,Q,K,A"
    assert "0.674" in csv.splitlines()[12]
    out = tmp_path / "t.svg"
    r = run("preflop", "table", "3", "--plot", str(out))
    assert r.exit_code == 0 and out.read_text().lstrip().startswith("<?xml")


def test_preflop_simulate_json_and_plot(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    png = tmp_path / "sim.png"
    r = run(
        "preflop",
        "simulate",
        "--method",
        "win-rate",
        "--opponents",
        "2",
        "--trials",
        "300",
        "--seed",
        "3",
        "--json",
        "--plot",
        str(png),
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert (
        data["method"] == "win-rate" and len(data["classes"]) == 169 and len(data["ranking"]) == 169
    )
    assert png.read_bytes()[:4] == b"\x89PNG"
    csv = run("preflop", "simulate", "--opponents", "2", "--trials", "300", "--seed", "3", "--csv")
    assert len(csv.stdout.splitlines()) == 14


def test_user_errors_are_one_line_and_exit_2():
    for args in (
        ("strength", "AdQc", "3h4c"),
        ("strength", "AdQc", "3h4cXx"),
        ("equity", "AhKh", "AhQd"),
        ("equity", "AhKh", "QQ", "--exact", "--samples", "10"),
        ("equity", "AhKh", "QQ", "--exact", "--stderr", "0.01"),
        ("equity", "AhKh", "QQ", "--stderr", "-1"),
        ("equity", "AhKh", "QQ", "--workers", "0"),
        ("equity", "AhKh", "QQ", "random", "--grid"),
        ("equity", "QQ", "AK", "--grid"),
        ("equity", "AhKh", "QQ", "--plot", "grid.pdf"),
        ("preflop", "table", "nope"),
        ("preflop", "simulate", "--method", "magic"),
        ("preflop", "table", "1", "--plot", "out.pdf"),
    ):
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output


def test_equity_names_the_player_or_field_it_cannot_read():
    # Issue 40: "unknown range item 'KhKz'" did not say which argument it was.
    for args, message in (
        (("equity", "KhKz", "QQ"), "player 1: unknown range item 'KhKz'"),
        (("equity", "AhKh", "QQ+", "ZZ"), "player 3: unknown range item 'ZZ'"),
        (("equity", "AhKh", "QQ", "--board", "Ah 7x"), "board: unknown card '7x'"),
        (("equity", "AhKh", "QQ", "--dead", "Zc"), "dead: unknown card 'Zc'"),
    ):
        r = run(*args)
        assert r.exit_code == 2 and message in r.output, (args, r.output)


def test_equity_percent_range_json_has_win_tie_and_equity_per_player():
    # Issue 28: PokerStove/Equilab report win %, tie % and equity per player; "15%" is a range.
    r = run("equity", "15%", "AA", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    for key in ("win", "tie", "equity", "wins", "ties"):
        assert len(data[key]) == 2, key
    for p in range(2):
        assert data["win"][p] == data["wins"][p] / data["trials"]
        assert data["tie"][p] == data["ties"][p] / data["trials"]
        # heads-up, a tie is half the pot
        assert abs(data["win"][p] + data["tie"][p] / 2 - data["equity"][p]) < 1e-12
    assert abs(data["win"][0] + data["win"][1] + data["tie"][0] - 1) < 1e-12


def test_equity_win_and_tie_against_eval7_with_a_percent_range():
    import eval7

    from pokerlab.cards.ranking import top_classes

    r = run("equity", "AcAd", "15%", "--board", "2c7h9s", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    villain = eval7.HandRange(",".join(top_classes(15)))
    n = 400_000  # eval7's py_hand_vs_range_exact answers 1.0 or 0.0 here: its Monte Carlo is the peer
    theirs = eval7.py_hand_vs_range_monte_carlo([eval7.Card("Ac"), eval7.Card("Ad")], villain,
                                                [eval7.Card(c) for c in ("2c", "7h", "9s")], n)
    ours = data["equity"][0]
    assert abs(ours - theirs) < 5 * (ours * (1 - ours) / n) ** 0.5
    assert abs(data["win"][0] + data["tie"][0] / 2 - ours) < 1e-12 and data["tie"][0] > 0


def test_equity_table_has_win_and_tie_percent_columns():
    r = runner.invoke(app, ["equity", "AcAd", "KhKs"], terminal_width=80, env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    header = next(line for line in r.stdout.splitlines() if "player" in line)
    assert [w for w in header.replace("┃", " ").split()] == ["player", "equity", "win", "tie", "wins", "ties"]
    row = next(line for line in r.stdout.splitlines() if "AcAd" in line)
    assert "81.255%" in row and "81.065%" in row and "0.382%" in row  # 1,388,072 and 6,538 of 1,712,304


def test_equity_heat_map_is_the_standard_grid_with_a_labelled_colour_bar(tmp_path, monkeypatch):
    # Issue 28: AA top left, pairs on the diagonal, suited above; the colour bar says what the
    # colours are and the title names the hand and the range.
    import matplotlib.pyplot as plt

    figures = []
    monkeypatch.setattr(plt, "close", figures.append)
    r = run("equity", "AhKh", "QQ+, AKo", "--plot", str(tmp_path / "g.png"))
    assert r.exit_code == 0, r.output and (tmp_path / "g.png").stat().st_size > 0
    (fig,) = figures
    ax, bar = fig.axes
    assert ax.get_title() == "Equity of AhKh against each class of the range QQ+, AKo"
    assert bar.get_ylabel() == "equity of AhKh"
    cells = {t.get_text().split("\n")[0]: t.get_position() for t in ax.texts}
    assert cells["AA"] == (0, 0) and cells["AKs"] == (1, 0) and cells["AKo"] == (0, 1)
    assert cells["22"] == (12, 12) and all(t.get_fontsize() >= 8 for t in ax.texts)
    assert [t.get_text() for t in ax.get_xticklabels()][:3] == ["A", "K", "Q"]
    plt.close(fig)
