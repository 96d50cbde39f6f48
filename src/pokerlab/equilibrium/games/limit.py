"""Limit betting rounds for the card games, any number of players.

The rules are OpenSpiel's ``kuhn_poker`` and ``leduc_poker`` (which agree where they overlap):
players act in seat order, skipping those who folded; facing a bet a player may fold, call or
raise (while the round's raises are below the cap), otherwise check (call) or bet (raise). A
round ends when every live player has checked, or, after a raise, when all the live players
but the raiser have called since; a player left alone wins the pot
(:func:`~pokerlab.equilibrium.games.showdown.settle` pays the showdowns).

Examples
--------
One round of Kuhn betting for two players, cap of one bet:

>>> import numpy as np
>>> from pokerlab.equilibrium.games.showdown import settle
>>> strength = np.arange(3)  # J < Q < K
>>> root = betting_round((1, 1), (0, 1), 1, lambda c, live: settle(c, live, strength),
...                      max_raises=1, opening=("check", "bet"))
>>> list(root.children), list(root.children["bet"].children)
(['check', 'bet'], ['fold', 'call'])
>>> root.children["bet"].children["call"].payoff.tolist()  # player 0's: +-2 by the cards
[[0.0, -2.0, -2.0], [2.0, 0.0, -2.0], [2.0, 2.0, 0.0]]
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.game import Decision, Node
from pokerlab.equilibrium.games.showdown import settle

Finish = Callable[[tuple[int, ...], tuple[int, ...]], Node]
#: ``size(contributions, actor, raises)``: the total the actor's bet or raise goes to, or None
#: when no bet or raise is open (all-in already); ``raises`` counts the round's bets so far.
Size = Callable[[tuple, int, int], "int | Fraction | float | None"]


def _ready(raises: int, calls: int, remaining: int) -> bool:
    """The round is over: everybody checked, or all but the last raiser called it."""
    return calls == remaining if raises == 0 else calls == remaining - 1


def betting_round(
    contributions: tuple[int, ...],
    live: tuple[int, ...],
    bet: int | Size,
    finish: Finish,
    max_raises: int = 2,
    first: int = 0,
    opening: tuple[str, str] = ("call", "raise"),
) -> Node:
    """One limit betting round among the ``live`` players, from seat ``first`` on.

    ``finish(contributions, live)`` builds what follows the round when two or more players are
    left (the next round or the showdown). Actions facing a bet are labelled ``fold``, ``call``,
    ``raise``; with nothing to call, ``opening`` names the check and the bet. ``bet`` is the
    fixed increment of a bet or raise, or a :data:`Size` function giving each one's total (the
    sizes of a no-limit round: a fraction of the pot, capped by the stack); a raise to no more
    than the amount to call is not offered.

    Examples
    --------
    A no-limit river: pot 10 (held as 5 + 5), stacks of 20 behind, a bet of half the pot (to
    10), a raise all-in (to 25), after which no raise is open:

    >>> from pokerlab.equilibrium.games.showdown import settle
    >>> def size(c, actor, raises):
    ...     top = max(c)
    ...     return None if top >= 25 else (10 if raises == 0 else 25)
    >>> root = betting_round((5, 5), (0, 1), size, lambda c, live: settle(c, live, np.arange(2)),
    ...                      opening=("check", "bet"))
    >>> float(root.children["bet"].children["raise"].children["call"].payoff[1, 0])
    25.0
    >>> list(root.children["bet"].children["raise"].children)  # all-in: no re-raise
    ['fold', 'call']
    """
    players = len(contributions)

    def after(seat: int, among: tuple[int, ...]) -> int:
        return next(q for q in (*range(seat + 1, players), *range(seat + 1)) if q in among)

    def node(c: tuple[int, ...], live: tuple[int, ...], actor: int, raises: int, calls: int) -> Node:
        top = max(c)
        facing = c[actor] < top
        check, raise_label = ("call", "raise") if facing else opening
        children: dict[str, Node] = {}
        if facing:
            rest = tuple(q for q in live if q != actor)
            if len(rest) == 1:
                children["fold"] = settle(c, rest)
            elif _ready(raises, calls, len(rest)):
                children["fold"] = finish(c, rest)
            else:
                children["fold"] = node(c, rest, after(actor, rest), raises, calls)
        called = tuple(top if q == actor else x for q, x in enumerate(c))
        if _ready(raises, calls + 1, len(live)):
            children[check] = finish(called, live)
        else:
            children[check] = node(called, live, after(actor, live), raises, calls + 1)
        to = None
        if raises < max_raises:
            to = top + bet if isinstance(bet, int | Fraction) else bet(c, actor, raises)
        if to is not None and to > top:
            raised = tuple(to if q == actor else x for q, x in enumerate(c))
            children[raise_label] = node(raised, live, after(actor, live), raises + 1, 0)
        return Decision(actor, children)

    start = first if first in live else after(first, live)
    return node(contributions, live, start, 0, 0)


def deal_prior(players: int, cards: int) -> np.ndarray:
    """Uniform prior over one distinct card per player from ``cards`` cards, as exact Fractions
    in an array of shape ``(cards,) * players``."""
    from fractions import Fraction
    from math import perm

    grid = np.indices((cards,) * players).reshape(players, -1)
    distinct = np.array([len(set(col)) == players for col in grid.T]).reshape((cards,) * players)
    out = np.full(distinct.shape, Fraction(0), dtype=object)
    out[distinct] = Fraction(1, perm(cards, players))
    return out


def rank_names(count: int) -> tuple[str, ...]:
    """Names of ``count`` ranks from the lowest: J, Q, K, A, then numbers."""
    return tuple("JQKA"[:count]) if count <= 4 else tuple(str(r + 1) for r in range(count))
