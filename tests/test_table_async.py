"""okgin.table inside an asyncio event loop: bots think off the loop, the loop keeps its timers.

The expert is pure Python, so in a thread it takes the GIL from the loop again and again;
``scripts/table_ticks.py`` measured ticks up to 92 ms late that way on the project's busy
2-core machine, and at most 12 ms with the bots thinking in :func:`okgin.table.thinking_pool`
(a process pool), which is what servers use and what this test holds to 50 ms. On a machine
loaded beyond :data:`OVERLOADED` times its cores (the shared development machine at times) a
late tick is reported as a skip with the load, not as a failure: there other processes take
the cores from the loop whatever the bots run on. CI's two cores are far from that.

Where the test may (as root), its process runs at a higher priority than the machine's other
work while it times the loop (:func:`loop_first`), as a server's event loop may be run: what
is timed is then the table's effect on the loop, not the other tests' (the bots' workers are
still niced below the loop, and bots thinking on the loop still make it fail: checked, a
tick 289 ms late).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from okgin.actions import Action, from_json
from okgin.table import Seat, Table, TableEvent, thinking_pool
from okgin.views import View

TICK = 0.010
#: A load average above this many times the cores is a machine too busy to time a loop on.
OVERLOADED = 4


@contextlib.contextmanager
def loop_first(niceness: int = -10) -> Iterator[None]:
    """This process at ``niceness`` for the block, where the system allows it (else as it
    was), and back to its own priority after."""
    before = os.getpriority(os.PRIO_PROCESS, 0)
    try:
        os.setpriority(os.PRIO_PROCESS, 0, niceness)
    except PermissionError:
        yield
        return
    try:
        yield
    finally:
        os.setpriority(os.PRIO_PROCESS, 0, before)


def test_two_experts_and_a_remote_person_never_make_a_10ms_tick_late_by_50ms() -> None:
    expert_actions = 12

    async def main() -> tuple[list[float], int, float]:
        table = Table(
            {"preset": "standard", "players": 3},
            [Seat.person("Remote"), Seat.bot("expert"), Seat.bot("expert")],
            seed=5,
        )
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        table.subscribe(0, lambda e: inbox.put_nowait(e.data["view"]))
        inbox.put_nowait(table.view(0).to_json())  # what the client gets when it connects
        moved = asyncio.Event()
        late: list[float] = []
        done = asyncio.Event()

        async def ticker() -> None:
            loop = asyncio.get_running_loop()
            due = loop.time() + TICK
            while not done.is_set():
                await asyncio.sleep(max(0.0, due - loop.time()))
                now = loop.time()
                late.append(now - due)
                due = now + TICK

        async def client() -> None:
            """The remote person: acts on the views its events bring, nothing else."""
            rng = random.Random(0)
            while not done.is_set():
                try:
                    view = await asyncio.wait_for(inbox.get(), 1.0)
                except TimeoutError:
                    continue
                while not inbox.empty():
                    view = inbox.get_nowait()
                if view["to_play"] == 0 and view["legal_actions"]:
                    await asyncio.sleep(0.002)  # the network
                    _, action = from_json(rng.choice(view["legal_actions"]))
                    table.submit(0, action, view["version"])
                    moved.set()

        async def server() -> tuple[int, float]:
            applied, thinking = 0, 0.0
            while applied < expert_actions and not table.game_over:
                start = time.perf_counter()
                applied += await table.run_bots_async(pool)
                thinking += time.perf_counter() - start
                if table.hand_over:
                    table.next_hand(table.version)
                elif table.person_to_play is not None:
                    await asyncio.wait_for(moved.wait(), 10.0)
                    moved.clear()
            return applied, thinking

        tasks = [asyncio.create_task(ticker()), asyncio.create_task(client())]
        applied, thinking = await server()
        done.set()
        await asyncio.gather(*tasks)
        return late, applied, thinking

    # A server starts its pool with itself, not on its first bot move: the worker (a fork of
    # this big test process) is started before the loop is timed. The priority comes first:
    # the pool's threads in this process inherit it (one left behind, holding the GIL while
    # descheduled, made the loop wait for it: ticks 118 ms late at load 9).
    with loop_first():
        pool = thinking_pool(1)
        try:
            pool.submit(int).result(timeout=60)
            late, applied, thinking = asyncio.run(main())
        finally:
            pool.shutdown()
    assert applied >= expert_actions
    assert thinking > 0.5  # the experts did think (about 0.1-0.2 s a decision)
    assert len(late) >= thinking / TICK / 3  # the loop kept ticking while they thought
    worst = max(late) * 1000
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    if worst >= 50 and load > OVERLOADED * cores:
        # measured at load 19 on the 2 cores: an idle loop alone 11 ms late at worst, this
        # table 34-65 ms (scripts/table_ticks.py); say so rather than blame the table
        pytest.skip(f"the machine is overloaded (load {load:.0f} on {cores} cores): a tick "
                    f"ran {worst:.0f} ms late")
    assert worst < 50, f"a tick ran {worst:.0f} ms late (load {load:.1f} on {cores} cores)"


def test_fast_bots_in_the_default_thread_pool_play_a_hand() -> None:
    table = Table({"preset": "standard", "format": "single"},
                  [Seat.bot("easy"), Seat.bot("medium")], seed=8)
    seen: list[TableEvent] = []
    table.subscribe(None, seen.append)
    steps = asyncio.run(table.run_bots_async())
    assert table.game_over and steps == table.version == len(table.game.hand.history)
    assert [e.version for e in seen if e.kind == "action"] == list(range(1, steps + 1))


class Gate:
    """A bot that thinks until it is let go, then plays its first legal action."""

    name = "gate"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.calls = 0

    def act(self, view: View) -> Action:
        self.calls += 1
        assert self.go.wait(10.0)
        return view.legal_actions[0]

    def explain(self, view: View, action: Action) -> str:
        return ""


def test_a_decision_made_for_an_older_version_is_not_applied() -> None:
    async def main() -> None:
        table = Table({"preset": "standard", "format": "single"},
                      [Seat.person("Ann"), Seat.bot("easy")], seed=3, undo=True, dealer=1)
        gate = Gate()
        table._bots[1] = gate
        while table.to_play == 0:  # Ann plays until the bot is on turn
            table.submit(0, table.view(0).legal_actions[0], table.version)
        assert table.bot_to_play == 1
        version = table.version
        run = asyncio.create_task(table.run_bots_async())
        second = asyncio.create_task(table.run_bots_async())  # waits for the first
        while gate.calls == 0:
            await asyncio.sleep(0.001)
        history = list(table.game.hand.history)
        table.undo(0, version)  # Ann takes her last action back while the bot thinks
        assert table.game.hand.history == history[:-1] and table.to_play == 0
        gate.go.set()
        assert await run == 0 and await second == 0
        assert table.game.hand.history == history[:-1] and table.version == version + 1
        assert gate.calls == 1

    asyncio.run(main())
