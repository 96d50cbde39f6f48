"""The pages in a real headless Chromium (Debian's, driven by Playwright), with screenshots
in ``out/web``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerlab.agents.registry import available
from pokerlab.cli.main import app as cli
from pokerlab.gamespec import GAMES_DIR


def test_start_page_lists_the_bots_and_links_every_page(server: str, page, screenshot) -> None:
    page.goto(server + "/")
    names = page.locator("#bots tbody td:first-child").all_inner_texts()
    assert names == list(available())
    assert page.locator("header nav a").all_inner_texts() == ["Play", "Equity", "Solver", "Ranges",
                                                              "Push/fold", "Strategies", "Models", "Matches"]
    screenshot(page, "home")


def _solve_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _game_drawn(page, name: str) -> None:
    """Wait until the page shows game ``name``'s form and its answer. ``data-state`` alone
    does not say which game is drawn: right after choosing a game it is still the previous
    game's "ready" until the new game's description arrives (under load the test moved the
    previous game's slider, then the new game's form reset the pot and its answer never came).
    The description, the new sliders and the new question are written in one task."""
    page.wait_for_function(
        "name => document.getElementById('description').textContent.startsWith(name + ':')"
        " && document.getElementById('result').dataset.state === 'ready'", arg=name)


def test_strategy_redrawn_after_moving_the_pot_equals_pokerlab_solve(server: str, page, screenshot) -> None:
    page.goto(server + "/strategies")
    _game_drawn(page, "patent-raise")  # the page's first game, loaded before we choose another
    page.select_option("#game", "patent-check-raise")
    _game_drawn(page, "patent-check-raise")
    first = page.locator("#thresholds td.exact").all_inner_texts()
    page.locator("#param-P").fill("4.5")  # the slider: input events redraw the page
    page.wait_for_selector("#result[data-params='{\"P\":\"4.5\"}'][data-state=\"ready\"]")
    cli_report = _solve_json("solve", "patent-check-raise", "--pot", "4.5", "--json")
    rows = page.locator("#thresholds tbody tr")
    shown = [(r.get_attribute("data-name"), r.locator("td.exact").inner_text(),
              r.locator("td.num").inner_text()) for r in rows.all()]
    assert shown == [(t["name"], t["exact"], f"{t['value']:.6f}") for t in cli_report["thresholds"]]
    assert [exact for _, exact, _ in shown] != first  # the pot moved the thresholds
    assert page.locator("#exploitability").inner_text() == cli_report["certificate"]["exploitability_exact"]
    assert page.locator("#value-exact").inner_text() == cli_report["value_exact"]
    # the square: one region per cell (two on the diagonal), one line per threshold
    cells = len(cli_report["thresholds"]) + 1
    assert page.locator("#square polygon.region").count() == cells * cells + cells
    assert page.locator("#axes rect").count() == sum(
        1 + sum(1 for t in cli_report["thresholds"] if (t["player"], t["branch"]) == key)
        for key in {(t["player"], t["branch"]) for t in cli_report["thresholds"]})
    screenshot(page, "strategies")


def test_a_late_answer_about_an_earlier_game_is_dropped(server: str, page) -> None:
    # The server answers the first game's question (the page's patent-raise) only after the
    # chosen game's: the page keeps the chosen game, its form and its numbers.
    held = []
    page.route("**/api/strategies/game",
               lambda route: held.append(route) if "patent-raise" in (route.request.post_data or "")
               else route.continue_())
    page.goto(server + "/strategies")
    page.wait_for_function("() => document.getElementById('game') !== null")
    while not held:
        page.wait_for_timeout(50)
    page.select_option("#game", "von-neumann")
    page.wait_for_selector("#result[data-params='{\"B\":\"2\"}'][data-state=\"ready\"]")
    held[0].continue_()
    page.wait_for_timeout(500)  # the late answer lands (and is dropped)
    assert page.locator("#description").inner_text().startswith("von-neumann:")
    assert page.locator("#params input[type=text]").evaluate_all("xs => xs.map(x => x.id)") == ["value-B"]
    assert page.locator("#result").get_attribute("data-state") == "ready"
    assert page.locator("#thresholds td.exact").all_inner_texts() == ["1/9", "5/9", "7/9"]


def test_pasted_game_is_solved_and_a_mistake_in_it_named(server: str, page, screenshot) -> None:
    page.goto(server + "/strategies")
    page.wait_for_selector('#result[data-state="ready"]')
    page.check("input[name=source][value=toml]")
    page.fill("#toml", 'name = "bad"\n[rules]\nbet = "huge"\n')
    page.click("#use-toml")
    alert = page.locator("#error")
    alert.wait_for(state="visible")
    assert alert.inner_text() == ("pasted game: rules.bet: expected 'limit', 'pot-limit' or a list of sizes, "
                                  "got 'huge'")
    screenshot(page, "strategies-bad-game")
    page.fill("#toml", (GAMES_DIR / "von-neumann.toml").read_text())
    page.click("#use-toml")
    page.wait_for_selector("#result[data-params='{\"B\":\"2\"}'][data-state=\"ready\"]")
    assert alert.is_hidden()
    assert page.locator("#thresholds td.exact").all_inner_texts() == ["1/9", "5/9", "7/9"]


def test_model_redrawn_after_moving_the_bet_equals_pokerlab_model(server: str, page, screenshot) -> None:
    page.goto(server + "/models")
    page.select_option("#model", "bet-after-check")
    page.wait_for_selector('#result[data-state="ready"]')
    page.locator("#param-B").fill("3.5")
    page.wait_for_selector("#result[data-params*='\"B\":\"3.5\"'][data-state=\"ready\"]")
    cli_report = _solve_json("model", "bet-after-check", "-p", "B=3.5", "--json")
    exact = dict(zip(page.locator("#numbers tbody td:first-child").all_inner_texts(),
                     page.locator("#numbers td.exact").all_inner_texts(), strict=True))
    assert exact == {**cli_report["thresholds_exact"], "value": cli_report["value_exact"]}
    assert "agrees" in page.locator("#verdict").inner_text() and cli_report["check"]["agrees"]
    assert page.locator("#lines rect").count() == sum(
        len(regions) for regions in _number_line_counts("bet-after-check", "B=3.5"))
    screenshot(page, "models")


def _number_line_counts(model: str, *params: str) -> list[list]:
    from pokerlab.models import get

    return [regions for _, regions in get(model).run(list(params)).lines]


def _heads_up_no_limit(page, server: str, bot: str, seed: int) -> None:
    """The Play page filled in for a heads-up no-limit table against ``bot``."""
    page.goto(server + "/play")
    page.select_option("#game", "no-limit")
    page.select_option("#seats", "2")
    page.select_option("#bot-2", bot)
    page.fill("#seed", str(seed))


def test_a_whole_hand_against_a_bot_with_the_chips_right(server: str, page, screenshot) -> None:
    from pokerkit import HandHistory

    _heads_up_no_limit(page, server, "calling-station", 12)
    screenshot(page, "play")
    page.click("#sit-down")
    table = page.locator("#table-page")
    page.wait_for_selector('#table-page[data-state="ready"][data-your-turn="true"]')
    assert page.locator("#seat-0 .hole .card").count() == 2  # our cards face up
    assert page.locator("#seat-1 .hole .card.back").count() == 2  # the bot's face down
    # our first decision: a raise to 10 typed into the sizing box (the blind is the bet raised)
    assert page.locator("#raise").inner_text() == "Raise"
    page.fill("#amount", "10")
    # showing the coach redraws the table with its numbers: the amount typed stays
    page.check("#coach-toggle")
    page.wait_for_selector('#table-page[data-state="ready"]')
    assert page.input_value("#amount") == "10" and page.input_value("#amount-slider") == "10"
    page.click("#raise")
    page.wait_for_selector('#table-page[data-state="ready"]')
    assert any("you raise to 10" in line for line in page.locator("#log li").all_inner_texts())
    saw_coach = saw_bet = False
    while table.get_attribute("data-finished") != "true":
        street, call = page.locator("#street").inner_text(), page.locator("#call").inner_text()
        if street != "pre-flop" and call == "Check":
            # after the flop nobody has bet (the calling station never does): the button opens
            assert page.locator("#raise").inner_text() == "Bet"
            saw_bet = True
        if not saw_coach and page.locator('#coach-numbers tr[data-key="ehs"]').count():
            saw_coach = True
            assert "EHS" in page.locator("#coach-advice").inner_text()  # the plain words
            screenshot(page, "table-coach")
        page.click("#call")
        page.wait_for_selector('#table-page[data-state="ready"]')
    assert saw_coach and saw_bet  # the coach showed EHS after the flop; we could bet there
    won = [int(page.locator(f"#seat-{s}").get_attribute("data-won")) for s in (0, 1)]
    stacks = [int(page.locator(f"#seat-{s}").get_attribute("data-stack")) for s in (0, 1)]
    assert sum(won) == 0 and stacks == [200 + won[0], 200 + won[1]]
    assert page.locator("#chips-won").inner_text() == f"{won[0]:+d}"
    screenshot(page, "table")
    # the downloaded history replays in pokerkit to the stacks the page shows
    with page.expect_download() as download:
        page.click("#download")
    (history,) = HandHistory.loads_all(download.value.path().read_text())
    final = list(history)[-1]
    by_name = dict(zip(history.players, final.stacks, strict=True))
    assert [by_name["you"], by_name["calling-station"]] == stacks
    assert any(action.endswith("cbr 10") for action in history.actions)


def test_after_a_hand_the_searching_bot_shows_how_it_thought(server: str, page, screenshot) -> None:
    _heads_up_no_limit(page, server, "nlhe-search", 7)
    page.fill("#stack", "400")
    page.click("#sit-down")
    table = page.locator("#table-page")
    page.wait_for_selector('#table-page[data-state="ready"]')
    page.check("#thinking-toggle")  # the option: shown after each hand
    page.wait_for_selector('#table-page[data-state="ready"]')
    for _ in range(12):  # calling down, the bot soon reaches a river it searches
        while table.get_attribute("data-finished") != "true":
            assert page.locator("#bot-thinking").is_hidden()  # nothing shown while the hand runs
            page.click("#call")
            page.wait_for_selector('#table-page[data-state="ready"]')
        if page.locator("#bot-thinking").is_visible():
            break
        page.click("#next")
        page.wait_for_selector('#table-page[data-state="ready"][data-finished="false"]')
    assert page.locator("#bot-thinking").is_visible()
    text = page.locator("#bot-reports").inner_text()
    assert "nlhe-search on the river with" in text and "its range" in text
    assert page.locator("#bot-reports tbody tr").count() >= 2
    screenshot(page, "table-search")


def test_a_five_card_draw_hand_with_cards_clicked_to_discard(server: str, page, screenshot) -> None:
    page.goto(server + "/play")
    page.select_option("#variant", "five-card-draw")
    offered = page.locator("#bot-2 option:not([hidden])").all_inner_texts()
    assert "draw-rules" in offered and "loki-a" not in offered  # only the bots that play draw
    page.select_option("#seats", "2")
    page.select_option("#bot-2", "draw-rules")
    page.fill("#seed", "3")
    page.click("#sit-down")
    table = page.locator("#table-page")
    page.wait_for_selector('#table-page[data-state="ready"]')
    assert page.locator("#seat-0 .hole .card").count() == 5
    assert page.locator("#seat-1 .hole .card.back").count() == 5
    drew = False
    while table.get_attribute("data-finished") != "true":
        if page.locator("#discard").is_visible():  # the draw: click the first and the third card
            assert page.locator("#discard").is_disabled() and page.locator("#call").is_hidden()
            assert page.locator("#street").inner_text() == "the draw"
            kept = page.locator("#card-2").get_attribute("data-card")
            page.click("#card-1")
            page.click("#card-3")
            assert page.locator("#discard").inner_text() == "Draw 2"
            screenshot(page, "table-draw")
            page.click("#discard")
            page.wait_for_selector('#table-page[data-state="ready"]')
            assert "the draw: you draw 2" in page.locator("#log li").all_inner_texts()
            assert kept in [c.get_attribute("data-card") for c in page.locator("#seat-0 .hole .card").all()]
            drew = True
        else:
            page.click("#call")
            page.wait_for_selector('#table-page[data-state="ready"]')
    won = [int(page.locator(f"#seat-{s}").get_attribute("data-won")) for s in (0, 1)]
    assert sum(won) == 0 and drew
    assert "five-card-draw" in page.locator("#title").inner_text()


def test_a_match_started_from_the_page_shows_its_curve_growing(server: str, page, screenshot) -> None:
    page.goto(server + "/matches")
    page.select_option("#match-bot-1", "raiser")
    page.select_option("#match-bot-2", "random")
    page.fill("#hands", "40000")
    page.fill("#seed", "2")
    screenshot(page, "matches")
    page.click("#start-match")
    page.wait_for_url("**/matches/*")
    match = page.locator("#match-page")
    page.wait_for_function("Number(document.getElementById('match-page').dataset.hands) > 0", timeout=120_000)
    seen = int(match.get_attribute("data-hands"))
    first_curve = page.locator("#bankroll polyline.curve").first.get_attribute("points")
    page.wait_for_function(f"Number(document.getElementById('match-page').dataset.hands) > {seen}",
                           timeout=120_000)
    assert page.locator("#bankroll polyline.curve").first.get_attribute("points") != first_curve
    assert page.locator("#bankroll polyline.curve").count() == 2
    assert page.locator("#intervals line.interval").count() == 2  # one 95% interval per bot
    interval = page.locator('#results tr[data-bot="raiser"] td.interval').inner_text()
    assert interval.startswith("[")
    screenshot(page, "match-running")
    page.click("#stop")
    page.wait_for_selector('#match-page[data-state="stopped"]')
    page.locator("#hands tbody tr.hand-row a").first.click()
    page.wait_for_selector("#hand[data-hand='1']")
    won = [int(text) for text in page.locator("#hand-players td.num").all_inner_texts()]
    assert len(won) == 2 and sum(won) == 0
    screenshot(page, "match-hand")
