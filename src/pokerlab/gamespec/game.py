"""Game descriptions for the dividing-point method: a one-round betting tree over private hands.

Every player holds an independent hand strength (uniform on [0, 1] in the continuous game, or N
equally likely levels in a discretised one, ties split) and plays one round of betting. The
description is the public betting tree only; the strengths enter at showdowns. Two players
are the patent's worked examples; any number ``n`` works the same way (the patent's
"multi-dimensional model": one axis per player, the unit cube for three).

* ``Decision(player, children)``: ``player`` (1 to n) chooses one of the labelled children.
* ``Terminal(contributions, folded)``: each player's total money put in, antes INCLUDED
  (sympy expressions or numbers, possibly in the pot symbol ``P``). ``folded`` says who
  folded: with two players the int 0 (showdown), 1 or 2; with three or more a frozenset of
  the players who folded (empty at a showdown of everybody).

Net payoffs (:meth:`BettingGame.payoff`): the best hand among the players who did not fold
takes the sum of all contributions (split equally on a tie); a player's payoff is its share
minus its contribution. With two players :meth:`BettingGame.payoff_to_p1` gives P1's: ``+c2``
if P1's hand is higher, ``-c1`` if lower, ``(c2 - c1)/2`` on a tie; if P1 folded ``-c1``; if
P2 folded ``+c2``.

Games come from the rule parameters (:func:`rules_game`: number of players, pot, who may bet,
bet rule ``"limit"`` / ``"pot-limit"`` / explicit sizes per bet level, raise cap,
check-raise), from the built-in names (:func:`~pokerlab.gamespec.registry.builtin_game`: the
patent's games and their three-player versions), or from a TOML file
(:func:`~pokerlab.gamespec.registry.game_from_toml`). A game may carry a
declared threshold structure (:class:`DeclaredOrder`): for each player and each of that
player's first decisions ("branch"), the axis of action sequences separated by threshold
names, plus one relative order across all players, as FIG. 12 and the text of the patent
give it.

Action names: ``pass`` (check), ``bet`` (first bet), ``raise`` (second), ``reraise`` (third
and later), ``call``, ``fold``. The patent's pot is ``P``; each of ``n`` players antes ``P/n``.

Examples
--------
>>> from pokerlab.gamespec.registry import builtin_game
>>> g = builtin_game("patent-no-raise")
>>> sorted(g.root.children)
['bet', 'pass']
>>> call = g.root.children["bet"].children["call"]
>>> call.contributions
(P/2 + 1, P/2 + 1)
>>> g.payoff_to_p1(call, True), g.payoff_to_p1(call, False)
(P/2 + 1, -P/2 - 1)
>>> g.declared.order
'b1 < C2 < B1'
>>> vn = rules_game("von-neumann", pot=2, bet=[sympy.Symbol("B", positive=True)],
...                 raise_cap=0, p2_may_bet=False)
>>> vn.root.children["bet"].children["call"].contributions
(B + 1, B + 1)
>>> g3 = builtin_game("patent-no-raise-3p", pot=3)
>>> g3.players, g3.root.children["bet"].children["fold"].children["call"]
(3, Terminal(contributions=(2, 1, 2), folded=frozenset({2})))
>>> [g3.payoff(g3.root.children["pass"], p, winners={1, 3}) for p in (1, 2, 3)]
[1/2, -1, 1/2]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import sympy

from pokerlab.exact import exact_expression, exact_number

P = sympy.Symbol("P", positive=True)
"""The pot symbol: the antes in total (each of n players antes P/n)."""

ACTIONS = ("pass", "bet", "raise", "reraise", "call", "fold")

MAX_RAISE_CAP = 20
"""Raises a rules game may allow after the first bet (each adds thresholds to solve for; the
patent's games allow 2)."""

MAX_TREE_NODES = 5000
"""Nodes a rules game's betting tree may have: the tree grows exponentially with players and
raises (three players and six raises: 1,336 nodes; eight players: 2,049), and every node
adds terms to solve."""

Folded = int | frozenset[int]
"""Who folded at a terminal: 0/1/2 with two players, a frozenset of players with more."""


@dataclass(frozen=True, eq=True)
class Terminal:
    """An end of the betting: contributions (antes included) and who folded (0 = showdown).

    With three or more players ``folded`` is the frozenset of the players who folded.
    """

    contributions: tuple[Any, ...]
    folded: Folded = 0


def folded_players(terminal: Any) -> frozenset[int]:
    """The players who folded at ``terminal``, whichever way it says so (0/1/2 or a set)."""
    folded = terminal.folded
    if isinstance(folded, int):
        return frozenset((folded,)) if folded else frozenset()
    return frozenset(int(p) for p in folded)


def folded_value(players: int, folded: frozenset[int]) -> Folded:
    """``folded`` in the form a terminal of a ``players``-player game stores it."""
    if players == 2:
        return next(iter(folded)) if folded else 0
    return frozenset(folded)


@dataclass(frozen=True, eq=True)
class Decision:
    """A betting decision of ``player`` (1 to n) among the labelled ``children``."""

    player: int
    children: dict[str, Node] = field(default_factory=dict)


Node = Decision | Terminal


def is_terminal(node: Any) -> bool:
    """True for an end of the betting (duck-typed: a module loaded twice still answers)."""
    return hasattr(node, "contributions")


def is_decision(node: Any) -> bool:
    """True for a betting decision (duck-typed, see :func:`is_terminal`)."""
    return hasattr(node, "children")


@dataclass(frozen=True)
class DeclaredOrder:
    """A threshold structure as the patent states it (FIG. 12 and the relative-order line).

    ``axes[player][branch]`` is an axis string such as ``"bet | b1 | pass | B1 | bet"``:
    action sequences from hand 0 to hand 1 separated by the names of the dividing points.
    ``branch`` is the betting history before that player's first decision in the branch
    (``""`` for P1's opening decision, ``"bet"`` or ``"pass"`` for P2's replies,
    ``"bet-fold"`` for P3 after P1 bets and P2 folds...).
    ``order`` lists all names of all players, ``<`` or ``<=`` between them.
    """

    axes: dict[int, dict[str, str]]
    order: str


@dataclass(frozen=True)
class BettingGame:
    """A one-round betting game over private hand strengths (two players unless ``players``).

    Attributes
    ----------
    name : str
        Short name (a built-in name or the ``name`` field of a TOML file).
    root : Node
        The betting tree.
    pot : sympy expression
        The antes in total: the symbol ``P`` or a number.
    description : str
        One line for people.
    declared : DeclaredOrder or None
        The threshold structure to assume, when known (the patent's for built-in games).
    players : int
        The number of players ``n`` (2 for the patent's games).
    """

    name: str
    root: Node
    pot: Any = P
    description: str = ""
    declared: DeclaredOrder | None = None
    players: int = 2

    def payoff(self, terminal: Terminal, player: int, winners: Any = None) -> Any:
        """``player``'s net payoff at ``terminal``: its share of all contributions minus its own.

        ``winners`` are the players holding the best hand among those who did not fold (they
        split the pot equally); it is not needed when all but one folded.
        """
        out = folded_players(terminal)
        live = [p for p in range(1, self.players + 1) if p not in out]
        share = set(live) if len(live) == 1 else set(winners or ())
        if not share or not share <= set(live):
            raise ValueError(f"winners: {sorted(share)} are not among the live players {live}")
        total = sum(terminal.contributions)
        mine = terminal.contributions[player - 1]
        if player not in share:
            return -mine
        return sympy.sympify(total) / len(share) - mine

    def payoff_to_p1(self, terminal: Terminal, p1_wins: bool | None) -> Any:
        """P1's net payoff at ``terminal``; ``p1_wins`` says who holds the higher hand (None = tie)."""
        c1, c2 = terminal.contributions
        if terminal.folded == 1:
            return -c1
        if terminal.folded == 2:
            return c2
        if p1_wins is None:
            return (c2 - c1) / 2
        return c2 if p1_wins else -c1

    def nodes(self) -> Iterator[tuple[tuple[str, ...], Node]]:
        """Every node with its betting history (tuple of action names from the root), preorder."""
        stack: list[tuple[tuple[str, ...], Node]] = [((), self.root)]
        while stack:
            history, node = stack.pop()
            yield history, node
            if is_decision(node):
                for action in reversed(list(node.children)):
                    stack.append(((*history, action), node.children[action]))

    def parameters(self) -> list[sympy.Symbol]:
        """Free symbols of the payoffs (``P`` while the pot is symbolic, bet-size symbols, ...)."""
        found: set[sympy.Symbol] = set()
        for _, node in self.nodes():
            if is_terminal(node):
                for c in node.contributions:
                    found |= sympy.sympify(c).free_symbols
        return sorted(found, key=lambda s: s.name)

    def with_pot(self, pot: Any) -> BettingGame:
        """The same game with the pot symbol ``P`` replaced by ``pot`` (a number)."""
        value = _exact(pot)
        if value <= 0:
            raise ValueError(f"--pot {pot}: must be greater than 0")
        root = _substitute(self.root, {P: value})
        check_betting(root, f"--pot {pot}")
        return replace(self, root=root, pot=value)

    def substitute(self, values: dict[str, Any]) -> BettingGame:
        """The same game with symbols replaced by numbers, by name (``{"B": 2}``, ``{"P": 3}``)."""
        symbols = {s.name: s for s in self.parameters()}
        unknown = [name for name in values if name not in symbols]
        if unknown:
            known = ", ".join(symbols) or "none"
            raise ValueError(f"{unknown[0]}: the game has no symbol {unknown[0]!r} (symbols: {known})")
        game = self
        rest = dict(values)
        if "P" in rest:
            game = game.with_pot(rest.pop("P"))
        mapping = {symbols[name]: _exact(v, f"--param {name}=") for name, v in rest.items()}
        if not mapping:
            return game
        root = _substitute(game.root, mapping)
        check_betting(root, " ".join(f"--param {name}={v}" for name, v in rest.items()))
        return replace(game, root=root)


def _exact(value: Any, option: str = "--pot") -> Any:
    """A number as an exact rational (strings like '3', '1/2', '0.5' accepted): the solver
    works over the rationals."""
    if isinstance(value, sympy.Basic) and value.is_Rational:
        return value
    return exact_number(value, option)


def _amount(value: Any, where: str) -> Any:
    """An amount given in Python: sympy values as they are, text read without running it."""
    return value if isinstance(value, sympy.Basic) else exact_expression(value, where, {"P": P})


def _holds(relation: Any) -> bool:
    """True when a (possibly symbolic) relation is certainly true; unknown counts as false."""
    return sympy.sympify(relation) is sympy.true


def check_betting(node: Node, where: str) -> None:
    """Refuse betting that makes no sense, naming the place (``where``, then the actions).

    Amounts put in are never negative; a fold belongs to the player who acts at that
    decision; and a player folds only when facing a bet, having put in less than the other.
    Symbolic amounts are judged where the symbols' signs decide (``P`` is positive) and
    checked again once numbers are substituted.

    Examples
    --------
    >>> B = sympy.Symbol("B")
    >>> game = rules_game("x", pot=2, bet=[B])
    >>> check_betting(game.root, "rules")   # the sign of B is not known: nothing to refuse yet
    >>> game.substitute({"B": 0})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --param B=0: at bet.fold P2 folds having put in 1, as much as P1's 1: a fold needs ...
    """
    stack: list[tuple[str, Node]] = [("", node)]
    while stack:
        path, here = stack.pop()
        if not is_decision(here):
            continue
        for action, child in here.children.items():
            at = f"{path}.{action}" if path else action
            if not is_terminal(child):
                stack.append((at, child))
                continue
            amounts = [sympy.sympify(c) for c in child.contributions]
            for k, c in enumerate(amounts):
                if _holds(c < 0):
                    raise ValueError(f"{where}: at {at} P{k + 1} has put in {c}: amounts cannot be negative")
            if isinstance(child.folded, int):  # two players: a fold is the acting player's
                if child.folded and child.folded != here.player:
                    raise ValueError(f"{where}: at {at} the fold is marked as P{child.folded}'s, but "
                                     f"P{here.player} acts there")
                folds = bool(child.folded)
            else:  # n players: earlier folders may be listed too; the actor folds only by "fold"
                folds = action == "fold"
                if folds != (here.player in folded_players(child)):
                    said = "does not list" if folds else "lists"
                    raise ValueError(f"{where}: at {at} P{here.player} acts by {action} but the "
                                     f"terminal {said} P{here.player} among the folders")
            if folds:
                mine = amounts[here.player - 1]
                others = [(k, c) for k, c in enumerate(amounts) if k != here.player - 1]
                if all(_holds(mine >= c) for _, c in others):
                    k, theirs = others[0]
                    raise ValueError(f"{where}: at {at} P{here.player} folds having put in {mine}, as much "
                                     f"as P{k + 1}'s {theirs}: a fold needs a bet to face "
                                     "(are the bet sizes positive?)")


def _substitute(node: Node, mapping: dict[Any, Any]) -> Node:
    if is_terminal(node):
        return Terminal(tuple(sympy.sympify(c).subs(mapping) for c in node.contributions), node.folded)
    return Decision(node.player, {a: _substitute(c, mapping) for a, c in node.children.items()})


# ---------------------------------------------------------------------------------------------
# Games from rule parameters


def _aggressive_name(level: int) -> str:
    return ("bet", "raise")[level] if level < 2 else "reraise"


def rules_game(
    name: str,
    pot: Any = P,
    bet: str | Sequence[Any] = "limit",
    raise_cap: int = 0,
    p2_may_bet: bool = True,
    check_raise: bool = False,
    description: str = "",
    declared: DeclaredOrder | None = None,
    first: int = 1,
    players: int = 2,
) -> BettingGame:
    """Build a one-round game from its rules.

    The players act in turn from ``first`` (then ``first + 1``... around the table). Facing
    no bet a player passes or bets; facing a bet or raise it folds, calls or raises. The round
    ends when every player still in has acted and matched the highest contribution: a
    showdown among them (the best hand takes all contributions, ties split), or when all but
    one have folded (that one takes all). A fold forfeits what the player has put in.

    Parameters
    ----------
    name : str
        Name of the game.
    pot : number or sympy expression
        Total antes (each of the ``players`` antes ``pot/players``); default the symbol ``P``.
    bet : "limit", "pot-limit" or a sequence of sizes
        ``limit``: every bet and raise is 1 unit. ``pot-limit``: the bet is the pot, a raise
        is the size of the pot after calling. A sequence gives the size of the bet and of each
        raise (the amount put in beyond calling), one per bet level; the last one repeats.
    raise_cap : int
        Number of raises allowed after the first bet (the patent's games 2 and 3: 2).
    p2_may_bet : bool
        Whether the players after the first may bet when everybody before them passed
        (otherwise the first player's pass leads to a showdown). With two players: whether
        P2 may bet after P1 passes.
    check_raise : bool
        Whether a player who passed may raise when a bet comes round to it (otherwise it may
        only fold or call).
    first : int
        The player who acts first (1 to ``players``). With two players and ``first=2`` the
        same betting is played with the seats swapped: P2 opens.
    players : int
        The number of players (2 or more).

    Examples
    --------
    >>> g = rules_game("pl", bet="pot-limit", p2_may_bet=False)
    >>> g.root.children["bet"].children["call"].contributions
    (3*P/2, 3*P/2)
    >>> g3 = rules_game("three", pot=3, players=3, p2_may_bet=False)
    >>> g3.root.children["bet"].children["call"].children["fold"]
    Terminal(contributions=(2, 2, 1), folded=frozenset({3}))
    """
    if isinstance(bet, str) and bet not in ("limit", "pot-limit"):
        raise ValueError(f"bet: expected 'limit', 'pot-limit' or a list of sizes, got {bet!r}")
    if not isinstance(bet, str):
        sizes = [_amount(s, f"bet[{k}]") for k, s in enumerate(bet)]
        if not sizes:
            raise ValueError("bet: the list of sizes is empty")
        for k, size in enumerate(sizes):
            if _holds(size <= 0):
                raise ValueError(f"bet[{k}]: a bet size must be greater than 0, got {size}")
    if not 0 <= raise_cap <= MAX_RAISE_CAP:
        raise ValueError(f"raise_cap: must be between 0 and {MAX_RAISE_CAP}, got {raise_cap}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ValueError(f"players: expected a whole number of 2 or more, got {players!r}")
    if isinstance(first, bool) or first not in range(1, players + 1):
        allowed = "1 or 2" if players == 2 else f"1 to {players}"
        raise ValueError(f"first: expected {allowed}, got {first!r}")
    pot = _amount(pot, "pot")
    seats = tuple((first - 1 + k) % players + 1 for k in range(players))  # in the order of acting

    def increment(level: int, c: tuple[Any, ...], top: Any, me: int) -> Any:
        # the amount put in beyond matching the highest contribution ``top``, at bet level ``level``
        if bet == "limit":
            return sympy.Integer(1)
        if bet == "pot-limit":
            return sum(c) + (top - c[me])  # the pot after calling
        return sizes[min(level, len(sizes) - 1)]

    def end(c: tuple[Any, ...], out: frozenset[int]) -> Terminal:
        return Terminal(c, folded_value(players, out))

    def turn(
        c: tuple[Any, ...],
        top: Any,
        out: frozenset[int],
        to_act: tuple[int, ...],
        level: int,
        passed: frozenset[int],
    ) -> Node:
        # ``top``: the highest contribution; ``to_act``: the players who still have to act, in
        # order; ``level``: bets and raises so far; ``passed``: who passed (for check-raise)
        built[0] += 1
        if built[0] > MAX_TREE_NODES:
            raise ValueError(
                f"players: {players} players with raise_cap {raise_cap} make a betting tree of more "
                f"than {MAX_TREE_NODES} nodes; allow fewer players or raises"
            )
        if not to_act:
            return end(c, out)
        player, rest = to_act[0], to_act[1:]
        me = player - 1
        others = tuple(p for p in _after(seats, player) if p not in out)  # to act after a bet
        if level == 0:
            passing = turn(c, top, out, rest, 0, passed | {player})
            if player != seats[0] and not p2_may_bet:
                return passing
            size = top + increment(0, c, top, me)
            opened = turn(_put(c, me, size), size, out, others, 1, passed)
            return Decision(player, {"pass": passing, "bet": opened})
        folded = out | {player}
        children: dict[str, Node] = {
            "fold": end(c, folded)
            if len(folded) == players - 1
            else turn(c, top, folded, rest, level, passed),
            "call": turn(_put(c, me, top), top, out, rest, level, passed),
        }
        if level - 1 < raise_cap and (check_raise or player not in passed):
            size = top + increment(level, c, top, me)
            children[_aggressive_name(level)] = turn(_put(c, me, size), size, out, others, level + 1, passed)
        return Decision(player, children)

    built = [0]  # nodes so far
    ante = pot / players
    root = turn(tuple([ante] * players), ante, frozenset(), seats, 0, frozenset())
    return BettingGame(name, _simplify(root), pot, description, declared, players)


def _put(c: tuple[Any, ...], me: int, total: Any) -> tuple[Any, ...]:
    """Contributions with player index ``me``'s raised to ``total``."""
    return (*c[:me], total, *c[me + 1 :])


def _after(seats: tuple[int, ...], player: int) -> tuple[int, ...]:
    """The other players in acting order, starting after ``player``."""
    k = seats.index(player)
    return seats[k + 1 :] + seats[:k]


def _simplify(node: Node) -> Node:
    if is_terminal(node):
        return Terminal(tuple(sympy.nsimplify(sympy.expand(c)) for c in node.contributions), node.folded)
    return Decision(node.player, {a: _simplify(c) for a, c in node.children.items()})
