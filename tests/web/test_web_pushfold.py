"""The Push/fold page's API: solves and charts equal to the library's (the functions ``pokerlab
pushfold solve`` and ``chart`` call) for the same settings, run in the server's push/fold worker
processes; bad settings refused in one line naming the setting."""

from __future__ import annotations

import json
import time

import pytest
from starlette.testclient import TestClient

from pokerlab.pushfold.chart import headsup_chart
from pokerlab.pushfold.game import PushFoldGame
from pokerlab.pushfold.solution import shown_nodes, solve
from pokerlab.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    app = create_app(tmp_path_factory.mktemp("pushfold") / "web.sqlite", equity_workers=0, max_solves=0,
                     pushfold_workers=1)
    with TestClient(app) as web:
        yield web


def _finished(client: TestClient, view: dict, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while view["state"] in ("waiting", "running"):
        assert time.monotonic() < deadline, view
        time.sleep(0.05)
        view = client.get(f"/api/pushfold/jobs/{view['job']}").json()
    assert view["state"] == "finished" and view["error"] is None, view
    return view


def _plain(data: dict) -> dict:
    """Library data as the API sends it (JSON), without the time it took."""
    out = json.loads(json.dumps(data))
    out.pop("seconds")
    return out


def _same_solve(result: dict, game: PushFoldGame, **settings) -> None:
    expected = solve(game, **settings)
    shown = result.pop("shown")
    result.pop("seconds")
    assert result == _plain(expected.as_dict())
    nodes = game.tree().nodes
    # every shown decision, once for each action but the fold
    assert [(s["node"], s["action"]) for s in shown] == [
        (k, a) for k in shown_nodes(expected) for a in nodes[k].actions[1:]]
    for s in shown:
        a = nodes[s["node"]].actions.index(s["action"])
        assert s["frequency"] == expected.frequency(s["node"], a)
        assert s["share"] == expected.share(s["node"], a)
        assert s["line"] == nodes[s["node"]].line


def test_a_heads_up_solve_is_the_library_s(client: TestClient) -> None:
    view = _finished(client, client.post("/api/pushfold/solve", json={"stacks": "10,10"}).json())
    result = view["result"]
    assert result["method"] == "linear program" and result["certified"]
    assert [(s["line"], s["action"], round(s["share"], 4)) for s in result["shown"]] == [
        ("SB", "push", 0.5828), ("SB push, BB", "call", 0.3738)]
    assert result["shown"][0]["frequency"]["K2o"] == 1.0 and result["shown"][1]["frequency"]["K2o"] == 0.0
    _same_solve(result, PushFoldGame((10, 10)))


def test_every_setting_of_the_form_reaches_the_library(client: TestClient) -> None:
    # as the page sends them: numbers typed into the form arrive as text
    body = {"stacks": "12, 8", "blinds": "0.5,1", "ante": "0.1", "payouts": "65,35", "opening": "min-raise",
            "max_allin": "2", "target": "0.02", "max_iterations": "500"}
    result = _finished(client, client.post("/api/pushfold/solve", json=body).json())["result"]
    assert result["game"]["payoff"] == "icm" and result["game"]["opening"] == "min-raise"
    assert result["nodes"][0]["actions"] == ["fold", "min-raise", "push"]
    _same_solve(result, PushFoldGame((12, 8), 0.5, 1, 0.1, (65, 35), "min-raise", 2),
                target=0.02, max_iterations=500)


def test_three_players_by_dcfr_are_the_library_s(client: TestClient) -> None:
    body = {"stacks": "10,10,10", "max_allin": 2}
    view = _finished(client, client.post("/api/pushfold/solve", json=body).json())
    result = view["result"]
    assert result["method"] == "DCFR" and result["converged"]
    assert view["done"] == result["iterations"] and view["total"] == 20_000  # the last count is sent
    assert view["detail"]["gain"] == pytest.approx(max(result["gains"].values()))  # the last check's
    assert [s["line"] for s in result["shown"]] == ["BTN", "BTN fold, SB"]
    _same_solve(result, PushFoldGame((10, 10, 10), max_allin=2))


def test_a_chart_is_the_library_s(client: TestClient) -> None:
    view = _finished(client, client.post("/api/pushfold/chart", json={"max_stack": 3, "step": "1"}).json())
    assert view["done"] == view["total"] == 3
    expected = headsup_chart(max_stack=3, step=1)
    result = view["result"]
    labels = result.pop("labels")
    assert _plain(result) == _plain(expected.as_dict())
    assert labels["push"]["AA"] == labels["call"]["AA"] == "3+"
    assert labels == {what: {c: expected.label(s) for c, s in getattr(expected, what).items()}
                      for what in ("push", "call")}


def test_a_long_solve_shows_its_iterations_and_stops(client: TestClient) -> None:
    body = {"stacks": "10,10,10", "max_allin": 2, "target": 1e-12, "max_iterations": 100_000}
    view = client.post("/api/pushfold/solve", json=body).json()
    deadline = time.monotonic() + 60
    while not (view["state"] == "running" and view["detail"] is not None):
        assert time.monotonic() < deadline and view["state"] in ("waiting", "running"), view
        time.sleep(0.05)
        view = client.get(f"/api/pushfold/jobs/{view['job']}").json()
    assert view["total"] == 100_000 and 0 < view["done"] < view["total"] and view["detail"]["gain"] > 0
    stopped = client.post(f"/api/pushfold/jobs/{view['job']}/stop").json()
    assert stopped["state"] == "stopped" and stopped["result"] is None
    after = _finished(client, client.post("/api/pushfold/solve", json={"stacks": "10,10"}).json())
    assert after["result"]["certified"]  # a fresh worker answers the next one


@pytest.mark.parametrize(("path", "body", "message"), [
    ("solve", {"stacks": "10,-5"}, "stacks: -5 is not a positive number of big blinds"),
    ("solve", {"stacks": "10,10,10", "payouts": "30,50"},
     "payouts: 30,50 must not increase from one place to the next"),
    ("solve", {"stacks": ",".join(["10"] * 10)}, "stacks: 10 players given; push/fold takes 2 to 9"),
    ("solve", {"stacks": "10,10", "blinds": "20,40"},
     "stacks: SB's stack 10 is smaller than the blind it posts (20)"),
    ("solve", {"stacks": "10,x"}, "stacks: '10,x' is not a comma-separated list of numbers"),
    ("solve", {}, "stacks: missing"),
    ("solve", {"stacks": "10,10", "blinds": "1"},
     "blinds: '1' must be two numbers, small and big blind (0.5,1)"),
    ("solve", {"stacks": "10,10", "ante": "lots"}, "ante: expected a number, got 'lots'"),
    ("solve", {"stacks": "10,10,10", "opening": "limp"},
     "opening: limp is a heads-up option; 3 players given"),
    ("solve", {"stacks": "10,10", "max_allin": 4}, "max all-in: 4 must be 2 or 3"),
    ("solve", {"stacks": "10,10", "target": 0}, "target: 0.0 must be a positive number of big blinds"),
    ("solve", {"stacks": "10,10", "max_iterations": 10**9},
     "max_iterations: must be between 1 and 100000, not 1000000000"),
    ("chart", {"max_stack": "inf"}, "step: inf stacks from 1 to inf; at most 10,000"),
    ("chart", {"step": 0}, "step: 0 must be positive"),
    ("chart", {"min_stack": 5, "max_stack": 2}, "stacks: from 5 to 2 is not a range of positive stacks"),
    ("chart", {"blinds": "2,1"}, "small blind: 2 must be between 0 and the big blind (1)"),
])
def test_a_bad_setting_gets_one_line_naming_it(client: TestClient, path: str, body: dict,
                                                message: str) -> None:
    reply = client.post(f"/api/pushfold/{path}", json=body)
    assert reply.status_code == 400 and reply.json() == {"error": message}


def test_unknown_jobs_get_one_line(client: TestClient) -> None:
    for reply in (client.get("/api/pushfold/jobs/nothing"), client.post("/api/pushfold/jobs/nothing/stop")):
        assert reply.status_code == 400
        assert reply.json()["error"] == ("no push/fold computation 'nothing' on this server "
                                         "(it may have been forgotten)")


def test_the_page_has_both_forms_and_is_linked(client: TestClient) -> None:
    html = client.get("/pushfold").text
    assert html.count('data-class="AKs"') == 3  # the push and call charts, the decisions' grid template
    assert html.index('data-class="AA"') < html.index('data-class="AKs"') < html.index('data-class="AKo"')
    for field in ("stacks", "blinds", "ante", "payouts", "opening", "max-allin", "target", "max-iterations",
                  "max-stack", "min-stack", "step"):
        assert f'id="{field}"' in html
    assert '<option value="min-raise">min-raise</option>' in html
    assert '<a href="/pushfold">Push/fold</a>' in client.get("/").text


def test_a_worker_keeps_a_job_s_latest_detail_to_the_end(monkeypatch) -> None:
    # a solve measures its gain every few iterations: the count after the last measurement
    # still shows it (the page's "largest gain")
    import signal

    from pokerlab.web.worker_jobs import Task, _serve

    monkeypatch.setattr(signal, "signal", lambda *args: None)  # a worker ignores Ctrl-C; pytest must not

    class Pipe:
        def __init__(self) -> None:
            self.inbox, self.sent = [(1, {"steps": 3}), None], []

        def recv(self):
            return self.inbox.pop(0)

        def send(self, message) -> None:
            self.sent.append(message)

    pipe = Pipe()
    _serve(pipe, Task(_steps, kind="test", name="test"))
    assert pipe.sent[-2:] == [("progress", 1, 3.0, 3.0, {"gain": 0.5}), ("done", 1, {"steps": 3})]


def _steps(progress, steps: int) -> dict:
    for k in range(1, steps + 1):
        progress(k, steps, {"gain": 0.5} if k == 1 else None)
    return {"steps": steps}
