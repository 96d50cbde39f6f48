"""Classic solved poker models in closed form, exact, with independent checks.

From Ferguson, Ferguson & Gawargy, *Uniform(0,1) two-person poker models* (von Neumann,
Newman, bet after check, raise, two rounds with check-raise) and Ferguson & Ferguson, *The
endgame in poker* (basic endgame, several and a continuum of rounds, hidden and imprecise
information). Each model's closed form is exact (sympy), its ordering assumption is checked
for the given parameters, and :mod:`pokerlab.models.engine_checks` recomputes it with the
general engines.

Examples
--------
>>> from pokerlab.models import get
>>> s = get("bet-after-check").run(["B=2"])
>>> s.value, s.thresholds["a"], s.thresholds["c"]
(-1/12, 1/12, 5/6)
"""

from pokerlab.models.base import Check, Model, Param, Solution
from pokerlab.models.registry import MODELS, get

__all__ = ["MODELS", "Check", "Model", "Param", "Solution", "get"]
