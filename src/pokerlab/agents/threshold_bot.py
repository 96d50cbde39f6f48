"""The threshold bot: the patent's dividing-point solution played on the river of limit Hold'em.

The Alberta paper says game theory "can be used to compute a theoretical optimal bluffing
frequency in certain situations" and leaves it there; the patent (US 6,129,631) computes such
strategies for one betting round between two hands of strength uniform on [0, 1]. This bot
plays it: on the river, heads-up, its hand's strength against the opponent's weighted range
(the hand strength of :mod:`pokerlab.agents.modelling.agent`, weighted by the opponent's table) is its
rank ``x`` in [0, 1]; the pot at the start of the river, in river bets, is the patent's ``P``;
the game is patent game 3 (limit bets, a bet and two raises, check-raise allowed), solved once
exactly with ``P`` symbolic (:func:`pokerlab.threshold.solving.solve.solve`) and evaluated at the pot.
The bot is P1 when it acts first on the river. Its action is the one the solution's plan
for ``x`` takes at the betting so far, bluffs included (the low ``b1``, ``b2``, ``r2``...
intervals bet or raise). Earlier streets, more than two players, and raises beyond the
game's cap use Loki A's rules (:mod:`pokerlab.agents.loki.bot`).

Examples
--------
>>> plan = river_plan()
>>> plan.action(x=0.97, player=1, history=()), plan.action(x=0.5, player=1, history=())
('bet', 'pass')
>>> plan.action(x=0.93, player=1, history=(), pot=3), plan.action(0.93, 1, ("pass", "bet"), pot=3)
('pass', 'raise')
>>> plan.action(x=0.05, player=1, history=(), pot=3)   # b1 = 0.068 at P = 3: a bluff
'bet'
>>> plan.action(x=0.2, player=2, history=("bet",), pot=3), plan.action(0.5, 2, ("bet",), pot=3)
('fold', 'call')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import sympy

from pokerlab.agents.base import Observation
from pokerlab.agents.loki.bot import LokiBot, LokiConfig
from pokerlab.agents.modelling.hand_strength import holding_values
from pokerlab.agents.registry import register_bot
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, DRAW, FOLD_ACTION, Action, Legal
from pokerlab.gamespec import BettingGame, Decision
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold import P, builtin_game
from pokerlab.threshold.solving.solve import Solution, solve


@dataclass(frozen=True)
class ThresholdConfig:
    """Constants of the threshold bot.

    Attributes
    ----------
    game
        The patent game played on the river (a built-in name of :mod:`pokerlab.threshold`).
    min_pot, max_pot
        The pot (in river bets) is clipped to this range, inside which the game's declared
        threshold order holds (game 3: 0.53 <= P <= 49.2).
    loki
        Loki A's constants for the other streets and fall-backs.
    """

    game: str = "patent-check-raise"
    min_pot: float = 1.0
    max_pot: float = 48.0
    loki: LokiConfig = field(default_factory=LokiConfig)


class RiverPlan:
    """The exact solution of a one-round patent game (pot symbolic or a number), playable at
    any pot: a built-in game's name, or a game with its solution."""

    def __init__(self, game: str | BettingGame, solution: Solution | None = None) -> None:
        self.game = builtin_game(game) if isinstance(game, str) else game
        solution = solution if solution is not None else solve(self.game)
        self.structure: Structure = solution.structure
        self.names = solution.names
        self._values = sympy.lambdify(P, [solution.exact[n] for n in self.names], "math")
        self.valid_for = solution.order_check.valid_for

    def thresholds(self, pot: float) -> dict[str, float]:
        """Threshold values at ``pot`` (in bets)."""
        return dict(zip(self.names, (float(v) for v in self._values(float(pot))), strict=True))

    def axis(self, player: int, history: tuple[str, ...], pot: float = 3.0
             ) -> tuple[list[float], list[str]] | None:
        """``player``'s (1 or 2) decision after ``history`` (game labels) at ``pot``: the
        thresholds of its branch, increasing, and the action played between them (one more
        than thresholds); ``None`` when the history is not a decision of ``player``."""
        node = self.game.root
        for label in history:
            if not isinstance(node, Decision) or label not in node.children:
                return None
            node = node.children[label]
        if not isinstance(node, Decision) or node.player != player:
            return None
        branch = None
        for b in self.structure.player_branches(player):
            inside = history[: len(b.history)] == b.history
            if inside and (branch is None or len(b.history) > len(branch.history)):
                branch = b
        if branch is None:
            return None
        values = self.thresholds(pot)
        cuts = [values[t.name] for t in self.structure.thresholds if t.branch == branch]
        plans = self.structure.axes[branch]
        return cuts, [plans[k].action_at(history) for k in range(len(cuts) + 1)]

    def action(self, x: float, player: int, history: tuple[str, ...], pot: float = 3.0) -> str | None:
        """The action of a hand of rank ``x`` for ``player`` (1 or 2) after ``history`` (game
        labels), or ``None`` when the history is not a decision of ``player`` in the game."""
        axis = self.axis(player, history, pot)
        if axis is None:
            return None
        cuts, actions = axis
        return actions[sum(1 for t in cuts if t < x)]


@lru_cache(maxsize=4)
def river_plan(game_name: str = "patent-check-raise") -> RiverPlan:
    """The (cached) :class:`RiverPlan` of a built-in patent game."""
    return RiverPlan(game_name)


def river_history(actions: list[tuple[int, int, int, int]], me: int,
                  street: int = 3) -> tuple[tuple[str, ...], int]:
    """River actions (those of ``street``: a draw game's last round is 1) as game labels
    (``pass``, ``bet``, ``raise``, ``reraise``, ``call``,
    ``fold``) and our player number in the game: 1 if the first river action is ours, 2 if it is
    the opponent's, -1 when nobody has acted yet (the caller decides by position).

    Examples
    --------
    >>> river_history([(2, 0, 1, 0), (3, 0, 1, 0), (3, 1, 2, 20), (3, 0, 2, 40)], me=0)
    (('pass', 'bet', 'raise'), 1)
    """
    labels: list[str] = []
    level = 0
    bets: dict[int, int] = {}
    top = 0
    first = None
    for on, pos, kind, amount in actions:
        if on != street or kind == DRAW:
            continue
        if first is None:
            first = pos
        if kind == 2:
            labels.append(("bet", "raise", "reraise")[min(level, 2)])
            level += 1
            bets[pos] = amount
            top = amount
        elif kind == 1:
            labels.append("call" if top > bets.get(pos, 0) else "pass")
            bets[pos] = bets.get(pos, 0) + amount
        else:
            labels.append("fold")
    return tuple(labels), (-1 if first is None else (1 if first == me else 2))


class ThresholdBot(LokiBot):
    """Loki A before the river; the dividing-point solution on a heads-up river."""

    name = "threshold"

    def __init__(self, config: ThresholdConfig | None = None, store_path: str | None = None) -> None:
        self.threshold_config = config or ThresholdConfig()
        super().__init__(self.threshold_config.loki, store_path)
        self.last_river: tuple[float, float, str] | None = None

    def act(self, observation: Observation) -> Action:
        if observation.street == 3 and observation.opponents_live == 1:
            self.observe(observation)
            action = self._river(observation)
            if action is not None:
                return action
        return super().act(observation)

    def _river(self, observation: Observation) -> Action | None:
        advice = river_advice(observation, self.evaluate(observation).hs, self.threshold_config)
        if advice is None:
            return None
        self.last_river = (advice.strength, advice.pot, advice.action)
        return river_action(advice.action, observation.legal)

    def policy_available(self) -> bool:
        cls = type(self)
        return super().policy_available() and cls.act is ThresholdBot.act and \
            cls._river is ThresholdBot._river

    def _policies(self, observation: Observation, combos: np.ndarray) -> np.ndarray:
        """Loki's policy (:meth:`LokiBot.range_policy`) but on a heads-up river inside the
        patent game's tree: each holding's action at its strength against the field array
        (Loki's where the plan of a hand of that strength never reaches this betting)."""
        if observation.street == 3 and observation.opponents_live == 1:
            hs = holding_values(tuple(observation.board), self.free_field(observation))[0]
            legal = observation.legal
            out = np.zeros((len(combos), 3))
            loki = []  # holdings whose plan does not reach this betting: Loki's rules, as in act
            for i, k in enumerate(combos):
                advice = river_advice(observation, float(hs[k]), self.threshold_config)
                if advice is None:
                    loki.append(i)
                else:
                    out[i, river_action(advice.action, legal).kind] = 1.0
            if loki:
                out[loki] = super()._policies(observation, combos[loki])
            return out
        return super()._policies(observation, combos)


def river_action(label: str, legal: Legal) -> Action:
    """The action the threshold bot plays for the game's ``label`` (a bet or raise when
    allowed, else a call; a fold only facing a bet)."""
    if label in ("bet", "raise", "reraise"):
        return Action(BET_RAISE, legal.min_raise_to) if legal.can_raise else CHECK_CALL_ACTION
    if label == "fold" and legal.can_fold:
        return FOLD_ACTION
    return CHECK_CALL_ACTION


def heads_up_betting(observation: Observation, street: int) -> tuple[tuple[str, ...], int]:
    """The heads-up betting so far on ``street`` as game labels, and the player's number in the
    game: 1 when it acts first on the street (the one acting first so far, or by position)."""
    me = observation.position
    other = next(p for p, alive in enumerate(observation.live) if alive and p != me)
    history, first = river_history(observation.actions, me, street)
    return history, ((1 if me < other else 2) if first == -1 else first)


class RiverAdvice(NamedTuple):
    """What the dividing-point solution plays at a heads-up river decision: the ``action``
    (the game's label: pass, bet, raise, reraise, call or fold) for a hand of rank
    ``strength``, with the river pot in big bets (``pot``, clipped to the game's range) and
    the ``player`` number in the game (1 acts first on the river)."""

    action: str
    strength: float
    pot: float
    player: int


def river_advice(observation: Observation, strength: float,
                 config: ThresholdConfig | None = None) -> RiverAdvice | None:
    """The patent solution's action for a hand of rank ``strength`` at the player's heads-up
    river decision in ``observation`` (the threshold bot's river play, and the coach's advice),
    or ``None`` off a heads-up river or when the betting has left the game's tree."""
    if observation.street != 3 or observation.opponents_live != 1:
        return None
    c = config or ThresholdConfig()
    history, player = heads_up_betting(observation, 3)
    river_pot = observation.pot - sum(observation.bets)
    pot = min(max(river_pot / observation.game.big_bet, c.min_pot), c.max_pot)
    label = river_plan(c.game).action(strength, player, history, pot)
    return None if label is None else RiverAdvice(label, float(strength), pot, player)


@register_bot("threshold", "limit: Loki A before the river; on a heads-up river the patent's "
                           "dividing-point solution (game 3, check-raise) at the pot, ranked by "
                           "strength against the opponent's weighted range")
class Threshold(ThresholdBot):
    """The registered threshold bot (options are :class:`ThresholdConfig` fields)."""

    def __init__(self, store_path: str | None = None, **changes: object) -> None:
        super().__init__(replace(ThresholdConfig(), **changes), store_path)  # type: ignore[arg-type]
