"""The ``draw-threshold`` bot against every other draw bot at five-card draw.

For each opponent (by default every registered bot that plays five-card draw,
:func:`draw_opponents`: the baselines, the textbook rules, and bots loaded from outside the
package with ``bot_modules``) two duplicate matches of the patent's game
(:meth:`pokerlab.engine.GameSettings.preset` ``(kind, "five-card-draw")``: antes of 1, bets of
2 in limit): heads-up, and three-handed against two copies of the opponent. Every deal is
played once from every seat, so the cards cancel out; results are the ``draw-threshold``
bot's chips per hand in the game's unit with 95% intervals (a duplicate set is one sample).

Examples
--------
>>> from pokerlab.arena.storage import MatchStore
>>> rows = draw_matches(hands=12, opponents=("calling-station",), store=MatchStore(":memory:"))
>>> [(r.opponent, r.seats, r.result.hands_stored) for r in rows]
[('calling-station', 2, 12), ('calling-station', 3, 12)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerlab.arena.match import MatchConfig, MatchResult, run_match
from pokerlab.arena.storage import MatchStore
from pokerlab.engine.settings import GameSettings
from pokerlab.executors import Executor

DRAW_OPPONENTS = ("random", "calling-station", "raiser", "draw-rules")
"""The package's own draw opponents."""
BOT = "draw-threshold"


def draw_opponents(bot_modules: Sequence[str] = ()) -> tuple[str, ...]:
    """Every registered bot that plays five-card draw but ``draw-threshold``, after loading
    ``bot_modules``.

    >>> draw_opponents()
    ('calling-station', 'draw-rules', 'raiser', 'random')
    """
    from pokerlab.agents.registry import load_bot_modules, playing

    load_bot_modules(bot_modules)
    return tuple(name for name in playing("five-card-draw") if name != BOT)


@dataclass(frozen=True)
class DrawMatch:
    """One match: the opponent, the seats, and the match's result."""

    opponent: str
    seats: int
    result: MatchResult

    @property
    def bot(self) -> Any:
        """The ``draw-threshold`` bot's result (per hand, 95% interval)."""
        return self.result.results[0]

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly view."""
        r = self.bot
        return {"opponent": self.opponent, "seats": self.seats, "per_hand": r.per_hand,
                "ci95": list(r.ci95), "hands": r.hands, "unit": self.result.config.game.unit,
                "match_id": self.result.match_id}


def draw_match_configs(hands: int, seed: int = 0, kind: str = "limit",
                       opponents: Sequence[str] = DRAW_OPPONENTS,
                       tables: Sequence[int] = (2, 3),
                       bot_modules: Sequence[str] = ()) -> list[tuple[str, MatchConfig]]:
    """The matches: per opponent, one duplicate match per table size in ``tables`` (the bot and
    ``seats - 1`` copies of the opponent; ``hands`` is rounded up to a multiple of the seats)."""
    game = GameSettings.preset(kind, "five-card-draw")
    out = []
    for opponent in opponents:
        for seats in tables:
            out.append((opponent, MatchConfig(bots=(BOT, opponent), hands=-(-hands // seats) * seats,
                                              game=game, duplicate=True, seed=seed,
                                              copies=(1, seats - 1), bot_modules=tuple(bot_modules))))
    return out


def draw_matches(hands: int = 2000, seed: int = 0, kind: str = "limit",
                 opponents: Sequence[str] = DRAW_OPPONENTS, store: MatchStore | None = None,
                 executor: Executor | None = None, progress: Callable[[int], None] | None = None,
                 resume: bool = False, tables: Sequence[int] = (2, 3),
                 bot_modules: Sequence[str] = ()) -> list[DrawMatch]:
    """Play :func:`draw_match_configs` into ``store`` (default: in memory)."""
    from pokerlab.agents.draw.game import settings_for, solve

    store = store or MatchStore(":memory:")
    game = GameSettings.preset(kind, "five-card-draw")
    settings = settings_for(game.kind, game.raise_cap)
    if settings is not None:
        solve(settings)  # solved (or loaded) here once, so the workers find it in the cache
    rows = []
    for opponent, config in draw_match_configs(hands, seed, kind, opponents, tables, bot_modules):
        result = run_match(config, store, resume=resume, executor=executor, progress=progress)
        rows.append(DrawMatch(opponent, config.seats, result))
    return rows
