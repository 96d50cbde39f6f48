"""The rules of one game: variant, betting kind, blinds, antes, bet sizes, raise cap, stacks.

The variant (:mod:`pokerlab.engine.variants`) says what is dealt and when; these settings give
the numbers. Chips are integers. The three betting kinds:

``limit``
    Fixed limit. Bets and raises are ``small_bet`` or ``big_bet`` as the variant's street says
    (hold'em: ``small_bet`` on the pre-flop and flop, ``big_bet`` on the turn and river).
    ``raise_cap`` counts the raises allowed after the opening bet of a round; on the first
    street of a game with blinds the big blind is the opening bet. The Alberta setting (the Loki paper:
    "$10 for the small bet and $20 for the big bet ... a maximum of three raises") is
    ``raise_cap=3``: at most four bets in a round, blind or bet included, which is also the
    Waterloo report's "limit of 4 RAISEs (including the initial bet or blind)".
``pot-limit``
    A bet or raise is at least the minimum bet (the big blind; ``small_bet`` in a game without
    blinds) and at least the previous full raise, and at most the pot after calling: a raise
    is the call plus the pot after the call.
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

from pokerlab.engine.variants import MAX_SEATS, Variant, get_variant

KINDS = ("limit", "pot-limit", "no-limit")
DEFAULT_VARIANT = "texas-holdem"


@dataclass(frozen=True)
class GameSettings:
    """Settings of a game (immutable).

    Parameters
    ----------
    kind
        ``"limit"``, ``"pot-limit"`` or ``"no-limit"``.
    small_blind, big_blind
        Forced bets of the two seats left of the button (heads-up: the button posts the small
        blind and acts first pre-flop); 0 and 0 for a game without blinds.
    ante
        Chips every player puts in before the deal (0 for none). Antes go to the main pot.
    small_bet, big_bet
        Fixed bet sizes of a limit game (each street says which). In pot-limit and no-limit
        games without blinds ``small_bet`` is the minimum bet; otherwise ignored.
    raise_cap
        Limit games: raises allowed after the opening bet in a round (``None`` = no cap).
    starting_stack
        Chips each player starts a hand (or a freezeout) with.
    variant
        The name of the variant (:data:`pokerlab.engine.variants.VARIANTS`).
    round_actions
        At most this many actions (folds, checks, calls, bets, raises) in one betting round
        (``None``: no limit). A bet or raise needs room for itself and every player's answer,
        as on the ACPC server, whose rounds hold 64 actions: there the 63rd action is the last
        raise a heads-up round allows, and the 64th can only call or fold.
    """

    kind: str = "limit"
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    small_bet: int = 10
    big_bet: int = 20
    raise_cap: int | None = 3
    starting_stack: int = 2000
    variant: str = DEFAULT_VARIANT
    round_actions: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown game kind {self.kind!r}: use one of {', '.join(KINDS)}")
        # Looked up once here (not fields: they follow from the fields, and the engine reads
        # them for every hand).
        object.__setattr__(self, "_rules", get_variant(self.variant))
        for name in ("small_bet", "big_bet", "starting_stack"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
        for name in ("ante", "small_blind", "big_blind"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be 0 or more, not {getattr(self, name)}")
        if self.big_blind == 0 and self.small_blind:
            raise ValueError(f"small_blind {self.small_blind} without a big blind")
        if self.small_blind > self.big_blind:
            raise ValueError(
                f"small_blind {self.small_blind} is larger than big_blind {self.big_blind}"
            )
        if self.raise_cap is not None and self.raise_cap < 0:
            raise ValueError(f"raise_cap must be 0 or more (or None), not {self.raise_cap}")
        if self.round_actions is not None and self.round_actions < 2:
            raise ValueError(f"round_actions must be 2 or more (or None), not {self.round_actions}")
        rules = self._rules
        bets = tuple(self.street_bet(k) for k in range(len(rules.streets)))
        object.__setattr__(self, "_street_bets", bets)
        # What the engine reads when it starts a hand, in one attribute.
        object.__setattr__(self, "_layout", (
            rules.max_players, rules.hole_cards, rules.board_cards, rules.board_visible,
            len(rules.streets) - 1, bets, tuple(s.draw for s in rules.streets), rules.draw_ahead))

    def seat_name(self, position: int, players: int) -> str:
        """What the seat at ``position`` (the engine's order: see :mod:`pokerlab.engine.hand`)
        is called at a table of ``players``: the blinds and the button in a game with blinds
        (heads-up the button posts the small blind), otherwise who acts first and last; any
        other seat by its place left of the button (not "seat": the match's seat numbers are
        another count).

        Examples
        --------
        >>> limit = GameSettings.preset("limit")
        >>> [limit.seat_name(p, 2) for p in (0, 1)]
        ['the big blind', 'the button (small blind)']
        >>> [limit.seat_name(p, 4) for p in range(4)]
        ['the small blind', 'the big blind', '3rd left of the button', 'the button']
        >>> draw = GameSettings.preset("limit", "five-card-draw")
        >>> [draw.seat_name(p, 3) for p in range(3)]
        ['first to act', '2nd left of the button', 'the button (last to act)']
        """
        top = self.rules.max_players
        if not 2 <= players <= top or not 0 <= position < players:
            raise ValueError(f"position {position} of {players} players: {self.rules.title} is played "
                             f"by 2 to {top}, at positions 0 .. players - 1")
        if self.big_blind:
            # heads-up the button posts the small blind (and acts first pre-flop)
            names = {0: "the big blind", 1: "the button (small blind)"} if players == 2 else {
                0: "the small blind", 1: "the big blind", players - 1: "the button"}
        else:
            names = {0: "first to act", players - 1: "the button (last to act)"}
        place = position + 1  # 2 .. 9: the named seats take 1 and the button (10 seats at most)
        return names.get(position, f"{place}{'nd' if place == 2 else 'rd' if place == 3 else 'th'} "
                                   "left of the button")

    @classmethod
    def preset(cls, kind: str, variant: str = DEFAULT_VARIANT, **changes: Any) -> GameSettings:
        """The standard setting of a betting kind in ``variant``, with ``changes`` applied.

        Hold'em: ``limit`` is the Alberta $10/$20 game (blinds 5/10, three raises after the
        bet, stacks of 2,000); ``pot-limit`` and ``no-limit`` have blinds 1/2 and stacks of 200
        (100 big blinds). Five-card draw is the patent's game: antes and no blinds (an ante of
        1 chip, stacks of 200); ``limit`` bets 2 chips in both rounds with a bet, a raise and
        a reraise at most (the patent's "limited to one reraise"); in ``pot-limit`` and
        ``no-limit`` the minimum bet is 2.

        Examples
        --------
        >>> draw = GameSettings.preset("limit", "five-card-draw")
        >>> draw.ante, draw.big_blind, draw.street_bets, draw.raise_cap
        (1, 0, (2, 2), 2)
        """
        if kind not in KINDS:
            raise ValueError(f"unknown game kind {kind!r}: use one of {', '.join(KINDS)}")
        get_variant(variant)
        if variant == "five-card-draw":
            base = cls(kind=kind, small_blind=0, big_blind=0, ante=1, small_bet=2, big_bet=2,
                       raise_cap=2 if kind == "limit" else None, starting_stack=200,
                       variant=variant)
        elif kind == "limit":
            base = cls()
        else:
            base = cls(kind=kind, small_blind=1, big_blind=2, small_bet=2, big_bet=2,
                       raise_cap=None, starting_stack=200)
        game = replace(base, **changes) if changes else base
        if "starting_stack" in changes and game.starting_stack < game.big_blind + game.ante:
            # The engine plays short stacks (a replayed hand may hold one), but a whole game
            # whose every stack cannot post the blinds is a typing mistake.
            posts = f"the big blind {game.big_blind}" + (f" plus the ante {game.ante}" if game.ante else "")
            raise ValueError(f"stack {game.starting_stack}: less than {posts} of {kind}: the player "
                             "in the big blind could not post it")
        return game

    @property
    def rules(self) -> Variant:
        """The :class:`~pokerlab.engine.variants.Variant` named by ``variant``."""
        return self._rules  # type: ignore[attr-defined, no-any-return]

    @property
    def street_bets(self) -> tuple[int, ...]:
        """The minimum bet (and limit bet size) of each street."""
        return self._street_bets  # type: ignore[attr-defined, no-any-return]

    @property
    def min_bet(self) -> int:
        """The smallest bet of a pot-limit or no-limit game: the big blind, or ``small_bet``
        in a game without blinds."""
        return self.big_blind or self.small_bet

    @property
    def is_limit(self) -> bool:
        """True for fixed limit."""
        return self.kind == "limit"

    @property
    def unit(self) -> str:
        """Unit results are reported in: ``"sb"`` (small bets, limit), ``"mbb"``
        (thousandths of the big blind) or, without blinds, ``"mb"`` (of the minimum bet)."""
        if self.kind == "limit":
            return "sb"
        return "mbb" if self.big_blind else "mb"

    @property
    def unit_size(self) -> float:
        """Chips per reporting unit: one small bet, or a thousandth of the minimum bet."""
        return float(self.small_bet) if self.kind == "limit" else self.min_bet / 1000.0

    def street_bet(self, street: int) -> int:
        """Minimum bet (and limit bet size) on ``street`` (0 = the first)."""
        if self.kind == "limit":
            return self.small_bet if self.rules.streets[street].bet == "small" else self.big_bet
        return self.min_bet

    def to_dict(self) -> dict[str, Any]:
        """Plain dictionary (for JSON and the match database). ``variant`` is left out for
        hold'em, so the settings of matches stored before there were variants still match."""
        data = asdict(self)
        if self.variant == DEFAULT_VARIANT:
            del data["variant"]
        if self.round_actions is None:  # likewise: stored settings from before it still match
            del data["round_actions"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSettings:
        """Inverse of :meth:`to_dict`."""
        return cls(**data)


__all__ = ["DEFAULT_VARIANT", "KINDS", "MAX_SEATS", "GameSettings"]
