"""Matches between bots: seating, duplicate deals, freezeouts, storage, resuming, workers.

Hand ``h`` of a match is fully determined by the match settings and ``h``: its deal
(:class:`~pokerlab.engine.dealing.Dealer`), the button, who sits where, and every bot's
random seed. So hands can be played in any order, by any number of worker processes or Ray
nodes, or after a crash, with the same results, for bots without memory across hands. Bots
that learn (the opponent-modelling bots) remember every earlier hand in one process; on an
executor other than this process (local processes, a Ray cluster: :mod:`pokerlab.executors`)
the hands are cut into tasks of ``4 * BATCH`` consecutive hand numbers and every task starts
with fresh bots, so a parallel match is reproducible and the same for any number of workers
and on any cluster, but not the same as a one-process match. Each task's hands are stored in
one transaction, so a resumed parallel match replays whole tasks and ends with exactly the
hands an uninterrupted run stores, learning bots included. In one process the hands are
stored as they are played (a freezeout's too), a transaction at least every
:data:`STORE_SECONDS`, so an interrupted match of a slow bot keeps nearly all of them.

Seating. There are ``seats`` players (default: one per bot; with more seats than bots the
bots are repeated in turn, or ``copies`` says how many players each bot has, and a bot's
result is the average of its copies). Player ``k``
sits in seat ``k``. In a plain match the button moves one seat each hand and deal ``h`` is
used for hand ``h``. In a **duplicate** match hands come in sets of ``seats``: every hand of
set ``s`` uses deal ``s`` and the same button, and the players are rotated one seat each
hand, so every player holds every seat's cards once; a set counts as one sample in the
confidence interval. With three or more seats the players' order around the table is
shuffled for every set (seeded by the match seed and the set), as the Alberta tournaments
shuffled the seating: rotations alone would give every player the same neighbours in every
hand, and who acts just before and after a player is worth as much as a strategy change
(two identical Loki bots differed by 0.025 small bets per hand in a fixed order). Ten seats
follow Papp's Table 8.1 instead of rotations (:func:`thesis_seating`: player ``i`` in seat
``i * round mod 11``), so that within each set every player also sits directly behind every
other; the seeded order numbers the players.
In a **freezeout** stacks carry over from hand to hand, a player with
no chips leaves the table, the button moves to the next remaining seat, and the match stops
when one player has all the chips (or after ``hands`` hands).

Results are chips won per hand in small bets (limit) or milli-big-blinds (pot-limit and
no-limit), with a 95% confidence interval.

Examples
--------
>>> from pokerlab.arena.storage import MatchStore
>>> config = MatchConfig(bots=("raiser", "calling-station"), hands=40, seed=3,
...                      game=GameSettings.preset("limit"), duplicate=True)
>>> result = run_match(config, MatchStore(":memory:"))
>>> [r.bot for r in result.results], result.hands_stored
(['raiser', 'calling-station'], 40)
>>> result.results[0].per_hand == -result.results[1].per_hand   # heads-up: zero sum
True
"""

from __future__ import annotations

import itertools
import json
import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from pokerlab.agents.base import Agent
from pokerlab.agents.registry import check_bots, create_bot, load_bot_modules
from pokerlab.arena.stats import win_rate
from pokerlab.arena.storage import MatchStore
from pokerlab.arena.table import hand_steps
from pokerlab.arena.time_limit import DEFAULT_SECONDS, BotClock, Steps, clock_for, run_steps
from pokerlab.engine.dealing import Dealer, seat_cards_to_positions
from pokerlab.engine.hand import Hand
from pokerlab.engine.phh import to_phh
from pokerlab.engine.settings import MAX_SEATS, GameSettings
from pokerlab.executors import Executor, InProcessExecutor, executor_for

BATCH = 250  # hands per database transaction (a worker task plays 4 batches)
STORE_SECONDS = 5.0
"""In one process (a plain match or a freezeout), hands are stored at least about this often
(fewer than :data:`BATCH` at a time for a slow bot), so Ctrl-C loses seconds of play, not
minutes."""
_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class MatchConfig:
    """Everything that determines a match's hands (and identifies it for ``--resume``)."""

    bots: tuple[str, ...]
    hands: int
    game: GameSettings = field(default_factory=GameSettings)
    seats: int = 0  # 0: one seat per bot
    duplicate: bool = False
    freezeout: bool = False
    seed: int = 0
    copies: tuple[int, ...] = ()  # players per bot (empty: the bots in turn over the seats)
    person: int | None = None  # a person's seat (a table of pokerlab.arena.session); bots[person] names them
    bot_modules: tuple[str, ...] = ()  # bots from outside: files or modules every worker loads first

    def __post_init__(self) -> None:
        if len(self.bots) < 2 and self.seats < 2:
            raise ValueError("a match needs at least two bots (or --seats 2 or more)")
        if self.copies:
            if len(self.copies) != len(self.bots) or min(self.copies) < 1:
                raise ValueError(f"copies {list(self.copies)}: one count of at least 1 per bot")
            if self.seats not in (0, sum(self.copies)):
                raise ValueError(f"copies {list(self.copies)} seat {sum(self.copies)} players, "
                                 f"not {self.seats}")
            object.__setattr__(self, "seats", sum(self.copies))
        if self.seats == 0:
            object.__setattr__(self, "seats", len(self.bots))
        if not 2 <= self.seats <= MAX_SEATS:
            raise ValueError(f"--seats must be between 2 and {MAX_SEATS}, not {self.seats}")
        most = self.game.rules.max_players
        if self.seats > most:
            raise ValueError(
                f"--seats must be between 2 and {most} in {self.game.rules.title}, not {self.seats}")
        if self.seats < len(self.bots):
            raise ValueError(f"{len(self.bots)} bots do not fit in {self.seats} seats")
        if self.hands < 1:
            raise ValueError(f"--hands must be at least 1, not {self.hands}")
        if self.seed < 0:
            raise ValueError(f"--seed must be 0 or more, not {self.seed}")
        if self.duplicate and self.freezeout:
            raise ValueError("--duplicate and --freezeout do not combine (a freezeout's stacks carry over)")
        if self.duplicate and self.hands % self.seats:
            raise ValueError(
                f"--hands {self.hands} must be a multiple of the {self.seats} seats in a duplicate match"
            )
        if self.person is not None:
            if not 0 <= self.person < self.seats or self.seats != len(self.bots) or self.copies:
                raise ValueError(f"person: seat {self.person} is not one of the {len(self.bots)} named seats")
            if self.duplicate or self.freezeout:
                raise ValueError("a person's table is neither duplicate nor a freezeout")

    @property
    def player_bots(self) -> list[int]:
        """Bot entry (index into ``bots``) of each player / seat.

        Examples
        --------
        >>> MatchConfig(bots=("a", "b"), hands=4, copies=(3, 1)).player_bots
        [0, 0, 0, 1]
        """
        if self.copies:
            return [b for b, k in enumerate(self.copies) for _ in range(k)]
        return [k % len(self.bots) for k in range(self.seats)]

    def key(self) -> str:
        """Canonical JSON of the settings (a resumed match must match it exactly; ``copies`` and
        ``person`` only appear when set, so that older stores' keys still match)."""
        data = {"bots": list(self.bots), "hands": self.hands, "game": self.game.to_dict(),
                "seats": self.seats, "duplicate": self.duplicate, "freezeout": self.freezeout,
                "seed": self.seed}
        if self.copies:
            data["copies"] = list(self.copies)
        if self.person is not None:
            data["person"] = self.person
        if self.bot_modules:
            data["bot_modules"] = list(self.bot_modules)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_key(cls, key: str) -> MatchConfig:
        """Inverse of :meth:`key`."""
        data = json.loads(key)
        data["bots"] = tuple(data["bots"])
        data["game"] = GameSettings.from_dict(data["game"])
        data["copies"] = tuple(data.get("copies", ()))
        data["bot_modules"] = tuple(data.get("bot_modules", ()))
        return cls(**data)

    def player_names(self) -> list[str]:
        """Name of each player (by seat at the start): its bot's label, numbered ``#1``, ``#2``
        ... when the bot has several copies at the table (shown to the bots, so each keeps one
        opponent model per player however the players move through the seats).

        Examples
        --------
        >>> MatchConfig(bots=("a", "b"), hands=4, seats=4).player_names()
        ['a#1', 'b#1', 'a#2', 'b#2']
        >>> MatchConfig(bots=("a", "b"), hands=4).player_names()
        ['a', 'b']
        """
        labels = self.bot_labels()
        owners = self.player_bots
        names = []
        for k, b in enumerate(owners):
            copies = owners.count(b)
            names.append(labels[b] if copies == 1 else f"{labels[b]}#{owners[:k].count(b) + 1}")
        return names

    def bot_labels(self) -> list[str]:
        """Names of the bot entries, numbered when a bot is listed twice."""
        labels = []
        for i, name in enumerate(self.bots):
            count = self.bots[:i].count(name)
            labels.append(name if count == 0 else f"{name}#{count + 1}")
        return labels


def schedule(config: MatchConfig, h: int) -> tuple[int, int, list[int]]:
    """``(deal, button seat, player of each seat)`` of hand ``h`` (not for freezeouts).

    In a duplicate set every player holds every seat's cards once, and each set seats the
    players in its own (seeded) circular order.

    Examples
    --------
    >>> c = MatchConfig(bots=("a", "b", "c", "d"), hands=8, duplicate=True)
    >>> sets = [[schedule(c, 4 * s + r)[2] for r in range(4)] for s in (0, 1)]
    >>> all(sorted(row[seat] for row in rows) == [0, 1, 2, 3] for rows in sets for seat in range(4))
    True
    >>> schedule(c, 4)[:2], schedule(MatchConfig(bots=("a", "b"), hands=2, duplicate=True), 1)
    ((1, 1), (0, 0, [1, 0]))
    """
    n = config.seats
    if config.duplicate:
        deal, rotation = divmod(h, n)
        order = duplicate_order(config.seed, deal, n)
        if n == 10:
            return deal, deal % n, [order[k] for k in thesis_seating(rotation + 1)]
        return deal, deal % n, [order[(s + rotation) % n] for s in range(n)]
    return h, h % n, list(range(n))


def thesis_seating(round_: int) -> list[int]:
    """Papp's Table 8.1 for ten players: in round ``round_`` (1..10) player ``i`` (1..10) sits
    in seat ``i * round_ mod 11``. Returned 0-based: the player in each seat.

    Over the ten rounds every player holds every seat's cards once and sits directly behind
    every other player (ten of the 90 ordered pairs twice, at the wrap from seat 10 to seat 1).

    Examples
    --------
    >>> [k + 1 for k in thesis_seating(2)]     # Table 8.1, round 2, by seat
    [6, 1, 7, 2, 8, 3, 9, 4, 10, 5]
    >>> thesis_seating(1) == list(range(10))
    True
    """
    if not 1 <= round_ <= 10:
        raise ValueError(f"Table 8.1 has rounds 1..10, not {round_}")
    out = [0] * 10
    for player in range(1, 11):
        out[player * round_ % 11 - 1] = player - 1
    return out


def duplicate_order(seed: int, deal: int, n: int) -> list[int]:
    """The players' circular order for duplicate set ``deal`` (0..n-1; the identity for two
    seats, where every order is a rotation).

    Examples
    --------
    >>> duplicate_order(0, 5, 2), sorted(duplicate_order(0, 5, 10)) == list(range(10))
    ([0, 1], True)
    >>> duplicate_order(0, 5, 10) == duplicate_order(0, 5, 10) != duplicate_order(0, 6, 10)
    True
    """
    if n <= 2:
        return list(range(n))
    rng = np.random.default_rng([seed & 0xFFFF_FFFF_FFFF, deal, 0x5EA7])
    return [int(p) for p in rng.permutation(n)]


def bot_seed(seed: int, h: int, player: int) -> int:
    """Seed of ``player``'s random generator for hand ``h`` (a fixed mixing of the three)."""
    return ((seed * 1_000_003 + h) * 64 + player) & 0xFFFF_FFFF_FFFF


@dataclass
class BotResult:
    """One bot's result."""

    bot: str
    per_hand: float
    unit: str
    ci95: tuple[float, float]
    hands: int
    illegal_actions: int = 0
    chips: int = 0
    knocked_out: int | None = None  # freezeout: hand number (1-based) the bot went broke
    errors: int = 0  # actions where the bot raised an exception (counted in illegal_actions too)
    first_error: str | None = None  # the traceback of its first exception
    timeouts: int = 0  # turns it did not answer within the time limit (counted in illegal_actions too)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "bot": self.bot, "per_hand": self.per_hand, "unit": self.unit,
            "ci95": list(self.ci95), "hands": self.hands, "illegal_actions": self.illegal_actions,
            "chips_won": self.chips, "knocked_out": self.knocked_out,
            "errors": self.errors, "first_error": self.first_error, "timeouts": self.timeouts,
        }


@dataclass
class MatchResult:
    """Results of a match (over every stored hand, earlier runs of a resumed match included)."""

    config: MatchConfig
    match_id: int
    results: list[BotResult]
    hands_stored: int
    hands_played: int
    finished: bool
    bankroll: np.ndarray  # (hands stored, bots): cumulative winnings in result units
    where: dict[str, Any] = field(default_factory=lambda: InProcessExecutor().where())

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "results": [r.to_dict() for r in self.results],
            "match_id": self.match_id,
            "hands_stored": self.hands_stored,
            "hands_played_now": self.hands_played,
            "finished": self.finished,
            "game": self.config.game.to_dict(),
            "seats": self.config.seats,
            "duplicate": self.config.duplicate,
            "freezeout": self.config.freezeout,
            "seed": self.config.seed,
            "executor": self.where,
        }


# -- playing hands (also inside worker processes) -----------------------------------------

_TABLES: dict[str, tuple[MatchConfig, list[Agent], Dealer]] = {}
_CLOCKS: dict[str, BotClock] = {}  # each table's time limit (and bots still in late calls)


def _clock(key: str, seconds: float | None) -> BotClock | None:
    """The time limit of the table for ``key`` in this process (``None``: no limit)."""
    clock = _CLOCKS.get(key)
    if clock is not None and clock.seconds == seconds:
        return clock
    clock = clock_for(seconds)
    if clock is not None:
        _CLOCKS[key] = clock
    return clock


def _table(key: str) -> tuple[MatchConfig, list[Agent], Dealer]:
    table = _TABLES.get(key)
    if table is None:
        config = MatchConfig.from_key(key)
        load_bot_modules(config.bot_modules)  # in every worker, on every executor
        agents = [create_bot(config.bots[b]) for b in config.player_bots]
        table = (config, agents, Dealer(config.seed, config.game.rules))
        _TABLES[key] = table
    return table


class Dealt(NamedTuple):
    """Hand ``h`` of a match as dealt: the hand, its deal number and button seat, and by
    position the seat and the player sitting there."""

    hand: Hand
    deal: int
    button: int
    seats: list[int]
    players: list[int]


def deal_hand(config: MatchConfig, dealer: Dealer, h: int) -> Dealt:
    """Deal hand ``h`` of a (non-freezeout) match: every player starts with the game's stack.

    Examples
    --------
    >>> config = MatchConfig(bots=("a", "b", "c"), hands=3)
    >>> dealt = deal_hand(config, Dealer(config.seed), 1)
    >>> dealt.button, dealt.seats, dealt.players, dealt.hand.n
    (1, [2, 0, 1], [2, 0, 1], 3)
    """
    game = config.game
    n = config.seats
    deal, button, seat_player = schedule(config, h)
    seats = [(button + 1 + pos) % n for pos in range(n)]
    players = [seat_player[s] for s in seats]
    by_seat = dealer.ranks(deal, n)
    hand = Hand(game, [game.starting_stack] * n,
                seat_cards_to_positions(dealer.cards(deal, n), n, button, game.rules.hole_cards),
                None if by_seat is None else [by_seat[s] for s in seats])
    return Dealt(hand, deal, button, seats, players)


def record_hand(hand: Hand, h: int, deal: int, button: int, seats: list[int], players: list[int],
                events: list, n_players: int, config: MatchConfig, want_phh: bool,
                stacks_after: list[int] | None = None) -> tuple[int, str, str, str | None]:
    """The stored row of finished hand ``h``: ``(h, payoffs JSON by player, record JSON, PHH
    text or None)``."""
    payoffs = [0] * n_players
    for pos, pl in enumerate(players):
        payoffs[pl] = hand.payoffs[pos]
    record: dict[str, Any] = {
        "deal": deal, "button": button, "players": players, "stacks": hand.starting_stacks,
        "cards": hand.cards, "actions": hand.history,
        **({"draws": hand.draws} if hand.draws else {}),
        "illegal": [[players[e.position], e.street, e.reason] for e in events],
    }
    errors = [[players[e.position], e.street, e.traceback] for e in events if e.traceback]
    if errors:
        record["errors"] = errors
    timeouts = [[players[e.position], e.street] for e in events if e.timed_out]
    if timeouts:
        record["timeouts"] = timeouts
    if stacks_after is not None:
        record["finishing"] = stacks_after
    phh = phh_text(config, hand, h, seats, players) if want_phh else None
    return h, json.dumps(payoffs), json.dumps(record, separators=(",", ":")), phh


def phh_text(config: MatchConfig, hand: Hand, h: int, seats: list[int], players: list[int]) -> str:
    """The PHH text of hand ``h`` of the match, with the players' names and seats (by position)."""
    every = config.player_names()  # unique even for two copies of a bot
    return to_phh(hand, players=[every[pl] for pl in players], seats=[s + 1 for s in seats],
                  seat_count=config.seats, hand_number=h + 1)


class BotFailed(RuntimeError):
    """A bot raised an exception in a ``strict`` match: the message names the bot and the
    hand and holds its traceback."""


def _strict_check(config: MatchConfig, h: int, players: list[int], events: list) -> None:
    for e in events:
        if e.traceback:
            bot = config.player_names()[players[e.position]]
            raise BotFailed(f"bot {bot} raised an exception in hand {h + 1} (--strict stops the match):\n"
                            f"{e.traceback.rstrip()}")


def play_hands(
    key: str, numbers: Sequence[int], want_phh: bool = False, strict: bool = False,
    time_limit: float | None = None,
) -> list[tuple[int, str, str, str | None]]:
    """Play hands ``numbers`` of the (non-freezeout) match with settings ``key``; ``strict``:
    raise :class:`BotFailed` at a bot's first exception; ``time_limit``: seconds a bot may
    take per call (:mod:`pokerlab.arena.time_limit`; ``None``: no limit)."""
    config, agents, dealer = _table(key)
    return run_steps(_hand_rows(config, agents, dealer, numbers, want_phh, strict), _clock(key, time_limit))


def _hand_rows(config: MatchConfig, agents: list[Agent], dealer: Dealer, numbers: Sequence[int],
               want_phh: bool, strict: bool) -> Steps[list[tuple[int, str, str, str | None]]]:
    """:func:`play_hands` as steps (:mod:`pokerlab.arena.time_limit`)."""
    n = config.seats
    seed = config.seed
    player_names = config.player_names()
    out = []
    for h in numbers:
        hand, deal, button, seats, players = deal_hand(config, dealer, h)
        table_agents = [agents[pl] for pl in players]
        for pl, agent in zip(players, table_agents, strict=True):
            if agent.uses_rng:
                agent.reseed(bot_seed(seed, h, pl))
        events = yield from hand_steps(hand, table_agents, seats, button, h,
                                       [player_names[pl] for pl in players])
        if strict:
            _strict_check(config, h, players, events)
        out.append(record_hand(hand, h, deal, button, seats, players, events, n, config, want_phh))
    return out


def _next_button(stacks: list[int], button: int) -> int:
    n = len(stacks)
    for k in range(1, n + 1):
        seat = (button + k) % n
        if stacks[seat] > 0:
            return seat
    raise AssertionError("no player left")


# -- the runner -----------------------------------------------------------------------------

def run_match(
    config: MatchConfig,
    store: MatchStore,
    *,
    resume: bool = False,
    workers: int = 1,
    executor: Executor | None = None,
    hand_history: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
    match_id: int | None = None,
    strict: bool = False,
    time_limit: float | None = DEFAULT_SECONDS,
) -> MatchResult:
    """Play the hands of ``config`` not yet in ``store`` and return the results.

    ``resume`` continues the latest stored match with identical settings (error when there
    is none); ``match_id`` continues that stored match (its settings must be ``config``'s);
    otherwise a new match is started. The hands are played by ``executor`` (default:
    this process for ``workers`` 1, else ``workers`` local processes); results come back in
    order and are stored here, in this process. ``progress(k)`` is called as ``k`` more hands
    are stored; ``on_start(done, total)`` once before playing. A bot that raises an exception
    has its action replaced by check or fold (counted as illegal) and its first traceback
    logged (logger ``pokerlab.arena.match``) and reported (``BotResult.first_error``);
    ``strict`` stops the match there instead (:class:`BotFailed`; the hands stored before
    stay, ``resume`` continues). A bot may take ``time_limit`` seconds per call (``None`` or
    0: no limit); a turn it does not answer in time is played as check or fold, counted as
    illegal and as a timeout (``BotResult.timeouts``), and the match goes on
    (:mod:`pokerlab.arena.time_limit`). The limit is not one of the match's settings: a
    resumed match may have another.
    """
    clock_for(time_limit)  # a bad limit is refused before anything starts
    own = executor is None
    if executor is None:
        executor = executor_for(workers)
    try:
        return _run(config, store, executor, resume, hand_history, progress, on_start, match_id, strict,
                    time_limit or None)
    finally:
        if own:
            executor.close()


def _run(config: MatchConfig, store: MatchStore, executor: Executor, resume: bool,
         hand_history: str | Path | None, progress: Callable[[int], None] | None,
         on_start: Callable[[int, int], None] | None, match_id: int | None = None,
         strict: bool = False, time_limit: float | None = None) -> MatchResult:
    if config.person is not None:
        raise ValueError("a person plays at this table: play it with pokerlab.arena.session.Session")
    # before any hand: a bot that does not play the variant fails every action or crashes
    # (the hold'em opponent models have no slot for a draw)
    load_bot_modules(config.bot_modules)
    check_bots(config.bots, config.game.variant, "bots")
    in_process = isinstance(executor, InProcessExecutor)
    if config.freezeout and not in_process:
        raise ValueError("a freezeout is played hand after hand in one process: "
                         "drop --workers and --cluster")
    key = config.key()
    if match_id is not None:
        stored = store.match(match_id)
        if stored is None or stored["config"] != key:
            raise ValueError(f"match {match_id}: no match with these settings in {store.path}")
    elif resume:
        found = store.find_match(key)
        if found is None:
            raise ValueError(_no_match_to_resume(store, config))
        match_id = found
    else:
        match_id = store.new_match(key)
    store.claim(match_id)  # one process at a time plays a match (two --resume at once would clash)
    try:
        return _play_match(config, store, match_id, executor, hand_history, progress, on_start, strict,
                           time_limit)
    finally:
        store.release(match_id)


def _no_match_to_resume(store: MatchStore, config: MatchConfig) -> str:
    """Why ``--resume`` finds nothing: the stored match closest to ``config`` and how it differs."""
    here = json.loads(config.key())
    best: tuple[int, int, list[str]] | None = None
    for match_id, key in store.match_keys():
        there = json.loads(key)
        differ = [_setting_difference(name, there.get(name), here[name])
                  for name in here if there.get(name) != here[name]]
        if best is None or len(differ) < len(best[1]):
            best = (match_id, len(differ), differ)
    if best is None:
        return f"--resume: {store.path} holds no match to resume; start one without --resume"
    match_id, _, differ = best
    return (f"--resume: no stored match has these settings; the closest, match {match_id} in {store.path}, "
            f"differs in {'; '.join(differ)}")


_SETTING_OPTIONS = {"hands": "--hands", "seats": "--seats", "duplicate": "--duplicate",
                    "freezeout": "--freezeout", "seed": "--seed", "bots": "the bots"}


def _setting_difference(name: str, there: Any, here: Any) -> str:
    if name == "game" and isinstance(there, dict):
        if there.get("kind") != here["kind"]:
            return f"--game ({there.get('kind')} there, {here['kind']} here)"
        names = {"starting_stack": "--stack"}
        return "; ".join(f"{names.get(k, 'the game ' + k)} ({there.get(k)} there, {v} here)"
                         for k, v in here.items() if there.get(k) != v)
    if name == "bots":
        there, here = " ".join(there or []), " ".join(here)
    return f"{_SETTING_OPTIONS.get(name, name)} ({there} there, {here} here)"


def _play_match(config: MatchConfig, store: MatchStore, match_id: int, executor: Executor,
                hand_history: str | Path | None, progress: Callable[[int], None] | None,
                on_start: Callable[[int, int], None] | None, strict: bool = False,
                time_limit: float | None = None) -> MatchResult:
    in_process = isinstance(executor, InProcessExecutor)
    key = config.key()
    logged: set[int] = set()
    names = config.player_names()
    history_dir = None
    if hand_history is not None:
        history_dir = Path(hand_history)
        history_dir.mkdir(parents=True, exist_ok=True)
    tick = progress or (lambda k: None)

    def save(rows: list[tuple[int, str, str, str | None]]) -> None:
        for h, _, record, _ in rows:
            if '"errors"' in record:
                for player, _, trace in json.loads(record)["errors"]:
                    if player not in logged:
                        logged.add(player)
                        _LOG.warning("bot %s raised an exception in hand %d (played as check or "
                                     "fold); first traceback:\n%s", names[player], h + 1, trace.rstrip())
        store.add_hands(match_id, [(h, p, r) for h, p, r, _ in rows])
        if history_dir is not None:
            for h, _, _, phh in rows:
                (history_dir / f"hand-{h + 1:07d}.phh").write_text(phh or "", encoding="utf-8")
        tick(len(rows))

    want = history_dir is not None
    if config.freezeout:
        played = _run_freezeout(config, store, match_id, want, save, on_start, strict, time_limit)
    else:
        done = store.hand_numbers(match_id)
        if on_start:
            on_start(len(done), config.hands)
        played = config.hands - len(done)
        # Lazily: a match of 10**12 hands starts at once and stops on Ctrl-C with its hands stored.
        todo = (h for h in range(config.hands) if h not in done)
        if in_process:  # the table lives across calls here, so the cut does not change a hand
            size, it = 1, iter(todo)
            while batch := list(itertools.islice(it, size)):
                start = time.perf_counter()
                save(play_hands(key, batch, want, strict, time_limit))
                size = _next_size(len(batch), time.perf_counter() - start)
        else:
            tasks = ((key, task, want, strict, time_limit) for task in match_tasks(todo))
            for rows in executor.map(_play_task, tasks):
                save(rows)
    end_match(key)
    result = summarize(config, store, match_id, played)
    result.where = executor.where()
    return result


def match_tasks(todo: Iterable[int]) -> Iterator[list[int]]:
    """The worker tasks for hands ``todo`` (in increasing order), produced as they are needed:
    task ``t`` plays the hands numbered ``4 * BATCH * t`` to ``4 * BATCH * (t + 1) - 1`` still
    to play. The cut depends on hand numbers only, so a resumed match's tasks are the
    uninterrupted match's (less those stored).

    Examples
    --------
    >>> [len(t) for t in match_tasks(range(2500))], list(match_tasks([5, 999, 1000, 2400]))
    ([1000, 1000, 500], [[5, 999], [1000], [2400]])
    """
    size = 4 * BATCH
    for _, hands in itertools.groupby(todo, key=lambda h: h // size):
        yield list(hands)


def _next_size(played: int, spent: float) -> int:
    """The hands a one-process match plays before it stores them next: what
    :data:`STORE_SECONDS` holds at the pace of the ``played`` hands just stored in ``spent``
    seconds, 1 to :data:`BATCH`."""
    return max(1, min(BATCH, int(played * STORE_SECONDS / max(spent, 1e-6))))


def end_match(key: str) -> None:
    """Tell the bots of this process's table for ``key`` that their hands are played (the
    modelling bots save their opponent models, so a next match or trial starts from them),
    and let the table go: a process that plays many matches (freezeout trials) must not keep
    every match's bots."""
    table = _TABLES.pop(key, None)
    clock = _CLOCKS.pop(key, None)
    if table is not None:
        for agent in table[1]:
            if clock is None or not clock.busy(agent):  # a bot still in a late call is left alone
                agent.end_match()


def _play_task(key: str, numbers: Sequence[int], want: bool, strict: bool = False,
               time_limit: float | None = None) -> list[tuple[int, str, str, str | None]]:
    """A worker's task: its hands, then the bots keep what they learned (a worker process may
    be stopped without running exit handlers) and are let go, so the next task starts with
    fresh bots and cannot depend on which tasks its process played before."""
    try:
        rows = play_hands(key, numbers, want, strict, time_limit)
    finally:
        end_match(key)
    return rows


def _run_freezeout(config: MatchConfig, store: MatchStore, match_id: int, want: bool,
                   save: Callable[[list], None],
                   on_start: Callable[[int, int], None] | None, strict: bool = False,
                   time_limit: float | None = None) -> int:
    key = config.key()
    _, agents, dealer = _table(key)
    clock = _clock(key, time_limit)
    game = config.game
    n_players = config.seats
    last = store.last_record(match_id)
    if last is None:
        h, stacks, button = 0, [game.starting_stack] * n_players, n_players - 1
    else:
        h, stacks, button = last[0] + 1, list(last[1]["finishing"]), last[1]["button"]
    if on_start:
        on_start(h, config.hands)
    played, size = 0, 1
    while True:  # a batch of hands at a time, stored here (the store stays in this thread)
        start = time.perf_counter()
        rows, h, button, failed = run_steps(
            _freezeout_rows(config, agents, dealer, h, stacks, button, want, strict, size), clock)
        played += len(rows)
        if rows:
            save(rows)
        if failed is not None:
            _strict_check(config, *failed)
        if len(rows) < size:
            return played
        size = _next_size(len(rows), time.perf_counter() - start)


def _freezeout_rows(config: MatchConfig, agents: list[Agent], dealer: Dealer, h: int, stacks: list[int],
                    button: int, want: bool, strict: bool,
                    most: int) -> Steps[tuple[list, int, int, tuple | None]]:
    """Up to ``most`` hands of a freezeout from hand ``h`` (``stacks``, updated in place,
    and ``button`` before it), as steps: the rows, the next hand and the button, and (with
    ``strict``) the hand, seats and events where a bot raised (not stored)."""
    game = config.game
    n_players = config.seats
    player_names = config.player_names()
    rows: list[tuple[int, str, str, str | None]] = []
    while h < config.hands and sum(1 for s in stacks if s > 0) >= 2 and len(rows) < most:
        next_button = _next_button(stacks, button)
        seated = [s for s in ((next_button + 1 + k) % n_players for k in range(n_players)) if stacks[s] > 0]
        n = len(seated)
        hand = Hand(game, [stacks[s] for s in seated], dealer.cards(h, n), dealer.ranks(h, n))
        table_agents = [agents[s] for s in seated]
        for s, agent in zip(seated, table_agents, strict=True):
            if agent.uses_rng:
                agent.reseed(bot_seed(config.seed, h, s))
        events = yield from hand_steps(hand, table_agents, seated, next_button, h,
                                       [player_names[s] for s in seated])
        if strict and any(e.traceback for e in events):
            return rows, h, button, (h, seated, events)
        button = next_button
        for pos, s in enumerate(seated):
            stacks[s] = hand.stacks[pos]
        rows.append(record_hand(hand, h, h, button, seated, seated, events, n_players, config, want,
                                stacks_after=list(stacks)))
        h += 1
    return rows, h, button, None


def summarize(config: MatchConfig, store: MatchStore, match_id: int, played: int = 0) -> MatchResult:
    """Results over every stored hand of match ``match_id``."""
    game = config.game
    labels = config.bot_labels()
    owners = np.array(config.player_bots)
    payoffs = np.array(store.payoffs(match_id), dtype=np.int64).reshape(-1, config.seats)
    stored = len(payoffs)
    illegal = [0] * len(config.bots)
    errors = [0] * len(config.bots)
    timeouts = [0] * len(config.bots)
    first_error: list[str | None] = [None] * len(config.bots)
    knocked: list[int | None] = [None] * config.seats
    played_hands = np.zeros(config.seats, dtype=np.int64)
    for h, record in store.records(match_id):
        for player, _, _ in record["illegal"]:
            illegal[owners[player]] += 1
        for player, _, trace in record.get("errors", ()):
            errors[owners[player]] += 1
            if first_error[owners[player]] is None:
                first_error[owners[player]] = trace
        for player, _ in record.get("timeouts", ()):
            timeouts[owners[player]] += 1
        if config.freezeout:
            played_hands[record["players"]] += 1
            for player in record["players"]:
                if record["finishing"][player] == 0 and knocked[player] is None:
                    knocked[player] = h + 1
    finished = stored == config.hands or (
        config.freezeout and stored > 0 and sum(1 for k in knocked if k is None) <= 1
    )
    if finished:
        store.mark_finished(match_id)
    results = []
    columns = []
    for b, label in enumerate(labels):
        mine = np.flatnonzero(owners == b)
        per_hand = payoffs[:, mine].sum(axis=1) / len(mine) / game.unit_size
        if config.freezeout:
            hands_b = int(played_hands[mine].max()) if stored else 0
            per_hand = per_hand[:hands_b] if hands_b else per_hand[:0]
            group = 1
        else:
            hands_b = stored
            group = config.seats if config.duplicate else 1
        mean, ci = win_rate(per_hand, group)
        ko = [knocked[p] for p in mine]
        results.append(BotResult(
            bot=label, per_hand=mean, unit=game.unit, ci95=ci, hands=hands_b,
            illegal_actions=illegal[b], chips=int(payoffs[:, mine].sum()),
            knocked_out=(max(k for k in ko if k is not None) if config.freezeout and all(
                k is not None for k in ko) else None),
            errors=errors[b], first_error=first_error[b], timeouts=timeouts[b],
        ))
        columns.append(np.cumsum(payoffs[:, mine].sum(axis=1) / len(mine) / game.unit_size))
    bankroll = np.array(columns).T if stored else np.zeros((0, len(labels)))
    return MatchResult(config, match_id, results, stored, played, finished, bankroll)
