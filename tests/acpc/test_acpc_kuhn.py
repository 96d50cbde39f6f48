"""Three-player Kuhn poker over the ACPC protocol: the ACPC distribution's kuhn.limit.3p.game,
our dealer (cards and scores as the ACPC server deals and scores them) and an equilibrium bot.

The real ACPC server is an optional oracle: with ``POKERLAB_ACPC_DEALER`` naming its
``dealer`` binary (built outside this repository), a slow test plays it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.acpc.betting import parse_betting
from pokerlab.acpc.dealer import _acpc_source
from pokerlab.acpc.deals import AcpcDeals
from pokerlab.acpc.equilibrium_player import EquilibriumPlayer, discrete_game
from pokerlab.acpc.gamedef import GAMES_DIR, parse_gamedef, standard_game
from pokerlab.acpc.local import run_local_match
from pokerlab.acpc.matchstate import parse_matchstate
from pokerlab.acpc.showdown import hand_rank, hand_values
from pokerlab.cards import parse_card

KUHN3 = standard_game("kuhn3")
ENV = {**os.environ, "COLUMNS": "200"}


def test_the_shipped_definition_is_the_acpc_one() -> None:
    assert (KUHN3.num_players, KUHN3.num_rounds, KUHN3.blind, KUHN3.raise_size) == (3, 1, (1, 1, 1), (1,))
    assert (KUHN3.max_raises, KUHN3.num_suits, KUHN3.num_ranks, KUHN3.num_hole_cards) == ((1,), 1, 4, 1)
    text = (GAMES_DIR / "kuhn.limit.3p.game").read_text(encoding="utf-8")
    assert parse_gamedef(text) == KUHN3
    assert discrete_game(KUHN3).name == "kuhn3"


def _pattern_key(cards: list[int]) -> tuple:
    """A plain reading of ACPC's order for one to four cards: more of a rank first, then higher."""
    counts = Counter(c // 4 for c in cards)
    ranks = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in ranks), tuple(ranks)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.randoms(use_true_random=False))
def test_short_hands_rank_by_pattern_then_ranks(size: int, rng) -> None:
    deck = list(range(52))
    a, b = rng.sample(deck, size), rng.sample(deck, size)
    ka, kb = _pattern_key(a), _pattern_key(b)
    ra, rb = hand_rank(a, []), hand_rank(b, [])
    assert (ra > rb) == (ka > kb) and (ra == rb) == (ka == kb)


def test_kuhn_showdowns_pay_the_highest_card() -> None:
    # Position 2 bets, 3 calls, 1 folds: the ace takes 1 + 2 + 2.
    s = parse_matchstate("MATCHSTATE:0:0:crcf:Qs|Ks|As", KUHN3)
    assert hand_values(s.betting, s.hole_cards, s.board_cards) == (-1, -2, 3)
    # Everyone checks: the king wins both antes.
    s = parse_matchstate("MATCHSTATE:0:0:ccc:Qs|Ks|Js", KUHN3)
    assert hand_values(s.betting, s.hole_cards, s.board_cards) == (-1, 2, -1)


def test_our_dealer_deals_the_acpc_servers_sequence() -> None:
    # Hand h gets the generator's h-th deal, whatever order the hands are asked in.
    for game in (KUHN3, standard_game("limit")):
        expected = AcpcDeals(game, 11)
        source = _acpc_source(game, 11)
        for h in range(6):
            assert source(h) == expected.next_hand()


def test_the_player_reads_the_betting_as_the_games_history() -> None:
    player = EquilibriumPlayer(KUHN3)
    assert player.nash_conv < 1e-6
    state = parse_matchstate("MATCHSTATE:1:4:crf:|Ks|", KUHN3)
    assert player.history(state) == ("check", "bet", "fold")
    # In the 2013 family the first player never bets and only the ace calls a bet after checking.
    for card in "JQKA":
        first = parse_matchstate(f"MATCHSTATE:0:0::{card}s||", KUHN3)
        assert player.strategy.action_probabilities(player.history(first))["bet"].max() < 1e-3
        assert player(first).kind == "c"
        facing = parse_matchstate(f"MATCHSTATE:0:0:ccr:{card}s||", KUHN3)
        assert player(facing).kind == ("c" if card == "A" else "f")
    with pytest.raises(ValueError, match="plays Kuhn poker"):
        EquilibriumPlayer(standard_game("limit"))


def test_three_equilibrium_bots_at_our_dealer() -> None:
    result = run_local_match(KUHN3, ["equilibrium"] * 3, 150, 5, cards="acpc")
    assert len(result.hands) == 150 and sum(result.totals) == 0
    assert result.invalid_actions == [0, 0, 0]
    # Every hand is scored as the ACPC rules score it.
    for hand in result.hands:
        assert sum(hand.seat_values) == 0


def test_outside_client_plays_kuhn3_at_our_dealer(tmp_path: Path) -> None:
    # `pokerlab acpc play` in its own process takes the third seat of our dealer.
    ports: list[int] = []
    listening = threading.Event()
    out: dict = {}

    def deal() -> None:
        def on_listen(opened: list[int]) -> None:
            ports.extend(opened)
            listening.set()

        # Generous time-outs: the outside client starts a Python process and solves the game first.
        out["result"] = run_local_match(KUHN3, ["equilibrium", "equilibrium", None], 60, 2, cards="acpc",
                                        on_listen=on_listen, timeout=120, start_timeout=120)

    t = threading.Thread(target=deal, daemon=True)
    t.start()
    assert listening.wait(60)
    log = tmp_path / "hands.jsonl"
    client = subprocess.run(
        [sys.executable, "-m", "pokerlab", "acpc", "play", "127.0.0.1", str(ports[2]), "--game", "kuhn3",
         "--bot", "equilibrium", "--seed", "3", "--log", str(log), "--json"],
        capture_output=True, text=True, timeout=300, env=ENV)
    t.join(120)
    assert client.returncode == 0, client.stderr
    summary = json.loads(client.stdout)
    assert summary["hands"] == 60 and summary["illegal_actions"] == 0
    assert out["result"].totals[2] == summary["chips"]
    assert len(log.read_text().splitlines()) == 60


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("POKERLAB_ACPC_DEALER"), reason="POKERLAB_ACPC_DEALER is not set")
def test_the_acpc_server_plays_three_equilibrium_bots(tmp_path: Path) -> None:
    # The real dealer deals and scores; our clients must agree with its SCORE line, and our
    # dealer deals the same cards and scores the same hands the same way.
    dealer_binary = os.environ["POKERLAB_ACPC_DEALER"]
    game_file = tmp_path / "kuhn.limit.3p.game"
    game_file.write_text((GAMES_DIR / "kuhn.limit.3p.game").read_text(encoding="utf-8"), encoding="utf-8")
    ports = []
    for _ in range(3):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            ports.append(s.getsockname()[1])
    hands = 400
    dealer = subprocess.Popen(
        [dealer_binary, "oracle", str(game_file), str(hands), "9", "a", "b", "c",
         "-p", ",".join(map(str, ports))],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    clients = [subprocess.Popen(
        [sys.executable, "-m", "pokerlab", "acpc", "play", "127.0.0.1", str(port), "--game", "kuhn3",
         "--bot", "equilibrium", "--seed", str(k), "--json"], stdout=subprocess.PIPE, text=True, env=ENV)
        for k, port in enumerate(ports)]
    out, _ = dealer.communicate(timeout=1800)
    chips = [json.loads(c.communicate(timeout=300)[0])["chips"] for c in clients]
    score = next(line for line in out.splitlines() if line.startswith("SCORE:"))
    assert [int(v) for v in score.split(":")[1].split("|")] == chips
    states = [line.split(":") for line in (tmp_path / "oracle.log").read_text().splitlines()
              if line.startswith("STATE:")]
    ours = AcpcDeals(KUHN3, 9)
    for _, _, betting, cards, values, _ in states:
        holes = tuple((parse_card(card),) for card in cards.split("|"))
        assert holes == ours.next_hand()[0]
        assert hand_values(parse_betting(betting, KUHN3), holes, ()) == tuple(
            Fraction(v) for v in values.split("|"))
