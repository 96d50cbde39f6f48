"""The evaluator's Python API, numba kernels and tables (issue 2, item 4)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numba import njit

from pokerlab.cards import parse_cards
from pokerlab.evaluate import (
    CATEGORY_NAMES,
    NUM_CLASSES,
    best_five,
    categories,
    category,
    category_name,
    describe,
    evaluate,
    evaluate_batch,
)
from pokerlab.evaluate import tables as evaluator_tables
from pokerlab.evaluate.kernels import (
    CARD_KEY,
    CARD_MASK,
    EMPTY_KEY,
    FLUSH_CHECK,
    can_flush,
    category_of_value,
    eval5,
    eval6,
    eval7,
    eval_key,
    eval_rank_key,
    key_of,
    mask_of,
)
from pokerlab.evaluate.sampling import random_hands


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9h 8h 7h 6h 5h Ad", "Straight flush, nine high"),
        ("5c 4c 3c 2c Ac Kd Kh", "Straight flush, five high"),
        ("Jh Jd Jc Js 2d 3d 4d", "Four of a kind, jacks"),
        ("Ah Ad Ac 3s 3h 9d 2c", "Full house, aces over threes"),
        ("3h 3d 3c As Ah", "Full house, threes over aces"),
        ("Kh Kd Kc 5s 5h 5d 2c", "Full house, kings over fives"),
        ("Ah 9h 7h 4h 2h Kd Qs", "Flush, ace high"),
        ("5h 4d 3c 2s Ah", "Straight, five high"),
        ("Ts 9d 8c 7s 6h 5h 4h", "Straight, ten high"),
        ("7c 7d 7h Ks 2d", "Three of a kind, sevens"),
        ("Ks Kd 9h 9c 2s", "Two pair, kings and nines"),
        ("Ks Kd 9h 9c 2s 2d Ah", "Two pair, kings and nines"),
        ("Qh Qd 7c 5s 2h", "One pair of queens"),
        ("Ad Qc 3h 4c Jh", "High card, ace"),
        ("A♦-Q♣/3♥-4♣-J♥", "High card, ace"),
    ],
)
def test_describe(text, expected):
    assert describe(parse_cards(text)) == expected


def test_best_five_is_the_hand_that_counts():
    cards = parse_cards("Ks Kd 9h 9c 2s 2d Ah")
    five = best_five(cards)
    assert sorted(five) == sorted(parse_cards("Ks Kd 9h 9c Ah"))
    assert evaluate(five) == evaluate(cards)
    assert best_five(parse_cards("5h 4d 3c 2s Ah"))[-1] == parse_cards("Ah")[0]


def test_category_boundaries():
    assert [category_name(v) for v in (0, 1276, 1277, 7139, 7140, 7461)] == [
        "High card", "High card", "One pair", "Flush", "Full house", "Straight flush",
    ]
    values = np.arange(NUM_CLASSES)
    cats = categories(values)
    assert [category(int(v)) for v in values[::97]] == cats[::97].tolist()
    assert np.bincount(cats).tolist() == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    assert len(CATEGORY_NAMES) == 9
    for bad in (-1, NUM_CLASSES):
        with pytest.raises(ValueError, match="hand value"):
            category(bad)


@njit(cache=True)
def _categories_in_kernel(values):
    out = np.empty(values.size, dtype=np.int64)
    for i in range(values.size):
        out[i] = category_of_value(values[i])
    return out


def test_numba_category_matches_python():
    values = np.arange(NUM_CLASSES)
    np.testing.assert_array_equal(_categories_in_kernel(values), categories(values))


def test_values_follow_known_hands():
    # The weakest hand, the strongest, and the top of each category.
    assert evaluate(parse_cards("7h 5d 4c 3s 2h")) == 0
    assert evaluate(parse_cards("Ah Kh Qh Jh Th")) == NUM_CLASSES - 1
    assert evaluate(parse_cards("Ah Ad As Ac Kd")) == 7451
    assert evaluate(parse_cards("5h 4h 3h 2h Ah")) == 7452
    # More cards never make a hand worse.
    assert evaluate(parse_cards("Qh Qd 7c 5s 2h 3d 8c")) > evaluate(parse_cards("Qh Qd 7c 5s 2h"))


def test_single_hand_matches_batch():
    for k in (5, 6, 7):
        hands = random_hands(300, k, seed=k)
        assert [evaluate(row) for row in hands.tolist()] == evaluate_batch(hands).tolist()


def test_batch_accepts_other_integer_dtypes_and_layouts():
    hands = random_hands(1000, 7, seed=11)
    expected = evaluate_batch(hands)
    np.testing.assert_array_equal(evaluate_batch(hands.astype(np.int64)), expected)
    np.testing.assert_array_equal(evaluate_batch(np.asfortranarray(hands)), expected)
    np.testing.assert_array_equal(evaluate_batch(hands.tolist()), expected)
    np.testing.assert_array_equal(evaluate_batch(hands, check=False), expected)
    # The order of the cards in a row does not matter.
    np.testing.assert_array_equal(evaluate_batch(hands[:, ::-1]), expected)
    assert evaluate_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.zeros((2, 4), dtype=np.uint8), "shape"),
        (np.zeros(7, dtype=np.uint8), "shape"),
        (np.ones((1, 5)), "integer"),
        (np.array([[0, 1, 2, 3, 52]]), "card code 52"),
        (np.array([[0, 1, 2, 3, -1]]), "card code -1"),
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 255]], dtype=np.uint8), "hand 1 .*255"),
        (np.array([[0, 1, 2, 3, 4], [9, 6, 7, 8, 9]]), r"hand 1 holds card 9 \(4d\) twice"),
    ],
)
def test_batch_rejects_bad_input(cards, message):
    with pytest.raises(ValueError, match=message):
        evaluate_batch(cards)


@pytest.mark.parametrize(
    "cards", [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 3], [0, 1, 2, 3, 52], [0.0] * 5]
)
def test_single_hand_rejects_bad_input(cards):
    with pytest.raises(ValueError):
        evaluate(cards)
    with pytest.raises(ValueError):
        describe(cards)


@settings(max_examples=200, deadline=None)
@given(
    hnp.arrays(
        dtype=st.sampled_from([np.int8, np.int16, np.int64, np.uint8, np.uint64, np.float64, np.bool_]),
        shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=8),
    )
)
def test_batch_on_any_array_gives_values_or_value_error(cards):
    try:
        values = evaluate_batch(cards)
    except ValueError:
        return
    assert values.shape == (cards.shape[0],)
    assert ((values >= 0) & (values < NUM_CLASSES)).all()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=-3, max_value=60), min_size=0, max_size=9))
def test_single_hand_on_any_list_gives_a_value_or_value_error(cards):
    try:
        value = evaluate(cards)
    except ValueError:
        assert len(cards) not in (5, 6, 7) or len(set(cards)) < len(cards) or not all(
            0 <= c < 52 for c in cards
        )
        return
    assert 0 <= value < NUM_CLASSES
    assert describe(cards).startswith(("Royal flush", *CATEGORY_NAMES))


@njit(cache=True)
def _incremental_values(hands):
    out = np.empty((hands.shape[0], 3), dtype=np.int32)
    for i in range(hands.shape[0]):
        row = hands[i]
        out[i, 0] = eval7(row[0], row[1], row[2], row[3], row[4], row[5], row[6])
        # Five known cards, then two more added one at a time.
        key = key_of(row[:5])
        mask = mask_of(row[:5])
        key += CARD_KEY[row[5]]
        mask |= CARD_MASK[row[5]]
        out[i, 1] = eval_key(key + CARD_KEY[row[6]], mask | CARD_MASK[row[6]])
        full = key + CARD_KEY[row[6]]
        out[i, 2] = eval_rank_key(full) if not can_flush(key, 1) else -1
        if not can_flush(key, 1) and full & FLUSH_CHECK:
            out[i, 2] = -2  # can_flush said no, yet the hand has a flush
    return out


def test_incremental_kernels_agree_with_batch():
    hands = random_hands(50_000, 7, seed=5)
    expected = evaluate_batch(hands)
    out = _incremental_values(hands)
    np.testing.assert_array_equal(out[:, 0], expected)
    np.testing.assert_array_equal(out[:, 1], expected)
    no_flush = out[:, 2] >= 0
    assert no_flush.mean() > 0.8
    assert (out[:, 2] != -2).all()
    np.testing.assert_array_equal(out[no_flush, 2], expected[no_flush])


@njit(cache=True)
def _five_and_six(hands):
    out = np.empty((hands.shape[0], 2), dtype=np.int32)
    for i in range(hands.shape[0]):
        r = hands[i]
        out[i, 0] = eval5(r[0], r[1], r[2], r[3], r[4])
        out[i, 1] = eval6(r[0], r[1], r[2], r[3], r[4], r[5])
    return out


def test_eval5_eval6_kernels():
    hands = random_hands(20_000, 6, seed=9)
    out = _five_and_six(hands)
    np.testing.assert_array_equal(out[:, 0], evaluate_batch(hands[:, :5]))
    np.testing.assert_array_equal(out[:, 1], evaluate_batch(hands))
    assert key_of(np.zeros(0, dtype=np.uint8)) == EMPTY_KEY


# The caller kernel shown in the pokerlab.evaluate.kernels docstring, verbatim.
@njit(cache=True)
def ahead_tied_behind(hole, board, dead):
    key = key_of(board)                       # board only: shared by both players
    mask = mask_of(board)
    ours = eval_key(key + CARD_KEY[hole[0]] + CARD_KEY[hole[1]],
                    mask | CARD_MASK[hole[0]] | CARD_MASK[hole[1]])
    out = np.zeros(3, dtype=np.int64)
    for a in range(52):
        if dead[a]:
            continue
        ka = key + CARD_KEY[a]
        ma = mask | CARD_MASK[a]
        for b in range(a + 1, 52):
            if dead[b]:
                continue
            theirs = eval_key(ka + CARD_KEY[b], ma | CARD_MASK[b])
            out[0 if ours > theirs else (1 if ours == theirs else 2)] += 1
    return out


def test_docstring_caller_kernel_reproduces_the_waterloo_example():
    # docs/errata.md reading: A♦Q♣ on 3♥4♣J♥ (not 3♦): 628 worse, 9 tied, 444 better.
    hole = np.array(parse_cards("AdQc"), dtype=np.int64)
    board = np.array(parse_cards("3h4cJh"), dtype=np.int64)
    dead = np.zeros(52, dtype=np.bool_)
    dead[hole] = True
    dead[board] = True
    assert ahead_tied_behind(hole, board, dead).tolist() == [628, 9, 444]


def test_tables_rebuild_identically_and_cache_round_trips(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    path = tmp_path / evaluator_tables._cache_file().rsplit("/", 1)[-1]
    path.write_bytes(b"not an npz file")  # a corrupt cache file is rebuilt, not trusted
    built = evaluator_tables.load_tables()
    loaded = evaluator_tables.load_tables()  # read back from the file just written
    assert path.stat().st_size > 100_000
    for name, array in built.items():
        np.testing.assert_array_equal(loaded[name], array)
        np.testing.assert_array_equal(getattr(evaluator_tables, name.upper()), array)


def _count_builds(monkeypatch) -> list[int]:
    """Replace the (tested above) full build by a copy of the loaded tables, counting calls."""
    calls: list[int] = []

    def fake_build() -> dict[str, np.ndarray]:
        calls.append(1)
        names = evaluator_tables._TABLE_DTYPES
        return {name: getattr(evaluator_tables, name.upper()).copy() for name in names}

    monkeypatch.setattr(evaluator_tables, "build_tables", fake_build)
    return calls


def test_a_truncated_cache_file_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    builds = _count_builds(monkeypatch)
    evaluator_tables.load_tables()
    path = tmp_path / evaluator_tables._cache_file().rsplit("/", 1)[-1]
    assert builds == [1]
    evaluator_tables.load_tables()
    assert builds == [1]  # read from the file
    path.write_bytes(path.read_bytes()[:5000])  # as if a writer died mid-file elsewhere
    tables = evaluator_tables.load_tables()
    assert builds == [1, 1]
    np.testing.assert_array_equal(tables["rank_table"], evaluator_tables.RANK_TABLE)


def test_tables_build_without_a_usable_cache_folder(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(blocker / "cache"))
    builds = _count_builds(monkeypatch)
    tables = evaluator_tables.load_tables()
    assert builds == [1]
    np.testing.assert_array_equal(tables["flush_table"], evaluator_tables.FLUSH_TABLE)


def test_perfect_hash_gives_every_rank_multiset_its_own_slot():
    from pokerlab.evaluate._table_kernels import _multisets

    t = evaluator_tables
    sizes = {5: 6_175, 6: 18_395, 7: 49_205}
    keys = []
    for k, size in sizes.items():
        multisets = _multisets(k)
        assert multisets.shape == (size, k)
        keys.append(t.RANK_KEYS[multisets.astype(np.int64)].sum(axis=1))
    keys = np.concatenate(keys)
    assert np.unique(keys).size == keys.size == 73_775
    slots = keys + t.ROW_OFFSET[keys >> t.ROW_SHIFT]
    assert np.unique(slots).size == slots.size
    assert slots.min() >= 0 and slots.max() < t.RANK_TABLE.size



@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("row", [0, 37, 65, 66])  # inside groups of four, and in the tail
def test_checked_batch_finds_every_duplicate_position_and_bad_code(k, row):
    hands = random_hands(67, k, seed=20 + k)
    for a in range(k):
        for b in range(a + 1, k):
            bad = hands.copy()
            bad[row, b] = bad[row, a]
            with pytest.raises(ValueError, match=rf"hand {row} holds card .* twice"):
                evaluate_batch(bad)
        for code in (52, 99, 255):
            bad = hands.copy()
            bad[row, a] = code
            with pytest.raises(ValueError, match=f"hand {row} holds card code {code}"):
                evaluate_batch(bad)
    np.testing.assert_array_equal(evaluate_batch(hands), evaluate_batch(hands, check=False))
