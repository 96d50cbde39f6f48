"""Peña's Loki-2 experiments as data (pokerlab.arena.tournaments): 2 enhanced copies against 8
of the control, 25,000 games, each judged by separated 95% intervals."""

from __future__ import annotations

from pokerlab.arena import MatchStore
from pokerlab.arena.tournaments import TOURNAMENTS, judge, play_tournament
from pokerlab.cli.main import app


def test_penas_design() -> None:
    names = [n for n in TOURNAMENTS if n.startswith("loki2-") and TOURNAMENTS[n].claims]
    assert names == ["loki2-betting", "loki2-reweighting", "loki2-triples", "loki2-sim-call",
                     "loki2-sim", "loki2-sim-static"]
    models = TOURNAMENTS["loki2-opponent-models"]
    assert models.claims == () and models.copies == (2, 2, 2, 4)
    for name in names:
        t = TOURNAMENTS[name]
        c = t.config()
        assert (c.seats, c.copies, c.hands, c.duplicate) == (10, (2, 8), 25_000, True)
        assert [claim.orders for claim in t.claims] == [(((t.bots[0], t.bots[1]),),)]
    assert TOURNAMENTS["loki2-sim-static"].bots == ("loki2-sim", "loki2-triple")


def test_a_short_tournament_is_judged() -> None:
    result = play_tournament("loki2-triples", hands=20, seed=1, store=MatchStore(":memory:"))
    assert result.hands_stored == 20
    (claim,) = judge(TOURNAMENTS["loki2-triples"], result)
    assert claim["claim"] == "B+R beats Loki-1 (Loki A)" and claim["verdict"] in (
        "reproduced", "contradicted", "cannot tell")


def test_every_tournament_has_a_command() -> None:
    import typer

    top = typer.main.get_command(app)  # commands load lazily: ask the group
    ctx = top.context_class(top)
    group = top.get_command(ctx, "experiment")
    assert set(TOURNAMENTS) <= set(group.list_commands(ctx))  # type: ignore[union-attr]
