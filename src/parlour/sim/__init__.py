"""Running many games: tournaments between bots, with statistics."""

from .tournament import BotSpec, BotSummary, GameResult, Match, parse_bots, schedule, summarize

__all__ = ["BotSpec", "BotSummary", "GameResult", "Match", "parse_bots", "schedule", "summarize"]
