"""A SQLAlchemy store for :mod:`okgin.table`: tables and their journal entries in SQL.

It implements the table layer's ``Store`` protocol (``create``, ``append``, ``load``,
``tables``, ``finish``) on two SQL tables: ``okgin_tables`` (one row per table, its header as
JSON) and ``okgin_entries`` (one row per entry, primary key ``(table_id, version)``). Every
call is one transaction, committed before it returns, so an action the server acknowledges
is on disk. ``append`` takes only the next version: a gap or a repeat raises
``StoreConflict``, and the primary key makes two writers of one table collide instead of
interleaving. It also keeps the web server's seat tokens (as SHA-256 hashes, never the token)
and which table is the rematch of which.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from okgin.table.errors import StoreConflict, StoreError
from okgin.table.store import check_id
from okgin.web.db import entries, rematches, tables, tokens

__all__ = ["SqlStore", "token_hash"]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _first_line(exc: SQLAlchemyError) -> str:
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


# The statements ``append`` runs, made once: SQLAlchemy then reuses their compiled form
# without building and hashing a new statement on every action (most of an action's cost).
_LAST_VERSION = sa.select(sa.func.max(entries.c.version)).where(
    entries.c.table_id == sa.bindparam("table_id")
)
_KNOWN = sa.select(tables.c.id).where(tables.c.id == sa.bindparam("table_id"))
_INSERT_ENTRY = entries.insert()


class SqlStore:
    """The table layer's store on a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ---- the Store protocol -----------------------------------------------------------
    def create(self, table_id: str, header: dict[str, Any]) -> None:
        check_id(table_id)
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    tables.insert().values(
                        id=table_id, header=json.dumps(header), finished=False, created=time.time()
                    )
                )
        except IntegrityError:
            raise StoreConflict(f"table {table_id} already exists") from None

    def append(self, table_id: str, version: int, entry: dict[str, Any]) -> None:
        check_id(table_id)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise StoreError(f"an entry's version is a whole number from 1, not {version!r}")
        if not isinstance(entry, dict) or entry.get("do") not in ("action", "deal", "undo"):
            raise StoreError('an entry is an object whose "do" is action, deal or undo')
        text = json.dumps(entry)
        try:
            with self.engine.begin() as conn:
                last = conn.execute(_LAST_VERSION, {"table_id": table_id}).scalar()
                if last is None:  # no entry yet: is there such a table?
                    known = conn.execute(_KNOWN, {"table_id": table_id}).first()
                    if known is None:
                        raise StoreError(f"no table {table_id}")
                    last = 0
                if version != last + 1:
                    raise StoreConflict(
                        f"table {table_id} is at version {last}: an entry for version "
                        f"{version} does not follow it"
                    )
                conn.execute(
                    _INSERT_ENTRY, {"table_id": table_id, "version": version, "entry": text}
                )
        except IntegrityError:
            raise StoreConflict(
                f"table {table_id}: another writer stored version {version} first"
            ) from None
        except SQLAlchemyError as exc:  # the database is gone, full, locked…: nothing stored
            raise StoreError(
                f"cannot store table {table_id}'s version {version}: {_first_line(exc)}"
            ) from None

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        check_id(table_id)
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables.c.header).where(tables.c.id == table_id)).first()
            if row is None:
                raise StoreError(f"no table {table_id}")
            rows = conn.execute(
                sa.select(entries.c.entry)
                .where(entries.c.table_id == table_id)
                .order_by(entries.c.version)
            ).all()
        return json.loads(row[0]), [json.loads(r[0]) for r in rows]

    def tables(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables.c.id).order_by(tables.c.finished, tables.c.created.desc())
            ).all()
        return [r[0] for r in rows]

    def finish(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(tables.update().where(tables.c.id == table_id).values(finished=True))

    # ---- the web server's own ---------------------------------------------------------
    def exists(self, table_id: str) -> bool:
        with self.engine.connect() as conn:
            return (
                conn.execute(sa.select(tables.c.id).where(tables.c.id == table_id)).first()
                is not None
            )

    def unfinished(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(tables.c.id).where(tables.c.finished == sa.false())).all()
        return [r[0] for r in rows]

    def add_tokens(
        self, table_id: str, seats: dict[int, str], rematch_of: str | None = None
    ) -> None:
        """Remember each person seat's token (its hash); with ``rematch_of``, in the same
        transaction, that ``table_id`` is that table's rematch (one rematch per table: a
        second one raises ``StoreConflict`` and stores nothing)."""
        try:
            with self.engine.begin() as conn:
                for seat, token in seats.items():
                    conn.execute(
                        tokens.insert().values(
                            token_hash=token_hash(token), table_id=table_id, seat=seat
                        )
                    )
                if rematch_of is not None:
                    conn.execute(
                        rematches.insert().values(table_id=rematch_of, rematch_id=table_id)
                    )
        except IntegrityError:
            raise StoreConflict(
                f"table {rematch_of} already has a rematch"
                if rematch_of is not None
                else f"table {table_id}: a token is taken"
            ) from None
        except SQLAlchemyError as exc:  # the database is gone, full, locked…: nothing stored
            raise StoreError(
                f"cannot store table {table_id}'s tokens: {_first_line(exc)}"
            ) from None

    def rematch_of(self, table_id: str) -> str | None:
        """The id of ``table_id``'s rematch, or None if nobody asked for one."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(rematches.c.rematch_id).where(rematches.c.table_id == table_id)
            ).first()
        return None if row is None else str(row[0])

    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` opens at ``table_id``, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(tokens.c.seat).where(
                    tokens.c.token_hash == token_hash(token), tokens.c.table_id == table_id
                )
            ).first()
        return None if row is None else int(row[0])
