"""The Models page: a classic model solved in closed form at the numbers the form gives, checked
by its independent engine (:func:`pokerlab.models.report.model_report`, as ``pokerlab model``),
with the papers' number lines (:func:`pokerlab.models.plot.number_lines`, as ``--plot``)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import boolean, mapping, text


def solve_model(body: dict[str, Any]) -> dict[str, Any]:
    """``pokerlab model``'s report of the requested model, with its number lines."""
    from pokerlab.models.plot import number_lines
    from pokerlab.models.report import model_report

    name = text(body, "model")
    items = [f"{key}={value}" for key, value in mapping(body, "params").items()]
    data, solution, _ = model_report(name, items, check=boolean(body, "check", True))
    data["lines"] = number_lines(solution)
    return data


async def models_page(request: Request) -> Response:
    from pokerlab.models.report import catalogue

    return page(request, "models.html", {"catalogue": await in_thread(catalogue)})


async def api_solve(request: Request) -> Response:
    return answer(await in_thread(solve_model, await body_of(request)))


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/models", models_page),
        Route("/api/models/solve", api_solve, methods=["POST"]),
    ]
