"""The nlhe-blueprint bot: the walk down the blueprint's tree (on-tree lines exactly, in any
chip unit; bets off the tree by the pseudo-harmonic mapping, at its ends and in between), its
policy and exact action probabilities, the check-or-call answer off the game, legal play in
matches, over ACPC and under LBR, and a bad blueprint file as one line."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from pokerlab.agents.base import Observation
from pokerlab.agents.nlhe_blueprint import STACK_TOLERANCE, NlheBlueprintBot, NlheBlueprintMixedBot, uniform
from pokerlab.agents.registry import create_bot
from pokerlab.arena.table import play_hand
from pokerlab.cards import ALL_COMBOS, combo_index, parse_cards
from pokerlab.engine import Dealer, GameSettings, Hand
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action
from pokerlab.equilibrium.betting_tree import CALL_COL, DECISION, FOLD_COL, RAISE_COL
from pokerlab.nolimit.translation import pseudo_harmonic

CARDS = parse_cards("Ah Kh 7c 2d Qs Jh 4d 9c 3s")  # position 0, position 1, the board


@pytest.fixture(scope="module")
def bot() -> NlheBlueprintBot:
    """The walk's tests read the blueprint's rows as they are: the mixed bot."""
    return NlheBlueprintMixedBot()


def nl_game(big_blind: int = 100, depth: float = 200) -> GameSettings:
    return GameSettings.preset("no-limit", small_blind=big_blind // 2, big_blind=big_blind,
                               small_bet=big_blind, big_bet=big_blind,
                               starting_stack=round(depth * big_blind))


def view_after(game: GameSettings, actions: list[Action], cards: list[int] = CARDS) -> Observation:
    hand = Hand(game, [game.starting_stack] * 2, cards)
    for a in actions:
        hand.act(a)
    return Observation(hand, position=hand.actor)


def column_action(bot: NlheBlueprintBot, node: int, col: int, big_blind: int) -> Action | None:
    """The real action of column ``col`` at blinds of ``big_blind``; ``None`` when its amount is
    no whole number of chips there."""
    if col == FOLD_COL:
        return Action(FOLD)
    if col == CALL_COL:
        return Action(CHECK_CALL)
    to = int(bot.blueprint.tree.raise_to[node, col]) * big_blind
    return Action(BET_RAISE, to // 100) if to % 100 == 0 else None


def random_lines(bot: NlheBlueprintBot, count: int, seed: int) -> list[list[tuple[int, int]]]:
    """``count`` random lines down the tree, as (node, column) steps, ending at a terminal."""
    tree = bot.blueprint.tree
    rng = np.random.default_rng(seed)
    lines = []
    for _ in range(count):
        node, line = 0, []
        while tree.kind[node] == DECISION:
            cols = [int(c) for c in tree.legal_columns(node) if c != FOLD_COL]
            col = int(rng.choice(cols))
            line.append((node, col))
            node = int(tree.child[node, col])
        lines.append(line)
    return lines


@pytest.mark.parametrize("big_blind", [100, 2, 20])
def test_on_tree_lines_reach_their_nodes_in_any_chip_unit(bot: NlheBlueprintBot, big_blind: int) -> None:
    # Blinds 50/100 (the blueprint's), 1/2 and 10/20: a line whose amounts are whole chips at the
    # table reaches the same node, and the bot's own raises there are the tree's, scaled.
    tree = bot.blueprint.tree
    game = nl_game(big_blind)
    checked = 0
    for line in random_lines(bot, 60, seed=big_blind):
        actions: list[Action] = []
        for node, col in line:
            view = view_after(game, actions)
            spot = bot.spot(view)
            assert spot is not None and spot.node == node, (tree.history(node), actions)
            for c, amount in spot.amounts.items():
                if bot._game.all_in(node, c):
                    assert amount == view.legal.max_raise_to
                else:
                    want = column_action(bot, node, c, big_blind)
                    assert want is None or amount == want.amount
            checked += 1
            action = column_action(bot, node, col, big_blind)
            if action is None:
                break
            actions.append(action)
    assert checked > 150


def test_scaled_blinds_give_the_same_nodes_and_probabilities(bot: NlheBlueprintBot) -> None:
    # r250 r750 c / (flop) check: 1/2 and 50/100 at the button's flop decision.
    line = {100: [Action(BET_RAISE, 250), Action(BET_RAISE, 750), Action(CHECK_CALL), Action(CHECK_CALL)],
            2: [Action(BET_RAISE, 5), Action(BET_RAISE, 15), Action(CHECK_CALL), Action(CHECK_CALL)]}
    views = {bb: view_after(nl_game(bb), line[bb]) for bb in line}
    spots = {bb: bot.spot(v) for bb, v in views.items()}
    assert spots[2].node == spots[100].node == bot.blueprint.node("r250r750c/c")
    assert np.array_equal(bot.policy(views[2]), bot.policy(views[100]))
    # its own bets: the tree's chips where they are whole chips at 1/2 (2,250 = 45), else the
    # same pot fraction rounded (495 = 9.9 chips: 10; 1,125 = 22.5: 22); all-in the real stack
    assert spots[2].amounts.keys() == spots[100].amounts.keys()
    for c, chips in spots[100].amounts.items():
        assert abs(spots[2].amounts[c] * 50 - chips) <= 25
    assert spots[2].amounts[4] * 50 == 2250 and max(spots[2].amounts.values()) == 400 - 15


def _keys(bot: NlheBlueprintBot, game: GameSettings, opening: Action, count: int) -> list[int]:
    """Hand keys under which the button's pre-flop ``opening`` is read as the tree's 2.5 big
    blind open."""
    tree = bot.blueprint.tree
    want = int(tree.child[0, RAISE_COL])
    keys = []
    k = 0
    view = view_after(game, [opening])
    while len(keys) < count:
        bot.key = k
        if bot.spot(view).node == want:
            keys.append(k)
        k += 1
    return keys


def test_an_off_tree_open_is_read_by_the_pseudo_harmonic_mapping(bot: NlheBlueprintBot) -> None:
    tree = bot.blueprint.tree
    game = nl_game()
    small, shove = (int(tree.child[0, c]) for c in (RAISE_COL, RAISE_COL + 1))
    view = view_after(game, [Action(BET_RAISE, 300)])  # 3 big blinds: between 2.5 and all-in (200)
    n = 4000
    read = []
    for k in range(n):
        bot.key = k
        read.append(bot.spot(view).node)
    assert set(read) == {small, shove}
    f = pseudo_harmonic(2.5, 200.0, 3.0)
    share = read.count(small) / n
    assert abs(share - f) <= 4 * math.sqrt(f * (1 - f) / n), (share, f)
    # the ends: the exact size, below it, and the all-in (any key)
    for k in range(50):
        bot.key = k
        assert bot.spot(view_after(game, [Action(BET_RAISE, 250)])).node == small
        assert bot.spot(view_after(game, [Action(BET_RAISE, 200)])).node == small  # a min-raise
        assert bot.spot(view_after(game, [Action(BET_RAISE, 20000)])).node == shove


def test_an_off_tree_flop_bet_maps_to_exact_sizes_and_splits_between_them(bot: NlheBlueprintBot) -> None:
    # An open to 3 big blinds read as 2.5: the flop pot is 600, the tree's 500. The big blind's
    # bets of exactly 33%, 75% and 150% of the real pot are the tree's; a pot-sized bet is
    # read as 75% with probability f(1.0), else as 150%; the all-in as the all-in.
    tree = bot.blueprint.tree
    game = nl_game()
    flop = bot.blueprint.node("r250c/")
    cols = bot._game.raise_cols[flop]
    assert [round(bot._game.size(flop, c), 4) for c in cols[:3]] == [0.33, 0.75, 1.5]
    pre = [Action(BET_RAISE, 300), Action(CHECK_CALL)]
    keys = _keys(bot, game, pre[0], 3000)
    for bet, col in ((198, cols[0]), (450, cols[1]), (900, cols[2]), (19700, cols[3])):
        view = view_after(game, [*pre, Action(BET_RAISE, bet)])
        for k in keys[:40]:
            bot.key = k
            assert bot.spot(view).node == tree.child[flop, col], bet
    view = view_after(game, [*pre, Action(BET_RAISE, 600)])
    read = []
    for k in keys:
        bot.key = k
        read.append(bot.spot(view).node)
    assert set(read) == {tree.child[flop, cols[1]], tree.child[flop, cols[2]]}
    f = pseudo_harmonic(0.75, 1.5, 1.0)
    share = read.count(tree.child[flop, cols[1]]) / len(keys)
    assert abs(share - f) <= 4 * math.sqrt(f * (1 - f) / len(keys)), (share, f)


def _live(view: Observation) -> np.ndarray:
    board = set(view.board)
    return np.array([i for i, (a, b) in enumerate(ALL_COMBOS) if a not in board and b not in board])


def _possible(view: Observation, bot: NlheBlueprintBot) -> list[Action]:
    spot = bot.spot(view)
    acts = [Action(FOLD)] if view.legal.can_fold else []
    return [*acts, Action(CHECK_CALL), *(Action(BET_RAISE, a) for a in sorted(set(spot.amounts.values())))]


def test_action_probabilities_are_the_columns_on_the_tree(bot: NlheBlueprintBot) -> None:
    # The big blind on the flop after r250c: every action's probability is its column's.
    view = view_after(nl_game(), [Action(BET_RAISE, 250), Action(CHECK_CALL)])
    spot = bot.spot(view)
    live = _live(view)
    columns = bot.blueprint.combo_strategy(spot.node, view.board)[live]
    total = np.zeros(len(live))
    for action in _possible(view, bot):
        p = bot.action_probabilities(view, live, action)
        total += p
        if action.kind == BET_RAISE:
            (col,) = [c for c, a in spot.amounts.items() if a == action.amount]
        else:
            col = CALL_COL  # no fold: checking is free
        assert np.allclose(p, columns[:, col])
    assert np.allclose(total, 1.0)
    assert np.allclose(bot.range_policy(view, live).sum(axis=1), 1.0)
    one = bot.range_policy(view, live[:5])
    for k in range(5):
        a, b = ALL_COMBOS[live[k]]
        assert np.array_equal(one[k], bot.policy(view.with_hole((int(a), int(b)))))


def test_two_columns_that_play_one_amount_add_up(bot: NlheBlueprintBot) -> None:
    # An open to 30 big blinds read as 2.5: the flop pot is 6,000, the tree's 500. Facing a
    # 150% bet (9,000), the tree's pot raise is over the stack: it and the all-in both shove.
    game = nl_game()
    pre = [Action(BET_RAISE, 3000), Action(CHECK_CALL)]
    bot.key = _keys(bot, game, pre[0], 1)[0]
    view = view_after(game, [*pre, Action(BET_RAISE, 9000)])
    spot = bot.spot(view)
    assert spot.node == bot.blueprint.node("r250c/r1000")
    assert set(spot.amounts.values()) == {view.legal.max_raise_to} and len(spot.amounts) == 2
    live = _live(view)
    columns = bot.blueprint.combo_strategy(spot.node, view.board)[live]
    shove = bot.action_probabilities(view, live, Action(BET_RAISE, view.legal.max_raise_to))
    assert np.allclose(shove, columns[:, list(spot.amounts)].sum(axis=1))
    total = sum(bot.action_probabilities(view, live, a) for a in _possible(view, bot))
    assert np.allclose(total, 1.0)
    assert bot.action_probabilities(view, live, Action(BET_RAISE, 16999)).max() == 0.0  # never played
    # its own shove is read as the all-in column afterwards
    after = view_after(game, [*pre, Action(BET_RAISE, 9000), Action(BET_RAISE, 17000)])
    assert bot.spot(after).node == bot.blueprint.node("r250c/r1000r20000")


def test_the_purified_bot_plays_each_rows_most_probable_action(bot: NlheBlueprintBot) -> None:
    # On the flop after r250c, and where two raise columns both shove (r250c/r1000 read from an
    # open to 30 big blinds): the purified bot's probability of each real action is 1 for the
    # mixed bot's most probable action (ties shared), the two shoving columns counting as one.
    pure = NlheBlueprintBot()
    game = nl_game()
    pre = [Action(BET_RAISE, 3000), Action(CHECK_CALL)]
    key = _keys(bot, game, pre[0], 1)[0]
    views = [view_after(game, [Action(BET_RAISE, 250), Action(CHECK_CALL)]),
             view_after(game, [*pre, Action(BET_RAISE, 9000)])]
    for view in views:
        bot.key = pure.key = key
        live = _live(view)
        actions = _possible(view, bot)
        mixed = np.column_stack([bot.action_probabilities(view, live, a) for a in actions])
        played = np.column_stack([pure.action_probabilities(view, live, a) for a in actions])
        top = mixed.max(axis=1, keepdims=True)
        ties = np.isclose(mixed, top, rtol=0, atol=1e-12)
        assert np.allclose(played, ties / ties.sum(axis=1, keepdims=True))
        assert (played.max(axis=1) == 1.0).mean() > 0.9  # ties are rare
        assert np.allclose(pure.range_policy(view, live).sum(axis=1), 1.0)


@pytest.mark.parametrize("threshold", [0.1, 0.3])
def test_the_thresholded_bot_drops_the_actions_below_the_threshold(bot: NlheBlueprintBot,
                                                                   threshold: float) -> None:
    # The same two views: the thresholded bot's probability of each real action is the mixed
    # bot's with the actions below the threshold dropped and the rest renormalised.
    from pokerlab.agents.registry import create_bot
    from pokerlab.equilibrium.purification import thresholded

    cut = create_bot(f"nlhe-blueprint:threshold={threshold}")
    game = nl_game()
    pre = [Action(BET_RAISE, 3000), Action(CHECK_CALL)]
    key = _keys(bot, game, pre[0], 1)[0]
    for view in (view_after(game, [Action(BET_RAISE, 250), Action(CHECK_CALL)]),
                 view_after(game, [*pre, Action(BET_RAISE, 9000)])):
        bot.key = cut.key = key
        live = _live(view)
        actions = _possible(view, bot)
        mixed = np.column_stack([bot.action_probabilities(view, live, a) for a in actions])
        played = np.column_stack([cut.action_probabilities(view, live, a) for a in actions])
        assert np.allclose(played, thresholded(mixed, threshold))
        assert 0.0 < (played.max(axis=1) < 1.0).mean() < (mixed.max(axis=1) < 1.0).mean()


def test_sampled_actions_follow_the_action_probabilities(bot: NlheBlueprintBot) -> None:
    # The button's open with AKs mixes limp, raise and shove.
    view = view_after(nl_game(), [], parse_cards("7c 2d Ah Kh Qs Jh 4d 9c 3s"))
    assert view.hole == parse_cards("Ah Kh")
    combo = [combo_index(*view.hole)]
    actions = _possible(view, bot)
    p = np.array([bot.action_probabilities(view, combo, a)[0] for a in actions])
    assert abs(p.sum() - 1) < 1e-12 and (p > 0.05).sum() >= 3
    n = 4000
    counts = np.zeros(len(actions))
    for k in range(n):
        bot.reseed(k)
        counts[actions.index(bot.act(view))] += 1
    sigma = np.sqrt(p * (1 - p) / n)
    assert np.all(np.abs(counts / n - p) <= 4 * sigma + 1e-12), (counts / n, p)


def test_the_key_is_drawn_per_hand_and_the_policy_is_pure_within_it(bot: NlheBlueprintBot) -> None:
    view = view_after(nl_game(), [Action(BET_RAISE, 300)])
    bot.reseed(3)
    bot.begin_hand(view)
    first = bot.key
    reads = {bot.spot(view).node for _ in range(5)}
    p = bot.policy(view)
    assert len(reads) == 1 and np.array_equal(bot.policy(view), p) and bot.key == first
    bot.reseed(3)
    bot.begin_hand(view)
    assert bot.key == first  # the table's seed decides it
    bot.begin_hand(view)
    assert bot.key != first
    assert 0.0 <= uniform(first, 0) < 1.0 and uniform(first, 0) != uniform(first, 1)


@pytest.mark.parametrize(("game", "players"), [
    (GameSettings.preset("limit"), 2),
    (nl_game(), 3),
    (nl_game(depth=150), 2),  # half way between the shipped 100 and 200 big blinds
    (nl_game(depth=200 * (1 + STACK_TOLERANCE) + 1), 2),
    (GameSettings.preset("no-limit", small_blind=1, big_blind=3, starting_stack=600), 2),
    (GameSettings.preset("no-limit", ante=10, small_blind=50, big_blind=100, starting_stack=20000), 2),
])
def test_off_the_game_it_checks_or_calls(bot: NlheBlueprintBot, game: GameSettings, players: int) -> None:
    hand = Hand(game, [game.starting_stack] * players, Dealer(1).cards(0, players))
    view = Observation(hand, position=hand.actor)
    assert bot.spot(view) is None
    assert bot.policy(view).tolist() == [0.0, 1.0, 0.0] and bot.act(view) == Action(CHECK_CALL)


def test_within_the_stack_tolerance_it_plays_the_blueprint(bot: NlheBlueprintBot) -> None:
    for depth in (200 * (1 - STACK_TOLERANCE), 215):
        view = view_after(nl_game(depth=depth), [])
        spot = bot.spot(view)
        assert spot is not None and spot.node == 0
        assert spot.amounts[max(spot.amounts)] == round(depth * 100)  # the all-in is the real stack


def test_at_100_big_blinds_it_plays_the_100_big_blind_blueprint() -> None:
    from pokerlab.nolimit.blueprint import BLUEPRINT_100BB, DEFAULT_BLUEPRINT

    shipped = NlheBlueprintBot()
    view = view_after(nl_game(depth=100), [])
    spot = shipped.spot(view)
    assert spot is not None and shipped.blueprint_path == BLUEPRINT_100BB
    assert spot.amounts[max(spot.amounts)] == 10_000  # its all-in: the 100 big blind stack
    assert shipped.spot(view_after(nl_game(), [])) is not None
    assert shipped.blueprint_path == DEFAULT_BLUEPRINT  # and back at 200
    only = NlheBlueprintBot(DEFAULT_BLUEPRINT)  # a bot spec's file is the only one it plays
    assert only.spot(view) is None and only.policy(view).tolist() == [0.0, 1.0, 0.0]


def test_a_raise_the_tree_does_not_hold_leaves_it_checking_or_calling(bot: NlheBlueprintBot) -> None:
    # A min-raise read as the all-in and called with chips behind: the tree's hand is over.
    game = nl_game()
    line = [Action(BET_RAISE, 250), Action(CHECK_CALL), Action(CHECK_CALL), Action(BET_RAISE, 165),
            Action(BET_RAISE, 660), Action(BET_RAISE, 1155)]
    for k in range(20):
        bot.key = k
        facing = view_after(game, line)
        assert bot.spot(facing).node == bot.blueprint.node("r250c/cr415r1245r20000")
        called = view_after(game, [*line, Action(CHECK_CALL)])
        assert bot.spot(called) is None and bot.policy(called).tolist() == [0.0, 1.0, 0.0]


def test_plays_hundreds_of_hands_legally() -> None:
    bot = NlheBlueprintBot()
    for opponent in ("calling-station", "raiser"):
        game = nl_game(2)
        other = create_bot(opponent)
        dealer = Dealer(11)
        seen = []
        original = bot.act

        def act(view: Observation, seen: list = seen, original=original) -> Action:
            seen.append(bot.spot(view) is not None)
            p = bot.policy(view)
            assert abs(p.sum() - 1) < 1e-9 and (p >= 0).all()
            return original(view)

        bot.act = act  # type: ignore[method-assign]
        for h in range(300):
            bot.reseed(h)
            other.reseed(10_000 + h)
            hand = Hand(game, [game.starting_stack] * 2, dealer.cards(h, 2))
            assert play_hand(hand, [bot, other] if h % 2 else [other, bot]) == [] and hand.finished
        bot.act = original  # type: ignore[method-assign]
        assert len(seen) > 300
        if opponent == "calling-station":
            assert all(seen)  # every decision read from the blueprint
        else:
            assert sum(seen) > 0.9 * len(seen)


def _cli(*args: str):
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_a_duplicate_match_at_blinds_1_2_has_no_invalid_action(tmp_path: Path) -> None:
    result = _cli("match", "nlhe-blueprint", "raiser", "--game", "no-limit", "--stack", "400", "--duplicate",
                  "--hands", "100", "--db", str(tmp_path / "m.sqlite"), "--json", "--no-progress")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["duplicate"] and data["hands_stored"] == 100
    assert [r["illegal_actions"] for r in data["results"]] == [0, 0]
    assert all(r["errors"] == 0 for r in data["results"])


def test_lbr_tracks_its_range_without_mismatches() -> None:
    from pokerlab.arena.lbr import LBRConfig, run_lbr

    for name in ("nlhe-blueprint", "nlhe-blueprint:threshold=0.2"):
        result = run_lbr(LBRConfig(name, hands=30, seed=2, game="no-limit"))
        assert result.hands == 30 and result.bot_decisions > 30
        assert result.mismatches == 0 and result.illegal_actions == 0


def test_a_bot_spec_plays_a_blueprint_file(tmp_path: Path) -> None:
    from pokerlab.nolimit.blueprint import DEFAULT_BLUEPRINT

    copy = tmp_path / "bp.npz"
    copy.write_bytes(DEFAULT_BLUEPRINT.read_bytes())
    spec = f"nlhe-blueprint:{copy}"
    assert create_bot(spec).blueprint_path == copy.resolve()
    result = _cli("match", spec, "calling-station", "--game", "no-limit", "--stack", "400", "--hands", "10",
                  "--db", str(tmp_path / "m.sqlite"), "--json", "--no-progress")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["results"][0]["bot"] == spec


def test_a_missing_or_damaged_blueprint_is_one_line(tmp_path: Path) -> None:
    from pokerlab.agents.hulhe_cfr import DEFAULT_STRATEGY

    missing = tmp_path / "nope.npz"
    damaged = tmp_path / "damaged.npz"
    damaged.write_bytes(b"not a zip file at all")
    db = tmp_path / "m.sqlite"
    for path, words in ((missing, f"blueprint file {missing}: no such file"),
                        (damaged, f"blueprint file {damaged}: not a pokerlab strategy file "
                                  "(ValueError)"),
                        (DEFAULT_STRATEGY, f"blueprint file {DEFAULT_STRATEGY}: a limit strategy file, not a "
                                           "no-limit blueprint")):
        spec = f"nlhe-blueprint:{path}"
        result = _cli("match", spec, "raiser", "--game", "no-limit", "--hands", "2", "--db", str(db))
        assert result.exit_code == 2, result.output
        assert result.output.strip().splitlines() == [f"error: BOTS: bot '{spec}': {words}"]
        assert not db.exists()


def test_acpc_play_against_our_dealer_has_no_invalid_action(tmp_path: Path) -> None:
    # ``pokerlab acpc play HOST PORT --game nolimit --bot nlhe-blueprint`` against ``acpc deal``.
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "200"}
    dealer = subprocess.Popen(
        [sys.executable, "-m", "pokerlab", "acpc", "deal", "--game", "nolimit", "--hands", "20",
         "--seed", "5", "--bot", "raiser", "--port", "0", "--port", "0", "--json", "--timeout", "120"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        announced = dealer.stderr.readline()
        assert "waiting on 127.0.0.1 for seat 2 port" in announced, announced
        port = announced.split()[-1]
        client = _cli("acpc", "play", "127.0.0.1", port, "--game", "nolimit", "--bot", "nlhe-blueprint",
                      "--json")
        out, err = dealer.communicate(timeout=60)
    finally:
        dealer.kill()
    assert client.exit_code == 0, client.output
    assert dealer.returncode == 0, err
    summary = json.loads(client.stdout)
    assert summary["hands"] == 20 and summary["illegal_actions"] == 0
    dealt = json.loads(out)
    assert dealt["results"][1]["total"] == summary["chips"]
    assert [r["invalid_actions"] for r in dealt["results"]] == [0, 0]
