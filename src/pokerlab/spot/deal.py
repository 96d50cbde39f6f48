"""Private hands, dealt cards and showdown tables of a spot, with suit isomorphism.

Each player's *hands* are the combos of its range with positive weight (board cards
excluded), in combo-index order; every per-combo vector of the solver is over them.

A *situation* is the board after the cards dealt so far: situation 0 is the spot's board; from
a situation before the river, each card not yet on the board leads to a child situation. Two
cards are *isomorphic* when a suit permutation maps the board (and every card dealt so far) to
itself, both ranges to themselves, and one card to the other: then only the canonical card
(the lowest of its orbit) gets a situation; the other's values are the canonical one's with
hands permuted (``next_perm``: index into ``hand_perm``, 0 the identity).

``hand_perm[p][k, h]`` is the hand of player ``p`` that permutation ``k`` maps to ``h``
(``sigma^-1(h)``): the value of hand ``h`` after an isomorphic card is the value of
``hand_perm[p][k, h]`` after the canonical card.

Each situation keeps its own *hand lists*: a player's hands that hold no card dealt since the
spot's board, in hand order (postflop-solver's layout too: a hand holding a dealt card never
reaches that part of the tree, so no vector or stored block of the situation has room for
it). Position ``i`` of player ``p``'s list in situation ``s`` is the hand holding the two
cards ``loc_cards[p][sit_start[p, s] + i]`` (``card_hand[p][c0, c1]``, a 52 x 52 table: two
bytes a position instead of a stored hand index); the list has
``sit_start[p, s + 1] - sit_start[p, s]`` hands. At the same positions, ``loc_up[p]`` is the
hand's position in the parent situation's list (a chance node's gather and scatter).
``sit_store[p, s]`` counts the hands of the earlier situations of the same street
(where a node's stored block of ``s`` begins, :mod:`pokerlab.spot.layout`).

Showdown tables (river situations): ``sd_packed[p][row, :sd_count[p][row] + 2]`` holds
player ``p``'s hands valid on that river board by ascending strength (their ranks among
both players' :mod:`pokerlab.evaluate` values on the board), as positions in the river
situations' hand lists, packed with their ranks and cards for the showdown kernel between two
sentinels in 32 bits (:func:`pokerlab.spot.terminal.pack_hands`); ``sd_row[sit]`` is the row
of a river situation (boards with the same five cards share a row, and their situations the
same lists).

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d", "pot": 10, "stack": 20,
...                     "oop_range": "AA,KK", "ip_range": "QQ,JJ"})
>>> d = build_deal(s)
>>> d.num_hands, d.num_sits, d.num_perms
((12, 6), 49, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

import numpy as np

from pokerlab.cards.ranges import ALL_COMBOS
from pokerlab.evaluate import evaluate_batch
from pokerlab.spot.spec import Spot
from pokerlab.spot.terminal import RANK_LIMIT, pack_hands


@dataclass(frozen=True, eq=False)
class Deal:
    """Hands, situations and showdown tables of a spot (see the module docstring)."""

    hands: tuple[np.ndarray, np.ndarray]  # combo indices (n_p,)
    cards: tuple[np.ndarray, np.ndarray]  # (n_p, 2) int64 card codes
    weights: tuple[np.ndarray, np.ndarray]  # (n_p,) float64 range weights
    sit_street: np.ndarray  # (S,) int8: 0 flop, 1 turn, 2 river
    sit_local: np.ndarray  # (S,) int64: index among the situations of its street
    sit_parent: np.ndarray  # (S,) int64, -1 for situation 0
    sit_card: np.ndarray  # (S,) int64: the card dealt into it, -1 for situation 0
    sit_board: tuple[tuple[int, ...], ...]
    next_sit: np.ndarray  # (S, 52) int16: child situation (canonical), -1 if the card is out
    next_perm: np.ndarray  # (S, 52) int8: permutation to apply, 0 = identity
    next_canon: np.ndarray  # (S, 52) int8: the canonical card of the card's orbit, -1 if out
    deal_factor: np.ndarray  # (S,) float64: 1 / (cards left - 4) for a deal from there
    hand_perm: tuple[np.ndarray, np.ndarray]  # (K, n_p) int64
    suit_perms: tuple[tuple[int, int, int, int], ...]  # K suit permutations (identity first)
    card_inv: np.ndarray  # (K, 52) int8: the card that permutation k maps to c (sigma^-1(c))
    sd_row: np.ndarray  # (S,) int64, -1 before the river
    sd_count: tuple[np.ndarray, np.ndarray]  # (R,) int64
    sd_packed: tuple[np.ndarray, np.ndarray]  # (R, n_p + 2) uint32: terminal.pack_hands per row
    sit_start: np.ndarray  # (2, S + 1) int64: where each situation's hand list begins
    sit_store: np.ndarray  # (2, S) int64: hands of the street's earlier situations
    loc_cards: tuple[np.ndarray, np.ndarray]  # (sum of list lengths, 2) uint8: the hand's cards
    card_hand: tuple[np.ndarray, np.ndarray]  # (52, 52) int16: the hand holding two cards, or -1
    loc_up: tuple[np.ndarray, np.ndarray]  # (sum of list lengths,) int16: parent list position
    street_sits: tuple[int, int, int]  # number of situations on each street

    @property
    def num_hands(self) -> tuple[int, int]:
        """Hands of OOP and IP."""
        return int(self.hands[0].shape[0]), int(self.hands[1].shape[0])

    @property
    def table_bytes(self) -> int:
        """Bytes of the tables that grow with the spot: showdown tables, hand lists and
        permutations."""
        return sum(a.nbytes for a in (*self.sd_packed, *self.hand_perm, self.next_sit,
                                      self.next_perm, self.next_canon, *self.loc_cards,
                                      *self.card_hand, *self.loc_up,
                                      self.sit_start, self.sit_store))

    @property
    def num_sits(self) -> int:
        """Number of situations."""
        return int(self.sit_street.shape[0])

    @property
    def num_perms(self) -> int:
        """Number of suit permutations in use (identity included)."""
        return len(self.suit_perms)

    def sit_hands(self, p: int, sit: int) -> np.ndarray:
        """Player ``p``'s hand list in situation ``sit`` (its hands holding no dealt card)."""
        at = self.loc_cards[p][self.sit_start[p, sit]:self.sit_start[p, sit + 1]]
        return self.card_hand[p][at[:, 0], at[:, 1]].astype(np.int64)

    def situation(self, sit: int, card: int) -> tuple[int, int]:
        """``(child situation, permutation)`` of dealing ``card`` in situation ``sit``."""
        return int(self.next_sit[sit, card]), int(self.next_perm[sit, card])


def _combo_perm(sigma: tuple[int, int, int, int]) -> np.ndarray:
    """Combo index -> combo index of the suit-permuted combo."""
    c = ALL_COMBOS.astype(np.int64)
    a = (c[:, 0] & ~3) | np.asarray(sigma)[c[:, 0] & 3]
    b = (c[:, 1] & ~3) | np.asarray(sigma)[c[:, 1] & 3]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    return hi * (hi - 1) // 2 + lo


def _card_perm(sigma: tuple[int, int, int, int], card: int) -> int:
    return (card & ~3) | sigma[card & 3]


def _inverse(sigma: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    inv = [0, 0, 0, 0]
    for s, t in enumerate(sigma):
        inv[t] = s
    return (inv[0], inv[1], inv[2], inv[3])


def build_deal(spot: Spot, isomorphism: bool = True) -> Deal:
    """Hands, situations and showdown tables of ``spot``; ``isomorphism=False`` keeps every card."""
    hands = tuple(np.flatnonzero(w > 0).astype(np.int64) for w in spot.ranges)
    cards = tuple(ALL_COMBOS[h].astype(np.int64) for h in hands)
    weights = tuple(np.asarray(w[h], dtype=np.float64) for w, h in zip(spot.ranges, hands, strict=True))
    pos = [np.full(1326, -1, dtype=np.int64) for _ in range(2)]
    for p in range(2):
        pos[p][hands[p]] = np.arange(hands[p].shape[0])
    # The suit permutations that keep the board and both ranges.
    board = set(spot.board)
    group: list[tuple[int, int, int, int]] = []
    for sigma in permutations(range(4)):
        if not isomorphism and sigma != (0, 1, 2, 3):
            continue
        if {_card_perm(sigma, c) for c in board} != board:
            continue
        cp = _combo_perm(sigma)
        if all(np.array_equal(w[cp], w) for w in spot.ranges):
            group.append(sigma)  # type: ignore[arg-type]
    group.sort(key=lambda s: s != (0, 1, 2, 3))
    inv = []
    for sigma in group:
        cp = _combo_perm(sigma)
        inv_cp = np.empty(1326, dtype=np.int64)
        inv_cp[cp] = np.arange(1326)  # inv_cp[sigma(c)] = c
        inv.append(inv_cp)
    hand_perm = tuple(
        np.stack([pos[p][inv_cp[hands[p]]] for inv_cp in inv]).astype(np.int64) for p in range(2)
    )
    # Situations, breadth first.
    first = len(spot.board) - 3
    sit_street = [first]
    sit_parent = [-1]
    sit_card = [-1]
    sit_board: list[tuple[int, ...]] = [tuple(spot.board)]
    sit_group: list[list[int]] = [list(range(len(group)))]
    next_sit: list[list[int]] = []
    next_perm: list[list[int]] = []
    next_canon: list[list[int]] = []
    i = 0
    while i < len(sit_street):
        ns = [-1] * 52
        npm = [0] * 52
        ncan = [-1] * 52
        if sit_street[i] < 2:
            bset = set(sit_board[i])
            g = sit_group[i]
            for c in range(52):
                if c in bset or ns[c] != -1:
                    continue
                # c is the lowest card of its orbit (orbits are visited from the lowest card).
                child = len(sit_street)
                sit_street.append(sit_street[i] + 1)
                sit_parent.append(i)
                sit_card.append(c)
                sit_board.append(sit_board[i] + (c,))
                sit_group.append([k for k in g if _card_perm(group[k], c) == c])
                ns[c], npm[c], ncan[c] = child, 0, c
                for k in g:
                    img = _card_perm(group[k], c)
                    if ns[img] == -1:
                        ns[img], npm[img], ncan[img] = child, k, c
        next_sit.append(ns)
        next_perm.append(npm)
        next_canon.append(ncan)
        i += 1
    S = len(sit_street)
    street_arr = np.array(sit_street, dtype=np.int8)
    sit_local = np.zeros(S, dtype=np.int64)
    counts = [0, 0, 0]
    for s in range(S):
        sit_local[s] = counts[sit_street[s]]
        counts[sit_street[s]] += 1
    deal_factor = np.array([1.0 / (52 - len(b) - 4) if len(b) < 5 else 0.0 for b in sit_board])
    sit_start, sit_store, loc_hand, loc_up, slots = _hand_lists(
        cards, sit_board, sit_street, sit_parent, len(spot.board))
    # Showdown tables, one row per distinct five-card board.
    rows: dict[frozenset[int], int] = {}
    sd_row = np.full(S, -1, dtype=np.int64)
    boards: list[tuple[int, ...]] = []
    row_sit: list[int] = []  # a situation of each row: all of them have the same hand lists
    for s in range(S):
        if sit_street[s] == 2:
            key = frozenset(sit_board[s])
            if key not in rows:
                rows[key] = len(boards)
                boards.append(sit_board[s])
                row_sit.append(s)
            sd_row[s] = rows[key]
    R = len(boards)
    sd_count, sd_packed = [], []
    barr = np.array(boards, dtype=np.int64).reshape(R, 5)
    sd_vals = []
    for p in range(2):
        n = cards[p].shape[0]
        seven = np.empty((R, n, 7), dtype=np.uint8)
        seven[:, :, :5] = barr[:, None, :]
        seven[:, :, 5:] = cards[p][None, :, :]
        ok = ~((barr[:, None, :, None] == cards[p][None, :, None, :]).any(axis=(2, 3)))
        vals = evaluate_batch(_safe_rows(seven, ok), check=False).reshape(R, n)
        sd_vals.append(np.where(ok, vals, -1))
    ranks = _showdown_ranks(sd_vals)
    card_hand = (_card_hand(cards[0]), _card_hand(cards[1]))
    for p in range(2):
        n = cards[p].shape[0]
        vals = sd_vals[p]
        order = np.argsort(vals, axis=1, kind="stable")
        cnt = (vals >= 0).sum(axis=1)
        # Invalid hands (value -1) sort first: move them to the end.
        ordered = np.empty_like(order)
        for r in range(R):
            ordered[r, :cnt[r]] = order[r][n - cnt[r]:]
            ordered[r, cnt[r]:] = order[r][:n - cnt[r]]
        sd_count.append(cnt.astype(np.int64))
        # Whether the opponent's range holds the hand's combo (pack_hands' flag).
        paired = card_hand[1 - p][cards[p][:, 0], cards[p][:, 1]] >= 0
        packed = np.zeros((R, n + 2), dtype=np.uint32)
        for r in range(R):
            packed[r, :cnt[r] + 2] = pack_hands(ordered[r], ranks[p][r, ordered[r]], int(cnt[r]),
                                                cards[p], slots(p, row_sit[r]), paired)
        sd_packed.append(packed)
    return Deal(
        hands=hands, cards=cards, weights=weights,  # type: ignore[arg-type]
        sit_street=street_arr, sit_local=sit_local,
        sit_parent=np.array(sit_parent, dtype=np.int64), sit_card=np.array(sit_card, dtype=np.int64),
        sit_board=tuple(sit_board), next_sit=np.array(next_sit, dtype=np.int16).reshape(S, 52),
        next_perm=np.array(next_perm, dtype=np.int8).reshape(S, 52),
        next_canon=np.array(next_canon, dtype=np.int8).reshape(S, 52), deal_factor=deal_factor,
        hand_perm=hand_perm, suit_perms=tuple(group),
        card_inv=np.array([[_card_perm(_inverse(g), c) for c in range(52)] for g in group],
                          dtype=np.int8).reshape(len(group), 52),
        sd_row=sd_row,  # type: ignore[arg-type]
        sd_count=(sd_count[0], sd_count[1]), sd_packed=(sd_packed[0], sd_packed[1]),
        street_sits=(counts[0], counts[1], counts[2]), sit_start=sit_start, sit_store=sit_store,
        loc_up=loc_up,  # type: ignore[arg-type]
        loc_cards=tuple(c[h].astype(np.uint8) for c, h in zip(cards, loc_hand, strict=True)),
        card_hand=card_hand,  # type: ignore[arg-type]
    )


def _showdown_ranks(vals: list[np.ndarray]) -> list[np.ndarray]:
    """Both players' showdown ranks per river board (:func:`pokerlab.spot.terminal.showdown_ranks`)
    from their evaluator values ``vals[p]`` (``(R, n_p)``, -1 for a hand the board holds): the
    place of each value among the distinct values of both players on that board, from 1."""
    R = vals[0].shape[0]
    keys = [np.arange(R)[:, None] * 8192 + v for v in vals]  # values are below 7462
    distinct = np.unique(np.concatenate([k[v >= 0] for k, v in zip(keys, vals, strict=True)]))
    first = np.searchsorted(distinct, np.arange(R) * 8192)[:, None]
    ranks = [np.where(v >= 0, np.searchsorted(distinct, k) - first + 1, 0) for k, v in
             zip(keys, vals, strict=True)]
    if max(int(r.max(initial=0)) for r in ranks) >= RANK_LIMIT:
        raise ValueError("more distinct showdown strengths on one board than ranks")
    return ranks


def _card_hand(cards: np.ndarray) -> np.ndarray:
    """``(52, 52)`` int16: the index of the hand holding two cards (either order), -1 if none."""
    out = np.full((52, 52), -1, dtype=np.int16)
    out[cards[:, 0], cards[:, 1]] = out[cards[:, 1], cards[:, 0]] = np.arange(cards.shape[0])
    return out


def _hand_lists(cards: tuple[np.ndarray, np.ndarray], sit_board: list[tuple[int, ...]],
                sit_street: list[int], sit_parent: list[int], first: int
                ) -> tuple[np.ndarray, np.ndarray, tuple, tuple, Callable[[int, int], np.ndarray]]:
    """Each situation's hand lists (module docstring) and ``slots(p, s)``: every hand's
    position in player ``p``'s list of situation ``s`` (-1 if not there)."""
    S = len(sit_board)
    ok = []
    for p in range(2):
        dealt = np.zeros((S, 52), dtype=bool)
        for s, b in enumerate(sit_board):
            dealt[s, list(b[first:])] = True
        ok.append(~(dealt[:, cards[p][:, 0]] | dealt[:, cards[p][:, 1]]))  # (S, n_p)
    counts = np.stack([o.sum(axis=1) for o in ok])
    sit_start = np.zeros((2, S + 1), dtype=np.int64)
    sit_start[:, 1:] = np.cumsum(counts, axis=1)
    street = np.asarray(sit_street)
    first_of = {st: int(np.flatnonzero(street == st)[0]) for st in set(sit_street)}
    sit_store = sit_start[:, :S] - sit_start[:, [first_of[st] for st in sit_street]]

    def slots(p: int, s: int) -> np.ndarray:
        out = np.full(ok[p].shape[1], -1, dtype=np.int64)
        out[ok[p][s]] = np.arange(int(counts[p, s]))
        return out

    loc_hand = tuple(np.nonzero(o)[1].astype(np.int16) for o in ok)
    loc_up = []
    for p in range(2):
        # A child's list is its parent's less the hands holding the card dealt.
        up = np.empty(loc_hand[p].shape[0], dtype=np.int16)
        for s in range(S):
            a, b = sit_start[p, s], sit_start[p, s + 1]
            par = sit_parent[s]
            up[a:b] = np.arange(b - a) if par < 0 else np.searchsorted(
                loc_hand[p][sit_start[p, par]:sit_start[p, par + 1]], loc_hand[p][a:b])
        loc_up.append(up)
    return sit_start, sit_store, loc_hand, tuple(loc_up), slots


def _safe_rows(seven: np.ndarray, ok: np.ndarray) -> np.ndarray:
    """Rows to evaluate: a hand that collides with the board is replaced by a valid dummy row."""
    R, n, _ = seven.shape
    out = seven.reshape(R * n, 7).copy()
    bad = ~ok.reshape(R * n)
    if bad.any():
        out[bad] = np.array([0, 5, 10, 15, 20, 25, 30], dtype=np.uint8)  # seven distinct cards
    return np.ascontiguousarray(out)
