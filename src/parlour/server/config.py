"""The settings of ``parlour serve``: each from its command-line flag, else from the
environment (``PARLOUR_<NAME>``, e.g. ``PARLOUR_DATABASE_URL``, as a systemd unit's
``EnvironmentFile`` sets them), else its default."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from .limits import Limits
from .metrics import DEFAULT_ALLOWED
from .routes.live import MESSAGE_RATE

__all__ = ["ENV_PREFIX", "ServeSettings"]

ENV_PREFIX = "PARLOUR_"


class ServeSettings(BaseSettings):
    """What ``parlour serve`` runs with; keyword arguments (the flags given) win over the
    environment, which wins over the defaults."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, frozen=True, extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    database_url: str = "sqlite:///parlour.db"
    workers: int = Field(2, ge=1)
    processes: int = Field(1, ge=1)
    bot_delay: float = Field(0.6, ge=0.0)
    allow_origin: Annotated[tuple[str, ...], NoDecode] = ()
    message_rate: float = Field(MESSAGE_RATE, ge=0.1)
    agent: Annotated[tuple[str, ...], NoDecode] = ()
    forwarded_allow_ips: str | None = None
    metrics_allow: Annotated[tuple[str, ...], NoDecode] = DEFAULT_ALLOWED
    log_format: str = "text"
    close_idle_days: float | None = Field(None, ge=0.0)
    delete_guest_games_days: float | None = Field(None, ge=0.0)
    # How much one client may take (limits.py; 0: no limit).
    connections_per_address: int = Field(Limits.connections_per_address, ge=0)
    spectators_per_table: int = Field(Limits.spectators_per_table, ge=0)
    tables_per_minute: float = Field(Limits.tables_per_minute, ge=0.0)
    bot_tables_per_address: int = Field(Limits.bot_tables_per_address, ge=0)
    bot_tables: int = Field(Limits.bot_tables, ge=0)

    @field_validator("allow_origin", "agent", "metrics_allow", mode="before")
    @classmethod
    def _listed(cls, value: Any) -> Any:
        """A list from the environment: a JSON list, or else one item (an agent's command
        may hold commas and spaces, so neither separates items)."""
        if isinstance(value, str):
            if value.lstrip().startswith("["):
                return json.loads(value)
            return (value,) if value.strip() else ()
        return value
