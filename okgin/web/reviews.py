"""``okgin review`` for the replay page: one review per game at a time, off the event loop.

A review (:func:`okgin.review.review`, docs/review.md) of one seat of a record runs in a
process pool of its own (spawned, not forked, like the hub's: a forked worker would hold the
server's sockets; one worker, below the server's priority), never in the pool where bots and
hints think. At most :data:`PENDING` reviews wait or run at once, and one per record: a second
request for a record under review gets that review's progress (the same seat and budget) or a
refusal (another seat). Each worker reports its progress (decisions judged of the total) on a
queue the server reads in a thread. Finished reviews are kept in memory (the last
:data:`KEPT`), keyed by the record's hash, the seat and the budget: the same review is never
made twice while the server runs.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import threading
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from okgin.errors import OkginError
from okgin.table import worker_start
from okgin.web.replay import Lru

__all__ = ["KEPT", "PENDING", "ReviewBusy", "Reviews"]

log = logging.getLogger("okgin.web")

#: Reviews waiting or running at once (beyond: refused, the server is busy).
PENDING: Final = 4
#: Finished reviews kept in memory.
KEPT: Final = 64

Key = tuple[str, int, float]  # record sha256, seat, budget

_PROGRESS: Any = None  # the worker's end of the progress queue


def _init_worker(progress: Any) -> None:
    global _PROGRESS
    _PROGRESS = progress
    worker_start(10)


def _run_review(key: Key, doc: Any) -> dict[str, Any]:
    """In the worker: the review of one seat, its progress sent after every decision."""
    from okgin.review import review

    def progress(done: int, total: int) -> None:
        if _PROGRESS is not None:
            _PROGRESS.put((key, done, total))

    return review(doc, [key[1]], budget=key[2], progress=progress)


class ReviewBusy(OkginError):
    """A review that cannot start now: another of the same record runs, or too many wait."""


@dataclass
class Job:
    future: Future[dict[str, Any]]
    done: int = 0
    total: int | None = None
    error: str | None = None


class Reviews:
    """The reviews of one server (see the module docstring)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._queue: Any = None
        self._reader: threading.Thread | None = None
        self._lock = threading.Lock()
        self.jobs: dict[Key, Job] = {}
        self.kept = Lru(KEPT)
        self.failed = Lru(KEPT)

    def _start_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("spawn")
            self._queue = ctx.Queue()
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=ctx, initializer=_init_worker, initargs=(self._queue,)
            )
            self._reader = threading.Thread(target=self._read, args=(self._queue,), daemon=True)
            self._reader.start()
        return self._pool

    def _read(self, progress: Any) -> None:
        while True:
            try:
                item = progress.get()
            except (EOFError, OSError, ValueError):
                return
            if item is None:
                return
            key, done, total = item
            with self._lock:
                job = self.jobs.get(key)
                if job is not None:
                    job.done, job.total = done, total

    def status(self, key: Key) -> dict[str, Any] | None:
        """Where the review ``key`` is: done (with the review), running (with its progress),
        failed (with the one line), or None (never asked for)."""
        kept = self.kept.get(key)
        if kept is not None:
            return {"state": "done", "review": kept}
        with self._lock:
            job = self.jobs.get(key)
            if job is not None:
                return {"state": "running", "done": job.done, "total": job.total}
        failed = self.failed.get(key)
        if failed is not None:
            return {"state": "failed", "error": failed}
        return None

    def start(self, key: Key, doc: Any) -> dict[str, Any]:
        """Start the review ``key`` of the record ``doc`` unless it is done or running; a
        :class:`ReviewBusy` when another review of this record runs or too many wait."""
        known = self.status(key)
        if known is not None and known["state"] != "failed":
            return known
        with self._lock:
            for other in self.jobs:
                if other[0] == key[0]:
                    raise ReviewBusy(
                        f"a review of this game (seat {other[1] + 1}) is running: one at a time"
                    )
            if len(self.jobs) >= PENDING:
                raise ReviewBusy(f"{PENDING} reviews are waiting already: try again later")
            try:
                future = self._start_pool().submit(_run_review, key, doc)
            except BrokenExecutor:  # a worker died (killed, out of memory): a new pool
                self._drop_pool()
                future = self._start_pool().submit(_run_review, key, doc)
            self.jobs[key] = Job(future)
        future.add_done_callback(lambda f: self._finished(key, f))
        return {"state": "running", "done": 0, "total": None}

    def _finished(self, key: Key, future: Future[dict[str, Any]]) -> None:
        try:
            result = future.result()
        except Exception as exc:  # a broken worker or a record the review refuses
            log.warning("a review failed: %s", exc)
            if isinstance(exc, BrokenExecutor):
                with self._lock:
                    self._drop_pool()
            self.failed.put(key, str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        else:
            self.kept.put(key, result)
        with self._lock:
            self.jobs.pop(key, None)

    def _drop_pool(self) -> None:
        """Forget the pool and its progress queue (the next review starts new ones)."""
        pool, progress = self._pool, self._queue
        self._pool = self._queue = None
        if pool is not None:
            # a review can take a minute: its worker is stopped, not waited for
            workers = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                with contextlib.suppress(Exception):
                    worker.terminate()
        if progress is not None:
            with contextlib.suppress(Exception):
                progress.put(None)  # the reader thread ends
            with contextlib.suppress(Exception):
                progress.close()

    def close(self) -> None:
        self._drop_pool()
