"""The push/fold game's rules: pots and side pots, the Independent Chip Model, the tree, and the
settings a person can get wrong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlab.errors import UserError
from pokerlab.pushfold.game import PushFoldError, PushFoldGame, finishing_orders, read_numbers
from pokerlab.pushfold.icm import icm_values


def test_side_pots_go_to_the_best_hand_each_can_win() -> None:
    g = PushFoldGame((5, 10, 20, 20))  # CO 5, BTN 10, SB 20, BB 20
    put = [5, 10, 20, 1]  # CO, BTN, SB all in; BB folded its blind
    # CO best, then SB, then BTN: main pot 3*5 + 1 dead to CO, side pot 2*5 to SB, and the
    # SB's last 10 (nobody matched them) back
    assert g.final_stacks(put, (0, 1, 2), (0, 2, 1)) == [16, 0, 20, 19]
    # BTN and SB split both pots, CO third
    assert g.final_stacks(put, (0, 1, 2), (1, 0, 0)) == [0, 13, 23, 19]
    # everybody folds to one player: the blinds are theirs
    assert g.final_stacks([0, 0, 0.5, 1], (3,), (0,)) == [5, 10, 19.5, 20.5]


def test_a_terminal_returns_what_nobody_can_call() -> None:
    g = PushFoldGame((10, 30))
    t = next(t for t in g.tree().terminals if t.showdown == (0, 1))
    # ties, SB wins, BB wins: the BB risks only the SB's 10
    assert t.payoff.tolist() == [[0.0, 0.0], [10.0, -10.0], [-10.0, 10.0]]


def test_icm_is_malmuth_harville() -> None:
    values = icm_values((50, 30, 20), (0.5, 0.3, 0.2))
    # first place alone: 50/100; second for the 50 stack: 0.3*50/70 + 0.2*50/80
    second = 0.3 * 50 / 70 + 0.2 * 50 / 80
    assert values[0] == pytest.approx(0.5 * 0.5 + second * 0.3 + (1 - 0.5 - second) * 0.2)
    assert sum(values) == pytest.approx(1.0)
    # two bust in one hand: the one who started with more finishes higher
    assert icm_values((40, 0, 0), (60, 30, 10), start=(10, 20, 10)) == (60.0, 30.0, 10.0)
    assert icm_values((40, 0, 0), (60, 30, 10), start=(10, 15, 15)) == (60.0, 20.0, 20.0)


def test_orders_and_trees() -> None:
    assert len(finishing_orders(3)) == 13
    assert PushFoldGame((10,) * 9).tree().describe() == (
        "128 decision nodes, 129 terminals (showdowns: 36 two-way, 84 three-way)")
    assert PushFoldGame((10,) * 9, max_allin=2).tree().describe() == (
        "44 decision nodes, 45 terminals (showdowns: 36 two-way)")
    limp = PushFoldGame((10, 10), opening="limp").tree()
    assert [n.line for n in limp.nodes] == ["SB", "SB limp, BB", "SB limp, BB push, SB", "SB push, BB"]


@pytest.mark.parametrize(("settings", "message"), [
    ({"stacks": (10, -2)}, "stacks: -2 is not a positive number of big blinds"),
    ({"stacks": (10, 0)}, "stacks: 0 is not a positive number of big blinds"),
    ({"stacks": (10,)}, "stacks: 1 players given; push/fold takes 2 to 9"),
    ({"stacks": (10,) * 10}, "stacks: 10 players given; push/fold takes 2 to 9"),
    ({"stacks": (10, 10), "big_blind": 20, "small_blind": 10},
     "stacks: BB's stack 10 is smaller than the blind it posts (20)"),
    ({"stacks": (10, 10, 10), "ante": 11}, "stacks: BTN's stack 10 is smaller than the ante it posts (11)"),
    ({"stacks": (10, 10, 10), "payouts": (20, 30)},
     "payouts: 20,30 must not increase from one place to the next"),
    ({"stacks": (10, 10), "payouts": (50, 30, 20)}, "payouts: 3 places paid but only 2 players"),
    ({"stacks": (10, 10, 10), "opening": "limp"}, "opening: limp is a heads-up option; 3 players given"),
    ({"stacks": (10, 10), "opening": "raise"}, "opening: 'raise' is not one of limp, min-raise"),
    ({"stacks": (10, float("nan"))}, "stacks: nan is not a finite number"),
    ({"stacks": (10, 10, 10), "max_allin": 4}, "max all-in: 4 must be 2 or 3"),
])
def test_bad_settings_are_one_line_naming_the_setting(settings: dict, message: str) -> None:
    with pytest.raises(PushFoldError) as caught:
        PushFoldGame(**settings)
    assert str(caught.value) == message
    assert isinstance(caught.value, UserError)


@given(st.text(max_size=30))
def test_any_typed_stacks_make_a_game_or_a_user_error(text: str) -> None:
    try:
        PushFoldGame(read_numbers("--stacks", text))
    except UserError as exc:
        assert "\n" not in str(exc) and str(exc).split(":")[0] in ("--stacks", "stacks")
