"""Five-card draw by the textbook: which hands open, call and raise, and which cards to keep.

The ``draw-rules`` bot plays the standard heuristics of draw poker (jacks or better to open,
draw to the made hand, to a four-flush or an open-ended straight, keep a pair and draw three)
with the constants of :class:`DrawRulesConfig`. The same keep rules serve the
``draw-threshold`` bot's draw and its model of an opponent's draw
(:mod:`pokerlab.agents.draw.ranges`).

**What to keep** (the first rule that applies; :func:`discard_masks`, a numba kernel over many
hands):

1. a straight or better (straight, flush, full house, four of a kind, straight flush): stand pat;
2. three of a kind: keep the three, draw two;
3. two pair: keep both pairs, draw one;
4. a pair of jacks or better: keep the pair, draw three;
5. four cards of one suit: keep them, draw one;
6. four ranks in a row open at both ends (not ace-high, not A-2-3-4): keep them, draw one;
7. a smaller pair: keep the pair, draw three;
8. nothing: keep the highest card, draw four.

**Betting** (limit: the one size; pot-limit and no-limit: bets and raises the size of the pot,
as the patent's pot-limit game counts it). ``level`` is the number of bets and raises already
made in the round. First round: nobody has bet: bet ``open`` or better, else check; facing a
bet: raise ``first_raise`` or better, call ``open`` or better or a one-card draw (rules 5 and
6), else fold; facing a raise: raise ``first_reraise`` or better, call ``first_raise`` or
better, else fold. After the draw: bet ``final_bet`` or better; facing a bet: raise
``final_raise`` or better, call ``final_call`` or better; facing a raise: raise
``final_reraise`` or better, call ``final_bet`` or better; fold the rest (check when free).
Each constant is the weakest hand that qualifies, written as cards.

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> [format(discard_mask(parse_cards(h)), "05b") for h in
...  ("Ah Kh Qh Jh 9h", "7c 7d 7h Ks 2c", "Jc Jd 9h 4s 2c", "5h 8h Jh 2h Kc", "9c Td Jh Qs 3c")]
['00000', '11000', '11100', '10000', '10000']
>>> [int(d) for d in discard_counts(parse_cards("Ah Kh Qh Jh 9h  3c 3d 8h 5s 2c"), 2)]
[0, 3]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import register_bot
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, DRAW, FOLD_ACTION, Action

JACKS = 9  # rank code of a jack (2 = 0 ... A = 12)


@njit(cache=True)
def _discards(hands: np.ndarray, out: np.ndarray) -> None:
    """``out[i]``: bits of the cards of ``hands[i]`` to discard under the keep rules."""
    for i in range(hands.shape[0]):
        ranks = np.zeros(13, np.int64)
        suits = np.zeros(4, np.int64)
        for j in range(5):
            c = hands[i, j]
            ranks[c >> 2] += 1
            suits[c & 3] += 1
        distinct = 0
        pairs = 0
        trips = 0
        quads = 0
        pair_rank = -1
        low = 13
        high = -1
        for r in range(13):
            k = ranks[r]
            if k > 0:
                distinct += 1
                low = min(low, r)
                high = max(high, r)
            if k == 2:
                pairs += 1
                pair_rank = r
            elif k == 3:
                trips += 1
            elif k == 4:
                quads += 1
        flush = False
        four_suit = -1
        for s in range(4):
            if suits[s] == 5:
                flush = True
            elif suits[s] == 4:
                four_suit = s
        wheel = ranks[12] == 1 and ranks[0] + ranks[1] + ranks[2] + ranks[3] == 4  # A-2-3-4-5
        straight = distinct == 5 and (high - low == 4 or wheel)
        mask = 0
        if straight or flush or quads or (trips and pairs):
            mask = 0  # rule 1: stand pat (quads and full houses included)
        elif trips or pairs == 2 or (pairs == 1 and pair_rank >= JACKS):
            # rules 2-4: keep the cards that pair
            for j in range(5):
                if ranks[hands[i, j] >> 2] == 1:
                    mask |= 1 << j
        elif four_suit >= 0:
            for j in range(5):
                if (hands[i, j] & 3) != four_suit:
                    mask |= 1 << j
        else:
            start = -1
            # r..r+3 open at both ends: 2-3-4-5 (an ace or a six) up to 9-T-J-Q-K
            for r in range(0, 9):
                if ranks[r] and ranks[r + 1] and ranks[r + 2] and ranks[r + 3]:
                    start = r
            if start >= 0:
                for j in range(5):
                    r = hands[i, j] >> 2
                    if r < start or r > start + 3:
                        mask |= 1 << j
                    else:
                        for m in range(j):  # the second card of a pair inside the draw
                            if hands[i, m] >> 2 == r:
                                mask |= 1 << j
            elif pairs == 1:
                for j in range(5):
                    if ranks[hands[i, j] >> 2] == 1:
                        mask |= 1 << j
            else:
                best = 0
                for j in range(1, 5):
                    if hands[i, j] > hands[i, best]:
                        best = j
                mask = 31 ^ (1 << best)
        out[i] = mask


def discard_masks(hands: np.ndarray) -> np.ndarray:
    """Discard bits (bit ``j`` = card ``j``) of every five-card row of ``hands`` under the keep
    rules of the module's description."""
    rows = np.ascontiguousarray(hands, dtype=np.uint8).reshape(-1, 5)
    out = np.zeros(len(rows), dtype=np.uint8)
    _discards(rows, out)
    return out


def discard_mask(cards: Sequence[int]) -> int:
    """The keep rules' discards of one five-card hand, as bits over ``cards``."""
    return int(discard_masks(np.asarray(cards, dtype=np.uint8).reshape(1, 5))[0])


def discard_counts(cards: Sequence[int], hands: int = 1) -> np.ndarray:
    """How many cards the keep rules draw to each of ``hands`` five-card hands (flat cards)."""
    masks = discard_masks(np.asarray(cards, dtype=np.uint8).reshape(hands, 5))
    return np.array([bin(int(m)).count("1") for m in masks])


@dataclass(frozen=True)
class DrawRulesConfig:
    """The betting constants of the textbook rules: the weakest hand that qualifies, as cards."""

    open: str = "Jc Jd 4h 3s 2c"  # a pair of jacks opens
    first_raise: str = "3c 3d 2h 2s 4c"  # two pair raises
    first_reraise: str = "2c 2d 2h 3s 4c"  # three of a kind re-raises
    final_bet: str = "3c 3d 2h 2s 4c"  # after the draw: two pair bets
    final_call: str = "Jc Jd 4h 3s 2c"  # a pair of jacks calls
    final_raise: str = "2c 2d 2h 3s 4c"  # three of a kind raises
    final_reraise: str = "2c 3d 4h 5s 6c"  # a straight re-raises


@functools.lru_cache(maxsize=8)
def _values(config: DrawRulesConfig) -> dict[str, int]:
    from pokerlab.cards import parse_cards
    from pokerlab.evaluate import evaluate

    return {name: evaluate(parse_cards(getattr(config, name)))
            for name in ("open", "first_raise", "first_reraise", "final_bet", "final_call",
                         "final_raise", "final_reraise")}


def pot_sized_raise(observation: Observation) -> Action:
    """The largest legal raise in limit and pot-limit (the pot after calling: in limit the one
    size), and in no-limit a pot-sized raise within the legal range."""
    legal = observation.legal
    me = observation.position
    bets = observation.bets
    to = 2 * max(bets) - bets[me] + observation.pot
    return Action(BET_RAISE, max(legal.min_raise_to, min(legal.max_raise_to, to)))


def rules_action(observation: Observation, value: int, one_card_draw: bool,
                 config: DrawRulesConfig) -> Action:
    """The textbook betting action for a hand of value ``value`` (see the module's description)."""
    limits = _values(config)
    legal = observation.legal
    level = observation.raises_this_round
    final = observation.street == len(observation.game.rules.streets) - 1
    if final:
        raise_at, call_at = ((limits["final_bet"], 1 << 30) if level == 0 else
                             (limits["final_raise"], limits["final_call"]) if level == 1 else
                             (limits["final_reraise"], limits["final_bet"]))
    else:
        raise_at, call_at = ((limits["open"], 1 << 30) if level == 0 else
                             (limits["first_raise"], limits["open"]) if level == 1 else
                             (limits["first_reraise"], limits["first_raise"]))
        if level == 1 and one_card_draw:
            call_at = -1
    if value >= raise_at and legal.can_raise:
        return pot_sized_raise(observation)
    if value >= call_at or not legal.can_fold:
        return CHECK_CALL_ACTION
    return FOLD_ACTION


class DrawRulesBot(Agent):
    """The textbook rules of the module's description, at 2 to 6 seats."""

    name = "draw-rules"
    uses_rng = False
    variants = ("five-card-draw",)  # the draw bots (draw-threshold too) play five-card draw only

    def __init__(self, config: DrawRulesConfig | None = None) -> None:
        super().__init__()
        self.rules_config = config or DrawRulesConfig()

    def act(self, observation: Observation) -> Action:
        hole = observation.hole
        if observation.legal.max_discards:
            return Action(DRAW, discard_mask(hole))
        return self.betting(observation)

    def betting(self, observation: Observation) -> Action:
        """The textbook bet, call, raise or fold at a betting decision."""
        from pokerlab.evaluate import evaluate

        hole = observation.hole
        value = evaluate(hole)
        one_card_draw = (observation.street == 0 and value < _values(self.rules_config)["first_raise"]
                         and bin(discard_mask(hole)).count("1") == 1)
        return rules_action(observation, value, one_card_draw, self.rules_config)


@register_bot("draw-rules", "five-card draw: textbook rules (jacks or better to open, two pair "
                            "raises; keep the made hand, the pair or the four-card draw)")
class DrawRules(DrawRulesBot):
    """The registered ``draw-rules`` bot (options are :class:`DrawRulesConfig` fields)."""

    def __init__(self, **changes: str) -> None:
        super().__init__(replace(DrawRulesConfig(), **changes))
