"""The table: one place where a game is played, for the terminal, the web and the environment.

A :class:`Table` holds a :class:`~okgin.game.Game` of 2–4 :class:`Seat` s (people and bots),
checks every submission (whose turn, the rules, the version), keeps every change in a
:class:`Store` before acknowledging it, steps its bots (in the caller's thread, or off an
asyncio loop) and publishes each change to its subscribers as a :class:`TableEvent` built
for one seat from that seat's view. ``docs/table.md`` describes it.
"""

from okgin.table.deal import deck_for, first_dealer
from okgin.table.errors import (
    NotYourTurnError,
    SeatError,
    StaleVersionError,
    StoreConflict,
    StoreError,
)
from okgin.table.events import EVENT_KINDS, Ack, TableEvent
from okgin.table.pool import thinking_pool, watch_parent, worker_start
from okgin.table.seats import Seat, seat_names
from okgin.table.store import FileStore, MemoryStore, Store, record_of
from okgin.table.table import Table

__all__ = [
    "EVENT_KINDS",
    "Ack",
    "FileStore",
    "MemoryStore",
    "NotYourTurnError",
    "Seat",
    "SeatError",
    "StaleVersionError",
    "Store",
    "StoreConflict",
    "StoreError",
    "Table",
    "TableEvent",
    "deck_for",
    "first_dealer",
    "record_of",
    "seat_names",
    "thinking_pool",
    "watch_parent",
    "worker_start",
]
