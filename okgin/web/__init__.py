"""``okgin serve``: Oklahoma Gin in the browser, a thin layer over :mod:`okgin.table`.

:func:`okgin.web.app.create_app` builds the Starlette application on a database (SQLite or
PostgreSQL, schema by Alembic); :mod:`okgin.web.protocol` reads client messages and says what
frames hold; :mod:`okgin.web.hub` keeps the live tables; :mod:`okgin.web.store` is the table
layer's store in SQL. The browser's files are in ``okgin/web/static`` (no build step).
"""
