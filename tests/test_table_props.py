"""Property tests of okgin.table: random tables of 2–4 seats (fast bots and scripted people),
random stale, repeated, misplaced and illegal submissions, random undos, and random store
failures before or after the write (then the table refuses and stays as it was; a restarted
table holds at most the one unacknowledged change, and the client's resend is a repeat).

Checked after every step: a refusal changes nothing (table, store, subscribers); every stale
submission is refused; every repeat is answered and not applied; the game replays from the
table's record to the same views; a table rebuilt from its store equals the original; and no
event sent to a seat (or a spectator) names a card that seat may not see (the secret cards
are computed from the game, not from okgin.views).
"""

from __future__ import annotations

import json
import tempfile
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_oracle import cards_named, secret_cards

from okgin.actions import Action, Discard, Layoff, to_json
from okgin.cards import CARDS
from okgin.errors import IllegalActionError
from okgin.record import replay
from okgin.table import (
    Ack,
    FileStore,
    MemoryStore,
    NotYourTurnError,
    Seat,
    SeatError,
    StaleVersionError,
    Store,
    StoreConflict,
    StoreError,
    Table,
    TableEvent,
)
from okgin.views import view_of

BOTS = ("random", "easy", "medium")


class CrashingStore:
    """A store that fails its next append when told: ``before`` (nothing written) or
    ``after`` (written, then the failure: the writer never learns it landed)."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.fail: str | None = None

    def create(self, table_id: str, header: dict[str, Any]) -> None:
        self.inner.create(table_id, header)

    def append(self, table_id: str, version: int, entry: dict[str, Any]) -> None:
        mode, self.fail = self.fail, None
        if mode == "before":
            raise OSError("No space left on device (simulated)")
        self.inner.append(table_id, version, entry)
        if mode == "after":
            raise OSError("the machine died after the write (simulated)")

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return self.inner.load(table_id)

    def tables(self) -> list[str]:
        return self.inner.tables()

    def finish(self, table_id: str) -> None:
        self.inner.finish(table_id)


class Harness:
    """One table under test, its subscribers, and what its clients had accepted."""

    def __init__(self, table: Table, store: CrashingStore) -> None:
        self.store = store
        self.events = 0
        self.accepted: dict[int, tuple[Action, int, int]] = {}  # seat: action, given, made
        self.attach(table)

    def attach(self, table: Table) -> None:
        self.t = table
        for seat in [*range(table.n), None]:
            table.subscribe(seat, lambda e, seat=seat: self.on_event(seat, e))

    def on_event(self, seat: int | None, event: TableEvent) -> None:
        t = self.t
        self.events += 1
        doc = json.loads(json.dumps(event.to_json()))
        assert doc["to"] == seat and doc["version"] == t.version
        leaked = cards_named(doc) & secret_cards(t.game, seat)
        assert not leaked, f"seat {seat} was told {leaked} in a {event.kind} event"
        view = t.spectator_view() if seat is None else t.view(seat)
        assert doc["data"]["view"] == json.loads(json.dumps(view.to_json()))
        assert cards_named(doc) <= view.cards_seen()  # nothing the seat's own view lacks

    def snapshot(self) -> tuple[Any, ...]:
        t = self.t
        return (t.version, json.dumps(t.record()), json.dumps(self.store.load(t.id)),
                self.events, t.to_play)

    def refused(self, error: type[Exception], call: Any, *args: Any) -> None:
        before = self.snapshot()
        with pytest.raises(error):
            call(*args)
        assert self.snapshot() == before

    def check_consistent(self) -> None:
        """The game replays from its record to the same views, and the stored table rebuilds
        to the same table."""
        t = self.t
        game = replay(json.loads(json.dumps(t.record())))
        for s in range(t.n):
            assert view_of(game, s, version=t.version) == t.view(s)
        r = Table.resume(self.store.inner, t.id)
        assert (r.version, r.record(), r.seats, r.names) == (t.version, t.record(), t.seats,
                                                              t.names)
        assert r._accepted == t._accepted and r._dealt == t._dealt
        assert all(r.view(s) == t.view(s) for s in range(t.n))

    def restart(self) -> None:
        """The process died: a new table from the store, the clients reconnect."""
        self.attach(Table.resume(self.store, self.t.id))


def person_seats(t: Table) -> list[int]:
    return [s for s in range(t.n) if t.seats[s].is_person]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_tables_never_corrupt_refuse_stale_answer_repeats_and_hide_cards(
    data: st.DataObject,
) -> None:
    play_a_table(data, MemoryStore())


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_same_on_a_file_store(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        play_a_table(data, FileStore(tmp))


def play_a_table(data: st.DataObject, inner: Store) -> None:
    n = data.draw(st.integers(2, 4), label="players")
    kinds = data.draw(st.lists(st.sampled_from(("person", *BOTS)), min_size=n, max_size=n))
    if "person" not in kinds:
        kinds[0] = "person"
    seats = [Seat.person(f"P{s}") if k == "person" else Seat.bot(k) for s, k in enumerate(kinds)]
    rules = {"preset": "standard", "players": n,
             "format": data.draw(st.sampled_from(("single", "target")))}
    store = CrashingStore(inner)
    table = Table(rules, seats, seed=data.draw(st.integers(0, 2**31)), store=store,
                  undo=data.draw(st.booleans(), label="undo"))
    h = Harness(table, store)
    h.check_consistent()
    for step in range(data.draw(st.integers(10, 60), label="steps")):
        if h.t.game_over:
            break
        one_step(h, data)
        if step % 20 == 19:
            h.check_consistent()
    h.check_consistent()


def one_step(h: Harness, data: st.DataObject) -> None:
    t = h.t
    people = person_seats(t)
    v = t.version
    # a stale submission is always refused (StaleVersionError), whatever it is
    if v > 0 and data.draw(st.integers(0, 5)) == 0:
        old = data.draw(st.integers(0, v - 1))
        s = data.draw(st.sampled_from(people))
        last = t._accepted.get(s)
        fresh = [a for a in CARDS_ACTIONS[:3] + list(t.view(s).legal_actions)
                 if last is None or last[1:3] != (a, old)]
        if fresh:
            h.refused(StaleVersionError, t.submit, s, data.draw(st.sampled_from(fresh)), old)
        if t.hand_over and t._dealt != (old, old + 1):
            h.refused(StaleVersionError, t.next_hand, old)
        if t.undo_allowed and (last is None or last[:3] != ("undo", None, old)):
            h.refused(StaleVersionError, t.undo, s, old)
    # a repeat of a seat's last accepted submission is answered and not applied
    if h.accepted and data.draw(st.integers(0, 3)) == 0:
        s = data.draw(st.sampled_from(sorted(h.accepted)))
        action, given, made = h.accepted[s]
        before = h.snapshot()
        assert t.submit(s, action, given) == Ack(made, repeat=True)
        assert h.snapshot() == before
    crash = data.draw(st.sampled_from((None,) * 8 + ("before", "after")), label="crash")
    if t.bot_to_play is not None:
        seat = t.bot_to_play
        if data.draw(st.integers(0, 4)) == 0:  # a person presses a key out of turn
            s = data.draw(st.sampled_from(people))
            h.refused(NotYourTurnError, t.submit, s, CARDS_ACTIONS[0], v)
            h.refused(SeatError, t.submit, seat, t.view(seat).legal_actions[0], v)
        change(h, crash, lambda: h.t.step_bot(), None)
        return
    if t.hand_over:
        change(h, crash, lambda: h.t.next_hand(v), None)
        return
    seat = t.to_play
    assert seat is not None
    view = t.view(seat)
    for other in people:
        if other != seat:
            h.refused(NotYourTurnError, t.submit, other, view.legal_actions[0], v)
            break
    illegal = [a for a in CARDS_ACTIONS if a not in view.legal_actions]
    a = data.draw(st.sampled_from(illegal))
    h.refused(IllegalActionError, t.submit, seat, a, v)
    if t.undo_allowed and data.draw(st.integers(0, 6)) == 0:
        u = data.draw(st.sampled_from(people))
        if any(s == u for s, _ in t.game.hand.history):
            change(h, crash, lambda: h.t.undo(u, v), None)
            h.accepted.clear()  # an undo may take back anybody's later actions
            return
        h.refused(IllegalActionError, t.undo, u, v)
    action = data.draw(st.sampled_from(view.legal_actions))
    change(h, crash, lambda: h.t.submit(seat, action, v), (seat, action, v))


#: Actions to try out of turn or illegally: discards and layoffs of every card, and the rest.
CARDS_ACTIONS: list[Action] = [Discard(c) for c in CARDS] + [Layoff(c, 0) for c in CARDS[:13]]


def change(
    h: Harness, crash: str | None, call: Any, submission: tuple[int, Action, int] | None
) -> None:
    """Make one change, with the store failing before or after its write when ``crash``."""
    t = h.t
    v = t.version
    if crash is None:
        ack = call()
        assert ack is not None and ack == Ack(v + 1) and t.version == v + 1
        if submission is not None:
            h.accepted[submission[0]] = (submission[1], submission[2], v + 1)
        return
    h.store.fail = crash
    before = h.snapshot()
    with pytest.raises(StoreError):
        call()
    stored = len(h.store.load(t.id)[1])
    if crash == "before":
        assert h.snapshot() == before and stored == v
        return
    # written but never acknowledged: the live table is unchanged and cannot write over it
    assert (t.version, json.dumps(t.record())) == before[:2] and stored == v + 1
    old_record = t.record()
    with pytest.raises(StoreConflict):
        call()
    h.restart()
    r = h.t
    assert r.version == v + 1
    if submission is not None:
        seat, action, given = submission
        hands = old_record["hands"]
        hands[-1]["actions"].append(to_json(action, seat))
        assert r.record() == old_record
        assert r.submit(seat, action, given) == Ack(v + 1, repeat=True)  # the client's resend
        h.accepted[seat] = (action, given, v + 1)
