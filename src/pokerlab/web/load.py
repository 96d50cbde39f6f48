"""Many people at once: tables played through the HTTP API by threads, as the page plays them.

Each table is one client thread with its own keep-alive connection: it opens a table, answers
every decision with a command drawn at random from the legal ones (fold, call, a raise of a
random size, the largest), deals the next hand when one is over, and checks every finished hand's
chips (they add up to zero, and every stack is the starting stack plus what it won). Beside the
tables, equity clients ask the Equity page's questions (:data:`EQUITY_QUESTIONS`, exact answers)
one after another and follow each to its answer: none may be lost, fail, or differ from the
answer the same question got before. Spot clients solve the Solver page's small rivers
(:data:`SPOT_QUESTIONS`) one after another, each followed to its end (a solve refused because the
server runs its most is asked again: refused is not lost), then browse a random line of the
solution from the root to a terminal: every solve must finish, each node's action frequencies
sum to one and the players' EVs share out the pot; the time from asking to the first progress
(an iteration done) is measured too. Used by ``benchmarks/web.py`` (a minute, 50
tables) and the tests (seconds).
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

BOTS = ("calling-station", "raiser", "random")
EQUITY_QUESTIONS: tuple[dict[str, Any], ...] = (
    {"players": ["AcAd", "KhKs"]},
    {"players": ["AhKh", "QQ+, AKs, AKo"], "board": "Qs 7h 2h"},
    {"players": ["AsKd", "22+, A2s+, KTs+", "QJs, T9s, 98s:0.5"], "board": "Jh Ts 2c", "dead": "3d"},
    {"players": ["JJ", "AKs", "15%"], "board": "Td 8c 2s 3h"},
)
"""The equity clients' questions: heads-up and three-way, hands and ranges, all answered exactly."""
GAMES = ("limit", "pot-limit", "no-limit")
SPOT_QUESTIONS: tuple[dict[str, Any], ...] = (
    {"spot": {"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100, "oop_range": "AT, 65, KQ",
              "ip_range": "77, QJ, AK", "bet": "100%"}, "target_pct": 0.1},
    {"spot": {"board": "Qs Jh 2h 8d 3c", "pot": 100, "stack": 200, "oop_range": "AA-TT, AQs+, 98s",
              "ip_range": "QQ-77, AJs+, JTs", "bet": "50%, a", "raise": "60%"}, "target_pct": 0.3},
)
"""The spot clients' questions: small rivers (no rake), each solved in a second or so."""


@dataclass
class TableLoad:
    """What one table's client did."""

    requests: int = 0
    hands: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)


class _Client:
    def __init__(self, base: str, timeout: float) -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        self.load = TableLoad()

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data else {}
        start = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        reply = self.connection.getresponse()
        raw = reply.read()
        self.load.latencies.append(time.perf_counter() - start)
        self.load.requests += 1
        answer = json.loads(raw)
        if reply.status != 200:
            raise RuntimeError(f"{method} {path}: status {reply.status}: {answer.get('error')}")
        return answer


def table_body(rng: random.Random, seed: int) -> dict[str, Any]:
    """The form of a table: a game, two to six seats of baseline bots, the seed."""
    seats = rng.randint(2, 6)
    return {"game": rng.choice(GAMES), "bots": [rng.choice(BOTS) for _ in range(seats - 1)], "seed": seed}


def command(legal: dict[str, Any], rng: random.Random) -> str:
    """A command drawn from the legal ones: check/call (twice as likely), fold when it costs,
    and when raising is allowed the minimum raise, a raise of random size, or the largest (all-in or
    the pot)."""
    choices = ["c", "c"]
    if legal["can_fold"]:
        choices.append("f")
    if legal["can_raise"]:
        choices += ["r", f"r {rng.randint(legal['min_raise_to'], legal['max_raise_to'])}", "a"]
    return rng.choice(choices)


def play_table(base: str, seconds: float, seed: int, timeout: float = 60.0) -> TableLoad:
    """Play one table through the API at ``base`` for ``seconds``; the load it made."""
    rng = random.Random(seed)
    client = _Client(base, timeout)
    try:
        view = client.call("POST", "/api/tables", table_body(rng, seed))
        table = view["table"]
        start_stack = view["game"]["starting_stack"]
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if view["finished"]:
                won = [p["won"] for p in view["players"]]
                if sum(won) != 0 or any(p["stack"] != start_stack + p["won"] for p in view["players"]):
                    client.load.errors.append(f"table {table} hand {view['hand']}: chips do not add up {won}")
                client.load.hands += 1
                view = client.call("POST", f"/api/tables/{table}/deal", {})
            else:
                view = client.call("POST", f"/api/tables/{table}/act",
                                   {"action": command(view["legal"], rng)})
        client.call("POST", f"/api/tables/{table}/close")
    except Exception as exc:  # every failure is counted, none stops the other tables
        client.load.errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        client.connection.close()
    return client.load


@dataclass
class EquityLoad:
    """What one equity client did: questions asked and answered, and how long each took."""

    asked: int = 0
    answered: int = 0
    job_seconds: list[float] = field(default_factory=list)
    answers: dict[int, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def ask_equity(base: str, seconds: float, seed: int, timeout: float = 120.0) -> EquityLoad:
    """Ask :data:`EQUITY_QUESTIONS` (drawn at random) for ``seconds``, each followed to its answer."""
    rng = random.Random(seed)
    client = _Client(base, timeout)
    load = EquityLoad()
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            k = rng.randrange(len(EQUITY_QUESTIONS))
            start = time.perf_counter()
            load.asked += 1
            view = client.call("POST", "/api/equity", EQUITY_QUESTIONS[k])
            while view["state"] in ("waiting", "running"):
                time.sleep(0.02)
                view = client.call("GET", f"/api/equity/jobs/{view['job']}")
            if view["state"] != "finished":
                load.errors.append(f"equity question {k}: {view['state']} ({view['error']})")
                continue
            load.answered += 1
            load.job_seconds.append(time.perf_counter() - start)
            equity = view["result"]["equity"]
            if load.answers.setdefault(k, equity) != equity:
                load.errors.append(f"equity question {k}: {equity} after {load.answers[k]}")
    except Exception as exc:  # counted, as a table's failure is
        load.errors.append(f"equity: {type(exc).__name__}: {exc}")
    finally:
        client.connection.close()
    return load


@dataclass
class SpotLoad:
    """What one spot client did: solves asked, finished and refused (asked again), nodes browsed."""

    asked: int = 0
    finished: int = 0
    refused: int = 0
    nodes: int = 0
    solve_seconds: list[float] = field(default_factory=list)
    first_progress_seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def solve_spots(base: str, seconds: float, seed: int, timeout: float = 120.0) -> SpotLoad:
    """Solve :data:`SPOT_QUESTIONS` (drawn at random) for ``seconds`` and browse each solution."""
    rng = random.Random(seed)
    client = _Client(base, timeout)
    load = SpotLoad()
    try:
        client.connection.request("GET", "/solver")  # a person opens the page first (it warms the solvers)
        client.connection.getresponse().read()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            k = rng.randrange(len(SPOT_QUESTIONS))
            start = time.perf_counter()
            try:
                view = client.call("POST", "/api/spot/solve", SPOT_QUESTIONS[k])
            except RuntimeError as exc:
                if "solves are running" not in str(exc):
                    raise
                load.refused += 1
                time.sleep(0.2)
                continue
            load.asked += 1
            first = None
            while view["state"] == "running":
                time.sleep(0.05)
                view = client.call("GET", f"/api/spot/jobs/{view['job']}")
                if first is None and view["iterations"] > 0:
                    first = time.perf_counter() - start
                    load.first_progress_seconds.append(first)
            if view["state"] != "finished":
                load.errors.append(f"spot question {k}: {view['state']} ({view['error']})")
                continue
            load.finished += 1
            load.solve_seconds.append(time.perf_counter() - start)
            ev, pot = view["summary"]["ev"], SPOT_QUESTIONS[k]["spot"]["pot"]
            if abs(sum(ev) - pot) > 1e-3 * pot:
                load.errors.append(f"spot question {k}: EVs {ev} do not share out the pot {pot}")
            line: list[str] = []
            while True:
                node = client.call("GET", f"/api/spot/solutions/{view['job']}/node?line={'+'.join(line)}")
                load.nodes += 1
                if node["kind"] != "decision":
                    break
                if abs(sum(node["totals"].values()) - 1) > 1e-4:
                    load.errors.append(f"spot question {k} at {line}: frequencies {node['totals']}")
                line.append(rng.choice(node["next"]))
    except Exception as exc:  # counted, as a table's failure is
        load.errors.append(f"spot: {type(exc).__name__}: {exc}")
    finally:
        client.connection.close()
    return load


def _quantiles(values: list[float], scale: float) -> dict[str, float]:
    """Median, 95th percentile and largest of ``values`` times ``scale``, rounded."""
    ordered = sorted(values)

    def quantile(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * scale if ordered else 0.0

    return {"median": round(quantile(0.5), 2), "p95": round(quantile(0.95), 2),
            "max": round(quantile(1.0), 2)}


def run_load(
    base: str, tables: int, seconds: float, seed: int = 0, equity_clients: int = 0, spot_clients: int = 0
) -> dict[str, Any]:
    """``tables`` tables, ``equity_clients`` equity clients and ``spot_clients`` spot clients at
    once for ``seconds``: requests, hands, the tables' latencies, the equity questions asked and
    answered, the solves asked and finished, and every error."""
    loads: list[TableLoad] = [TableLoad()] * tables
    equity_loads: list[EquityLoad] = [EquityLoad()] * equity_clients
    spot_loads: list[SpotLoad] = [SpotLoad()] * spot_clients
    threads = []

    def worker(k: int) -> None:
        loads[k] = play_table(base, seconds, seed * 1000 + k)

    def asker(k: int) -> None:
        equity_loads[k] = ask_equity(base, seconds, seed * 1000 + 500 + k)

    def solver(k: int) -> None:
        spot_loads[k] = solve_spots(base, seconds, seed * 1000 + 700 + k)

    began = time.perf_counter()
    for k in range(tables):
        threads.append(threading.Thread(target=worker, args=(k,), name=f"table-{k}"))
    for k in range(equity_clients):
        threads.append(threading.Thread(target=asker, args=(k,), name=f"equity-{k}"))
    for k in range(spot_clients):
        threads.append(threading.Thread(target=solver, args=(k,), name=f"spot-{k}"))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    requests = sum(load.requests for load in loads)
    answers: dict[int, list[float]] = {}
    errors = [e for load in loads for e in load.errors] + [e for load in equity_loads for e in load.errors]
    errors += [e for load in spot_loads for e in load.errors]
    for load in equity_loads:  # every client got the same answer to the same question
        for k, equity in load.answers.items():
            if answers.setdefault(k, equity) != equity:
                errors.append(f"equity question {k}: {equity} and {answers[k]} from two clients")
    answered = sum(load.answered for load in equity_loads)
    return {
        "tables": tables, "seconds": round(elapsed, 2), "requests": requests,
        "requests_per_s": round(requests / elapsed, 1), "hands": sum(load.hands for load in loads),
        "hands_per_s": round(sum(load.hands for load in loads) / elapsed, 1),
        "latency_ms": _quantiles([x for load in loads for x in load.latencies], 1000),
        "equity": {"clients": equity_clients, "asked": sum(load.asked for load in equity_loads),
                   "answered": answered, "answered_per_s": round(answered / elapsed, 2),
                   "question_seconds": _quantiles([x for load in equity_loads for x in load.job_seconds], 1)},
        "spot": {"clients": spot_clients, "asked": sum(load.asked for load in spot_loads),
                 "finished": sum(load.finished for load in spot_loads),
                 "refused_and_asked_again": sum(load.refused for load in spot_loads),
                 "nodes_browsed": sum(load.nodes for load in spot_loads),
                 "solve_seconds": _quantiles([x for load in spot_loads for x in load.solve_seconds], 1),
                 "first_progress_seconds": _quantiles(
                     [x for load in spot_loads for x in load.first_progress_seconds], 1)},
        "errors": errors,
    }
