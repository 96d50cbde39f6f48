"""An equity question as a person asks it (players, board and dead cards as text) and its answer:
what ``pokerlab equity`` prints and the web page's Equity calculator shows.

Both read the question the same way and compute the same things here, so their numbers are the
same for the same input: each player's equity, win and tie shares and counts
(:func:`~pokerlab.strength.equity.equity`), and with two players, the first holding known cards,
the hand's equity against each class of the second player's range
(:func:`~pokerlab.strength.equity_grid.equity_grid`).

Examples
--------
>>> report = equity_report(["AcAd", "KhKs"])
>>> data = report.as_dict()
>>> data["players"], round(data["equity"][0], 5), data["exact"], report.grid is None
(['AcAd', 'KhKs'], 0.81255, True, True)
>>> with_grid = equity_report(["AhKh", "QQ+, AKo"], board="Qs 7h 2h", grid=None)
>>> with_grid.as_dict()["board"], round(with_grid.as_dict()["grid"]["KK"], 4)
('Qs 7h 2h', 0.4697)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pokerlab.cards import Range, format_cards, parse_cards
from pokerlab.strength.equity import EquityResult, Player, Progress, equity, equity_problem, parse_player

T = TypeVar("T")

if TYPE_CHECKING:
    from pokerlab.executors import Executor
    from pokerlab.strength.equity_grid import EquityGrid


@dataclass(frozen=True)
class EquityReport:
    """The answer to an equity question, with the question as read.

    Attributes
    ----------
    players
        Each player's text as given (cards or a range).
    board, dead
        The board and dead cards as read.
    result
        The players' equities, win and tie shares and counts.
    grid
        With two players, the first holding known cards: that hand's equity against each
        holding of the second player's range (``None`` when not asked for).
    """

    players: tuple[str, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    result: EquityResult
    grid: EquityGrid | None = None

    def grid_by_class(self) -> dict[str, float] | None:
        """The grid's equity by class (``"AKs": 0.52``), for the classes of the range."""
        if self.grid is None:
            return None
        return {name: value for name, value in self.grid.table().by_class().items() if value == value}

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for JSON): the question, the result's fields and the grid by class."""
        out: dict[str, Any] = {
            "players": list(self.players),
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            **self.result.as_dict(),
        }
        by_class = self.grid_by_class()
        if by_class is not None:
            out["grid"] = by_class
        return out


def _named(field: str, read: Callable[[str], T], value: str) -> T:
    """``read(value)``, a ``ValueError`` naming ``field`` (which player, the board)."""
    try:
        return read(value)
    except ValueError as exc:
        raise ValueError(f"{field}: {exc}") from None


def read_question(
    players: Sequence[str], board: str = "", dead: str = ""
) -> tuple[list[Player], list[int], list[int]]:
    """The players (cards or ranges), board and dead cards of a question, checked as the answer
    checks them (``ValueError`` naming the first mistake) without computing anything.

    Examples
    --------
    >>> read_question(["AhKh", "AhQh"])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'Ah'
    >>> read_question(["KhKz", "QQ"])
    Traceback (most recent call last):
    ...
    ValueError: player 1: unknown range item 'KhKz'
    """
    board_cards = _named("board", parse_cards, board)
    dead_cards = _named("dead", parse_cards, dead)
    resolved = [_named(f"player {k}", parse_player, p) for k, p in enumerate(players, 1)]
    equity_problem(resolved, board_cards, dead_cards)
    return resolved, board_cards, dead_cards


def equity_report(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    exact: bool | None = None,
    samples: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    workers: int | None = None,
    grid: bool | None = False,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> EquityReport:
    """Read the question (cards and ranges as text) and answer it.

    Parameters
    ----------
    players
        Each player's two cards (``"AhKh"``) or range text (``"QQ+, AKs"``, ``"15%"``).
    board, dead
        Board cards already dealt (0, 3, 4 or 5) and cards out of play, as text.
    exact, samples, stderr, seed, workers, progress, executor
        As :func:`~pokerlab.strength.equity.equity` takes them: ``exact=None`` enumerates when
        that is quick, else runs Monte Carlo (``samples``, default 200,000; ``stderr``: stop
        at that standard error).
    grid
        ``True``: also the first player's equity against each class of the second's range
        (two players, the first with known cards, else ``ValueError``); ``None``: that grid
        whenever the question has that shape; ``False``: no grid.

    Raises
    ------
    ValueError
        Naming a bad card, range, board, or a grid the question cannot have.
    """
    resolved, board_cards, dead_cards = read_question(players, board, dead)
    can_grid = len(resolved) == 2 and not isinstance(resolved[0], Range)
    if grid and len(resolved) != 2:
        raise ValueError(f"the equity grid needs two players (a hand and a range), got {len(resolved)}")
    options: dict[str, Any] = {"exact": exact, "seed": seed, "workers": workers}
    if samples is not None or stderr is not None:
        options.update(samples=samples, stderr=stderr)
    result = equity(resolved, board=board_cards, dead=dead_cards, progress=progress, executor=executor,
                    **options)
    chart = None
    if grid or (grid is None and can_grid):
        from pokerlab.strength.equity_grid import equity_grid  # the pre-flop tables: only for a grid

        chart = equity_grid(resolved[0], resolved[1], board_cards, dead_cards, workers=workers)
    return EquityReport(tuple(players), tuple(board_cards), tuple(dead_cards), result, chart)
