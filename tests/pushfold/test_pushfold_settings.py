"""Reading push/fold settings as a person types them (the command line's and the web page's
shared readers): each mistake is one ``PushFoldError`` naming the setting as it was typed."""

from __future__ import annotations

import pytest

from pokerlab.errors import UserError
from pokerlab.pushfold.chart import chart_stacks
from pokerlab.pushfold.game import PushFoldGame, read_blinds, read_numbers
from pokerlab.pushfold.solution import check_settings, shown_nodes, solve


def test_lists_and_blinds_read_as_typed_or_refused_naming_the_setting() -> None:
    assert read_numbers("stacks", " 12, 8 ,20") == (12.0, 8.0, 20.0)
    assert read_numbers("payouts", "") == ()  # blank: no prizes (chip EV)
    assert read_blinds("blinds", "0.5,1") == (0.5, 1.0)
    with pytest.raises(UserError, match=r"^--stacks: '10,,10' is not a comma-separated list of numbers$"):
        read_numbers("--stacks", "10,,10")
    with pytest.raises(UserError, match=r"^blinds: '1' must be two numbers, small and big blind"):
        read_blinds("blinds", "1")


@pytest.mark.parametrize(("settings", "message"), [
    ({"max_stack": float("inf")}, "step: inf stacks from 1 to inf; at most 10,000"),
    ({"max_stack": 1e300, "step": 1e-300}, "step: inf stacks from 1 to 1e+300; at most 10,000"),
    ({"max_stack": 5, "step": 0.0001}, "step: 40,001 stacks from 1 to 5; at most 10,000"),
    ({"step": 0}, "step: 0 must be positive"),
    ({"min_stack": 3, "max_stack": 2}, "stacks: from 3 to 2 is not a range of positive stacks"),
    ({"ante": -1}, "ante: -1 must not be negative"),
])
def test_a_chart_s_bad_settings_are_named_before_any_solve(settings: dict, message: str) -> None:
    # an infinite largest stack was an OverflowError ("cannot convert float infinity to integer")
    with pytest.raises(UserError) as caught:
        chart_stacks(**settings)
    assert str(caught.value) == message


def test_the_solve_s_settings_and_the_decisions_shown() -> None:
    check_settings(0.01, 1)
    with pytest.raises(ValueError, match=r"^target: 0 must be a positive number of big blinds$"):
        check_settings(0, 100)
    with pytest.raises(ValueError, match=r"^max iterations: 0 must be at least 1$"):
        check_settings(0.01, 0)
    headsup = solve(PushFoldGame((10, 10)))
    assert shown_nodes(headsup) == [0, 1]
    with pytest.raises(ValueError) as caught:
        shown_nodes(headsup, ["BB"], "--line")
    assert str(caught.value) == "--line: no decision 'BB' (lines look like: SB; SB push, BB...)"
