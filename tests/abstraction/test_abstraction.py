"""Card abstraction (issue 27): exact strengths against eval7, buckets, tables, cache."""

import functools
import itertools

import eval7
import numpy as np
import pytest

from pokerlab.abstraction import (
    AbstractionError,
    AbstractionSettings,
    CardAbstraction,
    build,
    percentile_thresholds,
)
from pokerlab.abstraction import buckets as ca
from pokerlab.abstraction._kernels import flop_scores, river_nums, turn_scores
from pokerlab.abstraction.boards import COMBO_PERM, SUIT_PERMS, board_classes, colex_ranks
from pokerlab.cards import ALL_COMBOS, PREFLOP_CLASSES, combo_index, format_card, parse_cards

RNG = np.random.default_rng(27)


def e7(codes):
    return [eval7.Card(format_card(int(c))) for c in codes]


def eval7_num(hole, board):
    """2 * wins + ties of ``hole`` against every holding left, by a plain eval7 loop."""
    known = set(hole) | set(board)
    ours = eval7.evaluate(e7([*hole, *board]))
    num = 0
    for a, b in itertools.combinations([c for c in range(52) if c not in known], 2):
        theirs = eval7.evaluate(e7([a, b, *board]))
        num += 2 if ours > theirs else (1 if ours == theirs else 0)
    return num


def random_combos(board, n):
    free = [c for c in range(1326) if not set(ALL_COMBOS[c].tolist()) & set(board)]
    return RNG.choice(free, n, replace=False)


def no_turn(board):
    return turn_scores(np.array(board, dtype=np.int64), 0, np.zeros((1326, 1), dtype=np.int64),
                       np.zeros(0, dtype=np.int64), 0)


@pytest.mark.parametrize("text", ["2c 7d 9h Jc Ks", "Ah Kh Qh Jh 2s", "5d 5c 5h 8s 8d"])
def test_river_strength_is_eval7s(text):
    board = parse_cards(text)
    num = river_nums(np.array(board, dtype=np.int64))
    assert (num < 0).sum() == 1326 - 1081
    for c in random_combos(board, 5):
        assert num[c] == eval7_num(ALL_COMBOS[c].tolist(), board)


def test_turn_score_is_the_sum_of_eval7_river_strengths():
    board = parse_cards("4s 9c Td Qd")
    score = no_turn(board)
    for c in random_combos(board, 2):
        hole = ALL_COMBOS[c].tolist()
        rivers = [r for r in range(52) if r not in board and r not in hole]
        assert len(rivers) == 46
        assert score[c] == sum(eval7_num(hole, [*board, r]) ** 2 for r in rivers)


def test_flop_score_is_the_half_sum_of_its_turn_scores():
    board = parse_cards("3h 8h Kc")
    per_turn = np.empty((1326, 52), dtype=np.int64)
    score = flop_scores(np.array(board, dtype=np.int64), per_turn)
    total = np.zeros(1326, dtype=np.int64)
    for t in range(52):
        if t in board:
            assert (per_turn[:, t] == -1).all()
            continue
        turn = no_turn([*board, t])
        valid = turn >= 0
        assert np.array_equal(per_turn[valid, t], turn[valid])
        total[valid] += turn[valid]
    valid = score >= 0
    assert valid.sum() == 1176
    assert np.array_equal(score[valid], total[valid] // 2)
    assert (total[valid] % 2 == 0).all()


@pytest.mark.slow
def test_flop_score_of_one_hand_by_eval7_over_all_runouts():
    board = parse_cards("2d 7h Jh")
    hole = parse_cards("Ah Td")
    per_turn = np.empty((1326, 52), dtype=np.int64)
    score = flop_scores(np.array(board, dtype=np.int64), per_turn)
    rest = [c for c in range(52) if c not in board and c not in hole]
    expected = sum(eval7_num(hole, [*board, t, r]) ** 2 for t, r in itertools.combinations(rest, 2))
    assert score[combo_index(*hole)] == expected


def test_board_classes_are_the_spot_batch_flop_classes():
    from pokerlab.spot.batch import canonical_flops

    ours = board_classes(3)
    theirs = sorted(w for _, w in canonical_flops())
    assert sorted(ours.weights.tolist()) == theirs
    # every flop maps to its representative by the stored permutation
    sets = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
    for row in RNG.choice(len(sets), 50, replace=False):
        rank = colex_ranks(sets[row][None, :])[0]
        p = ours.perm_of[rank]
        image = np.sort((sets[row] & ~3) | SUIT_PERMS[p][sets[row] & 3])
        assert np.array_equal(image, ours.boards[ours.class_of[rank]])


# -- buckets ----------------------------------------------------------------------------------
@functools.cache
def small_build(kind):
    """An abstraction whose boundaries (centroids) come from every 97th turn and 176th flop class."""
    return build(AbstractionSettings(flop=6, turn=7, river=8, kind=kind), turn_sample=97, flop_sample=176)


@pytest.fixture(params=["ehs2", "potential"])
def small(request):
    return small_build(request.param)


@pytest.fixture
def small_ehs2():
    return small_build("ehs2")


def permuted_deal(board_cls, k, n):
    """``n`` deals whose first ``k`` board cards are a suit permutation of built class rows."""
    classes = board_classes(k)
    holes = np.empty((n, 2, 2), dtype=np.int64)
    boards = np.empty((n, 5), dtype=np.int64)
    for i in range(n):
        base = classes.boards[board_cls[i % len(board_cls)]]
        p = SUIT_PERMS[RNG.integers(24)]
        first = (base & ~3) | p[base & 3]
        rest = RNG.permutation([c for c in range(52) if c not in first])
        boards[i, :k] = RNG.permutation(first)
        boards[i, k:] = rest[: 5 - k]
        holes[i] = rest[5 - k: 9 - k].reshape(2, 2)
    return holes, boards


def test_settings_and_bad_values():
    s = AbstractionSettings(flop=3, turn=4, river=5, kind="potential")
    assert s.bucket_counts == (169, 3, 4, 5)
    assert AbstractionSettings.from_key(s.key()) == s
    for bad in ({"flop": 0}, {"turn": 1001}, {"river": 2.5}, {"kind": "emd"}):
        with pytest.raises(AbstractionError, match="--"):
            AbstractionSettings(**{"flop": 5, "turn": 5, "river": 5, **bad})
    with pytest.raises(AbstractionError):
        AbstractionSettings.from_key("ehs2-f5-t5-r5-v0")


def test_percentiles_cut_equal_shares():
    scores = RNG.integers(0, 10**6, 20000)
    weights = RNG.integers(1, 5, 20000)
    thr = percentile_thresholds(scores, weights, 10)
    bucket = np.searchsorted(thr, scores, side="right")
    share = np.bincount(bucket, weights=weights) / weights.sum()
    assert np.allclose(share, 0.1, atol=0.002)


def test_preflop_buckets_are_the_169_classes(small_ehs2):
    pre = small_ehs2.preflop_buckets()
    assert pre.dtype == np.int32 and pre.shape == (1326,)
    counts = np.bincount(pre, minlength=169)
    names = PREFLOP_CLASSES
    assert [int(counts[i]) for i in (0, names.index("AKs"), names.index("AKo"))] == [6, 4, 12]
    assert names[pre[combo_index(*parse_cards("7h 2c"))]] == "72o"


@pytest.mark.parametrize("text", ["Qs 8d 3c", "Qs 8d 3c 3h", "Qs 8d 3c 3h Ad"])
def test_buckets_rise_with_strength(small_ehs2, text):
    small = small_ehs2
    board = np.array(parse_cards(text), dtype=np.int64)
    buckets = small.board_buckets(board)
    assert buckets.dtype == np.int32
    if len(board) == 3:
        score = flop_scores(board, np.empty((1326, 52), dtype=np.int64))
    elif len(board) == 4:
        score = no_turn(board)
    else:
        score = river_nums(board)
    valid = score >= 0
    assert np.array_equal(buckets < 0, ~valid)
    order = np.argsort(score[valid], kind="stable")
    assert (np.diff(buckets[valid][order]) >= 0).all()
    assert buckets[valid].min() >= 0 and buckets[valid].max() < small.bucket_counts[len(board) - 2]
    assert len(np.unique(buckets[valid])) >= 3


def test_suit_isomorphic_boards_have_permuted_buckets(small):
    for text in ("Kh 9h 4c", "Kh 9h 4c 2d", "Kh 9h 4c 2d 2h"):
        board = np.array(parse_cards(text), dtype=np.int64)
        p = 5  # some permutation other than the identity
        image = (board & ~3) | SUIT_PERMS[p][board & 3]
        assert np.array_equal(small.board_buckets(image)[COMBO_PERM[p]], small.board_buckets(board))


def test_deal_buckets_are_the_board_buckets(small):
    built_flops = np.flatnonzero(small._flop_table[:, 0] != ca.NOT_COMPUTED)
    built_turns = np.flatnonzero(small._turn_table[:, 0] != ca.NOT_COMPUTED)
    built_rivers = np.flatnonzero(small._river_table[:, 0] != ca.NOT_COMPUTED)
    assert 0 < len(built_rivers) < len(small._river_table)
    deals = [permuted_deal(built_flops, 3, 8), permuted_deal(built_turns, 4, 8),
             permuted_deal(built_rivers, 5, 8)]
    holes = np.concatenate([d[0] for d in deals])
    boards = np.concatenate([d[1] for d in deals])
    out = small.deal_buckets(holes, boards)
    assert out.shape == (24, 2, 4) and out.dtype == np.int32
    for i in range(len(holes)):
        rows = [small.preflop_buckets()] + [small.board_buckets(boards[i, :k]) for k in (3, 4, 5)]
        for p in range(2):
            c = combo_index(*holes[i, p])
            assert out[i, p].tolist() == [int(r[c]) for r in rows]


def test_parameters_round_trip(small):
    params = small.parameters()
    again = CardAbstraction.from_parameters(params)
    assert again.bucket_counts == (169, 6, 7, 8)
    assert all(np.array_equal(again.parameters()[k], params[k]) for k in params)
    board = parse_cards("Td 6s 2s 9c")
    assert np.array_equal(again.board_buckets(board), small.board_buckets("Td 6s 2s 9c"))
    for bad in ("Td 6s", "Td Td 2s", [1, 2, 3, 60]):
        with pytest.raises(ValueError):
            small.board_buckets(bad)
    with pytest.raises(AbstractionError, match="river_thresholds"):
        CardAbstraction.from_parameters({**params, "river_thresholds": params["river_thresholds"][:2]})
    with pytest.raises(AbstractionError, match="key"):
        CardAbstraction.from_parameters({k: v for k, v in params.items() if k != "key"})


def test_cache_round_trip(small, tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    path = ca._write_cache(small)
    assert path == ca.cache_path(small.settings) and path.is_file()
    river = path.with_suffix(".river.npy")
    assert sorted(path.parent.iterdir()) == sorted([path, river])  # no temporary file left
    assert small.bytes_on_disk() == path.stat().st_size + river.stat().st_size
    back = ca._read_cache(small.settings)
    assert back is not None
    assert all(np.array_equal(back.parameters()[k], v) for k, v in small.parameters().items())
    assert np.array_equal(back._flop_table, small._flop_table)
    assert np.array_equal(back._turn_table, small._turn_table)
    assert np.array_equal(back._river_table, small._river_table)
    assert ca._read_cache(AbstractionSettings(6, 7, 9)) is None


@pytest.mark.slow
def test_full_build_is_cached_and_agrees_with_board_buckets(tmp_path, monkeypatch):
    from pokerlab.abstraction import card_abstraction

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    settings = AbstractionSettings(flop=20, turn=20, river=20)
    built = card_abstraction(settings)
    assert built.tables_complete() and built.path == ca.cache_path(settings)
    loaded = card_abstraction(settings)
    assert loaded.build_seconds == built.build_seconds
    assert np.array_equal(loaded._turn_table, built._turn_table)
    # flop buckets hold equal shares of all (flop, combo) pairs, up to ties at a boundary
    flops = board_classes(3)
    table = built._flop_table
    weights = np.broadcast_to(flops.weights[:, None], table.shape)
    share = np.bincount(table[table >= 0], weights=weights[table >= 0])
    assert np.allclose(share / share.sum(), 1 / 20, atol=0.01)
    m = 300
    deck = np.argsort(RNG.random((m, 52)), axis=1)[:, :9].astype(np.int64)
    holes, boards = deck[:, :4].reshape(m, 2, 2).copy(), deck[:, 4:].copy()
    out = loaded.deal_buckets(holes, boards)
    for i in range(0, m, 10):
        for k, r in ((3, 1), (4, 2), (5, 3)):
            row = loaded.board_buckets(boards[i, :k])
            assert [out[i, p, r] for p in range(2)] == [row[combo_index(*holes[i, p])] for p in range(2)]


def test_potential_buckets_are_the_nearest_centroids_and_seeded(small):
    if small.settings.kind != "potential":
        pytest.skip("potential kind only")
    from pokerlab.abstraction import kmeans

    again = build(small.settings, turn_sample=97, flop_sample=176)
    assert all(np.array_equal(again.parameters()[k], v) for k, v in small.parameters().items())
    board = np.array(parse_cards("Jd Tc 4d 2s"), dtype=np.int64)
    hist = np.zeros((1326, kmeans.TURN_BINS), dtype=np.int64)
    score = turn_scores(board, kmeans.TURN_BINS, hist, np.zeros(0, dtype=np.int64), 0)
    valid = score >= 0
    assert (hist[valid].sum(axis=1) == 46).all()
    feats = np.cumsum(hist[valid], axis=1) / 46
    cent = small.parameters()["turn_centroids"]
    dist = ((feats[:, None, :] - cent[None, :, :]) ** 2).sum(axis=2)
    buckets = small.board_buckets(board)
    assert np.array_equal(buckets[valid], dist.argmin(axis=1))
    # clusters numbered by strength: the mean E[HS^2] of the combos in each bucket rises
    ehs2 = score[valid] / (46 * 1980**2)
    means = [ehs2[buckets[valid] == b].mean() for b in np.unique(buckets[valid])]
    assert means[0] < means[-1]


def test_kmeans_separates_and_orders():
    from pokerlab.abstraction import kmeans

    hist = np.array([[0, 0, 2, 8], [9, 1, 0, 0], [0, 10, 0, 0], [10, 0, 0, 0], [0, 0, 1, 9]])
    cent, labels = kmeans.cluster(kmeans.pack(hist), np.array([1, 1, 1, 1, 1]), 3, 4, seed=1)
    assert labels.tolist() == [2, 0, 1, 0, 2]
    assert np.array_equal(kmeans.cluster(kmeans.pack(hist), np.ones(5), 3, 4, seed=1)[0], cent)


def test_sorted_rank_is_the_colex_rank_in_any_order():
    from pokerlab.abstraction._kernels import sorted_rank

    for k in (3, 4, 5):
        for cards in (RNG.permutation(52)[:5] for _ in range(40)):
            for order in itertools.permutations(range(5)):
                row = cards[list(order)].astype(np.int64)
                assert sorted_rank(row, k) == colex_ranks(row[None, :k])[0]


def test_table_rows_are_the_board_buckets_permuted(small_ehs2):
    classes = board_classes(3)
    built = np.flatnonzero(small_ehs2._flop_table[:, 0] != ca.NOT_COMPUTED)
    for cls in built[:3]:
        board = classes.boards[cls][[2, 0, 1]]
        p = 7
        board = (board & ~3) | SUIT_PERMS[p][board & 3]  # another board of the class
        rank = colex_ranks(board[None, :])[0]
        assert classes.class_of[rank] == cls
        row = small_ehs2._flop_table[cls, COMBO_PERM[classes.perm_of[rank]]]
        assert np.array_equal(row, small_ehs2.board_buckets(board))
    # table() computes the rows still missing (here two; the others are taken as done)
    fresh = CardAbstraction.from_parameters(small_ehs2.parameters())
    fresh._ensure_tables()
    fresh._flop_table[:] = 0
    fresh._flop_table[built[:2]] = ca.NOT_COMPUTED
    table = fresh.table(3)
    assert not (table[:, 0] == ca.NOT_COMPUTED).any()
    assert np.array_equal(table[built[:2]], small_ehs2._flop_table[built[:2]])


def test_concurrent_requests_build_once(small_ehs2, tmp_path, monkeypatch):
    import threading
    import time

    from pokerlab.abstraction import card_abstraction

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    calls = []

    def slow_build(settings, progress=None):  # the sampled build stands in for a full one
        calls.append(settings)
        time.sleep(0.5)
        return small_ehs2

    monkeypatch.setattr(ca, "build", slow_build)
    results = []
    threads = [threading.Thread(target=lambda: results.append(card_abstraction(small_ehs2.settings)))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len(results) == 2
    assert all(np.array_equal(r.parameters()["flop_thresholds"], small_ehs2.parameters()["flop_thresholds"])
               for r in results)


def test_plot_of_either_kind(small, tmp_path):
    from pokerlab.abstraction.plot import plot_abstraction

    path = tmp_path / "buckets.png"
    plot_abstraction(small, path)
    assert path.stat().st_size > 10_000
