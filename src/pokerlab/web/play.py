"""The Play page: a person's table against bots (:class:`~pokerlab.arena.session.Session`,
the same as ``pokerlab play``), driven through a small JSON API that the page, the load
benchmark and the tests all use.

- ``POST /api/tables`` ``{"game", "variant", "bots": [one per other seat], "seed", "stack"}``
  opens a table (the person sits in seat 0; every bot must play the variant) and deals its first
  hand: ``{"table": id, ...the view}``;
- ``GET /api/tables/{id}`` (``?coach=1`` adds the coach's numbers, ``?thinking=1`` what the bots
  show of their thinking once a hand is over) is the person's view;
- ``POST /api/tables/{id}/act`` ``{"action": "c"}`` (``f``, ``c``, ``r 40``, ``a``; at a draw the
  places of the discards, ``"1 3"``, or ``"p"`` to stand pat: as in the terminal) and
  ``POST /api/tables/{id}/deal`` play (``"coach"`` and ``"thinking"`` in the body as above);
- ``GET /api/tables/{id}/history.phhs`` downloads the session's hands as PHH.
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import integer, text, texts

MAX_SEATS = 6
"""Seats of a table on the page (the person and up to five bots)."""
SESSION_HANDS = 100_000
"""The most hands one table deals."""


def table_config(body: dict[str, Any]) -> Any:
    """The :class:`~pokerlab.arena.match.MatchConfig` of a new table from the form's fields."""
    from pokerlab.agents.registry import check_bots
    from pokerlab.arena.match import MatchConfig
    from pokerlab.engine import KINDS, VARIANTS, GameSettings

    kind = text(body, "game", "limit")
    if kind not in KINDS:
        raise ValueError(f"game: unknown game {kind!r} (known: {', '.join(KINDS)})")
    variant = text(body, "variant", "texas-holdem")
    if variant not in VARIANTS:
        raise ValueError(f"variant: unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    bots = texts(body, "bots", most=MAX_SEATS - 1)
    if not bots:
        raise ValueError(f"bots: name one bot for each other seat (1 to {MAX_SEATS - 1})")
    check_bots(bots, variant, "bots")
    changes = {}
    if body.get("stack") not in (None, ""):
        changes["starting_stack"] = integer(body, "stack", lo=1, hi=10**9)
    given = body.get("seed") not in (None, "")
    seed = integer(body, "seed", lo=0, hi=2**48) if given else secrets.randbits(32)
    return MatchConfig(bots=("you", *bots), hands=SESSION_HANDS, person=0, seed=seed,
                       game=GameSettings.preset(kind, variant, **changes))


def _view(session: Any, coach: bool, thinking: bool = False) -> dict[str, Any]:
    data = session.view()
    data["coach"] = session.coach() if coach else None
    data["bot_reports"] = session.bot_reports() if thinking else None
    return data


def create_table(tables: Any, body: dict[str, Any]) -> dict[str, Any]:
    """Open a table (or reopen stored table ``resume``) and answer its id and first view."""
    if "resume" in body:
        token = tables.reopen(integer(body, "resume", lo=1))
    else:
        token = tables.open(table_config(body))
    with tables.use(token) as session:
        return {"table": token, **_view(session, False)}


def show(tables: Any, token: str, coach: bool, thinking: bool = False) -> dict[str, Any]:
    """The person's view of table ``token``."""
    with tables.use(token) as session:
        return _view(session, coach, thinking)


def act(tables: Any, token: str, body: dict[str, Any]) -> dict[str, Any]:
    """The person's action at table ``token``, then the new view."""
    command = text(body, "action", max_length=40)
    with tables.use(token) as session:
        session.act(command)
        return _view(session, bool(body.get("coach")), bool(body.get("thinking")))


def deal(tables: Any, token: str, body: dict[str, Any]) -> dict[str, Any]:
    """Deal the next hand at table ``token``."""
    with tables.use(token) as session:
        session.deal()
        return _view(session, bool(body.get("coach")), bool(body.get("thinking")))


def history(tables: Any, token: str) -> str:
    """The session's hands as one PHH file."""
    with tables.use(token) as session:
        return session.phh()


async def play_page(request: Request) -> Response:
    from pokerlab.agents.registry import available, variants_of
    from pokerlab.engine import KINDS, VARIANTS

    def gather() -> dict[str, Any]:
        bots = available()
        return {"bots": bots, "plays": {name: " ".join(variants_of(name)) for name in bots}}

    return page(request, "play.html", {**await in_thread(gather), "kinds": KINDS, "variants": VARIANTS,
                                       "max_seats": MAX_SEATS})


async def table_page(request: Request) -> Response:
    return page(request, "table.html", {"table": request.path_params["table"]})


async def api_create(request: Request) -> Response:
    body = await body_of(request)
    return answer(await in_thread(create_table, request.app.state.tables, body))


async def api_show(request: Request) -> Response:
    coach = request.query_params.get("coach") in ("1", "true")
    thinking = request.query_params.get("thinking") in ("1", "true")
    return answer(await in_thread(show, request.app.state.tables, request.path_params["table"], coach,
                                  thinking))


async def api_act(request: Request) -> Response:
    body = await body_of(request)
    return answer(await in_thread(act, request.app.state.tables, request.path_params["table"], body))


async def api_deal(request: Request) -> Response:
    body = await body_of(request)
    return answer(await in_thread(deal, request.app.state.tables, request.path_params["table"], body))


async def api_history(request: Request) -> Response:
    token = request.path_params["table"]
    content = await in_thread(history, request.app.state.tables, token)
    return PlainTextResponse(content, headers={
        "Content-Disposition": 'attachment; filename="pokerlab-table.phhs"'})


async def api_close(request: Request) -> Response:
    await in_thread(request.app.state.tables.close, request.path_params["table"])
    return answer({"closed": True})


def routes() -> list[Route]:
    """The pages and the API of the tables."""
    return [
        Route("/play", play_page),
        Route("/play/{table}", table_page),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table}", api_show),
        Route("/api/tables/{table}/act", api_act, methods=["POST"]),
        Route("/api/tables/{table}/deal", api_deal, methods=["POST"]),
        Route("/api/tables/{table}/history.phhs", api_history),
        Route("/api/tables/{table}/close", api_close, methods=["POST"]),
    ]
