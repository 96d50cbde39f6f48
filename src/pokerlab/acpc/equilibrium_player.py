"""An ACPC player for games the equilibrium engine solves: it plays a CFR+ equilibrium.

Kuhn poker for ``N`` players is an ACPC limit game (the ACPC distribution ships
``kuhn.limit.3p.game``, here ``standard_game("kuhn3")``): one round, one hole card from one
suit of ``N + 1`` ranks, no board, every player posting the same blind (an ante) and at most
one raise of that size, position 1 first. :func:`discrete_game` recognises it and gives
:func:`~pokerlab.equilibrium.games.kuhn` for ``N`` players (the same rules, scaled);
:class:`EquilibriumPlayer` solves that with CFR+ (10,000 iterations: NashConv below 1e-6 for
three players) and answers a match state by reading its betting as a history of the game:
before the bet ``c`` is a check and ``r`` the bet, after it ``c`` is a call and ``f`` a fold.
Its private state is the card's place in the deck.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> from pokerlab.acpc.matchstate import parse_matchstate
>>> game = standard_game("kuhn3")
>>> player = EquilibriumPlayer(game)
>>> player.nash_conv < 1e-6
True
>>> player(parse_matchstate("MATCHSTATE:0:0:cr:As||", game))  # the ace calls a bet
Action(kind='c', size=0)
>>> player(parse_matchstate("MATCHSTATE:2:0:cr:||Js", game))  # the jack folds to a bet
Action(kind='f', size=0)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pokerlab.acpc.betting import Action
from pokerlab.acpc.gamedef import MAX_RANKS, GameDef
from pokerlab.acpc.matchstate import MatchState
from pokerlab.equilibrium import CFRSolver, FlatGame, Game, kuhn, nash_conv

NAME = "equilibrium"  # the bot name `pokerlab acpc play/deal --bot` knows it by
ITERATIONS = 10_000
_ACPC = {"check": "c", "call": "c", "bet": "r", "fold": "f"}


def discrete_game(game: GameDef) -> Game:
    """Our discrete game for an ACPC game definition, or ``ValueError`` saying why there is none.

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> discrete_game(standard_game("kuhn3")).name
    'kuhn3'
    >>> discrete_game(standard_game("limit"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --bot equilibrium plays Kuhn poker: one round of limit betting; one hole card, ...
    """
    n = game.num_players
    why = []
    if game.betting != "limit" or game.num_rounds != 1:
        why.append("one round of limit betting")
    if (game.num_hole_cards, sum(game.num_board_cards), game.num_suits) != (1, 0, 1):
        why.append("one hole card, no board, one suit")
    if game.num_ranks != n + 1:
        why.append(f"{n + 1} ranks for {n} players")
    if len(set(game.blind)) != 1 or game.raise_size[0] != game.blind[0]:
        why.append("every player posting the same blind, the raise that size")
    if game.max_raises[0] != 1 or game.first_player[0] != 0:
        why.append("one raise at most, position 1 first")
    if why:
        raise ValueError(f"--bot {NAME} plays Kuhn poker: {'; '.join(why)}")
    return kuhn(players=n)


class EquilibriumPlayer:
    """Plays a CFR+ equilibrium of ``game``'s discrete game.

    ``reseed(hand_number, position)`` seeds the random choices of each hand (default: the
    hand number), so that a seeded match replays the same way. Its actions are always legal
    (``illegal_events`` stays empty, as :class:`~pokerlab.acpc.bridge.AgentPlayer` has it).
    """

    def __init__(
        self,
        game: GameDef,
        reseed: Callable[[int, int], int] | None = None,
        iterations: int = ITERATIONS,
    ) -> None:
        self.game = game
        solver = CFRSolver(FlatGame.build(discrete_game(game)), "cfr+")
        solver.run(iterations)
        self.strategy = solver.average_strategy()
        self.nash_conv = nash_conv(self.strategy)
        self._reseed = reseed or (lambda hand_number, position: hand_number)
        self._hand_number: int | None = None
        self._rng = np.random.default_rng(0)
        self._lowest_rank = MAX_RANKS - game.num_ranks
        self.illegal_events: list[tuple[int, str]] = []

    def history(self, state: MatchState) -> tuple[str, ...]:
        """The betting of ``state`` as a history of our game."""
        out: list[str] = []
        bet = False
        for action in state.betting.all_actions():
            if action.kind == "r":
                out.append("bet")
                bet = True
            else:
                out.append(("call" if bet else "check") if action.kind == "c" else "fold")
        return tuple(out)

    def __call__(self, state: MatchState) -> Action:
        """Our action at ``state`` (our turn), drawn from the equilibrium."""
        if self._hand_number != state.hand_number:
            self._hand_number = state.hand_number
            self._rng = np.random.default_rng(self._reseed(state.hand_number, state.position))
        hand = state.hole_cards[state.position][0] // 4 - self._lowest_rank
        choices = self.strategy.action_probabilities(self.history(state))
        labels = list(choices)
        p = np.array([choices[label][hand] for label in labels])
        return Action(_ACPC[labels[self._rng.choice(len(labels), p=p / p.sum())]])

    def hand_over(self, state: MatchState) -> None:
        """Nothing to learn from a finished hand."""
