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
"""

from __future__ import annotations

from typing import Any

from pokerlab.agents.base import Observation
from pokerlab.engine.hand import STREET_NAMES


def coach(view: Observation) -> dict[str, Any]:
    """The coach's numbers for the player of ``view`` at its turn.

    Returns ``street``, ``opponents`` (live), ``to_call``, ``pot``, ``pot_odds`` (``None`` when
    checking is free), and after the flop ``hs``, ``hs_n``, ``ppot``, ``npot``,
    ``cards_to_come``, ``ehs`` (``None`` pre-flop), and ``river``: ``{"action", "strength",
    "pot_in_bets", "player"}`` on a heads-up limit river, else ``None``.
    """
    from pokerlab.strength import effective_hand_strength, pot_odds

    legal = view.legal
    out: dict[str, Any] = {
        "street": STREET_NAMES[view.street], "opponents": view.opponents_live, "to_call": legal.to_call,
        "pot": view.pot, "pot_odds": pot_odds(legal.to_call, view.pot) if legal.to_call else None,
        "hs": None, "hs_n": None, "ppot": None, "npot": None, "cards_to_come": None, "ehs": None,
        "river": None,
    }
    if not view.board:
        return out
    e = effective_hand_strength(view.hole, view.board, opponents=max(1, view.opponents_live))
    out.update(hs=e.hs, hs_n=e.hs_n, ppot=e.ppot, npot=e.npot, cards_to_come=e.cards_to_come, ehs=e.ehs)
    if view.game.is_limit:
        from pokerlab.agents.threshold_bot import river_advice

        advice = river_advice(view, e.hs)
        if advice is not None:
            out["river"] = {"action": advice.action, "strength": advice.strength,
                            "pot_in_bets": advice.pot, "player": advice.player}
    return out
