"""Pick a game by name, solve it with a chosen algorithm, and measure the result.

The glue behind ``pokerlab equilibrium``: solving and measuring stay in their own modules;
this one times the solver (without the measuring) and records exploitability at checkpoints.

Examples
--------
>>> result = solve(load_game("kuhn"), "lp")
>>> result.value_fraction, result.exploitability < 1e-9
(Fraction(-1, 18), True)
>>> three = solve(load_game("kuhn3"), "cfr+", 1000)
>>> len(three.values), three.nash_conv < 1e-4
(3, True)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from pokerlab.equilibrium.cfr import ALGORITHMS, CFRSolver
from pokerlab.equilibrium.exploitability import measure
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.game import Game
from pokerlab.equilibrium.games import discretised_game, endgame, kuhn, leduc
from pokerlab.equilibrium.lp import solve_lp
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.gamespec import BUILTIN_GAMES
from pokerlab.gamespec import load_game as load_betting_game

SOLVERS = (*ALGORITHMS, "lp")
CARD_GAMES = ("kuhn", "kuhn3", "leduc", "leduc3", "endgame")


def load_game(
    name: str,
    levels: int = 100,
    pot: Any = None,
    ante: Any = 1,
    bets: Sequence[Any] = (2,),
    win_probability: Any = Fraction(1, 4),
) -> Game:
    """``kuhn``, ``leduc`` (``kuhnN``, ``leducN`` for ``N`` players: ``kuhn3``), ``endgame``
    (with ``ante``, ``bets``, ``win_probability``) or a dividing-point game (built-in name or
    TOML file, :mod:`pokerlab.gamespec`) discretised to ``levels`` hand levels, with the pot
    ``pot`` (default 2: antes of 1)."""
    card = re.fullmatch(r"(kuhn|leduc)(\d*)", name)
    if card:
        players = int(card.group(2) or 2)
        if not 2 <= players <= 10:
            raise ValueError(f"game: {card.group(1)} takes 2 to 10 players, not {players} ({name!r})")
        return (kuhn if card.group(1) == "kuhn" else leduc)(players=players)
    if name == "endgame":
        return endgame(a=ante, bets=bets, P=win_probability)
    if name not in BUILTIN_GAMES and not name.endswith(".toml"):
        known = ", ".join([*CARD_GAMES, *BUILTIN_GAMES])
        raise ValueError(f"game: unknown game {name!r} (known: {known}, or a .toml game file)")
    betting = load_betting_game(name, pot=2 if pot is None else pot)
    return discretised_game(betting, levels)


def checkpoints(iterations: int, count: int = 40) -> list[int]:
    """Roughly log-spaced iteration counts from 1 to ``iterations`` (ends included).

    Examples
    --------
    >>> checkpoints(100, 5)
    [1, 3, 10, 32, 100]
    """
    if iterations <= 0:
        return []
    points = np.unique(np.round(np.geomspace(1, iterations, count)).astype(int))
    return [int(p) for p in points]


@dataclass
class RunResult:
    """Outcome of :func:`solve`."""

    game: str
    algorithm: str
    iterations: int
    value: float  # player 0's expected payoff under the returned strategy
    exploitability: float  # NashConv / players (OpenSpiel's definition)
    seconds: float  # solver time only (measuring excluded)
    strategy: Strategy
    value_fraction: Fraction | None = None
    certified_value: Fraction | None = None
    trace: list[tuple[int, float]] = field(default_factory=list)  # (iterations, exploitability)
    values: list[float] = field(default_factory=list)  # every player's expected payoff
    gains: list[float] = field(default_factory=list)  # what each player's best response gains
    nash_conv: float = 0.0  # the sum of the gains (OpenSpiel's NashConv)

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.values)


def _measure(strategy: Strategy) -> dict[str, Any]:
    """Values, gains, NashConv and exploitability (NashConv / players) of ``strategy``."""
    m = measure(strategy)
    return {"value": float(m.values[0]), "values": m.values.tolist(), "gains": m.gains.tolist(),
            "nash_conv": m.nash_conv, "exploitability": m.exploitability}  # fmt: skip


def solve(
    game: Game,
    algorithm: str = "cfr+",
    iterations: int = 1000,
    trace_points: Sequence[int] = (),
    on_progress: Callable[[int], None] | None = None,
) -> RunResult:
    """Solve ``game``; measure exploitability at ``trace_points`` (iteration counts) and at the end."""
    if algorithm not in SOLVERS:
        raise ValueError(f"--algorithm {algorithm}: one of {', '.join(SOLVERS)}")
    flat = FlatGame.build(game)
    if algorithm == "lp":
        if flat.num_players != 2:
            raise ValueError(
                f"--algorithm lp: solves two-player zero-sum games only; {game.name} has "
                f"{flat.num_players} players (use cfr, cfr+ or dcfr)"
            )
        start = time.perf_counter()
        sol = solve_lp(flat)
        seconds = time.perf_counter() - start
        if on_progress:
            on_progress(1)
        return RunResult(
            game=game.name,
            algorithm=algorithm,
            iterations=0,
            seconds=seconds,
            strategy=sol.strategy,
            value_fraction=sol.value_fraction,
            certified_value=sol.certified_value,
            **_measure(sol.strategy),
        )
    if iterations < 1:
        raise ValueError(f"iterations: at least 1, not {iterations}")
    solver = CFRSolver(flat, algorithm)
    wanted = {int(p) for p in trace_points if 0 < p <= iterations}
    stops = sorted(wanted | {iterations})
    # Never run more than ~1% of the work (nor 1,000 iterations) between progress updates, so a
    # huge count shows progress and stops promptly on Ctrl-C.
    step = max(1, min(iterations // 100, 1000))
    trace: list[tuple[int, float]] = []
    seconds = 0.0
    for stop in stops:
        while solver.iterations < stop:
            n = min(step, stop - solver.iterations)
            start = time.perf_counter()
            solver.run(n)
            seconds += time.perf_counter() - start
            if on_progress:
                on_progress(n)
        if stop in wanted:
            trace.append((stop, measure(solver.average_strategy()).exploitability))
    strategy = solver.average_strategy()
    measured = _measure(strategy)
    if not trace or trace[-1][0] != iterations:
        trace.append((iterations, measured["exploitability"]))
    return RunResult(
        game=game.name,
        algorithm=algorithm,
        iterations=iterations,
        seconds=seconds,
        strategy=strategy,
        trace=trace,
        **measured,
    )


def strategy_table(strategy: Strategy, max_rows: int = 60) -> list[dict[str, Any]] | None:
    """Rows ``{history, player, hand, probabilities}`` for small games (None if too many rows)."""
    f = strategy.flat
    if f.num_rows > max_rows:
        return None
    rows: list[dict[str, Any]] = []
    for d in f.decision_nodes():
        p = int(f.player[d])
        block = strategy.node_block(int(d))
        actions = f.actions_of(int(d))
        for h, hand in enumerate(f.game.hands[p]):
            rows.append(
                {
                    "history": "/".join(f.history(int(d))) or "-",
                    "player": p,
                    "hand": hand,
                    "probabilities": {a: float(block[h, k]) for k, a in enumerate(actions)},
                }
            )
    return rows
