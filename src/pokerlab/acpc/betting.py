"""ACPC betting: actions, the betting string, and the rules that replay it.

This is the ACPC 2.0.0 betting model (protocol.md, "valid betting strings", and
``game.c``'s ``doAction``/``isValidAction`` in the ACPC server): amounts are totals a player
has put in during the whole hand ("spent"), a no-limit raise ``r<N>`` raises *to* ``N``
chips spent, a round ends when every player still able to act has called or made the
current bet, all-in players never act again, and a hand with fewer than two players able to
act skips straight to the showdown on the last round. Folding is not allowed when the
player could call for free.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> state = parse_betting("r300r900c/r1800r3600r9000c/r20000c/", standard_game("nolimit"))
>>> state.finished, state.round, state.spent
(True, 3, (20000, 20000))
>>> state = parse_betting("rrc/r", standard_game("limit"))
>>> state.current_player, state.to_call, state.legal_kinds()
(1, 10, ('f', 'c', 'r'))
>>> parse_betting("rrrrc/", standard_game("limit"))
Traceback (most recent call last):
...
ValueError: betting 'rrrrc/': action 4 of round 1 ('r'): the round allows at most 3 raises
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pokerlab.acpc.gamedef import GameDef

# game.h: a round may hold at most this many actions; raises stop when a raise plus
# everybody's calls would not fit.
MAX_NUM_ACTIONS = 64

ActionKind = Literal["f", "c", "r"]
_ACTION_RE = re.compile(r"([fc])|r([0-9]*)")


@dataclass(frozen=True)
class Action:
    """One ACPC action: ``f`` fold, ``c`` check/call, ``r`` bet/raise.

    ``size`` is the raise-to amount (total chips spent in the hand) of a no-limit raise and
    0 for everything else, as in the ACPC server.
    """

    kind: ActionKind
    size: int = 0

    def text(self) -> str:
        """The action as written on the wire (``f``, ``c``, ``r`` or ``r<N>``).

        Examples
        --------
        >>> Action("r", 250).text(), Action("c").text()
        ('r250', 'c')
        """
        return f"r{self.size}" if self.kind == "r" and self.size else self.kind


def parse_actions(text: str, game: GameDef) -> list[Action]:
    """Split a run of actions (one round, no ``/``) such as ``"r300r900c"``.

    Only the 2.0.0 letters ``f``, ``c``, ``r`` are accepted; a no-limit raise must carry
    its raise-to size and a limit raise must not.

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> parse_actions("r250c", standard_game("nolimit"))
    [Action(kind='r', size=250), Action(kind='c', size=0)]
    >>> parse_actions("r250", standard_game("limit"))
    Traceback (most recent call last):
    ...
    ValueError: action 'r250' at character 1: limit raises carry no size
    """
    actions: list[Action] = []
    pos = 0
    while pos < len(text):
        m = _ACTION_RE.match(text, pos)
        if m is None:
            raise ValueError(f"unknown action {text[pos]!r} at character {pos + 1} (expected f, c or r)")
        if m.group(1):
            actions.append(Action(m.group(1)))  # type: ignore[arg-type]
        else:
            digits = m.group(2)
            if game.betting == "nolimit":
                if not digits:
                    raise ValueError(f"no-limit raise at character {pos + 1} has no size (write r<N>)")
                if len(digits) > 10 or int(digits) > 2**31 - 1:
                    raise ValueError(f"raise size {digits[:12]} at character {pos + 1} is too large")
                actions.append(Action("r", int(digits)))
            else:
                if digits:
                    where = f"action {m.group(0)!r} at character {pos + 1}"
                    raise ValueError(f"{where}: limit raises carry no size")
                actions.append(Action("r"))
        pos = m.end()
    return actions


class BettingState:
    """The betting of one hand under an ACPC game, replayed action by action.

    Attributes
    ----------
    game
        The game definition.
    spent
        Chips each position has put in this hand (blinds included).
    folded
        Whether each position has folded.
    round
        Current round, 0-based; a showdown stays in the last round.
    finished
        Whether the hand is over.
    max_spent
        The largest amount spent by anyone (what a call matches).
    min_raise_to
        Smallest legal no-limit raise-to amount before stack limits (0 in limit games).
    actions
        For each round reached, the ``(position, Action)`` pairs taken in it.
    """

    def __init__(self, game: GameDef) -> None:
        self.game = game
        self._spent = list(game.blind)
        self._folded = [False] * game.num_players
        self.max_spent = max(game.blind)
        if game.betting == "nolimit":
            # A raise must at least double the largest blind; with no blinds, bet a chip.
            self.min_raise_to = 2 * self.max_spent if self.max_spent else 1
        else:
            self.min_raise_to = 0
        self.round = 0
        self.finished = False
        self.actions: list[list[tuple[int, Action]]] = [[]]

    # -- what the state says ---------------------------------------------------------------
    @property
    def spent(self) -> tuple[int, ...]:
        return tuple(self._spent)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def pot(self) -> int:
        """All chips put in so far."""
        return sum(self._spent)

    def _all_in(self, p: int) -> bool:
        return self._spent[p] >= self.game.stack[p]

    def _can_act(self, p: int) -> bool:
        return not self._folded[p] and not self._all_in(p)

    def _next_player(self, p: int) -> int:
        n = self.game.num_players
        for d in range(1, n + 1):
            q = (p + d) % n
            if self._can_act(q):
                return q
        raise ValueError("no player is able to act")

    @property
    def current_player(self) -> int:
        """Position to act next (``currentPlayer`` in game.c)."""
        if self.finished:
            raise ValueError("the hand is over: nobody acts")
        this_round = self.actions[self.round]
        if this_round:
            return self._next_player(this_round[-1][0])
        return self._next_player(self.game.first_player[self.round] + self.game.num_players - 1)

    @property
    def num_raises(self) -> int:
        """Raises made in the current round."""
        return sum(1 for _, a in self.actions[self.round] if a.kind == "r")

    @property
    def num_folded(self) -> int:
        return sum(self._folded)

    @property
    def num_acting(self) -> int:
        """Players neither folded nor all-in."""
        return sum(1 for p in range(self.game.num_players) if self._can_act(p))

    def _num_called(self) -> int:
        # Walk back to the current bet: its maker and everyone who called since count,
        # unless they are all-in (they no longer act).
        count = 0
        for p, action in reversed(self.actions[self.round]):
            if action.kind == "r":
                return count + (0 if self._all_in(p) else 1)
            if action.kind == "c" and not self._all_in(p):
                count += 1
        return count

    @property
    def to_call(self) -> int:
        """Chips the player to act must add to call (capped by the stack)."""
        p = self.current_player
        return min(self.max_spent, self.game.stack[p]) - self._spent[p]

    @property
    def is_showdown(self) -> bool:
        """The hand is over with at least two players not folded."""
        return self.finished and self.num_folded + 1 < self.game.num_players

    def raise_range(self) -> tuple[int, int] | None:
        """Smallest and largest raise-to amounts now, or ``None`` when raising is not allowed.

        In limit games both ends are the one amount a raise goes to.
        """
        if self.finished:
            return None
        game = self.game
        if self.num_raises >= game.max_raises[self.round]:
            return None
        if len(self.actions[self.round]) + game.num_players > MAX_NUM_ACTIONS:
            return None
        if self.num_acting <= 1:
            # Nobody left to call a bet.
            return None
        p = self.current_player
        if game.betting == "limit":
            to = min(self.max_spent + game.raise_size[self.round], game.stack[p])
            return (to, to)
        low, high = self.min_raise_to, game.stack[p]
        if low > high:
            if self.max_spent >= high:
                return None
            low = high  # only an all-in raise is left
        return (low, high)

    def legal_kinds(self) -> tuple[ActionKind, ...]:
        """The action letters allowed now, in the order ``f``, ``c``, ``r``."""
        if self.finished:
            return ()
        kinds: list[ActionKind] = []
        p = self.current_player
        if self._spent[p] < self.max_spent and not self._all_in(p):
            kinds.append("f")
        kinds.append("c")
        if self.raise_range() is not None:
            kinds.append("r")
        return tuple(kinds)

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason (``isValidAction`` without fixing)."""
        if self.finished:
            return "the hand is already over"
        if action.kind == "f":
            if "f" not in self.legal_kinds():
                return "folding is not allowed when the call is free"
            return None
        if action.kind == "c":
            return None if action.size == 0 else "a call carries no size"
        span = self.raise_range()
        if span is None:
            if self.num_raises >= self.game.max_raises[self.round]:
                return f"the round allows at most {self.game.max_raises[self.round]} raises"
            return "no raise is possible now"
        if self.game.betting == "limit":
            return None if action.size == 0 else "limit raises carry no size"
        low, high = span
        if action.size < low:
            return f"raise to {action.size} is below the minimum {low}"
        if action.size > high:
            return f"raise to {action.size} is above the stack ({high})"
        return None

    def fixed(self, action: Action) -> Action:
        """The action the ACPC dealer plays for a client's ``action``.

        A no-limit raise out of range is moved to the nearest legal size; any other illegal
        action becomes a call (``readPlayerResponse`` with ``tryFixing``).
        """
        if action.kind == "r" and self.game.betting == "nolimit":
            span = self.raise_range()
            if span is not None:
                return Action("r", min(max(action.size, span[0]), span[1]))
        return action if self.why_illegal(action) is None else Action("c")

    # -- changing the state ------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player.

        Raises
        ------
        ValueError
            If the action is not legal now (the reason is in the message).
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise ValueError(f"{action.text()!r}: {reason}")
        game = self.game
        p = self.current_player
        self.actions[self.round].append((p, action))
        if action.kind == "f":
            self._folded[p] = True
        elif action.kind == "c":
            self._spent[p] = min(self.max_spent, game.stack[p])
        else:
            if game.betting == "nolimit":
                # The next raise must call this one and raise by at least as much.
                self.min_raise_to = max(self.min_raise_to, 2 * action.size - self.max_spent)
                self.max_spent = action.size
            else:
                self.max_spent = min(self.max_spent + game.raise_size[self.round], game.stack[p])
            self._spent[p] = self.max_spent
        self._after_action()

    def _after_action(self) -> None:
        game = self.game
        if self.num_folded + 1 >= game.num_players:
            self.finished = True
        elif self._num_called() >= self.num_acting:
            if self.num_acting > 1:
                if self.round + 1 < game.num_rounds:
                    self.round += 1
                    self.actions.append([])
                    # Raise-by resets to the big blind (or one chip).
                    self.min_raise_to = max(1, *game.blind) + self.max_spent
                else:
                    self.finished = True
            else:
                # Fewer than two can act: deal out the board and show down.
                self.finished = True
                while self.round + 1 < game.num_rounds:
                    self.round += 1
                    self.actions.append([])
        if self.game.betting == "limit":
            self.min_raise_to = 0

    def copy(self) -> BettingState:
        """An independent copy."""
        other = BettingState.__new__(BettingState)
        other.game = self.game
        other._spent = list(self._spent)
        other._folded = list(self._folded)
        other.max_spent = self.max_spent
        other.min_raise_to = self.min_raise_to
        other.round = self.round
        other.finished = self.finished
        other.actions = [list(r) for r in self.actions]
        return other

    def all_actions(self) -> list[Action]:
        """Every action of the hand in order."""
        return [a for r in self.actions for _, a in r]

    def text(self) -> str:
        """The betting string as the ACPC dealer prints it (rounds joined by ``/``).

        Examples
        --------
        >>> from pokerlab.acpc.gamedef import standard_game
        >>> parse_betting("cc/r250c/", standard_game("nolimit")).text()
        'cc/r250c/'
        """
        return "/".join("".join(a.text() for _, a in r) for r in self.actions)


def parse_betting(text: str, game: GameDef) -> BettingState:
    """Replay a betting string under ``game``, checking every action and every ``/``.

    A ``/`` must come exactly where a round ends (after an all-in call the skipped rounds
    are empty: ``r20000c///``), and the string must continue with ``/`` once a round is over.

    Raises
    ------
    ValueError
        Naming the round, the action and the rule broken.

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> parse_betting("r20000c///", standard_game("nolimit")).is_showdown
    True
    >>> parse_betting("rr/c", standard_game("limit"))
    Traceback (most recent call last):
    ...
    ValueError: betting 'rr/c': '/' before round 1 is over
    """
    state = BettingState(game)
    segments = text.split("/")
    if len(segments) > game.num_rounds:
        raise ValueError(f"betting {text!r}: {len(segments)} rounds, the game has {game.num_rounds}")
    for i, segment in enumerate(segments):
        if i > state.round:
            raise ValueError(f"betting {text!r}: '/' before round {i} is over")
        try:
            actions = parse_actions(segment, game)
        except ValueError as exc:
            raise ValueError(f"betting {text!r}, round {i + 1}: {exc}") from None
        for k, action in enumerate(actions, start=1):
            if state.finished:
                raise ValueError(f"betting {text!r}: action {k} of round {i + 1} comes after the hand ended")
            if state.round != i:
                raise ValueError(
                    f"betting {text!r}: round {i + 1} is over after action {k - 1}; a '/' must follow"
                )
            reason = state.why_illegal(action)
            if reason is not None:
                where = f"action {k} of round {i + 1} ({action.text()!r})"
                raise ValueError(f"betting {text!r}: {where}: {reason}")
            state.apply(action)
    if len(segments) != state.round + 1:
        raise ValueError(f"betting {text!r}: round {len(segments)} is over; a '/' must follow")
    return state
