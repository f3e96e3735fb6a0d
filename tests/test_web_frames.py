"""The hub's frames are written with each view serialised once per version: their text must
be exactly ``json.dumps`` of the frame as a dict (the form the protocol documents)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from okgin.table import Seat
from okgin.views import View
from okgin.web.db import make_engine, upgrade
from okgin.web.hub import Connection, Hub, state, state_frame
from okgin.web.protocol import help_for
from okgin.web.store import SqlStore


def test_frames_are_the_json_of_their_dict_form(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'frames.sqlite3'}")
    upgrade(engine)
    hub = Hub(SqlStore(engine))
    live, _ = hub.create({"preset": "standard"}, [Seat.person("A"), Seat.person("B")], seed=5)
    conns = {seat: Connection(seat) for seat in (0, 1, None)}
    for conn in conns.values():
        live.attach(conn)
    table = live.table
    seen = 0
    for _ in range(12):
        seat = table.to_play
        assert seat is not None
        view = table.view(seat)
        table.submit(seat, view.legal_actions[0], table.version)
        for recipient, conn in conns.items():
            while not conn.queue.empty():
                text = conn.queue.get_nowait()
                frame: dict[str, Any] = json.loads(text)
                assert text == json.dumps(frame)
                assert list(frame) == [
                    "type",
                    "version",
                    "kind",
                    "event",
                    "seat",
                    "view",
                    "help",
                    "table",
                ]
                mine = table.view(recipient) if recipient is not None else table.spectator_view()
                assert frame["view"] == mine.to_json()
                assert frame["view"] == View.from_json(frame["view"]).to_json()
                if recipient is not None:
                    assert frame["help"] == help_for(mine)
                seen += 1
            head = {"type": "ack", "acked": table.version, "repeat": False}
            assert state_frame(live, recipient, head) == json.dumps(
                {**head, **state(live, recipient)}
            )
    assert seen >= 36
    engine.dispose()
