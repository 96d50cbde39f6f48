"""Leduc hold'em with the rules of OpenSpiel's ``leduc_poker``.

Six cards (J, Q, K in two suits), ante 1 each, one private card each, two betting rounds with
a public card dealt between them; bets are 2 in the first round and 4 in the second, at most
two raises per round, player 0 acts first in both rounds. At showdown a pair with the board
beats no pair, otherwise the higher private rank wins; equal ranks split the pot.

Private state ``i`` is OpenSpiel's card ``i`` (rank ``i // 2``); the board chance node's
child ``i`` is card ``i``; decision children follow OpenSpiel's action order
(fold, call, raise), which the OpenSpiel converter relies on.

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> flat = FlatGame.build(leduc())
>>> len(flat.decision_nodes()), int((flat.kind == 2).sum())
(186, 274)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.game import Chance, Decision, Game, Node, Terminal

CARDS = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
RANK = np.arange(len(CARDS)) // 2
BETS = (2, 4)
MAX_RAISES = 2
ANTE = 1


def betting_round(
    contributions: tuple[int, int],
    bet: int,
    finish: Callable[[tuple[int, int]], Node],
    max_raises: int = MAX_RAISES,
    first: int = 0,
) -> Node:
    """One limit betting round (fold / call / raise), ``finish(contributions)`` after a call.

    A call (or check) ends the round unless it is the round's first action; a fold ends the
    game with the folder losing what they put in.
    """

    def node(c: tuple[int, int], actor: int, raises: int, acted: int) -> Node:
        other = 1 - actor
        children: dict[str, Node] = {}
        if c[actor] < c[other]:
            children["fold"] = Terminal(-c[0] if actor == 0 else c[1])
        level = (c[other], c[other])
        children["call"] = finish(level) if acted >= 1 else node(level, other, raises, acted + 1)
        if raises < max_raises:
            raised = list(c)
            raised[actor] = c[other] + bet
            children["raise"] = node((raised[0], raised[1]), other, raises + 1, acted + 1)
        return Decision(actor, children)

    return node(contributions, first, 0, 0)


def _showdown_sign(board: int) -> np.ndarray:
    strength = np.where(RANK[board] == RANK, 100 + RANK, RANK)
    return np.sign(np.subtract.outer(strength, strength))


def leduc() -> Game:
    """Leduc hold'em (OpenSpiel's ``leduc_poker``, two players)."""
    n = len(CARDS)
    # Exact numbers (Fractions) so that values can be certified in rational arithmetic.
    prior = np.array(
        [[Fraction(0) if i == j else Fraction(1, n * (n - 1)) for j in range(n)] for i in range(n)],
        dtype=object,
    )
    remaining = n - 2

    def board_chance(c: tuple[int, int]) -> Node:
        outcomes: dict[str, tuple[np.ndarray, Node]] = {}
        for b in range(n):
            # The board card cannot be either private card.
            free = np.full((n, n), Fraction(1), dtype=object)
            free[b, :] = Fraction(0)
            free[:, b] = Fraction(0)
            sign = _showdown_sign(b)
            second = betting_round(c, BETS[1], lambda cc, s=sign: Terminal(cc[0] * s))
            outcomes[CARDS[b]] = (free / remaining, second)
        return Chance(outcomes)

    root = betting_round((ANTE, ANTE), BETS[0], board_chance)
    return Game(
        name="leduc",
        hands=(CARDS, CARDS),
        prior=prior,
        root=root,
        description="Leduc hold'em (OpenSpiel leduc_poker rules)",
    )
