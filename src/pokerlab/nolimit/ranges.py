"""The blueprint's pre-flop ranges for people: the grids of a decision, and the two ranges a
pre-flop line hands to a post-flop spot.

At a pre-flop decision (a *line* in ACPC's no-limit letters, :mod:`pokerlab.nolimit.blueprint`)
:func:`preflop_ranges` gives the player to act, the pot, each class's frequency of each action
(the 13x13 grids), each class's *reach* (the probability that the player's own earlier actions
were played with it) and the range's size: the share of the 1,326 holdings reaching the
decision, each weighted by its reach, and per action by its reach times the action's frequency
(in % of all holdings; the actions' sizes add up to the range's). :func:`preflop_lines` lists
the tree's pre-flop decisions with what was played to reach them.

:func:`spot_start` reads a line where the pre-flop betting ends with a call (``"r250c"``: the
button opens to 2.5 big blinds, the big blind calls) as the start of a spot
(:mod:`pokerlab.spot.spec`): the pot and the effective stack behind in big blinds, and both
ranges on the board (each combo weighted as :meth:`~pokerlab.nolimit.blueprint.Blueprint.ranges`
weighs it). After the flop the big blind acts first: it is the spot's OOP, the button IP.

Examples
--------
>>> from pokerlab.nolimit.blueprint import Blueprint
>>> r = preflop_ranges(Blueprint.load(), "r250")
>>> r.who, r.pot_bb, r.actions
('big blind', 3.5, ('fold', 'call', 'raise 7.5bb', 'all-in 200bb'))
>>> r.range_pct, round(float(r.action_pct.sum()), 6)
(100.0, 100.0)
>>> s = spot_start("r250c", [0, 1, 2])
>>> s.pot, s.stack, s.oop_range.shape
(5.0, 197.5, (1326,))
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.equilibrium.betting_tree import DECISION, FOLD_NODE
from pokerlab.errors import UserError
from pokerlab.nolimit.blueprint import Blueprint

POSITIONS: tuple[str, ...] = ("big blind", "button")
"""The engine's positions heads-up by number: 0 the big blind, 1 the button (the small blind,
first to act pre-flop, last after the flop)."""
SHORT: tuple[str, ...] = ("BB", "BTN")
"""The positions' short names, as the steps of a line write them."""


@dataclass(frozen=True)
class PreflopLine:
    """A pre-flop decision of the tree: its line, who acts, the pot and the actions that led
    there (``"BTN raise 2.5bb"``, ...)."""

    line: str
    who: str
    pot_bb: float
    steps: tuple[str, ...]

    @property
    def label(self) -> str:
        """One line for a list: ``"r250: BB to act after BTN raise 2.5bb (pot 3.5bb)"``."""
        after = f" after {', '.join(self.steps)}" if self.steps else " first"
        who = SHORT[POSITIONS.index(self.who)]
        return f"{self.line or '(root)'}: {who} to act{after} (pot {_bb(self.pot_bb)}bb)"

    def as_dict(self) -> dict[str, Any]:
        """Plain data: the line, who acts, the pot, the steps and :attr:`label`."""
        return {"line": self.line, "who": self.who, "pot_bb": self.pot_bb, "steps": list(self.steps),
                "label": self.label}


@dataclass(frozen=True)
class PreflopRanges:
    """A pre-flop decision's grids and sizes (module docstring).

    Attributes
    ----------
    line : str
        The decision's line.
    who : str
        The player to act (:data:`POSITIONS`).
    pot_bb, to_call_bb : float
        The pot and what the player must add to call, in big blinds.
    steps : tuple of str
        The actions that led here, each with its player (``"BTN raise 2.5bb"``).
    actions : tuple of str
        The legal actions' labels (:meth:`~pokerlab.nolimit.blueprint.Blueprint.labels`).
    frequency : numpy.ndarray
        ``(169, actions)``: each class's frequency of each action
        (:data:`~pokerlab.cards.PREFLOP_CLASSES` order).
    reach : numpy.ndarray
        ``(169,)``: the probability that the player's own actions so far were played with the
        class (1 at its first decision).
    range_pct : float
        The range's size: the reach-weighted share of the 1,326 holdings, in %.
    action_pct : numpy.ndarray
        ``(actions,)``: each action's share of all holdings (reach times frequency), in %.
    opponent_pct : float
        The opponent's range's size in the same terms.
    """

    line: str
    who: str
    pot_bb: float
    to_call_bb: float
    steps: tuple[str, ...]
    actions: tuple[str, ...]
    frequency: np.ndarray
    reach: np.ndarray
    range_pct: float
    action_pct: np.ndarray
    opponent_pct: float

    def frequencies(self, action: int) -> dict[str, float]:
        """Each class's frequency of action number ``action``, by class name."""
        return dict(zip(PREFLOP_CLASSES, (float(x) for x in self.frequency[:, action]), strict=True))

    def reaches(self) -> dict[str, float]:
        """Each class's reach, by class name."""
        return dict(zip(PREFLOP_CLASSES, (float(x) for x in self.reach), strict=True))

    def as_dict(self) -> dict[str, Any]:
        """Plain data: the decision, the sizes (``sizes_pct`` by action label), and per class
        its reach and its frequency of each action (``frequencies[class][label]``)."""
        return {
            "line": self.line,
            "who": self.who,
            "pot_bb": self.pot_bb,
            "to_call_bb": self.to_call_bb,
            "steps": list(self.steps),
            "actions": list(self.actions),
            "range_pct": self.range_pct,
            "sizes_pct": {a: float(p) for a, p in zip(self.actions, self.action_pct, strict=True)},
            "opponent_range_pct": self.opponent_pct,
            "reach": self.reaches(),
            "frequencies": {name: {a: float(p) for a, p in zip(self.actions, row, strict=True)}
                            for name, row in zip(PREFLOP_CLASSES, self.frequency, strict=True)},
        }


def _bb(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _path(bp: Blueprint, node: int) -> list[tuple[int, int]]:
    """``(decision, column)`` pairs from the root down to ``node``."""
    tree = bp.tree
    out: list[tuple[int, int]] = []
    while tree.parent[node] >= 0:
        up = int(tree.parent[node])
        out.append((up, int(np.flatnonzero(tree.child[up] == node)[0])))
        node = up
    return out[::-1]


def _steps(bp: Blueprint, node: int) -> tuple[str, ...]:
    return tuple(f"{SHORT[int(bp.tree.actor[up])]} {bp.labels(up)[bp.columns(up).index(col)]}"
                 for up, col in _path(bp, node))


def _pot_bb(bp: Blueprint, node: int) -> float:
    return float(bp.tree.contrib[node].sum()) / bp.big_blind


def preflop_lines(bp: Blueprint) -> list[PreflopLine]:
    """Every pre-flop decision of the blueprint's tree, in the tree's order (a line before the
    lines that go on from it; fold, call, then the raises from the smallest)."""
    tree = bp.tree
    nodes = np.flatnonzero((tree.kind == DECISION) & (tree.round == 0))
    return [PreflopLine(tree.history(int(n)), POSITIONS[int(tree.actor[n])], _pot_bb(bp, int(n)),
                        _steps(bp, int(n))) for n in nodes]


def preflop_ranges(bp: Blueprint, line: str, option: str = "--line") -> PreflopRanges:
    """The grids and sizes of the pre-flop decision at ``line`` (module docstring); a line the
    tree does not hold, where the hand is over or past the flop is a
    :class:`~pokerlab.errors.UserError` naming ``option`` and the line."""
    node = bp.decision(line, option)
    tree = bp.tree
    if tree.round[node] != 0:
        raise UserError(f"{option} {line!r}: a post-flop decision; the grids are the pre-flop "
                        "decisions' (e.g. '' or 'r250')")
    actor = int(tree.actor[node])
    weights = bp.ranges(node)
    strategy = bp.combo_strategy(node)[:, bp.columns(node)]
    holdings = weights.shape[1]
    action_pct = 100.0 * (weights[actor][:, None] * strategy).sum(axis=0) / holdings
    contrib = tree.contrib[node]
    return PreflopRanges(
        line=tree.history(node),
        who=POSITIONS[actor],
        pot_bb=_pot_bb(bp, node),
        to_call_bb=float(contrib.max() - contrib[actor]) / bp.big_blind,
        steps=_steps(bp, node),
        actions=tuple(bp.labels(node)),
        frequency=bp.class_strategy(node),
        reach=bp.class_weights(weights[actor]),
        range_pct=100.0 * float(weights[actor].sum()) / holdings,
        action_pct=action_pct,
        opponent_pct=100.0 * float(weights[1 - actor].sum()) / holdings,
    )


@dataclass(frozen=True)
class SpotStart:
    """Where a pre-flop line hands over to a spot: the pot and the effective stack behind (big
    blinds) and the two ranges, ``(1326,)`` weights in [0, 1] (combos touching the board 0)."""

    line: str
    pot: float
    stack: float
    oop_range: np.ndarray
    ip_range: np.ndarray


def spot_start(line: str, board: list[int] | tuple[int, ...],
               blueprint: str | os.PathLike[str] | None = None, option: str = "preflop",
               file_option: str = "blueprint") -> SpotStart:
    """The spot that starts on ``board`` after the pre-flop ``line`` of ``blueprint`` (default
    the shipped one): the big blind's range is OOP's, the button's IP's. The line must end the
    pre-flop betting with a call (an all-in called leaves a stack of 0); anything else is a
    :class:`~pokerlab.errors.UserError` naming ``option`` (the file: ``file_option``)."""
    if not isinstance(line, str):
        raise UserError(f"{option}: {line!r} is not a line (ACPC letters, e.g. 'r250c')")
    bp = Blueprint.load(blueprint, option=file_option)
    node = bp.node(line, option)
    if len(board) != 3:
        raise UserError(f"{option} {line!r}: a pre-flop line starts a flop spot (3 board cards), "
                        f"not one of {len(board)}")
    tree = bp.tree
    path = _path(bp, node)
    if any(tree.round[up] > 0 for up, _ in path) or (tree.kind[node] == DECISION and tree.round[node] > 1):
        raise UserError(f"{option} {line!r}: the line goes past the flop; a spot starts at the flop, "
                        "give the pre-flop betting only (e.g. 'r250c')")
    if tree.kind[node] == FOLD_NODE:
        raise UserError(f"{option} {line!r}: the hand ends with a fold there; a spot starts where the "
                        "pre-flop betting ends with a call (e.g. 'r250c')")
    if tree.kind[node] == DECISION and tree.round[node] == 0:
        raise UserError(f"{option} {line!r}: the pre-flop betting goes on there (the "
                        f"{POSITIONS[int(tree.actor[node])]} acts); a spot starts where it ends with "
                        "a call (e.g. 'r250c')")
    ranges = bp.ranges(node, board)
    contrib = tree.contrib[node]
    bb = bp.big_blind
    return SpotStart(line=tree.history(node), pot=float(contrib.sum()) / bb,
                     stack=float(bp.betting.stack - contrib.max()) / bb,
                     oop_range=ranges[0], ip_range=ranges[1])
