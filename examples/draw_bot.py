"""A five-card draw bot written outside pokerlab, loaded with ``--bot-module``.

Run a match against it from the command line (every worker loads this file)::

    pokerlab match example-draw draw-threshold --variant five-card-draw --duplicate \\
        --hands 2000 --workers 2 --bot-module examples/draw_bot.py

or run this file to play a short match from Python (``python examples/draw_bot.py``).

The draw interface, as this bot uses it:

* ``observation.street`` is 0 for the first betting round and 1 for the draw *and* the final
  round after it; ``observation.legal.max_discards`` is above 0 exactly at the player's draw.
* At the draw, answer ``Action(DRAW, mask)``: bit ``i`` of ``mask`` discards
  ``observation.hole[i]`` (``0`` stands pat; ``CHECK_CALL`` stands pat too).
* Everyone's draw is in ``observation.actions`` as ``(street, position, DRAW, count)``:
  the number of cards drawn (not which ones). ``observation.hole`` holds the new cards after
  the draw.
"""

from __future__ import annotations

from pokerlab.agents import Agent, Observation, register_bot
from pokerlab.engine import BET_RAISE, CHECK_CALL, DRAW, FOLD, Action
from pokerlab.evaluate import evaluate

PAIR_OF_JACKS = evaluate([36, 37, 8, 4, 0])  # Jc Jd 4c 3c 2c


@register_bot("example-draw", "example: opens any pair, keeps pairs, bets after the draw when "
                              "the opponent drew three or more")
class ExampleDraw(Agent):
    """Opens with any pair, draws to pairs and trips, bets the final round when the opponent
    drew three or more cards and it holds jacks or better."""

    variants = ("five-card-draw",)

    def act(self, observation: Observation) -> Action:
        hole = observation.hole
        ranks = [c >> 2 for c in hole]
        if observation.legal.max_discards:  # the draw: keep every card that pairs
            mask = 0
            for i, r in enumerate(ranks):
                if ranks.count(r) == 1:
                    mask |= 1 << i
            return Action(DRAW, 0 if mask == 0b11111 else mask)
        value = evaluate(hole)
        if observation.street == 0:
            paired = len(set(ranks)) < 5
            if paired and observation.legal.can_raise and observation.raises_this_round == 0:
                return Action(BET_RAISE, observation.legal.min_raise_to)
            return Action(CHECK_CALL) if paired or not observation.to_call else Action(FOLD)
        drew = [count for street, position, kind, count in observation.actions
                if kind == DRAW and position != observation.position]
        strong = value >= PAIR_OF_JACKS
        if strong and drew and max(drew) >= 3 and observation.legal.can_raise:
            return Action(BET_RAISE, observation.legal.min_raise_to)
        return Action(CHECK_CALL) if strong or not observation.to_call else Action(FOLD)


if __name__ == "__main__":
    from pokerlab.arena import MatchConfig, MatchStore, run_match
    from pokerlab.engine import GameSettings

    config = MatchConfig(bots=("example-draw", "draw-rules"), hands=400,
                         game=GameSettings.preset("limit", "five-card-draw"), duplicate=True, seed=1)
    for r in run_match(config, MatchStore(":memory:")).results:
        print(f"{r.bot}: {r.per_hand:+.3f} sb/hand, 95% CI [{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]")
