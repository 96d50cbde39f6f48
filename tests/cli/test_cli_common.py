"""Shared CLI helpers: JSON output of numpy values and fractions."""

import json
from fractions import Fraction

import numpy as np

from pokerlab.cli.common import print_json


def test_print_json_converts_numpy_arrays_scalars_and_fractions(capsys):
    print_json(
        {
            "grid": np.arange(6).reshape(2, 3),
            "x": np.float64(0.5),
            "n": np.int64(3),
            "f": Fraction(1, 4),
            "nan": float("nan"),
        }
    )
    data = json.loads(capsys.readouterr().out)
    assert data == {"grid": [[0, 1, 2], [3, 4, 5]], "x": 0.5, "n": 3, "f": 0.25, "nan": None}
