"""The replay, upload, review and statistics routes of ``okgin serve`` (docs/protocol.md).

Pages: ``/replay`` (your finished games, an upload form, and with ``?table=ID`` or
``?record=SHA`` a game step by step) and ``/stats``. The JSON behind them:

* ``GET /api/tables/{id}/replay`` and ``GET /api/tables/{id}/replay/{step}?seat=N|all``: a
  finished table's record step by step (:mod:`okgin.web.replay`). A table still being played
  gets ``409``, as its record does: its record holds every deck, and a replay shows what any
  seat saw, so no step of an unfinished game is given to anyone.
* ``POST /api/records``: a record file (the request's body, at most
  :data:`~okgin.web.replay.MAX_RECORD` bytes, else ``413``), checked by the core's loader and
  replay (``400`` with its one line). A good record is kept in this server's memory only (the
  last :data:`UPLOADS`, never in the database) under its sha256, and replayed at
  ``/api/records/{sha}/replay[/{step}]``.
* ``POST`` / ``GET /api/tables/{id}/review`` and ``/api/records/{sha}/review``: ``okgin
  review`` of one seat (:mod:`okgin.web.reviews`).
* ``POST /api/stats``: the statistics of the games whose seat tokens the browser holds
  (:mod:`okgin.web.stats`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from okgin.errors import OkginError
from okgin.record import ReplayError
from okgin.review import DEFAULT_BUDGET
from okgin.table import Table
from okgin.web.hub import Hub
from okgin.web.protocol import error_response
from okgin.web.replay import MAX_RECORD, Lru, Replay, parse_upload
from okgin.web.reviews import ReviewBusy, Reviews
from okgin.web.stats import game_row, summarise

__all__ = ["MAX_GAMES", "UPLOADS", "record_routes"]

#: Uploaded records kept in memory (least recently used dropped first).
UPLOADS: Final = 32
#: The most games one statistics request may name, and its largest body (bytes).
MAX_GAMES: Final = 500
MAX_STATS_BODY: Final = 65536
#: The budget a review may be asked for (seconds of the expert's rollouts per decision).
MIN_BUDGET: Final = 0.005
MAX_BUDGET: Final = 1.0
#: How much of a too long body is read (and dropped) before the answer.
DRAIN: Final = 8 * MAX_RECORD
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
SHA = re.compile(r"^[0-9a-f]{64}$")
NOT_OVER = (
    "the game is still being played: its replay shows every seat's cards, so it is given once "
    "the game is over"
)


async def _body(request: Request, limit: int) -> bytes | None:
    """The request's body, or None when it is longer than ``limit``. A body a little too long
    is read to its end (so the client, still sending, gets the answer instead of a broken
    connection); one more than :data:`DRAIN` bytes long is cut there."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > DRAIN:
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > DRAIN:
            return None
        if size <= limit:
            chunks.append(chunk)
    return b"".join(chunks) if size <= limit else None


def record_routes(hub: Hub, static: Path) -> tuple[list[BaseRoute], Callable[[], None]]:
    """The routes and what to close when the server stops."""
    replays = Lru(UPLOADS)  # sha256 → Replay (tables' and uploads')
    uploads = Lru(UPLOADS)  # sha256 → an uploaded record
    finished = Lru(1024)  # table id → (record, seats), once its game is over
    reviews = Reviews()

    def table_record(table_id: str) -> tuple[Any, list[dict[str, Any]]] | Response:
        """A finished table's record and seats, or the error response."""
        known = finished.get(table_id)
        if known is not None:
            return known  # type: ignore[no-any-return]
        if not TABLE_ID.match(table_id) or not hub.store.exists(table_id):
            return error_response(404, "there is no such table")
        live = hub.live.get(table_id)
        try:
            table = live.table if live is not None else Table.resume(hub.store, table_id)
        except OkginError as exc:
            return error_response(500, f"the table cannot be read: {exc}")
        if not table.game_over:
            return error_response(409, NOT_OVER)
        found = (table.record(), [s.to_json() for s in table.seats])
        finished.put(table_id, found)
        return found

    def replay_of(doc: Any) -> Replay:
        from okgin.review import record_hash

        sha = record_hash(doc)
        rep = replays.get(sha)
        if rep is None:
            rep = Replay(doc)
            replays.put(sha, rep)
        return rep  # type: ignore[no-any-return]

    def source(request: Request) -> tuple[Replay, dict[str, Any]] | Response:
        """The replay a request names: a finished table or an uploaded record."""
        params = request.path_params
        if "table_id" in params:
            found = table_record(params["table_id"])
            if isinstance(found, Response):
                return found
            doc, seats = found
            return replay_of(doc), {"table": params["table_id"], "seat_kinds": seats}
        sha = params["sha"]
        doc = uploads.get(sha) if SHA.match(sha) else None
        if doc is None:
            return error_response(
                404,
                "no such uploaded record: uploads are kept in the server's memory only, "
                "so upload the file again",
            )
        return replay_of(doc), {"record": sha}

    async def replay_page(request: Request) -> Response:
        return FileResponse(static / "replay.html")

    async def stats_page(request: Request) -> Response:
        return FileResponse(static / "stats.html")

    async def index(request: Request) -> Response:
        found = await run_in_threadpool(source, request)
        if isinstance(found, Response):
            return found
        rep, where = found
        return JSONResponse({**where, **rep.index()})

    async def step(request: Request) -> Response:
        found = await run_in_threadpool(source, request)
        if isinstance(found, Response):
            return found
        rep, _ = found
        text = request.path_params["step"]
        seat_text = request.query_params.get("seat", "all")
        if not text.isdigit() or len(text) > 9:
            return error_response(400, f"a step is a whole number 0..{rep.steps - 1}")
        number = int(text)
        if number >= rep.steps:
            return error_response(404, f"this game has steps 0..{rep.steps - 1}, not {number}")
        if seat_text == "all":
            seat = None
        elif seat_text.isdigit() and int(seat_text) < rep.n:
            seat = int(seat_text)
        else:
            return error_response(
                400, f'seat must be 0..{rep.n - 1} or "all", not {seat_text[:20]!r}'
            )
        return JSONResponse(await run_in_threadpool(rep.step, number, seat))

    async def upload(request: Request) -> Response:
        body = await _body(request, MAX_RECORD)
        if body is None:
            return error_response(413, f"a record file may be at most {MAX_RECORD // 1024} KiB")
        try:
            doc = await run_in_threadpool(parse_upload, body)
            rep = await run_in_threadpool(replay_of, doc)
        except ReplayError as exc:
            return error_response(400, str(exc))
        uploads.put(rep.sha, doc)
        return JSONResponse({"record": rep.sha, **rep.index()}, status_code=201)

    def review_key(rep: Replay, data: Any) -> tuple[str, int, float] | Response:
        if not isinstance(data, dict):
            return error_response(400, 'a review is asked for as {"seat": N, "budget": S}')
        seat, budget = data.get("seat"), data.get("budget", DEFAULT_BUDGET)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rep.n:
            return error_response(400, f"seat must be 0..{rep.n - 1}")
        if (
            not isinstance(budget, int | float)
            or isinstance(budget, bool)
            or not math.isfinite(budget)
            or not MIN_BUDGET <= budget <= MAX_BUDGET
        ):
            return error_response(400, f"budget must be {MIN_BUDGET:g} to {MAX_BUDGET:g} seconds")
        return rep.sha, seat, float(budget)

    async def review(request: Request) -> Response:
        found = await run_in_threadpool(source, request)
        if isinstance(found, Response):
            return found
        rep, _ = found
        if request.method == "GET":
            q = request.query_params
            try:
                data: Any = {
                    "seat": int(q.get("seat", "")),
                    "budget": float(q.get("budget", DEFAULT_BUDGET)),
                }
            except ValueError:
                return error_response(400, "seat and budget must be numbers")
            key = review_key(rep, data)
            if isinstance(key, Response):
                return key
            status = reviews.status(key)
            if status is None:
                return error_response(404, "this seat has not been reviewed with that budget")
            return JSONResponse(status)
        body = await _body(request, 1024)
        if body is None:
            return error_response(413, "a review request may be at most 1024 bytes")
        try:
            data = json.loads(body)
        except ValueError:
            return error_response(400, 'a review is asked for as {"seat": N, "budget": S}')
        key = review_key(rep, data)
        if isinstance(key, Response):
            return key
        try:
            status = reviews.start(key, rep.doc)
        except ReviewBusy as exc:
            return error_response(409 if "this game" in str(exc) else 503, str(exc))
        return JSONResponse(status, status_code=200 if status["state"] == "done" else 202)

    def stats_of(items: list[Any]) -> dict[str, Any]:
        rows: list[dict[str, Any]] = []
        skipped = {"unknown": 0, "unfinished": 0}
        seen: set[str] = set()
        for item in items:
            table_id, token = item["table"], item["token"]
            seat = hub.store.seat_of(table_id, token) if TABLE_ID.match(table_id) else None
            if seat is None:
                skipped["unknown"] += 1
                continue
            if table_id in seen:  # a game counts once
                continue
            seen.add(table_id)
            found = table_record(table_id)
            if isinstance(found, Response):
                skipped["unfinished" if found.status_code == 409 else "unknown"] += 1
                continue
            doc, seats = found
            rows.append(game_row(doc, seat, seats, table_id))
        return {**summarise(rows), "skipped": skipped}

    async def stats(request: Request) -> Response:
        body = await _body(request, MAX_STATS_BODY)
        if body is None:
            return error_response(
                413, f"a statistics request may be at most {MAX_STATS_BODY} bytes"
            )
        try:
            data = json.loads(body)
        except ValueError:
            data = None
        items = data.get("games") if isinstance(data, dict) else None
        if not isinstance(items, list) or not all(
            isinstance(i, dict)
            and isinstance(i.get("table"), str)
            and isinstance(i.get("token"), str)
            for i in items
        ):
            return error_response(
                400, 'the request is {"games": [{"table": ID, "token": TOKEN}, …]}'
            )
        if len(items) > MAX_GAMES:
            return error_response(413, f"statistics are of at most {MAX_GAMES} games at once")
        return JSONResponse(await run_in_threadpool(stats_of, items))

    routes: list[BaseRoute] = [
        Route("/replay", replay_page),
        Route("/stats", stats_page),
        Route("/api/tables/{table_id}/replay", index),
        Route("/api/tables/{table_id}/replay/{step}", step),
        Route("/api/tables/{table_id}/review", review, methods=["GET", "POST"]),
        Route("/api/records", upload, methods=["POST"]),
        Route("/api/records/{sha}/replay", index),
        Route("/api/records/{sha}/replay/{step}", step),
        Route("/api/records/{sha}/review", review, methods=["GET", "POST"]),
        Route("/api/stats", stats, methods=["POST"]),
    ]
    return routes, reviews.close
