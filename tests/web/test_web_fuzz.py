"""Whatever a client sends, the server answers in one line and never with a stack trace: every
API address fed random JSON (hypothesis), fields of the right names with wrong values, and
actions at a table."""

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


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    # max_matches=0, equity_workers=0: a well-formed match or equity question is refused after its
    # fields are read, so no process starts
    app = create_app(tmp_path_factory.mktemp("fuzz") / "web.sqlite", max_matches=0, equity_workers=0)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


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
@given(raw=st.binary(max_size=60))
def test_bytes_that_are_not_json_get_one_line(client: TestClient, raw: bytes) -> None:
    for path in BODIES:
        _one_line(client.post(path, content=raw))


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
                 f"/api/matches/1/hands/{segment}", f"/api/{segment}"):
        _one_line(client.get(path, params=query))


def test_code_in_a_pasted_game_is_refused_and_never_run(client: TestClient, tmp_path) -> None:
    flag = tmp_path / "ran"
    toml = f'name = "x"\npot = "__import__(\'os\').system(\'touch {flag}\')"\n[rules]\nbet = "limit"'
    for path in ("/api/strategies/game", "/api/strategies/solve"):
        reply = client.post(path, json={"toml": toml})
        _one_line(reply)
        assert reply.status_code == 400 and "pot: cannot read" in reply.json()["error"]
    assert not flag.exists()
