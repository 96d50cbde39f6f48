"""One spot over many flops: the strategically different flops, a weighted subset of them, each
flop solved by a pure task, results per flop in SQLite, and the report by flop and by texture.

Flops: the 22,100 flops fall into 1,755 classes under the 24 permutations of the suits (two
flops of one class are the same spot for every range, which names no suits or names them all
alike); :func:`canonical_flops` lists each class once, with its *weight*, how many of the
22,100 flops it stands for. :func:`flop_subset` takes ``n`` of them by systematic sampling in
proportion to that weight (the flops in their canonical order, points every ``22100 / n``
along the cumulated weights, starting half a step in): each flop of the subset stands for an
equal share of all flops, so the subset's plain mean estimates the mean over every flop.

Textures (:func:`textures`; a flop has several): the highest card (``A-high`` ... ``2-high``),
``paired`` (two or three of a rank), ``monotone``/``two-tone``/``rainbow`` (suits),
``connected`` (three ranks within a span of five: a straight needs two more cards).

:func:`solve_flop` is the task: a pure function of the template, the flop and the settings;
:func:`run_batch` hands the flops not yet stored to an executor
(:mod:`pokerlab.executors`: this process, local processes or a Ray cluster) and stores each
result as it comes, so a killed run resumes where it stopped. :func:`report` aggregates.

Examples
--------
>>> flops = canonical_flops()
>>> len(flops), sum(w for _, w in flops)
(1755, 22100)
>>> sub = flop_subset(49)
>>> len(sub), len(set(sub))
(49, 49)
>>> textures("Ah Kh Qh"), textures("7s 7d 6c"), textures("Ad 4c 2s")
(['A-high', 'monotone', 'connected'], ['7-high', 'paired', 'rainbow'], ['A-high', 'rainbow', 'connected'])
"""

from __future__ import annotations

import functools
import itertools
import json
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pokerlab._sqlite import open_store
from pokerlab.cards import format_cards, parse_cards

RANKS = "23456789TJQKA"
TOTAL_FLOPS = 22100
"""Flops of a 52-card deck: C(52, 3)."""


def _canonical(cards: tuple[int, ...]) -> tuple[int, ...]:
    best: tuple[int, ...] | None = None
    for perm in itertools.permutations(range(4)):
        image = tuple(sorted((c & ~3) | perm[c & 3] for c in cards))
        if best is None or image < best:
            best = image
    assert best is not None
    return best


@functools.lru_cache(maxsize=1)
def _classes() -> tuple[tuple[tuple[int, ...], int], ...]:
    counts: dict[tuple[int, ...], int] = {}
    for flop in itertools.combinations(range(52), 3):
        key = _canonical(flop)
        counts[key] = counts.get(key, 0) + 1
    return tuple(sorted(counts.items(), key=lambda kv: tuple(-c for c in sorted(kv[0], reverse=True))))


def canonical_flops() -> list[tuple[str, int]]:
    """The 1,755 strategically different flops (highest cards first) and the flops each stands for."""
    return [(format_cards(sorted(cards, reverse=True)), weight) for cards, weight in _classes()]


def flop_subset(n: int) -> list[str]:
    """``n`` flops sampled in proportion to their weight (see the module docstring).

    Raises
    ------
    ValueError
        ``n`` outside ``1..1755``.
    """
    flops = canonical_flops()
    if not 1 <= n <= len(flops):
        raise ValueError(f"--flops {n}: must be 1..{len(flops)}")
    if n == len(flops):
        return [f for f, _ in flops]
    step = TOTAL_FLOPS / n
    out, cum, k = [], 0, 0
    for flop, weight in flops:
        cum += weight
        while k < n and (k + 0.5) * step < cum:
            if not out or out[-1] != flop:
                out.append(flop)
            k += 1
    return out


def textures(flop: str) -> list[str]:
    """The texture labels of ``flop`` (see the module docstring)."""
    cards = parse_cards(flop)
    if len(cards) != 3:
        raise ValueError(f"flop {flop!r}: needs 3 cards")
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    suits = len({c & 3 for c in cards})
    out = [f"{RANKS[ranks[0]]}-high"]
    if len(set(ranks)) < 3:
        out.append("paired")
    out.append({1: "monotone", 2: "two-tone", 3: "rainbow"}[suits])
    if len(set(ranks)) == 3:
        spans = [ranks[0] - ranks[2]]
        if ranks[0] == 12:  # the ace plays low too
            low = sorted([-1, ranks[1], ranks[2]])
            spans.append(low[2] - low[0])
        if min(spans) <= 4:
            out.append("connected")
    return out


def solve_flop(template: dict[str, Any], flop: str, settings: dict[str, Any],
               line: str = "") -> dict[str, Any]:
    """Solve ``template`` (a spot dict without its board) on ``flop``: the strategy at ``line``
    (flop actions from the root, ``""``: OOP at the root).

    Returns the flop, the actor and its actions at the line with their frequencies over its
    range there, the bet frequency (bets and raises: every action but check, call and fold),
    each player's EV at the root, the exploitability reached, whether it reached the target
    (``converged``) and what stopped the solve (``stopped_by``), the iterations and the seconds
    taken. A pure function of its arguments but for ``seconds`` (and ``stopped_by`` when a
    ``max_seconds`` stops it).
    """
    from pokerlab.spot.solution import solve
    from pokerlab.spot.spec import Spot

    spot = Spot.from_dict(dict(template, board=flop))
    sol = solve(spot, **settings)
    view = sol.view(line)
    if view.kind != "decision":
        raise ValueError(f"--line {line!r}: not a decision ({view.kind})")
    totals = view.totals()
    return {"flop": flop, "line": line, "player": ("oop", "ip")[view.player], "actions": view.actions,
            "frequencies": totals,
            "bet": float(sum(f for a, f in totals.items() if a not in ("x", "c", "f"))),
            "ev": list(sol.ev),
            "exploitability_pct": sol.exploitability_pct, "converged": sol.converged,
            "stopped_by": sol.stopped_by, "iterations": sol.iterations, "seconds": sol.seconds}


class BatchStore:
    """Results per flop in an SQLite file, with the template and settings they were solved with."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS batch (key TEXT PRIMARY KEY, value TEXT);"
              "CREATE TABLE IF NOT EXISTS flops (flop TEXT PRIMARY KEY, result TEXT);")

    def __init__(self, path: str | Path, label: str = "--db") -> None:
        # open_store refuses a folder, a file that is no database and a damaged one, naming label
        self.path = Path(path)
        self.db = open_store(self.path, self.SCHEMA, label)

    def settings(self) -> dict[str, Any] | None:
        """The template and settings stored, if any."""
        row = self.db.execute("SELECT value FROM batch WHERE key = 'settings'").fetchone()
        return json.loads(row[0]) if row else None

    def start(self, settings: dict[str, Any], resume: bool) -> None:
        """Record ``settings``; with ``resume`` there must be a batch stored, of the same settings.

        Raises
        ------
        ValueError
            A batch stored and no ``resume``; ``resume`` and none stored (as ``pokerlab match``
            refuses it); ``resume`` and other settings stored (naming each that differs, with
            the stored and the given value).
        """
        stored = self.settings()
        if stored is not None and not resume:
            raise ValueError(f"--db {str(self.path)!r}: holds a batch already; give --resume or another file")
        if stored is None and resume:
            raise ValueError(f"--resume: {self.path} holds no batch to resume; start one without --resume")
        given = json.loads(json.dumps(settings))
        if stored is not None and stored != given:
            raise ValueError(f"--resume: {self.path} holds a batch of other settings: "
                             + "; ".join(setting_differences(stored, given)))
        self.db.execute("INSERT OR REPLACE INTO batch VALUES ('settings', ?)", (json.dumps(settings),))
        self.db.commit()

    def done(self) -> dict[str, dict[str, Any]]:
        """The results stored, by flop."""
        return {f: json.loads(r) for f, r in self.db.execute("SELECT flop, result FROM flops")}

    def add(self, result: dict[str, Any]) -> None:
        """Store one flop's result (at once: a killed run keeps it)."""
        self.db.execute("INSERT OR REPLACE INTO flops VALUES (?, ?)", (result["flop"], json.dumps(result)))
        self.db.commit()

    def close(self) -> None:
        """Close the file."""
        self.db.close()


_SETTING_NAMES = {"flops": "--flops", "line": "--line", "settings.target_pct": "--target",
                  "settings.max_iterations": "--max-iterations",
                  "settings.threads": "threads per flop (--workers, --cluster)"}


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out |= _flatten(v, f"{prefix}.{k}" if prefix else str(k))
        return out
    return {prefix: value}


def setting_differences(stored: dict[str, Any], given: dict[str, Any]) -> list[str]:
    """What differs between a stored batch's settings and ``given`` (both as
    :func:`run_batch` stores them), each as the option or template field with the stored and
    the given value: ``"--target (0.5 there, 1.0 here)"``, ``"template pot (10 there, 12
    here)"``; a list of flops by its length.

    Examples
    --------
    >>> setting_differences({"template": {"pot": 10, "flop": {"bet": "a"}}, "flops": ["Ah Kd 2c"],
    ...                      "settings": {"target_pct": 0.5}, "line": ""},
    ...                     {"template": {"pot": 12, "flop": {"bet": "a"}}, "flops": ["Ah Kd 2c"],
    ...                      "settings": {"target_pct": 1.0}, "line": "x"})
    ['template pot (10 there, 12 here)', '--target (0.5 there, 1.0 here)', "--line ('' there, 'x' here)"]
    """
    there, here = _flatten(stored), _flatten(given)
    out = []
    for key in [*here, *(k for k in there if k not in here)]:
        a, b = there.get(key), here.get(key)
        if a == b:
            continue
        if key == "flops" and isinstance(a, list) and isinstance(b, list):
            same = len(a) == len(b)
            a, b = (f"{len(a)} flops", f"{len(b)} flops") if not same else ("other flops", "these")
            out.append(f"--flops ({a} there, {b} here)")
            continue
        name = _SETTING_NAMES.get(key) or (f"template {key[len('template.'):]}"
                                           if key.startswith("template.") else key)
        out.append(f"{name} ({a!r} there, {b!r} here)" if isinstance(a, str) or isinstance(b, str)
                   else f"{name} ({a} there, {b} here)")
    return out


def run_batch(template: dict[str, Any], flops: list[str], settings: dict[str, Any], store: BatchStore,
              executor: Any, resume: bool = False,
              progress: Callable[[dict[str, Any]], None] | None = None,
              line: str = "") -> list[dict[str, Any]]:
    """Solve ``template`` on each flop not yet in ``store`` with ``executor``; every flop's result
    at ``line`` (see :func:`solve_flop`).

    ``progress(result)`` is called after each flop solved now.
    """
    store.start({"template": template, "flops": flops, "settings": settings, "line": line}, resume)
    done = store.done()
    todo = [f for f in flops if f not in done]
    for result in executor.map(solve_flop, [(template, f, settings, line) for f in todo]):
        store.add(result)
        done[result["flop"]] = result
        if progress is not None:
            progress(result)
    return [done[f] for f in flops]


def flop_weights(flops: list[str]) -> list[float]:
    """How much each flop of a batch counts in its means: the number of flops it stands for
    when ``flops`` are all 1,755 classes, else 1 (a subset of :func:`flop_subset` is already
    drawn in proportion to those numbers)."""
    if len(flops) == len(_classes()):
        weight = dict(canonical_flops())
        if set(flops) == set(weight):
            return [float(weight[f]) for f in flops]
    return [1.0] * len(flops)


def report(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Per flop (with its textures) and by texture: the bet frequency at the batch's line and
    OOP's EV, the means over the flops given weighted by :func:`flop_weights` (each of all
    1,755 flops by the flops it stands for; each flop of a subset alike), and the flops whose
    solve stopped at a cap above the target (``not_converged``; a file written before pokerlab
    recorded it counts none)."""
    rows = [dict(r, textures=textures(r["flop"])) for r in results]
    for r, w in zip(rows, flop_weights([r["flop"] for r in rows]), strict=True):
        r["weight"] = w
    groups: dict[str, list[dict[str, Any]]] = {"all": rows}
    for r in rows:
        for t in r["textures"]:
            groups.setdefault(t, []).append(r)
    order = ["all", "monotone", "two-tone", "rainbow", "paired", "connected",
             *(f"{r}-high" for r in reversed(RANKS))]

    def mean(group: list[dict[str, Any]], value: Callable[[dict[str, Any]], float]) -> float:
        return sum(r["weight"] * value(r) for r in group) / sum(r["weight"] for r in group)

    by = {name: {"flops": len(groups[name]), "bet": mean(groups[name], lambda r: r["bet"]),
                 "ev_oop": mean(groups[name], lambda r: r["ev"][0])}
          for name in order if groups.get(name)}
    missed = [r["flop"] for r in rows if r.get("converged") is False]
    return {"flops": rows, "by_texture": by, "not_converged": missed}


def stored_report(path: str | Path, name: str | None = None) -> dict[str, Any]:
    """:func:`report` of the flops stored in a batch file (in the batch's order), with the
    template, the settings and how many of the batch's flops are stored. Messages call the
    file ``name`` (default: its path; the web application gives an uploaded file's own name).

    Raises
    ------
    ValueError
        The file is not a batch written by :func:`run_batch`.
    """
    what = f"batch file {name if name is not None else str(path)!r}"
    try:
        store = BatchStore(path, "batch file")
        try:
            given, done = store.settings(), store.done()
        finally:
            store.close()
    except (sqlite3.DatabaseError, ValueError):  # no database, or a damaged one
        raise ValueError(f"{what}: not a pokerlab spot batch") from None
    if not isinstance(given, dict) or "flops" not in given:
        raise ValueError(f"{what}: not a pokerlab spot batch")
    results = [done[f] for f in given["flops"] if f in done]
    return report(results) | {"template": given["template"], "settings": given["settings"],
                              "stored": len(results), "total": len(given["flops"])}


def now() -> float:
    """Seconds on a monotonic clock (for the command's timing)."""
    return time.monotonic()
