"""Card abstraction (issue 27): exact strengths of all combos on a board against eval7, same run.

Measures
- **river**: HS (``2W + T``) of every combo on a five-card board. Peer: eval7 evaluates the 1,081
  live combos, numpy counts each combo's wins and ties against the combos sharing no card
  (a 1,081 x 1,081 comparison). Both give the same integers (the JSON says so).
- **turn**: E[HS^2] of every combo on a four-card board (46 rivers). Peer: the river peer on
  every river, summed. Same integers.
- **flop**: E[HS^2] of every combo on a flop (1,081 runouts per combo, 1,176 river boards).
  Peer: the river peer on ``--peer-runouts`` runouts, extrapolated (``peer_extrapolated``).
- **deal_buckets**: both players' buckets on all four rounds for ``--deals`` random deals with
  the default abstraction (built first if it is not cached; its build seconds and files' size are
  reported from the cache). No peer: a per-deal cost for MCCFR training.

Usage: ``python benchmarks/abstraction.py [--json] [--repeat 5] [--deals 100000]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import time
from importlib.metadata import version as _version
from typing import Any

import eval7
import numpy as np

from pokerlab.abstraction import AbstractionSettings, card_abstraction
from pokerlab.abstraction._kernels import flop_scores, river_nums, turn_scores
from pokerlab.cards import ALL_COMBOS, format_card, parse_cards

RIVER = "2c 7d 9h Jc Ks"
TURN = "2c 7d 9h Jc"
FLOP = "2c 7d 9h"
CARDS = [eval7.Card(format_card(c)) for c in range(52)]


def best_ms(func: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1e3)
    return min(times)


def eval7_river(board: list[int]) -> np.ndarray:
    """``2W + T`` of every combo on ``board`` (-1 touching it), eval7 values and numpy counting."""
    used = set(board)
    live = [i for i, (a, b) in enumerate(ALL_COMBOS.tolist()) if a not in used and b not in used]
    bc = [CARDS[c] for c in board]
    vals = np.array([eval7.evaluate([CARDS[ALL_COMBOS[i, 0]], CARDS[ALL_COMBOS[i, 1]], *bc]) for i in live])
    cards = ALL_COMBOS[live].astype(np.int64)
    bits = (1 << cards[:, 0]) | (1 << cards[:, 1])
    apart = (bits[:, None] & bits[None, :]) == 0
    wins = ((vals[:, None] > vals[None, :]) & apart).sum(axis=1)
    ties = ((vals[:, None] == vals[None, :]) & apart).sum(axis=1)
    out = np.full(1326, -1, dtype=np.int64)
    out[live] = 2 * wins + ties
    return out


def eval7_turn(board: list[int]) -> np.ndarray:
    score = np.zeros(1326, dtype=np.int64)
    for r in range(52):
        if r in board:
            continue
        num = eval7_river([*board, r])
        score[num >= 0] += num[num >= 0] ** 2
    score[[bool(set(p) & set(board)) for p in ALL_COMBOS.tolist()]] = -1
    return score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--peer-runouts", type=int, default=20)
    args = parser.parse_args()

    river, turn, flop = (np.array(parse_cards(t), dtype=np.int64) for t in (RIVER, TURN, FLOP))
    per_turn = np.empty((1326, 52), dtype=np.int64)
    no_hist = np.zeros((1326, 1), dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    river_nums(river), turn_scores(turn, 0, no_hist, none, 0), flop_scores(flop, per_turn)  # compile

    out: dict[str, Any] = {"machine": platform.processor() or platform.machine(), "cpus": os.cpu_count(),
                           "eval7": _version("eval7")}
    ours = river_nums(river)
    peer_start = time.perf_counter()
    theirs = eval7_river(river.tolist())
    peer_river_ms = (time.perf_counter() - peer_start) * 1e3
    ms = best_ms(lambda: river_nums(river), args.repeat * 20)
    out["river"] = {"board": RIVER, "ours_ms": round(ms, 3), "peer_ms": round(peer_river_ms, 1),
                    "ratio": round(peer_river_ms / ms, 1), "agree": bool(np.array_equal(ours, theirs))}

    ours = turn_scores(turn, 0, no_hist, none, 0)
    peer_start = time.perf_counter()
    theirs = eval7_turn(turn.tolist())
    peer_ms = (time.perf_counter() - peer_start) * 1e3
    ms = best_ms(lambda: turn_scores(turn, 0, no_hist, none, 0), args.repeat)
    out["turn"] = {"board": TURN, "ours_ms": round(ms, 2), "peer_ms": round(peer_ms, 1),
                   "ratio": round(peer_ms / ms, 1), "agree": bool(np.array_equal(ours, theirs))}

    runouts = list(itertools.combinations([c for c in range(52) if c not in flop.tolist()], 2))
    peer_start = time.perf_counter()
    for t, r in runouts[: args.peer_runouts]:
        eval7_river([*flop.tolist(), t, r])
    peer_ms = (time.perf_counter() - peer_start) * 1e3 * len(runouts) / args.peer_runouts
    ms = best_ms(lambda: flop_scores(flop, per_turn), args.repeat)
    out["flop"] = {"board": FLOP, "ours_ms": round(ms, 1), "peer_ms": round(peer_ms, 0),
                   "peer_extrapolated": True, "ratio": round(peer_ms / ms, 1)}

    settings = AbstractionSettings()
    start = time.perf_counter()
    abstraction = card_abstraction(settings)
    ready = time.perf_counter() - start
    rng = np.random.default_rng(0)
    deck = np.argsort(rng.random((args.deals, 52)), axis=1)[:, :9].astype(np.int64)
    holes, boards = deck[:, :4].reshape(-1, 2, 2).copy(), deck[:, 4:].copy()
    abstraction.deal_buckets(holes[:10], boards[:10])
    ms = best_ms(lambda: abstraction.deal_buckets(holes, boards), max(1, args.repeat // 2))
    out["deal_buckets"] = {"settings": settings.key(), "deals": args.deals, "ms": round(ms, 1),
                           "us_per_deal": round(1e3 * ms / args.deals, 2),
                           "load_or_build_s": round(ready, 2),
                           "build_s": round(abstraction.build_seconds or 0.0, 1),
                           "bytes_on_disk": abstraction.bytes_on_disk()}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, row in out.items():
        print(f"{name}: {row}")


if __name__ == "__main__":
    main()
