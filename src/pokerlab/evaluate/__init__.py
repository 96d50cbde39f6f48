"""Hand evaluation: 5-, 6- and 7-card hands to dense values ``0..7461`` (higher is stronger).

``value == 7462 - phevaluator_rank``; equal hands get equal values. Use
:func:`evaluate_batch` for arrays of hands, :func:`evaluate` for one hand, and the numba
functions in :mod:`pokerlab.evaluate.kernels` (``eval5``, ``eval6``, ``eval7``, and the
incremental ``key_of`` / ``mask_of`` / ``eval_key``) inside your own kernels.

Modules: ``classes`` (values, categories), ``tables`` (lookup tables, built once and cached),
``kernels`` (numba evaluation), ``hands`` (Python API with input checks), ``describe``
(words and best five cards), ``enumerate`` (all 5- and 7-card hands), ``sampling``
(random hands).

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> v = evaluate(parse_cards("Ah Ad Ac 3s 3h 9d 2c"))
>>> category_name(v), describe(parse_cards("Ah Ad Ac 3s 3h 9d 2c"))
('Full house', 'Full house, aces over threes')
"""

from pokerlab.evaluate.classes import (
    CATEGORY_FLOOR,
    CATEGORY_NAMES,
    NUM_CLASSES,
    categories,
    category,
    category_name,
)
from pokerlab.evaluate.describe import best_five, describe
from pokerlab.evaluate.hands import as_hand_array, evaluate, evaluate_batch

# Loaded on first use: they bring numba (``pokerlab hand`` needs none of them).
_LAZY = {
    "Enumeration": "pokerlab.evaluate.enumerate",
    "enumerate_all5": "pokerlab.evaluate.enumerate",
    "enumerate_all7": "pokerlab.evaluate.enumerate",
    "random_hands": "pokerlab.evaluate.sampling",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pokerlab.evaluate' has no attribute {name!r}")

__all__ = [
    "CATEGORY_FLOOR",
    "CATEGORY_NAMES",
    "NUM_CLASSES",
    "Enumeration",
    "as_hand_array",
    "best_five",
    "categories",
    "category",
    "category_name",
    "describe",
    "enumerate_all5",
    "enumerate_all7",
    "evaluate",
    "evaluate_batch",
    "random_hands",
]
