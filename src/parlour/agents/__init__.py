"""Any program at the table: a seat as text, answers read as actions, programs as players."""

from __future__ import annotations

from .parse import NotUnderstood, closest, match_action
from .text import describe, numbered, prompt, rules

__all__ = ["NotUnderstood", "closest", "describe", "match_action", "numbered", "prompt", "rules"]
