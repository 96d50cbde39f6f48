"""The ``draw-threshold`` bot: five-card draw played from the patent's method, the whole hand.

The patent (US 6,129,631) was written for five-card draw. This bot plays every round of a
heads-up hand from it:

* **The first round and the draw** come from the whole-hand equilibrium of heads-up five-card
  draw on hand classes (:mod:`pokerlab.agents.draw.game`: the equilibrium engine's solution
  of the class game of the table's betting, limit or pot limit, read as the patent's
  dividing points per decision). The bot's hand is its pre-draw class
  (:mod:`pokerlab.agents.draw.classes`); at each first-round decision it plays the reading's
  action probabilities for its class and seat (the class's share of each segment between
  the dividing points), and at the draw it draws the number of cards the reading gives its
  class after the first round's betting (and, second to draw, after the opponent's count),
  keeping the cards :func:`pokerlab.agents.draw.classes.keep_mask` keeps. Bets and raises
  are the solved tree's; a line beyond it (a no-limit bet of another size is read as the
  tree's bet) plays the textbook rules.
* **The final round** is the patent's one-round game with the table's rules, as before:
  the pot at the start of the round in units of the bet (``P``; limit: the round's bet), the
  game's raise cap (two raises after the bet when the game has none), check-raising allowed,
  and the bot's seat (P1 acts first after the draw). Limit with the cap of two is patent game
  3 (:data:`pokerlab.threshold.BUILTIN_GAMES` ``patent-check-raise``), solved once exactly with
  ``P`` symbolic; the pot is clipped to :attr:`DrawThresholdConfig.min_pot` ..
  :attr:`~DrawThresholdConfig.max_pot`, inside which its threshold order holds. Other caps
  and pot limit (bets and raises the size of the pot, as the patent's Table 4 counts them; a
  pot-limit game's thresholds do not depend on the pot) are the same rules built by
  :func:`pokerlab.threshold.rules_game`, their threshold order found by
  :func:`pokerlab.threshold.discovering.discover` (cached per game and pot). No-limit plays the pot-limit
  solution with pot-sized bets.
* **The hand** on the final round: its rank ``x`` is the mid-rank strength of its five cards
  against the opponent's range after the draw. With ``final_range="class-game"`` (the
  default, heads-up from the deal) the range is the class game's: the opponent's classes
  weighted by the reading's probability of its first-round actions and its draw (card
  removal by the joint class distribution given the bot's class), each class's final hands
  after drawing the opponent's number of cards, mixed with a uniformly random hand as
  :func:`pokerlab.agents.draw.ranges.opponent_range` mixes the rules' ranges (in the measure
  the opponent draws that many cards more often than the rules do: a bot that stands pat on
  anything is not credited with the pat hands of the solution). Otherwise (``"draws"``, and hands that began
  with more players) it depends on the number of cards drawn only
  (:func:`pokerlab.agents.draw.ranges.opponent_range`, learned per opponent over the match).
* **The virtual hands.** A threshold ``t`` of the solution falls between two real hands,
  strengths ``s_lo <= t < s_hi``. The two neighbours mix as the patent's virtual hand says
  (FIG. 29, :func:`pokerlab.threshold.reporting.hands.virtual_hand`): ``mixing="below"`` (claim 15) the
  hand below plays the upper side ``b / (a + b)`` of the time, ``"above"`` (claim 16) the hand
  above plays the lower side ``a / (a + b)`` of the time, ``"both"`` (claim 17) both; each
  threshold mixes on its own.

Three players (limit): the first round comes from the first round for three
(:mod:`pokerlab.agents.draw.game3`: the equilibrium engine's three-player CFR on the classes,
with the rules' draws and a showdown after it, read as dividing points); the draw follows the
textbook keep rules, a final round with two opponents the textbook rules, and a final round
left heads-up the patent's solution (its range by the cards drawn). Four or more players, and
three at pot limit or no limit: the first round and the draw follow the textbook rules of
:mod:`pokerlab.agents.draw.rules`.
``first_round="rules"`` plays the textbook first round and draw heads-up too (the bot of
before the class game).

Examples
--------
>>> mix = final_round_mix(0.5, 0.45, 0.6, [0.2, 0.55], ["bet", "pass", "bet"], "below")
>>> {k: round(p, 3) for k, p in mix.items()}   # 0.5, just below 0.55, plays interval 2 half the time
{1: 0.5, 2: 0.5}
>>> final_round_mix(0.5, 0.45, 0.6, [0.2, 0.55], ["bet", "pass", "bet"], "above")
{1: 1.0}
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from pokerlab.agents.base import Observation
from pokerlab.agents.draw.classes import MAX_DRAW, hand_class, keep_mask, transitions
from pokerlab.agents.draw.game import ClassSolution, settings_for, solve
from pokerlab.agents.draw.ranges import credibility, opponent_range, strengths, uniform_range
from pokerlab.agents.draw.rules import DrawRulesBot, DrawRulesConfig, pot_sized_raise
from pokerlab.agents.registry import register_bot
from pokerlab.agents.threshold_bot import RiverPlan, heads_up_betting, river_plan
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, CHECK_CALL_ACTION, DRAW, FOLD, FOLD_ACTION, Action

MIXING_MODES = ("below", "above", "both")
FIRST_ROUNDS = ("class-game", "rules")
READINGS = ("read", "engine")
FINAL_RANGES = ("class-game", "draws")
UNCAPPED_RAISES = 2
"""Raises after the bet in the solved tree of a game without a raise cap (the patent's games)."""


@dataclass(frozen=True)
class DrawThresholdConfig:
    """Constants of the ``draw-threshold`` bot.

    Attributes
    ----------
    mixing
        The virtual-hand mode: ``below`` (claim 15), ``above`` (claim 16) or ``both`` (claim 17).
        ``above`` by default: the least exploitable of the three on real hands
        (:mod:`pokerlab.arena.draw_exactness`: 0.00034, 0.00095 and 0.00035 bets per hand
        when both players drew 3, 1 and 5 cards, against 0.00031, 0.0029, 0.00043 for
        ``below`` and 0.0006, 0.0019, 0.00067 for ``both``).
    min_pot, max_pot
        The limit pot (in bets) is clipped to this range, inside which patent game 3's
        threshold order holds (0.53 <= P <= 49.2).
    first_round
        ``class-game``: the heads-up first round and draw from the class game's solution;
        ``rules``: from the textbook rules.
    reading
        ``read``: the dividing-point reading of the class game's solution; ``engine``: the
        solver's strategy itself.
    final_range
        The opponent's range on the final round: ``class-game`` (its first-round line and
        draw under the class game's solution) or ``draws`` (the number of cards it drew).
    rules
        The textbook rules for what the solutions do not cover.
    """

    mixing: str = "above"
    min_pot: float = 1.0
    max_pot: float = 48.0
    first_round: str = "class-game"
    reading: str = "read"
    final_range: str = "class-game"
    rules: DrawRulesConfig = field(default_factory=DrawRulesConfig)

    def __post_init__(self) -> None:
        for name, allowed in (("mixing", MIXING_MODES), ("first_round", FIRST_ROUNDS),
                              ("reading", READINGS), ("final_range", FINAL_RANGES)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name}: one of {', '.join(allowed)}, not {getattr(self, name)!r}")


@functools.lru_cache(maxsize=32)
def final_round_plan(bet: str, raise_cap: int, pot: float | None = None) -> RiverPlan:
    """The exact solution of the heads-up final round: ``bet`` ``"limit"`` or ``"pot-limit"``,
    ``raise_cap`` raises after the bet, check-raising allowed. Limit with two raises is patent
    game 3 with the pot symbolic (``pot`` unused); otherwise the game at ``pot`` (pot limit:
    any pot, the thresholds do not depend on it) with its order found by discovery."""
    if bet == "limit" and raise_cap == 2:
        return river_plan("patent-check-raise")
    from pokerlab.threshold import discover, rules_game

    game = rules_game(f"draw-final-{bet}-{raise_cap}", pot=1 if pot is None else pot, bet=bet,
                      raise_cap=raise_cap, check_raise=True,
                      description="the heads-up final round of five-card draw")
    return RiverPlan(game, discover(game).solution)


def interval_probabilities(x: ArrayLike, below: ArrayLike, above: ArrayLike, cuts: Sequence[float],
                           mixing: str) -> np.ndarray:
    """For hands of ranks ``x`` (an array), the probability of playing each interval of an axis
    with thresholds ``cuts`` (increasing): shape ``(hands, len(cuts) + 1)``. ``below`` and
    ``above`` are the strengths of each hand's nearest weaker and stronger real hands (NaN at
    the ends). A hand that is the nearest below a threshold ``t`` (``x <= t < above``) crosses
    it ``b / (a + b) = (above - t) / (above - x)`` of the time in the modes ``below`` and
    ``both``; the nearest above (``below <= t < x``) crosses down ``a / (a + b) =
    (t - below) / (x - below)`` of the time in ``above`` and ``both`` (the patent's virtual
    hand, :func:`pokerlab.threshold.reporting.hands.virtual_hand`); each threshold on its own."""
    x = np.atleast_1d(np.asarray(x, dtype=float))
    lo = np.atleast_1d(np.asarray(below, dtype=float))
    hi = np.atleast_1d(np.asarray(above, dtype=float))
    spread = np.zeros((len(x), len(cuts) + 1))
    spread[np.arange(len(x)), np.searchsorted(np.asarray(cuts, dtype=float), x, side="left")] = 1.0
    with np.errstate(divide="ignore", invalid="ignore"):
        for t in cuts:
            up = np.zeros(len(x))
            down = np.zeros(len(x))
            if mixing != "above":
                up = np.where((x <= t) & (hi > t), (hi - t) / (hi - x), 0.0)
            if mixing != "below":
                down = np.where((x > t) & (lo <= t), (t - lo) / (x - lo), 0.0)
            moved = spread * (1.0 - up - down)[:, None]
            moved[:, 1:] += spread[:, :-1] * up[:, None]
            moved[:, :-1] += spread[:, 1:] * down[:, None]
            spread = moved
    return spread


def final_round_mix(x: float, below: float | None, above: float | None, cuts: Sequence[float],
                    actions: Sequence[str | None], mixing: str) -> dict[int, float]:
    """The probability of each interval ``k`` of an axis with thresholds ``cuts`` for one hand
    of rank ``x`` (``below`` and ``above``: the nearest real hands' strengths, ``None`` at the
    ends; see :func:`interval_probabilities`), among the intervals whose plan reaches this
    decision (``actions[k]`` not ``None``), renormalised."""
    nan = float("nan")
    row = interval_probabilities([x], [nan if below is None else below],
                                 [nan if above is None else above], cuts, mixing)[0]
    weights = {k: float(q) for k, q in enumerate(row) if q > 1e-12 and actions[k] is not None}
    total = sum(weights.values())
    return {k: q / total for k, q in weights.items()} if total > 0 else {}


class FinalRound(NamedTuple):
    """A heads-up final-round decision: the hand's rank ``x`` against the opponent's range
    (the opponent ``drew`` cards), the pot in bets, the player number in the game (1 acts
    first), the probability of each action and the action taken (the game's labels)."""

    x: float
    drew: int
    pot: float
    player: int
    mix: dict[str, float]
    action: str


def rank_against(value: int, p: np.ndarray) -> tuple[float, float | None, float | None]:
    """The strength of hand value ``value`` against the range ``p`` and those of the nearest
    weaker and stronger hand values (``None`` at the ends)."""
    s = strengths(p)
    x = float(s[value])
    lo = int(np.searchsorted(s, x, side="left")) - 1
    hi = int(np.searchsorted(s, x, side="right"))
    return x, (float(s[lo]) if lo >= 0 else None), (float(s[hi]) if hi < len(s) else None)


def first_round_labels(actions: Sequence[tuple[int, int, int, int]]) -> tuple[str, ...]:
    """The first round's actions as the class game's labels (``check``, ``bet``, ``call``,
    ``raise``, ``fold``).

    >>> first_round_labels([(0, 0, 1, 0), (0, 1, 2, 2), (0, 0, 2, 4), (1, 0, 3, 3)])
    ('check', 'bet', 'raise')
    """
    out: list[str] = []
    bets = 0
    for street, _, kind, _ in actions:
        if street != 0 or kind == DRAW:
            continue
        if kind == BET_RAISE:
            out.append("raise" if bets else "bet")
            bets += 1
        elif kind == CHECK_CALL:
            out.append("call" if bets else "check")
        elif kind == FOLD:
            out.append("fold")
    return tuple(out)


class DrawThresholdBot(DrawRulesBot):
    """The class game's first round and draw heads-up, the patent's final round, the textbook
    rules elsewhere (see the module)."""

    name = "draw-threshold"
    uses_rng = True

    def __init__(self, config: DrawThresholdConfig | None = None) -> None:
        self.threshold_config = config or DrawThresholdConfig()
        super().__init__(self.threshold_config.rules)
        self.seen: dict[object, dict[int, int]] = {}
        self.last_final: FinalRound | None = None
        self._chosen: dict[tuple[float, ...], int] = {}
        self._class: int | None = None  # the pre-draw class of the hand being played

    def begin_hand(self, observation: Observation) -> None:
        self._chosen = {}
        self.last_final = None
        self._class = hand_class(observation.hole) if len(observation.hole) == 5 else None

    def act(self, observation: Observation) -> Action:
        final = len(observation.game.rules.streets) - 1
        if (observation.street == final and observation.opponents_live == 1
                and not observation.legal.max_discards):
            decision = self.final_round(observation)
            if decision is not None:
                self.last_final = decision
                return self._play(decision.action, observation)
        elif observation.street < final or observation.legal.max_discards:
            action = self.pre_draw(observation)
            if action is not None:
                return action
        return super().act(observation)

    def solution(self, observation: Observation) -> ClassSolution | None:
        """The class game's solution for a heads-up hand of this table (``None`` with more
        players, beyond the solved trees, or when the configuration plays the rules)."""
        game = observation.game
        if (self.threshold_config.first_round != "class-game" or observation.players != 2
                or game.small_blind or game.big_blind):  # the class games have antes only
            return None
        settings = settings_for(game.kind, game.raise_cap)
        return None if settings is None else solve(settings)

    def pre_draw(self, observation: Observation) -> Action | None:
        """The class game's action at a first-round or draw decision, or ``None`` off its tree."""
        if observation.players == 3 and not observation.legal.max_discards:
            return self.first_round_for_three(observation)
        solution = self.solution(observation)
        if solution is None:
            return None
        history = first_round_labels(observation.actions)
        me = observation.position
        if observation.legal.max_discards:
            counts = [min(amount, MAX_DRAW) for _, p, kind, amount in observation.actions
                      if kind == DRAW and p != me]
            history = history + tuple(f"draw {k}" for k in counts)
        try:
            decision = solution.decision(history, self.threshold_config.reading)
        except KeyError:
            return None
        if decision.player != me:
            return None
        row = decision.probs[hand_class(observation.hole)]
        label = decision.actions[self.rng.choices(range(len(row)), list(row))[0]]
        if observation.legal.max_discards:
            return Action(DRAW, keep_mask(observation.hole, int(label.split()[1])))
        return self._play(label, observation)

    def first_round_for_three(self, observation: Observation) -> Action | None:
        """A three-handed first-round action from the first round for three
        (:mod:`pokerlab.agents.draw.game3`, limit with the cap of two), or ``None``."""
        game = observation.game
        if (self.threshold_config.first_round != "class-game" or not game.is_limit
                or game.raise_cap not in (None, 2) or game.small_blind or game.big_blind):
            return None
        from pokerlab.agents.draw.game3 import solve3

        try:
            decision = solve3().decision(first_round_labels(observation.actions),
                                         self.threshold_config.reading)
        except KeyError:
            return None
        if decision.player != observation.position:
            return None
        row = decision.probs[hand_class(observation.hole)]
        return self._play(decision.actions[self.rng.choices(range(len(row)), list(row))[0]], observation)

    def class_game_range(self, observation: Observation, other: int, drew: int) -> np.ndarray | None:
        """The opponent's final-hand distribution under the class game (see the module), or
        ``None`` when the hand is off its tree."""
        solution = self.solution(observation)
        if solution is None:
            return None
        history = first_round_labels(observation.actions)
        draws = {p: min(amount, MAX_DRAW) for _, p, kind, amount in observation.actions if kind == DRAW}
        if len(draws) != 2:
            return None
        history = history + tuple(f"draw {draws[p]}" for p in sorted(draws))
        try:
            solution.decision(history[:-1], self.threshold_config.reading)
        except KeyError:
            return None
        s = solution.settings
        counts, joint = transitions(s.samples, s.seed)
        prior = joint[self._class] if self._class is not None else joint.sum(axis=0)
        weight = prior * solution.reach(history, other, self.threshold_config.reading)
        if weight.sum() <= 0:
            return None
        k = min(drew, MAX_DRAW)
        final = counts[:, k, :] / np.maximum(counts[:, k, :].sum(axis=1, keepdims=True), 1)
        w = credibility(drew, self.seen.get(self._opponent(observation, other), {}))
        return w * ((weight / weight.sum()) @ final) + (1.0 - w) * uniform_range()  # type: ignore[no-any-return]

    def _opponent(self, observation: Observation, position: int) -> object:
        names = observation.player_names
        return names[position] if names is not None else position

    def final_round(self, observation: Observation) -> FinalRound | None:
        """The solution's decision at a heads-up final-round turn, or ``None`` when the betting
        has left the solved tree."""
        from pokerlab.evaluate import evaluate

        game = observation.game
        street = observation.street
        me = observation.position
        other = next(p for p, alive in enumerate(observation.live) if alive and p != me)
        drew = next((amount for s, p, kind, amount in observation.actions
                     if kind == DRAW and p == other), 0)
        history, player = heads_up_betting(observation, street)
        p = (self.class_game_range(observation, other, drew)
             if self.threshold_config.final_range == "class-game" else None)
        if p is None:
            p = opponent_range(drew, self.seen.get(self._opponent(observation, other), {}))
        x, below, above = rank_against(evaluate(observation.hole), p)
        pot = (observation.pot - sum(observation.bets)) / game.street_bet(street)
        cap = UNCAPPED_RAISES if game.raise_cap is None else game.raise_cap
        if game.is_limit:
            pot = min(max(pot, self.threshold_config.min_pot), self.threshold_config.max_pot)
            plan = final_round_plan("limit", cap, None if cap == 2 else round(pot, 1))
        else:
            plan = final_round_plan("pot-limit", cap)
        axis = plan.axis(player, history, pot)
        if axis is None:
            return None
        cuts, actions = axis
        # A virtual hand plays one side's whole plan: the interval is drawn once per hand and
        # axis (the player's later decisions on the branch follow it).
        mix = final_round_mix(x, below, above, cuts, actions, self.threshold_config.mixing)
        if not mix:
            return None
        k = self._chosen.get(tuple(cuts))
        if k is None or actions[k] is None:
            ks = list(mix)
            k = ks[0] if len(ks) == 1 else self.rng.choices(ks, [mix[i] for i in ks])[0]
            self._chosen[tuple(cuts)] = k
        by_label: dict[str, float] = {}
        for i, q in mix.items():
            by_label[actions[i]] = by_label.get(actions[i], 0.0) + q  # type: ignore[index]
        return FinalRound(x, drew, pot, player, by_label, actions[k])  # type: ignore[arg-type]

    def _play(self, label: str, observation: Observation) -> Action:
        legal = observation.legal
        if label in ("bet", "raise", "reraise"):
            return pot_sized_raise(observation) if legal.can_raise else CHECK_CALL_ACTION
        if label == "fold" and legal.can_fold:
            return FOLD_ACTION
        return CHECK_CALL_ACTION

    def end_hand(self, observation: Observation) -> None:
        # How many cards each opponent drew: the rate of each count shapes its ranges.
        for _, p, kind, amount in observation.actions:
            if kind == DRAW and p != observation.position:
                counts = self.seen.setdefault(self._opponent(observation, p), {})
                counts[amount] = counts.get(amount, 0) + 1


@register_bot("draw-threshold", "five-card draw from the patent's method: heads-up first round and "
                                "draw from the class game's dividing points, the final round from the "
                                "patent's solution (virtual hands); the textbook rules three-handed")
class DrawThreshold(DrawThresholdBot):
    """The registered ``draw-threshold`` bot (options are :class:`DrawThresholdConfig` fields)."""

    def __init__(self, **changes: object) -> None:
        super().__init__(replace(DrawThresholdConfig(), **changes))  # type: ignore[arg-type]
