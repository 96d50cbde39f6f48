"""Five-card draw speed against pokerkit, same hands, same run, one core.

Measures
- ``pokerlab_draw_hands_per_s``: heads-up limit five-card draw hands (the patent's game:
  antes of 1, bets of 2, a bet and two raises) played by two baseline ``random`` bots through
  the engine and the table loop (deals from the seeded dealer, bots asked at every turn and
  draw (random discards), illegal-action checks, the draw from the stub, the showdown's
  evaluation); no storage;
- ``pokerkit_draw_hands_per_s``: pokerkit (its five-card draw assembled as in the tests,
  ``tests/peers/pokerkit_games.py``) replaying the very same hands: the same cards, discards,
  replacement cards and actions, with its automations for antes, bet collection, showdown and
  pot pushing; its final stacks are checked against ours.

Both sides run with the garbage collector off, as ``timeit`` does.

Usage: ``python benchmarks/draw.py [--json] [--hands 20000] [--pokerkit-hands 2000] [--repeat 3]``;
the best of ``--repeat`` runs of each side is reported.
"""

from __future__ import annotations

import gc
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "peers"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pokerkit_games import AUTOMATIONS, five_card_draw

from _pokerkit_race import apply_action, arguments, best_run, show
from pokerlab.agents import create_bot
from pokerlab.arena.table import play_hand
from pokerlab.cards import format_card
from pokerlab.engine import DRAW, GameSettings, Hand
from pokerlab.engine.dealing import Dealer

GAME = GameSettings.preset("limit", "five-card-draw")
STACK = GAME.starting_stack


def play_ours(hands: int, seed: int) -> tuple[float, list[Hand]]:
    dealer = Dealer(seed, GAME.rules)
    bots = [create_bot("random"), create_bot("random")]
    Hand(GAME, [STACK, STACK], dealer.cards(0, 2))._evaluate()  # load the evaluator before timing
    played = []
    gc.disable()  # as timeit does: the hands kept for pokerkit would make collections grow
    start = time.perf_counter()
    for h in range(hands):
        bots[0].reseed(2 * h)
        bots[1].reseed(2 * h + 1)
        hand = Hand(GAME, [STACK, STACK], dealer.cards(h, 2))
        play_hand(hand, bots)
        played.append(hand)
    seconds = time.perf_counter() - start
    gc.enable()
    return seconds, played


def _text(cards: Any) -> str:
    return "".join(format_card(c) for c in cards)


def replay_pokerkit(hands: list[Hand]) -> tuple[float, bool]:
    poker = five_card_draw("FD", GAME.raise_cap + 1)(AUTOMATIONS, False, GAME.ante, (0, 0),
                                                      GAME.small_bet, GAME.big_bet)
    jobs = []
    for h in hands:
        draws = iter(h.draws)
        steps: list[tuple[int, Any, Any]] = []
        for _, _, kind, amount in h.history:
            if kind == DRAW:  # pokerkit takes everyone's discards first, then deals
                _, _, out, new = next(draws)
                if not steps or steps[-1][0] != DRAW:
                    steps.append((DRAW, [], []))
                steps[-1][1].append(_text(out))
                steps[-1][2].append(_text(new))
            else:
                steps.append((kind, amount, None))
        jobs.append(([_text(h.initial_hole(p)) for p in range(h.n)], steps, h.stacks))
    agree = True
    warnings.simplefilter("ignore")
    gc.disable()
    start = time.perf_counter()
    for holes, steps, expected in jobs:
        state = poker((STACK, STACK), 2)
        for hole in holes:
            state.deal_hole(hole)
        for kind, a, b in steps:
            if kind == DRAW:
                for out in a:
                    state.stand_pat_or_discard(out)
                for new in b:
                    if new:
                        state.deal_hole(new)
            else:
                apply_action(state, kind, a)
        agree = agree and list(state.stacks) == expected
    seconds = time.perf_counter() - start
    gc.enable()
    return seconds, agree


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    ours_seconds, played = best_run(args.repeat, lambda: play_ours(args.hands, args.seed))
    subset = played[: args.pokerkit_hands]
    kit_runs = [replay_pokerkit(subset) for _ in range(args.repeat)]
    kit_seconds = min(seconds for seconds, _ in kit_runs)
    ours = args.hands / ours_seconds
    kit = len(subset) / kit_seconds
    result: dict[str, Any] = {
        "benchmark": "heads-up limit five-card draw, two random bots, one core",
        "hands": args.hands,
        "repeat": args.repeat,
        "pokerlab_draw_hands_per_s": ours,
        "pokerkit_hands": len(subset),
        "pokerkit_draw_hands_per_s": kit,
        "ratio_vs_pokerkit": ours / kit,
        "target_hands_per_s": 10000,
        "target_ratio": 5,
        "meets_target": ours >= 10000 and ours / kit >= 5,
        "same_final_stacks": all(same for _, same in kit_runs),
        "mean_actions_per_hand": sum(len(h.history) for h in played) / len(played),
        "showdowns": sum(1 for h in played if h.showdown) / len(played),
    }
    show(result, args.json)


if __name__ == "__main__":
    main()
