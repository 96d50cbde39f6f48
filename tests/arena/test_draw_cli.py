"""Five-card draw on the command line: matches and play with ``--variant``, the draw-threshold
bot's matches and the exactness of its final round."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerlab.arena import MatchStore
from pokerlab.arena.hands import hand_view
from pokerlab.arena.match import MatchConfig
from pokerlab.cli.main import app


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "200"})


def test_match_takes_the_variant_and_stores_replayable_draw_hands(tmp_path) -> None:
    db = tmp_path / "m.sqlite"
    result = invoke("match", "draw-threshold", "draw-rules", "random", "--variant", "five-card-draw",
                    "--hands", "12", "--duplicate", "--db", str(db), "--json", "--no-progress")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands_stored"] == 12 and sum(r["illegal_actions"] for r in data["results"]) == 0
    store = MatchStore(db)
    config = MatchConfig.from_key(store.match(1)["config"])
    assert config.game.variant == "five-card-draw" and config.game.ante == 1
    records = list(store.records(1))
    assert sum(1 for _, record in records if record.get("draws")) >= 3
    for h, record in records:
        view = hand_view(config, h, record)  # replayed through the engine with its draws
        assert sum(p["won"] for p in view["players"]) == 0
        assert view["board"] == [] and all(len(p["cards"]) == 5 for p in view["players"])
        phases = [line.split(": ", 1)[0] for line in view["actions"]]  # each draw told as one
        assert phases == sorted(phases, key=["first round", "the draw", "after the draw"].index)
        assert phases.count("the draw") == len(record.get("draws", []))
    store.close()
    wide = invoke("match", "random", "raiser", "--variant", "five-card-draw", "--seats", "7",
                  "--db", str(tmp_path / "w.sqlite"))
    assert wide.exit_code == 2 and "between 2 and 6 in five-card draw" in wide.output


def test_play_five_card_draw_asks_for_the_discards() -> None:
    # Check, then the draw: a place out of range and an unknown card are refused, then "1 2".
    keys = "c\n9\nxx\n1 2\n" + "c\n" * 6 + "q\n"
    result = invoke("play", "--variant", "five-card-draw", "--bot", "calling-station", "--hands", "1",
                    "--seed", "2", input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "discard: places (1 3) or cards (Kd 2c)" in out
    assert "card place 9 is not one of 1..5" in out and "unknown card 'xx'" in out
    # Each draw is told with the draw, before the betting round after it.
    lines = [line.lstrip("> ") for line in out.splitlines()]
    # Each phase opens with its name, then its actions (issue 28).
    heading = lines.index("the draw")
    asked = next(k for k, line in enumerate(lines) if line.startswith("your cards 1:"))
    theirs, mine = lines.index("the draw: calling-station stands pat"), lines.index("the draw: you draw 2")
    after = lines.index("after the draw")
    assert heading < theirs < asked < mine < after and lines[mine + 1].startswith("your cards now ")
    assert lines[after + 1] == "after the draw: calling-station checks"
    assert "after the draw: you draw" not in out and "after the draw: calling-station stands" not in out
    coach = invoke("play", "--variant", "five-card-draw", "--coach", input="q\n")
    assert coach.exit_code == 2 and "--coach" in coach.output


def test_draw_matches_and_exactness_commands() -> None:
    result = invoke("draw", "matches", "--hands", "12", "--opponent", "calling-station", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["matches"]
    assert [(r["opponent"], r["seats"], r["hands"]) for r in rows] == [
        ("calling-station", 2, 12), ("calling-station", 3, 12)]
    table = invoke("draw", "matches", "--hands", "6", "--opponent", "raiser", "--no-progress")
    assert table.exit_code == 0 and "draw-threshold at five-card draw" in table.output
    exact = invoke("draw", "exactness", "--buckets", "30", "--iterations", "200", "--json")
    assert exact.exit_code == 0, exact.output
    data = json.loads(exact.stdout)
    assert data["bot_exploitability"] > data["cfr_exploitability"] >= 0
    assert invoke("draw", "exactness", "--mixing", "sideways").exit_code == 2


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_any_typed_discards_are_a_draw_or_one_clear_line(text: str) -> None:
    from pokerlab.arena.human import QUIT, parse_command
    from pokerlab.cards import parse_cards
    from pokerlab.engine.hand import DRAW, draw_legal

    hole = parse_cards("As Ad 7c 4h 2d")
    try:
        answer = parse_command(text, draw_legal(5), hole)
    except ValueError as exc:
        assert "\n" not in str(exc).strip()
        return
    assert answer == QUIT or (answer.kind == DRAW and 0 <= answer.amount < 32)
