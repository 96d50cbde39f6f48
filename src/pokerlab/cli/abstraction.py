"""``pokerlab abstraction build|show``: the card abstraction of the HULHE program (issue 27)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from pokerlab.cli.common import (
    Interrupted,
    console,
    fail,
    output_file,
    print_json,
    progress,
    removed_unless_done,
    table,
    user_errors,
)


def _settings(flop: int, turn: int, river: int, kind: str) -> Any:
    from pokerlab.abstraction import AbstractionSettings

    return AbstractionSettings(flop=flop, turn=turn, river=river, kind=kind)


def _print(summary: dict[str, Any], title: str) -> None:
    rows = []
    for name, entry in summary["rounds"].items():
        shares = (f"{100 * entry['smallest_share']:.2f}-{100 * entry['largest_share']:.2f}"
                  if "smallest_share" in entry else "-")
        feature = "E[HS^2] pct" if "boundaries_ehs2" in entry else "k-means"
        rows.append([name, entry["buckets"], feature, shares, entry.get("empty_buckets", "-")])
    rows.insert(0, ["pre-flop", 169, "169 classes", "-", 0])
    console.print(table(title, ["round", "buckets", "feature", "share % (min-max)", "empty"], rows))
    seconds = summary["build_seconds"]
    size = summary["bytes_on_disk"]
    console.print(f"build {'-' if seconds is None else f'{seconds:.1f} s'}, "
                  f"{'-' if size is None else f'{size / 2**20:.1f} MiB'} on disk")
    if summary["path"]:  # the whole path is in --json; a line here stays within 80 columns
        console.print(f"in pokerlab's cache folder: {Path(summary['path']).name}, .river.npy")


def register(app: typer.Typer) -> None:
    """Add the ``abstraction`` command group to ``app``."""
    group = typer.Typer(help="Card abstractions of heads-up hold'em: E[HS^2] or potential-aware buckets.",
                        no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="abstraction")

    flop_opt = typer.Option(50, "--flop", help="Flop buckets (1..1000).")
    turn_opt = typer.Option(50, "--turn", help="Turn buckets (1..1000).")
    river_opt = typer.Option(50, "--river", help="River buckets (1..1000).")
    kind_opt = typer.Option("ehs2", "--kind", help="ehs2 (E[HS^2] percentiles) or potential "
                            "(k-means over next-round strength histograms on the flop and turn).")
    json_opt = typer.Option(False, "--json", help="Print one JSON object.")

    @group.command("build")
    @user_errors
    def build(flop: int = flop_opt, turn: int = turn_opt, river: int = river_opt, kind: str = kind_opt,
              no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
              as_json: bool = json_opt) -> None:
        """Build the abstraction (or find it in the cache) and say how long it took and its size.

        Every canonical turn (16,432), flop (1,755) and river (134,459) is computed exactly; the
        result is cached under pokerlab's cache folder, keyed by the settings, for training and
        play.
        """
        from pokerlab.abstraction import build_units, cached, card_abstraction

        settings = _settings(flop, turn, river, kind)
        found = cached(settings)
        if found is None:
            with progress(f"abstraction {settings.key()}", total=build_units(settings),
                          enabled=not (no_progress or as_json)) as advance:
                try:
                    found = card_abstraction(settings, progress=advance)
                except KeyboardInterrupt:
                    raise Interrupted(f"{advance.done:,} of {build_units(settings):,} boards and steps "
                                      "done; nothing is kept") from None
            state = "built"
        else:
            state = "cached"
        summary = dict(found.summary(), state=state)
        if as_json:
            print_json(summary)
            return
        _print(summary, f"card abstraction {settings.key()} ({state})")

    @group.command("show")
    @user_errors
    def show(flop: int = flop_opt, turn: int = turn_opt, river: int = river_opt, kind: str = kind_opt,
             plot: Path | None = typer.Option(None, "--plot", help="Write a picture of the bucket sizes "
                                               "and boundaries (.png or .svg)."),
             as_json: bool = json_opt) -> None:
        """Report a built abstraction: build seconds, bytes on disk, buckets and their sizes."""
        from pokerlab.abstraction import cached

        settings = _settings(flop, turn, river, kind)
        plot = output_file(plot, "--plot", (".png", ".svg"))
        found = cached(settings)
        if found is None:
            raise fail(f"abstraction {settings.key()}: not built yet; run pokerlab abstraction build "
                       f"--flop {flop} --turn {turn} --river {river} --kind {kind}")
        summary = found.summary()
        if plot is not None:
            from pokerlab.abstraction.plot import plot_abstraction

            with removed_unless_done(plot):
                plot_abstraction(found, plot)
        if as_json:
            print_json(dict(summary, plot=None if plot is None else str(plot)))
            return
        _print(summary, f"card abstraction {settings.key()}")
        if plot is not None:
            console.print(f"plot {plot}", soft_wrap=True)
