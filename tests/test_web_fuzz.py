"""The protocol under a bad network: over many seeds the client's messages are dropped (and
sent again after a wait), duplicated, reordered with an older one, or cut off by a reconnect;
client and server never disagree: frames never go back in version on one connection, every
accepted action is acknowledged once (a duplicate gets ``repeat``), an older message is refused
as stale, and at the end the client's state is the server's.

``OKGIN_FUZZ_SEEDS`` sets the number of games per database (6 by default).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from typing import Any

import pytest
from webtools import (
    Client,
    Server,
    pick,
    record_versions,
    server_fixture,
    token_of,
)

SEEDS = int(os.environ.get("OKGIN_FUZZ_SEEDS", "6"))


server = server_fixture("fuzz", "--rate", "1000")


def answer(client: Client) -> dict[str, Any]:
    return client.until(lambda f: f["type"] in ("ack", "refused", "error"))


def check_monotonic(frames: list[dict[str, Any]]) -> None:
    versions = [f["version"] for f in frames if isinstance(f.get("version"), int)]
    assert versions == sorted(versions), "a frame went back in version"


@pytest.mark.parametrize("seed", range(SEEDS))
def test_client_and_server_never_disagree(server: Server, seed: int) -> None:
    rng = random.Random(seed)
    table = server.create(
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "easy"}],
        rules={"preset": "standard", "format": "single"},
        seed=1000 + seed,
    )
    token = token_of(table["seats"][0]["link"])
    ann = Client(server, table["id"], token)
    ann.recv()
    connection_frames: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []  # every action message sent and acknowledged
    acked: dict[int, Any] = {}
    for _ in range(2000):
        state = ann.state
        assert state is not None
        if state["table"]["game_over"]:
            break
        if state["view"]["to_play"] != 0:
            ann.until(
                lambda f: "view" in f and (f["view"]["to_play"] == 0 or f["table"]["game_over"])
            )
            continue
        msg = {"type": "action", "action": pick(state, rng), "version": ann.version}
        roll = rng.random()
        if roll < 0.2:  # dropped: nothing comes back; sent again after a wait
            with contextlib.suppress(TimeoutError):
                ann.until(lambda f: f["type"] in ("ack", "refused"), timeout=0.05)
                raise AssertionError("an answer came to a message never sent")
            ann.send(msg)
            frame = answer(ann)
        elif roll < 0.4:  # duplicated
            ann.send(msg)
            ann.send(msg)
            frame = answer(ann)
            second = answer(ann)
            assert second["type"] == "ack" and second["repeat"] is True, second
            assert second["acked"] == frame["acked"]
        elif roll < 0.6 and sent:  # reordered: an older message arrives after this one
            old = rng.choice(sent)
            ann.send(msg)
            ann.send(old)
            frame = answer(ann)
            late = answer(ann)
            # the old one made against an older version, and not the last accepted: stale
            assert late["type"] == "refused" and late["code"] == "stale", late
        elif roll < 0.7:  # the connection drops after sending; a new one resends
            ann.send(msg)
            connection_frames += ann.frames
            ann.frames = []
            ann.connect(server, ann.version)
            ann.recv()
            ann.send(msg)
            frame = answer(ann)  # a repeat when the first one got through before the drop
        else:
            ann.send(msg)
            frame = answer(ann)
        assert frame["type"] == "ack", frame
        assert frame["acked"] == msg["version"] + 1
        assert frame["acked"] not in acked
        acked[frame["acked"]] = msg["action"]
        sent.append(msg)
        check_monotonic(ann.frames)
    else:
        raise AssertionError("the game did not end")
    check_monotonic(ann.frames)
    # the client's last state is the server's
    fresh = Client(server, table["id"], token)
    snapshot = fresh.recv()
    ann.drain(0.2)
    assert ann.state is not None
    assert ann.state["version"] == snapshot["version"]
    assert ann.state["view"] == snapshot["view"] and ann.state["help"] == snapshot["help"]
    status, _, body = server.request(f"/api/tables/{table['id']}/record")
    assert status == 200
    made = record_versions(json.loads(body))
    assert all(made[v] == a for v, a in acked.items())
    assert len([a for a in made.values() if a != "deal" and a["seat"] == 0]) == len(acked)
    ann.close(), fresh.close()


def test_fuzz_checks_can_fail() -> None:
    with pytest.raises(AssertionError):
        check_monotonic([{"version": 3}, {"version": 2}])
