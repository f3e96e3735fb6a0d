"""The database behind ``okgin serve``: its URL, its engine and its schema (by Alembic).

Tables, journal entries, seat tokens and rematches live in four SQL tables
(``okgin_tables``, ``okgin_entries``, ``okgin_tokens``, ``okgin_rematches``); the schema is
created and upgraded by the Alembic migrations shipped in :mod:`okgin.web.migrations`, run
when the server starts, so an upgrade of okgin never loses a saved game.

The table layer's store is synchronous (an action is committed before it is acknowledged), so
the engine uses synchronous drivers: the standard library's sqlite3 and psycopg 3. Async URLs
(``sqlite+aiosqlite://``, ``postgresql+asyncpg://``) are accepted and mapped to those.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError

from okgin.errors import OkginError
from okgin.paths import data_dir

__all__ = ["DatabaseError", "default_url", "make_engine", "metadata", "upgrade"]

MIGRATIONS = Path(__file__).with_name("migrations")


class DatabaseError(OkginError):
    """A database URL that cannot be used, or a database that cannot be reached."""


metadata = sa.MetaData()

tables = sa.Table(
    "okgin_tables",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("header", sa.Text, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, default=False),
    sa.Column("created", sa.Float, nullable=False),
)

entries = sa.Table(
    "okgin_entries",
    metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("entry", sa.Text, nullable=False),
)

tokens = sa.Table(
    "okgin_tokens",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
)

rematches = sa.Table(
    "okgin_rematches",
    metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), primary_key=True),
    sa.Column(
        "rematch_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), nullable=False, unique=True
    ),
)


def default_url() -> str:
    """An SQLite file in okgin's data folder (the one ``okgin play`` uses)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'okgin-web.sqlite3'}"


_SYNC_DRIVERS = {
    "sqlite": "sqlite",
    "sqlite+pysqlite": "sqlite",
    "sqlite+aiosqlite": "sqlite",
    "postgresql": "postgresql+psycopg",
    "postgres": "postgresql+psycopg",
    "postgresql+psycopg": "postgresql+psycopg",
    "postgresql+asyncpg": "postgresql+psycopg",
    "postgresql+psycopg2": "postgresql+psycopg",
}


def sync_url(text: str) -> URL:
    """The URL to connect with: SQLite or PostgreSQL, on a synchronous driver."""
    try:
        url = make_url(text)
    except ArgumentError:
        raise DatabaseError(
            f"--db must be a database URL like sqlite:///FILE, not {text!r}"
        ) from None
    driver = _SYNC_DRIVERS.get(url.drivername)
    if driver is None:
        raise DatabaseError(
            f"--db: okgin stores games in SQLite or PostgreSQL, not {url.drivername!r}"
        )
    return url.set(drivername=driver)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # WAL with synchronous=NORMAL: a committed transaction survives the server process's
    # crash (SIGKILL, tests/test_web_kill.py); only a power loss or an OS crash may lose the
    # last ones. FULL would fsync every action: about 12 ms each on a busy disk.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(text: str) -> Engine:
    """An engine for ``text`` (see :func:`sync_url`)."""
    url = sync_url(text)
    try:
        engine = sa.create_engine(url, pool_pre_ping=url.get_backend_name() != "sqlite")
    except ModuleNotFoundError as exc:
        raise DatabaseError(
            f"--db {url.get_backend_name()} needs {exc.name}, which is not installed: "
            'python -m pip install "okgin[postgres]"'
        ) from None
    if url.get_backend_name() == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the schema to the newest migration (or to ``revision``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            cfg.attributes["connection"] = connection
            command.upgrade(cfg, revision)
    except sa.exc.OperationalError as exc:
        first = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise DatabaseError(f"cannot open the database {engine.url!r}: {first}") from None
