"""All-in equity of two or more players, each holding known cards or a weighted range.

Equity is a player's expected share of the pot when every player goes to the showdown: a
win counts 1, a k-way split 1/k. With ranges, each joint deal of holdings that share no card
counts with the product of the holdings' weights (the conditional distribution given the
known cards).

Exact enumeration covers every joint deal and every board completion when the number of
showdowns is at most ``max_exact`` (or when ``exact=True`` is asked for); otherwise a
seedable Monte Carlo estimate is returned with the standard error of each equity.

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> r = equity([parse_cards("AcAd"), parse_cards("KhKs")])
>>> r.exact, r.trials, r.wins, r.ties
(True, 1712304, (1388072, 317694), (6538, 6538))
>>> round(r.equity[0], 5)
0.81255
>>> r = equity(["AhKh", "QQ"], board=parse_cards("Qs 7h 2h"))
>>> r.trials, round(sum(r.equity), 12)
(2970, 1.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from pokerlab.cards import ALL_COMBOS, Range, check_distinct, parse_cards, parse_range
from pokerlab.strength._equity_kernels import (
    exact_equity_fixed,
    exact_equity_ranges,
    monte_carlo_equity,
)

Player = Sequence[int] | Range | str
"""Known cards (two codes), a :class:`~pokerlab.cards.Range`, or text: cards or range text."""

MAX_EXACT_SHOWDOWNS = 30_000_000
"""Default ``max_exact``: exact enumeration up to this many showdowns (well under a second)."""


@dataclass(frozen=True)
class EquityResult:
    """Equity of each player, with the counts behind it.

    Attributes
    ----------
    equity
        Expected pot share of each player (they sum to 1).
    wins
        Showdowns each player won alone (weighted; whole numbers for known cards when exact).
    ties
        Showdowns each player split with others.
    trials
        Showdowns counted (exact: weighted number of deals and boards; Monte Carlo: samples).
    exact
        Whether this is an exact enumeration.
    stderr
        Standard error of each equity (0 when exact).
    """

    equity: tuple[float, ...]
    wins: tuple[float, ...]
    ties: tuple[float, ...]
    trials: float
    exact: bool
    stderr: tuple[float, ...]

    def as_dict(self) -> dict[str, object]:
        """The fields as a plain dictionary (for JSON)."""
        return {
            "equity": list(self.equity),
            "wins": list(self.wins),
            "ties": list(self.ties),
            "trials": self.trials,
            "exact": self.exact,
            "stderr": list(self.stderr),
        }


def parse_player(text: str, dead: Iterable[int] = ()) -> Sequence[int] | Range:
    """Read one player: two cards (``"AhKh"``) or range text (``"QQ+, AKs"``, ``"random"``).

    Examples
    --------
    >>> parse_player("AhKh")
    [50, 46]
    >>> len(parse_player("QQ+"))
    18
    """
    try:
        cards = parse_cards(text)
    except ValueError:
        cards = None
    if cards is not None and len(cards) == 2:
        return cards
    return parse_range(text, dead=dead)


def _player_combos(player: Player, known: set[int], index: int) -> tuple[np.ndarray, np.ndarray, bool]:
    """Combos (n, 2) uint8 and weights of one player, less those that use a known card."""
    if isinstance(player, str):
        player = parse_player(player)
    if isinstance(player, Range):  # drop combos that use a known card (fixed hands included)
        keep = np.flatnonzero(player.weights > 0)
        combos = ALL_COMBOS[keep]
        weights = player.weights[keep]
        ok = ~np.isin(combos, list(known)).any(axis=1) if known else np.ones(len(keep), dtype=bool)
        combos, weights = combos[ok], weights[ok]
        if len(combos) == 0:
            raise ValueError(f"player {index + 1}: no combo of the range is left beside the known cards")
        return np.ascontiguousarray(combos, dtype=np.uint8), weights.astype(np.float64), False
    cards = [int(c) for c in player]
    if len(cards) != 2:
        raise ValueError(f"player {index + 1}: need 2 cards or a range, got {len(cards)} cards")
    return np.array([cards], dtype=np.uint8), np.ones(1), True


def equity(
    players: Sequence[Player],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    exact: bool | None = None,
    samples: int = 200_000,
    seed: int | None = None,
    max_exact: int = MAX_EXACT_SHOWDOWNS,
) -> EquityResult:
    """Equity of 2..10 players, each with known cards or a range, at showdown.

    Parameters
    ----------
    players
        Each player's two card codes, a :class:`~pokerlab.cards.Range`, or text (cards or range).
    board
        0, 3, 4 or 5 board card codes already dealt.
    dead
        Cards known to be out of play (neither on the board nor in any hand).
    exact
        ``True``: enumerate every case; ``False``: Monte Carlo; ``None``: exact when at most
        ``max_exact`` showdowns, else Monte Carlo.
    samples
        Monte Carlo showdowns.
    seed
        Seed of the Monte Carlo generator (``None``: fresh entropy).
    max_exact
        Threshold for the automatic choice.

    Raises
    ------
    ValueError
        For a repeated card, a player with no possible holding, or a bad board size.

    Examples
    --------
    >>> r = equity(["AsKs", "random"], exact=False, samples=20000, seed=1)
    >>> r.exact, 0.6 < r.equity[0] < 0.7, r.stderr[0] < 0.01
    (False, True, True)
    """
    if not 2 <= len(players) <= 10:
        raise ValueError(f"equity needs 2 to 10 players, got {len(players)}")
    board = [int(c) for c in board]
    dead = [int(c) for c in dead]
    if len(board) not in (0, 3, 4, 5):
        raise ValueError(f"board: need 0, 3, 4 or 5 cards, got {len(board)}")
    resolved = [parse_player(p) if isinstance(p, str) else p for p in players]
    fixed_cards = [int(c) for p in resolved if not isinstance(p, Range) for c in p]
    check_distinct(board + dead + fixed_cards)
    known = set(board) | set(dead)
    parsed = [_player_combos(p, known | set(fixed_cards), i) for i, p in enumerate(resolved)]
    n = len(parsed)
    max_c = max(len(c) for c, _, _ in parsed)
    combos = np.zeros((n, max_c, 2), dtype=np.uint8)
    weights = np.zeros((n, max_c))
    counts = np.zeros(n, dtype=np.int64)
    for i, (c, w, _) in enumerate(parsed):
        combos[i, : len(c)] = c
        weights[i, : len(c)] = w
        counts[i] = len(c)
    all_fixed = all(f for _, _, f in parsed)
    known_mask = np.zeros(52, dtype=np.bool_)
    known_mask[list(known)] = True
    board_a = np.array(board, dtype=np.uint8)
    free_cards = 52 - len(known) - 2 * n
    if free_cards < 5 - len(board):
        raise ValueError(f"not enough cards left to complete the board for {n} players")
    deals = float(np.prod(counts.astype(np.float64)))
    showdowns = deals * comb(free_cards, 5 - len(board))
    if exact is None:
        exact = showdowns <= max_exact
    if exact:
        if all_fixed:
            wins, ties, share, total = exact_equity_fixed(combos[:, 0, :].copy(), board_a, known_mask)
        else:
            wins, ties, share, total = exact_equity_ranges(combos, counts, weights, board_a, known_mask)
        if total <= 0:
            raise ValueError("no deal is possible: the players' ranges always share a card")
        whole = all_fixed or bool(np.all((weights == 0) | (weights == 1)))
        conv = (lambda x: round(float(x))) if whole else float
        return EquityResult(
            equity=tuple(float(s / total) for s in share),
            wins=tuple(conv(x) for x in wins),
            ties=tuple(conv(x) for x in ties),
            trials=conv(total),
            exact=True,
            stderr=tuple(0.0 for _ in range(n)),
        )
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    cumulative = np.cumsum(weights, axis=1)
    seed_value = int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0])
    wins, ties, share, share_sq, rejected = monte_carlo_equity(
        combos, counts, cumulative, board_a, known_mask, int(samples), np.uint64(seed_value)
    )
    if rejected < 0:
        raise ValueError("no deal is possible: the players' ranges nearly always share a card")
    mean = share / samples
    var = np.maximum(share_sq / samples - mean**2, 0.0)
    stderr = np.sqrt(var / max(samples - 1, 1))
    return EquityResult(
        equity=tuple(float(x) for x in mean),
        wins=tuple(int(x) for x in wins),
        ties=tuple(int(x) for x in ties),
        trials=int(samples),
        exact=False,
        stderr=tuple(float(x) for x in stderr),
    )
