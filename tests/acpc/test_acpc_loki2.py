"""Loki-2 with simulation plays on the ACPC server: over TCP through our dealer it plays the
same hands as in-process (its per-hand number and its trials' seeds come from the bot's
generator, which both tables seed alike)."""

from __future__ import annotations

from pokerlab.acpc import standard_game
from pokerlab.acpc.local import in_process_payoffs, run_local_match


def test_loki2_sim_over_tcp_equals_the_in_process_match():
    game = standard_game("limit")
    bots = ["loki2-sim", "loki-a"]
    tcp = run_local_match(game, bots, 10, 5, timeout=120)
    per_hand, _ = in_process_payoffs(game, bots, 10, 5)
    assert [[int(v) for v in h.seat_values] for h in tcp.hands] == per_hand
    assert any(row[0] != 0 for row in per_hand)
