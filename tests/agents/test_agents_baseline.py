"""The agent interface and the baseline bots."""

from __future__ import annotations

import pytest

from pokerlab.agents import Agent, Observation, available, create_bot, register_bot
from pokerlab.agents.registry import unregister_bot
from pokerlab.arena.table import play_hand
from pokerlab.engine import BET_RAISE, CHECK_CALL, FOLD, Action, Dealer, GameSettings, Hand


def test_registry_lists_the_baselines_and_rejects_unknown_names() -> None:
    names = available()
    assert {"random", "calling-station", "raiser"} <= set(names)
    assert all(names[n] for n in ("random", "calling-station", "raiser"))  # described
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        create_bot("nobody")


def test_a_new_bot_registers_itself() -> None:
    @register_bot("test-folder", "folds whenever it can")
    class Folder(Agent):
        def act(self, observation: Observation) -> Action:
            return Action(FOLD) if observation.legal.can_fold else Action(CHECK_CALL)

    try:
        assert create_bot("test-folder").name == "test-folder"
        assert "test-folder" in available()
    finally:
        unregister_bot("test-folder")
    assert "test-folder" not in available()


@pytest.mark.parametrize("kind", ["limit", "pot-limit", "no-limit"])
def test_baselines_play_only_legal_actions(kind: str) -> None:
    game = GameSettings.preset(kind)
    dealer = Dealer(3)
    bots = [create_bot(name) for name in ("random", "raiser", "calling-station", "random")]
    for h in range(300):
        n = 2 + h % 3
        for k, bot in enumerate(bots):
            bot.reseed(h * 10 + k)
        hand = Hand(game, [game.starting_stack] * n, dealer.cards(h, n))
        events = play_hand(hand, bots[:n])
        assert events == [] and hand.finished


def test_calling_station_never_folds_and_raiser_raises_when_it_may() -> None:
    game = GameSettings.preset("limit")
    dealer = Dealer(4)
    for h in range(100):
        hand = Hand(game, [2000, 2000], dealer.cards(h, 2))
        play_hand(hand, [create_bot("calling-station"), create_bot("raiser")])
        assert all(kind != FOLD for _, pos, kind, _ in hand.history if pos == 0)
        assert all(kind != BET_RAISE for _, pos, kind, _ in hand.history if pos == 0)
        assert hand.showdown  # nobody folds: every hand is shown down


def test_observation_shows_only_what_the_player_may_know() -> None:
    seen = {}

    class Spy(Agent):
        def act(self, observation: Observation) -> Action:
            seen["hole"] = observation.hole
            seen["other"] = observation.shown(1 - observation.position)
            seen["legal"] = observation.legal
            seen["pot"] = observation.pot
            return Action(FOLD) if observation.legal.can_fold else Action(CHECK_CALL)

        def end_hand(self, observation: Observation) -> None:
            seen["payoffs"] = observation.payoffs

    cards = Dealer(1).cards(0, 2)
    hand = Hand(GameSettings.preset("limit"), [2000, 2000], cards)
    play_hand(hand, [create_bot("raiser"), Spy()])
    assert seen["hole"] == cards[2:4]
    assert seen["other"] is None  # the opponent's cards stay hidden
    assert seen["legal"].to_call == 5 and seen["pot"] == 15
    assert seen["payoffs"] == [5, -5]


def test_random_bot_is_reproducible_from_its_seed() -> None:
    game = GameSettings.preset("no-limit")
    histories = []
    for _ in range(2):
        bot_a, bot_b = create_bot("random"), create_bot("random")
        bot_a.reseed(11)
        bot_b.reseed(12)
        hand = Hand(game, [200, 200], Dealer(2).cards(5, 2))
        play_hand(hand, [bot_a, bot_b])
        histories.append(hand.history)
    assert histories[0] == histories[1]


# -- the variants a bot plays ----------------------------------------------------------------


def test_bots_declare_their_variants_hold_em_by_default() -> None:
    from pokerlab.agents.registry import playing, variants_of

    for name in ("loki-a", "waterloo-phase1", "threshold"):
        assert variants_of(name) == ("texas-holdem",)
    assert variants_of("draw-rules") == variants_of("draw-threshold") == ("five-card-draw",)
    for name in ("random", "calling-station", "raiser"):
        assert set(variants_of(name)) == {"texas-holdem", "five-card-draw"}
    draw = {"random", "calling-station", "raiser", "draw-rules", "draw-threshold"}
    assert set(playing("five-card-draw")) == draw

    @register_bot("test-undeclared", "declares nothing")
    class Undeclared(Agent):
        def act(self, observation: Observation) -> Action:
            return Action(CHECK_CALL)

    try:
        assert variants_of("test-undeclared") == ("texas-holdem",)
    finally:
        unregister_bot("test-undeclared")


@pytest.mark.parametrize("variant", ["texas-holdem", "five-card-draw"])
def test_a_bot_seated_only_where_it_plays_and_there_it_answers_legally(variant: str) -> None:
    """The declaration is true: every (quick) bot declaring the variant plays it without an
    illegal answer, and a bot of the other variant is refused. (A Loki or Waterloo bot seated at
    a draw does worse than answer illegally: its opponent model fails on the draw action.)"""
    from pokerlab.agents.registry import check_bots, playing
    from pokerlab.arena.match import MatchConfig, run_match
    from pokerlab.arena.storage import MatchStore

    game = GameSettings.preset("limit", variant)
    fast = [n for n in playing(variant) if not n.startswith(("loki", "waterloo-", "threshold"))]
    assert len(fast) >= 2
    for start in range(0, len(fast), 6):  # a table holds six; the last group keeps two at least
        group = fast[max(0, min(start, len(fast) - 2)):start + 6]
        config = MatchConfig(bots=tuple(group), hands=12, game=game, seats=len(group), seed=1)
        result = run_match(config, MatchStore(":memory:"))
        assert all(r.illegal_actions == 0 for r in result.results), result.results
    check_bots(fast, variant, "bots")  # nothing to refuse
    other = "loki-a" if variant == "five-card-draw" else "draw-rules"
    with pytest.raises(ValueError, match=f"^bots: bot '{other}' plays .*, not {variant} "):
        check_bots(["random", other], variant, "bots")


def test_run_match_refuses_a_bot_that_does_not_play_the_variant(tmp_path) -> None:
    # the library's own entry, not only the commands: a hold'em opponent model has no slot for
    # a draw, so such a match used to end in an IndexError part way through
    from pokerlab.arena import MatchConfig, MatchStore, run_match

    config = MatchConfig(bots=("loki-a", "calling-station"), hands=4,
                         game=GameSettings.preset("limit", variant="five-card-draw"))
    store = MatchStore(tmp_path / "m.sqlite")
    with pytest.raises(ValueError, match="bots: bot 'loki-a' plays texas-holdem, not five-card-draw"):
        run_match(config, store)
    assert store.matches() == []  # refused before a match was stored
    store.close()
