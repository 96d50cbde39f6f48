"""Built-in games: Kuhn and Leduc (any number of players), Ferguson's endgame, discretised
dividing-point games."""

from pokerlab.equilibrium.games.discretised import discretised_game
from pokerlab.equilibrium.games.endgame import endgame
from pokerlab.equilibrium.games.kuhn import kuhn
from pokerlab.equilibrium.games.leduc import leduc

__all__ = ["discretised_game", "endgame", "kuhn", "leduc"]
