"""The games by name: the patent's built-in games, TOML game files, and the shipped files.

A game comes from a built-in name (:func:`builtin_game`: the patent's games and their
three-player versions, with the patent's threshold names and orders), from TOML text
(:func:`game_from_toml`), or from a file, shipped in :data:`GAMES_DIR` (loadable by name) or
anywhere (:func:`load_game`). :func:`available_games` lists what loads by name. Both the
dividing-point method (:mod:`pokerlab.threshold`) and the discrete equilibrium engine
(``pokerlab equilibrium``, :mod:`pokerlab.equilibrium.run`) read their games here.

Examples
--------
>>> g = builtin_game("patent-no-raise")
>>> sorted(g.root.children), g.declared.order
(['bet', 'pass'], 'b1 < C2 < B1')
>>> load_game("von-neumann").parameters()
[B]
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import sympy

from pokerlab.exact import exact_expression
from pokerlab.gamespec.game import (
    ACTIONS,
    BettingGame,
    Decision,
    DeclaredOrder,
    Node,
    P,
    Terminal,
    check_betting,
    folded_value,
    is_decision,
    rules_game,
)
from pokerlab.gamespec.structure import parse_structure

# ---------------------------------------------------------------------------------------------
# Built-in games with the patent's variable names and orders

_GAME1_DECLARED = DeclaredOrder(
    axes={1: {"": "bet | b1 | pass | B1 | bet"}, 2: {"bet": "fold | C2 | call"}},
    order="b1 < C2 < B1",
)
_GAME2_DECLARED = DeclaredOrder(
    axes={
        1: {
            "": "bet-fold | b1 | bet-reraise | rr1 | pass-fold | C1 | pass-call | B1 | bet-fold"
            " | C1R | bet-call | RR1 | bet-reraise"
        },
        2: {
            "bet": "raise-fold | r2 | fold | C2 | call | R2 | raise-fold | C2RR | raise-call",
            "pass": "bet | b2 | pass | B2 | bet",
        },
    },
    order="r2 < b1 < rr1 < b2 < C2 <= C1 < B2 < B1 < C1R < R2 < C2RR < RR1",
)
_GAME3_DECLARED = DeclaredOrder(
    axes={
        1: {
            "": "bet-fold | b1 | bet-reraise | rr1 | pass-raise-fold | kr1 | pass-fold | C1"
            " | pass-call | B1 | bet-fold | C1R | bet-call | KR1 | pass-raise-fold | C1RR"
            " | pass-raise-call | RR1 | bet-reraise"
        },
        2: {
            "bet": "raise-fold | r2 | fold | C2 | call | R2 | raise-fold | C2RR | raise-call",
            "pass": "bet-fold | b2 | bet-reraise | rr2 | pass | B2 | bet-fold | C2R | bet-call"
            " | RR2 | bet-reraise",
        },
    },
    order="r2 < b1 < rr1 < kr1 < b2 < rr2 < C1 <= C2 < B2 < C2R < B1 < C1R < R2 < C2RR"
    " < KR1 < C1RR < RR2 < RR1",
)

# Found with a discretised three-player solve and proved by the exact certificate: besides
# the bluffs (below b1) and the value bets (above B1), P1 bets a narrow band of middling hands
# (s1 to S1) that P2 and P3 cannot punish (they fold with too much).
_GAME1_3P_DECLARED = DeclaredOrder(
    axes={
        1: {"": "bet | b1 | pass | s1 | bet | S1 | pass | B1 | bet"},
        2: {"bet": "fold | C2 | call"},
        3: {"bet-fold": "fold | C3 | call", "bet-call": "fold | C3C | call"},
    },
    order="b1 < C3 < s1 < S1 < C2 < B1 < C3C",
)

BUILTIN_GAMES: dict[str, dict[str, Any]] = {
    "patent-no-raise": {
        "bet": "limit",
        "raise_cap": 0,
        "p2_may_bet": False,
        "check_raise": False,
        "declared": _GAME1_DECLARED,
        "description": "patent game 1 (FIG. 6): P1 passes (showdown) or bets 1; P2 folds or calls",
    },
    "patent-no-raise-pot-limit": {
        "bet": "pot-limit",
        "raise_cap": 0,
        "p2_may_bet": False,
        "check_raise": False,
        "declared": _GAME1_DECLARED,
        "description": "patent FIG. 27: game 1 with a pot-sized bet",
    },
    "patent-raise": {
        "bet": "limit",
        "raise_cap": 2,
        "p2_may_bet": True,
        "check_raise": False,
        "declared": _GAME2_DECLARED,
        "description": "patent game 2 (FIG. 10, Table 10): raising, no check-raise, two raises",
    },
    "patent-check-raise": {
        "bet": "limit",
        "raise_cap": 2,
        "p2_may_bet": True,
        "check_raise": True,
        "declared": _GAME3_DECLARED,
        "description": "patent game 3 (FIG. 23, Table 11): raising and check-raising",
    },
    "patent-no-raise-3p": {
        "players": 3,
        "bet": "limit",
        "raise_cap": 0,
        "p2_may_bet": False,
        "check_raise": False,
        "declared": _GAME1_3P_DECLARED,
        "description": "game 1 for three: P1 passes (showdown) or bets 1; P2, then P3, fold or call",
    },
    # No declared order: the discretised game's equilibrium (pokerlab equilibrium) is known,
    # a certified dividing-point structure is not (docs/dividing-points.md, three players).
    "patent-raise-3p": {
        "players": 3,
        "bet": "limit",
        "raise_cap": 1,
        "p2_may_bet": True,
        "check_raise": False,
        "description": "game 2 for three (one raise): P1 passes or bets 1, after passes P2 then P3 "
        "may bet; facing a bet fold, call or raise once; no check-raise",
    },
}


def builtin_game(name: str, pot: Any = None) -> BettingGame:
    """A built-in game of the patent by name; ``pot`` substitutes a number for ``P``.

    Examples
    --------
    >>> builtin_game("patent-raise", pot=3).root.children["pass"].children["bet"].children[
    ...     "call"].contributions
    (5/2, 5/2)
    """
    if name not in BUILTIN_GAMES:
        known = ", ".join(BUILTIN_GAMES)
        raise ValueError(f"game: unknown built-in game {name!r} (known: {known})")
    spec = dict(BUILTIN_GAMES[name])
    game = rules_game(name, **spec)
    return game if pot is None else game.with_pot(pot)


# ---------------------------------------------------------------------------------------------
# TOML game files

_TOP_FIELDS = {"name", "description", "pot", "rules", "tree", "order"}
TREE_ACTIONS = (*ACTIONS[:1], "check", *ACTIONS[1:])
"""The actions a ``[tree]`` may name (``check`` is read as ``pass``)."""
_RULE_FIELDS = {"bet", "raise_cap", "p2_may_bet", "check_raise", "first", "players"}


def game_from_toml(text: str, source: str = "<game>") -> BettingGame:
    """Read a game from TOML text.

    Either a ``[rules]`` table (fields ``bet``, ``raise_cap``, ``p2_may_bet``,
    ``check_raise``, ``first`` as in :func:`rules_game`) or a ``[tree]`` table: a decision has
    ``player = 1|2`` and one sub-table per action; a terminal has ``contributions = [c1, c2]``
    (numbers or expressions in ``P``, antes included) and ``folded = 0|1|2``. An optional
    ``[order]`` table declares the structure: ``order = "b1 < C2 < B1"`` and sub-tables
    ``player1``/``player2`` mapping a branch (``start`` for P1's opening decision, else the
    betting history such as ``bet``) to an axis string. Errors name the field or the line.

    Examples
    --------
    >>> g = game_from_toml('''
    ... name = "tiny"
    ... pot = 2
    ... [tree]
    ... player = 1
    ... [tree.pass]
    ... contributions = [1, 1]
    ... folded = 0
    ... [tree.bet]
    ... player = 2
    ... [tree.bet.fold]
    ... contributions = [2, 1]
    ... folded = 2
    ... [tree.bet.call]
    ... contributions = [2, 2]
    ... folded = 0
    ... ''')
    >>> g.name, g.pot, g.root.children["bet"].children["call"]
    ('tiny', 2, Terminal(contributions=(2, 2), folded=0))
    >>> game_from_toml('name = "x"\\n[rules]\\nbet = "huge"')
    Traceback (most recent call last):
    ValueError: <game>: rules.bet: expected 'limit', 'pot-limit' or a list of sizes, got 'huge'
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{source}: TOML syntax error: {exc}") from None
    try:
        game = _game_from_data(data)
        if game.declared is not None:
            parse_structure(game, game.declared)  # check the declared order now, naming the file
        return game
    except ValueError as exc:
        raise ValueError(f"{source}: {exc}") from None


def _expr(value: Any, where: str) -> Any:
    """A game file's amount: a number or an expression in P, read without running it."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"{where}: expected a number or an expression in P, got {value!r}")
    return exact_expression(value, where, {"P": P})


def _game_from_data(data: dict[str, Any]) -> BettingGame:
    unknown = set(data) - _TOP_FIELDS
    if unknown:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r} (known: {', '.join(sorted(_TOP_FIELDS))})")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError("name: missing or not a string")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise ValueError("description: not a string")
    pot = _expr(data["pot"], "pot") if "pot" in data else P
    if pot.is_number and pot <= 0:
        raise ValueError(f"pot: must be positive, got {data['pot']!r}")
    declared = _declared_from_data(data["order"]) if "order" in data else None
    if ("rules" in data) == ("tree" in data):
        raise ValueError("give exactly one of [rules] and [tree]")
    if "rules" in data:
        rules = data["rules"]
        if not isinstance(rules, dict):
            raise ValueError("rules: expected a table")
        bad = set(rules) - _RULE_FIELDS
        if bad:
            known = ", ".join(sorted(_RULE_FIELDS))
            raise ValueError(f"rules.{sorted(bad)[0]}: unknown field (known: {known})")
        bet = rules.get("bet", "limit")
        if isinstance(bet, list):
            bet = [_expr(v, f"rules.bet[{i}]") for i, v in enumerate(bet)]
        elif not isinstance(bet, str):
            raise ValueError(f"rules.bet: expected 'limit', 'pot-limit' or a list of sizes, got {bet!r}")
        cap = rules.get("raise_cap", 0)
        if isinstance(cap, bool) or not isinstance(cap, int):
            raise ValueError(f"rules.raise_cap: expected an integer, got {cap!r}")
        flags = {}
        for key in ("p2_may_bet", "check_raise"):
            val = rules.get(key, key == "p2_may_bet")
            if not isinstance(val, bool):
                raise ValueError(f"rules.{key}: expected true or false, got {val!r}")
            flags[key] = val
        players = rules.get("players", 2)
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ValueError(f"rules.players: expected a whole number of 2 or more, got {players!r}")
        first = rules.get("first", 1)
        if isinstance(first, bool) or first not in range(1, players + 1):
            allowed = "1 or 2" if players == 2 else f"1 to {players}"
            raise ValueError(f"rules.first: expected {allowed}, got {first!r}")
        try:
            return rules_game(
                name,
                pot,
                bet,
                cap,
                description=description,
                declared=declared,
                first=first,
                players=players,
                **flags,
            )
        except ValueError as exc:
            raise ValueError(f"rules.{exc}") from None
    players = _tree_players(data["tree"])
    root = _node_from_data(data["tree"], "tree", players)
    game = BettingGame(name, root, pot, description, declared, players)
    if not is_decision(root):
        raise ValueError("tree: the root must be a decision (player = 1 or 2)")
    check_betting(root, "tree")
    return game


def _tree_players(data: Any) -> int:
    """The number of players of a [tree]: the length of its first list of contributions."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("contributions"), list):
                return max(2, len(node["contributions"]))
            stack.extend(v for v in node.values() if isinstance(v, dict))
    return 2


def _node_from_data(data: Any, where: str, players: int) -> Node:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a table")
    if "contributions" in data or "folded" in data:
        bad = set(data) - {"contributions", "folded"}
        if bad:
            raise ValueError(f"{where}.{sorted(bad)[0]}: a terminal has only contributions and folded")
        contrib = data.get("contributions")
        if not isinstance(contrib, list) or len(contrib) != players:
            shown = "[c1, c2]" if players == 2 else f"[c1, ..., c{players}]"
            raise ValueError(f"{where}.contributions: expected {players} amounts {shown}")
        amounts = tuple(_expr(c, f"{where}.contributions[{k}]") for k, c in enumerate(contrib))
        folded = data.get("folded", 0 if players == 2 else [])
        if players == 2:
            if folded not in (0, 1, 2) or isinstance(folded, bool):
                raise ValueError(f"{where}.folded: expected 0 (showdown), 1 or 2, got {folded!r}")
            out = frozenset((folded,)) if folded else frozenset()
        else:
            if (
                not isinstance(folded, list)
                or any(isinstance(p, bool) or p not in range(1, players + 1) for p in folded)
                or len(folded) >= players
            ):
                wanted = f"a list of the players who folded (1 to {players})"
                raise ValueError(f"{where}.folded: expected {wanted}, got {folded!r}")
            out = frozenset(folded)
        live = [amounts[p - 1] for p in range(1, players + 1) if p not in out]
        if len(live) > 1 and any(sympy.simplify(a - live[0]) != 0 for a in live):
            raise ValueError(f"{where}.contributions: a showdown needs equal contributions")
        return Terminal(amounts, folded_value(players, out))
    player = data.get("player")
    if player not in range(1, players + 1) or isinstance(player, bool):
        allowed = "1 or 2" if players == 2 else f"1 to {players}"
        raise ValueError(f"{where}.player: expected {allowed}, got {player!r}")
    children = {k: v for k, v in data.items() if k != "player"}
    if len(children) < 2:
        raise ValueError(f"{where}: a decision needs at least two actions")
    for action in children:
        if not re.fullmatch(r"[A-Za-z0-9_]+", action):
            raise ValueError(f"{where}.{action}: action names are letters, digits and '_'")
    nodes = {a: _node_from_data(c, f"{where}.{a}", players) for a, c in children.items()}
    for action in children:  # after the subtrees, so a mistake inside one is named first
        if action not in TREE_ACTIONS:
            known = ", ".join(TREE_ACTIONS)
            raise ValueError(f"{where}.{action}: unknown action {action!r} (known: {known})")
    return Decision(player, nodes)


def _declared_from_data(data: Any) -> DeclaredOrder:
    if not isinstance(data, dict):
        raise ValueError("order: expected a table")
    bad = {k for k in data if k != "order" and not re.fullmatch(r"player[1-9]", k)}
    if bad:
        raise ValueError(f"order.{sorted(bad)[0]}: unknown field (known: order, player1, player2, ...)")
    order = data.get("order")
    if not isinstance(order, str):
        raise ValueError("order.order: expected a string such as 'b1 < C2 < B1'")
    axes: dict[int, dict[str, str]] = {}
    for player in sorted(int(k[6:]) for k in data if k.startswith("player")) or [1, 2]:
        table = data.get(f"player{player}", {})
        if not isinstance(table, dict):
            raise ValueError(f"order.player{player}: expected a table of branch = axis")
        axes[player] = {}
        for branch, axis in table.items():
            if not isinstance(axis, str):
                raise ValueError(f"order.player{player}.{branch}: expected an axis string")
            axes[player]["" if branch == "start" else branch] = axis
    return DeclaredOrder(axes, order)


GAMES_DIR = Path(__file__).parent / "games"
"""Game files shipped with the package, loadable by name (``von-neumann``)."""


def game_file_names() -> list[str]:
    """Names of the TOML games shipped in :data:`GAMES_DIR`."""
    return sorted(p.stem for p in GAMES_DIR.glob("*.toml"))


def load_game(spec: str, pot: Any = None) -> BettingGame:
    """A built-in game by name, a shipped game file by name, or the TOML file at path ``spec``.

    Examples
    --------
    >>> from pokerlab.threshold import load_game
    >>> load_game("von-neumann").parameters()
    [B]
    """
    if spec in BUILTIN_GAMES:
        return builtin_game(spec, pot)
    path = Path(spec)
    if spec in game_file_names() and not path.exists():
        path = GAMES_DIR / f"{spec}.toml"
    elif path.suffix != ".toml" and not path.exists():
        known = ", ".join([*BUILTIN_GAMES, *game_file_names()])
        raise ValueError(f"game: {spec!r} is neither a built-in game ({known}) nor a TOML file")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"game: {spec}: not a TOML text file (it is not UTF-8 text)") from None
    except IsADirectoryError:
        raise ValueError(f"game: {spec}: a folder, not a TOML file") from None
    game = game_from_toml(text, str(path))
    return game if pot is None else game.with_pot(pot)


def available_games() -> dict[str, str]:
    """Every game loadable by name (the built-ins, then the shipped files) with its description.

    Examples
    --------
    >>> games = available_games()
    >>> games["von-neumann"].startswith("von Neumann"), "patent-raise" in games
    (True, True)
    """
    games = {name: spec["description"] for name, spec in BUILTIN_GAMES.items()}
    for name in game_file_names():
        games.setdefault(name, load_game(name).description)
    return games
