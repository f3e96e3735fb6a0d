"""Alembic's environment: migrations run on the connection :func:`okgin.web.db.upgrade` gives."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection)
with context.begin_transaction():
    context.run_migrations()
