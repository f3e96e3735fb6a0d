"""One table: a game of 2–4 seats, each a person or a bot, kept in a store, told to subscribers.

    >>> from okgin.table import Seat, Table
    >>> table = Table({"preset": "standard", "format": "single"},
    ...               [Seat.person("Ann"), Seat.bot("easy")], seed=7)
    >>> table.run_bots()  # the bots play until a person is on turn: here, two actions
    2
    >>> seat, version = table.to_play, table.version
    >>> seat, version
    (0, 2)
    >>> action = table.view(seat).legal_actions[0]
    >>> ack = table.submit(seat, action, version)
    >>> ack.version == table.version == version + 1, ack.repeat
    (True, False)
    >>> table.submit(seat, action, version).repeat  # a resend after a lost reply
    True

Every change has a version: the table's count of stored entries (an action, a hand dealt
after the first, an undo). A submission names the version it was made against; an older one
is refused (:class:`StaleVersionError`), an exact repeat of a seat's last accepted one is
answered as accepted and not applied twice. A change is written to the store before it is
acknowledged and before any event is published; a refused change leaves the table, its store
and its subscribers as they were. Bots see only their seat's view; :meth:`Table.step_bot` and
:meth:`Table.run_bots` step them in the caller's thread, :meth:`Table.run_bots_async` thinks
off the event loop and applies on it.
"""

from __future__ import annotations

import asyncio
import copy
import json
import secrets
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, Literal

from okgin.actions import Action, from_json, to_json
from okgin.bots import Bot
from okgin.cards import Card
from okgin.errors import IllegalActionError, OkginError, RecordError
from okgin.game import Game
from okgin.record import replay
from okgin.rules import Rules
from okgin.table.deal import deck_for, first_dealer
from okgin.table.errors import NotYourTurnError, SeatError, StaleVersionError, StoreError
from okgin.table.events import Ack, EventKind, TableEvent, action_event, view_json
from okgin.table.seats import Seat, seat_names
from okgin.table.store import MemoryStore, Store, check_id
from okgin.views import View, view_of

__all__ = ["Table"]

Subscriber = Callable[[TableEvent], None]
#: What a seat last had accepted: (what, the action, the version it was made against, the
#: version it made).
_Accepted = tuple[Literal["action", "undo"], Action | None, int, int]


#: The most JSON a table's ``meta`` may hold.
MAX_META = 1 << 16


def _meta(meta: Any) -> dict[str, Any]:
    if not isinstance(meta, Mapping):
        raise OkginError(f"a table's meta is an object, not {type(meta).__name__}")
    try:
        text = json.dumps(dict(meta))
    except (TypeError, ValueError, RecursionError) as exc:
        raise OkginError(f"a table's meta must be plain JSON: {exc}") from None
    if len(text) > MAX_META:
        raise OkginError(f"a table's meta is {len(text)} characters of JSON, more than {MAX_META}")
    out: dict[str, Any] = json.loads(text)
    return out


def _decide(bot: Bot, view: View) -> Action:
    """A bot's decision (a module function, so a process pool can run it)."""
    return bot.act(view)


class Table:
    """A game of 2–4 seats over a :class:`~okgin.game.Game` (see the module docstring).

    ``rules``: a :class:`~okgin.rules.Rules` or its dict form; ``seats``: one :class:`Seat`
    per player; ``seed``: decides every deck (:func:`~okgin.table.deal.deck_for`) and the
    first dealer (a random one when None); ``store``: where the table is kept (a fresh
    :class:`MemoryStore` by default); ``table_id``: its id in the store (a random one by
    default; an id the store holds already is refused); ``undo``: whether a person may take
    back their last action of the hand; ``dealer``: the first dealer instead of the seed's;
    ``meta``: a front end's own settings kept with the table (plain JSON, at most 64 KiB; the
    terminal's speed, say), given back as ``.meta`` on resume.
    """

    def __init__(
        self,
        rules: Rules | Mapping[str, Any],
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        store: Store | None = None,
        table_id: str | None = None,
        undo: bool = False,
        dealer: int | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        seats = list(seats)
        if len(seats) != rules.players or not all(isinstance(s, Seat) for s in seats):
            raise SeatError(f"{rules.players} players need {rules.players} seats, not {len(seats)}")
        if seed is None:
            seed = secrets.randbelow(1 << 62)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise OkginError(f"a table's seed is a whole number, not {seed!r}")
        if dealer is None:
            dealer = first_dealer(seed, rules.players)
        elif (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(seats)
        ):
            raise SeatError(f"the dealer must be a seat 0..{len(seats) - 1}, not {dealer!r}")
        header = {
            "rules": rules.to_dict(),
            "players": seat_names(seats),
            "seats": [s.to_json() for s in seats],
            "seed": seed,
            "undo": bool(undo),
            "dealer": dealer,
            "deck": [c.text for c in deck_for(seed, 1)],
        }
        if meta is not None:
            header["meta"] = _meta(meta)
        table_id = check_id(table_id if table_id is not None else secrets.token_urlsafe(12))
        self._setup(table_id, store if store is not None else MemoryStore(), header)
        self.store.create(table_id, header)

    def _setup(self, table_id: str, store: Store, header: Mapping[str, Any]) -> None:
        """The table as its header makes it (version 0, the first hand dealt)."""
        self.id = table_id
        self.store = store
        self.rules: Rules = Rules.from_dict(header["rules"])
        self.seats: tuple[Seat, ...] = tuple(Seat.from_json(s) for s in header["seats"])
        if len(self.seats) != self.rules.players:
            raise StoreError(f"table {table_id}: {len(self.seats)} seats for {self.rules.players}")
        self.n = self.rules.players
        self.names: list[str] = list(header.get("players") or seat_names(self.seats))
        seed = header["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise StoreError(f"table {table_id}: the seed is {seed!r}, not a whole number")
        self.seed: int = seed
        self.undo_allowed: bool = bool(header["undo"])
        self.meta: dict[str, Any] = _meta(header.get("meta") or {})
        self.game = Game(self.rules, auto_deal=False, dealer=header["dealer"])
        self.game.deal([Card(c) for c in header["deck"]], header["dealer"])
        self.version = 0
        #: the last view made for each seat (None: a spectator's), reused at its version
        self._views: dict[int | None, View] = {}
        self.notices: list[str] = []
        self._accepted: dict[int, _Accepted] = {}
        self._dealt: tuple[int, int] | None = None  # the last next_hand: (given, made)
        self._versions: list[int] = []  # the version each action of this hand made
        self._subscribers: dict[int, tuple[int | None, Subscriber]] = {}
        self._next_token = 0
        self._outbox: deque[tuple[Subscriber, TableEvent]] = deque()
        self._delivering = False
        self._bots: dict[int, Bot] = {
            s: seat.make_bot(self.seed + s) for s, seat in enumerate(self.seats) if seat.is_bot
        }
        self._thinking: asyncio.Future[None] | None = None

    # ---- resume ---------------------------------------------------------------------------
    @classmethod
    def resume(cls, store: Store, table_id: str, *, undo: bool | None = None) -> Table:
        """The table ``table_id`` of ``store``, rebuilt from its journal: the same version,
        game, seats and accepted submissions (a new table's bots, seeded as before).
        ``undo``: whether a person may take back from now on (None: as the table was made;
        the undo entries in the journal replay either way)."""
        header, entries = store.load(table_id)
        table = cls.__new__(cls)
        try:
            table._setup(table_id, store, header)
        except (KeyError, TypeError) as exc:
            raise StoreError(f"table {table_id}: the header cannot be read ({exc})") from None
        except OkginError as exc:
            raise StoreError(f"table {table_id}: the header cannot be read: {exc}") from None
        made_with = table.undo_allowed
        table.undo_allowed = True  # an undo in the journal was allowed when it was made
        for version, entry in enumerate(entries, 1):
            try:
                table._check(entry)
                table._apply(entry)
            except (OkginError, KeyError, TypeError) as exc:
                raise StoreError(f"table {table_id}, entry {version}: {exc}") from None
        table.undo_allowed = made_with if undo is None else bool(undo)
        return table

    # ---- queries --------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        """The seat on turn, None between hands and once the game is over."""
        current: int | None = self.game.current_player
        return current

    @property
    def bot_to_play(self) -> int | None:
        seat = self.to_play
        return seat if seat is not None and self.seats[seat].is_bot else None

    @property
    def person_to_play(self) -> int | None:
        seat = self.to_play
        return seat if seat is not None and self.seats[seat].is_person else None

    @property
    def hand_over(self) -> bool:
        return self.game.hand.is_over

    @property
    def game_over(self) -> bool:
        return self.game.is_over

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (its ``version`` is the table's). A view is frozen, so
        the one made for a seat at this version is given again until the table changes."""
        return self._view(self._seat(seat))

    def spectator_view(self) -> View:
        """What anyone may know now: no hand, no legal actions."""
        return self._view(None)

    def _view(self, seat: int | None) -> View:
        cached = self._views.get(seat)
        if cached is not None and cached.version == self.version:
            return cached
        view = self._views[seat] = view_of(self.game, seat, version=self.version)
        return view

    def record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The game as a RECORD.md document (``okgin replay`` reads it)."""
        return self.game.to_record(list(players) if players is not None else self.names)

    def take_notices(self) -> list[str]:
        """What went wrong with the bots since the last call (a bot that failed or answered
        an illegal action plays the first legal action instead)."""
        out, self.notices = self.notices, []
        return out

    # ---- a person's submissions -----------------------------------------------------------
    def submit(self, seat: int, action: Action, version: int) -> Ack:
        """``seat`` plays ``action``, made against table ``version``.

        Checked in this order: the exact repeat of ``seat``'s last accepted submission (the
        answer is that Ack again, with ``repeat``); a stale version (StaleVersionError); a
        bot's seat (SeatError); not ``seat``'s turn (NotYourTurnError); the core's rules
        (IllegalActionError). A refusal changes nothing.
        """
        seat = self._seat(seat)
        last = self._accepted.get(seat)
        if last is not None and last[0] == "action" and last[1] == action and last[2] == version:
            return Ack(last[3], repeat=True)
        self._check_version(version)
        self._person(seat)
        return self._commit(self._action_entry(seat, action))

    def next_hand(self, version: int) -> Ack:
        """Deal the next hand once the current one is over (refused before, and once the
        game is over)."""
        if self._dealt is not None and self._dealt[0] == version:
            return Ack(self._dealt[1], repeat=True)
        self._check_version(version)
        entry = self._deal_entry()
        return self._commit(entry)

    def undo(self, seat: int, version: int) -> Ack:
        """Take back ``seat``'s last action of this hand and everything after it (a person's
        seat, a table made with ``undo=True``). Also once the game is over: the game goes on
        from before that action (a new entry, never an edit in place; the journal then says
        the game is not over)."""
        seat = self._seat(seat)
        last = self._accepted.get(seat)
        if last is not None and last[0] == "undo" and last[2] == version:
            return Ack(last[3], repeat=True)
        self._check_version(version)
        self._person(seat)
        entry = self._undo_entry(seat)
        return self._commit(entry)

    # ---- bots -----------------------------------------------------------------------------
    def step_bot(self) -> Ack | None:
        """The bot on turn decides from its view and the table plays it (None when no bot
        is on turn)."""
        seat = self.bot_to_play
        if seat is None:
            return None
        view = self.view(seat)
        try:
            action: Action | None = _decide(self._bots[seat], view)
        except Exception as exc:  # a bot's bug must not end the game
            self.notices.append(f"{self.names[seat]} failed ({exc}); it plays a legal action")
            action = None
        return self._play_bot(seat, view, action)

    def run_bots(self, max_steps: int | None = None) -> int:
        """Step bots until a person is on turn or the hand is over; the count of steps."""
        steps = 0
        while (max_steps is None or steps < max_steps) and self.step_bot() is not None:
            steps += 1
        return steps

    async def run_bots_async(self, executor: Executor | None = None) -> int:
        """Like :meth:`run_bots` inside an event loop: each bot thinks in ``executor`` (the
        loop's default thread pool when None; a process pool keeps a pure-Python search
        from holding the loop's GIL) and its action is applied on the loop's thread, only if
        the table has not changed meanwhile (else it thinks again). One run at a time: a
        second call while one runs waits for it. The count of bot actions applied."""
        if self._thinking is not None:
            await asyncio.shield(self._thinking)
            return 0
        loop = asyncio.get_running_loop()
        self._thinking = done = loop.create_future()
        steps = 0
        try:
            while (seat := self.bot_to_play) is not None:
                version = self.version
                view = self.view(seat)
                try:
                    action: Action | None = await loop.run_in_executor(
                        executor, _decide, self._bots[seat], view
                    )
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # a bot's bug, a broken pool
                    if self.version != version:
                        continue
                    self.notices.append(
                        f"{self.names[seat]} failed ({exc}); it plays a legal action"
                    )
                    action = None
                if self.version != version:
                    continue  # the table moved while it thought: think again
                self._play_bot(seat, view, action)
                steps += 1
        finally:
            self._thinking = None
            done.set_result(None)
        return steps

    def _play_bot(self, seat: int, view: View, action: Action | None) -> Ack:
        entry: dict[str, Any] | None = None
        if action is not None:
            try:
                entry = self._action_entry(seat, action)
            except (IllegalActionError, TypeError, AttributeError) as exc:
                reason = getattr(exc, "reason", str(exc))
                self.notices.append(
                    f"{self.names[seat]} answered an illegal action ({reason}); "
                    "it plays a legal action"
                )
        if entry is None:
            entry = self._action_entry(seat, view.legal_actions[0])
        return self._commit(entry)

    # ---- events ---------------------------------------------------------------------------
    def subscribe(self, seat: int | None, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback`` with every event as ``seat`` sees it (None: a spectator);
        returns the function that unsubscribes it."""
        if seat is not None:
            seat = self._seat(seat)
        token = self._next_token
        self._next_token += 1
        self._subscribers[token] = (seat, callback)

        def unsubscribe() -> None:
            self._subscribers.pop(token, None)

        return unsubscribe

    def _publish(self, kinds: list[tuple[EventKind, dict[str, Any]]]) -> None:
        """Build this change's events for every subscriber now, and deliver them in order: a
        callback that changes the table (re-entrantly) has its change's events delivered
        after the ones already on their way, never in between."""
        if not self._subscribers:
            return
        built: dict[int | None, list[TableEvent]] = {}
        for seat, callback in list(self._subscribers.values()):
            if seat not in built:
                built[seat] = self._events_for(seat, kinds)
            self._outbox.extend((callback, event) for event in built[seat])
        if self._delivering:
            return
        self._delivering = True
        try:
            while self._outbox:
                callback, event = self._outbox.popleft()
                try:
                    callback(event)
                except Exception as exc:  # a subscriber's bug must not undo a stored change
                    self.notices.append(f"a subscriber of seat {event.to} failed: {exc!r}")
        finally:
            self._delivering = False

    def _events_for(
        self, seat: int | None, kinds: list[tuple[EventKind, dict[str, Any]]]
    ) -> list[TableEvent]:
        view = self.spectator_view() if seat is None else self.view(seat)
        shown = view_json(view)
        out = []
        for kind, extra in kinds:
            data: dict[str, Any]
            if kind == "action":
                data = action_event(view)
            elif kind == "hand_dealt":
                data = {
                    "hand_number": view.hand_number,
                    "dealer": view.dealer,
                    "upcard": view.upcard.text,
                    "knock_limit": view.knock_limit,
                    "multiplier": view.multiplier,
                    "target": view.target,
                }
            elif kind == "hand_scored":
                assert view.result is not None
                data = {
                    "hand_number": view.hand_number,
                    "result": view.result.to_json(),
                    "totals": list(view.totals),
                }
            elif kind == "game_over":
                data = {"winner": view.winner, "totals": list(view.totals), **extra}
            else:  # undo
                data = {"hand_number": view.hand_number, **extra}
            data["view"] = shown
            out.append(TableEvent(kind, self.version, seat, data))
        return out

    # ---- changes: check, store, apply, publish --------------------------------------------
    def _commit(self, entry: dict[str, Any]) -> Ack:
        """Store ``entry`` (already checked) as the next version, then apply and publish it."""
        version = self.version + 1
        try:
            self.store.append(self.id, version, entry)
        except OSError as exc:
            raise StoreError(f"cannot store table {self.id}'s version {version}: {exc}") from None
        kinds = self._apply(entry)
        if self.game.is_over:
            try:
                self.store.finish(self.id)
            except (OSError, OkginError) as exc:
                self.notices.append(f"the store did not mark table {self.id} as over: {exc}")
        self._publish(kinds)
        self._views.clear()  # made for this change's events: no need to keep them longer
        return Ack(self.version)

    def _check(self, entry: Mapping[str, Any]) -> None:
        """Refuse an entry the table cannot apply now (a stored one on resume)."""
        do = entry.get("do")
        if do == "action":
            seat, action = from_json(entry["action"])
            if seat != entry["seat"]:
                raise RecordError("the action's seat is not the entry's")
            expected = self._action_entry(seat, action)
            if "over" in entry and entry["over"] != expected.get("over", False):
                raise RecordError("the entry's game-over mark is not what the action makes")
        elif do == "deal":
            expected = self._deal_entry()
            if entry != expected:
                raise RecordError("the deal is not the one the table's seed and rotation make")
        elif do == "undo":
            expected = self._undo_entry(entry["seat"])
            if entry != expected:
                raise RecordError("the undo does not take back the seat's last action")
        else:
            raise RecordError(f"an entry's do is action, deal or undo, not {do!r}")

    def _action_entry(self, seat: int, action: Action) -> dict[str, Any]:
        """The entry of ``seat`` playing ``action``, checked on a copy of the hand."""
        game = self.game
        if game.is_over:
            raise IllegalActionError("the game is over", action)
        hand = game.hand
        if hand.is_over:
            raise NotYourTurnError(
                "the hand is over: nobody is on turn until the next hand is dealt", action
            )
        turn = hand.current_player
        if turn != seat:
            assert turn is not None
            raise NotYourTurnError(
                f"it is seat {turn}'s turn ({self.names[turn]}), not seat {seat}'s", action
            )
        after = hand.copy()
        after.apply(action, seat)  # the core's refusal, nothing changed
        entry: dict[str, Any] = {"do": "action", "seat": seat, "action": to_json(action, seat)}
        if after.is_over:  # the hand ends: does the game? (the journal says so: finished)
            # a copy of the game (its random source shared: a table's decks come from its
            # seed, and applying an action never draws from it)
            shared = {id(r): r for r in (getattr(game, "_rng", None),) if r is not None}
            game = copy.deepcopy(game, shared)
            game.apply(action, seat)
            if game.is_over:
                entry["over"] = True
        return entry

    def _deal_entry(self) -> dict[str, Any]:
        game = self.game
        if game.is_over:
            raise IllegalActionError("the game is over: no hand may be dealt")
        if not game.hand.is_over:
            raise IllegalActionError("the hand is still being played")
        deck = deck_for(self.seed, len(game.hands) + 1)
        return {"do": "deal", "dealer": game.next_dealer, "deck": [c.text for c in deck]}

    def _undo_entry(self, seat: int) -> dict[str, Any]:
        if not self.undo_allowed:
            raise IllegalActionError("undo is off at this table")
        mine = [i for i, (s, _) in enumerate(self.game.hand.history) if s == seat]
        if not mine:
            raise IllegalActionError(
                f"seat {seat} has not played in this hand yet: nothing to undo"
            )
        return {"do": "undo", "seat": seat, "keep": mine[-1]}

    def _apply(self, entry: Mapping[str, Any]) -> list[tuple[EventKind, dict[str, Any]]]:
        """Apply a checked entry as the next version; the events it makes."""
        made = self.version + 1
        game = self.game
        self._views.clear()  # the game changes: no view made before is current
        kinds: list[tuple[EventKind, dict[str, Any]]] = []
        do = entry["do"]
        if do == "action":
            seat, action = from_json(entry["action"])
            game.apply(action, seat)
            self._versions.append(made)
            if self.seats[seat].is_person:
                self._accepted[seat] = ("action", action, made - 1, made)
            kinds.append(("action", {}))
            if game.hand.is_over:
                kinds.append(("hand_scored", {}))
        elif do == "deal":
            game.deal([Card(c) for c in entry["deck"]], entry["dealer"])
            self._versions = []
            self._dealt = (made - 1, made)
            kinds.append(("hand_dealt", {}))
        else:  # undo
            seat, keep = entry["seat"], entry["keep"]
            doc = game.to_record(self.names)
            taken = len(doc["hands"][-1]["actions"]) - keep
            del doc["hands"][-1]["actions"][keep:]
            self.game = replay(doc)
            cut = self._versions[keep]
            del self._versions[keep:]
            self._accepted = {s: a for s, a in self._accepted.items() if a[3] < cut}
            self._accepted[seat] = ("undo", None, made - 1, made)
            kinds.append(("undo", {"seat": seat, "taken_back": taken}))
        self.version = made
        if self.game.is_over:
            final = self.game.score.final
            kinds.append(("game_over", {"final": list(final) if final is not None else None}))
        return kinds

    # ---- checks ---------------------------------------------------------------------------
    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise SeatError(f"seat must be 0..{self.n - 1}, not {seat!r}")
        return seat

    def _person(self, seat: int) -> None:
        if not self.seats[seat].is_person:
            raise SeatError(f"seat {seat} ({self.names[seat]}) is a bot's: the table plays it")

    def _check_version(self, version: object) -> None:
        if version != self.version or isinstance(version, bool):
            raise StaleVersionError(version, self.version)

    def __repr__(self) -> str:
        seats = ", ".join(self.names)
        return f"<Table {self.id} v{self.version} [{seats}] {self.game!r}>"
