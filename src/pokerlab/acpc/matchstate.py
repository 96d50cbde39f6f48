"""ACPC match states: ``MATCHSTATE:<position>:<hand>:<betting>:<cards>`` lines and replies.

The grammar is the ACPC protocol 2.0.0 (protocol.md of the ACPC server): ``<position>`` is
the receiver's position (0 = first after the button: the big blind in the heads-up
reverse-blinds games), ``<hand>`` an identifier of the hand, ``<betting>`` the actions per
round joined by ``/``, and ``<cards>`` the hole cards per position joined by ``|`` (empty
when hidden) followed by the board of each round reached, each but the first preceded by
``/`` (``TdAs|/2c8c3h/9c``). A client's reply is the same state followed by ``:`` and its
action. Cards are two characters, rank ``23456789TJQKA`` then suit ``cdhs``.

Parsing replays the betting under the game definition and checks the cards against what the
dealer may show: one's own hole cards always, other players' only at a showdown they
reached, and exactly the board of the rounds reached.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> state = parse_matchstate("MATCHSTATE:0:0:rrc/r:TdAs|/2c8c3h", standard_game("limit"))
>>> state.position, state.hand_number, state.is_our_turn, state.legal_kinds()
(0, 0, False, ())
>>> state.text()
'MATCHSTATE:0:0:rrc/r:TdAs|/2c8c3h'
>>> state = parse_matchstate("MATCHSTATE:1:31:r300r900:|JdTc", standard_game("nolimit"))
>>> state.is_our_turn, state.betting.raise_range()
(True, (1500, 20000))
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerlab.acpc.betting import Action, BettingState, parse_actions, parse_betting
from pokerlab.acpc.gamedef import GameDef
from pokerlab.cards import RANKS, SUITS

_PREFIX = "MATCHSTATE:"
MAX_HAND_NUMBER = 2**32 - 1  # hand numbers are uint32 in the ACPC server


def _cards(text: str, what: str, deck: frozenset[int]) -> tuple[int, ...]:
    if len(text) % 2:
        raise ValueError(f"{what}: {text!r} is not a run of two-character cards")
    out = []
    for i in range(0, len(text), 2):
        token = text[i:i + 2]
        rank, suit = RANKS.find(token[0]), SUITS.find(token[1])
        if rank < 0 or suit < 0:
            raise ValueError(f"{what}: unknown card {token!r} (rank 23456789TJQKA, suit cdhs)")
        code = 4 * rank + suit
        if code not in deck:
            raise ValueError(f"{what}: card {token!r} is not in this game's deck")
        out.append(code)
    return tuple(out)


def cards_text(codes: tuple[int, ...]) -> str:
    """Cards run together as in ACPC lines (``"TdAs"``)."""
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in codes)


def _number(text: str, what: str, high: int) -> int:
    if not text or not text.isascii() or not text.isdigit():
        raise ValueError(f"{what} {text[:20]!r} is not a whole number")
    if len(text) > 10 or int(text) > high:
        raise ValueError(f"{what} {text[:20]} is larger than {high}")
    return int(text)


@dataclass
class MatchState:
    """One player's view of a hand.

    Attributes
    ----------
    game
        The game definition the state was read under.
    position
        The viewer's position in this hand.
    hand_number
        The dealer's identifier of the hand.
    betting
        The replayed betting (who acts, amounts, legal actions).
    hole_cards
        Cards of each position; an empty tuple where hidden.
    board
        Board cards of each round reached.
    """

    game: GameDef
    position: int
    hand_number: int
    betting: BettingState
    hole_cards: tuple[tuple[int, ...], ...]
    board: tuple[tuple[int, ...], ...]

    @property
    def finished(self) -> bool:
        """The hand is over."""
        return self.betting.finished

    @property
    def is_our_turn(self) -> bool:
        """The viewer must answer with an action."""
        return not self.betting.finished and self.betting.current_player == self.position

    @property
    def own_cards(self) -> tuple[int, ...]:
        """The viewer's hole cards."""
        return self.hole_cards[self.position]

    @property
    def board_cards(self) -> tuple[int, ...]:
        """All board cards visible, in dealing order."""
        return tuple(c for r in self.board for c in r)

    def legal_kinds(self) -> tuple[str, ...]:
        """Actions the viewer may take now (empty when it is not the viewer's turn)."""
        return self.betting.legal_kinds() if self.is_our_turn else ()

    def text(self) -> str:
        """The state as the dealer writes it (without the line end)."""
        holes = "|".join(cards_text(h) for h in self.hole_cards)
        board = "/".join(cards_text(b) for b in self.board)
        return f"{_PREFIX}{self.position}:{self.hand_number}:{self.betting.text()}:{holes}{board}"

    def reply(self, action: Action) -> str:
        """The client's answer line for ``action`` (with ``\\r\\n``), after checking it is legal.

        Examples
        --------
        >>> from pokerlab.acpc.gamedef import standard_game
        >>> s = parse_matchstate("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c", standard_game("nolimit"))
        >>> s.reply(Action("r", 250))
        'MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250\\r\\n'
        """
        if not self.is_our_turn:
            raise ValueError(f"hand {self.hand_number}: it is not position {self.position}'s turn")
        reason = self.betting.why_illegal(action)
        if reason is not None:
            raise ValueError(f"hand {self.hand_number}: {action.text()!r} is illegal: {reason}")
        return f"{self.text()}:{action.text()}\r\n"

    def extends(self, earlier: MatchState) -> bool:
        """Whether this state can follow ``earlier`` in the same hand (more actions, same cards)."""
        if (self.position, self.hand_number) != (earlier.position, earlier.hand_number):
            return False
        mine, theirs = self.betting.all_actions(), earlier.betting.all_actions()
        if len(mine) <= len(theirs) or mine[: len(theirs)] != theirs:
            return False
        if self.own_cards != earlier.own_cards:
            return False
        return self.board[: len(earlier.board)] == earlier.board


def _split_line(line: str) -> list[str]:
    line = line.rstrip("\r\n")
    if not line.startswith(_PREFIX):
        raise ValueError(f"expected a line starting with 'MATCHSTATE:', got {line[:40]!r}")
    return line[len(_PREFIX):].split(":")


def _build(fields: list[str], game: GameDef) -> MatchState:
    position = _number(fields[0], "position", game.num_players - 1)
    hand_number = _number(fields[1], "hand number", MAX_HAND_NUMBER)
    betting = parse_betting(fields[2], game)
    deck = frozenset(game.deck)
    sections = fields[3].split("/")
    if len(sections) != betting.round + 1:
        reached = betting.round + 1
        count = len(sections)
        raise ValueError(f"cards {fields[3]!r}: {count} board sections, the betting reached round {reached}")
    holes_text = sections[0].split("|")
    if len(holes_text) != game.num_players:
        raise ValueError(f"cards {fields[3]!r}: {len(holes_text)} hole-card groups, need {game.num_players}")
    # The first round's board (none in hold'em) follows the last player's hole cards directly.
    first_board_chars = 2 * game.num_board_cards[0]
    last = holes_text[-1]
    split_at = len(last) - first_board_chars
    if split_at < 0:
        raise ValueError(f"cards {fields[3]!r}: round 1 board needs {game.num_board_cards[0]} cards")
    holes_text[-1], first_board = last[:split_at], last[split_at:]
    holes: list[tuple[int, ...]] = []
    for p, text in enumerate(holes_text):
        cards = _cards(text, f"hole cards of position {p}", deck)
        if cards and len(cards) != game.num_hole_cards:
            raise ValueError(f"hole cards of position {p}: {len(cards)} cards, need {game.num_hole_cards}")
        holes.append(cards)
    board = [_cards(first_board, "board of round 1", deck)]
    for r, text in enumerate(sections[1:], start=1):
        cards = _cards(text, f"board of round {r + 1}", deck)
        if len(cards) != game.num_board_cards[r]:
            raise ValueError(f"board of round {r + 1}: {len(cards)} cards, need {game.num_board_cards[r]}")
        board.append(cards)
    _check_visibility(position, betting, holes)
    seen: set[int] = set()
    for code in [c for h in holes for c in h] + [c for b in board for c in b]:
        if code in seen:
            raise ValueError(f"cards {fields[3]!r}: card {cards_text((code,))!r} appears twice")
        seen.add(code)
    return MatchState(game, position, hand_number, betting, tuple(holes), tuple(board))


def _check_visibility(position: int, betting: BettingState, holes: list[tuple[int, ...]]) -> None:
    if not holes[position]:
        raise ValueError(f"own hole cards (position {position}) are missing")
    for p, cards in enumerate(holes):
        if p == position:
            continue
        shown = betting.is_showdown and not betting.folded[p]
        if cards and not shown:
            raise ValueError(f"hole cards of position {p} are shown but there is no showdown for them")
        if not cards and shown:
            raise ValueError(f"hole cards of position {p} are missing at the showdown")


def parse_matchstate(line: str, game: GameDef) -> MatchState:
    """Read one ``MATCHSTATE`` line sent by a dealer (a trailing ``\\r\\n`` is allowed).

    Raises
    ------
    ValueError
        Naming the field that is malformed or inconsistent with ``game``.

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> line = "MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh\\r\\n"
    >>> s = parse_matchstate(line, standard_game("limit"))
    >>> s.finished, s.betting.is_showdown, s.betting.spent
    (True, True, (80, 80))
    >>> parse_matchstate("MATCHSTATE:0:0:rrc/:TdAs|8hTc/2c8c3h", standard_game("limit"))
    Traceback (most recent call last):
    ...
    ValueError: hole cards of position 1 are shown but there is no showdown for them
    """
    fields = _split_line(line)
    if len(fields) != 4:
        raise ValueError(f"a match state has 5 ':'-separated fields, got {len(fields) + 1}: {line[:60]!r}")
    return _build(fields, game)


def parse_reply(line: str, game: GameDef) -> tuple[MatchState, Action]:
    """Read a client's reply ``<matchstate>:<action>`` (the action is parsed, not judged).

    Examples
    --------
    >>> from pokerlab.acpc.gamedef import standard_game
    >>> state, action = parse_reply("MATCHSTATE:1:31::|JdTc:r300\\r\\n", standard_game("nolimit"))
    >>> state.hand_number, action
    (31, Action(kind='r', size=300))
    """
    fields = _split_line(line)
    if len(fields) != 5:
        raise ValueError(f"a reply has 6 ':'-separated fields, got {len(fields) + 1}: {line[:60]!r}")
    actions = parse_actions(fields[4], game)
    if len(actions) != 1:
        raise ValueError(f"a reply carries exactly one action, got {fields[4][:20]!r}")
    return _build(fields[:4], game), actions[0]
