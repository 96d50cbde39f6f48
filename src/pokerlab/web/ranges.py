"""The range editor's one address, for any page that asks for a range (the Equity page; the
spot solver's page to come): a range as the editor shows it, kept in step with its text by the
library (:mod:`pokerlab.cards.range_text`). The page sends the text, or the classes clicked and
their weight, and draws what comes back: the text (rewritten after a click), the mean weight of
each class, the number of combos and the share of all hands.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer, body_of, in_thread
from pokerlab.web.forms import text, texts

MAX_RANGE_TEXT = 20_000
"""Longest range text accepted (every one of the 1,326 combos written out fits)."""


def range_view(body: dict[str, Any]) -> dict[str, Any]:
    """A range as the editor shows it: the text (rewritten by the library when classes were
    set), the mean weight of each class, the number of combos and the share of all hands.
    ``classes`` and ``weight`` set those classes to that weight (0 takes them out)."""
    from pokerlab.cards import Range, parse_range
    from pokerlab.cards.range_text import class_weights, range_text, share, with_classes

    source = text(body, "text", "", max_length=MAX_RANGE_TEXT)
    r = parse_range(source) if source.strip() else Range()
    if "classes" in body:
        names = texts(body, "classes", most=169, max_length=3)
        weight = body.get("weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, int | float):
            raise ValueError(f"weight: expected a number in [0, 1], got {weight!r}")
        r = with_classes(r, names, float(weight))
        source = range_text(r)
    return {"text": source, "classes": class_weights(r), "combos": len(r), "share": share(r)}


async def api_range(request: Request) -> Response:
    return answer(await in_thread(range_view, await body_of(request)))


def routes() -> list[Route]:
    """The editor's address."""
    return [Route("/api/range", api_range, methods=["POST"])]
