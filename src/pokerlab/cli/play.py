"""``pokerlab play``: play heads-up against a bot in the terminal (Texas hold'em or five-card draw)."""

from __future__ import annotations

import json
import sys
from typing import Any

import typer
from rich.markup import escape

from pokerlab._json import jsonable
from pokerlab.cli.common import Interrupted, console, err_console, user_errors, variant_option


def _read_line() -> str | None:
    line = sys.stdin.readline()
    return None if line == "" else line


def _coach_lines(advice: dict[str, Any]) -> list[str]:
    """The coach's numbers (:func:`pokerlab.arena.coach.coach`) as lines."""
    lines = []
    if advice["hs"] is not None:
        lines.append(f"coach: HS {advice['hs']:.3f}  PPOT {advice['ppot']:.3f}  NPOT {advice['npot']:.3f}  "
                     f"EHS {advice['ehs']:.3f}")
    if advice["pot_odds"] is not None:
        lines.append(f"coach: pot odds {advice['pot_odds']:.3f} "
                     f"(call {advice['to_call']} into {advice['pot']})")
    river = advice["river"]
    if river is not None:
        lines.append(f"coach: the dividing-point solution (patent game 3, pot "
                     f"{river['pot_in_bets']:.2f} bets) would {river['action']}")
    lines.append(f"coach: {advice['advice']}")
    return lines


MOST_PLAYERS = 6
"""The most players at a terminal table (you and up to five copies of the bot), as the web page."""


def _board_of(rules: Any, phase: str, board: list[str]) -> str | None:
    """The board shown when betting ``phase`` opens (``None``: the variant has no board)."""
    if not rules.board_cards:
        return None
    if phase not in rules.street_names:
        return None
    k = rules.street_names.index(phase)
    dealt = sum(street.board for street in rules.streets[:k + 1])
    return " ".join(board[:dealt]) if dealt else None


def _open_phase(out: Any, rules: Any, opened: list[str], phase: str, board: list[str]) -> None:
    """Print ``phase``'s name and board the first time the hand reaches it (before its actions)."""
    if opened and opened[-1] == phase:
        return
    opened.append(phase)
    cards = _board_of(rules, phase, board)
    out.print(f"[bold]{phase}[/]" + ("" if cards is None else f" · board {cards}"))


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to ``app``."""

    @app.command("play")
    @user_errors
    def play(
        bot: str = typer.Option("calling-station", "--bot", help="The bot to play against."),
        game: str = typer.Option(
            "limit", "--game", help="limit (Alberta $10/$20), pot-limit or no-limit (1/2)."
        ),
        variant: str = typer.Option(
            "texas-holdem", "--variant",
            help="texas-holdem or five-card-draw (antes, a draw: name your discards)."),
        players: int = typer.Option(
            2, "--players", min=2, max=MOST_PLAYERS,
            help="Players at the table: you and copies of the bot (2 to 6, as the web page)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals and the bot's randomness."),
        hands: int = typer.Option(10, "--hands", min=1, help="Hands to play (q quits earlier)."),
        coach: bool = typer.Option(False, "--coach", help="Show HS, PPOT/NPOT, EHS and pot odds."),
        as_json: bool = typer.Option(
            False, "--json", help="The table on standard error; one JSON summary line on standard output."),
    ) -> None:
        """Play against a bot: f fold, c check/call, r [amount] bet/raise (to), a the largest
        bet/raise (all-in, or the pot in pot-limit; the menu says which), q quit; at a draw, the
        places (1 3) or the cards (Kd 2c) to discard, p to stand pat.

        Each hand every player starts with the game's stack; the button moves round the table.
        Each street opens with its name and board, then the actions on it. Bad input is
        answered with one line saying why, and the prompt comes back.
        """
        from pokerlab.arena.human import QUIT, parse_command
        from pokerlab.arena.match import MatchConfig
        from pokerlab.arena.session import Session
        from pokerlab.engine import GameSettings

        if hands < 1:
            raise ValueError(f"--hands must be at least 1, not {hands}")
        if not 2 <= players <= MOST_PLAYERS:
            raise ValueError(f"--players must be 2 to {MOST_PLAYERS}, not {players}")
        from pokerlab.agents.registry import check_bots

        check_bots([bot], variant_option(variant), "--bot")
        settings = GameSettings.preset(game, variant)
        rules = settings.rules
        if players > rules.max_players:
            raise ValueError(f"--players {players}: {rules.title} seats 2 to {rules.max_players}")
        if coach:
            from pokerlab.arena.coach import unsupported

            reason = unsupported(rules)
            if reason is not None:
                raise ValueError(f"--coach: {reason}")
        config = MatchConfig(bots=("you", *([bot] * (players - 1))), hands=hands, game=settings,
                             person=0, seed=seed)
        table = Session(config)
        out = err_console if as_json else console
        quit_now = False
        log: list[dict[str, Any]] = []
        try:
            while not quit_now and table.next_hand < hands:
                table.deal()
                view = table.view()
                you = view["players"][0]
                role = settings.seat_name(you["position"], len(view["players"]))
                out.print(f"\n[bold]Hand {view['hand']}[/] · {rules.title}, {settings.kind} · "
                          f"{players} players")
                out.print(f"you are {role}; your cards [bold]{' '.join(you['cards'])}[/]")
                seen = illegal = 0
                opened: list[str] = []  # the phases whose name (and board) were printed
                while True:
                    for line in view["actions"][seen:]:
                        _open_phase(out, rules, opened, line.split(":", 1)[0], view["board"])
                        out.print(f"  {line}")
                    for line in view["illegal"][illegal:]:
                        out.print(f"  [yellow]illegal answer ({escape(line)}); "
                                  "the table checked or folded[/]")
                    seen, illegal = len(view["actions"]), len(view["illegal"])
                    if view["finished"]:
                        break
                    legal = table.legal()
                    assert legal is not None
                    _open_phase(out, rules, opened, view["street"], view["board"])
                    if legal.max_discards:
                        places = "  ".join(f"{k}:{c}" for k, c in enumerate(you["cards"], 1))
                        out.print(f"  your cards {places} · pot {view['pot']}")
                    else:
                        stacks = ", ".join(f"{'you' if p['you'] else p['name']} {p['stack']}"
                                           for p in view["players"])
                        out.print(f"  pot {view['pot']} · to call {legal.to_call} · stacks {stacks}")
                    if coach:
                        for line in _coach_lines(table.coach() or {}):
                            out.print(f"  [cyan]{line}[/]")
                    out.print(f"  {escape(view['legal']['menu'])}")
                    while True:
                        out.print("> ", end="")
                        line = _read_line()
                        if line is None:
                            answer = QUIT
                            break
                        try:
                            answer = parse_command(line, legal, table.hand.hole(table.position))
                        except ValueError as exc:
                            out.print(f"  [red]{escape(str(exc))}[/]")
                            continue
                        break
                    if answer == QUIT:
                        quit_now = True
                        break
                    table.act(answer)
                    view = table.view()
                    you = view["players"][0]
                    if legal.max_discards:  # your draw's line, then the cards it gave you
                        out.print(f"  {view['actions'][seen]}")
                        out.print(f"  your cards now [bold]{' '.join(you['cards'])}[/]")
                        seen += 1
                if not view["finished"]:
                    out.print("quit: the unfinished hand is not counted")
                    break
                if any(p.get("shows") for p in view["players"]):
                    if view["board"]:
                        out.print(f"  board {' '.join(view['board'])}")
                    for p in view["players"]:
                        if p.get("shows"):
                            who = "you show" if p["you"] else f"{p['name']} shows"
                            out.print(f"  {who} {' '.join(p['cards'])}: {p['shows']}")
                won = you["won"]
                log.append({"hand": view["hand"], "won": won})
                out.print(f"  [bold]{'you win' if won > 0 else 'you lose' if won < 0 else 'even'} "
                          f"{abs(won)}[/] · session {view['session']['chips_won']:+d} chips")
        except KeyboardInterrupt:
            won = sum(entry["won"] for entry in log)
            raise Interrupted(f"{_hands(table.hands_played)} played, you won {won:+d} chips; "
                              "the unfinished hand is not counted") from None
        finally:
            table.close()
        played = table.hands_played
        total = sum(entry["won"] for entry in log)
        summary = {"bot": bot, "game": settings.kind, "variant": variant, "players": players,
                   "hands": played, "chips_won": total,
                   "per_hand": (total / played / settings.unit_size) if played else 0.0,
                   "unit": settings.unit, "log": log}
        if as_json:
            sys.stdout.write(json.dumps(jsonable(summary)) + "\n")  # one line, as --help says
        else:
            out.print(f"\n{_hands(played)}, you won {total:+d} chips = "
                      f"{summary['per_hand']:+.3f} {settings.unit}/hand")


def _hands(n: int) -> str:
    """``"1 hand"``, ``"2 hands"``."""
    return f"{n} hand" + ("" if n == 1 else "s")
