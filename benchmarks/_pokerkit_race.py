"""What the benchmarks that race the engine against pokerkit share: their options, the best of
repeated runs, the printing of the result, and one of our actions applied to a pokerkit state."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def arguments(description: str) -> argparse.Namespace:
    """The options every race takes: --json, --hands, --pokerkit-hands, --seed, --repeat."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hands", type=int, default=20000, help="hands played by pokerlab")
    parser.add_argument("--pokerkit-hands", type=int, default=2000, help="hands replayed by pokerkit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side; the best counts")
    return parser.parse_args()


def best_run(repeat: int, run: Callable[[], tuple[float, T]]) -> tuple[float, T]:
    """The fastest of ``repeat`` runs (seconds first): on a shared machine the fastest run is
    the least disturbed."""
    return min((run() for _ in range(repeat)), key=lambda result: result[0])


def apply_action(state: Any, kind: int, amount: int) -> None:
    """Our betting action (0 fold, 1 check/call, 2 bet/raise to ``amount``) on pokerkit's ``state``."""
    if kind == 0:
        state.fold()
    elif kind == 1:
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(amount)


def show(result: dict[str, Any], as_json: bool) -> None:
    """Print the result: one JSON object, or one aligned line a figure."""
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key:30s} {value:.4g}" if isinstance(value, float) else f"{key:30s} {value}")
