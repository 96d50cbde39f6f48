"""``pokerlab opponents``: inspect the opponent models the bots keep across matches."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerlab.cli.common import console, print_json, table, user_errors

_STREETS = ("pre-flop", "flop", "turn", "river")


def register(app: typer.Typer) -> None:
    """Add the ``opponents`` command group to ``app``."""
    group = typer.Typer(help="Opponent models kept per opponent name (SQLite).", no_args_is_help=True)
    app.add_typer(group, name="opponents")

    def _open(db: Path | None):
        from pokerlab.agents.opponent_store import DEFAULT_DB, OpponentStore, default_store_path

        if db is None:
            db = Path(default_store_path() or DEFAULT_DB)

        if not db.exists():
            raise ValueError(f"--db {db}: no such opponent store (set POKERLAB_OPPONENT_DB when "
                             "playing a match to create one)")
        return OpponentStore(db), db

    @group.command("list")
    @user_errors
    def list_(
        db: Path | None = typer.Option(None, "--db", help="The opponent store (default: "
                                       "$POKERLAB_OPPONENT_DB, else pokerlab-opponents.sqlite)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """List the opponents with stored models."""
        store, db = _open(db)
        try:
            names = store.names()
        finally:
            store.close()
        if as_json:
            print_json({"db": str(db), "opponents": names})
            return
        console.print(table(f"opponents in {db}", ["opponent"], [[n] for n in names]))

    @group.command("show")
    @user_errors
    def show(
        name: str = typer.Argument(..., help="Opponent name as the bots saw it, e.g. raiser or loki-a#2."),
        db: Path | None = typer.Option(None, "--db", help="The opponent store (default: "
                                       "$POKERLAB_OPPONENT_DB, else pokerlab-opponents.sqlite)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Show every bot's model of one opponent: action frequencies, trust, showdown statistics."""
        from pokerlab.agents.opponent_model import ROUND_NAMES, signature_text

        store, db = _open(db)
        try:
            models = store.models_of(name)
            known = store.names()
        finally:
            store.close()
        if not models:
            raise ValueError(f"no model of opponent {name!r} in {db}; known: {', '.join(known) or 'none'}")
        if as_json:
            print_json({"db": str(db), "opponent": name,
                        "models": [{"owner": owner, **m.to_dict(), "trust": m.consistency.trust}
                                   for owner, m in models]})
            return
        for owner, m in models:
            f = m.frequencies
            rows = []
            for street in range(4):
                for facing in (False, True):
                    seen = int(f.counts[street, int(facing)].sum())
                    rows.append([_STREETS[street], "bet" if facing else "no bet", seen,
                                 f"{f.frequency(street, facing, 0):.2f}",
                                 f"{f.frequency(street, facing, 1):.2f}",
                                 f"{f.frequency(street, facing, 2):.2f}"])
            title = (f"{owner}'s model of {name}: {m.hands} hands, "
                     f"re-weighting trust {m.consistency.trust:.2f}")
            console.print(table(title, ["street", "facing", "actions seen", "fold", "check/call",
                                        "bet/raise"], rows))
            sig_rows = []
            for (sig, street), _xs in sorted(m.showdowns.samples.items(), key=lambda kv: -len(kv[1]))[:15]:
                found = m.showdowns.lookup(sig, 1, street)
                assert found is not None
                sig_rows.append([signature_text(sig), ROUND_NAMES[street], found[2], f"{found[0]:.3f}",
                                 f"{found[1]:.3f}"])
            if sig_rows:
                console.print(table(f"{owner}: showdown statistics of {name} (most samples first)",
                                    ["signature", "strength on", "samples", "mu", "delta"], sig_rows))
