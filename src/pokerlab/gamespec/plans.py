"""Action sequences (plans) of each player and the outcome table of a game (steps 910/915).

A hand follows one *plan*: an action at every one of the player's decisions that its own
earlier actions leave reachable. A player's decisions fall into *branches*: the subtrees under
each of the player's first decisions (P1 has one, the opening; P2 has one per P1 opening
action that gives P2 a move; with three players P3 has one per betting history that reaches
it first). Plans are chosen branch by branch, so a full plan is one
:class:`BranchPlan` per branch, and each branch has its own axis of dividing points.

A branch plan is named by its action sequence as the patent writes it ("bet-call",
"pass-raise-fold"); when the reachable decisions do not form one chain the name lists them as
``[history] action; ...``.

Examples
--------
>>> from pokerlab.gamespec.registry import builtin_game
>>> g = builtin_game("patent-raise")
>>> [b.key for b in branches(g, 2)]
['pass', 'bet']
>>> [p.label for p in branch_plans(g, branches(g, 1)[0])]
['pass-fold', 'pass-call', 'bet-fold', 'bet-call', 'bet-reraise']
>>> rows = outcome_table(g)
>>> [(r.p1_sequence, r.p2_sequence, r.kind) for r in rows][:3]
[('pass', 'pass', 'showdown'), ('pass-fold', 'bet', 'fold'), ('pass-call', 'bet', 'showdown')]
>>> rows[1].describe()
'P2 wins P/2'
>>> three = outcome_table(builtin_game("patent-no-raise-3p"))
>>> [(r.sequences, r.describe()) for r in three][1:3]
[(('bet', 'fold', 'fold'), 'P1 wins 2*P/3'), (('bet', 'fold', 'call'), 'High hand of P1, P3 wins 2*P/3 + 1')]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy

from pokerlab.gamespec.game import BettingGame, Node, Terminal, folded_players, is_decision, is_terminal

History = tuple[str, ...]


def history_key(history: History) -> str:
    """The betting history as text: actions joined by '-' ('' at the root)."""
    return "-".join(history)


@dataclass(frozen=True)
class Branch:
    """One of a player's first decisions: the subtree where a separate axis of plans lives."""

    player: int
    history: History

    @property
    def key(self) -> str:
        """The branch's name: the betting history before the player's first decision here."""
        return history_key(self.history)


@dataclass(frozen=True)
class BranchPlan:
    """The actions a hand takes at the reachable decisions of one branch."""

    branch: Branch
    actions: tuple[tuple[History, str], ...]  # (decision history, action), by history

    def action_at(self, history: History) -> str | None:
        """The action at the decision with this history, or None if the plan never reaches it."""
        for h, a in self.actions:
            if h == history:
                return a
        return None

    @property
    def label(self) -> str:
        """The action sequence as the patent names it ('bet-call'), or a list when branched."""
        hs = [h for h, _ in self.actions]
        chain = all(hs[i] == hs[i + 1][: len(hs[i])] for i in range(len(hs) - 1))
        if chain:
            return "-".join(a for _, a in self.actions)
        return "; ".join(f"[{history_key(h)}] {a}" for h, a in self.actions)


def _node_at(game: BettingGame, history: History) -> Node:
    node = game.root
    for action in history:
        assert is_decision(node)
        node = node.children[action]
    return node


def branches(game: BettingGame, player: int) -> list[Branch]:
    """The player's first decisions (in tree order: children in their listed order)."""
    found: list[Branch] = []

    def walk(history: History, node: Node) -> None:
        if is_terminal(node):
            return
        if node.player == player:
            found.append(Branch(player, history))
            return
        for action, child in node.children.items():
            walk((*history, action), child)

    walk((), game.root)
    return found


def branch_plans(game: BettingGame, branch: Branch) -> list[BranchPlan]:
    """Every plan of ``branch``: all choices at the decisions a hand can reach."""

    def plans(history: History, node: Node) -> list[list[tuple[History, str]]]:
        if is_terminal(node):
            return [[]]
        if node.player == branch.player:
            out = []
            for action, child in node.children.items():
                for rest in plans((*history, action), child):
                    out.append([(history, action), *rest])
            return out
        per_child = [plans((*history, a), c) for a, c in node.children.items()]
        return [[x for part in combo for x in part] for combo in itertools.product(*per_child)]

    result = []
    for choice in plans(branch.history, _node_at(game, branch.history)):
        result.append(BranchPlan(branch, tuple(sorted(choice, key=lambda ha: (len(ha[0]), ha[0])))))
    return result


def own_sequence(history: History, player: int, game: BettingGame) -> str:
    """The player's own actions along a betting history, joined by '-' (the patent's sequence)."""
    node = game.root
    own = []
    for action in history:
        assert is_decision(node)
        if node.player == player:
            own.append(action)
        node = node.children[action]
    return "-".join(own)


@dataclass(frozen=True)
class OutcomeRow:
    """One resolution of the game (a row of the patent's Table 10).

    ``payoff_if_p1_higher`` and ``payoff_if_p2_higher`` are P1's payoffs in a two-player
    game (None with more players); ``sequences`` has every player's action sequence.
    """

    history: History
    p1_sequence: str
    p2_sequence: str
    kind: str  # "fold" or "showdown"
    terminal: Terminal
    payoff_if_p1_higher: sympy.Expr | None
    payoff_if_p2_higher: sympy.Expr | None
    sequences: tuple[str, ...] = ()

    def describe(self) -> str:
        """The outcome as the patent words it ('P2 wins P/2', 'High hand wins P/2 + 1').

        The amount is what the winner gains: the others' contributions (the pot minus its
        own). With more than two players a showdown names the players in it.
        """
        contributions = [sympy.sympify(c) for c in self.terminal.contributions]
        out = folded_players(self.terminal)
        live = [p for p in range(1, len(contributions) + 1) if p not in out]
        # at a showdown every live player has put in the same; a lone survivor may have put in more
        gain = sum(contributions) - contributions[live[0] - 1]
        if len(live) == 1:
            return f"P{live[0]} wins {gain}"
        if len(contributions) == 2:
            return f"High hand wins {gain}"
        return f"High hand of {', '.join(f'P{p}' for p in live)} wins {gain}"


def outcome_table(game: BettingGame) -> list[OutcomeRow]:
    """Every terminal with each player's action sequence and payoffs (steps 910/915)."""
    rows = []
    two = game.players == 2
    for history, node in game.nodes():
        if is_terminal(node):
            sequences = tuple(own_sequence(history, p, game) for p in range(1, game.players + 1))
            rows.append(
                OutcomeRow(
                    history,
                    sequences[0],
                    sequences[1],
                    "fold" if folded_players(node) else "showdown",
                    node,
                    sympy.sympify(game.payoff_to_p1(node, True)) if two else None,
                    sympy.sympify(game.payoff_to_p1(node, False)) if two else None,
                    sequences,
                )
            )
    return rows


FullPlan = tuple[BranchPlan, ...]


def play_history(
    game: BettingGame, plan1: FullPlan, plan2: FullPlan, *more: FullPlan
) -> tuple[History, Terminal]:
    """The betting history and terminal reached when P1 follows ``plan1``, P2 ``plan2``, P3
    the first of ``more``..."""
    node = game.root
    history: History = ()
    plans = dict(enumerate((plan1, plan2, *more), start=1))
    while is_decision(node):
        action = None
        for bp in plans[node.player]:
            action = bp.action_at(history)
            if action is not None:
                break
        if action is None:
            raise ValueError(f"plan has no action at decision '{history_key(history)}'")
        history = (*history, action)
        node = node.children[action]
    return history, node


def play(game: BettingGame, plan1: FullPlan, plan2: FullPlan, *more: FullPlan) -> Terminal:
    """The terminal reached when every player follows its plan (one plan per branch)."""
    return play_history(game, plan1, plan2, *more)[1]
