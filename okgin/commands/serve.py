"""``okgin serve``: the web game (Starlette on uvicorn), for people and for programs."""

from __future__ import annotations

import argparse
import contextlib
import socket
import sys
import threading
import webbrowser

from okgin.errors import OkginError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="play Oklahoma Gin in the browser (against the computer or friends)",
        description=(
            "Serve the web game. Games are kept in a database: by default an SQLite file in "
            "okgin's data folder ($OKGIN_DATA_DIR, else $XDG_DATA_HOME/okgin or "
            "~/.local/share/okgin); --db postgresql://… uses PostgreSQL. The schema is created "
            "and upgraded at start, and unfinished tables resume."
        ),
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free one)")
    p.add_argument("--db", metavar="URL", help="database URL (default: SQLite in the data folder)")
    p.add_argument("--open", action="store_true", help="open the front page in a browser")
    p.add_argument(
        "--rate",
        type=float,
        default=10.0,
        metavar="N",
        help="messages a second one connection may send on average (default 10, bursts of 3×)",
    )
    p.add_argument(
        "--grace",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a person may be gone before a bot plays their seat until they return "
        "(default 60)",
    )
    p.add_argument("--quiet", action="store_true", help="no access log")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from okgin.web.app import create_app
        from okgin.web.db import default_url
    except ImportError as exc:
        raise OkginError(
            f"okgin serve needs {exc.name}, which is not installed: reinstall okgin "
            "(python -m pip install okgin) to get its dependencies"
        ) from None
    if not 0 <= args.port <= 65535:
        raise OkginError(f"--port must be 0-65535, not {args.port}")
    if not 0 < args.rate <= 10000:
        raise OkginError(f"--rate must be more than 0 and at most 10000, not {args.rate}")
    if not 0 <= args.grace <= 86400:
        raise OkginError(f"--grace must be 0 to 86400 seconds, not {args.grace}")
    app = create_app(args.db or default_url(), rate=args.rate, grace=args.grace)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        raise OkginError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    url = f"http://{host}:{port}/"
    print(f"okgin serve: {url}", flush=True)
    config = uvicorn.Config(
        app,
        ws="websockets-sansio",
        ws_max_size=65536,
        log_level="warning",
        access_log=not args.quiet,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    if args.open:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    sys.stdout.flush()
    return 0
