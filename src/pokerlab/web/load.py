"""Many people at once: tables played through the HTTP API by threads, as the page plays them.

Each table is one client thread with its own keep-alive connection: it opens a table, answers
every decision with a command drawn at random from the legal ones (fold, call, a raise of a
random size, the largest), deals the next hand when one is over, and checks every finished hand's
chips (they add up to zero, and every stack is the starting stack plus what it won). Used by
``benchmarks/web.py`` (a minute, 50 tables) and the tests (seconds).
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
GAMES = ("limit", "pot-limit", "no-limit")


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


def run_load(base: str, tables: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """``tables`` tables at once for ``seconds``: requests, hands, errors and latencies."""
    loads: list[TableLoad] = [TableLoad()] * tables
    threads = []

    def worker(k: int) -> None:
        loads[k] = play_table(base, seconds, seed * 1000 + k)

    began = time.perf_counter()
    for k in range(tables):
        thread = threading.Thread(target=worker, args=(k,), name=f"table-{k}")
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    latencies = sorted(x for load in loads for x in load.latencies)
    requests = sum(load.requests for load in loads)

    def quantile(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else 0.0

    return {
        "tables": tables, "seconds": round(elapsed, 2), "requests": requests,
        "requests_per_s": round(requests / elapsed, 1), "hands": sum(load.hands for load in loads),
        "hands_per_s": round(sum(load.hands for load in loads) / elapsed, 1),
        "latency_ms": {"median": round(quantile(0.5), 2), "p95": round(quantile(0.95), 2),
                       "max": round(quantile(1.0), 2)},
        "errors": [e for load in loads for e in load.errors],
    }
