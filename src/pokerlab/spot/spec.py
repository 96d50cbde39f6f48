"""The description of a hold'em spot to solve: board, pot, stacks, ranges and bet tree.

A :class:`Spot` is what every part of :mod:`pokerlab.spot` starts from (the tree builder, the
solver, the TexasSolver reader, the benchmarks). It is frozen; build one with
:meth:`Spot.from_dict`, :meth:`Spot.from_toml` or the constructor.

Conventions
-----------
- Players: ``0`` is OOP (out of position, acts first on every street), ``1`` is IP.
- Chips: ``pot`` is the pot at the start of the spot (both players' earlier money, equal
  shares), ``stack`` the effective stack each player still has behind. Values and EVs are in
  chips; exploitability is in % of ``pot``.
- Board: 3, 4 or 5 card codes (``4 * rank + suit``, :mod:`pokerlab.cards`); the spot starts on
  the flop, turn or river accordingly.
- Ranges: float64 weight arrays of shape ``(1326,)`` in [0, 1], indexed by
  :func:`pokerlab.cards.combo_index` (combo order of :mod:`pokerlab.cards.ranges`); combos
  that use a board card have weight 0. Range text is read by
  :func:`pokerlab.cards.ranges.parse_range` (PokerStove text with weights,
  ``"AA,KK:0.5,AKs"``, and whatever else that parser learns).
- A pre-flop line (``preflop = "r250c"``, optionally ``blueprint = FILE``) stands for ``pot``,
  ``stack`` and both ranges: the heads-up no-limit blueprint's
  (:func:`pokerlab.nolimit.ranges.spot_start`) where that line's pre-flop betting ends with a
  call, the big blind OOP and the button IP, each combo weighted by the probability of its
  player's own pre-flop actions; the pot and the stack behind in big blinds (the blueprint's
  game: 200 big blinds deep), the board a flop.
- Sizes (:class:`Size`): a bet is a percentage of the pot (the pot including every bet made
  before it on earlier streets and on this one); a **raise** percentage is of the pot *after
  the call* (TexasSolver's and postflop-solver's convention): facing a bet of ``b`` into a pot
  ``P`` (``P`` includes ``b``), with ``c`` to call, a raise of ``x%`` raises by
  ``x/100 * (P + c)`` on top of the call. ``"a"`` is all-in. ``"e"`` is a geometric size:
  the same fraction of the pot on this and every later street puts the stack in by the river;
  ``"2e"`` spreads it over 2 streets (this and the next), ``"3e"`` over three. ``"20c"`` is
  a fixed bet (or raise increment) of 20 chips. Size strings are comma separated:
  ``"33%,75%,a"`` (the ``%`` may be left out: ``"33,75,a"``).
- Donk bets (:attr:`StreetSizes.donk`): the sizes OOP may lead with on the turn or river when
  IP made the last bet or raise of the previous street. ``None`` means OOP uses its ordinary
  bet sizes there; an empty tuple means OOP may only check.
- Raise cap (:attr:`Spot.raise_cap`): the most raises (bets after the first bet) on one street;
  ``None`` is no cap (the stacks end it). TexasSolver's ``set_raise_limit``.
- All-in threshold (:attr:`Spot.allin_threshold`): a bet or raise that would leave the
  player's remaining stack at most ``(1 - allin_threshold)`` of what it had at the start of
  the street's action (i.e. it puts in at least ``allin_threshold`` of the remaining stack) is
  made all-in instead; ``1.0`` turns only over-stack sizes into all-in. TexasSolver's
  ``set_allin_threshold`` (its default 0.67). :attr:`Spot.add_allin_threshold` and
  :attr:`Spot.force_allin_threshold` are postflop-solver's: add an all-in action when the
  all-in is at most that many pots (0 = never added, beyond the explicit ``"a"``), and force
  all-in when the stack-to-pot ratio after the opponent's call would be at most that (0 =
  off).
- Rake: ``rake_pct`` percent of the final pot, at most ``rake_cap`` chips (0 = no cap), taken
  from the pot at every terminal node (showdown and fold), as postflop-solver does.

Examples
--------
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 100, "stack": 200,
...                     "oop_range": "AA,KK:0.5,AKs", "ip_range": "QQ-TT",
...                     "bet": "33%,75%,a", "raise": "60%"})
>>> s.street, int(s.oop_range.sum()), int(s.ip_range.sum())
('river', 13, 12)
>>> s.sizes("river", 0).bet
(Size(kind='pct', value=33.0), Size(kind='pct', value=75.0), Size(kind='allin', value=0.0))
>>> format_sizes(s.sizes("river", 1).raise_)
'60%'
>>> parse_sizes("2e, 20c, a")
(Size(kind='geo', value=2.0), Size(kind='chips', value=20.0), Size(kind='allin', value=0.0))
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.cards.codes import check_distinct, format_cards, parse_cards
from pokerlab.cards.ranges import combos_touching, parse_range

STREETS: tuple[str, ...] = ("flop", "turn", "river")
"""Street names in order; a spot's first street is ``STREETS[len(board) - 3]``."""
PLAYERS: tuple[str, ...] = ("oop", "ip")
"""Player names by index: 0 is out of position (acts first), 1 in position."""


class SpotError(ValueError):
    """A spot that cannot be read; the message is one line naming the field and value."""


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The TOML file at ``path`` (a spot, a template, a lock file: ``what`` names it in the
    message) as a dict; :class:`SpotError` if it cannot be read or is not TOML.

    Examples
    --------
    >>> read_toml("/no/such.toml", "lock file")
    Traceback (most recent call last):
    ...
    pokerlab.spot.spec.SpotError: lock file '/no/such.toml': No such file or directory
    """
    p = Path(path)
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SpotError(f"{what} {str(p)!r}: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SpotError(f"{what} {str(p)!r}: not TOML ({exc})") from None


@dataclass(frozen=True)
class Size:
    """One bet or raise size.

    ``kind`` is ``"pct"`` (``value`` percent of the pot; for a raise, of the pot after the
    call), ``"allin"`` (``value`` unused, 0), ``"geo"`` (geometric over ``value`` streets,
    0 = over every street left) or ``"chips"`` (``value`` chips).
    """

    kind: str
    value: float = 0.0

    def __str__(self) -> str:
        if self.kind == "pct":
            return f"{self.value:g}%"
        if self.kind == "allin":
            return "a"
        if self.kind == "geo":
            return "e" if self.value == 0 else f"{self.value:g}e"
        return f"{self.value:g}c"


def parse_size(text: str) -> Size:
    """Read one size: ``"75%"``, ``"75"``, ``"a"`` (all-in), ``"e"``/``"2e"`` (geometric), ``"20c"``.

    Examples
    --------
    >>> parse_size("75%"), parse_size("A"), parse_size("e")
    (Size(kind='pct', value=75.0), Size(kind='allin', value=0.0), Size(kind='geo', value=0.0))
    """
    t = text.strip().lower()
    if t in ("a", "allin", "all-in"):
        return Size("allin")
    try:
        if t.endswith("%"):
            v, kind = float(t[:-1]), "pct"
        elif t.endswith("e"):
            v, kind = (float(t[:-1]) if t[:-1] else 0.0), "geo"
            if v != int(v) or v < 0 or v > 3:
                raise SpotError(f"geometric size {text!r} must be e, 1e, 2e or 3e")
        elif t.endswith("c"):
            v, kind = float(t[:-1]), "chips"
        else:
            v, kind = float(t), "pct"
    except ValueError as exc:
        if isinstance(exc, SpotError):
            raise
        raise SpotError(f"unknown bet size {text!r} (use 75%, a, e, 2e or 20c)") from None
    if not np.isfinite(v) or (kind != "geo" and v <= 0):
        raise SpotError(f"bet size {text!r} must be a positive number")
    return Size(kind, v)


def parse_sizes(text: str | list[Any] | tuple[Any, ...] | None) -> tuple[Size, ...]:
    """Read a comma-separated size list (``"33%,75%,a"``) or a list of such items.

    An empty string or ``None`` gives no sizes. Duplicates are dropped, the order is kept.

    Examples
    --------
    >>> format_sizes(parse_sizes("33, 75%,a,33%"))
    '33%,75%,a'
    >>> parse_sizes("")
    ()
    """
    if text is None:
        return ()
    if isinstance(text, (list, tuple)):
        items = [str(x) for x in text]
    else:
        items = [t for t in str(text).replace(";", ",").split(",")]
    out: list[Size] = []
    for item in items:
        if not item.strip():
            continue
        s = parse_size(item)
        if s not in out:
            out.append(s)
    return tuple(out)


def format_sizes(sizes: tuple[Size, ...]) -> str:
    """The size list as text that :func:`parse_sizes` reads back (``"33%,75%,a"``)."""
    return ",".join(str(s) for s in sizes)


@dataclass(frozen=True)
class StreetSizes:
    """One player's sizes on one street: opening bets, raises, and donk bets (``None`` = bets)."""

    bet: tuple[Size, ...] = ()
    raise_: tuple[Size, ...] = ()
    donk: tuple[Size, ...] | None = None


def _default_tree() -> dict[tuple[str, int], StreetSizes]:
    return {(st, p): StreetSizes() for st in STREETS for p in range(2)}


@dataclass(frozen=True, eq=False)
class Spot:
    """A heads-up postflop spot: board, pot, stack, both ranges and the bet tree.

    Attributes
    ----------
    board : tuple of int
        3 to 5 card codes.
    pot : float
        Starting pot in chips (> 0).
    stack : float
        Effective stack behind, in chips (>= 0).
    oop_range, ip_range : numpy.ndarray
        ``(1326,)`` read-only float64 weights (board combos zeroed).
    oop_range_text, ip_range_text : str
        The range text as given (for display and saving).
    tree : dict
        ``{(street, player): StreetSizes}`` for street in :data:`STREETS`, player 0 (OOP) or 1
        (IP); use :meth:`sizes`.
    raise_cap : int or None
        Most raises per street after the first bet (``None``: no cap).
    allin_threshold : float
        Bet/raise putting in at least this share of the remaining stack becomes all-in.
    add_allin_threshold, force_allin_threshold : float
        postflop-solver's all-in rules (0 = off); see the module docstring.
    rake_pct, rake_cap : float
        Rake in percent of the pot, cap in chips (0 = no cap).
    """

    board: tuple[int, ...]
    pot: float
    stack: float
    oop_range: np.ndarray
    ip_range: np.ndarray
    oop_range_text: str = ""
    ip_range_text: str = ""
    tree: dict[tuple[str, int], StreetSizes] = field(default_factory=_default_tree)
    raise_cap: int | None = None
    allin_threshold: float = 1.0
    add_allin_threshold: float = 0.0
    force_allin_threshold: float = 0.0
    rake_pct: float = 0.0
    rake_cap: float = 0.0

    def __post_init__(self) -> None:
        board = tuple(int(c) for c in self.board)
        if not 3 <= len(board) <= 5:
            raise SpotError(f"board: needs 3, 4 or 5 cards, got {len(board)}")
        try:
            check_distinct(board)
        except ValueError as exc:
            raise SpotError(f"board: {exc}") from None
        object.__setattr__(self, "board", board)
        for name in ("pot", "stack", "allin_threshold", "add_allin_threshold",
                     "force_allin_threshold", "rake_pct", "rake_cap"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float, np.floating, np.integer)):
                raise SpotError(f"{name}: {v!r} is not a number")
            v = float(v)
            if not np.isfinite(v) or v < 0:
                raise SpotError(f"{name}: {v!r} must be a finite number >= 0")
            object.__setattr__(self, name, v)
        if self.pot <= 0:
            raise SpotError(f"pot: {self.pot:g} must be > 0")
        if not 0 < self.allin_threshold <= 1:
            raise SpotError(f"allin_threshold: {self.allin_threshold:g} must be in (0, 1]")
        if self.rake_pct >= 100:
            raise SpotError(f"rake_pct: {self.rake_pct:g} must be below 100")
        if self.raise_cap is not None:
            rc = self.raise_cap
            if isinstance(rc, bool) or not isinstance(rc, (int, float)) or int(rc) != rc or rc < 0:
                raise SpotError(f"raise_cap: {self.raise_cap!r} must be a whole number >= 0")
            object.__setattr__(self, "raise_cap", int(self.raise_cap))
        dead = combos_touching(board)
        for name in ("oop_range", "ip_range"):
            w = np.array(getattr(self, name), dtype=np.float64)
            if w.shape != (1326,):
                raise SpotError(f"{name}: needs 1326 weights, got shape {w.shape}")
            if not np.all(np.isfinite(w)) or np.any(w < 0) or np.any(w > 1):
                raise SpotError(f"{name}: weights must lie in [0, 1]")
            held = bool(np.any(w > 0))
            w[dead] = 0.0
            if not np.any(w > 0):
                given = getattr(self, f"{name}_text")
                if given:  # its text was read without the board's combos: read it again
                    try:
                        held = bool(np.any(parse_range(given).weights > 0))
                    except ValueError:
                        held = False
                what = f"{name} {given!r}" if given else name
                if not held:
                    raise SpotError(f"{what}: no combo has a weight above 0")
                raise SpotError(f"{what}: every combo it holds uses a board card "
                                f"({format_cards(list(board))})")
            w.setflags(write=False)
            object.__setattr__(self, name, w)
        tree = _default_tree()
        tree.update(self.tree)
        object.__setattr__(self, "tree", tree)

    # ------------------------------------------------------------------ views
    @property
    def street(self) -> str:
        """The first street of the spot: ``"flop"``, ``"turn"`` or ``"river"``."""
        return STREETS[len(self.board) - 3]

    @property
    def ranges(self) -> tuple[np.ndarray, np.ndarray]:
        """``(oop_range, ip_range)``."""
        return self.oop_range, self.ip_range

    def sizes(self, street: str, player: int) -> StreetSizes:
        """The :class:`StreetSizes` of ``player`` (0 OOP, 1 IP) on ``street``."""
        return self.tree[(street, player)]

    def rake(self, pot: float) -> float:
        """Rake taken from a final pot of ``pot`` chips."""
        r = pot * self.rake_pct / 100.0
        return min(r, self.rake_cap) if self.rake_cap > 0 else r

    def to_dict(self) -> dict[str, Any]:
        """A plain dict that :meth:`from_dict` reads back (range text when given, else weights)."""
        d: dict[str, Any] = {
            "board": format_cards(list(self.board)),
            "pot": self.pot,
            "stack": self.stack,
            "oop_range": self.oop_range_text or [float(x) for x in self.oop_range],
            "ip_range": self.ip_range_text or [float(x) for x in self.ip_range],
            "allin_threshold": self.allin_threshold,
            "add_allin_threshold": self.add_allin_threshold,
            "force_allin_threshold": self.force_allin_threshold,
            "rake_pct": self.rake_pct,
            "rake_cap": self.rake_cap,
        }
        if self.raise_cap is not None:
            d["raise_cap"] = self.raise_cap
        for st in STREETS:
            sd: dict[str, Any] = {}
            for p, pname in enumerate(PLAYERS):
                ss = self.tree[(st, p)]
                e: dict[str, Any] = {"bet": format_sizes(ss.bet), "raise": format_sizes(ss.raise_)}
                if ss.donk is not None:
                    e["donk"] = format_sizes(ss.donk)
                sd[pname] = e
            d[st] = sd
        return d

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, files: bool = True) -> Spot:
        """Build a spot from a dict (the TOML layout); ``files=False`` refuses a spot that
        names a file to read (``blueprint``: a server reading spots from browsers says so).

        Keys: ``board`` (text or list of codes), ``pot``, ``stack``, ``oop_range``,
        ``ip_range`` (range text, or 1326 weights) or instead of those four ``preflop`` (a
        pre-flop line of the no-limit blueprint, ``blueprint`` a file other than the shipped
        one; see the module docstring), optional ``raise_cap``,
        ``allin_threshold``, ``add_allin_threshold``, ``force_allin_threshold``, ``rake_pct``,
        ``rake_cap``; sizes: top-level ``bet``/``raise``/``donk`` apply to every street and
        player, a table per street (``flop``, ``turn``, ``river``) may set ``bet``/``raise``/
        ``donk`` for both players and hold ``oop``/``ip`` tables that override them.

        Raises
        ------
        SpotError
            One line naming the field, e.g. ``"river.oop.bet: unknown bet size 'x'"``.
        """
        known = {"board", "pot", "stack", "oop_range", "ip_range", "raise_cap", "allin_threshold",
                 "add_allin_threshold", "force_allin_threshold", "rake_pct", "rake_cap",
                 "bet", "raise", "donk", "preflop", "blueprint", *STREETS}
        for k in data:
            if k not in known:
                raise SpotError(f"{k}: unknown field (known: {', '.join(sorted(known))})")
        preflop = "preflop" in data
        if "blueprint" in data and not files:
            raise SpotError("blueprint: this spot may not name a file; leave blueprint out (the "
                            "shipped blueprint is used)")
        if "blueprint" in data and not preflop:
            raise SpotError("blueprint: used only with preflop (a pre-flop line of the blueprint)")
        for k in PREFLOP_SETS if preflop else ():
            if k in data:
                raise SpotError(f"{k}: the pre-flop line (preflop = {data['preflop']!r}) sets it; "
                                f"give {k} or preflop, not both")
        for k in ("board",) if preflop else ("board", *PREFLOP_SETS):
            if k not in data:
                raise SpotError(f"{k}: missing")
        raw_board = data["board"]
        try:
            board = parse_cards(raw_board) if isinstance(raw_board, str) else [int(c) for c in raw_board]
            if preflop:  # the blueprint's ranges read the board before the spot checks it
                check_distinct(board)
        except (ValueError, TypeError) as exc:
            raise SpotError(f"board: {exc}") from None
        if preflop and len(board) != 3:
            raise SpotError(f"board: a spot after a pre-flop line (preflop = {data['preflop']!r}) starts "
                            f"on the flop: 3 cards, not {len(board)}")
        if preflop:
            pot, stack, ranges = _preflop_start(data, board)
            texts = ["", ""]  # weights, not text
        else:
            pot, stack = data["pot"], data["stack"]
            ranges, texts = _typed_ranges(data, board)
        tree = _default_tree()

        def read(where: str, table: Mapping[str, Any], base: StreetSizes) -> StreetSizes:
            bet, rz, dk = base.bet, base.raise_, base.donk
            for key in table:
                if key not in ("bet", "raise", "donk", "oop", "ip"):
                    raise SpotError(f"{where}.{key}: unknown field (bet, raise, donk, oop, ip)")
            try:
                if "bet" in table:
                    bet = parse_sizes(table["bet"])
                if "raise" in table:
                    rz = parse_sizes(table["raise"])
                if "donk" in table:
                    dk = parse_sizes(table["donk"])
            except SpotError as exc:
                field_name = next(k for k in ("bet", "raise", "donk") if k in table
                                  and _fails(table[k]))
                raise SpotError(f"{where}.{field_name}: {exc}" if where else f"{field_name}: {exc}") from None
            return StreetSizes(bet, rz, dk)

        top = read("", {k: data[k] for k in ("bet", "raise", "donk") if k in data}, StreetSizes())
        for st in STREETS:
            stab = data.get(st, {})
            if not isinstance(stab, Mapping):
                raise SpotError(f"{st}: must be a table")
            both = read(st, {k: v for k, v in stab.items() if k not in ("oop", "ip")}, top)
            for p, pname in enumerate(PLAYERS):
                ptab = stab.get(pname, {})
                if not isinstance(ptab, Mapping):
                    raise SpotError(f"{st}.{pname}: must be a table")
                for key in ptab:
                    if key not in ("bet", "raise", "donk"):
                        raise SpotError(f"{st}.{pname}.{key}: unknown field (bet, raise, donk)")
                tree[(st, p)] = read(f"{st}.{pname}", ptab, both)
        kwargs: dict[str, Any] = {}
        for k in ("raise_cap", "allin_threshold", "add_allin_threshold", "force_allin_threshold",
                  "rake_pct", "rake_cap"):
            if k in data:
                kwargs[k] = data[k]
        return cls(board=tuple(board), pot=pot, stack=stack,
                   oop_range=ranges[0], ip_range=ranges[1], oop_range_text=texts[0],
                   ip_range_text=texts[1], tree=tree, **kwargs)

    @classmethod
    def from_toml(cls, path: str | Path) -> Spot:
        """Read a spot from a TOML file (the layout of :meth:`from_dict`).

        Raises
        ------
        SpotError
            The file is missing or unreadable, or a field is wrong (one line).
        """
        return cls.from_dict(read_spot_file(path))


PREFLOP_SETS: tuple[str, ...] = ("pot", "stack", "oop_range", "ip_range")
"""The fields a pre-flop line (``preflop``) stands for."""


def read_spot_file(path: str | Path) -> dict[str, Any]:
    """A spot file's TOML (:func:`read_toml`) as the dict :meth:`Spot.from_dict` reads, with a
    relative ``blueprint`` path taken from the file's folder."""
    data = read_toml(path, "spot file")
    where = data.get("blueprint")
    if isinstance(where, str) and where and not Path(where).expanduser().is_absolute():
        data["blueprint"] = str(Path(path).parent / where)
    return data


def _typed_ranges(data: Mapping[str, Any], board: list[int]) -> tuple[list[np.ndarray], list[str]]:
    """The two ranges as given (text or weights), and their text (empty for weights)."""
    ranges: list[np.ndarray] = []
    texts: list[str] = []
    for k in ("oop_range", "ip_range"):
        v = data[k]
        if isinstance(v, str):
            try:
                ranges.append(parse_range(v, dead=board).weights)
            except ValueError as exc:
                raise SpotError(f"{k}: {exc}") from None
            texts.append(v)
        else:
            try:
                ranges.append(np.asarray(v, dtype=np.float64))
            except (ValueError, TypeError):
                raise SpotError(f"{k}: neither range text nor 1326 weights") from None
            texts.append("")
    return ranges, texts


def _preflop_start(data: Mapping[str, Any], board: list[int]) -> tuple[float, float, list[np.ndarray]]:
    """The pot, stack and two ranges of the spot after ``data``'s pre-flop line.

    The blueprint is loaded here, only for a spot that names a pre-flop line: it brings the
    no-limit tree and the card abstraction (seconds), which no other spot needs.
    """
    from pokerlab.errors import UserError
    from pokerlab.nolimit.ranges import spot_start

    where = data.get("blueprint")
    if where is not None and (not isinstance(where, str) or not where.strip()):
        raise SpotError(f"blueprint: {where!r} is not a file name")
    try:
        start = spot_start(data["preflop"], board, where)
    except UserError as exc:
        raise SpotError(str(exc)) from None
    return start.pot, start.stack, [start.oop_range, start.ip_range]


def _fails(value: Any) -> bool:
    try:
        parse_sizes(value)
    except SpotError:
        return True
    return False
