"""The coach: the numbers the papers' bots decide with, for a person's decision.

Hand strength against the live opponents (HS and HS_n), the potentials (PPOT, NPOT: two cards
to come on the flop, one on the turn), effective hand strength (EHS), and pot odds, as
:func:`pokerlab.strength.effective_hand_strength` and :func:`pokerlab.strength.pot_odds`
compute them against uniformly weighted opponents; on a heads-up river of a limit game, the
action the patent's dividing-point solution takes with the hand's strength as its rank
(:func:`pokerlab.agents.threshold_bot.river_advice`, what the threshold bot plays).

Examples
--------
>>> from pokerlab.agents.base import Observation
>>> from pokerlab.cards import parse_cards
>>> from pokerlab.engine import GameSettings, Hand
>>> hand = Hand(GameSettings.preset("limit"), [1000, 1000],
...             parse_cards("Ad Qc  7c 2d  3h 4c Jh 9s 2h"))
>>> hand.check_call(); hand.check_call()          # pre-flop done: the flop 3h 4c Jh
>>> advice = coach(Observation(hand, position=hand.actor))
>>> round(advice["hs"], 3), round(advice["ppot"], 3), advice["pot_odds"], advice["river"]
(0.585, 0.208, None, None)
>>> advice["note"] is None, advice["river_note"] is None  # every number is there
(True, True)
>>> advice["advice"]
'EHS 0.67 is 0.50 or more: likely ahead now or later; bet'

Before the flop the advice comes from Loki's income-rate tables (IR2 against one opponent,
IR4 against two or three, IR7 against more), in bets won or lost per hand played:

>>> hand = Hand(GameSettings.preset("limit"), [1000, 1000], parse_cards("Ad Qc  7c 2d  3h 4c Jh 9s 2h"))
>>> advice = coach(Observation(hand, position=hand.actor))
>>> print(advice["advice"])  # doctest: +NORMALIZE_WHITESPACE
72o: income rate -0.31 bets a hand against 1 opponent (better than 4% of starting hands):
playing it loses on average; fold unless checking is free
>>> advice["note"]
'pre-flop: hand strength and potential start on the flop'

The numbers are hold'em's:

>>> from pokerlab.engine.variants import FIVE_CARD_DRAW, TEXAS_HOLDEM
>>> unsupported(TEXAS_HOLDEM), unsupported(FIVE_CARD_DRAW)
(None, "the coach's numbers are hold'em's, not five-card-draw's")
"""

from __future__ import annotations

from typing import Any

from pokerlab.agents.base import Observation
from pokerlab.engine.hand import STREET_NAMES
from pokerlab.engine.variants import Variant

RIVER = len(STREET_NAMES) - 1
"""Hold'em's last street, where the dividing-point advice may speak."""
RIVER_ONLY = "dividing-point advice: heads-up limit rivers within the patent game's betting only"


def unsupported(rules: Variant) -> str | None:
    """Why the coach has no numbers in the variant ``rules``, or ``None`` when it has: HS,
    the potentials and the income-rate tables are hold'em's (two hole cards, five on the
    board, no draw, high hands)."""
    if (rules.hole_cards, rules.board_cards, rules.draws, rules.evaluator) == (2, 5, False, "high"):
        return None
    return f"the coach's numbers are hold'em's, not {rules.name}'s"


def coach(view: Observation) -> dict[str, Any]:
    """The coach's numbers for the player of ``view`` at its turn.

    Returns ``street``, ``opponents`` (live), ``to_call``, ``pot``, ``pot_odds`` (``None`` when
    checking is free); before the flop ``preflop``: ``{"class", "income_rate", "table",
    "better_than"}`` (income rate in bets a hand; the share of starting hands it beats in that
    table), after the flop ``hs``, ``hs_n``, ``ppot``, ``npot``, ``cards_to_come``, ``ehs``
    (``None`` pre-flop), and ``river``: ``{"action", "strength", "pot_in_bets", "player"}`` on
    a heads-up limit river, else ``None``; and ``advice``: what the numbers mean for the
    decision, in plain words (:func:`advice_text`); ``note``, which numbers are missing and
    why (pre-flop), and ``river_note``, why a river has no dividing-point advice (else
    ``None``).
    """
    from pokerlab.strength import effective_hand_strength, pot_odds

    legal = view.legal
    out: dict[str, Any] = {
        "street": STREET_NAMES[view.street], "opponents": view.opponents_live, "to_call": legal.to_call,
        "pot": view.pot, "pot_odds": pot_odds(legal.to_call, view.pot) if legal.to_call else None,
        "preflop": None, "hs": None, "hs_n": None, "ppot": None, "npot": None, "cards_to_come": None,
        "ehs": None, "river": None, "note": None, "river_note": None,
    }
    if not view.board:
        out["note"] = "pre-flop: hand strength and potential start on the flop"
        out["preflop"] = _preflop(view.hole, max(1, view.opponents_live))
        out["advice"] = advice_text(out)
        return out
    e = effective_hand_strength(view.hole, view.board, opponents=max(1, view.opponents_live))
    out.update(hs=e.hs, hs_n=e.hs_n, ppot=e.ppot, npot=e.npot, cards_to_come=e.cards_to_come, ehs=e.ehs)
    if view.game.is_limit:
        from pokerlab.agents.threshold_bot import river_advice

        advice = river_advice(view, e.hs)
        if advice is not None:
            out["river"] = {"action": advice.action, "strength": advice.strength,
                            "pot_in_bets": advice.pot, "player": advice.player}
    if view.street == RIVER and out["river"] is None:
        out["river_note"] = RIVER_ONLY
    out["advice"] = advice_text(out)
    return out


def _income_table(opponents: int) -> str:
    return "loki-ir2" if opponents == 1 else ("loki-ir4" if opponents <= 3 else "loki-ir7")


def _preflop(hole: list[int], opponents: int) -> dict[str, Any]:
    """The hole cards' class, income rate and standing in Loki's table for ``opponents``."""
    from pokerlab.cards import class_of
    from pokerlab.strength.preflop_tables import load_table

    name = _income_table(opponents)
    table = load_table(name)
    every = table.combo_values()
    mine = table.value_of_cards(*hole)
    return {"class": class_of(*hole), "income_rate": mine / 1000, "table": name,
            "better_than": float((every < mine).mean())}


BET = 0.50
"""EHS from which Loki bets (and calls a bet) after the flop."""
RAISE = 0.85
"""EHS from which Loki raises."""


def advice_text(numbers: dict[str, Any]) -> str:
    """What the coach's ``numbers`` mean for the decision, in plain words.

    Before the flop the income rate says whether playing the hand wins or loses on average.
    After it, facing a bet, EHS (the chance to have or make the best hand) against the pot odds
    (the share of the final pot a call pays) says whether calling wins or loses on average;
    with checking free, EHS against Loki's thresholds (0.50 bet, 0.85 raise).

    Examples
    --------
    >>> advice_text({"preflop": None, "ehs": 0.27, "pot_odds": 1 / 3, "river": None, "opponents": 1})
    'EHS 0.27 is below the pot odds 0.33: calling loses on average; fold'
    """
    pre = numbers.get("preflop")
    if pre is not None:
        rate = pre["income_rate"]
        n = numbers["opponents"]
        head = (f"{pre['class']}: income rate {rate:+.2f} bets a hand against {n} "
                f"opponent{'s' if n != 1 else ''} (better than {pre['better_than']:.0%} of starting hands)")
        if rate > 0:
            return f"{head}: playing it wins on average"
        return f"{head}: playing it loses on average; fold unless checking is free"
    ehs, odds = numbers["ehs"], numbers["pot_odds"]
    if odds is not None:
        if ehs >= odds:
            text = f"EHS {ehs:.2f} is above the pot odds {odds:.2f}: calling wins on average"
            if ehs >= RAISE:
                text += f"; with EHS {RAISE:.2f} or more, raise"
        else:
            text = f"EHS {ehs:.2f} is below the pot odds {odds:.2f}: calling loses on average; fold"
    elif ehs >= RAISE:
        text = f"EHS {ehs:.2f} is {RAISE:.2f} or more: very likely ahead; bet"
    elif ehs >= BET:
        text = f"EHS {ehs:.2f} is {BET:.2f} or more: likely ahead now or later; bet"
    else:
        text = f"EHS {ehs:.2f} is below {BET:.2f}: likely behind; check"
    river = numbers.get("river")
    if river is not None:
        text += f" (the dividing-point solution would {river['action']})"
    return text
