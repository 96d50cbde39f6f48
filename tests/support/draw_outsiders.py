"""Five-card draw opponents written from general poker knowledge, outside pokerlab's bots.

Test opponents for ``draw-threshold``: none of them reads pokerlab's keep rules, ranges or
solutions, and none was tuned against the bots they play. They are loaded like any outside
bot (``--bot-module tests/support/draw_outsiders.py``). Seats: position 0 acts first, the
last position is the button (last to act in both rounds).

* ``outsider``: the whole outside bot of issue 30. Opens by position (first to act: jacks or
  better; middle: nines or better; the button: sevens or better), **steals** from the button
  when everyone checked to it (any pair, any four-card draw, an ace or a king high), defends
  a bet from the button with any pair; raises with two pair kings-up or better. Standard
  draws. Final round by how many cards the opponent drew: it bets for value with two pair
  when the opponent drew three or more, trips when it drew two or one, a straight when it
  stood pat; **bluffs** with nothing when the opponent drew three and checked (two times in
  three); calls a bet with a hand that beats the opponent's usual holding for that draw.
* ``outsider-opener``: the same opening by position, no steals, no bluffs.
* ``outsider-stealer``: opens jacks or better in any seat, steals from the button after
  checks with any hand, gives up after the draw without a pair of jacks.
* ``outsider-caller``: a loose caller: opens jacks or better, calls any bet with a pair or a
  four-card draw, and calls the final round with any pair.
* ``outsider-bluffer``: opens jacks or better, raises any two pair, and bets the final round
  whenever checked to (value with a pair of jacks or better, a bluff otherwise).
"""

from __future__ import annotations

from pokerlab.agents import Agent, Observation, register_bot
from pokerlab.engine import BET_RAISE, CHECK_CALL, DRAW, FOLD, Action

TWO, SEVEN, NINE, JACK, KING, ACE = 0, 5, 7, 9, 11, 12
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS = range(8)


def shape(cards: list[int]) -> tuple[int, int, list[int]]:
    """``(category, top rank of the category's cards, ranks by count then rank)``."""
    ranks = [c >> 2 for c in cards]
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    order = [r for _, r in counts]
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (distinct[-1] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12])
    top = counts[0][0]
    if straight or flush:
        return (FLUSH if flush else STRAIGHT), order[0], order
    if top == 4:
        return QUADS, order[0], order
    if top == 3:
        return (FULL if counts[1][0] == 2 else TRIPS), order[0], order
    if top == 2:
        return (TWO_PAIR if counts[1][0] == 2 else PAIR), order[0], order
    return HIGH, order[0], order


def four_card_draw(cards: list[int]) -> list[int] | None:
    """The four cards of a four-flush or an open-ended straight draw, or ``None``."""
    for suit in range(4):
        same = [c for c in cards if c & 3 == suit]
        if len(same) == 4:
            return same
    ranks = sorted({c >> 2 for c in cards})
    for low in ranks:
        run = [low + i for i in range(4)]
        if all(r in ranks for r in run) and low >= TWO and run[-1] < ACE:
            keep, seen = [], set()
            for c in cards:
                if c >> 2 in run and c >> 2 not in seen:
                    keep.append(c)
                    seen.add(c >> 2)
            return keep
    return None


def standard_discards(cards: list[int]) -> int:
    """Keep made hands, trips, two pair, a pair, a four-card draw, else an ace or the top
    card with the next one (the usual advice); the discard bits."""
    category, _, order = shape(cards)
    if category >= STRAIGHT and category != TRIPS:
        return 0
    if category in (TRIPS, TWO_PAIR, PAIR):
        keep = {r for r in order if [c >> 2 for c in cards].count(r) >= 2}
        return sum(1 << i for i, c in enumerate(cards) if c >> 2 not in keep)
    draw = four_card_draw(cards)
    if draw is not None:
        return sum(1 << i for i, c in enumerate(cards) if c not in draw)
    ranked = sorted(range(5), key=lambda i: cards[i], reverse=True)
    kept = ranked[:2] if cards[ranked[0]] >> 2 == ACE and cards[ranked[1]] >> 2 == KING else ranked[:1]
    return sum(1 << i for i in range(5) if i not in kept)


def at_least(cards: list[int], category: int, rank: int = TWO) -> bool:
    """Whether the hand is ``category`` with its top rank ``rank`` or better, or any better category."""
    c, top, _ = shape(cards)
    return c > category or (c == category and top >= rank)


def opponent_draws(observation: Observation) -> list[int]:
    """How many cards each live opponent drew (this hand)."""
    live = observation.live
    return [n for _, p, kind, n in observation.actions
            if kind == DRAW and p != observation.position and live[p]]


def first_round_bets(observation: Observation) -> list[int]:
    """Positions that bet or raised in the first round."""
    return [p for s, p, kind, _ in observation.actions if s == 0 and kind == BET_RAISE]


def bet(observation: Observation) -> Action:
    legal = observation.legal
    return Action(BET_RAISE, legal.min_raise_to) if legal.can_raise else Action(CHECK_CALL)


def call_or_fold(observation: Observation, call: bool) -> Action:
    if call or not observation.to_call:
        return Action(CHECK_CALL)
    return Action(FOLD)


class OutsideDrawBot(Agent):
    """The common frame: draw by :func:`standard_discards`; subclasses bet."""

    variants = ("five-card-draw",)
    uses_rng = True
    steals = True
    bluffs = True

    def act(self, observation: Observation) -> Action:
        if observation.legal.max_discards:
            return Action(DRAW, standard_discards(observation.hole))
        if observation.street == 0:
            return self.first_round(observation)
        return self.final_round(observation)

    def last_seat(self, observation: Observation) -> bool:
        return observation.position == observation.players - 1

    def opening(self, observation: Observation) -> bool:
        hole = observation.hole
        p, n = observation.position, observation.players
        need = JACK if p == 0 else (SEVEN if p == n - 1 else NINE)
        return at_least(hole, PAIR, need)

    def steal(self, observation: Observation) -> bool:
        hole = observation.hole
        return (at_least(hole, PAIR) or four_card_draw(hole) is not None
                or max(c >> 2 for c in hole) >= KING)

    def first_round(self, observation: Observation) -> Action:
        hole = observation.hole
        bets = first_round_bets(observation)
        if not bets:
            checked_round = self.last_seat(observation) and observation.players > 1
            if self.opening(observation) or (self.steals and checked_round and self.steal(observation)):
                return bet(observation)
            return Action(CHECK_CALL)
        if len(bets) == 1:
            if at_least(hole, TWO_PAIR, KING):
                return bet(observation)
            stolen = bets[0] == observation.players - 1 and observation.position < bets[0]
            need = TWO if stolen else NINE
            return call_or_fold(observation, at_least(hole, PAIR, need) or (
                four_card_draw(hole) is not None and not stolen))
        if at_least(hole, TRIPS):
            return bet(observation)
        return call_or_fold(observation, at_least(hole, TWO_PAIR))

    def final_round(self, observation: Observation) -> Action:
        hole = observation.hole
        drew = opponent_draws(observation)
        fewest = min(drew) if drew else 3
        value_at = {0: (STRAIGHT, TWO), 1: (TRIPS, TWO), 2: (TRIPS, TWO)}.get(fewest, (TWO_PAIR, TWO))
        call_at = {0: (TRIPS, TWO), 1: (PAIR, NINE), 2: (TWO_PAIR, TWO)}.get(fewest, (PAIR, KING))
        if observation.to_call == 0:
            if at_least(hole, *value_at):
                return bet(observation)
            checked_to = any(s == 1 and kind == CHECK_CALL for s, _, kind, _ in observation.actions)
            if (self.bluffs and fewest >= 3 and checked_to and shape(hole)[0] == HIGH
                    and self.rng.random() < 2 / 3):
                return bet(observation)
            return Action(CHECK_CALL)
        if observation.raises_this_round == 1 and at_least(hole, value_at[0] + 1):
            return bet(observation)
        return call_or_fold(observation, at_least(hole, *call_at))


@register_bot("outsider", "outside draw bot: openers by position, button steals, final round by "
                          "the opponent's draw, bluffs after a three-card draw and a check")
class Outsider(OutsideDrawBot):
    """The whole outside bot (see the module)."""


@register_bot("outsider-opener", "outside draw bot: openers by position, no steals or bluffs")
class OutsiderOpener(OutsideDrawBot):
    """Openers by position only."""

    steals = False
    bluffs = False


@register_bot("outsider-stealer", "outside draw bot: jacks to open, steals any hand from the button")
class OutsiderStealer(OutsideDrawBot):
    """Steals every checked pot from the button; honest otherwise."""

    bluffs = False

    def opening(self, observation: Observation) -> bool:
        return at_least(observation.hole, PAIR, JACK)

    def steal(self, observation: Observation) -> bool:
        return True

    def final_round(self, observation: Observation) -> Action:
        if at_least(observation.hole, PAIR, JACK):
            return super().final_round(observation)
        return call_or_fold(observation, False)


@register_bot("outsider-caller", "outside draw bot: a loose caller (any pair or draw calls)")
class OutsiderCaller(OutsideDrawBot):
    """Calls a lot, bets little."""

    steals = False
    bluffs = False

    def opening(self, observation: Observation) -> bool:
        return at_least(observation.hole, PAIR, JACK)

    def first_round(self, observation: Observation) -> Action:
        if not first_round_bets(observation):
            return bet(observation) if self.opening(observation) else Action(CHECK_CALL)
        hole = observation.hole
        return call_or_fold(observation, at_least(hole, PAIR) or four_card_draw(hole) is not None)

    def final_round(self, observation: Observation) -> Action:
        hole = observation.hole
        if observation.to_call == 0:
            return bet(observation) if at_least(hole, TWO_PAIR) else Action(CHECK_CALL)
        return call_or_fold(observation, at_least(hole, PAIR))


@register_bot("outsider-bluffer", "outside draw bot: bets the final round whenever checked to")
class OutsiderBluffer(OutsideDrawBot):
    """Aggressive: raises two pair before the draw, bets every checked final round."""

    steals = False

    def opening(self, observation: Observation) -> bool:
        return at_least(observation.hole, PAIR, JACK)

    def final_round(self, observation: Observation) -> Action:
        hole = observation.hole
        if observation.to_call == 0:
            return bet(observation)
        if observation.raises_this_round == 1 and at_least(hole, TRIPS):
            return bet(observation)
        return call_or_fold(observation, at_least(hole, PAIR, JACK))
