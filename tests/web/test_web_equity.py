"""The Equity page's API: the range editor's view of a range, and computations equal to
``pokerlab equity --json`` for the same input, run in the server's worker processes."""

from __future__ import annotations

import json
import time

import pytest
from starlette.testclient import TestClient
from terminal import ctrl_c_as_in_a_terminal
from typer.testing import CliRunner

from pokerlab.cli.main import app as cli
from pokerlab.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    with TestClient(create_app(tmp_path_factory.mktemp("equity") / "web.sqlite", equity_workers=1)) as web:
        yield web


def _equity_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["equity", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _finished(client: TestClient, view: dict, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while view["state"] in ("waiting", "running"):
        assert time.monotonic() < deadline, view
        time.sleep(0.05)
        view = client.get(f"/api/equity/jobs/{view['job']}").json()
    return view


def test_the_range_view_keeps_text_and_grid_in_step(client: TestClient) -> None:
    typed = client.post("/api/range", json={"text": "QQ+, AKs, KK:0.5"}).json()
    # an item named twice keeps its largest weight (parse_range): KK stays whole
    assert typed["classes"] == {"AA": 1.0, "KK": 1.0, "QQ": 1.0, "AKs": 1.0}
    assert typed["combos"] == 22 and typed["share"] == pytest.approx(22 / 1326)
    assert typed["text"] == "QQ+, AKs, KK:0.5"  # typed text is left as typed
    clicked = client.post("/api/range", json={"text": "QQ+, AKs", "classes": ["JJ", "AQs"],
                                                       "weight": 1}).json()
    assert clicked["text"] == "JJ+, AQs+" and clicked["combos"] == 32
    halved = client.post("/api/range", json={"text": "JJ+, AQs+", "classes": ["AA"],
                                                      "weight": 0.5}).json()
    assert halved["text"] == "KK-JJ, AQs+, AA:0.5" and halved["classes"]["AA"] == 0.5
    removed = client.post("/api/range", json={"text": "AhKh, QQ", "classes": ["QQ"],
                                                       "weight": 0}).json()
    assert removed["text"] == "AhKh" and removed["classes"] == {"AKs": 0.25}
    empty = client.post("/api/range", json={"text": "  "}).json()
    assert empty == {"text": "  ", "classes": {}, "combos": 0, "share": 0.0}


def test_a_percentage_range_is_the_library_s(client: TestClient) -> None:
    from pokerlab.cards import parse_range

    view = client.post("/api/range", json={"text": "15%"}).json()
    assert view["combos"] == len(parse_range("15%"))


@pytest.mark.parametrize("args", [
    (["AcAd", "KhKs"], {}),
    (["AhKh", "QQ+, AKs, AKo"], {"board": "Qs 7h 2h"}),
    (["AsKd", "22+, A2s+, KTs+", "QJs, T9s, 98s:0.5"], {"board": "Jh Ts 2c", "dead": "3d"}),
])
def test_a_computation_is_pokerlab_equity_s(client: TestClient, args) -> None:
    players, fields = args
    view = _finished(client, client.post("/api/equity", json={"players": players, **fields}).json())
    assert view["state"] == "finished" and view["error"] is None
    cli_args = [*players]
    for name in ("board", "dead"):
        if name in fields:
            cli_args += [f"--{name}", fields[name]]
    if len(players) == 2:
        cli_args.append("--grid")
    expected = _equity_json(*cli_args)
    expected.pop("executor")
    assert view["result"] == expected


def test_monte_carlo_with_a_seed_repeats_the_command_s_run(client: TestClient) -> None:
    body = {"players": ["AhKh", "random", "random"], "mode": "monte-carlo", "samples": 50_000, "seed": 7}
    view = _finished(client, client.post("/api/equity", json=body).json())
    expected = _equity_json("AhKh", "random", "random", "--samples", "50000", "--seed", "7")
    assert view["result"]["equity"] == expected["equity"] and view["result"]["seed"] == 7
    assert not view["result"]["exact"] and view["result"]["trials"] == 50_000


def test_a_long_computation_shows_progress_and_stops(client: TestClient) -> None:
    body = {"players": ["random", "random", "random"], "mode": "monte-carlo", "samples": 100_000_000}
    view = client.post("/api/equity", json=body).json()
    deadline = time.monotonic() + 60
    while not (view["state"] == "running" and view["done"] > 0):
        assert time.monotonic() < deadline and view["state"] in ("waiting", "running"), view
        time.sleep(0.05)
        view = client.get(f"/api/equity/jobs/{view['job']}").json()
    assert view["total"] == 100_000_000 and 0 < view["done"] < view["total"]
    stopped = client.post(f"/api/equity/jobs/{view['job']}/stop").json()
    assert stopped["state"] == "stopped" and stopped["result"] is None
    # the next computation gets a fresh worker and its answer
    after = _finished(client, client.post("/api/equity", json={"players": ["AcAd", "KhKs"]}).json())
    assert after["state"] == "finished" and after["result"]["wins"] == [1388072, 317694]


def test_a_running_job_shows_its_time_and_a_finished_one_its_whole_count(client: TestClient) -> None:
    body = {"players": ["random", "random", "random"], "mode": "monte-carlo", "samples": 100_000_000}
    view = client.post("/api/equity", json=body).json()
    deadline = time.monotonic() + 60
    while view["state"] != "running":
        assert time.monotonic() < deadline and view["state"] == "waiting", view
        time.sleep(0.05)
        view = client.get(f"/api/equity/jobs/{view['job']}").json()
    time.sleep(0.3)
    view = client.get(f"/api/equity/jobs/{view['job']}").json()
    assert view["state"] == "running" and view["seconds"] >= 0.3  # was 0.0 until the end
    client.post(f"/api/equity/jobs/{view['job']}/stop")
    body["samples"] = 3_000_000
    view = _finished(client, client.post("/api/equity", json=body).json())
    assert view["done"] == view["total"] == view["result"]["trials"] == 3_000_000


def test_a_worker_reports_the_final_count_however_fast_the_progress(monkeypatch) -> None:
    # Progress messages go a tenth of a second apart; a job whose last steps came faster showed
    # a count short of the end once finished (96,436,224 of 100,000,000).
    import pokerlab.strength.equity_report as equity_report
    from pokerlab.web.equity import TASK
    from pokerlab.web.worker_jobs import _serve

    class Report:
        def as_dict(self) -> dict:
            return {"trials": 10}

    def fake_report(progress, **question):
        for k in range(1, 11):
            progress(k, 10)  # all within a tenth of a second: only the first is sent on its own
        return Report()

    monkeypatch.setattr(equity_report, "equity_report", fake_report)
    import signal

    monkeypatch.setattr(signal, "signal", lambda *args: None)  # a worker ignores Ctrl-C; pytest must not

    class Pipe:
        def __init__(self) -> None:
            self.inbox, self.sent = [(1, {}), None], []

        def recv(self):
            return self.inbox.pop(0)

        def send(self, message) -> None:
            self.sent.append(message)

    pipe = Pipe()
    _serve(pipe, TASK)
    progress = [m for m in pipe.sent if m[0] == "progress"]
    assert progress[-1] == ("progress", 1, 10.0, 10.0) and pipe.sent[-1] == ("done", 1, {"trials": 10})


@pytest.mark.parametrize(("body", "message"), [
    ({"players": ["AhKh"]}, "players: give 2 to 6 players, got 1"),
    ({"players": ["AA"] * 7}, "players: at most 6 entries, got 7"),
    ({"players": ["AhKh", "ZZ"]}, "player 2: unknown range item 'ZZ'"),
    ({"players": ["AhKh", " "]}, "player 2: empty; give two cards (AhKh) or a range (QQ+, AKs)"),
    ({"players": ["AhKh", "QQ"], "board": "Qs Qh"}, "board: need 0, 3, 4 or 5 cards, got 2"),
    ({"players": ["AhKh", "QQ"], "board": "Ah 7c 2d"}, "duplicate card 'Ah'"),
    ({"players": ["AhKh", "QQ"], "dead": "Xx"}, "dead: "),
    ({"players": ["AhKh", "QQ"], "mode": "fast"}, "mode: one of auto, exact, monte-carlo, not 'fast'"),
    ({"players": ["AhKh", "QQ"], "samples": 10**12}, "samples: must be between 1000 and 100000000"),
    ({"players": ["AhKh", "QQ"], "seed": -1}, "seed: must be between 0 and"),
])
def test_a_bad_question_gets_one_line(client: TestClient, body, message) -> None:
    reply = client.post("/api/equity", json=body)
    assert reply.status_code == 400 and reply.json()["error"].startswith(message), reply.json()


def test_a_question_too_big_to_enumerate_fails_in_one_line(client: TestClient) -> None:
    body = {"players": ["random"] * 6, "mode": "exact"}
    view = _finished(client, client.post("/api/equity", json=body).json())
    assert view["state"] == "failed" and view["error"].startswith("exact equity would enumerate about")
    assert "\n" not in view["error"]


def test_bad_range_edits_and_unknown_jobs_get_one_line(client: TestClient) -> None:
    for body, message in (({"text": "AKx"}, "unknown range item 'AKx'"),
                          ({"text": "", "classes": ["AAs"]}, "unknown hand class 'AAs'"),
                          ({"text": "", "classes": ["AA"], "weight": "1"}, "weight: expected a number"),
                          ({"text": "", "classes": ["AA"], "weight": 3}, "weight must be in [0, 1]")):
        reply = client.post("/api/range", json=body)
        assert reply.status_code == 400 and reply.json()["error"].startswith(message), reply.json()
    reply = client.get("/api/equity/jobs/nothing")
    assert reply.status_code == 400 and reply.json()["error"].startswith("no equity computation 'nothing'")


def test_the_page_lays_out_the_grid_and_is_linked(client: TestClient) -> None:
    html = client.get("/equity").text
    assert html.count('data-class="AKs"') == 4  # two players, the template, the hand-against-range grid
    assert html.index('data-class="AA"') < html.index('data-class="AKs"') < html.index('data-class="AKo"')
    assert '<a href="/equity">Equity</a>' in client.get("/").text


def test_ctrl_c_stops_the_server_and_its_computing_workers_in_one_line(tmp_path) -> None:
    """Ctrl-C at a terminal reaches the whole process group: the server stops with one line and
    status 130, and its equity workers (one in the middle of a long computation) end without a
    traceback of their own."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    server = subprocess.Popen(
        [sys.executable, "-m", "pokerlab", "serve", "--port", "0", "--db", str(tmp_path / "w.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        url = server.stdout.readline().split()[2]
        body = json.dumps({"players": ["random"] * 3, "mode": "monte-carlo", "samples": 100_000_000})
        request = urllib.request.Request(url + "/api/equity", data=body.encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        token = json.loads(urllib.request.urlopen(request, timeout=60).read())["job"]
        deadline = time.monotonic() + 60
        while json.loads(urllib.request.urlopen(f"{url}/api/equity/jobs/{token}").read())["done"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        os.killpg(server.pid, signal.SIGINT)
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
    assert server.returncode == 130 and err.strip() == "stopped (Ctrl-C)", err
