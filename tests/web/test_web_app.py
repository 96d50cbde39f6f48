"""The web application through its HTTP interface (in process), and ``pokerlab serve``."""

from __future__ import annotations

import json
import socket
import time

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerlab.agents.registry import available
from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.cli.main import app as cli
from pokerlab.engine import GameSettings
from pokerlab.gamespec import available_games
from pokerlab.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("app") / "web.sqlite"))


def test_start_page_lists_what_the_registries_offer(client: TestClient) -> None:
    html = client.get("/").text
    for name in [*available(), *available_games()]:
        assert f"<code>{name}</code>" in html
    listed = client.get("/api/bots").json()
    assert listed["bots"] == available() and listed["variants"]["draw-rules"] == ["five-card-draw"]
    # the Play card offers every variant's table, not only hold'em's; the coach is hold'em's
    assert "Sit at a Texas hold&#39;em or five-card draw table (limit, pot-limit, no-limit)" in html
    assert "with a coach in Texas hold&#39;em (" in html and "Hold'em table" not in html


def test_wrong_addresses_methods_and_bodies_get_one_line(client: TestClient) -> None:
    reply = client.get("/api/nope")
    assert reply.status_code == 404 and reply.json() == {"error": "no such address: /api/nope"}
    reply = client.delete("/api/bots")
    assert reply.status_code == 405 and reply.json()["error"] == "DELETE is not allowed on /api/bots"
    page = client.get("/no/such/page")
    assert page.status_code == 404 and "no such address: /no/such/page" in page.text
    assert "Traceback" not in page.text
    assert client.get("/static/common.js").text.startswith("// Shared by every page")


def test_serve_check_uses_every_page_and_stops(tmp_path) -> None:
    result = CliRunner().invoke(cli, ["serve", "--port", "0", "--check", "--json",
                                      "--db", str(tmp_path / "w.sqlite")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["address"].startswith("http://127.0.0.1:")
    checks = {row["check"]: row["result"] for row in data["checks"]}
    assert checks["bots"] == f"{len(available())} registered"
    assert checks["equity: AcAd against KhKs, and AhKh against QQ+, AKs, AKo on Qs 7h 2h"] == (
        "AcAd vs KhKs: equity 81.255% (win 81.06%, tie 0.38%); AhKh vs QQ+, AKs, AKo on Qs 7h 2h: "
        "equity 52.264% (win 36.48%, tie 31.57%), 5 classes in the grid")
    drawn = checks["play: five-card draw against draw-rules, calling, discarding cards 1 and 2"]
    assert drawn.startswith("the draw: you draw 2; hand over") and "the chips add up: True" in drawn
    assert checks["push/fold: heads-up, 10 big blinds each, chip EV"] == (
        "linear program, certified: True; SB: push 58.3%, SB push, BB: call 37.4%")
    ranges = checks["ranges: the blueprint's pre-flop decisions, the big blind facing a 2.5bb open"]
    assert ranges.startswith("16 decisions; the big blind: fold ") and ranges.endswith("% of holdings")
    solved = checks["solver: a river, AT, 65, KQ against 77, QJ, AK, a pot-sized bet, to 0.1% of the pot"]
    assert "iterations, exploitability" in solved and "OOP at the root: x " in solved


def test_serve_refuses_a_port_in_use_in_one_line(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--db", str(tmp_path / "w.sqlite")])
    assert result.exit_code == 2
    assert f"--port {port}: cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output
    bad = CliRunner().invoke(cli, ["serve", "--port", "70000"])
    assert bad.exit_code == 2 and "--port: must be between 0 and 65535, not 70000" in bad.output


def test_strategies_api_gives_pokerlab_solve_and_the_picture(client: TestClient) -> None:
    from pokerlab.threshold.reporting.report import solve_report

    assert client.post("/api/strategies/game", json={"game": "von-neumann"}).json()["parameters"] == ["B"]
    reply = client.post("/api/strategies/solve", json={"game": "patent-raise", "params": {"P": "3"}}).json()
    expected = solve_report("patent-raise", pot="3")
    expected.pop("_solution")
    assert {k: reply[k] for k in expected} == json.loads(json.dumps(expected))
    regions = reply["picture"]["regions"]
    cells = len(reply["thresholds"]) + 1
    assert len(regions) == cells * cells + cells
    assert {r["betting"] for r in regions} >= {"bet-call", "pass-pass", "bet-raise-call"}


def test_strategies_page_lists_the_games_it_draws(client: TestClient) -> None:
    page = client.get("/strategies").text
    assert "patent-raise" in page and "patent-no-raise-3p" not in page  # the cube is pokerlab solve's


def test_models_api_gives_pokerlab_model_and_its_number_lines(client: TestClient) -> None:
    reply = client.post("/api/models/solve", json={"model": "von-neumann", "params": {"B": 2}}).json()
    assert reply["thresholds_exact"] == {"a": "1/9", "c": "5/9", "b": "7/9"} and reply["check"]["agrees"]
    assert [s["upto"] for s in reply["lines"][0]["segments"]] == ["a", "b", "1"]


@pytest.mark.parametrize(("path", "body", "message"), [
    ("/api/strategies/solve", {"game": "/etc/passwd"}, "game: unknown game '/etc/passwd' (known: "),
    ("/api/strategies/solve", {"game": "patent-raise", "params": {"P": "-1"}},
     "--pot -1: must be greater than 0"),
    ("/api/strategies/solve", {"toml": "name = 1"}, "pasted game: name: missing or not a string"),
    ("/api/strategies/solve", {"game": "patent-raise", "params": [1]}, "params: expected an object"),
    ("/api/strategies/solve", {"game": "patent-no-raise-3p", "params": {"P": "3"}},
     "game: 'patent-no-raise-3p' has 3 players; this page shows games of two"),
    ("/api/models/solve", {"model": "nope"}, "model nope: unknown (known: von-neumann"),
    ("/api/models/solve", {"model": "raise", "params": {"B": "x"}}, "parameter B=x: not a number"),
    ("/api/models/solve", {"model": "raise", "check": "yes"}, "check: expected true or false, got 'yes'"),
])
def test_bad_strategy_and_model_requests_get_one_line(client: TestClient, path, body, message) -> None:
    reply = client.post(path, json=body)
    assert reply.status_code == 400
    assert reply.json()["error"].startswith(message)


def test_a_body_that_is_not_a_json_object_is_refused(client: TestClient) -> None:
    for raw, message in ((b"{bad", "request body: not JSON"),
                         (b"[1, 2]", "request body: expected a JSON object")):
        reply = client.post("/api/models/solve", content=raw)
        assert reply.status_code == 400 and reply.json()["error"].startswith(message)


def _play_to_the_end(client: TestClient, table: str, command: str = "c") -> dict:
    view = client.get(f"/api/tables/{table}").json()
    while not view["finished"]:
        reply = client.post(f"/api/tables/{table}/act", json={"action": command})
        assert reply.status_code == 200, reply.json()
        view = reply.json()
    return view


def test_tables_of_six_seats_conserve_chips_and_download_their_history(client: TestClient) -> None:
    from pokerkit import HandHistory

    bots = ["random", "raiser", "calling-station", "random", "loki-e"]
    view = client.post("/api/tables", json={"game": "no-limit", "bots": bots, "seed": 9}).json()
    table = view["table"]
    assert [p["name"] for p in view["players"]] == ["you", "random", "raiser", "calling-station",
                                                     "random#2", "loki-e"]
    for _ in range(5):
        view = _play_to_the_end(client, table)
        assert sum(p["won"] for p in view["players"]) == 0
        assert all(p["stack"] == 200 + p["won"] for p in view["players"])
        client.post(f"/api/tables/{table}/deal", json={})
    history = client.get(f"/api/tables/{table}/history.phhs")
    assert history.headers["content-disposition"] == 'attachment; filename="pokerlab-table.phhs"'
    assert len(list(HandHistory.loads_all(history.text))) == 5
    coached = client.get(f"/api/tables/{table}?coach=1").json()
    assert coached["coach"] is not None and coached["coach"]["to_call"] == coached["legal"]["to_call"]


def test_the_largest_raise_is_called_all_in_only_when_it_is(client: TestClient) -> None:
    """The view's legal says whether the largest raise puts the person all-in (max_all_in) and
    what to call it (max_word, the button's and the menu's word): in pot-limit with deep stacks
    it is the pot, with stacks shorter than the pot it is all-in, in no-limit all-in."""
    def first_decision(body: dict) -> dict:
        view = client.post("/api/tables", json={"bots": ["calling-station"], "seed": 3, **body}).json()
        assert view["your_turn"], view
        return view["legal"]

    deep = first_decision({"game": "pot-limit"})
    assert (deep["max_raise_to"], deep["max_all_in"], deep["max_word"]) == (6, False, "pot raise")
    assert deep["menu"].endswith("a = pot raise to 6")
    short = first_decision({"game": "pot-limit", "stack": 5})
    assert (short["max_raise_to"], short["max_all_in"], short["max_word"]) == (5, True, "all-in")
    assert short["menu"].endswith("a = all-in to 5")
    no_limit = first_decision({"game": "no-limit"})
    assert (no_limit["max_raise_to"], no_limit["max_all_in"], no_limit["max_word"]) == (200, True, "all-in")
    limit = first_decision({"game": "limit"})  # one size: no largest to name apart from the raise
    assert not limit["max_all_in"] and limit["max_word"] == limit["raise_word"]
    # the page's button takes the word from the view; the page itself says none
    table = client.post("/api/tables", json={"bots": ["calling-station"], "seed": 3}).json()["table"]
    assert "All-in" not in client.get(f"/play/{table}").text
    assert "legal.max_word" in client.get("/static/table.js").text


def test_a_closed_table_reopens_from_the_store_with_its_next_hand(client: TestClient) -> None:
    table = client.post("/api/tables", json={"bots": ["calling-station"], "seed": 4}).json()["table"]
    won = _play_to_the_end(client, table)["players"][0]["won"]
    match_id = client.get(f"/api/tables/{table}").json()["match_id"]
    assert client.post(f"/api/tables/{table}/close").json() == {"closed": True}
    gone = client.get(f"/api/tables/{table}")
    assert gone.status_code == 400 and "no such open table" in gone.json()["error"]
    view = client.post("/api/tables", json={"resume": match_id}).json()
    assert view["hand"] == 2 and view["session"]["hands"] == 1 and view["session"]["chips_won"] == won


def test_a_five_card_draw_table_discards_by_place_and_tells_the_draw(client: TestClient) -> None:
    """The draw through the API: the same Session and commands as ``pokerlab play``."""
    from pokerkit import HandHistory

    page = client.get("/play").text
    assert '<option value="five-card-draw">' in page and 'data-plays="five-card-draw"' in page
    bots = ["draw-rules", "draw-threshold", "random"]
    view = client.post("/api/tables", json={"game": "pot-limit", "variant": "five-card-draw",
                                            "bots": bots, "seed": 5}).json()
    table = view["table"]
    assert view["variant"] == "five-card-draw" and view["hole_cards"] == 5 and view["board"] == []
    assert view["coach"] is None and client.get(f"/api/tables/{table}?coach=1").json()["coach"] is None
    assert view["coach_note"] == "the coach's numbers are hold'em's, not five-card-draw's"
    drawn = 0
    for _ in range(6):
        while not view["finished"]:
            legal = view["legal"]
            if legal["max_discards"]:  # the draw: discard the first and the last card
                assert view["drawing"] and view["street"] == "the draw"
                before = view["players"][0]["cards"]
                refused = client.post(f"/api/tables/{table}/act", json={"action": "6"})
                assert refused.status_code == 400
                assert refused.json()["error"] == "card place 6 is not one of 1..5"
                view = client.post(f"/api/tables/{table}/act", json={"action": "1 5"}).json()
                after = view["players"][0]["cards"]
                assert set(before[1:4]) <= set(after) and not {before[0], before[4]} & set(after)
                # Each draw is told with the draw, before the betting round after it.
                phases = [line.split(": ", 1)[0] for line in view["actions"]]
                assert phases == sorted(phases, key=["first round", "the draw", "after the draw"].index)
                assert "the draw: you draw 2" in view["actions"]
                drawn += 1
            else:
                view = client.post(f"/api/tables/{table}/act", json={"action": "c"}).json()
        assert sum(p["won"] for p in view["players"]) == 0
        assert all(p["stack"] == 200 + p["won"] for p in view["players"])
        assert view["illegal"] == []
        view = client.post(f"/api/tables/{table}/deal", json={}).json()
    assert drawn >= 3
    hands = list(HandHistory.loads_all(client.get(f"/api/tables/{table}/history.phhs").text))
    assert len(hands) == 6 and {h.variant for h in hands} == {"PD"}  # pot-limit draw, read by pokerkit
    assert any(" sd " in action for h in hands for action in h.actions)  # the draws are in the history


@pytest.mark.parametrize(("body", "message"), [
    ({"variant": "five-card-draw", "bots": ["random", "loki-a"]},
     "bots: bot 'loki-a' plays texas-holdem, not five-card-draw (bots that play five-card-draw: "
     "calling-station, "),
    ({"bots": ["draw-rules"]}, "bots: bot 'draw-rules' plays five-card-draw, not texas-holdem"),
    ({"variant": "omaha", "bots": ["random"]},
     "variant: unknown variant 'omaha' (known: texas-holdem, five-card-draw)"),
    ({"game": "stud", "bots": ["random"]}, "game: unknown game 'stud' (known: limit, pot-limit, no-limit)"),
    ({"bots": ["random"] * 6}, "bots: at most 5 entries, got 6"),
    ({"bots": []}, "bots: name one bot for each other seat (1 to 5)"),
    ({"bots": ["nobody"]}, "bots: unknown bot 'nobody' (known: calling-station"),
    ({"bots": "random"}, "bots: expected a list of names"),
    ({"bots": ["random"], "stack": 0}, "stack: must be between 1 and 1000000000, not 0"),
    ({"resume": 999999}, "no table 999999 in"),
])
def test_bad_tables_are_refused_in_one_line(client: TestClient, body, message) -> None:
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 400 and reply.json()["error"].startswith(message)


def test_a_refused_action_names_the_reason_and_changes_nothing(client: TestClient) -> None:
    view = client.post("/api/tables", json={"game": "no-limit", "bots": ["raiser"], "seed": 1}).json()
    table = view["table"]
    for command, message in (("r 3", "raise to 3 is below the minimum 4"), ("bet bet bet", "too many words"),
                             (7, "action: expected text")):
        reply = client.post(f"/api/tables/{table}/act", json={"action": command})
        assert reply.status_code == 400 and message in reply.json()["error"]
    after = client.get(f"/api/tables/{table}").json()
    assert {k: after[k] for k in ("actions", "legal", "pot", "players")} == {
        k: view[k] for k in ("actions", "legal", "pot", "players")}


def _wait_for_end(client: TestClient, match_id: int, seconds: float = 300) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = client.get(f"/api/matches/{match_id}").json()
        if status["state"] != "running":
            return status
        time.sleep(0.3)
    raise AssertionError(f"match {match_id} still running after {seconds} s")


def test_a_match_started_from_the_page_is_the_command_line_s_match(tmp_path) -> None:
    db = tmp_path / "shared.sqlite"
    with TestClient(create_app(db)) as web:
        started = web.post("/api/matches", json={"bots": ["raiser", "random"], "hands": 600, "seed": 5,
                                                  "game": "pot-limit"}).json()
        status = _wait_for_end(web, started["match_id"])
        listed = web.get("/api/matches").json()["matches"]
        hand = web.get(f"/api/matches/{started['match_id']}/hands/3").json()
        page = web.get(f"/api/matches/{started['match_id']}/hands?first=590&count=50").json()
    assert status["state"] == "finished" and status["hands_stored"] == 600 and status["error"] is None
    assert listed[0]["id"] == started["match_id"] and listed[0]["finished"]
    # the same match played by the library in this process: the same hands, the same results
    expected = run_match(MatchConfig(bots=("raiser", "random"), hands=600, seed=5,
                                     game=GameSettings.preset("pot-limit")), MatchStore(":memory:"))
    assert [r["per_hand"] for r in status["results"]] == [r.per_hand for r in expected.results]
    assert status["curve"]["hands"][-1] == 600
    assert status["curve"]["bankroll"][0][-1] == pytest.approx(expected.bankroll[-1, 0])
    assert sum(p["won"] for p in hand["players"]) == 0 and hand["phh"].startswith('variant = "PT"')
    assert [h["hand"] for h in page["hands"]] == list(range(591, 601))
    # and the command line resumes it from the same file: nothing left to play
    resumed = CliRunner().invoke(cli, ["match", "raiser", "random", "--hands", "600", "--seed", "5",
                                       "--game", "pot-limit", "--db", str(db), "--resume", "--json"])
    assert resumed.exit_code == 0, resumed.output
    data = json.loads(resumed.stdout)
    assert data["match_id"] == started["match_id"] and data["hands_played_now"] == 0


def test_experiments_are_listed_from_the_registry_and_started_by_name(client: TestClient) -> None:
    from pokerlab.arena.experiments import match_experiments

    html = client.get("/matches").text
    for name in match_experiments():
        assert f'data-experiment="{name}"' in html
    reply = client.post("/api/matches", json={"experiment": "threshold-vs-loki", "hands": 20, "seed": 2})
    status = _wait_for_end(client, reply.json()["match_id"])
    assert status["bots"] == ["threshold", "loki-a"] and status["duplicate"] and status["hands_stored"] == 20


@pytest.mark.parametrize(("path", "body", "message"), [
    ("/api/matches", {"experiment": "nope", "hands": 10}, "experiment: unknown 'nope' (known: "),
    ("/api/matches", {"bots": ["raiser"], "hands": 10}, "a match needs at least two bots"),
    ("/api/matches", {"bots": ["raiser", "x"], "hands": 10}, "bots: unknown bot 'x'"),
    ("/api/matches", {"bots": ["raiser", "random"], "hands": 0}, "hands: must be between 1 and"),
    ("/api/matches", {"bots": ["raiser", "random"], "hands": 5, "duplicate": True},
     "--hands 5 must be a multiple of the 2 seats"),
])
def test_bad_matches_are_refused_in_one_line(client: TestClient, path, body, message) -> None:
    reply = client.post(path, json=body)
    assert reply.status_code == 400 and reply.json()["error"].startswith(message)


def test_unknown_matches_and_hands_are_named(client: TestClient) -> None:
    for path, message in (("/api/matches/424242", "match 424242: not in"),
                          ("/api/matches/x1", "match: expected a match number, got 'x1'"),
                          ("/api/matches/424242/hands/1", "match 424242: not in"),
                          ("/api/matches/1/hands/0", "hand: must be between 1 and")):
        reply = client.get(path)
        assert reply.status_code == 400 and reply.json()["error"].startswith(message), reply.json()


def test_tables_at_once_through_http_keep_their_chips(server: str) -> None:
    # benchmarks/web.py runs 50 tables and 4 equity clients for a minute; here 8 tables and 2
    # equity clients for 3 s, the same code: no error, no equity question lost or answered twice
    # differently, and the tables keep playing while the equity workers compute
    from pokerlab.web.load import run_load

    result = run_load(server, tables=8, seconds=3.0, seed=1, equity_clients=2)
    assert result["errors"] == []
    assert result["hands"] > 0 and result["requests"] > 8
    equity = result["equity"]
    assert equity["answered"] == equity["asked"] > 0


def _words_by_situation(client: TestClient, body: dict, hands: int) -> dict[tuple[str, bool], set[str]]:
    """Over ``hands`` hands of a table where the person checks or calls: the bet/raise word
    (and the menu's and the call button's words agreeing with it) at each betting decision,
    by (street, facing a bet)."""
    table = client.post("/api/tables", json=body).json()["table"]
    seen: dict[tuple[str, bool], set[str]] = {}
    for _ in range(hands):
        view = client.get(f"/api/tables/{table}").json()
        while not view["finished"]:
            legal = view["legal"]
            if not legal["max_discards"]:
                word = legal["raise_word"]
                assert legal["call_word"] == ("call" if legal["to_call"] else "check")
                if legal["can_raise"]:
                    assert f"= {word} to " in legal["menu"], legal
                seen.setdefault((view["street"], legal["to_call"] > 0), set()).add(word)
            view = client.post(f"/api/tables/{table}/act", json={"action": "c" if not legal["max_discards"]
                                                                 else "p"}).json()
        client.post(f"/api/tables/{table}/deal", json={})
    return seen


def test_the_bet_or_raise_word_comes_from_the_engine(client: TestClient) -> None:
    """Pre-flop the blind is a bet, so the aggressive action is a raise even when checking is
    free (the big blind's option); after the flop it is a bet until somebody bets; five-card
    draw has antes only, so its first round opens with a bet."""
    passive = _words_by_situation(client, {"bots": ["calling-station"], "seed": 2}, 2)
    assert passive == {("pre-flop", True): {"raise"}, ("pre-flop", False): {"raise"},
                       ("flop", False): {"bet"}, ("turn", False): {"bet"}, ("river", False): {"bet"}}
    aggressive = _words_by_situation(client, {"bots": ["raiser"], "seed": 2}, 2)
    assert aggressive[("pre-flop", True)] == {"raise"}
    assert aggressive[("flop", True)] == {"raise"} and aggressive[("flop", False)] == {"bet"}
    draw = _words_by_situation(client, {"variant": "five-card-draw", "bots": ["calling-station"],
                                        "seed": 2}, 2)
    assert draw == {("first round", False): {"bet"}, ("after the draw", False): {"bet"}}
