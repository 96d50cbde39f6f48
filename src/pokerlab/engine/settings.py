"""The rules of one Texas Hold'em game: betting kind, blinds, antes, bet sizes, raise cap, stacks.

Chips are integers. The three betting kinds:

``limit``
    Fixed limit. Bets and raises are ``small_bet`` on the pre-flop and flop and ``big_bet`` on
    the turn and river. ``raise_cap`` counts the raises allowed after the opening bet of a
    round; pre-flop the big blind is the opening bet. The Alberta setting (the Loki paper:
    "$10 for the small bet and $20 for the big bet ... a maximum of three raises") is
    ``raise_cap=3``: at most four bets in a round, blind or bet included, which is also the
    Waterloo report's "limit of 4 RAISEs (including the initial bet or blind)".
``pot-limit``
    A bet or raise is at least the big blind and at least the previous full raise, and at most
    the pot after calling.
``no-limit``
    The same minimum; at most all the chips a player has.

Examples
--------
>>> alberta = GameSettings.preset("limit")
>>> alberta.small_bet, alberta.big_bet, alberta.raise_cap, alberta.big_blind
(10, 20, 3, 10)
>>> GameSettings.preset("no-limit").small_blind, GameSettings.preset("no-limit").big_blind
(1, 2)
>>> GameSettings.preset("no-limit").unit
'mbb'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

KINDS = ("limit", "pot-limit", "no-limit")
MAX_SEATS = 10


@dataclass(frozen=True)
class GameSettings:
    """Settings of a Texas Hold'em game (immutable).

    Parameters
    ----------
    kind
        ``"limit"``, ``"pot-limit"`` or ``"no-limit"``.
    small_blind, big_blind
        Forced bets of the two seats left of the button (heads-up: the button posts the small
        blind and acts first pre-flop).
    ante
        Chips every player puts in before the deal (0 for none). Antes go to the main pot.
    small_bet, big_bet
        Fixed bet sizes of a limit game (pre-flop/flop and turn/river). Ignored otherwise.
    raise_cap
        Limit games: raises allowed after the opening bet in a round (``None`` = no cap).
    starting_stack
        Chips each player starts a hand (or a freezeout) with.
    """

    kind: str = "limit"
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    small_bet: int = 10
    big_bet: int = 20
    raise_cap: int | None = 3
    starting_stack: int = 2000

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown game kind {self.kind!r}: use one of {', '.join(KINDS)}")
        for name in ("small_blind", "big_blind", "small_bet", "big_bet", "starting_stack"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
        if self.ante < 0:
            raise ValueError(f"ante must be 0 or more, not {self.ante}")
        if self.small_blind > self.big_blind:
            raise ValueError(
                f"small_blind {self.small_blind} is larger than big_blind {self.big_blind}"
            )
        if self.raise_cap is not None and self.raise_cap < 0:
            raise ValueError(f"raise_cap must be 0 or more (or None), not {self.raise_cap}")

    @classmethod
    def preset(cls, kind: str, **changes: Any) -> GameSettings:
        """The standard setting of a betting kind, with ``changes`` applied.

        ``limit`` is the Alberta $10/$20 game (blinds 5/10, three raises after the bet,
        stacks of 2,000). ``pot-limit`` and ``no-limit`` have blinds 1/2 and stacks of 200
        (100 big blinds).
        """
        if kind == "limit":
            base = cls()
        elif kind in ("pot-limit", "no-limit"):
            base = cls(kind=kind, small_blind=1, big_blind=2, small_bet=2, big_bet=2,
                       raise_cap=None, starting_stack=200)
        else:
            raise ValueError(f"unknown game kind {kind!r}: use one of {', '.join(KINDS)}")
        return replace(base, **changes) if changes else base

    @property
    def is_limit(self) -> bool:
        """True for fixed limit."""
        return self.kind == "limit"

    @property
    def unit(self) -> str:
        """Unit results are reported in: ``"sb"`` (small bets, limit) or ``"mbb"``."""
        return "sb" if self.kind == "limit" else "mbb"

    @property
    def unit_size(self) -> float:
        """Chips per reporting unit: one small bet, or a thousandth of the big blind."""
        return float(self.small_bet) if self.kind == "limit" else self.big_blind / 1000.0

    def street_bet(self, street: int) -> int:
        """Minimum bet (and limit bet size) on ``street`` (0 pre-flop .. 3 river)."""
        if self.kind == "limit":
            return self.small_bet if street < 2 else self.big_bet
        return self.big_blind

    def to_dict(self) -> dict[str, Any]:
        """Plain dictionary (for JSON and the match database)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSettings:
        """Inverse of :meth:`to_dict`."""
        return cls(**data)
