"""Loki, the Alberta limit Hold'em program, as Papp's 1998 thesis builds it, and its versions.

The rules, each from its own module (``docs/loki.md`` lists every one with the status of its
source and our choice where the thesis is silent or lost):

- pre-flop: the expert system of six strategies picked by income rate against thresholds
  ``base + increment * position`` (:mod:`pokerlab.agents.loki.preflop`), reading the
  income-rate tables IR2 / IR4 / IR7 shipped with :mod:`pokerlab.strength`;
- after the flop: EHS' and the cascade of semi-bluff, pot odds and showdown odds
  (:mod:`pokerlab.agents.loki.postflop`), with hand strength and one-card potential against
  the *field array*, the average of the live opponents' normalised weight tables, and
  HS_n = HS_1 ** n;
- opponent modelling: weights reset to 1 every hand, re-weighted once per round from each
  call or bet (:mod:`pokerlab.agents.loki.reweighting`), with generic (Table B.2) or specific
  (observed, :class:`~pokerlab.agents.modelling.opponent_model.ContextFrequencies`) action frequencies.

**Versions.** The Alberta paper's tournament (its Figure 1) on top of this Loki: ``loki-a``
full (loose, specific modelling), ``loki-b`` no weighting, ``loki-c`` simplistic pre-flop,
``loki-d`` no potential, ``loki-e`` none of the three. The thesis's ablation (§8.3, moderate and
generic modelling): ``loki-ablation-a`` full, ``-b`` no showdown odds, ``-c`` no pot odds,
``-d`` no semi-bluffing, ``-e`` the simple HS_n strategy. Its generic-modelling experiment
(§8.4.1): ``loki-gom`` (generic, loose) and the non-modelling ``loki-bpl`` / ``loki-bpt`` /
``loki-bpm`` (loose, tight, moderate).

Examples
--------
>>> from pokerlab.agents.registry import create_bot
>>> bot = create_bot("loki-ablation-b")
>>> bot.config.tightness, bot.config.modelling, bot.config.showdown_odds
('moderate', 'generic', False)
>>> create_bot("loki-a", tightness="tight").config.tightness
'tight'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from pokerlab.agents.base import Observation, PolicyUnavailable
from pokerlab.agents.loki.config import LokiConfig
from pokerlab.agents.loki.postflop import Situation, postflop_decision
from pokerlab.agents.loki.preflop import (
    choose_strategy,
    expected_players,
    income_rate,
    loki_position,
    player_group,
    strategy_action,
    thresholds,
)
from pokerlab.agents.loki.reweighting import (
    action_percentile,
    ir7_at_percentile,
    ir7_values,
    postflop_values,
)
from pokerlab.agents.modelling.agent import UNIFORM_WEIGHTS, ModellingAgent, _zero_card
from pokerlab.agents.modelling.hand_strength import HandEvaluation, evaluate_hand, holding_values
from pokerlab.agents.modelling.opponent_model import CALL_I, DEFAULT_FREQUENCIES, RAISE_I, reweight
from pokerlab.agents.registry import register_variant
from pokerlab.cards import ALL_COMBOS, combo_index
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, CHECK_CALL_ACTION, FOLD, FOLD_ACTION, Action, Legal

__all__ = ["VERSIONS", "LokiBot", "LokiConfig"]

VERSIONS: dict[str, tuple[LokiConfig, str]] = {
    "loki-a": (LokiConfig(), "Loki A (limit, Papp 1998): loose, specific opponent modelling, "
                             "every betting feature"),
    "loki-b": (LokiConfig(modelling="off"), "Loki B (limit): Loki A without weighting (every "
                                            "opponent holding equally likely)"),
    "loki-c": (LokiConfig(advanced_preflop=False), "Loki C (limit): Loki A with a simplistic "
                                                   "pre-flop selection (IR7, no position)"),
    "loki-d": (LokiConfig(use_potential=False), "Loki D (limit): Loki A without hand potential"),
    "loki-e": (LokiConfig(modelling="off", advanced_preflop=False, use_potential=False),
               "Loki E (limit): basic: no weighting, simplistic pre-flop, no potential"),
    "loki-ablation-a": (LokiConfig(tightness="moderate", modelling="generic"),
                        "Loki (limit), thesis ablation A: moderate, generic modelling, full betting"),
    "loki-ablation-b": (LokiConfig(tightness="moderate", modelling="generic", showdown_odds=False),
                        "Loki, thesis ablation B: no showdown odds"),
    "loki-ablation-c": (LokiConfig(tightness="moderate", modelling="generic", pot_odds=False),
                        "Loki, thesis ablation C: no pot odds"),
    "loki-ablation-d": (LokiConfig(tightness="moderate", modelling="generic", semi_bluffing=False),
                        "Loki, thesis ablation D: no semi-bluffing"),
    "loki-ablation-e": (LokiConfig(tightness="moderate", modelling="generic", betting="simple"),
                        "Loki, thesis ablation E: the simple strategy on HS_n (Figure 6.2)"),
    "loki-gom": (LokiConfig(modelling="generic"),
                 "Loki (limit): generic opponent modelling, loose (thesis GOM)"),
    "loki-bpl": (LokiConfig(modelling="off"), "Loki (limit): no modelling, loose (thesis BPL)"),
    "loki-bpt": (LokiConfig(modelling="off", tightness="tight"),
                 "Loki (limit): no modelling, tight (thesis BPT)"),
    "loki-bpm": (LokiConfig(modelling="off", tightness="moderate"),
                 "Loki (limit): no modelling, moderate (thesis BPM)"),
}
"""Every registered Loki: configuration and description."""


class LokiBot(ModellingAgent):
    """The thesis-level Loki (see the module notes)."""

    name = "loki"
    uses_rng = False
    initial_weights = "uniform"  # Papp: every weight is reset to 1 at the start of each hand

    def __init__(self, config: LokiConfig | None = None, store_path: str | None = None) -> None:
        self.config = config or LokiConfig()
        self.weighting = self.config.modelling != "off"
        self.lowest_weight = self.config.low_weight
        super().__init__(store_path)
        self.last_preflop: dict[str, object] | None = None
        self.last_decision: tuple[Situation, str, str] | None = None

    # -- per hand and per round ------------------------------------------------------------
    def _reset_hand(self) -> None:
        super()._reset_hand()
        self._strategy: str | None = None
        self._semi_bluff_street: int | None = None
        self._round_start: dict[int, np.ndarray] = {}
        self._threshold: dict[int, float] = {}
        # For the policy hook: the opponents' tables as they would be whatever our cards (not
        # zeroed at them), and our post-flop decisions so far (betting index, street, the
        # field array of those tables, the situation).
        self._free: dict[int, np.ndarray] = {}
        self._free_round_start: dict[int, np.ndarray] = {}
        self._records: list[tuple[int, int, np.ndarray, Situation]] = []
        self._record_values: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def begin_hand(self, observation: Observation) -> None:
        super().begin_hand(observation)
        self._free = {p: np.ones(1326) for p in self.tables}  # Loki's tables start uniform

    def _new_street(self, street: int, n: int, observation: Observation) -> None:
        super()._new_street(street, n, observation)
        # One re-weighting per opponent per round, always from the table as the round began.
        # A re-weighting builds a new table, so the round's starting one is kept unchanged
        # without a copy.
        self._round_start = dict(self.tables) if self.weighting else {}
        self._threshold = {}
        if self.weighting and street > 0:
            for table in self._free.values():
                for c in observation.board[: 2 + street]:
                    _zero_card(table, c)
        self._free_round_start = dict(self._free) if self.weighting else {}

    # -- opponent modelling ----------------------------------------------------------------
    def _learn(self, observation: Observation, pos: int, street: int, to_call: int,
               kind: int) -> None:
        model = self.model(self.opponent_name(observation, pos))
        bet = observation.game.street_bet(street)
        bets_to_call = min(math.ceil(to_call / bet), 2) if to_call > 0 else 0
        if kind == RAISE_I:
            self._semi_bluff_street = None  # another player bet: the semi-bluff is answered
        c = self.config
        plays = kind == RAISE_I or (kind == CALL_I and to_call > 0)  # checks and folds do not
        if self.weighting and plays and pos in self.tables:
            freq = (DEFAULT_FREQUENCIES[bets_to_call] if c.modelling == "generic"
                    else model.contexts.blended(street, bets_to_call, c.blend_observations))
            self._reweight(observation, pos, street, action_percentile(freq, kind))
        model.contexts.observe(street, bets_to_call, kind)
        model.frequencies.observe(street, to_call > 0, kind)

    def _reweight(self, observation: Observation, pos: int, street: int, percentile: float) -> None:
        if percentile <= self._threshold.get(pos, -1.0):
            return  # not a higher threshold than earlier in this round
        c = self.config
        if street == 0:
            mu = ir7_at_percentile(percentile)
            if mu < ir7_at_percentile(c.skip_below_percentile):
                return
            values, sigma = ir7_values(), c.sigma_preflop
        else:
            mu, sigma = percentile, c.sigma_postflop
            values = postflop_values(tuple(observation.board[: 2 + street]))
        self._threshold[pos] = percentile
        table = self._round_start[pos].copy()
        reweight(table, values, mu, sigma, c.low_weight, 1.0)
        for card in (*observation.hole, *observation.board[: (0 if street == 0 else 2 + street)]):
            _zero_card(table, card)
        self.tables[pos] = table
        free = self._free_round_start[pos].copy()
        reweight(free, values, mu, sigma, c.low_weight, 1.0)
        for card in observation.board[: (0 if street == 0 else 2 + street)]:
            _zero_card(free, card)
        self._free[pos] = free

    def field_array(self, observation: Observation) -> np.ndarray:
        """The average of the live opponents' normalised weight tables (uniform when not
        weighting)."""
        tables = self.live_tables(observation)
        field = np.zeros(1326)
        for t in tables:
            total = t.sum()
            if total > 0:
                field += t / total
        return field / len(tables)

    def evaluate(self, observation: Observation) -> HandEvaluation:
        """HS_1 and one-card PPOT / NPOT against the field array; HS_n = HS_1 ** n."""
        e = evaluate_hand(observation.hole, observation.board, [self.field_array(observation)])
        return HandEvaluation(e.hs, e.hs ** max(observation.opponents_live, 1), e.ppot1, e.npot1)

    # -- decisions --------------------------------------------------------------------------
    def act(self, observation: Observation) -> Action:
        self.observe(observation)
        legal = observation.legal
        choice = self._preflop(observation) if observation.street == 0 else self._postflop(observation)
        if choice == "raise" and legal.can_raise:
            return Action(BET_RAISE, legal.min_raise_to)
        if choice == "fold" and legal.can_fold:
            return FOLD_ACTION
        return CHECK_CALL_ACTION

    def _others(self, observation: Observation, street: int) -> tuple[int, int]:
        """Live opponents who have acted in ``street`` and who have not."""
        me = observation.position
        live = [p for p, alive in enumerate(observation.live) if alive and p != me]
        acted = sum(1 for p in live if self.acted_by.get(p, [False] * 4)[street])
        return acted, len(live) - acted

    def _mine(self, observation: Observation, street: int) -> list[tuple[int, int]]:
        me = observation.position
        return [(k, amount) for s, p, k, amount in observation.actions if s == street and p == me]

    def _preflop_setting(self, observation: Observation) -> tuple[int, int, dict[str, float]]:
        """The player group, Loki's position and the strategies' thresholds at the first
        pre-flop decision (they do not depend on the cards)."""
        c = self.config
        n, me = observation.players, observation.position
        small_blind = 0 if n > 2 else 1  # heads-up the button posts the small blind
        if c.advanced_preflop:
            acted, to_act = self._others(observation, 0)
            group = player_group(expected_players(acted + 1, to_act, c.probability_play), c)
            position = loki_position(observation.live, me, small_blind)
        else:
            group, position = 5, (n - 1) // 2
        return group, position, thresholds(c, position, small_blind=me == small_blind)

    def _preflop(self, observation: Observation, strategy: str | None = None) -> str:
        n, me = observation.players, observation.position
        small_blind = 0 if n > 2 else 1  # heads-up the button posts the small blind
        if strategy is None:
            if self._strategy is None:
                group, position, limits = self._preflop_setting(observation)
                rate = income_rate(observation.hole, group)
                self._strategy = choose_strategy(rate, limits)
                self.last_preflop = {"group": group, "income_rate": rate, "position": position,
                                     "thresholds": limits, "strategy": self._strategy}
            strategy = self._strategy
        unit = observation.game.small_bet
        legal = observation.legal
        voluntarily = any(k == 2 or (k == 1 and amount > 0) for k, amount in self._mine(observation, 0))
        return strategy_action(strategy, legal.to_call / unit, max(observation.bets) / unit,
                               voluntarily, legal.can_raise, small_blind=me == small_blind)

    def _postflop(self, observation: Observation) -> str:
        situation = self.situation(observation)
        action, rule = postflop_decision(situation, self.config)
        if rule == "semi-bluff":
            self._semi_bluff_street = observation.street
        self.last_decision = (situation, action, rule)
        self._records.append((len(observation.actions), observation.street,
                              self.free_field(observation), situation))
        return action

    # -- the policy hook ---------------------------------------------------------------------
    _SHARED = ModellingAgent._SHARED | {"_records", "_record_values"}

    def policy_available(self) -> bool:
        """Loki's rules as this class has them (Loki-2 changes the post-flop decision)."""
        cls = type(self)
        return all(getattr(cls, name) is getattr(LokiBot, name)
                   for name in ("_postflop", "_preflop", "situation", "evaluate", "_learn"))

    def policy(self, observation: Observation) -> np.ndarray:
        """The probabilities of (fold, check/call, bet/raise) :meth:`act` plays with
        ``observation.hole``: one of them is 1 (Loki draws nothing; see :meth:`range_policy`)."""
        return self.range_policy(observation, [combo_index(*observation.hole)])[0]

    def range_policy(self, observation: Observation, combos: Sequence[int] | np.ndarray) -> np.ndarray:
        """:meth:`act`'s decision for each holding of ``combos``, as Loki would have played this
        decision holding it all hand: from a :meth:`shadow` that has followed the betting to
        here; the pre-flop strategy chosen from the holding's income rate (with the group and
        position of the first pre-flop decision); after the flop the cascade on the holding's
        strength and potential against the field array of the opponents' tables as they are
        whatever Loki holds (heads-up the same field array up to a factor; with more
        opponents each table's normalisation leaves out only the real cards), and the
        semi-bluff to follow up that the holding would have left at Loki's earlier
        decisions of the hand (replayed from their records, one kernel call per decision)."""
        if not self.policy_available():
            raise PolicyUnavailable(f"bot {self.name!r} changes Loki's rules: no policy")
        twin = self.shadow()
        twin.observe(observation)
        assert isinstance(twin, LokiBot)
        return twin._policies(observation, np.asarray(combos, dtype=np.int64))

    def free_field(self, observation: Observation) -> np.ndarray:
        """:meth:`field_array` from the tables not zeroed at Loki's cards."""
        if not self.weighting:
            return UNIFORM_WEIGHTS
        me = observation.position
        tables = [self._free[p] for p, alive in enumerate(observation.live) if alive and p != me
                  and p in self._free]
        field = np.zeros(1326)
        for t in tables:
            total = t.sum()
            if total > 0:
                field += t / total
        return field / max(len(tables), 1)

    def _policies(self, observation: Observation, combos: np.ndarray) -> np.ndarray:
        holes = ALL_COMBOS[combos].astype(np.int64)
        legal = observation.legal
        out = np.zeros((len(holes), 3))
        if observation.street == 0:
            for i, (a, b) in enumerate(holes):
                out[i, _kind(self._preflop(observation, self._preflop_strategy(observation, (a, b))),
                             legal)] = 1.0
            return out
        follow = self._semi_bluffs(observation, combos)
        template = self.situation(observation)
        hs, ppot, npot = holding_values(tuple(observation.board), self.free_field(observation))
        for i, k in enumerate(combos):
            s = self._situation_of(template, float(hs[k]), float(ppot[k]), float(npot[k]),
                                   observation.opponents_live, follow[i])
            out[i, _kind(postflop_decision(s, self.config)[0], legal)] = 1.0
        return out

    def _preflop_strategy(self, observation: Observation, hole: Sequence[int]) -> str:
        if self._strategy is not None and self.last_preflop is not None:
            group = int(self.last_preflop["group"])  # type: ignore[call-overload]
            limits = self.last_preflop["thresholds"]
        else:
            group, _, limits = self._preflop_setting(observation)
        return choose_strategy(income_rate(hole, group), limits)  # type: ignore[arg-type]

    def _situation_of(self, template: Situation, hs: float, ppot: float, npot: float, opponents: int,
                      semi_bluff_street: int) -> Situation:
        """``template`` (this decision's situation) for a holding of strength ``hs`` and
        potentials ``ppot``, ``npot`` that semi-bluffed on ``semi_bluff_street`` (-1: none)."""
        hs_n = hs ** max(opponents, 1)
        if not self.config.use_potential:
            ppot, npot = 0.0, 0.0
        return replace(template, ehs=hs_n + (1.0 - hs_n) * ppot, hs_n=hs_n, ppot=ppot, npot=npot,
                       follow_up=semi_bluff_street >= 0 and template.street > semi_bluff_street)

    def _semi_bluffs(self, observation: Observation, combos: np.ndarray) -> np.ndarray:
        """The street of each holding's unanswered semi-bluff at this decision (-1: none),
        replaying Loki's earlier post-flop decisions of the hand for it."""
        state = np.full(len(combos), -1, dtype=np.int64)
        history = observation.actions
        me = observation.position
        seen = 0
        for r, (index, street, field, template) in enumerate(self._records):
            if any(p != me and k == RAISE_I for _, p, k, _ in history[seen:index]):
                state[:] = -1  # another player bet: every semi-bluff is answered
            seen = index
            values = self._record_values.get(r)
            if values is None:
                values = holding_values(tuple(observation.board[: 2 + street]), field)
                self._record_values[r] = values
            hs, ppot, npot = values
            for i, k in enumerate(combos):
                s = self._situation_of(template, float(hs[k]), float(ppot[k]), float(npot[k]),
                                       observation.opponents_live, int(state[i]))
                if postflop_decision(s, self.config)[1] == "semi-bluff":
                    state[i] = street
        if any(p != me and k == RAISE_I for _, p, k, _ in history[seen:]):
            state[:] = -1
        return state

    def situation(self, observation: Observation) -> Situation:
        """What the post-flop cascade looks at in this decision (Loki-2's triples too)."""
        c = self.config
        street = observation.street
        game = observation.game
        e = self.evaluate(observation)
        ppot, npot = (e.ppot1, e.npot1) if c.use_potential else (0.0, 0.0)
        _, to_act = self._others(observation, street)
        follow_up = self._semi_bluff_street is not None and street > self._semi_bluff_street
        situation = Situation(
            ehs=e.hs_n + (1.0 - e.hs_n) * ppot, hs_n=e.hs_n, ppot=ppot, npot=npot,
            to_call=observation.legal.to_call, pot=observation.pot, bet=game.street_bet(street),
            level=observation.raises_this_round, street=street,
            called=any(k == 1 and amount > 0 for k, amount in self._mine(observation, street)),
            future=sum(game.street_bet(s) for s in range(street + 1, 4)), follow_up=follow_up,
            opponents_to_act=to_act, can_raise=observation.legal.can_raise)
        return situation


def _kind(choice: str, legal: Legal) -> int:
    """The action kind :meth:`LokiBot.act` plays for ``choice`` (``'raise'``, ``'call'``,
    ``'check'`` or ``'fold'``)."""
    if choice == "raise" and legal.can_raise:
        return BET_RAISE
    if choice == "fold" and legal.can_fold:
        return FOLD
    return CHECK_CALL


def _register(name: str) -> type[LokiBot]:
    config, description = VERSIONS[name]
    class_name = "Loki" + "".join(part.capitalize() for part in name.split("-")[1:])
    return register_variant(LokiBot, name, description, config, class_name)


LokiA, LokiB, LokiC, LokiD, LokiE = (_register(f"loki-{v}") for v in "abcde")
for _name in VERSIONS:
    if not _name.startswith("loki-") or len(_name) > 6:
        _register(_name)
