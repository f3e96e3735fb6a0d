"""The live tables of one server: each a :class:`~okgin.table.Table` with its connections.

The hub is a thin layer over ``Table``: it loads a table (``Table.resume``) on first use,
subscribes once per seat and once as spectator, turns each :class:`TableEvent` into one frame
for that recipient (kept in a short buffer for reconnects) and hands it to that recipient's
connections; it submits people's actions and lets the table run its bots off the event loop.
It never applies a rule itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from okgin.bots import make_bot
from okgin.errors import OkginError
from okgin.table import Seat, Table, TableEvent, thinking_pool
from okgin.views import View
from okgin.web.protocol import help_for
from okgin.web.store import SqlStore

__all__ = ["Hub", "Live", "Recipient", "state", "state_frame"]

log = logging.getLogger("okgin.web")

#: Bots whose decisions are searches, long enough to think in another process.
SEARCHERS = frozenset({"hard", "expert"})
#: How long (seconds) a finished game that nobody has open stays in the server's memory.
KEEP = 120.0
#: The bot that plays the seat of a person gone longer than the grace period.
STAND_IN = "medium"
#: How many frames per recipient a reconnecting client can catch up on without a snapshot.
BUFFER = 400

Recipient = int | None  # a seat, or None for a spectator


class UnknownTable(OkginError):
    """No table has that id."""


@dataclass(eq=False)
class Connection:
    """One browser or program on one table: its recipient and its outgoing queue."""

    seat: Recipient
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    hint: asyncio.Task[None] | None = None

    def send(self, frame: dict[str, Any] | str) -> None:
        self.queue.put_nowait(frame if isinstance(frame, str) else json.dumps(frame))


def view_for(table: Table, seat: Recipient) -> View:
    return table.spectator_view() if seat is None else table.view(seat)


def _latest(live: Live, seat: Recipient) -> tuple[int, str, str]:
    """The recipient's view and help at the table's version, as JSON texts (each made once
    per version: the events and the ack of one change share them; kept as text, which the
    garbage collector never scans, rather than as the many objects of their dicts)."""
    version = live.table.version
    cached = live.latest.get(seat)
    if cached is not None and cached[0] == version:
        return cached
    view = view_for(live.table, seat)
    out = live.latest[seat] = (version, json.dumps(view.to_json()), json.dumps(help_for(view)))
    return out


def state(live: Live, seat: Recipient) -> dict[str, Any]:
    """The recipient's whole state: its view, the core's help about its cards, the table."""
    version, view_text, help_text = _latest(live, seat)
    return {
        "version": version,
        "seat": seat,
        "view": json.loads(view_text),
        "help": json.loads(help_text),
        "table": table_info(live),
        "rules": live.table.rules.options(),  # every option in force (docs: RULES.md §11)
    }


def state_frame(live: Live, seat: Recipient, head: dict[str, Any]) -> str:
    """``json.dumps({**head, **state(live, seat)})``, the same text, with the view and help
    serialised once per version (``head``: the frame's own keys, none of the state's)."""
    version, view_text, help_text = _latest(live, seat)
    return (
        json.dumps(head)[:-1]
        + f', "version": {version}, "seat": {json.dumps(seat)}'
        + f', "view": {view_text}, "help": {help_text}'
        + f', "table": {json.dumps(table_info(live))}, "rules": {live.rules_text}}}'
    )


def table_info(live: Live) -> dict[str, Any]:
    table = live.table
    return {
        "id": table.id,
        "names": list(table.names),
        "seats": [s.to_json() for s in table.seats],
        "hand_over": table.hand_over,
        "game_over": table.game_over,
        "to_play": table.to_play,
        "away": sorted(live.away),
    }


class Live:
    """One loaded table: its subscriptions, buffers, connections and bot task."""

    def __init__(
        self,
        table: Table,
        pool: Callable[[], Executor] | None = None,
        grace: float = 60.0,
        rematch_id: str | None = None,
    ) -> None:
        self.table = table
        self.grace = grace
        self._pool = pool
        #: each person seat whose every connection has closed: since when (a seat nobody has
        #: opened yet is not gone: it waits for its person)
        self.gone_since: dict[int, float] = {}
        #: the person seats played by a stand-in bot now (gone longer than ``grace``)
        self.away: set[int] = set()
        self.stand_ins: dict[int, Any] = {}
        self.stand_in_task: asyncio.Task[None] | None = None
        #: the rematch's table id once a person asked for one (kept in the database)
        self.rematch_id = rematch_id
        #: each person seat's token to the rematch, as this process gave it out (the database
        #: keeps only the tokens' hashes, so after a restart each seat gets a fresh one)
        self.rematch_tokens: dict[int, str] = {}
        #: searching bots (hard, expert) think in a process pool, so the loop stays free
        self.executor: Executor | None = None
        if pool is not None and any(
            s.is_bot and (s.bot_spec or "").split(":")[0] in SEARCHERS for s in table.seats
        ):
            self.executor = pool()
        self.connections: dict[Recipient, set[Connection]] = {}
        #: since when nobody has been connected (None: somebody is); a table starts unwatched
        self.idle_since: float | None = time.monotonic()
        self.buffers: dict[Recipient, deque[tuple[int, str]]] = {}
        self.bot_task: asyncio.Task[None] | None = None
        #: each recipient's last view and help as JSON texts, with their version (frames
        #: reuse them)
        self.latest: dict[Recipient, tuple[int, str, str]] = {}
        #: every rule option in force as JSON (a table's rules never change)
        self.rules_text = json.dumps(table.rules.options())
        self._unsubscribe: list[Callable[[], None]] = []
        #: from which version each recipient's frames are buffered (subscribed then)
        self.started: dict[Recipient, int] = {}
        for seat in [*range(table.n), None]:
            self.buffers[seat] = deque(maxlen=BUFFER)
            self.connections[seat] = set()
        for seat, s in enumerate(table.seats):  # a bot's seat has no connection, ever
            if s.is_person:
                self._subscribe(seat)

    def _subscribe(self, seat: Recipient) -> None:
        """Follow the table as ``seat`` sees it (spectators: from the first one on)."""
        if seat not in self.started:
            self.started[seat] = self.table.version
            self._unsubscribe.append(self.table.subscribe(seat, self._publisher(seat)))

    def _publisher(self, seat: Recipient) -> Callable[[TableEvent], None]:
        def publish(event: TableEvent) -> None:
            data = dict(event.data)
            view_json = data.pop("view", None)
            head = json.dumps(
                {
                    "type": "event",
                    "version": event.version,
                    "kind": event.kind,
                    "event": data,
                    "seat": seat,
                }
            )[:-1]
            if view_json is not None:
                cached = self.latest.get(seat)
                if cached is not None and cached[0] == event.version:
                    view_text, help_text = cached[1], cached[2]  # a second event of the change
                else:  # the table is at the event's version while it publishes
                    no_help = seat is None and self.table.rules.format != "hollywood"
                    help_ = {} if no_help else help_for(view_for(self.table, seat))
                    view_text, help_text = json.dumps(view_json), json.dumps(help_)
                    self.latest[seat] = (event.version, view_text, help_text)
                head += f', "view": {view_text}, "help": {help_text}'
            # the same text as json.dumps of the whole frame, the view serialised once
            text = f'{head}, "table": {json.dumps(table_info(self))}}}'
            self.buffers[seat].append((event.version, text))
            for conn in self.connections[seat]:
                conn.send(text)

        return publish

    def missed(self, seat: Recipient, version: int) -> list[str] | None:
        """The frames after ``version`` for ``seat``, or None when a snapshot is needed."""
        if version > self.table.version:
            return None
        if version == self.table.version:
            return [t for v, t in self.buffers[seat] if v > version]
        if seat not in self.started or version < self.started[seat]:
            return None
        buf = self.buffers[seat]
        if buf and buf[0][0] > version + 1:
            return None  # the buffer has forgotten some
        frames = [t for v, t in buf if v > version]
        if not frames:
            return None
        return frames

    def attach(self, conn: Connection) -> None:
        self._subscribe(conn.seat)
        self.connections[conn.seat].add(conn)
        self.idle_since = None
        if conn.seat is not None:
            self.gone_since.pop(conn.seat, None)

    def detach(self, conn: Connection) -> None:
        self.connections[conn.seat].discard(conn)
        if conn.seat is not None and not self.connections[conn.seat]:
            self.gone_since[conn.seat] = time.monotonic()
        if not any(self.connections.values()):
            self.idle_since = time.monotonic()

    def done_with(self, now: float, after: float) -> bool:
        """True for a finished game that nobody has had open for ``after`` seconds, with no
        bot or stand-in still at work: the hub may drop it from memory (the database keeps it
        whole, and the next request loads it again, as after a restart)."""
        busy = any(t is not None and not t.done() for t in (self.bot_task, self.stand_in_task))
        return (
            self.table.game_over
            and not busy
            and self.idle_since is not None
            and now - self.idle_since >= after
        )

    @property
    def hints(self) -> Executor | None:
        """Where hints are thought: the process pool (None: the loop's threads)."""
        return self._pool() if self._pool is not None else None

    def broadcast(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame)
        for conns in self.connections.values():
            for conn in conns:
                conn.send(text)

    def watch(self) -> None:
        """Mark the seats gone longer than the grace period as away (and back), telling
        everyone; let a stand-in bot play an away seat on turn."""
        now = time.monotonic()
        away = {s for s, since in self.gone_since.items() if now - since >= self.grace}
        if away != self.away:
            self.away = away
            self.broadcast(
                {"type": "presence", "version": self.table.version, "away": sorted(away)}
            )
        seat = self.table.to_play
        idle = self.stand_in_task is None or self.stand_in_task.done()
        if seat is not None and seat in self.away and idle:
            self.stand_in_task = asyncio.get_running_loop().create_task(self._stand_in(seat))

    async def _stand_in(self, seat: int) -> None:
        """One move of an away person's seat, chosen by a bot from that seat's view and
        submitted like the person's own (so the table checks it as any other)."""
        table = self.table
        bot = self.stand_ins.get(seat)
        if bot is None:
            bot = self.stand_ins[seat] = make_bot(STAND_IN, seed=table.seed + 101 * (seat + 1))
        version = table.version
        view = table.view(seat)
        try:
            action = await asyncio.get_running_loop().run_in_executor(None, bot.act, view)
            if table.version == version and seat in self.away and table.to_play == seat:
                table.submit(seat, action, version)
                self.kick_bots()
        except OkginError as exc:
            log.warning("table %s: the stand-in of seat %s was refused: %s", table.id, seat, exc)
        except Exception:
            log.exception("table %s: the stand-in of seat %s failed", table.id, seat)

    def kick_bots(self) -> None:
        """Let the table's bots play (off the event loop) if one is on turn."""
        if self.bot_task is not None and not self.bot_task.done():
            return
        if self.table.bot_to_play is None:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await self.table.run_bots_async(self.executor)
        except Exception:  # a bot's crash must not take the server down
            log.exception("table %s: the bots stopped", self.table.id)

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        for task in (self.bot_task, self.stand_in_task):
            if task is not None:
                task.cancel()


class Hub:
    """Every table this server has loaded, over one store."""

    def __init__(self, store: SqlStore, grace: float = 60.0, keep: float = KEEP) -> None:
        self.store = store
        self.grace = grace
        #: how long a finished game nobody has open stays loaded (seconds)
        self.keep = keep
        self.live: dict[str, Live] = {}
        self._pool: Executor | None = None

    def rematch(self, live: Live) -> str:
        """The id of the game over at ``live`` again with the same seats and rules (one
        rematch per table, kept in the database: asking again, or after a restart, gives
        the same one)."""
        if live.rematch_id is None:
            if not live.table.game_over:
                raise OkginError("a rematch is offered once the game is over")
            new, tokens = self.create(
                live.table.rules.to_dict(), live.table.seats, rematch_of=live.table.id
            )
            new.kick_bots()
            live.rematch_id = new.table.id
            live.rematch_tokens = tokens
        return live.rematch_id

    def rematch_link(self, live: Live, seat: Recipient) -> str:
        """``seat``'s own invite link to the rematch of ``live`` (a spectator's: the
        spectator link). The rematch has the same seats, so a person seat's link opens the
        same seat there; a seat this process has not given a token yet gets a fresh one (its
        hash stored), as after a restart."""
        table_id = live.rematch_id
        assert table_id is not None
        if seat is None:
            return f"/t/{table_id}"
        token = live.rematch_tokens.get(seat)
        if token is None:
            token = secrets.token_urlsafe(24)
            self.store.add_tokens(table_id, {seat: token})
            live.rematch_tokens[seat] = token
        return f"/t/{table_id}#{token}"

    def pool(self) -> Executor:
        """The process pool searching bots and hints think in (one worker, started on first
        use). Its worker is spawned, not forked: a forked worker would hold copies of the
        server's sockets, so a connection the server closes would stay open in it and the
        browser's next request on it would hang."""
        if self._pool is None:
            self._pool = thinking_pool(1, start_method="spawn")
        return self._pool

    def create(
        self,
        rules: dict[str, Any],
        seats: Sequence[Seat],
        seed: int | None = None,
        rematch_of: str | None = None,
    ) -> tuple[Live, dict[int, str]]:
        """A new table and one fresh token for each person seat (``rematch_of``: the table
        it is the rematch of, stored with the tokens)."""
        table = Table(rules, seats, seed=seed, store=self.store)
        tokens = {
            i: secrets.token_urlsafe(24) for i, s in enumerate(table.seats) if s.kind == "person"
        }
        self.store.add_tokens(table.id, tokens, rematch_of=rematch_of)
        live = Live(table, self.pool, self.grace)
        self.live[table.id] = live
        return live, tokens

    def get(self, table_id: str) -> Live:
        live = self.live.get(table_id)
        if live is None:
            if not self.store.exists(table_id):
                raise UnknownTable(f"there is no table {table_id[:64]!r}")
            live = Live(
                Table.resume(self.store, table_id),
                self.pool,
                self.grace,
                rematch_id=self.store.rematch_of(table_id),
            )
            self.live[table_id] = live
        return live

    def resume_all(self) -> None:
        """Load every unfinished table and let its bots go on (after a restart)."""
        for table_id in self.store.unfinished():
            try:
                self.get(table_id).kick_bots()
            except OkginError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)

    async def watch(self, every: float = 0.5) -> None:
        """Watch for people gone longer than the grace period, and drop the finished games
        nobody has had open for ``keep`` seconds (a server that kept every game it loaded
        grew without end, and so did its full garbage collections), as long as it runs."""
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for table_id, live in list(self.live.items()):
                try:
                    live.watch()
                    if live.done_with(now, self.keep):
                        live.close()
                        del self.live[table_id]
                except Exception:
                    log.exception("table %s: the watch failed", live.table.id)

    def close(self) -> None:
        for live in self.live.values():
            live.close()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):
            self.store.engine.dispose()
