"""The Play page's no-limit table against the blueprint bot (``nlhe-blueprint``) and the bot
that searches at the table (``nlhe-search``), through the JSON API the page uses: the page
offers the game and the bots, and each plays 200 big blinds deep at blinds 1/2 (stack 400)
with no illegal action."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from pokerlab.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("app") / "web.sqlite"))


def test_the_page_offers_no_limit_and_the_blueprint_bots(client: TestClient) -> None:
    page = client.get("/play").text
    assert '<option value="no-limit">' in page and '<option value="nlhe-blueprint"' in page
    assert '<option value="nlhe-search"' in page


@pytest.mark.parametrize("bot", ["nlhe-blueprint", "nlhe-search"])
def test_a_no_limit_table_against_the_blueprint_bot(client: TestClient, bot: str) -> None:
    view = client.post("/api/tables", json={"game": "no-limit", "bots": [bot], "stack": 400,
                                            "seed": 5}).json()
    table = view["table"]
    assert view["kind"] == "no-limit" and view["game"]["starting_stack"] == 400
    for _ in range(12):
        while not view["finished"]:
            reply = client.post(f"/api/tables/{table}/act", json={"action": "c"})
            assert reply.status_code == 200, reply.json()
            view = reply.json()
            assert view["illegal"] == []
        assert sum(p["won"] for p in view["players"]) == 0
        view = client.post(f"/api/tables/{table}/deal", json={}).json()
    history = client.get(f"/api/tables/{table}/history.phhs").text
    assert " cbr " in history  # the person only checks and calls: the bot's bets and raises


def test_after_the_hand_the_searching_bot_shows_its_strategy_and_range(client: TestClient) -> None:
    view = client.post("/api/tables", json={"game": "no-limit", "bots": ["nlhe-search"], "stack": 400,
                                            "seed": 7}).json()
    table = view["table"]
    view = client.get(f"/api/tables/{table}?thinking=1").json()
    shown = []
    for _ in range(12):
        while not view["finished"]:
            view = client.post(f"/api/tables/{table}/act", json={"action": "c", "thinking": True}).json()
            assert view["finished"] or view["bot_reports"] == {}  # nothing while the hand runs
        assert client.get(f"/api/tables/{table}").json()["bot_reports"] is None  # only when asked
        asked = client.get(f"/api/tables/{table}?thinking=1").json()["bot_reports"]
        assert asked == view["bot_reports"]
        shown += view["bot_reports"].get("nlhe-search", [])
        view = client.post(f"/api/tables/{table}/deal", json={"thinking": True}).json()
    assert shown  # calling down, the bot reaches rivers and searches them
    for decision in shown:
        assert decision["street"] == "river" and len(decision["hand"].split()) == 2
        assert abs(sum(a["hand"] for a in decision["actions"]) - 1) < 1e-3
        assert abs(sum(a["range"] for a in decision["actions"]) - 1) < 1e-3
        assert decision["range_combos"] > 0 and decision["iterations"] == 200
    page = client.get(f"/play/{table}").text
    assert 'id="bot-thinking"' in page
