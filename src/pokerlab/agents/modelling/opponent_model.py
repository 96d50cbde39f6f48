"""Opponent models: the weight table re-weighting (Algorithm 7) and Waterloo's showdown statistics.

**Weight tables** (Alberta / Papp; Waterloo §3.4.1). For each opponent a 1,326-entry table
``w[h]`` (``combo_index`` order) approximates how likely the opponent is to have played as
observed while holding ``h``. After each observed action the table is re-weighted by
Algorithm 7: with ``mu`` the hand value the action suggests and ``delta`` its spread,

    reweight = (value[h] - mu + delta) / (2 delta), clipped to [lowest, highest]
    w[h] = max(w[h] * reweight, lowest)

(docs/errata.md: line 11 of the printed algorithm assigns ``reweights``; it means ``weight[hand]``.)
Papp's lowest / highest weights are 0.01 / 1.0. ``mu`` comes from how often this opponent takes
the action (:class:`ActionFrequencies`): an opponent who bets a fraction ``f`` of the time in a
context bets, by assumption, with the top ``f`` of the hands it can hold, so ``mu`` is the
``1 - f`` quantile of the weighted hand values; a call means the hand is above the fold
quantile. ``delta = delta_scale * (1 - mu)`` (at least ``min_delta``).

**Showdown statistics** (Waterloo §3.4.2, Phase III): every hand an opponent shows down is
stored under its *signature*, one ``(action, amount)`` per betting round it played (action
``RAISE`` if it raised in that round, else ``CALL``; amount bucket ``FEW`` / ``MODERATE`` /
``MANY``), with the strength of the hand it showed on each round's board. Per signature and
round: ``mu`` (mean strength) and ``delta`` (standard deviation); a signature is *trusted*
from 10 samples (5 with few players).

Examples
--------
>>> import numpy as np
>>> w = np.ones(4)
>>> reweight(w, np.array([0.1, 0.5, 0.7, 0.9]), mu=0.6, delta=0.2).round(3).tolist()
[0.01, 0.25, 0.75, 1.0]
>>> f = ActionFrequencies()
>>> for _ in range(30): f.observe(street=1, facing=False, action=2)
>>> round(f.frequency(1, False, 2), 2)   # mostly bets: 30 bets on top of the prior
0.85
>>> s = ShowdownStatistics()
>>> for x in (0.6, 0.7, 0.8): s.add((("RAISE", "FEW"),), x)
>>> mu, delta, n = s.lookup((("RAISE", "FEW"),), min_samples=3)
>>> round(mu, 3), round(delta, 3), n
(0.7, 0.082, 3)
>>> s.lookup((("RAISE", "FEW"),), min_samples=10) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

FOLD_I, CALL_I, RAISE_I = 0, 1, 2
"""Action indices in the frequency tables (check counts as call, bet as raise)."""

# Prior action frequencies per street and context (not facing / facing a bet): [fold, call, raise].
_PRIOR = np.array([
    [[0.0, 0.7, 0.3], [0.55, 0.33, 0.12]],   # pre-flop (not facing: the big blind's option)
    [[0.0, 0.6, 0.4], [0.35, 0.45, 0.20]],   # flop
    [[0.0, 0.65, 0.35], [0.35, 0.47, 0.18]],  # turn
    [[0.0, 0.65, 0.35], [0.40, 0.45, 0.15]],  # river
])


def reweight(
    weights: np.ndarray,
    values: np.ndarray,
    mu: float,
    delta: float,
    lowest: float = 0.01,
    highest: float = 1.0,
    trust: float = 1.0,
) -> np.ndarray:
    """Algorithm 7 in place (and returned): scale each weight by its clipped interpolation in
    ``mu +- delta``; NaN values (impossible holdings) are left alone. ``trust`` < 1 blends the
    factor towards 1 (see :class:`Consistency`)."""
    if delta <= 0:
        raise ValueError(f"delta must be positive, got {delta}")
    factor = np.clip((values - mu + delta) / (2.0 * delta), lowest, highest)
    if trust < 1.0:
        factor = 1.0 - trust * (1.0 - factor)
    live = ~np.isnan(values)
    weights[live] = np.maximum(weights[live] * factor[live], lowest)
    return weights


def weighted_quantile(values: np.ndarray, weights: np.ndarray, q: float) -> float:
    """The ``q`` quantile of ``values`` (NaN skipped) under ``weights``.

    Examples
    --------
    >>> v, w = np.array([0.1, 0.2, 0.9, np.nan]), np.array([1.0, 1.0, 2.0, 5.0])
    >>> weighted_quantile(v, w, 0.5), weighted_quantile(v, w, 0.6)
    (0.2, 0.9)
    """
    live = ~np.isnan(values) & (weights > 0)
    v = values[live]
    if v.size == 0:
        return 0.5
    w = weights[live]
    order = np.argsort(v, kind="stable")
    cum = np.cumsum(w[order])
    k = int(np.searchsorted(cum, q * cum[-1], side="left"))
    return float(v[order][min(k, v.size - 1)])


class _ActionCounts:
    """What the two frequency tables share: an array of action counts that adds up."""

    counts: np.ndarray

    def observations(self) -> int:
        """Actions counted."""
        return int(self.counts.sum())

    def merge(self, other: _ActionCounts) -> None:
        """Add ``other``'s counts to these (a prior stays this table's: priors are not summed)."""
        self.counts += other.counts

    def _counts_since(self, earlier: _ActionCounts, what: str) -> np.ndarray:
        diff = self.counts - earlier.counts
        if (diff < 0).any():
            raise ValueError(f"{what}: the earlier state has more actions than this one")
        return diff


@dataclass
class ActionFrequencies(_ActionCounts):
    """Counts of an opponent's fold / call / raise per street and context, with a prior.

    ``prior_weight`` pseudo-observations of :data:`_PRIOR` keep a new opponent's model sane.
    """

    prior_weight: float = 10.0
    counts: np.ndarray = field(default_factory=lambda: np.zeros((4, 2, 3)))

    def observe(self, street: int, facing: bool, action: int) -> None:
        """Count one action (0 fold, 1 check/call, 2 bet/raise)."""
        self.counts[street, int(facing), action] += 1.0

    def frequency(self, street: int, facing: bool, action: int) -> float:
        """Estimated probability of ``action`` in this context: the counts plus :meth:`prior`."""
        c = self.counts[street, int(facing)] + self.prior(street, facing)
        return float(c[action] / c.sum())

    def prior(self, street: int, facing: bool) -> np.ndarray:
        """The pseudo-counts of fold, call and raise added to the counts in this context
        (``prior_weight`` actions in the proportions of :data:`_PRIOR`): a bot that never
        folds is still estimated to fold now and then until its counts outweigh them.

        Examples
        --------
        >>> ActionFrequencies().prior(1, True).round(2).tolist()   # flop, facing a bet
        [3.5, 4.5, 2.0]
        """
        return self.prior_weight * _PRIOR[street, int(facing)]

    def learned_since(self, earlier: ActionFrequencies) -> ActionFrequencies:
        """The counts added since ``earlier``, an earlier state of this table."""
        return ActionFrequencies(self.prior_weight, self._counts_since(earlier, "frequencies"))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"prior_weight": self.prior_weight, "counts": self.counts.tolist()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ActionFrequencies:
        """Inverse of :meth:`to_dict`."""
        return cls(float(data["prior_weight"]), np.array(data["counts"], dtype=float).reshape(4, 2, 3))


DEFAULT_FREQUENCIES = np.array([
    [0.0, 0.5, 0.5],  # no bet to call: check 0.5, bet 0.5 (folding is never needed)
    [0.5, 0.3, 0.2],  # one bet to call
    [0.7, 0.2, 0.1],  # two or more
])
"""Papp's Table B.2: a typical IRC player's [fold, check/call, bet/raise] by bets to call."""
DEFAULT_FREQUENCIES.setflags(write=False)


@dataclass
class ContextFrequencies(_ActionCounts):
    """Counts of an opponent's fold / check-call / bet-raise per context (round, bets to call
    0 / 1 / 2+): Papp's specific opponent modelling (thesis section 7.1.2).

    :meth:`blended` mixes the observed frequencies with the previous round's blended ones (the
    pre-flop with Table B.2's defaults) until a context has ``horizon`` observations
    (equations 7.3 / 7.4, reconstructed: docs/loki.md).

    Examples
    --------
    >>> f = ContextFrequencies()
    >>> f.blended(1, 1).tolist()                      # nothing seen: Table B.2
    [0.5, 0.3, 0.2]
    >>> for _ in range(10): f.observe(0, 1, 2)        # ten pre-flop raises facing a bet
    >>> f.blended(0, 1).round(3).tolist()             # half the defaults, half the raises
    [0.25, 0.15, 0.6]
    >>> f.blended(1, 1).round(3).tolist()             # the flop borrows the pre-flop blend
    [0.25, 0.15, 0.6]
    >>> for _ in range(20): f.observe(1, 1, 1)
    >>> f.blended(1, 1).tolist()                      # 20 observations: the frequencies alone
    [0.0, 1.0, 0.0]
    """

    counts: np.ndarray = field(default_factory=lambda: np.zeros((4, 3, 3)))

    def observe(self, street: int, bets_to_call: int, action: int) -> None:
        """Count one action (0 fold, 1 check/call, 2 bet/raise) facing ``bets_to_call`` bets
        (2 or more count as 2)."""
        self.counts[street, min(bets_to_call, 2), action] += 1.0

    def blended(self, street: int, bets_to_call: int, horizon: int = 20) -> np.ndarray:
        """Blended ``[fold, check/call, bet/raise]`` frequencies of a context (7.3 / 7.4)."""
        b = min(bets_to_call, 2)
        out = DEFAULT_FREQUENCIES[b].copy()
        for r in range(street + 1):
            seen = float(self.counts[r, b].sum())
            if seen >= horizon:
                out = self.counts[r, b] / seen
            elif seen > 0:
                out = self.counts[r, b] / seen * (seen / horizon) + out * ((horizon - seen) / horizon)
        return out

    def learned_since(self, earlier: ContextFrequencies) -> ContextFrequencies:
        """The counts added since ``earlier``, an earlier state of this table."""
        return ContextFrequencies(self._counts_since(earlier, "contexts"))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"counts": self.counts.tolist()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ContextFrequencies:
        """Inverse of :meth:`to_dict`."""
        return cls(np.array(data["counts"], dtype=float).reshape(4, 3, 3))


def action_mu_delta(
    freq: ActionFrequencies,
    street: int,
    facing: bool,
    action: int,
    values: np.ndarray,
    weights: np.ndarray,
    delta_scale: float = 0.4,
    min_delta: float = 0.05,
) -> tuple[float, float] | None:
    """``(mu, delta)`` an observed call or raise implies (``None``: nothing to learn, e.g. a free
    check). A raise puts the hand in the top ``f_raise``; a call above the fold quantile."""
    if action == RAISE_I:
        q = 1.0 - freq.frequency(street, facing, RAISE_I)
    elif action == CALL_I and facing:
        q = freq.frequency(street, facing, FOLD_I)
    else:
        return None
    mu = weighted_quantile(values, weights, q)
    return mu, max(delta_scale * (1.0 - mu), min_delta)


Signature = tuple[tuple[str, str], ...]


ShowdownKey = tuple[Signature, int]
"""A signature (or a prefix of one) and the round (0-3) the strengths under it are measured on."""


@dataclass
class ShowdownStatistics:
    """Showdown strengths per betting signature and round (Waterloo §3.4.2).

    A shown-down hand is stored under every prefix of its signature (so a signature can be
    matched while a hand is still being played) and, for each prefix, under every round from
    the prefix's last one to the river, with the hand's strength *on that round's board*. So a
    bot on the flop that sees an opponent's signature so far compares its own flop strength
    with the flop strengths of the hands that opponent showed after the same betting, on one
    scale; a plain ``float`` strength is the river strength (stored on round 3 only).
    """

    samples: dict[ShowdownKey, list[float]] = field(default_factory=dict)

    def add(self, signature: Signature, strength: float | Sequence[float],
            rounds: Sequence[int] | None = None) -> None:
        """Store one shown-down hand. ``strength``: its strength on each round 0-3 (NaN where
        unknown), or one float, the river strength. ``rounds``: the round of each signature
        entry (default 0, 1, 2, ...)."""
        if isinstance(strength, (int, float)):
            by_round = [float("nan")] * 3 + [float(strength)]
        else:
            by_round = [float(x) for x in strength]
        where = list(rounds) if rounds is not None else list(range(len(signature)))
        for k in range(1, len(signature) + 1):
            prefix = tuple(signature[:k])
            for r in range(where[k - 1], len(by_round)):
                if not np.isnan(by_round[r]):
                    self.samples.setdefault((prefix, r), []).append(by_round[r])

    def lookup(self, signature: Signature, min_samples: int,
               street: int = 3) -> tuple[float, float, int] | None:
        """``(mu, delta, samples)`` of the strengths on round ``street`` of the hands shown
        after ``signature``, when there are at least ``min_samples``; else None."""
        xs = self.samples.get((tuple(signature), street))
        if not xs or len(xs) < min_samples:
            return None
        arr = np.array(xs)
        return float(arr.mean()), float(arr.std()), len(xs)

    def merge(self, other: ShowdownStatistics) -> None:
        """Append ``other``'s samples to these, key by key."""
        for key, xs in other.samples.items():
            self.samples.setdefault(key, []).extend(xs)

    def learned_since(self, earlier: ShowdownStatistics) -> ShowdownStatistics:
        """The samples appended since ``earlier``, an earlier state of these statistics
        (samples are only ever appended, so they are the tail of each list)."""
        out: dict[ShowdownKey, list[float]] = {}
        for key, old in earlier.samples.items():
            if len(self.samples.get(key, ())) < len(old):
                raise ValueError(f"showdowns: {key_text(key)} has fewer samples than in the "
                                 "earlier state")
        for key, xs in self.samples.items():
            k = len(earlier.samples.get(key, ()))
            if len(xs) > k:
                out[key] = xs[k:]
        return ShowdownStatistics(out)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: key text (:func:`key_text`) -> strengths."""
        return {key_text(k): v for k, v in self.samples.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ShowdownStatistics:
        """Inverse of :meth:`to_dict` (a key without ``@`` is an older store's river strength)."""
        return cls({parse_key(k): [float(x) for x in v] for k, v in data.items()})


ROUND_NAMES = ("pre-flop", "flop", "turn", "river")


def key_text(key: ShowdownKey) -> str:
    """'1:RAISE,FEW;2:CALL,MODERATE@turn': a signature and the round of its strengths.

    Examples
    --------
    >>> key_text(((("CALL", "FEW"),), 1)), parse_key("1:CALL,FEW@flop")
    ('1:CALL,FEW@flop', ((('CALL', 'FEW'),), 1))
    >>> parse_key("1:CALL,FEW")   # stores written before strengths per round: the river
    ((('CALL', 'FEW'),), 3)
    """
    signature, street = key
    return f"{signature_text(signature)}@{ROUND_NAMES[street]}"


def parse_key(text: str) -> ShowdownKey:
    """Inverse of :func:`key_text`."""
    signature, _, street = text.partition("@")
    return parse_signature(signature), ROUND_NAMES.index(street) if street else 3


def signature_text(signature: Sequence[tuple[str, str]]) -> str:
    """'1:RAISE,FEW;2:CALL,MODERATE' (rounds numbered from 1 = pre-flop, as the report prints)."""
    return ";".join(f"{i + 1}:{a},{b}" for i, (a, b) in enumerate(signature))


def parse_signature(text: str) -> Signature:
    """Inverse of :func:`signature_text`."""
    out = []
    for part in text.split(";"):
        _, rest = part.split(":", 1)
        a, b = rest.split(",", 1)
        out.append((a, b))
    return tuple(out)


@dataclass
class Consistency:
    """How well the re-weighting predicts an opponent's shown-down hands.

    Each re-weighting event whose hand is later shown is scored: a *hit* when the shown
    holding's value was at least ``mu - delta``, against the *base* chance of that for a holding
    drawn from the table before the re-weighting. ``trust`` = (hits - base) / (events - base),
    in [0, 1]: 1 for an opponent whose actions follow its cards, 0 for one who acts at random.
    ``prior_events`` perfect events start every model at full trust (the papers' assumption).

    Examples
    --------
    >>> c = Consistency()
    >>> c.trust
    1.0
    >>> for _ in range(50): c.add(hit=False, base=0.5)
    >>> round(c.trust, 2)
    0.0
    """

    prior_events: float = 6.0
    hits: float = 0.0
    base: float = 0.0
    events: float = 0.0

    def add(self, hit: bool, base: float) -> None:
        """Score one re-weighting event."""
        self.hits += float(hit)
        self.base += base
        self.events += 1.0

    @property
    def trust(self) -> float:
        """Weight given to a re-weighting (0 ignore, 1 full Algorithm 7)."""
        hits = self.hits + self.prior_events
        base = self.base + 0.5 * self.prior_events
        events = self.events + self.prior_events
        return float(np.clip((hits - base) / max(events - base, 1e-9), 0.0, 1.0))

    def merge(self, other: Consistency) -> None:
        """Add ``other``'s scored events (the prior stays this one's)."""
        self.hits += other.hits
        self.base += other.base
        self.events += other.events

    def learned_since(self, earlier: Consistency) -> Consistency:
        """The events scored since ``earlier``, an earlier state of this record."""
        if self.events < earlier.events:
            raise ValueError("consistency: the earlier state has more events than this one")
        return Consistency(self.prior_events, self.hits - earlier.hits, self.base - earlier.base,
                           self.events - earlier.events)

    def to_dict(self) -> dict[str, float]:
        """JSON form."""
        return {"prior_events": self.prior_events, "hits": self.hits, "base": self.base,
                "events": self.events}


@dataclass
class OpponentModel:
    """Everything one bot has learned about one opponent.

    Models add up: :meth:`learned_since` is what a model learned since an earlier state of it
    (a *delta*), :meth:`merge` adds a delta (or any model of the same opponent) to this one.
    Counts, scored events and hands add, showdown samples are appended; the priors
    (``prior_weight``, ``prior_events``) are this model's, never summed. So several bots can
    pool what they saw of one opponent (:meth:`OpponentStore.merge_many
    <pokerlab.agents.modelling.opponent_store.OpponentStore.merge_many>`).

    Examples
    --------
    >>> m = OpponentModel("villain")
    >>> m.frequencies.observe(1, True, 2); m.hands = 1
    >>> saved = m.copy()
    >>> m.frequencies.observe(2, True, 0); m.hands = 3
    >>> delta = m.learned_since(saved)
    >>> delta.hands, delta.frequencies.observations()
    (2, 1)
    >>> other = OpponentModel("villain"); other.hands = 5; other.frequencies.observe(1, True, 2)
    >>> other.merge(delta)
    >>> other.hands, other.frequencies.observations(), other.frequencies.prior_weight
    (7, 2, 10.0)
    >>> saved.learned_since(saved).is_empty()
    True
    """

    name: str
    frequencies: ActionFrequencies = field(default_factory=ActionFrequencies)
    showdowns: ShowdownStatistics = field(default_factory=ShowdownStatistics)
    hands: int = 0
    consistency: Consistency = field(default_factory=Consistency)
    contexts: ContextFrequencies = field(default_factory=ContextFrequencies)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"name": self.name, "hands": self.hands, "frequencies": self.frequencies.to_dict(),
                "showdowns": self.showdowns.to_dict(), "consistency": self.consistency.to_dict(),
                "contexts": self.contexts.to_dict()}

    def copy(self) -> OpponentModel:
        """An independent copy (no array or list shared)."""
        return OpponentModel(
            self.name,
            ActionFrequencies(self.frequencies.prior_weight, self.frequencies.counts.copy()),
            ShowdownStatistics({s: list(xs) for s, xs in self.showdowns.samples.items()}),
            self.hands,
            Consistency(**self.consistency.to_dict()),
            ContextFrequencies(self.contexts.counts.copy()),
        )

    def merge(self, other: OpponentModel) -> None:
        """Add ``other`` (a model of the same opponent, typically a delta) to this model."""
        if other.name != self.name:
            raise ValueError(f"cannot merge a model of {other.name!r} into one of {self.name!r}")
        self.hands += other.hands
        self.frequencies.merge(other.frequencies)
        self.showdowns.merge(other.showdowns)
        self.consistency.merge(other.consistency)
        self.contexts.merge(other.contexts)

    def learned_since(self, earlier: OpponentModel) -> OpponentModel:
        """What this model learned since ``earlier``, an earlier state of it (a delta with this
        model's priors). ``consistency.base`` is a float sum, so its delta is exact only up to
        rounding; everything else is a count and exact."""
        if earlier.name != self.name:
            raise ValueError(f"the earlier state is a model of {earlier.name!r}, not {self.name!r}")
        if self.hands < earlier.hands:
            raise ValueError(f"hands: the earlier state has more hands ({earlier.hands}) than "
                             f"this one ({self.hands})")
        return OpponentModel(self.name, self.frequencies.learned_since(earlier.frequencies),
                             self.showdowns.learned_since(earlier.showdowns),
                             self.hands - earlier.hands,
                             self.consistency.learned_since(earlier.consistency),
                             self.contexts.learned_since(earlier.contexts))

    def is_empty(self) -> bool:
        """Nothing observed (no hands, actions, showdowns or scored events)."""
        return (self.hands == 0 and not self.frequencies.counts.any()
                and not self.showdowns.samples and self.consistency.events == 0
                and not self.contexts.counts.any())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OpponentModel:
        """Inverse of :meth:`to_dict`."""
        consistency = Consistency(**data["consistency"]) if "consistency" in data else Consistency()
        contexts = (ContextFrequencies.from_dict(data["contexts"]) if "contexts" in data
                    else ContextFrequencies())  # stores written before the thesis's contexts
        return cls(str(data["name"]), ActionFrequencies.from_dict(data["frequencies"]),
                   ShowdownStatistics.from_dict(data["showdowns"]), int(data.get("hands", 0)),
                   consistency, contexts)
