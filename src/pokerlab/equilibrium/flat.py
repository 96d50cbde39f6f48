"""A game flattened into arrays, the form every solver and evaluator works on.

Nodes are numbered in pre-order (a parent before its children). Chance is folded into the
terminals: each terminal ``t`` holds ``terminal_payoff[t, p, a, j]`` = prior of the deal x
probability of the public chance outcomes on the way x payoff to player ``p``, over every
deal of private states: ``j`` is the last player's hand and ``a`` numbers the other players'
hands in C order (``a = h0`` with two players: ``terminal_payoff[t, 0]`` is player 0's payoff
matrix, :attr:`FlatGame.weighted_payoff`). The counterfactual value of a player's hand at a
terminal sums these entries weighted by the other players' reach probabilities: with two
players, one matrix-vector product per terminal; the innermost loop runs along the last
player's hands, contiguous in memory, for any number of players.

Strategies live in one array of rows: decision node ``d`` of player ``p`` owns the rows
``row_base[d] .. row_base[d] + n_p - 1`` (one per private state of ``p``); column ``a`` is the
probability of the node's ``a``-th child. Where a decision's ``info`` groups private states
(:class:`~pokerlab.equilibrium.game.Decision`), ``row_group[row]`` is the group's first row,
whose strategy every row of the group plays (``row_group[row] == row`` elsewhere).

Examples
--------
>>> from pokerlab.equilibrium.games import kuhn
>>> flat = FlatGame.build(kuhn())
>>> flat.num_hands, flat.num_nodes, flat.num_rows, flat.terminal_payoff.shape
((3, 3), 9, 12, (5, 2, 3, 3))
>>> flat.history(flat.children_of(0)[1])
('bet',)
>>> FlatGame.build(kuhn(players=3)).terminal_payoff.shape  # players 0 and 1: 4 x 4 pairs of cards
(13, 3, 16, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.equilibrium.game import Chance, Decision, Game, Node, Terminal

DECISION, CHANCE, TERMINAL = 0, 1, 2


@dataclass(frozen=True, eq=False)
class FlatGame:
    """Array form of a :class:`~pokerlab.equilibrium.game.Game` (see module docstring)."""

    game: Game
    num_hands: tuple[int, ...]
    kind: np.ndarray  # (nodes,) DECISION / CHANCE / TERMINAL
    player: np.ndarray  # (nodes,) acting player at decisions, -1 elsewhere
    parent: np.ndarray  # (nodes,) -1 at the root
    child_start: np.ndarray  # (nodes + 1,) children of n are child_list[child_start[n]:child_start[n+1]]
    child_list: np.ndarray
    row_base: np.ndarray  # (nodes,) first strategy row of a decision node, -1 elsewhere
    terminal_index: np.ndarray  # (nodes,) index into terminal_payoff, -1 elsewhere
    terminal_payoff: np.ndarray  # (terminals, players, hands of all but the last player, last's hands)
    prefix_hands: np.ndarray  # (hands of all but the last player, players - 1): the hands of index a
    labels: tuple[str, ...]  # label of the edge into each node ("" at the root)
    num_rows: int
    max_actions: int
    row_actions: np.ndarray  # (rows,) number of actions of each strategy row
    row_player: np.ndarray  # (rows,) player owning each strategy row
    row_group: np.ndarray  # (rows,) the first row of each row's information group (itself if alone)

    @staticmethod
    def build(game: Game) -> FlatGame:
        """Flatten ``game`` (checks players, probabilities and payoff shapes on the way)."""
        shape = game.num_hands
        players = len(shape)
        prior = np.asarray(game.prior, dtype=float)
        kind: list[int] = []
        player: list[int] = []
        parent: list[int] = []
        labels: list[str] = []
        children: list[list[int]] = []
        payoffs: list[np.ndarray] = []
        terminal_index: list[int] = []
        infos: dict[int, np.ndarray] = {}

        # Explicit stack instead of recursion: long betting sequences must not hit Python's limit.
        stack: list[tuple[Node, int, str, np.ndarray]] = [(game.root, -1, "", prior)]
        while stack:
            node, par, label, weight = stack.pop()
            me = len(kind)
            parent.append(par)
            labels.append(label)
            children.append([])
            terminal_index.append(-1)
            if par >= 0:
                children[par].append(me)
            if isinstance(node, Terminal):
                kind.append(TERMINAL)
                player.append(-1)
                terminal_index[me] = len(payoffs)
                payoffs.append(weight * _terminal_payoffs(node, shape, _path(labels, parent, me)))
            elif isinstance(node, Decision):
                if not (isinstance(node.player, int | np.integer) and 0 <= node.player < players):
                    raise ValueError(
                        f"decision {_path(labels, parent, me)}: player must be one of 0 .. "
                        f"{players - 1}, not {node.player!r}"
                    )
                if not node.children:
                    raise ValueError(f"decision {_path(labels, parent, me)}: no actions")
                kind.append(DECISION)
                player.append(int(node.player))
                if node.info is not None:
                    info = np.asarray(node.info)
                    if info.shape != (shape[node.player],):
                        raise ValueError(f"decision {_path(labels, parent, me)}: info needs one "
                                         f"entry per private state ({shape[node.player]})")
                    infos[me] = info
                # Reversed so that the stack pops children in their given order.
                for lab, child in reversed(list(node.children.items())):
                    stack.append((child, me, lab, weight))
            elif isinstance(node, Chance):
                if not node.outcomes:
                    raise ValueError(f"chance {_path(labels, parent, me)}: no outcomes")
                kind.append(CHANCE)
                player.append(-1)
                items = list(node.outcomes.items())
                probs = []
                for lab, (prob, _child) in items:
                    p = np.broadcast_to(np.asarray(prob, dtype=float), shape)
                    if (p < 0).any():
                        raise ValueError(
                            f"chance {_path(labels, parent, me)}: outcome {lab!r} has a "
                            "negative probability"
                        )
                    probs.append(p)
                if not np.allclose(np.sum(probs, axis=0)[prior > 0], 1.0, atol=1e-9):
                    raise ValueError(
                        f"chance {_path(labels, parent, me)}: outcome probabilities do not "
                        "sum to 1 for every deal of hands"
                    )
                for (lab, (_prob, child)), p in reversed(list(zip(items, probs, strict=True))):
                    stack.append((child, me, lab, weight * p))
            else:
                raise ValueError(f"node {_path(labels, parent, me)}: not a Decision, Chance or Terminal")

        num = len(kind)
        child_start = np.zeros(num + 1, dtype=np.int64)
        for i, ch in enumerate(children):
            child_start[i + 1] = child_start[i] + len(ch)
        child_list = np.array([c for ch in children for c in ch], dtype=np.int64)
        row_base = np.full(num, -1, dtype=np.int64)
        rows = 0
        for i in range(num):
            if kind[i] == DECISION:
                row_base[i] = rows
                rows += shape[player[i]]
        max_actions = max(
            (len(children[i]) for i in range(num) if kind[i] == DECISION), default=1
        )
        row_group = np.arange(rows, dtype=np.int64)
        for node_id, info in infos.items():
            base = row_base[node_id]
            first: dict[object, int] = {}
            for h, key in enumerate(info.tolist()):
                row_group[base + h] = base + first.setdefault(key, h)
        row_actions = np.zeros(rows, dtype=np.int64)
        row_player = np.zeros(rows, dtype=np.int64)
        for i in range(num):
            if kind[i] == DECISION:
                n = shape[player[i]]
                row_actions[row_base[i] : row_base[i] + n] = len(children[i])
                row_player[row_base[i] : row_base[i] + n] = player[i]
        grid = (len(payoffs), players, int(np.prod(shape[:-1])), shape[-1])
        terminal_payoff = np.array(payoffs, dtype=float).reshape(grid)
        return FlatGame(
            game=game,
            num_hands=tuple(shape),
            kind=np.array(kind, dtype=np.int64),
            player=np.array(player, dtype=np.int64),
            parent=np.array(parent, dtype=np.int64),
            child_start=child_start,
            child_list=child_list,
            row_base=row_base,
            terminal_index=np.array(terminal_index, dtype=np.int64),
            terminal_payoff=np.ascontiguousarray(terminal_payoff),
            prefix_hands=np.indices(shape[:-1]).reshape(players - 1, -1).T.copy(),
            labels=tuple(labels),
            num_rows=rows,
            max_actions=max_actions,
            row_actions=row_actions,
            row_player=row_player,
            row_group=row_group,
        )

    @property
    def num_players(self) -> int:
        """Number of players."""
        return len(self.num_hands)

    @property
    def grouped(self) -> bool:
        """Whether some decision groups private states (a ``Decision.info``)."""
        return bool((self.row_group != np.arange(self.num_rows)).any())

    def tie(self, probs: np.ndarray) -> np.ndarray:
        """``probs`` with every row replaced by its group's first row (a copy)."""
        return np.ascontiguousarray(probs[self.row_group])

    @property
    def hand_counts(self) -> np.ndarray:
        """``num_hands`` as an array (what the kernels take)."""
        return np.array(self.num_hands, dtype=np.int64)

    @property
    def weighted_payoff(self) -> np.ndarray:
        """Two-player games: ``W[t, h0, h1]``, player 0's weighted payoff at terminal ``t``
        (player 1's is ``-W``)."""
        if self.num_players != 2:
            raise ValueError(
                f"game: payoff matrices need two players, {self.game.name} has {self.num_players}"
            )
        return self.terminal_payoff[:, 0]

    @property
    def num_nodes(self) -> int:
        """Number of public nodes."""
        return len(self.kind)

    def children_of(self, node: int) -> np.ndarray:
        """Children of ``node`` in their given order."""
        return self.child_list[self.child_start[node] : self.child_start[node + 1]]

    def actions_of(self, node: int) -> tuple[str, ...]:
        """Labels of the children of ``node``."""
        return tuple(self.labels[c] for c in self.children_of(node))

    def history(self, node: int) -> tuple[str, ...]:
        """Labels of the edges from the root to ``node`` (chance outcomes included)."""
        out: list[str] = []
        while self.parent[node] >= 0:
            out.append(self.labels[node])
            node = int(self.parent[node])
        return tuple(reversed(out))

    def node_at(self, history: tuple[str, ...] | list[str]) -> int:
        """The node reached by following the labels of ``history`` from the root."""
        node = 0
        for step, lab in enumerate(history):
            for c in self.children_of(node):
                if self.labels[c] == lab:
                    node = int(c)
                    break
            else:
                raise ValueError(
                    f"history: no action {lab!r} after {tuple(history[:step])!r} "
                    f"(have {self.actions_of(node)!r})"
                )
        return node

    def decision_nodes(self, player: int | None = None) -> np.ndarray:
        """Decision nodes (of ``player`` if given), in pre-order."""
        mask = self.kind == DECISION
        if player is not None:
            mask &= self.player == player
        return np.flatnonzero(mask)

    def uniform_strategy(self) -> np.ndarray:
        """Rows of the uniform behaviour strategy (zeros in unused columns)."""
        mask = np.arange(self.max_actions) < self.row_actions[:, None]
        return mask / self.row_actions[:, None]


def _terminal_payoffs(node: Terminal, shape: tuple[int, ...], where: str) -> np.ndarray:
    """Each player's payoff at every deal of hands, ``(players, *shape)``."""
    players = len(shape)
    if players == 2:  # player 0's payoff; player 1 gets the negative (zero-sum)
        entries = [node.payoff]
    else:
        entries = list(node.payoff) if isinstance(node.payoff, list | tuple | np.ndarray) else []
        if len(entries) != players:
            raise ValueError(f"terminal {where}: payoff needs one entry per player ({players})")
    out = []
    for entry in entries:
        try:
            out.append(np.broadcast_to(np.asarray(entry, dtype=float), shape))
        except ValueError as exc:
            raise ValueError(f"terminal {where}: payoff does not fit {shape}") from exc
    if players == 2:
        out.append(-out[0])
    return np.stack(out)


def _path(labels: list[str], parent: list[int], node: int) -> str:
    out: list[str] = []
    while node >= 0 and parent[node] >= 0:
        out.append(labels[node])
        node = parent[node]
    return "/".join(reversed(out)) or "<root>"
