"""Where each decision node's per-combo numbers live in the flat storage arrays.

A decision node ``n`` of player ``q`` with ``A`` actions keeps an ``(A, hands of q)`` block
per situation of its street (one per dealt card path, see :mod:`pokerlab.spot.deal`):
block ``k`` (the situation's index among its street's situations, ``Deal.sit_local``) starts
at ``offset[n] + k * stride[n]``. The regrets, the strategy sums and the average strategy all
use this layout; node locks keep one ``(A, hands)`` block per node (every situation).

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

from dataclasses import dataclass

import numpy as np

from pokerlab.spot.deal import Deal
from pokerlab.spot.tree import DECISION, Tree


@dataclass(frozen=True, eq=False)
class Layout:
    """Offsets and strides of the decision nodes' blocks (0 for other nodes)."""

    offset: np.ndarray  # int64 (nodes,)
    stride: np.ndarray  # int64 (nodes,)
    size: int  # floats per storage array
    block_base: np.ndarray | None = None  # int64 (nodes,): index of the node's first block
    num_blocks: int = 0  # blocks in all (one scale each in the 16-bit mode)

    def block(self, node: int, local: int, num_actions: int) -> slice:
        """The slice of node ``node``'s block for situation index ``local``."""
        start = int(self.offset[node] + local * self.stride[node])
        return slice(start, start + int(self.stride[node]))

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
    stride = np.zeros(n, dtype=np.int64)
    block_base = np.zeros(n, dtype=np.int64)
    pos = 0
    blocks = 0
    nh = deal.num_hands
    for node in range(n):
        if tree.kind[node] != DECISION:
            continue
        st = int(tree.num_children[node]) * nh[int(tree.player[node])]
        stride[node] = st
        offset[node] = pos
        block_base[node] = blocks
        copies = deal.street_sits[int(tree.street[node])]
        pos += st * copies
        blocks += copies
    return Layout(offset, stride, pos, block_base, blocks)
