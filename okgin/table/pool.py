"""A process pool for bots that search, so their thinking never holds an event loop's GIL.

The expert is pure Python: in a thread it takes the GIL from the loop's thread for up to the
interpreter's switch interval at a time, again and again while it thinks, so the loop's
timers run late (``scripts/table_ticks.py`` measures it). In a process it cannot.

Inside a server, start the workers with ``start_method="spawn"``: a forked worker holds
copies of the server's sockets, so a connection the server closes stays open in the worker
and the browser's next request on it hangs (``okgin serve`` uses a spawned pool).

A worker leaves when its parent is gone: a server killed with SIGKILL (or one whose pool was
never shut down) runs no shutdown, and a worker blocked on its task queue would otherwise wait
for ever, holding its memory (:func:`watch_parent`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from okgin.errors import OkginError

__all__ = ["thinking_pool", "watch_parent", "worker_start"]


def watch_parent(interval: float = 0.5) -> None:
    """In a worker process: leave (``os._exit``) as soon as the process that started it is
    gone. A daemon thread compares the parent's pid every ``interval`` seconds: a worker whose
    parent dies is re-parented, so its parent pid changes."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        os._exit(0)

    threading.Thread(target=watch, name="okgin-watch-parent", daemon=True).start()


def worker_start(niceness: int) -> None:
    """The initializer of a thinking worker: ``niceness`` below its parent's priority, and
    gone with its parent (:func:`watch_parent`)."""
    with contextlib.suppress(OSError):  # not allowed here: think at the same priority
        os.nice(niceness)
    watch_parent()


def thinking_pool(
    workers: int = 1, niceness: int = 10, start_method: str | None = None
) -> ProcessPoolExecutor:
    """A pool for :meth:`Table.run_bots_async`: ``workers`` processes, each ``niceness``
    below the caller's priority so that on a busy machine the event loop runs first, started
    by ``start_method`` (``"spawn"``, ``"fork"`` or ``"forkserver"``; None: the platform's
    default; a server wants ``"spawn"``). The caller shuts it down
    (``with thinking_pool() as pool: ...``)."""
    context = None
    if start_method is not None:
        methods = multiprocessing.get_all_start_methods()
        if start_method not in methods:
            raise OkginError(
                f"a thinking pool starts its workers by {', '.join(methods)}, not {start_method!r}"
            )
        context = multiprocessing.get_context(start_method)
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=worker_start, initargs=(niceness,)
    )
