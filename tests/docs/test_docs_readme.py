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


def _solve(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["solve", *args, "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_toml_example_solves_to_the_quoted_values(tmp_path):
    (toml,) = _blocks("toml")
    path = tmp_path / "von-neumann-tree.toml"
    path.write_text(toml)
    tree = _solve(str(path))
    exact = {t["name"]: t["exact"] for t in tree["thresholds"]}
    assert exact == {"a": "1/9", "b": "7/9", "c": "5/9"} and tree["value_exact"] == "1/9"
    assert "gives a = 1/9, b = 7/9, c = 5/9 and the value 1/9" in " ".join(README.split())
    rules = _solve("von-neumann", "--param", "B=2")
    assert {t["name"]: t["exact"] for t in rules["thresholds"]} == exact


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
