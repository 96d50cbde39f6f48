"""Bot settings in a bot spec (``name:key=value,...``): read into the constructor's keywords,
beside the argument; a bad one is refused with the bot, the setting and the value named."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlab.agents.nlhe_search import NlheSearchBot
from pokerlab.agents.registry import check_bots, create_bot, spec_options
from pokerlab.agents.settings import keyword_of, sizes, words
from pokerlab.nolimit.blueprint import SHIPPED_BLUEPRINTS


def test_settings_reach_the_constructor_and_the_argument_stays_the_argument() -> None:
    bot = create_bot(f"nlhe-search:{SHIPPED_BLUEPRINTS[0]},iterations=30,seconds=1.5,gadget=resolve,"
                     "floor=0.02,streets=turn+river,bet=75%/a,raise=a")
    assert isinstance(bot, NlheSearchBot) and bot.name == "nlhe-search"
    assert (bot.iterations, bot.seconds, bot.gadget, bot.floor) == (30, 1.5, "resolve", 0.02)
    assert bot.streets == frozenset({2, 3}) and (bot._bet, bot._raise) == ("75%,a", "a")
    assert bot.blueprint_path == SHIPPED_BLUEPRINTS[0].resolve()  # the argument: a blueprint file
    assert spec_options("nlhe-search") == {} and spec_options("nlhe-search:iterations=5") == {"iterations": 5}


def test_a_bot_without_settings_takes_the_whole_text_as_its_argument() -> None:
    assert spec_options("hulhe-cfr:runs/a,b=c.npz") == {"strategy": "runs/a,b=c.npz"}


@pytest.mark.parametrize(("spec", "message"), [
    ("nlhe-search:depth=3", r"no setting 'depth' \(settings: iterations, seconds, gadget, floor, "),
    ("nlhe-search:iterations=many", r"setting iterations: 'many' is not a whole number$"),
    ("nlhe-search:iterations=0", r"iterations: 0 must be at least 1$"),
    ("nlhe-search:seconds=-1", r"seconds: -1.0 must be above 0$"),
    ("nlhe-search:seconds=inf", r"setting seconds: 'inf' is not a finite number$"),
    ("nlhe-search:gadget=magic", r"gadget: 'magic' is not one of maxmargin, resolve, none$"),
    ("nlhe-search:streets=showdown+river", r"streets: showdown: choose among preflop, flop, turn, river$"),
    ("nlhe-search:streets=flop+river,runouts=0", r"runouts: 0 must be at least 1$"),
    ("nlhe-search:bet=7x", r"bet: unknown bet size '7x'"),
    ("nlhe-search:floor=2", r"floor: 2.0 must lie in \[0, 1\]$"),
    ("nlhe-search:mixed=maybe", r"setting mixed: 'maybe' is not yes or no$"),
    ("nlhe-search:model=oracle", r"model: 'oracle' is not mixed, purified or a threshold in \[0, 1\]$"),
    ("nlhe-search:exploit=2", r"exploit: 2.0 must lie in \[0, 1\]$"),
    ("nlhe-search:exploit=all", r"setting exploit: 'all' is not a number$"),
    ("nlhe-blueprint:threshold=1.5", r"threshold: 1.5 must lie in \[0, 1\]$"),
    ("nlhe-blueprint:threshold=often", r"setting threshold: 'often' is not a number$"),
    ("nlhe-search:iterations=1,iterations=2", r"setting iterations is given twice$"),
    ("nlhe-search:a.npz,b.npz", r"one blueprint after the ':', got 'a.npz', 'b.npz'"),
    ("nlhe-search:", r"give the blueprint after the ':'$"),
    ("raiser:iterations=3", r"bot 'raiser' takes no argument"),
])
def test_a_bad_setting_is_one_line_naming_the_option_and_the_spec(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=r"^--bot: ") as info:
        check_bots([spec], "texas-holdem", "--bot")
    assert "\n" not in str(info.value)
    assert spec.partition(":")[0] in str(info.value)
    with pytest.raises(ValueError, match=message):
        check_bots([spec], "texas-holdem", "--bot")


@given(st.text(alphabet="abcxyz019=,.+/%-", max_size=24))
def test_any_setting_text_is_read_or_refused_with_a_value_error(tail: str) -> None:
    try:
        spec_options(f"nlhe-search:{tail}")
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc)


def test_readers() -> None:
    assert words("turn+river") == ("turn", "river") and sizes("33%/a") == "33%,a"
    assert keyword_of("raise") == "raise_" and keyword_of("bet") == "bet"


def test_the_match_command_refuses_a_bad_setting_in_one_line_before_it_plays(tmp_path, capsys) -> None:
    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app

    db = tmp_path / "m.sqlite"
    status = run(app, ["match", "nlhe-search:iterations=x", "nl-rules", "--game", "no-limit",
                       "--hands", "2", "--db", str(db)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err == ("error: BOTS: bot 'nlhe-search:iterations=x': setting iterations: 'x' is not a "
                   "whole number\n")
    assert not db.exists()
