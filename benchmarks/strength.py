"""Hand strength, potential and equity against straightforward eval7 enumerations, same run.

Measures
- **flop**: hand strength plus the two-card potential table (PPOT2, NPOT2; the one-card table
  comes in the same pass) for A♦Q♣ on 3♥4♣J♥, exactly: 1,081 opponent holdings x 990
  runouts. Target: 10 ms or less. Peer: a plain Python loop over ``eval7.evaluate`` that
  evaluates our hand once per runout and each opponent holding on each runout.
- **preflop**: exact heads-up equity of AcAd vs KhKs over all 1,712,304 boards. Target: 20 ms
  or less. Peer: a Python loop over every board with two ``eval7.evaluate`` calls (a few
  seconds). ``--peer-boards N`` times only the first N boards and extrapolates to all
  (``"peer_extrapolated": true`` then says so).

Both sides compute the same numbers, and the JSON says whether they agree.

Usage: ``python benchmarks/strength.py [--json] [--repeat 20] [--peer-boards N]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import time
from importlib.metadata import version as _version
from math import comb
from typing import Any

import eval7

from pokerlab.cards import format_card, parse_cards, parse_hole_board
from pokerlab.strength import equity, hand_potential


def best_ms(func: Any, repeat: int) -> tuple[float, float]:
    """Minimum and median wall time of ``func()`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1e3)
    return min(times), statistics.median(times)


def e7(codes: list[int]) -> list[Any]:
    return [eval7.Card(format_card(c)) for c in codes]


def eval7_flop_potential(hole: list[int], board: list[int]) -> tuple[list[int], list[list[int]]]:
    """HS counts and two-card table by eval7: ours once per runout, theirs per holding and runout."""
    known = set(hole) | set(board)
    rest = [c for c in range(52) if c not in known]
    cards = {c: eval7.Card(format_card(c)) for c in range(52)}
    ours_board = [cards[c] for c in hole + board]
    ours_now = eval7.evaluate(ours_board)
    ours_after = {
        (t, r): eval7.evaluate([*ours_board, cards[t], cards[r]])
        for t, r in itertools.combinations(rest, 2)
    }
    board_cards = [cards[c] for c in board]
    now = [0, 0, 0]
    table = [[0, 0, 0] for _ in range(3)]
    for a, b in itertools.combinations(rest, 2):
        theirs_board = [cards[a], cards[b], *board_cards]
        v = eval7.evaluate(theirs_board)
        s_now = 0 if ours_now > v else (1 if ours_now == v else 2)
        now[s_now] += 1
        row = table[s_now]
        for (t, r), ours in ours_after.items():
            if t in (a, b) or r in (a, b):
                continue
            theirs = eval7.evaluate([*theirs_board, cards[t], cards[r]])
            row[0 if ours > theirs else (1 if ours == theirs else 2)] += 1
    return now, table


def eval7_preflop_equity(h1: list[int], h2: list[int], limit: int | None) -> tuple[list[int], int]:
    """Win / tie / loss counts of h1 over the first ``limit`` boards (all when ``None``)."""
    rest = [c for c in range(52) if c not in set(h1) | set(h2)]
    c1, c2 = e7(h1), e7(h2)
    cards = {c: eval7.Card(format_card(c)) for c in rest}
    counts = [0, 0, 0]
    n = 0
    for board in itertools.combinations(rest, 5):
        if limit is not None and n >= limit:
            break
        bc = [cards[c] for c in board]
        v1 = eval7.evaluate(c1 + bc)
        v2 = eval7.evaluate(c2 + bc)
        counts[0 if v1 > v2 else (1 if v1 == v2 else 2)] += 1
        n += 1
    return counts, n


def bench_flop(repeat: int) -> dict[str, Any]:
    hole, board = parse_hole_board("AdQc/3h4cJh")
    hand_potential(hole, board)  # compile / load the kernel
    ours = hand_potential(hole, board)
    best, median = best_ms(lambda: hand_potential(hole, board), repeat)
    start = time.perf_counter()
    now, table = eval7_flop_potential(hole, board)
    peer_ms = (time.perf_counter() - start) * 1e3
    s = ours.strength
    agree = [s.ahead, s.tied, s.behind] == now and ours.two_cards.counts.tolist() == table
    return {
        "what": "HS + PPOT2 + NPOT2 (and PPOT1/NPOT1) exact, AdQc on 3h4cJh, 1,081 x 990 showdowns",
        "pokerlab_ms": best,
        "pokerlab_median_ms": median,
        "target_ms": 10.0,
        "meets_target": best <= 10.0,
        "eval7_loop_ms": peer_ms,
        "speedup": peer_ms / best,
        "agree": agree,
        "ppot2": ours.ppot2,
        "npot2": ours.npot2,
    }


def bench_preflop(repeat: int, peer_boards: int | None) -> dict[str, Any]:
    h1, h2 = parse_cards("AcAd"), parse_cards("KhKs")
    equity([h1, h2])
    ours = equity([h1, h2])
    best, median = best_ms(lambda: equity([h1, h2]), repeat)
    total = comb(48, 5)
    limit = None if peer_boards is None else min(peer_boards, total)
    start = time.perf_counter()
    counts, n = eval7_preflop_equity(h1, h2, limit)
    measured_ms = (time.perf_counter() - start) * 1e3
    peer_ms = measured_ms * total / n
    out: dict[str, Any] = {
        "what": "exact heads-up pre-flop equity AcAd vs KhKs, 1,712,304 boards",
        "pokerlab_ms": best,
        "pokerlab_median_ms": median,
        "target_ms": 20.0,
        "meets_target": best <= 20.0,
        "eval7_loop_ms": peer_ms,
        "peer_extrapolated": n < total,
        "peer_boards_timed": n,
        "peer_measured_ms": measured_ms,
        "speedup": peer_ms / best,
        "equity": ours.equity[0],
        "wins_ties_losses": [ours.wins[0], ours.ties[0], ours.wins[1]],
    }
    if n == total:
        out["agree"] = counts == [ours.wins[0], ours.ties[0], ours.wins[1]]
    else:
        # Check the timed boards against our own kernel on the same prefix of boards.
        out["agree_on_timed_boards"] = _prefix_agrees(h1, h2, n, counts)
    return out


def _prefix_agrees(h1: list[int], h2: list[int], n: int, counts: list[int]) -> bool:
    """Compare eval7's counts on the first ``n`` boards with pokerlab's evaluator on the same boards."""
    import numpy as np

    from pokerlab.evaluate import evaluate_batch

    rest = [c for c in range(52) if c not in set(h1) | set(h2)]
    boards = np.array(list(itertools.islice(itertools.combinations(rest, 5), n)), dtype=np.uint8)
    v1 = evaluate_batch(np.hstack([np.tile(np.array(h1, dtype=np.uint8), (n, 1)), boards]))
    v2 = evaluate_batch(np.hstack([np.tile(np.array(h2, dtype=np.uint8), (n, 1)), boards]))
    ours = [int((v1 > v2).sum()), int((v1 == v2).sum()), int((v1 < v2).sum())]
    return ours == counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=int, default=20, help="timed runs of each pokerlab call")
    parser.add_argument(
        "--peer-boards",
        type=int,
        default=None,
        help="time eval7 on this many boards and extrapolate",
    )
    args = parser.parse_args()
    result = {
        "benchmark": "strength",
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "eval7": _version("eval7"),
        },
        "flop": bench_flop(args.repeat),
        "preflop": bench_preflop(args.repeat, args.peer_boards),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key in ("flop", "preflop"):
        r = result[key]
        print(
            f"{r['what']}\n  pokerlab {r['pokerlab_ms']:.2f} ms (target {r['target_ms']:.0f} ms), "
            f"eval7 loop {r['eval7_loop_ms']:.0f} ms, x{r['speedup']:.0f}"
        )


if __name__ == "__main__":
    main()
