"""A process pool for bots that search, so their thinking never holds an event loop's GIL.

The expert is pure Python: in a thread it takes the GIL from the loop's thread for up to the
interpreter's switch interval at a time, again and again while it thinks, so the loop's
timers run late (``scripts/table_ticks.py`` measures it). In a process it cannot.
"""

from __future__ import annotations

import contextlib
import os
from concurrent.futures import ProcessPoolExecutor

__all__ = ["thinking_pool"]


def _lower_priority(niceness: int) -> None:
    with contextlib.suppress(OSError):  # not allowed here: think at the same priority
        os.nice(niceness)


def thinking_pool(workers: int = 1, niceness: int = 10) -> ProcessPoolExecutor:
    """A pool for :meth:`Table.run_bots_async`: ``workers`` processes, each ``niceness``
    below the caller's priority so that on a busy machine the event loop runs first. The
    caller shuts it down (``with thinking_pool() as pool: ...``)."""
    return ProcessPoolExecutor(workers, initializer=_lower_priority, initargs=(niceness,))
