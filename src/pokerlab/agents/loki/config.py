"""Every constant of the thesis-level Loki, with its default and the status of its source.

Papp's thesis (1998) states some rules and constants, reconstructs others only in part, and
leaves some unstated or lost (equations and tables that were images). Each field below says
which; ``docs/loki.md`` gives the reasoning behind every default that is our choice. They were
chosen on poker grounds and written down before any tournament was run.

Examples
--------
>>> c = LokiConfig()
>>> c.tightness, c.modelling, c.ehs_make1, c.ehs_make2
('loose', 'specific', 0.5, 0.85)
>>> c.make1_base("moderate"), c.make1_base("loose"), c.sb_thresholds()
(50.0, 0.0, (0.0, 200.0))
>>> LokiConfig(tightness="wild")
Traceback (most recent call last):
...
ValueError: tightness must be one of tight, moderate, loose, not 'wild'
"""

from __future__ import annotations

from dataclasses import dataclass

TIGHTNESS = ("tight", "moderate", "loose")
MODELLING = ("specific", "generic", "off")
BETTING = ("ehs", "simple")


@dataclass(frozen=True)
class LokiConfig:
    """The rules and constants of one Loki bot (see ``docs/loki.md`` for each).

    Attributes
    ----------
    tightness
        ``"tight"``, ``"moderate"`` or ``"loose"`` [SOURCE; loose the default].
    modelling
        ``"specific"`` (observed action frequencies blended with the defaults), ``"generic"``
        (Table B.2's defaults only) [SOURCE], or ``"off"`` (weights stay 1: the Alberta paper's
        B, the thesis's non-modelling players).
    advanced_preflop
        Group and position in the pre-flop selection (the Alberta paper's C: False, IR7 and a
        fixed middle position everywhere [UNSTATED]).
    use_potential
        PPOT in betting (the Alberta paper's D: False).
    semi_bluffing, pot_odds, showdown_odds
        The fall-backs of the post-flop cascade (the thesis's ablation B, C, D turn one off).
    betting
        ``"ehs"`` (the cascade) or ``"simple"`` (Figure 6.2 [LOST]: the EHS' rule on HS_n, no
        fall-backs; the ablation's E).
    probability_play
        Share of the players yet to act expected to see the flop [SOURCE 0.6].
    group_edges
        Expected players below the first edge: group 2; below the second: 3-4; else 5+
        [UNSTATED].
    make4_base, make2_base, make1_bases, increment
        Table B.1 [LOST but two entries]: threshold = base + increment * position, the same in
        every group; Make1's base by tightness (tight, moderate, loose).
    sb_call1_threshold, sb_call2_threshold
        The small blind's fixed Call1 / Call2 thresholds [LOST]; ``None``: Make1's and Make2's
        bases.
    ehs_make1, ehs_make2
        EHS' thresholds to bet and to raise [SOURCE 0.50 / 0.85].
    semi_bluff_follow_up, follow_up_on_river
        Keep betting after a semi-bluff while nobody else bets [SOURCE], on the river too
        [UNSTATED].
    showdown_future_bets
        Bets per later round counted by the showdown odds [LOST formula].
    check_raise
        Check a Make2 hand when an opponent is still to act, to raise his bet [UNSTATED; off].
    blend_observations
        Observations before a context's frequencies stand alone [SOURCE 20].
    sigma_preflop, sigma_postflop
        Re-weighting spread: 330 on the IR7 scale [SOURCE], 0.2 on the EHS' scale [UNSTATED,
        Peña's illustration].
    low_weight
        Smallest factor and smallest weight after a re-weighting [SOURCE 0.01].
    skip_below_percentile
        No pre-flop re-weighting when mu is below this percentile of IR7 [SOURCE 5%].
    """

    tightness: str = "loose"
    modelling: str = "specific"
    advanced_preflop: bool = True
    use_potential: bool = True
    semi_bluffing: bool = True
    pot_odds: bool = True
    showdown_odds: bool = True
    betting: str = "ehs"
    probability_play: float = 0.6
    group_edges: tuple[float, float] = (2.5, 4.5)
    make4_base: float = 580.0
    make2_base: float = 200.0
    make1_bases: tuple[float, float, float] = (100.0, 50.0, 0.0)
    increment: float = 50.0
    sb_call1_threshold: float | None = None
    sb_call2_threshold: float | None = None
    ehs_make1: float = 0.50
    ehs_make2: float = 0.85
    semi_bluff_follow_up: bool = True
    follow_up_on_river: bool = True
    showdown_future_bets: float = 1.0
    check_raise: bool = False
    blend_observations: int = 20
    sigma_preflop: float = 330.0
    sigma_postflop: float = 0.2
    low_weight: float = 0.01
    skip_below_percentile: float = 0.05

    def __post_init__(self) -> None:
        for name, allowed in (("tightness", TIGHTNESS), ("modelling", MODELLING),
                              ("betting", BETTING)):
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        if not 0.0 <= self.probability_play <= 1.0:
            raise ValueError(f"probability_play must be in [0, 1], not {self.probability_play}")
        if self.sigma_preflop <= 0 or self.sigma_postflop <= 0:
            raise ValueError("the re-weighting sigmas must be positive")
        if self.blend_observations < 1:
            raise ValueError(f"blend_observations must be at least 1, not {self.blend_observations}")

    def make1_base(self, tightness: str | None = None) -> float:
        """Make1's base for ``tightness`` (default: this bot's)."""
        return float(self.make1_bases[TIGHTNESS.index(tightness or self.tightness)])

    def sb_thresholds(self) -> tuple[float, float]:
        """The small blind's fixed ``(Call1, Call2)`` thresholds."""
        call1 = self.sb_call1_threshold if self.sb_call1_threshold is not None else self.make1_base()
        call2 = self.sb_call2_threshold if self.sb_call2_threshold is not None else self.make2_base
        return float(call1), float(call2)
