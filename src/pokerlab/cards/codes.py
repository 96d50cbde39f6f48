"""Card codes, parsing and formatting.

A card is an integer ``0..51`` equal to ``4 * rank + suit`` where ranks ``2..A`` are
``0..12`` and suits ``c, d, h, s`` are ``0..3`` (the phevaluator convention).

Examples
--------
>>> parse_cards("As Kd")
[51, 45]
>>> format_cards(parse_cards("A♦-Q♣/3♥-4♣-J♥"))
'Ad Qc 3h 4c Jh'
>>> parse_hole_board("A♦-Q♣/3♥-4♣-J♥")
([49, 40], [6, 8, 38])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)

_SUIT_OF_CHAR = {c: i for i, c in enumerate(SUITS)}
_SUIT_OF_CHAR.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
# The white (outlined) suit symbols appear in some texts too.
_SUIT_OF_CHAR.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})
_RANK_OF_TEXT = {c: i for i, c in enumerate(RANKS)}
_RANK_OF_TEXT["10"] = 8

# One card: a rank (10 or a single character) followed by a suit letter or symbol.
_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,\-–;]+")


def card(rank: int, suit: int) -> int:
    """Return the code of the card with ``rank`` (0..12) and ``suit`` (0..3).

    Examples
    --------
    >>> card(12, 3)
    51
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card with rank {rank} and suit {suit}")
    return 4 * rank + suit


def rank_of(code: int) -> int:
    """Rank ``0..12`` (2..A) of a card code."""
    return code >> 2


def suit_of(code: int) -> int:
    """Suit ``0..3`` (c, d, h, s) of a card code."""
    return code & 3


def _tokens(text: str) -> list[str]:
    """Split ``text`` into card tokens: separators split, and cards run together split too."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            m = _CARD_RE.match(chunk, pos)
            if m is None:
                # Name the rest of this chunk (up to the next card-looking place) as the bad token.
                raise ValueError(f"unknown card {chunk[pos:pos + 3]!r} in {text!r}")
            tokens.append(m.group(0))
            pos = m.end()
    return tokens


def parse_card(token: str) -> int:
    """Parse one card such as ``"As"``, ``"as"``, ``"A♠"`` or ``"10s"``.

    Examples
    --------
    >>> parse_card("10s"), parse_card("T♠"), parse_card("2c")
    (35, 35, 0)
    >>> parse_card("1s")
    Traceback (most recent call last):
    ...
    ValueError: unknown card '1s'
    """
    m = _CARD_RE.fullmatch(token.strip())
    if m is None:
        raise ValueError(f"unknown card {token!r}")
    rank = _RANK_OF_TEXT[m.group(1).upper()]
    return 4 * rank + _SUIT_OF_CHAR[m.group(2).lower()]


def parse_cards(text: str | Iterable[str], *, allow_empty: bool = True) -> list[int]:
    """Parse cards written together ("AsKd") or apart (spaces, commas, dashes).

    A ``/`` between hole cards and board is accepted and ignored here; use
    :func:`parse_hole_board` to keep the two parts apart.

    Raises
    ------
    ValueError
        Naming the unknown token or the duplicated card.

    Examples
    --------
    >>> parse_cards("AsKd, 10h-2c")
    [51, 45, 34, 0]
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'As'
    """
    if not isinstance(text, str):
        text = " ".join(text)
    codes: list[int] = []
    seen: set[int] = set()
    for token in _tokens(text.replace("/", " ")):
        code = parse_card(token)
        if code in seen:
            raise ValueError(f"duplicate card {format_card(code)!r}")
        seen.add(code)
        codes.append(code)
    if not codes and not allow_empty:
        raise ValueError(f"no cards in {text!r}")
    return codes


def parse_hole_board(text: str) -> tuple[list[int], list[int]]:
    """Parse the papers' ``hole/board`` notation, e.g. ``"A♦-Q♣/3♥-4♣-J♥"``.

    Without a ``/`` everything is hole cards. Duplicates across both parts are rejected.

    Examples
    --------
    >>> parse_hole_board("AdQc/3h4cJh")
    ([49, 40], [6, 8, 38])
    >>> parse_hole_board("AdQc/Ad")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'Ad'
    """
    if text.count("/") > 1:
        raise ValueError(f"more than one '/' in {text!r}")
    hole_text, _, board_text = text.partition("/")
    hole = parse_cards(hole_text)
    board = parse_cards(board_text)
    check_distinct(hole + board)
    return hole, board


def check_distinct(codes: Sequence[int]) -> None:
    """Raise ``ValueError`` naming the first card code that is out of range or repeated."""
    seen: set[int] = set()
    for code in codes:
        if not 0 <= int(code) < 52:
            raise ValueError(f"card code {code} is not in 0..51")
        if code in seen:
            raise ValueError(f"duplicate card {format_card(code)!r}")
        seen.add(code)


def format_card(code: int, *, symbols: bool = False) -> str:
    """Text of one card: ``"As"``, or ``"A♠"`` with ``symbols=True``.

    Examples
    --------
    >>> format_card(51), format_card(0, symbols=True)
    ('As', '2♣')
    """
    code = int(code)
    if not 0 <= code < 52:
        raise ValueError(f"card code {code} is not in 0..51")
    suits = SUIT_SYMBOLS if symbols else SUITS
    return RANKS[code >> 2] + suits[code & 3]


def format_cards(codes: Iterable[int], *, symbols: bool = False, sep: str = " ") -> str:
    """Text of several cards, separated by ``sep``.

    Examples
    --------
    >>> format_cards([51, 45], sep="")
    'AsKd'
    """
    return sep.join(format_card(c, symbols=symbols) for c in codes)
