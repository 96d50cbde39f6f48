"""The settings of a card abstraction: bucket counts per round and the kind of buckets.

Examples
--------
>>> s = AbstractionSettings(flop=50, turn=50, river=50, kind="ehs2")
>>> s.key()
'ehs2-f50-t50-r50-v1'
>>> AbstractionSettings.from_key(s.key()) == s
True
>>> AbstractionSettings(0, 5, 5)
Traceback (most recent call last):
...
pokerlab.abstraction.settings.AbstractionError: --flop 0: bucket counts must be 1..1000
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pokerlab.errors import UserError

KINDS = ("ehs2", "potential")
"""``ehs2``: E[HS^2] percentile buckets on every round; ``potential``: potential-aware k-means
over histograms of next-round strength on the flop and turn (the river is E[HS^2] = HS^2
percentiles in both)."""

MAX_BUCKETS = 1000
"""Most buckets a round may have (the river has 1,981 strength levels; a table entry is int16)."""

FORMAT_VERSION = 1
"""Bumped whenever the buckets a setting gives change, so old cache files are not reused."""


class AbstractionError(UserError):
    """Bad abstraction settings or a bad abstraction file: one line naming the value."""


@dataclass(frozen=True)
class AbstractionSettings:
    """Bucket counts of the flop, turn and river, and the kind of buckets.

    Pre-flop is always the 169 lossless classes. ``kind`` is one of :data:`KINDS`.

    Raises
    ------
    AbstractionError
        A count outside ``1..MAX_BUCKETS`` or an unknown kind (names the option).
    """

    flop: int = 50
    turn: int = 50
    river: int = 50
    kind: str = "ehs2"

    def __post_init__(self) -> None:
        for name in ("flop", "turn", "river"):
            value = getattr(self, name)
            if isinstance(value, bool) or int(value) != value or not 1 <= value <= MAX_BUCKETS:
                raise AbstractionError(f"--{name} {value}: bucket counts must be 1..{MAX_BUCKETS}")
            object.__setattr__(self, name, int(value))
        if self.kind not in KINDS:
            raise AbstractionError(f"--kind {self.kind!r}: unknown kind; use one of {', '.join(KINDS)}")

    def key(self) -> str:
        """A short string naming these settings (cache file names, strategy files)."""
        return f"{self.kind}-f{self.flop}-t{self.turn}-r{self.river}-v{FORMAT_VERSION}"

    @classmethod
    def from_key(cls, key: str) -> AbstractionSettings:
        """The settings a :meth:`key` names."""
        m = re.fullmatch(r"([a-z0-9]+)-f(\d+)-t(\d+)-r(\d+)-v(\d+)", key)
        if m is None or int(m.group(5)) != FORMAT_VERSION:
            raise AbstractionError(f"abstraction key {key!r}: not one this version of pokerlab writes")
        return cls(int(m.group(2)), int(m.group(3)), int(m.group(4)), m.group(1))

    @property
    def bucket_counts(self) -> tuple[int, int, int, int]:
        """(169, flop, turn, river)."""
        return (169, self.flop, self.turn, self.river)
