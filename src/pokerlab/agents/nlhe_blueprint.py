"""``nlhe-blueprint``: heads-up no-limit hold'em played from pokerlab's MCCFR blueprint.

The blueprint (:mod:`pokerlab.nolimit.blueprint`; by default the shipped one nearest the
table's effective stack in big blinds, :data:`~pokerlab.nolimit.blueprint.SHIPPED_BLUEPRINTS`:
200 big blinds, the ACPC game, and 100 big blinds; the bot spec ``nlhe-blueprint:BLUEPRINT``
plays one other file) holds a strategy per node of an abstract
betting tree (columns fold 0, call 1, then the abstraction's raises in increasing amounts) and
card bucket. At each decision the bot

1. **walks the real betting down the tree.** The hand's betting is replayed with the engine
   (:class:`pokerlab.engine.Hand`, the real game, the real starting stacks, dummy cards), so the
   real pot, bets and legal range are known at every action; amounts are compared in the
   blueprint's chips (the table's chips / its big blind * the blueprint's big blind, by exact
   integer cross-multiplication), so blinds 1/2 and 50/100 reach the same node. A fold is
   column 0, a check or call column 1. A bet or raise is

   - the column of the same amount when the real state is the tree's (both players' chips in
     equal, scaled): an *on-tree* action;
   - an all-in (the real stack) is the tree's all-in column;
   - the bot's own bet is the column whose amount (point 2) it is; when two columns played the
     same chips (both clamped to the minimum or to the stack) the one whose unclamped amount is
     nearest;
   - otherwise a size the tree does not hold, read by the pseudo-harmonic mapping
     (:func:`pokerlab.nolimit.translation.translate`) among the node's raise columns (all-in
     among them): before the flop in multiples of the bet faced (the open: big blinds), after
     it in fractions of the pot after calling.

   The mapping's uniform number is a hash of a per-hand key and the action's index in the
   hand's history. The key is drawn from ``self.rng`` in :meth:`~NlheBlueprintBot.begin_hand`,
   so within a hand :meth:`~NlheBlueprintBot.policy` is a pure function of the observation (a
   raise is read the same way at every later decision, and LBR's look at a raise it has not
   made, :mod:`pokerlab.arena.lbr`, sees the reading the bot will make), and across hands a size
   between two of the tree's is read as either with the mapping's frequencies.

2. **plays the sampled column.** Fold and check/call as they are; a raise column plays the
   tree's own amount when the real state is the tree's and that amount is a whole number of
   the table's chips, the real all-in for the all-in column, else the column's size (the same
   multiple of the bet faced before the flop, the same pot fraction after) of the real pot,
   rounded and clamped into the legal range. A fold when checking is free is a check, a raise
   the table does not allow a call (:func:`~pokerlab.agents.base.legal_policy`).

   The column is the blueprint row's most probable real action (its *purification*,
   :func:`pokerlab.equilibrium.purification.purify`: columns that play the same chips count as
   one action, ties share evenly), as Ganzfried, Sandholm and Waugh (2012) found best for
   abstract no-limit strategies; ``nlhe-blueprint-mixed`` (:class:`NlheBlueprintMixedBot`)
   samples the row as it is, and ``nlhe-blueprint:threshold=T`` drops the actions below the
   share ``T`` of the row and samples the rest renormalised (the paper's *thresholding*).

3. **checks or calls off the blueprint**, as ``hulhe-cfr`` does: in a game the blueprint does
   not solve (not heads-up no-limit hold'em, antes, blinds in another ratio, or an effective
   stack, the smaller starting stack, more than :data:`STACK_TOLERANCE` away from the
   blueprint's depth in big blinds: its all-ins and its commitment are those of its depth), and
   when the walk leaves the tree: a raise where the tree allows none, or a line the tree ends
   that the real hand goes on with (a raise read as the tree's all-in and called with chips
   behind).

:meth:`~NlheBlueprintBot.policy` gives (fold, call, raise) for any holding,
:meth:`~NlheBlueprintBot.range_policy` for many at once, and
:meth:`~NlheBlueprintBot.action_probabilities` the probability of exactly one real action: the
sum over the columns that play it (exact: what :meth:`~NlheBlueprintBot.act` samples).

Examples
--------
>>> from pokerlab.agents.registry import available
>>> "nlhe-blueprint" in available()
True
>>> round(uniform(7, 0), 6), round(uniform(7, 1), 6), uniform(7, 0) == uniform(7, 0)
(0.38983, 0.016788, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from pokerlab.agents.base import Agent, Observation, legal_policy
from pokerlab.agents.registry import register_bot
from pokerlab.agents.settings import number
from pokerlab.cards import combo_index
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, DRAW, FOLD, Action, Hand, Legal
from pokerlab.equilibrium.betting_tree import CALL_COL, DECISION, FOLD_COL, RAISE_COL
from pokerlab.equilibrium.purification import purify, thresholded
from pokerlab.nolimit.translation import nearest, translate

if TYPE_CHECKING:
    from pokerlab.nolimit.blueprint import Blueprint

STACK_TOLERANCE = 0.10
"""How far (a share of the blueprint's depth in big blinds) the effective stack may be from the
blueprint's for the bot to play it: the default blueprint plays 180 to 220 big blinds."""

CALL_ONLY = np.array([0.0, 1.0, 0.0])
WALK_CACHE = 256
"""Walks (betting lines) a bot keeps: LBR asks about one decision several times."""

_MASK = (1 << 64) - 1
_DUMMY_CARDS = tuple(range(9))  # a replay needs cards; its showdown is never reached
_DUMMY_RANKS = (1, 0)

__all__ = ["STACK_TOLERANCE", "NlheBlueprintBot", "NlheBlueprintMixedBot", "Spot", "sample_index", "uniform"]


def sample_index(row: np.ndarray, u: float, default: int) -> int:
    """The entry of ``row`` (weights, not necessarily summing to 1) that the uniform number
    ``u`` in [0, 1) picks, walking the positive entries in order; ``default`` when none is.

    >>> sample_index(np.array([0.0, 0.25, 0.75]), 0.5, 0), sample_index(np.zeros(3), 0.5, 1)
    (2, 1)
    """
    u *= float(row.sum())
    pick = default
    for c in np.flatnonzero(row > 0):
        u -= row[c]
        pick = int(c)
        if u < 0:
            break
    return pick


def uniform(key: int, index: int) -> float:
    """A number in [0, 1) from a hand's key and an action's index (splitmix64's finaliser): the
    translation's draw for the ``index``-th action of the hand, the same at every ask."""
    z = (key + (index + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return (z >> 11) / float(1 << 53)


@dataclass(frozen=True)
class Spot:
    """Where a decision of the real hand stands in the tree: the ``node``, the real ``legal``
    actions and the real amount (``to``) each of the node's raise columns plays
    (``amounts[col]``; empty when the table allows no raise)."""

    node: int
    legal: Legal
    amounts: dict[int, int]


class _Game:
    """The blueprint with what the walk reads of its tree (one per file and process)."""

    def __init__(self, blueprint: Blueprint) -> None:
        self.blueprint = blueprint
        tree = blueprint.tree
        self.tree = tree
        self.bb = blueprint.betting.big_blind
        self.sb = blueprint.betting.small_blind
        self.stack = blueprint.betting.stack
        self.depth = self.stack / self.bb
        width = tree.child.shape[1]
        self.raise_cols = [[c for c in range(RAISE_COL, width) if tree.child[n, c] >= 0]
                           if tree.kind[n] == DECISION else [] for n in range(tree.num_nodes)]

    def all_in(self, node: int, col: int) -> bool:
        """Whether raise column ``col`` of ``node`` puts its player's whole stack in."""
        tree = self.tree
        return bool(tree.contrib[tree.child[node, col], tree.actor[node]] >= self.stack)

    def size(self, node: int, col: int) -> float:
        """The size of raise column ``col``: before the flop its ``to`` in multiples of the bet
        faced, after it the raise beyond the call in fractions of the pot after calling."""
        tree = self.tree
        contrib = tree.contrib[node]
        top = int(contrib.max())
        if tree.round[node] == 0:
            return float(tree.raise_to[node, col]) / top
        actor = int(tree.actor[node])
        by = int(tree.contrib[tree.child[node, col], actor]) - top
        return by / (int(contrib.sum()) + top - int(contrib[actor]))

    def covers(self, observation: Observation) -> bool:
        """Whether the observation's game is the one the blueprint solves (module docstring)."""
        g = observation.game
        if (observation.players != 2 or g.kind != "no-limit" or g.variant != "texas-holdem" or g.ante
                or g.big_blind <= 0 or g.small_blind * self.bb != g.big_blind * self.sb):
            return False
        depth = min(observation.starting_stacks) / g.big_blind
        return abs(depth - self.depth) <= STACK_TOLERANCE * self.depth


def real_size(hand: Hand, to: int) -> float:
    """The size of a raise to ``to`` at ``hand``'s decision, in the units of :meth:`_Game.size`."""
    if hand.street == 0:
        return to / hand.max_bet
    p = hand.actor
    return (to - hand.max_bet) / (hand.pot + hand.max_bet - hand.bets[p])


@lru_cache(maxsize=4)
def _load(path: str | None) -> _Game:
    from pokerlab.nolimit.blueprint import Blueprint

    return _Game(Blueprint.load(path, option="blueprint file"))


@lru_cache(maxsize=8)
def _depth_of(path: str) -> float:
    """A blueprint file's stack in big blinds, from its settings (without building its tree)."""
    from pokerlab.hulhe.strategy_file import load_strategy

    spec = load_strategy(path, option="blueprint file").meta["training"]["betting"]
    return spec["stack"] / spec["big_blind"]


@register_bot("nlhe-blueprint", "heads-up no-limit hold'em from the MCCFR blueprint, purified (the "
                                "shipped one of 200 or 100 big blinds nearest the table's stacks; bets "
                                "off its tree read by the pseudo-harmonic mapping); checks or calls in "
                                "other games and stacks; nlhe-blueprint:BLUEPRINT plays another file")
class NlheBlueprintBot(Agent):
    """Plays the blueprint file ``blueprint`` (default: the shipped one nearest the table's
    depth, :data:`~pokerlab.nolimit.blueprint.SHIPPED_BLUEPRINTS`; module docstring)."""

    name = "nlhe-blueprint"
    argument = "blueprint"
    purified = True
    """Whether the bot plays each row's most probable action (module docstring, point 2)."""
    threshold = 0.0
    """With :attr:`purified` false: the share of a row below which an action is dropped, the
    rest renormalised (:func:`~pokerlab.equilibrium.purification.thresholded`); 0 plays the
    row as it is."""
    settings: ClassVar[Mapping[str, Callable[[str], Any]]] = {"threshold": number}
    nearest_preflop = False
    """Whether a pre-flop size the tree does not hold is read as the tree's nearest size (by
    ratio, :func:`~pokerlab.nolimit.translation.nearest`) instead of by the pseudo-harmonic
    mapping: what a bot that searches the pre-flop at the real size does after it
    (:mod:`pokerlab.agents.nlhe_search`)."""

    def __init__(self, blueprint: str | Path | None = None, threshold: float | None = None) -> None:
        super().__init__()
        if threshold is not None:  # thresholded, not purified (module docstring, point 2)
            if not 0.0 <= float(threshold) <= 1.0:
                raise ValueError(f"threshold: {float(threshold)} must lie in [0, 1]")
            self.purified = False
            self.threshold = float(threshold)
        from pokerlab.nolimit.blueprint import SHIPPED_BLUEPRINTS

        self._paths = ([str(Path(blueprint).resolve())] if blueprint is not None
                       else [str(p) for p in SHIPPED_BLUEPRINTS])
        self._game = _load(self._paths[0])
        self.blueprint_path: Path = self._game.blueprint.file.path
        self.key = 0
        """The hand's key for the translation's draws (:func:`uniform`), drawn in
        :meth:`begin_hand`."""
        self._walks: dict[tuple[Any, ...], Spot | None] = {}

    @property
    def blueprint(self) -> Blueprint:
        """The loaded :class:`~pokerlab.nolimit.blueprint.Blueprint`."""
        return self._game.blueprint

    def begin_hand(self, observation: Observation) -> None:
        """Draw the hand's key (module docstring) from ``self.rng``."""
        self.key = self.rng.getrandbits(64)

    # -- the walk ---------------------------------------------------------------------------

    def spot(self, observation: Observation) -> Spot | None:
        """Where this decision stands in the tree, or ``None`` off the blueprint (its game, or
        its tree: the bot then checks or calls). Kept per betting line and hand key."""
        self._choose(observation)
        if not self._game.covers(observation):
            return None
        key = (self.key, observation.game, tuple(observation.starting_stacks), observation.position,
               tuple(observation.actions))
        if key in self._walks:
            return self._walks[key]
        found = self._walk(observation)
        if len(self._walks) >= WALK_CACHE:
            self._walks.clear()
        self._walks[key] = found
        return found

    def _choose(self, observation: Observation) -> None:
        """Play the blueprint whose depth is nearest the table's (the shipped ones, loaded when
        first needed; a bot spec's file is the only one)."""
        g = observation.game
        if len(self._paths) == 1 or g.big_blind <= 0 or not observation.starting_stacks:
            return
        depth = min(observation.starting_stacks) / g.big_blind
        if abs(depth - self._game.depth) <= STACK_TOLERANCE * self._game.depth:
            return
        best = min(self._paths, key=lambda path: abs(_depth_of(path) - depth))
        self._game = _load(best)
        self.blueprint_path = self._game.blueprint.file.path

    def _walk(self, observation: Observation) -> Spot | None:
        g = self._game
        tree = g.tree
        hand = Hand(observation.game, observation.starting_stacks, _DUMMY_CARDS, _DUMMY_RANKS)
        node = 0
        for index, (_, position, kind, amount) in enumerate(observation.actions):
            if (kind == DRAW or tree.kind[node] != DECISION or tree.actor[node] != hand.actor
                    or tree.round[node] != hand.street):
                return None
            if kind == FOLD:
                col: int | None = FOLD_COL
            elif kind == CHECK_CALL:
                col = CALL_COL
            else:
                col = self._read_raise(node, hand, amount, index, position == observation.position)
            if col is None or tree.child[node, col] < 0:
                return None
            hand.apply_checked(Action(kind, amount))
            node = int(tree.child[node, col])
        if (hand.finished or tree.kind[node] != DECISION or tree.actor[node] != observation.position
                or hand.actor != observation.position or tree.round[node] != hand.street):
            return None
        legal = hand.legal()
        amounts = {c: a for c, (a, _) in self._amounts(node, hand, legal).items()}
        return Spot(node, legal, amounts)

    def _on_state(self, node: int, hand: Hand) -> bool:
        """Whether the real chips in are the tree's at ``node`` (scaled)."""
        g, real_bb = self._game, hand.game.big_blind
        contrib = g.tree.contrib[node]
        return all(hand.put_in[p] * g.bb == int(contrib[p]) * real_bb for p in (0, 1))

    def _amounts(self, node: int, hand: Hand, legal: Legal) -> dict[int, tuple[int, float]]:
        """Each raise column's real amount and its unclamped size in chips (module docstring,
        point 2); empty when the table allows no raise."""
        g = self._game
        if not legal.can_raise:
            return {}
        tree, real_bb = g.tree, hand.game.big_blind
        low, high = legal.min_raise_to, legal.max_raise_to
        on = self._on_state(node, hand)
        out: dict[int, tuple[int, float]] = {}
        for c in g.raise_cols[node]:
            if g.all_in(node, c):
                out[c] = (high, float(high))
                continue
            to = int(tree.raise_to[node, c]) * real_bb
            if on and to % g.bb == 0 and low <= to // g.bb <= high:
                out[c] = (to // g.bb, float(to // g.bb))
                continue
            size = g.size(node, c)
            if hand.street == 0:
                want = size * hand.max_bet
            else:
                want = hand.max_bet + size * (hand.pot + hand.max_bet - hand.bets[hand.actor])
            out[c] = (min(max(round(want), low), high), want)
        return out

    def _read_raise(self, node: int, hand: Hand, to: int, index: int, own: bool) -> int | None:
        """The raise column a real raise to ``to`` (the ``index``-th action) is read as."""
        g = self._game
        cols = g.raise_cols[node]
        if not cols:
            return None
        legal = hand.legal()
        if own:
            amounts = self._amounts(node, hand, legal)
            hits = [c for c in cols if c in amounts and amounts[c][0] == to]
            if hits:
                return min(hits, key=lambda c: (abs(amounts[c][1] - to), c))
        if self._on_state(node, hand):
            for c in cols:
                if int(g.tree.raise_to[node, c]) * hand.game.big_blind == to * g.bb:
                    return c
        if legal.max_all_in and to == legal.max_raise_to:
            for c in cols:
                if g.all_in(node, c):
                    return c
        sizes = [g.size(node, c) for c in cols]
        if hand.street == 0 and self.nearest_preflop:
            return cols[nearest(sizes, real_size(hand, to))]
        return cols[translate(sizes, real_size(hand, to), uniform(self.key, index))]

    # -- the strategy -----------------------------------------------------------------------

    def _columns(self, observation: Observation, spot: Spot, combos: np.ndarray,
                 board: list[int] | None = None) -> np.ndarray:
        """``(len(combos), k)``: the blueprint's column probabilities as played at the table (a
        fold when checking is free and the raises the table refuses moved to the call), purified
        when :attr:`purified` (columns of one amount as one action, on the first of them);
        ``board``: the cards the buckets read instead of the observation's."""
        bp = self._game.blueprint
        cards = observation.board if board is None else board
        probs = bp.strategy[bp.tree.row[spot.node] + bp.buckets(cards)[combos]].copy()
        if not spot.legal.can_fold:
            probs[:, CALL_COL] += probs[:, FOLD_COL]
            probs[:, FOLD_COL] = 0.0
        if not spot.amounts:
            probs[:, CALL_COL] += probs[:, RAISE_COL:].sum(axis=1)
            probs[:, RAISE_COL:] = 0.0
        if not self.purified and not self.threshold:
            return probs
        for col, amount in spot.amounts.items():  # one real action: its columns' mass on the first
            first = min(c for c, a in spot.amounts.items() if a == amount)
            if first != col:
                probs[:, first] += probs[:, col]
                probs[:, col] = 0.0
        return purify(probs) if self.purified else thresholded(probs, self.threshold)

    def range_policy(self, observation: Observation, combos: Any) -> np.ndarray:
        """(fold, check/call, bet/raise) for each holding of ``combos``; one bucket lookup for
        all."""
        combos = np.asarray(combos, dtype=np.int64)
        spot = self.spot(observation)
        if spot is None:
            return np.tile(legal_policy(CALL_ONLY, observation.legal), (len(combos), 1))
        probs = self._columns(observation, spot, combos)
        return np.column_stack((probs[:, FOLD_COL], probs[:, CALL_COL], probs[:, RAISE_COL:].sum(axis=1)))

    def policy(self, observation: Observation) -> np.ndarray:
        """(fold, check/call, bet/raise) at this decision with ``observation.hole``; no side
        effects (walks and board buckets are cached)."""
        hole = observation.hole
        return self.range_policy(observation, [combo_index(hole[0], hole[1])])[0]

    def action_probabilities(self, observation: Observation, combos: Any, action: Action) -> np.ndarray:
        """The probability each holding plays exactly ``action``: a bet or raise sums the
        columns that play its amount."""
        combos = np.asarray(combos, dtype=np.int64)
        spot = self.spot(observation)
        if spot is None or action.kind != BET_RAISE:
            return np.asarray(self.range_policy(observation, combos)[:, action.kind], dtype=float)
        cols = [c for c, a in spot.amounts.items() if a == action.amount]
        if not cols:
            return np.zeros(len(combos))
        return self._columns(observation, spot, combos)[:, cols].sum(axis=1)

    def read_probabilities(self, observation: Observation, combos: Any, action: Action) -> np.ndarray:
        """The probability each holding plays ``action`` as the walk reads it, for Bayes' rule on
        an opponent's range with this bot as its model: :meth:`action_probabilities`, except that
        a bet or raise no column plays (a size the tree does not hold) takes the probabilities of
        the column it is read as (module docstring, point 1), not zero."""
        p = self.action_probabilities(observation, combos, action)
        spot = self.spot(observation)
        if action.kind != BET_RAISE or spot is None or np.any(p > 0):
            return p
        hand = Hand(observation.game, observation.starting_stacks, _DUMMY_CARDS, _DUMMY_RANKS)
        for _, _, kind, amount in observation.actions:
            hand.apply_checked(Action(kind, amount))
        col = self._read_raise(spot.node, hand, action.amount, len(observation.actions), True)
        if col is None:
            return p
        return self._columns(observation, spot, np.asarray(combos, dtype=np.int64))[:, col]

    def act(self, observation: Observation) -> Action:
        spot = self.spot(observation)
        if spot is None:
            return Action(CHECK_CALL)
        hole = observation.hole
        probs = self._columns(observation, spot, np.array([combo_index(hole[0], hole[1])]))[0]
        col = sample_index(probs, self.rng.random(), CALL_COL)
        if col == FOLD_COL:
            return Action(FOLD)
        if col == CALL_COL:
            return Action(CHECK_CALL)
        return Action(BET_RAISE, spot.amounts[col])


@register_bot("nlhe-blueprint-mixed", "nlhe-blueprint sampling the blueprint's mixed strategy as it "
                                      "is, not purified; with :BLUEPRINT it plays another file")
class NlheBlueprintMixedBot(NlheBlueprintBot):
    """:class:`NlheBlueprintBot` sampling each row of the blueprint, not its purification."""

    name = "nlhe-blueprint-mixed"
    purified = False
