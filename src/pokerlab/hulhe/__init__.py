"""Heads-up limit hold'em by card abstraction and Monte Carlo CFR (issue 27).

Modules: ``deals`` (the deal source: sampled deals, their buckets and showdowns),
``tree`` (the HULHE betting tree and the way a hand's betting walks it),
``exploitability`` (the abstract game and its exact best response), ``strategy_file`` (the
trained average strategy on disk), ``training`` (training runs with checkpoints and the
exploitability curve), ``plot`` (the curve as a picture). The bot is
:mod:`pokerlab.agents.hulhe_cfr`; the command is ``pokerlab hulhe``.
"""
