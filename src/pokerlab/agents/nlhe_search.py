"""``nlhe-search``: the no-limit blueprint, with the river searched at the table.

Before the river the bot plays :class:`~pokerlab.agents.nlhe_blueprint.NlheBlueprintBot`
(purified). At each of its river decisions it solves the river, from the start of the river
to the end of the hand, with the spot solver and plays the solution for its hand:

1. **Ranges.** Both players' ranges at the start of the river follow the hand's betting by
   Bayes' rule: the bot's own through the strategy it played (the purified blueprint), the
   opponent's through the blueprint's mixed strategy (its model of the opponent by default,
   the ``model`` setting; a raise off the tree counts as the column the blueprint bot reads it
   as, :meth:`~pokerlab.agents.nlhe_blueprint.NlheBlueprintBot.read_probabilities`). A range the
   model gives no weight (an opponent line the blueprint never plays) keeps its weights from
   before that action. Each opponent combo keeps at least ``floor`` of the range's largest
   weight: the gadget below guards only the hands the range holds.
2. **The subgame**: the river spot (board, pot, stack behind, both ranges) with both
   players' sizes (``bet``, ``raise_``: the blueprint's river sizes by default), the opponent's
   **plus every bet or raise it made on this river, in chips**: its actual size is in
   the subgame as it was made (nested subgame solving, no translation on the river). The bot's
   own earlier river decisions are locked to the strategy it played there, so its range at
   this decision is the one its earlier play made.
3. **Safe re-solving** (:mod:`pokerlab.spot.resolve`): the opponent's alternative values are
   its best-response values against the blueprint's river strategy in the same subgame (the
   blueprint bot's play at every node of the bot's, read from the tree by its walk); the
   gadget (max-margin by default) keeps every opponent hand's value at most what the
   blueprint gave it, so the search is no more exploitable than the blueprint on the river
   in theory. ``gadget="none"`` solves the subgame on its own, with no such guarantee.
   ``exploit=C`` (a confidence in the model) makes the river solve a data-biased response:
   the opponent plays its model with probability ``C`` at each of its decisions and its own
   best strategy otherwise (the solver's ``restricted`` nodes), so the bot exploits what it
   knows of the opponent while it stays guarded against the rest; a gadget, which picks the
   opponent's hands, would undo that, so it is meant with ``gadget="none"``.
4. **Play**: the solved strategy's row for the bot's hand, sampled; a bet or raise is the
   subgame's amount rounded to a chip and clamped into the legal range (all-in the real
   all-in).

The solve is a function of the public state and the hand's key (``iterations`` fixed, no
clock), so :meth:`~NlheSearchBot.range_policy` and :meth:`~NlheSearchBot.action_probabilities`
are exactly what :meth:`~NlheSearchBot.act` samples (LBR tracks the bot's range through
them). ``seconds`` caps a solve's time instead, for play against people and programs.
Off its game, or where the subgame cannot be built (the line leaves its tree), the bot plays
the blueprint.

``streets=("turn", "river")`` searches the turn too, solved to the end of the hand: each river
card is a situation of the subgame (no suit merging, as the gadget reweights hands one by
one) and the alternatives come from the blueprint's play on every river card. It is a setting,
not the default: with the blueprint's sizes a turn subgame is about 1,400 nodes and a solve
takes half a minute (smaller ``bet``/``raise_`` sizes bring it to seconds).

``"flop"`` in ``streets`` searches the flop, depth-limited (:mod:`pokerlab.nolimit.flop_search`):
the flop's betting round on both ranges (as on the river: Bayes' rule through the line, the
opponent's real sizes on the flop in the tree, the bot's earlier flop decisions locked), solved
by :class:`~pokerlab.nolimit.round_solver.RoundSolver` with the re-solve gadget against the
blueprint bot's flop play; where the turn is dealt the subgame ends, and each such leaf takes
the blueprint's continuation values from the node the bot's walk reads the line as (the bot
purified, the opponent choosing hand by hand among the blueprint and three biased versions of
it), averaged over ``runouts`` (turn, river) pairs. Its sizes are ``bet`` and ``raise`` (pot
shares and all-in; by default :data:`FLOP_BET` and :data:`FLOP_RAISE`).

``"preflop"`` in ``streets`` searches the pre-flop decisions after the hand's first (the
button's opening is the blueprint's; :mod:`pokerlab.nolimit.preflop_search`): the rest of the
round re-solved on the 169 classes, both ranges from the line (the opponent's through its
model, a size off the tree read as the tree's nearest: ``nearest_preflop``, which the bot's
later blueprint play uses too), the re-solve gadget against the blueprint's play below the
decision, and the blueprint's continuation values at the flop
(:mod:`pokerlab.nolimit.continuation`). A solve depends on the line only and is kept across
hands. LBR did not measure it better than the blueprint's pre-flop (``docs/nlhe-search.md``),
so it is a setting.

Examples
--------
>>> from pokerlab.agents.registry import available
>>> "nlhe-search" in available()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from pokerlab.agents.base import Observation
from pokerlab.agents.nlhe_blueprint import NlheBlueprintBot, NlheBlueprintMixedBot, sample_index
from pokerlab.agents.registry import register_bot
from pokerlab.agents.settings import number, sizes, switch, text, whole, words
from pokerlab.cards import combo_index, combos_touching, format_cards
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand, Legal
from pokerlab.equilibrium.betting_tree import CALL_COL, FOLD_COL
from pokerlab.nolimit.betting import BettingAbstraction
from pokerlab.nolimit.continuation import continuation_for
from pokerlab.nolimit.flop_search import (
    RUNOUTS,
    allin_values,
    continuation_values,
    hand_pairs,
    sample_runouts,
)
from pokerlab.nolimit.preflop_search import PreflopSolver, blueprint_profile, build_preflop_tree
from pokerlab.nolimit.round_solver import RoundSolver
from pokerlab.nolimit.round_tree import DECISION as ROUND_DECISION
from pokerlab.nolimit.round_tree import NEXT, RoundTree, build_round_tree
from pokerlab.spot.bestresponse import combo_values
from pokerlab.spot.classes import COMBO_CLASS
from pokerlab.spot.deal import build_deal
from pokerlab.spot.layout import build_layout
from pokerlab.spot.resolve import GADGETS, Resolve
from pokerlab.spot.solver import FAST, Solver
from pokerlab.spot.spec import Spot, StreetSizes, parse_sizes
from pokerlab.spot.tree import DECISION, Tree, build_tree

STREET_NAMES = {0: "preflop", 1: "flop", 2: "turn", 3: "river"}
"""The streets the bot can search (engine numbering), by the spot's names."""
SEARCH_CACHE = 64
"""Solves a bot keeps within a hand (LBR asks about several raises it might make)."""
CLASS_FIRST = np.unique(COMBO_CLASS, return_index=True)[1]
"""A combo of each starting-hand class (a pre-flop strategy's row for the class)."""
FLOP_BET, FLOP_RAISE = "75%,a", "a"
"""The flop search's sizes when the ``bet`` and ``raise`` settings are not given: few, since
each turn leaf costs a continuation table (:mod:`pokerlab.nolimit.flop_search`)."""
PREFLOP_CACHE = 512
"""Pre-flop solves a bot keeps across hands (a pre-flop solve depends on the line only)."""

__all__ = ["FlopSubgame", "NlheSearchBot", "Searched", "Subgame"]


@dataclass(frozen=True)
class Searched:
    """One decision's solve: the subgame ``tree``, the bot's ``node`` in it, its strategy
    there for every combo (``probs[combo, child]``; rows of combos outside its range zero),
    each child's real ``actions``, what the solve took, and the bot's ``range`` at the node
    (``(1326,)`` weights: its range at the street's start times its earlier play there)."""

    tree: Tree | RoundTree
    node: int
    probs: np.ndarray
    actions: tuple[Action, ...]
    iterations: int
    seconds: float
    range: np.ndarray
    labels: tuple[str, ...]
    """The children's labels in the tree (``x``, ``c``, ``f``, ``b...``/``r...``)."""


@dataclass(frozen=True)
class Subgame:
    """A subgame as the bot builds it: the ``spot`` (both ranges, the sizes), its tree, deal
    and layout, the bot's decision ``node`` and position ``me``, the ``locks`` of its earlier
    decisions on the street, the blueprint's strategy in the layout (the bot's nodes; uniform
    at the opponent's), the opponent's counterfactual best-response values against it
    (``alternative``, the gadget's), where the street began in the hand's actions (``start``)
    and the bot's range at its node (``(1326,)``: the street's start times its locked play)."""

    spot: Spot
    tree: Tree
    deal: Any
    layout: Any
    node: int
    me: int
    locks: dict[int, np.ndarray]
    blueprint: np.ndarray
    alternative: np.ndarray
    start: int
    range: np.ndarray


@dataclass(frozen=True)
class FlopSubgame:
    """The flop's subgame as the bot builds it (:meth:`NlheSearchBot.flop_subgame`): the
    round's ``tree``, the bot's decision ``node`` and position ``me``, each position's ``hands``
    (combos) and their weights at the flop (``ranges``), the ``locks`` on the path, the
    leaves' tables (``pairs``, ``showdown``, ``turn``: :class:`~pokerlab.nolimit.round_solver.RoundSolver`'s)
    and the blueprint bot's play below the node (``profile``, the gadget's)."""

    tree: RoundTree
    node: int
    me: int
    hands: tuple[np.ndarray, np.ndarray]
    ranges: tuple[np.ndarray, np.ndarray]
    locks: dict[int, np.ndarray]
    pairs: np.ndarray
    showdown: np.ndarray
    turn: dict[int, np.ndarray]
    profile: dict[int, np.ndarray]

    def solver(self, safe: bool = True) -> RoundSolver:
        """The round solver of this subgame, with the re-solve gadget when ``safe``."""
        return RoundSolver(self.tree, self.me, self.pairs, self.showdown, self.turn, self.locks,
                           root=self.node, profile=self.profile if safe else None, ranges=self.ranges)


@register_bot("nlhe-search", "nlhe-blueprint searching the river at the table: the spot solver "
                             "on both players' ranges, the opponent's actual sizes in the "
                             "subgame, safe re-solving against the blueprint's values")
class NlheSearchBot(NlheBlueprintBot):
    """The blueprint bot with river search (module docstring).

    Parameters
    ----------
    blueprint
        A blueprint file (default: the shipped one nearest the table's depth).
    iterations
        Solver iterations per searched decision.
    seconds
        If given, a solve stops after this many seconds (at least one iteration): play
        depends on the machine's speed then.
    gadget
        ``"maxmargin"`` or ``"resolve"`` (:mod:`pokerlab.spot.resolve`).
    floor
        The least weight of an opponent combo, a share of its range's largest.
    bet, raise_
        Both players' sizes on every street of a subgame (spot size text; the opponent's
        real sizes are added to its own); default: the blueprint's sizes of each street
        (on the flop :data:`FLOP_BET` and :data:`FLOP_RAISE`).
    streets
        The streets searched, among ``"preflop"``, ``"flop"``, ``"turn"`` and ``"river"``:
        ``("river",)`` by default.
    mixed
        Play the blueprint where it does not search as trained (mixed, as
        ``nlhe-blueprint-mixed``) instead of purified; its own range, and the blueprint play the
        gadget measures the opponent against, follow. The pre-flop search's continuation
        values at the flop stay those of the purified blueprint.
    threshold
        Play the blueprint where it does not search thresholded at this share (as
        ``nlhe-blueprint:threshold=T``) instead of purified, with the same consequences;
        ``mixed`` is the threshold 0.
    model
        The bot's model of the opponent's play, through which Bayes' rule gives the
        opponent's range: ``"mixed"`` (the blueprint as trained, the default), ``"purified"``
        (as ``nlhe-blueprint`` plays it) or a threshold share (as
        ``nlhe-blueprint:threshold=T``).
    exploit
        On the river, the bot's confidence in its model of the opponent, in ``[0, 1]``: each
        subgame is solved with the opponent playing the model with this probability at each of
        its decisions and its own best strategy otherwise (a data-biased response, Johanson
        and Bowling 2009; :class:`~pokerlab.spot.solver.Solver`'s ``restricted``), so the bot
        exploits the model's mistakes while it stays guarded against the rest. 0 (the
        default) solves for any opponent; 1 is a best response to the model.
    runouts
        The (turn, river) pairs a flop search's continuation values average over
        (:func:`pokerlab.nolimit.flop_search.sample_runouts`; the turn cards without
        repetition).
    """

    name = "nlhe-search"
    settings: ClassVar[Mapping[str, Callable[[str], Any]]] = {
        "iterations": whole, "seconds": number, "gadget": text, "floor": number, "streets": words,
        "bet": sizes, "raise": sizes, "mixed": switch, "threshold": number, "model": text,
        "exploit": number, "runouts": whole}

    def __init__(self, blueprint: str | Path | None = None, iterations: int = 200,
                 seconds: float | None = None, gadget: str = "maxmargin", floor: float = 0.01,
                 bet: str | None = None, raise_: str | None = None,
                 streets: Sequence[str] = ("river",), mixed: bool = False,
                 threshold: float | None = None, model: str = "mixed", exploit: float = 0.0,
                 runouts: int = RUNOUTS) -> None:
        if mixed and threshold is not None:
            raise ValueError("mixed, threshold: give one of them (mixed is the threshold 0)")
        super().__init__(blueprint, threshold=0.0 if mixed else threshold)
        unknown = [s for s in streets if s not in STREET_NAMES.values()]
        if unknown or not streets:
            raise ValueError(f"streets: {', '.join(unknown) or 'none'}: choose among "
                             f"{', '.join(STREET_NAMES.values())}")
        self.streets = frozenset(k for k, v in STREET_NAMES.items() if v in streets)
        if gadget not in GADGETS:
            raise ValueError(f"gadget: {gadget!r} is not one of {', '.join(GADGETS)}")
        if int(iterations) < 1:
            raise ValueError(f"iterations: {iterations} must be at least 1")
        if seconds is not None and not float(seconds) > 0:
            raise ValueError(f"seconds: {seconds} must be above 0")
        if not 0.0 <= float(exploit) <= 1.0:
            raise ValueError(f"exploit: {float(exploit)} must lie in [0, 1]")
        if not 0.0 <= float(floor) <= 1.0:
            raise ValueError(f"floor: {float(floor)} must lie in [0, 1]")
        for option, given in (("bet", bet), ("raise", raise_)):
            if given is not None:
                try:
                    parse_sizes(given)
                except ValueError as exc:
                    raise ValueError(f"{option}: {exc}") from None
        self._model = _opponent_model(model, blueprint)
        if 0 in self.streets:  # the pre-flop answered at its real sizes: read them as the leaves do
            self.nearest_preflop = self._model.nearest_preflop = True
        self.iterations = int(iterations)
        self.seconds = seconds
        self.gadget = gadget
        self.floor = float(floor)
        self.exploit = float(exploit)
        if int(runouts) < 1:
            raise ValueError(f"runouts: {runouts} must be at least 1")
        self.runouts = int(runouts)
        if 1 in self.streets:  # refuses sizes the flop's tree cannot take
            _flop_abstraction(self.blueprint.betting, bet, raise_)
        self._flop_tables: dict[tuple[Any, ...], np.ndarray] = {}
        self._bet, self._raise = bet, raise_
        self._searches: dict[tuple[Any, ...], Searched | None] = {}
        self._preflop: dict[tuple[Any, ...], Searched | None] = {}
        self._report: list[dict[str, Any]] = []
        self.solves: list[tuple[float, int, int, int, int]] = []
        """``(seconds, iterations, tree nodes, solver bytes, street)`` of every solve so far
        (for timing reports)."""

    def begin_hand(self, observation: Observation) -> None:
        super().begin_hand(observation)
        self._model.key = self.key
        self._searches.clear()
        self._flop_tables.clear()
        self._report = []

    # -- sizes ---------------------------------------------------------------------------

    def _sizes(self, street: int) -> tuple[str, str]:
        """The bot's bet and raise sizes on ``street`` (engine numbering) as spot size text."""
        if self._bet is not None and self._raise is not None:
            return self._bet, self._raise
        levels = self.blueprint.betting.postflop[street - 1]
        pct = [",".join(f"{100 * x:g}%" for x in level) for level in levels]
        bet = self._bet or (pct[0] + ",a")
        raise_ = self._raise or ((pct[1] if len(pct) > 1 else "") + ",a").lstrip(",")
        return bet, raise_

    # -- replays -------------------------------------------------------------------------

    @staticmethod
    def _replay(observation: Observation, upto: int) -> Hand:
        """The hand's first ``upto`` actions on the real board with dummy opponent cards
        (nothing here reads them)."""
        me = observation.position
        hole = observation.hole
        board = observation.board
        spare = [c for c in range(52) if c not in set(hole) | set(board)]
        holes = [hole if p == me else spare[2 * p:2 * p + 2] for p in range(2)]
        cards = [*holes[0], *holes[1], *board, *spare[4:4 + 5 - len(board)]]
        hand = Hand(observation.game, observation.starting_stacks, cards, (1, 0))
        for _, _, kind, amount in observation.actions[:upto]:
            hand.apply_checked(Action(kind, amount))
        return hand

    # -- ranges --------------------------------------------------------------------------

    def ranges(self, observation: Observation, upto: int,
               opponent: NlheBlueprintBot | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Both positions' ranges (``(1326,)`` weights, the board's combos 0) after the hand's
        first ``upto`` actions (module docstring, point 1); ``opponent``: the model of the
        opponent's play (default the mixed blueprint)."""
        me = observation.position
        model_of_opponent = self._model if opponent is None else opponent
        weights = [np.ones(1326), np.ones(1326)]
        history = observation.actions[:upto]
        hand = self._replay(observation, 0)
        for _, position, kind, amount in history:
            view = Observation(hand, position)
            live = np.flatnonzero(~combos_touching(hand.board) & (weights[position] > 0))
            action = Action(kind, amount)
            if position == me:
                p = self.action_probabilities(view, live, action)
            else:  # an off-tree size counts as the size the model reads it as
                p = model_of_opponent.read_probabilities(view, live, action)
            if np.any(p > 0):
                weights[position][live] *= p
            hand.apply_checked(action)
        dead = combos_touching(observation.board)
        for w in weights:
            w[dead] = 0.0
        return weights[0], weights[1]

    # -- the search ----------------------------------------------------------------------

    def search(self, observation: Observation) -> Searched | None:
        """The solve at this decision (cached per line within the hand), or ``None`` where the
        bot plays the blueprint."""
        if observation.street not in self.streets:
            return None
        self._choose(observation)
        if not self._game.covers(observation):
            return None
        if observation.street == 0:
            return self._search_preflop(observation)
        key = (self.key, observation.position, tuple(observation.actions))
        solve = self._search_flop if observation.street == 1 else self._search
        return _kept(self._searches, key, SEARCH_CACHE, lambda: solve(observation))

    def _street_start(self, observation: Observation) -> int | None:
        """Where this decision's street began in the hand's actions, or ``None`` where the bot
        does not search (a street not searched, a game not the blueprint's)."""
        if observation.street not in self.streets:
            return None
        self._choose(observation)
        if not self._game.covers(observation):
            return None
        actions = observation.actions
        return next((i for i, a in enumerate(actions) if a[0] == observation.street), len(actions))

    def subgame(self, observation: Observation) -> Subgame | None:
        """The subgame at this decision, from the start of its street to the end of the hand,
        before it is solved (module docstring, points 1 to 3), or ``None`` where the bot plays
        the blueprint (the flop's subgame is :meth:`flop_subgame`)."""
        street = observation.street
        start = self._street_start(observation)
        if start is None or street == 1:
            return None
        me, opp = observation.position, 1 - observation.position
        line = observation.actions[start:]  # this street's actions so far
        at_start = self._replay(observation, start)
        stack = min(at_start.stacks)
        if stack <= 0:
            return None
        ranges = self._start_ranges(observation, start)
        extra: tuple[list[str], list[str]] = ([], [])  # the opponent's own bets and raises

        def build() -> Spot:
            sizes = {}
            for st in range(street, 4):
                bet, raise_ = self._sizes(st)
                for p in (0, 1):
                    plain = p != opp or st != street  # the opponent's real sizes: this street
                    sizes[(STREET_NAMES[st], p)] = StreetSizes(
                        bet=parse_sizes(bet if plain else ",".join([bet, *extra[0]])),
                        raise_=parse_sizes(raise_ if plain else ",".join([raise_, *extra[1]])))
            return Spot(board=tuple(observation.board), pot=float(at_start.pot), stack=float(stack),
                        oop_range=ranges[0], ip_range=ranges[1], tree=sizes,
                        raise_cap=self.blueprint.betting.raise_cap)

        # Each of the opponent's bets and raises enters as chips on top of what it faced in
        # the subgame (the bot's own bets there are its sizes, a fraction of a chip from the
        # real ones), so the subgame holds its real amount exactly.
        spot = build()
        tree = build_tree(spot)
        for i, (_, position, kind, amount) in enumerate(line):
            if position != opp or kind != BET_RAISE:
                continue
            path = self._path(tree, line[:i])
            if path is None:
                return None
            faced = float(tree.commit[path[-1]].max())
            extra[0 if faced == 0 else 1].append(f"{amount - faced:.6g}c")
            spot = build()
            tree = build_tree(spot)
        path = self._path(tree, line)
        if path is None:
            return None
        node = path[-1]
        if tree.kind[node] != DECISION or tree.player[node] != me:
            return None
        deal = build_deal(spot, isomorphism=False)  # the gadget reweights hands one by one
        layout = build_layout(tree, deal)
        locks = {}
        for j, n in enumerate(path[:-1]):
            if tree.player[n] == me and tree.kind[n] == DECISION:
                earlier = self.search(self._view_at(observation, start + j))
                if earlier is None:
                    return None
                locks[n] = self._lock([tree.label[c] for c in tree.children(n)], earlier, deal.hands[me])
        blueprint = self.blueprint_strategy(tree, layout, deal, observation, start, me)
        for n, lock in locks.items():  # what the bot played, then the blueprint's continuation
            blueprint[layout.block(n, 0)] = lock.ravel()
        alt = combo_values(tree, deal, layout, blueprint, opp, True)
        reach = spot.ranges[me].copy()
        for j, n in enumerate(path[:-1]):
            if n in locks:
                taken = list(tree.children(n)).index(path[j + 1])
                reach[deal.hands[me]] *= locks[n][taken]
        return Subgame(spot, tree, deal, layout, node, me, locks, blueprint, alt, start, reach)

    def _search(self, observation: Observation) -> Searched | None:
        t0 = time.perf_counter()
        sub = self.subgame(observation)
        if sub is None:
            return None
        exploiting = self.exploit > 0 and observation.street == 3
        restricted = self.model_play(sub, observation) if exploiting else None
        solver = Solver(sub.spot, tree=sub.tree, deal=sub.deal, locks=sub.locks, restricted=restricted,
                        confidence=self.exploit, **FAST)
        resolve = Resolve(solver, 1 - sub.me, sub.alternative, gadget=self.gadget)
        resolve.run(self.iterations, self.seconds)
        block = sub.layout.full_block(solver.average_strategy(), sub.node, 0)
        probs = np.zeros((1326, block.shape[0]))
        probs[sub.deal.hands[sub.me]] = block.T
        seconds = time.perf_counter() - t0
        self.solves.append((seconds, resolve.iterations, sub.tree.size, solver.memory_bytes,
                            observation.street))
        return Searched(sub.tree, sub.node, probs, _real_actions(sub.tree, sub.node, observation.legal),
                        resolve.iterations, seconds, sub.range,
                        tuple(sub.tree.label[c] for c in sub.tree.children(sub.node)))

    def model_play(self, sub: Subgame, observation: Observation,
                   model: NlheBlueprintBot | None = None) -> dict[int, np.ndarray]:
        """A model's play at every opponent node of a river subgame, ``{node: (children,
        opponent's hands)}`` (the subgame's real sizes read as the model's walk reads them):
        the restricted nodes of ``exploit``; ``model``: another model than the bot's own."""
        opp = 1 - sub.me
        model = self.blueprint_strategy(sub.tree, sub.layout, sub.deal, observation, sub.start, opp,
                                        player=self._model if model is None else model)
        return {n: sub.layout.full_block(model, n, 0) for n in range(sub.tree.size)
                if sub.tree.kind[n] == DECISION and sub.tree.player[n] == opp}

    # -- the pre-flop ----------------------------------------------------------------------

    def _search_preflop(self, observation: Observation) -> Searched | None:
        """The pre-flop solve at this decision, kept across hands: it depends on the line (and
        the game and stacks) only."""
        key = (observation.game, tuple(observation.starting_stacks), observation.position,
               tuple((kind, amount) for _, _, kind, amount in observation.actions))
        return _kept(self._preflop, key, PREFLOP_CACHE, lambda: self._solve_preflop(observation))

    def _solve_preflop(self, observation: Observation) -> Searched | None:
        """Re-solve the rest of the pre-flop round below this decision
        (:mod:`pokerlab.nolimit.preflop_search`): the opponent's real sizes on the line, both
        players' decisions on the path locked (the bot's to what it played, the opponent's to
        its model, read as the nearest size), the re-solve gadget against the blueprint bot's
        play below; ``None`` at the hand's first decision (the blueprint's)."""
        t0 = time.perf_counter()
        me = observation.position
        line = [Action(kind, amount) for _, _, kind, amount in observation.actions]
        tree = build_preflop_tree(observation.game, self.blueprint.betting, observation.starting_stacks,
                                  line, extra_for=1 - me)
        path = tree.path(line)
        if path is None or tree.kind[path[-1]] != ROUND_DECISION or tree.player[path[-1]] != me:
            return None
        node = path[-1]
        if node == 0:  # the button's first decision: the blueprint's (a solve of the whole round
            return None  # from the start measured more exploitable, docs/nlhe-search.md)
        profile = blueprint_profile(tree, self.blueprint, me, None if self.purified else self.threshold)
        locks: dict[int, np.ndarray] = {}
        reach = np.ones(169)
        for j, n in enumerate(path[:-1]):
            kids = list(tree.children[n])
            taken = kids.index(path[j + 1])
            if tree.player[n] != me:  # the opponent's range: the model's, its real size read
                view = Observation(self._replay(observation, j), 1 - me)  # as the nearest, as
                p = self._model.read_probabilities(view, CLASS_FIRST, tree.action[path[j + 1]])
                if not np.any(p > 0):  # the leaves read it; a line the model never plays
                    p = np.ones(169)  # leaves the range as it was
                rest = (1.0 - p) / max(len(kids) - 1, 1)
                locks[n] = np.where(np.arange(len(kids))[:, None] == taken, p[None, :], rest[None, :])
                continue
            earlier = self.search(self._view_at(observation, j))
            if earlier is None and n != 0:
                return None
            if earlier is None:  # the opening, as the blueprint bot plays it
                locks[n] = profile[n]
            else:
                locks[n] = self._lock([tree.label(c) for c in kids], earlier, CLASS_FIRST, dtype=np.float64)
            reach *= locks[n][taken]
        solver = PreflopSolver(tree, me, locks, continuation_for(self.blueprint), root=node, profile=profile)
        solver.run(self.iterations)
        strategy = solver.average_strategy()[node]  # (children, 169)
        kids = tree.children[node]
        seconds = time.perf_counter() - t0
        self.solves.append((seconds, self.iterations, tree.size, solver.memory_bytes, 0))
        return Searched(tree, node, strategy[:, COMBO_CLASS].T.copy(), tuple(tree.action[c] for c in kids),
                        self.iterations, seconds, reach[COMBO_CLASS], tuple(tree.label(c) for c in kids))

    # -- the flop -------------------------------------------------------------------------

    def flop_subgame(self, observation: Observation) -> FlopSubgame | None:
        """The flop's subgame at this decision before it is solved, or ``None`` where the bot
        plays the blueprint (module docstring): the flop's betting round, both ranges at the
        flop from the line (as on the river), the opponent's real sizes on the flop in the
        tree, the decisions on the path locked (the bot's to what it played, the opponent's to
        its model), the turn's leaves valued by the blueprint's continuation strategies, and
        the blueprint bot's play below the decision for the re-solve gadget (none with
        ``gadget="none"``)."""
        start = self._street_start(observation)
        if start is None or observation.street != 1:
            return None
        me, opp = observation.position, 1 - observation.position
        actions = observation.actions
        before = [Action(kind, amount) for _, _, kind, amount in actions[:start]]
        line = [Action(kind, amount) for _, _, kind, amount in actions[start:]]
        if min(self._replay(observation, start).stacks) <= 0:
            return None
        betting = _flop_abstraction(self.blueprint.betting, self._bet, self._raise)  # the table's blueprint
        tree = build_round_tree(observation.game, betting, observation.starting_stacks, line, extra_for=opp,
                                before=before)
        path = tree.path(line)
        if path is None or tree.kind[path[-1]] != ROUND_DECISION or tree.player[path[-1]] != me:
            return None
        node = path[-1]
        ranges = self._start_ranges(observation, start)
        hands = (np.flatnonzero(ranges[0] > 0), np.flatnonzero(ranges[1] > 0))
        board = list(observation.board)
        locks: dict[int, np.ndarray] = {}
        for j, n in enumerate(path[:-1]):
            kids = list(tree.children[n])
            taken = kids.index(path[j + 1])
            if tree.player[n] != me:  # the opponent's action: its model's probability of it
                view = Observation(self._replay(observation, start + j), opp)
                p = self._model.read_probabilities(view, hands[opp], tree.action[path[j + 1]])
                if not np.any(p > 0):  # a line the model never plays leaves the range as it was
                    p = np.ones(len(hands[opp]))
                rest = (1.0 - p) / max(len(kids) - 1, 1)
                locks[n] = np.where(np.arange(len(kids))[:, None] == taken, p[None, :], rest[None, :])
                continue
            earlier = self.search(self._view_at(observation, start + j))
            if earlier is None:
                return None
            locks[n] = self._lock([tree.label(c) for c in kids], earlier, hands[me], dtype=np.float64)
        pairs = hand_pairs(hands[0], hands[1]).astype(np.float32)  # float32 as the turn's tables: the
        showdown = allin_values(board, hands[0], hands[1]).astype(np.float32)  # solve is their products
        turn = {int(v): self._turn_values(observation, before, tree, int(v), hands, showdown)
                for v in np.flatnonzero(tree.kind == NEXT)}
        profile = self._flop_profile(observation, before, tree, node, hands[me])
        return FlopSubgame(tree, node, me, hands, (ranges[0][hands[0]], ranges[1][hands[1]]), locks, pairs,
                           showdown, turn, profile)

    def _search_flop(self, observation: Observation) -> Searched | None:
        """Solve the flop's subgame (:meth:`flop_subgame`) with the re-solve gadget."""
        t0 = time.perf_counter()
        sub = self.flop_subgame(observation)
        if sub is None:
            return None
        solver = sub.solver(safe=self.gadget != "none")
        solver.run(self.iterations, self.seconds)
        kids = sub.tree.children[sub.node]
        probs = np.zeros((1326, len(kids)))
        probs[sub.hands[sub.me]] = solver.average_strategy()[sub.node].T
        reach = np.zeros(1326)
        reach[sub.hands[sub.me]] = solver.reach(sub.me)
        seconds = time.perf_counter() - t0
        self.solves.append((seconds, solver.iterations, sub.tree.size, solver.memory_bytes, 1))
        return Searched(sub.tree, sub.node, probs, tuple(sub.tree.action[c] for c in kids), solver.iterations,
                        seconds, reach, tuple(sub.tree.label(c) for c in kids))

    def _start_ranges(self, observation: Observation, start: int) -> list[np.ndarray]:
        """Both positions' ranges after the hand's first ``start`` actions, as the subgames take
        them: Bayes' rule through the line (:meth:`ranges`), the bot's own hand kept, the
        opponent's combos at least ``floor`` of its largest weight, each scaled to a largest
        weight of 1."""
        me, opp = observation.position, 1 - observation.position
        ranges = list(self.ranges(observation, start))
        mine = combo_index(*observation.hole)
        if ranges[me][mine] <= 0:  # the bot's own play always holds its hand
            ranges[me][mine] = max(float(ranges[me].max()), 1e-9)
        live = ~combos_touching(observation.board)
        top = float(ranges[opp].max())
        if top <= 0:
            ranges[opp] = live.astype(float)
            top = 1.0
        ranges[opp] = np.where(live, np.maximum(ranges[opp], self.floor * top), 0.0)
        return [w / w.max() for w in ranges]

    def _turn_values(self, observation: Observation, before: list[Action], tree: RoundTree, leaf: int,
                     hands: list[np.ndarray], showdown: np.ndarray) -> np.ndarray:
        """A turn leaf's continuation values for the round solver (position 0's rows): those of
        the blueprint's node the bot's walk reads the line as, kept within the hand; a line the
        walk leaves: the hands checked down (``showdown``, one continuation)."""
        me = observation.position
        hand = self._replay(observation, 0)
        for a in [*before, *tree.line_to(leaf)]:
            hand.apply_checked(a)
        found = self.spot(Observation(hand, hand.actor))
        if found is None:
            return showdown[None]
        key = (tuple(observation.board), found.node, me, hands[0].tobytes(), hands[1].tobytes(), self.runouts)
        if key not in self._flop_tables:
            board = observation.board
            seed = int(sum(int(c) * 52 ** i for i, c in enumerate(sorted(board))))
            bp_button = int(self.blueprint.tree.actor[0])  # the blueprint's button acts first before the flop
            player = bp_button if me == tree.button else 1 - bp_button
            values = continuation_values(self.blueprint, found.node, board, (hands[me], hands[1 - me]),
                                         player, sample_runouts(board, self.runouts, seed))
            table0 = values if me == 0 else -values.transpose(0, 2, 1)
            self._flop_tables[key] = np.ascontiguousarray(table0)
        return self._flop_tables[key]

    def _flop_profile(self, observation: Observation, before: list[Action], tree: RoundTree, root: int,
                      hands: np.ndarray) -> dict[int, np.ndarray]:
        """The blueprint bot's play (as this bot plays the blueprint) at each of the bot's
        decisions below ``root`` in a flop tree, ``{node: (children, hands)}``: the gadget's.
        A blueprint size the tree does not hold goes to the tree's nearest in chips."""
        me = observation.position
        out: dict[int, np.ndarray] = {}
        todo = [root]
        while todo:
            v = todo.pop()
            kids = list(tree.children[v])
            todo.extend(c for c in kids if tree.kind[c] == ROUND_DECISION)
            if tree.player[v] != me:
                continue
            hand = self._replay(observation, 0)
            for a in [*before, *tree.line_to(v)]:
                hand.apply_checked(a)
            view = Observation(hand, me)
            found = self.spot(view)
            block = np.zeros((len(kids), len(hands)))
            passive = next(j for j, c in enumerate(kids) if tree.action[c].kind == CHECK_CALL)
            if found is None:
                block[passive] = 1.0
                out[v] = block
                continue
            cols = self._columns(view, found, hands, list(observation.board))
            raises = [(j, tree.action[c].amount) for j, c in enumerate(kids)
                      if tree.action[c].kind == BET_RAISE]
            for col in range(cols.shape[1]):
                if not np.any(cols[:, col] > 0):
                    continue
                if col == FOLD_COL:
                    j = next((j for j, c in enumerate(kids) if tree.action[c].kind == FOLD), passive)
                elif col == CALL_COL or not raises or col not in found.amounts:
                    j = passive
                else:
                    j = min(raises, key=lambda r: abs(r[1] - found.amounts[col]))[0]
                block[j] += cols[:, col]
            out[v] = block
        return out

    def _view_at(self, observation: Observation, upto: int) -> Observation:
        """The bot's view after the hand's first ``upto`` actions (its own earlier decision)."""
        return Observation(self._replay(observation, upto), observation.position)

    @staticmethod
    def _path(tree: Tree, line: Sequence[tuple[int, int, int, int]]) -> list[int] | None:
        """The subgame's nodes along the street's actions ``line`` (root first), or ``None``
        if an action is not in the tree."""
        node, path = 0, [0]
        for _, _, kind, amount in line:
            if tree.kind[node] != DECISION:
                return None
            child = _child_of(tree, node, kind, amount)
            if child is None:
                return None
            node = child
            path.append(node)
        return path

    @staticmethod
    def _lock(labels: Sequence[str], earlier: Searched, hands: np.ndarray,
              dtype: type = np.float32) -> np.ndarray:
        """The strategy played at an earlier decision, for ``hands`` (rows of its ``probs``), on
        the children a tree labels ``labels`` at the same node (uniform where none matches)."""
        labels = list(labels)
        out = np.zeros((len(labels), len(hands)), dtype=dtype)
        for j, label in enumerate(earlier.labels):
            if label in labels:
                out[labels.index(label)] = earlier.probs[hands, j]
        tot = out.sum(axis=0)
        out[:, tot <= 0] = 1.0 / len(labels)
        return out / out.sum(axis=0)

    def blueprint_strategy(self, tree: Tree, layout: Any, deal: Any, observation: Observation,
                           start: int, me: int, player: NlheBlueprintBot | None = None) -> np.ndarray:
        """The blueprint bot's play at every node of position ``me`` in the subgame (uniform
        at the other's), in the solver's layout; ``player``: the blueprint bot whose play it is
        (default this bot's own, purified or thresholded as it plays)."""
        player = self if player is None else player
        strategy = np.zeros(layout.size, dtype=np.float32)
        first = int(tree.street[0])
        for n in range(tree.size):
            if tree.kind[n] != DECISION:
                continue
            na, q = int(tree.num_children[n]), int(tree.player[n])
            sits = [s for s in range(deal.num_sits) if deal.sit_street[s] == tree.street[n]]
            view = None
            if q == me:
                view = self._view_on_line(tree, n, observation, start)
            for s in sits:
                listed = deal.sit_hands(q, s)
                if q != me:
                    block = np.full((na, len(listed)), 1.0 / na)
                else:
                    later = [int(deal.sit_card[s])] if tree.street[n] > first else []
                    board = list(observation.board) + later
                    block = _blueprint_block(player, tree, n, view, deal.hands[me][listed], board)
                strategy[layout.block(n, s)] = block.astype(np.float32).ravel()
        return strategy

    def _view_on_line(self, tree: Tree, node: int, observation: Observation,
                      start: int) -> Observation | None:
        """The bot's view at ``node`` of the subgame (its line replayed after the hand's first
        ``start`` actions; a later street's card a stand-in: only the board's buckets read it,
        from the board given to :func:`_blueprint_block`), or ``None`` if the engine refuses
        the line."""
        line: list[int] = []
        n = node
        while n != 0:
            if tree.kind[int(tree.parent[n])] == DECISION:
                line.append(n)
            n = int(tree.parent[n])
        try:
            hand = self._replay(observation, start)
            for c in reversed(line):
                hand.apply_checked(_edge_action(tree, c, hand.legal()))
        except ValueError:
            return None
        return Observation(hand, hand.actor)

    # -- the strategy --------------------------------------------------------------------

    def range_policy(self, observation: Observation, combos: Any) -> np.ndarray:
        found = self.search(observation)
        if found is None:
            return super().range_policy(observation, combos)
        combos = np.asarray(combos, dtype=np.int64)
        out = np.zeros((len(combos), 3))
        for j, action in enumerate(found.actions):
            out[:, action.kind] += found.probs[combos, j]
        return out

    def action_probabilities(self, observation: Observation, combos: Any, action: Action) -> np.ndarray:
        found = self.search(observation)
        if found is None:
            return super().action_probabilities(observation, combos, action)
        combos = np.asarray(combos, dtype=np.int64)
        out = np.zeros(len(combos))
        for j, a in enumerate(found.actions):
            if a.kind == action.kind and (a.kind != BET_RAISE or a.amount == action.amount):
                out += found.probs[combos, j]
        return out

    def hand_report(self) -> list[dict[str, Any]]:
        """The searched decisions of the hand just played (or being played): for each, the
        hand it held, its strategy for that hand and its range's frequency of each action, the
        range's size in combos at the decision, and the solve's iterations and seconds."""
        return list(self._report)

    def act(self, observation: Observation) -> Action:
        found = self.search(observation)
        if found is None:
            return super().act(observation)
        row = found.probs[combo_index(*observation.hole)]
        self._report.append(_report(found, observation, row))
        return found.actions[sample_index(row, self.rng.random(), int(np.argmax(row)))]


def _opponent_model(model: str, blueprint: str | Path | None) -> NlheBlueprintBot:
    """The blueprint bot that plays as the ``model`` setting says (:class:`NlheSearchBot`)."""
    if model == "mixed":
        return NlheBlueprintMixedBot(blueprint)
    if model == "purified":
        return NlheBlueprintBot(blueprint)
    try:
        share = float(model)
    except ValueError:
        share = math.nan
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"model: {model!r} is not mixed, purified or a threshold in [0, 1]")
    return NlheBlueprintBot(blueprint, threshold=share)


def _blueprint_block(player: NlheBlueprintBot, tree: Tree, node: int, view: Observation | None,
                     hands: np.ndarray, board: list[int]) -> np.ndarray:
    """The blueprint bot ``player``'s play at ``node`` for ``hands`` (combos) on ``board``, on
    the node's children: ``(children, hands)``."""
    na = int(tree.num_children[node])
    children = list(tree.children(node))
    if view is None:
        return np.full((na, len(hands)), 1.0 / na)
    bspot = player.spot(view)
    out = np.zeros((na, len(hands)))
    if bspot is None:
        out[_passive(tree, children)] = 1.0
        return out
    cols = player._columns(view, bspot, hands, board)
    for col in range(cols.shape[1]):
        if not np.any(cols[:, col] > 0):
            continue
        if col == FOLD_COL:
            j = _index_of(tree, children, "f")
            j = _passive(tree, children) if j is None else j
        elif col == CALL_COL:
            j = _passive(tree, children)
        else:
            j = _nearest_raise(tree, children, bspot.amounts.get(col))
            j = _passive(tree, children) if j is None else j
        out[j] += cols[:, col]
    return out


def _flop_abstraction(betting: BettingAbstraction, bet: str | None, raise_: str | None) -> BettingAbstraction:
    """The flop search's sizes: ``betting`` with the flop's bets and raises those of the
    ``bet`` and ``raise_`` settings (their pot shares; default :data:`FLOP_BET` and
    :data:`FLOP_RAISE`), all-in always among them."""
    levels = []
    for option, given, default in (("bet", bet, FLOP_BET), ("raise", raise_, FLOP_RAISE)):
        shares = []
        for size in parse_sizes(given if given is not None else default):
            if size.kind == "pct":
                shares.append(size.value / 100.0)
            elif size.kind != "allin":
                raise ValueError(f"{option}: {size} on the flop: the flop search takes pot shares "
                                 "and all-in (a)")
        levels.append(tuple(shares))
    postflop = (tuple(levels), *betting.postflop[1:])
    return replace(betting, postflop=postflop, all_in=True)


def _kept(cache: dict[Any, Searched | None], key: Any, limit: int,
          compute: Callable[[], Searched | None]) -> Searched | None:
    """``cache[key]``, computed the first time it is asked for (the cache emptied when it holds
    ``limit`` solves)."""
    if key not in cache:
        if len(cache) >= limit:
            cache.clear()
        cache[key] = compute()
    return cache[key]


def _report(found: Searched, observation: Observation, row: np.ndarray) -> dict[str, Any]:
    """One searched decision as plain data: the street, the hand, each action with the hand's
    probability and the range's frequency, and the range's size in combos."""
    weights = found.range
    total = float(weights.sum())
    names = [_action_name(a, label) for a, label in zip(found.actions, found.labels, strict=True)]
    frequency = (weights @ found.probs) / total if total > 0 else np.zeros(len(names))
    return {"street": STREET_NAMES[observation.street], "hand": format_cards(observation.hole),
            "actions": [{"action": n, "hand": round(float(p), 4), "range": round(float(f), 4)}
                        for n, p, f in zip(names, row, frequency, strict=True)],
            "range_combos": round(total, 1), "iterations": found.iterations,
            "seconds": round(found.seconds, 3)}


def _action_name(action: Action, label: str) -> str:
    if action.kind == FOLD:
        return "fold"
    if action.kind == CHECK_CALL:
        return "check" if label == "x" else "call"
    return f"{'bet' if label.startswith('b') else 'raise to'} {action.amount}"


def _child_of(tree: Tree, node: int, kind: int, amount: int) -> int | None:
    """The child of ``node`` a real action is (a bet or raise: the nearest amount, within a
    chip)."""
    children = list(tree.children(node))
    if kind == FOLD:
        j = _index_of(tree, children, "f")
        return None if j is None else children[j]
    if kind == CHECK_CALL:
        return children[_passive(tree, children)]
    j = _nearest_raise(tree, children, amount)
    if j is None or abs(float(tree.amount[children[j]]) - amount) > 1.0:
        return None
    return children[j]


def _index_of(tree: Tree, children: list[int], label: str) -> int | None:
    for j, c in enumerate(children):
        if tree.label[c] == label:
            return j
    return None


def _passive(tree: Tree, children: list[int]) -> int:
    """The check or call among ``children``."""
    for j, c in enumerate(children):
        if tree.label[c] in ("x", "c"):
            return j
    raise ValueError("a decision without a check or call")


def _nearest_raise(tree: Tree, children: list[int], amount: float | None) -> int | None:
    if amount is None:
        return None
    best, gap = None, float("inf")
    for j, c in enumerate(children):
        if tree.label[c][:1] in ("b", "r"):
            d = abs(float(tree.amount[c]) - amount)
            if d < gap:
                best, gap = j, d
    return best


def _real_actions(tree: Tree, node: int, legal: Legal) -> tuple[Action, ...]:
    """The real action each child of ``node`` plays where ``legal`` holds (a raise the table
    does not allow: a call)."""
    return tuple(Action(CHECK_CALL) if tree.label[c][:1] in ("b", "r") and not legal.can_raise
                 else _edge_action(tree, c, legal) for c in tree.children(node))


def _edge_action(tree: Tree, child: int, legal: Legal) -> Action:
    """The real action of the edge into ``child`` where ``legal`` holds."""
    label = tree.label[child]
    if label == "f":
        return Action(FOLD)
    if label in ("x", "c"):
        return Action(CHECK_CALL)
    if tree.allin[child]:
        return Action(BET_RAISE, legal.max_raise_to)
    return Action(BET_RAISE, min(max(round(float(tree.amount[child])), legal.min_raise_to),
                                 legal.max_raise_to))
