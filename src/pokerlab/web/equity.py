"""The Equity page: a range editor per player (2 to 6), board and dead cards, exact or Monte
Carlo, each player's equity, win and tie shares, and the first hand's equity against each
class of the second player's range.

The question is :func:`pokerlab.strength.equity_report.equity_report`'s, the one ``pokerlab
equity`` asks, so the page shows the command's numbers. It runs in the server's equity worker
processes (:mod:`pokerlab.web.worker_jobs`, :data:`TASK`): the page submits it, watches its
progress and can stop it. Each player's range editor asks :mod:`pokerlab.web.ranges`.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import boolean, integer, text, texts
from pokerlab.web.ranges import MAX_RANGE_TEXT
from pokerlab.web.worker_jobs import Progress, Task, job_routes, submit_and_wait

MAX_PLAYERS = 6
"""Most players the page seats (PokerStove's and Equilab's six; the library takes ten)."""

MODES = {"auto": None, "exact": True, "monte-carlo": False}
"""How to compute: exact when quick, else Monte Carlo; always exact; always Monte Carlo."""

MAX_SAMPLES = 100_000_000
"""Most Monte Carlo showdowns one request may ask for (about half a minute on two cores)."""


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


def compute(progress: Progress, **question: Any) -> dict[str, Any]:
    """One computation, in a worker process: :func:`equity_report`'s plain data."""
    from pokerlab.strength.equity_report import equity_report

    return equity_report(**question, progress=progress).as_dict()


def _load() -> None:
    import pokerlab.strength.equity_report  # noqa: F401  (a worker loads it before its first job)


TASK = Task(compute, kind="equity", name="equity", warm=_load)
"""What the server's equity worker processes compute."""


async def equity_page(request: Request) -> Response:
    from pokerlab.cards.grid import GRID_CLASSES

    return page(request, "equity.html", {"grid": GRID_CLASSES, "max_players": MAX_PLAYERS,
                                         "max_samples": MAX_SAMPLES})


async def api_compute(request: Request) -> Response:
    asked = await in_thread(question, await body_of(request))
    return answer(await submit_and_wait(request.app.state.equity, asked))


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/equity", equity_page),
        Route("/api/equity", api_compute, methods=["POST"]),
        *job_routes("/api/equity/jobs", "equity"),
    ]
