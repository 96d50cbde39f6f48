"""Sequence form of a flattened game (Koller, Megiddo, von Stengel): sequences, constraints
and the payoff matrix.

A player's sequences are the empty sequence (index 0) and one per (decision node, own hand,
action). A realisation plan ``x`` satisfies ``E x = e``: ``x[empty] = 1`` and, at every
information set, the probabilities of its actions sum to the parent sequence's. Player 0's
expected payoff is ``x^T A y``.

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> sf = SequenceForm.build(FlatGame.build(kuhn()))
>>> sf.num_sequences, sf.constraints[0].shape
((13, 13), (7, 13))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from pokerlab.equilibrium.flat import DECISION, TERMINAL, FlatGame


@dataclass(frozen=True, eq=False)
class SequenceForm:
    """Sequence-form data of ``flat``: ``constraints[p]`` (E or F), ``payoff`` (A)."""

    flat: FlatGame
    num_sequences: tuple[int, int]
    # seq_of_row[p][row, a]: sequence index of action a at strategy row `row` (player p's rows)
    seq_of_row: tuple[np.ndarray, np.ndarray]
    parent_seq: tuple[np.ndarray, np.ndarray]  # parent sequence of each row (per player's rows)
    constraints: tuple[sp.csr_matrix, sp.csr_matrix]
    payoff: sp.csr_matrix

    @staticmethod
    def build(flat: FlatGame) -> SequenceForm:
        """Enumerate sequences, constraint matrices and the payoff matrix of ``flat``."""
        f = flat
        if f.num_players != 2:
            raise ValueError(
                f"game: the sequence-form LP solves two-player zero-sum games; {f.game.name} has "
                f"{f.num_players} players (use cfr, cfr+ or dcfr)"
            )
        n = f.num_hands
        seq_of_row = (np.full((f.num_rows, f.max_actions), -1), np.full((f.num_rows, f.max_actions), -1))
        parent_seq = (np.full(f.num_rows, -1), np.full(f.num_rows, -1))
        count = [1, 1]
        # last[node][p] = the node's "last own action" for p as (decision node, action) or None.
        last: list[tuple[tuple[int, int] | None, tuple[int, int] | None]] = [(None, None)] * f.num_nodes
        rows_e: list[list[tuple[int, int, float]]] = [[(0, 0, 1.0)], [(0, 0, 1.0)]]
        num_infosets = [1, 1]

        def seq_index(p: int, owner: tuple[int, int] | None, h: int) -> int:
            if owner is None:
                return 0
            d, a = owner
            return int(seq_of_row[p][f.row_base[d] + h, a])

        for node in range(f.num_nodes):
            par = f.parent[node]
            if par >= 0:
                prev = list(last[par])
                if f.kind[par] == DECISION:
                    a = int(np.flatnonzero(f.children_of(par) == node)[0])
                    prev[f.player[par]] = (int(par), a)
                last[node] = (prev[0], prev[1])
            if f.kind[node] != DECISION:
                continue
            p = int(f.player[node])
            k = len(f.children_of(node))
            for h in range(n[p]):
                row = f.row_base[node] + h
                parent = seq_index(p, last[node][p], h)
                parent_seq[p][row] = parent
                r = num_infosets[p]
                num_infosets[p] += 1
                rows_e[p].append((r, parent, -1.0))
                for a in range(k):
                    seq_of_row[p][row, a] = count[p]
                    rows_e[p].append((r, count[p], 1.0))
                    count[p] += 1

        constraints = tuple(
            sp.csr_matrix(
                ([v for _, _, v in rows_e[p]], ([r for r, _, _ in rows_e[p]], [c for _, c, _ in rows_e[p]])),
                shape=(num_infosets[p], count[p]),
            )
            for p in (0, 1)
        )
        vals: list[np.ndarray] = []
        ri: list[np.ndarray] = []
        ci: list[np.ndarray] = []
        for node in np.flatnonzero(f.kind == TERMINAL):
            w = f.weighted_payoff[f.terminal_index[node]]
            h0, h1 = np.nonzero(w)
            if len(h0) == 0:
                continue
            s0 = np.array([seq_index(0, last[node][0], h) for h in range(n[0])])
            s1 = np.array([seq_index(1, last[node][1], h) for h in range(n[1])])
            vals.append(w[h0, h1])
            ri.append(s0[h0])
            ci.append(s1[h1])
        empty = [np.zeros(0, dtype=np.int64)]
        payoff = sp.coo_matrix(
            (
                np.concatenate(vals or [np.zeros(0)]),
                (np.concatenate(ri or empty), np.concatenate(ci or empty)),
            ),
            shape=(count[0], count[1]),
        ).tocsr()  # duplicate entries are summed
        return SequenceForm(
            flat=f,
            num_sequences=(count[0], count[1]),
            seq_of_row=seq_of_row,
            parent_seq=parent_seq,
            constraints=(constraints[0], constraints[1]),
            payoff=payoff,
        )

    def behaviour(self, player: int, plan: np.ndarray, probs: np.ndarray) -> None:
        """Write ``player``'s behaviour strategy from realisation ``plan`` into ``probs`` rows
        (uniform where the parent sequence has probability zero)."""
        f = self.flat
        for d in f.decision_nodes(player):
            k = len(f.children_of(d))
            for h in range(f.num_hands[player]):
                row = f.row_base[d] + h
                seqs = self.seq_of_row[player][row, :k]
                x = np.clip(plan[seqs], 0.0, None)
                total = x.sum()
                probs[row, :k] = x / total if total > 1e-12 else 1.0 / k
