"""The public betting tree of a two-player limit game as flat arrays, built by the engine.

Every node is a public betting history (the cards are not in the tree: whoever trains on it
deals them, see :mod:`pokerlab.equilibrium.mccfr`). The tree is enumerated by driving
:class:`pokerlab.engine.Hand` through every legal action sequence, so the betting rules (who
acts, when a round ends, the big blind's option, the raise cap, what a fold or a showdown
pays) are the engine's and exist once in pokerlab.

Arrays (``n`` nodes, numbered in pre-order: a parent before its children):

- ``kind[n]``: :data:`DECISION`, :data:`FOLD_NODE` (someone folded) or :data:`SHOWDOWN`;
- ``actor[n]``: the engine position to act at a decision (heads-up hold'em: 0 is the big
  blind, 1 the button, who acts first pre-flop; as the ACPC ``reverse_blinds`` games), -1
  elsewhere;
- ``round[n]``: the betting round (street) of a decision, or the street a terminal ended on;
- ``child[n, 3]``: the children for fold, check/call, bet/raise (columns :data:`FOLD_COL`,
  :data:`CALL_COL`, :data:`RAISE_COL`), -1 where the action is illegal;
- ``contrib[n, 2]``: each position's chips in the pot (antes, blinds, bets) at the node;
- ``payoff[n]``: at a fold, position 0's payoff; at a showdown, position 0's payoff when it
  wins (the engine's payout with position 0 holding the better hand; minus that when it
  loses, 0 on a tie: the contributions are equal); 0 at decisions;
- ``row[n]``: the first strategy row of a decision node. A node of round ``r`` owns
  ``bucket_counts[r]`` rows, one per card bucket: the strategy of bucket ``b`` at ``node`` is
  row ``row[node] + b``; -1 elsewhere. ``num_rows`` rows in all, in node order.

Leduc hold'em is built by the same code: as the engine cannot deal a 6-card deck, Leduc's
betting is the engine's limit *five-card draw* with ante 1, bets 2 and 4 and one raise after
the bet (:func:`leduc_settings`): two rounds, position 0 opening each, the same amounts. The
draw between the rounds (everybody stands pat) stands where Leduc deals its board card. The
tree equals the betting of :func:`pokerlab.equilibrium.games.leduc` (tested against it and,
through a trained strategy, against OpenSpiel's ``leduc_poker``).

Examples
--------
>>> from pokerlab.engine import GameSettings
>>> import numpy as np
>>> tree = LimitTree.from_settings(GameSettings.preset("limit"))
>>> tree.num_nodes, tree.num_decisions, *np.bincount(tree.kind)[1:].tolist()
(16584, 6378, 5103, 5103)
>>> tree.history(int(tree.child[0, RAISE_COL])), int(tree.actor[0])  # the button acts first
('r', 1)
>>> tree.history(tree.node_at("rc/crc/r"))
'rc/crc/r'
>>> leduc = LimitTree.leduc(bucket_counts=(3, 9))
>>> leduc.num_decisions, leduc.num_rows
(36, 288)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand
from pokerlab.engine.settings import GameSettings

DECISION, FOLD_NODE, SHOWDOWN = 0, 1, 2
FOLD_COL, CALL_COL, RAISE_COL = 0, 1, 2
ACTION_LETTERS = "fcr"
"""ACPC's letters for the three columns: fold, call (check), raise (bet)."""

# A hand that position 0 wins at every showdown, for each variant the builder plays: hold'em
# takes ranks (position 0's are higher); a draw game is evaluated after everyone stands pat.
_HOLDEM_CARDS = (51, 48, 21, 0, 47, 43, 38, 11, 6)  # As Ac | 7d 2c | Ks Qs Jh 4s 3h
_DRAW_CARDS = (48, 49, 50, 51, 44, 21, 0, 17, 38, 9)  # Ac Ad Ah As Kc | 7d 2c 6d Jh 4d


def leduc_settings() -> GameSettings:
    """The engine settings whose betting is Leduc hold'em's (see the module docstring).

    Examples
    --------
    >>> s = leduc_settings()
    >>> s.ante, s.street_bets, s.raise_cap, s.variant
    (1, (2, 4), 1, 'five-card-draw')
    """
    return GameSettings.preset("limit", "five-card-draw", ante=1, small_bet=2, big_bet=4, raise_cap=1)


@dataclass(frozen=True, eq=False)
class LimitTree:
    """The flat public betting tree of a two-player limit game (see the module docstring)."""

    settings: GameSettings
    kind: np.ndarray  # int8 (n,)
    actor: np.ndarray  # int8 (n,)
    round: np.ndarray  # int8 (n,)
    parent: np.ndarray  # int32 (n,)
    child: np.ndarray  # int32 (n, 3)
    contrib: np.ndarray  # int64 (n, 2)
    payoff: np.ndarray  # float64 (n,)
    rounds: int
    bucket_counts: tuple[int, ...]
    row: np.ndarray  # int64 (n,)
    num_rows: int

    @staticmethod
    def from_settings(settings: GameSettings, bucket_counts: Sequence[int] | None = None) -> LimitTree:
        """The tree of a heads-up limit game of the engine (one bucket per round by default).

        Raises
        ------
        ValueError
            When ``settings`` is not a limit game, or ``bucket_counts`` does not give one
            positive count per round.
        """
        if not settings.is_limit:
            raise ValueError(f"settings: a limit game is needed, not {settings.kind}")
        if settings.raise_cap is None:
            raise ValueError("settings: a limit game with a raise cap is needed (without one the "
                             "stacks alone end the raising: a tree far too large)")
        draw = settings.rules.draws
        cards = _DRAW_CARDS if draw else _HOLDEM_CARDS
        ranks = None if draw else (1, 0)
        stacks = [settings.starting_stack] * 2

        kind: list[int] = []
        actor: list[int] = []
        rnd: list[int] = []
        parent: list[int] = []
        child: list[list[int]] = []
        contrib: list[tuple[int, int]] = []
        payoff: list[float] = []
        # Depth first; each node replays its action sequence on a fresh hand (a hand has no
        # copy, and the tree is small): the engine alone decides what follows.
        stack: list[tuple[tuple[Action, ...], int, int]] = [((), -1, -1)]
        while stack:
            actions, par, col = stack.pop()
            hand = Hand(settings, stacks, cards, ranks)
            for a in actions:
                _stand_pat(hand)
                hand.apply_checked(a)
            _stand_pat(hand)
            me = len(kind)
            parent.append(par)
            child.append([-1, -1, -1])
            if par >= 0:
                child[par][col] = me
            put = [hand.antes[i] + hand.put_in[i] for i in range(2)]
            contrib.append((put[0], put[1]))
            if hand.finished:
                folded = hand.history[-1][2] == FOLD
                kind.append(FOLD_NODE if folded else SHOWDOWN)
                actor.append(-1)
                rnd.append(hand.history[-1][0] if folded else hand.showdown_street)
                payoff.append(float(hand.payoffs[0]))
                if not folded and hand.payoffs[0] != put[1]:
                    raise ValueError(f"history {_letters(actions)}: position 0's showdown win "
                                     f"{hand.payoffs[0]} is not position 1's stake {put[1]}")
                continue
            kind.append(DECISION)
            actor.append(hand.actor)
            rnd.append(hand.street)
            payoff.append(0.0)
            legal = hand.legal()
            options: list[tuple[int, Action]] = []
            if legal.can_fold:
                options.append((FOLD_COL, Action(FOLD)))
            options.append((CALL_COL, Action(CHECK_CALL)))
            if legal.can_raise:
                options.append((RAISE_COL, Action(BET_RAISE, legal.min_raise_to)))
            for c, a in reversed(options):  # popped in column order: pre-order numbering
                stack.append(((*actions, a), me, c))
        rounds = len(settings.rules.streets)
        tree = LimitTree(
            settings=settings,
            kind=np.array(kind, dtype=np.int8),
            actor=np.array(actor, dtype=np.int8),
            round=np.array(rnd, dtype=np.int8),
            parent=np.array(parent, dtype=np.int32),
            child=np.array(child, dtype=np.int32).reshape(-1, 3),
            contrib=np.array(contrib, dtype=np.int64),
            payoff=np.array(payoff, dtype=np.float64),
            rounds=rounds,
            bucket_counts=(1,) * rounds,
            row=np.full(len(kind), -1, dtype=np.int64),
            num_rows=0,
        )
        return tree.with_buckets(bucket_counts if bucket_counts is not None else (1,) * rounds)

    @staticmethod
    def leduc(bucket_counts: Sequence[int] = (3, 9)) -> LimitTree:
        """Leduc hold'em's tree (:func:`leduc_settings`); lossless buckets by default: the
        private rank in round 1, (private rank, board rank) in round 2."""
        return LimitTree.from_settings(leduc_settings(), bucket_counts)

    def with_buckets(self, bucket_counts: Sequence[int]) -> LimitTree:
        """The same tree with ``bucket_counts[r]`` strategy rows per decision of round ``r``."""
        counts = tuple(int(c) for c in bucket_counts)
        if len(counts) != self.rounds or min(counts) < 1:
            raise ValueError(f"bucket_counts: one positive count per round ({self.rounds}), not {counts}")
        per_node = np.where(self.kind == DECISION, np.array(counts, dtype=np.int64)[self.round], 0)
        start = np.concatenate(([0], np.cumsum(per_node)[:-1]))
        row = np.where(self.kind == DECISION, start, -1).astype(np.int64)
        return replace(self, bucket_counts=counts, row=row, num_rows=int(per_node.sum()))

    @property
    def num_nodes(self) -> int:
        """Number of nodes."""
        return len(self.kind)

    @property
    def num_decisions(self) -> int:
        """Number of decision nodes."""
        return int((self.kind == DECISION).sum())

    @property
    def max_depth(self) -> int:
        """The most actions on a path from the root to a terminal."""
        depth = np.zeros(self.num_nodes, dtype=np.int64)
        for n in range(1, self.num_nodes):  # pre-order: a parent's depth is known
            depth[n] = depth[self.parent[n]] + 1
        return int(depth.max())

    def legal_columns(self, node: int) -> np.ndarray:
        """The columns (fold 0, call 1, raise 2) legal at ``node``."""
        return np.flatnonzero(self.child[node] >= 0)

    def history(self, node: int) -> str:
        """The actions from the root to ``node`` as ACPC's betting string (``f``, ``c``,
        ``r``; ``/`` where a round ends and the next one's betting starts)."""
        steps: list[tuple[str, int]] = []
        while self.parent[node] >= 0:
            up = int(self.parent[node])
            col = int(np.flatnonzero(self.child[up] == node)[0])
            steps.append((ACTION_LETTERS[col], int(self.round[up])))
            node = up
        out = ""
        prev = -1
        for letter, rnd in reversed(steps):
            if rnd > prev >= 0:
                out += "/"
            out += letter
            prev = rnd
        return out

    def node_at(self, history: Sequence[str] | str) -> int:
        """The node after ``history`` (letters ``f``/``c``/``r``; ``k`` and ``b`` are read as
        ``c`` and ``r``; ``/`` between rounds is ignored, as in ACPC's betting strings).

        Examples
        --------
        >>> tree = LimitTree.leduc()
        >>> node = tree.node_at("rc/r")
        >>> int(tree.round[node]), int(tree.actor[node]), tree.contrib[node].tolist()
        (1, 1, [7, 3])
        """
        node = 0
        for step, letter in enumerate(h for h in history if h != "/"):
            col = "fcrkb".find(letter)
            if col < 0:
                raise ValueError(f"history: unknown action {letter!r} (f, c, r, k, b)")
            col = {3: CALL_COL, 4: RAISE_COL}.get(col, col)
            if self.kind[node] != DECISION or self.child[node, col] < 0:
                raise ValueError(f"history: {letter!r} is not legal after {''.join(list(history)[:step])!r}")
            node = int(self.child[node, col])
        return node


def _stand_pat(hand: Hand) -> None:
    """Every player stands pat at a draw (Leduc's board card stands there)."""
    while hand.drawing:
        hand.check_call()


def _letters(actions: Sequence[Action]) -> str:
    return "".join(ACTION_LETTERS[a.kind] for a in actions)
