"""The Push/fold page: a pre-flop all-in-or-fold spot solved as ``pokerlab pushfold solve``
solves it (stacks in the order players act, blinds, ante, payouts for the Independent Chip
Model, the heads-up small blind's limp or min-raise, the most players all-in, the target), and
the heads-up chart of ``pokerlab pushfold chart``.

Nothing here knows poker: the game is :class:`pokerlab.pushfold.game.PushFoldGame`'s (which
checks every setting; the typed lists are read by
:func:`~pokerlab.pushfold.game.read_numbers`), the solve
:func:`pokerlab.pushfold.solution.solve`'s, the decisions drawn
:func:`~pokerlab.pushfold.solution.shown_nodes`', the chart
:func:`pokerlab.pushfold.chart.headsup_chart`'s. A bad setting is refused before anything
runs (status 400, the library's one line). Both kinds of job run in the server's push/fold
worker processes (:mod:`pokerlab.web.worker_jobs`, :data:`TASK`; started when the page is
opened): a heads-up solve (a tenth of a second) comes back with the request, a solve of three
or more players (seconds to minutes) or a chart (about 20 s for the default grid) shows its
progress and can be stopped.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import integer, number, text
from pokerlab.web.worker_jobs import Progress, Task, job_routes, submit_and_wait

MAX_ITERATIONS = 100_000
"""Most DCFR iterations one solve may ask for."""

DEFAULT_ITERATIONS = 20_000
"""The command's ``--max-iterations``."""


def read_solve(body: dict[str, Any]) -> dict[str, Any]:
    """The solve a request asks for (:data:`TASK`'s question), every setting checked as the
    library checks it (``ValueError`` naming the setting and the value)."""
    from pokerlab.pushfold.game import PushFoldGame, read_blinds, read_numbers
    from pokerlab.pushfold.solution import DEFAULT_TARGET, check_settings

    small_blind, big_blind = read_blinds("blinds", text(body, "blinds", "0.5,1"))
    opening = text(body, "opening", "")
    settings = {
        "stacks": read_numbers("stacks", text(body, "stacks")),
        "small_blind": small_blind,
        "big_blind": big_blind,
        "ante": number(body, "ante", 0.0),
        "payouts": read_numbers("payouts", text(body, "payouts", "")),
        "opening": opening if opening and opening != "none" else None,
        "max_allin": integer(body, "max_allin", 3),
    }
    PushFoldGame(**settings)
    target = number(body, "target", DEFAULT_TARGET)
    max_iterations = integer(body, "max_iterations", DEFAULT_ITERATIONS, lo=1, hi=MAX_ITERATIONS)
    check_settings(target, max_iterations)
    return {"what": "solve", "game": settings, "target": target, "max_iterations": max_iterations}


def read_chart(body: dict[str, Any]) -> dict[str, Any]:
    """The heads-up chart a request asks for (:data:`TASK`'s question), checked as
    :func:`~pokerlab.pushfold.chart.chart_stacks` checks it."""
    from pokerlab.pushfold.chart import chart_stacks
    from pokerlab.pushfold.game import read_blinds

    small_blind, big_blind = read_blinds("blinds", text(body, "blinds", "0.5,1"))
    settings = {"max_stack": number(body, "max_stack", 50.0), "step": number(body, "step", 0.1),
                "min_stack": number(body, "min_stack", 1.0), "small_blind": small_blind,
                "big_blind": big_blind, "ante": number(body, "ante", 0.0)}
    chart_stacks(**settings)
    return {"what": "chart", "chart": settings}


def compute(progress: Progress, what: str, **question: Any) -> dict[str, Any]:
    """One job, in a worker process: a solve's :meth:`~PushFoldSolution.as_dict` with the
    decisions to draw (``shown``: for each action but the fold, each decision's line, the
    action, its share and each class's frequency), or
    the chart's :meth:`~HeadsUpChart.as_dict` with each class's label."""
    if what == "solve":
        return _solve(progress, **question)
    return _chart(progress, **question)


def _solve(progress: Progress, game: dict[str, Any], target: float, max_iterations: int) -> dict[str, Any]:
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.solution import shown_nodes, solve

    def report(iterations: int, gain: float | None) -> None:
        progress(iterations, max_iterations, None if gain is None else {"gain": gain})

    solution = solve(PushFoldGame(**game), target, max_iterations, progress=report)
    nodes = solution.game.tree().nodes
    shown = [{"node": k, "line": nodes[k].line, "action": nodes[k].actions[a], "share": solution.share(k, a),
              "frequency": solution.frequency(k, a)}
             for k in shown_nodes(solution) for a in range(1, len(nodes[k].actions))]  # all but the fold
    return solution.as_dict() | {"shown": shown}


def _chart(progress: Progress, chart: dict[str, Any]) -> dict[str, Any]:
    from pokerlab.pushfold.chart import headsup_chart

    c = headsup_chart(**chart, progress=progress)
    labels = {what: {name: c.label(stack) for name, stack in largest.items()}
              for what, largest in (("push", c.push), ("call", c.call))}
    return c.as_dict() | {"labels": labels}


def _load() -> None:
    """Solve a heads-up spot once: a worker loads the solver and its kernels before its first job."""
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.solution import solve

    solve(PushFoldGame((10, 10)))


TASK = Task(compute, kind="push/fold", name="pushfold", warm=_load)
"""What the server's push/fold worker processes compute."""


async def pushfold_page(request: Request) -> Response:
    from pokerlab.cards.grid import GRID_CLASSES
    from pokerlab.pushfold.game import MAX_PLAYERS, OPENINGS
    from pokerlab.pushfold.solution import DEFAULT_TARGET

    request.app.state.pushfold.warm()  # the workers load the solver while the spot is typed
    return page(request, "pushfold.html", {"grid": GRID_CLASSES, "max_players": MAX_PLAYERS,
                                           "openings": OPENINGS, "target": DEFAULT_TARGET,
                                           "max_iterations": DEFAULT_ITERATIONS, "most": MAX_ITERATIONS})


async def api_solve(request: Request) -> Response:
    asked = await in_thread(read_solve, await body_of(request))
    return answer(await submit_and_wait(request.app.state.pushfold, asked))


async def api_chart(request: Request) -> Response:
    asked = await in_thread(read_chart, await body_of(request))
    return answer(await submit_and_wait(request.app.state.pushfold, asked))


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/pushfold", pushfold_page),
        Route("/api/pushfold/solve", api_solve, methods=["POST"]),
        Route("/api/pushfold/chart", api_chart, methods=["POST"]),
        *job_routes("/api/pushfold/jobs", "pushfold"),
    ]
