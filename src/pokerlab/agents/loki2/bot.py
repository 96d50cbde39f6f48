"""Loki-2 (Peña 1999): probability triples and selective-sampling simulation on top of Loki-1.

Every rule, its source's status and our choice where the sources are silent:
``docs/loki2.md``. In short, after the flop:

- **PT betting** (``pt_betting``): the probability triple ``(f, c, r)`` of Loki-2's hand
  (:func:`probability_triple`: Loki-1's cascade smoothed by linear interpolation over a band
  of half-width ``pt_width`` around each line), sampled with **one number per hand**: fold iff
  ``u < f``, call iff ``u < f + c``, else raise (:func:`choose`);
- **PT re-weighting** (``pt_reweighting``): after each post-flop action of an opponent, every
  holding's weight times the PT entry of that action (at least ``low_weight``);
- **simulation** (``simulation``): ``sim_trials`` trials, each played out for check/call and
  for bet/raise, opponents' hands drawn from their weight tables, every action by PTs
  (``"pt"``) or every later action a call (``"call"``, Peña's always-call variant); the action
  of largest value is played, fold (worth 0) only when both are negative.

Pre-flop play and pre-flop re-weighting are Loki-1's (:class:`~pokerlab.agents.loki.bot.LokiBot`).

**Versions.** On Loki A: ``loki2-b`` PT betting, ``loki2-r`` PT re-weighting, ``loki2-triple``
both (Peña's B, R and B+R), ``loki2-sim`` both with PT simulation, ``loki2-sim-call`` both with
the always-call simulation; ``loki2-sim-network`` and ``loki2-sim-tree`` play the opponents in
the trials by a learned model; ``loki2-strength`` is B+R re-weighting by a network whose inputs
include the opponent's hand strength, and ``loki2-sim-strength`` lets that network re-weight
and play the opponent in the trials.

Examples
--------
Peña's worked examples: the triple [0.1, 0.65, 0.25] folds below 0.1, calls below 0.75, else
raises; an A-A weight of 0.90 after a call with PT(A-A) = [0, 0.20, 0.80] becomes 0.18.

>>> import numpy as np
>>> t = np.array([0.1, 0.65, 0.25])
>>> [choose(t, u) for u in (0.05, 0.1, 0.5, 0.7499, 0.75, 0.99)]
['fold', 'call', 'call', 'call', 'raise', 'raise']
>>> round(0.90 * float(np.array([0.0, 0.20, 0.80])[1]), 2)
0.18
>>> from pokerlab.agents.registry import create_bot
>>> bot = create_bot("loki2-sim")
>>> bot.config.simulation, bot.config.sim_trials, bot.config.pt_width
('pt', 500, 0.05)
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from pokerlab.agents.base import Observation
from pokerlab.agents.loki.bot import LokiBot
from pokerlab.agents.loki.config import LokiConfig
from pokerlab.agents.loki.postflop import Situation, postflop_decision
from pokerlab.agents.loki.reweighting import ir7_values
from pokerlab.agents.loki2._kernels import (
    NET_SIZE,
    STRENGTH_NET_SIZE,
    net_reweight,
    pt_reweight,
    pt_triple,
    simulate,
)
from pokerlab.agents.modelling.context_features import board_pt_inputs, observed_decisions, strength_row
from pokerlab.agents.registry import register_variant

__all__ = ["VERSIONS", "Loki2Bot", "Loki2Config", "choose", "probability_triple"]

MODEL_DIR_VAR = "POKERLAB_LEARNED_MODELS"
"""Environment variable naming the folder of offline-trained opponent models."""
SIMULATION = ("off", "pt", "call")
OPPONENT_MODELS = ("frequency", "network", "tree", "strength-network")
REWEIGHT_MODELS = ("pt", "strength-network")
_ACTIONS = ("fold", "call", "raise")


@dataclass(frozen=True)
class Loki2Config(LokiConfig):
    """Loki-1's constants plus Loki-2's (``docs/loki2.md``).

    Attributes
    ----------
    pt_betting
        Post-flop actions sampled from the PT with one number per hand [SOURCE].
    pt_reweighting
        Post-flop re-weighting by the PT of the observed action [SOURCE].
    pt_width
        Half-width of the interpolation band around each line [LOST; ours 0.05].
    simulation
        ``"off"``, ``"pt"`` (trials played by PTs [SOURCE]) or ``"call"`` (always-call trials
        [SOURCE]).
    sim_trials
        Trials per decision [SOURCE 500, the 1999 paper's experiments].
    opponent_model
        What plays the opponents inside trials: ``"frequency"`` (the PT function, Peña's
        design), ``"network"`` or ``"tree"`` (a model of each opponent learned online from
        Davidson's inputs of its decisions, :mod:`pokerlab.agents.modelling.learned_models`), or
        ``"strength-network"`` (the hand-strength network of each, fed the trial holding's
        HS_1 and PPOT_c; learned as for ``reweight_model``).
    learn_every, learn_after
        Refit each opponent's learned model every ``learn_every`` hands, once it has
        ``learn_after`` decisions (before that the PT plays it, or the model trained offline)
        [ours].
    model_dir
        A folder of models trained offline (``pokerlab opponents train PLAYER --out
        DIR/PLAYER.json``): an opponent's file, when its kind is ``opponent_model``, plays it
        from the first hand, and online learning goes on from it (``None``: the folder named
        by ``POKERLAB_LEARNED_MODELS``, if any).
    """

    pt_betting: bool = True
    pt_reweighting: bool = True
    pt_width: float = 0.05
    simulation: str = "off"
    sim_trials: int = 500
    opponent_model: str = "frequency"
    learn_every: int = 100
    learn_after: int = 200
    model_dir: str | None = None
    reweight_model: str = "pt"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.simulation not in SIMULATION:
            raise ValueError(f"simulation must be one of {', '.join(SIMULATION)}, not {self.simulation!r}")
        if self.opponent_model not in OPPONENT_MODELS:
            raise ValueError(f"opponent_model must be one of {', '.join(OPPONENT_MODELS)}, "
                             f"not {self.opponent_model!r}")
        if self.reweight_model not in REWEIGHT_MODELS:
            raise ValueError(f"reweight_model must be one of {', '.join(REWEIGHT_MODELS)}, "
                             f"not {self.reweight_model!r}")
        if not 0.0 <= self.pt_width < 0.5:
            raise ValueError(f"pt_width must be in [0, 0.5), not {self.pt_width}")
        if self.sim_trials < 1:
            raise ValueError(f"sim_trials must be at least 1, not {self.sim_trials}")
        if self.learn_every < 1 or self.learn_after < 1:
            raise ValueError("learn_every and learn_after must be at least 1")

    def pt_params(self) -> np.ndarray:
        """The kernels' parameter array ``[make1, make2, width, semi, pot odds, showdown]``."""
        return np.array([self.ehs_make1, self.ehs_make2, self.pt_width, float(self.semi_bluffing),
                         float(self.pot_odds), float(self.showdown_odds)])


def probability_triple(s: Situation, config: Loki2Config) -> np.ndarray:
    """The PT ``[f, c, r]`` of a post-flop situation (``docs/loki2.md``).

    Examples
    --------
    >>> c = Loki2Config()
    >>> s = Situation(ehs=0.85, hs_n=0.85, ppot=0.0, npot=0.0, to_call=10, pot=40, bet=10,
    ...               level=1, street=1)
    >>> probability_triple(s, c).round(3).tolist()     # on the make2 line: half raise
    [0.0, 0.5, 0.5]
    >>> from dataclasses import replace
    >>> probability_triple(replace(s, ehs=0.95, hs_n=0.95), c).tolist()   # far above: pure
    [0.0, 0.0, 1.0]
    """
    win = s.hs_n + (1.0 - s.hs_n) * s.ppot - s.hs_n * s.npot
    return pt_triple(s.ehs, s.hs_n, s.ppot, win, float(s.to_call), float(s.pot), float(s.bet),
                     s.level, s.street, s.called, float(s.future), s.can_raise, config.pt_params())


def choose(triple: np.ndarray, u: float) -> str:
    """The action ``u`` picks: fold iff ``u < f``, call iff ``u < f + c``, else raise."""
    if u < triple[0]:
        return "fold"
    if u < triple[0] + triple[1]:
        return "call"
    return "raise"


@cache
def ir7_percentiles() -> np.ndarray:
    """Each holding's IR7 percentile among the 1,326 (the folded opponents' sampling scale)."""
    values = ir7_values()
    ranks = np.searchsorted(np.sort(values), values, side="left")
    out = ranks / (values.size - 1)
    out.setflags(write=False)
    return out


class Loki2Bot(LokiBot):
    """Loki-2 (see the module notes)."""

    name = "loki2"
    uses_rng = True  # the per-hand number and the simulations' seeds

    config: Loki2Config

    def __init__(self, config: Loki2Config | None = None, store_path: str | None = None) -> None:
        super().__init__(config or Loki2Config(), store_path)
        self._params = self.config.pt_params()
        self.timings: list[tuple[int, float]] = []  # (street, seconds) of each simulation
        # Learned opponent models (opponent_model network / tree): decisions seen per opponent
        # name, and the fitted model of each.
        self.decisions: dict[str, tuple[list[np.ndarray], list[int]]] = {}
        self.learned: dict[str, Any] = {}
        self._hands_learned = 0
        # Hand-strength networks (reweight_model "strength-network"): per opponent name the
        # model (None: none at hand), the showdown decisions seen (21 inputs, action), and
        # which models came from offline training (never refit on showdown-only data).
        self.strength: dict[str, Any] = {}
        self.strength_data: dict[str, tuple[list[np.ndarray], list[int]]] = {}
        self._strength_offline: set[str] = set()
        self._online: set[tuple[str, str]] = set()  # (opponent, kind) learned online: saved
        self._rows: list[np.ndarray] = []
        # Models trained offline (model_dir or POKERLAB_LEARNED_MODELS), read and checked now:
        # a bad folder or file is one line before the first hand, not a failure inside one.
        self._offline = self._offline_models()

    def _offline_models(self) -> dict[str, dict[str, Any]]:
        c = self.config
        if c.opponent_model == "frequency" and c.reweight_model != "strength-network":
            return {}  # this bot reads no learned model
        folder = c.model_dir or os.environ.get(MODEL_DIR_VAR)
        if not folder:
            return {}
        from pokerlab.agents.modelling.learned_models import load_model_folder

        return load_model_folder(folder, "model_dir" if c.model_dir else MODEL_DIR_VAR)

    def _reset_hand(self) -> None:
        super()._reset_hand()
        self._u = 0.5
        self._folded: set[int] = set()
        self._called_round: set[int] = set()

    def begin_hand(self, observation: Observation) -> None:
        super().begin_hand(observation)
        self._u = self.rng.random()  # one number for the whole hand [SOURCE]

    def _new_street(self, street: int, n: int, observation: Observation) -> None:
        super()._new_street(street, n, observation)
        self._called_round = set()

    # -- opponent modelling ----------------------------------------------------------------
    def observe(self, observation: Observation) -> None:
        if self.config.reweight_model == "strength-network" and self.config.pt_reweighting:
            # Davidson's inputs of each new opponent action, in order, for _learn to take.
            history, me, seen = self._history(observation), observation.position, self._seen
            big = [10**6] * observation.players
            self._rows = [x for i, (pos, x, _) in enumerate(
                observed_decisions(observation.game, big, observation.board, history))
                if i >= seen and pos != me][::-1]
        super().observe(observation)

    def _learn(self, observation: Observation, pos: int, street: int, to_call: int,
               kind: int) -> None:
        self._row = self._rows.pop() if self._rows else None
        if street > 0 and self.config.pt_reweighting and self.weighting and pos in self.tables \
                and kind != 0:
            self._pt_reweight(observation, pos, street, to_call, kind)
        super()._learn(observation, pos, street, to_call, kind)
        if kind == 0:
            self._folded.add(pos)
        elif kind == 1 and to_call > 0:
            self._called_round.add(pos)

    def _reweight(self, observation: Observation, pos: int, street: int, percentile: float) -> None:
        if street > 0 and self.config.pt_reweighting:
            return  # after the flop the PT re-weights (every action, in _pt_reweight)
        super()._reweight(observation, pos, street, percentile)

    def _pot_now(self) -> float:
        earlier = sum(sum(amounts[: self._street]) for amounts in self.amount_by.values())
        return float(earlier + sum(self._bets.values()))

    def _pt_reweight(self, observation: Observation, pos: int, street: int, to_call: int,
                     kind: int) -> None:
        game = observation.game
        bet = game.street_bet(street)
        hs1, ppot_c = board_pt_inputs(tuple(observation.board[: 2 + street]))
        level = self._max_bet // bet if bet else 0
        opponents = max(observation.players - len(self._folded) - 1, 1)
        future = float(sum(game.street_bet(s) for s in range(street + 1, 4)))
        table = self.tables[pos]
        if self.config.reweight_model == "strength-network" and self._row is not None:
            net = self.strength_model(self.opponent_name(observation, pos))
            if net is not None:
                net_reweight(table, hs1, ppot_c, self._row, net.flat(), int(kind),
                             self.config.low_weight)
                return
        pt_reweight(table, hs1, ppot_c, opponents, float(to_call), self._pot_now(), float(bet),
                    int(level), street, pos in self._called_round, future,
                    bool(level < _max_bets(observation)), int(kind), self._params,
                    self.config.low_weight)

    # -- learned opponent models ------------------------------------------------------------
    def after_hand(self, observation: Observation) -> None:
        super().after_hand(observation)
        c = self.config
        strength = "strength-network" in (c.opponent_model, c.reweight_model)
        if c.opponent_model == "frequency" and not strength:
            return
        me = observation.position
        big = [10**6] * observation.players
        if c.opponent_model in ("network", "tree"):
            for pos, x, action in observed_decisions(observation.game, big, observation.board,
                                                     observation.actions):
                if pos != me:
                    xs, ys = self.decisions.setdefault(self.opponent_name(observation, pos),
                                                       ([], []))
                    xs.append(x)
                    ys.append(action)
        if strength:
            self._showdown_decisions(observation, big)
        self._hands_learned += 1
        if self._hands_learned % c.learn_every == 0:
            self.learn()

    def _showdown_decisions(self, observation: Observation, big: list[int]) -> None:
        """The post-flop decisions of every opponent that showed its cards (21 inputs)."""
        me, board = observation.position, observation.board
        for pos in range(observation.players):
            shown = observation.shown(pos) if pos != me else None
            if not shown:
                continue
            xs, ys = self.strength_data.setdefault(self.opponent_name(observation, pos), ([], []))
            for street, (p, x, action) in zip(
                    (a[0] for a in observation.actions),
                    observed_decisions(observation.game, big, board, observation.actions,
                                       known={pos: shown}), strict=True):
                if p == pos and street > 0:
                    xs.append(strength_row(x, board[: 2 + street], shown))
                    ys.append(action)

    def learn(self) -> None:
        """Refit the learned model of every opponent with enough decisions (online learning:
        the network goes on from its weights, the tree is grown again); the hand-strength
        network of an opponent without an offline one, from the showdowns seen."""
        from pokerlab.agents.modelling.learned_models import NetworkModel, StrengthNetworkModel, TreeModel

        kind = self.config.opponent_model
        for name, (xs, ys) in self.decisions.items():
            if len(ys) < self.config.learn_after:
                continue
            x, y = np.array(xs), np.array(ys)
            if kind == "network":
                net = self.learned_model(name)
                if net is None:
                    self.learned[name] = NetworkModel().fit(x, y)
                else:
                    net.fit(x, y, epochs=300)
            else:
                self.learned[name] = TreeModel().fit(x, y)
            self._online.add((name, kind))
        for name, (xs, ys) in self.strength_data.items():
            if len(ys) < self.config.learn_after or name in self._strength_offline:
                continue
            x, y = np.array(xs), np.array(ys)
            net = self.strength_model(name)
            if net is None:
                self.strength[name] = StrengthNetworkModel().fit(x, y)
            else:
                net.fit(x, y, epochs=300)
            self._online.add((name, "strength-network"))

    def _stored_model(self, name: str, kind: str) -> Any:
        """Opponent ``name``'s model of ``kind`` from the opponent store (the bot's own row,
        else the latest of any owner), else from ``model_dir``'s JSON file, else ``None``."""
        store = self._open_store()
        if store is not None:
            found = store.load_learned(self.name, name, kind)
            if found is None:
                found = store.load_learned(None, name, kind)
            if found is not None:
                return found
        data = self._offline.get(name)
        if data is not None and data.get("kind") == kind:
            from pokerlab.agents.modelling.learned_models import model_from_dict

            return model_from_dict(data)
        return None

    def learned_model(self, name: str) -> Any:
        """Opponent ``name``'s learned model: learned online, else loaded (once) from the
        opponent store or ``model_dir``, else ``None``."""
        if name not in self.learned:
            self.learned[name] = self._stored_model(name, self.config.opponent_model)
        return self.learned[name]

    def strength_model(self, name: str) -> Any:
        """Opponent ``name``'s hand-strength network: learned online, else loaded (once) from
        the opponent store or ``model_dir`` (then marked offline), else ``None``."""
        if name not in self.strength:
            found = self._stored_model(name, "strength-network")
            if found is not None:
                self._strength_offline.add(name)
            self.strength[name] = found
        return self.strength[name]

    def save_learned(self) -> None:
        """Save every model learned online in this match to the opponent store (no-op
        without one)."""
        store = self._open_store()
        if store is None:
            return
        for name, kind in sorted(self._online):
            model = self.strength[name] if kind == "strength-network" else self.learned[name]
            data = self.strength_data if kind == "strength-network" else self.decisions
            store.save_learned(self.name, name, model, len(data[name][1]), source="online")

    def end_match(self) -> None:
        """Save the opponent models: the counted ones (Loki-1's) and those learned online."""
        super().end_match()
        self.save_learned()

    def learned_inputs(self, observation: Observation) -> dict[str, np.ndarray]:
        """The simulation's learned-model arrays for this decision: what Davidson's inputs
        need of the hand so far (per position: chips in, committed and acted this round,
        previous decision faced a bet, previous action a raise; the hand's bets and calls) and
        each opponent's model (kind 0 PT, 1 network, 2 tree)."""
        n, street = observation.players, observation.street
        ctx = np.zeros((n, 5))
        counts = np.zeros(2)
        for p in range(n):
            ctx[p, 0] = sum(self.amount_by.get(p, [0] * 4)[:street]) + observation.bets[p]
        history = observation.actions
        big = [10**6] * n
        for (st, _, _, _), (pos, x, action) in zip(
                history, observed_decisions(observation.game, big, observation.board, history),
                strict=True):
            faced = x[4] == 0.0
            ctx[pos, 3] = float(faced)
            ctx[pos, 4] = float(action == 2)
            counts[0] += action == 2
            counts[1] += action == 1 and faced
            if st == street:
                ctx[pos, 2] = 1.0
                if action == 2 or (action == 1 and faced):
                    ctx[pos, 1] = 1.0
        kinds = np.zeros(n, dtype=np.int64)
        kind = self.config.opponent_model
        nets = np.zeros((n, STRENGTH_NET_SIZE if kind == "strength-network" else NET_SIZE))
        find = self.strength_model if kind == "strength-network" else self.learned_model
        models = {} if kind == "frequency" else {
            p: find(self.opponent_name(observation, p)) for p in range(n)
            if p != observation.position}
        trees = [m for m in models.values() if m is not None and m.kind == "tree"]
        size = max([len(m.left) for m in trees], default=1)
        tree_i = np.full((n, 3, size), -1, dtype=np.int64)
        tree_t = np.zeros((n, size))
        tree_v = np.full((n, size, 3), 1.0 / 3.0)
        for p, m in models.items():
            if m is None:
                continue
            if m.kind in ("network", "strength-network"):
                kinds[p] = 1 if m.kind == "network" else 3
                nets[p] = m.flat()
            else:
                kinds[p] = 2
                k = len(m.left)
                tree_i[p, 0, :k], tree_i[p, 1, :k] = m.left, m.right
                tree_i[p, 2, :k] = np.maximum(m.feature, 0)
                tree_t[p, :k], tree_v[p, :k] = m.threshold, m.value
        return {"ctx": ctx, "counts": counts, "kinds": kinds, "nets": nets, "tree_i": tree_i,
                "tree_t": tree_t, "tree_v": tree_v}

    # -- decisions --------------------------------------------------------------------------
    def _postflop(self, observation: Observation) -> str:
        c = self.config
        s = self.situation(observation)
        if s.follow_up and c.semi_bluff_follow_up and s.to_call == 0 and s.can_raise and (
                s.street < 3 or c.follow_up_on_river) and c.semi_bluffing:
            self.last_decision = (s, "raise", "follow-up")
            return "raise"  # a pure rule: the PT of a bare holding does not know the hand's past
        if c.simulation != "off" and _deep_enough(observation):
            action = self._simulate(observation, s)
        elif c.pt_betting:
            triple = probability_triple(s, c)
            action = choose(triple, self._u)
            if action == "raise" and s.to_call == 0 and s.ehs < c.ehs_make1:
                self._semi_bluff_street = observation.street  # a bet on potential: follow it up
            self.last_decision = (s, action, "pt " + "/".join(f"{x:.2f}" for x in triple))
        else:
            action, rule = postflop_decision(s, c)
            if rule == "semi-bluff":
                self._semi_bluff_street = observation.street
            self.last_decision = (s, action, rule)
            return action
        if action == "fold" and s.to_call == 0:
            action = "check"
        return action

    def simulation_inputs(self, observation: Observation) -> dict[str, Any]:
        """The arrays :func:`~pokerlab.agents.loki2._kernels.simulate` takes for this decision."""
        n, me, street = observation.players, observation.position, observation.street
        acted = np.zeros(n, dtype=np.bool_)
        called = np.zeros(n, dtype=np.bool_)
        for st, p, k, amount in observation.actions:
            if st != street:
                continue
            if k == 2:
                acted[:] = False
            acted[p] = True
            if k == 1 and amount > 0:
                called[p] = True
        weights = np.zeros((n, 1326))
        for p in range(n):
            if p != me:
                weights[p] = self.tables.get(p, np.ones(1326))
        game = observation.game
        return {
            "hole": np.array(observation.hole, dtype=np.int64),
            "board": np.array(observation.board, dtype=np.int64), "street": street, "me": me,
            "live": np.array(observation.live, dtype=np.bool_), "weights": weights,
            "ir_pct": ir7_percentiles(), "bets": np.array(observation.bets, dtype=np.float64),
            "acted": acted, "called": called, "pot": float(observation.pot),
            "level": observation.raises_this_round,
            "street_bets": np.array([game.street_bet(s) for s in range(4)], dtype=np.float64),
            "max_bets": _max_bets(observation),
        }

    def _simulate(self, observation: Observation, s: Situation) -> str:
        c = self.config
        start = time.perf_counter()
        inputs = self.simulation_inputs(observation)
        inputs.update(self.learned_inputs(observation))
        ev = simulate(**inputs, policy=0 if c.simulation == "pt" else 1, trials=c.sim_trials,
                      params=self._params, seed=self.rng.getrandbits(31))
        self.timings.append((observation.street, time.perf_counter() - start))
        ev_call, ev_raise = float(ev[0]), float(ev[1])
        action = "call"
        if not np.isnan(ev_raise) and ev_raise > ev_call:
            action = "raise"
        if s.to_call > 0 and max(ev_call, -np.inf if np.isnan(ev_raise) else ev_raise) < 0:
            action = "fold"
        self.last_decision = (s, action, f"simulation call {ev_call:+.2f} raise {ev_raise:+.2f}")
        return action


def _max_bets(observation: Observation) -> int:
    cap = observation.game.raise_cap
    return 1 + cap if cap is not None else 1_000_000


def _deep_enough(observation: Observation) -> bool:
    """Every live player can pay the most the rest of the hand can cost (the simulation
    assumes nobody goes all-in)."""
    game = observation.game
    most = sum(_max_bets(observation) * game.street_bet(s) for s in range(observation.street, 4))
    stacks, bets = observation.stacks, observation.bets
    return all(stacks[p] + bets[p] >= most for p in range(observation.players) if observation.live[p])


VERSIONS: dict[str, tuple[Loki2Config, str]] = {
    "loki2-b": (Loki2Config(pt_reweighting=False),
                "Loki-2 (limit, Peña 1999) B: Loki A with probability-triple betting"),
    "loki2-r": (Loki2Config(pt_betting=False),
                "Loki-2 R: Loki A with probability-triple re-weighting"),
    "loki2-triple": (Loki2Config(), "Loki-2 B+R: probability-triple betting and re-weighting"),
    "loki2-sim": (Loki2Config(simulation="pt"),
                  "Loki-2 B+R with selective-sampling simulation (500 PT trials a decision)"),
    "loki2-sim-call": (Loki2Config(simulation="call"),
                       "Loki-2 B+R with the always-call simulation (500 trials a decision)"),
    "loki2-sim-network": (Loki2Config(simulation="pt", opponent_model="network"),
                          "Loki-2 with simulation, opponents in the trials played by Davidson's "
                          "network of each, learned online"),
    "loki2-sim-tree": (Loki2Config(simulation="pt", opponent_model="tree"),
                       "Loki-2 with simulation, opponents in the trials played by a decision "
                       "tree of each, learned online"),
    "loki2-strength": (Loki2Config(reweight_model="strength-network"),
                       "Loki-2 B+R, opponents re-weighted by a network of each with their hand "
                       "strength among its inputs (trained offline, or online from showdowns)"),
    "loki2-sim-strength": (Loki2Config(simulation="pt", opponent_model="strength-network",
                                       reweight_model="strength-network"),
                           "Loki-2 with simulation, each opponent's hand-strength network "
                           "re-weighting its table and playing it in the trials"),
}
"""Every registered Loki-2: configuration and description."""


def _register(name: str) -> type[Loki2Bot]:
    config, description = VERSIONS[name]
    class_name = "Loki2" + "".join(part.capitalize() for part in name.split("-")[1:])
    return register_variant(Loki2Bot, name, description, config, class_name)


for _name in VERSIONS:
    _register(_name)
