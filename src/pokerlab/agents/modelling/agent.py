"""What the knowledge-based bots share: board evaluation, opponent tables, action tracking.

:class:`ModellingAgent` is the base of the Loki, Waterloo and threshold bots. It

- evaluates its hand on the current board with one kernel call per opponent
  (:func:`~pokerlab.agents.modelling.hand_strength.evaluate_hand`: weighted HS per opponent,
  HS_n, one-card PPOT / NPOT), reusing the board's holding values, which are computed once per
  board and shared by every bot in the process
  (:func:`~pokerlab.agents.modelling.hand_strength.board_data`);
- follows the betting of each hand and, for every action of an opponent, updates that
  opponent's :class:`~pokerlab.agents.modelling.opponent_model.ActionFrequencies` and (when weighting
  is on) re-weights the opponent's 1,326-entry table by Algorithm 7;
- keeps one :class:`~pokerlab.agents.modelling.opponent_model.OpponentModel` per opponent name, loaded
  from an :class:`~pokerlab.agents.modelling.opponent_store.OpponentStore` when one is set, and adds
  what it learned to the store every ``save_every`` hands and at interpreter exit.

Saving. Many bots may write one stored model: worker processes of a parallel match, two
copies of a bot at one table (both named alike), the trials of a freezeout. So a bot never
replaces a stored model: it remembers the state it last synchronised with the store (loaded
or saved), sends only what it learned since (a delta), which the store adds to the row in one
write transaction, and then adopts the merged row, so it also uses what the other writers
saw. (Two copies at one table both observe the same hands, so their pooled model counts those
hands once per copy: the frequencies keep their proportions, only the prior weighs less.)

Opponent names: an opponent's model is kept under its player name,
``Observation.player_names[position]`` (the arena names every player, ``"loki-b#2"``), so it
follows that player from seat to seat, as the players rotate in a duplicate match. A table
that does not name its players gets models named by seat, ``"seat-3"``; in a freezeout the bot
then follows which seats have gone broke (:meth:`ModellingAgent.seat_of`).
"""

from __future__ import annotations

import atexit
import copy
import os
import random
import weakref

import numpy as np

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.modelling.hand_strength import HandEvaluation, board_data, evaluate_hand
from pokerlab.agents.modelling.opponent_model import OpponentModel, action_mu_delta, reweight
from pokerlab.agents.modelling.opponent_store import OpponentStore, default_store_path
from pokerlab.agents.modelling.preflop_values import income_percentiles


class ModellingAgent(Agent):
    """Base of the bots that track the betting and model their opponents.

    Subclasses set ``self.weighting`` (re-weight the tables), ``self.lowest_weight``,
    ``self.highest_weight``, ``self.delta_scale``, ``self.store_path`` and implement
    :meth:`act`; they call :meth:`catch_up` first thing in ``act`` (done by :meth:`observe`).
    """

    weighting: bool = True
    reweighting: bool = True  # False: the tables keep their pre-flop template (no Algorithm 7)
    initial_weights: str = "income-rate"  # or "uniform"
    lowest_weight: float = 0.01
    highest_weight: float = 1.0
    delta_scale: float = 0.4
    save_every: int = 25
    preflop_trials: int = 10_000

    def __init__(self, store_path: str | None = None) -> None:
        super().__init__()
        self.models: dict[str, OpponentModel] = {}
        self.store_path = store_path if store_path is not None else default_store_path()
        self._store: OpponentStore | None = None
        self._store_pid = 0
        # Per opponent: the model as last loaded from or merged into the store.
        self._synced: dict[str, OpponentModel] = {}
        self._hands_seen = 0
        self._seat_count = 0
        self._occupied: list[int] | None = None
        self._seated: list[int] | None = None
        self._reset_hand()

    # -- the policy hook's side copy --------------------------------------------------------
    _SHARED = frozenset({"models", "_synced", "_store", "rng", "config", "threshold_config", "_pw"})

    def shadow(self) -> ModellingAgent:
        """A copy that can follow the betting on the side: its hand state and opponent models
        are its own (changing them leaves this bot alone), it has no store and its own random
        generator. :meth:`Agent.policy` runs ``shadow().observe(view)`` to see the decision as
        :meth:`act` would, without side effects."""
        twin = copy.copy(self)
        state = {k: v for k, v in vars(self).items() if k not in self._SHARED}
        twin.__dict__.update(copy.deepcopy(state))  # one memo: shared tables stay shared
        twin.models = {name: model.copy() for name, model in self.models.items()}
        twin._synced = {}
        twin._store = None
        twin.store_path = ""
        twin.rng = random.Random(0)
        return twin

    # -- per-hand state ----------------------------------------------------------------------
    def _reset_hand(self) -> None:
        self.tables: dict[int, np.ndarray] = {}
        self._seen = 0
        self._street = -1
        self._bets: dict[int, int] = {}
        self._max_bet = 0
        self.raised_by: dict[int, list[bool]] = {}
        self.amount_by: dict[int, list[int]] = {}
        self.acted_by: dict[int, list[bool]] = {}
        self._reweighted: set[tuple[int, int, int]] = set()
        self._events: list[tuple[int, int, float, float]] = []  # (position, street, floor, base)

    def opponent_name(self, observation: Observation, position: int) -> str:
        """The name an opponent's model is kept under (see the module notes)."""
        names = observation.player_names
        if names is not None:
            return str(names[position])
        return f"seat-{self.seat_of(observation, position)}"

    def seat_of(self, observation: Observation, position: int) -> int:
        """The seat of ``position`` this hand.

        With every seat filled it is ``(button + 1 + position) mod seats``. In a freezeout,
        seats empty as players go broke: the bot remembers who went broke (a stack of 0 at
        the end of a hand) and counts positions over the seats still occupied.
        """
        seated = self._seated
        if seated is not None and position < len(seated):
            return seated[position]
        return (observation.button_seat + 1 + position) % observation.players

    def _place_seats(self, observation: Observation) -> None:
        n = observation.players
        if self._occupied is None or n > len(self._occupied) or self._seat_count < n:
            self._seat_count = n  # a full table: a new match, or stacks were reset
            self._occupied = list(range(n))
        button, total = observation.button_seat, self._seat_count
        seated = sorted(self._occupied, key=lambda s: (s - button - 1) % total)
        ok = (len(seated) == n and seated[observation.position] == observation.seat
              and seated[-1] == button)
        self._seated = seated if ok else None

    def model(self, name: str) -> OpponentModel:
        """The model of opponent ``name`` (loaded from the store the first time, if any)."""
        found = self.models.get(name)
        if found is None:
            store = self._open_store()
            found = store.load(self.name, name) if store is not None else None
            if found is None:
                found = OpponentModel(name)
            if store is not None:
                self._synced[name] = found.copy()
            self.models[name] = found
        return found

    def _open_store(self) -> OpponentStore | None:
        if self.store_path and (self._store is None or self._store_pid != os.getpid()):
            # A forked child must not use its parent's connection: it opens its own (the
            # parent's is left alone). It inherits the parent's synchronised states, so it adds
            # what it learned itself plus what the parent had not saved at the fork (which the
            # parent saves too: fork bots right after a save).
            self._store = OpponentStore(self.store_path)
            self._store_pid = os.getpid()
            _LIVE.add(self)
        return self._store

    def save_models(self) -> None:
        """Add what was learned about each opponent since the last load or save to the store,
        then adopt the stored models, which hold what other bots saved too (no-op without a
        store; see the module notes)."""
        store = self._open_store()
        if store is None or not self.models:
            return
        deltas = []
        for name, model in self.models.items():
            synced = self._synced.get(name)
            deltas.append(model.learned_since(synced) if synced is not None else model.copy())
        for merged in store.merge_many(self.name, deltas):
            model = self.models[merged.name]  # updated in place: callers may hold it
            model.frequencies, model.showdowns = merged.frequencies, merged.showdowns
            model.hands, model.consistency = merged.hands, merged.consistency
            model.contexts = merged.contexts
            self._synced[merged.name] = merged.copy()

    def end_match(self) -> None:
        """Save the opponent models now (the next match may load them at once)."""
        self.save_models()

    def begin_hand(self, observation: Observation) -> None:
        self._reset_hand()
        self._place_seats(observation)
        n = observation.players
        if self.initial_weights == "income-rate" and self.weighting:
            # A typical player's hand selection: holdings weighted by their income rate rank.
            pct = income_percentiles(n - 1, self.preflop_trials)
            start = np.clip(pct, self.lowest_weight, self.highest_weight)
        else:
            start = np.ones(1326)
        for p in range(n):
            if p != observation.position:
                self.tables[p] = start.copy()
        for table in self.tables.values():
            for c in observation.hole:
                _zero_card(table, c)

    def observe(self, observation: Observation) -> None:
        """Process every action since the last call (the bot's own included, for tracking)."""
        history = self._history(observation)
        n = observation.players
        for street, pos, kind, amount in history[self._seen:]:
            if street != self._street:
                self._new_street(street, n, observation)
            to_call = max(self._max_bet - self._bets.get(pos, 0), 0)
            if pos != observation.position:
                self._learn(observation, pos, street, to_call, kind)
            if kind == 2:
                self._bets[pos] = amount
                self._max_bet = amount
            elif kind == 1:
                self._bets[pos] = self._bets.get(pos, 0) + amount
            self.raised_by.setdefault(pos, [False] * 4)[street] |= kind == 2
            self.acted_by.setdefault(pos, [False] * 4)[street] = True
            amounts = self.amount_by.setdefault(pos, [0] * 4)
            amounts[street] = self._bets.get(pos, 0)
        self._seen = len(history)
        if observation.street != self._street and not observation.finished:
            self._new_street(observation.street, n, observation)

    @staticmethod
    def _history(observation: Observation) -> list[tuple[int, int, int, int]]:
        return observation.actions

    def _new_street(self, street: int, n: int, observation: Observation) -> None:
        self._street = street
        self._bets = {}
        self._max_bet = 0
        if street == 0:
            sb, bb = observation.game.small_blind, observation.game.big_blind
            sb_pos, bb_pos = (1, 0) if n == 2 else (0, 1)
            self._bets = {sb_pos: sb, bb_pos: bb}
            self._max_bet = bb
        elif self.weighting:
            board = tuple(observation.board[: 2 + street])
            for table in self.tables.values():
                for c in board:
                    _zero_card(table, c)

    def _learn(self, observation: Observation, pos: int, street: int, to_call: int, kind: int) -> None:
        """Learn from opponent ``pos``'s action ``kind`` taken facing ``to_call`` chips."""
        facing = to_call > 0
        name = self.opponent_name(observation, pos)
        model = self.model(name)
        table = self.tables.get(pos)
        # Re-weight once per street for a call and once for a raise: repeated raises by a
        # maniac would otherwise compound into a table of nothing but the nuts.
        once = (pos, street, kind)
        if (self.weighting and self.reweighting and table is not None and kind != 0
                and once not in self._reweighted):
            self._reweighted.add(once)
            values = self.street_values(observation, street)
            md = action_mu_delta(model.frequencies, street, facing, kind, values, table,
                                 self.delta_scale)
            if md is not None:
                mu, delta = md
                live = ~np.isnan(values)
                mass = table[live].sum()
                base = float(table[live][values[live] >= mu - delta].sum() / mass) if mass > 0 else 0.5
                self._events.append((pos, street, mu - delta, base))
                reweight(table, values, mu, delta, self.lowest_weight, self.highest_weight,
                         model.consistency.trust)
                for c in observation.hole:
                    _zero_card(table, c)
                for c in observation.board[: (0 if street == 0 else 2 + street)]:
                    _zero_card(table, c)
        model.frequencies.observe(street, facing, kind)

    def street_values(self, observation: Observation, street: int) -> np.ndarray:
        """Every holding's value on ``street``: its income-rate percentile pre-flop, its HS
        against a random holding afterwards."""
        if street == 0:
            return income_percentiles(observation.players - 1, self.preflop_trials)
        return board_data(tuple(observation.board[: 2 + street]))[2]

    def live_tables(self, observation: Observation) -> list[np.ndarray]:
        """Weight tables of the opponents still in the hand (uniform tables when not weighting)."""
        live = observation.live
        out = []
        for p, alive in enumerate(live):
            if p == observation.position or not alive:
                continue
            if self.weighting:
                out.append(self.tables[p])
            else:
                out.append(UNIFORM_WEIGHTS)
        return out or [UNIFORM_WEIGHTS]

    def evaluate(self, observation: Observation) -> HandEvaluation:
        """Our hand against the live opponents (post-flop)."""
        return evaluate_hand(observation.hole, observation.board, self.live_tables(observation))

    def end_hand(self, observation: Observation) -> None:
        self.observe(observation)
        n = observation.players
        for p in range(n):
            if p != observation.position:
                self.model(self.opponent_name(observation, p)).hands += 1
        if self.weighting:
            self._score_events(observation)
        self.after_hand(observation)
        if self._seated is not None and self._occupied is not None:
            stacks = observation.stacks
            broke = {self._seated[p] for p in range(n) if stacks[p] == 0}
            self._occupied = [s for s in self._occupied if s not in broke]
        self._hands_seen += 1
        if self.store_path and self._hands_seen % self.save_every == 0:
            self.save_models()

    def _score_events(self, observation: Observation) -> None:
        """Score this hand's re-weightings of opponents who showed their cards."""
        for pos, street, floor, base in self._events:
            shown = observation.shown(pos)
            if not shown:
                continue
            value = self.holding_value(observation, street, shown)
            self.model(self.opponent_name(observation, pos)).consistency.add(value >= floor, base)

    def holding_value(self, observation: Observation, street: int, cards: list[int]) -> float:
        """The value :meth:`street_values` gives ``cards`` on ``street`` (from the final board)."""
        from pokerlab.cards import combo_index

        idx = combo_index(cards[0], cards[1])
        if street == 0:
            return float(income_percentiles(observation.players - 1, self.preflop_trials)[idx])
        return float(board_data(tuple(observation.board[: 2 + street]))[2][idx])

    def after_hand(self, observation: Observation) -> None:
        """Subclass hook at the end of a hand (after the betting was processed)."""

    def __del__(self) -> None:
        try:
            if self.store_path and self.models:
                self.save_models()
            if self._store is not None:
                self._store.close()
        except Exception:  # best effort at exit
            pass


# Bots with an open store, saved once more when the interpreter exits (a match has no "end"
# hook): the worker processes of a parallel match save their last hands there.
_LIVE: weakref.WeakSet[ModellingAgent] = weakref.WeakSet()


@atexit.register
def _save_all() -> None:
    for bot in list(_LIVE):
        try:
            bot.save_models()
        except Exception:  # best effort at exit
            continue


UNIFORM_WEIGHTS = np.ones(1326)
"""A read-only table of equal weights: every holding equally likely."""
UNIFORM_WEIGHTS.setflags(write=False)


def _zero_card(table: np.ndarray, card: int) -> None:
    """Set the weight of every holding that uses ``card`` to zero (it cannot be held)."""
    table[_CARD_COMBOS[card]] = 0.0


def _card_combos() -> np.ndarray:
    from pokerlab.cards import ALL_COMBOS

    out = np.zeros((52, 51), dtype=np.int64)
    fill = np.zeros(52, dtype=np.int64)
    for i, (a, b) in enumerate(ALL_COMBOS):
        for c in (int(a), int(b)):
            out[c, fill[c]] = i
            fill[c] += 1
    return out


_CARD_COMBOS = _card_combos()
