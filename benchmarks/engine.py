"""Hold'em engine speed against pokerkit, same hands, same run, one core.

Measures
- ``pokerlab_hands_per_s``: heads-up limit hands (Alberta $10/$20) played by two baseline
  ``random`` bots through the engine and the table loop (deals from the seeded dealer with
  the hand strengths precomputed per block, bots asked at every turn, illegal-action checks,
  showdown); no storage;
- ``pokerlab_replay_hands_per_s``: the engine alone replaying the recorded action sequences;
- ``pokerkit_hands_per_s``: pokerkit (``FixedLimitTexasHoldem``) replaying the very same
  hands: the same hole cards, boards and actions, with its automations for blinds, bet
  collection, burning, showdown and pot pushing; its final stacks are checked against ours.

Usage: ``python benchmarks/engine.py [--json] [--hands 20000] [--pokerkit-hands 2000] [--repeat 3]``;
the best of ``--repeat`` runs of each side is reported.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "peers"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pokerkit import FixedLimitTexasHoldem
from pokerkit_games import AUTOMATIONS

from _pokerkit_race import apply_action, arguments, best_run, show
from pokerlab.agents import create_bot
from pokerlab.arena.table import play_hand
from pokerlab.cards import format_card
from pokerlab.engine import GameSettings, Hand
from pokerlab.engine.dealing import Dealer

GAME = GameSettings.preset("limit", raise_cap=3)
STACK = GAME.starting_stack


def play_ours(hands: int, seed: int) -> tuple[float, list[Hand]]:
    dealer = Dealer(seed)
    bots = [create_bot("random"), create_bot("random")]
    dealer.ranks(0, 2)  # compile / load the evaluator before timing
    played = []
    start = time.perf_counter()
    for h in range(hands):
        bots[0].reseed(2 * h)
        bots[1].reseed(2 * h + 1)
        hand = Hand(GAME, [STACK, STACK], dealer.cards(h, 2), dealer.ranks(h, 2))
        play_hand(hand, bots)
        played.append(hand)
    return time.perf_counter() - start, played


def replay_ours(hands: list[Hand]) -> float:
    jobs = [(h.cards, h.ranks, [(kind, amount) for _, _, kind, amount in h.history]) for h in hands]
    start = time.perf_counter()
    for cards, ranks, actions in jobs:
        hand = Hand(GAME, [STACK, STACK], cards, ranks)
        for action in actions:
            hand.act(action)
    return time.perf_counter() - start


def replay_pokerkit(hands: list[Hand]) -> tuple[float, bool]:
    jobs = []
    for h in hands:
        text = [format_card(c) for c in h.cards]
        holes = ["".join(text[0:2]), "".join(text[2:4])]
        boards = ["".join(text[4:7]), text[7], text[8]]
        jobs.append((holes, boards, [(kind, amount) for _, _, kind, amount in h.history], h.stacks))
    agree = True
    warnings.simplefilter("ignore")
    start = time.perf_counter()
    for holes, boards, actions, expected in jobs:
        state = FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, True, 0, (GAME.small_blind, GAME.big_blind), GAME.small_bet,
            GAME.big_bet, STACK, 2,
        )
        state.deal_hole(holes[0])
        state.deal_hole(holes[1])
        street = 0
        for kind, amount in actions:
            while state.can_burn_card():
                state.burn_card("??")
                state.deal_board(boards[street])
                street += 1
            apply_action(state, kind, amount)
        while state.can_burn_card():
            state.burn_card("??")
            state.deal_board(boards[street])
            street += 1
        agree = agree and list(state.stacks) == expected
    return time.perf_counter() - start, agree


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    ours_seconds, played = best_run(args.repeat, lambda: play_ours(args.hands, args.seed))
    replay_seconds = min(replay_ours(played) for _ in range(args.repeat))
    subset = played[: args.pokerkit_hands]
    ours_subset = min(replay_ours(subset) for _ in range(args.repeat))
    kit_runs = [replay_pokerkit(subset) for _ in range(args.repeat)]
    kit_seconds = min(seconds for seconds, _ in kit_runs)
    agree = all(same for _, same in kit_runs)
    result: dict[str, Any] = {
        "benchmark": "heads-up limit hold'em, two random bots, one core",
        "hands": args.hands,
        "repeat": args.repeat,
        "pokerlab_hands_per_s": args.hands / ours_seconds,
        "pokerlab_replay_hands_per_s": args.hands / replay_seconds,
        "pokerkit_hands": len(subset),
        "pokerkit_hands_per_s": len(subset) / kit_seconds,
        "ratio_played_vs_pokerkit": (args.hands / ours_seconds) / (len(subset) / kit_seconds),
        "ratio_replay_vs_pokerkit": (len(subset) / ours_subset) / (len(subset) / kit_seconds),
        "target_hands_per_s": 10000,
        "meets_target": args.hands / ours_seconds >= 10000,
        "same_final_stacks": agree,
        "mean_actions_per_hand": sum(len(h.history) for h in played) / len(played),
    }
    show(result, args.json)


if __name__ == "__main__":
    main()
