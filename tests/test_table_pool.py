"""okgin.table.thinking_pool: niced worker processes, started the way the caller asks (a
server's are spawned, so they hold none of its sockets)."""

from __future__ import annotations

import asyncio
import os
import socket

import pytest

import okgin.table.pool
from okgin.errors import OkginError
from okgin.table import Seat, Table, thinking_pool


def probe(fd: int) -> tuple[object, int, bool]:
    """What a worker has of its parent: a module attribute set at run time (only a forked
    worker has it), its niceness, and whether the parent's socket is open in it."""
    try:
        os.fstat(fd)
        has_socket = True
    except OSError:
        has_socket = False
    return getattr(okgin.table.pool, "_parent_mark", None), os.nice(0), has_socket


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_workers_start_by_the_method_asked_and_think_below_the_callers_priority(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(okgin.table.pool, "_parent_mark", "parent", raising=False)
    with socket.socket() as sock:
        os.set_inheritable(sock.fileno(), True)  # as a server's listening socket may be
        with thinking_pool(1, niceness=5, start_method=method) as pool:
            mark, nice, has_socket = pool.submit(probe, sock.fileno()).result(timeout=60)
    assert nice == min(19, os.nice(0) + 5)
    if method == "spawn":  # a fresh interpreter: none of the parent's state or sockets
        assert mark is None and not has_socket
    else:
        assert mark == "parent" and has_socket


def test_a_spawned_pool_steps_a_tables_bots_off_the_loop() -> None:
    table = Table({"preset": "standard", "format": "single"}, [Seat.bot("easy")] * 2, seed=3)

    async def play() -> int:
        with thinking_pool(1, start_method="spawn") as pool:
            return await table.run_bots_async(pool)

    steps = asyncio.run(play())
    assert table.game_over and steps == len(table.game.hand.history)


def test_an_unknown_start_method_is_one_line() -> None:
    with pytest.raises(OkginError, match=r"starts its workers by .*spawn.*, not 'thread'$"):
        thinking_pool(start_method="thread")


ORPHAN = """
import os, sys, time
from okgin.table import thinking_pool
pool = thinking_pool(1, start_method=sys.argv[1])
print(pool.submit(os.getpid).result(timeout=60), flush=True)
time.sleep(600)  # killed by the test with SIGKILL: no shutdown runs
"""


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_a_worker_leaves_when_its_parent_is_killed(method: str, tmp_path: object) -> None:
    """A server killed with SIGKILL runs no shutdown; its thinking workers must not stay."""
    import signal
    import subprocess
    import sys
    import time

    parent = subprocess.Popen(
        [sys.executable, "-c", ORPHAN, method], stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        os.kill(worker, 0)  # alive while its parent is
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                return
            with open(f"/proc/{worker}/stat") as stat:  # a zombie waiting for init is gone too
                if stat.read().split(") ")[1].startswith("Z"):
                    return
            time.sleep(0.1)
        os.kill(worker, signal.SIGKILL)
        pytest.fail(f"the {method} worker {worker} outlived its killed parent by 30 s")
    finally:
        parent.kill()
