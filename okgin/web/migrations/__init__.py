"""Alembic migrations of the web server's schema (run by :func:`okgin.web.db.upgrade`)."""
