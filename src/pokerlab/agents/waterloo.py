"""The Waterloo no-limit bots (Li, Zhang, Gao, §3-4): Phase I, Phase II and Phase III.

**Hand strength** (equation 3): HS = HR_n (1 + players_left / c), HR_n = HR ** n with HR the
strength against one random holding and n the opponents left; capped at 1. ``c`` is left open
by the report (docs/errata.md): default 6. **EHS** (equation 6) = HS + (1 - HS) PPOT, with one card of
look-ahead by default (``two_card_potential`` uses the report's two-card table on the flop).

**Phase I**: a simple pre-flop function (raise big pairs and AK, call pairs, two broadway
cards and suited aces, fold the rest) and Algorithm 4 on HS alone after the flop.

**Phase II**: Algorithm 3 before the flop on the simulation table (the report's Table 3 by
default): threshold = pw (1 + position / (2 players)); fold when position > 2 and pw < 0.3;
raise e^(X-1) of the stack, X = (threshold - 0.5) / 0.6, when the threshold is above 0.5; call
between 0.25 and 0.5; else fold. After the flop Algorithm 4 on EHS (raise above 0.8, call
above 0.4), then bluffing (Algorithm 5, with the missing ``else`` (docs/errata.md): below EHS 0.2,
with the profile's probability, bet on the flop; on the turn and river only with few players
and a small pot) and pot odds (Algorithm 6: call on the river when EHS > pot odds, before it
when PPOT > pot odds). Profiles bluff with probability 0.8 (aggressive), 0.5 (normal),
0.2 (conservative).

**Phase III**: Phase II plus the showdown statistics of §3.4.2 (see
:mod:`pokerlab.agents.modelling.opponent_model`): when a live opponent's betting signature so far has a
trusted model (10 samples, 5 with few players), Algorithm 8 decides. It compares like with
like: mu and delta are the mean and spread of the strengths the opponent's shown hands had on
*this* round's board after the same betting, and our hand is measured the same way (EHS
against one random holding on this board). The report compares its n-opponent EHS with the
shown hands' strength, which mixes two scales (a flop draw against a finished river hand,
one opponent against several). Algorithm 8: fold below mu - delta,
call below mu, raise 0.5 (1 + n) of the stack above mu + delta, else raise
e^(X-1) 0.5 of the stack with X = (EHS - mu) / delta. The *conservative* trust follows it
fully; the *aggressive* trust raises with probability 0.5 where it would fold (the report's
"abnormal behaviour" allowance).

Examples
--------
>>> c = WaterlooConfig(phase=2)
>>> algorithm3(pw=0.55, position=5, players=6, config=c)   # threshold 0.779: raise
('raise', 0.5858...)
>>> algorithm3(pw=0.25, position=4, players=6, config=c)   # position > 2 and pw < 0.3
('fold', 0.0)
>>> algorithm3(pw=0.3, position=1, players=6, config=c)
('call', 0.0)
>>> algorithm4(0.85), algorithm4(0.5), algorithm4(0.3)
('raise', 'call', 'fold')
>>> algorithm6(ehs=0.3, ppot=0.108, to_call=20, pot=175, river=False)   # 0.108 > 0.103
'call'
>>> algorithm8(ehs=0.2, mu=0.5, delta=0.1, u=0.9, aggressive=False)
('fold', 0.0)
>>> algorithm8(ehs=0.55, mu=0.5, delta=0.1, u=0.9, aggressive=False)
('raise', 0.3032...)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.agents.base import Observation
from pokerlab.agents.modelling.agent import UNIFORM_WEIGHTS, ModellingAgent
from pokerlab.agents.modelling.hand_strength import evaluate_hand, holding_values
from pokerlab.agents.modelling.opponent_model import Signature
from pokerlab.agents.modelling.preflop_values import table_values
from pokerlab.agents.registry import register_variant
from pokerlab.cards import ALL_COMBOS, combo_index
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, FOLD_ACTION, Action
from pokerlab.strength import hand_potential, pot_odds


@dataclass(frozen=True)
class WaterlooConfig:
    """Every constant of a Waterloo bot, with its default.

    Attributes
    ----------
    phase
        1, 2 or 3.
    bluff_rate
        Probability of bluffing when EHS < ``bluff_below`` (aggressive 0.8, normal 0.5,
        conservative 0.2); phase II and III.
    aggressive_trust
        Phase III: raise with probability ``abnormal_raise`` instead of folding below mu - delta.
    c
        The constant of equation 3 (open in the report).
    preflop_table
        The table Algorithm 3 reads ``percentageOfWins`` from (a shipped Waterloo table).
    fold_position, fold_below, raise_above, call_above, raise_scale
        Algorithm 3: fold when position > 2 and pw < 0.3; raise above 0.5 with
        X = (threshold - 0.5) / 0.6; call above 0.25.
    ehs_raise, ehs_call, bluff_below
        Algorithm 4 and 5 thresholds: 0.8, 0.4, 0.2.
    postflop_raise
        Post-flop bet / raise size as a fraction of the pot (open in the report).
    few_players, few_pot_bb
        Algorithm 5's FEW: at most this many players left, a pot of at most this many big blinds.
    few_bb, moderate_bb
        Amount buckets of the showdown statistics: chips put in a round up to ``few_bb`` big
        blinds are FEW, up to ``moderate_bb`` MODERATE, more MANY.
    trust_samples, trust_samples_few, few_players_model
        Samples a signature needs to be trusted (10; 5 with at most ``few_players_model`` players).
    abnormal_raise
        Aggressive trust: probability of raising where Algorithm 8 folds.
    two_card_potential
        Use PPOT with two cards to come on the flop (slower) instead of one.
    money_in_hand
        What the report's MONEY_IN_HAND (the base of the raise amounts of Algorithms 3 and 8)
        is: ``"stack"``, the player's chips (the report's figures plot "money in hand of each
        player"), or ``"pot"``, the money in the current hand.
    pot_odds_on_calls
        Phase II and III: a call of Algorithm 3 (4, 8) also needs the win rate (EHS) above the pot
        odds (pot odds "contribute to the betting strategies"; without this a call ignores the
        size of the bet).
    """

    phase: int = 2
    bluff_rate: float = 0.5
    aggressive_trust: bool = False
    c: float = 6.0
    preflop_table: str = "waterloo-simulation-4p"
    fold_position: int = 2
    fold_below: float = 0.3
    raise_above: float = 0.5
    call_above: float = 0.25
    raise_scale: float = 0.6
    ehs_raise: float = 0.8
    ehs_call: float = 0.4
    bluff_below: float = 0.2
    postflop_raise: float = 0.75
    few_players: int = 2
    few_pot_bb: float = 20.0
    few_bb: float = 4.0
    moderate_bb: float = 15.0
    trust_samples: int = 10
    trust_samples_few: int = 5
    few_players_model: int = 3
    abnormal_raise: float = 0.5
    two_card_potential: bool = False
    money_in_hand: str = "stack"
    pot_odds_on_calls: bool = True

    def __post_init__(self) -> None:
        if self.phase not in (1, 2, 3):
            raise ValueError(f"phase must be 1, 2 or 3, got {self.phase}")
        if not 0.0 <= self.bluff_rate <= 1.0:
            raise ValueError(f"bluff_rate must be in [0, 1], got {self.bluff_rate}")
        if self.c <= 0:
            raise ValueError(f"c must be positive, got {self.c}")
        if self.money_in_hand not in ("stack", "pot"):
            raise ValueError(f"money_in_hand must be 'stack' or 'pot', got {self.money_in_hand!r}")


def algorithm3(pw: float, position: int, players: int, config: WaterlooConfig) -> tuple[str, float]:
    """Pre-flop decision and raise amount as a fraction of the stack (Algorithm 3).

    ``position`` counts from 1 (the small blind), so positions 1 and 2 are the blinds.
    """
    threshold = pw * (1.0 + position / (2.0 * players))
    if position > config.fold_position and pw < config.fold_below:
        return "fold", 0.0
    if threshold > config.raise_above:
        x = (threshold - config.raise_above) / config.raise_scale
        return "raise", math.exp(x - 1.0)
    if threshold > config.call_above:
        return "call", 0.0
    return "fold", 0.0


def algorithm4(ehs: float, raise_above: float = 0.8, call_above: float = 0.4) -> str:
    """Post-flop decision on EHS (Algorithm 4)."""
    if ehs > raise_above:
        return "raise"
    if ehs > call_above:
        return "call"
    return "fold"


def algorithm5(ehs: float, u: float, street: int, players_left: int, pot_bb: float,
               config: WaterlooConfig) -> str | None:
    """Bluff (``'raise'``) or not (``None``: other strategies decide), Algorithm 5 with the
    ``else`` docs/errata.md restores; ``u`` is a uniform random number.

    Examples
    --------
    >>> c = WaterlooConfig(bluff_rate=0.5)
    >>> algorithm5(0.1, 0.7, 1, 4, 50, c), algorithm5(0.1, 0.3, 1, 4, 50, c)
    ('raise', None)
    >>> algorithm5(0.1, 0.7, 3, 2, 10, c), algorithm5(0.1, 0.7, 3, 3, 10, c)
    ('raise', None)
    """
    if ehs < config.bluff_below and u > 1.0 - config.bluff_rate:  # the report: n > 0.5
        if street == 1:
            return "raise"
        if players_left <= config.few_players and pot_bb <= config.few_pot_bb:
            return "raise"
    return None


def algorithm6(ehs: float, ppot: float, to_call: int, pot: int, river: bool) -> str:
    """Call or fold on pot odds (Algorithm 6)."""
    odds = pot_odds(to_call, pot)
    if river and ehs > odds:
        return "call"
    if not river and ppot > odds:
        return "call"
    return "fold"


def algorithm8(ehs: float, mu: float, delta: float, u: float, aggressive: bool,
               abnormal_raise: float = 0.5) -> tuple[str, float]:
    """Decision against a trusted opponent model and the raise as a fraction of the stack
    (Algorithm 8; ``u`` uniform in [0, 1))."""
    if ehs < mu - delta:
        if aggressive and u < abnormal_raise:
            return "raise", 0.5 * (1.0 + u)
        return "fold", 0.0
    if ehs < mu:
        return "call", 0.0
    if ehs > mu + delta:
        return "raise", 0.5 * (1.0 + u)
    x = (ehs - mu) / delta if delta > 0 else 0.0
    return "raise", math.exp(x - 1.0) * 0.5


def simple_preflop(a: int, b: int) -> str:
    """Phase I's pre-flop function: ``'raise'`` (TT+ and AK), ``'call'`` (other pairs, two cards
    ten or higher, suited aces), else ``'fold'``.

    Examples
    --------
    >>> from pokerlab.cards import parse_cards
    >>> [simple_preflop(*parse_cards(h)) for h in ("AhAs", "5h5s", "KhTd", "Ah4h", "9h8h")]
    ['raise', 'call', 'call', 'call', 'fold']
    """
    ra, rb = a >> 2, b >> 2
    hi, lo = max(ra, rb), min(ra, rb)
    if (ra == rb and ra >= 8) or (hi == 12 and lo == 11):
        return "raise"
    if ra == rb or lo >= 8 or (hi == 12 and (a & 3) == (b & 3)):
        return "call"
    return "fold"


class WaterlooBot(ModellingAgent):
    """A Waterloo bot (see the module notes)."""

    name = "waterloo"
    weighting = False

    def __init__(self, config: WaterlooConfig | None = None, store_path: str | None = None) -> None:
        self.config = config or WaterlooConfig()
        super().__init__(store_path)
        self._pw = table_values(self.config.preflop_table)

    # -- hand evaluation -----------------------------------------------------------------------
    def strengths(self, observation: Observation) -> tuple[float, float, float]:
        """``(HS, PPOT, heads-up EHS)``: equation 3's HS, the positive potential, and the EHS
        against one random holding that Phase III's model compares (:meth:`heads_up_ehs`)."""
        n = max(observation.opponents_live, 1)
        if self.config.two_card_potential and observation.street == 1:
            p = hand_potential(observation.hole, observation.board)
            hr, ppot = p.strength.hs, p.ppot2
            heads_up = self.heads_up_ehs(observation.hole, observation.board)
        else:
            e = evaluate_hand(observation.hole, observation.board, [UNIFORM_WEIGHTS])
            hr, ppot = e.hs, e.ppot1
            heads_up = hr + (1.0 - hr) * ppot
        hs = min(1.0, hr**n * (1.0 + (n + 1) / self.config.c))
        return hs, ppot, heads_up

    # -- acting ---------------------------------------------------------------------------------
    def act(self, observation: Observation) -> Action:
        self.observe(observation)
        if observation.street == 0:
            choice, fraction = self._preflop(observation)
        else:
            choice, fraction = self._postflop(observation)
        return self._answer(observation, choice, fraction)

    def _answer(self, observation: Observation, choice: str, fraction: float) -> Action:
        legal = observation.legal
        if choice == "raise" and legal.can_raise:
            base = self._money(observation)
            top = max(observation.bets)
            amount = top + round(fraction * base)
            return Action(BET_RAISE, int(min(max(amount, legal.min_raise_to), legal.max_raise_to)))
        if choice == "fold" and legal.can_fold:
            return FOLD_ACTION
        return CHECK_CALL_ACTION

    def _money(self, observation: Observation) -> int:
        if self.config.money_in_hand == "pot":
            return max(observation.pot, 1)
        return max(observation.stacks[observation.position], 1)

    def _preflop(self, observation: Observation) -> tuple[str, float]:
        hole = observation.hole
        if self.config.phase == 1:
            choice = simple_preflop(hole[0], hole[1])
            bb = observation.game.big_blind
            return choice, 3.0 * bb / self._money(observation)
        pw = float(self._pw[combo_index(hole[0], hole[1])])
        choice, fraction = algorithm3(pw, observation.position + 1, observation.players, self.config)
        to_call = observation.legal.to_call
        if choice == "call" and self.config.pot_odds_on_calls and to_call and \
                pw <= pot_odds(to_call, observation.pot):
            choice = "fold"
        return choice, fraction

    def _postflop_size(self, observation: Observation) -> float:
        return self.config.postflop_raise * observation.pot / self._money(observation)

    def _postflop(self, observation: Observation, strengths: tuple[float, float, float] | None = None,
                  draw: Callable[[], float] | None = None) -> tuple[str, float]:
        c = self.config
        hs, ppot, heads_up = strengths if strengths is not None else self.strengths(observation)
        draw = draw if draw is not None else self.rng.random
        size = self._postflop_size(observation)
        if c.phase == 1:
            return algorithm4(hs, c.ehs_raise, c.ehs_call), size
        ehs = hs + (1.0 - hs) * ppot
        if c.phase == 3:
            decided = self._modelled(observation, ehs, heads_up, draw)
            if decided is not None:
                return decided
        choice = algorithm4(ehs, c.ehs_raise, c.ehs_call)
        to_call = observation.legal.to_call
        if choice == "call" and c.pot_odds_on_calls and to_call and ehs <= pot_odds(to_call, observation.pot):
            choice = "fold"  # the bet is too big for the hand's chance: let the later rules decide
        if choice != "fold":
            return choice, size
        players_left = observation.opponents_live + 1
        pot_bb = observation.pot / observation.game.big_blind
        if algorithm5(ehs, draw(), observation.street, players_left, pot_bb, c):
            return "raise", size
        legal = observation.legal
        if legal.to_call == 0:
            return "check", 0.0
        return algorithm6(ehs, ppot, legal.to_call, observation.pot, observation.street == 3), 0.0

    # -- the policy hook -------------------------------------------------------------------------
    def policy(self, observation: Observation) -> np.ndarray:
        """The probabilities of (fold, check/call, bet/raise) :meth:`act` plays with
        ``observation.hole`` (see :meth:`range_policy`)."""
        return self.range_policy(observation, [combo_index(*observation.hole)])[0]

    def range_policy(self, observation: Observation, combos: Sequence[int] | np.ndarray) -> np.ndarray:
        """:meth:`act`'s decision for each holding of ``combos``, from a :meth:`shadow` that
        has followed the betting to this decision. Pre-flop and Algorithm 4 are
        deterministic; the one uniform draw of a post-flop decision (the bluff of Algorithm 5
        or the allowance of Algorithm 8) decides by thresholds at ``1 - bluff_rate`` and
        ``abnormal_raise``, so the decision is evaluated once inside each interval they cut
        [0, 1) into, weighted by the interval's length. Hand strengths of every holding come
        from one kernel call per board (cached), the sums :meth:`strengths` takes one by one."""
        twin = self.shadow()
        twin.observe(observation)
        assert isinstance(twin, WaterlooBot)
        holes = ALL_COMBOS[np.asarray(combos, dtype=np.int64)].astype(np.int64)
        out = np.zeros((len(holes), 3))
        if observation.street == 0:
            for i, (a, b) in enumerate(holes):
                choice, fraction = twin._preflop(observation.with_hole((int(a), int(b))))
                out[i, twin._answer(observation, choice, fraction).kind] = 1.0
            return out
        c = self.config
        cuts = sorted({0.0, 1.0} | {u for u in (1.0 - c.bluff_rate, c.abnormal_raise) if 0.0 < u < 1.0})
        pieces = [((lo + hi) / 2.0, hi - lo) for lo, hi in itertools.pairwise(cuts)]
        for i, (a, b) in enumerate(holes):
            strengths = twin._many_strengths(observation, int(a), int(b))
            for u, share in pieces:
                choice, fraction = twin._postflop(observation, strengths, lambda u=u: u)
                out[i, twin._answer(observation, choice, fraction).kind] += share
        return out

    def _many_strengths(self, observation: Observation, a: int, b: int) -> tuple[float, float, float]:
        """:meth:`strengths` of the hand ``(a, b)``, read from the board's table of all holdings."""
        if self.config.two_card_potential and observation.street == 1:
            return self.strengths(observation.with_hole((a, b)))
        hr_all, ppot_all = uniform_strengths(tuple(observation.board))
        i = combo_index(a, b)
        hr, ppot = float(hr_all[i]), float(ppot_all[i])
        n = max(observation.opponents_live, 1)
        hs = min(1.0, hr**n * (1.0 + (n + 1) / self.config.c))
        return hs, ppot, hr + (1.0 - hr) * ppot

    # -- Phase III: showdown statistics ----------------------------------------------------------
    def signature(self, position: int, upto: int, big_blind: int) -> Signature:
        """An opponent's ``(action, amount)`` per round it has played, rounds 0..``upto``."""
        c = self.config
        raised = self.raised_by.get(position)
        amounts = self.amount_by.get(position)
        out = []
        for street in self.signature_rounds(position, upto):
            assert raised is not None and amounts is not None
            bb = amounts[street] / big_blind
            bucket = "FEW" if bb <= c.few_bb else "MODERATE" if bb <= c.moderate_bb else "MANY"
            out.append(("RAISE" if raised[street] else "CALL", bucket))
        return tuple(out)

    def signature_rounds(self, position: int, upto: int) -> list[int]:
        """The round of each entry of :meth:`signature` (the rounds the opponent acted in)."""
        acted = self.acted_by.get(position)
        if acted is None or self.raised_by.get(position) is None or self.amount_by.get(position) is None:
            return []
        return [street for street in range(upto + 1) if acted[street]]

    @staticmethod
    def heads_up_ehs(hole: list[int] | tuple[int, ...], board: list[int] | tuple[int, ...]) -> float:
        """EHS against one random holding on ``board`` (HS + (1 - HS) PPOT1): the scale the
        Phase III model compares hands on, ours and the shown ones alike."""
        e = evaluate_hand(hole, board, [UNIFORM_WEIGHTS])
        return e.hs + (1.0 - e.hs) * e.ppot1

    def _modelled(self, observation: Observation, ehs: float, heads_up: float,
                  draw: Callable[[], float] | None = None) -> tuple[str, float] | None:
        c = self.config
        players = observation.players
        need = c.trust_samples_few if players <= c.few_players_model else c.trust_samples
        best = None
        for p, alive in enumerate(observation.live):
            if p == observation.position or not alive:
                continue
            sig = self.signature(p, observation.street, observation.game.big_blind)
            if not sig:
                continue
            found = self.model(self.opponent_name(observation, p)).showdowns.lookup(
                sig, need, observation.street)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
        if best is None:
            return None
        mu, delta, _ = best
        # mu is the strength of the opponent's shown hands on this round's board, against one
        # random holding: judge ours the same way (the n-opponent EHS is a different scale).
        choice, fraction = algorithm8(heads_up, mu, delta, (draw or self.rng.random)(), c.aggressive_trust,
                                      c.abnormal_raise)
        to_call = observation.legal.to_call
        if choice == "call" and c.pot_odds_on_calls and to_call and ehs <= pot_odds(to_call, observation.pot):
            choice = "fold"
        return choice, fraction

    def after_hand(self, observation: Observation) -> None:
        if self.config.phase != 3 or len(observation.board) < 5:
            return
        board = observation.board
        for p in range(observation.players):
            if p == observation.position:
                continue
            shown = observation.shown(p)
            if not shown:
                continue
            sig = self.signature(p, 3, observation.game.big_blind)
            if sig:
                # Its strength on each post-flop round's board (Algorithm 8 runs after the flop).
                by_round = [float("nan")] + [self.heads_up_ehs(shown, board[: 2 + r]) for r in (1, 2, 3)]
                self.model(self.opponent_name(observation, p)).showdowns.add(
                    sig, by_round, self.signature_rounds(p, 3))


def uniform_strengths(board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``(HS, PPOT1)`` of every holding (``combo_index`` order, NaN where it touches the board)
    against one random holding on ``board``: :func:`evaluate_hand` with the uniform table, for
    all holdings at once (:func:`~pokerlab.agents.modelling.hand_strength.holding_values`, cached)."""
    hs, ppot, _ = holding_values(board, UNIFORM_WEIGHTS)
    return hs, ppot


def _variant(name: str, description: str, config: WaterlooConfig) -> type[WaterlooBot]:
    class_name = "Waterloo" + "".join(part.capitalize() for part in name.split("-")[1:])
    return register_variant(WaterlooBot, name, description, config, class_name)


WaterlooPhase1 = _variant(
    "waterloo-phase1", "Waterloo Phase I (no-limit): simple pre-flop function, HS only after the flop",
    WaterlooConfig(phase=1, bluff_rate=0.0))
WaterlooPhase2Normal = _variant(
    "waterloo-phase2-normal", "Waterloo Phase II (no-limit): Algorithm 3 pre-flop, EHS, pot odds, "
    "bluffing 50%", WaterlooConfig(phase=2, bluff_rate=0.5))
WaterlooPhase2Aggressive = _variant(
    "waterloo-phase2-aggressive", "Waterloo Phase II with the aggressive bluffing profile (80%)",
    WaterlooConfig(phase=2, bluff_rate=0.8))
WaterlooPhase2Conservative = _variant(
    "waterloo-phase2-conservative", "Waterloo Phase II with the conservative bluffing profile (20%)",
    WaterlooConfig(phase=2, bluff_rate=0.2))
WaterlooPhase3AggressiveTrust = _variant(
    "waterloo-phase3-aggressive-trust", "Waterloo Phase III (no-limit): Phase II normal plus "
    "showdown-statistics model, raising half the time where the model says fold",
    WaterlooConfig(phase=3, bluff_rate=0.5, aggressive_trust=True))
WaterlooPhase3ConservativeTrust = _variant(
    "waterloo-phase3-conservative-trust", "Waterloo Phase III (no-limit): Phase II normal plus "
    "showdown-statistics model, followed fully (Algorithm 8)",
    WaterlooConfig(phase=3, bluff_rate=0.5, aggressive_trust=False))
