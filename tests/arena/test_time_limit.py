"""A per-action time limit (issue 40): a bot that never answers no longer hangs a match. Its
turn is played as check or fold, counted as a timeout (results, JSON, the stored hands), it
is not asked again while its late call runs, and the match goes on."""

from __future__ import annotations

import json
import sys
import threading
import time

import pytest
from typer.testing import CliRunner

from pokerlab.agents import Agent, registry
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena.time_limit import BotCall, BotClock, run_steps
from pokerlab.cli.main import app
from pokerlab.engine import CHECK_CALL, Action, GameSettings

pytestmark = pytest.mark.usefixtures("registry_restored")

LIMIT = GameSettings.preset("limit")
RELEASE = threading.Event()  # set at the end of each test: the stuck threads end


@pytest.fixture(autouse=True)
def _release_sleepers():
    RELEASE.clear()
    yield
    RELEASE.set()


class Sleeper(Agent):
    """Never answers (until the test ends); counts the calls it gets."""

    name = "test-sleeper"
    variants = ("texas-holdem",)
    asked = 0

    def act(self, observation):
        type(self).asked += 1
        RELEASE.wait()
        return Action(CHECK_CALL)


class SlowStart(Agent):
    """Calls; its first action ever takes 0.4 s (its answer is then late)."""

    name = "test-slow-start"
    variants = ("texas-holdem",)

    def __init__(self):
        super().__init__()
        self.acts = 0

    def act(self, observation):
        self.acts += 1
        if self.acts == 1:
            time.sleep(0.4)
        return Action(CHECK_CALL)


class Ponderer(Agent):
    """Calls after 20 ms."""

    name = "test-ponderer"
    variants = ("texas-holdem",)

    def act(self, observation):
        time.sleep(0.02)
        return Action(CHECK_CALL)


class HangsAtBegin(Agent):
    """Never returns from begin_hand."""

    name = "test-hangs-at-begin"
    variants = ("texas-holdem",)

    def begin_hand(self, observation):
        RELEASE.wait()

    def act(self, observation):
        return Action(CHECK_CALL)


def _register(*bots: type[Agent]) -> None:
    for bot in bots:
        registry.register_bot(bot.name)(bot)


def _turns(store: MatchStore, match_id: int, player: int) -> tuple[int, int]:
    """Turns ``player`` had in the stored hands, and the timeouts recorded for it."""
    turns = timeouts = 0
    for _, record in store.records(match_id):
        seat_of = record["players"]
        turns += sum(1 for _, position, _, _ in record["actions"] if seat_of[position] == player)
        timeouts += sum(1 for p, _ in record.get("timeouts", ()) if p == player)
    return turns, timeouts


def test_a_bot_that_never_answers_costs_one_wait_and_the_match_goes_on(tmp_path) -> None:
    _register(Sleeper)
    Sleeper.asked = 0
    store = MatchStore(tmp_path / "m.sqlite")
    config = MatchConfig(bots=("test-sleeper", "raiser"), hands=40, game=LIMIT, seed=3)
    start = time.monotonic()
    result = run_match(config, store, time_limit=0.2)
    assert time.monotonic() - start < 20  # one wait of 0.2 s, not 40 (nor forever)
    assert result.finished and result.hands_stored == 40
    sleeper, raiser = result.results
    turns, stored = _turns(store, result.match_id, 0)
    assert sleeper.timeouts == stored == turns == sleeper.illegal_actions > 0
    assert Sleeper.asked == 1  # not asked again while its first call runs
    assert raiser.timeouts == raiser.illegal_actions == 0
    assert sleeper.to_dict()["timeouts"] == sleeper.timeouts
    # every turn of the sleeper was played as check or fold: the raiser never loses a hand
    assert all(payoffs[1] >= 0 for payoffs in store.payoffs(result.match_id))


def test_a_late_answer_is_discarded_and_the_bot_plays_on(tmp_path) -> None:
    _register(SlowStart, Ponderer)
    store = MatchStore(tmp_path / "m.sqlite")
    config = MatchConfig(bots=("test-slow-start", "test-ponderer"), hands=16, game=LIMIT, seed=1)
    result = run_match(config, store, time_limit=0.1)
    slow = result.results[0]
    records = [record for _, record in store.records(result.match_id)]
    late = [h for h, record in enumerate(records) if record.get("timeouts")]
    reasons = [reason for record in records for _, _, reason in record["illegal"]]
    # its first turn timed out; it sat out that hand and the next ones while its late call
    # ran (about 0.3 s: a few hands of a bot that takes 20 ms a turn), then played itself
    assert late == list(range(len(late))) and 1 <= len(late) < 12
    assert reasons[0] == "no answer within 0.1 s" and all(r.startswith("not asked") for r in reasons[1:])
    assert slow.timeouts == slow.illegal_actions == len(reasons)


def test_a_bot_that_hangs_in_begin_hand_sits_out_and_a_freezeout_goes_on(tmp_path) -> None:
    _register(HangsAtBegin)
    store = MatchStore(tmp_path / "m.sqlite")
    config = MatchConfig(bots=("test-hangs-at-begin", "raiser", "calling-station"), hands=12,
                         game=LIMIT, freezeout=True, seed=2)
    result = run_match(config, store, time_limit=0.2)
    assert result.hands_stored == 12
    hangs = result.results[0]
    turns, stored = _turns(store, result.match_id, 0)
    assert hangs.timeouts == stored == turns > 0


def test_without_a_limit_bots_are_called_in_this_thread() -> None:
    seen = []

    def steps():
        yield BotCall(None, lambda: seen.append(threading.current_thread()), ())

    run_steps(steps(), None)
    run_steps(steps(), BotClock(5))
    assert seen[0] is threading.current_thread() and seen[1] is not seen[0]


def test_an_exception_in_the_steps_reaches_the_caller() -> None:
    def steps():
        reply = yield BotCall(None, lambda: 1 / 0, ())
        assert reply.answered and isinstance(reply.error, ZeroDivisionError)
        raise KeyError("after the call")

    with pytest.raises(KeyError, match="after the call"):
        run_steps(steps(), BotClock(5))


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "80"})


def test_the_command_reports_timeouts_and_refuses_a_negative_limit(tmp_path) -> None:
    bot = tmp_path / "sleeper.py"
    bot.write_text("import threading\n"
                   "from pokerlab.agents import Agent\n"
                   "RELEASE = threading.Event()\n"
                   "class Sleeper(Agent):\n"
                   "    name = 'file-sleeper'\n"
                   "    def act(self, observation):\n"
                   "        RELEASE.wait()\n")
    common = ["match", "file-sleeper", "raiser", "--hands", "6", "--bot-module", str(bot),
              "--no-progress", "--time-limit", "0.2"]
    data = json.loads(_invoke(*common, "--json", "--db", str(tmp_path / "a.sqlite")).stdout)
    assert data["time_limit"] == 0.2
    assert data["results"][0]["timeouts"] == data["results"][0]["illegal_actions"] > 0
    shown = _invoke(*common, "--db", str(tmp_path / "b.sqlite"))
    assert shown.exit_code == 0, shown.output
    assert "file-sleeper missed the 0.2 s time limit at" in " ".join(shown.output.split())
    refused = _invoke("match", "random", "raiser", "--time-limit", "-1", "--db", str(tmp_path / "c.sqlite"))
    assert refused.exit_code == 2 and "--time-limit" in refused.output
    assert not (tmp_path / "c.sqlite").exists()
    for name, module in list(sys.modules.items()):
        if name.startswith("pokerlab_bots_sleeper"):
            module.RELEASE.set()


def test_the_command_s_default_is_the_library_s() -> None:
    from pokerlab.arena.time_limit import DEFAULT_SECONDS

    shown = " ".join(_invoke("match", "--help").output.split())
    assert f"(default {DEFAULT_SECONDS:g})" in shown
