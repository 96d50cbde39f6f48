"""Where each decision node's per-combo numbers live in the flat storage arrays.

A decision node ``n`` of player ``q`` with ``A`` actions keeps an ``(A, v)`` block per
situation of its street (one per dealt card path, see :mod:`pokerlab.spot.deal`), ``v`` the
hands of the situation's list for ``q`` (those holding no card dealt since the spot's board:
the others never reach it): the block of situation ``s`` starts at
``offset[n] + A * Deal.sit_store[q, s]``, one row of ``v`` numbers per action. The regrets,
the strategy sums and the average strategy all use this layout; node locks keep one
``(A, hands)`` block per node (every hand, every situation). :meth:`Layout.full_block`
gives a block back over all the player's hands.

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> from pokerlab.spot.tree import build_tree
>>> from pokerlab.spot.deal import build_deal
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA",
...                     "ip_range": "KK", "bet": "50%"})
>>> lay = build_layout(build_tree(s), build_deal(s))
>>> lay.size, lay.memory_bytes()
(48, 384)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pokerlab.spot.deal import Deal
from pokerlab.spot.tree import DECISION, Tree


@dataclass(frozen=True, eq=False)
class Layout:
    """Offsets of the decision nodes' blocks (0 for other nodes), see the module docstring."""

    offset: np.ndarray  # int64 (nodes,)
    size: int  # floats per storage array
    block_base: np.ndarray  # int64 (nodes,): index of the node's first block
    num_blocks: int  # blocks in all (one scale each in the 16-bit mode)
    player: np.ndarray  # int64 (nodes,): the node's player
    actions: np.ndarray  # int64 (nodes,): the node's actions
    deal: Deal = field(repr=False)  # the hand lists the blocks follow

    def block(self, node: int, sit: int) -> slice:
        """The slice of node ``node``'s ``(actions, hands of the list)`` block in situation
        ``sit``."""
        q, na, d = int(self.player[node]), int(self.actions[node]), self.deal
        start = int(self.offset[node]) + na * int(d.sit_store[q, sit])
        return slice(start, start + na * int(d.sit_start[q, sit + 1] - d.sit_start[q, sit]))

    def full_block(self, arr: np.ndarray, node: int, sit: int) -> np.ndarray:
        """Node ``node``'s block of ``arr`` in situation ``sit`` as ``(actions, hands)``
        float64 over all the player's hands; a hand not in the situation's list (it holds a
        dealt card) plays uniformly."""
        q, na = int(self.player[node]), int(self.actions[node])
        out = np.full((na, self.deal.num_hands[q]), 1.0 / na)
        out[:, self.deal.sit_hands(q, sit)] = \
            np.asarray(arr[self.block(node, sit)], dtype=np.float64).reshape(na, -1)
        return out

    def memory_bytes(self, compressed: bool = False, extra: int = 0) -> int:
        """Bytes of the regret and strategy-sum arrays (4 bytes a number; 2 compressed, plus a
        float32 scale per block) + ``extra``."""
        if compressed:
            return int(self.size) * 4 + 8 * int(self.num_blocks) + extra
        return int(self.size) * 8 + extra


def build_layout(tree: Tree, deal: Deal) -> Layout:
    """Lay out the decision nodes' blocks of ``tree`` for the situations of ``deal``."""
    n = tree.size
    offset = np.zeros(n, dtype=np.int64)
    block_base = np.zeros(n, dtype=np.int64)
    # Hands of each player's lists over each street's situations.
    street = deal.sit_street.astype(np.int64)
    lists = np.zeros((2, 3), dtype=np.int64)
    for q in range(2):
        np.add.at(lists[q], street, np.diff(deal.sit_start[q]))
    pos = 0
    blocks = 0
    for node in range(n):
        if tree.kind[node] != DECISION:
            continue
        st = int(tree.street[node])
        offset[node] = pos
        block_base[node] = blocks
        pos += int(tree.num_children[node]) * int(lists[int(tree.player[node]), st])
        blocks += deal.street_sits[st]
    return Layout(offset, pos, block_base, blocks, tree.player.astype(np.int64),
                  tree.num_children.astype(np.int64), deal)
