"""The README's examples do what the README says: the TOML game solves to the values quoted,
and the custom bot runs as written."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

from pokerlab.cli.errors import run
from pokerlab.cli.main import app

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def _section(heading: str) -> str:
    """The README's text under ``heading`` (a ``##`` or ``###`` line) up to the next heading."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#+ |\Z)", README, flags=re.M | re.S)
    assert match, heading
    return match.group(1)


def _block(language: str, heading: str) -> str:
    """The one ``language`` code block in the README's section ``heading``."""
    (block,) = re.findall(rf"```{language}\n(.*?)```", _section(heading), flags=re.S)
    return block


def _solve(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["solve", *args, "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_toml_example_solves_to_the_quoted_values(tmp_path):
    toml = _block("toml", "Games of your own: the TOML format")
    path = tmp_path / "von-neumann-tree.toml"
    path.write_text(toml)
    tree = _solve(str(path))
    exact = {t["name"]: t["exact"] for t in tree["thresholds"]}
    assert exact == {"a": "1/9", "b": "7/9", "c": "5/9"} and tree["value_exact"] == "1/9"
    assert "gives a = 1/9, b = 7/9, c = 5/9 and the value 1/9" in " ".join(README.split())
    rules = _solve("von-neumann", "--param", "B=2")
    assert {t["name"]: t["exact"] for t in rules["thresholds"]} == exact


def test_the_spot_toml_example_reads_as_a_spot(tmp_path):
    from pokerlab.cards.codes import format_cards
    from pokerlab.spot.spec import Spot, parse_sizes

    toml = _block("toml", "Hold'em spots: range against range")
    path = tmp_path / "spot.toml"
    path.write_text(toml)
    spot = Spot.from_toml(path)
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


def test_the_custom_bot_example_runs(capsys):
    from pokerlab.agents.registry import available, unregister_bot

    (example,) = [b for b in _blocks("python") if "register_bot(" in b]
    try:
        exec(compile(example, "README.md", "exec"), {})
        assert "pair-raiser" in available()
    finally:
        unregister_bot("pair-raiser")
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["pair-raiser", "calling-station"]
    assert lines[0].startswith("pair-raiser: +")  # raising pairs against a calling station wins
