"""Loki's betting after the flop (Papp 1998, §6.2-6.5): a cascade tried in priority order.

1. **Check-raise** (off by default; the thesis gives no trigger): with a Make2 hand, no bet
   yet and an opponent still to act, check; the EHS' rule raises the bet when it comes.
2. **EHS'** = HS_n + (1 - HS_n) PPOT. EHS' >= 0.85 (a *Make2* hand): raise while fewer than two
   bets were made this round, then call. 0.50 <= EHS' < 0.85 (*Make1*): bet when nobody has
   bet, else call, except facing two or more bets without having called a bet this round,
   which goes on to the fall-backs.
3. **Semi-bluff**, facing no bet: bet when PPOT >= Pot_Odds2 = 2b / (pot + 6b) (Eq. 6.5);
   after a semi-bluff keep betting in later rounds while no other player bets or raises.
4. **Pot odds**, facing a bet: call when PPOT (before the river) or HS_n (on it) reaches
   to_call / (pot + to_call).
5. **Showdown odds**, the last call: the chance of winning at the showdown (EHS, NPOT
   included) against cost / final pot, counting one bet per later round (our reading of a
   lost formula, ``docs/loki.md``).
6. Otherwise check when free, else fold.

:func:`postflop_decision` returns the action and the rule that chose it.

Examples
--------
The thesis's river example: 20% to win, a $4 bet into a $20 pot: 4 / 24 = 0.167, call (worth
+$0.80); with a $12 pot 4 / 16 = 0.25, fold (worth -$0.80).

>>> from pokerlab.agents.loki.config import LokiConfig
>>> c = LokiConfig(showdown_odds=False)
>>> river = Situation(ehs=0.2, hs_n=0.2, ppot=0.0, npot=0.0, to_call=4, pot=20, bet=4, level=1,
...                   street=3)
>>> postflop_decision(river, c), round(pot_odds(4, 20), 3)
(('call', 'pot-odds'), 0.167)
>>> from dataclasses import replace
>>> postflop_decision(replace(river, pot=12), c)
('fold', 'fold')
>>> round(pot_odds2(pot=6, bet=1), 3)     # the thesis's Eq. 6.5 with a pot of six bets
0.167
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerlab.agents.loki.config import LokiConfig


@dataclass(frozen=True)
class Situation:
    """What the post-flop cascade looks at (chips for amounts).

    Attributes
    ----------
    ehs, hs_n, ppot, npot
        EHS' (HS_n + (1 - HS_n) PPOT), HS_n and the potentials (0 on the river).
    to_call, pot, bet
        The call's price, the pot (every bet in front of Loki included) and this round's bet.
    level
        Bets and raises made this round (Loki's own included).
    street
        1 flop, 2 turn, 3 river.
    called
        Loki has called a bet earlier in this round.
    future
        Sum of one bet of each later round (the showdown odds' future bets).
    follow_up
        A semi-bluff of an earlier round is still unanswered (no other player has bet since).
    opponents_to_act
        Opponents still in who have not acted in this round (check-raise only).
    can_raise
        A bet or raise is legal.
    """

    ehs: float
    hs_n: float
    ppot: float
    npot: float
    to_call: int
    pot: int
    bet: int
    level: int
    street: int
    called: bool = False
    future: int = 0
    follow_up: bool = False
    opponents_to_act: int = 0
    can_raise: bool = True


def pot_odds(to_call: float, pot: float) -> float:
    """``to_call / (pot + to_call)``: the share of the final pot a call pays [RECON of Eq. 6.6]."""
    return to_call / (pot + to_call)


def pot_odds2(pot: float, bet: float) -> float:
    """Eq. 6.5: ``2 bet / (pot + 4 bet + 2 bet)``, the price of a bet that may be raised once."""
    return 2.0 * bet / (pot + 6.0 * bet)


def showdown_odds(to_call: float, pot: float, future: float) -> float:
    """Cost of reaching the showdown over the final pot, with ``future`` chips bet by an
    opponent and called by Loki in the later rounds."""
    return (to_call + future) / (pot + to_call + 2.0 * future)


def postflop_decision(s: Situation, config: LokiConfig) -> tuple[str, str]:
    """``(action, rule)``: the action (``'raise'`` for a bet or raise, ``'call'``, ``'check'``,
    ``'fold'``) and the rule of the cascade that chose it.

    Examples
    --------
    >>> c = LokiConfig()
    >>> flop = Situation(ehs=0.9, hs_n=0.9, ppot=0.1, npot=0.1, to_call=0, pot=40, bet=10,
    ...                  level=0, street=1)
    >>> postflop_decision(flop, c)
    ('raise', 'make2')
    >>> from dataclasses import replace
    >>> postflop_decision(replace(flop, ehs=0.6, to_call=10, level=1), c)  # a Make1 hand calls
    ('call', 'make1')
    >>> postflop_decision(replace(flop, ehs=0.3, ppot=0.2), c)             # 0.2 >= 2/(40/10 + 6)
    ('raise', 'semi-bluff')
    """
    simple = config.betting == "simple"
    ehs = s.hs_n if simple else s.ehs
    if config.check_raise and not simple and s.to_call == 0 and s.level == 0 \
            and ehs >= config.ehs_make2 and s.opponents_to_act > 0:
        return "check", "check-raise"
    bets_to_call = round(s.to_call / s.bet) if s.bet else 0
    if ehs >= config.ehs_make2:
        if s.level < 2 and s.can_raise:
            return "raise", "make2"
        return ("call" if s.to_call else "check"), "make2"
    if ehs >= config.ehs_make1:
        if s.to_call == 0:
            return ("raise" if s.can_raise else "check"), "make1"
        if bets_to_call < 2 or s.called:
            return "call", "make1"
    if not simple:
        if s.to_call == 0 and config.semi_bluffing and s.can_raise:
            if s.follow_up and config.semi_bluff_follow_up and (
                    s.street < 3 or config.follow_up_on_river):
                return "raise", "follow-up"
            if s.ppot >= pot_odds2(s.pot / s.bet, 1.0):
                return "raise", "semi-bluff"
        if s.to_call > 0 and config.pot_odds:
            chance = s.hs_n if s.street == 3 else s.ppot
            if chance >= pot_odds(s.to_call, s.pot):
                return "call", "pot-odds"
        if s.to_call > 0 and config.showdown_odds:
            win = s.hs_n + (1.0 - s.hs_n) * s.ppot - s.hs_n * s.npot
            if win >= showdown_odds(s.to_call, s.pot, s.future):
                return "call", "showdown-odds"
    return ("check", "check") if s.to_call == 0 else ("fold", "fold")
