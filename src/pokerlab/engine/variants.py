"""Poker variants as data: what is dealt on each street, which streets draw, how hands compare.

A variant is the part of a game's rules that says what happens to the cards, the way pokerkit
describes its games (``Street(card_burning, hole_dealing, board_dealing, draw, opening,
min_bet, max_count)`` plus a hand type): a list of :class:`Street` (hole cards dealt to each
player, board cards dealt, whether the players may discard and draw first, and which limit
bet size the street uses) and the showdown evaluator. The numbers of a game (betting kind,
antes, blinds, bet sizes, raise cap, stacks) live in
:class:`~pokerlab.engine.settings.GameSettings`, which names its variant; one engine,
:class:`~pokerlab.engine.hand.Hand`, plays every variant from this data.

Examples
--------
>>> holdem = VARIANTS["texas-holdem"]
>>> holdem.hole_cards, holdem.board_cards, holdem.board_visible, holdem.street_names[-1]
(2, 5, (0, 3, 4, 5), 'river')
>>> [street.bet for street in holdem.streets]
['small', 'small', 'big', 'big']
>>> draw = VARIANTS["five-card-draw"]
>>> draw.hole_cards, draw.board_cards, [street.draw for street in draw.streets], draw.max_players
(5, 0, [False, True], 6)
>>> draw.phase_name(1, drawing=True), draw.phase_name(1, drawing=False)
('the draw', 'after the draw')
>>> get_variant("omaha")
Traceback (most recent call last):
...
ValueError: unknown variant 'omaha': use one of texas-holdem, five-card-draw
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

MAX_SEATS = 10
EVALUATORS = ("high",)


class Street(NamedTuple):
    """One street: the cards dealt before its betting round and its limit bet size.

    ``hole`` cards go to every player still in the hand, ``board`` cards face up to the
    middle. On a ``draw`` street every player still in, first to last in position order,
    discards 0 to all of their cards and is dealt as many from the stub before the betting.
    ``bet`` is ``"small"`` or ``"big"``: which of the game's limit sizes the street uses.
    """

    hole: int
    board: int
    draw: bool
    bet: str


@dataclass(frozen=True)
class Variant:
    """The card rules of a poker variant.

    Attributes
    ----------
    name
        The name games and the command line use (``texas-holdem``).
    title
        For people.
    streets
        The streets in order; the first deals the hole cards.
    street_names
        One name per street (``pre-flop``, ``flop``...): its betting round.
    draw_names
        One name per draw street, in order (``the draw``): the draw before its betting.
    evaluator
        How hands compare at the showdown: ``high`` is the best five cards of the player's
        hole cards and the board, higher wins (the evaluator of :mod:`pokerlab.evaluate`).
    max_players
        The most players the deck serves.
    phh_codes
        The PHH ``variant`` code of each betting kind.
    hole_cards, board_cards
        Hole cards each player holds, board cards once every street is dealt (derived).
    board_visible
        Board cards visible during each street's betting (derived).
    draws
        Whether any street is a draw (derived).
    draw_ahead
        For each street, whether a later street is a draw (derived).
    """

    name: str
    title: str
    streets: tuple[Street, ...]
    street_names: tuple[str, ...]
    draw_names: tuple[str, ...] = ()
    evaluator: str = "high"
    max_players: int = MAX_SEATS
    phh_codes: dict[str, str] = field(default_factory=dict)
    # Derived in __post_init__ (plain attributes: the engine reads them for every hand).
    hole_cards: int = field(init=False, repr=False, compare=False)
    board_cards: int = field(init=False, repr=False, compare=False)
    board_visible: tuple[int, ...] = field(init=False, repr=False, compare=False)
    draws: bool = field(init=False, repr=False, compare=False)
    draw_ahead: tuple[bool, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.street_names) != len(self.streets):
            raise ValueError(f"variant {self.name}: one name per street")
        if len(self.draw_names) != sum(s.draw for s in self.streets):
            raise ValueError(f"variant {self.name}: one name per draw")
        if self.evaluator not in EVALUATORS:
            raise ValueError(f"variant {self.name}: unknown evaluator {self.evaluator!r}")
        if not self.streets or self.streets[0].hole == 0 or self.streets[0].draw:
            raise ValueError(f"variant {self.name}: the first street deals the hole cards")
        if any(s.bet not in ("small", "big") for s in self.streets):
            raise ValueError(f"variant {self.name}: a street's bet is 'small' or 'big'")
        visible = []
        total = 0
        for s in self.streets:
            total += s.board
            visible.append(total)
        derived = {
            "hole_cards": sum(s.hole for s in self.streets),
            "board_cards": total,
            "board_visible": tuple(visible),
            "draws": any(s.draw for s in self.streets),
            "draw_ahead": tuple(any(s.draw for s in self.streets[k + 1:])
                                for k in range(len(self.streets))),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def phase_name(self, street: int, drawing: bool = False) -> str:
        """The name of what happens on ``street``: its draw while ``drawing``, else its
        betting round (a draw comes before the betting of the street it opens)."""
        if drawing:
            return self.draw_names[sum(s.draw for s in self.streets[:street + 1]) - 1]
        return self.street_names[street]


TEXAS_HOLDEM = Variant(
    name="texas-holdem",
    title="Texas hold'em",
    streets=(
        Street(2, 0, False, "small"),
        Street(0, 3, False, "small"),
        Street(0, 1, False, "big"),
        Street(0, 1, False, "big"),
    ),
    street_names=("pre-flop", "flop", "turn", "river"),
    phh_codes={"limit": "FT", "no-limit": "NT", "pot-limit": "PT"},
)

FIVE_CARD_DRAW = Variant(
    name="five-card-draw",
    title="five-card draw",
    streets=(
        Street(5, 0, False, "small"),
        Street(0, 0, True, "big"),
    ),
    street_names=("first round", "after the draw"),
    draw_names=("the draw",),
    max_players=6,
    phh_codes={"limit": "FD", "no-limit": "ND", "pot-limit": "PD"},
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (TEXAS_HOLDEM, FIVE_CARD_DRAW)}


def get_variant(name: str) -> Variant:
    """The variant called ``name``; ``ValueError`` naming the known ones otherwise."""
    found = VARIANTS.get(name)
    if found is None:
        raise ValueError(f"unknown variant {name!r}: use one of {', '.join(VARIANTS)}")
    return found
