"""A plot file: one matplotlib figure drawn into a ``.png`` or ``.svg`` file, for every layer
that writes a picture (the 13x13 grids of pre-flop tables and of a spot's strategy, the
threshold reading's square, bankroll curves, convergence curves, a solution's axes).

:func:`plot_file` gives one axes and lays the figure out itself; :func:`figure_file` gives the
bare figure, for pictures of several panels or laid out in steps (names placed once the layout
is final).

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> folder = tempfile.mkdtemp()
>>> with plot_file(Path(folder) / "line.svg", (4, 3)) as (fig, ax):
...     _ = ax.plot([0, 1], [0, 1])
>>> (Path(folder) / "line.svg").read_text()[:5]
'<?xml'
>>> with figure_file(Path(folder) / "two" / "panels.png", (6, 3)) as fig:
...     left, right = fig.subplots(1, 2)
...     fig.tight_layout()
>>> (Path(folder) / "two" / "panels.png").stat().st_size > 0
True
>>> with plot_file(Path(folder) / "line.jpg", (4, 3)) as (fig, ax):
...     pass
Traceback (most recent call last):
    ...
ValueError: plot file '.../line.jpg': the name must end in .png or .svg
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SUFFIXES = (".png", ".svg")
"""The picture files written (matplotlib chooses the format by the suffix)."""


@contextlib.contextmanager
def figure_file(path: str | Path, figsize: tuple[float, float], *, tight_bbox: bool = False,
                dpi: float = 110, **figure: Any) -> Iterator[Any]:
    """A bare figure (matplotlib's Agg backend, no screen needed; ``figure``: more arguments of
    ``pyplot.figure``, e.g. ``layout``) saved into ``path`` when the block ends (its folder made
    if missing); closed either way. The block adds the axes and lays them out.
    ``tight_bbox``: crop the saved picture to what is drawn.

    Raises
    ------
    ValueError
        If the suffix is neither ``.png`` nor ``.svg`` (before anything is drawn).
    """
    path = Path(path)
    if path.suffix.lower() not in SUFFIXES:
        raise ValueError(f"plot file {str(path)!r}: the name must end in .png or .svg")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=figsize, **figure)
    try:
        yield fig
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=dpi, **({"bbox_inches": "tight"} if tight_bbox else {}))
    finally:
        plt.close(fig)


@contextlib.contextmanager
def plot_file(path: str | Path, figsize: tuple[float, float], *, tight_bbox: bool = False,
              dpi: float = 110) -> Iterator[tuple[Any, Any]]:
    """A figure and its one axes (:func:`figure_file`'s), laid out and saved into ``path`` when
    the block ends (its folder made if missing); closed either way.
    ``tight_bbox``: crop the saved picture to what is drawn.

    Raises
    ------
    ValueError
        If the suffix is neither ``.png`` nor ``.svg`` (before anything is drawn).
    """
    with figure_file(path, figsize, tight_bbox=tight_bbox, dpi=dpi) as fig:
        ax = fig.subplots()
        yield fig, ax
        fig.tight_layout()
