"""Fuzzing the parsers with hypothesis: any text gives a parse or a ``ValueError`` (never another
exception), random legal hands print and parse back unchanged, and single-character edits of
valid lines never crash the parser."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerlab.acpc import (
    Action,
    BettingState,
    format_gamedef,
    parse_betting,
    parse_gamedef,
    parse_matchstate,
    parse_reply,
    standard_game,
)
from pokerlab.acpc.client import MatchFollower
from pokerlab.acpc.dealer import view_text

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = [standard_game("limit"), standard_game("nolimit")]
PROTOCOL_CHARS = "MATCHSTE:0123456789fcrk/|TJQKA2345cdhs \r\n#;x-"


def _parse_or_value_error(func, *args):
    try:
        return func(*args)
    except ValueError:
        return None


@FUZZ
@given(st.text(max_size=300))
def test_gamedef_any_text(text):
    _parse_or_value_error(parse_gamedef, text)


KEYS = ["numPlayers", "numRounds", "stack", "blind", "raiseSize", "firstPlayer", "maxRaises",
        "numSuits", "numRanks", "numHoleCards", "numBoardCards", "limit", "nolimit", "bogus"]


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(KEYS), st.lists(st.integers(0, 30), max_size=5),
                          st.booleans(), st.booleans()), max_size=14))
def test_gamedef_field_soup_parses_or_fails_cleanly(fields):
    lines = ["GAMEDEF"]
    for key, values, equals, upper in fields:
        name = key.upper() if upper else key
        text = " ".join(map(str, values))
        lines.append(name if key.endswith("limit") else f"{name}{' =' if equals else ''} {text}")
    lines.append("END GAMEDEF")
    game = _parse_or_value_error(parse_gamedef, "\n".join(lines))
    if game is not None:
        assert parse_gamedef(format_gamedef(game)) == game
        assert len(game.deck) >= game.num_players * game.num_hole_cards + sum(game.num_board_cards)


@st.composite
def plausible_games(draw):
    """Game definitions that are often valid: small decks, 2-4 players, any round structure."""
    n = draw(st.integers(2, 4))
    rounds = draw(st.integers(1, 4))
    per_round = st.lists(st.integers(0, 5), min_size=rounds, max_size=rounds)
    kind = draw(st.sampled_from(["limit", "nolimit"]))
    stack = draw(st.lists(st.integers(1, 60), min_size=n, max_size=n))
    lines = ["GAMEDEF", kind, f"numPlayers = {n}", f"numRounds = {rounds}",
             f"blind = {' '.join(str(draw(st.integers(0, 4))) for _ in range(n))}",
             f"raiseSize = {' '.join(str(draw(st.integers(1, 6))) for _ in range(rounds))}",
             f"firstPlayer = {' '.join(str(draw(st.integers(1, n))) for _ in range(rounds))}",
             f"maxRaises = {' '.join(map(str, draw(per_round)))}",
             f"numSuits = {draw(st.integers(1, 4))}", f"numRanks = {draw(st.integers(2, 13))}",
             f"numHoleCards = {draw(st.integers(1, 3))}",
             f"numBoardCards = {' '.join(str(draw(st.integers(0, 2))) for _ in range(rounds))}",
             "END GAMEDEF"]
    if draw(st.booleans()):
        lines.insert(4, f"stack = {' '.join(map(str, stack))}")
    return "\n".join(lines)


def test_blinds_that_put_everyone_all_in_are_refused():
    # Found by the fuzz test below: nobody could act, and the ACPC server would loop forever.
    text = ("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nstack = 1 1\nblind = 1 1\nraiseSize = 1\n"
            "firstPlayer = 1\nmaxRaises = 0\nnumSuits = 1\nnumRanks = 2\nnumHoleCards = 1\n"
            "numBoardCards = 0\nEND GAMEDEF")
    with pytest.raises(ValueError, match="every blind equals its stack"):
        parse_gamedef(text)
    game = parse_gamedef(text.replace("stack = 1 1", "stack = 1 2"))
    betting = BettingState(game)
    assert betting.current_player == 1  # the one player not all-in from the blind still acts


@FUZZ
@given(plausible_games(), st.randoms(use_true_random=False))
def test_plausible_games_play_out(text, rng):
    game = _parse_or_value_error(parse_gamedef, text)
    if game is None:
        return
    assert parse_gamedef(format_gamedef(game)) == game
    betting = BettingState(game)
    for _ in range(400):
        if betting.finished:
            break
        kinds = betting.legal_kinds()
        assert "c" in kinds
        kind = rng.choice(kinds)
        span = betting.raise_range()
        size = rng.randint(*span) if kind == "r" and game.betting == "nolimit" else 0
        betting.apply(Action(kind, size))
        assert all(s <= cap for s, cap in zip(betting.spent, game.stack, strict=True))
    assert betting.finished
    again = parse_betting(betting.text(), game)
    assert (again.spent, again.folded, again.round) == (betting.spent, betting.folded, betting.round)


@FUZZ
@given(st.sampled_from(GAMES), st.text(alphabet=PROTOCOL_CHARS, max_size=80))
def test_matchstate_any_protocol_text(game, tail):
    for line in (tail, "MATCHSTATE:" + tail):
        state = _parse_or_value_error(parse_matchstate, line, game)
        if state is not None:
            assert parse_matchstate(state.text(), game).text() == state.text()
        _parse_or_value_error(parse_reply, line, game)


@FUZZ
@given(st.sampled_from(GAMES), st.text(max_size=60))
def test_matchstate_any_text(game, text):
    _parse_or_value_error(parse_matchstate, text, game)
    _parse_or_value_error(parse_betting, text, game)


def _random_states(game, seed: int) -> list[str]:
    """Every state of one random legal hand, as the dealer would send it to position 0."""
    rng = random.Random(seed)
    deck = list(game.deck)
    rng.shuffle(deck)
    holes = ((deck[0], deck[1]), (deck[2], deck[3]))
    board = deck[4:9]
    betting = BettingState(game)
    lines = [view_text(game, seed, betting, holes, board, 0)]
    while not betting.finished:
        kind = rng.choice(betting.legal_kinds())
        if kind == "r" and game.betting == "nolimit":
            low, high = betting.raise_range()
            action = Action("r", rng.choice([low, high, rng.randint(low, high)]))
        else:
            action = Action(kind)
        betting.apply(action)
        lines.append(view_text(game, seed, betting, holes, board, 0))
    return lines


@FUZZ
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_random_hands_round_trip_and_follow(game, seed):
    follower = MatchFollower(game)
    for line in _random_states(game, seed):
        state = follower.feed(line)
        assert state.text() == line
        assert parse_betting(state.betting.text(), game).spent == state.betting.spent
    assert follower.result.hands and follower.result.hands[0].hand_number == seed


@FUZZ
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.data())
def test_edited_lines_parse_or_fail_cleanly(game, seed, data):
    lines = _random_states(game, seed)
    line = data.draw(st.sampled_from(lines))
    pos = data.draw(st.integers(0, len(line)))
    edit = data.draw(st.sampled_from(["insert", "delete", "replace"]))
    char = data.draw(st.sampled_from(PROTOCOL_CHARS))
    if edit == "insert":
        mutated = line[:pos] + char + line[pos:]
    elif edit == "delete":
        mutated = line[:pos] + line[pos + 1:]
    else:
        mutated = line[:pos] + char + line[pos + 1:]
    state = _parse_or_value_error(parse_matchstate, mutated, game)
    if state is not None:
        assert parse_matchstate(state.text(), game).text() == state.text()
    follower = MatchFollower(game)
    for earlier in lines[: lines.index(line)]:
        follower.feed(earlier)
    _parse_or_value_error(follower.feed, mutated)
