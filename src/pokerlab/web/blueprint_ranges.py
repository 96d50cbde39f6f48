"""The Ranges page: the heads-up no-limit blueprint's pre-flop ranges, as ``pokerlab nolimit
ranges`` shows them (a line chosen from the tree's pre-flop decisions, each listed with what was
played to reach it; a grid of each action's frequency per class, the reach grid, the sizes).

Nothing here knows poker: the lines are :func:`pokerlab.nolimit.ranges.preflop_lines`', a
decision's grids and sizes :func:`~pokerlab.nolimit.ranges.preflop_ranges`' (its
:meth:`~pokerlab.nolimit.ranges.PreflopRanges.as_dict`). The page reads the shipped blueprint
only (a path sent by a browser would read a file of the server's); the server loads it once,
at the first question (a few seconds: its betting tree is built by the engine).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import text


def lines() -> dict[str, Any]:
    """The blueprint's pre-flop decisions (:meth:`~pokerlab.nolimit.ranges.PreflopLine.as_dict`)."""
    from pokerlab.nolimit.blueprint import DEFAULT_BLUEPRINT, Blueprint
    from pokerlab.nolimit.ranges import preflop_lines

    return {"blueprint": DEFAULT_BLUEPRINT.name,
            "lines": [x.as_dict() for x in preflop_lines(Blueprint.load())]}


def ranges_view(body: dict[str, Any]) -> dict[str, Any]:
    """The grids and sizes of the decision at the request's ``line`` (a line the tree does not
    hold, or not before the flop: one line naming ``line``)."""
    from pokerlab.nolimit.blueprint import Blueprint
    from pokerlab.nolimit.ranges import preflop_ranges

    return preflop_ranges(Blueprint.load(), text(body, "line", ""), option="line").as_dict()


async def ranges_page(request: Request) -> Response:
    from pokerlab.cards.grid import GRID_CLASSES

    return page(request, "ranges.html", {"grid": GRID_CLASSES})


async def api_lines(request: Request) -> Response:
    return answer(await in_thread(lines))


async def api_ranges(request: Request) -> Response:
    return answer(await in_thread(ranges_view, await body_of(request)))


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/ranges", ranges_page),
        Route("/api/blueprint/lines", api_lines),
        Route("/api/blueprint/ranges", api_ranges, methods=["POST"]),
    ]
