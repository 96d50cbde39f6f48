"""The papers' comparisons as reproducible experiments, played by the arena's match runner.

- :func:`loki_variants`: the Alberta self-play tournament (Figure 1): ten seats of limit
  $10/$20, two copies of each of Loki A-E, duplicate deals seated by Papp's Table 8.1; results
  in small bets per hand with 95% confidence intervals (a :class:`~pokerlab.arena.MatchResult`;
  this and the thesis's two tournaments are defined as data in :mod:`pokerlab.arena.tournaments`).
- :func:`waterloo_phases`: the Waterloo freezeouts (§4): the phases (Figure 4), the bluffing
  profiles (Figures 5-6) and the trust variants (Figure 7), two copies of each bot, several
  trials with different deals; who survives how long.
- :func:`threshold_vs_loki`: heads-up limit, duplicate, the threshold bot against Loki A.

Examples
--------
>>> from pokerlab.arena import MatchStore
>>> r = threshold_vs_loki(hands=20, seed=1, store=MatchStore(":memory:"))
>>> [b.bot for b in r.results], r.config.duplicate, r.hands_stored
(['threshold', 'loki-a'], True, 20)
>>> FREEZEOUTS["bluffing"]
('waterloo-phase2-aggressive', 'waterloo-phase2-normal', 'waterloo-phase2-conservative')
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.agents.modelling.opponent_store import ENV_VAR
from pokerlab.arena import MatchConfig, MatchResult, MatchStore, run_match
from pokerlab.arena.tournaments import TOURNAMENTS, play_tournament
from pokerlab.engine import GameSettings
from pokerlab.executors import Executor, InProcessExecutor

FREEZEOUTS: dict[str, tuple[str, ...]] = {
    "phases": ("waterloo-phase1", "waterloo-phase2-normal", "waterloo-phase3-aggressive-trust",
               "waterloo-phase3-conservative-trust"),
    "bluffing": ("waterloo-phase2-aggressive", "waterloo-phase2-normal", "waterloo-phase2-conservative"),
    "trust": ("waterloo-phase3-aggressive-trust", "waterloo-phase3-conservative-trust",
              "waterloo-phase2-normal"),
}
"""The Waterloo comparisons: the bots of each freezeout (two copies of each are seated)."""


def loki_variants(
    hands: int = 10_000,
    seed: int = 0,
    store: MatchStore | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    resume: bool = False,
    executor: Executor | None = None,
) -> MatchResult:
    """The Alberta tournament (:data:`pokerlab.arena.tournaments.TOURNAMENTS`
    ``"loki-variants"``): 10 seats, limit $10/$20, two copies of each Loki version, duplicate
    (``hands`` is rounded up to a multiple of 10). ``executor`` (default: ``workers`` local
    processes) plays the hands, as in :func:`~pokerlab.arena.run_match`."""
    return play_tournament("loki-variants", hands, seed, store, workers, progress, resume, executor)


def threshold_vs_loki(
    hands: int = 10_000,
    seed: int = 0,
    store: MatchStore | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    opponent: str = "loki-a",
    executor: Executor | None = None,
) -> MatchResult:
    """Heads-up limit, duplicate: the threshold bot against ``opponent`` (Loki A)."""
    config = threshold_vs_loki_config(hands, seed, opponent)
    return run_match(config, store or MatchStore(":memory:"), workers=workers, progress=progress,
                     executor=executor)


def threshold_vs_loki_config(hands: int = 10_000, seed: int = 0, opponent: str = "loki-a") -> MatchConfig:
    """The match of :func:`threshold_vs_loki` (``hands`` rounded up to whole duplicate pairs)."""
    return MatchConfig(bots=("threshold", opponent), hands=-(-hands // 2) * 2,
                       game=GameSettings.preset("limit"), duplicate=True, seed=seed)


@dataclass
class FreezeoutSummary:
    """One bot's record over the trials of a freezeout comparison.

    ``survival`` holds, per copy and trial, the hands it lasted (the whole freezeout when it
    was never knocked out); ``wins`` the trials one of its copies ended as the last player (or
    with the most chips when the hand cap stopped the freezeout).
    """

    bot: str
    survival: list[int] = field(default_factory=list)
    wins: int = 0
    final_chips: list[int] = field(default_factory=list)
    places: list[int] = field(default_factory=list)

    @property
    def mean_survival(self) -> float:
        """Mean hands survived per copy."""
        return float(np.mean(self.survival)) if self.survival else 0.0

    @property
    def mean_place(self) -> float:
        """Mean finishing place per copy (1 = last one standing; the later a player went broke,
        the better its place; players still in at the hand cap are placed by chips)."""
        return float(np.mean(self.places)) if self.places else 0.0

    @property
    def place_se(self) -> float:
        """Standard error of :attr:`mean_place` (0 with fewer than two places)."""
        if len(self.places) < 2:
            return 0.0
        return float(np.std(self.places, ddof=1) / np.sqrt(len(self.places)))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"bot": self.bot, "mean_survival": self.mean_survival, "mean_place": self.mean_place,
                "mean_place_ci95": [self.mean_place - 1.96 * self.place_se,
                                    self.mean_place + 1.96 * self.place_se],
                "survival": self.survival, "places": self.places, "wins": self.wins,
                "final_chips": self.final_chips}


@dataclass
class FreezeoutComparison:
    """The trials of one comparison and the per-bot summaries (best mean place first)."""

    name: str
    bots: tuple[str, ...]
    trials: int
    max_hands: int
    summaries: list[FreezeoutSummary]
    chip_curves: list[np.ndarray]  # the first trial's (hands, seats) stacks after each hand (the plot)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"comparison": self.name, "bots": list(self.bots), "trials": self.trials,
                "max_hands": self.max_hands, "results": [s.to_dict() for s in self.summaries]}


def freezeout_comparison(
    name: str,
    trials: int = 10,
    max_hands: int = 2000,
    seed: int = 0,
    copies: int = 2,
    game: GameSettings | None = None,
    progress: Callable[[int], None] | None = None,
    models_db: str | None = None,
    executor: Executor | None = None,
) -> FreezeoutComparison:
    """Run ``trials`` freezeouts of the comparison ``name`` (a key of :data:`FREEZEOUTS`).

    In this process (``executor`` ``None`` or in-process) the bots keep their opponent models
    from trial to trial, as the report's bots maintain information between games: in
    ``models_db`` (an opponent store) when given, else in a temporary one. On other executors
    (local processes, a Ray cluster) every trial is a task whose bots start with no models (the
    arena's rule for learning bots in worker tasks), so the trials run at once and give the same
    results on any executor. A seat always holds the same bot, so the seat names of the models
    stay right.
    """
    if name not in FREEZEOUTS:
        raise ValueError(f"unknown comparison {name!r}; choose from {', '.join(FREEZEOUTS)}")
    if trials < 1:
        raise ValueError(f"--trials must be at least 1, not {trials}")
    bots = FREEZEOUTS[name]
    seats = copies * len(bots)
    game = game or GameSettings.preset("no-limit")
    # Trials are produced and summarised one at a time: a count of 10**12 starts at once, and
    # memory does not grow with it (only the first trial's curve is kept, for the plot).
    tasks = ((bots, max_hands, game, seats, seed * 1000 + trial) for trial in range(trials))
    if executor is None or isinstance(executor, InProcessExecutor):
        with tempfile.TemporaryDirectory() as folder:
            shared = models_db or str(Path(folder) / "models.sqlite")
            trial_stacks = (freezeout_trial(*task, models_db=shared, progress=progress) for task in tasks)
            summaries, first = _summarise_trials(trial_stacks, bots, seats, game)
    else:
        def streamed() -> Iterator[np.ndarray]:
            for stacks in executor.map(freezeout_trial, tasks):
                if progress is not None:
                    progress(len(stacks))
                yield stacks

        summaries, first = _summarise_trials(streamed(), bots, seats, game)
    ordered = sorted(summaries.values(), key=lambda s: (s.mean_place, -s.mean_survival))
    return FreezeoutComparison(name, bots, trials, max_hands, ordered, first)


def _summarise_trials(trial_stacks: Iterable[np.ndarray], bots: tuple[str, ...], seats: int,
                      game: GameSettings) -> tuple[dict[str, FreezeoutSummary], list[np.ndarray]]:
    """Places, survival and chips of each bot over the trials' stack curves; the first curve."""
    summaries = {b: FreezeoutSummary(b) for b in bots}
    owners = [k % len(bots) for k in range(seats)]
    first: list[np.ndarray] = []
    for stacks in trial_stacks:
        if not first:
            first.append(stacks)
        played = len(stacks)
        final = stacks[-1] if played else np.full(seats, game.starting_stack)
        lasted_by = []
        for player in range(seats):
            broke = np.flatnonzero(stacks[:, player] == 0) if played else np.array([], dtype=np.int64)
            lasted = int(broke[0]) + 1 if broke.size else played
            lasted_by.append(lasted)
            s = summaries[bots[owners[player]]]
            s.survival.append(lasted)
            s.final_chips.append(int(final[player]))
        # Place: by the hand a player went broke (later is better), then by chips at the end.
        order = sorted(range(seats), key=lambda p: (-lasted_by[p], -int(final[p])))
        for place, player in enumerate(order, start=1):
            summaries[bots[owners[player]]].places.append(place)
        summaries[bots[owners[int(np.argmax(final))]]].wins += 1
    return summaries, first


def freezeout_trial(bots: tuple[str, ...], max_hands: int, game: GameSettings, seats: int, seed: int,
                    models_db: str | None = None,
                    progress: Callable[[int], None] | None = None) -> np.ndarray:
    """One freezeout (a task): every player's stack after each hand, ``(hands, seats)``. The
    bots' opponent models come from and go to ``models_db``; ``None``: a store of their own
    that ends with the trial."""
    if models_db is None:
        with tempfile.TemporaryDirectory() as folder:
            return freezeout_trial(bots, max_hands, game, seats, seed, str(Path(folder) / "models.sqlite"),
                                   progress)
    store = MatchStore(":memory:")
    config = freezeout_config(bots, max_hands, game, seats, seed)
    try:
        with _opponent_db(models_db):
            result = run_match(config, store, progress=progress)
        return np.array([r["finishing"] for _, r in store.records(result.match_id)],
                        dtype=np.int64).reshape(-1, seats)
    finally:
        store.close()


def freezeout_config(bots: tuple[str, ...], max_hands: int, game: GameSettings, seats: int,
                     seed: int) -> MatchConfig:
    """The match of one freezeout trial (:func:`freezeout_trial`)."""
    return MatchConfig(bots=bots, hands=max_hands, game=game, seats=seats, freezeout=True, seed=seed)


@dataclass(frozen=True)
class MatchExperiment:
    """One of the papers' comparisons that is a single match: its command name, what it is,
    the match for a number of hands and a seed, and the hands the command plays by default."""

    name: str
    title: str
    config: Callable[[int, int], MatchConfig]
    default_hands: int


def match_experiments() -> dict[str, MatchExperiment]:
    """The experiments that are one stored match each, by name (what the web page offers): the
    Loki tournaments (:data:`pokerlab.arena.tournaments.TOURNAMENTS`), ``threshold-vs-loki``,
    and ``waterloo-NAME``, the first trial of each Waterloo freezeout comparison (trial 1 of
    ``pokerlab experiment waterloo-phases --comparison NAME``).

    Examples
    --------
    >>> experiments = match_experiments()
    >>> "loki-variants" in experiments and "waterloo-trust" in experiments
    True
    >>> experiments["threshold-vs-loki"].config(101, 7) == threshold_vs_loki_config(101, 7)
    True
    """
    out = {name: MatchExperiment(name, t.title, t.config, t.default_hands) for name, t in TOURNAMENTS.items()}
    out["threshold-vs-loki"] = MatchExperiment(
        "threshold-vs-loki", "the threshold bot against Loki A, heads-up limit, duplicate",
        threshold_vs_loki_config, 10_000)
    for name, bots in FREEZEOUTS.items():
        out[f"waterloo-{name}"] = MatchExperiment(
            f"waterloo-{name}", f"Waterloo freezeout ({name}: {', '.join(bots)}, two copies each), trial 1",
            functools.partial(_freezeout_trial_one, bots), 2000)
    return out


def _freezeout_trial_one(bots: tuple[str, ...], max_hands: int, seed: int) -> MatchConfig:
    """Trial 1 of a comparison (as :func:`freezeout_comparison` seats and seeds it)."""
    return freezeout_config(bots, max_hands, GameSettings.preset("no-limit"), 2 * len(bots), seed * 1000)


@contextmanager
def _opponent_db(path: str) -> Iterator[None]:
    """Bots created inside use the opponent store ``path`` (the arena creates them by name)."""
    old = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = path
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = old


def waterloo_phases(
    trials: int = 10,
    max_hands: int = 2000,
    seed: int = 0,
    comparisons: tuple[str, ...] = tuple(FREEZEOUTS),
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> list[FreezeoutComparison]:
    """The Waterloo freezeout comparisons (phases, bluffing profiles, trust variants)."""
    return [freezeout_comparison(name, trials, max_hands, seed, progress=progress, executor=executor)
            for name in comparisons]
