"""A person's session at a table of bots (the terminal's play and the web page's tables)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from pokerkit import HandHistory

from pokerlab.agents.base import Observation
from pokerlab.agents.threshold_bot import river_plan
from pokerlab.arena import MatchConfig, MatchStore, human, run_match
from pokerlab.arena.coach import RIVER_ONLY, advice_text, coach
from pokerlab.arena.hands import hand_view
from pokerlab.arena.human import narrate
from pokerlab.arena.session import Session
from pokerlab.cards import parse_cards
from pokerlab.engine import BET_RAISE, GameSettings, Hand


def _config(*bots: str, kind: str = "limit", hands: int = 50, seed: int = 3) -> MatchConfig:
    return MatchConfig(bots=("you", *bots), hands=hands, game=GameSettings.preset(kind), person=0, seed=seed)


def _play(session: Session, hands: int, command: str | Callable[[dict], str] = "c") -> list[int]:
    """The person's payoff in each hand, always answering ``command`` (or what it answers to
    the session's view)."""
    won = []
    for _ in range(hands):
        session.deal()
        while not session.finished:
            session.act(command if isinstance(command, str) else command(session.view()))
        won.append(session.hand.payoffs[session.position])
    return won


@pytest.mark.parametrize(("kind", "bots"), [("limit", ("random", "raiser")), ("no-limit", ("random",))])
def test_a_person_who_always_calls_plays_the_calling_station_s_match(kind, bots) -> None:
    # The session deals as the match runner deals: the same cards, buttons and bot seeds.
    session = Session(_config(*bots, kind=kind, hands=40))
    _play(session, 40)
    store = MatchStore(":memory:")
    match = run_match(MatchConfig(bots=("calling-station", *bots), hands=40, game=session.config.game,
                                  seed=session.config.seed), store)
    assert session.store.payoffs(session.match_id) == store.payoffs(match.match_id)


def test_chips_add_up_at_six_seats_and_the_result_has_an_interval() -> None:
    session = Session(_config("random", "raiser", "calling-station", "loki-e", "random", kind="pot-limit",
                              hands=30))
    _play(session, 12)
    payoffs = session.store.payoffs(session.match_id)
    assert len(payoffs) == 12 and all(sum(row) == 0 for row in payoffs)
    view = session.view()
    assert [p["seat"] for p in view["players"]] == list(range(6))
    assert sum(p["won"] for p in view["players"]) == 0
    assert all(p["stack"] == 200 + p["won"] for p in view["players"])
    low, high = view["session"]["ci95"]
    assert low <= view["session"]["per_hand"] <= high
    assert view["session"]["chips_won"] == sum(row[0] for row in payoffs)


def test_hidden_cards_stay_hidden_until_shown_down() -> None:
    session = Session(_config("calling-station", "calling-station"))
    session.deal()
    view = session.view()
    assert view["players"][0]["cards"] is not None
    assert all(p["cards"] is None for p in view["players"][1:])
    while not session.finished:
        session.act("c")
    shown = [p for p in session.view()["players"] if p["cards"] is not None]
    assert len(shown) == 3 and all(p["shows"] for p in shown)  # calling stations show down


def _phases_in_order(lines: list[str]) -> bool:
    """Whether five-card draw's narration goes first round, the draw, after the draw."""
    order = ["first round", "the draw", "after the draw"]
    seen = [order.index(line.split(": ", 1)[0]) for line in lines]
    return seen == sorted(seen)


def test_a_draw_is_told_under_its_own_name_between_the_two_rounds() -> None:
    # The terminal and the web page both read these lines: a draw closes the draw itself,
    # never the betting round after it.
    config = MatchConfig(bots=("you", "calling-station", "draw-rules"), hands=6, person=0, seed=4,
                         game=GameSettings.preset("limit", "five-card-draw"))
    session = Session(config)
    draws = 0
    for _ in range(6):
        session.deal()
        while not session.finished:
            view = session.view()
            assert _phases_in_order(view["actions"]), view["actions"]
            if view["legal"]["max_discards"]:
                assert view["drawing"] and view["street"] == "the draw"
                session.act("1 2")
                draws += 1
                assert "the draw: you draw 2" in session.view()["actions"]
            else:
                assert view["street"] in ("first round", "after the draw")
                session.act("c")
        view = session.view()
        told = [line for line in view["actions"] if line.startswith("the draw: ")]
        assert len(told) == len(session.hand.draws) and _phases_in_order(view["actions"])
        betting = [line for line in view["actions"] if line not in told]
        assert not any(re.search(r" (draws?|stands? pat)( \d+)?$", line) for line in betting)
    assert draws >= 3


def test_a_dropped_session_resumes_with_the_next_hand(tmp_path) -> None:
    db = tmp_path / "tables.sqlite"
    whole = _play(Session(_config("random", hands=8)), 8)
    first = Session(_config("random", hands=8), MatchStore(db))
    part = _play(first, 3)
    first.deal()  # a hand in play when the tab closes is not stored
    first.act("c")
    again = Session.resume(MatchStore(db), first.match_id)
    assert again.next_hand == 3 and again.hands_played == 3
    assert part + _play(again, 5) == whole
    with pytest.raises(ValueError, match="this table's 8 hands are played"):
        again.deal()


def test_the_session_history_replays_in_pokerkit() -> None:
    session = Session(_config("raiser", kind="no-limit", hands=6))
    _play(session, 6)
    histories = list(HandHistory.loads_all(session.phh()))
    assert len(histories) == 6
    for history, row in zip(histories, session.store.payoffs(session.match_id), strict=True):
        state = list(history)[-1]
        payoffs = [final - start for final, start in zip(state.stacks, state.starting_stacks, strict=True)]
        names = list(history.players)
        by_player = [payoffs[names.index(name)] for name in ("you", "raiser")]
        assert by_player == row


def test_the_person_is_told_why_an_action_is_refused() -> None:
    session = Session(_config("raiser", kind="no-limit"))
    with pytest.raises(ValueError, match="no hand in play: deal the next hand"):
        session.act("c")
    session.deal()
    for command, message in (("r 1", "raise to 1 is below the minimum"), ("x", "unknown command 'x'"),
                             ("q", "q: to leave, close the table")):
        with pytest.raises(ValueError, match=message):
            session.act(command)
    with pytest.raises(ValueError, match="the hand in play is not over yet"):
        session.deal()
    with pytest.raises(ValueError, match="person: seat 5"):
        MatchConfig(bots=("you", "random"), hands=1, person=5)
    with pytest.raises(ValueError, match="a person plays at this table"):
        run_match(_config("random"), MatchStore(":memory:"))


def test_the_coach_gives_the_papers_numbers_and_the_river_advice() -> None:
    hand = Hand(GameSettings.preset("limit"), [1000, 1000], parse_cards("Ad Qc  7c 2d  3h 4c Jh 9s 2h"))
    hand.check_call()
    hand.check_call()
    flop = coach(Observation(hand, position=hand.actor))
    assert (round(flop["hs"], 3), round(flop["ppot"], 3), round(flop["ehs"], 3)) == (0.585, 0.208, 0.672)
    for _ in range(4):  # checked to the river; position 0 acts first there
        hand.check_call()
    river = coach(Observation(hand, position=hand.actor))
    advice = river["river"]
    assert advice["player"] == 1 and advice["pot_in_bets"] == 1.0  # pot 20 = one big bet
    assert advice["action"] == river_plan().action(river["hs"], 1, (), 1.0)
    assert river["ppot"] == 0.0 and river["pot_odds"] is None
    assert flop["note"] is flop["river_note"] is river["river_note"] is None


def test_the_coach_speaks_of_each_decision_not_of_the_first() -> None:
    """The person's view kept the first decision's legal actions: the coach then told a
    pre-flop call of 5 as the pot odds of a free check on the flop."""
    session = Session(_config("calling-station", hands=1, seed=2))
    session.deal()
    seen = []
    while not session.finished:
        legal = session.legal()
        numbers = session.coach()
        assert numbers["to_call"] == legal.to_call and numbers["pot"] == session.hand.pot
        seen.append(legal.to_call)
        session.act("c")
    assert len(set(seen)) > 1  # the price changed between the decisions checked


def test_the_coach_says_which_numbers_are_missing_and_why() -> None:
    """The page shows these notes as they are: the rules behind them are the library's."""
    cards = parse_cards("Ad Qc  7c 2d  3h 4c Jh 9s 2h")
    hand = Hand(GameSettings.preset("no-limit"), [1000, 1000], cards)
    assert coach(Observation(hand, position=hand.actor))["note"] == (
        "pre-flop: hand strength and potential start on the flop")
    for _ in range(4):  # checked to the turn
        hand.check_call()
    on_the_turn = coach(Observation(hand, position=hand.actor))
    assert on_the_turn["note"] is on_the_turn["river_note"] is None
    hand.check_call()
    hand.check_call()
    no_limit_river = coach(Observation(hand, position=hand.actor))
    assert no_limit_river["river"] is None and no_limit_river["river_note"] == RIVER_ONLY
    draw = Session(MatchConfig(bots=("you", "calling-station"), hands=1, person=0, seed=1,
                               game=GameSettings.preset("limit", "five-card-draw")))
    draw.deal()
    assert draw.coach() is None and draw.view()["coach_note"] == (
        "the coach's numbers are hold'em's, not five-card-draw's")
    holdem = Session(_config("calling-station", hands=1))
    assert holdem.view()["coach_note"] == "the coach speaks at your turn"  # no hand dealt yet
    holdem.deal()
    assert holdem.view()["coach_note"] is None and holdem.coach() is not None


def test_the_coach_says_what_the_numbers_mean_for_the_decision() -> None:
    base = {"preflop": None, "river": None, "opponents": 1}
    assert advice_text({**base, "ehs": 0.27, "pot_odds": 0.33}) == (
        "EHS 0.27 is below the pot odds 0.33: calling loses on average; fold")
    assert advice_text({**base, "ehs": 0.40, "pot_odds": 0.25}) == (
        "EHS 0.40 is above the pot odds 0.25: calling wins on average")
    assert advice_text({**base, "ehs": 0.90, "pot_odds": 0.25}).endswith("with EHS 0.85 or more, raise")
    assert advice_text({**base, "ehs": 0.90, "pot_odds": None}) == (
        "EHS 0.90 is 0.85 or more: very likely ahead; bet")
    assert advice_text({**base, "ehs": 0.30, "pot_odds": None}) == (
        "EHS 0.30 is below 0.50: likely behind; check")
    river = {**base, "ehs": 0.7, "pot_odds": None, "river": {"action": "bet"}}
    assert advice_text(river).endswith("(the dividing-point solution would bet)")


@pytest.mark.parametrize(("cards", "opponents", "table", "sign"), [
    ("Ad Ac  7c 2d", 1, "loki-ir2", "loses"),  # heads-up, position 1 acts first: 72o, IR2 -0.31
    ("7c 2d  Ad Ac", 1, "loki-ir2", "wins"),  # aces, IR2 +0.70
    ("7c 2d  Ad Ac  Ks Kh", 2, "loki-ir4", "wins"),  # position 2 acts first: kings
    ("Ks Kh  Ad Ac  7c 2d  9s 9h  5c 5d  Th Tc", 5, "loki-ir7", "loses"),
])
def test_the_coach_before_the_flop_reads_the_income_rate_tables(cards, opponents, table, sign) -> None:
    from pokerlab.strength.preflop_tables import load_table

    holes = parse_cards(cards)
    n = len(holes) // 2
    game = GameSettings.preset("limit")
    hand = Hand(game, [1000] * n, [*holes, *parse_cards("3h 4c Jh 9d 2h")])
    view = Observation(hand, position=hand.actor)
    advice = coach(view)
    pre = advice["preflop"]
    assert advice["opponents"] == opponents and pre["table"] == table
    assert pre["income_rate"] == load_table(table).value_of_cards(*view.hole) / 1000
    assert f"playing it {sign} on average" in advice["advice"]
    assert advice["advice"].startswith(f"{pre['class']}: income rate {pre['income_rate']:+.2f} bets a hand")


_GAMES = [GameSettings.preset("limit"), GameSettings.preset("no-limit"),
          GameSettings.preset("pot-limit", ante=1, small_blind=0, big_blind=0),  # antes alone
          GameSettings.preset("limit", "five-card-draw"),
          GameSettings.preset("no-limit", "five-card-draw", small_blind=1, big_blind=2)]


@pytest.mark.parametrize("game", _GAMES, ids=lambda g: f"{g.variant}-{g.kind}-{g.big_blind}")
def test_the_log_names_each_bet_as_the_menu_did_when_it_was_made(game) -> None:
    """The terminal and the web page's table (Session.view) and the stored-hand viewer
    (hand_view) tell a past bet as "bet" or "raise" by the engine's rule, the one the menu's
    words (Legal.raises) follow as the hand is played: the blinds are a bet, antes are not."""
    config = MatchConfig(bots=("you", "raiser", "calling-station"), hands=8, person=0, seed=2, game=game)
    session = Session(config)
    told = 0
    for _ in range(8):
        menu: list[str] = []

        def answer(view: dict, menu: list[str] = menu) -> str:
            legal = view["legal"]
            if legal["max_discards"]:
                return "p"
            if legal["can_raise"]:
                menu.append(f"{legal['raise_word']} to {legal['min_raise_to']}")
                return "r"
            return "c"

        _play(session, 1, answer)
        lines = session.view()["actions"]
        assert [line.split(": you ", 1)[1] for line in lines if re.search(": you .* to ", line)] == menu
        told += len(menu)
        # the Matches page's viewer replays the stored hand and tells it as the table did (it
        # said "you raises" before the person's seat was told as "you")
        h, record = list(session.store.records(session.match_id))[-1]
        assert hand_view(session.config, h, record)["actions"] == lines
    assert told >= 4


def test_narrate_asks_the_engine_whether_a_bet_raised(monkeypatch) -> None:
    """narrate keeps no copy of the rule: what the engine's is_raise says is what it tells."""
    game = GameSettings.preset("limit")
    history = [(0, 1, BET_RAISE, 20), (1, 0, BET_RAISE, 10), (1, 1, BET_RAISE, 20)]
    assert narrate(history, 0, ["ann", "bob"], game=game) == [
        "pre-flop: bob raises to 20", "flop: ann bets to 10", "flop: bob raises to 20"]
    asked = []

    def engine(history, index, game):
        asked.append((index, game))
        return index == 1  # the opposite of the rule, to see whose word counts

    monkeypatch.setattr(human, "is_raise", engine)
    assert narrate(history, 0, ["ann", "bob"], game=game) == [
        "pre-flop: bob bets to 20", "flop: ann raises to 10", "flop: bob bets to 20"]
    assert asked == [(0, game), (1, game), (2, game)]
