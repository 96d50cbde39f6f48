"""The Matches page: start a match or one of the papers' experiments, watch its bankroll curves
and intervals grow while it is played (from the same SQLite store as ``pokerlab match``), and
open any stored hand.

- ``POST /api/matches`` ``{"bots", "hands", "game", "seats", "duplicate", "freezeout", "seed"}``
  or ``{"experiment", "hands", "seed"}`` starts one (:class:`~pokerlab.web.runs.Runs`);
- ``GET /api/matches`` lists the stored matches and tables, ``GET /api/matches/{id}`` is one
  match's results (:func:`~pokerlab.arena.match.summarize`) with its bankroll curves;
- ``GET /api/matches/{id}/hands?first=0&count=50`` and ``.../hands/{n}`` show stored hands
  (:func:`~pokerlab.arena.hands.hand_view`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread, page
from pokerlab.web.forms import boolean, integer, text, texts

MOST_HANDS = 10_000_000
"""The most hands one match started from the page may have."""
CURVE_POINTS = 400
"""Points per bankroll curve sent to the page (the curve is sampled evenly)."""


def match_config(body: dict[str, Any]) -> Any:
    """The :class:`~pokerlab.arena.match.MatchConfig` a form asks for (an experiment's, or the
    bots and settings given)."""
    from pokerlab.agents.registry import check_bots
    from pokerlab.arena.experiments import match_experiments
    from pokerlab.arena.match import MatchConfig
    from pokerlab.engine import KINDS, MAX_SEATS, GameSettings

    hands = integer(body, "hands", lo=1, hi=MOST_HANDS)
    seed = integer(body, "seed", 0, lo=0, hi=2**48)
    if "experiment" in body:
        experiments = match_experiments()
        name = text(body, "experiment")
        if name not in experiments:
            raise ValueError(f"experiment: unknown {name!r} (known: {', '.join(experiments)})")
        return experiments[name].config(hands, seed)
    bots = texts(body, "bots", most=MAX_SEATS)
    check_bots(bots, "texas-holdem", "bots")  # the page's matches are hold'em
    kind = text(body, "game", "limit")
    if kind not in KINDS:
        raise ValueError(f"game: unknown game {kind!r} (known: {', '.join(KINDS)})")
    return MatchConfig(bots=tuple(bots), hands=hands, game=GameSettings.preset(kind),
                       seats=integer(body, "seats", 0, lo=0, hi=MAX_SEATS),
                       duplicate=boolean(body, "duplicate"), freezeout=boolean(body, "freezeout"), seed=seed)


def _config_of(store: Any, match_id: int) -> Any:
    from pokerlab.arena.match import MatchConfig

    found = store.match(match_id)
    if found is None:
        raise ValueError(f"match {match_id}: not in {store.path}")
    return MatchConfig.from_key(found["config"]), found


def _describe(config: Any) -> dict[str, Any]:
    return {"bots": config.bot_labels(), "seats": config.seats, "hands": config.hands,
            "kind": config.game.kind, "unit": config.game.unit, "duplicate": config.duplicate,
            "freezeout": config.freezeout, "seed": config.seed, "person": config.person}


def list_matches(db: str, runs: Any) -> list[dict[str, Any]]:
    """Every stored match and table, newest first, with what it is and whether it runs."""
    from pokerlab.arena.match import MatchConfig
    from pokerlab.arena.storage import MatchStore

    store = MatchStore(db)
    try:
        out = []
        for row in store.matches():
            try:
                config = MatchConfig.from_key(row["config"])
            except (ValueError, TypeError, KeyError):
                continue  # a row some other program wrote
            state, _ = runs.state(row["id"])
            out.append({"id": row["id"], "created": row["created"], "hands_stored": row["hands"],
                        "finished": row["finished"], "state": state, **_describe(config)})
        return out
    finally:
        store.close()


def match_status(db: str, runs: Any, match_id: int, points: int = CURVE_POINTS) -> dict[str, Any]:
    """One match's results over its stored hands, its state, and its bankroll curves."""
    from pokerlab.arena.match import summarize
    from pokerlab.arena.storage import MatchStore

    store = MatchStore(db)
    try:
        config, found = _config_of(store, match_id)
        result = summarize(config, store, match_id)
    finally:
        store.close()
    state, error = runs.state(match_id)
    if state is None:
        state = "finished" if result.finished else "stored"
    stored = len(result.bankroll)
    picks = np.unique(np.linspace(0, stored - 1, min(stored, points)).round().astype(int)) if stored else []
    return {
        "match_id": match_id, "created": found["created"], "state": state, "error": error,
        **_describe(config),
        "hands_stored": result.hands_stored, "finished": result.finished,
        "results": [r.to_dict() for r in result.results],
        "curve": {"hands": [int(k) + 1 for k in picks],
                  "bankroll": [[float(result.bankroll[k, b]) for k in picks]
                               for b in range(len(result.results))]},
    }


def hand_list(db: str, match_id: int, first: int, count: int) -> dict[str, Any]:
    """A page of a match's stored hands: number, chips won by name, board and the betting."""
    from pokerlab.arena.hands import hand_view
    from pokerlab.arena.storage import MatchStore

    store = MatchStore(db)
    try:
        config, found = _config_of(store, match_id)
        rows = []
        for h, record in store.records(match_id, first, count):
            view = hand_view(config, h, record)
            rows.append({"hand": view["hand"], "board": view["board"], "pot": view["pot"],
                         "won": {p["name"]: p["won"] for p in view["players"]},
                         "showdown": any(p["showed"] for p in view["players"]),
                         "actions": len(view["actions"])})
        return {"match_id": match_id, "first": first, "hands_stored": found["hands"], "hands": rows}
    finally:
        store.close()


def one_hand(db: str, match_id: int, number: int) -> dict[str, Any]:
    """Stored hand ``number`` (1-based) of a match."""
    from pokerlab.arena.hands import hand_view
    from pokerlab.arena.storage import MatchStore

    store = MatchStore(db)
    try:
        config, _ = _config_of(store, match_id)
        record = store.record(match_id, number - 1)
        if record is None:
            raise ValueError(f"hand {number}: match {match_id} has no such stored hand")
        return hand_view(config, number - 1, record)
    finally:
        store.close()


async def matches_page(request: Request) -> Response:
    from pokerlab.agents.registry import playing
    from pokerlab.arena.experiments import match_experiments
    from pokerlab.engine import KINDS

    def gather() -> dict[str, Any]:
        return {"bots": playing("texas-holdem"), "kinds": KINDS,
                "experiments": {name: e.title for name, e in match_experiments().items()},
                "defaults": {name: e.default_hands for name, e in match_experiments().items()}}

    return page(request, "matches.html", {**await in_thread(gather), "db": request.app.state.db})


async def match_page(request: Request) -> Response:
    match_id = _match_id(request)
    return page(request, "match.html", {"match_id": match_id})


def _match_id(request: Request) -> int:
    raw = request.path_params["match"]
    if not raw.isdigit() or len(raw) > 12:
        raise ValueError(f"match: expected a match number, got {raw!r}")
    return int(raw)


async def api_start(request: Request) -> Response:
    body = await body_of(request)
    runs = request.app.state.runs
    match_id = await in_thread(lambda: runs.start(match_config(body)))
    return answer({"match_id": match_id})


async def api_list(request: Request) -> Response:
    return answer({"matches": await in_thread(list_matches, request.app.state.db, request.app.state.runs)})


async def api_status(request: Request) -> Response:
    points = integer(dict(request.query_params), "points", CURVE_POINTS, lo=2, hi=5000)
    return answer(await in_thread(match_status, request.app.state.db, request.app.state.runs,
                                  _match_id(request), points))


async def api_stop(request: Request) -> Response:
    await in_thread(request.app.state.runs.stop, _match_id(request))
    return answer({"stopped": True})


async def api_hands(request: Request) -> Response:
    query = dict(request.query_params)
    first = integer(query, "first", 0, lo=0, hi=MOST_HANDS)
    count = integer(query, "count", 50, lo=1, hi=500)
    return answer(await in_thread(hand_list, request.app.state.db, _match_id(request), first, count))


async def api_hand(request: Request) -> Response:
    number = integer(dict(request.path_params), "hand", lo=1, hi=MOST_HANDS)
    return answer(await in_thread(one_hand, request.app.state.db, _match_id(request), number))


async def api_hand_phh(request: Request) -> Response:
    number = integer(dict(request.path_params), "hand", lo=1, hi=MOST_HANDS)
    view = await in_thread(one_hand, request.app.state.db, _match_id(request), number)
    name = f"match-{_match_id(request)}-hand-{number}.phh"
    return PlainTextResponse(view["phh"], headers={"Content-Disposition": f'attachment; filename="{name}"'})


def routes() -> list[Route]:
    """The pages and the API of the matches."""
    return [
        Route("/matches", matches_page),
        Route("/matches/{match}", match_page),
        Route("/api/matches", api_list),
        Route("/api/matches", api_start, methods=["POST"]),
        Route("/api/matches/{match}", api_status),
        Route("/api/matches/{match}/stop", api_stop, methods=["POST"]),
        Route("/api/matches/{match}/hands", api_hands),
        Route("/api/matches/{match}/hands/{hand}", api_hand),
        Route("/api/matches/{match}/hands/{hand}/phh", api_hand_phh),
    ]

