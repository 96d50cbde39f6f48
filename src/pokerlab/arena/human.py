"""A person at the table: typed commands turned into actions, with a one-line reason if not.

Commands: ``f`` (fold), ``c`` or ``k`` (check or call), ``r`` (bet/raise the minimum; the
only size in limit), ``r 40`` (bet/raise *to* 40), ``a`` (the largest bet/raise allowed:
all-in, or in pot-limit the pot when the stack is deeper), ``q`` (quit). Long forms (``fold``,
``call``, ``check``, ``raise``, ``bet``, ``quit``) work too, and ``allin`` when the largest
bet/raise is all-in. At a draw (five-card draw) the answer is the cards to discard:
their places in the hand (``1 3 5``, ``135``) or the cards themselves (``Kd 2c``); ``p``,
``pat`` or an empty line stand pat.

Examples
--------
>>> from pokerlab.engine import Legal
>>> legal = Legal(to_call=2, can_fold=True, can_raise=True, min_raise_to=8, max_raise_to=200,
...               raises=True, max_all_in=True)
>>> parse_command("r 40", legal), parse_command("c", legal), parse_command("a", legal)
(Action(kind=2, amount=40), Action(kind=1, amount=0), Action(kind=2, amount=200))
>>> parse_command("allin", legal._replace(max_raise_to=60, max_all_in=False))  # pot-limit, deep
Traceback (most recent call last):
...
ValueError: the largest raise is the pot, to 60, not all-in: type a for it
>>> parse_command("r 5", legal)
Traceback (most recent call last):
...
ValueError: raise to 5 is below the minimum 8
>>> parse_command("x", legal)
Traceback (most recent call last):
...
ValueError: unknown command 'x': use f, c, r [amount], a or q
>>> from pokerlab.cards import parse_cards
>>> from pokerlab.engine.hand import draw_legal
>>> hole = parse_cards("As Ad 7c 4h 2d")
>>> parse_command("3 4 5", draw_legal(5), hole), parse_command("7c 2d", draw_legal(5), hole)
(Action(kind=3, amount=28), Action(kind=3, amount=20))
>>> parse_command("", draw_legal(5), hole), parse_command("6", draw_legal(5), hole)
Traceback (most recent call last):
...
ValueError: card place 6 is not one of 1..5
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, DRAW, FOLD, Action, Legal, is_raise
from pokerlab.engine.settings import GameSettings

QUIT = "quit"
_FOLD = {"f", "fold"}
_CALL = {"c", "k", "call", "check"}
_RAISE = {"r", "b", "raise", "bet"}
_MAX = {"a"}
_ALLIN = {"allin", "all-in", "shove"}
_QUIT = {"q", "quit", "exit"}


def parse_discards(text: str, hole: Sequence[int]) -> Action | str:
    """The draw ``text`` asks for: the discards as places (``1 3``, ``13``) or cards (``Kd 2c``)
    of ``hole``; ``p``, ``pat`` or nothing stand pat; ``q`` quits. ``ValueError`` saying why not."""
    from pokerlab.cards import parse_cards

    words = text.strip().lower().split()
    if not words or words in (["p"], ["pat"]):
        return Action(DRAW, 0)
    if words[0] in _QUIT and len(words) == 1:
        return QUIT
    n = len(hole)
    if all(w.isdigit() for w in words):
        places = [int(ch) for w in words for ch in w]
        for k in places:
            if not 1 <= k <= n:
                raise ValueError(f"card place {k} is not one of 1..{n}")
        twice = sorted({k for k in places if places.count(k) > 1})
        if twice:
            raise ValueError(f"card place {twice[0]} named twice; name each card to discard once")
        return Action(DRAW, sum(1 << (k - 1) for k in places))
    try:
        cards = parse_cards(text.strip())
    except ValueError as exc:
        raise ValueError(f"discards {text.strip()!r}: {exc}; give places (1 3) or cards (Kd 2c)") from None
    missing = [c for c in cards if c not in hole]
    if missing:
        from pokerlab.cards import format_cards

        raise ValueError(f"you do not hold {format_cards(missing)}")
    return Action(DRAW, sum(1 << hole.index(c) for c in cards))


def parse_command(text: str, legal: Legal, hole: Sequence[int] = ()) -> Action | str:
    """The action ``text`` asks for (or :data:`QUIT`); ``ValueError`` saying why not. At a draw
    (``legal.max_discards``) ``text`` names the discards of ``hole`` (:func:`parse_discards`)."""
    if legal.max_discards:
        return parse_discards(text, hole)
    words = text.strip().lower().split()
    if not words:
        raise ValueError("type f, c, r [amount], a or q")
    verb = words[0]
    if verb in _QUIT:
        return QUIT
    if len(words) > 2 or (len(words) == 2 and verb not in _RAISE):
        raise ValueError(f"too many words in {text.strip()!r}")
    if verb in _FOLD:
        action = Action(FOLD)
    elif verb in _CALL:
        action = Action(CHECK_CALL)
    elif verb in _RAISE or verb in _MAX or verb in _ALLIN:
        if not legal.can_raise:
            raise ValueError("you cannot bet or raise now (capped, or nobody left to call)")
        if verb in _ALLIN and not legal.max_all_in:
            bet = legal.words[1]
            if legal.max_raise_to > legal.min_raise_to:
                raise ValueError(f"the largest {bet} is the pot, to {legal.max_raise_to}, not all-in: "
                                 "type a for it")
            raise ValueError(f"the only {bet} is to {legal.max_raise_to}, not all-in: type r for it")
        if verb in _MAX or verb in _ALLIN:
            amount = legal.max_raise_to
        elif len(words) == 2:
            try:
                amount = int(words[1])
            except ValueError:
                raise ValueError(f"raise amount {words[1]!r} is not a whole number") from None
        else:
            amount = legal.min_raise_to
        action = Action(BET_RAISE, amount)
    else:
        raise ValueError(f"unknown command {verb!r}: use f, c, r [amount], a or q")
    reason = legal.check(action)
    if reason is not None:
        raise ValueError(reason)
    return action


def describe_legal(legal: Legal) -> str:
    """The legal actions as a short menu line, each action under the name it has now
    (:attr:`~pokerlab.engine.hand.Legal.words`: check or call, bet or raise). A size to choose
    (``min_raise_to < max_raise_to``: never in limit) adds the largest, ``a``, under the name the
    engine gives it (:attr:`~pokerlab.engine.hand.Legal.max_word`: all-in, or the pot); with one
    size (limit) ``r`` and ``a`` both take it, and the menu says so.

    Examples
    --------
    >>> from pokerlab.engine import Legal
    >>> describe_legal(Legal(0, False, True, 20, 20))  # limit: the one size is also the largest
    'c = check, r or a = bet to 20'
    >>> describe_legal(Legal(0, False, True, 4, 200, raises=True, max_all_in=True))  # no-limit
    'c = check, r [to] = raise to 4..200, a = all-in to 200'
    >>> describe_legal(Legal(1, True, True, 4, 6, raises=True))  # pot-limit, deeper stacks
    'f = fold, c = call 1, r [to] = raise to 4..6, a = pot raise to 6'
    """
    if legal.max_discards:
        return f"discard: places (1 3) or cards (Kd 2c), 1..{legal.max_discards} of them; p = stand pat"
    call, bet = legal.words
    parts = []
    if legal.can_fold:
        parts.append("f = fold")
    parts.append(f"c = {call} {legal.to_call}" if legal.to_call else f"c = {call}")
    if legal.can_raise:
        if legal.min_raise_to == legal.max_raise_to:  # one size (limit): r and a both take it
            parts.append(f"r or a = {bet} to {legal.min_raise_to}")
        else:
            parts.append(f"r [to] = {bet} to {legal.min_raise_to}..{legal.max_raise_to}")
            parts.append(f"a = {legal.max_word} to {legal.max_raise_to}")
    return ", ".join(parts)


def narrate(history: list[tuple[int, int, int, int]], start: int, names: list[str] | tuple[str, ...],
            you: int | None = None, *, game: GameSettings) -> list[str]:
    """Lines telling ``history[start:]``, a history of a hand of ``game``, as people say it;
    ``names`` by position, the position ``you`` (if any) called "you". The game's variant
    names the streets and draws (a draw is told under its own name, before the betting of
    the street it opens); the engine says whether a bet raised (:func:`~pokerlab.engine.hand.is_raise`,
    the rule the menu's words follow as the hand is played).

    Examples
    --------
    >>> from pokerlab.engine import GameSettings
    >>> holdem = GameSettings.preset("limit")
    >>> narrate([(0, 1, 1, 5), (0, 0, 2, 20), (0, 1, 0, 0)], 0, ["loki-a", "bob"], you=1, game=holdem)
    ['pre-flop: you call 5', 'pre-flop: loki-a raises to 20', 'pre-flop: you fold']
    >>> narrate([(1, 0, 1, 0), (1, 1, 2, 10)], 0, ["ann", "bob"], game=holdem)
    ['flop: ann checks', 'flop: bob bets to 10']
    >>> draw = GameSettings.preset("limit", "five-card-draw")
    >>> narrate([(0, 0, 2, 2), (1, 0, 3, 2), (1, 1, 3, 0), (1, 0, 1, 0)], 0, ["ann", "bob"], 0,
    ...         game=draw)  # doctest: +NORMALIZE_WHITESPACE
    ['first round: you bet to 2', 'the draw: you draw 2', 'the draw: bob stands pat',
     'after the draw: you check']
    """
    rules = game.rules
    lines = []
    for i in range(start, len(history)):
        street, pos, kind, amount = history[i]
        mine = pos == you
        who = "you" if mine else names[pos]
        if kind == FOLD:
            verb = "fold" if mine else "folds"
        elif kind == DRAW:
            verb = (f"draw{'' if mine else 's'} {amount}" if amount else
                    ("stand pat" if mine else "stands pat"))
        elif kind == CHECK_CALL:
            word = "check" if amount == 0 else "call"
            verb = (word if mine else word + "s") + (f" {amount}" if amount else "")
        else:
            word = "raise" if is_raise(history, i, game) else "bet"
            verb = (word if mine else word + "s") + f" to {amount}"
        lines.append(f"{rules.phase_name(street, drawing=kind == DRAW)}: {who} {verb}")
    return lines
