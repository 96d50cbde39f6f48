"""Hand histories in the PHH format (the TOML hand-history standard that pokerkit reads).

Written fields: ``variant`` (the code the game's variant gives its betting kind:
``"FT"`` fixed-limit, ``"NT"`` no-limit Texas hold'em, and ``"PT"`` for pot-limit Texas
hold'em, which the PHH standard and pokerkit do not list: pokerlab's own code in the same
pattern, with the ``min_bet`` field of the no-limit and pot-limit variants), ``antes``,
``blinds_or_straddles``, ``small_bet``/``big_bet`` or ``min_bet``, ``starting_stacks``,
``actions`` (``d dh p1 AsKd``, ``p1 cbr 20``, ``p2 cc``, ``p1 f``, ``d db Jc3d5c``,
``p1 sm AsKd``), ``finishing_stacks`` and, when known, ``hand``, ``players``, ``seats`` and
``seat_count``. The raise cap of a limit game is kept in the user-defined field
``_raise_cap`` (pokerkit's fixed-limit games allow four bets and raises after the blinds;
our cap is never looser than that, so every hand we write replays there).

Five-card draw (pokerlab's codes ``"FD"``, ``"PD"`` and ``"ND"`` for fixed-limit, pot-limit
and no-limit: the PHH standard lists no high-hand five-card draw) writes each draw as the
standard's draw actions: every player still in, in order, ``p1 sd 2s7h`` (the discards;
``p1 sd`` stands pat), then ``d dh p1 9cKd`` for each player dealt replacements.

Player ``pK`` is position ``K - 1`` of :class:`pokerlab.engine.hand.Hand` (``p1`` sits
left of the button; heads-up ``p1`` is the big blind and ``p2`` the button).

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> from pokerlab.engine.hand import Hand
>>> from pokerlab.engine.settings import GameSettings
>>> hand = Hand(GameSettings.preset("no-limit"), [200, 200],
...             parse_cards("As Ad 7c 2d Ks Qs Jd 4h 3c"), ranks=[2, 1])
>>> hand.bet_raise(6); hand.fold()    # the button raises, the big blind folds
>>> text = to_phh(hand)
>>> print(text.splitlines()[0])
variant = "NT"
>>> [line for line in text.splitlines() if line.startswith("finishing")]
['finishing_stacks = [198, 202]']
>>> read_phh(text).payoffs
[-2, 2]
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokerlab._toml import toml_value
from pokerlab.cards import format_card, parse_cards
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Hand
from pokerlab.engine.settings import GameSettings
from pokerlab.engine.variants import VARIANTS

# PHH code -> (variant name, betting kind)
GAME_OF_CODE = {code: (v.name, kind) for v in VARIANTS.values() for kind, code in v.phh_codes.items()}


def _cards(codes: Sequence[int]) -> str:
    return "".join(format_card(c) for c in codes)


def phh_actions(hand: Hand) -> list[str]:
    """The PHH ``actions`` list of a finished (or running) hand."""
    n = hand.n
    rules = hand.game.rules
    visible = (0, *rules.board_visible)
    streets = len(rules.streets)
    start = rules.hole_cards * n
    board = hand.cards[start: start + rules.board_cards]
    out = [f"d dh p{i + 1} {_cards(hand.initial_hole(i))}" for i in range(n)]
    by_street: list[list[str]] = [[] for _ in range(streets)]
    for street, pos, discards, _ in hand.draws:
        by_street[street].append(f"p{pos + 1} sd {_cards(discards)}".rstrip())
    for street, pos, _, new in hand.draws:
        if new:
            by_street[street].append(f"d dh p{pos + 1} {_cards(new)}")
    for street, pos, kind, amount in hand.history:
        if kind == FOLD:
            text = f"p{pos + 1} f"
        elif kind == CHECK_CALL:
            text = f"p{pos + 1} cc"
        elif kind == BET_RAISE:
            text = f"p{pos + 1} cbr {amount}"
        else:
            continue  # draws are written above, before the street's betting
        by_street[street].append(text)
    last_street = hand.showdown_street if hand.showdown else hand.street
    for street in range(last_street + 1):
        if street and visible[street + 1] > visible[street]:
            out.append(f"d db {_cards(board[visible[street]:visible[street + 1]])}")
        out += by_street[street]
    if hand.showdown:
        out += [f"p{i + 1} sm {_cards(hand.hole(i))}" for i in hand.showdown]
        for street in range(hand.showdown_street + 1, streets):
            if visible[street + 1] > visible[street]:
                out.append(f"d db {_cards(board[visible[street]:visible[street + 1]])}")
    return out


def to_phh(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    seat_count: int | None = None,
    hand_number: int | None = None,
    table: int | str | None = None,
) -> str:
    """PHH text of ``hand``; ``players`` and ``seats`` (1-based) are given by position."""
    game = hand.game
    n = hand.n
    fields: list[tuple[str, Any]] = [
        ("variant", game.rules.phh_codes[game.kind]),
        ("ante_trimming_status", False),
        ("antes", [game.ante] * n),
        ("blinds_or_straddles", [game.small_blind, game.big_blind] + [0] * (n - 2)),
    ]
    if game.is_limit:
        fields += [("small_bet", game.small_bet), ("big_bet", game.big_bet)]
    else:
        fields.append(("min_bet", game.min_bet))
    fields += [("starting_stacks", hand.starting_stacks), ("actions", phh_actions(hand))]
    if hand_number is not None:
        fields.append(("hand", hand_number))
    if table is not None:
        fields.append(("table", table))
    if seats is not None:
        fields.append(("seats", list(seats)))
    if seat_count is not None:
        fields.append(("seat_count", seat_count))
    if players is not None:
        fields.append(("players", list(players)))
    if hand.finished:
        fields.append(("finishing_stacks", hand.stacks))
    if game.is_limit and game.raise_cap is not None:
        fields.append(("_raise_cap", game.raise_cap))
    lines = []
    for key, value in fields:
        if key == "actions":
            lines.append("actions = [\n" + "".join(f"  {toml_value(a)},\n" for a in value) + "]")
        else:
            lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def join_phh(texts: Sequence[str]) -> str:
    """Several hands' PHH texts as one file of the standard's ``.phhs`` kind: each hand under a
    table header ``[1]``, ``[2]``, ... (pokerkit's ``HandHistory.loads_all`` reads it).

    Examples
    --------
    >>> print(join_phh(["variant = 'NT'", "variant = 'FT'"]), end="")
    [1]
    variant = 'NT'
    <BLANKLINE>
    [2]
    variant = 'FT'
    <BLANKLINE>
    """
    return "".join(f"[{number}]\n{text.rstrip()}\n\n" for number, text in enumerate(texts, start=1))


def write_phh(path: str | Path, hand: Hand, **metadata: Any) -> Path:
    """Write ``hand`` to ``path`` (see :func:`to_phh` for ``metadata``)."""
    path = Path(path)
    path.write_text(to_phh(hand, **metadata), encoding="utf-8")
    return path


def settings_from_phh(data: dict[str, Any]) -> GameSettings:
    """The :class:`GameSettings` a parsed PHH table describes (starting stack: the largest)."""
    code = data.get("variant")
    if code not in GAME_OF_CODE:
        raise ValueError(f"PHH variant {code!r} is not one pokerlab plays ({', '.join(GAME_OF_CODE)})")
    variant, kind = GAME_OF_CODE[code]
    antes = data.get("antes", [0])
    antes = antes if isinstance(antes, list) else [antes]
    if len(set(antes)) > 1:
        raise ValueError(f"PHH antes {antes}: only equal antes are supported")
    blinds = [b for b in data.get("blinds_or_straddles", []) if b] or [0, 0]
    if len(blinds) != 2:
        raise ValueError(
            f"PHH blinds_or_straddles {data.get('blinds_or_straddles')}: need two blinds or none")
    stacks = data.get("starting_stacks")
    if not stacks:
        raise ValueError("PHH field starting_stacks is missing")
    common = dict(
        kind=kind, small_blind=blinds[0], big_blind=blinds[1], ante=antes[0] if antes else 0,
        starting_stack=max(stacks), variant=variant,
    )
    if kind == "limit":
        return GameSettings(small_bet=data["small_bet"], big_bet=data["big_bet"],
                            raise_cap=data.get("_raise_cap"), **common)
    return GameSettings(small_bet=data["min_bet"], big_bet=data["min_bet"], raise_cap=None, **common)


def read_phh(text: str) -> Hand:
    """Replay PHH ``text`` through the engine and return the finished hand.

    Raises ``ValueError`` naming the field or action that is missing, illegal or malformed,
    and when the replayed stacks differ from the file's ``finishing_stacks``.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not a PHH (TOML) file: {exc}") from None
    try:
        game = settings_from_phh(data)
    except KeyError as exc:
        raise ValueError(f"PHH field {exc.args[0]} is missing") from None
    stacks = data["starting_stacks"]
    n = len(stacks)
    holes: list[list[int] | None] = [None] * n
    board: list[int] = []
    plays: list[tuple[Any, ...]] = []  # (verb, number, raw, position, words or draw)
    waiting: dict[int, list[int]] = {}  # players whose discards await their new cards
    for number, raw, words in _action_lines(data):
        if words[0] == "d":
            if len(words) >= 4 and words[1] == "dh":
                pos = _player(words[2], n, number, raw)
                cards = _parse(words[3], number, raw)
                if pos in waiting:
                    waiting.pop(pos)[:] = cards
                elif plays or holes[pos] is not None:
                    raise ValueError(f"PHH action {number} {raw!r}: p{pos + 1} did not discard")
                else:
                    holes[pos] = cards
            elif len(words) >= 3 and words[1] == "db":
                board += _parse(words[2], number, raw)
            else:
                raise ValueError(f"PHH action {number} {raw!r}: unknown dealer action")
            continue
        pos = _player(words[0], n, number, raw)
        if len(words) < 2:
            raise ValueError(f"PHH action {number} {raw!r}: missing verb")
        if words[1] == "sd":
            discards = _parse(words[2], number, raw) if len(words) >= 3 else []
            new: list[int] = []
            if discards:
                waiting[pos] = new
            plays.append(("sd", number, raw, pos, (discards, new)))
            continue
        if waiting:
            raise ValueError(f"PHH action {number} {raw!r}: p{min(waiting) + 1}'s discards "
                             "were not replaced (d dh)")
        plays.append((words[1], number, raw, pos, words))
    rules = game.rules
    if any(h is None or len(h) != rules.hole_cards for h in holes):
        raise ValueError(f"PHH hand: every player needs {rules.hole_cards} known hole cards (d dh pN ...)")
    used = [c for h in holes if h for c in h] + board
    filler = [c for c in range(52) if c not in set(used)]
    # undealt streets do not matter: nobody reached them
    full_board = (board + filler)[:rules.board_cards]
    cards = [c for h in holes if h for c in h] + full_board
    try:
        hand = Hand(game, stacks, cards)
    except ValueError as exc:
        raise ValueError(f"PHH hand: {exc}") from None
    for play in plays:
        verb, number, raw, pos = play[:4]
        if verb == "sm":
            continue  # the engine shows down by hand strength
        if hand.actor != pos:
            raise ValueError(f"PHH action {number} {raw!r}: it is p{hand.actor + 1}'s turn")
        words = play[4]
        try:
            if verb == "sd":
                hand.draw(*words)
            elif verb == "f":
                hand.fold()
            elif verb == "cc":
                hand.check_call()
            elif verb == "cbr" and len(words) >= 3:
                hand.bet_raise(int(words[2]))
            else:
                raise ValueError(f"unknown verb {verb!r}")
        except ValueError as exc:
            raise ValueError(f"PHH action {number} {raw!r}: {exc}") from None
    if not hand.finished:
        raise ValueError("PHH hand ends before the hand is over")
    expected = data.get("finishing_stacks")
    if expected is not None and list(expected) != hand.stacks:
        raise ValueError(f"PHH finishing_stacks {expected} differ from the replay {hand.stacks}")
    return hand


def _action_lines(data: dict[str, Any]) -> list[tuple[int, str, list[str]]]:
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("PHH field actions must be a list of strings")
    out = []
    for number, raw in enumerate(actions, start=1):
        words = raw.split("#", 1)[0].split()
        if words:
            out.append((number, raw, words))
    return out


def _parse(text: str, number: int, raw: str) -> list[int]:
    try:
        return parse_cards(text)
    except ValueError as exc:
        raise ValueError(f"PHH action {number} {raw!r}: {exc}") from None


def _player(token: str, n: int, number: int, raw: str) -> int:
    if not (token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= n):
        raise ValueError(f"PHH action {number} {raw!r}: unknown player {token!r}")
    return int(token[1:]) - 1


__all__ = ["join_phh", "phh_actions", "read_phh", "settings_from_phh", "to_phh", "write_phh"]
