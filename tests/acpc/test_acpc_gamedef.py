"""Game definitions: the shipped standard games, the ACPC reader's rules and defaults, errors."""

from __future__ import annotations

import pytest

from pokerlab.acpc import GAMES_DIR, format_gamedef, parse_gamedef, read_gamedef, standard_game
from pokerlab.acpc.gamedef import UNLIMITED_RAISES, UNLIMITED_STACK


def test_standard_limit_game_is_the_acpc_file():
    g = standard_game("limit")
    assert (g.betting, g.num_players, g.num_rounds) == ("limit", 2, 4)
    assert g.blind == (10, 5) and g.raise_size == (10, 10, 20, 20)
    assert g.first_player == (1, 0, 0, 0) and g.max_raises == (3, 4, 4, 4)
    assert g.stack == (UNLIMITED_STACK, UNLIMITED_STACK)
    assert (g.num_suits, g.num_ranks, g.num_hole_cards, g.num_board_cards) == (4, 13, 2, (0, 3, 1, 1))
    assert read_gamedef(GAMES_DIR / "holdem.limit.2p.reverse_blinds.game") == g


def test_standard_nolimit_game_is_the_acpc_file():
    g = standard_game("nolimit")
    assert g.betting == "nolimit" and g.stack == (20000, 20000) and g.blind == (100, 50)
    assert g.first_player == (1, 0, 0, 0) and g.max_raises == (UNLIMITED_RAISES,) * 4
    assert g.raise_size == () and g.big_blind == 100
    assert read_gamedef(GAMES_DIR / "holdem.nolimit.2p.reverse_blinds.game") == g


@pytest.mark.parametrize("name", ["limit", "nolimit"])
def test_format_round_trips(name):
    g = standard_game(name)
    assert parse_gamedef(format_gamedef(g)) == g


def test_keys_are_case_insensitive_and_equals_is_optional():
    text = """# a comment
GAMEDEF
NoLimit
NUMPLAYERS 3
numrounds=2
Stack = 100 200 300
blind 1 2 0
firstplayer = 3 1
numsuits = 4
numranks = 13
numholecards = 2
numboardcards = 0 3
END GAMEDEF
text after the end is ignored
"""
    g = parse_gamedef(text)
    assert g.betting == "nolimit" and g.num_players == 3 and g.stack == (100, 200, 300)
    assert g.first_player == (2, 0) and g.blind == (1, 2, 0)


BASE = ["GAMEDEF", "limit", "numPlayers = 2", "numRounds = 4", "blind = 10 5",
        "raiseSize = 10 10 20 20", "numSuits = 4", "numRanks = 13", "numHoleCards = 2",
        "numBoardCards = 0 3 1 1", "END GAMEDEF"]


def _with(line_no: int, replacement: str | None) -> str:
    lines = list(BASE)
    if replacement is None:
        del lines[line_no]
    else:
        lines[line_no] = replacement
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("line_no", "replacement", "message"),
    [
        (2, "numPlayers = 11", "line 3: numPlayers = 11 is not in 2..10"),
        (3, None, "numRounds is missing"),
        (4, "blind = 10", "line 5: blind has 1 values, need 2 (one per player)"),
        (5, "raiseSize = 10 10 20", "line 6: raiseSize has 3 values, need 4"),
        (5, None, "raiseSize is missing"),
        (6, "numSuits = 5", "line 7: numSuits = 5 is not in 1..4"),
        (7, "numRanks = 0", "numRanks = 0 is not in 1..13"),
        (8, "numHoleCards = 4", "numHoleCards = 4 is not in 1..3"),
        (9, "numBoardCards = 0 3 1 4", "more than 7 board cards"),
        (9, "numBoardCards = 0 3 1", "numBoardCards has 3 values"),
        (1, "potlimit", "line 2: unknown field 'potlimit'"),
        (4, "blind = 10 -5", "line 5: blind value '-5' is not a whole number"),
        (4, "blind = ", "line 5: blind has no value"),
        (2, "numPlayers = 2 3", "line 3: numPlayers takes one value, got 2"),
        (10, None, "no 'END GAMEDEF' line"),
        (0, "limit", "line 1: expected 'GAMEDEF', got 'limit'"),
    ],
)
def test_errors_name_line_and_field(line_no, replacement, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_gamedef(_with(line_no, replacement))


def test_cross_field_validation():
    with pytest.raises(ValueError, match="invalid first player 3 on round 2"):
        parse_gamedef(_with(9, "numBoardCards = 0 3 1 1\nfirstPlayer = 2 3 1 1"))
    with pytest.raises(ValueError, match="blind for player 1 is greater than stack size"):
        parse_gamedef(_with(4, "blind = 10 5\nstack = 5 5"))
    with pytest.raises(ValueError, match="too many hole and board cards"):
        parse_gamedef(_with(7, "numRanks = 2"))
    with pytest.raises(ValueError, match=r"blind given twice \(also on line 5\)"):
        parse_gamedef(_with(4, "blind = 10 5\nblind = 10 5"))


def test_read_gamedef_names_the_file(tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text(_with(3, None))
    with pytest.raises(ValueError, match=r"bad.game: game definition: numRounds is missing"):
        read_gamedef(bad)
    with pytest.raises(ValueError, match="not found"):
        read_gamedef(tmp_path / "missing.game")
    binary = tmp_path / "binary.game"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ValueError, match="is not text"):
        read_gamedef(binary)


def test_small_deck_games_take_the_top_cards():
    # Kuhn-like: one suit, three ranks -> the ACPC dealer deals Qs Ks As.
    g = parse_gamedef("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\n"
                      "numSuits = 1\nnumRanks = 3\nnumHoleCards = 1\nnumBoardCards = 0\nEND GAMEDEF")
    assert g.deck == (43, 47, 51)
