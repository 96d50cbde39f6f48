"""Bots from outside the package: ``--bot-module`` files and modules (in every worker), the
``pokerlab.bots`` entry points, and a bot that raises (its first traceback, ``--strict``)."""

from __future__ import annotations

import importlib.metadata
import json
import logging
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerlab.agents import registry
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.match import BotFailed
from pokerlab.cli.main import app
from pokerlab.engine import GameSettings

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "draw_bot.py"
DRAW = GameSettings.preset("limit", "five-card-draw")

CRASHING = textwrap.dedent('''
    from pokerlab.agents import Agent
    from pokerlab.engine import CHECK_CALL, Action

    class Crashing(Agent):
        """Calls, and raises at its third action of every hand."""
        name = "test-crashing"
        variants = ("five-card-draw",)

        def begin_hand(self, observation):
            self.count = 0

        def act(self, observation):
            self.count += 1
            if self.count == 3:
                raise RuntimeError("third action")
            return Action(CHECK_CALL)
''')


pytestmark = pytest.mark.usefixtures("registry_restored")


def invoke(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_draw_bot_from_a_file_plays_a_two_worker_match(tmp_path) -> None:
    # A new interpreter: the bot is not registered anywhere but in the file it loads.
    db = tmp_path / "m.sqlite"
    out = subprocess.run(
        [sys.executable, "-m", "pokerlab", "match", "example-draw", "draw-rules", "--variant",
         "five-card-draw", "--duplicate", "--hands", "2000", "--workers", "2", "--bot-module",
         str(EXAMPLE), "--db", str(db), "--json", "--no-progress"],
        capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["executor"]["backend"] == "processes" and data["hands_stored"] == 2000
    assert [r["bot"] for r in data["results"]] == ["example-draw", "draw-rules"]
    assert all(r["illegal_actions"] == 0 for r in data["results"])


def test_example_runs_as_a_script() -> None:
    out = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "example-draw:" in out.stdout and "sb/hand" in out.stdout


def test_a_raising_bot_is_reported_with_its_first_traceback(tmp_path, caplog) -> None:
    bot = tmp_path / "crashing.py"
    bot.write_text(CRASHING)
    config = MatchConfig(bots=("test-crashing", "draw-rules"), hands=20, game=DRAW, duplicate=True,
                         seed=2, bot_modules=(str(bot),))
    with caplog.at_level(logging.WARNING, logger="pokerlab.arena.match"):
        result = run_match(config, MatchStore(tmp_path / "m.sqlite"))
    crash = result.results[0]
    assert crash.errors > 0 and crash.errors == crash.illegal_actions
    assert "RuntimeError: third action" in crash.first_error and "Traceback" in crash.first_error
    assert result.results[1].errors == 0 and result.results[1].first_error is None
    assert sum("first traceback" in r.message for r in caplog.records) == 1
    with pytest.raises(BotFailed, match="test-crashing raised an exception in hand 1"):
        run_match(config, MatchStore(tmp_path / "strict.sqlite"), strict=True)


def test_strict_stops_the_command_and_the_summary_shows_the_traceback(tmp_path) -> None:
    bot = tmp_path / "crashing.py"
    bot.write_text(CRASHING)
    common = ["match", "test-crashing", "draw-rules", "--variant", "five-card-draw", "--hands", "10",
              "--bot-module", str(bot), "--no-progress"]
    loose = invoke(*common, "--db", str(tmp_path / "a.sqlite"))
    assert loose.exit_code == 0, loose.output
    assert "first traceback" in loose.output and "RuntimeError: third action" in loose.output
    data = json.loads(invoke(*common, "--db", str(tmp_path / "b.sqlite"), "--json").stdout)
    assert "RuntimeError: third action" in data["results"][0]["first_error"]
    strict = invoke(*common, "--db", str(tmp_path / "c.sqlite"), "--strict")
    assert strict.exit_code == 1
    assert "Traceback" in strict.output and "--strict stops the match" in strict.output


def test_bad_bot_modules_are_one_line(tmp_path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import no_such_module_anywhere\n")
    for spec, words in ((str(tmp_path / "missing.py"), "--bot-module: no file"),
                        (str(broken), "cannot load"), ("no_such_bot_package", "cannot load")):
        result = invoke("match", "random", "raiser", "--bot-module", spec, "--hands", "2",
                        "--db", str(tmp_path / "x.sqlite"))
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output
        assert not (tmp_path / "x.sqlite").exists()


def test_entry_point_bots_are_discovered(tmp_path, monkeypatch) -> None:
    (tmp_path / "outside_bots.py").write_text(CRASHING.replace("test-crashing", "ep-ignored"))
    monkeypatch.syspath_prepend(str(tmp_path))
    point = importlib.metadata.EntryPoint(name="ep-crashing", value="outside_bots:Crashing",
                                          group=registry.ENTRY_POINT_GROUP)
    real = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda **kw: [point] if kw.get("group") == registry.ENTRY_POINT_GROUP else real(**kw))
    monkeypatch.setattr(registry, "_DISCOVERED", False)
    try:
        assert "ep-crashing" in registry.available()
        assert registry.create_bot("ep-crashing").name == "ep-crashing"
    finally:
        registry.unregister_bot("ep-crashing")


OUTSIDE_STATION = textwrap.dedent('''
    from pokerlab.agents.baseline import CallingStation

    class OutsideStation(CallingStation):
        """A calling station from outside the package."""
        name = "outside-station"
''')


def test_lbr_measures_a_bot_from_a_bot_module(tmp_path) -> None:
    from pokerlab.arena.lbr import lbr_task

    bot = tmp_path / "outside.py"
    bot.write_text(OUTSIDE_STATION)
    # a worker process starts with the package's bots only: the task loads the module itself
    assert "outside-station" not in registry.available()
    pairs, counts, where = lbr_task("outside-station", 0, 10, 0, 1, False, (str(bot),))
    assert len(pairs) == 1 and counts[1] > 0  # the bot decided
    assert sum(h for street in where for h, _ in street) == 2  # both hands ended somewhere
    result = invoke("lbr", "outside-station", "--bot-module", str(bot), "--hands", "2", "--samples", "10",
                    "--json", "--no-progress")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["bot"] == "outside-station"


def test_a_bot_module_without_a_bot_is_refused_by_every_command(tmp_path) -> None:
    empty = tmp_path / "no_bots.py"
    empty.write_text("from pokerlab.agents import Agent\n\nWHAT = 'no bot here'\n")
    for command in (["match", "random", "raiser", "--db", str(tmp_path / "x.sqlite")],
                    ["lbr", "raiser"],
                    ["draw", "matches", "--db", str(tmp_path / "x.sqlite")]):
        result = invoke(*command, "--bot-module", str(empty), "--hands", "2", "--no-progress")
        assert result.exit_code == 2, (command, result.output)
        assert result.output.strip().splitlines() == [
            f"error: --bot-module: {str(empty)!r} registers no bot (call pokerlab.agents.register_bot, "
            "or define an Agent subclass with a name of its own)"], command
        assert not (tmp_path / "x.sqlite").exists()
    # a module whose bots were registered before (the package's own) is not empty
    assert registry.load_bot_module("pokerlab.agents.baseline") == []


def test_a_bot_class_without_a_name_of_its_own_is_not_registered_as_agent(tmp_path) -> None:
    # Issue 40: a class without a name registered under Agent's own name, "agent".
    nameless = tmp_path / "nameless.py"
    nameless.write_text("from pokerlab.agents import Agent\nfrom pokerlab.engine import CHECK_CALL_ACTION\n\n"
                        "class Caller(Agent):\n    def act(self, observation):\n"
                        "        return CHECK_CALL_ACTION\n")
    with pytest.raises(ValueError, match="registers no bot"):
        registry.load_bot_module(str(nameless))
    assert "agent" not in registry.available()
    named = tmp_path / "named.py"
    named.write_text(nameless.read_text().replace("class Caller(Agent):\n",
                                                  "class Caller(Agent):\n    name = 'test-caller'\n"))
    assert registry.load_bot_module(str(named)) == ["test-caller"]
