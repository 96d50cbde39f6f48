"""Three-handed five-card draw's first round as a class game, for the equilibrium engine.

The whole hand for three (:mod:`pokerlab.agents.draw.game` solves it for two) does not fit:
three players' draws and final rounds multiply the tree past any solve of a minute. This game
keeps what the heads-up results say matters most three-handed, the first round (who opens,
steals, defends), and abstracts what follows:

* **Hands** are the 12 pre-draw classes of :mod:`pokerlab.agents.draw.classes`, dealt to
  three players from one deck (their joint distribution simulated, so card removal between
  the three hands is kept).
* **The first round** is the table's: antes of 1, limit bets of 2, a bet and two raises,
  position 0 first and the button (position 2) last; folds leave the others.
* **After the first round**, the players left draw by the textbook keep rules (each class's
  own number of cards, :func:`rules_draws`) and show down without more betting: each player
  wins the pot with the probability that its final hand beats every other one left (ties
  split, over the 7,462 values; the draws taken independently). The final round's betting is
  not in the game: it is played afterwards by the patent's solution (heads-up) or the rules.

Solved by CFR+ for three players (the engine's N-player CFR need not converge to an
equilibrium; its NashConv is measured, :func:`pokerlab.arena.draw_exactness.three_handed_exactness`),
read as dividing points per decision like the heads-up game
(:func:`pokerlab.agents.draw.game.read_decision`), and cached per settings.

Examples
--------
>>> game = build_game3(ThreeSettings(iterations=10))
>>> game.num_players, game.num_hands
(3, (12, 12, 12))
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._cache import cache_dir
from pokerlab.agents.draw.classes import NUM_DRAW_CLASSES, SAMPLES, SEED, hand_classes, transitions
from pokerlab.agents.draw.game import (
    SHIPPED,
    ClassDecision,
    ClassGameSettings,
    _own_reach,
    class_axis,
    class_reach,
    read_decision,
    solution_file,
    solution_of,
    solve_game,
)
from pokerlab.agents.draw.ranges import _cached, ordered_products
from pokerlab.equilibrium import CFRSolver, Decision, FlatGame, Game, Strategy, Terminal

CACHE_VERSION = 1
RULES_DRAW = (4, 4, 3, 3, 1, 1, 3, 3, 1, 1, 2, 0)
"""Cards each class draws by the textbook keep rules (nothing and ace-high keep one card)."""


@dataclass(frozen=True)
class ThreeSettings:
    """The three-handed first-round game and its solver (they key the cached solution)."""

    raise_cap: int = 2
    ante: int = 1
    bet_size: int = 2
    iterations: int = 2000
    min_width: float = 0.0025
    samples: int = SAMPLES
    seed: int = SEED

    def key(self) -> str:
        """A file-name-safe key of every setting."""
        return "-".join(str(v) for v in asdict(self).values())


def rules_draws() -> tuple[int, ...]:
    """Each class's number of cards under the keep rules (:data:`RULES_DRAW`)."""
    return RULES_DRAW


@functools.lru_cache(maxsize=2)
def joint3(samples: int = SAMPLES, seed: int = SEED) -> np.ndarray:
    """``joint[c0, c1, c2]``: the classes of three hands dealt from one deck (probabilities)."""
    from pokerlab.evaluate import random_hands

    def build() -> dict[str, np.ndarray]:
        hands = random_hands(samples, 15, seed=seed + 1)
        c = [hand_classes(np.ascontiguousarray(hands[:, 5 * i: 5 * i + 5])) for i in range(3)]
        out = np.zeros((NUM_DRAW_CLASSES,) * 3, dtype=np.int64)
        np.add.at(out, (c[0], c[1], c[2]), 1)
        return {"joint": out}

    counts = _cached(f"draw-classes3-v{CACHE_VERSION}-n{samples}-s{seed}", build)["joint"]
    return counts / counts.sum()  # type: ignore[no-any-return]


def showdown_shares(samples: int = SAMPLES, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """``(two, three)``: ``two[a, b]`` class ``a``'s share of a pot against class ``b``,
    ``three[a, b, c]`` class ``a``'s share against ``b`` and ``c`` (each class after its rules
    draw; ties split, three-way ties approximately, shares normalised to sum to one)."""
    counts, _ = transitions(samples, seed)
    p = np.stack([counts[c, RULES_DRAW[c]] / counts[c, RULES_DRAW[c]].sum() for c in range(NUM_DRAW_CLASSES)])
    g = np.cumsum(p, axis=1) - p / 2
    two = ordered_products(p, g)  # the same bits on every machine, as the heads-up game's
    three = np.einsum("av,bv,cv->abc", p, g, g)
    total = three + three.transpose(1, 2, 0) + three.transpose(2, 0, 1)
    return two, three / total


def build_game3(settings: ThreeSettings | None = None) -> Game:
    """The game of the module's description."""
    s = settings or ThreeSettings()
    two, three = showdown_shares(s.samples, s.seed)
    n = NUM_DRAW_CLASSES
    shape = (n, n, n)

    def share(i: int, live: tuple[bool, ...]) -> np.ndarray:
        others = [j for j in range(3) if live[j] and j != i]
        if len(others) == 2:
            order = [i, *others]
            return np.moveaxis(three, [0, 1, 2], order)  # axis order = players 0, 1, 2
        j = others[0]
        return np.broadcast_to(np.expand_dims(two, [k for k in range(3) if k not in (i, j)])
                               if i < j else np.expand_dims(two.T, [k for k in range(3) if k not in (i, j)]),
                               shape)

    def leaf(put: list[int], live: tuple[bool, ...]) -> Terminal:
        pot = sum(put)
        alive = [i for i in range(3) if live[i]]
        if len(alive) == 1:
            return Terminal([float(pot - put[i]) if live[i] else float(-put[i]) for i in range(3)])
        return Terminal([pot * share(i, live) - put[i] if live[i] else np.full(shape, -float(put[i]))
                         for i in range(3)])

    def node(actor: int, put: list[int], live: tuple[bool, ...], bets: int, to_act: tuple[int, ...]) -> Any:
        facing = max(put) > put[actor]
        rest = to_act[1:]
        children: dict[str, Any] = {}

        def after(put2: list[int], live2: tuple[bool, ...], bets2: int, queue: tuple[int, ...]) -> Any:
            if sum(live2) == 1 or not queue:
                return leaf(put2, live2)
            return node(queue[0], put2, live2, bets2, queue)

        def raised(put2: list[int]) -> tuple[int, ...]:
            return tuple(j for j in ((actor + k) % 3 for k in range(1, 3)) if live[j])

        if not facing:
            children["check"] = after(put, live, bets, rest)
            more = put.copy()
            more[actor] += s.bet_size
            children["bet"] = after(more, live, 1, raised(more))
        else:
            folded = tuple(v and j != actor for j, v in enumerate(live))
            children["fold"] = after(put, folded, bets, rest)
            called = put.copy()
            called[actor] = max(put)
            children["call"] = after(called, live, bets, rest)
            if bets <= s.raise_cap:
                more = put.copy()
                more[actor] = max(put) + s.bet_size
                children["raise"] = after(more, live, bets + 1, raised(more))
        return Decision(actor, children)

    labels = tuple(f"class {c}" for c in range(n))
    root = node(0, [s.ante] * 3, (True, True, True), 0, (0, 1, 2))
    return Game("three-handed five-card draw, first round on classes", (labels,) * 3,
                joint3(s.samples, s.seed), root,
                description="the first round for three; rules draws and a showdown after it")


@dataclass(frozen=True)
class ThreeSolution:
    """The solved first round for three: per decision (history of labels) the actor and its
    action probabilities per class, as solved (``engine``) and read as dividing points (``read``)."""

    settings: ThreeSettings
    engine: dict[tuple[str, ...], ClassDecision]
    read: dict[tuple[str, ...], ClassDecision]

    def decision(self, history: tuple[str, ...], reading: str = "read") -> ClassDecision:
        """The decision after ``history``; ``KeyError`` off the tree."""
        return (self.read if reading == "read" else self.engine)[tuple(history)]

    @property
    def prior(self) -> np.ndarray:
        """Each class's probability (one seat's; the seats are alike)."""
        return joint3(self.settings.samples, self.settings.seed).sum(axis=(1, 2))  # type: ignore[no-any-return]

    @property
    def axis(self) -> np.ndarray:
        """Each class's value after its best draw (:func:`pokerlab.agents.draw.game.class_axis`)."""
        return class_axis(self.settings.samples, self.settings.seed)

    def reach(self, history: tuple[str, ...], player: int, reading: str = "read") -> np.ndarray:
        """``player``'s own probability per class of its actions along ``history``."""
        return class_reach(self.read if reading == "read" else self.engine, history, player)


FIRST_ROUND_DECISIONS3 = ((), ("check",), ("check", "check"), ("bet",), ("check", "check", "bet"))
"""The decisions shown for three: P1's opening, P2's after a check, the button's after two
checks (the steal), P2 facing P1's bet, P1 facing the button's bet after two checks."""


@dataclass(frozen=True)
class Solved3:
    """The flat game, the solver's average strategy and its reading."""

    settings: ThreeSettings
    flat: FlatGame
    engine: Strategy
    read: Strategy


def read3(strategy: Strategy, settings: ThreeSettings) -> Strategy:
    """Every decision of ``strategy`` read as dividing points on the class axis."""
    f = strategy.flat
    axis = class_axis(settings.samples, settings.seed)
    prior = np.asarray(f.game.prior, dtype=float)
    marginal = [prior.sum(axis=tuple(k for k in range(3) if k != p)) for p in range(3)]
    own = [_own_reach(strategy, p) for p in range(3)]
    probs = strategy.probs.copy()
    for node in f.decision_nodes():
        p = int(f.player[node])
        width = marginal[p] * own[p][node]
        if width.sum() <= 0:
            continue
        block = strategy.node_block(int(node))
        probs[f.row_base[node]: f.row_base[node] + len(width), : block.shape[1]] = read_decision(
            axis, width, block, settings.min_width)
    return Strategy(f, probs)


def solve_game3(settings: ThreeSettings | None = None,
                progress: Callable[[int, int], None] | None = None) -> Solved3:
    """Build and solve the game (no cache) and read the solution."""
    s = settings or ThreeSettings()
    flat = FlatGame.build(build_game3(s))
    solver = CFRSolver(flat, "cfr+")
    done = 0
    while done < s.iterations:  # in steps, so that progress is told and Ctrl-C is heard
        now = min(200, s.iterations - done)
        solver.run(now)
        done += now
        if progress is not None:
            progress(done, s.iterations)
    engine = solver.average_strategy()
    return Solved3(s, flat, engine, read3(engine, s))


def _table(strategy: Strategy) -> dict[tuple[str, ...], ClassDecision]:
    f = strategy.flat
    return {f.history(int(n)): ClassDecision(f.history(int(n)), int(f.player[n]), f.actions_of(int(n)),
                                             strategy.node_block(int(n)).copy())
            for n in f.decision_nodes()}


def _to_json(solution: ThreeSolution) -> dict[str, Any]:
    def table(t: dict[tuple[str, ...], ClassDecision]) -> list[dict[str, Any]]:
        return [{"history": list(d.history), "player": d.player, "actions": list(d.actions),
                 "probs": d.probs.round(6).tolist()} for d in t.values()]
    return {"settings": asdict(solution.settings), "engine": table(solution.engine),
            "read": table(solution.read)}


def _from_json(data: dict[str, Any]) -> ThreeSolution:
    def table(rows: list[dict[str, Any]]) -> dict[tuple[str, ...], ClassDecision]:
        return {tuple(r["history"]): ClassDecision(tuple(r["history"]), int(r["player"]),
                                                   tuple(r["actions"]), np.array(r["probs"]))
                for r in rows}
    return ThreeSolution(ThreeSettings(**data["settings"]), table(data["engine"]), table(data["read"]))


def solution_file3(settings: ThreeSettings) -> str:
    """The file name of a solution for three, keyed by every setting."""
    return f"draw-class-game3-v{CACHE_VERSION}-{settings.key()}.json"


_SOLVED3: dict[ThreeSettings, ThreeSolution] = {}


def solve3(settings: ThreeSettings | None = None,
           progress: Callable[[int, int], None] | None = None) -> ThreeSolution:
    """The solved first round for three: shipped with the package, in the cache folder, or
    solved (``progress(done, total)``) and stored there."""
    s = settings or ThreeSettings()
    if s in _SOLVED3:
        return _SOLVED3[s]
    for path in (SHIPPED / solution_file3(s), cache_dir() / solution_file3(s)):
        try:
            _SOLVED3[s] = _from_json(json.loads(path.read_text()))
            return _SOLVED3[s]
        except Exception:  # missing or damaged: the next place, or solve again
            pass
    path = cache_dir() / solution_file3(s)
    solved = solve_game3(s, progress)
    solution = ThreeSolution(s, _table(solved.engine), _table(solved.read))
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".json")
        with os.fdopen(fd, "w") as handle:
            json.dump(_to_json(solution), handle)
        os.replace(tmp, path)
    except OSError:
        pass
    _SOLVED3[s] = solution
    return solution


def ship(folder: Path = SHIPPED) -> list[Path]:
    """Solve the default games (heads-up limit and pot limit, the first round for three) and
    write them to ``folder`` (the package's data: what :func:`solve3` and
    :func:`pokerlab.agents.draw.game.solve` load first)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for bet in ("limit", "pot-limit"):
        settings = ClassGameSettings(bet=bet)
        path = folder / solution_file(settings)
        path.write_text(json.dumps(solution_of(solve_game(settings)).to_json()))
        written.append(path)
    three = ThreeSettings()
    solved = solve_game3(three)
    path = folder / solution_file3(three)
    path.write_text(json.dumps(_to_json(ThreeSolution(three, _table(solved.engine), _table(solved.read)))))
    written.append(path)
    return written


if __name__ == "__main__":
    for written in ship():
        print(written)
