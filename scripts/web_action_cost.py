"""The web server's CPU per action, in process: the calls the WebSocket handler makes, timed
with ``time.process_time`` (not the wall clock, so other jobs on the machine count little).

    python scripts/web_action_cost.py [--tables 20] [--actions 3000] [--profile]

Makes a :class:`~okgin.web.hub.Hub` on an SQLite file in a temporary folder (the same engine
``okgin serve`` makes: WAL, ``synchronous=NORMAL``), opens ``--tables`` tables of one person
against an ``easy`` bot, attaches one connection to each person's seat (whose frames are
drained and parsed as a browser would), and plays ``--actions`` person messages through
``app.handle`` (the same code path as a WebSocket message, after ``parse_message``), each
followed by the bot's moves (``Live.kick_bots``, awaited: the server's bot task, on the
loop's thread pool). Prints the CPU per person message (handle: submit with its SQL commit,
the events, the ack) and per bot action (decision, commit, events), and their mean.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from web_load import pick  # noqa: E402

from okgin.table import Seat  # noqa: E402
from okgin.web.app import handle  # noqa: E402
from okgin.web.db import make_engine, upgrade  # noqa: E402
from okgin.web.hub import Connection, Hub  # noqa: E402
from okgin.web.protocol import parse_message  # noqa: E402
from okgin.web.store import SqlStore  # noqa: E402


async def run(tables: int, actions: int, seed: int, profile: bool) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{tmp}/cost.sqlite3")
        upgrade(engine)
        hub = Hub(SqlStore(engine))
        live_conns: list[tuple[Any, Connection, dict[str, Any]]] = []

        async def open_table(i: int) -> tuple[Any, Connection, dict[str, Any]]:
            live, _tokens = hub.create(
                {"preset": "standard"},
                [Seat.person("Load"), Seat.bot("easy")],
                seed=seed * 1000 + i,
            )
            conn = Connection(0)
            live.attach(conn)
            handle(hub, live, conn, parse_message(json.dumps({"type": "hello"})))
            live.kick_bots()
            if live.bot_task is not None:
                await live.bot_task
            st: dict[str, Any] = {}
            while not conn.queue.empty():
                frame = json.loads(conn.queue.get_nowait())
                if "view" in frame:
                    st = frame
            return live, conn, st

        for i in range(tables):
            live_conns.append(await open_table(i))
        person_cpu = bot_cpu = 0.0
        person_n = bot_n = 0
        prof = cProfile.Profile() if profile else None
        made = tables
        for k in range(actions):
            i = k % tables
            live, conn, st = live_conns[i]
            table = st["table"]
            if table["game_over"]:
                live_conns[i] = await open_table(made)
                made += 1
                continue
            if table["hand_over"]:
                msg: dict[str, Any] = {"type": "next_hand", "version": st["version"]}
            else:
                msg = {"type": "action", "action": pick(st, rng), "version": st["version"]}
            text = json.dumps(msg)
            if prof is not None:
                prof.enable()
            t0 = time.process_time()
            handle(hub, live, conn, parse_message(text))
            t1 = time.process_time()
            before = live.table.version
            if live.bot_task is not None:  # the bot's moves, as the server's bot task plays them
                await live.bot_task
            steps = live.table.version - before
            t2 = time.process_time()
            if prof is not None:
                prof.disable()
            person_cpu += t1 - t0
            person_n += 1
            bot_cpu += t2 - t1
            bot_n += steps
            while not conn.queue.empty():  # the browser's side: read every frame
                frame = json.loads(conn.queue.get_nowait())
                if "view" in frame:
                    st = frame
            if st.get("type") == "refused":
                raise SystemExit(f"refused: {st.get('message')}")
            live_conns[i] = (live, conn, st)
        engine.dispose()
    if prof is not None:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
    return {
        "person_ms": 1000 * person_cpu / max(1, person_n),
        "bot_ms": 1000 * bot_cpu / max(1, bot_n),
        "person_n": person_n,
        "bot_n": bot_n,
        "per_action_ms": 1000 * (person_cpu + bot_cpu) / max(1, person_n + bot_n),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--actions", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    r = asyncio.run(run(args.tables, args.actions, args.seed, args.profile))
    print(
        f"person messages {r['person_n']:.0f}: {r['person_ms']:.3f} ms CPU each; "
        f"bot actions {r['bot_n']:.0f}: {r['bot_ms']:.3f} ms CPU each; "
        f"per action {r['per_action_ms']:.3f} ms CPU"
    )


if __name__ == "__main__":
    main()
