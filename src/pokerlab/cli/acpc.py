"""``pokerlab acpc``: the Annual Computer Poker Competition protocol (version 2.0.0).

``play`` seats a pokerlab bot at an ACPC dealer, ``deal`` runs our own dealer on 127.0.0.1
(for local bot-vs-bot matches or outside ACPC clients), ``game`` checks a game definition
and ``state`` explains one ``MATCHSTATE`` line.
"""

from __future__ import annotations

import contextlib
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from pokerlab.cli.common import (
    Interrupted,
    console,
    err_console,
    output_file,
    player_name,
    print_json,
    progress,
    table,
    user_errors,
)

GAME_HELP = ("Game definition file, or 'limit' / 'nolimit' for the shipped heads-up hold'em games, "
             "'kuhn3' for three-player Kuhn poker.")


def _unit(game) -> tuple[str, float]:
    """Result unit of an ACPC game: small bets (limit) or milli-big-blinds (no-limit)."""
    if game.betting == "limit":
        return "sb", float(game.raise_size[0])
    return "mbb", game.big_blind / 1000.0


def _num(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def register(app: typer.Typer) -> None:
    """Add the ``acpc`` command group to ``app``."""
    group = typer.Typer(help="Play and deal matches in the ACPC protocol (version 2.0.0).",
                        no_args_is_help=True)
    app.add_typer(group, name="acpc")

    @group.command("play")
    @user_errors
    def play(
        host: str = typer.Argument(..., help="Host of the ACPC dealer."),
        port: int = typer.Argument(..., min=1, max=65535, help="Port the dealer opened for this seat."),
        game_file: str = typer.Option(..., "--game", help=GAME_HELP),
        bot: str = typer.Option(..., "--bot", help="Registered bot name (see `pokerlab match --help`), or "
                                "'equilibrium' for Kuhn poker (kuhn3): a CFR+ equilibrium."),
        log: Path | None = typer.Option(None, "--log", help="Write one JSON line per finished hand."),
        timeout: float = typer.Option(60.0, "--timeout", help="Seconds to wait for each dealer message."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed for the bot's random choices."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Connect to an ACPC dealer and play the match with a pokerlab bot."""
        from pokerlab.acpc.client import ClientError, play_match
        from pokerlab.acpc.gamedef import read_gamedef
        from pokerlab.acpc.players import make_player
        from pokerlab.arena.match import bot_seed

        game = read_gamedef(game_file)
        if timeout <= 0:
            raise ValueError(f"--timeout must be positive, not {timeout}")
        output_file(log, "--log", fresh=True)
        player = make_player(bot, game, reseed=lambda h, position: bot_seed(seed, h, position))
        with contextlib.ExitStack() as stack:
            stream = stack.enter_context(log.open("w", encoding="utf-8")) if log is not None else None
            try:
                result = play_match(host, port, game, player, timeout=timeout, log=stream,
                                    on_hand_end=player.hand_over)
            except ClientError as exc:
                if log is not None:
                    raise ValueError(f"{exc}; finished hands are in {log}") from None
                raise
            except KeyboardInterrupt:
                finished = "; the hands finished so far are in the log" if log is not None else ""
                raise Interrupted(f"the match was stopped{finished}") from None
        unit, size = _unit(game)
        hands = len(result.hands)
        summary: dict[str, Any] = {
            "bot": bot,
            "hands": hands,
            "chips": _num(result.total),
            "per_hand": float(result.total) / size / hands if hands else 0.0,
            "unit": unit,
            "illegal_actions": len(player.illegal_events),
        }
        if as_json:
            print_json(summary)
            return
        rows = [[key.replace("_", " "), str(value)] for key, value in summary.items()]
        console.print(table(f"ACPC match at {host}:{port}", ["field", "value"], rows))

    @group.command("deal")
    @user_errors
    def deal(
        game_file: str = typer.Option(..., "--game", help=GAME_HELP),
        hands: int = typer.Option(..., "--hands", min=1, help="Hands to play."),
        seed: int = typer.Option(0, "--seed", min=0,
                                  help="Seed of the deals (and of the bots' random choices)."),
        bots: list[str] = typer.Option([], "--bot", help="A bot for the next seat (repeat; 'equilibrium' "
                                       "for Kuhn poker); seats without a bot wait for an outside ACPC "
                                       "client."),
        names: list[str] = typer.Option([], "--name", help="Names of the seats (repeat; default: the bots)."),
        ports: list[int] = typer.Option([], "--port", help="Port of each seat (repeat; default: any free)."),
        cards: str = typer.Option("auto", "--cards", help="'arena': the in-process match runner's deals "
                                  "and seating; 'acpc': the ACPC dealer's generator; 'auto': arena for "
                                  "hold'em the engine plays."),
        duplicate: bool = typer.Option(False, "--duplicate", help="Duplicate deals (arena cards)."),
        timeout: float = typer.Option(10.0, "--timeout", help="Seconds a player may take to answer."),
        start_timeout: float = typer.Option(60.0, "--start-timeout", help="Seconds to wait for players."),
        log: Path | None = typer.Option(None, "--log", help="Write the ACPC dealer's log format."),
        compare: bool = typer.Option(False, "--compare", help="Also play the match in-process and "
                                     "check that every hand's payoffs are equal (exit 1 naming the "
                                     "hands that differ)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Run an ACPC dealer on 127.0.0.1: pokerlab bots and outside clients play a match."""
        from pokerlab.acpc.bridge import engine_settings
        from pokerlab.acpc.gamedef import read_gamedef
        from pokerlab.acpc.local import in_process_payoffs, run_local_match

        game = read_gamedef(game_file)
        output_file(log, "--log", fresh=True)
        n = game.num_players
        if len(bots) > n:
            raise ValueError(f"{len(bots)} bots given, the game seats {n}")
        if names and len(names) != n:
            raise ValueError(f"--name given {len(names)} times, the game seats {n}")
        if ports and len(ports) != n:
            raise ValueError(f"--port given {len(ports)} times, the game seats {n}")
        if cards == "auto":
            try:
                engine_settings(game)
                cards = "arena"
            except ValueError:
                cards = "acpc"
        seat_bots: list[str | None] = [*bots, *([None] * (n - len(bots)))]
        if compare and (None in seat_bots or cards != "arena"):
            raise ValueError("--compare needs a bot in every seat and the arena's cards")

        def announce(opened: list[int]) -> None:
            if None in seat_bots:
                waiting = ", ".join(f"seat {k + 1} port {p}"
                                    for k, p in enumerate(opened) if seat_bots[k] is None)
                err_console.print(f"waiting on 127.0.0.1 for {waiting}", highlight=False)

        with contextlib.ExitStack() as stack:
            stream = stack.enter_context(log.open("w", encoding="utf-8")) if log is not None else None
            advance = stack.enter_context(progress("hands", total=hands, enabled=not as_json))
            try:
                result = run_local_match(game, seat_bots, hands, seed, cards=cards,  # type: ignore[arg-type]
                                         duplicate=duplicate, names=names or None, ports=ports or None,
                                         timeout=timeout, start_timeout=start_timeout, log=stream,
                                         on_listen=announce, on_hand=lambda _hand: advance(1))
            except KeyboardInterrupt:
                kept = f"; they are in {log}" if log is not None else ""
                raise Interrupted(f"stopped after {advance.done:,} of {hands:,} hands{kept}") from None
        out = result.to_dict(game)
        unit, size = _unit(game)
        for row in out["results"]:  # type: ignore[union-attr]
            row["per_hand"] = row["per_hand"] / size
            row["unit"] = unit
        out.update({"cards": cards, "seed": seed, "duplicate": duplicate})
        if compare:
            per_hand, totals = in_process_payoffs(game, list(bots), hands, seed, duplicate)
            tcp = [[_num(v) for v in h.seat_values] for h in result.hands]
            differ = [h for h, (a, b) in enumerate(zip(tcp, per_hand, strict=True)) if a != b]
            out["in_process"] = {"chips": totals, "equal": not differ, "differing_hands": differ}
        if as_json:
            print_json(out)
        else:
            columns = ["seat", "name", "chips", f"{unit}/hand", "invalid actions"]
            rows = [[r["seat"], r["name"], r["total"], f"{r['per_hand']:.2f}", r["invalid_actions"]]
                    for r in out["results"]]  # type: ignore[union-attr]
            if compare:
                columns.append("in-process chips")
                for row, chips in zip(rows, out["in_process"]["chips"], strict=True):  # type: ignore[index]
                    row.append(chips)
            console.print(table(f"ACPC match: {len(result.hands)} hands, {cards} cards, seed {seed}",
                                columns, rows))
            if compare:
                same = out["in_process"]["equal"]  # type: ignore[index]
                differ = out["in_process"]["differing_hands"]  # type: ignore[index]
                shown = ", ".join(map(str, differ[:10])) + (" ..." if len(differ) > 10 else "")
                console.print("in-process match: " + ("identical payoffs in every hand" if same else
                                                       f"[red]payoffs differ in {len(differ)} hands[/]: "
                                                       f"{shown}"))
        if compare and not out["in_process"]["equal"]:  # type: ignore[index]
            sys.exit(1)

    @group.command("game")
    @user_errors
    def game_cmd(
        game_file: str = typer.Argument(..., help=GAME_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Check a game definition: its fields, and the engine settings it maps to (if any)."""
        from dataclasses import asdict

        from pokerlab.acpc.bridge import engine_settings
        from pokerlab.acpc.gamedef import format_gamedef, read_gamedef

        game = read_gamedef(game_file)
        try:
            engine: dict[str, Any] | str = engine_settings(game).to_dict()
        except ValueError as exc:
            engine = f"not playable by the engine: {exc}"
        if as_json:
            print_json({"game": asdict(game), "gamedef": format_gamedef(game), "engine": engine})
            return
        rows = [[key, " ".join(map(str, v)) if isinstance(v, tuple) else str(v)]
                for key, v in asdict(game).items()]
        rows.append(["engine", engine if isinstance(engine, str) else
                     ", ".join(f"{k}={v}" for k, v in engine.items())])
        console.print(table(f"ACPC game {game_file}", ["field", "value"], rows))

    @group.command("state")
    @user_errors
    def state_cmd(
        line: str = typer.Argument(..., help="A MATCHSTATE line, e.g. MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c"),
        game_file: str = typer.Option("nolimit", "--game", help=GAME_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Explain a match state: round, chips spent, who acts and the legal actions."""
        from pokerlab.acpc.gamedef import read_gamedef
        from pokerlab.acpc.matchstate import parse_matchstate
        from pokerlab.acpc.showdown import hand_values, showdowns_supported
        from pokerlab.cards import format_cards

        game = read_gamedef(game_file)
        state = parse_matchstate(line, game)
        betting = state.betting
        # Players are P1, P2, ... and rounds 1, 2, ... as everywhere in pokerlab (the docs,
        # getting started, "Numbering"); the line's own position field counts from 0, as the protocol does.
        info: dict[str, Any] = {
            "position": player_name(state.position),
            "line_position": state.position,
            "hand": state.hand_number,
            "round": betting.round + 1,
            "rounds": game.num_rounds,
            "hole_cards": [format_cards(h, sep="") for h in state.hole_cards],
            "board": format_cards(state.board_cards, sep=""),
            "spent": list(betting.spent),
            "folded": list(betting.folded),
            "finished": betting.finished,
        }
        if betting.finished:
            if betting.is_showdown and not showdowns_supported(game):
                info["values"] = None  # we rank 1 to 7 cards a player
            else:
                info["values"] = [_num(v) for v in hand_values(betting, state.hole_cards, state.board_cards)]
        else:
            info["to_act"] = player_name(betting.current_player)
            info["our_turn"] = state.is_our_turn
            info["to_call"] = betting.to_call
            info["legal"] = list(betting.legal_kinds())
            span = betting.raise_range()
            info["raise_to"] = list(span) if span else None
        if as_json:
            print_json(info)
            return

        def show(key: str, value: Any) -> str:
            if key == "hole_cards":
                return "  ".join(f"{player_name(p)}: {cards or '??'}" for p, cards in enumerate(value))
            if key in ("spent", "values"):
                return "  ".join(f"{player_name(p)}: {v}" for p, v in enumerate(value))
            if key == "folded":
                return "  ".join(player_name(p) for p, f in enumerate(value) if f) or "none"
            if key == "round":
                return f"{value} of {info['rounds']}"
            if isinstance(value, list):
                return "  ".join(str(v) for v in value)
            return "" if value is None else str(value)

        shown = {k: v for k, v in info.items() if k not in ("rounds", "line_position")}
        shown["position"] = f"{info['position']} (position {state.position} in the line)"
        rows = [[key.replace("_", " "), show(key, value)] for key, value in shown.items()]
        console.print(table("ACPC match state", ["field", "value"], rows))
