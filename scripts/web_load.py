"""Load test of ``okgin serve``: simulated people at many tables, each against a bot, on
loopback only, bounded in tables and in time.

    python scripts/web_load.py --tables 200 --rate 1 --seconds 60 [--bot easy] [--db URL]

Starts the server (a subprocess on a free loopback port, SQLite in a temporary folder unless
``--db``), opens ``--tables`` tables, and lets one simulated person per table act ``--rate``
times a second (at a random phase), each on the version it last saw; a finished game is
replaced by a new table. Prints the tables held at the end, the person actions a second, the
bot actions a second, the p50/p99/max time from sending an action to its ``ack``, and the
server process's CPU time per action (from /proc) with the load average at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def pick(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A plain player: knock when it may, the discard leaving the least deadwood, the best
    layoffs, else a random legal action."""
    legal = state["view"]["legal_actions"]
    help_ = state.get("help") or {}
    knocks = [a for a in legal if a["do"] == "knock"]
    if knocks:
        return dict(knocks[0])
    discards = [a for a in legal if a["do"] == "discard"]
    if discards:
        after = help_.get("discards", {})
        return dict(min(discards, key=lambda a: after.get(a["card"], 99)))
    for card, meld in help_.get("layoffs") or []:
        for a in legal:
            if a["do"] == "layoff" and a["card"] == card and a["meld"] == meld:
                return dict(a)
    done = [a for a in legal if a["do"] == "done"]
    return dict(done[0] if done else rng.choice(legal))


def create(url: str, bot: str) -> tuple[str, str]:
    body = json.dumps(
        {"seats": [{"kind": "person", "name": "Load"}, {"kind": "bot", "bot": bot}]}
    ).encode()
    req = urllib.request.Request(
        url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        doc = json.loads(res.read())
    return doc["id"], doc["seats"][0]["link"].split("#", 1)[1]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.person_actions = 0
        self.bot_actions = 0
        self.games = 0
        self.errors: list[str] = []
        self.held = 0


async def person(url: str, bot: str, rate: float, until: float, stats: Stats, seed: int) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    ws_url = url.replace("http://", "ws://")
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.random() / rate)  # a random phase
    while time.monotonic() < until:
        table_id, token = await loop.run_in_executor(None, create, url, bot)
        async with connect(f"{ws_url}/ws/{table_id}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            state: dict[str, Any] = json.loads(await ws.recv())
            next_at = time.monotonic()
            try:
                while time.monotonic() < until:
                    table = state["table"]
                    if table["game_over"]:
                        stats.games += 1
                        break
                    if table["hand_over"]:
                        msg: dict[str, Any] = {"type": "next_hand", "version": state["version"]}
                    elif table["to_play"] == 0:
                        msg = {
                            "type": "action",
                            "action": pick(state, rng),
                            "version": state["version"],
                        }
                    else:  # the bot's turn: wait for its move
                        try:
                            text = await asyncio.wait_for(
                                ws.recv(), max(0.1, until - time.monotonic())
                            )
                        except TimeoutError:
                            continue  # the time is up (or the bot is slow): the loop decides
                        frame = json.loads(text)
                        if "view" in frame:
                            event = frame.get("event") or {}
                            if frame.get("type") == "event" and event.get("seat") == 1:
                                stats.bot_actions += 1
                            state = frame
                        continue
                    next_at += 1 / rate
                    await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                    sent = time.perf_counter()
                    await ws.send(json.dumps(msg))
                    while True:
                        frame = json.loads(await ws.recv())
                        if "view" in frame:
                            state = frame
                        if frame["type"] in ("ack", "refused", "error"):
                            break
                    if frame["type"] != "ack":
                        stats.errors.append(str(frame.get("message")))
                        continue
                    stats.latencies.append(time.perf_counter() - sent)
                    if msg["type"] == "action":
                        stats.person_actions += 1
                else:
                    stats.held += 1  # still playing when the time was up
            except TimeoutError:
                stats.errors.append("no frame came in time")


async def run(url: str, args: argparse.Namespace) -> Stats:
    stats = Stats()
    start = time.monotonic()
    until = start + args.seconds
    tasks = [
        asyncio.create_task(person(url, args.bot, args.rate, until, stats, i))
        for i in range(args.tables)
    ]
    await asyncio.gather(*tasks, return_exceptions=False)
    stats.elapsed = time.monotonic() - start  # type: ignore[attr-defined]
    return stats


def wait_ready(url: str, seconds: float = 30.0) -> None:
    """Wait until the server answers (it prints its address before it listens)."""
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=5):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


def cpu_seconds(pid: int) -> float | None:
    """The user + system CPU time process ``pid`` has used (None where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--rate", type=float, default=1.0, help="actions a second per person")
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--bot", default="easy")
    p.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    args = p.parse_args()
    if not (1 <= args.tables <= 1000 and 0 < args.rate <= 10 and 1 <= args.seconds <= 600):
        p.error("--tables 1..1000, --rate up to 10, --seconds 1..600")
    tmp = Path(tempfile.mkdtemp(prefix="okgin-load-"))
    db = args.db or f"sqlite:///{tmp / 'load.sqlite3'}"
    env = dict(os.environ, PYTHONPATH=str(ROOT), OKGIN_DATA_DIR=str(tmp))
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "okgin",
            "serve",
            "--port",
            "0",
            "--db",
            db,
            "--quiet",
            "--rate",
            "100",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        url = line.split(": ", 1)[1].strip().rstrip("/")
        wait_ready(url)
        cpu_before, mine_before = cpu_seconds(server.pid), time.process_time()
        stats = asyncio.run(run(url, args))
        cpu_after, mine = cpu_seconds(server.pid), time.process_time() - mine_before
    finally:
        server.terminate()
        server.wait(10)
    lat = sorted(stats.latencies)
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    if not lat:
        print("no action was acknowledged")
        return 1
    q = statistics.quantiles(lat, n=100) if len(lat) >= 100 else lat
    p50 = statistics.median(lat) * 1000
    p99 = (q[98] if len(lat) >= 100 else lat[-1]) * 1000
    print(f"tables {args.tables} (held at the end: {stats.held}), {elapsed:.0f} s, bot {args.bot}")
    print(
        f"person actions {stats.person_actions} ({stats.person_actions / elapsed:.1f}/s), "
        f"bot actions seen {stats.bot_actions} ({stats.bot_actions / elapsed:.1f}/s), "
        f"games finished {stats.games}, refusals {len(stats.errors)}"
    )
    print(
        f"send -> ack: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1] * 1000:.1f} ms "
        f"over {len(lat)} acks"
    )
    if cpu_before is not None and cpu_after is not None:
        actions = stats.person_actions + stats.bot_actions
        used = cpu_after - cpu_before
        print(
            f"server CPU {used:.1f} s ({100 * used / elapsed:.0f}% of a core), "
            f"{1000 * used / max(1, actions):.2f} ms per action (person + bot), "
            f"load average {os.getloadavg()[0]:.2f}"
        )
    print(f"the simulated people's own CPU {mine:.1f} s ({100 * mine / elapsed:.0f}% of a core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
