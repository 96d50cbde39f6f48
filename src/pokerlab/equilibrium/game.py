"""Games with chance and private information for two or more players, defined as a public tree.

A game is a *public* tree (every node, every action, is seen by every player) plus, for each
player, a finite set of *private states* (hands) dealt by chance at the start from a joint
distribution ``prior[h0, h1, ...]`` (correlated as in card games: two players cannot hold the
same card). A player's information set is a pair (public node, own private state). This
covers poker-like games, where everything hidden is dealt by chance; a hidden *action* (as in
matching pennies) is not expressible.

Three kinds of nodes:

- :class:`Decision`: ``player`` (0 is the first player, I; 1 the second, II; and so on) picks
  one of the labelled children;
- :class:`Chance`: a public chance event (a board card); each outcome carries an array of
  probabilities *conditional on the private states* (so that a board card may clash with a
  hand: probability 0 for those hands);
- :class:`Terminal`: the payoffs. In a two-player game, the first player's payoff for each
  pair of private states (a number or an array broadcast to ``(n0, n1)``); the second player
  receives the negative (zero-sum). With ``N >= 3`` players, one payoff per player, each a
  number or an array broadcast to ``(n0, ..., n{N-1})``.

Examples
--------
Matching pennies where player 0 sees nothing and player 1 sees nothing:

>>> g = Game(
...     name="pennies",
...     hands=(("-",), ("-",)),
...     prior=[[1.0]],
...     root=Decision(0, {
...         "heads": Decision(1, {"heads": Terminal(1.0), "tails": Terminal(-1.0)}),
...         "tails": Decision(1, {"heads": Terminal(-1.0), "tails": Terminal(1.0)}),
...     }),
... )
>>> g.num_hands, g.num_players
((1, 1), 2)

Three players, one hand each; the first player always takes 2 from the others:

>>> Game("toll", (("-",),) * 3, [[[1.0]]], Terminal([2, -1, -1])).num_players
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Union

import numpy as np
from numpy.typing import ArrayLike


@dataclass(frozen=True, eq=False)
class Terminal:
    """End of play: ``payoff[h0, h1]`` to player 0 in a two-player game (player 1 gets the
    negative); with ``N >= 3`` players one entry per player ``p``, ``payoff[p][h0, ..., h{N-1}]``."""

    payoff: ArrayLike


@dataclass(frozen=True, eq=False)
class Decision:
    """``player`` (0 .. N-1) chooses a child by its label; children keep their given order.

    ``info`` (optional, one integer per private state of ``player``) is what the player knows
    of its own state here: states with equal ``info`` cannot be told apart and play one
    strategy. It lets a private state be revealed to its owner during the game (a draw's new
    cards: the state is dealt whole at the start, the owner sees only part of it before the
    draw). Groups must only split further down the tree (perfect recall). ``None``: the
    player knows its state.
    """

    player: int
    children: Mapping[str, Node]
    info: ArrayLike | None = None


@dataclass(frozen=True, eq=False)
class Chance:
    """A public chance event: ``outcomes[label] = (probability[h0, h1, ...], child)``.

    The probabilities are conditional on the private states and, for every deal of states
    with positive prior, sum to one over the outcomes.
    """

    outcomes: Mapping[str, tuple[ArrayLike, Node]]


Node = Union[Decision, Chance, Terminal]  # noqa: UP007  (runtime alias for forward references)


@dataclass(frozen=True, eq=False)
class Game:
    """A game of ``N >= 2`` players: public tree ``root`` and private states dealt by ``prior``.

    Two-player games are zero-sum; with more players each terminal pays every player.

    Parameters
    ----------
    name:
        A short name (used in reports).
    hands:
        Labels of each player's private states, ``(labels0, labels1, ...)``, one entry per player.
    prior:
        Joint probability of the private states, shape ``(len(labels0), len(labels1), ...)``.
    root:
        The public tree.
    """

    name: str
    hands: tuple[Sequence[str], ...]
    prior: ArrayLike
    root: Node
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if len(self.hands) < 2:
            raise ValueError(f"hands: one set of private states per player, 2 or more, not {len(self.hands)}")
        shape = self.num_hands
        prior = np.asarray(self.prior, dtype=float)
        if prior.shape != shape:
            raise ValueError(f"prior: shape {prior.shape} does not match the hands {shape}")
        if (prior < 0).any() or abs(prior.sum() - 1.0) > 1e-9:
            raise ValueError("prior: probabilities must be non-negative and sum to 1")

    @property
    def num_players(self) -> int:
        """Number of players."""
        return len(self.hands)

    @property
    def num_hands(self) -> tuple[int, ...]:
        """Number of private states of each player."""
        return tuple(len(h) for h in self.hands)
