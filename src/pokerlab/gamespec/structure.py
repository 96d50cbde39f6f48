"""Threshold structures: each branch's axis of action sequences and one order of all dividing points.

This is the patent's step 925/930 (and the input of FIG. 31, step 3100/3105): on every branch
axis (see :mod:`pokerlab.gamespec.plans`) a run of intervals, each with a plan, separated by
named thresholds; and one relative order of the thresholds of all players, ``<=`` where two
may coincide. Splitting [0, 1] at every threshold of every player gives *segments*; on each
segment every branch of every player has a fixed plan.

Examples
--------
>>> from pokerlab.gamespec.registry import builtin_game
>>> g = builtin_game("patent-no-raise")
>>> s = declared_structure(g)
>>> s.order_text()
'b1 < C2 < B1'
>>> [(t.name, t.player, t.below.label, t.above.label) for t in s.thresholds]
[('b1', 1, 'bet', 'pass'), ('C2', 2, 'fold', 'call'), ('B1', 1, 'pass', 'bet')]
>>> [[bp.label for bp in seg] for seg in s.segment_plans(1)]
[['bet'], ['pass'], ['pass'], ['bet']]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pokerlab.gamespec.game import BettingGame, DeclaredOrder
from pokerlab.gamespec.plans import Branch, BranchPlan, branch_plans, branches

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Threshold:
    """A dividing point between two adjacent intervals of one branch axis."""

    name: str
    player: int
    branch: Branch
    below: BranchPlan
    above: BranchPlan


@dataclass(frozen=True)
class Structure:
    """Branch axes (plans from hand 0 to hand 1) and all thresholds in one relative order.

    ``players`` is the number of players of the game (2 for the patent's games).
    """

    axes: dict[Branch, tuple[BranchPlan, ...]]
    thresholds: tuple[Threshold, ...]  # increasing
    ties: tuple[bool, ...]  # ties[k]: thresholds[k] <= thresholds[k + 1] (may coincide)
    players: int = 2

    @property
    def names(self) -> list[str]:
        """Threshold names in order."""
        return [t.name for t in self.thresholds]

    def order_text(self) -> str:
        """The order as the patent writes it: 'r2 < b1 < ... C2 <= C1 < ...'."""
        out = self.thresholds[0].name if self.thresholds else ""
        for k in range(1, len(self.thresholds)):
            out += (" <= " if self.ties[k - 1] else " < ") + self.thresholds[k].name
        return out

    def player_branches(self, player: int) -> list[Branch]:
        """The player's branches, in tree order."""
        return [b for b in self.axes if b.player == player]

    def segment_plans(self, player: int) -> list[tuple[BranchPlan, ...]]:
        """For each of the n+1 segments, the player's plan on every branch (a full plan)."""
        result = []
        own = self.player_branches(player)
        counts = dict.fromkeys(own, 0)
        for k in range(len(self.thresholds) + 1):
            if k > 0:
                t = self.thresholds[k - 1]
                if t.player == player:
                    counts[t.branch] += 1
            result.append(tuple(self.axes[b][counts[b]] for b in own))
        return result

    def axis_text(self, branch: Branch) -> str:
        """The branch axis as text: 'bet | b1 | pass | B1 | bet'."""
        names = [t.name for t in self.thresholds if t.branch == branch]
        parts = [self.axes[branch][0].label]
        for name, plan in zip(names, self.axes[branch][1:], strict=True):
            parts += [name, plan.label]
        return " | ".join(parts)


def _plan_by_label(plans: list[BranchPlan], label: str, where: str) -> BranchPlan:
    for wanted in (label.strip(), re.sub(r"\bcheck\b", "pass", label.strip())):  # check = pass
        for plan in plans:
            if plan.label == wanted:
                return plan
    known = ", ".join(p.label for p in plans)
    raise ValueError(f"{where}: unknown action sequence {label.strip()!r} (known: {known})")


def parse_structure(game: BettingGame, declared: DeclaredOrder) -> Structure:
    """Read a declared structure, checking every name, action sequence and the order.

    Errors name the offending field (``order.player2.bet``, ``order.order``).
    """
    axes: dict[Branch, tuple[BranchPlan, ...]] = {}
    by_name: dict[str, Threshold] = {}
    branch_names: dict[Branch, list[str]] = {}
    for player in range(1, game.players + 1):
        known = {b.key: b for b in branches(game, player)}
        given = declared.axes.get(player, {})
        for key in given:
            if key not in known:
                shown = ", ".join(repr(k or "start") for k in known)
                raise ValueError(
                    f"order.player{player}.{key or 'start'}: no such branch (P{player} branches: {shown})"
                )
        for key, branch in known.items():
            where = f"order.player{player}.{key or 'start'}"
            plans = branch_plans(game, branch)
            if key not in given:
                if len(plans) == 1:
                    axes[branch] = (plans[0],)
                    branch_names[branch] = []
                    continue
                raise ValueError(f"{where}: missing axis for this branch")
            tokens = [tok.strip() for tok in given[key].split("|")]
            if len(tokens) % 2 == 0:
                raise ValueError(f"{where}: an axis alternates sequences and names, sequence first and last")
            intervals = tuple(_plan_by_label(plans, tok, where) for tok in tokens[0::2])
            names = tokens[1::2]
            for name, lo, hi in zip(names, intervals, intervals[1:], strict=False):
                if not _NAME.fullmatch(name):
                    raise ValueError(f"{where}: bad threshold name {name!r}")
                if name in by_name:
                    raise ValueError(f"{where}: threshold name {name!r} used twice")
                if lo == hi:
                    raise ValueError(f"{where}: {name!r} separates two equal sequences {lo.label!r}")
                by_name[name] = Threshold(name, player, branch, lo, hi)
            axes[branch] = intervals
            branch_names[branch] = names
    tokens = re.split(r"\s*(<=|<)\s*", declared.order.strip())
    names = [t for t in tokens[0::2] if t not in ("0", "1")]
    ties_tokens = tokens[1::2]
    if tokens and tokens[0] == "0":
        ties_tokens = ties_tokens[1:]
    if tokens and tokens[-1] == "1":
        ties_tokens = ties_tokens[:-1]
    for name in names:
        if name not in by_name:
            raise ValueError(f"order.order: {name!r} is not a threshold of any axis")
    missing = set(by_name) - set(names)
    if missing:
        raise ValueError(f"order.order: {sorted(missing)[0]!r} is missing from the order")
    if len(set(names)) != len(names):
        raise ValueError("order.order: a threshold appears twice")
    position = {n: i for i, n in enumerate(names)}
    for bnames in branch_names.values():
        if [position[n] for n in bnames] != sorted(position[n] for n in bnames):
            raise ValueError(f"order.order: {', '.join(bnames)} must appear in their axis order")
    ties = tuple(t == "<=" for t in ties_tokens)
    return Structure(axes, tuple(by_name[n] for n in names), ties, game.players)


def declared_structure(game: BettingGame) -> Structure:
    """The structure the game declares (the patent's, for the built-in games)."""
    if game.declared is None:
        raise ValueError(f"game {game.name!r} declares no order: use discovery (--discover-order)")
    return parse_structure(game, game.declared)


def reorder(structure: Structure, names: list[str], ties: list[bool] | None = None) -> Structure:
    """The same axes with the thresholds in another relative order (each branch kept sorted)."""
    by_name = {t.name: t for t in structure.thresholds}
    out = tuple(by_name[n] for n in names)
    for branch in structure.axes:
        own = [t.name for t in structure.thresholds if t.branch == branch]
        if [n for n in names if n in own] != own:
            raise ValueError("reorder: a branch's thresholds would change their own order")
    ties_ = tuple(ties or [False] * max(len(names) - 1, 0))
    return Structure(structure.axes, out, ties_, structure.players)
