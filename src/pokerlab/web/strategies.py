"""The Strategies page: a dividing-point game (built-in, shipped or pasted as TOML) solved at the
numbers the sliders give, with its picture.

The solution is :func:`pokerlab.threshold.reporting.report.solve_report`, called as ``pokerlab solve``
calls it (the pot as ``pot``, other symbols as ``params``), so the page shows the command's
numbers; the picture is :func:`pokerlab.threshold.reporting.picture.picture`, which ``--plot`` draws.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import MAX_BODY, mapping, text

PASTED = "pasted game"
"""How error messages name a pasted game file."""


def _game(body: dict[str, Any]) -> Any:
    """The game a request names (``game``: a name the page lists) or pastes (``toml``)."""
    from pokerlab.gamespec import available_games, game_from_toml, load_game

    if "toml" in body:
        game = game_from_toml(text(body, "toml", max_length=MAX_BODY), PASTED)
    else:
        name = text(body, "game")
        games = available_games()
        if name not in games:  # only listed names: a path would read a file of the server's
            raise ValueError(f"game: unknown game {name!r} (known: {', '.join(games)})")
        game = load_game(name)
    if game.players != 2:  # the page draws the unit square; the cube is pokerlab solve's
        raise ValueError(
            f"game: {game.name!r} has {game.players} players; this page shows games of two "
            f"(pokerlab solve {game.name} --pot 3 solves it)"
        )
    return game


def two_player_games() -> dict[str, str]:
    """The games the page lists: every loadable game of two players, with its description."""
    from pokerlab.gamespec import BUILTIN_GAMES, available_games

    return {
        name: text
        for name, text in available_games().items()
        if BUILTIN_GAMES.get(name, {}).get("players", 2) == 2
    }


def describe_game(body: dict[str, Any]) -> dict[str, Any]:
    """Name, description, pot and symbols of the requested game (what the sliders move)."""
    game = _game(body)
    return {"name": game.name, "description": game.description, "pot": str(game.pot),
            "parameters": [symbol.name for symbol in game.parameters()]}


def solve_game(body: dict[str, Any]) -> dict[str, Any]:
    """``pokerlab solve``'s report of the requested game at the requested numbers, with the
    picture when every symbol has a number."""
    from pokerlab.threshold.reporting.picture import picture
    from pokerlab.threshold.reporting.report import solve_report

    game = _game(body)
    values = mapping(body, "params")
    pot = values.pop("P", None)
    report = solve_report(game, pot=pot, params=values)
    solution = report.pop("_solution")
    report["params"] = {"P": pot, **values} if pot is not None else values
    report["picture"] = None if solution.symbolic else picture(solution)
    return report


async def strategies_page(request: Request) -> Response:
    return page(request, "strategies.html", {"games": await in_thread(two_player_games)})


async def api_game(request: Request) -> Response:
    return answer(await in_thread(describe_game, await body_of(request)))


async def api_solve(request: Request) -> Response:
    return answer(await in_thread(solve_game, await body_of(request)))


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/strategies", strategies_page),
        Route("/api/strategies/game", api_game, methods=["POST"]),
        Route("/api/strategies/solve", api_solve, methods=["POST"]),
    ]
