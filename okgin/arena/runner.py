"""Running an arena's chunks: in this process, across processes (``--jobs``), or on Ray
(``--ray ADDRESS``), with a live progress bar and the running estimate on standard error.

Chunks are independent and their rows are sorted afterwards, so the backend and the number
of workers never change a number.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from okgin.arena.play import ArenaError, ArenaSpec, Chunk, ChunkResult, run_chunk
from okgin.rules import Rules

__all__ = ["Progress", "chunks_for", "execute"]


def chunks_for(kind: str, pairings: int, count: int, workers: int) -> list[Chunk]:
    """Split ``count`` deals (or game sets) of every pairing into chunks for ``workers``."""
    if count <= 0:
        return []
    size = max(1, min(50, math.ceil(count / max(1, workers * 8))))
    return [
        Chunk(kind, p, start, min(count, start + size))
        for p in range(pairings)
        for start in range(0, count, size)
    ]


class Progress:
    """A rich progress bar per pairing on standard error, with the running estimate."""

    def __init__(self, spec: ArenaSpec, totals: dict[tuple[str, int], int], show: bool) -> None:
        self.spec = spec
        self.show = show
        self.n = Rules.from_dict(spec.rules).players
        self.sums: dict[tuple[str, int], list[float]] = {k: [0.0, 0.0, 0.0] for k in totals}
        self._progress: Any = None
        self._tasks: dict[tuple[str, int], Any] = {}
        if show:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import (
                Progress as RichProgress,
            )

            self._progress = RichProgress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=False,
            )
            for key, total in totals.items():
                self._tasks[key] = self._progress.add_task(self._label(key), total=total)

    def _name(self, key: tuple[str, int]) -> str:
        hero, other = self.spec.pairings[key[1]]
        unit = "pairs" if key[0] == "hands" else "game sets"
        return f"{self.spec.bots[hero]} vs {self.spec.bots[other]} ({unit})"

    def _label(self, key: tuple[str, int]) -> str:
        count, s1, s2 = self.sums[key]
        name = self._name(key)
        if count == 0:
            return name
        mean = s1 / count
        if key[0] == "hands":
            sd = math.sqrt(max(0.0, s2 / count - mean * mean) * count / max(1, count - 1))
            return f"{name}: {mean:+.2f} ± {1.96 * sd / math.sqrt(count):.2f} points/hand"
        return f"{name}: {100 * mean:.1f}% of games won"

    def add(self, result: ChunkResult) -> None:
        chunk = result.chunk
        key = (chunk.kind, chunk.pairing)
        acc = self.sums[key]
        if chunk.kind == "hands":
            by_deal: dict[int, list[float]] = {}
            for row in result.hands:
                pts = row.points
                r = row.rotation
                others = sum(pts) - pts[r]
                by_deal.setdefault(row.deal, []).append(pts[r] - others / (self.n - 1))
            for values in by_deal.values():
                v = sum(values) / len(values)
                acc[0] += 1
                acc[1] += v
                acc[2] += v * v
        else:
            for grow in result.games:
                acc[0] += 1 / self.n
                share = 1.0 if grow.winner == grow.rotation else 0.0
                if grow.winner == -1:
                    share = 1 / self.n
                acc[1] += share / self.n
        if self._progress is not None:
            self._progress.update(
                self._tasks[key],
                advance=chunk.stop - chunk.start,
                description=self._label(key),
            )

    def __enter__(self) -> Progress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


def _serial(spec: ArenaSpec, chunks: list[Chunk]) -> Iterator[ChunkResult]:
    for chunk in chunks:
        yield run_chunk(spec, chunk)


def _pool(spec: ArenaSpec, chunks: list[Chunk], jobs: int) -> Iterator[ChunkResult]:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs) as pool:
        yield from pool.imap_unordered(_run_packed, [(spec, c) for c in chunks])


def _run_packed(args: tuple[ArenaSpec, Chunk]) -> ChunkResult:
    return run_chunk(*args)


def _ray(spec: ArenaSpec, chunks: list[Chunk], address: str, jobs: int) -> Iterator[ChunkResult]:
    try:
        import ray
    except ImportError:
        raise ArenaError(
            '--ray needs Ray: pip install "ray[default]" (or pip install "okgin[ray]")'
        ) from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {
            "ignore_reinit_error": True,
            "log_to_driver": False,
            "include_dashboard": False,
            "logging_level": logging.ERROR,
        }
        try:
            if address == "local":
                ray.init(num_cpus=max(1, jobs), **kwargs)
            else:
                ray.init(address=address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ArenaError(f"--ray {address}: cannot connect: {first}") from None
        started = True
    try:
        remote = ray.remote(run_chunk)
        pending = [remote.remote(spec, c) for c in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def execute(
    spec: ArenaSpec,
    chunks: list[Chunk],
    jobs: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    on_result: Callable[[ChunkResult], None] | None = None,
) -> list[ChunkResult]:
    """Run every chunk; results in chunk order whatever the backend."""
    if ray_address is not None:
        stream = _ray(spec, chunks, ray_address, jobs)
    elif jobs > 1 and len(chunks) > 1:
        stream = _pool(spec, chunks, jobs)
    else:
        stream = _serial(spec, chunks)
    order = {c: i for i, c in enumerate(chunks)}
    results: list[ChunkResult | None] = [None] * len(chunks)
    ctx: AbstractContextManager[Any] = progress if progress is not None else nullcontext()
    with ctx:
        for res in stream:
            results[order[res.chunk]] = res
            if progress is not None:
                progress.add(res)
            if on_result is not None:
                on_result(res)
    out = [r for r in results if r is not None]
    if len(out) != len(chunks):
        print("okgin arena: some chunks returned nothing", file=sys.stderr)
    return out
