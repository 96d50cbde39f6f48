"""``pokerlab play``: play heads-up Texas Hold'em against a bot in the terminal."""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.markup import escape

from pokerlab.cli.common import console, err_console, print_json, user_errors


def _narrate(history: list[tuple[int, int, int, int]], start: int, you: int, bot: str) -> list[str]:
    """Lines describing ``history[start:]`` ("you call 5", "random raises to 20")."""
    from pokerlab.engine import STREET_NAMES

    lines = []
    for i in range(start, len(history)):
        street, pos, kind, amount = history[i]
        mine = pos == you
        who = "you" if mine else bot
        if kind == 0:
            verb = "fold" if mine else "folds"
        elif kind == 1:
            word = "check" if amount == 0 else "call"
            verb = (word if mine else word + "s") + (f" {amount}" if amount else "")
        else:
            raised = street == 0 or any(s == street and k == 2 for s, _, k, _ in history[:i])
            word = "raise" if raised else "bet"
            verb = (word if mine else word + "s") + f" to {amount}"
        lines.append(f"  {STREET_NAMES[street]}: {who} {verb}")
    return lines


def _read_line() -> str | None:
    line = sys.stdin.readline()
    return None if line == "" else line


def _coach_lines(hole: list[int], board: list[int], to_call: int, pot: int) -> list[str]:
    from pokerlab.strength import effective_hand_strength, pot_odds

    lines = []
    if board:
        e = effective_hand_strength(hole, board)
        lines.append(f"coach: HS {e.hs:.3f}  PPOT {e.ppot:.3f}  NPOT {e.npot:.3f}  EHS {e.ehs:.3f}")
    else:
        lines.append("coach: pre-flop (HS and EHS start on the flop)")
    if to_call:
        lines.append(f"coach: pot odds {pot_odds(to_call, pot):.3f} (call {to_call} into {pot})")
    return lines


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to ``app``."""

    @app.command("play")
    @user_errors
    def play(
        bot: str = typer.Option("calling-station", "--bot", help="The bot to play against."),
        game: str = typer.Option(
            "limit", "--game", help="limit (Alberta $10/$20), pot-limit or no-limit (1/2)."
        ),
        seed: int = typer.Option(0, "--seed", help="Seed of the deals and the bot's randomness."),
        hands: int = typer.Option(10, "--hands", help="Hands to play (q quits earlier)."),
        coach: bool = typer.Option(False, "--coach", help="Show HS, PPOT/NPOT, EHS and pot odds."),
        as_json: bool = typer.Option(False, "--json", help="End with one JSON summary line on stdout."),
    ) -> None:
        """Play against a bot: f fold, c check/call, r [amount] bet/raise (to), a all-in, q quit.

        Each hand both players start with the game's stack; the button alternates. Bad input
        is answered with one line saying why, and the prompt comes back.
        """
        from pokerlab.agents.base import Observation
        from pokerlab.agents.registry import create_bot
        from pokerlab.arena.human import QUIT, describe_legal, parse_command
        from pokerlab.arena.match import bot_seed
        from pokerlab.cards import format_cards
        from pokerlab.engine import (
            STREET_NAMES,
            Dealer,
            GameSettings,
            Hand,
            seat_cards_to_positions,
        )
        from pokerlab.evaluate import describe

        if hands < 1:
            raise ValueError(f"--hands must be at least 1, not {hands}")
        settings = GameSettings.preset(game)
        agent = create_bot(bot)
        dealer = Dealer(seed)
        out = err_console if as_json else console
        total = 0
        played = 0
        quit_now = False
        log: list[dict[str, Any]] = []
        for h in range(hands):
            button = h % 2  # seat 0 is you, seat 1 the bot
            seats = [(button + 1 + pos) % 2 for pos in range(2)]
            you = seats.index(0)
            hand = Hand(settings, [settings.starting_stack] * 2,
                        seat_cards_to_positions(dealer.cards(h, 2), 2, button))
            agent.reseed(bot_seed(seed, h, 1))
            views = [Observation(hand, p, seats[p], button, h) for p in range(2)]
            agent.begin_hand(views[1 - you])
            role = "the button (small blind)" if you == 1 else "the big blind"
            out.print(f"\n[bold]Hand {h + 1}[/] · {settings.kind} · you are {role}; "
                      f"your cards [bold]{format_cards(hand.hole(you))}[/]")
            seen = 0
            while not hand.finished:
                for line in _narrate(hand.history, seen, you, bot):
                    out.print(line)
                seen = len(hand.history)
                p = hand.actor
                if p != you:
                    views[p]._legal = hand.legal()
                    action = agent.act(views[p])
                    reason = views[p]._legal.check(action)
                    if reason is not None:
                        out.print(f"  [yellow]{bot} answered illegally ({reason}); it "
                                  f"{'checks' if not views[p]._legal.can_fold else 'folds'}[/]")
                        action = (1, 0) if not views[p]._legal.can_fold else (0, 0)
                    hand.apply_checked(action)
                    continue
                legal = hand.legal()
                board = hand.board
                out.print(f"[bold]{STREET_NAMES[hand.street]}[/] board {format_cards(board) or '-'} · "
                          f"pot {hand.pot} · to call {legal.to_call} · "
                          f"stacks you {hand.stacks[you]}, {bot} {hand.stacks[1 - you]}")
                if coach:
                    for line in _coach_lines(hand.hole(you), board, legal.to_call, hand.pot):
                        out.print(f"  [cyan]{line}[/]")
                out.print(f"  {escape(describe_legal(legal, settings.is_limit))}")
                while True:
                    out.print("> ", end="")
                    line = _read_line()
                    if line is None:
                        quit_now = True
                        break
                    try:
                        answer = parse_command(line, legal)
                    except ValueError as exc:
                        out.print(f"  [red]{escape(str(exc))}[/]")
                        continue
                    break
                if quit_now or answer == QUIT:
                    quit_now = True
                    break
                hand.apply_checked(answer)
            if quit_now and not hand.finished:
                out.print("quit: the unfinished hand is not counted")
                break
            for line in _narrate(hand.history, seen, you, bot):
                out.print(line)
            agent.end_hand(views[1 - you])
            if hand.showdown:
                full = hand.board
                out.print(f"  board {format_cards(full)}")
                for pos in hand.showdown:
                    who = "you" if pos == you else bot
                    cards = hand.hole(pos)
                    out.print(f"  {who} show {format_cards(cards)}: {describe(cards + full)}")
            won = hand.payoffs[you]
            total += won
            played += 1
            out.print(f"  [bold]{'you win' if won > 0 else 'you lose' if won < 0 else 'even'} "
                      f"{abs(won)}[/] · session {total:+d} chips")
            log.append({"hand": h + 1, "won": won})
            if quit_now:
                break
        unit = settings.unit_size
        summary = {"bot": bot, "game": settings.kind, "hands": played, "chips_won": total,
                   "per_hand": (total / played / unit) if played else 0.0, "unit": settings.unit,
                   "log": log}
        if as_json:
            print_json(summary)
        else:
            out.print(f"\n{played} hands, you won {total:+d} chips = "
                      f"{summary['per_hand']:+.3f} {settings.unit}/hand")
