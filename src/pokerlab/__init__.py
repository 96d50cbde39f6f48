"""pokerlab: game-theoretic poker.

Strategy generation by dividing points (US patent 6,129,631), the classic solved poker
models (Ferguson & Ferguson), and a Texas Hold'em program (Waterloo, Alberta "Loki").
"""

__version__ = "0.1.0"

from pokerlab import _cache

_cache.use_one_kernel_cache()  # one folder for compiled kernels, however pokerlab is started

from pokerlab import _kernel_cache  # noqa: E402, F401  (numba's cache keyed by source closures; imports no numba)
