"""The ranking behind percentage ranges: each pre-flop class's exact all-in equity against a random hand.

PokerStove and Equilab read ``15%`` as the top 15% of the 1,326 starting combos, ranked by
each class's pre-flop all-in equity against one random hand. This module computes that
ranking with pokerlab's own exact equity (every deal and every board), and writes the table
the range parser reads (``pokerlab/cards/data/preflop-ranking.csv``: the cards layer ships
the data and does not compute it). Regenerate it with::

    python -m pokerlab.strength.preflop_ranking

Examples
--------
>>> round(equity_vs_random("AA"), 4), round(equity_vs_random("72o"), 4)
(0.852, 0.3458)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from pokerlab.cards import PREFLOP_CLASSES, combos_of_class
from pokerlab.cards.ranking import RANKING_FILE
from pokerlab.strength.equity import equity


def equity_vs_random(name: str) -> float:
    """Exact all-in equity of one pre-flop class (any of its combos) against a random hand.

    Every combo of a class has the same equity against a random hand (suits are symmetric),
    so one combo is enumerated.
    """
    a, b = combos_of_class(name)[0]
    return float(equity([[a, b], "random"], exact=True).equity[0])


def ranking_table(progress: Callable[[str], None] | None = None) -> list[tuple[str, int, float]]:
    """``(class, combos, equity)`` of the 169 classes, best first (ties in class order)."""
    rows = []
    for name in PREFLOP_CLASSES:
        rows.append((name, len(combos_of_class(name)), equity_vs_random(name)))
        if progress is not None:
            progress(name)
    order = sorted(range(len(rows)), key=lambda i: (-round(rows[i][2], 12), i))
    return [rows[i] for i in order]


def ranking_csv(rows: list[tuple[str, int, float]]) -> str:
    """The CSV text of :func:`ranking_table`'s rows, with a provenance comment."""
    lines = [
        "# Pre-flop classes ranked by exact all-in equity against one random hand (PokerStove's",
        "# ranking for percentage ranges). Computed by pokerlab.strength.preflop_ranking",
        "# (python -m pokerlab.strength.preflop_ranking); every deal and board enumerated.",
        "rank,class,combos,equity_vs_random",
    ]
    lines += [f"{k},{name},{combos},{eq:.10f}" for k, (name, combos, eq) in enumerate(rows, 1)]
    return "\n".join(lines) + "\n"


def main(path: str | None = None) -> None:
    """Compute the ranking and write it to ``path`` (default: the shipped file)."""
    target = Path(path) if path else RANKING_FILE
    rows = ranking_table(lambda name: print(name, end=" ", flush=True, file=sys.stderr))
    target.write_text(ranking_csv(rows))
    print(f"\nwrote {target}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
