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
- ``ratio_web_vs_in_process``: hands per second through HTTP over hands per second in process.

The tables' bots are the cheap baselines (calling-station, raiser, random), so the load is
on the web layer and the engine, not on a bot's thinking. Usage:
``python benchmarks/web.py [--json] [--tables 50] [--seconds 60]``.
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

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from pokerlab.arena.session import Session
from pokerlab.arena.storage import MatchStore
from pokerlab.web.load import command, run_load, table_body
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


def start_server(db: Path) -> tuple[subprocess.Popen, str]:
    """``pokerlab serve --port 0`` in its own process; returns it and its address."""
    server = subprocess.Popen([sys.executable, "-m", "pokerlab", "serve", "--port", "0", "--db", str(db)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline() if server.stdout else ""
    if "http://" not in line:
        server.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return server, line.split()[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--tables", type=int, default=50, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long each side plays")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        server, address = start_server(Path(folder) / "web.sqlite")
        try:
            web = run_load(address, args.tables, args.seconds, args.seed)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
        peer = in_process(args.tables, args.seconds, args.seed, Path(folder) / "peer.sqlite")
    result: dict[str, Any] = {
        "benchmark": f"{args.tables} tables at once through the HTTP API, {args.seconds:g} s",
        "address": address,
        "web": {k: v for k, v in web.items() if k != "errors"},
        "errors": len(web["errors"]),
        "first_errors": web["errors"][:5],
        "chips_conserved": not any("chips" in e for e in web["errors"]),
        "in_process": peer,
        "ratio_web_vs_in_process": round(web["hands_per_s"] / peer["hands_per_s"], 3),
        "goal": "every table plays for the whole time without an error, chips conserved",
        "meets_goal": not web["errors"],
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key:26s} {value}")
    sys.exit(0 if result["meets_goal"] else 1)


if __name__ == "__main__":
    main()
