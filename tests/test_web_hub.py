"""The hub's memory: a finished game nobody has open is dropped after ``keep`` seconds and
loaded again, whole, on the next request; a game still open, or not finished, stays."""

from __future__ import annotations

import asyncio
from pathlib import Path

from okgin.table import Seat
from okgin.web.db import make_engine, upgrade
from okgin.web.hub import Connection, Hub
from okgin.web.store import SqlStore


def test_a_finished_game_nobody_has_open_is_dropped_and_loads_again(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'hub.sqlite3'}")
    upgrade(engine)
    hub = Hub(SqlStore(engine), keep=1.0)
    seats = [Seat.person("A"), Seat.bot("easy")]
    live, _ = hub.create({"preset": "standard", "format": "single"}, seats, seed=5)
    waiting, _ = hub.create({"preset": "standard"}, seats, seed=6)  # never finished
    table = live.table
    conn = Connection(0)
    live.attach(conn)
    while not table.game_over:
        if table.bot_to_play is not None:
            table.run_bots()
        else:
            seat = table.to_play
            assert seat is not None
            table.submit(seat, table.view(seat).legal_actions[0], table.version)
    record = table.record()

    async def main() -> None:
        watcher = asyncio.get_running_loop().create_task(hub.watch(every=0.02))
        try:
            await asyncio.sleep(1.5)
            assert table.id in hub.live  # somebody has it open
            live.detach(conn)
            await asyncio.sleep(0.05)
            assert table.id in hub.live  # not yet: kept for ``keep`` seconds
            for _ in range(200):  # dropped a second after (a loaded machine may be late)
                if table.id not in hub.live:
                    break
                await asyncio.sleep(0.05)
            assert table.id not in hub.live
            assert waiting.table.id in hub.live  # unfinished: its people may come back
        finally:
            watcher.cancel()

    asyncio.run(main())
    again = hub.get(table.id)
    assert again is not live and again.table.game_over
    assert again.table.version == table.version and again.table.record() == record
    hub.close()
    engine.dispose()
