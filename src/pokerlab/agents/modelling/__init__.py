"""Opponent modelling for the knowledge-based bots: a hand's strength on the board, opponent
models (action frequencies, weight tables, learned networks and trees), the store that keeps
them between matches, and :class:`~pokerlab.agents.modelling.agent.ModellingAgent`, the base of
the Loki, Loki-2, Waterloo and threshold bots.

The lowest of the bot families: it imports no other (``tests/test_layers.py``).
"""
