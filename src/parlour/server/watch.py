"""On SQLite no NOTIFY tells the server what ``parlour admin``, another process, changed: the
server looks every ``EVERY`` seconds at the tables it holds for those stopped or deleted, and
for deleted lines of their chat, and takes the changes in as if it had made them. (On
PostgreSQL every process hears of them at once, through ``TABLES_CHANNEL``.)"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.exc import SQLAlchemyError

from .hub import DELETED, Hub, database_trouble

__all__ = ["EVERY", "keep_watching", "look"]

log = logging.getLogger("parlour.server")

# Seconds between two looks.
EVERY = 5.0


async def look(hub: Hub) -> None:
    """Take in the stops, deletions and deleted chat lines of the tables held here."""
    held = list(hub.tables.values())
    if not held:
        return
    lines = [line.id for t in held for line in t.chat or () if line.id is not None]
    stopped, gone, deleted = await asyncio.to_thread(
        hub.store.moderated, [t.id for t in held], lines
    )
    for table in held:
        if table.id in gone and hub.tables.get(table.id) is table:
            await hub.closed(table, DELETED)
        elif table.id in stopped and not table.stopped:
            await hub.stopped(table, stopped[table.id])
    for table_id, line_id in deleted:
        found = hub.tables.get(table_id)
        if found is not None:
            await hub.chat_deleted(found, line_id)


async def keep_watching(hub: Hub, every: float = EVERY) -> None:
    """Look every ``every`` seconds until cancelled."""
    while True:
        await asyncio.sleep(every)
        try:
            await look(hub)
        except SQLAlchemyError as error:
            log.warning("the admin's changes cannot be read now: %s", database_trouble(error))
