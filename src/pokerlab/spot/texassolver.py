"""TexasSolver console input files: read one as the spot it describes, and write one.

TexasSolver (bupticybee/TexasSolver, branch ``console``) reads a text file of commands, one a
line (``set_pot 50``, ``set_bet_sizes oop,flop,bet,50``, ``build_tree``, ``start_solve``...).
:func:`read_texassolver` turns such a file, unchanged, into the :class:`~pokerlab.spot.spec.Spot`
that TexasSolver would solve, and :func:`read_texassolver_input` also returns its stopping
settings (accuracy, iteration cap, threads). :func:`write_texassolver` writes the file for a
spot (what the benchmarks give TexasSolver).

Commands that describe the spot
-------------------------------
``set_pot P``
    Starting pot ``P`` chips (TexasSolver's default 10).
``set_effective_stack S``
    Effective stack behind. TexasSolver stores ``S + pot/2`` using the pot set *so far*
    (5 chips if ``set_pot`` comes later), and the tree uses that minus the final pot's half:
    read as TexasSolver reads it (its default is a stack of 20).
``set_board Qs,Jh,2h``
    3, 4 or 5 cards, comma separated.
``set_range_oop TEXT`` / ``set_range_ip TEXT``
    Ranges with weights (``AA,KK:0.5,AK``). As TexasSolver does, a weight of 0.005 or less
    drops the item.
``set_bet_sizes PLAYER,STREET,KIND[,SIZE...]``
    ``PLAYER`` ``oop``/``ip``, ``STREET`` ``flop``/``turn``/``river``, ``KIND`` ``bet``,
    ``raise`` (percent of the pot after the call), ``donk`` or ``allin`` (no sizes: the player
    may go all-in on that street, betting, raising or donking). A later line for the same
    player, street and kind replaces the sizes. OOP's first bet on the turn or river after it
    *called* on the street before is a donk bet: TexasSolver offers the donk sizes there (and
    all-in if OOP's ``allin`` is set for that street), never the ordinary bet sizes, so the
    spot gets an explicit donk list for OOP on the turn and the river.
``set_allin_threshold T``
    :attr:`~pokerlab.spot.spec.Spot.allin_threshold`, taken as it is (TexasSolver's default
    0.67). TexasSolver's own rule differs: it makes a bet or raise all-in when half the
    starting pot plus all the player has put in since the spot began exceeds ``T`` times the
    effective stack (``GameTree::get_possible_bets``), so with ``T = 1`` a bet leaving less
    than half the starting pot behind is an all-in there. Trees agree where no size lands in
    that band.
``set_raise_limit N``
    Written by TexasSolver's GUI: a bet and ``N - 1`` raises per street, so
    ``raise_cap = N - 1``. The console branch does not know this command and always uses
    ``N = 4``: a file without it gets ``raise_cap = 3``.
``build_tree``
    The tree is built from the settings above as they stand here (the last ``build_tree``
    before ``start_solve`` counts; later tree settings do not change it, as in TexasSolver).
``start_solve``
    The board and ranges as they stand here are solved; lines after it do not change the
    spot or the stopping settings.

Stopping settings (returned, not part of the spot; ``pokerlab spot solve --texassolver``
uses them where no option overrides them)
---------------------------------------------------------------------------------------
``set_accuracy X``
    Stop at an exploitability of ``X`` % of the starting pot: TexasSolver's unit
    (``BestResponse::printExploitability``: the two players' best-response gains over 2, over
    the starting pot, times 100), which is pokerlab's (``--target``).
``set_max_iteration N``
    Stop after ``N`` iterations (TexasSolver's default 100; ``--max-iterations``).
``set_print_interval N``
    TexasSolver measures the exploitability, and stops at the accuracy, every ``N`` iterations
    (default 10): ``--check-every``.
``set_thread_num N``
    Threads (default 1), at most the machine's cores.

Results (read after ``start_solve``, where TexasSolver's files put them)
-----------------------------------------------------------------------
``dump_result PATH``
    Write the result to ``PATH`` (relative to the working folder, as TexasSolver does) once the
    solve ends. pokerlab does not write TexasSolver's JSON: a path ending in ``.npz`` gets the
    solution (:meth:`~pokerlab.spot.solution.Solution.save`, all of it, browsed with
    ``pokerlab spot show``), a path ending in ``.json`` pokerlab's strategy dump
    (:func:`pokerlab.spot.browse.strategy_dump`: the solve's summary and, for each decision
    of the spot's first street, what ``spot show --json`` prints: per hand class and per combo
    the strategy, EV and equity). Any other ending is refused.
``set_dump_rounds N``
    How many streets TexasSolver's dump goes down (default 1). pokerlab's ``.json`` dump holds
    the first street's decisions only; more is a warning (the ``.npz`` holds every street).

Accepted and ignored (they change neither the spot nor the solution)
--------------------------------------------------------------------
``set_use_isomorphism`` (pokerlab always solves suit-isomorphic cards once), empty lines and
``#`` comments. Any other command is an error (TexasSolver prints "command not recognized"
and goes on; a misspelt size line would silently change the tree). After ``start_solve``
only ``set_dump_rounds`` and ``dump_result`` are read.

The deck is hold'em's 52 cards: TexasSolver's short deck is a command-line flag
(``-m shortdeck``), not part of the file, and pokerlab has no short-deck spot.

Errors are :class:`~pokerlab.spot.spec.SpotError` of one line naming the file, the line number
and the command.

Examples
--------
>>> text = '''set_pot 50
... set_effective_stack 200
... set_board Qs,Jh,2h,8d
... set_range_oop AA,KK:0.5,AK
... set_range_ip QQ,JJ,AQs
... set_bet_sizes oop,turn,bet,50
... set_bet_sizes oop,river,bet,50
... set_bet_sizes ip,river,bet,50
... set_bet_sizes ip,river,raise,60
... set_bet_sizes ip,river,allin
... set_allin_threshold 1.0
... build_tree
... set_accuracy 0.3
... start_solve'''
>>> ts = parse_texassolver(text)
>>> ts.spot.street, ts.spot.pot, ts.spot.stack, ts.spot.raise_cap
('turn', 50.0, 200.0, 3)
>>> [str(s) for s in ts.spot.sizes("river", 1).raise_], ts.spot.sizes("river", 0).donk
(['60%', 'a'], ())
>>> ts.accuracy_pct, ts.max_iterations, ts.threads, ts.check_every, ts.dump_result
(0.3, 100, 1, 10, None)
>>> parse_texassolver("set_pot x")
Traceback (most recent call last):
...
pokerlab.spot.spec.SpotError: <text> line 1: set_pot: 'x' is not a number
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pokerlab.cards.codes import format_card, parse_cards
from pokerlab.cards.ranges import ALL_COMBOS, class_of, combos_touching, parse_range
from pokerlab.spot.spec import (
    STREETS,
    Size,
    Spot,
    SpotError,
    StreetSizes,
)

__all__ = [
    "TexasSolverInput",
    "parse_texassolver",
    "read_texassolver",
    "read_texassolver_input",
    "texassolver_range",
    "write_texassolver",
]

DEFAULT_POT = 10.0
"""TexasSolver's starting pot when the file has no ``set_pot`` (commits of 5 and 5)."""
DEFAULT_STACK_TOTAL = 25.0
"""TexasSolver's stored stack without ``set_effective_stack`` (an effective stack of 20)."""
DEFAULT_ALLIN_THRESHOLD = 0.67
DEFAULT_RAISE_LIMIT = 4
DEFAULT_MAX_ITERATIONS = 100
MIN_WEIGHT = 0.005
"""TexasSolver drops a range item whose weight is at most this."""
IGNORED = ("set_use_isomorphism",)
DEFAULT_PRINT_INTERVAL = 10
DEFAULT_DUMP_ROUNDS = 1
DUMP_SUFFIXES = (".json", ".npz")
"""What ``dump_result`` may write: pokerlab's strategy dump or the solution itself."""
KINDS = ("bet", "raise", "donk", "allin")


@dataclass(frozen=True)
class TexasSolverInput:
    """A TexasSolver input file read: the spot and how TexasSolver was told to stop.

    Attributes
    ----------
    spot : Spot
        The spot TexasSolver would solve.
    accuracy_pct : float or None
        ``set_accuracy``: target exploitability in % of the pot (``None``: not given).
    max_iterations : int
        ``set_max_iteration`` (TexasSolver's default 100).
    threads : int
        ``set_thread_num`` (default 1).
    check_every : int
        ``set_print_interval``: iterations between measurements (default 10).
    dump_result : str or None
        ``dump_result``'s path (``.json`` or ``.npz``; ``None``: not given).
    dump_rounds : int
        ``set_dump_rounds`` before ``dump_result`` (default 1).
    given : frozenset of str
        The stopping commands the file gives (``set_accuracy``, ``set_max_iteration``,
        ``set_print_interval``, ``set_thread_num``): the others hold TexasSolver's defaults.
    """

    spot: Spot
    accuracy_pct: float | None = None
    max_iterations: int = DEFAULT_MAX_ITERATIONS
    threads: int = 1
    check_every: int = DEFAULT_PRINT_INTERVAL
    dump_result: str | None = None
    dump_rounds: int = DEFAULT_DUMP_ROUNDS
    given: frozenset[str] = frozenset()


@dataclass
class _Street:
    bet: tuple[float, ...] = ()
    raise_: tuple[float, ...] = ()
    donk: tuple[float, ...] = ()
    allin: bool = False


@dataclass
class _Tree:
    """The tree settings as of one ``build_tree``."""

    pot: float
    stack: float
    n_board: int
    streets: dict[tuple[str, int], _Street]
    raise_limit: int
    allin_threshold: float


def _number(text: str, where: str, *, integer: bool = False, above: float | None = None,
            at_least: float | None = None) -> float:
    """The number ``text`` (whole with ``integer``; ``> above``, ``>= at_least`` when given)."""
    try:
        v = float(text)
    except ValueError:
        raise SpotError(f"{where}: {text!r} is not a number") from None
    if not np.isfinite(v):
        raise SpotError(f"{where}: {text!r} is not a finite number")
    if integer and v != int(v):
        raise SpotError(f"{where}: {text!r} is not a whole number")
    if above is not None and v <= above:
        raise SpotError(f"{where}: {text!r} must be > {above:g}")
    if at_least is not None and v < at_least:
        raise SpotError(f"{where}: {text!r} must be >= {at_least:g}")
    return v


def _pcts(sizes: tuple[float, ...]) -> tuple[Size, ...]:
    return tuple(Size("pct", s) for s in sizes)


def _street_sizes(tree: _Tree, street: str, player: int) -> StreetSizes:
    st = tree.streets[(street, player)]
    allin = (Size("allin"),) if st.allin else ()
    donk = None
    if player == 0 and STREETS.index(street) > tree.n_board - 3:
        donk = _dedup(_pcts(st.donk) + allin)
    return StreetSizes(bet=_dedup(_pcts(st.bet) + allin), raise_=_dedup(_pcts(st.raise_) + allin),
                       donk=donk)


def _dedup(sizes: tuple[Size, ...]) -> tuple[Size, ...]:
    out: list[Size] = []
    for s in sizes:
        if s not in out:
            out.append(s)
    return tuple(out)


def parse_texassolver(text: str, source: str = "<text>") -> TexasSolverInput:
    """Read the text of a TexasSolver console input file (see the module docstring).

    Parameters
    ----------
    text : str
        The file's text.
    source : str
        The name used in error messages (the path).

    Returns
    -------
    TexasSolverInput

    Raises
    ------
    SpotError
        ``"<source> line N: <command>: <what is wrong>"``.

    Examples
    --------
    >>> ts = parse_texassolver("set_board Qs,Jh,2h\\nset_range_oop AA\\nset_range_ip KK\\nbuild_tree")
    >>> ts.spot.pot, ts.spot.stack, ts.spot.allin_threshold
    (10.0, 20.0, 0.67)
    """
    pot = DEFAULT_POT
    stack_total = DEFAULT_STACK_TOTAL
    board: list[int] | None = None
    board_line = 0
    ranges: dict[str, tuple[str, int]] = {}
    streets = {(st, p): _Street() for st in STREETS for p in range(2)}
    raise_limit = DEFAULT_RAISE_LIMIT
    threshold = DEFAULT_ALLIN_THRESHOLD
    accuracy: float | None = None
    max_iter = DEFAULT_MAX_ITERATIONS
    threads = 1
    interval = DEFAULT_PRINT_INTERVAL
    dump: str | None = None
    rounds = dump_rounds = DEFAULT_DUMP_ROUNDS
    given: set[str] = set()
    tree: _Tree | None = None
    tree_line = 0
    solved = False

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        command, _, param = line.partition(" ")
        param = param.strip()
        where = f"{source} line {lineno}: {command}"
        if solved and command not in ("set_dump_rounds", "dump_result"):
            continue  # the spot and its stopping settings are those of start_solve
        needs_param = command not in ("build_tree", "start_solve")
        if needs_param and not param:
            raise SpotError(f"{where}: needs a value")
        if command in ("set_accuracy", "set_max_iteration", "set_print_interval", "set_thread_num"):
            given.add(command)
        if command == "set_pot":
            pot = _number(param, where)
            if pot < 3:
                # TexasSolver's bet code treats commits of 0.5 and 1 as pre-flop blinds.
                raise SpotError(f"{where}: pot {param} is below 3 chips (TexasSolver reads "
                                "commits of 0.5 and 1 as blinds)")
        elif command == "set_effective_stack":
            s = _number(param, where, at_least=0)
            stack_total = s + pot / 2
        elif command == "set_board":
            try:
                board = parse_cards(param.replace(",", " "))
            except ValueError as exc:
                raise SpotError(f"{where}: {exc}") from None
            if not 3 <= len(board) <= 5:
                raise SpotError(f"{where}: needs 3, 4 or 5 cards, got {len(board)}")
            if len(set(board)) != len(board):
                raise SpotError(f"{where}: a card is named twice in {param!r}")
            board_line = lineno
        elif command in ("set_range_oop", "set_range_ip"):
            ranges[command[10:]] = (param, lineno)
        elif command == "set_bet_sizes":
            _bet_sizes(param, where, streets)
        elif command == "set_allin_threshold":
            threshold = _number(param, where, above=0)
        elif command == "set_raise_limit":
            raise_limit = int(_number(param, where, integer=True, at_least=0))
        elif command == "build_tree":
            if board is None:
                raise SpotError(f"{where}: no set_board before it")
            tree = _Tree(pot, stack_total - pot / 2, len(board),
                         {k: _Street(v.bet, v.raise_, v.donk, v.allin) for k, v in streets.items()},
                         raise_limit, threshold)
            tree_line = lineno
        elif command == "set_accuracy":
            accuracy = _number(param, where, above=0)
        elif command == "set_max_iteration":
            max_iter = int(_number(param, where, integer=True, at_least=1))
        elif command == "set_thread_num":
            threads = int(_number(param, where, integer=True, at_least=1))
        elif command == "set_print_interval":
            interval = int(_number(param, where, integer=True, at_least=1))
        elif command == "set_dump_rounds":
            rounds = int(_number(param, where, integer=True, at_least=1))
        elif command == "dump_result":
            if not param.lower().endswith(DUMP_SUFFIXES):
                raise SpotError(f"{where}: {param!r}: pokerlab writes a .json strategy dump or an "
                                ".npz solution (TexasSolver's own JSON layout is not written)")
            dump, dump_rounds = param, rounds
        elif command == "start_solve":
            if tree is None:
                raise SpotError(f"{where}: no build_tree before it")
            solved = True
        elif command in IGNORED:
            continue
        else:
            raise SpotError(f"{where}: unknown command (known: set_pot, set_effective_stack, "
                            "set_board, set_range_oop, set_range_ip, set_bet_sizes, "
                            "set_allin_threshold, set_raise_limit, build_tree, set_accuracy, "
                            "set_max_iteration, set_print_interval, set_thread_num, start_solve, "
                            f"set_dump_rounds, dump_result, {', '.join(IGNORED)})")

    if tree is None:
        raise SpotError(f"{source}: no build_tree line")
    assert board is not None
    if len(board) != tree.n_board:
        raise SpotError(f"{source} line {board_line}: set_board: {len(board)} cards, but the tree "
                        f"of line {tree_line} was built for {tree.n_board}")
    weights, texts = [], []
    for name in ("oop", "ip"):
        if name not in ranges:
            raise SpotError(f"{source}: no set_range_{name} line")
        rtext, rline = ranges[name]
        try:
            w = parse_range(rtext, dead=board).weights.copy()
        except ValueError as exc:
            raise SpotError(f"{source} line {rline}: set_range_{name}: {exc}") from None
        low = (w > 0) & (w <= MIN_WEIGHT)
        w[low] = 0.0
        weights.append(w)
        # The text would bring the dropped items back (Spot.to_dict): then the weights speak.
        texts.append("" if low.any() else rtext)
    sizes = {(st, p): _street_sizes(tree, st, p) for st in STREETS for p in range(2)}
    try:
        spot = Spot(board=tuple(board), pot=tree.pot, stack=tree.stack, oop_range=weights[0],
                    ip_range=weights[1], oop_range_text=texts[0], ip_range_text=texts[1],
                    tree=sizes,
                    raise_cap=max(tree.raise_limit - 1, 0), allin_threshold=tree.allin_threshold)
    except SpotError as exc:
        raise SpotError(f"{source} line {tree_line}: build_tree: {exc}") from None
    return TexasSolverInput(spot, accuracy, max_iter, threads, interval, dump, dump_rounds,
                            frozenset(given))


def _bet_sizes(param: str, where: str, streets: dict[tuple[str, int], _Street]) -> None:
    parts = [p.strip() for p in param.split(",")]
    if len(parts) < 3:
        raise SpotError(f"{where}: {param!r} needs PLAYER,STREET,KIND[,SIZES] "
                        "(e.g. oop,flop,bet,50)")
    player, street, kind = (p.lower() for p in parts[:3])
    if player not in ("oop", "ip"):
        raise SpotError(f"{where}: player {parts[0]!r} is not oop or ip")
    if street not in STREETS:
        raise SpotError(f"{where}: street {parts[1]!r} is not flop, turn or river")
    if kind not in KINDS:
        raise SpotError(f"{where}: {parts[2]!r} is not bet, raise, donk or allin")
    st = streets[(street, 0 if player == "oop" else 1)]
    values = [p for p in parts[3:] if p]
    if kind == "allin":
        if values:
            raise SpotError(f"{where}: allin takes no sizes, got {','.join(values)!r}")
        st.allin = True
        return
    sizes = []
    for v in values:
        x = _number(v, where)
        if x <= 0:
            raise SpotError(f"{where}: size {v!r} must be > 0")
        sizes.append(x)
    if kind == "bet":
        st.bet = tuple(sizes)
    elif kind == "raise":
        st.raise_ = tuple(sizes)
    else:
        st.donk = tuple(sizes)


def read_texassolver_input(path: str | Path) -> TexasSolverInput:
    """Read a TexasSolver console input file: the spot and its stopping settings.

    Raises
    ------
    SpotError
        The file cannot be read, or a line is wrong (one line naming the line and command).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise SpotError(f"TexasSolver file {str(p)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SpotError(f"TexasSolver file {str(p)!r}: not a text file") from None
    return parse_texassolver(text, source=str(p))


def read_texassolver(path: str | Path) -> Spot:
    """The :class:`~pokerlab.spot.spec.Spot` of a TexasSolver console input file.

    See the module docstring for the commands read, ignored and refused;
    :func:`read_texassolver_input` also returns the stopping settings.
    """
    return read_texassolver_input(path).spot


def _ts_sizes(sizes: tuple[Size, ...], where: str) -> tuple[list[str], bool]:
    pcts, allin = [], False
    for s in sizes:
        if s.kind == "allin":
            allin = True
        elif s.kind == "pct":
            pcts.append(f"{s.value:g}")
        else:
            raise SpotError(f"{where}: size {s} has no TexasSolver form (only % and a)")
    return pcts, allin


def write_texassolver(spot: Spot, *, accuracy_pct: float, max_iterations: int, threads: int,
                      print_interval: int = 10, use_isomorphism: bool = True) -> str:
    """The TexasSolver console input for ``spot`` (what :func:`parse_texassolver` reads back).

    TexasSolver has one all-in flag per player and street, for bets, raises and donks alike,
    no rake, no geometric or chip sizes and no donk fallback to the bet sizes, and its console
    always allows a bet and 3 raises: a spot outside that raises :class:`SpotError`.

    Examples
    --------
    >>> s = Spot.from_dict({"board": "Qs Jh 2h 8d", "pot": 100, "stack": 200,
    ...                     "oop_range": "AA,KK", "ip_range": "QQ", "bet": "50%,a",
    ...                     "raise": "60%,a", "raise_cap": 3,
    ...                     "river": {"oop": {"donk": "50%,a"}}})
    >>> text = write_texassolver(s, accuracy_pct=0.1, max_iterations=500, threads=2)
    >>> [line for line in text.splitlines() if line.startswith("set_bet_sizes oop,river")]
    ['set_bet_sizes oop,river,bet,50', 'set_bet_sizes oop,river,raise,60', \
'set_bet_sizes oop,river,donk,50', 'set_bet_sizes oop,river,allin']
    >>> back = parse_texassolver(text).spot
    >>> all(back.sizes(st, p) == s.sizes(st, p) for st in ("turn", "river") for p in (0, 1))
    True
    >>> bool((back.oop_range == s.oop_range).all()), back.stack
    (True, 200.0)
    """
    if spot.rake_pct > 0:
        raise SpotError(f"rake_pct: {spot.rake_pct:g}: TexasSolver has no rake")
    if spot.raise_cap != DEFAULT_RAISE_LIMIT - 1:
        raise SpotError(f"raise_cap: {spot.raise_cap}: TexasSolver's console always allows "
                        f"{DEFAULT_RAISE_LIMIT - 1} raises")
    if spot.add_allin_threshold or spot.force_allin_threshold:
        raise SpotError("add_allin_threshold/force_allin_threshold: postflop-solver's rules, "
                        "TexasSolver has neither")
    lines = [f"set_pot {spot.pot:g}", f"set_effective_stack {spot.stack:g}",
             "set_board " + ",".join(format_card(c) for c in spot.board),
             f"set_range_oop {texassolver_range(spot, 0)}", f"set_range_ip {texassolver_range(spot, 1)}"]
    first = STREETS.index(spot.street)
    for street in STREETS[first:]:
        for p, pname in enumerate(("oop", "ip")):
            ss = spot.sizes(street, p)
            where = f"{street}.{pname}"
            bet, a_bet = _ts_sizes(ss.bet, f"{where}.bet")
            rz, a_raise = _ts_sizes(ss.raise_, f"{where}.raise")
            flags = {a_bet, a_raise}
            donk: list[str] = []
            if p == 0 and street != spot.street:
                if ss.donk is None:
                    raise SpotError(f"{where}.donk: TexasSolver has no fallback to the bet sizes "
                                    "(give the donk sizes)")
                donk, a_donk = _ts_sizes(ss.donk, f"{where}.donk")
                flags.add(a_donk)
            if len(flags) > 1:
                raise SpotError(f"{where}: all-in for some of bet/raise/donk only; TexasSolver has "
                                "one all-in flag per street")
            lines.append(f"set_bet_sizes {pname},{street},bet," + ",".join(bet) if bet
                         else f"set_bet_sizes {pname},{street},bet")
            lines.append(f"set_bet_sizes {pname},{street},raise," + ",".join(rz) if rz
                         else f"set_bet_sizes {pname},{street},raise")
            if donk:
                lines.append(f"set_bet_sizes {pname},{street},donk," + ",".join(donk))
            if flags == {True}:
                lines.append(f"set_bet_sizes {pname},{street},allin")
    lines += [f"set_allin_threshold {spot.allin_threshold:g}", "build_tree",
              f"set_thread_num {threads}", f"set_accuracy {accuracy_pct:g}",
              f"set_max_iteration {max_iterations}", f"set_print_interval {print_interval}",
              f"set_use_isomorphism {int(use_isomorphism)}", "start_solve"]
    return "\n".join(lines) + "\n"


def texassolver_range(spot: Spot, player: int) -> str:
    """A range of ``spot`` as TexasSolver reads it: hand classes (``AKs``, ``QQ``), one weight each.

    TexasSolver knows neither ``+``/``-`` forms nor single combos, so the text is rebuilt from
    the weights; a class whose live combos carry different weights has no TexasSolver form.
    """
    w = spot.ranges[player]
    live = ~combos_touching(spot.board)
    classes: dict[str, list[float]] = {}
    for i in np.flatnonzero(live):
        a, b = ALL_COMBOS[i]
        classes.setdefault(class_of(int(a), int(b)), []).append(float(w[i]))
    items = []
    for name, ws in classes.items():
        if max(ws) == 0:
            continue
        if min(ws) != max(ws) or ws[0] <= MIN_WEIGHT:
            raise SpotError(f"{('oop', 'ip')[player]}_range: {name} has weights TexasSolver cannot "
                            "express (one weight above 0.005 per hand class)")
        items.append(name if ws[0] == 1 else f"{name}:{ws[0]:.6g}")
    return ",".join(items)
