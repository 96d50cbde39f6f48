"""Warm-up before a timed match: every registered bot decides on every street from every
position in private hands, and an ACPC player is warmed up before it connects."""

from __future__ import annotations

import pytest

from pokerlab.agents.registry import available
from pokerlab.arena.warmup import warm_up
from pokerlab.engine import GameSettings


@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_decides_on_every_street_from_every_position(players):
    for bot, description in available().items():
        if description.startswith("five-card draw"):
            game = GameSettings.preset("limit", variant="five-card-draw")
        else:
            game = GameSettings.preset("no-limit" if bot.startswith("waterloo") else "limit")
        done = warm_up(bot, game, players=players)
        assert done.complete, (bot, sorted(done.wanted - done.decided))
        assert done.hands <= 60


def test_a_bot_that_never_plays_on_stops_at_the_limit():
    from pokerlab.agents.base import Agent
    from pokerlab.agents.registry import register_bot, unregister_bot
    from pokerlab.engine.hand import FOLD_ACTION

    @register_bot("always-folds", "folds")
    class Folder(Agent):
        def act(self, observation):
            return FOLD_ACTION

    try:
        done = warm_up("always-folds", GameSettings.preset("limit"), max_hands=7)
    finally:
        unregister_bot("always-folds")
    assert done.hands == 7 and not done.complete


def test_acpc_players_are_warmed_up_before_they_connect(monkeypatch):
    from pokerlab.acpc import standard_game
    from pokerlab.acpc.players import make_player
    from pokerlab.arena import warmup

    calls = []
    monkeypatch.setattr(warmup, "warm_up", lambda bot, game, players: calls.append((bot, players)))
    make_player("loki-a", standard_game("limit"))
    make_player("equilibrium", standard_game("kuhn3"))  # no kernels to warm
    make_player("raiser", standard_game("limit"), warm=False)
    assert calls == [("loki-a", 2)]
