"""A small ACPC dealer: seats players over TCP and runs a match the way the ACPC dealer does.

It follows ``dealer.c`` of the ACPC server: one listening port per seat (bound to
127.0.0.1), each player first sends ``VERSION:2.<minor>.<revision>`` (major version 2, as
the server requires), then for every hand the dealer sends each seat its view of the state
before every action and once more when the hand is over, and reads the acting seat's reply.
As in ``readPlayerResponse``: comment lines are skipped, replies that are not about the
current state are ignored, the action letter is read as the server reads it (``f``, ``c``,
``r``, also in upper case, and the older ``b`` and ``k``), a no-limit raise out of range is
moved to the nearest legal size,
and any other bad or illegal action is played as a call and counted against the seat
(``max_invalid`` ends the match after that many). Players rotate through the positions each
hand unless seats are fixed. A seat silent for longer than the timeout, or a closed
connection, ends the match with a :class:`DealerError` naming the seat.

Results are exact chip counts per seat; the optional log has the ACPC dealer's format
(``STATE:<hand>:<betting>:<cards>:<values>:<names>`` per hand, ``SCORE:...`` at the end).

Examples
--------
>>> import threading
>>> from pokerlab.acpc.gamedef import standard_game
>>> from pokerlab.acpc.client import play_match
>>> game = standard_game("limit")
>>> dealer = Dealer(game, hands=4, names=["calls", "folds"], seed=7, timeout=5)
>>> ports = dealer.listen()
>>> bots = [lambda s: Action("c"), lambda s: Action("f") if "f" in s.legal_kinds() else Action("c")]
>>> threads = [threading.Thread(target=play_match, args=("127.0.0.1", port, game, bot))
...            for port, bot in zip(ports, bots)]
>>> for t in threads: t.start()
>>> result = dealer.run()
>>> for t in threads: t.join()
>>> [int(v) for v in result.totals], len(result.hands)
([10, -10], 4)
"""

from __future__ import annotations

import contextlib
import re
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO

from pokerlab.acpc.betting import Action, BettingState, parse_actions
from pokerlab.acpc.client import LineReader
from pokerlab.acpc.deals import AcpcDeals, Holes
from pokerlab.acpc.gamedef import GameDef
from pokerlab.acpc.matchstate import cards_text, parse_matchstate
from pokerlab.acpc.showdown import hand_values, showdowns_supported

_VERSION_RE = re.compile(r"VERSION:(\d+)\.(\d+)\.(\d+)")

DealSource = Callable[[int], tuple[Holes, tuple[int, ...]]]
"""Cards of hand ``h`` (0-based): hole cards by position, then the whole board."""


class DealerError(ValueError):
    """The match could not go on; ``result`` holds the hands played before that."""

    def __init__(self, message: str, result: DealerResult) -> None:
        super().__init__(message)
        self.result = result


@dataclass(frozen=True)
class DealtHand:
    """A finished hand: the full state line, values and player names by position, values by seat."""

    hand_number: int
    state: str
    values: tuple[Fraction, ...]
    names: tuple[str, ...]
    seat_values: tuple[Fraction, ...]


@dataclass
class DealerResult:
    """Everything a match produced."""

    names: tuple[str, ...]
    totals: list[Fraction]
    hands: list[DealtHand] = field(default_factory=list)
    invalid_actions: list[int] = field(default_factory=list)

    def to_dict(self, game: GameDef) -> dict[str, object]:
        """Plain data for JSON: per seat total chips and chips per hand."""
        n = max(len(self.hands), 1)
        return {
            "hands": len(self.hands),
            "results": [
                {
                    "seat": s + 1,
                    "name": name,
                    "total": _number(self.totals[s]),
                    "per_hand": float(self.totals[s]) / n,
                    "invalid_actions": self.invalid_actions[s],
                }
                for s, name in enumerate(self.names)
            ],
        }


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _acpc_number(value: Fraction) -> str:
    # The dealer prints "%.6f" and then strips trailing zeros and the point.
    text = f"{float(value):.6f}".rstrip("0")
    return text.rstrip(".")


def view_text(game: GameDef, hand_number: int, betting: BettingState, holes: Holes,
              board: Sequence[int], viewer: int | None) -> str:
    """The state as ``viewer`` sees it (``MATCHSTATE``), or all cards (``STATE``) with ``None``."""
    shown_holes = []
    for p, cards in enumerate(holes):
        visible = viewer is None or p == viewer or (
            betting.is_showdown and not betting.folded[p]
        )
        shown_holes.append(cards_text(tuple(cards)) if visible else "")
    sections = []
    for r in range(betting.round + 1):
        start = game.board_cards_before(r)
        sections.append(cards_text(tuple(board[start:start + game.num_board_cards[r]])))
    head = "STATE" if viewer is None else f"MATCHSTATE:{viewer}"
    return f"{head}:{hand_number}:{betting.text()}:{'|'.join(shown_holes)}{'/'.join(sections)}"


class Dealer:
    """An ACPC dealer for one match on 127.0.0.1.

    Parameters
    ----------
    game
        The game definition.
    hands
        Hands to play.
    names
        One name per seat (the log and the results use them).
    seed
        Seed of the ACPC card generator (ignored when ``deal`` is given).
    deal
        Optional source of the cards of hand ``h``; by default the ACPC dealer's generator.
    positions
        Optional ``positions(h)``: the position of each seat in hand ``h``; by default the
        ACPC rotation (seat ``s`` has position ``(s - h) mod n``) or fixed seats.
    ports
        Port per seat (0 = any free port).
    timeout
        Longest wait for a reply (and for the version line), in seconds.
    start_timeout
        Longest wait for each seat to connect.
    fixed_seats
        Keep every seat in the same position for the whole match.
    max_invalid
        End the match when a seat has made more invalid actions than this (``None``: never).
    log
        Text stream for the ACPC-format log.
    on_hand
        Called with each finished hand (a progress bar).
    """

    def __init__(
        self,
        game: GameDef,
        hands: int,
        names: Sequence[str],
        *,
        seed: int = 0,
        deal: DealSource | None = None,
        positions: Callable[[int], Sequence[int]] | None = None,
        ports: Sequence[int] | None = None,
        timeout: float = 10.0,
        start_timeout: float = 30.0,
        fixed_seats: bool = False,
        max_invalid: int | None = None,
        log: IO[str] | None = None,
        on_hand: Callable[[DealtHand], None] | None = None,
    ) -> None:
        n = game.num_players
        if hands < 1:
            raise ValueError(f"hands must be at least 1, not {hands}")
        if len(names) != n:
            raise ValueError(f"the game has {n} seats but {len(names)} names were given")
        for name in names:
            if not name or any(c in name for c in ":|\r\n"):
                raise ValueError(f"player name {name!r} is empty or contains ':', '|' or a line end")
        ports = list(ports) if ports is not None else [0] * n
        if len(ports) != n or any(not 0 <= p <= 65535 for p in ports):
            raise ValueError(f"need {n} ports in 0..65535, got {ports}")
        if timeout <= 0 or start_timeout <= 0:
            raise ValueError("timeouts must be positive")
        if not showdowns_supported(game):
            cards = game.num_hole_cards + sum(game.num_board_cards)
            raise ValueError(f"this dealer ranks showdowns of 1 to 7 cards; the game gives {cards} a player")
        self.game = game
        self.hands = hands
        self.names = tuple(names)
        self.seed = seed
        self._deal = deal if deal is not None else _acpc_source(game, seed)
        self._positions = positions
        self.fixed_seats = fixed_seats
        self.ports = ports
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.max_invalid = max_invalid
        self.log = log
        self._on_hand = on_hand
        self._listeners: list[socket.socket] = []
        self._conns: list[socket.socket] = []
        self._readers: list[LineReader] = []
        self.result = DealerResult(self.names, [Fraction(0)] * n, [], [0] * n)

    # -- connections -------------------------------------------------------------------------
    def listen(self) -> list[int]:
        """Open one listening socket per seat on 127.0.0.1; return the ports (seat order)."""
        try:
            for port in self.ports:
                self._listeners.append(socket.create_server(("127.0.0.1", port)))
        except OSError as exc:
            self.close()
            raise ValueError(f"cannot listen on 127.0.0.1: {exc.strerror or exc}") from None
        self.ports = [s.getsockname()[1] for s in self._listeners]
        return list(self.ports)

    def _seat(self, s: int) -> str:
        return f"seat {s + 1} ({self.names[s]})"

    def _accept_all(self) -> None:
        for s, listener in enumerate(self._listeners):
            listener.settimeout(self.start_timeout)
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                raise ValueError(f"{self._seat(s)} did not connect within {self.start_timeout:g} s") from None
            listener.close()
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._conns.append(conn)
            self._readers.append(LineReader(conn, self.timeout, self._seat(s)))
        for s, reader in enumerate(self._readers):
            line = reader.readline()
            if line is None:
                raise ValueError(f"{self._seat(s)} closed the connection before sending its version")
            m = _VERSION_RE.match(line)
            if m is None:
                raise ValueError(f"{self._seat(s)} sent {line[:40]!r} instead of VERSION:2.0.0")
            if int(m.group(1)) != 2 or int(m.group(2)) != 0:
                raise ValueError(f"{self._seat(s)} speaks protocol {m.group(0)[8:]}, this dealer 2.0.0")

    def close(self) -> None:
        """Close every socket (the players see the end of the match)."""
        for sock in self._listeners + self._conns:
            with contextlib.suppress(OSError):
                sock.close()
        self._listeners, self._conns = [], []

    # -- the match ---------------------------------------------------------------------------
    def run(self) -> DealerResult:
        """Accept the players and play the match; the sockets are closed at the end.

        Raises
        ------
        DealerError
            When a player does not connect, times out, disconnects or breaks the rules more
            than ``max_invalid`` times; ``error.result`` holds the finished hands.
        """
        if not self._listeners:
            self.listen()
        if self.log is not None:
            # The ACPC dealer's log starts with comment lines describing the match.
            self.log.write(f"# name/game/hands/seed pokerlab {self.game.betting} {self.hands} {self.seed}\n"
                           f"#--t_response {round(self.timeout * 1000)}\n")
            self.log.flush()
        try:
            self._accept_all()
            for h in range(self.hands):
                self._play_hand(h)
            self._write_score()
            return self.result
        except ValueError as exc:
            done = len(self.result.hands)
            raise DealerError(f"{exc} (after {done} finished hands)", self.result) from None
        finally:
            self.close()

    def _seat_positions(self, h: int) -> list[int]:
        n = self.game.num_players
        if self._positions is not None:
            positions = [int(p) for p in self._positions(h)]
            if sorted(positions) != list(range(n)):
                raise ValueError(f"hand {h}: seat positions {positions} are not a permutation")
            return positions
        player0_seat = 0 if self.fixed_seats else h % n
        return [(s - player0_seat) % n for s in range(n)]

    def _play_hand(self, h: int) -> None:
        game = self.game
        holes, board = self._deal(h)
        positions = self._seat_positions(h)
        seat_of = {p: s for s, p in enumerate(positions)}
        betting = BettingState(game)
        while not betting.finished:
            actor = betting.current_player
            for s, p in enumerate(positions):
                self._send(s, view_text(game, h, betting, holes, board, p))
            action = self._read_action(seat_of[actor], h, betting, holes, board, actor)
            betting.apply(action)
        values = hand_values(betting, holes, board)
        names = tuple(self.names[seat_of[p]] for p in range(game.num_players))
        full = view_text(game, h, betting, holes, board, None)
        by_seat = tuple(values[p] for p in positions)
        self.result.hands.append(DealtHand(h, full, values, names, by_seat))
        for p, v in enumerate(values):
            self.result.totals[seat_of[p]] += v
        if self.log is not None:
            self.log.write(f"{full}:{'|'.join(_acpc_number(v) for v in values)}:{'|'.join(names)}\n")
            self.log.flush()
        if self._on_hand is not None:
            self._on_hand(self.result.hands[-1])
        for s, p in enumerate(positions):
            self._send(s, view_text(game, h, betting, holes, board, p))

    def _send(self, s: int, text: str) -> None:
        try:
            self._conns[s].sendall((text + "\r\n").encode("ascii"))
        except OSError as exc:
            raise ValueError(f"cannot send to {self._seat(s)}: {exc.strerror or exc}") from None

    def _read_action(self, s: int, h: int, betting: BettingState, holes: Holes,
                     board: Sequence[int], actor: int) -> Action:
        expected = view_text(self.game, h, betting, holes, board, actor)
        deadline = time.monotonic() + self.timeout
        reader = self._readers[s]
        while True:
            line = reader.readline(deadline)
            if line is None:
                raise ValueError(f"{self._seat(s)} closed the connection during hand {h}")
            if line.startswith(("#", ";")):
                continue
            state_text, sep, action_text = line.rpartition(":")
            if not sep or not _same_state(state_text, expected, self.game):
                continue  # not a reply to this state: ignored, as the ACPC dealer does
            try:
                actions = parse_actions(_normalise_action(action_text), self.game)
                if len(actions) != 1:
                    raise ValueError("one action expected")
                action = actions[0]
            except ValueError:
                self._invalid(s, h, f"bad action {action_text[:20]!r}")
                return Action("c")
            played = betting.fixed(action)
            # Moving a no-limit raise into range is a fix, not an error (isValidAction with tryFixing).
            if played != action and not (action.kind == "r" and played.kind == "r"):
                self._invalid(s, h, f"illegal action {action.text()!r}")
            return played

    def _invalid(self, s: int, h: int, what: str) -> None:
        self.result.invalid_actions[s] += 1
        if self.max_invalid is not None and self.result.invalid_actions[s] > self.max_invalid:
            limit = self.max_invalid
            raise ValueError(f"{self._seat(s)}: {what} in hand {h}, more than {limit} invalid actions")

    def _write_score(self) -> None:
        if self.log is None:
            return
        totals = "|".join(_acpc_number(v) for v in self.result.totals)
        self.log.write(f"SCORE:{totals}:{'|'.join(self.names)}\n")
        self.log.flush()


# The ACPC server's readAction also takes upper case and the older b (bet) and k (check).
_ACTION_ALIASES = {"F": "f", "C": "c", "R": "r", "B": "r", "b": "r", "K": "c", "k": "c"}


def _normalise_action(text: str) -> str:
    """A client's action letter as the ACPC dealer reads it (``B500`` is ``r500``)."""
    return _ACTION_ALIASES.get(text[:1], text[:1]) + text[1:]


def _same_state(text: str, expected: str, game: GameDef) -> bool:
    if text == expected:
        return True
    # Equal states can be written differently only in letter case or card order; compare parsed.
    try:
        a, b = parse_matchstate(text, game), parse_matchstate(expected, game)
    except ValueError:
        return False
    return (a.position, a.hand_number, a.betting.all_actions(), sorted(a.own_cards), a.board) == (
        b.position, b.hand_number, b.betting.all_actions(), sorted(b.own_cards), b.board
    )


def _acpc_source(game: GameDef, seed: int) -> DealSource:
    deals = AcpcDeals(game, seed)
    cache: dict[int, tuple[Holes, tuple[int, ...]]] = {}
    dealt = [0]  # hands drawn so far (the cache forgets the ones handed out)

    def deal(h: int) -> tuple[Holes, tuple[int, ...]]:
        while h not in cache:
            cache[dealt[0]] = deals.next_hand()
            dealt[0] += 1
        return cache.pop(h)

    return deal
