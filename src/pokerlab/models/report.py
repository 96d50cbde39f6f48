"""Everything ``pokerlab model`` reports about a classic model, as plain data (JSON-ready).

:func:`model_report` solves a model for ``KEY=VALUE`` parameters in closed form and, unless
told not to, recomputes it with the model's independent engine; :func:`catalogue` lists the
models with their parameters. The command line prints them as tables, the web page draws them.

Examples
--------
>>> data, solution, check = model_report("von-neumann", ["B=2"])
>>> data["thresholds_exact"], data["value_exact"], check.agrees
({'a': '1/9', 'c': '5/9', 'b': '7/9'}, '1/9', True)
>>> [p["name"] for p in catalogue()["raise"]["params"]]
['B', 'R']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab.models.base import Check, Solution
from pokerlab.models.registry import MODELS, get


def model_report(name: str, params: Sequence[str] = (), check: bool = True
                 ) -> tuple[dict[str, Any], Solution, Check | None]:
    """Solve model ``name`` with ``KEY=VALUE`` ``params`` (defaults otherwise) and check it.

    Returns the JSON report (the solution, the model's source and, with ``check``, the
    independent engine's numbers and their largest difference), the exact solution and the check.
    """
    spec = get(name)
    solution = spec.run(params)
    data = solution.to_json()
    data["source"] = spec.source
    result = None
    if check and spec.check is not None:
        result = spec.check(solution)
        data["check"] = result.to_json("thresholds" if spec.kind == "uniform" else "strategy")
    return data, solution, result


def catalogue() -> dict[str, dict[str, Any]]:
    """Every model: title, source, kind and parameters (name, default, meaning, kind)."""
    return {
        m.name: {
            "title": m.title,
            "source": m.source,
            "kind": m.kind,
            "params": [{"name": p.name, "default": p.default, "help": p.help, "kind": p.kind}
                       for p in m.params],
        }
        for m in MODELS.values()
    }
