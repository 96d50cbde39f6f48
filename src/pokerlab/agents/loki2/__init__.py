"""Loki-2 (Peña 1999): Loki with probability triples, selective-sampling simulation and learned
opponent models (:class:`~pokerlab.agents.loki2.bot.Loki2Bot`, bots ``loki2-*``)."""
