"""The public betting tree of a spot, as flat arrays.

The tree holds the actions only: one chance node stands for "deal the next street", whatever
card comes (the solver keeps one copy of each later-street node per dealt card, see
:mod:`pokerlab.spot.deal`). Nodes are numbered breadth first; the children of node ``n`` are
``first_child[n] .. first_child[n] + num_children[n] - 1``.

Node kinds: :data:`DECISION` (``player`` acts), :data:`CHANCE` (one child: the next street),
:data:`FOLD` (``player`` folded), :data:`SHOWDOWN`. ``commit[n, p]`` is what player ``p`` has
put in since the start of the spot (the starting pot excluded).

Sizing rules (see :mod:`pokerlab.spot.spec` for the size syntax): a bet of ``x%`` is ``x%`` of
the pot; a raise of ``x%`` raises by ``x%`` of the pot after the call; every bet or raise is
raised to the minimum raise (the last bet or raise increment) and cut to the all-in; a bet or
raise that puts in at least ``allin_threshold`` of the remaining stack, or leaves (postflop-
solver's rule) a stack-to-pot ratio at most ``force_allin_threshold`` after the call, is the
all-in; equal amounts merge; no raise after ``raise_cap`` raises on a street. When a player is
all-in and called, the remaining streets are dealt without actions.

Edge labels (the spelling of a line): ``x`` check, ``c`` call, ``f`` fold, ``b<chips>`` bet,
``r<chips>`` raise to (chips put in on this street), and all-ins ``b<chips>``/``r<chips>`` too
with :attr:`Tree.allin` set; browsing also accepts ``a`` for the all-in. The chips of a label
are the amount itself when it has at most three decimals (``b1.815``), else rounded to two
(``b3.33`` for 10/3); two sizes of one node that would read alike get more decimals, so the
labels of a node always differ. :meth:`Tree.child` takes the label, or the amount written
with any number of decimals that it rounds to (``b3.3333``, and ``b1.82`` or ``b1.815`` for
1.815) when that names one action of the node. :meth:`Tree.size_pct` is a bet or raise in
% of the pot, as the sizes are given.

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA",
...                     "ip_range": "KK", "bet": "50%", "raise": "a"})
>>> t = build_tree(s)
>>> t.actions(0)
['x', 'b5']
>>> t.actions(t.child(0, 'b5'))
['f', 'c', 'r20']
>>> t.size, t.num_decisions
(15, 6)
>>> r = build_tree(Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 5.5, "stack": 20,
...                                "oop_range": "AA", "ip_range": "KK", "bet": "33%,a"}))
>>> r.actions(0), r.child(0, "b1.82") == r.child(0, "b1.815") == r.child(0, "B1.8150")
(['x', 'b1.815', 'b20'], True)
>>> round(r.size_pct(r.child(0, "b1.815")), 6), round(r.size_pct(r.child(0, "a")), 2)
(33.0, 363.64)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.spot.spec import STREETS, Size, Spot

DECISION, CHANCE, FOLD, SHOWDOWN = 0, 1, 2, 3
KIND_NAMES = ("decision", "chance", "fold", "showdown")

_EPS = 1e-9


@dataclass(frozen=True, eq=False)
class Tree:
    """A spot's public betting tree as flat arrays (see the module docstring)."""

    spot: Spot
    kind: np.ndarray  # int8 (n,)
    player: np.ndarray  # int8 (n,): actor (decision), folder (fold), -1 otherwise
    street: np.ndarray  # int8 (n,): 0 flop, 1 turn, 2 river (a chance node: the street it ends)
    commit: np.ndarray  # float64 (n, 2)
    first_child: np.ndarray  # int64 (n,)
    num_children: np.ndarray  # int64 (n,)
    parent: np.ndarray  # int64 (n,), -1 at the root
    label: tuple[str, ...]  # label of the edge into each node ("" at the root)
    allin: np.ndarray  # bool (n,): the edge into the node is an all-in
    amount: np.ndarray  # float64 (n,): a bet or raise edge's chips on its street (to), else 0

    @property
    def size(self) -> int:
        """Number of nodes."""
        return int(self.kind.shape[0])

    @property
    def num_decisions(self) -> int:
        """Number of decision nodes."""
        return int(np.count_nonzero(self.kind == DECISION))

    def children(self, node: int) -> range:
        """Indices of the children of ``node``."""
        f = int(self.first_child[node])
        return range(f, f + int(self.num_children[node]))

    def actions(self, node: int) -> list[str]:
        """Labels of the actions at ``node`` (empty at a terminal; ``[""]`` at a chance node)."""
        return [self.label[c] for c in self.children(node)]

    def child(self, node: int, action: str) -> int:
        """The child of ``node`` reached by ``action`` (a label, or ``a`` for the all-in).

        Raises
        ------
        ValueError
            If ``node`` has no such action.
        """
        want = action.strip().lower()
        for c in self.children(node):
            if self.label[c] == want or (want in ("a", "allin") and self.allin[c]):
                return c
        near = self._by_amount(node, want)
        if len(near) == 1:
            return near[0]
        here = ' '.join(self.actions(node)) or 'none'
        if near:
            raise ValueError(f"action {action!r} could be any of {' '.join(self.label[c] for c in near)}: "
                             f"give more decimals (actions: {here})")
        raise ValueError(f"no action {action!r} here (actions: {here})")

    def _by_amount(self, node: int, want: str) -> list[int]:
        """The bet or raise children of ``node`` whose amount rounds to the number ``want``
        spells (``b1.815``: the kind and the chips, with as many decimals as written)."""
        kind, number = want[:1], want[1:]
        if kind not in ("b", "r") or not number:
            return []
        try:
            x = float(number)
        except ValueError:
            return []
        if not np.isfinite(x):
            return []
        decimals = len(number.partition(".")[2]) if "." in number else 0
        slack = 0.5 * 10.0 ** -decimals + 1e-9 * max(1.0, abs(x))
        return [c for c in self.children(node)
                if self.label[c][:1] == kind and abs(float(self.amount[c]) - x) <= slack]

    def size_pct(self, child: int) -> float:
        """The bet or raise into ``child`` in % of the pot, as sizes are given (a bet: of the
        pot before it; a raise: what it adds beyond the call, of the pot after the call);
        NaN for an edge that is no bet or raise."""
        if self.label[child][:1] not in ("b", "r"):
            return float("nan")
        parent = int(self.parent[child])
        p = int(self.player[parent])
        put_in = float(self.commit[child, p] - self.commit[parent, p])
        to_call = float(self.commit[parent, 1 - p] - self.commit[parent, p])
        return 100.0 * (put_in - to_call) / (self.pot(parent) + to_call)

    def size_pcts(self, node: int) -> dict[str, float]:
        """Each bet or raise of ``node``, by its label, in % of the pot (:meth:`size_pct`)."""
        return {self.label[c]: self.size_pct(c) for c in self.children(node)
                if self.label[c][:1] in ("b", "r")}

    def pot(self, node: int) -> float:
        """Chips in the pot at ``node`` (starting pot and every bet)."""
        return float(self.spot.pot + self.commit[node, 0] + self.commit[node, 1])

    def line(self, node: int) -> list[str]:
        """Labels from the root to ``node`` (chance edges skipped)."""
        out: list[str] = []
        while node > 0:
            if self.kind[self.parent[node]] != CHANCE:
                out.append(self.label[node])
            node = int(self.parent[node])
        return out[::-1]


class _Builder:
    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.kind: list[int] = []
        self.player: list[int] = []
        self.street: list[int] = []
        self.commit: list[tuple[float, float]] = []
        self.label: list[str] = []
        self.allin: list[bool] = []
        self.amount: list[float] = []
        self.kids: list[list[int]] = []

    def add(self, kind: int, player: int, street: int, commit: tuple[float, float], label: str,
            allin: bool = False, amount: float = 0.0) -> int:
        self.kind.append(kind)
        self.player.append(player)
        self.street.append(street)
        self.commit.append(commit)
        self.label.append(label)
        self.allin.append(allin)
        self.amount.append(amount)
        self.kids.append([])
        return len(self.kind) - 1


def _geometric(pot_after_call: float, stack_after_call: float, streets: int) -> float:
    spr = stack_after_call / pot_after_call
    ratio = ((2.0 * spr + 1.0) ** (1.0 / streets) - 1.0) / 2.0
    return pot_after_call * ratio


def _fmt(x: float, decimals: int) -> str:
    """``x`` with at most ``decimals`` decimals, trailing zeros dropped (``5``, ``1.5``)."""
    text = f"{x:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _decimals(x: float) -> int:
    """The decimals a label gives ``x``: the fewest (up to 3) that write it exactly, else 2."""
    for d in range(4):
        if abs(round(x, d) - x) <= 1e-9 * max(1.0, abs(x)):
            return d
    return 2


def size_labels(kind: str, amounts: list[float]) -> list[str]:
    """The labels of one node's bets or raises (``kind`` ``"b"`` or ``"r"``; ``amounts``
    distinct): each amount with :func:`_decimals`' decimals, more where two would read alike.

    Examples
    --------
    >>> size_labels("b", [1.815, 5.0, 10 / 3])
    ['b1.815', 'b5', 'b3.33']
    >>> size_labels("r", [3.3333, 10 / 3])  # both 3.33 at two decimals
    ['r3.3333', 'r3.33333']
    """
    decimals = [_decimals(a) for a in amounts]
    while True:
        labels = [f"{kind}{_fmt(a, d)}" for a, d in zip(amounts, decimals, strict=True)]
        clash = {i for i, lab in enumerate(labels) if labels.count(lab) > 1}
        if not clash or all(decimals[i] >= 12 for i in clash):
            return labels
        for i in clash:
            decimals[i] += 1


def build_tree(spot: Spot) -> Tree:
    """Build the betting tree of ``spot`` (see the module docstring for the rules)."""
    b = _Builder(spot)
    first = len(spot.board) - 3

    def grow(node: int, street: int, base: float, sc: tuple[float, float], p: int,
             num_bets: int, last_inc: float, first_action: bool, oop_called_prev: bool) -> None:
        """Expand decision ``node``: player ``p`` to act, street commitments ``sc`` over ``base``."""
        o = 1 - p
        stack = spot.stack
        remaining = (stack - base - sc[0], stack - base - sc[1])
        pot_now = spot.pot + 2 * base + sc[0] + sc[1]
        to_call = sc[o] - sc[p]
        pot_after_call = pot_now + to_call
        max_to = min(sc[p] + remaining[p], sc[o] + remaining[o])
        streets_left = 3 - street
        options: list[tuple[str, float]] = []  # (kind, street amount to)
        ss = spot.sizes(STREETS[street], p)
        if to_call <= _EPS:
            sizes: tuple[Size, ...] = ss.bet
            if p == 0 and first_action and street > first and oop_called_prev and ss.donk is not None:
                sizes = ss.donk
            amounts = []
            for sz in sizes:
                if sz.kind == "pct":
                    amounts.append(pot_now * sz.value / 100.0)
                elif sz.kind == "chips":
                    amounts.append(sz.value)
                elif sz.kind == "geo":
                    n = int(sz.value) or streets_left
                    amounts.append(_geometric(pot_now, remaining[o], n))
                else:
                    amounts.append(max_to)
            if spot.add_allin_threshold > 0 and max_to <= pot_now * spot.add_allin_threshold + _EPS:
                amounts.append(max_to)
            min_to = 0.0
            kind = "b"
        else:
            amounts = []
            can_raise = remaining[o] > _EPS and remaining[p] > to_call + _EPS
            if spot.raise_cap is not None and num_bets - 1 >= spot.raise_cap:
                can_raise = False
            if can_raise:
                for sz in ss.raise_:
                    if sz.kind == "pct":
                        amounts.append(sc[o] + pot_after_call * sz.value / 100.0)
                    elif sz.kind == "chips":
                        amounts.append(sc[o] + sz.value)
                    elif sz.kind == "geo":
                        n = max((int(sz.value) or streets_left) - num_bets + 1, 1)
                        amounts.append(sc[o] + _geometric(pot_after_call, remaining[o], n))
                    else:
                        amounts.append(max_to)
                if spot.add_allin_threshold > 0 and (
                        max_to <= sc[o] + pot_after_call * spot.add_allin_threshold + _EPS):
                    amounts.append(max_to)
            min_to = sc[o] + last_inc
            kind = "r"
        seen: list[float] = []
        for a in amounts:
            a = min(max(a, min_to), max_to)
            if a <= sc[p] + _EPS:
                continue
            put_in = a - sc[p]
            if put_in >= spot.allin_threshold * remaining[p] - _EPS:
                a = max_to
            if spot.force_allin_threshold > 0:
                new_pot = pot_after_call + 2 * (a - sc[o])
                if max_to <= a + new_pot * spot.force_allin_threshold + _EPS:
                    a = max_to
            if all(abs(a - s) > 1e-6 for s in seen):
                seen.append(a)
        seen.sort()
        for a in seen:
            options.append((kind, a))
        # Children: fold/check, call, bets/raises.
        if to_call > _EPS:
            c = b.add(FOLD, p, street, (base + sc[0], base + sc[1]), "f")
            b.kids[node].append(c)
            called = (sc[o], sc[o])
            c = b.add(CHANCE if street < 2 else SHOWDOWN, -1, street,
                      (base + called[0], base + called[1]), "c")
            b.kids[node].append(c)
            allin_now = remaining[o] <= _EPS or remaining[p] - to_call <= _EPS
            close(c, street, base + sc[o], allin_now, oop_called=(p == 0))
        else:
            if p == 0:
                c = b.add(DECISION, 1, street, (base + sc[0], base + sc[1]), "x")
                b.kids[node].append(c)
                grow(c, street, base, sc, 1, num_bets, last_inc, False, oop_called_prev)
            else:
                c = b.add(CHANCE if street < 2 else SHOWDOWN, -1, street,
                          (base + sc[0], base + sc[1]), "x")
                b.kids[node].append(c)
                close(c, street, base, False, oop_called=False)
        labels = size_labels(kind, [a for _, a in options])
        for (_, a), lab in zip(options, labels, strict=True):
            new = list(sc)
            new[p] = a
            is_allin = abs(a - max_to) <= 1e-6
            c = b.add(DECISION, o, street, (base + new[0], base + new[1]), lab, is_allin, a)
            b.kids[node].append(c)
            grow(c, street, base, (new[0], new[1]), o, num_bets + 1, a - sc[o], False,
                 oop_called_prev)

    def close(node: int, street: int, base: float, allin: bool, oop_called: bool) -> None:
        """``node`` ends ``street`` (a chance node before the river, else a showdown)."""
        if street >= 2:
            return
        nxt = street + 1
        if allin or spot.stack - base <= _EPS:
            kind = CHANCE if nxt < 2 else SHOWDOWN
            c = b.add(kind, -1, nxt, (base, base), "")
            b.kids[node].append(c)
            close(c, nxt, base, True, oop_called)
            return
        c = b.add(DECISION, 0, nxt, (base, base), "")
        b.kids[node].append(c)
        grow(c, nxt, base, (0.0, 0.0), 0, 0, 0.0, True, oop_called)

    root = b.add(DECISION, 0, first, (0.0, 0.0), "")
    if spot.stack <= _EPS:
        b.kind[root] = CHANCE if first < 2 else SHOWDOWN
        b.player[root] = -1
        close(root, first, 0.0, True, False)
    else:
        grow(root, first, 0.0, (0.0, 0.0), 0, 0, 0.0, True, False)
    return _flatten(spot, b)


def _flatten(spot: Spot, b: _Builder) -> Tree:
    """Renumber the depth-first builder nodes breadth first, children contiguous."""
    order = [0]
    i = 0
    while i < len(order):
        order.extend(b.kids[order[i]])
        i += 1
    new_of = {old: new for new, old in enumerate(order)}
    n = len(order)
    kind = np.array([b.kind[o] for o in order], dtype=np.int8)
    player = np.array([b.player[o] for o in order], dtype=np.int8)
    street = np.array([b.street[o] for o in order], dtype=np.int8)
    commit = np.array([b.commit[o] for o in order], dtype=np.float64).reshape(n, 2)
    first_child = np.zeros(n, dtype=np.int64)
    num_children = np.zeros(n, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int64)
    for new, old in enumerate(order):
        kids = [new_of[k] for k in b.kids[old]]
        num_children[new] = len(kids)
        first_child[new] = kids[0] if kids else 0
        for k in kids:
            parent[k] = new
    label = tuple(b.label[o] for o in order)
    allin = np.array([b.allin[o] for o in order], dtype=bool)
    amount = np.array([b.amount[o] for o in order], dtype=np.float64)
    return Tree(spot, kind, player, street, commit, first_child, num_children, parent, label, allin,
                amount)
