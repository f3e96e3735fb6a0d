"""What outlives the server process and okgin's own upgrades, on SQLite and on PostgreSQL: a
rematch offered before a restart (SIGKILL) is offered after it with the same table and seats,
and a database made by the first migration (0001) with a saved game in it is upgraded to the
newest schema when the server starts, the game resumed and played to its end."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from webtools import (
    DATABASES,
    Client,
    Server,
    database,
    person_clients,
    play_turn,
    record_versions,
    token_of,
)

from okgin.actions import DRAW
from okgin.record import replay
from okgin.table import Seat, Table
from okgin.web.db import make_engine, upgrade
from okgin.web.store import SqlStore

HEAD = "0002"
OLD_TABLES = {"okgin_tables", "okgin_entries", "okgin_tokens"}
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "easy", "name": "Eve"},
    {"kind": "person", "name": "Bob"},
]


def schema_version(url: str) -> tuple[str, set[str]]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        names = set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()
    return str(version), names


def play_to_the_end(persons: dict[int, Client]) -> list[tuple[int, Any]]:
    everyone = list(persons.values())
    acked: list[tuple[int, Any]] = []
    rng = random.Random(7)
    for _ in range(5000):
        if not play_turn(persons, everyone, rng, acked):
            return acked
    raise AssertionError("the game did not end")


def opens_seat(server: Server, link: str, table_id: str, seat: int) -> dict[str, Any]:
    """Open ``link``'s seat: its snapshot, which must be ``seat`` at ``table_id``."""
    assert link.startswith(f"/t/{table_id}#")
    client = Client(server, table_id, token_of(link))
    try:
        snap = client.recv()
    finally:
        client.close()
    assert snap["type"] == "snapshot" and snap["seat"] == seat, snap
    return snap


@pytest.mark.parametrize("db", DATABASES)
def test_a_rematch_is_still_offered_after_a_restart_with_the_same_seats(
    db: str, tmp_path: Path
) -> None:
    with database(db, tmp_path) as url:
        server = Server(url, tmp_path, "--rate", "1000")
        try:
            table = server.create(SEATS, rules={"preset": "standard", "format": "single"}, seed=31)
            persons = person_clients(server, table)
            play_to_the_end(persons)
            persons[0].drain(0.2)
            old = persons[0].state
            assert old is not None and old["table"]["game_over"]
            persons[2].send({"type": "rematch"})
            before = {s: c.until(lambda f: f["type"] == "rematch") for s, c in persons.items()}
            new_id = before[0]["table"]
            assert before[2]["table"] == new_id and new_id != table["id"]
            assert before[0]["link"] != before[2]["link"]

            server = server.crash_and_restart()  # what was committed is all there is
            after = {}
            for seat, c in persons.items():
                c.connect(server, c.version)
                after[seat] = c.until(lambda f: f["type"] == "rematch")
                assert after[seat]["table"] == new_id  # the same rematch, not a new one
            persons[0].send({"type": "rematch"})  # asking again: still the same one
            assert persons[0].until(lambda f: f["type"] == "rematch")["table"] == new_id
            watcher = Client(server, table["id"], None)
            assert watcher.until(lambda f: f["type"] == "rematch")["link"] == f"/t/{new_id}"
            watcher.close()
            # each seat's links, given before and after the restart, open that same seat
            for seat in persons:
                for frame in (before[seat], after[seat]):
                    snap = opens_seat(server, frame["link"], new_id, seat)
            # ... of a table with the same seats and rules, a fresh game
            assert snap["view"]["past_results"] == [] and not snap["table"]["game_over"]
            assert snap["table"]["seats"] == old["table"]["seats"]
            assert snap["table"]["names"] == ["Ann", "Eve", "Bob"]
            assert snap["rules"] == old["rules"]
            for c in persons.values():
                c.close()
        finally:
            server.stop()


@pytest.mark.parametrize("db", DATABASES)
def test_an_upgrade_from_the_first_schema_keeps_a_saved_game_playable(
    db: str, tmp_path: Path
) -> None:
    with database(db, tmp_path) as url:
        engine = make_engine(url)
        upgrade(engine, "0001")  # the schema an okgin of migration 0001 made
        store = SqlStore(engine)  # 0001's tables only: tables, entries, tokens
        table = Table(
            {"preset": "standard", "target": 40},
            [Seat.person("Ann"), Seat.bot("medium")],
            seed=41,
            store=store,
        )
        token = "a-seat-token-saved-before-the-upgrade"
        store.add_tokens(table.id, {0: token})
        while table.version < 25 and not table.hand_over:
            if table.bot_to_play is not None:
                table.step_bot()
            else:
                view = table.view(0)
                action = DRAW if DRAW in view.legal_actions else view.legal_actions[0]
                table.submit(0, action, table.version)
        saved_version, saved = table.version, record_versions(table.record())
        engine.dispose()
        assert schema_version(url) == ("0001", {"alembic_version", *OLD_TABLES})

        server = Server(url, tmp_path, "--rate", "1000")  # upgrades at start
        try:
            assert schema_version(url) == (
                HEAD,
                {"alembic_version", *OLD_TABLES, "okgin_rematches"},
            )
            ann = Client(server, table.id, token)
            snap = ann.recv()
            assert snap["type"] == "snapshot" and snap["seat"] == 0
            assert snap["version"] == saved_version
            acked = play_to_the_end({0: ann})
            assert acked  # the person played on after the upgrade
            status, _, body = server.request(f"/api/tables/{table.id}/record")
            assert status == 200, body
            doc = json.loads(body)
            made = record_versions(doc)
            assert all(made[v] == a for v, a in saved.items())  # the saved moves, unchanged
            for version, action in acked:
                assert made[version] == action
            game = replay(doc)
            assert game.is_over and max(game.totals) >= 40
            ann.send({"type": "rematch"})  # the new schema's rematch works on the old game
            frame = ann.until(lambda f: f["type"] == "rematch")
            opens_seat(server, frame["link"], frame["table"], 0)
            ann.close()
        finally:
            server.stop()
