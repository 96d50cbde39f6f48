"""The web page under load: tables played at once through the HTTP API, against the same tables
played in this process without HTTP.

Measures
- ``web``: ``pokerlab serve`` in a process of its own on a free port; ``--tables`` client
  threads (one per table, each with its own keep-alive connection) play for ``--seconds``,
  every decision a command drawn from the legal ones (``pokerlab.web.load``): requests/s,
  hands/s, latency, errors, and every finished hand's chips checked (they add up to zero and
  every stack is the starting stack plus what it won);
- ``in_process`` (the peer, same run): the same tables, seeds and command choices played by
  :class:`pokerlab.arena.session.Session` in one thread for the same time, doing the library
  work a request does (the hand stored in an SQLite file, the person's view built after every
  step) without HTTP, JSON or threads: the ceiling of the library the web layer calls;
- ``ratio_web_vs_in_process``: hands per second through HTTP over hands per second in process;
- ``equity``: at the same time ``--equity-clients`` clients ask the Equity page's questions
  (``pokerlab.web.load.EQUITY_QUESTIONS``, exact answers) one after another through the API and
  follow each to its answer (the server's equity worker processes compute them): asked,
  answered (none may be lost or differ from an earlier answer), seconds per question; the peer,
  the same questions answered by ``equity_report`` in this process, one after another, and
  ``ratio_equity_web_vs_in_process``, questions answered per second through HTTP over in process.
- ``spot``: and ``--spot-clients`` clients solve the Solver page's small rivers
  (``pokerlab.web.load.SPOT_QUESTIONS``) one after another, each in the server's solving
  process, and browse a random line of each solution: asked, finished (``solves_lost`` must be
  0), refused while the server ran its most and asked again, nodes browsed, seconds per solve
  and to a solve's first progress;
- ``quiet_solves`` (``--first-progress N``): before the load, N solves one after another on the
  quiet server, the Solver page opened 5 s before the first: seconds from asking to each one's
  first progress (an iteration done) and to its answer.

The tables' bots are the cheap baselines (calling-station, raiser, random), so the load is
on the web layer and the engine, not on a bot's thinking. Usage:
``python benchmarks/web.py [--json] [--tables 50] [--equity-clients 4] [--spot-clients 2]
[--seconds 60] [--first-progress 5]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# this process's peers run in one thread; the server runs as `pokerlab serve` would, with numba's
# threads as the user set them (none set: all cores, for its solves)
os.environ.setdefault("POKERLAB_WEB_BENCH_SERVER_THREADS", os.environ.get("NUMBA_NUM_THREADS", ""))
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from pokerlab.arena.session import Session
from pokerlab.arena.storage import MatchStore
from pokerlab.strength.equity_report import equity_report
from pokerlab.web.load import EQUITY_QUESTIONS, command, run_load, table_body
from pokerlab.web.play import table_config


def in_process(tables: int, seconds: float, seed: int, db: Path) -> dict[str, Any]:
    """The same tables played by Session objects in turn, in this thread, storing their hands
    in ``db`` and building the person's view after every step as a request does."""
    store = MatchStore(str(db))
    sessions = []
    rngs = []
    for k in range(tables):
        rng = random.Random(seed * 1000 + k)
        sessions.append(Session(table_config(table_body(rng, seed * 1000 + k)), store))
        rngs.append(rng)
    for session in sessions:
        session.deal()
    hands = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for session, rng in zip(sessions, rngs, strict=True):
            if session.finished:
                hands += 1
                session.deal()
            else:
                session.act(command(session.legal()._asdict(), rng))
            session.view()
            steps += 1
    elapsed = time.perf_counter() - start
    for session in sessions:
        session.close()
    store.close()
    return {"seconds": round(elapsed, 2), "hands": hands, "hands_per_s": round(hands / elapsed, 1),
            "steps_per_s": round(steps / elapsed, 1)}


def equity_in_process(seconds: float, seed: int) -> dict[str, Any]:
    """The equity clients' questions answered by the library in this thread, one after another."""
    rng = random.Random(seed)
    answered = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        equity_report(**EQUITY_QUESTIONS[rng.randrange(len(EQUITY_QUESTIONS))], grid=None)
        answered += 1
    elapsed = time.perf_counter() - start
    return {"seconds": round(elapsed, 2), "answered": answered,
            "answered_per_s": round(answered / elapsed, 2)}


FIRST_PROGRESS_SPOT = {"spot": {"board": "Qs Jh 2h 8d 3c", "pot": 100, "stack": 200,
                                 "oop_range": "AA-TT, AQs+, 98s", "ip_range": "QQ-77, AJs+, JTs",
                                 "bet": "50%, a", "raise": "60%"}, "target_pct": 0.3}


def first_progress(address: str, solves: int, settle: float) -> dict[str, Any]:
    """Seconds from asking the server for a solve to its first progress (an iteration done), for
    ``solves`` solves one after another on a quiet server, the Solver page opened ``settle``
    seconds before the first (as a person opens the page, then sets the spot)."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(address)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)

    def call(method: str, path: str, body: Any = None) -> Any:
        connection.request(method, path, body=None if body is None else json.dumps(body),
                           headers={"Content-Type": "application/json"} if body is not None else {})
        raw = connection.getresponse().read()
        return raw if path == "/solver" else json.loads(raw)

    call("GET", "/solver")
    connection.close()
    time.sleep(settle)  # longer than the server keeps an idle connection: the solves use a new one
    firsts, totals = [], []
    for _ in range(solves):
        start = time.perf_counter()
        view = call("POST", "/api/spot/solve", FIRST_PROGRESS_SPOT)
        first = None
        while view["state"] == "running":
            if first is None and view["iterations"] > 0:
                first = time.perf_counter() - start
            time.sleep(0.01)
            view = call("GET", f"/api/spot/jobs/{view['job']}")
        if view["state"] != "finished":
            raise RuntimeError(f"a solve ended {view['state']}: {view['error']}")
        totals.append(time.perf_counter() - start)
        firsts.append(first if first is not None else totals[-1])
    connection.close()
    return {"solves": solves, "settle_seconds": settle,
            "first_progress_seconds": [round(x, 3) for x in firsts],
            "solve_seconds": [round(x, 3) for x in totals]}


def start_server(db: Path) -> tuple[subprocess.Popen, str]:
    """``pokerlab serve --port 0`` in its own process; returns it and its address."""
    env = dict(os.environ)
    threads = env.pop("POKERLAB_WEB_BENCH_SERVER_THREADS", "")
    env.pop("NUMBA_NUM_THREADS")
    if threads:
        env["NUMBA_NUM_THREADS"] = threads
    server = subprocess.Popen([sys.executable, "-m", "pokerlab", "serve", "--port", "0", "--db", str(db)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    line = server.stdout.readline() if server.stdout else ""
    if "http://" not in line:
        server.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return server, line.split()[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--tables", type=int, default=50, help="tables played at once")
    parser.add_argument("--equity-clients", type=int, default=4, help="equity clients asking at once")
    parser.add_argument("--spot-clients", type=int, default=2, help="Solver page clients solving at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long each side plays")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first-progress", type=int, default=0, metavar="N",
                        help="before the load, N solves one after another on the quiet server: seconds "
                             "to each one's first progress")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        server, address = start_server(Path(folder) / "web.sqlite")
        try:
            start = first_progress(address, args.first_progress, 5.0) if args.first_progress else None
            web = run_load(address, args.tables, args.seconds, args.seed, args.equity_clients,
                           args.spot_clients)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
        peer = in_process(args.tables, args.seconds, args.seed, Path(folder) / "peer.sqlite")
        equity_peer = equity_in_process(args.seconds, args.seed)
    result: dict[str, Any] = {
        "benchmark": f"{args.tables} tables, {args.equity_clients} equity and {args.spot_clients} spot "
                     f"clients at once through the HTTP API, {args.seconds:g} s",
        "address": address,
        "web": {k: v for k, v in web.items() if k != "errors"},
        "errors": len(web["errors"]),
        "first_errors": web["errors"][:5],
        "chips_conserved": not any("chips" in e for e in web["errors"]),
        "in_process": peer,
        "ratio_web_vs_in_process": (round(web["hands_per_s"] / peer["hands_per_s"], 3) if peer["hands"]
                                    else None),
        "equity_in_process": equity_peer,
        "ratio_equity_web_vs_in_process": round(web["equity"]["answered_per_s"]
                                                / max(equity_peer["answered_per_s"], 1e-9), 3),
        "equity_lost": web["equity"]["asked"] - web["equity"]["answered"],
        "solves_lost": web["spot"]["asked"] - web["spot"]["finished"],
        "quiet_solves": start,
        "goal": "every table plays for the whole time without an error, chips conserved; every equity "
                "question answered, each time the same",
        "meets_goal": not web["errors"] and web["equity"]["asked"] == web["equity"]["answered"],
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key:26s} {value}")
    sys.exit(0 if result["meets_goal"] else 1)


if __name__ == "__main__":
    main()
