"""The web application: pages (server-rendered HTML) and the JSON API behind them.

Every handler reads its fields with :mod:`pokerlab.web.forms`, calls a library function and
returns its plain data. Poker work runs in a worker thread, so one slow request does not hold
up the others. Bad input (a bad field, an unknown bot, a game file with a mistake, an illegal
action: what :func:`pokerlab.errors.user_message` calls a user mistake, as the command line does)
becomes status 400 with ``{"error": message}`` on the API and a page with the message
otherwise; anything unexpected becomes status 500 with one line, never a traceback (the
traceback goes to the server's log).

Examples
--------
>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(":memory:"))
>>> client.get("/api/bots").json()["bots"]["random"][:5]
'picks'
>>> reply = client.post("/api/nothing-here")
>>> reply.status_code, reply.json()
(404, {'error': 'no such address: /api/nothing-here'})
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pokerlab.arena.storage import DEFAULT_DB
from pokerlab.errors import USER_EXCEPTIONS, sqlite_errors, user_message
from pokerlab.web import blueprint_ranges, equity, matches, models, play, pushfold, ranges, spot, strategies
from pokerlab.web.common import HERE, in_thread, page, templates
from pokerlab.web.runs import Runs
from pokerlab.web.spot_jobs import SpotJobs
from pokerlab.web.tables import Tables
from pokerlab.web.worker_jobs import WorkerJobs

log = logging.getLogger("pokerlab.web")

def wants_json(request: Request) -> bool:
    """API addresses answer JSON; pages answer HTML."""
    return request.url.path.startswith("/api/")


def error_response(request: Request, status: int, message: str) -> Response:
    """``{"error": message}`` for the API, an error page for a page."""
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    return templates.TemplateResponse(request, "error.html", {"message": message, "status": status},
                                      status_code=status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        message = f"no such address: {request.url.path}"
    elif exc.status_code == 405:
        message = f"{request.method} is not allowed on {request.url.path}"
    else:
        message = str(exc.detail)
    return error_response(request, exc.status_code, message)


async def _error(request: Request, exc: Exception) -> Response:
    """Bad input (judged as the command line judges it) is a 400 with its one line; anything
    else is a bug: a 500 with one line here and the traceback in the server's log."""
    message = user_message(exc)
    if message is not None:
        return error_response(request, 400, " ".join(message.split()))
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    message = f"internal error ({type(exc).__name__}); the server log has the details"
    return error_response(request, 500, message)


# -- what the registries offer ----------------------------------------------------------------

def catalogue() -> dict[str, Any]:
    """Bots, dividing-point games and classic models, as the registries list them, and what the
    Play page's tables offer: the variants (by title), the games, the most seats and the
    variants the coach has numbers for."""
    from pokerlab.agents.registry import available
    from pokerlab.arena.coach import unsupported
    from pokerlab.engine import KINDS, VARIANTS
    from pokerlab.gamespec import available_games
    from pokerlab.models import MODELS
    from pokerlab.web.play import MAX_SEATS

    return {
        "bots": available(),
        "games": available_games(),
        "models": {m.name: m.title for m in MODELS.values()},
        "variants": [v.title for v in VARIANTS.values()],
        "coached": [v.title for v in VARIANTS.values() if unsupported(v) is None],
        "kinds": KINDS,
        "max_seats": MAX_SEATS,
    }


async def home(request: Request) -> Response:
    data = await in_thread(catalogue)
    return page(request, "index.html", data)


async def api_bots(request: Request) -> Response:
    from pokerlab.agents.registry import available, variants_of

    def gather() -> dict[str, Any]:
        bots = available()
        return {"bots": bots, "variants": {name: list(variants_of(name)) for name in bots}}

    return JSONResponse(await in_thread(gather))


def create_app(db: str | Path = DEFAULT_DB, max_matches: int = 2, equity_workers: int = 2,
               max_solves: int = 2, pushfold_workers: int = 2) -> Starlette:
    """The application, storing tables and matches in the SQLite file ``db``, playing at most
    ``max_matches`` matches at once, computing equities in ``equity_workers`` processes,
    solving at most ``max_solves`` spots at once (their solutions in a temporary folder) and
    push/fold spots and charts in ``pushfold_workers`` processes."""
    routes = [
        Route("/", home),
        Route("/api/bots", api_bots),
        *strategies.routes(),
        *models.routes(),
        *play.routes(),
        *equity.routes(),
        *ranges.routes(),
        *spot.routes(),
        *blueprint_ranges.routes(),
        *pushfold.routes(),
        *matches.routes(),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    # The exceptions a user mistake can raise are answered where they happen; anything else
    # reaches Starlette's last-resort handler (which answers with _error, then re-raises).
    handlers: dict[Any, Any] = {kind: _error for kind in (*USER_EXCEPTIONS, *sqlite_errors(),
                                                          TypeError, SyntaxError, AttributeError)}
    handlers.update({HTTPException: _http_error, Exception: _error})
    tables = Tables(str(db))
    runs = Runs(str(db), most=max_matches)
    equity_jobs = WorkerJobs(equity.TASK, workers=equity_workers)
    pushfold_jobs = WorkerJobs(pushfold.TASK, workers=pushfold_workers)
    solutions = tempfile.TemporaryDirectory(prefix="pokerlab-spot-")
    spot_jobs = SpotJobs(Path(solutions.name), most=max_solves)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await in_thread(tables.close_all)  # the bots keep what they learned; hands are stored
        await in_thread(runs.stop_all)
        await in_thread(equity_jobs.close)
        await in_thread(pushfold_jobs.close)
        await in_thread(spot_jobs.close)
        solutions.cleanup()

    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.state.db = str(db)
    app.state.tables = tables
    app.state.runs = runs
    app.state.equity = equity_jobs
    app.state.pushfold = pushfold_jobs
    app.state.spot_jobs = spot_jobs
    app.state.spot_solutions = spot.Solutions(Path(solutions.name))
    return app

