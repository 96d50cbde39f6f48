"""Client and dealer over real sockets on 127.0.0.1: normal matches, and every way a match can
go wrong (malformed or out-of-order lines, a closed socket, silence) ending with one clear
error, nothing hanging, and the hands finished so far kept."""

from __future__ import annotations

import io
import json
import socket
import threading
import time
from fractions import Fraction

import pytest

from pokerlab.acpc import Action, parse_gamedef, standard_game
from pokerlab.acpc.client import ClientError, MatchFollower, play_match
from pokerlab.acpc.dealer import Dealer, DealerError

LIMIT = standard_game("limit")
NOLIMIT = standard_game("nolimit")


def always_call(state):
    return Action("c")


class ScriptedDealer:
    """A fake dealer: sends scripted lines, records what the client sends back."""

    def __init__(self, script: list[str | None], *, close_at_end: bool = True, hold: float = 0.0):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.script = script
        self.close_at_end = close_at_end
        self.hold = hold
        self.received: list[str] = []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        self.server.settimeout(60)
        conn, _ = self.server.accept()
        conn.settimeout(60)
        reader = conn.makefile("rb")
        self.received.append(reader.readline().decode())
        for item in self.script:
            if item is None:  # wait for the client's reply
                self.received.append(reader.readline().decode())
            else:
                conn.sendall(item.encode() + (b"" if item.endswith("\n") else b"\r\n"))
        if self.hold:
            time.sleep(self.hold)
        if self.close_at_end:
            conn.close()
        else:
            time.sleep(3)
            conn.close()
        self.server.close()

    def join(self):
        self.thread.join(timeout=15)
        assert not self.thread.is_alive()


HAND_0 = [
    "# a comment the client must skip",
    "MATCHSTATE:0:0::TdAs|",
    "MATCHSTATE:0:0:r:TdAs|",
    None,
    "MATCHSTATE:0:0:rc/:TdAs|/2c8c3h",
    None,
    "MATCHSTATE:0:0:rc/c:TdAs|/2c8c3h",
    "MATCHSTATE:0:0:rc/cc/:TdAs|/2c8c3h/9c",
    None,
    "; gui command",
    "MATCHSTATE:0:0:rc/cc/c:TdAs|/2c8c3h/9c",
    "MATCHSTATE:0:0:rc/cc/cc/:TdAs|/2c8c3h/9c/Kh",
    None,
    "MATCHSTATE:0:0:rc/cc/cc/c:TdAs|/2c8c3h/9c/Kh",
    "MATCHSTATE:0:0:rc/cc/cc/cc:TdAs|8hTc/2c8c3h/9c/Kh",
]
HAND_1 = [
    "MATCHSTATE:1:1::|Qd7c",
    None,
    "MATCHSTATE:1:1:f:|Qd7c",
]


def test_client_plays_and_logs_each_hand():
    fake = ScriptedDealer(HAND_0 + HAND_1)
    log = io.StringIO()

    def fold_first(state):
        return Action("f") if state.hand_number == 1 else Action("c")

    result = play_match("127.0.0.1", fake.port, LIMIT, fold_first, timeout=60, log=log)
    fake.join()
    assert fake.received[0] == "VERSION:2.0.0\r\n"
    assert fake.received[1] == "MATCHSTATE:0:0:r:TdAs|:c\r\n"
    assert fake.received[-1] == "MATCHSTATE:1:1::|Qd7c:f\r\n"
    # Hand 0: a pair of eights (8h Tc on 2c 8c 3h 9c Kh) beats ace-king high: we lose 20.
    assert [(h.hand_number, h.value) for h in result.hands] == [(0, Fraction(-20)), (1, Fraction(-5))]
    lines = [json.loads(x) for x in log.getvalue().splitlines()]
    assert [(x["hand"], x["position"], x["value"]) for x in lines] == [(0, 0, -20), (1, 1, -5)]


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("MATCHSTATE:0:1:rrrrr:TdAs|", "allows at most 3 raises"),
        ("MATCHSTATE:0:1::TdAs", "hole-card groups"),
        ("MATCHSTATE:0:1::TdAs|Kh2c", "shown but there is no showdown"),
        ("MATCHSTATE:2:1::TdAs|", "position '2' is larger than 1".replace("'", "")),
        ("MATCHSTATE:0:1::TdTd|", "appears twice"),
        ("MATCHSTATE:0:1:c:TdXs|", "unknown card 'Xs'"),
        ("HELLO", "expected a line starting with 'MATCHSTATE:'"),
        ("MATCHSTATE:0:0:r:TdAs|", "hand number 0 was already played"),
        ("MATCHSTATE:0:1:r:TdAs\xe9|", "not ASCII"),
    ],
)
def test_client_rejects_a_malformed_line_and_keeps_finished_hands(bad_line, message, tmp_path):
    fake = ScriptedDealer([*HAND_0, bad_line])
    log_path = tmp_path / "hands.jsonl"
    with log_path.open("w") as log, pytest.raises(ClientError, match=message) as info:
        play_match("127.0.0.1", fake.port, LIMIT, always_call, timeout=60, log=log)
    fake.join()
    assert "after 1 finished hands" in str(info.value) and "\n" not in str(info.value)
    assert [h.hand_number for h in info.value.result.hands] == [0]
    assert len(log_path.read_text().splitlines()) == 1


def test_client_rejects_out_of_order_states():
    script = ["MATCHSTATE:0:4:r:TdAs|", "MATCHSTATE:0:4::TdAs|"]
    fake = ScriptedDealer(script)
    with pytest.raises(ClientError, match="does not follow"):
        play_match("127.0.0.1", fake.port, LIMIT, always_call, timeout=60)
    fake.join()
    # A new hand before the old one is over.
    fake = ScriptedDealer(["MATCHSTATE:1:4::|TdAs", None, "MATCHSTATE:0:5::9d7s|"])
    with pytest.raises(ClientError, match="hand 5 began before hand 4 was over"):
        play_match("127.0.0.1", fake.port, LIMIT, always_call, timeout=60)
    fake.join()


def test_client_reports_a_socket_closed_mid_hand():
    fake = ScriptedDealer([*HAND_0, "MATCHSTATE:1:1::|Qd7c"])
    with pytest.raises(ClientError, match="closed the connection during hand 1") as info:
        play_match("127.0.0.1", fake.port, LIMIT, always_call, timeout=60)
    fake.join()
    assert len(info.value.result.hands) == 1


def test_client_times_out_on_a_silent_dealer():
    fake = ScriptedDealer(["MATCHSTATE:0:3::TdAs|"], close_at_end=False)
    started = time.monotonic()
    with pytest.raises(ClientError, match=r"sent nothing for 0.5 s"):
        play_match("127.0.0.1", fake.port, LIMIT, always_call, timeout=0.5)
    assert time.monotonic() - started < 3
    fake.join()


def test_client_reports_refused_connection():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    with pytest.raises(ClientError, match="cannot connect"):
        play_match("127.0.0.1", port, LIMIT, always_call, timeout=1, connect_timeout=1)


def test_follower_accepts_the_spec_exchange_without_network():
    follower = MatchFollower(NOLIMIT)
    for line in ["MATCHSTATE:1:31::|JdTc", "MATCHSTATE:1:31:r300:|JdTc",
                 "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc"]:
        follower.feed(line)
    # Js Jc on 6d Jc 9c Kh Qc: KsJs has jacks with a king; JdTc makes a straight (9-K).
    assert follower.result.hands[0].value == 20000


# -- our dealer -----------------------------------------------------------------------------

def _run_clients(game, ports, bots, **kwargs):
    results: dict[int, object] = {}

    def run(i, port, bot):
        try:
            results[i] = play_match("127.0.0.1", port, game, bot, timeout=60, **kwargs)
        except ClientError as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i, port, bot), daemon=True)
               for i, (port, bot) in enumerate(zip(ports, bots, strict=True))]
    for t in threads:
        t.start()
    return threads, results


def test_dealer_match_values_add_up_and_clients_agree():
    log = io.StringIO()
    dealer = Dealer(NOLIMIT, hands=30, names=["a", "b"], seed=11, timeout=60, log=log)
    ports = dealer.listen()

    def raiser(state):
        low, high = state.betting.raise_range() or (0, 0)
        if "r" in state.legal_kinds() and state.betting.num_raises < 2:
            return Action("r", min(low + 100, high))
        return Action("c")

    threads, results = _run_clients(NOLIMIT, ports, [raiser, always_call])
    result = dealer.run()
    for t in threads:
        t.join(timeout=10)
    assert len(result.hands) == 30 and sum(result.totals) == 0
    # Each client's own record equals the dealer's, hand by hand.
    for seat in range(2):
        client = results[seat]
        assert client.total == result.totals[seat]
    lines = [x for x in log.getvalue().splitlines() if not x.startswith("#")]
    assert log.getvalue().startswith("# name/game/hands/seed pokerlab nolimit 30 11\n")
    assert len(lines) == 31 and lines[-1].startswith("SCORE:") and lines[-1].endswith(":a|b")
    assert lines[0].startswith("STATE:0:") and lines[0].endswith(":a|b")
    assert lines[1].endswith(":b|a")  # players swap positions every hand


class RawPlayer:
    """A hand-written player: after the version, waits for its first turn and sends ``lines``."""

    def __init__(self, port, lines, *, version="VERSION:2.0.0", linger=3.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall((version + "\r\n").encode())
        self.lines = lines
        self.linger = linger
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        reader = self.sock.makefile("rb")
        try:
            state = reader.readline().decode().rstrip("\r\n")
            for line in self.lines:
                self.sock.sendall(line.format(state=state).encode() + b"\r\n")
            time.sleep(self.linger)
        except OSError:
            pass
        finally:
            self.sock.close()


def test_dealer_moves_an_oversized_raise_to_all_in_like_the_acpc_dealer():
    log = io.StringIO()
    dealer = Dealer(NOLIMIT, hands=1, names=["calm", "wild"], seed=3, timeout=60, fixed_seats=True, log=log)
    ports = dealer.listen()
    threads, results = _run_clients(NOLIMIT, ports[:1], [always_call])
    # Seat 2 is position 1 and acts first: junk and replies to other states are ignored.
    RawPlayer(ports[1], ["garbage", "MATCHSTATE:1:7::|AsKs:c", "{state}:r1000000"], linger=0.5)
    result = dealer.run()
    threads[0].join(timeout=10)
    assert result.invalid_actions == [0, 0]
    assert result.hands[0].state.startswith("STATE:0:r20000c///:")
    assert sum(result.totals) == 0 and abs(result.totals[0]) in (0, 20000)
    assert results[0].total == result.totals[0]


def test_dealer_counts_bad_actions_and_stops_at_max_invalid():
    dealer = Dealer(LIMIT, hands=2, names=["x", "y"], seed=1, timeout=3, max_invalid=0, fixed_seats=True)
    ports = dealer.listen()
    _run_clients(LIMIT, ports[:1], [always_call])
    RawPlayer(ports[1], ["{state}:z"])
    with pytest.raises(DealerError, match=r"seat 2 \(y\): bad action 'z' in hand 0, more than 0 invalid"):
        dealer.run()


def test_dealer_plays_a_call_for_an_illegal_action():
    dealer = Dealer(LIMIT, hands=1, names=["x", "y"], seed=1, timeout=1, fixed_seats=True)
    ports = dealer.listen()
    _run_clients(LIMIT, ports[:1], [always_call])
    # Position 1 raises with a size in a limit game: a call is played instead and counted;
    # after the flop it is position 1's turn again and the scripted player is silent.
    RawPlayer(ports[1], ["{state}:r50"])
    with pytest.raises(DealerError, match=r"seat 2 \(y\) sent nothing for 1 s") as info:
        dealer.run()
    assert info.value.result.invalid_actions == [0, 1]
    assert info.value.result.hands == []


def test_dealer_times_out_on_a_silent_player():
    dealer = Dealer(LIMIT, hands=2, names=["x", "y"], seed=1, timeout=0.5, fixed_seats=True)
    ports = dealer.listen()
    _run_clients(LIMIT, ports[:1], [always_call])
    silent = socket.create_connection(("127.0.0.1", ports[1]), timeout=60)
    silent.sendall(b"VERSION:2.0.0\r\n")
    started = time.monotonic()
    with pytest.raises(DealerError, match=r"seat 2 \(y\) sent nothing for 0.5 s"):
        dealer.run()
    assert time.monotonic() - started < 3
    silent.close()


def test_dealer_start_timeout_and_bad_version():
    dealer = Dealer(LIMIT, hands=1, names=["x", "y"], start_timeout=0.3)
    dealer.listen()
    with pytest.raises(DealerError, match=r"seat 1 \(x\) did not connect within 0.3 s"):
        dealer.run()
    dealer = Dealer(LIMIT, hands=1, names=["x", "y"], timeout=2)
    ports = dealer.listen()
    socks = [socket.create_connection(("127.0.0.1", p)) for p in ports]
    socks[0].sendall(b"VERSION:1.0.0\r\n")
    socks[1].sendall(b"VERSION:2.0.0\r\n")
    with pytest.raises(DealerError, match=r"seat 1 \(x\) speaks protocol 1.0.0"):
        dealer.run()
    for s in socks:
        s.close()


def test_dealer_argument_checks():
    with pytest.raises(ValueError, match="2 seats but 3 names"):
        Dealer(LIMIT, hands=1, names=["a", "b", "c"])
    with pytest.raises(ValueError, match="contains ':'"):
        Dealer(LIMIT, hands=1, names=["a:b", "c"])
    with pytest.raises(ValueError, match="hands must be at least 1"):
        Dealer(LIMIT, hands=0, names=["a", "b"])


def test_dealer_reads_reply_letters_like_the_acpc_server():
    dealer = Dealer(NOLIMIT, hands=1, names=["calm", "old"], seed=5, timeout=60, fixed_seats=True)
    ports = dealer.listen()
    threads, results = _run_clients(NOLIMIT, ports[:1], [always_call])
    # "B300" is read as r300, not as an invalid action.
    RawPlayer(ports[1], ["{state}:B300"], linger=3)
    with pytest.raises(DealerError):
        dealer.run()  # seat 2 goes silent after the flop; what matters is how B300 was read
    threads[0].join(timeout=10)
    assert dealer.result.invalid_actions == [0, 0]
    assert isinstance(results[0], ClientError)


KUHN = parse_gamedef("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\n"
                     "firstPlayer = 1\nmaxRaises = 1\nnumSuits = 1\nnumRanks = 3\nnumHoleCards = 1\n"
                     "numBoardCards = 0\nEND GAMEDEF")


def test_client_and_dealer_rank_kuhn_showdowns():
    # Kuhn poker (Qs Ks As): one card a player is ranked as the ACPC server ranks it (issue 14;
    # before, the values stayed unknown and our dealer refused the game).
    script = ["MATCHSTATE:0:0::Ks|", None, "MATCHSTATE:0:0:c:Ks|", "MATCHSTATE:0:0:cc:Ks|As",
              "MATCHSTATE:1:1::|Qs", "MATCHSTATE:1:1:r:|Qs", None, "MATCHSTATE:1:1:rf:|Qs"]
    fake = ScriptedDealer(script)
    result = play_match("127.0.0.1", fake.port, KUHN,
                        lambda s: Action("f") if "f" in s.legal_kinds() else Action("c"), timeout=60)
    fake.join()
    assert [(h.hand_number, h.value) for h in result.hands] == [(0, Fraction(-1)), (1, Fraction(-1))]
    assert result.total == -2
    Dealer(KUHN, hands=1, names=["a", "b"])  # accepted now
