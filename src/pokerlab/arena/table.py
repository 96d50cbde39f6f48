"""Playing one hand with bots: their turns, and the rule for illegal answers.

Rule for an illegal answer (an action the rules do not allow at that point, something that
is not an action, or an exception raised by the bot): the table plays **check** if checking
is free and **fold** otherwise, and records an :class:`IllegalEvent` with a one-line reason.
The hand goes on; the match counts the events per bot.

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
from pokerlab.engine.hand import CHECK_CALL_ACTION, FOLD_ACTION, Action, Hand, Legal


class IllegalEvent(NamedTuple):
    """An illegal answer: who (position), on which street, and why; ``traceback`` is the
    bot's traceback when it raised an exception."""

    position: int
    street: int
    reason: str
    traceback: str | None = None


def play_hand(
    hand: Hand,
    agents: Sequence[Agent],
    seats: Sequence[int] | None = None,
    button_seat: int = 0,
    hand_number: int = 0,
    names: Sequence[str] | None = None,
) -> list[IllegalEvent]:
    """Play ``hand`` to the end; ``agents``, ``seats`` and the players' ``names`` (shown to
    every bot as ``Observation.player_names``) are given by position."""
    n = hand.n
    shown = tuple(names) if names is not None else None
    views = [
        Observation(hand, p, seats[p] if seats is not None else p, button_seat, hand_number,
                    player_names=shown)
        for p in range(n)
    ]
    for p in range(n):
        agents[p].begin_hand(views[p])
    events: list[IllegalEvent] = []
    while hand.queue:
        p = hand.queue[0]
        action, reason, trace = bot_answer_traced(agents[p], views[p], hand._legal(p))
        if reason is not None:
            events.append(IllegalEvent(p, hand.street, reason, trace))
        hand.apply_checked(action)
    for p in range(n):
        views[p]._legal = None
        agents[p].end_hand(views[p])
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
    trace = None
    try:
        action = agent.act(view)
        if isinstance(action, tuple) and len(action) == 2:
            reason = legal.check(action)
        else:
            reason = f"answer {action!r} is not an Action(kind, amount)"
    except Exception as exc:  # a bot's bug must not stop the match (unless it is strict)
        reason = f"bot failed: {type(exc).__name__}: {exc}"
        trace = traceback.format_exc()
    if reason is not None:
        return (CHECK_CALL_ACTION if not legal.can_fold else FOLD_ACTION), reason, trace
    return action, None, None
