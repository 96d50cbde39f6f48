"""The agent interface: what a bot sees at its turn and how it answers.

A bot is an :class:`Agent`. At each of its turns the table calls ``act(observation)`` and
the bot returns an :class:`~pokerlab.engine.hand.Action`: ``Action(FOLD)``,
``Action(CHECK_CALL)`` or ``Action(BET_RAISE, amount)`` with ``amount`` the total its bet
in this round becomes ("raise to"). :class:`Observation` shows only what that player may
know: its own hole cards, the board, every action so far, the pot, stacks and bets, its
legal actions, its position, seat and the button's seat, the players' names by position
(``player_names``: one name per player, unique even when two copies of a bot sit at the
table, so a bot can follow an opponent from seat to seat), and the game settings.

An illegal answer (or an exception raised by the bot) does not stop the match: the table
records an *illegal action event* with a one-line reason and plays check (when checking is
free) or fold in its place. The match results count these events per bot.

Examples
--------
>>> from pokerlab.engine import CHECK_CALL, Action, Dealer, GameSettings, Hand
>>> class AlwaysCall(Agent):
...     name = "always-call"
...     def act(self, observation):
...         return Action(CHECK_CALL)
>>> hand = Hand(GameSettings.preset("limit"), [2000, 2000], Dealer(seed=0).cards(0, 2))
>>> view = Observation(hand, position=hand.actor, seat=1, button_seat=1,
...                    player_names=("bob", "alice"))
>>> view.to_call, view.legal.can_raise, view.is_button, len(view.hole)
(5, True, True, 2)
>>> view.player_names[view.position]
'alice'
>>> Observation(hand, position=0).player_names is None   # a table that does not name them
True
>>> AlwaysCall().act(view)
Action(kind=1, amount=0)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from pokerlab.cards import ALL_COMBOS
from pokerlab.engine.hand import Action, Hand, Legal
from pokerlab.engine.settings import GameSettings


class Observation:
    """One player's view of a hand (a window on the running hand, not a copy).

    Positions count from the seat left of the button (0) to the button (``players - 1``);
    lists indexed by position (``stacks``, ``bets``, ``live``, ``player_names``) follow that
    order. ``player_names`` is ``None`` when the table does not name its players (a bot then
    has only seats to tell its opponents apart).
    """

    __slots__ = ("_hand", "_hole", "_legal", "_names", "button_seat", "hand_number", "position",
                 "seat")

    def __init__(
        self,
        hand: Hand,
        position: int,
        seat: int = 0,
        button_seat: int = 0,
        hand_number: int = 0,
        legal: Legal | None = None,
        player_names: tuple[str, ...] | list[str] | None = None,
    ) -> None:
        if player_names is not None and len(player_names) != hand.n:
            raise ValueError(f"player_names lists {len(player_names)} names for {hand.n} players")
        self._hand = hand
        self._names = tuple(player_names) if player_names is not None else None
        self.position = position
        self.seat = seat
        self.button_seat = button_seat
        self.hand_number = hand_number
        self._legal = legal
        self._hole: list[int] | None = None

    def with_hole(self, cards: Sequence[int]) -> Observation:
        """This view with other hole cards: what the player would see at this point of the
        hand had it been dealt ``cards`` (everything else, the board and the betting, shared).
        It is how a caller asks :meth:`Agent.policy` about hypothetical holdings; the cards
        must not touch the board (they may be the opponents' real cards: a view never shows
        those).

        >>> from pokerlab.engine import Dealer, GameSettings, Hand
        >>> hand = Hand(GameSettings.preset("limit"), [2000, 2000], Dealer(seed=0).cards(0, 2))
        >>> view = Observation(hand, position=hand.actor)
        >>> other = view.with_hole([51, 50])
        >>> other.hole, other.to_call == view.to_call, view.hole == hand.hole(hand.actor)
        ([51, 50], True, True)
        """
        view = Observation(self._hand, self.position, self.seat, self.button_seat,
                           self.hand_number, self._legal, self._names)
        view._hole = [int(c) for c in cards]
        return view

    @property
    def player_names(self) -> tuple[str, ...] | None:
        """Each position's player name (unique per player), or ``None`` when not given."""
        return self._names

    @property
    def game(self) -> GameSettings:
        """The rules of the game."""
        return self._hand.game

    @property
    def players(self) -> int:
        """Players dealt into this hand."""
        return self._hand.n

    @property
    def hole(self) -> list[int]:
        """This player's hole cards (two in hold'em, five in five-card draw)."""
        if self._hole is not None:
            return list(self._hole)
        return self._hand.hole(self.position)

    @property
    def board(self) -> list[int]:
        """Board cards dealt so far."""
        return self._hand.board

    @property
    def street(self) -> int:
        """0 pre-flop, 1 flop, 2 turn, 3 river."""
        return self._hand.street

    @property
    def pot(self) -> int:
        """Chips in the middle, current bets included."""
        return self._hand.pot

    @property
    def stacks(self) -> list[int]:
        """Chips behind of each position."""
        return list(self._hand.stacks)

    @property
    def starting_stacks(self) -> list[int]:
        """Each position's chips when the hand was dealt (before antes and blinds): public, as
        at a table; with ``actions`` it replays the betting (a bot that walks a betting tree)."""
        return list(self._hand.starting_stacks)

    @property
    def bets(self) -> list[int]:
        """Each position's bet in the current round."""
        return list(self._hand.bets)

    @property
    def live(self) -> list[bool]:
        """Which positions have not folded."""
        return list(self._hand.live)

    @property
    def opponents_live(self) -> int:
        """Opponents still in the hand."""
        return self._hand.live_count - 1

    @property
    def actions(self) -> list[tuple[int, int, int, int]]:
        """Betting so far: ``(street, position, kind, amount)``; amount is the raise-to total
        for a bet/raise and the chips put in for a check/call."""
        return list(self._hand.history)

    @property
    def legal(self) -> Legal:
        """This player's legal actions (only meaningful at its turn)."""
        if self._legal is None:
            self._legal = self._hand.legal()
        return self._legal

    @property
    def to_call(self) -> int:
        """Chips a call costs (0 = check)."""
        return self.legal.to_call

    @property
    def is_button(self) -> bool:
        """Whether this player has the button."""
        return self.position == self._hand.n - 1

    @property
    def raises_this_round(self) -> int:
        """Bets and raises so far in the current round (the big blind not counted)."""
        street = self._hand.street
        return sum(1 for s, _, kind, _ in self._hand.history if s == street and kind == 2)

    @property
    def finished(self) -> bool:
        """Whether the hand is over (as seen in :meth:`Agent.end_hand`)."""
        return self._hand.finished

    @property
    def payoffs(self) -> list[int]:
        """Chips won or lost by each position (once the hand is over)."""
        return list(self._hand.payoffs)

    def shown(self, position: int) -> list[int] | None:
        """Hole cards ``position`` showed down (own cards always), else ``None``."""
        hand = self._hand
        if position == self.position:
            return self.hole
        if hand.finished and position in hand.showdown:
            return hand.hole(position)
        return None


class Agent(ABC):
    """A poker bot. Subclasses implement :meth:`act`; the other hooks are optional.

    ``rng`` is reseeded by the table before every hand from the match seed, the hand number
    and the player, so a bot that draws its randomness from ``self.rng`` plays the same way
    however a match is split across processes or resumed.
    """

    name: str = "agent"
    uses_rng: bool = True  # False: the table may skip reseeding (a deterministic bot)
    policy_ignores_cards: bool = False
    """True for a bot whose :meth:`policy` does not look at its hole cards (the baselines): every
    holding then gets the one answer, without asking once per holding."""
    variants: tuple[str, ...] = ("texas-holdem",)
    """The variants (:data:`pokerlab.engine.variants.VARIANTS` names) the bot plays: a bot
    written for hold'em answers nothing legal at a draw, so tables refuse to seat it there."""
    argument: str | None = None
    """The keyword a bot spec's argument is given as: ``name:ARG`` builds the bot with
    ``argument=ARG`` (``hulhe-cfr:run/strategy.npz`` plays that strategy file); ``None``: the bot
    takes no argument (:func:`pokerlab.agents.registry.create_bot`)."""
    settings: ClassVar[Mapping[str, Callable[[str], Any]]] = {}
    """The settings a bot spec may give after the ``:``, as comma-separated ``key=value``
    beside the argument (``nlhe-search:iterations=100,seconds=2``): each key with the
    function reading its text (:mod:`pokerlab.agents.settings`); the value is given as the
    constructor keyword :func:`pokerlab.agents.settings.keyword_of` names."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def reseed(self, seed: int) -> None:
        """Reset the bot's random generator (called before each hand)."""
        self.rng.seed(seed)

    def begin_hand(self, observation: Observation) -> None:  # noqa: B027 - optional hook
        """A new hand is dealt (before any action)."""

    @abstractmethod
    def act(self, observation: Observation) -> Action:
        """Choose an action at this player's turn."""

    def end_hand(self, observation: Observation) -> None:  # noqa: B027 - optional hook
        """The hand is over: ``observation.payoffs`` and the shown cards are visible."""

    def hand_report(self) -> list[dict[str, Any]]:
        """What the bot can show of its thinking in the hand just played, one plain-data entry
        per decision it explains (the web table shows them once the hand is over); none by
        default."""
        return []

    def end_match(self) -> None:  # noqa: B027 - optional hook
        """The hands this bot was given are played (a match, or a worker's share of one): keep
        whatever must outlive them (the modelling bots save their opponent models)."""

    def policy(self, observation: Observation) -> np.ndarray:
        """The probabilities of ``(fold, check/call, bet/raise)`` the bot would play at this
        decision with ``observation.hole``: what :meth:`act` samples from (``self.rng``'s
        draws turned into probabilities), with an illegal answer counted as the table plays it
        (:func:`legal_policy`). No side effects: no learning, no draws; a bot that follows the
        betting computes its state up to this decision on the side, as if :meth:`act` had
        been called here, and leaves its own untouched.

        Hypothetical holdings: ask with ``observation.with_hole(cards)``
        (:meth:`Observation.with_hole`), the view of this decision had the bot been dealt
        ``cards``. The policy is the bot's behaviour *given* those cards and the public
        betting so far: a bot whose earlier choices left state behind (a semi-bluff to follow
        up) answers as it would have had it held ``cards`` all hand. Local best response
        (:mod:`pokerlab.arena.lbr`) needs it for every holding the bot may hold, through
        :meth:`range_policy`. Bots that do not implement it raise :class:`PolicyUnavailable`
        (the default).

        >>> from pokerlab.engine import Dealer, GameSettings, Hand
        >>> hand = Hand(GameSettings.preset("limit"), [2000, 2000], Dealer(seed=0).cards(0, 2))
        >>> class Silent(Agent):
        ...     def act(self, observation):
        ...         return Action(1)
        >>> Silent().policy(Observation(hand, position=hand.actor))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerlab.agents.base.PolicyUnavailable: bot 'agent' does not expose its policy ...
        """
        raise PolicyUnavailable(f"bot {self.name!r} does not expose its policy (Agent.policy)")

    def policy_available(self) -> bool:
        """Whether :meth:`policy` answers for this bot: its class implements it (a subclass
        that changes the decisions its base's policy reads says no)."""
        return type(self).policy is not Agent.policy

    def range_policy(self, observation: Observation, combos: Sequence[int] | np.ndarray) -> np.ndarray:
        """:meth:`policy` for each holding of ``combos`` (``combo_index`` numbers, none touching
        the board): a ``(len(combos), 3)`` array. The default asks :meth:`policy` once per
        holding; bots that can evaluate every holding at once (hand strength of all 1,326 on
        a board in one kernel call) override it with the same answers."""
        if self.policy_ignores_cards:
            return np.tile(self.policy(observation), (len(combos), 1))
        out = np.empty((len(combos), 3))
        for row, index in enumerate(combos):
            a, b = ALL_COMBOS[int(index)]
            out[row] = self.policy(observation.with_hole((int(a), int(b))))
        return out

    def action_probabilities(self, observation: Observation, combos: Sequence[int] | np.ndarray,
                             action: Action) -> np.ndarray:
        """The probability that the bot, holding each holding of ``combos`` (as in
        :meth:`range_policy`), plays exactly ``action`` here: its kind and, for a bet or raise,
        its amount. A float array, one entry per holding.

        Local best response (:mod:`pokerlab.arena.lbr`) multiplies the bot's range by it after
        each of the bot's actions (Bayes' rule), asking once :meth:`act` has answered: like
        :meth:`policy` it answers for the decision :meth:`act` met, whatever :meth:`act` kept
        of it. The default is :meth:`range_policy`'s column of ``action.kind``: right for every
        bot whose bet size does not depend on its cards (a limit bot, the baselines), where the
        chance of the amount given the kind is one factor shared by all holdings (the random
        bot's uniform amount) and the normalised range does not change. A bot that bets
        different amounts with different holdings (a no-limit chart that opens small and
        shoves its best hands) overrides it.

        >>> from pokerlab.engine import Dealer, GameSettings, Hand
        >>> from pokerlab.agents.baseline import Raiser
        >>> hand = Hand(GameSettings.preset("limit"), [2000, 2000], Dealer(seed=0).cards(0, 2))
        >>> view = Observation(hand, position=hand.actor)
        >>> Raiser().action_probabilities(view, [0, 1, 2], Action(2, 20)).tolist()
        [1.0, 1.0, 1.0]
        """
        return np.asarray(self.range_policy(observation, combos)[:, action.kind], dtype=float)


class PolicyUnavailable(NotImplementedError):
    """The bot does not expose its action probabilities (:meth:`Agent.policy`)."""


def has_policy(agent: Agent) -> bool:
    """Whether ``agent`` exposes its policy (:meth:`Agent.policy_available`).

    >>> from pokerlab.agents.baseline import CallingStation
    >>> has_policy(CallingStation())
    True
    """
    return agent.policy_available()


def legal_policy(probabilities: Sequence[float] | np.ndarray, legal: Legal) -> np.ndarray:
    """``(fold, check/call, bet/raise)`` probabilities of the bot's answers turned into those of
    the actions played: a fold when checking is free and a bet or raise that is not allowed
    are played as check/call (the table's rule for a fold; for a raise, the rule of the bots
    that answer a raise they cannot make with check/call, as all of pokerlab's do).

    >>> from pokerlab.engine.hand import Legal
    >>> legal_policy([0.2, 0.3, 0.5], Legal(0, False, False, 0, 0)).tolist()
    [0.0, 1.0, 0.0]
    >>> legal_policy([0.2, 0.3, 0.5], Legal(10, True, True, 20, 20)).tolist()
    [0.2, 0.3, 0.5]
    """
    p = np.array(probabilities, dtype=float)
    if not legal.can_fold:
        p[1] += p[0]
        p[0] = 0.0
    if not legal.can_raise:
        p[1] += p[2]
        p[2] = 0.0
    return p
