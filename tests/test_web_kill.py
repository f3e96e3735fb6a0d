"""Durability: the server is killed (SIGKILL) at random points of whole games and restarted on
the same database; every acknowledged action is there afterwards, the bots go on by
themselves, and the finished record replays. On SQLite and on PostgreSQL.

``OKGIN_KILL_GAMES`` sets the number of games per database (2 by default, to keep CI short).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from webtools import (
    DATABASES,
    Client,
    Server,
    database,
    person_clients,
    pick,
    play_turn,
    poll,
    record_versions,
)

from okgin.record import replay

GAMES = int(os.environ.get("OKGIN_KILL_GAMES", "2"))
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "easy"},
    {"kind": "person", "name": "Bob"},
]


def restart(server: Server, clients: list[Client]) -> Server:
    fresh = server.crash_and_restart()
    for c in clients:
        c.connect(fresh, c.version if c.state is not None else None)
        c.recv()
    return fresh


@pytest.mark.parametrize("db", DATABASES)
def test_every_acknowledged_action_survives_sigkill(db: str, tmp_path: Path) -> None:
    rng = random.Random(f"kill-{db}")
    kills = 0
    with database(db, tmp_path) as url:
        server = Server(url, tmp_path, "--rate", "1000")
        try:
            for game in range(GAMES):
                table = server.create(
                    SEATS, rules={"preset": "standard", "target": 30}, seed=100 + game
                )
                persons = person_clients(server, table)
                everyone = list(persons.values())
                acked: list[tuple[int, Any]] = []
                steps = 0
                while True:
                    steps += 1
                    assert steps < 3000, "the game did not end"
                    roll = rng.random()
                    if roll < 0.04:
                        # killed while an action is on its way: the resend is acknowledged
                        # (applied once) whether or not the first one was stored
                        poll(everyone)
                        state = max(
                            (c.state for c in everyone if c.state), key=lambda s: s["version"]
                        )
                        seat = state["table"]["to_play"]
                        if seat in persons and not state["table"]["hand_over"]:
                            me = persons[seat]
                            me.catch_up(state["version"])
                            msg = {
                                "type": "action",
                                "action": pick(me.state or {}, rng),
                                "version": me.version,
                            }
                            me.send(msg)
                            server = restart(server, everyone)
                            kills += 1
                            me.send(msg)
                            frame = me.until(lambda f: f["type"] in ("ack", "refused", "error"))
                            assert frame["type"] == "ack", frame
                            acked.append((frame["acked"], msg["action"]))
                            continue
                    if roll < 0.10:
                        server = restart(server, everyone)
                        kills += 1
                    if not play_turn(persons, everyone, rng, acked):
                        break
                status, _, body = server.request(f"/api/tables/{table['id']}/record")
                assert status == 200, body
                doc = json.loads(body)
                made = record_versions(doc)
                for version, action in acked:
                    assert made.get(version) == action, f"version {version}: {action} was lost"
                assert replay(doc).is_over
                for c in everyone:
                    c.close()
        finally:
            server.stop()
    print(f"{db}: {GAMES} games, {kills} kills")  # seen with pytest -s
    assert kills >= GAMES  # the games were really interrupted
