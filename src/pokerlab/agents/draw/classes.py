"""Five-card draw hands as classes: what a pre-draw hand is, and where each draw takes it.

The whole-hand game of five-card draw (:mod:`pokerlab.agents.draw.game`) is played on these
classes. A pre-draw hand falls in one of :data:`CLASS_NAMES`, read from the textbook keep rules
of :mod:`pokerlab.agents.draw.rules` (the rule that applies, and for pairs the pair's rank):

====================  =============================================================
class                 hands (the first keep rule that applies)
====================  =============================================================
``nothing``           no pair, no four-card draw, king high or less (keeps the top card)
``ace-high``          the same with an ace
``pair 2-6``          a pair of deuces to sixes
``pair 7-T``          a pair of sevens to tens
``straight draw``     four ranks in a row open at both ends
``flush draw``        four cards of one suit
``jacks-queens``      a pair of jacks or queens
``kings-aces``        a pair of kings or aces
``two pair low``      two pair, the top pair ten or lower
``two pair high``     two pair, jacks up
``trips``             three of a kind
``pat``               a straight or better (full houses and quads included)
====================  =============================================================

**The draw** is a number of cards ``k`` from 0 (stand pat) to :data:`MAX_DRAW` (4). Drawing
``k`` keeps the ``5 - k`` cards first in the keep rules' order: the cards the rules keep,
highest rank first, then the others, highest first (:func:`keep_masks`). Drawing the rules'
own number keeps exactly what the rules keep; standing pat on nothing is a snow; keeping a
kicker with a pair draws two. A hand that would draw five is counted as drawing four.

**Transitions** (:func:`transitions`, simulated once and cached): :data:`SAMPLES` random
hands (seed :data:`SEED`) each draw 0 to 4 cards from the 47 they do not hold;
``counts[c, k, v]`` counts the final five-card values ``v`` (the 7,462 classes of
:mod:`pokerlab.evaluate`, higher is stronger) of class ``c`` drawing ``k``. ``joint[c0, c1]``
counts the classes of two hands dealt from one deck (:data:`SAMPLES` deals of ten cards), so
the card removal between the two pre-draw hands is kept; the draws themselves are taken
independently (the other hand's cards are not removed from the stub), an approximation whose
effect is a few cards among 47.

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> [CLASS_NAMES[hand_class(parse_cards(h))] for h in ("As Kd 9h 5c 2s", "Qs Qd 7h 5c 2s")]
['ace-high', 'jacks-queens']
>>> bin(keep_mask(parse_cards("Qs Qd 7h 5c 2s"), 2))   # keep the queens and the seven
'0b11000'
>>> keep_mask(parse_cards("Qs Qd 7h 5c 2s"), 3) == discard_mask(parse_cards("Qs Qd 7h 5c 2s"))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from numba import njit

from pokerlab.agents.draw.ranges import _cached, simulate_draws
from pokerlab.agents.draw.rules import JACKS, _discards, discard_mask, discard_masks

CLASS_NAMES = ("nothing", "ace-high", "pair 2-6", "pair 7-T", "straight draw", "flush draw",
               "jacks-queens", "kings-aces", "two pair low", "two pair high", "trips", "pat")
NUM_DRAW_CLASSES = len(CLASS_NAMES)
MAX_DRAW = 4
"""The most cards the class game draws (a five-card draw counts as four)."""
SAMPLES = 1_000_000
SEED = 29
CACHE_VERSION = 1

_ACE, _SEVEN, _KING = 12, 5, 11


@njit(cache=True)
def _classify(hands: np.ndarray, masks: np.ndarray, out: np.ndarray) -> None:
    """``out[i]``: the class of ``hands[i]`` (its keep-rules mask ``masks[i]``)."""
    for i in range(hands.shape[0]):
        ranks = np.zeros(13, np.int64)
        for j in range(5):
            ranks[hands[i, j] >> 2] += 1
        pairs = 0
        top_pair = -1
        trips = False
        high = -1
        for r in range(13):
            if ranks[r] == 2:
                pairs += 1
                top_pair = r
            elif ranks[r] >= 3:
                trips = True
            if ranks[r] > 0:
                high = r
        drawn = 0
        for j in range(5):
            drawn += masks[i] >> j & 1
        if drawn == 0:
            c = 11
        elif trips:
            c = 10
        elif pairs == 2:
            c = 9 if top_pair >= JACKS else 8
        elif pairs == 1 and top_pair >= JACKS:
            c = 7 if top_pair >= _KING else 6
        elif drawn == 1:  # a four-card draw: four of a suit, or four in a row
            suits = np.zeros(4, np.int64)
            for j in range(5):
                suits[hands[i, j] & 3] += 1
            c = 5 if suits.max() == 4 else 4
        elif pairs == 1:
            c = 3 if top_pair >= _SEVEN else 2
        else:
            c = 1 if high == _ACE else 0
        out[i] = c


@njit(cache=True)
def _keep_for(hands: np.ndarray, masks: np.ndarray, k: int, out: np.ndarray) -> None:
    """``out[i]``: discard bits of ``hands[i]`` drawing ``k`` cards (see the module)."""
    order = np.empty(5, np.int64)
    score = np.empty(5, np.int64)
    for i in range(hands.shape[0]):
        for j in range(5):
            kept = not (masks[i] >> j & 1)
            score[j] = (100 if kept else 0) + (hands[i, j] >> 2) * 4 + (hands[i, j] & 3)
            order[j] = j
        for a in range(5):  # sort positions by score, highest first (five items)
            for b in range(a + 1, 5):
                if score[order[b]] > score[order[a]]:
                    order[a], order[b] = order[b], order[a]
        m = 0
        for a in range(5 - k, 5):
            m |= 1 << order[a]
        out[i] = m


def hand_classes(hands: np.ndarray) -> np.ndarray:
    """The class of every five-card row of ``hands``."""
    rows = np.ascontiguousarray(hands, dtype=np.uint8).reshape(-1, 5)
    out = np.zeros(len(rows), dtype=np.int64)
    _classify(rows, discard_masks(rows), out)
    return out


def hand_class(cards: Sequence[int]) -> int:
    """The class of one five-card hand (an index into :data:`CLASS_NAMES`)."""
    return int(hand_classes(np.asarray(cards, dtype=np.uint8).reshape(1, 5))[0])


def keep_masks(hands: np.ndarray, k: int) -> np.ndarray:
    """Discard bits of every five-card row of ``hands`` drawing ``k`` cards (0 .. 5)."""
    if not 0 <= k <= 5:
        raise ValueError(f"k: 0 to 5 cards, not {k}")
    rows = np.ascontiguousarray(hands, dtype=np.uint8).reshape(-1, 5)
    masks = np.zeros(len(rows), dtype=np.uint8)
    _discards(rows, masks)
    out = np.zeros(len(rows), dtype=np.uint8)
    _keep_for(rows, masks, k, out)
    return out


def keep_mask(cards: Sequence[int], k: int) -> int:
    """The discard bits of one hand drawing ``k`` cards (see the module)."""
    return int(keep_masks(np.asarray(cards, dtype=np.uint8).reshape(1, 5), k)[0])


@functools.lru_cache(maxsize=2)
def transitions(samples: int = SAMPLES, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """``(counts, joint)``: ``counts[c, k, v]`` final values of class ``c`` drawing ``k``
    (shape (12, 5, 7462)), ``joint[c0, c1]`` the classes of two hands from one deck (see the
    module; simulated once and cached)."""
    from pokerlab.evaluate import random_hands

    def build() -> dict[str, np.ndarray]:
        hands = random_hands(samples, 10, seed=seed)
        first = np.ascontiguousarray(hands[:, :5])
        classes = hand_classes(first)
        joint = np.zeros((NUM_DRAW_CLASSES, NUM_DRAW_CLASSES), dtype=np.int64)
        np.add.at(joint, (classes, hand_classes(hands[:, 5:])), 1)
        keeps = np.stack([keep_masks(first, k) for k in range(MAX_DRAW + 1)])
        return {"counts": simulate_draws(first, keeps, classes, seed, NUM_DRAW_CLASSES), "joint": joint}

    data = _cached(f"draw-classes-v{CACHE_VERSION}-n{samples}-s{seed}", build)
    return data["counts"], data["joint"]


__all__ = ["CLASS_NAMES", "MAX_DRAW", "NUM_DRAW_CLASSES", "discard_mask", "hand_class", "hand_classes",
           "keep_mask", "keep_masks", "transitions"]
