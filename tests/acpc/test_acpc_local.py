"""A full match over TCP through our dealer equals the same match played in-process.

Two pokerlab bots connect to ``pokerlab.acpc``'s dealer on 127.0.0.1 as ACPC clients; with
the arena's deals and seating, every hand's payoffs must equal the arena's in-process run
with the same seed (the random bot checks that the bots' generators are seeded alike).
"""

from __future__ import annotations

import pytest

from pokerlab.acpc import standard_game
from pokerlab.acpc.local import bot_names, in_process_payoffs, run_local_match


@pytest.mark.parametrize(
    ("kind", "bots", "duplicate"),
    [
        ("limit", ["random", "raiser"], False),
        ("nolimit", ["random", "calling-station"], False),
        ("nolimit", ["raiser", "random"], True),
    ],
)
def test_tcp_match_equals_in_process_match(kind, bots, duplicate):
    game = standard_game(kind)
    hands, seed = 120, 2026
    tcp = run_local_match(game, bots, hands, seed, duplicate=duplicate, timeout=120)
    per_hand, totals = in_process_payoffs(game, bots, hands, seed, duplicate=duplicate)
    assert len(tcp.hands) == hands
    assert [[int(v) for v in h.seat_values] for h in tcp.hands] == per_hand
    assert [int(v) for v in tcp.totals] == totals
    assert any(row[0] != 0 for row in per_hand)


@pytest.mark.parametrize(
    ("kind", "bots", "hands"),
    [
        ("limit", ["hulhe-cfr", "loki-a"], 12),  # the MCCFR strategy of heads-up limit
        ("nolimit", ["nlhe-blueprint", "raiser"], 16),  # the no-limit blueprint
        ("nolimit", ["nlhe-search", "calling-station"], 12),  # its search: a function of what it saw
    ],
)
def test_a_strategy_bot_over_tcp_equals_the_in_process_match(kind, bots, hands):
    game = standard_game(kind)
    tcp = run_local_match(game, bots, hands, 3, timeout=120)
    per_hand, _ = in_process_payoffs(game, bots, hands, 3)
    assert [[int(v) for v in h.seat_values] for h in tcp.hands] == per_hand
    assert any(row[0] != 0 for row in per_hand)


def test_a_learning_bot_over_tcp_equals_the_in_process_match():
    # Loki models each opponent by name: over TCP it must see the names it sees in-process (named
    # by position, its model of the raiser was split between two names and hands 22 and 39 differed).
    game = standard_game("limit")
    bots = ["loki-a", "raiser"]
    tcp = run_local_match(game, bots, 45, 3, timeout=60)
    per_hand, _ = in_process_payoffs(game, bots, 45, 3)
    assert [[int(v) for v in h.seat_values] for h in tcp.hands] == per_hand


def test_repeated_minimum_raises_stop_where_the_acpc_server_stops_them():
    # No-limit raisers re-raise the minimum until the round's 64-action cap leaves room only
    # for a call (the ACPC server's rule, which the engine follows in ACPC games).
    game = standard_game("nolimit")
    tcp = run_local_match(game, ["raiser", "raiser"], 2, 3, timeout=60)
    per_hand, _ = in_process_payoffs(game, ["raiser", "raiser"], 2, 3)
    assert [[int(v) for v in h.seat_values] for h in tcp.hands] == per_hand == [[0, 0], [-20000, 20000]]


def test_players_are_named_by_seat_under_the_acpc_rotation():
    from pokerlab.acpc.bridge import AgentPlayer
    from pokerlab.agents import create_bot

    seen = []

    class Spy(type(create_bot("raiser"))):
        def act(self, observation):
            seen.append(observation.player_names)
            return super().act(observation)

    from pokerlab.acpc.matchstate import parse_matchstate

    player = AgentPlayer(Spy(), standard_game("limit"))
    player(parse_matchstate("MATCHSTATE:1:0::|JdTc", standard_game("limit")))
    player(parse_matchstate("MATCHSTATE:0:1:r:JdTc|", standard_game("limit")))
    assert seen == [("seat-1", "seat-2"), ("seat-2", "seat-1")]  # seat 2 moved to position 0


def test_acpc_cards_match_runs_any_seats():
    game = standard_game("limit")
    result = run_local_match(game, ["random", "random"], 20, 1, cards="acpc")
    assert result.names == ("random", "random#2") and sum(result.totals) == 0
    assert bot_names(["a", "b", "a", "a"]) == ["a", "b", "a#2", "a#3"]


def test_unknown_bot_and_wrong_seat_count():
    game = standard_game("limit")
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        run_local_match(game, ["nobody", "random"], 2, 1)
    with pytest.raises(ValueError, match="seats 2 players, 3 bots"):
        run_local_match(game, ["random"] * 3, 2, 1)
