"""The Loki self-play tournaments, defined as data: which bots sit, and what the sources claim.

Each :class:`Tournament` is the Alberta group's duplicate format (ten seats, every deal replayed
ten times with the seating of Papp's Table 8.1, limit $10/$20) and a list of *claims*, the
orderings its source reports. :meth:`Tournament.config` turns it into the
:class:`~pokerlab.arena.MatchConfig` the match runner plays: the config alone fixes every hand,
so any executor that plays a MatchConfig (one process, ``--workers``, or a cluster) plays the
same tournament. :func:`judge` checks the claims against a result: an ordering is *reproduced*
when the 95% intervals are separated (``a`` above ``b``: a's lower end above b's upper end).

- ``loki-variants``: the Alberta paper's Figure 1 (Loki A-E, two copies each);
- ``loki-ablation``: Papp's §8.3 (full, no showdown odds, no pot odds, no semi-bluffing, the
  simple HS_n strategy; moderate, generic modelling; two copies each);
- ``loki-modelling``: Papp's §8.4.1 (four copies of generic modelling, loose, against two
  copies each of the non-modelling loose, tight and moderate players);
- ``loki2-*``: Peña's Loki-2 experiments (2 copies of PT betting, PT re-weighting, both, the
  always-call simulation, the PT simulation against 8 of Loki-1, and the PT simulation against
  8 of the static PT version).

Examples
--------
>>> t = TOURNAMENTS["loki-modelling"]
>>> c = t.config(hands=25, seed=3)
>>> c.seats, c.hands, c.duplicate, c.copies, c.seed
(10, 30, True, (4, 2, 2, 2), 3)
>>> [claim.name for claim in TOURNAMENTS["loki-ablation"].claims]
['B wins by a large margin', 'every feature but showdown odds helps', 'semi-bluffing helps most']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pokerlab.arena.match import BotResult, MatchConfig, MatchResult, run_match
from pokerlab.arena.storage import MatchStore
from pokerlab.engine import GameSettings
from pokerlab.executors import Executor

Order = tuple[tuple[str, str], ...]
"""Pairs ``(a, b)``: a finishes above b. ``b`` may be ``"zero"``."""


@dataclass(frozen=True)
class Claim:
    """An ordering a source reports: reproduced when every pair of one of the ``orders`` is
    separated (usually one order; two when the source leaves the direction open)."""

    name: str
    quote: str
    orders: tuple[Order, ...]


@dataclass(frozen=True)
class Tournament:
    """A self-play tournament: bots (with copies), the labels the source uses, its claims."""

    name: str
    title: str
    source: str
    bots: tuple[str, ...]
    copies: tuple[int, ...]
    labels: tuple[str, ...]
    claims: tuple[Claim, ...]
    default_hands: int = 100_000

    def config(self, hands: int | None = None, seed: int = 0) -> MatchConfig:
        """The match to play: ``hands`` rounded up to whole deals of ten."""
        hands = self.default_hands if hands is None else hands
        if hands < 1:
            raise ValueError(f"--hands must be at least 1, not {hands}")
        return MatchConfig(bots=self.bots, hands=-(-hands // 10) * 10,
                           game=GameSettings.preset("limit"), duplicate=True, seed=seed,
                           copies=self.copies)

    def label(self, bot: str) -> str:
        """The source's name for ``bot``."""
        return self.labels[self.bots.index(bot)]


def _above(a: str, *others: str) -> Order:
    return tuple((a, b) for b in others)


_ALBERTA = ("loki-a", "loki-b", "loki-c", "loki-d", "loki-e")
_ABLATION = tuple(f"loki-ablation-{v}" for v in "abcde")

TOURNAMENTS: dict[str, Tournament] = {
    "loki-variants": Tournament(
        "loki-variants", "Loki versions (Alberta paper, Figure 1)",
        "Billings, Papp, Schaeffer, Szafron: Poker as a Testbed for Machine Intelligence "
        "Research (1998), with the thesis-level Loki of Papp (1998)",
        _ALBERTA, (2, 2, 2, 2, 2), ("A full", "B no weighting", "C simplistic pre-flop",
                                   "D no potential", "E basic"),
        (Claim("A performs best", "the complete system performs the best",
               (_above("loki-a", "loki-b", "loki-c", "loki-d", "loki-e"),)),
         Claim("E loses the most", "the basic system loses the most",
               (tuple((b, "loki-e") for b in ("loki-a", "loki-b", "loki-c", "loki-d")),)),
         Claim("D does poorly", "Player D, which lacked [hand potential], performed poorly",
               (_above("loki-b", "loki-d") + _above("loki-c", "loki-d"),)),
         Claim("B wins, less than A", "Player B ... was still able to win against this field, "
               "but did not perform nearly as well", ((("loki-b", "zero"), ("loki-a", "loki-b")),)),
         Claim("C loses little", "Player C ... did not lose much compared to the other weakened "
               "versions", (_above("loki-c", "loki-b", "loki-d", "loki-e"),))),
    ),
    "loki-ablation": Tournament(
        "loki-ablation", "Loki betting-strategy ablation (Papp 1998, §8.3)",
        "Papp: Dealing with Imperfect Information in Poker (MSc thesis, 1998), §8.3, Figure 8.1",
        _ABLATION, (2, 2, 2, 2, 2), ("A full", "B no showdown odds", "C no pot odds",
                                     "D no semi-bluffing", "E simple (HS_n)"),
        (Claim("B wins by a large margin", "B (no showdown odds) won by a large margin",
               (_above("loki-ablation-b", "loki-ablation-a", "loki-ablation-c",
                       "loki-ablation-d", "loki-ablation-e"),)),
         Claim("every feature but showdown odds helps",
               "every feature except showdown odds helped",
               (_above("loki-ablation-a", "loki-ablation-c", "loki-ablation-d", "loki-ablation-e"),)),
         Claim("semi-bluffing helps most", "semi-bluffing most of all",
               ((("loki-ablation-c", "loki-ablation-d"),),))),
    ),
    "loki-modelling": Tournament(
        "loki-modelling", "Generic opponent modelling (Papp 1998, §8.4.1)",
        "Papp: Dealing with Imperfect Information in Poker (MSc thesis, 1998), §8.4.1, Figure 8.3",
        ("loki-gom", "loki-bpl", "loki-bpt", "loki-bpm"), (4, 2, 2, 2),
        ("GOM (loose)", "BPL loose", "BPT tight", "BPM moderate"),
        (Claim("GOM dominates", "GOM dominated quickly",
               (_above("loki-gom", "loki-bpl", "loki-bpt", "loki-bpm"),)),
         Claim("the others in order of tightness",
               "the non-modelling players finished in order of their tightness",
               ((("loki-bpl", "loki-bpm"), ("loki-bpm", "loki-bpt")),
                (("loki-bpt", "loki-bpm"), ("loki-bpm", "loki-bpl"))))),
    ),
}
"""The three tournaments, by command name."""

_PENA = "Peña: Probabilities and Simulations in Poker (MSc thesis, 1999)"


def _loki2(name: str, bot: str, label: str, title: str, source: str, quote: str,
           control: str = "loki-a", control_label: str = "Loki-1 (Loki A)") -> Tournament:
    """Peña's design: 2 copies of the enhanced version against 8 of the control, 25,000 games."""
    return Tournament(name, title, source, (bot, control), (2, 8), (label, control_label),
                      (Claim(f"{label} beats {control_label}", quote, (_above(bot, control),)),),
                      default_hands=25_000)


TOURNAMENTS.update({
    "loki2-betting": _loki2("loki2-betting", "loki2-b", "B (PT betting)",
                            "Loki-2 PT betting against Loki-1 (Peña 1999, Fig. 4.3)",
                            f"{_PENA}, §4.4, Figure 4.3 (values lost)",
                            "B, R and B+R each improve on Loki-1"),
    "loki2-reweighting": _loki2("loki2-reweighting", "loki2-r", "R (PT re-weighting)",
                                "Loki-2 PT re-weighting against Loki-1 (Peña 1999, Fig. 4.3)",
                                f"{_PENA}, §4.4, Figure 4.3 (values lost)",
                                "B, R and B+R each improve on Loki-1"),
    "loki2-triples": _loki2("loki2-triples", "loki2-triple", "B+R",
                            "Loki-2 PT betting and re-weighting against Loki-1 (Peña 1999, Fig. 4.3)",
                            f"{_PENA}, §4.4, Figure 4.3 (values lost)",
                            "B, R and B+R each improve on Loki-1"),
    "loki2-sim-call": _loki2("loki2-sim-call", "loki2-sim-call", "always-call simulation",
                             "Always-call simulation against Loki-1 (Peña 1999, §5.3)",
                             f"{_PENA}, §5.3 (+0.057 sb/hand; field and sample unstated)",
                             "the always-call simulation beat Loki-1 by 0.057 sb/hand"),
    "loki2-sim": _loki2("loki2-sim", "loki2-sim", "PT simulation",
                        "Loki-2 with simulation against Loki-1 (Peña 1999, ch. 5)",
                        f"{_PENA}, §5.4 (values lost)",
                        "simulation-based Loki-2 clearly beats the static-evaluation versions"),
    "loki2-sim-static": _loki2("loki2-sim-static", "loki2-sim", "PT simulation",
                               "Loki-2 with simulation against Loki-2 with PTs only (Peña 1999, "
                               "ch. 5)", f"{_PENA}, §5.4 (values lost)",
                               "simulation-based Loki-2 clearly beats the static-evaluation "
                               "versions", control="loki2-triple", control_label="B+R (static)"),
    "loki2-opponent-models": Tournament(
        "loki2-opponent-models", "What a learned opponent model adds to Loki-2's simulation",
        "Davidson (1999) as the Waterloo report's §3.4.1 describes it; no source reports a "
        "gain in play (docs/loki2.md), so this tournament measures and claims nothing",
        ("loki2-sim-network", "loki2-sim-tree", "loki2-sim", "loki-a"), (2, 2, 2, 4),
        ("network in trials", "tree in trials", "PT in trials", "Loki-1 (Loki A)"), (),
        default_hands=25_000),
})
"""Peña's experiments (``docs/loki2.md``): each enhanced Loki-2 (2 copies) against 8 copies of
its control, 25,000 games (2,500 deals played ten times)."""


def separated(a: BotResult | None, b: BotResult | None) -> bool:
    """``a``'s 95% interval lies above ``b``'s (``None`` for ``b``: above zero)."""
    if a is None:
        return False
    return a.ci95[0] > (b.ci95[1] if b is not None else 0.0)


def reversed_apart(a: BotResult | None, b: BotResult | None) -> bool:
    """``b``'s 95% interval lies above ``a``'s (``None`` for ``b``: zero above ``a``'s): the
    result contradicts "a above b"."""
    if a is None:
        return False
    return a.ci95[1] < (b.ci95[0] if b is not None else 0.0)


VERDICTS = ("reproduced", "contradicted", "cannot tell")
"""What a result says of a claim: every pair of one of its orders separated the claimed way;
every order has a pair separated the other way; otherwise the intervals overlap (more hands
narrow them, as one over the square root of the hands)."""


def judge(tournament: Tournament, result: MatchResult) -> list[dict[str, Any]]:
    """Each claim with its ``verdict`` (one of :data:`VERDICTS`), ``reproduced`` (the verdict is
    "reproduced") and the pairs of the order that came closest, each marked separated or not.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerlab.arena.match import BotResult, MatchConfig, MatchResult
    >>> t = TOURNAMENTS["loki-modelling"]
    >>> config = t.config(10)
    >>> wide = [BotResult(b, 0.0, "sb", (-0.5, 0.5), 10) for b in t.bots]
    >>> [c["verdict"] for c in judge(t, MatchResult(config, 1, wide, 10, 10, True, np.zeros((0, 4))))]
    ['cannot tell', 'cannot tell']
    """
    by_bot = {r.bot: r for r in result.results}
    out = []
    for claim in tournament.claims:
        def pair(a: str, b: str) -> tuple[BotResult | None, BotResult | None]:
            return by_bot.get(a), None if b == "zero" else by_bot.get(b)

        checked = [[(a, b, separated(*pair(a, b))) for a, b in order] for order in claim.orders]
        held = [all(ok for _, _, ok in order) for order in checked]
        against = all(any(reversed_apart(*pair(a, b)) for a, b in order) for order in claim.orders)
        verdict = "reproduced" if any(held) else "contradicted" if against else "cannot tell"
        # Show the order that held, else the one with the most separated pairs.
        shown = max(checked, key=lambda order: sum(ok for _, _, ok in order))
        out.append({"claim": claim.name, "quote": claim.quote, "reproduced": any(held), "verdict": verdict,
                    "pairs": [{"above": a, "below": b, "separated": ok} for a, b, ok in shown]})
    return out


def play_tournament(
    name: str,
    hands: int | None = None,
    seed: int = 0,
    store: MatchStore | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    resume: bool = False,
    executor: Executor | None = None,
) -> MatchResult:
    """Play tournament ``name`` with the arena's match runner (on ``executor``, default
    ``workers`` local processes, as :func:`~pokerlab.arena.run_match`)."""
    if name not in TOURNAMENTS:
        raise ValueError(f"unknown tournament {name!r}; choose from {', '.join(TOURNAMENTS)}")
    config = TOURNAMENTS[name].config(hands, seed)
    return run_match(config, store or MatchStore(":memory:"), workers=workers, progress=progress,
                     resume=resume, executor=executor)
