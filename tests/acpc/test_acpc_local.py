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
    tcp = run_local_match(game, bots, hands, seed, duplicate=duplicate, timeout=10)
    per_hand, totals = in_process_payoffs(game, bots, hands, seed, duplicate=duplicate)
    assert len(tcp.hands) == hands
    assert [[int(v) for v in h.seat_values] for h in tcp.hands] == per_hand
    assert [int(v) for v in tcp.totals] == totals
    assert any(row[0] != 0 for row in per_hand)


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
