"""Node locks: a player's strategy fixed at a node, the rest solved around it.

A lock names a node by its line (the actions from the root, ``"x b5"``; chance cards in the
line are skipped: a lock holds on every card dealt) and gives each combo's action
probabilities: ``default`` for every combo of the acting player, ``hands`` for named classes or
combos (``"AA"``, ``"AKs"``, ``"AhKh"``) overriding it. A lock is whole: each set of
probabilities must add to 1 (within 1e-6), each action named once; anything else is refused,
not renormalised (there are no partial locks: a node is locked for every combo or not at all).

Text form (the CLI's ``--lock``): ``LINE=ACTION:PROB,ACTION:PROB`` with ``@HANDS`` to restrict
to hands, e.g. ``"=x:1"`` (OOP always checks at the root), ``"x b5=c:0.5,f:0.5"``,
``"b5=f:1@22-66"``. File form (TOML, ``--locks FILE``)::

    [[lock]]
    line = "x b5"
    default = { c = 0.5, f = 0.5 }
    hands = { AA = { c = 1.0 } }

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> from pokerlab.spot.tree import build_tree
>>> from pokerlab.spot.deal import build_deal
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,22",
...                     "ip_range": "KK", "bet": "50%"})
>>> t, d = build_tree(s), build_deal(s)
>>> locks = build_locks(t, d, [parse_lock("=x:1@22"), parse_lock("=b5:1@AA")])
>>> sorted(locks), locks[0].shape, locks[0][:, 0].tolist(), locks[0][:, -1].tolist()
([0], (2, 9), [1.0, 0.0], [0.0, 1.0])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.cards.codes import parse_card
from pokerlab.cards.ranges import parse_range
from pokerlab.spot.deal import Deal
from pokerlab.spot.spec import SpotError, read_toml
from pokerlab.spot.tree import CHANCE, DECISION, Tree

SUM_TOLERANCE = 1e-6
"""How far a lock's probabilities may add from 1 (they are refused beyond it)."""


@dataclass(frozen=True)
class Lock:
    """One lock: the node's line, default probabilities, and per-hands overrides."""

    line: str
    default: dict[str, float] = field(default_factory=dict)
    hands: tuple[tuple[str, dict[str, float]], ...] = ()


def _probs(text: str, where: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        act, sep, prob = item.partition(":")
        try:
            p = float(prob) if sep else 1.0
        except ValueError:
            raise SpotError(f"{where}: probability {prob!r} is not a number") from None
        if not 0 <= p <= 1e9 or not np.isfinite(p):
            raise SpotError(f"{where}: probability {prob!r} must be >= 0")
        name = act.strip().lower()
        if name in out:
            raise SpotError(f"{where}: action {name!r} given twice")
        out[name] = p
    if not out:
        raise SpotError(f"{where}: no action given")
    _whole(sum(out.values()), where)
    return out


def _whole(total: float, where: str) -> None:
    """Refuse probabilities that do not add to 1 (a lock is never renormalised)."""
    if not abs(total - 1.0) <= SUM_TOLERANCE:
        raise SpotError(f"{where}: the probabilities add to {total:g}, not 1")


def parse_lock(text: str) -> Lock:
    """Read ``LINE=ACTION:PROB,...[@HANDS]`` (see the module docstring)."""
    line, sep, rest = text.partition("=")
    if not sep:
        raise SpotError(f"--lock {text!r}: expected LINE=ACTION:PROB,... (e.g. '=x:1')")
    probs, at, hands = rest.partition("@")
    p = _probs(probs, f"--lock {text!r}")
    if at:
        return Lock(line.strip(), {}, ((hands.strip(), p),))
    return Lock(line.strip(), p, ())


def read_locks(path: str | Path) -> list[Lock]:
    """Read a TOML lock file (``[[lock]]`` tables with ``line``, ``default``, ``hands``)."""
    p = Path(path)
    data = read_toml(p, "lock file")
    out = []
    for i, item in enumerate(data.get("lock", [])):
        where = f"lock file {str(p)!r}: lock {i + 1}"
        if not isinstance(item, dict) or "line" not in item:
            raise SpotError(f"{where}: needs a line")

        def probs(d: Any, w: str) -> dict[str, float]:
            if not isinstance(d, dict):
                raise SpotError(f"{w}: must be a table of action = probability")
            return _probs(",".join(f"{k}:{v}" for k, v in d.items()), w)

        default = probs(item["default"], f"{where}.default") if "default" in item else {}
        hands = tuple((str(h), probs(v, f"{where}.hands.{h}"))
                      for h, v in dict(item.get("hands", {})).items())
        out.append(Lock(str(item["line"]), default, hands))
    if not out:
        raise SpotError(f"lock file {str(p)!r}: no [[lock]] table")
    return out


def find_node(tree: Tree, line: str) -> int:
    """The decision node at the end of ``line`` (chance cards skipped)."""
    node = 0
    for tok in line.split():
        while tree.kind[node] == CHANCE:
            node = int(tree.first_child[node])
        try:
            parse_card(tok)
            continue  # a card: locks hold on every card
        except ValueError:
            pass
        try:
            node = tree.child(node, tok)
        except ValueError as exc:
            raise SpotError(f"lock line {line!r}: {exc}") from None
    while tree.kind[node] == CHANCE:
        node = int(tree.first_child[node])
    if tree.kind[node] != DECISION:
        raise SpotError(f"lock line {line!r}: not a decision")
    return node


def _row(tree: Tree, node: int, probs: dict[str, float], where: str) -> np.ndarray:
    v = np.zeros(int(tree.num_children[node]))
    for a, pr in probs.items():
        try:
            idx = tree.child(node, a) - int(tree.first_child[node])
        except ValueError as exc:
            raise SpotError(f"{where}: {exc}") from None
        v[idx] += pr
    _whole(float(v.sum()), where)
    return v / v.sum()


def build_locks(tree: Tree, deal: Deal, locks: list[Lock]) -> dict[int, np.ndarray]:
    """Per node, the ``(actions, hands)`` locked strategy (several locks on a node combine)."""
    out: dict[int, np.ndarray] = {}
    for lk in locks:
        node = find_node(tree, lk.line)
        q = int(tree.player[node])
        n = deal.num_hands[q]
        if node not in out:
            out[node] = np.full((int(tree.num_children[node]), n), np.nan)
        arr = out[node]

        if lk.default:
            arr[:, :] = _row(tree, node, lk.default, f"lock {lk.line!r}")[:, None]
        for hands, probs in lk.hands:
            try:
                w = parse_range(hands).weights
            except ValueError as exc:
                raise SpotError(f"lock {lk.line!r}: hands {hands!r}: {exc}") from None
            sel = w[deal.hands[q]] > 0
            if not sel.any():
                raise SpotError(f"lock {lk.line!r}: hands {hands!r} are not in the range")
            arr[:, sel] = _row(tree, node, probs, f"lock {lk.line!r}")[:, None]
    for node, arr in out.items():
        free = np.isnan(arr).any(axis=0)
        if free.any():
            # A locked node is locked for every combo: name the ones left out.
            raise SpotError(f"lock {' '.join(tree.line(node)) or '(root)'}: {int(free.sum())} combos "
                            "have no probabilities (give a default)")
    return out
