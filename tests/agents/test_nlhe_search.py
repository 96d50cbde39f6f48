"""The nlhe-search bot: the river subgame holds the opponent's actual size (an off-tree bet, the
minimum bet, a minimum raise, an all-in), the re-solved strategy is safe against the blueprint's
values and less exploitable in the subgame, the bot's later river decision keeps its earlier
play, and it plays legally in matches and under LBR."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.agents.base import Observation
from pokerlab.agents.nlhe_search import CLASS_FIRST, NlheSearchBot
from pokerlab.arena.lbr import lbr_game
from pokerlab.cards import combo_index, combos_touching, parse_cards
from pokerlab.engine import GameSettings, Hand
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, Action
from pokerlab.spot.bestresponse import combo_values, pair_weight
from pokerlab.spot.resolve import Resolve
from pokerlab.spot.solver import Solver

GAME = GameSettings.preset("no-limit", starting_stack=400)  # blinds 1/2, 200 big blinds
CARDS = parse_cards("Ah Kh 7c 2d Qs Jh 4d 9c 3s")  # position 0, position 1, the board
# The button opens to 5, the big blind calls; a flop bet of 5 called; the turn checked through.
TO_RIVER = [Action(BET_RAISE, 5), Action(CHECK_CALL), Action(BET_RAISE, 5), Action(CHECK_CALL),
            Action(CHECK_CALL), Action(CHECK_CALL)]


@pytest.fixture(scope="module")
def bot() -> NlheSearchBot:
    b = NlheSearchBot(iterations=100)
    b.reseed(1)
    return b


def river_view(bot: NlheSearchBot, river: list[Action]) -> Observation:
    hand = Hand(GAME, [400, 400], CARDS)
    for a in [*TO_RIVER, *river]:
        hand.act(a)
    view = Observation(hand, position=hand.actor)
    bot.begin_hand(view)
    return view


def test_the_line_to_the_river_is_on_the_blueprint(bot: NlheSearchBot) -> None:
    hand = Hand(GAME, [400, 400], CARDS)
    for a in TO_RIVER:
        assert bot.spot(Observation(hand, position=hand.actor)) is not None
        hand.act(a)
    assert hand.street == 3 and hand.pot == 20


@pytest.mark.parametrize("river", [
    [Action(CHECK_CALL), Action(BET_RAISE, 13)],  # 65% of the pot: the blueprint holds 33/75/150%
    [Action(CHECK_CALL), Action(BET_RAISE, 2)],  # the minimum bet
    [Action(CHECK_CALL), Action(BET_RAISE, 385)],  # all-in
    "min-raise",  # the bot bets, the opponent raises the minimum
])
def test_an_opponent_size_is_answered_from_a_subgame_that_holds_it(bot: NlheSearchBot, river) -> None:
    if river == "min-raise":
        first = bot.search(river_view(bot, []))
        assert first is not None
        bet = min(a.amount for a in first.actions if a.kind == BET_RAISE)
        river = [Action(BET_RAISE, bet), Action(BET_RAISE, 2 * bet)]
    view = river_view(bot, river)
    me = view.position
    found = bot.search(view)
    assert found is not None
    tree = found.tree
    # The node the bot answers at is reached by the real line: the opponent's size exact, the
    # bot's own bet the subgame's amount it played (rounded to a chip).
    node, line = found.node, []
    while node != 0:
        line.append(node)
        node = int(tree.parent[node])
    amounts = [float(tree.amount[n]) for n in reversed(line)]
    assert amounts[-1] == river[-1].amount
    assert all(abs(a - b.amount) < 1 for a, b in zip(amounts, river, strict=True))
    assert tree.player[found.node] == me
    row = found.probs[combo_index(*view.hole)]
    assert abs(row.sum() - 1) < 1e-5
    policy = bot.policy(view)
    assert abs(policy.sum() - 1) < 1e-5
    action = bot.act(view)
    legal = view.legal
    assert action.kind != BET_RAISE or legal.min_raise_to <= action.amount <= legal.max_raise_to
    assert bot.action_probabilities(view, [combo_index(*view.hole)], action)[0] > 0


def test_the_resolved_river_is_safe_and_less_exploitable_than_the_blueprint(bot: NlheSearchBot) -> None:
    view = river_view(bot, [Action(CHECK_CALL), Action(BET_RAISE, 13)])
    sub = bot.subgame(view)
    assert sub is not None
    opp = 1 - sub.me
    assert sub.spot.ranges[opp][sub.deal.hands[opp]].min() > 0  # the floor: every hand guarded

    def opponent(strategy: np.ndarray) -> tuple[np.ndarray, float]:
        br = combo_values(sub.tree, sub.deal, sub.layout, strategy, opp, True)
        return br, float(np.dot(sub.deal.weights[opp], br)) / pair_weight(sub.deal)

    alt, blueprint = opponent(sub.blueprint)
    assert np.allclose(alt, sub.alternative)
    solver = Solver(sub.spot, tree=sub.tree, deal=sub.deal)
    Resolve(solver, opp, sub.alternative).run(300)
    br, searched = opponent(solver.average_strategy())
    assert (br - alt).max() <= 0.01 * np.abs(alt).max()
    assert searched < blueprint - 0.05 * sub.spot.pot


def test_a_later_river_decision_keeps_the_earlier_play(bot: NlheSearchBot) -> None:
    # The big blind bets the pot's third and is raised: the second solve locks the first one's
    # strategy at the root, so its range facing the raise is what its play made it.
    first = river_view(bot, [])
    earlier = bot.search(first)
    assert earlier is not None
    bets = [a for a in earlier.actions if a.kind == BET_RAISE]
    hand = Hand(GAME, [400, 400], CARDS)
    for a in [*TO_RIVER, bets[0], Action(BET_RAISE, 3 * bets[0].amount)]:
        hand.act(a)
    later = Observation(hand, position=hand.actor)
    assert later.position == first.position
    sub = bot.subgame(later)
    assert sub is not None and list(sub.locks) == [0]
    lock = sub.locks[0]
    labels = [sub.tree.label[c] for c in sub.tree.children(0)]
    old = [earlier.tree.label[c] for c in earlier.tree.children(earlier.node)]
    hands = sub.deal.hands[sub.me]
    for j, label in enumerate(old):
        assert np.allclose(lock[labels.index(label)], earlier.probs[hands, j], atol=1e-6)


def test_plays_matches_and_lbr_legally() -> None:
    from pokerlab.arena.lbr import LBRConfig, run_lbr
    from pokerlab.arena.match import MatchConfig, run_match
    from pokerlab.arena.storage import MatchStore

    result = run_match(MatchConfig(bots=("nlhe-search", "nl-rules"), hands=40, game=GAME, duplicate=True,
                                   seed=3), MatchStore(":memory:"))
    assert all(r.illegal_actions == 0 and r.errors == 0 for r in result.results)
    lbr = run_lbr(LBRConfig("nlhe-search", hands=30, seed=2, game="no-limit"))
    assert lbr.hands == 30 and lbr.mismatches == 0 and lbr.illegal_actions == 0


def test_on_the_turn_it_solves_to_the_end_of_the_hand_with_the_blueprint_on_every_river() -> None:
    # A small subgame abstraction (75% and all-in, raises all-in) keeps the test quick.
    bot = NlheSearchBot(iterations=20, streets=("turn", "river"), bet="75%,a", raise_="a")
    bot.reseed(2)
    hand = Hand(GAME, [400, 400], CARDS)
    for a in [*TO_RIVER[:4], Action(CHECK_CALL), Action(BET_RAISE, 11)]:  # the turn: check, bet 11
        hand.act(a)
    assert hand.street == 2
    view = Observation(hand, position=hand.actor)
    bot.begin_hand(view)
    sub = bot.subgame(view)
    assert sub is not None and len(sub.spot.board) == 4
    assert sub.deal.num_sits == 1 + 48  # the turn, then each river card (no suit merging)
    assert list(sub.locks) == [0]  # its own check, as its earlier solve played it
    tree = sub.tree
    assert float(tree.amount[sub.node]) == 11.0 and tree.player[sub.node] == sub.me
    rivers = [n for n in range(tree.size) if tree.kind[n] == 0 and tree.street[n] == 2
              and tree.player[n] == sub.me]
    assert rivers
    for n in rivers[:3]:
        for s in range(1, sub.deal.num_sits):
            block = sub.blueprint[sub.layout.block(n, s)].reshape(int(tree.num_children[n]), -1)
            assert np.allclose(block.sum(axis=0), 1.0, atol=1e-5)
    found = bot.search(view)
    assert found is not None and found.node == sub.node
    action = bot.act(view)
    assert bot.action_probabilities(view, [combo_index(*view.hole)], action)[0] > 0


def test_before_the_flop_it_solves_the_round_with_the_real_sizes_and_keeps_its_range() -> None:
    bot = NlheSearchBot(iterations=60, streets=("preflop", "river"))
    bot.reseed(3)
    hand = Hand(GAME, [400, 400], CARDS)
    hand.act(Action(BET_RAISE, 7))  # the button opens to 3.5 big blinds: not an abstraction size
    view = Observation(hand, position=hand.actor)
    bot.begin_hand(view)
    first = bot.search(view)
    assert first is not None and first.tree.action[first.node] == Action(BET_RAISE, 7)
    assert first.labels == ("f", "c", "r21", "r400")  # 3x the open, all-in
    live = np.flatnonzero(first.range > 0)
    assert len(live) == 1326 and np.allclose(first.probs[live].sum(axis=1), 1.0)
    # the same classes play the same: suits do not matter before the flop
    aces = [combo_index(*parse_cards(h)) for h in ("AhAd", "AsAc", "AdAc")]
    assert np.allclose(first.probs[aces], first.probs[aces[0]])
    assert first.probs[combo_index(*parse_cards("AhAd")), 0] < 1e-3  # aces do not fold
    assert bot.search(view) is first  # kept for the line
    # The button's range behind the 3.5-big-blind open is the model's range for the tree's
    # nearest size, the 2.5 big blind open (not, some of the time, its all-in range): the
    # reading the flop leaves and the blueprint's later play use.
    start = Hand(GAME, [400, 400], CARDS)
    root, model = Observation(start, position=start.actor), bot._model
    assert bot.nearest_preflop and model.nearest_preflop
    opened = model.action_probabilities(root, CLASS_FIRST, Action(BET_RAISE, 5))
    assert not np.any(model.action_probabilities(root, CLASS_FIRST, Action(BET_RAISE, 7)))  # no column: 7
    assert np.allclose(model.read_probabilities(root, CLASS_FIRST, Action(BET_RAISE, 7)), opened)
    _, button_range = bot.ranges(view, 1)  # Bayes' rule through that reading, combo by combo
    assert np.allclose(button_range[CLASS_FIRST], opened)
    # It 3-bets; the button 4-bets to 50 (the abstraction's 2.3x would be 48): its next solve
    # holds the 50 and locks the 3-bet to what it played, so its range is its 3-betting range.
    hand.act(Action(BET_RAISE, 21))
    hand.act(Action(BET_RAISE, 50))
    later = bot.search(Observation(hand, position=hand.actor))
    assert later is not None and later.tree.action[later.node] == Action(BET_RAISE, 50)
    assert np.allclose(later.range, first.probs[:, first.labels.index("r21")], atol=1e-6)
    assert later.labels[:2] == ("f", "c")
    view = Observation(hand, position=hand.actor)
    action = bot.act(view)
    assert bot.action_probabilities(view, [combo_index(*view.hole)], action)[0] > 0
    assert bot.hand_report()[-1]["street"] == "preflop"


def test_on_the_flop_it_solves_the_round_depth_limited_with_the_real_sizes_and_keeps_its_range() -> None:
    from pokerlab.nolimit.round_tree import NEXT

    bot = NlheSearchBot(iterations=60, streets=("flop", "river"), runouts=8)
    bot.reseed(4)
    hand = Hand(GAME, [400, 400], CARDS)
    for a in TO_RIVER[:2]:  # the button opens to 5, the big blind (position 0, the bot) calls
        hand.act(a)
    view = Observation(hand, position=hand.actor)
    bot.begin_hand(view)
    first = bot.search(view)
    assert first is not None and first.tree.street == 1 and first.node == 0
    assert first.labels == ("x", "b8", "b395")  # the flop search's sizes: 75% of the pot, all-in
    assert int((first.tree.kind == NEXT).sum()) == 3  # checked through, a bet called either way
    live = np.flatnonzero(first.range > 0)
    assert np.allclose(first.probs[live].sum(axis=1), 1.0)
    assert bot.search(view) is first  # kept for the line
    # It checks; the button bets 7 into 10 (70%: not a size of the search): the next solve holds
    # the 7 and locks the check to what it played, so its range is its checking range.
    hand.act(Action(CHECK_CALL))
    hand.act(Action(BET_RAISE, 7))
    view = Observation(hand, position=hand.actor)
    later = bot.search(view)
    assert later is not None and later.tree.action[later.node] == Action(BET_RAISE, 7)
    assert later.labels == ("f", "c", "r395")
    assert np.allclose(later.range, first.range * first.probs[:, first.labels.index("x")], atol=1e-6)
    action = bot.act(view)
    assert bot.action_probabilities(view, [combo_index(*view.hole)], action)[0] > 0
    assert bot.hand_report()[-1]["street"] == "flop"
    # Its range at the turn is the flop search's play (continual re-solving), combo by combo.
    hand.act(Action(CHECK_CALL))
    turn = Observation(hand, position=hand.actor)
    mine, _ = bot.ranges(turn, len(turn.actions))
    calls = later.probs[:, later.labels.index("c")] * later.range
    live = np.flatnonzero((calls > 0) & ~combos_touching(turn.board))  # the turn card's combos are out,
    live = live[live != combo_index(*turn.hole)]  # and its own hand, which a subgame always holds
    assert np.allclose(mine[live] / mine[live].max(), calls[live] / calls[live].max(), atol=1e-6)


@pytest.mark.parametrize("bet", [2, 395, "min-raise"])  # the minimum bet, all-in, a minimum raise
def test_an_opponent_odd_flop_size_is_answered_from_a_subgame_that_holds_it(bet) -> None:
    bot = NlheSearchBot(iterations=30, streets=("flop", "river"), runouts=4)
    bot.reseed(5)
    hand = Hand(GAME, [400, 400], CARDS)
    for a in TO_RIVER[:2]:
        hand.act(a)
    if bet == "min-raise":  # the bot (the big blind) bets 8, the button raises to 16
        hand.act(Action(BET_RAISE, 8))
        hand.act(Action(BET_RAISE, 16))
        bet = 16
    else:
        hand.act(Action(CHECK_CALL))
        hand.act(Action(BET_RAISE, bet))
    view = Observation(hand, position=hand.actor)
    bot.begin_hand(view)
    found = bot.search(view)
    assert found is not None and found.tree.action[found.node] == Action(BET_RAISE, bet)
    action = bot.act(view)
    assert bot.action_probabilities(view, [combo_index(*view.hole)], action)[0] > 0
    hand.act(action)  # legal: the engine takes it


def test_the_flop_searcher_plays_matches_legally() -> None:
    from pokerlab.arena.match import MatchConfig, run_match
    from pokerlab.arena.storage import MatchStore

    spec = "nlhe-search:streets=flop+river,iterations=20,runouts=4"
    result = run_match(MatchConfig(bots=(spec, "nl-rules"), hands=6, game=GAME, duplicate=True, seed=3),
                       MatchStore(":memory:"))
    assert all(r.illegal_actions == 0 and r.errors == 0 for r in result.results)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^streets: showdown: choose among preflop, flop, turn, river$"):
        NlheSearchBot(streets=("showdown",))
    with pytest.raises(ValueError, match=r"^runouts: 0 must be at least 1$"):
        NlheSearchBot(runouts=0)
    refused = r"^bet: 20c on the flop: the flop search takes pot shares and all-in \(a\)$"
    with pytest.raises(ValueError, match=refused):
        NlheSearchBot(streets=("flop", "river"), bet="20c,a")
    NlheSearchBot(bet="20c,a")  # chips are sizes of the river's spot
    with pytest.raises(ValueError, match=r"^gadget: 'x' is not one of maxmargin, resolve, none$"):
        NlheSearchBot(gadget="x")
    with pytest.raises(ValueError, match=r"^iterations: 0 must be at least 1$"):
        NlheSearchBot(iterations=0)
    with pytest.raises(ValueError, match=r"^floor: 2\.0 must lie in \[0, 1\]$"):
        NlheSearchBot(floor=2.0)


def test_a_state_the_bot_cannot_reach_is_refused_by_the_engine_before_it_asks() -> None:
    # An illegal opponent action (a bet beyond the stack, a raise below the minimum) never
    # becomes a state: the engine refuses it, and the bot answers the state as it was.
    from pokerlab.engine.hand import IllegalActionError

    bot = NlheSearchBot(iterations=20)
    hand = Hand(GAME, [400, 400], CARDS)
    for a in [*TO_RIVER, Action(CHECK_CALL)]:
        hand.act(a)
    for bad in (Action(BET_RAISE, 391), Action(BET_RAISE, 1)):  # 390 behind; the minimum bet is 2
        with pytest.raises(IllegalActionError):
            hand.act(bad)
    hand.act(Action(BET_RAISE, 20))
    view = Observation(hand, position=hand.actor)
    bot.begin_hand(view)
    assert bot.search(view) is not None


def test_mixed_or_thresholded_it_plays_that_blueprint_where_it_does_not_search_and_lbr_tracks_it() -> None:
    from pokerlab.agents.nlhe_blueprint import NlheBlueprintMixedBot
    from pokerlab.agents.registry import create_bot
    from pokerlab.arena.lbr import LBRConfig, run_lbr

    bot = create_bot("nlhe-search:mixed=yes")
    assert isinstance(bot, NlheSearchBot) and not bot.purified
    assert create_bot("nlhe-search").purified
    game = lbr_game("no-limit")
    hand = Hand(game, [game.starting_stack] * 2, parse_cards("As Ks 7c 2d Qs Js Ts 3h 4d"))
    view = Observation(hand, hand.actor)
    bot.begin_hand(view)
    combos = np.arange(1326)
    assert np.allclose(bot.range_policy(view, combos), NlheBlueprintMixedBot().range_policy(view, combos))
    lbr = run_lbr(LBRConfig("nlhe-search:mixed=yes", hands=20, seed=2, game="no-limit"))
    assert lbr.mismatches == 0 and lbr.illegal_actions == 0
    with pytest.raises(ValueError, match="mixed"):
        create_bot("nlhe-search:mixed=maybe")
    # thresholded, as nlhe-blueprint:threshold=T plays
    cut = create_bot("nlhe-search:threshold=0.1")
    cut.begin_hand(view)
    assert np.allclose(cut.range_policy(view, combos),
                       create_bot("nlhe-blueprint:threshold=0.1").range_policy(view, combos))
    assert not np.allclose(cut.range_policy(view, combos), bot.range_policy(view, combos))
    lbr = run_lbr(LBRConfig("nlhe-search:threshold=0.1,streets=preflop+river", hands=10, seed=2,
                            game="no-limit"))
    assert lbr.mismatches == 0 and lbr.illegal_actions == 0
    with pytest.raises(ValueError, match="give one of them"):
        create_bot("nlhe-search:mixed=yes,threshold=0.1")


def test_the_opponent_model_is_a_setting_that_gives_the_opponent_range() -> None:
    from pokerlab.agents.registry import create_bot

    ranges = {}
    for model in ("mixed", "purified", "0.3"):
        bot = create_bot(f"nlhe-search:model={model}")
        view = river_view(bot, [Action(CHECK_CALL)])
        ranges[model] = bot.ranges(view, len(view.actions))[1 - view.position]
    live = ranges["mixed"] > 0
    # the purified model plays each row's likeliest action: a combo is in the range or out
    assert set(np.unique(ranges["purified"])) <= {0.0, 1.0}
    assert not set(np.unique(ranges["mixed"])) <= {0.0, 1.0}
    # a threshold drops a row's rare actions: fewer combos than the mixed model keeps
    assert 0 < np.count_nonzero(ranges["0.3"]) < np.count_nonzero(live)
    for bad in ("x", "1.5"):
        with pytest.raises(ValueError, match=r"model: .* is not mixed, purified or a threshold"):
            create_bot(f"nlhe-search:model={bad}")


def test_exploiting_its_model_restricts_the_opponent_on_the_river_and_lbr_tracks_it() -> None:
    from pokerlab.agents.registry import create_bot
    from pokerlab.arena.lbr import LBRConfig, run_lbr

    strategies = {}
    for exploit in ("0", "0.5"):
        bot = create_bot(f"nlhe-search:model=purified,exploit={exploit},iterations=100")
        view = river_view(bot, [Action(CHECK_CALL), Action(BET_RAISE, 15)])
        sub = bot.subgame(view)
        restricted = bot.model_play(sub, view)
        # the model's play at every opponent node of the subgame, a strategy over its children
        assert restricted and all(sub.tree.player[n] == 1 - view.position for n in restricted)
        assert all(np.allclose(m.sum(axis=0), 1.0) for m in restricted.values())
        strategies[exploit] = bot.search(view).probs
    assert not np.allclose(strategies["0"], strategies["0.5"], atol=1e-3)
    lbr = run_lbr(LBRConfig("nlhe-search:model=purified,exploit=0.5,iterations=50", hands=10, seed=2,
                            game="no-limit"))
    assert lbr.mismatches == 0 and lbr.illegal_actions == 0
    with pytest.raises(ValueError, match=r"exploit: 2\.0 must lie in \[0, 1\]"):
        create_bot("nlhe-search:exploit=2")
