"""Plain JSON values from the library's results (exact numbers, numpy arrays, NaN).

Examples
--------
>>> import numpy as np
>>> from fractions import Fraction
>>> jsonable({"x": Fraction(1, 4), "a": np.arange(2), "nan": float("nan"), 3: (1, 2)})
{'x': 0.25, 'a': [0, 1], 'nan': None, '3': [1, 2]}
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any


def jsonable(obj: Any) -> Any:
    """``obj`` with keys as strings, tuples as lists, fractions and numpy values as numbers,
    and non-finite floats as ``None`` (strict JSON has no NaN)."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [jsonable(v) for v in obj]
    if isinstance(obj, Fraction):
        return float(obj)
    if hasattr(obj, "tolist"):  # numpy arrays and scalars (a 0-d value gives a plain scalar)
        return jsonable(obj.tolist())
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj
