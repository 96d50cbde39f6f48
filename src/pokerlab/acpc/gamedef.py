"""ACPC game definitions: the ``GAMEDEF ... END GAMEDEF`` files the ACPC dealer reads.

The reading rules follow ``readGame`` in the ACPC server's ``game.c`` (project_acpc_server,
as vendored in github.com/dmorrill10/acpc_dealer, ``vendor/project_acpc_server/game.c``):
keys are case-insensitive, ``=`` is optional, per-round and per-player fields are lists,
and the defaults are an unlimited stack (``INT32_MAX``), first player 1 in every round and
at most 255 raises per round. Two deliberate differences make mistakes visible instead of
silently ignored: an unknown key and a list of the wrong length are errors, and every error
names the line and the field.

Examples
--------
>>> game = standard_game("limit")
>>> game.betting, game.num_players, game.blind, game.raise_size
('limit', 2, (10, 5), (10, 10, 20, 20))
>>> game.first_player, game.max_raises
((1, 0, 0, 0), (3, 4, 4, 4))
>>> parse_gamedef(format_gamedef(game)) == game
True
>>> parse_gamedef("GAMEDEF\\nnolimit\\nnumPlayers = 2\\nEND GAMEDEF")
Traceback (most recent call last):
...
ValueError: game definition: numRounds is missing (need 1..4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

# Limits of the ACPC server (game.h).
MAX_PLAYERS = 10
MAX_ROUNDS = 4
MAX_SUITS = 4
MAX_RANKS = 13
MAX_HOLE_CARDS = 3
MAX_BOARD_CARDS = 7
# game.c: a stack never given is INT32_MAX ("no limit"), maxRaises never given is UINT8_MAX.
UNLIMITED_STACK = 2**31 - 1
UNLIMITED_RAISES = 255

GAMES_DIR = Path(__file__).with_name("games")
# The standard heads-up hold'em definitions shipped with the ACPC server distribution.
STANDARD_GAMES: dict[str, str] = {
    "limit": "holdem.limit.2p.reverse_blinds.game",
    "nolimit": "holdem.nolimit.2p.reverse_blinds.game",
    "kuhn3": "kuhn.limit.3p.game",
}

Betting = Literal["limit", "nolimit"]

# Canonical spelling of each key (as printGame writes it), looked up case-insensitively.
_LIST_KEYS = ("stack", "blind", "raiseSize", "firstPlayer", "maxRaises", "numBoardCards")
_SCALAR_KEYS = ("numPlayers", "numRounds", "numSuits", "numRanks", "numHoleCards")
_KEYS = {k.lower(): k for k in _LIST_KEYS + _SCALAR_KEYS}
_LINE_RE = re.compile(r"([A-Za-z]+)\s*=?\s*(.*)")


@dataclass(frozen=True)
class GameDef:
    """One ACPC game.

    Attributes
    ----------
    betting
        ``"limit"`` or ``"nolimit"``.
    num_players, num_rounds
        Players (2..10) and betting rounds (1..4).
    stack
        Chips each player (by position) starts a hand with; ``UNLIMITED_STACK`` when not given.
    blind
        Chips each position must put in before the cards (position 0 is the big blind in
        the heads-up "reverse blinds" games).
    raise_size
        Fixed raise per round (limit games; empty for no-limit).
    first_player
        0-based position that acts first in each round (the file's values minus one).
    max_raises
        Raises allowed per round (``UNLIMITED_RAISES`` when not given).
    num_suits, num_ranks, num_hole_cards
        The deck is the top ``num_ranks`` ranks of the top ``num_suits`` suits (as the ACPC
        dealer builds it); each player gets ``num_hole_cards`` private cards.
    num_board_cards
        Public cards dealt at the start of each round.
    """

    betting: Betting
    num_players: int
    num_rounds: int
    stack: tuple[int, ...]
    blind: tuple[int, ...]
    raise_size: tuple[int, ...]
    first_player: tuple[int, ...]
    max_raises: tuple[int, ...]
    num_suits: int
    num_ranks: int
    num_hole_cards: int
    num_board_cards: tuple[int, ...]

    @property
    def big_blind(self) -> int:
        """The largest blind (the minimum bet in no-limit, and the unit of mbb/hand)."""
        return max(self.blind)

    @property
    def deck(self) -> tuple[int, ...]:
        """Card codes of this game's deck (``4 * rank + suit``, top ranks and suits).

        Examples
        --------
        >>> len(standard_game("limit").deck)
        52
        """
        return tuple(
            4 * r + s
            for s in range(MAX_SUITS - self.num_suits, MAX_SUITS)
            for r in range(MAX_RANKS - self.num_ranks, MAX_RANKS)
        )

    def board_cards_before(self, round_: int) -> int:
        """Board cards dealt in the rounds before ``round_`` (``bcStart`` in game.c)."""
        return sum(self.num_board_cards[:round_])

    def board_cards_through(self, round_: int) -> int:
        """Board cards visible in round ``round_`` (``sumBoardCards`` in game.c)."""
        return sum(self.num_board_cards[: round_ + 1])


def _ints(key: str, text: str, lineno: int) -> tuple[int, ...]:
    values = []
    for token in text.split():
        if not token.isdigit() or not token.isascii():
            raise ValueError(f"game definition line {lineno}: {key} value {token!r} is not a whole number")
        values.append(int(token))
    if not values:
        raise ValueError(f"game definition line {lineno}: {key} has no value")
    return tuple(values)


def parse_gamedef(text: str) -> GameDef:
    """Read a ``GAMEDEF ... END GAMEDEF`` text.

    Lines starting with ``#`` and blank lines are skipped; text after ``END GAMEDEF`` is
    ignored (as the ACPC dealer does).

    Raises
    ------
    ValueError
        One line naming the line number and the field that is wrong, missing or inconsistent.

    Examples
    --------
    >>> g = parse_gamedef('''GAMEDEF
    ... limit
    ... numplayers=2
    ... NUMROUNDS = 2
    ... blind = 2 1
    ... raisesize = 2 4
    ... numSuits = 2
    ... numRanks = 3
    ... numHoleCards = 1
    ... numBoardCards = 0 1
    ... END GAMEDEF''')
    >>> g.first_player, g.max_raises, g.stack[0] == UNLIMITED_STACK
    ((0, 0), (255, 255), True)
    >>> parse_gamedef("GAMEDEF\\nlimit\\nnumPlayers = two\\nEND GAMEDEF")
    Traceback (most recent call last):
    ...
    ValueError: game definition line 3: numPlayers value 'two' is not a whole number
    """
    betting: Betting = "limit"
    seen_header = False
    ended = False
    fields: dict[str, tuple[int, ...]] = {}
    lines_of: dict[str, int] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.lower().split()
        if words[:2] == ["end", "gamedef"]:
            ended = True
            break
        if words == ["gamedef"]:
            seen_header = True
            continue
        if not seen_header:
            raise ValueError(f"game definition line {lineno}: expected 'GAMEDEF', got {line[:40]!r}")
        if words == ["limit"]:
            betting = "limit"
            continue
        if words == ["nolimit"]:
            betting = "nolimit"
            continue
        m = _LINE_RE.fullmatch(line)
        key = _KEYS.get(m.group(1).lower()) if m else None
        if m is None or key is None:
            name = line.split("=")[0].strip()[:40]
            raise ValueError(f"game definition line {lineno}: unknown field {name!r}")
        if key in fields:
            first = lines_of[key]
            raise ValueError(f"game definition line {lineno}: {key} given twice (also on line {first})")
        values = _ints(key, m.group(2), lineno)
        if key in _SCALAR_KEYS and len(values) != 1:
            raise ValueError(f"game definition line {lineno}: {key} takes one value, got {len(values)}")
        fields[key] = values
        lines_of[key] = lineno
    if not seen_header:
        raise ValueError("game definition: no 'GAMEDEF' line")
    if not ended:
        raise ValueError("game definition: no 'END GAMEDEF' line")
    return _build(betting, fields, lines_of)


def _build(betting: Betting, fields: dict[str, tuple[int, ...]], lines_of: dict[str, int]) -> GameDef:
    def where(key: str) -> str:
        return f"game definition line {lines_of[key]}" if key in lines_of else "game definition"

    def scalar(key: str, low: int, high: int) -> int:
        if key not in fields:
            raise ValueError(f"game definition: {key} is missing (need {low}..{high})")
        value = fields[key][0]
        if not low <= value <= high:
            raise ValueError(f"{where(key)}: {key} = {value} is not in {low}..{high}")
        return value

    def per(key: str, count: int, what: str, default: int | None) -> tuple[int, ...]:
        if key not in fields:
            if default is None:
                raise ValueError(f"game definition: {key} is missing (need one value per {what})")
            return (default,) * count
        values = fields[key]
        if len(values) != count:
            raise ValueError(f"{where(key)}: {key} has {len(values)} values, need {count} (one per {what})")
        return values

    num_rounds = scalar("numRounds", 1, MAX_ROUNDS)
    num_players = scalar("numPlayers", 2, MAX_PLAYERS)
    stack = per("stack", num_players, "player", UNLIMITED_STACK)
    blind = per("blind", num_players, "player", None)
    for p, (b, s) in enumerate(zip(blind, stack, strict=True)):
        if s < 1 or s > UNLIMITED_STACK:
            raise ValueError(f"{where('stack')}: stack of player {p + 1} is {s}, need 1..{UNLIMITED_STACK}")
        if b > s:
            raise ValueError(f"{where('blind')}: blind for player {p + 1} is greater than stack size")
    if all(b == s for b, s in zip(blind, stack, strict=True)):
        # Every player is all-in from the blinds: nobody can act (the ACPC server's nextPlayer
        # would search for an actor forever), so such a game is refused here.
        raise ValueError(f"{where('blind')}: every blind equals its stack, so no player could ever act")
    if betting == "limit":
        raise_size = per("raiseSize", num_rounds, "round", None)
        if min(raise_size) < 1:
            raise ValueError(f"{where('raiseSize')}: raiseSize values must be at least 1")
    else:
        raise_size = ()  # game.c reads but never uses raise sizes in no-limit games
    first = per("firstPlayer", num_rounds, "round", 1)
    for r, f in enumerate(first):
        if not 1 <= f <= num_players:
            raise ValueError(f"{where('firstPlayer')}: invalid first player {f} on round {r + 1}")
    max_raises = per("maxRaises", num_rounds, "round", UNLIMITED_RAISES)
    if max(max_raises) > UNLIMITED_RAISES:
        raise ValueError(f"{where('maxRaises')}: maxRaises values must be at most {UNLIMITED_RAISES}")
    num_suits = scalar("numSuits", 1, MAX_SUITS)
    num_ranks = scalar("numRanks", 1, MAX_RANKS)
    num_hole = scalar("numHoleCards", 1, MAX_HOLE_CARDS)
    board = per("numBoardCards", num_rounds, "round", None)
    if sum(board) > MAX_BOARD_CARDS:
        raise ValueError(f"{where('numBoardCards')}: more than {MAX_BOARD_CARDS} board cards in all")
    if num_hole * num_players + sum(board) > num_suits * num_ranks:
        raise ValueError(f"{where('numBoardCards')}: too many hole and board cards for specified deck")
    return GameDef(
        betting=betting,
        num_players=num_players,
        num_rounds=num_rounds,
        stack=stack,
        blind=blind,
        raise_size=raise_size,
        first_player=tuple(f - 1 for f in first),
        max_raises=max_raises,
        num_suits=num_suits,
        num_ranks=num_ranks,
        num_hole_cards=num_hole,
        num_board_cards=board,
    )


def format_gamedef(game: GameDef) -> str:
    """Write ``game`` the way the ACPC server's ``printGame`` does (fields at their defaults left out).

    Examples
    --------
    >>> print(format_gamedef(standard_game("nolimit")), end="")
    GAMEDEF
    nolimit
    numPlayers = 2
    numRounds = 4
    stack = 20000 20000
    blind = 100 50
    firstPlayer = 2 1 1 1
    numSuits = 4
    numRanks = 13
    numHoleCards = 2
    numBoardCards = 0 3 1 1
    END GAMEDEF
    """

    def join(values: tuple[int, ...]) -> str:
        return " ".join(str(v) for v in values)

    lines = ["GAMEDEF", game.betting, f"numPlayers = {game.num_players}", f"numRounds = {game.num_rounds}"]
    if any(s < UNLIMITED_STACK for s in game.stack):
        lines.append(f"stack = {join(game.stack)}")
    lines.append(f"blind = {join(game.blind)}")
    if game.betting == "limit":
        lines.append(f"raiseSize = {join(game.raise_size)}")
    if any(game.first_player):
        lines.append(f"firstPlayer = {join(tuple(f + 1 for f in game.first_player))}")
    if any(m != UNLIMITED_RAISES for m in game.max_raises):
        lines.append(f"maxRaises = {join(game.max_raises)}")
    lines += [
        f"numSuits = {game.num_suits}",
        f"numRanks = {game.num_ranks}",
        f"numHoleCards = {game.num_hole_cards}",
        f"numBoardCards = {join(game.num_board_cards)}",
        "END GAMEDEF",
    ]
    return "\n".join(lines) + "\n"


def read_gamedef(path: str | Path) -> GameDef:
    """Read a game definition file; ``"limit"``, ``"nolimit"`` and ``"kuhn3"`` name the shipped games.

    Examples
    --------
    >>> read_gamedef("nolimit").stack
    (20000, 20000)
    """
    name = str(path)
    if name in STANDARD_GAMES:
        return standard_game(name)
    file = Path(path)
    if not file.is_file():
        shipped = " / ".join(map(repr, STANDARD_GAMES))
        what = "is a folder, not a file" if file.is_dir() else "not found"
        raise ValueError(f"game definition file {name!r} {what} (or use {shipped})")
    try:
        return parse_gamedef(file.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"game definition file {name!r} is not text") from None
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from None


def standard_game(name: str) -> GameDef:
    """A shipped definition: heads-up hold'em ``"limit"`` or ``"nolimit"`` (ACPC reverse blinds),
    or three-player Kuhn poker ``"kuhn3"``."""
    if name not in STANDARD_GAMES:
        raise ValueError(f"unknown standard game {name!r}: choose from {', '.join(STANDARD_GAMES)}")
    return parse_gamedef((GAMES_DIR / STANDARD_GAMES[name]).read_text(encoding="utf-8"))
