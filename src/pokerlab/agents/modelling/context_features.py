"""Davidson's 19 context inputs (Waterloo report Table 5, citing Davidson 1999) of every betting
decision of a hand, computed by replaying the hand through the engine.

Each decision of a hand gives ``(position, inputs, action)``: the 19 inputs of the player about
to act (booleans as 0 / 1, reals in [0, 1]) and the action it took (0 fold, 1 check/call, 2
bet/raise). Our readings of what the report leaves open are in ``docs/loki2.md``:

1. immediate pot odds ``to_call / (pot + to_call)``; 2. bet ratio ``bets / (bets + calls)`` over
the hand so far (every player), 0 when none; 3. pot ratio: the player's chips in the pot over
the pot; 4. committed in this round (a call or raise of its own this round; a blind is not);
5-7. bets to call 0, 1, 2 or more; 8-10. stage flop, turn, river; 11. its previous decision of
the hand faced a bet; 12. its previous action was a bet or raise; 13-15. players dealt in,
active, and still to act for the first time in this round, each / 10; 16. three or more board
cards of a suit; 17-18. an ace, a king on the board; 19. aces, kings and queens over board cards.

The pot, the price of a call and the order of play come from the engine
(:class:`~pokerlab.engine.Hand`), so these inputs follow the one rules engine. A bot that does
not know its opponents' cards replays a hand with stand-in hole cards (:func:`observed_decisions`):
no input depends on them.

Examples
--------
>>> from pokerlab.engine import Dealer, GameSettings, Hand
>>> game = GameSettings.preset("limit")
>>> cards = Dealer(seed=0).cards(0, 2)
>>> history = [(0, 1, 2, 20), (0, 0, 1, 10), (1, 0, 1, 0), (1, 1, 2, 10), (1, 0, 0, 0)]
>>> rows = list(hand_decisions(game, [2000, 2000], cards, history))
>>> [(pos, action) for pos, _, action in rows]
[(1, 2), (0, 1), (0, 1), (1, 2), (0, 0)]
>>> x = rows[1][1]          # the big blind facing a raise to 20: 10 to call into 30
>>> round(float(x[0]), 3), x[5:7].tolist(), float(x[11])
(0.25, [1.0, 0.0], 0.0)
>>> FEATURE_NAMES[0], len(FEATURE_NAMES)
('pot odds', 19)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

import numpy as np

from pokerlab.agents.modelling._board_kernels import crude_potential
from pokerlab.agents.modelling.hand_strength import board_data
from pokerlab.cards import combo_index
from pokerlab.engine import GameSettings, Hand

FEATURE_NAMES: tuple[str, ...] = (
    "pot odds", "bet ratio", "pot ratio", "committed", "to call 0", "to call 1", "to call 2+",
    "flop", "turn", "river", "last faced a bet", "last bet/raise", "dealt in", "active",
    "unacted", "flush possible", "ace on board", "king on board", "AKQ on board",
)
"""The 19 inputs of the Waterloo report's Table 5, in its order."""

N_FEATURES = len(FEATURE_NAMES)

STRENGTH_FEATURE_NAMES: tuple[str, ...] = (*FEATURE_NAMES, "hand strength", "hand potential")
"""The hand-strength network's 21 inputs: Table 5's, then the holding's HS_1 and PPOT_c."""


@lru_cache(maxsize=64)
def board_pt_inputs(board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``(HS_1, PPOT_c)`` of every holding on a flop, turn or river ``board`` (NaN where a
    holding uses a board card): HS_1 against one random holding with exact card removal
    (:func:`~pokerlab.agents.modelling.hand_strength.board_data`) and Loki-1's crude potential (0 on the
    river). What Loki-2's re-weighting evaluates each holding with, and the hand-strength
    network's last two inputs.

    Examples
    --------
    >>> from pokerlab.cards import parse_cards
    >>> hs1, ppot = board_pt_inputs(tuple(parse_cards("AhKh2c")))
    >>> hs1.shape, round(float(hs1[combo_index(*parse_cards("AsAd"))]), 3) > 0.95
    ((1326,), True)
    """
    return board_data(board)[2], crude_potential(np.array(board, dtype=np.uint8))


def strength_row(x: np.ndarray, board: Sequence[int], hole: Sequence[int]) -> np.ndarray:
    """The 21 inputs of a post-flop decision: its 19 ``x``, then ``hole``'s HS_1 and PPOT_c on
    ``board`` (:func:`board_pt_inputs`)."""
    hs1, ppot = board_pt_inputs(tuple(board))
    idx = combo_index(hole[0], hole[1])
    return np.concatenate([x, [hs1[idx], ppot[idx]]])


def board_inputs(board: Sequence[int]) -> tuple[float, float, float, float]:
    """Inputs 16-19 of a board: flush possible, ace, king, (A, K, Q count) / cards."""
    if not board:
        return 0.0, 0.0, 0.0, 0.0
    suits = [0, 0, 0, 0]
    ranks = [c >> 2 for c in board]
    for c in board:
        suits[c & 3] += 1
    return (float(max(suits) >= 3), float(12 in ranks), float(11 in ranks),
            sum(r >= 10 for r in ranks) / len(board))


def hand_decisions(game: GameSettings, stacks: Sequence[int], cards: Sequence[int],
                   history: Sequence[Sequence[int]]) -> Iterator[tuple[int, np.ndarray, int]]:
    """``(position, inputs, action)`` of every betting decision in ``history`` (engine
    actions ``(street, position, kind, amount)``), replaying the hand from ``stacks`` and
    ``cards`` (hole cards by position, then the board)."""
    hand = Hand(game, list(stacks), list(cards))
    n = hand.n
    bets = calls = 0
    last_faced = [0.0] * n
    last_raise = [0.0] * n
    committed: set[int] = set()
    acted: set[int] = set()
    street = 0
    for st, pos, kind, amount in history:
        if st != street:
            street = st
            committed, acted = set(), set()
        legal = hand.legal()
        to_call = legal.to_call
        pot = hand.pot
        bet = game.street_bet(street)
        btc = -(-to_call // bet) if to_call > 0 else 0
        unacted = sum(1 for p in range(n) if p != pos and hand.live[p] and p not in acted)
        x = np.zeros(N_FEATURES)
        x[0] = to_call / (pot + to_call) if to_call > 0 else 0.0
        x[1] = bets / (bets + calls) if bets + calls else 0.0
        x[2] = hand.put_in[pos] / pot if pot else 0.0
        x[3] = float(pos in committed)
        x[4 + min(btc, 2)] = 1.0
        if street > 0:
            x[6 + min(street, 3)] = 1.0
        x[10] = last_faced[pos]
        x[11] = last_raise[pos]
        x[12] = n / 10.0
        x[13] = sum(hand.live) / 10.0
        x[14] = unacted / 10.0
        x[15:19] = board_inputs(hand.board)
        yield pos, x, int(kind)
        hand.act((kind, amount))
        acted.add(pos)
        last_faced[pos] = float(to_call > 0)
        last_raise[pos] = float(kind == 2)
        if kind == 2:
            bets += 1
            committed.add(pos)
        elif kind == 1 and to_call > 0:
            calls += 1
            committed.add(pos)


def observed_decisions(game: GameSettings, stacks: Sequence[int], board: Sequence[int],
                       history: Sequence[Sequence[int]], known: dict[int, Sequence[int]] | None = None,
                       ) -> Iterator[tuple[int, np.ndarray, int]]:
    """:func:`hand_decisions` for a player who saw the betting and the board but not every
    hole card: the unknown cards (hole cards not in ``known``, board cards not dealt) are
    stand-ins, which no input depends on."""
    n = len(stacks)
    used = set(board)
    for cards in (known or {}).values():
        used |= set(cards)
    spare = iter(c for c in range(52) if c not in used)
    cards: list[int] = []
    for p in range(n):
        cards += list((known or {}).get(p) or (next(spare), next(spare)))
    cards += list(board) + [next(spare) for _ in range(5 - len(board))]
    return hand_decisions(game, stacks, cards, history)
