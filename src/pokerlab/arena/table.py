"""Playing one hand with bots: their turns, and the rule for illegal answers.

Rule for an illegal answer (an action the rules do not allow at that point, something that
is not an action, or an exception raised by the bot): the table plays **check** if checking
is free and **fold** otherwise, and records an :class:`IllegalEvent` with a one-line reason.
The hand goes on; the match counts the events per bot.

With a :class:`~pokerlab.arena.time_limit.BotClock` every call into a bot has a time limit:
a turn the bot does not answer in time is played the same way and recorded as a timeout
(``IllegalEvent.timed_out``), and the bot is not asked again in that hand (nor while its late
call still runs).

Examples
--------
>>> from pokerlab.agents.baseline import CallingStation
>>> from pokerlab.agents.base import Agent
>>> from pokerlab.engine import Dealer, GameSettings, Hand
>>> class Broken(Agent):
...     def act(self, observation):
...         return (2, 1)    # a raise to 1 chip: below any minimum
>>> hand = Hand(GameSettings.preset("no-limit"), [200, 200], Dealer(seed=0).cards(0, 2))
>>> events = play_hand(hand, [CallingStation(), Broken()])
>>> hand.finished, events[0].position, events[0].reason
(True, 1, 'raise to 1 is below the minimum 4')
>>> hand.history[0]   # the button faced the small blind's call: the table folded for it
(0, 1, 0, 0)
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import NamedTuple

from pokerlab.agents.base import Agent, Observation
from pokerlab.arena.time_limit import BotCall, BotClock, Reply, Steps, call_now, run_steps
from pokerlab.engine.hand import CHECK_CALL_ACTION, FOLD_ACTION, Action, Hand, Legal


class IllegalEvent(NamedTuple):
    """An illegal answer: who (position), on which street, and why; ``traceback`` is the
    bot's traceback when it raised an exception; ``timed_out``: the bot did not answer within
    the table's time limit."""

    position: int
    street: int
    reason: str
    traceback: str | None = None
    timed_out: bool = False


def play_hand(
    hand: Hand,
    agents: Sequence[Agent],
    seats: Sequence[int] | None = None,
    button_seat: int = 0,
    hand_number: int = 0,
    names: Sequence[str] | None = None,
    clock: BotClock | None = None,
) -> list[IllegalEvent]:
    """Play ``hand`` to the end; ``agents``, ``seats`` and the players' ``names`` (shown to
    every bot as ``Observation.player_names``) are given by position; ``clock``: a time limit
    on each call into a bot (:func:`hand_steps`)."""
    return run_steps(hand_steps(hand, agents, seats, button_seat, hand_number, names), clock)


def hand_steps(
    hand: Hand,
    agents: Sequence[Agent],
    seats: Sequence[int] | None = None,
    button_seat: int = 0,
    hand_number: int = 0,
    names: Sequence[str] | None = None,
) -> Steps[list[IllegalEvent]]:
    """:func:`play_hand` as steps (:mod:`pokerlab.arena.time_limit`): each call into a bot is
    yielded. A bot that does not answer a call in time sits out the rest of the hand: its turns
    are played as check or fold and recorded as timeouts. An exception raised by
    ``begin_hand`` or ``end_hand`` is raised here."""
    n = hand.n
    shown = tuple(names) if names is not None else None
    views = [
        Observation(hand, p, seats[p] if seats is not None else p, button_seat, hand_number,
                    player_names=shown)
        for p in range(n)
    ]
    late: dict[int, str] = {}  # position -> why its bot is not asked again in this hand
    for p in range(n):
        reply = yield BotCall(agents[p], agents[p].begin_hand, (views[p],))
        if reply.error is not None:
            raise reply.error
        if not reply.answered:
            late[p] = _not_asked(reply, "begin_hand gave ")
    events: list[IllegalEvent] = []
    while hand.queue:
        p = hand.queue[0]
        legal = hand._legal(p)
        if p in late:
            events.append(IllegalEvent(p, hand.street, late[p], None, True))
            hand.apply_checked(_fallback(legal))
            continue
        view = views[p]
        view._legal = legal
        reply = yield BotCall(agents[p], agents[p].act, (view,))
        action, reason, trace = _judge(reply, legal)
        if reason is not None:
            events.append(IllegalEvent(p, hand.street, reason, trace, not reply.answered))
            if not reply.answered:
                late[p] = _not_asked(reply, "", " earlier in the hand")
        hand.apply_checked(action)
    for p in range(n):
        views[p]._legal = None
        reply = yield BotCall(agents[p], agents[p].end_hand, (views[p],))
        if reply.error is not None:
            raise reply.error
    return events


def bot_answer(agent: Agent, view: Observation, legal: Legal) -> tuple[Action, str | None]:
    """``agent``'s action at its turn (``view`` shows it ``legal``), or, when the answer is
    illegal, not an action, or the bot fails, the table's check or fold and the reason."""
    action, reason, _ = bot_answer_traced(agent, view, legal)
    return action, reason


def bot_answer_traced(agent: Agent, view: Observation,
                      legal: Legal) -> tuple[Action, str | None, str | None]:
    """:func:`bot_answer` and, when the bot raised an exception, its traceback."""
    view._legal = legal
    return _judge(call_now(BotCall(agent, agent.act, (view,))), legal)


def _judge(reply: Reply, legal: Legal) -> tuple[Action, str | None, str | None]:
    """The action the table plays for a bot's ``reply`` at a turn with ``legal`` actions, the
    reason when that is not the bot's answer, and the bot's traceback when it raised."""
    trace = None
    if not reply.answered:
        reason: str | None = reply.note or "no answer in time"
    elif reply.error is not None:  # a bot's bug must not stop the match (unless it is strict)
        reason, trace = f"bot failed: {type(reply.error).__name__}: {reply.error}", reply.trace
    elif isinstance(reply.value, tuple) and len(reply.value) == 2:
        try:
            reason = legal.check(reply.value)
        except Exception as exc:
            reason, trace = f"bot failed: {type(exc).__name__}: {exc}", traceback.format_exc()
    else:
        reason = f"answer {reply.value!r} is not an Action(kind, amount)"
    if reason is not None:
        return _fallback(legal), reason, trace
    return reply.value, None, None


def _not_asked(reply: Reply, before: str, after: str = "") -> str:
    """Why a bot that missed the time limit (``reply``) is not asked at its next turns."""
    note = reply.note or "no answer in time"
    return note if note.startswith("not asked") else f"not asked: {before}{note}{after}"


def _fallback(legal: Legal) -> Action:
    """What the table plays for a bot without a legal answer: check when free, else fold."""
    return CHECK_CALL_ACTION if not legal.can_fold else FOLD_ACTION
