"""What one player's play on one street changed in a stored match: each hand replayed from
that player's first decision on the street with another bot in its place (a *stand-in*).

The cards of a stored hand are fixed, and so is everything before the player's first decision
on the street; from there the hand is played again by the stand-in in the player's position
and by fresh copies of the other players' bots. The difference between the player's chips in
the stored hand and in the replayed one is what its play on that street changed, hand by hand,
against those opponents: the luck of the cards is the same on both sides, so a few thousand
hands say what a match of many more would. A searching bot against its own blueprint, with
the blueprint as the stand-in, shows where its search wins or loses, decision by decision.

The breakdown groups the hands by the situation at the player's first decision on the street
(first to act, or facing a bet) and by what the stand-in played there against what the player
played (fold, check, call, bet, raise; a bet or raise of another size counts as the same kind).

Limits: the opponents are replayed fresh, so a bot whose play depends on earlier hands (an
opponent model) is replayed without them, and every replayed bot's ``begin_hand`` sees the
hand as it stands where the replay starts (the observation holds the betting before it); the
stand-in's random draws are its own (seeded by the hand), so a mixed stand-in adds its own
noise; only hold'em is replayed.

Examples
--------
>>> from pokerlab.arena.match import MatchConfig, run_match
>>> from pokerlab.arena.storage import MatchStore
>>> from pokerlab.engine import GameSettings
>>> store = MatchStore(":memory:")
>>> config = MatchConfig(bots=("raiser", "calling-station"), hands=20, seed=1,
...                      game=GameSettings.preset("no-limit", starting_stack=200))
>>> _ = run_match(config, store)
>>> result = counterfactual(store, 1, "raiser", "river", "raiser")  # itself: nothing changes
>>> result.acted > 0, result.per_hand, {r.stand_in == r.played for r in result.rows}
(True, 0.0, {True})
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pokerlab.agents.base import Observation
from pokerlab.agents.registry import check_bots, create_bot, load_bot_modules
from pokerlab.arena.match import MatchConfig
from pokerlab.arena.stats import win_rate
from pokerlab.arena.storage import MatchStore
from pokerlab.arena.table import bot_answer
from pokerlab.engine.hand import CHECK_CALL, FOLD, Action, Hand, Legal

STREETS = ("pre-flop", "flop", "turn", "river")
"""The streets by name, as ``--street`` takes them (hold'em's betting rounds)."""

__all__ = ["STREETS", "Counterfactual", "CounterfactualRow", "counterfactual", "replay_hand"]


@dataclass(frozen=True)
class CounterfactualRow:
    """The hands of one situation: ``facing`` a bet or first to act, what the stand-in and the
    player played first; ``per_hand`` (the match's unit) over all the match's hands (the rows
    add up to the total), with its 95% interval."""

    facing: bool
    stand_in: str
    played: str
    hands: int
    per_hand: float
    ci95: tuple[float, float]

    def as_dict(self) -> dict[str, Any]:
        return {"situation": "facing a bet" if self.facing else "first to act", "stand_in": self.stand_in,
                "played": self.played, "hands": self.hands, "per_hand": self.per_hand,
                "ci95": list(self.ci95)}


@dataclass(frozen=True)
class Counterfactual:
    """What the player's play on the street changed (module docstring): ``per_hand`` the
    player's chips in the stored hands less those in the replayed ones, over all ``hands`` of
    the match (``acted`` of them reached a decision of the player on the street), in the
    match's ``unit`` (milli big blinds a hand in no-limit, small bets a hand in limit), with its
    95% interval (a duplicate set of hands one sample)."""

    match: int
    player: str
    stand_in: str
    street: str
    hands: int
    acted: int
    per_hand: float
    unit: str
    ci95: tuple[float, float]
    seconds: float
    rows: list[CounterfactualRow] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"match": self.match, "player": self.player, "stand_in": self.stand_in, "street": self.street,
                "hands": self.hands, "acted": self.acted, "per_hand": self.per_hand,
                "unit": self.unit, "ci95": list(self.ci95), "seconds": self.seconds,
                "rows": [r.as_dict() for r in self.rows]}


def _action_name(action: Action, legal: Legal) -> str:
    """``fold``, or the engine's word for the check/call or bet/raise at this turn."""
    return "fold" if action.kind == FOLD else legal.words[0 if action.kind == CHECK_CALL else 1]


def replay_hand(config: MatchConfig, record: dict[str, Any], position: int, street: int,
                bots: list[Any]) -> tuple[int, bool, str, str] | None:
    """Replay a stored hand from the first decision of ``position`` on ``street`` with
    ``bots`` (one per position) playing the rest; ``None`` when the position made no decision
    there. Returns the position's chips in the replayed hand, whether it faced a bet, and the
    first actions of the stand-in and of the stored hand."""
    history = record["actions"]
    first = next((i for i, (st, p, *_) in enumerate(history) if st == street and p == position), None)
    if first is None:
        return None
    hand = Hand(config.game, record["stacks"], record["cards"])
    for _, _, kind, amount in history[:first]:
        hand.act(Action(kind, amount))
    legal = hand.legal()
    for p, bot in enumerate(bots):
        bot.begin_hand(Observation(hand, p))
    took: Action | None = None
    while hand.actor >= 0:
        p = hand.actor
        # as at the table: an illegal answer, or a bot's exception, plays check or fold
        action, _ = bot_answer(bots[p], Observation(hand, p), hand.legal())
        took = action if took is None else took
        hand.act(action)
    assert took is not None
    stored = Action(history[first][2], history[first][3])
    return hand.payoffs[position], legal.to_call > 0, _action_name(took, legal), _action_name(stored, legal)


def counterfactual(store: MatchStore, match_id: int, player: str, street: str, stand_in: str,
                   seed: int = 0, progress: Callable[[int], None] | None = None) -> Counterfactual:
    """Replay every stored hand of match ``match_id`` from ``player``'s first decision on
    ``street`` with the bot ``stand_in`` in its place (module docstring); ``progress(1)`` after
    each hand. ``ValueError`` (naming the option) for a player not in the match, an unknown
    street or bot, or a game other than hold'em."""
    start = time.perf_counter()
    info = store.match(match_id)
    if info is None:
        raise ValueError(f"--match {match_id}: no such match in {store.path}")
    config = MatchConfig.from_key(info["config"])
    if street not in STREETS:
        raise ValueError(f"--street {street!r}: one of {', '.join(STREETS)}")
    if config.game.variant != "texas-holdem":
        raise ValueError(f"--match {match_id}: a {config.game.variant} match; its streets are not "
                         "hold'em's")
    names = config.player_names()
    if player not in names:
        raise ValueError(f"--player {player!r}: not in match {match_id} (players: "
                         f"{', '.join(dict.fromkeys(names))})")
    load_bot_modules(config.bot_modules)
    check_bots([stand_in], config.game.variant, "--stand-in")
    index = names.index(player)
    specs = [config.bots[b] for b in config.player_bots]
    rnd = STREETS.index(street)
    deltas: list[float] = []
    rows: dict[tuple[bool, str, str], list[int]] = {}
    payoffs = store.payoffs(match_id)
    for (h, record), stored in zip(store.records(match_id), payoffs, strict=True):
        at = list(record["players"])
        delta = 0.0
        if index in at:
            me = at.index(index)
            bots = [create_bot(stand_in if p == me else specs[at[p]]) for p in range(len(at))]
            for p, bot in enumerate(bots):
                bot.reseed(((seed * 1_000_003 + h) * 16 + p) & 0xFFFF_FFFF_FFFF)
            found = replay_hand(config, record, me, rnd, bots)
            if found is not None:
                chips, facing, instead, played = found
                delta = float(stored[index] - chips)
                rows.setdefault((facing, instead, played), []).append(len(deltas))
        deltas.append(delta)
        if progress is not None:
            progress(1)
    per_hand = np.asarray(deltas) / config.game.unit_size
    group = config.seats if config.duplicate else 1
    mean, ci = win_rate(per_hand, group)
    out_rows = []
    for (facing, instead, played), idx in rows.items():
        only = np.zeros(len(per_hand))
        only[idx] = per_hand[idx]
        m, c = win_rate(only, group)
        out_rows.append(CounterfactualRow(facing, instead, played, len(idx), m, _ci(c)))
    out_rows.sort(key=lambda r: r.per_hand)
    return Counterfactual(match_id, player, stand_in, street, len(deltas), sum(len(i) for i in rows.values()),
                          mean, config.game.unit, _ci(ci), time.perf_counter() - start, out_rows)


def _ci(ci: tuple[float, float]) -> tuple[float, float]:
    return (float(ci[0]), float(ci[1])) if not math.isnan(ci[0]) else (math.nan, math.nan)
