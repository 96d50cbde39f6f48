"""Card codes, parsing and formatting (issue 2, item 2)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlab.cards import (
    Deck,
    card,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_hole_board,
)


def test_codes_follow_the_phevaluator_convention():
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2h") == 2
    assert parse_card("2s") == 3
    assert parse_card("As") == 51
    assert card(12, 3) == 51
    assert [format_card(c) for c in range(52)][:5] == ["2c", "2d", "2h", "2s", "3c"]


@pytest.mark.parametrize(
    "text",
    ["As", "as", "AS", "A♠", "a♠", "A♤"],
)
def test_ace_of_spades_in_every_spelling(text):
    assert parse_card(text) == 51


def test_ten_spellings():
    assert parse_card("Ts") == parse_card("10s") == parse_card("t♠") == 35


@pytest.mark.parametrize(
    "text",
    ["AsKd", "As Kd", "As,Kd", "As-Kd", "As, Kd", "A♠K♦", " as kd "],
)
def test_separators_and_run_together(text):
    assert parse_cards(text) == [51, 45]


def test_papers_notation_hole_and_board():
    hole, board = parse_hole_board("A♦-Q♣/3♥-4♣-J♥")
    assert format_cards(hole) == "Ad Qc"
    assert format_cards(board) == "3h 4c Jh"
    assert parse_cards("A♦-Q♣/3♥-4♣-J♥") == hole + board


def test_round_trip_every_card():
    for code in range(52):
        assert parse_card(format_card(code)) == code
        assert parse_card(format_card(code, symbols=True)) == code


@pytest.mark.parametrize(
    ("text", "bad"),
    [("As Xx", "'Xx"), ("1s", "'1s'"), ("AsKdQz", "'Qz'"), ("As As", "duplicate card 'As'")],
)
def test_bad_tokens_are_named(text, bad):
    with pytest.raises(ValueError, match=bad):
        parse_cards(text)


def test_duplicate_across_hole_and_board():
    with pytest.raises(ValueError, match="duplicate card 'Ad'"):
        parse_hole_board("AdQc/Ad2c3c")


def test_deck_is_seedable_and_removes_dead_cards():
    a, b = Deck(seed=3, dead=[0, 1]), Deck(seed=3, dead=[0, 1])
    cards_a, cards_b = a.deal(50), b.deal(50)
    assert cards_a == cards_b
    assert sorted(cards_a) == list(range(2, 52))
    with pytest.raises(ValueError, match="cannot deal"):
        a.deal(1)
    assert Deck(seed=1).deal(10) != Deck(seed=2).deal(10)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_value_error(text):
    try:
        codes = parse_cards(text)
    except ValueError:
        return
    assert len(set(codes)) == len(codes)
    assert all(0 <= c < 52 for c in codes)


@given(st.lists(st.integers(0, 51), unique=True, max_size=10), st.sampled_from([" ", ",", "-", ""]))
def test_format_then_parse_is_identity(codes, sep):
    assert parse_cards(format_cards(codes, sep=sep)) == codes
