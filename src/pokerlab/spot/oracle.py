"""The independent check of the spot solver: a small river spot solved exactly by the LP.

A river :class:`~pokerlab.spot.spec.Spot` with at most one bet size per player and one raise
size becomes a discrete game of the equilibrium engine
(:func:`pokerlab.equilibrium.games.river.river_game`: the engine's betting-round builder, its
pot settlement, its sequence-form LP). Nothing here uses the spot solver's tree, kernels or
best response: the two meet only in the numbers the tests compare.

Values are in the solver's convention: ``ev[p]`` is what player ``p`` takes from the pot at
the end minus what it put in during the spot, so ``ev[0] + ev[1] == pot`` (no rake).

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> spot = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100,
...                        "oop_range": "AT, 65", "ip_range": "77",
...                        "river": {"oop": {"bet": "100%"}}})
>>> lp = solve_spot_lp(spot)
>>> [round(x, 9) for x in lp.ev]
[7.5, 2.5]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from pokerlab.equilibrium.exploitability import exploitability
from pokerlab.equilibrium.flat import DECISION, FlatGame
from pokerlab.equilibrium.games.river import RiverGame, river_game
from pokerlab.equilibrium.lp import solve_lp
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.spot.spec import Size, Spot
from pokerlab.spot.threshold_reading import Decision


class OracleError(ValueError):
    """The spot is outside what the LP oracle builds (one line)."""


def _fraction(size: tuple[Size, ...], where: str) -> float | None:
    if not size:
        return None
    if len(size) > 1:
        raise OracleError(f"{where}: the LP oracle takes one size, not {len(size)}")
    s = size[0]
    if s.kind == "pct":
        return s.value / 100.0
    if s.kind == "allin":
        return float("inf")  # capped by the stack: all-in
    raise OracleError(f"{where}: the LP oracle takes a % of the pot or all-in, not {s}")


def river_game_of(spot: Spot) -> RiverGame:
    """The equilibrium engine's game of a small river ``spot``.

    Raises
    ------
    OracleError
        When the spot is not a river, has more than one size for a bet or a raise, a size
        other than a percentage or all-in, rake, or postflop-solver's all-in rules.
    """
    if spot.street != "river":
        raise OracleError(f"board: the LP oracle solves river spots, not a {spot.street}")
    if spot.rake_pct > 0:
        raise OracleError("rake_pct: the LP oracle has no rake")
    if spot.add_allin_threshold > 0 or spot.force_allin_threshold > 0 or spot.allin_threshold < 1:
        raise OracleError("all-in thresholds: the LP oracle takes only over-stack bets as all-in")
    bets = tuple(_fraction(spot.sizes("river", p).bet, f"river.{('oop', 'ip')[p]}.bet") for p in (0, 1))
    raises = [_fraction(spot.sizes("river", p).raise_, f"river.{('oop', 'ip')[p]}.raise") for p in (0, 1)]
    if raises[0] != raises[1]:
        raise OracleError("river.raise: the LP oracle takes the same raise size for both players (or none)")
    raise_size = raises[0]
    cap = spot.raise_cap if spot.raise_cap is not None else 64  # the stack ends it first
    return river_game(
        spot.board, spot.ranges, spot.pot, spot.stack, (bets[0], bets[1]), raise_size,
        raise_cap=cap,
    )  # fmt: skip


@dataclass(frozen=True, eq=False)
class OracleSolution:
    """The LP's equilibrium of a river spot.

    Attributes
    ----------
    river
        The game and its combos.
    value
        OOP's equilibrium payoff ``ev[0] - pot/2`` (HiGHS, tolerance 1e-9).
    ev
        Each player's EV in chips, OOP first (the solver's convention).
    strategy
        The LP's equilibrium profile on the game.
    """

    river: RiverGame
    value: float
    strategy: Strategy

    @property
    def ev(self) -> tuple[float, float]:
        """``(ev_oop, ev_ip)`` in chips; they sum to the pot."""
        half = self.river.pot / 2
        return (half + self.value, half - self.value)

    def combo_strategy(self, history: tuple[str, ...]) -> dict[str, np.ndarray]:
        """Each action's probability per combo (1,326 entries, NaN off the range) at ``history``."""
        flat = self.strategy.flat
        node = flat.node_at(tuple(history))
        player = int(flat.player[node])
        out = {}
        for action, probs in self.strategy.action_probabilities(history).items():
            full = np.full(1326, np.nan)
            full[self.river.combos[player]] = probs
            out[action] = full
        return out


    def decisions(self, strategy: Strategy | None = None) -> dict[tuple[str, ...], Decision]:
        """Every decision of the game with ``strategy`` (default: the LP's), keyed by line."""
        strategy = strategy or self.strategy
        flat = strategy.flat
        out = {}
        for node in np.flatnonzero(flat.kind == DECISION):
            n = int(node)
            block = strategy.node_block(n).copy()
            out[flat.history(n)] = Decision(int(flat.player[n]), tuple(flat.actions_of(n)), block)
        return out

    def weights(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's range weight per private state (the rows of the decisions)."""
        spot_ranges = self.river.range_weights
        return (spot_ranges[0], spot_ranges[1])

    def profile_strategy(self, profile: Mapping[tuple[str, ...], np.ndarray]) -> Strategy:
        """The game's strategy that plays ``profile`` (per line, ``(combos, actions)``)."""
        flat = self.strategy.flat
        probs = self.strategy.probs.copy()
        for node in np.flatnonzero(flat.kind == DECISION):
            block = np.asarray(profile[flat.history(int(node))], dtype=float)
            base = flat.row_base[node]
            probs[base : base + block.shape[0], : block.shape[1]] = block
        return Strategy(flat, probs)

    def exploitability_pct(self, profile: Mapping[tuple[str, ...], np.ndarray]) -> float:
        """Exploitability of ``profile`` (the gains of both best responses over 2) in % of the pot."""
        return 100.0 * exploitability(self.profile_strategy(profile)) / self.river.pot


def solve_spot_lp(spot: Spot) -> OracleSolution:
    """Solve the river ``spot`` exactly (sequence-form LP, HiGHS)."""
    river = river_game_of(spot)
    flat = FlatGame.build(river.game)
    sol = solve_lp(flat, certify=False)
    return OracleSolution(river, sol.value, sol.strategy)
