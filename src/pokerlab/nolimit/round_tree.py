"""One betting round of heads-up no-limit as a tree: the subgame of a depth-limited search.

A search at the table solves the round it stands in, from the round's start to its end, and
cuts the hand there (:mod:`pokerlab.nolimit.preflop_search`, :mod:`pokerlab.nolimit.flop_search`):

- the actions are the betting abstraction's sizes at every decision
  (:meth:`pokerlab.nolimit.betting.BettingAbstraction.menu`, in the table's chips), plus, on
  the hand's real line, every bet or raise the opponent made, at its real amount (nested: no
  translation);
- a fold ends the hand (:data:`FOLDED`); an all-in called, or a call on the river, is a
  showdown (:data:`SHOWDOWN`); a call that goes on to the next street is a depth limit
  (:data:`NEXT`), whose value a search takes from the blueprint's continuation strategies.

Every node records the chips each position has put in over the whole hand, so a leaf's payoff
is the hand's net.

Examples
--------
>>> from pokerlab.engine import GameSettings
>>> from pokerlab.engine.hand import CHECK_CALL, Action
>>> from pokerlab.nolimit.betting import BettingAbstraction
>>> game = GameSettings.preset("no-limit", starting_stack=400)  # blinds 1/2, 200 big blinds
>>> flop = build_round_tree(game, BettingAbstraction.default(), before=[Action(CHECK_CALL)] * 2)
>>> flop.street, [flop.label(c) for c in flop.children[0]]  # a limped pot: 4 chips
(1, ['x', 'b2', 'b3', 'b6', 'b398'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand
from pokerlab.engine.settings import GameSettings
from pokerlab.nolimit.betting import BettingAbstraction

DECISION, FOLDED, SHOWDOWN, NEXT = 0, 1, 2, 3
"""Node kinds: a decision, a fold, a showdown (an all-in called, or the river's end), the next
street (a depth limit)."""

__all__ = ["DECISION", "FOLDED", "NEXT", "SHOWDOWN", "RoundTree", "build_round_tree"]


@dataclass(frozen=True)
class RoundTree:
    """A betting round as a tree (node 0 the round's start; children after their parent).

    ``kind`` (:data:`DECISION` ...), ``player`` (the position acting at a decision, -1
    elsewhere), ``children``, ``action`` (the real action on the edge into each node; ``None``
    at the root), ``put`` (``(nodes, 2)``: the chips each position has put in over the hand),
    ``folder`` (the position that folded at a fold, -1 elsewhere), ``parent`` (-1 at the
    root), ``button`` (the position that acts first before the flop, last after it),
    ``big_blind`` (the game's, in chips) and ``street`` (the round's, engine numbering)."""

    kind: np.ndarray
    player: np.ndarray
    children: tuple[tuple[int, ...], ...]
    action: tuple[Action | None, ...]
    put: np.ndarray
    folder: np.ndarray
    parent: np.ndarray
    button: int
    big_blind: int
    street: int = 0

    @property
    def size(self) -> int:
        return len(self.kind)

    def label(self, node: int) -> str:
        """The edge into ``node``: ``f``, ``x`` (a check), ``c`` (a call), or ``r`` (``b``
        for a bet after the flop) and the amount raised to."""
        a = self.action[node]
        if a is None:
            return ""
        before = self.put[self.parent[node]]
        if a.kind == CHECK_CALL:
            return "x" if before[0] == before[1] else "c"
        if a.kind == FOLD:
            return "f"
        bet = self.street > 0 and self._street_start(node) and before[0] == before[1]
        return f"{'b' if bet else 'r'}{a.amount}"

    def _street_start(self, node: int) -> bool:
        """Whether no bet was made in the round before the edge into ``node``."""
        v = int(self.parent[node])
        while v > 0:
            a = self.action[v]
            if a is not None and a.kind == BET_RAISE:
                return False
            v = int(self.parent[v])
        return True

    def child(self, node: int, action: Action) -> int | None:
        """The child of ``node`` that ``action`` is (a bet or raise: its exact amount)."""
        for c in self.children[node]:
            a = self.action[c]
            if a is not None and a.kind == action.kind and (a.kind != BET_RAISE or a.amount == action.amount):
                return c
        return None

    def path(self, actions: Sequence[Action]) -> list[int] | None:
        """The nodes along ``actions`` from the root (root first), or ``None`` off the tree."""
        node, out = 0, [0]
        for a in actions:
            nxt = self.child(node, a) if self.kind[node] == DECISION else None
            if nxt is None:
                return None
            node = nxt
            out.append(node)
        return out

    def line_to(self, node: int) -> list[Action]:
        """The round's actions from the root to ``node``."""
        out: list[Action] = []
        while node > 0:
            a = self.action[node]
            assert a is not None
            out.append(a)
            node = int(self.parent[node])
        return out[::-1]


def build_round_tree(game: GameSettings, betting: BettingAbstraction,
                     stacks: Sequence[int] | None = None, line: Sequence[Action] = (),
                     extra_for: int = -1, before: Sequence[Action] = ()) -> RoundTree:
    """The tree of the round the hand reaches after ``before`` (the earlier rounds' actions;
    none: the pre-flop) in ``game`` (heads-up no-limit), with ``betting``'s sizes scaled to the
    game's blinds and stacks; at the nodes of ``line`` (the round's actions so far) where
    position ``extra_for`` acts, its real bet or raise is added if the sizes do not hold it."""
    stacks = list(stacks) if stacks is not None else [game.starting_stack] * 2
    menu = replace(betting, small_blind=game.small_blind, big_blind=game.big_blind,
                   stack=max(max(stacks), game.big_blind + 1)).menu
    kind: list[int] = []
    player: list[int] = []
    parents: list[int] = []
    children: list[list[int]] = []
    action: list[Action | None] = []
    put: list[list[int]] = []
    folder: list[int] = []
    cards = list(range(9))  # nothing here reads them: a showdown's winner is the search's

    def replay(actions: list[Action]) -> Hand:
        hand = Hand(game, stacks, cards)
        for a in [*before, *actions]:
            hand.apply_checked(a)
        return hand

    root = replay([])
    street = root.street
    stack_of: list[tuple[int, list[Action]]] = [(-1, [])]  # (parent, actions to the node)
    while stack_of:
        parent, actions = stack_of.pop()
        hand = replay(actions)
        node = len(kind)
        parents.append(parent)
        if parent >= 0:
            children[parent].append(node)
        action.append(actions[-1] if actions else None)
        put.append(list(hand.put_in))
        children.append([])
        if actions and actions[-1].kind == FOLD:
            kind.append(FOLDED)
            player.append(-1)
            folder.append(hand.history[-1][1])
            continue
        folder.append(-1)
        if hand.finished or hand.street > street or not hand.queue:
            kind.append(SHOWDOWN if min(hand.stacks) == 0 or hand.finished else NEXT)
            player.append(-1)
            continue
        kind.append(DECISION)
        p = hand.actor
        player.append(p)
        legal = hand.legal()
        options = [Action(FOLD)] if legal.can_fold else []
        options.append(Action(CHECK_CALL))
        amounts = menu(hand)
        on_line = len(actions) < len(line) and all(a == b for a, b in zip(actions, line, strict=False))
        if on_line and p == extra_for and line[len(actions)].kind == BET_RAISE:
            amounts = sorted({*amounts, line[len(actions)].amount})
        options += [Action(BET_RAISE, a) for a in amounts]
        for a in reversed(options):  # popped in order: children listed as options are
            stack_of.append((node, [*actions, a]))
    # Children were appended in the order they were popped: the options' order.
    button = Hand(game, stacks, cards).actor
    return RoundTree(np.array(kind), np.array(player), tuple(map(tuple, children)), tuple(action),
                     np.array(put, dtype=float), np.array(folder), np.array(parents), button,
                     game.big_blind, street)
