"""Golden tests: every example exchange of the ACPC protocol 2.0.0 specification.

The transcript (tests/acpc/data/protocol_examples.txt) is the "Examples" section of the
specification, limit, no-limit and three-player limit: each server line must parse and print
back unchanged, follow the previous line of its hand, and every client line must be exactly
the reply our code writes for that action, sent only when it is the client's turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerlab.acpc import (
    GAMES_DIR,
    Action,
    parse_gamedef,
    parse_matchstate,
    parse_reply,
    standard_game,
)

DATA = Path(__file__).with_name("data")


def _sections() -> list[tuple[str, list[tuple[str, str]]]]:
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    for raw in (DATA / "protocol_examples.txt").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("== "):
            sections.append((line[3:], []))
        else:
            direction, text = line.split(" ", 1)
            sections[-1][1].append((direction, text))
    return sections


def _game(name: str):
    if name in ("limit", "nolimit"):
        return standard_game(name)
    return parse_gamedef((DATA / name).read_text())


SECTIONS = _sections()


def test_transcript_covers_the_three_games():
    assert [name for name, _ in SECTIONS] == ["limit", "nolimit", "holdem.limit.3p.game"]
    assert sum(len(lines) for _, lines in SECTIONS) == 42 + 28 + 30


@pytest.mark.parametrize(("name", "lines"), SECTIONS, ids=[s[0] for s in SECTIONS])
def test_example_exchange(name, lines):
    game = _game(name)
    previous = None
    for direction, text in lines:
        if direction == "S->":
            state = parse_matchstate(text + "\r\n", game)
            assert state.text() == text
            if previous is not None and previous.hand_number == state.hand_number:
                assert state.extends(previous), text
            else:
                # A new hand starts with no betting.
                assert state.betting.all_actions() == []
            previous = state
        else:
            assert direction == "<-C"
            replied, action = parse_reply(text, game)
            assert previous is not None and previous.is_our_turn, text
            assert replied.text() == previous.text()
            assert previous.reply(action) == text + "\r\n"


def test_limit_example_amounts():
    game = standard_game("limit")
    # Hand 0 ends at a showdown with 80 chips each: 30 pre-flop, 10 on the flop, 20 + 20.
    end = parse_matchstate("MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh", game)
    assert end.finished and end.betting.is_showdown and end.betting.spent == (80, 80)
    # Hand 1: position 1 folds the turn after 30 + 10 + 0.
    fold = parse_matchstate("MATCHSTATE:1:1:rrc/rc/rf:|Qd7c/2h8h5c/Th", game)
    assert fold.finished and not fold.betting.is_showdown
    assert fold.betting.folded == (False, True) and fold.betting.spent == (60, 40)
    # Pre-flop three raises after the blind are the cap: the big blind may only fold or call.
    capped = parse_matchstate("MATCHSTATE:0:5:rrr:TdAs|", game)
    assert capped.is_our_turn and capped.legal_kinds() == ("f", "c")
    assert capped.betting.spent == (30, 40) and capped.betting.to_call == 10
    # On the flop the cap is four bets: bet and three raises.
    flop = parse_matchstate("MATCHSTATE:0:5:rrc/rrr:TdAs|/2c8c3h", game)
    assert flop.betting.legal_kinds() == ("f", "c", "r")
    flop = parse_matchstate("MATCHSTATE:0:5:rrc/rrrr:TdAs|/2c8c3h", game)
    assert flop.betting.legal_kinds() == ("f", "c")


def test_nolimit_example_amounts():
    game = standard_game("nolimit")
    s = parse_matchstate("MATCHSTATE:1:31:r300r900:|JdTc", game)
    # Re-raise of 600 over 300: the next raise must reach at least 900 + 600.
    assert s.betting.to_call == 600 and s.betting.raise_range() == (1500, 20000)
    s = parse_matchstate("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c", game)
    # A new round: the minimum bet is the big blind on top of the 100 already in.
    assert s.betting.raise_range() == (200, 20000) and s.legal_kinds() == ("c", "r")
    line = "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc"
    allin = parse_matchstate(line, game)
    assert allin.finished and allin.betting.round == 3 and allin.betting.spent == (20000, 20000)
    assert allin.hole_cards[0] and allin.board_cards


def test_reply_refuses_illegal_or_out_of_turn_actions():
    game = standard_game("nolimit")
    s = parse_matchstate("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c", game)
    with pytest.raises(ValueError, match="below the minimum 200"):
        s.reply(Action("r", 150))
    with pytest.raises(ValueError, match="call is free"):
        s.reply(Action("f"))
    waiting = parse_matchstate("MATCHSTATE:0:30::9s8h|", game)
    with pytest.raises(ValueError, match="not position 0's turn"):
        waiting.reply(Action("c"))


@pytest.mark.parametrize("betting", ["k", "b300", "C", "r300R900", "r 300"])
def test_only_the_2_0_0_letters_are_in_match_states(betting):
    # The 2.0.0 grammar has f, c and r only (k/b were never part of it); the dealer reads a
    # client's reply as leniently as the ACPC server, but states must be exact.
    with pytest.raises(ValueError, match=r"unknown action|has no size"):
        parse_matchstate(f"MATCHSTATE:1:0:{betting}:|AsKs", standard_game("nolimit"))


LIMIT_TEXT = (Path(GAMES_DIR) / "holdem.limit.2p.reverse_blinds.game").read_text()
# A game dealing a board card with the hole cards (round 1), for the split of the last group.
BOARD_FIRST = parse_gamedef(LIMIT_TEXT.replace("numBoardCards = 0 3 1 1", "numBoardCards = 1 3 1 1"))


@pytest.mark.parametrize(("line", "game", "message"), [
    ("STATE:0:0::AsKs|", "limit", "expected a line starting with 'MATCHSTATE:'"),
    ("MATCHSTATE:0:0:AsKs|", "limit", "a match state has 5 ':'-separated fields, got 4"),
    ("MATCHSTATE:x:0::AsKs|", "limit", "position 'x' is not a whole number"),
    ("MATCHSTATE:2:0::AsKs|", "limit", "position 2 is larger than 1"),
    ("MATCHSTATE:0:99999999999::AsKs|", "limit", "hand number 99999999999 is larger than"),
    ("MATCHSTATE:0:0:cc/:AsKs|", "limit", "1 board sections, the betting reached round 2"),
    ("MATCHSTATE:0:0::AsKs|/2c3c4c", "limit", "2 board sections, the betting reached round 1"),
    ("MATCHSTATE:0:0:cc/cc/:AsKs|/2c3c4c", "limit", "2 board sections, the betting reached round 3"),
    ("MATCHSTATE:0:0::AsKs", "limit", "1 hole-card groups, need 2"),
    ("MATCHSTATE:0:0::AsKs||", "limit", "3 hole-card groups, need 2"),
    ("MATCHSTATE:0:0::AsKs|", "board-first", "round 1 board needs 1 cards"),
    ("MATCHSTATE:0:0::AsK|", "limit", "hole cards of position 0: 'AsK' is not a run of two-character cards"),
    ("MATCHSTATE:0:0::AsKx|", "limit", "hole cards of position 0: unknown card 'Kx'"),
    ("MATCHSTATE:0:0::2s||", "kuhn3", "hole cards of position 0: card '2s' is not in this game's deck"),
    ("MATCHSTATE:0:0::As|", "limit", "hole cards of position 0: 1 cards, need 2"),
    ("MATCHSTATE:0:0::AsKsQs|", "limit", "hole cards of position 0: 3 cards, need 2"),
    ("MATCHSTATE:0:0:cc/:AsKs|/2c3c", "limit", "board of round 2: 2 cards, need 3"),
    ("MATCHSTATE:0:0:cc/:AsKs|/2c3c4c5c", "limit", "board of round 2: 4 cards, need 3"),
    ("MATCHSTATE:0:0:cc/:AsKs|/2cAs4c", "limit", "card 'As' appears twice"),
    ("MATCHSTATE:0:0::|AsKs", "limit", r"own hole cards \(position 0\) are missing"),
    ("MATCHSTATE:0:0::AsKs|QdQc", "limit", "hole cards of position 1 are shown but there is no showdown"),
    ("MATCHSTATE:0:0:cc/cc/cc/cc:AsKs|/2c3c4c/5d/6d", "limit",
     "hole cards of position 1 are missing at the showdown"),
])
def test_each_malformed_match_state_is_refused_with_its_reason(line, game, message):
    rules = BOARD_FIRST if game == "board-first" else standard_game(game)
    with pytest.raises(ValueError, match=message):
        parse_matchstate(line, rules)


@pytest.mark.parametrize(("line", "message"), [
    ("MATCHSTATE:1:0::|AsKs", "a reply has 6 ':'-separated fields, got 5"),
    ("MATCHSTATE:1:0::|AsKs:cc", "a reply carries exactly one action, got 'cc'"),
    ("MATCHSTATE:1:0::|AsKs:", "a reply carries exactly one action, got ''"),
])
def test_each_malformed_reply_is_refused_with_its_reason(line, message):
    with pytest.raises(ValueError, match=message):
        parse_reply(line, standard_game("limit"))
