"""``pokerlab lbr``: local best response against a hold'em bot, in mbb/g with a 95% interval."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from pokerlab.cli.common import Interrupted, console, interval_text, print_json, progress, table, user_errors

if TYPE_CHECKING:
    from pokerlab.arena.lbr import LBRResult


def register(app: typer.Typer) -> None:
    """Add the ``lbr`` command to ``app``."""

    @app.command("lbr")
    @user_errors
    def lbr(
        bot: str = typer.Argument(..., help="The hold'em bot to measure (one that exposes its policy)."),
        hands: int = typer.Option(1000, "--hands", min=1,
                                  help="Hands to play (a pair per deal, seats swapped)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals, the bot's randomness and "
                                 "LBR's pre-flop rollouts."),
        samples: int = typer.Option(1000, "--samples", min=1,
                                    help="Boards LBR rolls out for its pre-flop equity."),
        game: str = typer.Option("limit", "--game", help="limit (Alberta $10/$20) or no-limit (the "
                                 "ACPC's heads-up game: blinds 50/100)."),
        stack: int = typer.Option(200, "--stack", min=1, help="Big blinds each player starts every "
                                  "hand with (200: the limit preset's, the ACPC's; 100 for the "
                                  "100-bb game)."),
        preflop_call: bool = typer.Option(False, "--preflop-call",
                                          help="LBR only checks or calls before the flop (the paper's "
                                          "pre-flop setting C)."),
        workers: int = typer.Option(1, "--workers", min=1,
                                    help="Processes sharing the hands (every 200 hands a fresh bot)."),
        compare: list[str] = typer.Option(
            [], "--compare", metavar="BOT2", help="Measure this bot too, on the same deals, and give "
            "its difference from BOT paired by deal (repeatable)."),
        bot_module: list[str] = typer.Option(
            [], "--bot-module", help="Load bots from a Python file or module (repeatable; every "
            "worker loads it), as pokerlab match does."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Local best response (Lisy and Bowling 2017) against BOT in heads-up limit or
        no-limit hold'em.

        LBR tracks the bot's range exactly from its policy and at each decision folds, calls
        or raises by its equity against the range and the range's chance of folding to a
        raise (no-limit: a pot-sized raise or all-in). Its winnings, in milli big blinds per
        hand, bound the bot's exploitability from below. --compare measures more bots on the
        same deals and gives each one's difference from BOT with an interval paired by deal.
        """
        from dataclasses import replace

        from pokerlab.arena.lbr import ENDINGS, LBRConfig, lbr_bot, paired_difference, run_lbr
        from pokerlab.cli.match import bot_modules_option

        modules = bot_modules_option(bot_module)
        config = LBRConfig(bot, hands=hands, seed=seed, samples=samples, preflop_call=preflop_call,
                           bot_modules=modules, game=game, stack=stack)
        bots = [bot, *compare]
        for name in bots:  # a bot LBR cannot measure: one line, before the bar
            lbr_bot(name)
        total = 2 * config.deals * len(bots)
        title = f"LBR against {bot}" + (f" and {len(compare)} more" if compare else "")
        results: list[LBRResult] = []
        with progress(title, total=total, enabled=not (no_progress or as_json)) as advance:
            try:
                for name in bots:
                    results.append(run_lbr(replace(config, bot=name), workers=workers, progress=advance))
            except KeyboardInterrupt:
                raise Interrupted(f"{advance.done:,} of {total:,} hands played; nothing is kept") from None
        first = results[0]
        differences = [paired_difference(first, r) for r in results[1:]]
        if as_json:
            data = first.to_dict()
            if compare:
                data["compared"] = [r.to_dict() | {"difference": {"mbb_per_game": d, "ci95": list(ci),
                                                                  "paired_by": "deal", "from": bot}}
                                    for r, (d, ci) in zip(results[1:], differences, strict=True)]
            print_json(data)
            return
        pre = ", pre-flop calls" if preflop_call else ""
        deep = f" {stack} bb" if stack != 200 or game == "no-limit" else ""
        rows = [[r.bot, f"{r.mbb_per_game:+,.0f}", interval_text(r.ci95), f"{r.hands:,}",
                 f"{r.seconds / r.hands:.3f}", r.mismatches] for r in results]
        console.print(table(f"LBR, heads-up {game}{deep}, seed {seed}{pre}",
                            ["bot", "mbb/g", "95% CI", "hands", "s/hand", "policy mismatches"], rows))
        if compare:
            rows = [[r.bot, f"{d:+,.0f}", interval_text(ci)]
                    for r, (d, ci) in zip(results[1:], differences, strict=True)]
            console.print(table(f"LBR's winnings less those against {bot}, paired by deal",
                                ["bot", "mbb/g", "95% CI"], rows))
        for r in results:
            console.print(table(f"Where LBR won against {r.bot}: mbb/g by the street of the hand's "
                                "last action", ["street", *ENDINGS, "all"], where_rows(r)))


def where_rows(result: LBRResult) -> list[list[str]]:
    """The rows of the "where" table: each street's mbb/g by how the hands ended, and the sum
    (hands counted in brackets; a column's cells add up to the run's mbb/g)."""
    from pokerlab.arena.lbr import STREET_NAMES

    rows = []
    for i, street in enumerate(STREET_NAMES):
        cells = [f"{mbb:+,.0f} ({n:,})" if n else "-"
                 for n, mbb in zip(result.where[i], result.where_mbb[i], strict=True)]
        rows.append([street, *cells, f"{sum(result.where_mbb[i]):+,.0f}"])
    return rows
