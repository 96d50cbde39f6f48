"""The guide's examples do what its pages say (they were the README's until issue 40 moved them to
docs/): the TOML game solves to the values quoted, the spot file reads as the page describes it,
both are the files in examples/ that the pages' commands use, and the custom bot runs as written."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

from pokerlab.cli.errors import run
from pokerlab.cli.main import app

ROOT = Path(__file__).resolve().parents[2]


def _page(name: str) -> str:
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


def _blocks(language: str, page: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", _page(page), flags=re.S)


def _section(page: str, heading: str) -> str:
    """A page's text under ``heading`` (a ``#`` to ``###`` line) up to the next heading (a
    ``#`` line inside a code block is no heading)."""
    lines, inside, fenced = [], False, False
    for line in _page(page).splitlines(keepends=True):
        is_heading = not fenced and re.match(r"#{1,3} ", line)
        if is_heading:
            inside = line.strip("#\n ") == heading
            continue
        if line.startswith("```"):
            fenced = not fenced
        if inside:
            lines.append(line)
    assert lines, heading
    return "".join(lines)


def _block(language: str, page: str, heading: str) -> str:
    """The one ``language`` code block in a page's section ``heading``."""
    (block,) = re.findall(rf"```{language}\n(.*?)```", _section(page, heading), flags=re.S)
    return block


def _without_comment_lines(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("# "))


def _solve(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["solve", *args, "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_toml_example_solves_to_the_quoted_values():
    toml = _block("toml", "dividing-points.md", "Games of your own: the TOML format")
    shipped = ROOT / "examples" / "von-neumann-tree.toml"
    assert toml == shipped.read_text(encoding="utf-8")  # the page shows the file its command solves
    tree = _solve(str(shipped))
    exact = {t["name"]: t["exact"] for t in tree["thresholds"]}
    assert exact == {"a": "1/9", "b": "7/9", "c": "5/9"} and tree["value_exact"] == "1/9"
    page = " ".join(_page("dividing-points.md").split())
    assert "gives a = 1/9, b = 7/9, c = 5/9 and the value 1/9" in page
    rules = _solve("von-neumann", "--param", "B=2")
    assert {t["name"]: t["exact"] for t in rules["thresholds"]} == exact


def test_the_spot_toml_example_reads_as_a_spot():
    from pokerlab.cards.codes import format_cards
    from pokerlab.spot.spec import Spot, parse_sizes

    toml = _block("toml", "spots.md", "Hold'em spots: range against range")
    shipped = ROOT / "examples" / "spot.toml"
    assert toml == _without_comment_lines(shipped.read_text(encoding="utf-8"))
    spot = Spot.from_toml(shipped)
    assert format_cards(spot.board).split() == ["Qs", "Jh", "2h"]
    assert (spot.pot, spot.stack, spot.raise_cap, spot.allin_threshold) == (10, 95, 3, 0.67)
    assert (spot.rake_pct, spot.rake_cap) == (5, 3)
    assert spot.oop_range_text == "AA,KK:0.5,AKs" and spot.ip_range_text == "QQ-22,AJs+"
    assert spot.oop_range.sum() == 6 + 0.5 * 6 + 4  # AA, half of KK, AKs (the board blocks none)
    flop, turn_oop, river_ip = spot.tree[("flop", 0)], spot.tree[("turn", 0)], spot.tree[("river", 1)]
    assert flop.bet == parse_sizes("50%,100%,a") and flop.raise_ == parse_sizes("60%")
    assert turn_oop.donk == parse_sizes("33%") and turn_oop.bet == flop.bet
    assert river_ip.bet == parse_sizes("e,a") and river_ip.raise_ == flop.raise_
    assert Spot.from_dict(spot.to_dict()).tree == spot.tree


def test_the_pre_flop_spot_example_reads_the_blueprint_s_ranges():
    import numpy as np

    from pokerlab.nolimit.blueprint import Blueprint
    from pokerlab.spot.spec import Spot, parse_sizes

    toml = _block("toml", "spots.md", "A spot from a pre-flop line")
    shipped = ROOT / "examples" / "spot-preflop.toml"
    assert toml == _without_comment_lines(shipped.read_text(encoding="utf-8"))
    spot = Spot.from_toml(shipped)
    bp = Blueprint.load()
    reached = bp.ranges(bp.node("r250c"), spot.board)
    assert np.array_equal(spot.oop_range, reached[0]) and np.array_equal(spot.ip_range, reached[1])
    assert (spot.pot, spot.stack) == (5.0, 197.5) and spot.tree[("flop", 0)].bet == parse_sizes("a")


def test_the_custom_bot_example_runs(capsys):
    from pokerlab.agents.registry import available, unregister_bot

    (example,) = [b for b in _blocks("python", "matches.md") if "register_bot(" in b]
    try:
        exec(compile(example, "docs/matches.md", "exec"), {})
        assert "pair-raiser" in available()
    finally:
        unregister_bot("pair-raiser")
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["pair-raiser", "calling-station"]
    assert lines[0].startswith("pair-raiser: +")  # raising pairs against a calling station wins
