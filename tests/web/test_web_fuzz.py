"""Whatever a client sends, the server answers in one line and never with a stack trace: every
API address fed random JSON (hypothesis), fields of the right names with wrong values (the
Push/fold page's settings among them), actions at a table, and the Solver page's addresses
(spots, settings, uploaded files, lines of a solution, tokens) with nothing lost."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pokerlab.agents.registry import available
from pokerlab.engine import KINDS
from pokerlab.gamespec import available_games
from pokerlab.models import MODELS
from pokerlab.web.app import create_app

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**15, 10**15) | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),  # JSON has no nan or infinity
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
NUMBERISH = st.integers(-5, 10**6) | st.text("0123456789./-+*()sqrtePBxy_ '", max_size=14) | JSON


def _body(fields: dict[str, st.SearchStrategy]) -> st.SearchStrategy:
    return st.fixed_dictionaries({}, optional=fields) | JSON


BODIES = {
    "/api/strategies/game": _body({"game": st.sampled_from([*available_games(), "x", "/etc/passwd"]) | JSON,
                                   "toml": st.text(max_size=120) | JSON}),
    "/api/strategies/solve": _body({
        "game": st.sampled_from([*available_games(), "../x.toml"]) | JSON,
        "toml": st.text(max_size=120) | JSON,
        "params": st.dictionaries(st.sampled_from(["P", "B", "Q"]), NUMBERISH, max_size=2) | JSON}),
    "/api/models/solve": _body({
        "model": st.sampled_from([*MODELS, "nope"]) | JSON,
        "params": st.dictionaries(st.sampled_from(["B", "R", "a", "P", "bets", "stacks", "Y"]), NUMBERISH,
                                  max_size=3) | JSON,
        "check": st.just(False) | st.text(max_size=3) | st.integers()}),
    "/api/tables": _body({
        "game": st.sampled_from([*KINDS, "stud"]) | JSON,
        "bots": st.lists(st.sampled_from([*available(), "nobody"]), max_size=7) | JSON,
        "seed": st.integers(-5, 2**50) | JSON, "stack": st.integers(-5, 10**10) | JSON,
        "resume": st.integers(-3, 3) | JSON}),
    "/api/equity": _body({
        "players": st.lists(st.sampled_from(["AhKh", "QQ+, AKs", "random", "15%", "KK:0.5", "AhKh", "ZZ", "",
                                             "2c2c"]), max_size=8) | JSON,
        "board": st.sampled_from(["", "Qs 7h 2h", "Qs 7h", "Ah Kh Qh", "Xx"]) | JSON,
        "dead": st.sampled_from(["", "2c", "Ah"]) | JSON,
        "mode": st.sampled_from(["auto", "exact", "monte-carlo", "fast"]) | JSON,
        "samples": st.integers(-5, 10**9) | JSON, "seed": st.integers(-5, 2**63) | JSON,
        "grid": st.booleans() | JSON}),
    "/api/range": _body({
        "text": st.text("AKQJT98765432soxh+-,:.% ", max_size=20) | JSON,
        "classes": st.lists(st.sampled_from(["AA", "AKs", "72o", "AAs", "x"]), max_size=4) | JSON,
        "weight": st.floats(-1, 2) | JSON}),
    "/api/matches": _body({
        "bots": st.lists(st.sampled_from([*available(), "nobody"]), max_size=11) | JSON,
        "experiment": st.sampled_from(["loki-variants", "threshold-vs-loki", "nope"]) | JSON,
        "hands": st.integers(-5, 10**8) | JSON, "seed": st.integers(-5, 2**50) | JSON,
        "game": st.sampled_from([*KINDS, "stud"]) | JSON, "seats": st.integers(-1, 12) | JSON,
        "duplicate": st.booleans() | JSON, "freezeout": st.booleans() | JSON}),
}
BLINDS = st.sampled_from(["0.5,1", "1", "2,1", "20,40", "x,y", "0,0", ""]) | JSON
BODIES |= {
    "/api/pushfold/solve": _body({
        "stacks": st.sampled_from(["10,10", "12,8,20", "10,-5", "10,x", "", "0,0", "1e400,10",
                                   "10," * 9 + "10", "10,,10"]) | JSON,
        "blinds": BLINDS, "ante": NUMBERISH,
        "payouts": st.sampled_from(["", "50,30,20", "30,50", "-1", "0", "1,1,1,1,1,1,1,1,1,1"]) | JSON,
        "opening": st.sampled_from(["", "none", "limp", "min-raise", "raise"]) | JSON,
        "max_allin": st.integers(-1, 5) | JSON, "target": NUMBERISH, "max_iterations": NUMBERISH}),
    "/api/pushfold/chart": _body({"max_stack": NUMBERISH, "min_stack": NUMBERISH, "step": NUMBERISH,
                                  "blinds": BLINDS, "ante": NUMBERISH}),
}
SIZES = st.sampled_from(["50%", "a", "33%, 75%", "2x", "e", "lots", "-5%", "1e9%"]) | JSON
SPOT = st.fixed_dictionaries({}, optional={
    "board": st.sampled_from(["Ks Qd Jh 4c 2s", "Ks Qd Jh", "Ks Ks Qd", "Ah", "", "Zz 2c 3d"])
    | st.lists(st.integers(-3, 60), max_size=6) | JSON,
    "pot": NUMBERISH, "stack": NUMBERISH,
    "oop_range": st.sampled_from(["AT, 65", "77", "ZZ", "", "AA:2"]) | st.lists(st.floats(-1, 2), max_size=3)
    | JSON,
    "ip_range": st.sampled_from(["QJ", "KK+", "random"]) | JSON,
    "bet": SIZES, "raise": SIZES, "raise_cap": NUMBERISH, "allin_threshold": NUMBERISH,
    "rake_pct": NUMBERISH,
    "preflop": st.sampled_from(["r250c", "cc", "r250", "f", "r250c/c", "zz", ""]) | JSON,
    "blueprint": st.sampled_from(["/etc/passwd", "x.npz", ""]) | JSON,
    "river": st.dictionaries(
        st.sampled_from(["oop", "ip", "bet", "x"]),
        st.dictionaries(st.sampled_from(["bet", "raise", "donk", "y"]), SIZES, max_size=2) | SIZES,
        max_size=2) | JSON,
}) | JSON
BODIES |= {
    "/api/spot/solve": _body({"spot": SPOT, "target_pct": NUMBERISH, "max_iterations": NUMBERISH,
                              "max_seconds": NUMBERISH, "threads": NUMBERISH, "check_every": NUMBERISH}),
    "/api/spot/import": _body({"text": st.sampled_from(["set_pot 10\nset_board Qs,Jh,2h", "set_pot x",
                                                         'board = "Qs Jh 2h"', "pot = = 3"])
                               | st.text(max_size=60) | JSON,
                               "kind": st.sampled_from(["toml", "texassolver", "pio"]) | JSON}),
    "/api/spot/export": _body({"spot": SPOT}),
    "/api/blueprint/ranges": _body({"line": st.sampled_from(["", "r250", "r250r750", "r300", "f", "r250c",
                                                             "r250c/c", "zz"])
                                    | st.text(max_size=12) | JSON}),
}
RAW = ("/api/spot/solutions", "/api/spot/batch")
"""Addresses that read a file's bytes (a solution to browse, a batch database), not JSON."""
RIVER = {"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 20, "oop_range": "AT, 65", "ip_range": "77",
         "bet": "a"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    # max_matches=0, equity_workers=0, max_solves=0, pushfold_workers=0: a well-formed match,
    # equity question or solve is refused after its fields are read, so no process starts
    app = create_app(tmp_path_factory.mktemp("fuzz") / "web.sqlite", max_matches=0, equity_workers=0,
                     max_solves=0, pushfold_workers=0)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture(scope="module")
def solution(client: TestClient, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A small river's solution uploaded to the server: its id (the fuzzed lines browse it)."""
    from pokerlab.spot.solution import solve
    from pokerlab.spot.spec import Spot

    path = tmp_path_factory.mktemp("fuzz-spot") / "river.npz"
    solve(Spot.from_dict(RIVER), target_pct=1.0, max_iterations=50).save(path)
    reply = client.post("/api/spot/solutions", content=path.read_bytes())
    assert reply.status_code == 200, reply.text
    return reply.json()["solution"]


def _one_line(reply) -> None:
    assert reply.status_code in (200, 400, 404, 405), (reply.status_code, reply.text[:300])
    data = reply.json()
    if reply.status_code != 200:
        assert set(data) == {"error"} and isinstance(data["error"], str)
        assert data["error"] and "\n" not in data["error"] and "Traceback" not in data["error"]


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])


@pytest.mark.parametrize("path", list(BODIES))
def test_any_body_gets_an_answer_or_one_line(client: TestClient, path: str) -> None:
    @FUZZ
    @given(body=BODIES[path])
    def check(body) -> None:
        _one_line(client.post(path, json=body))

    check()


@FUZZ
@given(raw=st.binary(max_size=60) | st.sampled_from([b"PK\x03\x04", b"SQLite format 3\x00" + bytes(84)]))
def test_bytes_that_are_not_json_get_one_line(client: TestClient, raw: bytes) -> None:
    folder = client.app.state.spot_solutions.folder
    before = set(folder.glob("*")) if folder.exists() else set()
    for path in (*BODIES, *RAW):
        _one_line(client.post(path, content=raw))
    for path in RAW:  # nothing there is a solution or a batch: refused, and no file left behind
        assert client.post(path, content=raw).status_code == 400
    assert (set(folder.glob("*")) if folder.exists() else set()) == before


@FUZZ
@given(line=st.lists(st.sampled_from(["x", "b20", "a", "c", "f", "r5", "Ah", "Ks", "zz", "", "b", "x x"]),
                     max_size=5).map(" ".join) | st.text(max_size=30),
       min_segment=st.sampled_from(["", "0", "0.1", "0.6", "-1", "x", "nan", "1e400"]) | st.text(max_size=5),
       token=st.text("abcxyz0123456789-_~", min_size=1, max_size=12))
def test_any_line_of_a_solution_is_a_node_or_one_line(client: TestClient, solution: str, line: str,
                                                      min_segment: str, token: str) -> None:
    at = f"/api/spot/solutions/{solution}"
    reply = client.get(f"{at}/node", params={"line": line})
    _one_line(reply)
    if reply.status_code == 200:
        node = reply.json()
        assert node["kind"] in ("decision", "chance", "fold", "showdown")
        if node["kind"] == "decision":
            assert abs(sum(node["totals"].values()) - 1) < 1e-4
    _one_line(client.get(f"{at}/threshold", params={"min_segment": min_segment}))
    for path in (f"/api/spot/solutions/{token}/node", f"/api/spot/solutions/{token}/threshold",
                 f"/api/spot/jobs/{token}"):
        assert client.get(path, params={"line": line}).status_code in (400, 404)
    assert client.post(f"/api/spot/jobs/{token}/stop", json={"line": line}).status_code in (400, 404)
    # nothing lost: the solution still browses as before, and the job list answers
    root = client.get(f"{at}/node").json()
    assert root["kind"] == "decision" and root["line"] == [] and root["next"] == ["x", "b20"]
    assert client.get("/api/spot/jobs").json() == {"jobs": []}


@FUZZ
@given(action=st.text(max_size=16) | JSON, extra=st.dictionaries(st.text(max_size=6), JSON, max_size=2))
def test_any_action_at_a_table_is_played_or_refused_in_one_line(client: TestClient, action, extra) -> None:
    table = client.post("/api/tables", json={"game": "no-limit", "bots": ["random", "raiser"], "seed": 3})
    token = table.json()["table"]
    for _ in range(3):
        reply = client.post(f"/api/tables/{token}/act", json={**extra, "action": action})
        _one_line(reply)
        view = client.get(f"/api/tables/{token}").json()
        chips = sum(p["stack"] + (0 if view["finished"] else p["put_in"]) for p in view["players"])
        assert chips == 200 * len(view["players"])  # no chip made or lost, whatever was sent
        if view["finished"]:
            _one_line(client.post(f"/api/tables/{token}/deal", json=extra))
    client.post(f"/api/tables/{token}/close")


@FUZZ
@given(segment=st.text("abcxyz0123456789-_.~%", min_size=1, max_size=12).filter(lambda s: s.strip(".")),
       query=st.dictionaries(st.sampled_from(["first", "count", "points", "coach"]),
                             st.text("0123456789-x", max_size=6), max_size=3))
def test_any_address_gets_an_answer_or_one_line(client: TestClient, segment: str, query) -> None:
    # "." and ".." are left out: clients resolve them before sending (/api/. is /api, a page)
    for path in (f"/api/tables/{segment}", f"/api/equity/jobs/{segment}", f"/api/matches/{segment}",
                 f"/api/matches/{segment}/hands",
                 f"/api/matches/1/hands/{segment}", f"/api/spot/jobs/{segment}",
                 f"/api/pushfold/jobs/{segment}",
                 f"/api/spot/solutions/{segment}/node", f"/api/{segment}"):
        _one_line(client.get(path, params=query))


def test_code_in_a_pasted_game_is_refused_and_never_run(client: TestClient, tmp_path) -> None:
    flag = tmp_path / "ran"
    toml = f'name = "x"\npot = "__import__(\'os\').system(\'touch {flag}\')"\n[rules]\nbet = "limit"'
    for path in ("/api/strategies/game", "/api/strategies/solve"):
        reply = client.post(path, json={"toml": toml})
        _one_line(reply)
        assert reply.status_code == 400 and "pot: cannot read" in reply.json()["error"]
    assert not flag.exists()
