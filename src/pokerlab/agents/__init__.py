"""Bots: the agent interface, baselines, and a registry of bots by command-line name."""

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import available, create_bot, register_bot

__all__ = ["Agent", "Observation", "available", "create_bot", "register_bot"]
