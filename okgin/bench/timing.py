"""How the work is timed: interleaved repeats and their medians on a chosen clock, copies
sized to a duration, the memory of one copy, and the figures of several worker processes."""

from __future__ import annotations

import gc
import multiprocessing
import os
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from okgin.bench.engines import ENGINES, Work, clear_okgin_caches, copies, random_hands_work
from okgin.bench.inputs import SEED

if TYPE_CHECKING:
    from okgin.bench.report import BenchReport

__all__ = [
    "CLOCKS",
    "GROUPS",
    "Sizes",
    "copy_bytes",
    "copy_rounds",
    "median_rates",
    "process_figures",
]

#: the groups of figures, in the order they run (``okgin bench --only``): deadwood_*,
#: random_hands and random_hands_rlcard_env, state_copies and state_copy_bytes, the
#: process figures, simple_bot_hands, the env figures
GROUPS: Final = ("deadwood", "random_hands", "copies", "processes", "bots", "env")

#: the clocks a single-process figure may be timed with
CLOCKS: Final[dict[str, Callable[[], float]]] = {
    "cpu": time.process_time,
    "wall": time.perf_counter,
}


@dataclass(frozen=True)
class Sizes:
    """How much work each figure does. The inputs are the same for every engine; where an
    engine is timed on repeated work (copies, the process figures) the amount is sized to
    a duration, per engine."""

    repeats: int = 7
    deadwood_hands: int = 20_000
    random_hands: int = 400
    env_hands: int = 100
    process_seconds: float = 0.5  # each worker's share lasts about this long
    process_min_hands: int = 20
    copy_states: int = 32
    copy_seconds: float = 0.2  # each engine copies its states enough times to take this long
    bot_hands: int = 200
    memory_copies: int = 50
    env_games: int = 60
    clock: str = "cpu"  # "cpu": this process's CPU time; "wall": elapsed time
    pz126: str | None = None  # the Python of a virtual environment with PettingZoo 1.26
    groups: tuple[str, ...] = GROUPS  # which figures to measure (okgin bench --only)

    @classmethod
    def quick(cls) -> Sizes:
        return cls(
            repeats=3,
            deadwood_hands=500,
            random_hands=12,
            env_hands=4,
            process_seconds=0.02,
            process_min_hands=2,
            copy_states=4,
            copy_seconds=0.005,
            bot_hands=4,
            memory_copies=5,
            env_games=3,
        )


def _process_worker(
    engine: str, count: int, seed: int, barrier: Any, results: Any, index: int
) -> None:
    """One worker of a process figure: prepare (untimed), wait for every worker at the
    barrier, play, and report its own (start, end) wall-clock times."""
    prepare, run = random_hands_work(engine, count, seed)
    if engine == "okgin":
        clear_okgin_caches()
    prepared = prepare()
    gc.collect()
    barrier.wait()
    start = time.time()
    run(prepared)
    results.put((index, start, time.time()))


def copy_rounds(states: Sequence[Any], do: Callable[[Any], Any], seconds: float, clock: str) -> int:
    """How many times to copy each state for one repeat to last about ``seconds``
    (like ``timeit.autorange``: 1, 2, 5, 10, 20, 50, …)."""
    rounds = 1
    while True:
        start = CLOCKS[clock]()
        copies((states, do, rounds))
        if CLOCKS[clock]() - start >= seconds:
            return rounds
        rounds = rounds * 5 // 2 if str(rounds)[0] == "2" else rounds * 2


def copy_bytes(states: Sequence[Any], do: Callable[[Any], Any], copies: int) -> float:
    """Mean bytes allocated by one copy (copies kept alive, measured by tracemalloc)."""
    sizes = []
    for state in states:
        keep: list[Any] = [None] * copies
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for i in range(copies):
                keep[i] = do(state)
            after = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        sizes.append((after - before) / copies)
        del keep
    return statistics.fmean(sizes)


def median_rates(
    report: BenchReport,
    name: str,
    works: dict[str, Work],
    progress: Callable[[str], None],
) -> None:
    """Run every engine's work ``repeats`` times, interleaved; store the medians of units/s."""
    progress(name)
    repeats = report.sizes.repeats
    clock = CLOCKS[report.sizes.clock]
    rates: dict[str, list[float]] = {engine: [] for engine in works}
    for _ in range(repeats):
        for engine, (prepare, run) in works.items():
            if engine == "okgin":
                clear_okgin_caches()
            prepared = prepare()
            gc.collect()
            start = clock()
            done = run(prepared)
            rates[engine].append(done / (clock() - start))
    row = report.figures.setdefault(name, {})
    for engine in ENGINES:
        row[engine] = statistics.median(rates[engine]) if engine in rates else None


def process_figures(
    report: BenchReport, sizes: Sizes, engines: list[str], say: Callable[[str], None]
) -> None:
    """Random hands in 1 and 2 worker processes started together (a barrier); hands per
    second of wall time over all workers. Each worker plays the first deals of the fixed
    list, as many as its engine plays in about ``sizes.process_seconds``."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx: Any = multiprocessing.get_context(method)
    counts = {}
    for engine in engines:
        rate = report.figures["random_hands"][engine] or 1.0
        counts[engine] = max(sizes.process_min_hands, round(rate * sizes.process_seconds))
    rates: dict[tuple[str, int], list[float]] = {(e, p): [] for e in engines for p in (1, 2)}
    say("random_hands_1proc, random_hands_2proc")
    for _ in range(sizes.repeats):
        for engine in engines:
            for procs in (1, 2):
                barrier = ctx.Barrier(procs)
                results = ctx.Queue()
                workers = [
                    ctx.Process(
                        target=_process_worker,
                        args=(engine, counts[engine], SEED + i, barrier, results, i),
                    )
                    for i in range(procs)
                ]
                for w in workers:
                    w.start()
                times = [results.get() for _ in workers]
                for w in workers:
                    w.join()
                span = max(t[2] for t in times) - min(t[1] for t in times)
                rates[(engine, procs)].append(procs * counts[engine] / span)
    for procs in (1, 2):
        row: dict[str, float | None] = dict.fromkeys(ENGINES)
        for engine in engines:
            row[engine] = statistics.median(rates[(engine, procs)])
        report.figures[f"random_hands_{procs}proc"] = row
    scaling: dict[str, float | None] = dict.fromkeys(ENGINES)
    for engine in engines:
        one = report.figures["random_hands_1proc"][engine]
        two = report.figures["random_hands_2proc"][engine]
        scaling[engine] = two / one if one and two else None
    report.figures["random_hands_scaling"] = scaling
    report.notes.append(
        f"processes ({method}, {os.cpu_count()} CPUs): hands per worker "
        + ", ".join(f"{e} {counts[e]}" for e in engines)
    )
