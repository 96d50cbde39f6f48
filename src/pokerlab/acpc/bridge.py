"""Between ACPC match states and pokerlab's Hold'em engine and agents.

An ACPC game definition maps to the engine's :class:`~pokerlab.engine.settings.GameSettings`
when it describes Texas Hold'em the engine can play: four rounds dealing 0, 3, 1, 1 board
cards, two hole cards from 52, the small and big blind in the engine's positions (heads-up:
position 0 the big blind, 1 the small blind acting first pre-flop; three or more players:
positions 0 and 1 the blinds, position 2 first), and in limit games one bet size for the
first two rounds and one for the last two, with a raise cap of the engine's form (ACPC
``maxRaises = c c+1 c+1 c+1``: ``c`` raises after the big blind pre-flop, ``c + 1`` bets
and raises later, which is the engine's ``raise_cap = c``).

A match state is replayed on the engine action by action (cards the viewer cannot see are
replaced by unused cards, which nothing before the showdown depends on). At every step the
engine's player to act and legal actions must agree with the ACPC rules of
:mod:`pokerlab.acpc.betting`; if they ever differ the replay stops with an error instead of
letting a bot act on a view the dealer does not share. The ACPC rule set itself stays in
``betting``: the dealer must judge replies exactly as the ACPC server does, and the
engine's positional API cannot express every ACPC game (other round structures, per-round
raise caps, ACPC's fractional split pots).

Amounts differ in one way: an ACPC no-limit raise ``r<N>`` is the total spent in the whole
hand, the engine's raise-to is the bet in the current round.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> from pokerlab.acpc.matchstate import parse_matchstate
>>> limit = engine_settings(standard_game("limit"))
>>> limit.kind, limit.small_blind, limit.big_blind, limit.small_bet, limit.big_bet, limit.raise_cap
('limit', 5, 10, 10, 20, 3)
>>> state = parse_matchstate("MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c", standard_game("nolimit"))
>>> hand = replay(state)
>>> hand.actor, hand.bets, hand.legal().min_raise_to   # r250 = a bet of 150 on the flop
(1, [150, 0], 300)
>>> to_acpc_action(hand, Action(BET_RAISE, 300), state.game)
Action(kind='r', size=400)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokerlab.acpc import betting as acpc
from pokerlab.acpc.gamedef import UNLIMITED_RAISES, GameDef
from pokerlab.acpc.matchstate import MatchState
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand
from pokerlab.engine.settings import GameSettings

if TYPE_CHECKING:
    from pokerlab.agents.base import Agent, Observation


def engine_settings(game: GameDef) -> GameSettings:
    """The engine's settings for an ACPC game, or ``ValueError`` naming what does not fit."""
    n = game.num_players
    if (game.num_rounds, game.num_board_cards) != (4, (0, 3, 1, 1)):
        raise ValueError("the engine plays Texas Hold'em: numRounds = 4 and numBoardCards = 0 3 1 1")
    if (game.num_hole_cards, game.num_suits, game.num_ranks) != (2, 4, 13):
        raise ValueError("the engine plays Texas Hold'em: numHoleCards = 2 from 4 suits of 13 ranks")
    if n == 2:
        big, small = game.blind
        if game.first_player != (1, 0, 0, 0):
            raise ValueError("heads-up the engine needs firstPlayer = 2 1 1 1 (reverse blinds)")
    else:
        small, big = game.blind[:2]
        if any(game.blind[2:]):
            raise ValueError("the engine has two blinds: positions 3 and up must post 0")
        if game.first_player != (2 % n, 0, 0, 0):
            raise ValueError(f"the engine needs firstPlayer = {2 % n + 1} 1 1 1 for {n} players")
    if not 0 < small <= big:
        raise ValueError(f"the engine needs a small blind in 1..big blind, got blinds {game.blind}")
    stack = max(game.stack)
    if game.betting == "nolimit":
        if any(m != UNLIMITED_RAISES for m in game.max_raises):
            raise ValueError("the engine has no raise cap in no-limit games: leave maxRaises out")
        return GameSettings(kind="no-limit", small_blind=small, big_blind=big, small_bet=big,
                            big_bet=big, raise_cap=None, starting_stack=stack,
                            round_actions=acpc.MAX_NUM_ACTIONS)
    a, b, c, d = game.raise_size
    if a != b or c != d:
        sizes = " ".join(map(str, game.raise_size))
        raise ValueError(f"the engine has one limit bet for rounds 1-2, one for 3-4; got raiseSize {sizes}")
    m = game.max_raises
    if m == (UNLIMITED_RAISES,) * 4:
        cap = None
    elif m[1:] == (m[0] + 1,) * 3:
        cap = m[0]
    else:
        caps = " ".join(map(str, m))
        raise ValueError(f"the engine's raise cap needs maxRaises = c c+1 c+1 c+1, got {caps}")
    return GameSettings(kind="limit", small_blind=small, big_blind=big, small_bet=a, big_bet=c,
                        raise_cap=cap, starting_stack=stack, round_actions=acpc.MAX_NUM_ACTIONS)


def _engine_cards(state: MatchState) -> list[int]:
    # Unknown cards are filled with cards nobody can see, lowest codes first.
    game = state.game
    known = {c for h in state.hole_cards for c in h} | set(state.board_cards)
    spare = iter(c for c in game.deck if c not in known)
    cards: list[int] = []
    for holes in state.hole_cards:
        cards += list(holes) if holes else [next(spare), next(spare)]
    board = list(state.board_cards)
    return cards + board + [next(spare) for _ in range(5 - len(board))]


def to_engine_action(hand: Hand, action: acpc.Action) -> Action:
    """The engine action for an ACPC action of the player to act in ``hand``."""
    if action.kind == "f":
        return Action(FOLD)
    if action.kind == "c":
        return Action(CHECK_CALL)
    if hand.game.is_limit:
        return Action(BET_RAISE, hand.legal().min_raise_to)
    p = hand.actor
    return Action(BET_RAISE, action.size - (hand.put_in[p] - hand.bets[p]))


def to_acpc_action(hand: Hand, action: Action, game: GameDef) -> acpc.Action:
    """The ACPC action for an engine action of the player to act in ``hand``."""
    kind = action[0]
    if kind == FOLD:
        return acpc.Action("f")
    if kind == CHECK_CALL:
        return acpc.Action("c")
    if kind != BET_RAISE:
        raise ValueError(f"unknown engine action kind {kind!r}")
    if game.betting == "limit":
        return acpc.Action("r")
    p = hand.actor
    return acpc.Action("r", int(action[1]) + hand.put_in[p] - hand.bets[p])


def check_agreement(hand: Hand, rules: acpc.BettingState) -> None:
    """Raise ``ValueError`` if the engine and the ACPC rules disagree about the next action."""
    if hand.finished or rules.finished:
        if hand.finished != rules.finished:
            raise ValueError(f"engine and ACPC rules disagree whether the hand is over at {rules.text()!r}")
        return
    if hand.actor != rules.current_player:
        raise ValueError(f"engine and ACPC rules disagree who acts after {rules.text()!r}")
    legal = hand.legal()
    kinds = ("f",) * legal.can_fold + ("c",) + ("r",) * legal.can_raise
    span = rules.raise_range()
    if legal.can_raise and span is not None and rules.game.betting == "nolimit":
        base = hand.put_in[hand.actor] - hand.bets[hand.actor]
        if (legal.min_raise_to + base, legal.max_raise_to + base) != span:
            raise ValueError(f"engine and ACPC rules disagree on the raise sizes after {rules.text()!r}")
    if kinds != rules.legal_kinds():
        raise ValueError(
            f"engine and ACPC rules disagree on the legal actions after {rules.text()!r}: "
            f"{''.join(kinds)} against {''.join(rules.legal_kinds())}"
        )


def replay(state: MatchState, settings: GameSettings | None = None) -> Hand:
    """The engine hand at ``state``, its betting replayed and checked step by step."""
    game = state.game
    settings = settings or engine_settings(game)
    hand = Hand(settings, list(game.stack), _engine_cards(state))
    rules = acpc.BettingState(game)
    for action in state.betting.all_actions():
        check_agreement(hand, rules)
        hand.act(to_engine_action(hand, action))
        rules.apply(action)
    check_agreement(hand, rules)
    return hand


class AgentPlayer:
    """A pokerlab agent answering ACPC match states.

    ``reseed(hand_number, position)`` gives the seed for the agent's generator before each
    hand (default: the hand number), so that a seeded match plays the same way in-process
    and over the protocol. ``names(hand_number)`` names the players by position, so that a
    learning bot keeps one model per opponent as the positions rotate; by default a player is
    named by its seat under the ACPC server's rotation (``seat-k``: the seat of position ``q``
    in hand ``h`` is ``(q + h) mod n``).

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> from pokerlab.acpc.matchstate import parse_matchstate
    >>> from pokerlab.agents import create_bot
    >>> player = AgentPlayer(create_bot("raiser"), standard_game("nolimit"))
    >>> player(parse_matchstate("MATCHSTATE:1:31::|JdTc", standard_game("nolimit")))
    Action(kind='r', size=200)
    """

    def __init__(self, agent: Agent, game: GameDef, reseed: Callable[[int, int], int] | None = None,
                 names: Callable[[int], Sequence[str]] | None = None) -> None:
        self.agent = agent
        self.game = game
        self.settings = engine_settings(game)
        self._reseed = reseed or (lambda hand_number, position: hand_number)
        n = game.num_players
        self._names = names or (lambda h: [f"seat-{(q + h) % n + 1}" for q in range(n)])
        self._hand_number: int | None = None
        self.illegal_events: list[tuple[int, str]] = []

    def _observation(self, state: MatchState, hand: Hand) -> Observation:
        from pokerlab.agents.base import Observation

        n = self.game.num_players
        return Observation(hand, position=state.position, seat=state.position, button_seat=n - 1,
                           hand_number=state.hand_number,
                           player_names=tuple(self._names(state.hand_number)))

    def _start(self, state: MatchState) -> None:
        if self._hand_number == state.hand_number:
            return
        self._hand_number = state.hand_number
        self.agent.reseed(self._reseed(state.hand_number, state.position))
        own = tuple(h if p == state.position else () for p, h in enumerate(state.hole_cards))
        start = MatchState(state.game, state.position, state.hand_number, acpc.BettingState(self.game),
                           own, state.board[:1])
        self.agent.begin_hand(self._observation(start, replay(start, self.settings)))

    def __call__(self, state: MatchState) -> acpc.Action:
        """The agent's action at ``state`` (our turn), converted to ACPC and checked."""
        self._start(state)
        hand = replay(state, self.settings)
        legal = hand.legal()
        try:
            choice = self.agent.act(self._observation(state, hand))
            reason = legal.check(choice)
        except Exception as exc:  # a bot's bug must not end the match (the agents' rule)
            reason = f"the bot raised {type(exc).__name__}: {exc}"
        if reason is not None:
            # As the arena does: record the event and check (when free) or fold instead.
            self.illegal_events.append((state.hand_number, reason))
            choice = Action(FOLD) if legal.can_fold else Action(CHECK_CALL)
        return to_acpc_action(hand, choice, self.game)

    def hand_over(self, state: MatchState) -> None:
        """Show the agent the finished hand."""
        self._start(state)
        self.agent.end_hand(self._observation(state, replay(state, self.settings)))
