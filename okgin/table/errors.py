"""The table layer's refusals, all in okgin's error family (subclasses of ValueError).

:class:`~okgin.errors.SeatError` (the core's) is also the table's: a seat that does not exist,
a bot's seat for a person's submission, a seat description that cannot be read.
"""

from __future__ import annotations

from okgin.errors import IllegalActionError, OkginError, SeatError

__all__ = [
    "NotYourTurnError",
    "SeatError",
    "StaleVersionError",
    "StoreConflict",
    "StoreError",
]


class StaleVersionError(OkginError):
    """A submission made against an older state of the table (``given`` < ``current``) or a
    version the table has never had."""

    def __init__(self, given: object, current: int) -> None:
        self.given = given
        self.current = current
        if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < current:
            text = f"version {given} is stale: the table is at {current}"
        else:
            text = f"version {given!r} is not the table's: the table is at {current}"
        super().__init__(text)


class NotYourTurnError(IllegalActionError):
    """A seat that submits when another seat is on turn (or nobody is)."""


class StoreError(OkginError):
    """A table's storage cannot be read or written; the table is left as it was before the
    call (if the entry may have reached the store, :meth:`Table.resume` gives the truth)."""


class StoreConflict(StoreError):
    """A write the store refuses: an id that exists already, or an entry whose version is
    not exactly the next one (so two writers can never both write one table)."""
