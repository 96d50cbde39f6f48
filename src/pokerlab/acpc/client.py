"""An ACPC client: connect to a dealer, follow the match states, answer when it is our turn.

The exchange is the ACPC protocol 2.0.0: the client first sends ``VERSION:2.0.0``; the
dealer then sends a ``MATCHSTATE`` line to every player after every event of every hand
(including the final state, where showdown cards are visible); the player to act answers
with the same state, ``:`` and its action. Lines end in ``\\r\\n``; lines starting with ``#``
or ``;`` are comments. The dealer ends the match by closing the connection.

The client checks what it receives: every line must parse under the game definition, each
state of a hand must extend the previous one (same position, same cards, more actions), a
hand must be over before another begins, and hand numbers must not repeat. Anything else, a
closed connection in the middle of a hand, or a dealer silent for longer than the timeout,
ends the match with a :class:`ClientError` whose message is one line and whose ``result``
holds the hands finished so far (they are also written to the log as they finish).

Examples
--------
>>> import threading, socket
>>> from pokerlab.acpc.gamedef import standard_game
>>> server = socket.create_server(("127.0.0.1", 0))
>>> def dealer():
...     conn, _ = server.accept()
...     f = conn.makefile("rwb")
...     assert f.readline() == b"VERSION:2.0.0\\r\\n"
...     f.write(b"MATCHSTATE:1:0::|AsKs\\r\\n"); f.flush()
...     assert f.readline() == b"MATCHSTATE:1:0::|AsKs:f\\r\\n"
...     f.write(b"MATCHSTATE:1:0:f:|AsKs\\r\\n"); f.flush()
...     conn.close()
>>> t = threading.Thread(target=dealer); t.start()
>>> result = play_match("127.0.0.1", server.getsockname()[1], standard_game("limit"),
...                     lambda state: Action("f"), timeout=5)
>>> t.join(); server.close()
>>> [(h.hand_number, h.position, h.value) for h in result.hands]
[(0, 1, Fraction(-5, 1))]
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO

from pokerlab.acpc.betting import Action
from pokerlab.acpc.gamedef import GameDef
from pokerlab.acpc.matchstate import MatchState, parse_matchstate
from pokerlab.acpc.showdown import hand_values, showdowns_supported

VERSION_LINE = "VERSION:2.0.0\r\n"
# The ACPC server's read buffer (READBUF_LEN); a longer line is not a match state.
MAX_LINE_BYTES = 4096

Decide = Callable[[MatchState], Action]


class ClientError(ValueError):
    """The match ended abnormally; ``result`` holds the hands finished before that."""

    def __init__(self, message: str, result: ClientResult) -> None:
        super().__init__(message)
        self.result = result


@dataclass(frozen=True)
class HandResult:
    """One finished hand seen from our seat."""

    hand_number: int
    position: int
    state: str
    value: Fraction | None

    def to_dict(self) -> dict[str, object]:
        value: int | float | None = None
        if self.value is not None:
            value = int(self.value) if self.value.denominator == 1 else float(self.value)
        return {"hand": self.hand_number, "position": self.position, "value": value, "state": self.state}


@dataclass
class ClientResult:
    """The hands a client finished in a match."""

    hands: list[HandResult] = field(default_factory=list)

    @property
    def total(self) -> Fraction:
        """Chips won over all finished hands (hands of unknown value left out)."""
        return sum((h.value for h in self.hands if h.value is not None), Fraction(0))


class LineReader:
    """Read ``\\r\\n``-terminated ASCII lines from a socket with a per-line timeout."""

    def __init__(self, sock: socket.socket, timeout: float, peer: str) -> None:
        self.sock = sock
        self.timeout = timeout
        self.peer = peer
        self._buffer = b""

    def readline(self, deadline: float | None = None) -> str | None:
        """The next line without its end, or ``None`` when the peer closed the connection.

        Waits at most ``timeout`` seconds, or until the ``time.monotonic()`` ``deadline``.
        """
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE_BYTES:
                raise ValueError(f"{self.peer} sent a line longer than {MAX_LINE_BYTES} bytes")
            wait = self.timeout if deadline is None else deadline - time.monotonic()
            try:
                if wait <= 0:
                    raise TimeoutError
                self.sock.settimeout(wait)
                chunk = self.sock.recv(4096)
            except TimeoutError:
                raise ValueError(f"{self.peer} sent nothing for {self.timeout:g} s") from None
            except OSError as exc:
                raise ValueError(f"connection to {self.peer} failed: {exc.strerror or exc}") from None
            if not chunk:
                if self._buffer:
                    raise ValueError(f"{self.peer} closed the connection in the middle of a line")
                return None
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\n")
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            return raw.decode("ascii")
        except UnicodeDecodeError:
            raise ValueError(f"{self.peer} sent a line that is not ASCII: {raw[:40]!r}") from None


def hand_value(state: MatchState) -> Fraction | None:
    """Chips our seat won or lost in a finished hand (all the cards needed are visible).

    ``None`` for a showdown we cannot rank (games of more than 7 cards a player).
    """
    if state.betting.is_showdown and not showdowns_supported(state.game):
        return None
    return hand_values(state.betting, state.hole_cards, state.board_cards)[state.position]


class MatchFollower:
    """Check a stream of match states and keep the finished hands (no networking here).

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> f = MatchFollower(standard_game("limit"))
    >>> f.feed("MATCHSTATE:0:7::TdAs|").is_our_turn
    False
    >>> f.feed("MATCHSTATE:0:8::9d7s|")
    Traceback (most recent call last):
    ...
    ValueError: hand 8 began before hand 7 was over
    """

    def __init__(self, game: GameDef, log: IO[str] | None = None) -> None:
        self.game = game
        self.log = log
        self.current: MatchState | None = None
        self.finished_numbers: set[int] = set()
        self.result = ClientResult()

    def feed(self, line: str) -> MatchState:
        """Take one dealer line (not a comment); return the parsed state."""
        state = parse_matchstate(line, self.game)
        current = self.current
        if current is not None and current.hand_number == state.hand_number and not current.finished:
            if not state.extends(current):
                number = state.hand_number
                raise ValueError(f"hand {number}: state {state.text()!r} does not follow {current.text()!r}")
        else:
            if current is not None and not current.finished:
                raise ValueError(f"hand {state.hand_number} began before hand {current.hand_number} was over")
            if state.hand_number in self.finished_numbers:
                raise ValueError(f"hand number {state.hand_number} was already played")
        self.current = state
        if state.finished:
            self._finish(state)
        return state

    def _finish(self, state: MatchState) -> None:
        result = HandResult(state.hand_number, state.position, state.text(), hand_value(state))
        self.finished_numbers.add(state.hand_number)
        self.result.hands.append(result)
        if self.log is not None:
            self.log.write(json.dumps(result.to_dict()) + "\n")
            self.log.flush()

    @property
    def in_hand(self) -> bool:
        """A hand has begun and is not over."""
        return self.current is not None and not self.current.finished


def play_match(
    host: str,
    port: int,
    game: GameDef,
    decide: Decide,
    *,
    timeout: float = 60.0,
    connect_timeout: float = 10.0,
    log: IO[str] | None = None,
    on_hand_end: Callable[[MatchState], None] | None = None,
) -> ClientResult:
    """Play a match at an ACPC dealer, answering with ``decide(state)`` when it is our turn.

    Parameters
    ----------
    host, port
        Where the dealer listens for this seat.
    game
        The game definition the dealer uses.
    decide
        Returns our action for a state in which we are to act; it must be legal.
    timeout
        Longest wait for any line from the dealer, in seconds.
    connect_timeout
        Longest wait for the connection.
    log
        Text stream receiving one JSON line per finished hand (flushed at once).
    on_hand_end
        Called with the final state of every finished hand.

    Raises
    ------
    ClientError
        On any protocol problem, a closed connection in the middle of a hand, or a timeout;
        ``error.result`` holds the finished hands.
    """
    follower = MatchFollower(game, log)
    peer = f"dealer {host}:{port}"
    try:
        sock = socket.create_connection((host, port), timeout=connect_timeout)
    except OSError as exc:
        raise ClientError(f"cannot connect to {peer}: {exc.strerror or exc}", follower.result) from None
    with sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = LineReader(sock, timeout, peer)
        try:
            _send(sock, VERSION_LINE, peer)
            while True:
                line = reader.readline()
                if line is None:
                    if follower.current is not None and follower.in_hand:
                        number = follower.current.hand_number
                        raise ValueError(f"{peer} closed the connection during hand {number}")
                    return follower.result
                if line.startswith(("#", ";")):
                    continue
                state = follower.feed(line)
                if state.finished and on_hand_end is not None:
                    on_hand_end(state)
                if state.is_our_turn:
                    action = decide(state)
                    _send(sock, state.reply(action), peer)
        except ClientError:
            raise
        except ValueError as exc:
            hands = len(follower.result.hands)
            raise ClientError(f"{exc} (after {hands} finished hands)", follower.result) from None


def _send(sock: socket.socket, text: str, peer: str) -> None:
    try:
        sock.sendall(text.encode("ascii"))
    except OSError as exc:
        raise ValueError(f"cannot send to {peer}: {exc.strerror or exc}") from None
