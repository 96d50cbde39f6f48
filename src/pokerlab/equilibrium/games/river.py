"""A hold'em river between two ranges as a discrete game of the equilibrium engine.

The board is known (five cards); each player's private states are the combos of its range
that the board does not block, dealt together with probability proportional to the product
of the two weights when they share no card (exact card removal, nothing else). The betting
is one no-limit round built by the engine's own round builder
(:func:`~pokerlab.equilibrium.games.limit.betting_round`) with the sizes of a spot: the first
player (out of position, player 0) checks or bets, the second then checks, bets, calls, folds
or raises, up to a raise cap, every amount capped by the effective stack.

Sizes follow the solvers' conventions (TexasSolver, postflop-solver): a bet is a fraction of
the pot; a raise is a fraction of the pot *after the call* on top of the call, and at least
the last bet or raise (the minimum raise). Chips are the
spot's: ``pot`` is the starting pot, ``stack`` what each player has behind.

The game is zero-sum by holding the starting pot as two equal halves of the players'
contributions, so player 0's payoff is its chips at the end minus what it had (``ev - pot/2``
where ``ev`` is what a solver reports: the share of the pot won minus the chips put in on
the river). :func:`solve_river` solves it by the sequence-form LP (HiGHS): the exact game
value, against which the range solver of :mod:`pokerlab.spot` is checked. This module shares
no code with that solver.

Examples
--------
Von Neumann's river with real cards: player 0 holds the nut straight (ATo/ATs, 16 combos) or
air (65, 16 combos) on Ks Qd Jh 4c 2s, player 1 a pair of sevens that beats air and loses to
the nuts. With a pot-sized bet, player 0 bets every straight and half as many bluffs, player 1
calls half the time: player 0's straights win 1.5 pots, its air nothing, so ``ev`` is 3/4 of the
pot and the game value ``ev - pot/2`` is a quarter of the pot:

>>> from pokerlab.cards import parse_cards, parse_range
>>> board = parse_cards("Ks Qd Jh 4c 2s")
>>> g = river_game(board, (parse_range("AT, 65").weights, parse_range("77").weights), 10, 100, (1, None))
>>> g.game.num_hands, list(g.game.root.children), list(g.game.root.children["bet"].children)
((32, 6), ['check', 'bet'], ['fold', 'call'])
>>> round(solve_river(g).value, 9)
2.5
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerlab.cards import ALL_COMBOS, COMBO_CARDS, format_cards
from pokerlab.equilibrium.game import Game
from pokerlab.equilibrium.games.limit import betting_round
from pokerlab.equilibrium.games.showdown import settle
from pokerlab.equilibrium.lp import LPSolution, solve_lp
from pokerlab.evaluate import evaluate_batch


@dataclass(frozen=True, eq=False)
class RiverGame:
    """The game and what maps it back to cards.

    Attributes
    ----------
    game
        The equilibrium engine's game (player 0 out of position).
    combos
        Per player, the combo index (``0..1325``, :func:`pokerlab.cards.combo_index`) of each
        private state.
    strength
        Per player, each private state's hand value on the board (higher is stronger).
    pot, stack
        Starting pot and effective stack, in chips.
    range_weights
        Per player, each private state's range weight.
    """

    game: Game
    combos: tuple[np.ndarray, np.ndarray]
    strength: tuple[np.ndarray, np.ndarray]
    pot: float
    stack: float
    range_weights: tuple[np.ndarray, np.ndarray]


def _live_combos(weights: np.ndarray, board_mask: int) -> np.ndarray:
    w = np.asarray(weights, dtype=float)
    if w.shape != (1326,):
        raise ValueError(f"range: 1326 weights, not shape {w.shape}")
    return np.flatnonzero((w > 0) & ((COMBO_CARDS & board_mask) == 0))


def river_game(
    board: list[int] | tuple[int, ...] | np.ndarray,
    ranges: tuple[np.ndarray, np.ndarray],
    pot: float,
    stack: float,
    bets: tuple[float | None, float | None],
    raise_size: float | None = None,
    raise_cap: int = 1,
) -> RiverGame:
    """The river between ``ranges`` (two 1,326-entry weight arrays) on a five-card ``board``.

    Parameters
    ----------
    pot, stack
        Starting pot and effective stack behind, in chips.
    bets
        Each player's opening bet as a fraction of the pot (``0.5``: half pot), None where the
        player only checks, ``inf`` for all-in.
    raise_size
        A raise as a fraction of the pot after the call (None: no raises, ``inf``: all-in).
    raise_cap
        How many raises a round allows after the bet.
    """
    board = [int(c) for c in board]
    if len(board) != 5 or len(set(board)) != 5:
        raise ValueError(f"board: a river has five different cards, not {format_cards(board)!r}")
    if pot <= 0 or stack <= 0:
        raise ValueError(f"pot and stack must be positive, not {pot!r} and {stack!r}")
    board_mask = int(sum(1 << c for c in board))
    combos = tuple(_live_combos(w, board_mask) for w in ranges)
    for p, c in enumerate(combos):
        if len(c) == 0:
            raise ValueError(f"range of player {p}: no combo left on board {format_cards(board)}")
    strength = []
    for c in combos:
        seven = np.empty((len(c), 7), dtype=np.uint8)
        seven[:, :2] = ALL_COMBOS[c]
        seven[:, 2:] = board
        strength.append(evaluate_batch(seven).astype(np.int64))
    w0, w1 = (np.asarray(ranges[p], dtype=float)[combos[p]] for p in (0, 1))
    apart = (COMBO_CARDS[combos[0]][:, None] & COMBO_CARDS[combos[1]][None, :]) == 0
    prior = w0[:, None] * w1[None, :] * apart
    if prior.sum() <= 0:
        raise ValueError("ranges: every pair of combos shares a card")
    prior /= prior.sum()

    half = Fraction(pot) / 2
    cap = half + Fraction(stack)
    strengths = (strength[0], strength[1])

    def size(c: tuple, actor: int, raises: int) -> Fraction | None:
        top = max(c)
        if top >= cap:
            return None
        fraction = bets[actor] if raises == 0 else raise_size
        if fraction is None:
            return None
        if fraction == float("inf"):  # all-in
            return cap
        if raises == 0:
            to = top + Fraction(fraction) * sum(c)
        else:
            call = top - c[actor]
            # A raise adds at least the last increment (heads-up: what the actor must call).
            to = top + max(Fraction(fraction) * (sum(c) + call), call)
        return min(to, cap)

    root = betting_round(
        (half, half), (0, 1), size, lambda c, live: settle([float(x) for x in c], live, strengths),
        max_raises=1 + (raise_cap if raise_size is not None else 0), opening=("check", "bet"),
    )  # fmt: skip
    labels = tuple(tuple(format_cards(ALL_COMBOS[i][::-1], sep="") for i in c) for c in combos)
    game = Game(
        name="river",
        hands=labels,
        prior=prior,
        root=root,
        description=f"river {format_cards(board)}, pot {pot}, stack {stack}",
    )
    return RiverGame(game, (combos[0], combos[1]), strengths, float(pot), float(stack), (w0, w1))


def solve_river(river: RiverGame) -> LPSolution:
    """The sequence-form LP of ``river`` (values are player 0's ``ev - pot/2``)."""
    return solve_lp(river.game, certify=False)
