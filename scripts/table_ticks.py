"""How late an event loop's ticks run while a table's bots think, by executor.

    nice -n 19 python scripts/table_ticks.py --executor thread --actions 60
    nice -n 19 python scripts/table_ticks.py --executor process --actions 60

A table of two ``--bot`` seats (``expert`` by default) and one remote person (a coroutine that
answers on its turn with a legal action, as a client over a socket would) is played inside an
asyncio loop by :meth:`okgin.table.Table.run_bots_async` with the bots thinking in
``--executor`` (``thread``: the loop's default thread pool; ``process``:
:func:`okgin.table.thinking_pool`), while another coroutine asks to wake every 10 ms. It
prints how late the ticks ran (median, 99th percentile, max, in ms).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor

from okgin.table import Seat, Table, thinking_pool

TICK = 0.010


async def play(table: Table, person: int, actions: int, executor: Executor | None) -> None:
    """Play until ``actions`` bot actions have been applied (or the game ends)."""
    rng = random.Random(0)
    applied = 0
    while applied < actions and not table.game_over:
        applied += await table.run_bots_async(executor)
        if table.hand_over:
            table.next_hand(table.version)
        elif table.to_play == person:
            await asyncio.sleep(0.005)  # the client's reply over the network
            view = table.view(person)
            table.submit(person, rng.choice(view.legal_actions), table.version)


async def measure(
    bot: str, actions: int, executor: Executor | None, seed: int
) -> tuple[list[float], int]:
    table = Table(
        {"preset": "standard", "players": 3},
        [Seat.person("Remote"), Seat.bot(bot), Seat.bot(bot)],
        seed=seed,
    )
    lateness: list[float] = []
    stop = asyncio.Event()

    async def ticker() -> None:
        loop = asyncio.get_running_loop()
        due = loop.time() + TICK
        while not stop.is_set():
            await asyncio.sleep(max(0.0, due - loop.time()))
            now = loop.time()
            lateness.append(now - due)
            due = now + TICK

    tick = asyncio.create_task(ticker())
    before = table.version
    await play(table, 0, actions, executor)
    stop.set()
    await tick
    return lateness, table.version - before


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--executor", choices=("thread", "process"), default="thread")
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--actions", type=int, default=60, help="bot actions to play")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    pool = thinking_pool(1) if args.executor == "process" else None
    try:
        if pool is not None:  # start the worker before measuring
            pool.submit(int).result()
        start = time.perf_counter()
        lateness, versions = asyncio.run(measure(args.bot, args.actions, pool, args.seed))
        wall = time.perf_counter() - start
    finally:
        if pool is not None:
            pool.shutdown()
    ms = sorted(x * 1000 for x in lateness)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(
        f"executor {args.executor}, bots {args.bot}: {versions} versions in {wall:.1f} s, "
        f"{len(ms)} ticks late by median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, "
        f"max {ms[-1]:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
