"""The patent's five-card draw example (US 6,129,631, FIG. 2 and FIG. 3), played by the engine.

Three players ante; A deals, so B (left of the button) acts first. A holds AA762, B KK225,
C JJ843. First round (FIG. 2): B bets, C calls, A raises, B calls, C folds. A draws one card
(the 2 for a 9: AA976), B draws one (the 5 for a 7: KK227). Second round (FIG. 3): B checks,
A bets, B raises, A reraises, B calls; B's two pair wins the showdown.

The patent names ranks only; the suits are ours (no suit makes a flush or a straight). The
antes total $1 and a bet is $1 in the limit game; in the pot-limit game every bet and raise is
the largest the pot allows (a raise is the call plus the pot after the call). One chip is a
third of a dollar, so the $1/3 antes are whole chips and every amount is exact.

From the replayed hand come Table 3 (the first round's pot after each step), Table 4 (the
second round's), Table 5 (each player's investment per step, the showdown and the net return
in the $1 limit game), Table 6 (the second round alone: its investments against the pot at
its start) and Table 7 (A's return in the second round for each of its four action
sequences, B answering a bet with a raise and a reraise with a call, as in FIG. 3).

Examples
--------
>>> example = patent_example()
>>> [str(row.pot) for row in example.rounds["limit"][0]]
['1', '2', '3', '5', '6', '6']
>>> [str(row.pot) for row in example.rounds["pot-limit"][1]]
['12', '12', '24', '72', '216', '324']
>>> [f"{float(x):+.2f}" for x in example.net]
['-5.33', '+6.67', '-1.33']
>>> [(s.sequence, str(s.return_)) for s in example.sequences]
[('check', '0'), ('bet-fold', '-1'), ('bet-call', '-2'), ('bet-reraise', '-3')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pokerlab.cards import format_cards, parse_cards
from pokerlab.engine.hand import Hand
from pokerlab.engine.settings import GameSettings

CHIPS_PER_DOLLAR = 3
PLAYERS = ("A", "B", "C")
# Positions: B (left of the button) is 0, C is 1, A (the button, the dealer) is 2.
POSITION = {"B": 0, "C": 1, "A": 2}
DEALT = {"A": "As Ad 7c 6h 2s", "B": "Ks Kd 2c 2h 5d", "C": "Jh Jc 8s 4d 3c"}
# The stub: B draws first (the 7), then A (the 9).
STUB = "7d 9h"
DISCARDS = {"B": "5d", "A": "2s"}

# (player, action, the patent's words); "bet" is the largest bet or raise allowed.
FIRST_ROUND = (("B", "bet", "B bets 1 bet"), ("C", "call", "C calls B's bet"),
               ("A", "bet", "A raises by 1 bet"), ("B", "call", "B calls A's raise"),
               ("C", "fold", "C folds"))
DRAWS = (("B", "draw", "B draws one card (5 for a 7)"), ("A", "draw", "A draws one card (2 for a 9)"))
SECOND_ROUND = (("B", "check", "B checks"), ("A", "bet", "A bets 1 bet"),
                ("B", "bet", "B raises 1 bet"), ("A", "bet", "A reraises 1 bet"),
                ("B", "call", "B calls"))
# Table 7: A's sequences after B checks, B raising a bet and calling a reraise.
A_SEQUENCES = {
    "check": (("A", "check"),),
    "bet-fold": (("A", "bet"), ("B", "bet"), ("A", "fold")),
    "bet-call": (("A", "bet"), ("B", "bet"), ("A", "call")),
    "bet-reraise": (("A", "bet"), ("B", "bet"), ("A", "bet"), ("B", "call")),
}


def example_game(kind: str) -> GameSettings:
    """The example's rules in chips of $1/3: antes of 1, bets of 3 ($1) or the pot."""
    if kind not in ("limit", "pot-limit"):
        raise ValueError(f"the patent's example is 'limit' or 'pot-limit', not {kind!r}")
    return GameSettings(kind=kind, variant="five-card-draw", small_blind=0, big_blind=0, ante=1,
                        small_bet=3, big_bet=3, raise_cap=2 if kind == "limit" else None,
                        starting_stack=200 * CHIPS_PER_DOLLAR)


def dollars(chips: int) -> Fraction:
    """Chips of the example as exact dollars."""
    return Fraction(chips, CHIPS_PER_DOLLAR)


@dataclass(frozen=True)
class Step:
    """One step of the replay: who did what, what each player put in, the pot after it."""

    player: str
    action: str
    words: str
    paid: tuple[Fraction, ...]  # A, B, C (dollars, positive = put in)
    pot: Fraction


@dataclass(frozen=True)
class ActionSequence:
    """Table 7: one of A's second-round action sequences and A's second-round return."""

    sequence: str
    return_: Fraction


@dataclass
class PatentExample:
    """Everything the example's tables print, computed by the engine."""

    hands: dict[str, tuple[str, str]]  # player: (dealt, after the draw)
    rounds: dict[str, tuple[list[Step], list[Step]]]  # betting kind: (first round, second round)
    antes: tuple[Fraction, ...]
    invested: tuple[Fraction, ...]  # limit game, whole hand
    won: tuple[Fraction, ...]
    net: tuple[Fraction, ...]
    second_round_invested: tuple[Fraction, ...]  # A, B
    second_round_net: tuple[Fraction, ...]
    second_round_start: Fraction
    sequences: list[ActionSequence] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object (amounts as exact fractions and as dollars)."""

        def money(x: Fraction) -> dict[str, Any]:
            return {"exact": str(x), "dollars": round(float(x), 2)}

        def steps(rows: list[Step]) -> list[dict[str, Any]]:
            return [{"player": s.player, "action": s.words,
                     "paid": dict(zip(PLAYERS, (money(p) for p in s.paid), strict=True)),
                     "pot": money(s.pot)} for s in rows]

        return {
            "hands": {p: {"dealt": d, "after_draw": a} for p, (d, a) in self.hands.items()},
            "table3": {kind: steps(r[0]) for kind, r in self.rounds.items()},
            "table4": {kind: steps(r[1]) for kind, r in self.rounds.items()},
            "table5": {p: {"ante": money(a), "total_bet": money(-i), "showdown": money(w),
                           "net": money(n)}
                       for p, a, i, w, n in zip(PLAYERS, self.antes, self.invested, self.won,
                                                self.net, strict=True)},
            "table6": {"beginning_pot": money(self.second_round_start),
                       **{p: {"total_bet": money(-i), "net": money(n)}
                          for p, i, n in zip("AB", self.second_round_invested,
                                             self.second_round_net, strict=True)}},
            "table7": {s.sequence: money(s.return_) for s in self.sequences},
        }


def _deal(game: GameSettings) -> Hand:
    cards = [c for p in ("B", "C", "A") for c in parse_cards(DEALT[p])] + parse_cards(STUB)
    return Hand(game, [game.starting_stack] * 3, cards)


def _apply(hand: Hand, player: str, action: str) -> None:
    p = POSITION[player]
    if hand.actor != p:
        raise AssertionError(f"the engine has position {hand.actor} to act, the patent {player}")
    if action == "bet":
        hand.bet_raise(hand.legal().max_raise_to)  # "one bet": the largest allowed
    elif action in ("call", "check"):
        hand.check_call()
    elif action == "fold":
        hand.fold()
    else:
        hand.draw(parse_cards(DISCARDS[player]))


def _paid(hand: Hand) -> list[int]:
    return [hand.antes[POSITION[p]] + hand.put_in[POSITION[p]] for p in PLAYERS]


def _play(game: GameSettings, script: tuple[tuple[str, str, str], ...]) -> tuple[Hand, list[Step]]:
    hand = _deal(game)
    rows = []
    for player, action, words in script:
        before = _paid(hand)
        _apply(hand, player, action)
        after = _paid(hand)
        if action != "draw":
            rows.append(Step(player, action, words,
                             tuple(dollars(b - a) for a, b in zip(before, after, strict=True)),
                             dollars(hand.pot)))
    return hand, rows


def _second_round_return(hand: Hand, paid_before: list[int], player: str) -> Fraction:
    k = PLAYERS.index(player)
    return dollars(hand.winnings[POSITION[player]] - (_paid(hand)[k] - paid_before[k]))


def patent_example() -> PatentExample:
    """Replay FIG. 2 and FIG. 3 in the $1 limit and the pot-limit game."""
    whole = FIRST_ROUND + DRAWS + SECOND_ROUND
    rounds: dict[str, tuple[list[Step], list[Step]]] = {}
    for kind in ("limit", "pot-limit"):
        game = example_game(kind)
        hand, rows = _play(game, whole)
        start = Step("", "ante", "Ante", tuple(dollars(game.ante) for _ in PLAYERS),
                     dollars(3 * game.ante))
        first = [start, *rows[: len(FIRST_ROUND)]]
        opening = Step("", "pot", "Beginning pot", (Fraction(0),) * 3, first[-1].pot)
        rounds[kind] = (first, [opening, *rows[len(FIRST_ROUND):]])
        if kind == "limit":
            limit_hand = hand
    hand = limit_hand
    assert hand.finished and hand.showdown
    game = hand.game
    invested = [_paid(hand)[k] for k in range(3)]
    won = [hand.winnings[POSITION[p]] for p in PLAYERS]
    net = [hand.payoffs[POSITION[p]] for p in PLAYERS]
    # The second round: replay to its start, then the patent's second round and A's options.
    before_hand, _ = _play(game, FIRST_ROUND + DRAWS)
    before = _paid(before_hand)
    second = [(_paid(hand)[k] - before[k]) for k in (0, 1)]
    sequences = []
    for name, actions in A_SEQUENCES.items():
        branch, _ = _play(game, FIRST_ROUND + DRAWS + (("B", "check", ""),)
                          + tuple((p, a, "") for p, a in actions))
        assert branch.finished
        sequences.append(ActionSequence(name, _second_round_return(branch, before, "A")))
    return PatentExample(
        hands={p: (format_cards(parse_cards(DEALT[p])), format_cards(hand.hole(POSITION[p])))
               for p in PLAYERS},
        rounds=rounds,
        antes=tuple(dollars(hand.antes[POSITION[p]]) for p in PLAYERS),
        invested=tuple(dollars(x) for x in invested),
        won=tuple(dollars(x) for x in won),
        net=tuple(dollars(x) for x in net),
        second_round_invested=tuple(dollars(x) for x in second),
        second_round_net=tuple(dollars(hand.winnings[POSITION[p]] - second[k])
                               for k, p in enumerate("AB")),
        second_round_start=dollars(before_hand.pot),
        sequences=sequences,
    )

