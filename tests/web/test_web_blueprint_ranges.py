"""The Ranges page's API: the blueprint's pre-flop lines and a decision's grids and sizes, equal
to the library's (what ``pokerlab nolimit ranges`` prints); a bad line is one line naming the
field; the Solver's spots may name a pre-flop line but not a blueprint file of the server's."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from pokerlab.cards import parse_cards
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.ranges import preflop_lines, preflop_ranges
from pokerlab.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    app = create_app(tmp_path_factory.mktemp("ranges") / "web.sqlite", equity_workers=0, max_solves=0,
                     pushfold_workers=0)
    with TestClient(app) as web:
        yield web


def _one_line(reply) -> str:
    assert reply.status_code == 400, reply.text
    message = reply.json()["error"]
    assert "\n" not in message and "Traceback" not in message
    return message


def test_the_page_lists_the_lines_and_draws_the_library_s_ranges(client: TestClient) -> None:
    page = client.get("/ranges")
    assert page.status_code == 200 and 'id="line"' in page.text and "/static/ranges.js" in page.text
    assert 'href="/ranges"' in client.get("/").text  # in the menu, beside the Solver
    listed = client.get("/api/blueprint/lines").json()
    bp = Blueprint.load()
    assert listed["lines"] == json.loads(json.dumps([x.as_dict() for x in preflop_lines(bp)]))
    assert listed["lines"][0]["label"] == "(root): BTN to act first (pot 1.5bb)"
    for line in ("", "r250", "r250r750"):
        drawn = client.post("/api/blueprint/ranges", json={"line": line}).json()
        assert drawn == json.loads(json.dumps(preflop_ranges(bp, line).as_dict()))
    assert client.post("/api/blueprint/ranges", json={}).json()["line"] == ""  # the first decision


@pytest.mark.parametrize("body,message", [
    ({"line": "r300"}, "line 'r300': 'r300' is not in the tree after '' (it holds r250, r20000)"),
    ({"line": "r250c"}, "line 'r250c': a post-flop decision"),
    ({"line": "f"}, "line 'f': the hand is over there"),
    ({"line": 5}, "line: "),
])
def test_a_bad_line_is_one_line(client: TestClient, body: dict, message: str) -> None:
    assert _one_line(client.post("/api/blueprint/ranges", json=body)).startswith(message)


def test_a_spot_sent_to_the_solver_may_name_a_line_not_a_file(client: TestClient) -> None:
    spot = {"board": "Qs Jh 2h", "preflop": "r250c"}
    read = client.post("/api/spot/import", json={"text": 'board = "Qs Jh 2h"\npreflop = "r250c"\n'}).json()
    bp = Blueprint.load()
    reached = bp.ranges(bp.node("r250c"), parse_cards("Qs Jh 2h"))
    assert (read["spot"]["pot"], read["spot"]["stack"]) == (5.0, 197.5)
    assert read["spot"]["ip_range"] == reached[1].tolist()
    for reply in (client.post("/api/spot/solve", json={"spot": {**spot, "blueprint": "/etc/passwd"}}),
                  client.post("/api/spot/export", json={"spot": {**spot, "blueprint": "x.npz"}}),
                  client.post("/api/spot/import", json={"text": 'board = "Qs Jh 2h"\npreflop = "r250c"\n'
                                                                'blueprint = "/etc/passwd"\n'})):
        assert _one_line(reply).startswith("blueprint: this spot may not name a file")
