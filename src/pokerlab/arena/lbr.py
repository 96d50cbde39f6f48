"""Local best response (Lisy and Bowling 2017) in heads-up hold'em, limit or no-limit: a lower
bound on a bot's exploitability, measured by playing it.

LBR plays hands of :func:`lbr_game` against the bot through the engine, both seats in turn:
``limit`` is ``GameSettings.preset("limit")``, ``no-limit`` the ACPC's heads-up no-limit game
(blinds 50/100, 200 big blinds deep unless said; heads-up reverse blinds as the engine has them:
position 0 is the big blind, the button acts first before the flop). LBR knows the bot's
strategy (:meth:`pokerlab.agents.base.Agent.range_policy`: the probabilities of fold,
check/call and bet/raise for every holding the bot may hold) and tracks the bot's **range**
exactly: 1,326 weights, zero for holdings that touch LBR's cards or the board, each multiplied
by the probability that the bot, holding it, played exactly the action it took, amount included
(:meth:`~pokerlab.agents.base.Agent.action_probabilities`; Bayes' rule), kept normalised. At
each of its own decisions LBR

1. computes WP, its hand's equity against the range if both checked or called to the end
   (:func:`pokerlab.strength.range_equity.range_equity`: exact on the flop, turn and river,
   ``samples`` boards of Monte Carlo before the flop);
2. values its actions as the paper does, with ``pot`` the chips in the middle, ``asked`` the
   call's price and, for each raise size, ``a`` what it adds beyond the call (as much of it as
   the bot can match), FP the range's probability of folding to it (the bot's policy at the
   node after the raise, each holding weighted by the range) and WP' LBR's equity when the
   raise is called (:func:`lbr_values`): fold 0, call ``WP * pot - (1 - WP) * asked``, raise
   ``FP * pot + (1 - FP) * (WP' * (pot + a) - (1 - WP') * (asked + a))``. In no-limit WP' is
   the paper's (its Algorithm 1 as the public implementations read it, PokerRL's among them):
   the equity against the holdings that do not fold, each weighted by the range and its
   chance of not folding. In
   limit WP' is WP, as all of LBR's limit figures were measured (``LBRConfig.called_wp``
   chooses). The raise sizes (:func:`lbr_raise_sizes`) are limit's one bet or raise, or the
   paper's no-limit pair: a pot-sized raise (to ``max_bet + pot + asked``, clamped into the
   legal range) and all-in, a size equal to the other counted once;
3. plays the best (a tie prefers the passive action, and the smaller raise; with nothing to
   call, check is worth ``WP * pot`` >= 0, so LBR never folds for free).

The bot sees a normal hand: its ``begin_hand``, ``act`` and ``end_hand`` are called as at a
table, so a bot that models its opponents learns LBR's play and showdowns as in a match, and
its policy is read from its current model without changing it. Each bot decision also
checks the policy: the bot's actual holding must keep a positive weight (``mismatches``
counts the decisions where the action it played had probability 0 under its own policy).

Hands come in pairs on one deal (duplicate seating: LBR holds each seat's cards once), and
the 95% interval is over pairs. Hands are cut into tasks of :data:`TASK_DEALS` deals, each
with a fresh bot, so the result is the same for any number of workers. The result is in
mbb/g, milli big blinds per hand (the game's big blind), LBR's winnings (the bot's
exploitability is at least about this much).

Examples
--------
>>> result = run_lbr(LBRConfig("calling-station", hands=20, seed=1))
>>> result.hands, result.mbb_per_game > 0, result.mismatches
(20, True, 0)
>>> lbr_utilities(wp=0.3, pot=100, asked=20, raise_by=20, fold_probability=0.5)
(0.0, 16.0, 54.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pokerlab.agents.base import Agent, Observation, has_policy
from pokerlab.agents.registry import check_bots, create_bot, load_bot_modules
from pokerlab.arena.stats import win_rate
from pokerlab.arena.table import bot_answer
from pokerlab.cards import combo_index, combos_touching
from pokerlab.engine.dealing import Dealer
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand, Legal
from pokerlab.engine.settings import GameSettings
from pokerlab.executors import executor_for
from pokerlab.strength.range_equity import equity_kernel

TASK_DEALS = 100
"""Deals (two hands each) per task; every task starts with a fresh bot."""

LBR_NAME = "lbr"
"""LBR's player name (what a bot that names its opponents sees)."""

GAMES = ("limit", "no-limit")
"""The games LBR plays (:func:`lbr_game`)."""

DEFAULT_STACK = 200
"""Big blinds each player starts a hand with (the limit preset's 2,000 chips, the ACPC's 20,000)."""

STREET_NAMES = ("pre-flop", "flop", "turn", "river")
ENDINGS = ("bot folds", "LBR folds", "showdown")
"""How an LBR hand ends (:attr:`LBRHand.ended`, :attr:`LBRResult.where`)."""


def lbr_game(game: str = "limit", stack: int = DEFAULT_STACK) -> GameSettings:
    """The game LBR plays: ``limit``, the Alberta $10/$20 game (``GameSettings.preset("limit")``),
    or ``no-limit``, the ACPC's heads-up no-limit game (blinds 50/100, the minimum bet a big
    blind); every hand each player starts with ``stack`` big blinds. ``ValueError`` (one line
    naming ``--game`` or ``--stack``) for another game or a stack under one big blind.

    >>> lbr_game("no-limit").starting_stack, lbr_game("no-limit", 100).starting_stack
    (20000, 10000)
    >>> lbr_game("limit") == GameSettings.preset("limit")
    True
    """
    if game not in GAMES:
        raise ValueError(f"--game: LBR plays {' or '.join(GAMES)}, not {game!r}")
    if stack < 1:
        raise ValueError(f"--stack must be at least 1 big blind, not {stack}")
    if game == "limit":
        return GameSettings.preset("limit", starting_stack=stack * GameSettings.preset("limit").big_blind)
    return GameSettings.preset("no-limit", small_blind=50, big_blind=100, small_bet=100, big_bet=100,
                               starting_stack=stack * 100)


@dataclass(frozen=True)
class LBRConfig:
    """An LBR run: the bot (a registered name), hands (rounded up to a whole pair), the seed
    of the deals (and of the bot's randomness and the pre-flop rollouts), the boards LBR
    rolls out before the flop, and ``preflop_call``: LBR only checks or calls before the flop
    (the paper's pre-flop setting "C"; its best response starts on the flop); ``bot_modules``:
    files or modules that register bots from outside (every worker loads them first, as a
    match's ``--bot-module``); ``game`` and ``stack``: :func:`lbr_game`'s; ``called_wp``: a
    raise's equity when called is taken against the holdings that do not fold to it (the
    paper's), not against the whole range; ``None``, the game's way (no-limit the paper's,
    limit the whole range's, as its figures were measured)."""

    bot: str
    hands: int
    seed: int = 0
    samples: int = 1000
    preflop_call: bool = False
    bot_modules: tuple[str, ...] = ()
    game: str = "limit"
    stack: int = DEFAULT_STACK
    called_wp: bool | None = None

    def __post_init__(self) -> None:
        if self.hands < 1:
            raise ValueError(f"--hands must be at least 1, not {self.hands}")
        if self.seed < 0:
            raise ValueError(f"--seed must be 0 or more, not {self.seed}")
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, not {self.samples}")
        lbr_game(self.game, self.stack)

    @property
    def deals(self) -> int:
        """Deals played (each twice, seats swapped)."""
        return (self.hands + 1) // 2

    @property
    def raise_wp_called(self) -> bool:
        """Whether a raise's equity when called is the paper's (``called_wp``, else the game's way)."""
        return self.game == "no-limit" if self.called_wp is None else self.called_wp


@dataclass
class LBRResult:
    """What an LBR run measured; ``per_pair`` holds LBR's chips per deal (both hands)."""

    bot: str
    hands: int
    seed: int
    preflop_call: bool
    mbb_per_game: float
    ci95: tuple[float, float]
    seconds: float
    lbr_decisions: int = 0
    bot_decisions: int = 0
    mismatches: int = 0
    illegal_actions: int = 0
    per_pair: list[int] = field(default_factory=list, repr=False)
    game: str = "limit"
    stack: int = DEFAULT_STACK
    called_wp: bool = False
    where: list[list[int]] = field(default_factory=list, repr=False)
    """``where[street][ending]``: the hands that ended so (the street of the last action; the
    ending an index of :data:`ENDINGS`)."""
    where_mbb: list[list[float]] = field(default_factory=list, repr=False)
    """What LBR won in those hands, in mbb per hand of the whole run: the cells add up to
    :attr:`mbb_per_game`, so they say where its winnings come from."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``per_pair`` left out)."""
        return {"bot": self.bot, "game": self.game, "stack_bb": self.stack, "hands": self.hands,
                "seed": self.seed, "preflop": "call" if self.preflop_call else "best",
                "raise_equity": "called" if self.called_wp else "range",
                "mbb_per_game": self.mbb_per_game, "ci95": list(self.ci95),
                "seconds": self.seconds, "seconds_per_hand": self.seconds / max(self.hands, 1),
                "lbr_decisions": self.lbr_decisions, "bot_decisions": self.bot_decisions,
                "policy_mismatches": self.mismatches, "illegal_actions": self.illegal_actions,
                "where": [{"street": street, "ended": ending, "hands": self.where[i][j],
                           "mbb_per_game": round(self.where_mbb[i][j], 1)}
                          for i, street in enumerate(STREET_NAMES) for j, ending in enumerate(ENDINGS)
                          if self.where and self.where[i][j]]}


def paired_difference(first: LBRResult, other: LBRResult) -> tuple[float, tuple[float, float]]:
    """What LBR won against ``other`` less what it won against ``first``, in mbb/g, with its 95%
    interval, paired by deal: both runs must have played the same deals (the same game, stack,
    seed, hands and LBR settings), so a deal's cards, and every hand both bots play alike, leave
    the difference. Far tighter than the two runs' own intervals when the bots differ in a few
    decisions (a bot that searches the river against its blueprint).

    >>> a = LBRResult("a", 4, 0, False, 0.0, (0.0, 0.0), 1.0, per_pair=[100, -300], game="no-limit")
    >>> b = LBRResult("b", 4, 0, False, 0.0, (0.0, 0.0), 1.0, per_pair=[100, -100], game="no-limit")
    >>> paired_difference(a, b)[0]  # 200 chips more on one of two deals: 0.5 bb a hand
    500.0
    """
    same = ("game", "stack", "seed", "hands", "preflop_call", "called_wp")
    for name in same:
        if getattr(first, name) != getattr(other, name):
            raise ValueError(f"runs of {first.bot} and {other.bot} differ in {name}: not paired")
    big_blind = lbr_game(first.game, first.stack).big_blind
    diff = (np.asarray(other.per_pair, dtype=float) - np.asarray(first.per_pair, dtype=float)) / 2.0
    mean, ci = win_rate(diff * 1000.0 / big_blind)
    return mean, (float(ci[0]), float(ci[1]))


def lbr_values(wp: float, pot: float, asked: float,
               raises: Sequence[tuple[float, float, float]]) -> tuple[float, float, list[float]]:
    """The utilities of Lisy and Bowling's LBR, relative to folding now: fold, call, and one
    for each raise size of ``raises``, given as ``(a, FP, WP')``: what the raise adds beyond the
    call, the range's probability of folding to it and LBR's equity when it is called.

    >>> lbr_values(wp=0.6, pot=300, asked=100, raises=[(300, 0.5, 0.6), (1000, 0.0, 0.6)])
    (0.0, 140.0, [250.0, 340.0])
    """
    call = wp * pot - (1.0 - wp) * asked
    return 0.0, call, [fp * pot + (1.0 - fp) * (w * (pot + a) - (1.0 - w) * (asked + a))
                       for a, fp, w in raises]


def lbr_utilities(wp: float, pot: float, asked: float, raise_by: float | None,
                  fold_probability: float) -> tuple[float, float, float | None]:
    """``(fold, call, raise)`` utilities (:func:`lbr_values`) of one raise size, called at the
    equity ``wp`` (``None`` for the raise when it is not allowed, ``raise_by`` None).

    >>> lbr_utilities(wp=0.5, pot=30, asked=0, raise_by=10, fold_probability=0.0)
    (0.0, 15.0, 15.0)
    """
    sizes = [] if raise_by is None else [(raise_by, fold_probability, wp)]
    fold, call, raises = lbr_values(wp, pot, asked, sizes)
    return fold, call, raises[0] if raises else None


def lbr_pick(fold: float, call: float, raises: Sequence[float], can_fold: bool) -> tuple[int, int]:
    """The action LBR plays, as ``(kind, k)`` with ``k`` the raise size's index in ``raises``
    (-1 unless a raise): the best utility, ties to the more passive action (the call, the
    smaller raise: ``raises`` go from the smallest), never a fold when checking is free.

    >>> lbr_pick(0.0, 5.0, [7.0, 7.0], True), lbr_pick(0.0, -1.0, [-2.0], False)
    ((2, 0), (1, -1))
    """
    best, kind, pick = call, CHECK_CALL, -1
    for k, value in enumerate(raises):
        if value > best:
            best, kind, pick = value, BET_RAISE, k
    if can_fold and fold > best:
        kind, pick = FOLD, -1
    return kind, pick


def lbr_choice(utilities: tuple[float, float, float | None], can_fold: bool) -> int:
    """:func:`lbr_pick`'s kind for one raise size (``None``: no raise allowed).

    >>> lbr_choice((0.0, -4.0, None), True), lbr_choice((0.0, 3.0, 3.0), True)
    (0, 1)
    >>> lbr_choice((0.0, 1.0, 2.5), True)
    2
    """
    fold, call, raise_ = utilities
    return lbr_pick(fold, call, [] if raise_ is None else [raise_], can_fold)[0]


def lbr_raise_sizes(hand: Hand, legal: Legal) -> list[int]:
    """The raise-to amounts LBR weighs at ``hand``'s decision (``legal``, the actor's), from the
    smallest: none when it may not raise; else a pot-sized raise, to ``max_bet + pot +
    to_call`` (the call, then the pot after it) clamped into ``[min_raise_to, max_raise_to]``,
    and all-in (``max_raise_to``), once when they are equal. In limit both are the one bet or
    raise the rules allow.

    >>> from pokerlab.engine import Dealer
    >>> game = lbr_game("no-limit")
    >>> hand = Hand(game, [20000, 20000], Dealer(seed=0).cards(0, 2))
    >>> lbr_raise_sizes(hand, hand.legal())  # the button: 50 to call, pot 150
    [300, 20000]
    """
    if not legal.can_raise:
        return []
    pot_raise = min(max(hand.max_bet + hand.pot + legal.to_call, legal.min_raise_to), legal.max_raise_to)
    return sorted({pot_raise, legal.max_raise_to})


def _replay(hand: Hand, action: Action) -> Hand:
    """A new hand with ``hand``'s deal and betting, then ``action``."""
    out = Hand(hand.game, hand.starting_stacks, hand.cards, hand.ranks)
    for _, _, kind, amount in hand.history:
        out.apply_checked(Action(kind, amount))
    out.apply_checked(action)
    return out


class LBRHand:
    """One hand of LBR at position ``lbr`` against ``bot`` (the engine's ``hand``, dealt);
    :meth:`play` plays it and returns LBR's chips. ``trace`` (a list) receives
    ``(street, weights)`` after every change of the range, for tests; ``called_wp``: a raise's
    equity when called is against the holdings that do not fold (:class:`LBRConfig`)."""

    def __init__(self, hand: Hand, lbr: int, bot: Agent, hand_number: int, samples: int,
                 seed: int, trace: list[tuple[int, np.ndarray]] | None = None,
                 preflop_call: bool = False, called_wp: bool = False) -> None:
        self.hand = hand
        self.lbr = lbr
        self.me = 1 - lbr
        self.bot = bot
        self.samples = samples
        self.seed = seed
        self.hand_number = hand_number
        self.trace = trace
        self.preflop_call = preflop_call
        self.called_wp = called_wp
        self.names = tuple(LBR_NAME if p == lbr else bot.name for p in range(2))
        self.view = Observation(hand, self.me, seat=self.me, button_seat=1, hand_number=hand_number,
                                player_names=self.names)
        self.hole = hand.hole(lbr)
        self.weights = np.ones(1326)
        self.board_seen = 0
        self.lbr_decisions = 0
        self.bot_decisions = 0
        self.mismatches = 0
        self.illegal = 0
        self.ended: tuple[int, int] | None = None
        """After :meth:`play`: the street of the hand's last action and how it ended (an index
        of :data:`ENDINGS`)."""
        self._remove(self.hole)

    def _remove(self, cards: Sequence[int]) -> None:
        self.weights[combos_touching(cards)] = 0.0
        self._normalise()

    def _normalise(self) -> None:
        total = self.weights.sum()
        if total > 0:
            self.weights /= total
        if self.trace is not None:
            self.trace.append((self.hand.street, self.weights.copy()))

    def _see_board(self) -> None:
        board = self.hand.board
        if len(board) > self.board_seen:
            self._remove(board[self.board_seen:])
            self.board_seen = len(board)

    def live(self) -> np.ndarray:
        """The holdings the bot may hold (positive weight)."""
        return np.nonzero(self.weights > 0)[0]

    def play(self) -> int:
        """Play the hand to the end; LBR's chips won (negative: lost)."""
        hand, bot = self.hand, self.bot
        bot.begin_hand(self.view)
        while hand.queue:
            self._see_board()
            legal = hand._legal(hand.queue[0])
            if hand.queue[0] == self.me:
                self._bot_turn(legal)
            else:
                hand.apply_checked(self._lbr_turn(legal))
        self.view._legal = None
        bot.end_hand(self.view)
        street, position, kind, _ = hand.history[-1]
        self.ended = (street, ENDINGS.index("showdown") if kind != FOLD
                      else ENDINGS.index("bot folds" if position == self.me else "LBR folds"))
        return int(hand.payoffs[self.lbr])

    def _bot_turn(self, legal: Legal) -> None:
        self.view._legal = legal
        live = self.live()
        action, reason = bot_answer(self.bot, self.view, legal)
        if reason is not None:
            self.illegal += 1
        self.bot_decisions += 1
        self.weights[live] *= self.bot.action_probabilities(self.view, live, action)
        real = combo_index(*self.hand.hole(self.me))
        if self.weights[real] <= 0.0:
            self.mismatches += 1
            # The policy disagrees with the play: keep measuring from the holdings that could
            # have played it (the bot's own among them), not from an empty range.
            self.weights[real] = max(self.weights.max(), 1e-300)
        self._normalise()
        self.hand.apply_checked(action)

    def _lbr_turn(self, legal: Legal) -> Action:
        hand = self.hand
        self.lbr_decisions += 1
        if self.preflop_call and hand.street == 0:
            return Action(CHECK_CALL)
        wp_seed = ((self.seed * 1_000_003 + self.hand_number) * 64 + self.lbr_decisions) & 0x7FFF_FFFF
        wp = self.equity(self.weights, wp_seed)
        sizes = lbr_raise_sizes(hand, legal)
        matched = hand.stacks[self.me] + hand.bets[self.me]  # the most the bot can bet to
        raises = []
        for to in sizes:
            live, folds = self.folds(to)
            fp = float(np.dot(self.weights[live], folds) / self.weights[live].sum())
            called = wp
            if self.called_wp and fp < 1.0 and np.ptp(folds) > 0.0:  # the range changes
                rest = np.zeros(1326)
                rest[live] = self.weights[live] * (1.0 - folds)
                called = self.equity(rest, wp_seed)  # the same rollout boards
            raises.append((min(to, matched) - hand.max_bet, fp, called))
        fold, call, values = lbr_values(wp, hand.pot, legal.to_call, raises)
        kind, pick = lbr_pick(fold, call, values, legal.can_fold)
        return Action(kind, sizes[pick] if kind == BET_RAISE else 0)

    def equity(self, weights: np.ndarray, seed: int) -> float:
        """LBR's equity against the holdings ``weights`` (not normalised) if both checked or
        called to the end, ties half (0.5 when no holding is left)."""
        counts = equity_kernel(int(self.hole[0]), int(self.hole[1]),
                               np.asarray(self.hand.board, dtype=np.int64), weights, self.samples, seed)
        return float((counts[0] + 0.5 * counts[1]) / counts[2]) if counts[2] > 0 else 0.5

    def folds(self, raise_to: int) -> tuple[np.ndarray, np.ndarray]:
        """``(live, folds)``: the holdings the bot may hold and each one's probability of folding
        to LBR's raise to ``raise_to`` (the bot's policy at the node after it; 0 when the raise
        leaves the bot nothing to answer)."""
        live = self.live()
        after = _replay(self.hand, Action(BET_RAISE, raise_to))
        if after.finished or not after.queue or after.queue[0] != self.me:
            return live, np.zeros(len(live))
        view = Observation(after, self.me, seat=self.me, button_seat=1,
                           hand_number=self.hand_number, player_names=self.names)
        return live, np.asarray(self.bot.range_policy(view, live)[:, FOLD], dtype=float)

    def fold_probability(self, raise_to: int) -> float:
        """The range's probability of folding to LBR's raise to ``raise_to`` (:meth:`folds`,
        holdings weighted by the range)."""
        live, folds = self.folds(raise_to)
        return float(np.dot(self.weights[live], folds) / self.weights[live].sum())


def lbr_bot(name: str) -> Agent:
    """A fresh bot ``name`` for LBR: ``ValueError`` (one line naming ``BOT``) when it is not a
    registered hold'em bot or does not expose its policy; a bot that keeps opponent models gets
    no store (LBR's hands teach only this run)."""
    check_bots([name], "texas-holdem", "BOT")
    bot = create_bot(name)
    if not has_policy(bot):
        raise ValueError(f"BOT: bot {name!r} does not expose its policy (Agent.policy), so LBR "
                         "cannot measure it")
    if hasattr(bot, "store_path"):
        bot.store_path = ""
    return bot


def lbr_task(name: str, seed: int, samples: int, first_deal: int, deals: int,
             preflop_call: bool = False, bot_modules: tuple[str, ...] = (), game_name: str = "limit",
             stack: int = DEFAULT_STACK, called_wp: bool = False
             ) -> tuple[list[int], list[int], list[list[list[int]]]]:
    """Play deals ``first_deal .. first_deal + deals - 1`` (two hands each) of
    ``lbr_game(game_name, stack)`` with a fresh bot (``bot_modules`` loaded first; ``called_wp``
    as :class:`LBRHand`'s): LBR's chips per deal, the counts ``[lbr decisions, bot decisions,
    mismatches, illegal actions]``, and ``where[street][ending] = [hands, LBR's chips]`` by
    how the hands ended (:attr:`LBRHand.ended`)."""
    load_bot_modules(bot_modules)  # in every worker
    game = lbr_game(game_name, stack)
    bot = lbr_bot(name)
    dealer = Dealer(seed)
    per_deal: list[int] = []
    counts = [0, 0, 0, 0]
    where = [[[0, 0] for _ in ENDINGS] for _ in STREET_NAMES]
    for deal in range(first_deal, first_deal + deals):
        cards, ranks = dealer.cards(deal, 2), dealer.ranks(deal, 2)
        chips = 0
        for lbr in (0, 1):
            h = 2 * deal + lbr
            if bot.uses_rng:
                bot.reseed(((seed * 1_000_003 + h) * 64 + 1) & 0xFFFF_FFFF_FFFF)
            hand = Hand(game, [game.starting_stack] * 2, cards, ranks)
            one = LBRHand(hand, lbr, bot, h, samples, seed, preflop_call=preflop_call,
                          called_wp=called_wp)
            won = one.play()
            chips += won
            if one.ended is not None:
                cell = where[one.ended[0]][one.ended[1]]
                cell[0] += 1
                cell[1] += won
            for k, v in enumerate((one.lbr_decisions, one.bot_decisions, one.mismatches, one.illegal)):
                counts[k] += v
        per_deal.append(chips)
    bot.end_match()
    return per_deal, counts, where


def run_lbr(config: LBRConfig, workers: int = 1,
            progress: Callable[[int], None] | None = None) -> LBRResult:
    """Measure ``config.bot`` by LBR; ``progress(k)`` as ``k`` more hands are played."""
    load_bot_modules(config.bot_modules)
    lbr_bot(config.bot)  # refuse a bot without a policy before any work
    start = time.perf_counter()
    # Lazily: a huge run starts at once.
    tasks = ((config.bot, config.seed, config.samples, first, min(TASK_DEALS, config.deals - first),
              config.preflop_call, config.bot_modules, config.game, config.stack,
              config.raise_wp_called)
             for first in range(0, config.deals, TASK_DEALS))
    per_pair: list[int] = []
    counts = [0, 0, 0, 0]
    where = np.zeros((len(STREET_NAMES), len(ENDINGS), 2), dtype=np.int64)
    with executor_for(workers=min(workers, -(-config.deals // TASK_DEALS))) as executor:
        for pairs, done, ended in executor.map(lbr_task, tasks):
            per_pair += pairs
            where += np.asarray(ended, dtype=np.int64)
            counts = [a + b for a, b in zip(counts, done, strict=True)]
            if progress is not None:
                progress(2 * len(pairs))
    big_blind = lbr_game(config.game, config.stack).big_blind
    mbb = np.array(per_pair, dtype=float) / 2.0 * 1000.0 / big_blind
    mean, ci = win_rate(mbb)
    return LBRResult(config.bot, 2 * len(per_pair), config.seed, config.preflop_call, mean,
                     (float(ci[0]), float(ci[1])) if not math.isnan(ci[0]) else (math.nan, math.nan),
                     time.perf_counter() - start, *counts, per_pair=per_pair, game=config.game,
                     stack=config.stack, called_wp=config.raise_wp_called,
                     where=where[..., 0].tolist(), where_mbb=(where[..., 1] * 1000.0 / big_blind
                                                              / max(2 * len(per_pair), 1)).tolist())
