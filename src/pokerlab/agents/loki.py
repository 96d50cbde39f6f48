"""Loki, the Alberta limit Hold'em program, and the five versions of its self-play experiment.

From the Alberta paper (Billings, Papp, Schaeffer, Szafron), with the re-weighting of Waterloo §3.4.1:

**Pre-flop** (income-rate selection). Every holding's income rate comes from a simulation
against random opponents who never fold (:mod:`pokerlab.agents.preflop_values`). A hand's
*strategy level* is how many bets it will put in: ``make4`` (raise until four bets),
``make2`` (raise to two bets, then call anything), ``make1`` (call one bet), ``make0`` (check
or fold). The *advanced* selection ranks the hand in the table for the number of opponents
still in the hand (:func:`preflop_value`) and lowers the ``make1`` threshold in late
position; the *simplistic* one (version C) uses the ten-player table and the early-position
threshold everywhere.

**After the flop**: hand strength against each live opponent's weight table (HS_n = product),
one-card positive potential PPOT1 (Alberta: "even on the flop we use only one card look ahead
for Ppot"), EHS = HS_n + (1 - HS_n) PPOT1. Bet when nobody has bet and EHS >= ``bet_threshold``
(0.5, the paper's example); raise a bet when EHS >= ``raise_threshold``; call one bet when
EHS >= ``call_threshold`` (a hand above the raise threshold calls any number); otherwise call
when PPOT1 > pot odds (flop, turn: drawing odds) or on the river when HS_n > pot odds (the
paper's $100 pot / $20 bet example), else fold.
Pot odds = to_call / (pot + to_call). Without potential (versions D and E) there are no
pot-odds calls at all: the paper's D "lacks the computation of hand potential, which is used
in modifying the effective hand strength and calling with proper pot odds".

**Versions** (the paper's Figure 1): A full; B no weighting (uniform opponent tables);
C simplistic pre-flop; D no potential (EHS = HS_n, no pot-odds calls); E basic (none of the
three).

Examples
--------
The Alberta worked example: it is $20 to us and the pot is $175; pot odds
20 / 195 = 0.103 are below PPOT1 = 0.108 of A♦Q♣ / 3♥4♣J♥, so Loki calls:

>>> decision = postflop_decision(ehs=0.15, hs_n=0.069, ppot1=0.108, to_call=20, pot=175,
...                              river=False, config=LokiConfig())
>>> decision, round(pot_odds(20, 175), 3)
('call', 0.103)
>>> postflop_decision(0.15, 0.069, 0.108, 0, 175, False, LokiConfig())
'check'
>>> postflop_decision(0.15, 0.069, 0.108, 20, 175, False, LokiConfig(use_potential=False))
'fold'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pokerlab.agents.base import Observation
from pokerlab.agents.modelling import ModellingAgent
from pokerlab.agents.preflop_values import DEFAULT_TRIALS, income_percentiles, income_rates
from pokerlab.agents.registry import register_variant
from pokerlab.cards import combo_index
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, FOLD_ACTION, Action
from pokerlab.strength import pot_odds


@dataclass(frozen=True)
class LokiConfig:
    """Every constant of a Loki bot, with its default.

    Attributes
    ----------
    weighting
        Weighted opponent tables (version B: False, uniform tables).
    reweighting
        Re-weight the tables after each opponent action (Algorithm 7, the opponent modelling
        of the later Alberta work). False keeps every table at its pre-flop template, the
        weights of a typical player's hand selection from the income-rate simulation: the
        Alberta paper's Lokibot ("treats all opponents the same ... the common weights are
        based on the simulations of the 169 different starting hand types").
    advanced_preflop
        Income-rate table for the number of opponents and position-dependent ``make1``
        (version C: False, the ten-player table and no position adjustment).
    use_potential
        PPOT1 in EHS and pot-odds calls (version D: False).
    make4, make2
        Income-rate thresholds (stakes per game, against the table's opponents) for raising
        to four and two bets (chosen here: the seeds give no values).
    make1_early, make1_late
        ``make1`` threshold in first and last position (linear in between; chosen here).
    bet_threshold, raise_threshold, call_threshold
        EHS needed to bet, to raise a bet, to call one bet on EHS alone.
    lowest_weight, highest_weight, delta_scale
        Re-weighting constants (0.01 / 1.0 per docs/errata.md; ``delta = delta_scale * (1 - mu)``,
        ``delta_scale`` chosen here).
    preflop_trials
        Games per class of the income-rate simulation.
    showdown_odds_before_river, future_bets
        Also call on the flop and turn when EHS beats the showdown odds counting
        ``future_bets`` big bets per later street (off, as the paper: only EHS and drawing odds).
    river_showdown_odds
        On the river call a bet when HS_n beats the pot odds (the paper's "$100 pot, $20 bet,
        20% to win: call" example; Loki-1's showdown odds). Off, the river follows the
        paper's rule for Lokibot literally: "we call when Ppot > pot_odds", and PPOT is 0 on
        the river. The tournament's order is sensitive to it: off, B (uniform tables) wins
        the field, because A folds to the bets of B's over-optimistic strength estimates.
    """

    weighting: bool = True
    reweighting: bool = True
    advanced_preflop: bool = True
    use_potential: bool = True
    make4: float = 0.58
    make2: float = 0.20
    make1_early: float = 0.05
    make1_late: float = -0.05
    bet_threshold: float = 0.5
    raise_threshold: float = 0.85
    call_threshold: float = 0.5
    lowest_weight: float = 0.01
    highest_weight: float = 1.0
    delta_scale: float = 0.4
    preflop_trials: int = DEFAULT_TRIALS
    showdown_odds_before_river: bool = False
    future_bets: float = 1.0
    river_showdown_odds: bool = True


VERSIONS: dict[str, LokiConfig] = {
    "a": LokiConfig(),
    "b": LokiConfig(weighting=False),
    "c": LokiConfig(advanced_preflop=False),
    "d": LokiConfig(use_potential=False),
    "e": LokiConfig(weighting=False, advanced_preflop=False, use_potential=False),
}
"""The five versions of the Alberta self-play experiment."""


def preflop_level(income_rate: float, position_fraction: float, config: LokiConfig) -> int:
    """Bets a hand will put in before the flop: 4, 2, 1 or 0.

    ``position_fraction`` is 0 for the first to act and 1 for the last (ignored by the
    simplistic selection).

    Examples
    --------
    >>> c = LokiConfig()
    >>> preflop_level(0.7, 0.0, c), preflop_level(0.3, 0.0, c), preflop_level(0.0, 1.0, c)
    (4, 2, 1)
    >>> from dataclasses import replace
    >>> preflop_level(0.0, 0.0, c), preflop_level(0.0, 0.0, replace(c, advanced_preflop=False))
    (0, 0)
    """
    if income_rate >= config.make4:
        return 4
    if income_rate >= config.make2:
        return 2
    if config.advanced_preflop:
        make1 = config.make1_early + (config.make1_late - config.make1_early) * position_fraction
    else:
        make1 = config.make1_early
    return 1 if income_rate >= make1 else 0


def preflop_order_fraction(position: int, players: int) -> float:
    """Where ``position`` acts in the pre-flop betting round: 0 for the first to act, 1 for the
    last.

    Pre-flop the player after the big blind acts first and the blinds act last (heads-up the
    button, who posts the small blind, acts first): this is the position the ``make1``
    threshold is judged by, not the post-flop order (which starts at the small blind).

    Examples
    --------
    >>> [round(preflop_order_fraction(p, 10), 3) for p in (2, 9, 0, 1)]   # UTG, button, SB, BB
    [0.0, 0.778, 0.889, 1.0]
    >>> preflop_order_fraction(1, 2), preflop_order_fraction(0, 2)        # button, big blind
    (0.0, 1.0)
    """
    if players < 2:
        return 1.0
    first = 1 if players == 2 else 2  # after the big blind (heads-up: the button, position 1)
    return ((position - first) % players) / (players - 1)


def preflop_value(combo: int, opponents: int, trials: int = DEFAULT_TRIALS) -> float:
    """The income rate a holding is judged by before the flop, on the ten-player scale.

    Against 9 opponents it is the holding's income rate. Against fewer, the holding is ranked
    in the income-rate table for that many opponents (hands rank differently heads-up than
    ten-handed) and given the ten-player income rate of the same rank, so that the ``make``
    thresholds (in ten-player income rates) keep their meaning: the number of opponents
    changes *which* hands are played, not how many.

    Examples
    --------
    >>> from pokerlab.cards import combo_index, parse_cards
    >>> ak, nine_eight = combo_index(*parse_cards("AsKd")), combo_index(*parse_cards("9s8s"))
    >>> preflop_value(ak, 1, 2000) > preflop_value(ak, 9, 2000)     # AKo ranks higher heads-up
    True
    >>> preflop_value(nine_eight, 1, 2000) < preflop_value(nine_eight, 9, 2000)
    True
    """
    if opponents >= 9:
        return float(income_rates(9, trials)[combo])
    rank = float(income_percentiles(opponents, trials)[combo])
    return float(np.quantile(_sorted_rates(trials), rank))


@lru_cache(maxsize=4)
def _sorted_rates(trials: int) -> np.ndarray:
    return np.sort(income_rates(9, trials))


def preflop_action(level: int, bets_now: int, bets_mine: int, can_raise: bool) -> str:
    """``'raise'``, ``'call'``, ``'check'`` or ``'fold'`` for a strategy level, given the bets
    (in small bets) of the current bet and of our own contribution.

    Examples
    --------
    >>> preflop_action(2, 1, 0, True), preflop_action(2, 3, 1, True), preflop_action(1, 2, 0, True)
    ('raise', 'call', 'fold')
    >>> preflop_action(0, 1, 1, True), preflop_action(1, 1, 0, True), preflop_action(4, 3, 2, True)
    ('check', 'call', 'raise')
    >>> preflop_action(1, 2, 1, True)  # the big blind defends against one raise
    'call'
    """
    if bets_now <= bets_mine:
        return "raise" if bets_now < level and can_raise else "check"
    if bets_now < level and can_raise:
        return "raise"
    # make2 and better call anything; make1 calls when one more bet keeps it in the hand.
    if level >= 2 or (level == 1 and bets_now - bets_mine <= 1):
        return "call"
    return "fold"


def postflop_decision(ehs: float, hs_n: float, ppot1: float, to_call: int, pot: int, river: bool,
                      config: LokiConfig, bets_to_call: int = 1, can_raise: bool = True,
                      bet_size: int = 20) -> str:
    """Loki's action after the flop: ``'raise'`` (bet or raise), ``'call'``, ``'check'``, ``'fold'``."""
    if to_call == 0:
        return "raise" if ehs >= config.bet_threshold and can_raise else "check"
    if ehs >= config.raise_threshold:
        return "raise" if can_raise else "call"  # a make2 hand calls any number of bets
    if ehs >= config.call_threshold and bets_to_call <= 1:
        return "call"
    if not config.use_potential:
        return "fold"  # version D: "calling with proper pot odds" needs the potential
    odds = pot_odds(to_call, pot)
    if not river and ppot1 > odds:
        return "call"  # drawing odds: the next card makes us the favourite often enough
    if river:
        return "call" if config.river_showdown_odds and hs_n > odds else "fold"  # showdown odds
    if config.showdown_odds_before_river:
        # The chance of winning now against the price, counting the bets still to come.
        future = config.future_bets * bet_size
        if ehs > (to_call + future) / (pot + to_call + 2 * future):
            return "call"
    return "fold"


class LokiBot(ModellingAgent):
    """A Loki version (see the module notes)."""

    name = "loki"

    def __init__(self, config: LokiConfig | None = None, store_path: str | None = None) -> None:
        self.config = config or LokiConfig()
        c = self.config
        self.weighting = c.weighting
        self.reweighting = c.reweighting
        self.lowest_weight, self.highest_weight = c.lowest_weight, c.highest_weight
        self.delta_scale = c.delta_scale
        self.preflop_trials = c.preflop_trials
        super().__init__(store_path)
        self.last_evaluation = None

    uses_rng = False

    def act(self, observation: Observation) -> Action:
        self.observe(observation)
        legal = observation.legal
        choice = self._preflop(observation) if observation.street == 0 else self._postflop(observation)
        if choice == "raise" and legal.can_raise:
            return Action(BET_RAISE, legal.min_raise_to)
        if choice == "fold" and legal.can_fold:
            return FOLD_ACTION
        return CHECK_CALL_ACTION

    def _preflop(self, observation: Observation) -> str:
        c = self.config
        hole = observation.hole
        idx = combo_index(hole[0], hole[1])
        n = observation.players
        ir = preflop_value(idx, observation.opponents_live if c.advanced_preflop else 9,
                           c.preflop_trials)
        fraction = preflop_order_fraction(observation.position, n)
        level = preflop_level(ir, fraction, c)
        unit = observation.game.small_bet
        bets = observation.bets
        bets_now = max(bets) // unit
        bets_mine = bets[observation.position] // unit
        return preflop_action(level, bets_now, bets_mine, observation.legal.can_raise)

    def _postflop(self, observation: Observation) -> str:
        c = self.config
        e = self.evaluate(observation)
        ehs = e.hs_n + (1.0 - e.hs_n) * e.ppot1 if c.use_potential else e.hs_n
        self.last_evaluation = (e, ehs)
        legal = observation.legal
        bet = observation.game.small_bet if observation.street < 2 else observation.game.big_bet
        bets_to_call = int(np.ceil(legal.to_call / bet)) if legal.to_call else 0
        return postflop_decision(ehs, e.hs_n, e.ppot1, legal.to_call, observation.pot,
                                 observation.street == 3, c, bets_to_call, legal.can_raise,
                                 observation.game.big_bet)


def _version(letter: str, description: str) -> type[LokiBot]:
    return register_variant(LokiBot, f"loki-{letter}", description, VERSIONS[letter],
                            f"Loki{letter.upper()}")


LokiA = _version("a", "Loki A (limit): income-rate pre-flop by position and opponents, weighted "
                      "hand strength, one-card potential, EHS and pot odds")
LokiB = _version("b", "Loki B (limit): Loki A without opponent weighting (uniform tables)")
LokiC = _version("c", "Loki C (limit): Loki A with the simplistic pre-flop selection")
LokiD = _version("d", "Loki D (limit): Loki A without hand potential (EHS = HS_n, no pot-odds calls)")
LokiE = _version("e", "Loki E (limit): basic: no weighting, simplistic pre-flop, no potential")
