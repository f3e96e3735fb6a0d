"""The SQL store of okgin.table (SQLite and PostgreSQL): the Store protocol, conflicts, the
Alembic schema, and a table resumed from it exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from webtools import DATABASES, database

from okgin.actions import DRAW
from okgin.table import Seat, StoreConflict, StoreError, Table
from okgin.web.db import DatabaseError, make_engine, sync_url, upgrade
from okgin.web.store import SqlStore


@pytest.fixture(params=DATABASES)
def store(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    with database(request.param, tmp_path) as url:
        engine = make_engine(url)
        upgrade(engine)
        yield SqlStore(engine)
        engine.dispose()


def test_the_store_keeps_entries_in_version_order_and_refuses_gaps_and_repeats(
    store: SqlStore,
) -> None:
    store.create("t1", {"rules": {"preset": "standard"}})
    with pytest.raises(StoreConflict, match="exists"):
        store.create("t1", {})
    store.append("t1", 1, {"do": "action", "seat": 0, "action": {"seat": 0, "do": "pass"}})
    with pytest.raises(StoreConflict, match="version 1"):
        store.append("t1", 1, {"do": "undo", "seat": 0, "keep": 0})
    with pytest.raises(StoreConflict):
        store.append("t1", 3, {"do": "undo", "seat": 0, "keep": 0})
    with pytest.raises(StoreError, match="no table"):
        store.append("nope", 1, {"do": "undo", "seat": 0, "keep": 0})
    with pytest.raises(StoreError):
        store.append("t1", 2, {"do": "bogus"})
    store.append("t1", 2, {"do": "undo", "seat": 0, "keep": 0})
    header, entries = store.load("t1")
    assert header == {"rules": {"preset": "standard"}}
    assert [e["do"] for e in entries] == ["action", "undo"]
    with pytest.raises(StoreError, match="no table"):
        store.load("nope")


def test_unfinished_tables_come_first_newest_first(store: SqlStore) -> None:
    for name in ("a", "b", "c"):
        store.create(name, {})
    store.finish("c")
    assert store.tables() == ["b", "a", "c"]
    assert sorted(store.unfinished()) == ["a", "b"]


def test_tokens_are_kept_as_hashes_and_open_only_their_table(store: SqlStore) -> None:
    store.create("t", {})
    store.create("u", {})
    store.add_tokens("t", {0: "secret-zero", 2: "secret-two"})
    assert store.seat_of("t", "secret-two") == 2
    assert store.seat_of("u", "secret-two") is None
    assert store.seat_of("t", "guess") is None
    with store.engine.connect() as conn:
        kept = [r[0] for r in conn.execute(sa.text("SELECT token_hash FROM okgin_tokens"))]
    assert "secret-zero" not in kept and len(kept) == 2


def test_a_table_on_the_sql_store_resumes_exactly(store: SqlStore) -> None:
    table = Table(
        {"preset": "standard"}, [Seat.person("Ann"), Seat.bot("easy")], seed=5, store=store
    )
    for _ in range(30):
        if table.game_over:
            break
        if table.hand_over:
            table.next_hand(table.version)
        elif table.bot_to_play is not None:
            table.step_bot()
        else:
            seat = table.to_play
            assert seat is not None
            view = table.view(seat)
            action = DRAW if DRAW in view.legal_actions else view.legal_actions[0]
            table.submit(seat, action, table.version)
    again = Table.resume(store, table.id)
    assert again.version == table.version and again.version > 10
    assert again.record() == table.record()


def test_the_migrations_run_twice_without_change(store: SqlStore) -> None:
    upgrade(store.engine)
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0002"


def test_database_urls_are_checked_in_one_line() -> None:
    assert sync_url("postgresql+asyncpg://u@h/db").drivername == "postgresql+psycopg"
    assert sync_url("sqlite+aiosqlite:///x.db").drivername == "sqlite"
    with pytest.raises(DatabaseError, match="SQLite or PostgreSQL"):
        sync_url("mysql://u@h/db")
    with pytest.raises(DatabaseError, match="database URL"):
        sync_url("not a url")


def test_a_database_failure_is_a_one_line_store_error_and_stores_nothing(
    store: SqlStore,
) -> None:
    store.create("t", {})
    store.append("t", 1, {"do": "undo", "seat": 0, "keep": 0})
    with store.engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE okgin_entries"))
    with pytest.raises(StoreError, match="cannot store table t's version 2") as info:
        store.append("t", 2, {"do": "undo", "seat": 0, "keep": 0})
    assert "\n" not in str(info.value)


def test_a_rematch_is_stored_with_its_tokens_once_per_table(store: SqlStore) -> None:
    for name in ("old", "new", "other"):
        store.create(name, {})
    assert store.rematch_of("old") is None
    store.add_tokens("new", {0: "new-zero"}, rematch_of="old")
    assert store.rematch_of("old") == "new" and store.seat_of("new", "new-zero") == 0
    with pytest.raises(StoreConflict, match="already has a rematch"):
        store.add_tokens("other", {0: "other-zero"}, rematch_of="old")
    # nothing of the refused one was stored: neither the link nor its tokens
    assert store.rematch_of("old") == "new" and store.seat_of("other", "other-zero") is None


def test_tokens_that_cannot_be_stored_are_a_one_line_store_error(store: SqlStore) -> None:
    store.create("t", {})
    with store.engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE okgin_tokens"))
    with pytest.raises(StoreError, match="cannot store table t's tokens") as info:
        store.add_tokens("t", {0: "zero"})
    assert "\n" not in str(info.value) and not isinstance(info.value, StoreConflict)
