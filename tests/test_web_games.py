"""Whole games to 100 over real WebSockets (the server in a subprocess, uvicorn on a loopback
port): a person, played by a scripted client, against each bot level, and two people through
their invite links on SQLite and on PostgreSQL. Each game ends with the final scores the core
makes from its record, and the record downloads and replays with ``okgin replay``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from webtools import (
    DATABASES,
    ROOT,
    BotChooser,
    Server,
    person_clients,
    pick,
    play_turn,
    record_versions,
    running,
    server_fixture,
)

from okgin.record import replay

#: Every bot level of the front page's form against a scripted person (webtools.pick), the
#: searchers at small budgets: the expert's budget counts rollout actions, so 0.005 s still
#: searches, and guard=inf keeps its decisions off the clock (the same game on any machine).
#: Each deal (seed) was picked, by playing seeds 1-60 in process, as one whose game to 100
#: takes two hands and few actions: on this 2-core machine at a load of 11-13 an action
#: took the server 24-48 ms, so a game of 800 actions (seen with other seeds) took half a
#: minute. ``OKGIN_WEB_GAMES=N`` plays N more seeds of each. The expert's was picked again
#: (52: two hands, 107 actions) when its default play changed (``mimic=2``): on 48 its game
#: now ends in one hand.
LEVELS = [
    ({"kind": "bot", "bot": "easy"}, 5),
    ({"kind": "bot", "bot": "medium"}, 25),
    ({"kind": "bot", "bot": "hard"}, 12),
    ({"kind": "bot", "bot": "expert:guard=inf", "budget": 0.005, "name": "Expert"}, 52),
]
EXTRA = int(os.environ.get("OKGIN_WEB_GAMES", "0"))
CASES = [(bot, seed) for bot, first in LEVELS for seed in [first, *range(1000, 1000 + EXTRA)]]
TARGET = 100


server = server_fixture("web-games", "--rate", "1000", databases=["sqlite"])


def play_game(
    server: Server, seats: list[dict[str, Any]], seed: int, choose: Any = pick
) -> dict[str, Any]:
    """Play a whole game to ``TARGET`` with a client on every person seat; check it against
    the core and ``okgin replay``; the record."""
    table = server.create(seats, rules={"preset": "standard", "target": TARGET}, seed=seed)
    persons = person_clients(server, table)
    everyone = list(persons.values())
    acked: list[tuple[int, Any]] = []
    rng = random.Random(seed)
    for _ in range(20_000):
        if not play_turn(persons, everyone, rng, acked, choose):
            break
    else:
        raise AssertionError("the game did not end")
    for c in everyone:  # every person sees the end
        if c.state is None or not c.state["table"]["game_over"]:
            c.until(lambda f: "table" in f and f["table"]["game_over"])
    status, headers, body = server.request(f"/api/tables/{table['id']}/record")
    assert status == 200 and "attachment" in headers["content-disposition"], body
    doc: dict[str, Any] = json.loads(body)
    # the final scores the server sent are the core's, worked out again from the record
    game = replay(doc)
    assert game.is_over and game.rules.target == TARGET and max(game.totals) >= TARGET
    finals = [f.to_json() for f in game.final_scores()]
    assert len(finals) == 1 and finals[0]["winner"] == game.score.winner
    for c in everyone:
        assert c.state is not None
        view = c.state["view"]
        assert view["complete"] and view["totals"] == list(game.totals), view["totals"]
        assert view["winner"] == game.score.winner and view["finals"] == finals
    # every acknowledged action of the people is in the record at its version
    made = record_versions(doc)
    assert acked and all(made[v] == a for v, a in acked)
    assert len(doc["hands"]) >= 2  # a game, not a hand
    # the downloaded file replays with okgin replay, to the same totals and winner
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"okgin-{table['id']}.json"
    path.write_bytes(body)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "okgin", "replay", "--json", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
    finally:
        path.unlink()
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout)
    assert summary["complete"] and summary["target"] == TARGET
    assert summary["totals"] == list(game.totals) and summary["winner"] == game.score.winner
    assert summary["final"] == game.score.final == [line["final"] for line in finals[0]["lines"]]
    for c in everyone:
        c.close()
    return doc


@pytest.mark.parametrize(
    ("bot", "seed"), CASES, ids=[f"{b['bot'].split(':')[0]}-{seed}" for b, seed in CASES]
)
def test_a_person_plays_a_whole_game_to_100_against_each_bot_level(
    server: Server, bot: dict[str, Any], seed: int
) -> None:
    doc = play_game(server, [{"kind": "person", "name": "Ann"}, bot], seed)
    assert doc["players"] == ["Ann", bot.get("name", bot["bot"].capitalize())]


@pytest.mark.parametrize("db", DATABASES)
def test_two_people_play_a_whole_game_to_100_through_their_invite_links(
    db: str, tmp_path: Path
) -> None:
    """Both seats opened by their own invite links (each a scripted person deciding like
    ``medium`` from the view it is sent; seed 12: three hands)."""
    with running(db, tmp_path, "--rate", "1000") as server:
        people = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
        doc = play_game(server, people, 12, BotChooser("medium"))
        assert doc["players"] == ["Ann", "Bob"]
