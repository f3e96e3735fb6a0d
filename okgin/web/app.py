"""The Starlette application of ``okgin serve``: pages, the JSON API and the WebSocket.

Routes (docs/protocol.md): ``/`` the front page; ``/games`` the games this browser played;
``/t/{id}`` a table's page (an invite link
adds ``#token``); ``POST /api/tables`` a new table; ``GET /api/tables/{id}`` its seats and
state; ``GET /api/tables/{id}/record`` its RECORD.md record once the game is over;
``GET /api/meta`` presets, rule options and bot levels for the form; ``/ws/{id}`` the table's
WebSocket. Every response carries security headers (a CSP with no inline script and no other
origin).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from okgin.bots import BOTS
from okgin.errors import IllegalActionError, OkginError
from okgin.rules import OPTIONS, PRESETS, Rules
from okgin.table import Seat, SeatError, StaleVersionError
from okgin.web.db import make_engine, upgrade
from okgin.web.hub import Connection, Hub, Live, UnknownTable, state, state_frame
from okgin.web.protocol import ProtocolError, RateLimit, error_response, hint_of, parse_message
from okgin.web.records import record_routes
from okgin.web.store import SqlStore

__all__ = ["create_app"]

log = logging.getLogger("okgin.web")
STATIC = Path(__file__).with_name("static")
#: Bot levels offered in the form, weakest first.
LEVELS = ("random", "easy", "medium", "hard", "expert")
MAX_BODY = 16384
HELLO_TIMEOUT = 10.0
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def seats_from_json(items: Any) -> list[Seat]:
    """The seats of a new table from the form: each a person or a bot level."""
    if not isinstance(items, list) or not 2 <= len(items) <= 4:
        raise OkginError("a table has 2 to 4 seats")
    seats: list[Seat] = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise OkginError(f"seat {i}: must be an object")
        name = item.get("name")
        if name is not None and (not isinstance(name, str) or not 0 < len(name.strip()) <= 24):
            raise OkginError(f"seat {i}: a name is 1 to 24 characters")
        kind = item.get("kind")
        if kind == "person":
            seats.append(Seat.person(name.strip() if name else f"Player {i + 1}"))
        elif kind == "bot":
            bot = item.get("bot")
            if not isinstance(bot, str) or bot.split(":")[0] not in BOTS:
                raise OkginError(f"seat {i}: the bot must be one of {', '.join(LEVELS)}")
            budget = item.get("budget")
            if budget is not None and (
                not isinstance(budget, int | float)
                or isinstance(budget, bool)
                or not 0 < budget <= 10
            ):
                raise OkginError(f"seat {i}: a bot's budget is more than 0 and at most 10 seconds")
            seats.append(
                Seat.bot(bot, budget=budget, name=name.strip() if name else bot.capitalize())
            )
        else:
            raise OkginError(f'seat {i}: "kind" must be "person" or "bot"')
    if not any(s.kind == "person" for s in seats):
        raise OkginError("a table needs at least one person")
    return seats


def create_app(
    db: str, *, resume: bool = True, rate: float = 10.0, grace: float = 60.0
) -> Starlette:
    """The application on the database ``db`` (an SQLAlchemy URL); ``rate``: the messages a
    second one connection may send on average (bursts of three times as many); ``grace``:
    the seconds a person may be gone before a bot plays their seat until they return."""
    engine = make_engine(db)
    upgrade(engine)
    hub = Hub(SqlStore(engine), grace=grace)
    # replays, uploads, reviews and statistics (okgin/web/records.py)
    replay_routes, close_reviews = record_routes(hub, STATIC)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if resume:
            hub.resume_all()
        # what the server holds from now on lives as long as it: out of the collector's way,
        # so its full collections scan only the tables' objects (one took 0.66 s under load)
        gc.collect()
        gc.freeze()
        watcher = asyncio.get_running_loop().create_task(hub.watch())
        yield
        watcher.cancel()
        hub.close()
        close_reviews()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games_page(request: Request) -> Response:
        return FileResponse(STATIC / "games.html")

    async def table_page(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        if not TABLE_ID.match(table_id) or not hub.store.exists(table_id):
            return Response("There is no such table.", status_code=404, media_type="text/plain")
        return FileResponse(STATIC / "table.html")

    async def meta(request: Request) -> Response:
        return JSONResponse(
            {
                "presets": {k: Rules.preset(k).to_dict() for k in PRESETS},
                "options": list(OPTIONS),
                "bots": [b for b in LEVELS if b in BOTS],
            }
        )

    async def create(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_BODY:
            return error_response(413, f"a new table's request may be at most {MAX_BODY} bytes")
        try:
            data = json.loads(body)
        except ValueError:
            return error_response(400, "the request must be a JSON object")
        if not isinstance(data, dict):
            return error_response(400, "the request must be a JSON object")
        try:
            rules = data.get("rules") or {"preset": "standard"}
            if not isinstance(rules, dict):
                raise OkginError("rules must be an object: a preset and options")
            seats = seats_from_json(data.get("seats"))
            rules = {**rules, "players": len(seats)}
            seed = data.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise OkginError("seed must be an integer")
            live, tokens = hub.create(rules, seats, seed=seed)
        except OkginError as exc:
            return error_response(400, str(exc))
        live.kick_bots()
        table_id = live.table.id
        return JSONResponse(
            {
                "id": table_id,
                "seats": [
                    {
                        "seat": i,
                        "name": live.table.names[i],
                        "kind": s.kind,
                        "link": f"/t/{table_id}#{tokens[i]}" if i in tokens else None,
                    }
                    for i, s in enumerate(live.table.seats)
                ],
                "spectator": f"/t/{table_id}",
            },
            status_code=201,
        )

    def _live(request: Request) -> Live | Response:
        table_id = request.path_params["table_id"]
        if not TABLE_ID.match(table_id):
            return error_response(404, "there is no such table")
        try:
            return hub.get(table_id)
        except UnknownTable as exc:
            return error_response(404, str(exc))

    async def info(request: Request) -> Response:
        live = _live(request)
        if isinstance(live, Response):
            return live
        return JSONResponse(state(live, None))

    async def record(request: Request) -> Response:
        live = _live(request)
        if isinstance(live, Response):
            return live
        if not live.table.game_over:
            return error_response(
                409,
                "the game is still being played: its record holds every deck, so it is given "
                "once the game is over",
            )
        doc = live.table.record()
        return Response(
            json.dumps(doc, indent=1) + "\n",
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="okgin-{live.table.id}.json"'},
        )

    async def socket(websocket: WebSocket) -> None:
        await play_socket(hub, websocket, rate)

    routes = [
        Route("/", page),
        Route("/games", games_page),
        Route("/t/{table_id}", table_page),
        Route("/api/meta", meta),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}", info),
        Route("/api/tables/{table_id}/record", record),
        WebSocketRoute("/ws/{table_id}", socket),
        *replay_routes,
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.hub = hub
    return app


async def _sender(websocket: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        await websocket.send_text(text)


async def play_socket(hub: Hub, websocket: WebSocket, rate: float = 10.0) -> None:
    """One connection: a hello with the seat token, then actions until it closes."""
    await websocket.accept()
    table_id = websocket.path_params["table_id"]

    async def fail(code: str, message: str, close: int | None = None) -> None:
        await websocket.send_text(
            json.dumps({"type": "error", "code": code, "message": message, "version": None})
        )
        if close is not None:
            await websocket.close(close)

    try:
        live = hub.get(table_id) if TABLE_ID.match(table_id) else None
    except UnknownTable:
        live = None
    if live is None:
        await fail("unknown_table", f"there is no table {table_id[:64]!r}", 4404)
        return
    try:
        first = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        await fail("hello", "send a hello first (within 10 s)", 4408)
        return
    if first["type"] == "websocket.disconnect":
        return
    try:
        hello = parse_message(first.get("text", first.get("bytes")))
        if hello.type != "hello":
            raise ProtocolError("hello", "the first message must be a hello")
    except ProtocolError as exc:
        await fail(exc.code, str(exc), 4400)
        return
    # again, with no wait before attach: while the hello was awaited the hub may have dropped
    # a finished game from memory (Hub.watch); this loads it back
    live = hub.get(table_id)
    seat: int | None = None
    if hello.token:
        seat = hub.store.seat_of(table_id, hello.token)
        if seat is None:
            await fail("bad_token", "this invite link's token does not open a seat here", 4403)
            return
    conn = Connection(seat)
    table = live.table
    missed = live.missed(seat, hello.version) if hello.version is not None else None
    if missed is None:
        conn.send(state_frame(live, seat, {"type": "snapshot"}))
    else:
        for text in missed:
            conn.send(text)
        conn.send({"type": "synced", "version": table.version})
    if live.rematch_id is not None:
        try:
            conn.send(rematch_frame(hub, live, seat))
        except OkginError as exc:  # no new token could be stored: the rematch waits
            log.warning("table %s: the rematch link is not sent: %s", table_id, exc)
    live.attach(conn)
    sender = asyncio.get_running_loop().create_task(_sender(websocket, conn))
    limit = RateLimit(rate=rate, burst=3 * rate, tokens=3 * rate)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not limit.allow():
                conn.send(
                    {
                        "type": "error",
                        "code": "rate",
                        "message": f"too many messages: at most {rate:g} a second",
                        "version": table.version,
                    }
                )
                continue
            try:
                msg = parse_message(message.get("text", message.get("bytes")))
            except ProtocolError as exc:
                conn.send(
                    {
                        "type": "error",
                        "code": exc.code,
                        "message": str(exc),
                        "version": table.version,
                    }
                )
                continue
            try:
                handle(hub, live, conn, msg)
            except Exception:  # a bug or a broken database: say so, keep the server up
                log.exception("table %s: a message could not be handled", table.id)
                conn.send(
                    {
                        "type": "error",
                        "code": "server",
                        "version": table.version,
                        "message": "the server could not handle that message",
                    }
                )
    except WebSocketDisconnect:
        pass
    finally:
        live.detach(conn)
        sender.cancel()
        if conn.hint is not None:
            conn.hint.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def send_hint(live: Live, conn: Connection, seat: int) -> None:
    """The strongest bot's move for the seat on turn, thought in the process pool."""
    table = live.table
    version = table.version
    try:
        action, reason = await asyncio.get_running_loop().run_in_executor(
            live.hints, hint_of, table.view(seat)
        )
    except Exception as exc:  # a broken pool: say so, keep the connection
        log.warning("table %s: no hint (%s)", table.id, exc)
        conn.send(
            {
                "type": "error",
                "code": "hint",
                "version": table.version,
                "message": "no hint can be given now",
            }
        )
        return
    conn.send({"type": "hint", "version": version, "action": action, "reason": reason})


def rematch_frame(hub: Hub, live: Live, seat: int | None) -> dict[str, Any]:
    """Where the rematch of ``live`` is, for ``seat`` (its own invite link only)."""
    link = hub.rematch_link(live, seat)
    table_id = live.rematch_id
    return {"type": "rematch", "version": live.table.version, "table": table_id, "link": link}


def handle(hub: Hub, live: Live, conn: Connection, msg: Any) -> None:
    """One parsed message: answered with an ack or a refusal, each with the current state."""
    table = live.table
    seat = conn.seat
    if msg.type == "ping":
        conn.send({"type": "pong", "version": table.version})
        return
    if msg.type == "hello":
        conn.send(state_frame(live, seat, {"type": "snapshot"}))
        return
    if msg.type == "rematch":
        if seat is None:
            conn.send(
                {
                    "type": "error",
                    "code": "rematch",
                    "version": table.version,
                    "message": "a spectator cannot ask for a rematch",
                }
            )
            return
        try:
            hub.rematch(live)
        except OkginError as exc:
            conn.send(
                {"type": "error", "code": "rematch", "version": table.version, "message": str(exc)}
            )
            return
        for recipient, conns in live.connections.items():
            for other in conns:
                other.send(rematch_frame(hub, live, recipient))
        return
    if msg.type == "hint":
        if seat is None or table.to_play != seat or msg.version != table.version:
            conn.send(
                {
                    "type": "error",
                    "code": "hint",
                    "version": table.version,
                    "message": "a hint is for the seat on turn, at the table's version",
                }
            )
            return
        if conn.hint is None or conn.hint.done():
            conn.hint = asyncio.get_running_loop().create_task(send_hint(live, conn, seat))
        return
    try:
        if seat is None:
            raise SeatError("a spectator cannot play: open an invite link to take a seat")
        if msg.type == "action":
            if msg.seat != seat:
                raise SeatError(f"this connection plays seat {seat}, not seat {msg.seat}")
            ack = table.submit(seat, msg.action, msg.version)
        else:
            ack = table.next_hand(msg.version)
    except StaleVersionError as exc:
        conn.send(
            state_frame(live, seat, {"type": "refused", "code": "stale", "message": str(exc)})
        )
        return
    except IllegalActionError as exc:
        conn.send(
            state_frame(live, seat, {"type": "refused", "code": "illegal", "message": str(exc)})
        )
        return
    except OkginError as exc:
        conn.send(
            state_frame(live, seat, {"type": "refused", "code": "refused", "message": str(exc)})
        )
        return
    conn.send(state_frame(live, seat, {"type": "ack", "acked": ack.version, "repeat": ack.repeat}))
    live.kick_bots()
