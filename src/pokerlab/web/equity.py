"""The Equity page: a range editor per player (2 to 6), board and dead cards, exact or Monte
Carlo, each player's equity, win and tie shares, and the first hand's equity against each
class of the second player's range.

The question is :func:`pokerlab.strength.equity_report.equity_report`'s, the one ``pokerlab
equity`` asks, so the page shows the command's numbers. It runs in the server's equity worker
processes (:mod:`pokerlab.web.equity_jobs`): the page submits it, watches its progress and can
stop it. Each player's range editor asks :mod:`pokerlab.web.ranges`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import boolean, integer, text, texts
from pokerlab.web.ranges import MAX_RANGE_TEXT

MAX_PLAYERS = 6
"""Most players the page seats (PokerStove's and Equilab's six; the library takes ten)."""

MODES = {"auto": None, "exact": True, "monte-carlo": False}
"""How to compute: exact when quick, else Monte Carlo; always exact; always Monte Carlo."""

MAX_SAMPLES = 100_000_000
"""Most Monte Carlo showdowns one request may ask for (about half a minute on two cores)."""

FIRST_WAIT = 0.5
"""Seconds a request to compute waits for the answer before answering with the job's progress."""


def question(body: dict[str, Any]) -> dict[str, Any]:
    """The computation a request asks for, as :func:`equity_report`'s keyword arguments, checked
    as the computation checks it (``ValueError`` naming the field and the value)."""
    from pokerlab.strength.equity_report import read_question

    players = texts(body, "players", most=MAX_PLAYERS, max_length=MAX_RANGE_TEXT)
    if len(players) < 2:
        raise ValueError(f"players: give 2 to {MAX_PLAYERS} players, got {len(players)}")
    board = text(body, "board", "", max_length=60)
    dead = text(body, "dead", "", max_length=120)
    mode = text(body, "mode", "auto")
    if mode not in MODES:
        raise ValueError(f"mode: one of {', '.join(MODES)}, not {mode!r}")
    samples = integer(body, "samples", 1_000_000, lo=1_000, hi=MAX_SAMPLES)
    seed = body.get("seed")
    seed = None if seed in (None, "") else integer(body, "seed", lo=0, hi=2**62)
    grid = boolean(body, "grid", True)
    for k, player in enumerate(players, 1):
        if not player.strip():
            raise ValueError(f"player {k}: empty; give two cards (AhKh) or a range (QQ+, AKs)")
    read_question(players, board, dead)  # each field named, then the checks between them
    exact = MODES[mode]
    return {"players": players, "board": board, "dead": dead, "exact": exact,
            "samples": None if exact else samples, "seed": None if exact else seed,
            "grid": None if grid else False}


async def equity_page(request: Request) -> Response:
    from pokerlab.cards.grid import GRID_CLASSES

    return page(request, "equity.html", {"grid": GRID_CLASSES, "max_players": MAX_PLAYERS,
                                         "max_samples": MAX_SAMPLES})


async def api_compute(request: Request) -> Response:
    jobs = request.app.state.equity
    job = jobs.submit(await in_thread(question, await body_of(request)))
    loop = asyncio.get_running_loop()
    over = asyncio.Event()
    jobs.listen(job, lambda: loop.call_soon_threadsafe(over.set))
    with contextlib.suppress(TimeoutError):  # not over yet: the page follows its progress
        await asyncio.wait_for(over.wait(), FIRST_WAIT)
    return answer(jobs.view(job))


async def api_job(request: Request) -> Response:
    jobs = request.app.state.equity
    return answer(jobs.view(jobs.get(request.path_params["token"])))


async def api_stop(request: Request) -> Response:
    jobs = request.app.state.equity
    return answer(jobs.view(jobs.stop(request.path_params["token"])))


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/equity", equity_page),
        Route("/api/equity", api_compute, methods=["POST"]),
        Route("/api/equity/jobs/{token}", api_job),
        Route("/api/equity/jobs/{token}/stop", api_stop, methods=["POST"]),
    ]
