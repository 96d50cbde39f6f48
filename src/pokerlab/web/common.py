"""What every part of the web application shares: templates, reading a request, answering JSON,
and running poker work off the event loop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.templating import Jinja2Templates

from pokerlab._json import jsonable
from pokerlab.web.forms import parse_object

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object (``ValueError`` naming what is wrong)."""
    return parse_object(await request.body())


async def in_thread(func: Any, *args: Any, **kwargs: Any) -> Any:
    """Run ``func(*args, **kwargs)`` in a worker thread: poker work must not hold up the
    event loop (and with it every other request)."""
    return await run_in_threadpool(func, *args, **kwargs)


def answer(data: Any, status: int = 200) -> JSONResponse:
    """A JSON answer of library data (exact numbers as floats, NaN as null)."""
    return JSONResponse(jsonable(data), status_code=status)


def page(request: Request, name: str, context: dict[str, Any] | None = None) -> HTMLResponse:
    """The page rendered from template ``name``."""
    return templates.TemplateResponse(request, name, context or {})
