"""One hand of poker in any variant: forced bets, deals, betting rounds, side pots, showdown.

What is dealt on which street and how hands compare come from the game's variant
(:mod:`pokerlab.engine.variants`); the betting, the pots and the showdown are the same code
for every variant.

Players are numbered by **position**, counted clockwise from the seat left of the button:
position 0 is the small blind (heads-up: the big blind), position 1 the big blind, ...,
position ``n - 1`` the button (heads-up the button posts the small blind and acts first
pre-flop). Without blinds position 0 opens every round. This is the player order of the
PHH hand-history standard (``p1`` = position 0), so a hand writes out without any
renumbering. Which *seat* or bot sits in a position is the match runner's business.

The rules follow the standard casino rules as pokerkit implements them, so that every hand
replays identically there:

- the betting on a round goes around until everyone live with chips has acted since the last
  bet or raise; the big blind has the option to raise a limped pot;
- a bet or raise is at least the minimum bet (limit: exactly the round's bet) and at least the
  previous full raise; an all-in for less is allowed but does not reopen the betting for
  players who already acted (unless several such all-ins add up to a full raise);
- folding is offered only when there is something to call;
- an uncalled bet is returned; pots are built from what each player put in, antes going to
  the main pot, and pots with the same players eligible are merged;
- on a draw street (five-card draw) every player still in, all-in players too, discards 0 to
  all of their cards in position order, position 0 first, and is dealt as many from the stub
  (the deck after the deal); discards go to the muck. The stub is reshuffled only when it runs
  out: then the muck (folded hands and earlier discards, not the discards of the player being
  served) is shuffled into a new stub, as card rooms do. The shuffle is seeded by the deal, so
  a hand replays identically. There are no burn cards. A draw is recorded in ``history`` as
  ``(street, position, DRAW, cards drawn)`` and, with the cards, in ``draws``;
- at the showdown hands that win no pot are mucked, the pots are rebuilt among the rest
  (merging pots with the same contenders), and a split pot is divided evenly with the odd
  chip going to the winner closest to the left of the button (lowest position).

Examples
--------
>>> from pokerlab.cards import format_cards, parse_cards
>>> from pokerlab.engine.settings import GameSettings
>>> game = GameSettings.preset("limit")
>>> cards = parse_cards("As Ad  7c 2d  Ks Qs Jd 4h 3c")   # position 0, position 1, board
>>> hand = Hand(game, [1000, 1000], cards, ranks=[2, 1])
>>> # heads-up the button (position 1) acts first pre-flop; limit: one size, not all-in
>>> hand.actor, hand.legal()   # doctest: +NORMALIZE_WHITESPACE
(1, Legal(to_call=5, can_fold=True, can_raise=True, min_raise_to=20, max_raise_to=20, raises=True,
           max_all_in=False))
>>> hand.check_call(); hand.check_call()      # button calls, big blind checks
>>> hand.street, format_cards(hand.board)
(1, 'Ks Qs Jd')
>>> for _ in range(6): hand.check_call()      # checked down
>>> hand.finished, hand.payoffs
(True, [10, -10])
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from pokerlab.engine.settings import MAX_SEATS, GameSettings
from pokerlab.engine.variants import TEXAS_HOLDEM

FOLD = 0
CHECK_CALL = 1
BET_RAISE = 2
DRAW = 3
ACTION_NAMES = ("fold", "check/call", "bet/raise", "draw")
STREET_NAMES = TEXAS_HOLDEM.street_names
# _ROTATIONS[n][k]: positions k, k+1, ..., k-1 of an n-player table.
_ROTATIONS = [[tuple((k + j) % n for j in range(n)) for k in range(n)] for n in range(MAX_SEATS + 1)]


class Action(NamedTuple):
    """A player's answer: ``kind`` is FOLD, CHECK_CALL, BET_RAISE or DRAW.

    For BET_RAISE ``amount`` is the total this player's bet in the round becomes ("raise to",
    blinds included), as in PHH's ``cbr``. For DRAW it is the set of cards discarded, as bits
    over the player's hole cards in the order :meth:`Hand.hole` lists them (bit ``i`` =
    ``hole[i]``; 0 stands pat, as does CHECK_CALL at a draw).
    """

    kind: int
    amount: int = 0


FOLD_ACTION = Action(FOLD)
CHECK_CALL_ACTION = Action(CHECK_CALL)


def is_raise(history: Sequence[tuple[int, int, int, int]], index: int, game: GameSettings) -> bool:
    """Whether the bet or raise at ``history[index]`` (a :attr:`Hand.history` of a hand of
    ``game``) raised a bet the round already had: the rule :attr:`Legal.raises` applies as the
    hand is played, told afterwards from the history (the hand log names a past bet with it).
    In a game with blinds they are the first round's bet; any earlier bet or raise in the
    round counts.

    >>> from pokerlab.engine.settings import GameSettings
    >>> holdem, draw = GameSettings.preset("limit"), GameSettings.preset("limit", "five-card-draw")
    >>> flop = [(1, 0, CHECK_CALL, 0), (1, 1, BET_RAISE, 10), (1, 0, BET_RAISE, 20)]
    >>> is_raise(flop, 1, holdem), is_raise(flop, 2, holdem)
    (False, True)
    >>> is_raise([(0, 0, BET_RAISE, 2)], 0, holdem), is_raise([(0, 0, BET_RAISE, 2)], 0, draw)
    (True, False)
    """
    street = history[index][0]
    return (street == 0 and game.big_blind > 0) or any(
        s == street and k == BET_RAISE for s, _, k, _ in history[:index])


class Legal(NamedTuple):
    """What the player to act may do.

    ``to_call`` is what a check/call puts in (0 = check; less than the bet when the call is
    all-in). ``can_fold`` is false when checking is free. When ``can_raise`` is true a
    bet/raise *to* any amount in ``[min_raise_to, max_raise_to]`` is allowed (one amount in
    limit); otherwise both are 0. ``raises`` is true when the round already has a bet (a blind
    counts), so a bet/raise now is a raise; false when it would open the betting (a bet).
    ``max_all_in`` is true when the largest bet/raise, ``max_raise_to``, is the player's whole
    stack (it puts the player all-in); false when the game's limit stops it short of the stack
    (pot-limit's pot, limit's fixed size) or when no bet/raise is allowed.
    ``max_discards`` is 0: at a draw the player gets a :class:`DrawLegal`.

    Examples
    --------
    >>> Legal(5, True, True, 20, 20, raises=True).words
    ('call', 'raise')
    >>> Legal(0, False, True, 10, 10).words
    ('check', 'bet')
    >>> Legal(0, False, True, 4, 200, raises=True, max_all_in=True).max_word
    'all-in'
    >>> Legal(1, True, True, 4, 6, raises=True).max_word   # pot-limit, deeper stack
    'pot raise'
    """

    to_call: int
    can_fold: bool
    can_raise: bool
    min_raise_to: int
    max_raise_to: int
    raises: bool = False
    max_all_in: bool = False
    # A class attribute, not a field: a betting decision allows no discards (DrawLegal does).
    max_discards = 0

    @property
    def words(self) -> tuple[str, str]:
        """What the check/call and the bet/raise are called now: ``"check"`` or ``"call"``,
        ``"bet"`` or ``"raise"`` (what the terminal's menu and the web page's buttons say)."""
        return ("call" if self.to_call else "check"), ("raise" if self.raises else "bet")

    @property
    def max_word(self) -> str:
        """What the largest bet/raise, ``max_raise_to``, is called (the terminal's ``a`` and
        the web page's button for it): ``"all-in"`` when it is the player's whole stack
        (``max_all_in``); below the stack with a size to choose, ``"pot bet"`` or ``"pot
        raise"``, as only the pot limit caps a bet below the stack in a game with a choice of
        sizes; with one size (limit), just ``"bet"`` or ``"raise"``."""
        if self.max_all_in:
            return "all-in"
        bet = "raise" if self.raises else "bet"
        return f"pot {bet}" if self.max_raise_to > self.min_raise_to else bet

    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal here, or ``None`` when it is legal."""
        kind = action[0]
        if kind == CHECK_CALL:
            return None
        if kind == DRAW:
            if not self.max_discards:
                return "cannot draw now: this is a betting round"
            mask = action[1]
            if not isinstance(mask, int | np.integer) or not 0 <= mask < 1 << self.max_discards:
                return (f"discards {mask!r} are not a set of the {self.max_discards} cards "
                        f"(bits 0..{(1 << self.max_discards) - 1})")
            return None
        if self.max_discards:
            return "this is the draw: discard (or stand pat), no betting"
        if kind == FOLD:
            return None if self.can_fold else "cannot fold: checking is free"
        if kind == BET_RAISE:
            if not self.can_raise:
                return "cannot bet or raise now (capped, all-in or betting not reopened)"
            amount = action[1]
            if not isinstance(amount, int | np.integer):
                return f"raise amount {amount!r} is not a whole number of chips"
            if amount < self.min_raise_to:
                return f"raise to {amount} is below the minimum {self.min_raise_to}"
            if amount > self.max_raise_to:
                return f"raise to {amount} is above the maximum {self.max_raise_to}"
            return None
        return f"unknown action kind {kind!r} (0 fold, 1 check/call, 2 bet/raise, 3 draw)"


class DrawLegal(Legal):
    """What the player to draw may do: discard any of its ``max_discards`` cards (DRAW with
    their bits) or stand pat (DRAW with 0, or CHECK_CALL); no betting.

    Examples
    --------
    >>> legal = draw_legal(5)
    >>> legal.max_discards, legal.check(Action(DRAW, 0b10011)), legal.check(Action(DRAW, 32))
    (5, None, 'discards 32 are not a set of the 5 cards (bits 0..31)')
    """

    __slots__ = ()


@functools.lru_cache(maxsize=8)
def draw_legal(cards: int) -> DrawLegal:
    """The (shared) :class:`DrawLegal` of a player holding ``cards`` cards."""
    kind = type(DrawLegal.__name__, (DrawLegal,), {"__slots__": (), "max_discards": cards})
    return kind(0, False, False, 0, 0)  # type: ignore[no-any-return]


class IllegalActionError(ValueError):
    """An action the rules do not allow at this point."""


class Pot(NamedTuple):
    """A main or side pot: its chips and the positions that can win it."""

    amount: float
    eligible: tuple[int, ...]


class _DrawState:
    """What only a hand with a draw keeps: the stub, the draws made, the muck's shuffles."""

    __slots__ = ("draws", "reshuffles", "shuffler", "stub")

    def __init__(self, stub: deque[int]) -> None:
        self.stub = stub
        self.draws: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
        self.reshuffles = 0
        self.shuffler: random.Random | None = None


class Hand:
    """The state of one hand, advanced one action at a time.

    Parameters
    ----------
    game
        The rules (with the variant they name).
    stacks
        Chips of each player *before* antes and blinds, by position (2 to the variant's
        ``max_players``, each with at least one chip).
    cards
        Distinct card codes: with ``h`` hole cards and ``b`` board cards in the variant,
        position ``i`` holds ``cards[h*i:h*i+h]`` and the board is ``cards[h*n:h*n+b]``
        (hold'em: ``2 * n + 5`` cards).
    ranks
        Optional precomputed showdown strengths (higher is better) of each position's hand on
        the full board; computed with :func:`pokerlab.evaluate.evaluate_batch` when needed
        otherwise.
    """

    __slots__ = (
        "_draw",
        "_layout",
        "_max_bets",
        "_street_bet",
        "acted",
        "antes",
        "bets",
        "cards",
        "drawing",
        "finished",
        "game",
        "history",
        "holes",
        "last_raise",
        "live",
        "live_count",
        "max_bet",
        "n",
        "opener",
        "payoffs",
        "pots",
        "put_in",
        "queue",
        "raise_count",
        "ranks",
        "short_count",
        "short_sum",
        "showdown",
        "showdown_street",
        "stacks",
        "starting_stacks",
        "street",
        "winnings",
    )

    def __init__(
        self,
        game: GameSettings,
        stacks: Sequence[int],
        cards: Sequence[int],
        ranks: Sequence[int] | None = None,
    ) -> None:
        n = len(stacks)
        layout = game._layout  # type: ignore[attr-defined]
        max_players, hole, board, _, _, _, _, draw_ahead = layout
        if not 2 <= n <= max_players:
            raise ValueError(f"a hand needs 2 to {max_players} players, not {n}")
        dealt = hole * n + board
        if draw_ahead[0]:
            if not dealt <= len(cards) <= 52:
                raise ValueError(f"{n} players need {dealt} to 52 cards, got {len(cards)}")
            if ranks is not None:
                raise ValueError("showdown ranks cannot be given before the draw")
        elif len(cards) != dealt:
            raise ValueError(f"{n} players need {dealt} cards, got {len(cards)}")
        for i, s in enumerate(stacks):
            if s <= 0:
                raise ValueError(f"position {i} has no chips ({s}); only players with chips are dealt in")
        self.game = game
        self.n = n
        # map/min/max run in C: a hand's start is the engine's hot path
        self.cards = list(map(int, cards))
        if len(set(self.cards)) != len(self.cards) or min(self.cards) < 0 or max(self.cards) > 51:
            raise ValueError("the cards of a hand must be distinct codes 0..51")
        # (max players, hole cards, board cards, board visible by street, last street, street
        # bets, draw streets, draw ahead): one attribute, the hand's start is the hot path.
        self._layout = layout
        self.drawing = False
        # Each position's cards are kept apart, and the stub and the draws recorded, only when
        # a draw can change them (the deal's slices otherwise: a hand starts faster).
        self.holes: list[list[int]] | None = None
        self._draw: _DrawState | None = None
        if draw_ahead[0]:
            self.holes = [self.cards[hole * i: hole * i + hole] for i in range(n)]
            given = set(self.cards)
            self._draw = _DrawState(deque(self.cards[dealt:] + [c for c in range(52) if c not in given]))
        self.ranks = None if ranks is None else list(map(int, ranks))
        self.starting_stacks = list(map(int, stacks))
        self.stacks = list(self.starting_stacks)
        self.bets = [0] * n
        self.put_in = [0] * n
        self.antes = [0] * n
        self.live = [True] * n
        self.live_count = n
        self.acted = [False] * n
        self.history: list[tuple[int, int, int, int]] = []
        self.finished = False
        self.payoffs: list[int] = []
        self.winnings: list[int] = []
        self.pots: list[Pot] = []
        self.showdown: list[int] = []
        self.showdown_street = -1
        self._max_bets = (
            game.raise_cap + 1 if game.is_limit and game.raise_cap is not None else 1 << 30
        )
        if game.ante:
            for i in range(n):
                a = min(game.ante, self.stacks[i])
                self.antes[i] = a
                self.stacks[i] -= a
        self.street = 0
        if not game.big_blind:
            self._begin_round()
            return
        # Blinds: heads-up the button (position 1) posts the small blind.
        sb_pos, bb_pos = (1, 0) if n == 2 else (0, 1)
        for pos, blind in ((sb_pos, game.small_blind), (bb_pos, game.big_blind)):
            b = min(blind, self.stacks[pos])
            self.stacks[pos] -= b
            self.bets[pos] = b
            self.put_in[pos] = b
        self._begin_round(sb_pos, bb_pos)

    # -- betting rounds ---------------------------------------------------------------------

    def _begin_round(self, sb_pos: int = -1, bb_pos: int = -1) -> None:
        n = self.n
        bets = self.bets
        stacks = self.stacks
        live = self.live
        self._street_bet = self._layout[5][self.street]
        if sb_pos >= 0:
            # The player after the largest blind opens (ties: the later blind), as pokerkit.
            key_sb, key_bb = (bets[sb_pos], sb_pos), (bets[bb_pos], bb_pos)
            self.opener = (max(key_sb, key_bb)[1] + 1) % n
            self.raise_count = 1  # the big blind is the opening bet
        else:
            self.opener = 0
            self.raise_count = 0
        self.max_bet = max(bets)
        self.last_raise = 0
        self.short_sum = 0
        self.short_count = 0
        self.acted = [False] * n
        totals = sorted([bets[i] + stacks[i] for i in range(n) if live[i]])
        second = totals[-2]
        # Players all-in, folded, or with nothing an opponent could still match sit out.
        queue = deque([i for i in _ROTATIONS[n][self.opener]
                       if live[i] and stacks[i] and second > bets[i]])
        self.queue = queue
        if not queue or (len(queue) == 1 and bets[queue[0]] >= self.max_bet):
            self._end_round()

    def _end_round(self) -> None:
        n = self.n
        live = self.live
        stacks = self.stacks
        bets = self.bets
        self.queue = deque()
        if self.live_count == 1:
            self._finish_fold()
            return
        with_chips = sum(1 for i in range(n) if live[i] and stacks[i])
        # Return the part of the largest bet nobody matched.
        cutoff = sorted(bets)[-2]
        for i in range(n):
            if bets[i] > cutoff:
                over = bets[i] - cutoff
                stacks[i] += over
                self.put_in[i] -= over
            bets[i] = 0
        layout = self._layout
        if self.street == layout[4] or (with_chips <= 1 and not layout[7][self.street]):
            self._finish_showdown()
        else:
            self.street += 1
            if layout[6][self.street]:
                self._begin_draw()
            else:
                self._begin_round()

    # -- queries ----------------------------------------------------------------------------

    @property
    def actor(self) -> int:
        """Position to act, or -1 when the hand is over."""
        return self.queue[0] if self.queue else -1

    @property
    def board(self) -> list[int]:
        """Board cards dealt so far (all of them once a showdown was reached)."""
        start = self._layout[1] * self.n
        visible = self._layout[3]
        if self.finished and self.showdown:
            return self.cards[start: start + visible[-1]]
        return self.cards[start: start + visible[self.street]]

    def hole(self, position: int) -> list[int]:
        """The hole cards of ``position``."""
        holes = self.holes
        if holes is None:
            h = self._layout[1]
            return self.cards[h * position: h * position + h]
        return holes[position][:]

    @property
    def draws(self) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
        """Every draw so far: ``(street, position, discarded cards, cards dealt)``."""
        return self._draw.draws if self._draw is not None else []

    @property
    def stub(self) -> deque[int]:
        """The cards still to be dealt at a draw, next card first (empty without draws)."""
        return self._draw.stub if self._draw is not None else deque()

    @property
    def reshuffles(self) -> int:
        """How many times the muck was shuffled into a new stub."""
        return self._draw.reshuffles if self._draw is not None else 0

    @property
    def pot(self) -> int:
        """All chips in the middle: antes, earlier rounds and the current bets."""
        return sum(self.antes) + sum(self.put_in)

    def legal(self) -> Legal:
        """Legal actions of the player to act."""
        if not self.queue:
            raise IllegalActionError("the hand is over: nobody is to act")
        p = self.queue[0]
        return self._legal(p)

    def _legal(self, p: int) -> Legal:
        if self.drawing:
            return draw_legal(len(self.holes[p]))  # type: ignore[index]
        stacks = self.stacks
        bets = self.bets
        stack = stacks[p]
        max_bet = self.max_bet
        to_call_full = max_bet - bets[p]
        call = stack if stack < to_call_full else to_call_full
        # The round has a bet: chips in it, or blinds (they open the first round even when
        # the antes left their posters nothing to post, as the raise count has it).
        opened = max_bet > 0 or self.raise_count > 0
        can_raise = (
            self.raise_count < self._max_bets
            and call >= self.last_raise
            and stack > to_call_full
            and not (self.short_count and self.short_sum < self.last_raise and self.acted[p])
        )
        if can_raise:
            live = self.live
            for i in range(self.n):
                if i != p and live[i] and stacks[i] + bets[i] > max_bet:
                    break
            else:
                can_raise = False  # nobody left who could call a raise
        if can_raise and self.game.round_actions is not None:
            # The raise and every player's answer must still fit in the round (ACPC's cap).
            street = self.street
            done = 0
            for action in reversed(self.history):
                if action[0] != street:
                    break
                done += 1
            can_raise = done + self.n <= self.game.round_actions
        if not can_raise:
            return Legal(call, to_call_full > 0, False, 0, 0, opened)
        all_in = stack + bets[p]
        step = self.last_raise if self.last_raise > self._street_bet else self._street_bet
        low = max_bet + step
        if low > all_in:
            low = all_in
        kind = self.game.kind
        if kind == "limit":
            high = low
        elif kind == "no-limit":
            high = all_in
        else:
            high = 2 * max_bet - bets[p] + self.pot
            if high < low:
                high = low
            if high > all_in:
                high = all_in
        return Legal(call, to_call_full > 0, True, low, high, opened, high == all_in)

    # -- actions ----------------------------------------------------------------------------

    def act(self, action: Action | tuple[int, int]) -> None:
        """Apply ``action`` for the player to act; :class:`IllegalActionError` if not allowed."""
        if not self.queue:
            raise IllegalActionError("the hand is over: nobody is to act")
        kind = action[0]
        if kind == CHECK_CALL:
            self.check_call()
        elif kind == FOLD:
            self.fold()
        elif kind == BET_RAISE:
            self.bet_raise(action[1])
        elif kind == DRAW:
            reason = self._legal(self.queue[0]).check(action)
            if reason is not None:
                raise IllegalActionError(f"position {self.queue[0]}: {reason}")
            self._draw_bits(action[1])
        else:
            raise IllegalActionError(
                f"unknown action kind {kind!r} (0 fold, 1 check/call, 2 bet/raise, 3 draw)")

    def fold(self) -> None:
        """The player to act folds (only when there is something to call)."""
        if not self.queue:
            raise IllegalActionError("the hand is over: nobody is to act")
        p = self.queue[0]
        if self.drawing:
            raise IllegalActionError(f"position {p} is drawing: discard or stand pat")
        if self.bets[p] >= self.max_bet:
            raise IllegalActionError(f"position {p} cannot fold: checking is free")
        self.queue.popleft()
        self.acted[p] = True
        self.live[p] = False
        self.live_count -= 1
        self.history.append((self.street, p, FOLD, 0))
        if not self.queue or self.live_count <= 1:
            self._end_round()

    def check_call(self) -> None:
        """The player to act checks or calls (all-in when short); at a draw, stands pat."""
        if not self.queue:
            raise IllegalActionError("the hand is over: nobody is to act")
        if self.drawing:
            self.draw(())
            return
        p = self.queue.popleft()
        self.acted[p] = True
        amount = self.max_bet - self.bets[p]
        if amount > self.stacks[p]:
            amount = self.stacks[p]
        self.stacks[p] -= amount
        self.bets[p] += amount
        self.put_in[p] += amount
        self.history.append((self.street, p, CHECK_CALL, amount))
        if not self.queue:
            self._end_round()

    def bet_raise(self, to: int) -> None:
        """The player to act bets or raises so that their bet this round becomes ``to``."""
        if not self.queue:
            raise IllegalActionError("the hand is over: nobody is to act")
        p = self.queue[0]
        legal = self._legal(p)
        if not legal.can_raise or not legal.min_raise_to <= to <= legal.max_raise_to:
            reason = legal.check(Action(BET_RAISE, to))
            raise IllegalActionError(f"position {p}: {reason}")
        self._raise_to(p, int(to))

    def apply_checked(self, action: Action | tuple[int, int]) -> None:
        """Apply ``action``, already found legal by :meth:`Legal.check` (no second check)."""
        kind = action[0]
        if kind == CHECK_CALL:
            self.check_call()
        elif kind == FOLD:
            self.fold()
        elif kind == BET_RAISE:
            self._raise_to(self.queue[0], int(action[1]))
        else:
            self._draw_bits(int(action[1]))

    def _raise_to(self, p: int, to: int) -> None:
        n = self.n
        self.queue.popleft()
        stacks = self.stacks
        increment = to - self.max_bet
        delta = to - self.bets[p]
        stacks[p] -= delta
        self.bets[p] = to
        self.put_in[p] += delta
        live = self.live
        self.queue = deque([i for i in _ROTATIONS[n][p][1:] if live[i] and stacks[i]])
        self.opener = p
        if increment >= self.last_raise:
            acted = [False] * n
            acted[p] = True
            self.acted = acted
        else:
            self.acted[p] = True
        if increment > self.last_raise:
            self.last_raise = increment
        self.raise_count += 1
        if stacks[p]:
            self.short_sum = 0
            self.short_count = 0
        else:
            self.short_sum += increment
            self.short_count += 1
        if self.short_sum >= self.last_raise:
            self.short_sum = 0
            self.short_count = 0
        self.max_bet = to
        self.history.append((self.street, p, BET_RAISE, to))
        if not self.queue:
            self._end_round()

    # -- the draw ---------------------------------------------------------------------------

    def _begin_draw(self) -> None:
        # Everyone still in draws, all-in players too, first to last from the button's left.
        self.drawing = True
        live = self.live
        self.queue = deque([i for i in range(self.n) if live[i]])

    def _draw_bits(self, mask: int) -> None:
        hole = self.holes[self.queue[0]]  # type: ignore[index]
        self.draw([hole[i] for i in range(len(hole)) if mask >> i & 1])

    def draw(self, discards: Sequence[int], replacements: Sequence[int] | None = None) -> None:
        """The player to draw discards ``discards`` (card codes; none = stand pat) and is dealt
        as many from the stub, or ``replacements`` when given (replaying a recorded hand: any
        cards not in play, the player's own discards included).

        The stub is the deck after the deal (the ``cards`` given past the hole cards, then the
        cards not given, lowest code first). Discards go to the muck. When the stub runs out
        the muck (every card not in the stub, in a live player's hand or among this player's
        discards: folded hands and earlier discards) is shuffled into a new stub, as card
        rooms do; the shuffle is seeded by the deal, so a hand replays identically.
        """
        if not self.drawing:
            raise IllegalActionError("nobody is drawing: this is a betting round")
        p = self.queue[0]
        hole = self.holes[p]  # type: ignore[index]
        out = [int(c) for c in discards]
        if len(set(out)) != len(out) or not set(out) <= set(hole):
            raise IllegalActionError(f"position {p} cannot discard {out}: not distinct cards of its hand")
        kept = [c for c in hole if c not in out]
        if replacements is None:
            new = self._deal_stub(len(out), out)
        else:
            # A record may come from a room whose reshuffle gives a player its own discards
            # back (pokerkit's does): only the cards in play are refused.
            new = [int(c) for c in replacements]
            held = {c for i in range(self.n) if self.live[i] and i != p
                    for c in self.holes[i]} | set(kept)  # type: ignore[index]
            if (len(new) != len(out) or len(set(new)) != len(new) or set(new) & held
                    or not all(0 <= c < 52 for c in new)):
                raise IllegalActionError(
                    f"position {p}: replacements {new} for {len(out)} discards must be distinct "
                    "cards nobody holds")
            for c in new:
                if c in self.stub:
                    self.stub.remove(c)
        self.queue.popleft()
        self.holes[p] = kept + new  # type: ignore[index]
        self.history.append((self.street, p, DRAW, len(out)))
        self.draws.append((self.street, p, tuple(out), tuple(new)))
        if not self.queue:
            self.drawing = False
            self._begin_round()

    def _deal_stub(self, count: int, discards: list[int]) -> list[int]:
        state = self._draw
        assert state is not None
        stub = state.stub
        new: list[int] = []
        while len(new) < count:
            if not stub:
                held = {c for i in range(self.n) if self.live[i] for c in self.holes[i]}  # type: ignore[index]
                muck = [c for c in range(52) if c not in held and c not in discards and c not in new]
                if state.shuffler is None:
                    state.shuffler = random.Random(bytes(self.cards))
                state.shuffler.shuffle(muck)
                stub.extend(muck)
                state.reshuffles += 1
            new.append(stub.popleft())
        return new

    def initial_hole(self, position: int) -> list[int]:
        """The hole cards ``position`` was dealt (before any draw)."""
        h = self._layout[1]
        return self.cards[h * position: h * position + h]

    # -- endings ----------------------------------------------------------------------------

    def _finish_fold(self) -> None:
        winner = self.live.index(True)
        total = sum(self.antes) + sum(self.put_in)
        self.pots = [Pot(total, (winner,))]
        winnings = [0] * self.n
        winnings[winner] = total
        self._settle(winnings)

    def _finish_showdown(self) -> None:
        n = self.n
        live = self.live
        self.showdown_street = self.street
        # Showdown order: from the last aggressor (or the round's first actor), as pokerkit.
        self.showdown = [i for i in _ROTATIONS[n][self.opener] if live[i]]
        ranks = self.ranks if self.ranks is not None else self._evaluate()
        pots = build_pots(self.put_in, self.antes, live)
        if len(pots) == 1:  # one pot: nothing to merge
            amount, eligible = pots[0]
            best = max(ranks[i] for i in eligible)
            winners = [i for i in eligible if ranks[i] == best]
            self.pots = [Pot(amount, tuple(winners))]
            share, odd = divmod(amount, len(winners))
            winnings = [0] * n
            for i in winners:
                winnings[i] = share
            winnings[winners[0]] += odd
            self._settle(winnings)
            return
        # Hands that win no pot are mucked first; the pots are then rebuilt among the
        # remaining hands, so pots with the same winners merge before the odd chips are
        # given out (pokerkit's order, and what a dealer does when losers muck).
        contenders = [False] * n
        for _, eligible in pots:
            best = max(ranks[i] for i in eligible)
            for i in eligible:
                if ranks[i] == best:
                    contenders[i] = True
        self.pots = build_pots(self.put_in, self.antes, contenders)
        winnings = [0] * n
        for amount, eligible in self.pots:
            best = max(ranks[i] for i in eligible)
            winners = [i for i in eligible if ranks[i] == best]
            share, odd = divmod(amount, len(winners))
            for i in winners:
                winnings[i] += share
            winnings[winners[0]] += odd  # odd chip: first winner left of the button
        self._settle(winnings)

    def _settle(self, winnings: list[int]) -> None:
        for i in range(self.n):
            self.stacks[i] += winnings[i]
            self.bets[i] = 0
        self.winnings = winnings
        self.payoffs = [self.stacks[i] - self.starting_stacks[i] for i in range(self.n)]
        self.finished = True
        self.queue = deque()

    def _evaluate(self) -> list[int]:
        # The "high" evaluator (the only one so far): best five of hole cards and board.
        from pokerlab.evaluate import evaluate_batch

        start = self._layout[1] * self.n
        board = self.cards[start: start + self._layout[2]]
        rows = np.array([self.hole(i) + board for i in range(self.n)], dtype=np.uint8)
        return [int(r) for r in evaluate_batch(rows)]


def build_pots(put_in: Sequence[float], antes: Sequence[float], live: Sequence[bool]) -> list[Pot]:
    """Main and side pots from what each position put in (antes go to the main pot). Chips are
    whole numbers in a hand; the push/fold game counts big blinds as real numbers.

    A pot at each distinct contribution level, open to the live players who put in at least
    that much; neighbouring pots with the same players are merged (as pokerkit does, which
    matters for where odd chips go).

    Examples
    --------
    >>> build_pots([100, 300, 300, 50], [0, 0, 0, 0], [True, True, True, False])
    [Pot(amount=350, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]
    >>> build_pots([20, 20], [1, 1], [True, True])
    [Pot(amount=42, eligible=(0, 1))]
    """
    n = len(put_in)
    amount = sum(antes)
    previous = 0
    pots: list[Pot] = []
    for level in sorted(set(put_in)):
        for i in range(n):
            if put_in[i] >= level:
                amount += level - previous
        eligible = tuple(i for i in range(n) if live[i] and put_in[i] >= level)
        while pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, eligible))
        amount = 0
        previous = level
    return pots
