"""The Solver page: a hold'em spot set up in the browser (board, pot, stack, a range editor per
player, bet and raise sizes per street and player), solved in a process of its own
(:mod:`pokerlab.web.spot_jobs`: warm processes, started when the page is first opened) with
live progress, and its solution browsed node by node.

Nothing here knows poker: the spot is :class:`pokerlab.spot.spec.Spot`'s, the solve
:func:`pokerlab.spot.solution.solve`'s, a node :func:`pokerlab.spot.browse.node_report`'s (what
``pokerlab spot show --json`` prints), the river's reading
:func:`pokerlab.spot.browse.threshold_report`'s; TOML in and out and TexasSolver input files
are :func:`~pokerlab.spot.browse.read_spot_text`'s and :func:`~pokerlab.spot.browse.spot_toml`'s.
A solution saved by ``pokerlab spot solve --save`` is uploaded and browsed the same way.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import integer, number, text

MAX_SPOT_TEXT = 100_000
"""Longest spot text (TOML or TexasSolver input) accepted."""

MAX_UPLOAD = 256 * 2**20
"""Largest solution file accepted for browsing."""

MAX_ITERATIONS = 100_000
"""Most iterations one solve may ask for."""

MAX_NAME = 200
"""Longest uploaded file name kept for messages."""

DEFAULT_SPOT: dict[str, Any] = {
    "board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 95,
    "oop_range": "AA-TT, AQs+, AKo, KQs, QJs, JTs, T9s, 98s, A5s-A2s",
    "ip_range": "QQ-77, AJs+, AQo+, KJs+, QTs+, JTs, T9s, 98s, 87s",
    "bet": "50%, a", "raise": "60%",
}
"""The spot the page opens with: a river, both ranges as text, one bet size and all-in."""


def read_solve(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The spot (checked, as :meth:`Spot.to_dict`) and :func:`solve`'s settings a request asks for."""
    import numba

    from pokerlab.spot.spec import Spot

    spot = body.get("spot")
    if not isinstance(spot, dict):
        raise ValueError("spot: expected an object (board, pot, stack, oop_range, ip_range, sizes)")
    checked = Spot.from_dict(spot, files=False).to_dict()  # a path would read a file of the server's
    most = numba.config.NUMBA_NUM_THREADS
    threads = body.get("threads")
    settings = {
        "target_pct": number(body, "target_pct", 0.3, 0.0),
        "max_iterations": integer(body, "max_iterations", 1000, lo=1, hi=MAX_ITERATIONS),
        "max_seconds": number(body, "max_seconds", None, 0.0),
        "threads": None if threads in (None, "") else integer(body, "threads", lo=1, hi=most),
        "check_every": integer(body, "check_every", 10, lo=1, hi=MAX_ITERATIONS),
    }
    return checked, settings


class Solutions:
    """Solutions the page browses: the server's solves and uploaded files, by id; the last few
    loaded are kept in memory."""

    def __init__(self, folder: Path, keep: int = 4) -> None:
        self.folder = folder
        self.keep = keep
        self.lock = threading.Lock()
        self.uploaded: dict[str, Path] = {}
        self.loaded: OrderedDict[str, Any] = OrderedDict()

    def add_upload(self, raw: bytes, name: str | None = None) -> str:
        """Keep an uploaded solution file (checked by loading it); returns its id. ``name``:
        the file's name on the person's computer, for messages (never the server's copy)."""
        from pokerlab.spot.solution import Solution

        what = upload_name(name, "solution file")
        if not raw:
            raise ValueError(f"{what}: empty")
        if len(raw) > MAX_UPLOAD:
            raise ValueError(f"{what}: {len(raw)} bytes, more than the {MAX_UPLOAD} accepted")
        ident = "file-" + secrets.token_urlsafe(9)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{ident}.npz"
        path.write_bytes(raw)
        try:
            sol = Solution.load(path, name=name if name else "(uploaded)")
        except Exception:
            path.unlink(missing_ok=True)
            raise
        with self.lock:
            self.uploaded[ident] = path
            self._remember(ident, sol)
        return ident

    def _remember(self, ident: str, sol: Any) -> None:
        self.loaded[ident] = sol
        self.loaded.move_to_end(ident)
        while len(self.loaded) > self.keep:
            self.loaded.popitem(last=False)

    def get(self, ident: str, jobs: Any) -> Any:
        """The solution ``ident``: an uploaded file's id, or a finished solve's token."""
        from pokerlab.spot.solution import Solution

        with self.lock:
            if ident in self.loaded:
                self.loaded.move_to_end(ident)
                return self.loaded[ident]
            path = self.uploaded.get(ident)
        if path is None:
            job = jobs.get(ident)
            if job.state != "finished":
                raise ValueError(f"solve {ident!r} is {job.state}: it has no solution to browse")
            path = job.path
        sol = Solution.load(path)
        with self.lock:
            self._remember(ident, sol)
        return sol


def upload_name(name: str | None, kind: str) -> str:
    """How a message names an uploaded file: ``kind`` and the file's own name (which the page
    sends with it), or ``kind`` alone.

    Examples
    --------
    >>> upload_name("river.npz", "solution file"), upload_name(None, "batch file")
    ("solution file 'river.npz'", 'batch file')
    """
    return f"{kind} {name!r}" if name else kind


def _name(request: Request) -> str | None:
    """The uploaded file's name the page sends as ``?name=``, if any."""
    name = text(dict(request.query_params), "name", "", max_length=MAX_NAME)
    return name or None


async def solver_page(request: Request) -> Response:
    from pokerlab.cards.grid import GRID_CLASSES

    request.app.state.spot_jobs.warm()  # the solving processes load the solver while the spot is set
    return page(request, "solver.html", {"grid": GRID_CLASSES, "spot": DEFAULT_SPOT})


async def api_solve(request: Request) -> Response:
    spot, settings = await in_thread(read_solve, await body_of(request))
    jobs = request.app.state.spot_jobs
    return answer(jobs.view(await in_thread(jobs.submit, spot, settings)))


async def api_jobs(request: Request) -> Response:
    return answer({"jobs": request.app.state.spot_jobs.jobs()})


async def api_job(request: Request) -> Response:
    jobs = request.app.state.spot_jobs
    return answer(jobs.view(jobs.get(request.path_params["token"])))


async def api_stop(request: Request) -> Response:
    jobs = request.app.state.spot_jobs
    return answer(jobs.view(jobs.stop(request.path_params["token"])))


def _solution(request: Request) -> Any:
    return request.app.state.spot_solutions.get(request.path_params["ident"], request.app.state.spot_jobs)


async def api_node(request: Request) -> Response:
    from pokerlab.spot.browse import node_report

    line = text(dict(request.query_params), "line", "", max_length=400)

    def report() -> dict[str, Any]:
        sol = _solution(request)
        return node_report(sol, line, grid=True) | {"summary": sol.summary(), "spot": sol.spot.to_dict(),
                                                    "street": sol.spot.street}

    return answer(await in_thread(report))


async def api_threshold(request: Request) -> Response:
    from pokerlab.spot.browse import threshold_report

    min_segment = number(dict(request.query_params), "min_segment", 0.0, 0.0)
    return answer(await in_thread(lambda: threshold_report(_solution(request), min_segment)))


async def api_upload(request: Request) -> Response:
    """Keep an uploaded solution (``?name=`` its file name, for messages); answers its id."""
    name = _name(request)
    raw = await request.body()
    ident = await in_thread(request.app.state.spot_solutions.add_upload, raw, name)
    return answer({"solution": ident})


async def api_batch(request: Request) -> Response:
    """The report of an uploaded ``pokerlab spot batch`` file (its SQLite database)."""
    import tempfile

    from pokerlab.spot.batch import stored_report

    name = _name(request)
    what = upload_name(name, "batch file")
    raw = await request.body()
    if not raw:
        raise ValueError(f"{what}: empty")
    if len(raw) > MAX_UPLOAD:
        raise ValueError(f"{what}: {len(raw)} bytes, more than the {MAX_UPLOAD} accepted")

    def read() -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="pokerlab-batch-") as folder:
            path = Path(folder) / "batch.sqlite"
            path.write_bytes(raw)
            return stored_report(path, name=name if name else "(uploaded)")

    return answer(await in_thread(read))


async def api_import(request: Request) -> Response:
    from pokerlab.spot.browse import read_spot_text

    body = await body_of(request)
    source = text(body, "text", max_length=MAX_SPOT_TEXT)
    kind = text(body, "kind", "toml")
    return answer(await in_thread(read_spot_text, source, kind, files=False))


async def api_export(request: Request) -> Response:
    from pokerlab.spot.browse import spot_toml
    from pokerlab.spot.spec import Spot

    body = await body_of(request)
    spot = body.get("spot")
    if not isinstance(spot, dict):
        raise ValueError("spot: expected an object (board, pot, stack, oop_range, ip_range, sizes)")
    return answer({"toml": await in_thread(lambda: spot_toml(Spot.from_dict(spot, files=False)))})


def routes() -> list[Route]:
    """The page and its API."""
    return [
        Route("/solver", solver_page),
        Route("/api/spot/solve", api_solve, methods=["POST"]),
        Route("/api/spot/jobs", api_jobs),
        Route("/api/spot/jobs/{token}", api_job),
        Route("/api/spot/jobs/{token}/stop", api_stop, methods=["POST"]),
        Route("/api/spot/solutions", api_upload, methods=["POST"]),
        Route("/api/spot/solutions/{ident}/node", api_node),
        Route("/api/spot/solutions/{ident}/threshold", api_threshold),
        Route("/api/spot/batch", api_batch, methods=["POST"]),
        Route("/api/spot/import", api_import, methods=["POST"]),
        Route("/api/spot/export", api_export, methods=["POST"]),
    ]
