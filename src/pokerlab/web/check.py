"""``pokerlab serve --check``: use a running server as a person's browser would, through its
HTTP API, and report what answered (the demo runs it; it opens no browser).

A check is a client: it asks the server and compares the answers with each other (the chips
of a played hand add up to zero); it computes no poker itself.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any


class Client:
    """A small JSON client of one server (standard library only)."""

    def __init__(self, base: str, timeout: float = 60.0) -> None:
        self.base = base.rstrip("/")
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """``(status, decoded JSON or text)`` of one request."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as reply:
                status, raw, kind = reply.status, reply.read(), reply.headers.get("Content-Type", "")
        except urllib.error.HTTPError as exc:
            status, raw, kind = exc.code, exc.read(), exc.headers.get("Content-Type", "")
        text = raw.decode("utf-8", "replace")
        return status, json.loads(text) if kind.startswith("application/json") else text

    def get(self, path: str) -> Any:
        """GET ``path``; ``RuntimeError`` unless the answer is 200."""
        return self._ok("GET", path, None)

    def post(self, path: str, body: Any = None) -> Any:
        """POST ``body`` to ``path``; ``RuntimeError`` unless the answer is 200."""
        return self._ok("POST", path, body if body is not None else {})

    def _ok(self, method: str, path: str, body: Any) -> Any:
        status, data = self.request(method, path, body)
        if status != 200:
            message = data.get("error") if isinstance(data, dict) else str(data)[:200]
            raise RuntimeError(f"{method} {path}: status {status}: {message}")
        return data


def self_check(base: str) -> list[dict[str, Any]]:
    """Visit every page and API of the server at ``base``; one row per check (``RuntimeError``
    at the first that fails)."""
    client = Client(base)
    rows: list[dict[str, Any]] = []

    def timed(what: str, func: Any) -> Any:
        start = time.perf_counter()
        result = func()
        rows.append({"check": what, "seconds": round(time.perf_counter() - start, 3),
                     "result": result})
        return result

    timed("start page", lambda: f"{len(client.get('/'))} characters of HTML")
    timed("bots", lambda: f"{len(client.get('/api/bots')['bots'])} registered")
    report = timed("strategies: patent game 2 at P = 3", lambda: client.post(
        "/api/strategies/solve", {"game": "patent-raise", "params": {"P": "3"}}))
    rows[-1]["result"] = (f"{len(report['thresholds'])} thresholds, exploitability "
                          f"{report['certificate']['exploitability_exact']}, "
                          f"{len(report['picture']['regions'])} regions drawn")
    model = timed("models: von Neumann, B = 2", lambda: client.post(
        "/api/models/solve", {"model": "von-neumann", "params": {"B": "2"}}))
    exact = model["thresholds_exact"]
    verdict = "agrees" if model["check"]["agrees"] else "DISAGREES"
    rows[-1]["result"] = f"a, b, c = {exact['a']}, {exact['b']}, {exact['c']}; engine {verdict}"
    equity = timed("equity: AcAd against KhKs, and AhKh against QQ+, AKs, AKo on Qs 7h 2h",
                   lambda: [_equity(client, {"players": ["AcAd", "KhKs"], "grid": False}),
                            _equity(client, {"players": ["AhKh", "QQ+, AKs, AKo"], "board": "Qs 7h 2h"})])
    rows[-1]["result"] = "; ".join(
        f"{' vs '.join(e['players'])}{' on ' + e['board'] if e['board'] else ''}: equity "
        f"{100 * e['equity'][0]:.3f}% (win {100 * e['win'][0]:.2f}%, tie {100 * e['tie'][0]:.2f}%)"
        + (f", {len(e['grid'])} classes in the grid" if "grid" in e else "") for e in equity)
    solved = timed("solver: a river, AT, 65, KQ against 77, QJ, AK, a pot-sized bet, to 0.1% of the pot",
                   lambda: _solve_a_river(client))
    rows[-1]["result"] = (f"{solved['summary']['iterations']} iterations, exploitability "
                          f"{solved['summary']['exploitability_pct_pot']:.4f}% of the pot; OOP at the root: "
                          + ", ".join(f"{a} {100 * f:.1f}%" for a, f in solved["totals"].items()))
    pushfold = timed("push/fold: heads-up, 10 big blinds each, chip EV", lambda: _follow(
        client, client.post("/api/pushfold/solve", {"stacks": "10,10"}), "/api/pushfold/jobs", "push/fold",
        120.0)["result"])
    rows[-1]["result"] = f"{pushfold['method']}, certified: {pushfold['certified']}; " + ", ".join(
        f"{s['line']}: {s['action']} {100 * s['share']:.1f}%" for s in pushfold["shown"])
    lines = timed("ranges: the blueprint's pre-flop decisions, the big blind facing a 2.5bb open",
                  lambda: (client.get("/api/blueprint/lines")["lines"],
                           client.post("/api/blueprint/ranges", {"line": "r250"})))
    rows[-1]["result"] = (f"{len(lines[0])} decisions; the {lines[1]['who']}: " + ", ".join(
        f"{a} {p:.1f}%" for a, p in lines[1]["sizes_pct"].items()) + " of holdings")
    view = timed("play: a hand against calling-station, always calling", lambda: _play_a_hand(client))
    rows[-1]["result"] = (f"hand over on the {view['street_reached']}, you "
                          f"{view['won']:+d} chips, the chips add up: {view['conserved']}")
    view = timed("play: five-card draw against draw-rules, calling, discarding cards 1 and 2",
                 lambda: _play_a_hand(client, {"variant": "five-card-draw", "bots": ["draw-rules"]}))
    rows[-1]["result"] = (f"{view['draw']}; hand over, you "
                          f"{view['won']:+d} chips, the chips add up: {view['conserved']}")
    match = timed("matches: raiser against random, 1,000 hands in a process of its own",
                  lambda: _play_a_match(client))
    raiser = match["results"][0]
    rows[-1]["result"] = (f"{match['hands_stored']} hands stored; raiser {raiser['per_hand']:+.3f} sb/hand, "
                          f"95% interval [{raiser['ci95'][0]:+.3f}, {raiser['ci95'][1]:+.3f}]")
    status, data = client.request("POST", "/api/bots", {})
    if status != 405 or "error" not in data:
        raise RuntimeError(f"POST /api/bots: expected a 405 with a message, got {status}")
    rows.append({"check": "a wrong request is refused", "seconds": 0.0, "result": data["error"]})
    return rows


def _follow(client: Client, view: dict[str, Any], jobs: str, what: str, seconds: float) -> dict[str, Any]:
    """Follow the job ``view`` starts (its state at ``jobs``/id) to its end: the finished view;
    ``RuntimeError`` naming ``what`` if it fails, is stopped or takes over ``seconds``."""
    deadline = time.monotonic() + seconds
    while view["state"] in ("waiting", "running"):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: no answer after {seconds:.0f} s")
        time.sleep(0.05)
        view = client.get(f"{jobs}/{view['job']}")
    if view["state"] != "finished":
        raise RuntimeError(f"{what}: {view['state']} ({view['error']})")
    return view


def _equity(client: Client, question: dict[str, Any], seconds: float = 120.0) -> dict[str, Any]:
    """Ask the Equity page's question and follow it to its answer."""
    view = client.post("/api/equity", question)
    return _follow(client, view, "/api/equity/jobs", f"equity {question['players']}", seconds)["result"]


def _solve_a_river(client: Client, seconds: float = 120.0) -> dict[str, Any]:
    """The Solver page's way: solve in the server's solving process, then open the root."""
    spot = {"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100, "oop_range": "AT, 65, KQ",
            "ip_range": "77, QJ, AK", "bet": "100%"}
    view = client.post("/api/spot/solve", {"spot": spot, "target_pct": 0.1})
    view = _follow(client, view, "/api/spot/jobs", "solver", seconds)  # a solve is never "waiting"
    return client.get(f"/api/spot/solutions/{view['job']}/node?line=")


def _play_a_hand(client: Client, table_fields: dict[str, Any] | None = None) -> dict[str, Any]:
    """Open a table (limit against calling-station unless ``table_fields`` say otherwise),
    answer "c" (at a draw: discard cards 1 and 2) until the hand is over, close the table."""
    fields = {"game": "limit", "bots": ["calling-station"], "seed": 1, **(table_fields or {})}
    view = client.post("/api/tables", fields)
    table = view["table"]
    streets = []
    draw = "no draw reached"
    while not view["finished"]:
        streets.append(view["street"])
        command = "1 2" if view["legal"]["max_discards"] else "c"
        view = client.post(f"/api/tables/{table}/act", {"action": command})
        if command != "c":
            draw = next(line for line in reversed(view["actions"]) if line.endswith("you draw 2"))
    client.post(f"/api/tables/{table}/close")
    won = [p["won"] for p in view["players"]]
    if sum(won) != 0:
        raise RuntimeError(f"a hand's chips do not add up: {won}")
    return {"street_reached": streets[-1], "won": won[0], "conserved": sum(won) == 0, "draw": draw}


def _play_a_match(client: Client, seconds: float = 300.0) -> dict[str, Any]:
    """Start a match and follow it until it is played."""
    started = client.post("/api/matches", {"bots": ["raiser", "random"], "hands": 1000, "seed": 1})
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = client.get(f"/api/matches/{started['match_id']}")
        if status["state"] != "running":
            if status["state"] != "finished":
                raise RuntimeError(f"match {started['match_id']}: {status['state']} ({status['error']})")
            return status
        time.sleep(0.25)
    raise RuntimeError(f"match {started['match_id']} still running after {seconds:.0f} s")
