"""Helpers of the web tests: a database per test (SQLite file or a fresh PostgreSQL schema), the
real server in a subprocess on a free loopback port (and a module's ``server`` fixture over
every database), a WebSocket client of the protocol, whole games played through it, and the
real browser (Debian's chromium through playwright: its fixture and a page that records every
error and every request to another host)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
DATABASES = ["sqlite", "postgresql"]


def postgres_reachable() -> bool:
    try:
        import psycopg

        with psycopg.connect(
            "host=127.0.0.1 port=5432 dbname=test user=postgres", connect_timeout=3
        ):
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

    def __init__(self, db: str, data_dir: Path, *args: str) -> None:
        self.launch = (db, data_dir, args)
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        env["OKGIN_DATA_DIR"] = str(data_dir)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "okgin", "serve", "--port", "0", "--db", db, "--quiet", *args],
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

    def crash_and_restart(self) -> Server:
        """SIGKILL (no clean-up: what was committed is all there is), then a new server on
        the same database and data folder with the same options."""
        self.kill()
        db, data_dir, args = self.launch
        return Server(db, data_dir, *args)

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


@contextlib.contextmanager
def running(kind: str, tmp_path: Path, *args: str) -> Iterator[Server]:
    """The server on an empty database of ``kind`` (``args`` go to ``okgin serve``), stopped
    afterwards."""
    with database(kind, tmp_path) as url:
        srv = Server(url, tmp_path, *args)
        try:
            yield srv
        finally:
            srv.stop()


def server_fixture(prefix: str, *args: str, databases: Sequence[str] = DATABASES) -> Any:
    """A module's ``server`` fixture (``server = server_fixture("name", ...)``): the server
    started once per module on each of ``databases``, ``args`` given to ``okgin serve``."""

    @pytest.fixture(scope="module", params=list(databases))
    def server(
        request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
    ) -> Iterator[Server]:
        tmp = tmp_path_factory.mktemp(f"{prefix}-{request.param}")
        with running(request.param, tmp, *args) as srv:
            yield srv

    return server


def get_json(server: Server, path: str) -> tuple[int, Any]:
    """GET ``path``: the status and the JSON body."""
    status, _, body = server.request(path)
    return status, json.loads(body)


def token_of(link: str) -> str:
    return link.split("#", 1)[1]


class Client:
    """One WebSocket connection to a table (a seat by token, or a spectator), recording
    every frame it receives."""

    def __init__(
        self, server: Server, table_id: str, token: str | None, version: int | None = None
    ):
        self.table_id = table_id
        self.token = token
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self._stack = contextlib.ExitStack()
        self.connect(server, version)

    def connect(self, server: Server, version: int | None = None) -> None:
        """(Re)connect and say hello with ``version`` (the last one seen, for a resume)."""
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        self.close()
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(
            connect(f"{server.ws_url}/ws/{self.table_id}", open_timeout=20, max_size=2**22)
        )
        with contextlib.suppress(ConnectionClosed):  # a refused table closes at once
            self.send({"type": "hello", "token": self.token, "version": version})

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

    def catch_up(self, version: int, timeout: float = 60) -> None:
        """Read frames until this client's state is at ``version`` or later."""
        if self.state is None or self.version < version:
            self.until(lambda f: self.state is not None and self.version >= version, timeout)

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
            self._stack.close()


# ---- playing whole games over the protocol -------------------------------------------------
def pick(state: dict[str, Any], rng: Any) -> dict[str, Any]:
    """A fair player's choice from the seat's legal actions and the server's help: knock when
    it may, else the discard that leaves the least deadwood, the best layoffs, draw or take."""
    view = state["view"]
    legal = view["legal_actions"]
    help_ = state.get("help") or {}
    for kind in ("knock",):
        options = [a for a in legal if a["do"] == kind]
        if options:
            return dict(options[0])
    discards = [a for a in legal if a["do"] == "discard"]
    if discards:
        after = help_.get("discards", {})
        best = min(after.get(a["card"], 99) for a in discards)
        choices = [a for a in discards if after.get(a["card"], 99) == best]
        return dict(rng.choice(choices))
    best_layoffs = help_.get("layoffs") or []
    for card, meld in best_layoffs:
        for a in legal:
            if a["do"] == "layoff" and a["card"] == card and a["meld"] == meld:
                return dict(a)
    for kind in ("done",):
        for a in legal:
            if a["do"] == kind:
                return dict(a)
    return dict(rng.choice(legal))


def latest(clients: list[Client]) -> dict[str, Any]:
    states = [c.state for c in clients if c.state is not None]
    return max(states, key=lambda s: s["version"])


def poll(clients: list[Client]) -> None:
    for c in clients:
        with contextlib.suppress(TimeoutError):
            while True:
                c.recv(0)


class BotChooser:
    """Choose like one of okgin's bots, from the view the server sent (``View.from_json``),
    as examples/web_bot.py does: a scripted person who plays well, so games are short."""

    def __init__(self, name: str = "medium", seed: int = 1) -> None:
        from okgin.bots import make_bot

        self.bot = make_bot(name, seed=seed)

    def __call__(self, state: dict[str, Any], rng: Any) -> dict[str, Any]:
        from okgin.actions import to_json
        from okgin.views import View

        view = View.from_json(state["view"])
        return dict(to_json(self.bot.act(view), view.own_seat))


def play_turn(
    persons: dict[int, Client],
    everyone: list[Client],
    rng: Any,
    acked: list[tuple[int, Any]],
    choose: Callable[[dict[str, Any], Any], dict[str, Any]] = pick,
) -> bool:
    """One step of the game: a person's action (``choose``'s) or next hand, or wait for a
    bot. False once the game is over. Every acknowledged (version, action) is appended to
    ``acked``."""
    poll(everyone)
    state = latest(everyone)
    table = state["table"]
    cur = state["version"]
    if table["game_over"]:
        return False
    if table["hand_over"]:
        client = next(iter(persons.values()))
        client.catch_up(cur)
        client.send({"type": "next_hand", "version": client.version})
        frame = client.until(lambda f: f["type"] in ("ack", "refused"))
        if frame["type"] == "ack":
            acked.append((frame["acked"], "deal"))
        return True
    to_play = table["to_play"]
    if to_play in persons:
        client = persons[to_play]
        client.catch_up(cur)
        action = choose(client.state or {}, rng)
        version = client.version
        client.send({"type": "action", "action": action, "version": version})
        frame = client.until(lambda f: f["type"] in ("ack", "refused", "error"))
        assert frame["type"] == "ack", frame
        acked.append((frame["acked"], action))
        return True
    everyone[0].catch_up(cur + 1, timeout=120)
    return True


def record_versions(doc: dict[str, Any]) -> dict[int, Any]:
    """What made each table version of a RECORD.md record: an action (its JSON) or "deal"
    (version 0 is the first hand; every later hand's deal is a version of its own)."""
    out: dict[int, Any] = {}
    version = 0
    for h, hand in enumerate(doc["hands"]):
        if h:
            version += 1
            out[version] = "deal"
        for action in hand["actions"]:
            version += 1
            out[version] = action
    return out


def person_clients(server: Server, table: dict[str, Any]) -> dict[int, Client]:
    """A client on every person seat of a table just made (by its invite link's token), each
    past its first frame."""
    persons = {
        s["seat"]: Client(server, table["id"], token_of(s["link"]))
        for s in table["seats"]
        if s["link"]
    }
    for c in persons.values():
        c.recv()
    return persons


def play_game(
    server: Server,
    seats: list[dict[str, Any]],
    rules: dict[str, Any] | None = None,
    seed: int = 1,
    spectate: bool = False,
) -> tuple[dict[str, Any], dict[str, Any], dict[Any, Client]]:
    """A whole game played over the WebSocket by fair players (:func:`pick`): the table, its
    record and each person's (and the spectator's, key None) client with its frames."""
    table = server.create(seats, rules=rules or {"preset": "standard", "target": 60}, seed=seed)
    persons = person_clients(server, table)
    clients: dict[Any, Client] = dict(persons)
    if spectate:
        clients[None] = Client(server, table["id"], None)
        clients[None].recv()
    everyone = list(clients.values())
    rng = random.Random(seed)
    acked: list[tuple[int, Any]] = []
    steps = 0
    while play_turn(persons, everyone, rng, acked):
        steps += 1
        assert steps < 3000, "the game did not end"
    for c in everyone:
        c.drain(0.3)
        c.close()
    status, _, body = server.request(f"/api/tables/{table['id']}/record")
    assert status == 200, body
    return table, json.loads(body), clients


# ---- the real browser (Debian's chromium, no download) -------------------------------------
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Skips a browser test where there is no chromium (never on CI: there it fails).
browser_test = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"), reason="no /usr/bin/chromium"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, once per module (import it into the test module to use it)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


def open_page(browser: Any, server: Server, width: int = 1000, height: int = 900) -> Any:
    """A new page (of a browser or a browser context) that may reach only the server: every
    other request is refused and kept in ``page.foreign``, every page error and console error
    in ``page.errors``."""
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.foreign = []  # requests to any host but the server
    page.errors = []

    def route(r: Any) -> None:
        if r.request.url.startswith(server.url):
            r.continue_()
        else:
            page.foreign.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on(
        "console",
        lambda m: page.errors.append(m.text) if m.type == "error" else None,
    )
    return page


def settle(page: Any) -> None:
    """Wait until the table page has its last action answered (the page sends one at a time
    and marks ``body[data-pending]`` meanwhile). A loop that clicks again after a fixed wait
    can find a button that the answer then removes, and wait 30 s for it to come back."""
    page.wait_for_function("() => !document.body.dataset.pending", timeout=20_000)


def sqlite_only(request: pytest.FixtureRequest) -> None:
    """Skip the test on PostgreSQL: a browser test of a module whose server runs on both."""
    if request.node.callspec.params.get("server") != "sqlite":
        pytest.skip("the browser tests run on SQLite (the routes are the same on PostgreSQL)")


def hold_seats(page: Any, server: Server, seats: list[tuple[dict[str, Any], int]]) -> None:
    """This browser holds these seats, as table.js remembers a table it played at."""
    page.goto(server.url + "/games")
    games = {
        t["id"]: {"token": token_of(t["seats"][s]["link"]), "at": i}
        for i, (t, s) in enumerate(seats)
    }
    page.evaluate("g => localStorage.setItem('okgin-games', JSON.stringify(g))", games)
