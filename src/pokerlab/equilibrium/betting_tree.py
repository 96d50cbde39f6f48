"""The public betting tree of a two-player game as flat arrays, built by the engine: a limit
game whole, or a no-limit game in a betting abstraction (the sizes it may bet).

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
- ``child[n, k]``: the children for fold, check/call and the bets/raises (columns
  :data:`FOLD_COL`, :data:`CALL_COL`, then one column per size from :data:`RAISE_COL` on, in
  increasing amounts), -1 where the action is illegal. A limit tree has ``k = 3`` (its one
  raise); a no-limit tree as many as its largest menu of sizes plus two;
- ``raise_to[n, k]``: the engine's ``to`` amount of each bet/raise column (0 elsewhere);
- ``contrib[n, 2]``: each position's chips in the pot (antes, blinds, bets) at the node;
- ``payoff[n]``: at a fold, position 0's payoff; at a showdown, position 0's payoff when it
  wins (the engine's payout with position 0 holding the better hand; minus that when it
  loses, 0 on a tie: the contributions are equal); 0 at decisions;
- ``row[n]``: the first strategy row of a decision node. A node of round ``r`` owns
  ``bucket_counts[r]`` rows, one per card bucket: the strategy of bucket ``b`` at ``node`` is
  row ``row[node] + b``; -1 elsewhere. ``num_rows`` rows in all, in node order.

A no-limit tree takes a *menu*: a function from the engine's hand at a decision to the
bet/raise amounts (``to``, within the hand's legal range) the abstraction allows there; the
engine still decides everything else (who acts, when a round ends, what a call all-in or a
showdown pays). :mod:`pokerlab.nolimit.betting` writes menus from a spec of sizes.

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
>>> tree = BettingTree.from_settings(GameSettings.preset("limit"))
>>> tree.num_nodes, tree.num_decisions, *np.bincount(tree.kind)[1:].tolist()
(16584, 6378, 5103, 5103)
>>> tree.history(int(tree.child[0, RAISE_COL])), int(tree.actor[0])  # the button acts first
('r', 1)
>>> tree.history(tree.node_at("rc/crc/r"))
'rc/crc/r'
>>> leduc = BettingTree.leduc(bucket_counts=(3, 9))
>>> leduc.num_decisions, leduc.num_rows
(36, 288)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand
from pokerlab.engine.settings import GameSettings

DECISION, FOLD_NODE, SHOWDOWN = 0, 1, 2
FOLD_COL, CALL_COL, RAISE_COL = 0, 1, 2
ACTION_LETTERS = "fcr"
"""ACPC's letters for the columns: fold, call (check), raise (bet; every raise column)."""

Menu = Callable[[Hand], Sequence[int]]
"""A no-limit tree's bet/raise amounts (``to``) at a decision of a hand (see the module
docstring)."""

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
class BettingTree:
    """The flat public betting tree of a two-player game (see the module docstring)."""

    settings: GameSettings
    kind: np.ndarray  # int8 (n,)
    actor: np.ndarray  # int8 (n,)
    round: np.ndarray  # int8 (n,)
    parent: np.ndarray  # int32 (n,)
    child: np.ndarray  # int32 (n, k)
    contrib: np.ndarray  # int64 (n, 2)
    payoff: np.ndarray  # float64 (n,)
    rounds: int
    bucket_counts: tuple[int, ...]
    row: np.ndarray  # int64 (n,)
    num_rows: int
    raise_to: np.ndarray  # int64 (n, k)

    @staticmethod
    def from_settings(settings: GameSettings, bucket_counts: Sequence[int] | None = None,
                      menu: Menu | None = None, stacks: Sequence[int] | None = None) -> BettingTree:
        """The tree of a heads-up game of the engine (one bucket per round by default): a limit
        game whole, a pot-limit or no-limit game in the bet sizes ``menu`` gives (module
        docstring). ``stacks``: both players' (default the game's starting stack).

        Raises
        ------
        ValueError
            When a limit game has no raise cap or a menu, another game has no menu, a menu's
            amount is not a legal bet, or ``bucket_counts`` does not give one positive count
            per round.
        """
        if settings.is_limit:
            if settings.raise_cap is None:
                raise ValueError("settings: a limit game with a raise cap is needed (without one the "
                                 "stacks alone end the raising: a tree far too large)")
            if menu is not None:
                raise ValueError("menu: a limit game bets its fixed sizes; no menu")
        elif menu is None:
            raise ValueError(f"menu: a {settings.kind} tree needs the bet sizes it may play")
        draw = settings.rules.draws
        cards = _DRAW_CARDS if draw else _HOLDEM_CARDS
        ranks = None if draw else (1, 0)
        stacks = [settings.starting_stack] * 2 if stacks is None else [int(x) for x in stacks]
        if len(stacks) != 2 or stacks[0] != stacks[1]:
            raise ValueError(f"stacks: two equal stacks, not {stacks}")

        kind: list[int] = []
        actor: list[int] = []
        rnd: list[int] = []
        parent: list[int] = []
        child: list[list[int]] = []
        amounts: list[list[int]] = []
        contrib: list[tuple[int, int]] = []
        payoff: list[float] = []
        # Depth first; each node replays its action sequence on a fresh hand (a hand has no
        # copy): the engine alone decides what follows.
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
            if par >= 0:
                child[par][col] = me
            put = [hand.antes[i] + hand.put_in[i] for i in range(2)]
            contrib.append((put[0], put[1]))
            if hand.finished:
                child.append([])
                amounts.append([])
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
            sizes = _sizes(hand, legal, menu, actions)
            child.append([-1] * (2 + len(sizes)))
            amounts.append([0, 0, *sizes])
            options: list[tuple[int, Action]] = []
            if legal.can_fold:
                options.append((FOLD_COL, Action(FOLD)))
            options.append((CALL_COL, Action(CHECK_CALL)))
            options += [(RAISE_COL + i, Action(BET_RAISE, to)) for i, to in enumerate(sizes)]
            for c, a in reversed(options):  # popped in column order: pre-order numbering
                stack.append(((*actions, a), me, c))
        width = max(3, max(len(c) for c in child))
        rounds = len(settings.rules.streets)
        tree = BettingTree(
            settings=settings,
            kind=np.array(kind, dtype=np.int8),
            actor=np.array(actor, dtype=np.int8),
            round=np.array(rnd, dtype=np.int8),
            parent=np.array(parent, dtype=np.int32),
            child=np.array([c + [-1] * (width - len(c)) for c in child], dtype=np.int32).reshape(-1, width),
            contrib=np.array(contrib, dtype=np.int64),
            payoff=np.array(payoff, dtype=np.float64),
            rounds=rounds,
            bucket_counts=(1,) * rounds,
            row=np.full(len(kind), -1, dtype=np.int64),
            num_rows=0,
            raise_to=np.array([a + [0] * (width - len(a)) for a in amounts],
                              dtype=np.int64).reshape(-1, width),
        )
        return tree.with_buckets(bucket_counts if bucket_counts is not None else (1,) * rounds)

    ARRAYS = ("kind", "actor", "round", "parent", "child", "contrib", "payoff", "raise_to")
    """The arrays that define a tree (the rows follow from the bucket counts)."""

    def arrays(self) -> dict[str, np.ndarray]:
        """The tree's defining arrays (:meth:`from_arrays` rebuilds it), for a file cache."""
        return {name: getattr(self, name) for name in self.ARRAYS}

    @staticmethod
    def from_arrays(settings: GameSettings, arrays: dict[str, np.ndarray]) -> BettingTree:
        """The tree :meth:`arrays` describes, with one bucket per round."""
        rounds = len(settings.rules.streets)
        tree = BettingTree(settings=settings, rounds=rounds, bucket_counts=(1,) * rounds,
                           row=np.full(len(arrays["kind"]), -1, dtype=np.int64), num_rows=0,
                           **{name: np.asarray(arrays[name]) for name in BettingTree.ARRAYS})
        return tree.with_buckets((1,) * rounds)

    @staticmethod
    def leduc(bucket_counts: Sequence[int] = (3, 9)) -> BettingTree:
        """Leduc hold'em's tree (:func:`leduc_settings`); lossless buckets by default: the
        private rank in round 1, (private rank, board rank) in round 2."""
        return BettingTree.from_settings(leduc_settings(), bucket_counts)

    def with_buckets(self, bucket_counts: Sequence[int]) -> BettingTree:
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
        """The columns (fold 0, call 1, bets/raises from 2) legal at ``node``."""
        return np.flatnonzero(self.child[node] >= 0)

    def action_text(self, node: int, col: int) -> str:
        """Column ``col`` at decision ``node`` in ACPC's letters: ``f``, ``c``, ``r``; a no-limit
        raise as ``r`` and the raiser's chips in the pot after it (blinds included), as the ACPC
        no-limit games write it."""
        if col < RAISE_COL:
            return ACTION_LETTERS[col]
        if self.settings.is_limit:
            return "r"
        return f"r{int(self.contrib[self.child[node, col], self.actor[node]])}"

    def history(self, node: int) -> str:
        """The actions from the root to ``node`` as ACPC's betting string (``f``, ``c``,
        ``r``, ``rAMOUNT`` in no-limit; ``/`` where a round ends and the next one's betting
        starts)."""
        steps: list[tuple[str, int]] = []
        while self.parent[node] >= 0:
            up = int(self.parent[node])
            col = int(np.flatnonzero(self.child[up] == node)[0])
            steps.append((self.action_text(up, col), int(self.round[up])))
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
        ``c`` and ``r``; ``/`` between rounds is ignored, as in ACPC's betting strings; a
        no-limit tree's raises carry their amount, ``r250``, as :meth:`history` writes them).

        Examples
        --------
        >>> tree = BettingTree.leduc()
        >>> node = tree.node_at("rc/r")
        >>> int(tree.round[node]), int(tree.actor[node]), tree.contrib[node].tolist()
        (1, 1, [7, 3])
        """
        text = "".join(history)
        node = 0
        done = ""
        for m in re.finditer(r"/|([a-z])(\d*)|(.)", text):
            if m.group(0) == "/":
                continue
            letter, amount = m.group(1), m.group(2)
            if letter is None or letter not in "fcrkb":
                raise ValueError(f"history: unknown action {m.group(0)!r} (f, c, r, k, b)")
            col = {"f": FOLD_COL, "c": CALL_COL, "k": CALL_COL}.get(letter, RAISE_COL)
            if self.kind[node] != DECISION:
                raise ValueError(f"history: {m.group(0)!r} after {done!r}: the hand is over")
            if col == RAISE_COL and not self.settings.is_limit:
                cols = [c for c in range(RAISE_COL, self.child.shape[1]) if self.child[node, c] >= 0]
                names = [self.action_text(node, c) for c in cols]
                if f"r{amount}" not in names:
                    allowed = ", ".join(names) or "no raise"
                    raise ValueError(f"history: {m.group(0)!r} is not in the tree after {done!r} "
                                     f"(it holds {allowed})")
                col = cols[names.index(f"r{amount}")]
            elif amount or self.child[node, col] < 0:
                raise ValueError(f"history: {m.group(0)!r} is not legal after {done!r}")
            node = int(self.child[node, col])
            done += m.group(0)
        return node


def _sizes(hand: Hand, legal: object, menu: Menu | None, actions: Sequence[Action]) -> list[int]:
    """The bet/raise amounts of a decision, increasing and distinct (limit: its one raise)."""
    if not legal.can_raise:  # type: ignore[attr-defined]
        return []
    if menu is None:
        return [legal.min_raise_to]  # type: ignore[attr-defined]
    sizes = sorted({int(x) for x in menu(hand)})
    low, high = legal.min_raise_to, legal.max_raise_to  # type: ignore[attr-defined]
    bad = [x for x in sizes if not low <= x <= high]
    if bad:
        raise ValueError(f"menu: after {_letters(actions) or 'the deal'} a bet to {bad[0]} is not "
                         f"legal (from {low} to {high})")
    return sizes


def _stand_pat(hand: Hand) -> None:
    """Every player stands pat at a draw (Leduc's board card stands there)."""
    while hand.drawing:
        hand.check_call()


def _letters(actions: Sequence[Action]) -> str:
    return "".join(ACTION_LETTERS[a.kind] for a in actions)
