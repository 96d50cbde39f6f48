"""Loki (Papp 1998): its pre-flop and post-flop rules, its re-weighting of the opponents'
tables, and the bot (:class:`~pokerlab.agents.loki.bot.LokiBot`, bots ``loki-*``)."""
