"""Pre-flop tables: one value per starting-hand class on the papers' 13x13 grid.

The Waterloo report (Li, Zhang, Gao) prints its pre-flop tables as a 13x13 grid whose rows
and columns are the ranks 2..A. The diagonal holds the pairs, the lower triangle (row rank
above column rank) the suited hands and the upper triangle (row rank below column rank) the
offsuit hands (docs/errata.md). Cell ``(row, col)`` of a :class:`PreflopTable` uses the same
orientation, with ranks ``0..12`` for 2..A.

Six tables ship as data (``pokerlab/strength/data/*.csv``). Three are transcribed from the
Waterloo report:

- ``waterloo-expert-2p``: Table 1, pre-flop expert table, 2 players (AA = 1, 32o = 0);
- ``waterloo-expert-4p``: Table 2, expert table, 4 players (the OCR's "0.6(overline 74)" for
  AKo is 0.674);
- ``waterloo-simulation-4p``: Table 3, simulation table, 4 players. docs/errata.md: it disagrees with
  an independent simulation for many entries, so it is data, not an oracle.

Three are Loki's income-rate tables (Papp's thesis, Appendix A; values x 1000, same
orientation), which the Loki bots read (:data:`LOKI_TABLES`; provenance in the files and in
``docs/loki.md``):

- ``loki-ir2``, ``loki-ir4``, ``loki-ir7``: 2, 4 and 7 hands dealt (1, 3 and 6 always-calling
  opponents), used for 2, 3-4 and 5 or more players.

Examples
--------
>>> t = load_table("waterloo-expert-2p")
>>> t.value("AA"), t.value("32o"), t.value("AKs"), t.value("AKo")
(1.0, 0.0, 0.74, 0.716)
>>> grid_cell("AKs"), grid_cell("AKo"), grid_cell("22")
((12, 11), (11, 12), (0, 0))
>>> load_table("waterloo-expert-4p").value("AKo")
0.674
>>> ir4 = load_table("loki-ir4")
>>> ir4.value("A8s"), load_table("loki-ir7").value("AA"), load_table("loki-ir2").value("32o")
(338.0, 2043.0, -351.0)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

import numpy as np

from pokerlab.cards import ALL_COMBOS, PREFLOP_CLASSES, RANKS

WATERLOO_TABLES: dict[str, str] = {
    "waterloo-expert-2p": "Waterloo Table 1: pre-flop expert table, 2 players",
    "waterloo-expert-4p": "Waterloo Table 2: pre-flop expert table, 4 players",
    "waterloo-simulation-4p": "Waterloo Table 3: pre-flop simulation table, 4 players",
}
"""Names of the shipped Waterloo tables and their titles."""

LOKI_TABLES: dict[str, str] = {
    "loki-ir2": "Loki IR2: income rate x 1000, 2 hands dealt (1 opponent)",
    "loki-ir4": "Loki IR4: income rate x 1000, 4 hands dealt (3 opponents)",
    "loki-ir7": "Loki IR7: income rate x 1000, 7 hands dealt (6 opponents)",
}
"""Names of the shipped Loki income-rate tables (Papp 1998, Appendix A) and their titles."""

SHIPPED_TABLES: dict[str, str] = {**WATERLOO_TABLES, **LOKI_TABLES}
"""Every shipped table."""


def grid_cell(name: str) -> tuple[int, int]:
    """The ``(row, col)`` grid cell of a class name: pairs on the diagonal, suited below, offsuit above.

    Examples
    --------
    >>> grid_cell("T9s"), grid_cell("T9o")
    ((8, 7), (7, 8))
    """
    text = name.strip()
    if len(text) not in (2, 3) or text[0].upper() not in RANKS or text[1].upper() not in RANKS:
        raise ValueError(f"unknown hand class {name!r}")
    r1, r2 = RANKS.index(text[0].upper()), RANKS.index(text[1].upper())
    kind = text[2:].lower()
    if r1 == r2:
        if kind:
            raise ValueError(f"unknown hand class {name!r}: a pair is neither suited nor offsuit")
        return r1, r1
    if kind not in ("s", "o"):
        raise ValueError(f"unknown hand class {name!r}: say 's' (suited) or 'o' (offsuit)")
    hi, lo = max(r1, r2), min(r1, r2)
    return (hi, lo) if kind == "s" else (lo, hi)


def class_at(row: int, col: int) -> str:
    """The class name at grid cell ``(row, col)``.

    Examples
    --------
    >>> class_at(12, 12), class_at(12, 11), class_at(11, 12)
    ('AA', 'AKs', 'AKo')
    """
    if not (0 <= row < 13 and 0 <= col < 13):
        raise ValueError(f"grid cell ({row}, {col}) is outside 0..12")
    if row == col:
        return RANKS[row] * 2
    if row > col:
        return RANKS[row] + RANKS[col] + "s"
    return RANKS[col] + RANKS[row] + "o"


def _combo_cells() -> np.ndarray:
    """Grid cell (row, col) of each of the 1,326 combos."""
    out = np.empty((1326, 2), dtype=np.int64)
    for i, (a, b) in enumerate(ALL_COMBOS):
        ra, rb = int(a) >> 2, int(b) >> 2
        hi, lo = max(ra, rb), min(ra, rb)
        suited = (int(a) & 3) == (int(b) & 3)
        out[i] = (hi, lo) if (suited or hi == lo) else (lo, hi)
    return out


COMBO_CELLS: np.ndarray = _combo_cells()
"""``(1326, 2)`` grid cell of each combo, by combo index."""
COMBO_CELLS.setflags(write=False)


@dataclass(frozen=True)
class PreflopTable:
    """A value for each of the 169 starting-hand classes, kept as a 13x13 grid.

    Attributes
    ----------
    name
        Short name (``"waterloo-expert-2p"``, or a description of a simulation).
    title
        What the numbers are.
    grid
        ``(13, 13)`` float array, rows and columns the ranks 2..A; diagonal pairs, lower triangle
        suited, upper triangle offsuit.
    """

    name: str
    title: str
    grid: np.ndarray

    def __post_init__(self) -> None:
        grid = np.array(self.grid, dtype=np.float64)
        if grid.shape != (13, 13):
            raise ValueError(f"a pre-flop table is a 13x13 grid, got shape {grid.shape}")
        grid.setflags(write=False)
        object.__setattr__(self, "grid", grid)

    def value(self, name: str) -> float:
        """The value of a class such as ``"AKs"``, ``"72o"`` or ``"TT"``."""
        row, col = grid_cell(name)
        return float(self.grid[row, col])

    def value_of_cards(self, a: int, b: int) -> float:
        """The value of the class of the two cards ``a`` and ``b``.

        Examples
        --------
        >>> load_table("waterloo-expert-2p").value_of_cards(51, 50)  # As Ah
        1.0
        """
        from pokerlab.cards import combo_index

        row, col = COMBO_CELLS[combo_index(a, b)]
        return float(self.grid[row, col])

    def by_class(self) -> dict[str, float]:
        """The 169 values keyed by class name, in :data:`pokerlab.cards.PREFLOP_CLASSES` order."""
        return {name: self.value(name) for name in PREFLOP_CLASSES}

    def combo_values(self) -> np.ndarray:
        """A 1,326-entry array: the value of each combo's class, by combo index.

        Useful as a starting weight table for opponent modelling.

        Examples
        --------
        >>> w = load_table("waterloo-expert-2p").combo_values()
        >>> w.shape, float(w.max()), float(w.min())
        ((1326,), 1.0, 0.0)
        """
        return self.grid[COMBO_CELLS[:, 0], COMBO_CELLS[:, 1]].copy()

    def ranking(self) -> list[str]:
        """Class names from the highest value to the lowest (ties keep class order)."""
        values = self.by_class()
        return sorted(values, key=lambda n: -values[n])

    def to_csv(self, digits: int = 3) -> str:
        """The grid as CSV text with a ``rank`` header, in the layout of the shipped files."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["rank", *RANKS])
        for row in range(13):
            writer.writerow([RANKS[row], *(f"{v:.{digits}f}" for v in self.grid[row])])
        return buf.getvalue()


def table_from_classes(name: str, title: str, values: Mapping[str, float]) -> PreflopTable:
    """Build a :class:`PreflopTable` from a value for every one of the 169 class names.

    Examples
    --------
    >>> t = table_from_classes("demo", "pairs only", {n: float(len(n) == 2) for n in PREFLOP_CLASSES})
    >>> t.value("77"), t.value("76s")
    (1.0, 0.0)
    """
    grid = np.full((13, 13), np.nan)
    for cls_name, value in values.items():
        row, col = grid_cell(cls_name)
        grid[row, col] = float(value)
    if np.isnan(grid).any():
        missing = [class_at(r, c) for r, c in zip(*np.nonzero(np.isnan(grid)), strict=True)]
        raise ValueError(f"table {name!r} has no value for {', '.join(missing[:5])}")
    return PreflopTable(name, title, grid)


def parse_table_csv(text: str, name: str = "table", title: str = "") -> PreflopTable:
    """Read a grid written as CSV (``#`` comment lines, a ``rank,2,...,A`` header, 13 rows).

    Raises
    ------
    ValueError
        Naming the line that cannot be read.
    """
    rows = [
        (lineno, line)
        for lineno, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not rows:
        raise ValueError(f"table {name!r} is empty")
    header = [c.strip().upper() for c in rows[0][1].split(",")]
    if header[1:] != list(RANKS):
        raise ValueError(f"table {name!r} line {rows[0][0]}: header must be rank,2,3,...,A")
    if len(rows) != 14:
        raise ValueError(f"table {name!r} has {len(rows) - 1} rows, not 13")
    grid = np.empty((13, 13))
    for i, (lineno, line) in enumerate(rows[1:]):
        cells = [c.strip() for c in line.split(",")]
        if len(cells) != 14 or cells[0].upper() != RANKS[i]:
            raise ValueError(f"table {name!r} line {lineno}: expected rank {RANKS[i]} and 13 values")
        try:
            grid[i] = [float(c) for c in cells[1:]]
        except ValueError:
            raise ValueError(f"table {name!r} line {lineno}: a value is not a number") from None
    return PreflopTable(name, title or name, grid)


def load_table(name: str) -> PreflopTable:
    """Load a shipped table by name (see :data:`SHIPPED_TABLES`).

    Raises
    ------
    ValueError
        If no table has that name.
    """
    if name not in SHIPPED_TABLES:
        raise ValueError(f"unknown pre-flop table {name!r}; known: {', '.join(SHIPPED_TABLES)}")
    text = resources.files("pokerlab.strength").joinpath("data", f"{name}.csv").read_text()
    return parse_table_csv(text, name, SHIPPED_TABLES[name])
