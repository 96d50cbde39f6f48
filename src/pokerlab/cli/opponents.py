"""``pokerlab opponents``: inspect the opponent models the bots keep across matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import typer

from pokerlab.cli.common import (
    console,
    open_match_store,
    output_file,
    print_json,
    progress,
    table,
    user_errors,
)

_STREETS = ("pre-flop", "flop", "turn", "river")


def register(app: typer.Typer) -> None:
    """Add the ``opponents`` command group to ``app``."""
    group = typer.Typer(help="Opponent models kept per opponent name (SQLite).", no_args_is_help=True)
    app.add_typer(group, name="opponents")

    def _open(db: Path | None):
        from pokerlab.agents.modelling.opponent_store import DEFAULT_DB, OpponentStore, default_store_path

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
        from pokerlab.agents.modelling.opponent_model import ROUND_NAMES, signature_text

        store, db = _open(db)
        try:
            models = store.models_of(name)
            known = store.names()
            learned = [(row, store.load_learned(row.owner, name, row.kind))
                       for row in store.learned_of(name)]
        finally:
            store.close()
        if not models and not learned:
            raise ValueError(f"no model of opponent {name!r} in {db}; known: {', '.join(known) or 'none'}")
        if as_json:
            print_json({"db": str(db), "opponent": name,
                        "models": [{"owner": owner, **m.to_dict(), "trust": m.consistency.trust,
                                    **_estimates(m.frequencies)} for owner, m in models],
                        "learned": [{"owner": row.owner, "kind": row.kind,
                                     "decisions": row.decisions, "source": row.source,
                                     "updated": row.updated, "top_inputs": _top_inputs(m),
                                     "model": m.to_dict()} for row, m in learned]})
            return
        if learned:
            console.print(table(f"learned models of {name}", ["owner", "kind", "decisions",
                                                              "source", "reads most"],
                                [[row.owner, row.kind, row.decisions, row.source,
                                  ", ".join(_top_inputs(m)[:3])] for row, m in learned]))
        for owner, m in models:
            f = m.frequencies
            rows = []
            for street in range(4):
                for facing in (False, True):
                    counts = f.counts[street, int(facing)]
                    rows.append([_STREETS[street], "bet" if facing else "no bet", int(counts.sum()),
                                 *(f"{f.frequency(street, facing, a):.2f} ({counts[a]:.0f})"
                                   for a in range(3))])
            title = (f"{owner}'s model of {name}: {m.hands} hands, "
                     f"re-weighting trust {m.consistency.trust:.2f}")
            console.print(table(title, ["street", "facing", "actions seen", "fold", "check/call",
                                        "bet/raise"], rows))
            console.print(f"[dim]each action: the estimate (the count seen); estimates add a prior "
                          f"of {f.prior_weight:g} pseudo-actions per row (--json: prior_counts), so "
                          "an action never seen still has a small estimate[/]")
            sig_rows = []
            for (sig, street), _xs in sorted(m.showdowns.samples.items(), key=lambda kv: -len(kv[1]))[:15]:
                found = m.showdowns.lookup(sig, 1, street)
                assert found is not None
                # "; " lets a long signature wrap between rounds (80 columns)
                sig_rows.append([signature_text(sig).replace(";", "; "), ROUND_NAMES[street], found[2],
                                 f"{found[0]:.3f}", f"{found[1]:.3f}"])
            if sig_rows:
                console.print(table(f"{owner}: showdown statistics of {name} (most samples first)",
                                    ["signature", "strength on", "samples", "mu", "delta"], sig_rows))

    # -- models that learn: Davidson's network and the decision tree, from a match database --
    def _decisions(store, match: int, players: list[str], quiet: bool, strength: bool = False,
                   option: str = "--player"):
        from pokerlab.arena.opponent_data import match_players, player_decisions

        names = players or match_players(store, match)
        hands = store.match(match)["hands"]
        out = []
        with progress("reading hands", total=hands * len(names), enabled=not quiet) as tick:
            for name in names:
                out.append(player_decisions(store, match, name, progress=tick, strength=strength,
                                            option=option))
        return out

    @group.command("evaluate")
    @user_errors
    def evaluate(
        db: Path = typer.Option(..., "--db", help="A match database (pokerlab match --db FILE)."),
        match: int | None = typer.Option(None, "--match", min=1, help="Match id (default: the newest)."),
        player: list[str] = typer.Option([], "--player", help="Player to model (repeatable; "
                                         "default: every player of the match)."),
        train_share: float = typer.Option(0.7, "--train-share", min=0.05, max=0.95,
                                          help="Share of the hands (the first ones) to train on."),
        store_path: Path | None = typer.Option(
            None, "--store", help="Opponent store: measure its learned models of each player "
            "on the held-out hands too (they may have been trained on them)."),
        strength: bool = typer.Option(
            False, "--strength", help="Also the hand-strength network on the post-flop "
            "decisions: trained on every recorded hand and on the showdowns only."),
        plot: Path | None = typer.Option(None, "--plot", help="Accuracy bars with intervals (PNG or SVG)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Next-action accuracy on held-out hands: the frequency model, Davidson's network and
        the decision tree, with 95% intervals."""
        from pokerlab.arena.opponent_data import evaluate as run
        from pokerlab.arena.opponent_data import evaluate_stored, evaluate_strength

        output_file(plot, "--plot", (".png", ".svg"))
        opponents = None
        if store_path is not None:
            if not store_path.exists():
                raise ValueError(f"--store {store_path}: no such opponent store")
            opponents = _opponent_store(store_path)
        try:
            store, match = open_match_store(db, match)
            try:
                data = _decisions(store, match, player, as_json)
                sdata = _decisions(store, match, player, as_json, True) if (
                    strength or opponents is not None) else []
            finally:
                store.close()
            reports = [run(d, train_share) for d in data]
            strength_reports = [evaluate_strength(d, train_share) for d in sdata] if strength else []
            if opponents is not None:
                for r, d, sd in zip(reports, data, sdata, strict=True):
                    r["stored"] = evaluate_stored(opponents, d, sd, train_share)
        finally:
            if opponents is not None:
                opponents.close()
        if plot is not None:
            _plot_accuracy(reports, plot)
        if as_json:
            print_json({"db": str(db), "match": match, "train_share": train_share,
                        "players": reports, "strength": strength_reports,
                        "plot": str(plot) if plot else None})
            return
        rows = []
        for r in reports:
            cells = [f"{100 * m['accuracy']:.1f} ({100 * m['ci95'][0]:.0f}-{100 * m['ci95'][1]:.0f})"
                     for m in r["models"].values()]
            rows.append([r["player"], r["test_decisions"], *cells])
        console.print(table(f"match {match}: % of held-out next actions predicted (95% interval)",
                            ["player", "held out", "frequency", "network", "tree"], rows))
        for r in reports:
            top = ", ".join(r["models"]["network"]["top_inputs"][:3])
            console.print(f"{r['player']}: the network reads most {top}", highlight=False)
        stored = [[r["player"], m["owner"], m["kind"], m["decisions"],
                   f"{100 * m['accuracy']:.1f} ({100 * m['ci95'][0]:.0f}-{100 * m['ci95'][1]:.0f})"]
                  for r in reports for m in r.get("stored", [])]
        if stored:
            console.print(table("stored learned models on the held-out decisions",
                                ["player", "owner", "kind", "trained on", "% (95%)"], stored))
        srows = [[r["player"], name, m["train_actions"][0] + m["train_actions"][1]
                  + m["train_actions"][2],
                  f"{100 * m['accuracy']:.1f} ({100 * m['ci95'][0]:.0f}-{100 * m['ci95'][1]:.0f})",
                  f"{m['mean_p_taken']:.3f}"]
                 for r in strength_reports for name, m in r["models"].items()]
        if srows:
            console.print(table("post-flop decisions held out: hand-strength network",
                                ["player", "model", "trained on", "% (95%)", "P(taken)"], srows))
        if plot is not None:
            console.print(f"plot: {plot}")

    @group.command("train")
    @user_errors
    def train(
        player: str = typer.Argument(..., help="Player to model, as the match named it."),
        db: Path = typer.Option(..., "--db", help="A match database (pokerlab match --db FILE)."),
        out: Path | None = typer.Option(None, "--out", help="JSON file for the trained model."),
        store_path: Path | None = typer.Option(
            None, "--store", help="Opponent store (SQLite) to save the model in, where the "
            "Loki-2 bots load it (POKERLAB_OPPONENT_DB)."),
        owner: str = typer.Option("offline", "--owner", help="Owner name of the stored row "
                                  "(a bot loads its own row first, else the latest of any owner)."),
        model: str = typer.Option("network", "--model", help="network, tree, frequency or "
                                  "strength-network (21 inputs: the hand strength too)."),
        showdown_only: bool = typer.Option(
            False, "--showdown-only", help="strength-network: train on the hands the player "
            "showed its cards in only (what a bot at the table sees), not on every recorded hand."),
        match: int | None = typer.Option(None, "--match", min=1, help="Match id (default: the newest)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Train one opponent model on every stored decision of a player and save it (a JSON
        file, the opponent store, or both)."""
        import json

        from pokerlab.agents.modelling.learned_models import KINDS

        if model not in KINDS:
            raise ValueError(f"--model: unknown model {model!r}; use one of {', '.join(KINDS)}")
        if showdown_only and model != "strength-network":
            raise ValueError(f"--showdown-only: only for --model strength-network, not {model}")
        if out is None and store_path is None:
            raise ValueError("--out / --store: give at least one place to save the model")
        if out is not None:
            output_file(out, "--out", (".json",))
        if store_path is not None:
            output_file(store_path, "--store")
            if store_path.exists():
                _opponent_store(store_path).close()  # refuse a damaged store before the work
        store, match = open_match_store(db, match)
        try:
            strength = model == "strength-network"
            (data,) = _decisions(store, match, [player], as_json, strength, "PLAYER")
        finally:
            store.close()
        rows = data.showdown if showdown_only else np.ones(len(data.y), dtype=bool)
        if not rows.any():
            raise ValueError(f"--showdown-only: {player} never showed its cards in match {match}")
        x, y = data.x[rows], data.y[rows]
        fitted = KINDS[model]().fit(x, y)
        accuracy = float((fitted.predict(x) == y).mean())
        top = _top_inputs(fitted)
        source = (f"match {match} of {db}" + (" (showdowns)" if showdown_only else "")
                  + (" (post-flop)" if strength else ""))
        if store_path is not None:
            opponents = _opponent_store(store_path)
            try:
                opponents.save_learned(owner, player, fitted, len(y), source=source)
            finally:
                opponents.close()
        if out is not None:
            saved = {"player": player, "match": match, "db": str(db), "decisions": len(y),
                     **fitted.to_dict()}
            out.write_text(json.dumps(saved))
        summary = {"player": player, "model": model, "decisions": len(y),
                   "training_accuracy": accuracy, "top_inputs": top,
                   "out": str(out) if out else None,
                   "store": str(store_path) if store_path else None, "owner": owner,
                   "source": source}
        if as_json:
            print_json(summary)
            return
        console.print(table(f"{model} model of {player}", ["decisions", "training accuracy", "reads most"],
                            [[len(y), f"{100 * accuracy:.1f}%", ", ".join(top[:3])]]))
        for where in (out, store_path):
            if where is not None:
                console.print(f"saved: {where}")


def _opponent_store(path: Path) -> Any:
    """The opponent store at ``path`` (a bad or damaged one: ``ValueError`` naming --store)."""
    from pokerlab.agents.modelling.opponent_store import OpponentStore

    try:
        return OpponentStore(path)
    except ValueError as exc:
        raise ValueError(f"--store: {exc}") from None


def _top_inputs(model: Any) -> list[str]:
    """The five inputs a learned model leans on most."""
    from pokerlab.agents.modelling.context_features import STRENGTH_FEATURE_NAMES

    importance = model.importance()
    return [STRENGTH_FEATURE_NAMES[i] for i in np.argsort(-importance)[:5]]


def _estimates(f: Any) -> dict[str, Any]:
    """An action-frequency table's prior pseudo-counts and estimates (count + prior, normalised)
    by street, context (not facing, facing a bet) and action (fold, check/call, bet/raise)."""
    sides = (False, True)
    return {"prior_counts": [[f.prior(s, facing).tolist() for facing in sides] for s in range(4)],
            "estimates": [[[f.frequency(s, facing, a) for a in range(3)] for facing in sides]
                          for s in range(4)]}


def _plot_accuracy(reports: list[dict], path: Path) -> None:
    """Accuracy of each model per player, with the 95% intervals as error bars."""
    from pokerlab._plot import plot_file

    with plot_file(path, (max(6, 2 + 1.6 * len(reports)), 4), dpi=100) as (_, ax):
        _draw_accuracy(reports, ax)


def _draw_accuracy(reports: list[dict], ax: Any) -> None:
    import numpy as np

    names = list(reports[0]["models"])
    width = 0.8 / len(names)
    for k, name in enumerate(names):
        acc = np.array([100 * r["models"][name]["accuracy"] for r in reports])
        low = acc - np.array([100 * r["models"][name]["ci95"][0] for r in reports])
        high = np.array([100 * r["models"][name]["ci95"][1] for r in reports]) - acc
        ax.bar(np.arange(len(reports)) + k * width, acc, width, capsize=3, label=name,
               yerr=[np.clip(low, 0, None), np.clip(high, 0, None)])
    ax.set_xticks(np.arange(len(reports)) + width * (len(names) - 1) / 2)
    ax.set_xticklabels([r["player"] for r in reports], rotation=15, fontsize=8)
    ax.set_ylabel("next action predicted (% held out)")
    ax.set_ylim(0, 100)
    ax.legend()
