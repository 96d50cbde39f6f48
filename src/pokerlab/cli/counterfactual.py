"""``pokerlab counterfactual``: what one player's play on one street changed in a stored match,
each hand replayed from there with another bot in its place (:mod:`pokerlab.arena.counterfactual`)."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerlab.cli.common import (
    Interrupted,
    console,
    interval_text,
    open_match_store,
    print_json,
    progress,
    table,
    user_errors,
)


def register(app: typer.Typer) -> None:
    """Add the ``counterfactual`` command to ``app``."""

    @app.command("counterfactual")
    @user_errors
    def counterfactual(
        db: Path = typer.Option(..., "--db", help="A match database (pokerlab match --db FILE)."),
        player: str = typer.Option(..., "--player", help="The player whose play is replaced (its name "
                                   "in the match: the bot, numbered #1, #2 when seated twice)."),
        stand_in: str = typer.Option(..., "--stand-in", metavar="BOT",
                                     help="The bot that plays in its place from its first decision on "
                                     "the street."),
        street: str = typer.Option("river", "--street", help="pre-flop, flop, turn or river."),
        match: int | None = typer.Option(None, "--match", min=1, help="Match id (default: the newest)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the replayed bots' random draws."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """What a player's play on one street changed in a stored hold'em match.

        Each stored hand is replayed from the player's first decision on the street, with the
        cards and everything before fixed, by the stand-in in its place and fresh copies of the
        other players' bots. The player's chips in the stored hand less those in the replayed
        one, per hand with a 95% interval, and by situation: first to act or facing a bet, and
        what the stand-in played first against what the player played. A searching bot with its
        blueprint as the stand-in shows where its search wins or loses.
        """
        from pokerlab.arena.counterfactual import counterfactual as run

        store, match_id = open_match_store(db, match)
        try:
            hands = store.match(match_id)["hands"]
            with progress(f"replaying {player}'s {street}", total=hands,
                          enabled=not (no_progress or as_json)) as advance:
                try:
                    result = run(store, match_id, player, street, stand_in, seed=seed, progress=advance)
                except KeyboardInterrupt:
                    raise Interrupted(f"{advance.done:,} of {hands:,} hands replayed; nothing is "
                                      "kept") from None
        finally:
            store.close()
        if as_json:
            print_json({"db": str(db)} | result.as_dict())
            return
        console.print(table(f"{player}'s {street} play against {stand_in}'s in its place, match "
                            f"{match_id} ({result.unit})",
                            ["hands", "it acted in", "difference", "95% CI", "seconds"],
                            [[f"{result.hands:,}", f"{result.acted:,}", f"{result.per_hand:+,.1f}",
                              interval_text(result.ci95, 1), f"{result.seconds:.0f}"]], width=80))
        rows = [["facing a bet" if r.facing else "first in", r.stand_in, r.played, f"{r.hands:,}",
                 f"{r.per_hand:+,.1f}", interval_text(r.ci95)] for r in result.rows]
        console.print(table(f"By its first decision on the {street} (stand-in: {stand_in}); the "
                            "difference per hand of the whole match",
                            ["situation", "stand-in", "played", "hands", "difference", "95% CI"], rows,
                            width=80))
