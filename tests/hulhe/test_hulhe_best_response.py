"""The abstract best response (pokerlab.hulhe.exploitability) against brute force on a tiny game:
every pure strategy of the best responder over its information sets (betting node and its own
bucket sequence so far with perfect recall, its current bucket only with the bot's information)
evaluated deal by deal; the maximum must equal the kernel's value where the responder's
information has perfect recall, and the kernel's value must be one of them where it does not."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.hulhe.exploitability import PublicTree, best_response_values, legal_rows


def two_round_tree() -> PublicTree:
    """Two rounds, antes 1, bets 1 then 2, one bet a round: player 0 checks or bets, player 1
    checks behind or bets after a check, a bet is folded or called."""
    kind, actor, rnd, children, contrib, row = [], [], [], [], [], []
    rows = [0]
    counts = (2, 2)  # buckets per round

    def node(k, a, r, c) -> int:
        kind.append(k)
        actor.append(a)
        rnd.append(r)
        children.append([-1, -1, -1])
        contrib.append(list(c))
        if k == 0:
            row.append(rows[0])
            rows[0] += counts[r]
        else:
            row.append(-1)
        return len(kind) - 1

    def round_(r: int, c: tuple[int, int]) -> int:
        bet = (1, 2)[r]

        def after(c2: tuple[int, int]) -> int:  # the round closed with equal bets
            return round_(r + 1, c2) if r == 0 else node(2, 0, r, c2)

        def facing(bettor: int, c2: tuple[int, int]) -> int:
            me = 1 - bettor
            n = node(0, me, r, c2)
            folded = node(1, 0, r, c2)
            called = list(c2)
            called[me] += bet
            children[n][0] = folded
            children[n][1] = after(tuple(called))
            return n

        root = node(0, 0, r, c)
        check = node(0, 1, r, c)
        children[root][1] = check
        children[root][2] = facing(0, (c[0] + bet, c[1]))
        children[check][1] = after(c)
        children[check][2] = facing(1, (c[0], c[1] + bet))
        return root

    round_(0, (1, 1))
    return PublicTree(np.array(kind), np.array(actor), np.array(rnd), np.array(children),
                      np.array(contrib), np.array(row), rows[0], big_blind=1)


def brute_force_values(tree: PublicTree, strategy: np.ndarray, buckets: np.ndarray,
                       showdown: np.ndarray, p: int, recall: str = "perfect") -> np.ndarray:
    """The value of every pure strategy of ``p`` over its information sets: (betting node, own
    bucket sequence so far) with ``recall="perfect"``, (betting node, own current bucket) with
    ``recall="bot"``."""

    def key(n: int, d: int) -> tuple[int, tuple[int, ...]]:
        r = int(tree.rnd[n])
        seen = buckets[d, p, : r + 1] if recall == "perfect" else buckets[d, p, r : r + 1]
        return int(n), tuple(int(b) for b in seen)

    infosets: dict[tuple[int, tuple[int, ...]], int] = {}
    n_deals = len(showdown)
    for d in range(n_deals):
        for n in np.flatnonzero((tree.kind == 0) & (tree.actor == p)):
            infosets.setdefault(key(int(n), d), len(infosets))
    assert len(infosets) <= 18
    strategies = np.arange(2 ** len(infosets))
    total = np.zeros(len(strategies))

    def walk(n: int, d: int, weight: float, need: np.ndarray) -> None:
        nonlocal total
        if tree.kind[n] == 1:
            winner = int(np.argmax(tree.contrib[n]))
            pay = tree.contrib[n][1 - p] if winner == p else -tree.contrib[n][p]
            total += need * weight * pay
            return
        if tree.kind[n] == 2:
            s = showdown[d] * (1 if p == 0 else -1)
            total += need * weight * s * tree.contrib[n][1 - p]
            return
        legal = [a for a in range(3) if tree.children[n][a] >= 0]
        r = tree.rnd[n]
        if tree.actor[n] == p:
            bit = infosets[key(n, d)]
            for k, a in enumerate(legal):
                walk(tree.children[n][a], d, weight, need * (((strategies >> bit) & 1) == k))
        else:
            for a in legal:
                q = strategy[tree.row[n] + buckets[d, 1 - p, r], a]
                walk(tree.children[n][a], d, weight * q, need)

    for d in range(n_deals):
        walk(0, d, 1.0 / n_deals, np.ones(len(strategies)))
    return total


def brute_force(tree: PublicTree, strategy: np.ndarray, buckets: np.ndarray, showdown: np.ndarray,
                p: int, recall: str = "perfect") -> float:
    """The most ``p`` wins with a pure strategy of its information."""
    return float(brute_force_values(tree, strategy, buckets, showdown, p, recall).max())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_best_response_equals_brute_force(seed: int) -> None:
    tree = two_round_tree()
    rng = np.random.default_rng(seed)
    strategy = rng.dirichlet(np.ones(3), size=tree.rows) * legal_rows(tree)
    strategy /= strategy.sum(axis=1, keepdims=True)
    n = 7
    for p in (0, 1):
        buckets = np.zeros((n, 2, 4), dtype=np.int32)
        buckets[:, :, :2] = rng.integers(0, 2, size=(n, 2, 2))
        # one round-1 bucket for the best responder: perfect recall of its round-0 bucket is what
        # tells its deals apart there (and keeps the brute force small)
        buckets[:, p, 1] = 0
        showdown = rng.integers(-1, 2, size=n).astype(np.int8)
        value = best_response_values(tree, strategy, buckets, showdown)[p]
        assert value == pytest.approx(brute_force(tree, strategy, buckets, showdown, p), abs=1e-12)


def test_the_best_responder_remembers_its_earlier_buckets() -> None:
    # Round-1 bucket 0 for both deals of player 0; its round-0 bucket says which deal it holds.
    # With that memory it bets the deal it wins and checks the other; without it could not.
    tree = two_round_tree()
    strategy = legal_rows(tree) / legal_rows(tree).sum(axis=1, keepdims=True)
    buckets = np.zeros((2, 2, 4), dtype=np.int32)
    buckets[1, 0, 0] = 1
    showdown = np.array([1, -1], dtype=np.int8)
    remembered = best_response_values(tree, strategy, buckets, showdown)[0]
    forgetful = buckets.copy()
    forgetful[1, 0, 0] = 0
    assert remembered > best_response_values(tree, strategy, forgetful, showdown)[0]


def random_strategy(tree: PublicTree, rng: np.random.Generator) -> np.ndarray:
    strategy = rng.dirichlet(np.ones(3), size=tree.rows) * legal_rows(tree)
    return strategy / strategy.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bot_information_best_response_equals_brute_force(seed: int) -> None:
    # The best responder's round-1 bucket names its round-0 bucket, so its current bucket is all
    # it ever knew: the bot's information has perfect recall here and the leaves-up rule must
    # reach the best pure strategy over (node, current bucket). The opponent's buckets change
    # between the rounds and differ from the responder's, so its reach must be read from its
    # own seat's buckets.
    tree = two_round_tree()
    rng = np.random.default_rng(100 + seed)
    strategy = random_strategy(tree, rng)
    n = 7
    for p in (0, 1):
        buckets = rng.integers(0, 2, size=(n, 2, 4)).astype(np.int32)
        buckets[:, :, 2:] = 0
        buckets[:, p, 1] = 1 - buckets[:, p, 0]
        showdown = rng.integers(-1, 2, size=n).astype(np.int8)
        value = best_response_values(tree, strategy, buckets, showdown, recall="bot")[p]
        expected = brute_force(tree, strategy, buckets, showdown, p, recall="bot")
        assert value == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bot_information_best_response_is_a_strategy_of_the_bots_information(seed: int) -> None:
    # With forgetful buckets (round 1 does not name round 0) the leaves-up rule need not find the
    # best pure strategy, but its value is that of one: one of the brute force's values, and at
    # most their maximum.
    tree = two_round_tree()
    rng = np.random.default_rng(200 + seed)
    strategy = random_strategy(tree, rng)
    n = 7
    for p in (0, 1):
        buckets = rng.integers(0, 2, size=(n, 2, 4)).astype(np.int32)
        buckets[:, :, 2:] = 0
        showdown = rng.integers(-1, 2, size=n).astype(np.int8)
        value = best_response_values(tree, strategy, buckets, showdown, recall="bot")[p]
        values = brute_force_values(tree, strategy, buckets, showdown, p, recall="bot")
        assert np.abs(values - value).min() < 1e-12
        assert value <= values.max() + 1e-12
