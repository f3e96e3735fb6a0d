"""Helpers of the web tests: a database per test (SQLite file or a fresh PostgreSQL schema), the
real server in a subprocess on a free loopback port, and a WebSocket client of the protocol."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
DATABASES = ["sqlite", "postgresql"]


def postgres_reachable() -> bool:
    try:
        import psycopg

        with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=postgres", connect_timeout=3):
            return True
    except Exception:
        return False


@contextlib.contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database of ``kind``; a PostgreSQL schema is dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.sqlite3'}"
        return
    if not postgres_reachable():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL at 127.0.0.1:5432 (db test) is not running")
        pytest.skip("PostgreSQL at 127.0.0.1:5432 (db test) is not running")
    import psycopg

    schema = f"okgin_test_{secrets.token_hex(6)}"
    dsn = "host=127.0.0.1 port=5432 dbname=test user=postgres"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


class Server:
    """``okgin serve`` in a subprocess on a free loopback port (``--port 0``)."""

    def __init__(self, db: str, data_dir: Path) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        env["OKGIN_DATA_DIR"] = str(data_dir)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "okgin", "serve", "--port", "0", "--db", db, "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        self.stderr: list[str] = []
        line = self._first_line(timeout=60)
        if not line.startswith("okgin serve: http://"):
            self.proc.kill()
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise RuntimeError(f"the server did not start: {line!r} {err[-2000:]}")
        self.url = line.split(": ", 1)[1].strip().rstrip("/")
        self.ws_url = self.url.replace("http://", "ws://")
        threading.Thread(target=self._drain, daemon=True).start()
        self._wait_ready()

    def _first_line(self, timeout: float) -> str:
        out: list[str] = []
        assert self.proc.stdout is not None
        reader = threading.Thread(target=lambda: out.append(self.proc.stdout.readline()))  # type: ignore[union-attr]
        reader.daemon = True
        reader.start()
        reader.join(timeout)
        return out[0] if out else ""

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line)

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/meta", timeout=5) as res:
                    if res.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server does not answer")

    def kill(self) -> None:
        """SIGKILL: no clean-up at all."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    # ---- HTTP ----------------------------------------------------------------------------
    def request(
        self, path: str, body: Any = None, method: str | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.url + path,
            data=data,
            method=method or ("POST" if data is not None else "GET"),
            headers={"content-type": "application/json"} if data is not None else {},
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                return res.status, {k.lower(): v for k, v in res.headers.items()}, res.read()
        except urllib.error.HTTPError as exc:
            return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()

    def create(self, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        status, _, body = self.request("/api/tables", {"seats": seats, **extra})
        assert status == 201, body
        doc: dict[str, Any] = json.loads(body)
        return doc


def token_of(link: str) -> str:
    return link.split("#", 1)[1]


class Client:
    """One WebSocket connection to a table (a seat by token, or a spectator), recording
    every frame it receives."""

    def __init__(self, server: Server, table_id: str, token: str | None, version: int | None = None):
        from websockets.sync.client import connect

        self.ws = connect(f"{server.ws_url}/ws/{table_id}", open_timeout=20, max_size=2**22)
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.send({"type": "hello", "token": token, "version": version})

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        if "view" in frame:
            self.state = frame
        return frame

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such frame came")
            frame = self.recv(left)
            if pred(frame):
                return frame

    def drain(self, quiet: float = 0.05) -> None:
        """Read every frame already sent (until none comes for ``quiet`` seconds)."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(quiet)

    @property
    def version(self) -> int:
        assert self.state is not None
        return int(self.state["version"])

    @property
    def view(self) -> dict[str, Any]:
        assert self.state is not None
        return dict(self.state["view"])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
