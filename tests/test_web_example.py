"""examples/web_bot.py, a program taking a seat through its invite link, plays a whole game
against the server's bot over the same protocol as the browser."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from webtools import ROOT, Server

from okgin.record import replay


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", tmp_path)
    try:
        yield srv
    finally:
        srv.stop()


def test_the_example_program_plays_a_whole_game(server: Server) -> None:
    table = server.create(
        [{"kind": "person", "name": "Program"}, {"kind": "bot", "bot": "easy"}],
        rules={"preset": "standard", "target": 100},
        seed=47,  # a game to 100 in three hands (tests/test_web_games.py says why it matters)
    )
    link = server.url + table["seats"][0]["link"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "web_bot.py"), link, "--bot", "medium"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("game over: totals")
    status, _, body = server.request(f"/api/tables/{table['id']}/record")
    assert status == 200
    doc = json.loads(body)
    game = replay(doc)
    assert game.is_over and max(game.totals) >= 100 and len(doc["hands"]) >= 2


def test_the_example_says_why_a_wrong_token_fails(server: Server) -> None:
    table = server.create([{"kind": "person"}, {"kind": "bot", "bot": "easy"}])
    link = server.url + f"/t/{table['id']}#not-the-token"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "web_bot.py"), link],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode != 0 and "token" in done.stderr and "Traceback" not in done.stderr
