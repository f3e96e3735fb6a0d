"""okgin.table: seats, submissions (turn, rules, versions, repeats), bots, events, undo, resume."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from table_oracle import cards_named, secret_cards

from okgin.actions import DRAW, Action, Discard, Knock
from okgin.cards import Card
from okgin.errors import IllegalActionError, OkginError
from okgin.record import replay
from okgin.table import (
    Ack,
    FileStore,
    MemoryStore,
    NotYourTurnError,
    Seat,
    SeatError,
    StaleVersionError,
    StoreConflict,
    StoreError,
    Table,
    TableEvent,
    deck_for,
    first_dealer,
    record_of,
)

SINGLE = {"preset": "standard", "format": "single"}


def people_table(n: int = 2, seed: int = 7, **kw: Any) -> Table:
    return Table({"preset": "standard", "players": n}, [Seat.person(f"P{s}") for s in range(n)],
                 seed=seed, **kw)


def snapshot(t: Table) -> tuple[Any, ...]:
    store = t.store.load(t.id)
    return t.version, json.dumps(t.record()), json.dumps(store), t.to_play


def play_random(t: Table, rng: random.Random, steps: int) -> None:
    """People play random legal actions and bots their own, for ``steps`` changes."""
    for _ in range(steps):
        if t.game_over:
            return
        if t.bot_to_play is not None:
            t.step_bot()
        elif t.hand_over:
            t.next_hand(t.version)
        else:
            s = t.to_play
            assert s is not None
            t.submit(s, rng.choice(t.view(s).legal_actions), t.version)


# ---- deals ------------------------------------------------------------------------------
def test_the_deals_are_okgin_plays_so_a_seed_deals_what_it_dealt_before() -> None:
    # pinned from okgin/tui/session.py's deck_for/first_dealer before the table existed
    assert " ".join(c.text for c in deck_for(7, 1)[:8]) == "Td As 9s Js 5h Qh Ah Th"
    assert [first_dealer(s, 2) for s in range(6)] == [1, 1, 0, 0, 0, 0]


def test_a_table_deals_from_its_seed_hand_after_hand() -> None:
    t = Table(SINGLE | {"format": "target"}, [Seat.bot("easy"), Seat.bot("easy")], seed=3)
    assert t.game.hands[0].deck == tuple(deck_for(3, 1))
    assert t.game.hands[0].dealer == first_dealer(3, 2)
    t.run_bots()
    t.next_hand(t.version)
    assert t.game.hands[1].deck == tuple(deck_for(3, 2))


# ---- seats ------------------------------------------------------------------------------
def test_seats_round_trip_and_name_themselves() -> None:
    seats = [Seat.person("Ann"), Seat.bot("expert:guard=inf", budget=0.05), Seat.bot("medium")]
    for s in seats:
        assert Seat.from_json(json.loads(json.dumps(s.to_json()))) == s
    assert seats[1].name == "Expert" and seats[2].to_json() == {
        "kind": "bot", "name": "Medium", "bot": "medium"}
    t = Table({"preset": "standard", "players": 3},
              [Seat.person("Ann"), Seat.bot("easy"), Seat.bot("easy")], seed=1)
    assert t.names == ["Ann", "Easy 1", "Easy 2"]


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: Seat.bot("nosuch"), "unknown bot 'nosuch'"),
        (lambda: Seat.bot(""), "unknown bot ''"),
        (lambda: Seat.bot("expert:nosuch=1"), "'nosuch=1' is not KEY=VALUE"),
        (lambda: Seat.bot("medium:x=1"), "medium takes no options"),
        (lambda: Seat.bot("expert", budget=-1), "budget must be more than 0"),
        (lambda: Seat.bot("expert", budget=float("nan")), "budget must be more than 0"),
        (lambda: Seat.bot("expert", budget=61), "at most 60 seconds"),
        (lambda: Seat.person(""), "1 to 40 characters"),
        (lambda: Seat.from_json({"kind": "robot", "name": "x"}), '"person" or "bot"'),
        (lambda: Seat.from_json([]), "is an object"),
        (lambda: Seat.from_json({"kind": "person", "name": "x", "bot": "easy"}), "no bot"),
        (lambda: Seat.from_json({"kind": "person", "name": "x", "colour": 1}), "colour"),
    ],
)
def test_a_bad_seat_is_refused_in_one_line(make: Any, says: str) -> None:
    with pytest.raises(SeatError) as err:
        make()
    assert says in str(err.value) and "\n" not in str(err.value)
    assert isinstance(err.value, ValueError)


def test_a_table_needs_one_seat_per_player_and_valid_rules() -> None:
    with pytest.raises(SeatError, match="3 players need 3 seats, not 2"):
        Table({"preset": "standard", "players": 3}, [Seat.person(), Seat.person()])
    with pytest.raises(OkginError, match="unknown key"):
        Table({"preset": "standard", "colour": 1}, [Seat.person(), Seat.person()])
    with pytest.raises(SeatError, match="dealer"):
        Table(SINGLE, [Seat.person(), Seat.person()], dealer=2)


# ---- submissions ----------------------------------------------------------------------------
def test_a_submission_is_checked_repeat_then_version_then_seat_then_turn_then_rules() -> None:
    t = Table(SINGLE, [Seat.person("Ann"), Seat.bot("easy", name="Bob")], seed=7, dealer=1)
    t.submit(0, t.view(0).legal_actions[0], 0)
    t.run_bots()
    assert t.to_play == 0 and t.version >= 1
    before = snapshot(t)
    events: list[TableEvent] = []
    t.subscribe(0, events.append)
    v = t.version
    with pytest.raises(StaleVersionError) as stale:
        t.submit(0, t.view(0).legal_actions[0], v - 1)
    assert str(stale.value) == f"version {v - 1} is stale: the table is at {v}"
    assert (stale.value.given, stale.value.current) == (v - 1, v)
    with pytest.raises(StaleVersionError, match="is not the table's"):
        t.submit(0, t.view(0).legal_actions[0], v + 5)
    with pytest.raises(SeatError, match="seat 1 \\(Bob\\) is a bot's"):
        t.submit(1, DRAW, v)
    with pytest.raises(SeatError, match=r"seat must be 0\.\.1, not 2"):
        t.submit(2, DRAW, v)
    not_in_hand = next(c for c in map(Card, ["As", "Ks", "Qs", "Js"]) if c not in t.view(0).hand)
    with pytest.raises(IllegalActionError) as illegal:
        t.submit(0, Discard(not_in_hand), v)
    assert not isinstance(illegal.value, NotYourTurnError)
    assert snapshot(t) == before and events == []  # nothing changed, nothing told


def test_not_your_turn_names_the_seat_on_turn() -> None:
    t = people_table(3)
    turn = t.to_play
    assert turn is not None
    other = (turn + 1) % 3
    with pytest.raises(NotYourTurnError) as err:
        t.submit(other, t.view(turn).legal_actions[0], t.version)
    assert f"it is seat {turn}'s turn (P{turn}), not seat {other}'s" in str(err.value)
    assert isinstance(err.value, IllegalActionError)


def test_an_exact_repeat_is_answered_not_applied_twice() -> None:
    t = people_table(2)
    s = t.to_play
    assert s is not None
    action = t.view(s).legal_actions[0]
    ack = t.submit(s, action, 0)
    assert ack == Ack(1, repeat=False)
    after = snapshot(t)
    assert t.submit(s, action, 0) == Ack(1, repeat=True)
    assert snapshot(t) == after
    # another action against the same version is no repeat: it is stale
    other = next(a for a in t.view(0).legal_actions + t.view(1).legal_actions if a != action)
    with pytest.raises(StaleVersionError):
        t.submit(s, other, 0)
    assert snapshot(t) == after


def test_a_repeat_survives_other_seats_moving_and_a_resume() -> None:
    t = Table(SINGLE, [Seat.person("Ann"), Seat.bot("medium")], seed=11, dealer=1)
    t.run_bots()
    v = t.version
    action = t.view(0).legal_actions[-1]
    made = t.submit(0, action, v).version
    t.run_bots()
    assert t.version > made or t.to_play == 0
    assert t.submit(0, action, v) == Ack(made, repeat=True)
    r = Table.resume(t.store, t.id)
    assert r.submit(0, action, v) == Ack(made, repeat=True)


def test_next_hand_only_between_hands_and_its_repeat() -> None:
    t = Table({"preset": "standard"}, [Seat.bot("easy"), Seat.bot("easy")], seed=5)
    with pytest.raises(IllegalActionError, match="still being played"):
        t.next_hand(t.version)
    t.run_bots()
    assert t.hand_over and not t.game_over
    v = t.version
    ack = t.next_hand(v)
    assert ack == Ack(v + 1) and t.next_hand(v) == Ack(v + 1, repeat=True)
    assert len(t.game.hands) == 2


# ---- bots -----------------------------------------------------------------------------------
class Stubborn:
    """A bot that answers an illegal action, then raises."""

    name = "stubborn"

    def __init__(self) -> None:
        self.calls = 0

    def act(self, view: Any) -> Action:
        self.calls += 1
        if self.calls == 1:
            return Knock(None, ())
        raise RuntimeError("out of ideas")

    def explain(self, view: Any, action: Action) -> str:
        return ""


def test_a_bot_that_answers_illegally_or_fails_plays_its_first_legal_action() -> None:
    t = Table(SINGLE, [Seat.bot("easy"), Seat.person("Ann")], seed=2, dealer=1)
    bot = Stubborn()
    t._bots[0] = bot
    assert t.bot_to_play == 0
    legal = t.view(0).legal_actions[0]
    t.step_bot()
    assert t.game.hand.history[-1] == (0, legal)
    notices = t.take_notices()
    assert len(notices) == 1 and "answered an illegal action" in notices[0]
    if t.bot_to_play == 0:
        t.step_bot()
        assert "failed (out of ideas)" in t.take_notices()[0]
    assert t.take_notices() == []


def test_an_all_bot_table_plays_a_whole_game_and_its_record_replays() -> None:
    t = Table({"preset": "standard", "players": 3},
              [Seat.bot("medium"), Seat.bot("easy"), Seat.bot("random")], seed=4)
    while not t.game_over:
        assert t.run_bots() > 0 or t.hand_over
        if t.hand_over and not t.game_over:
            t.next_hand(t.version)
    assert t.step_bot() is None and t.bot_to_play is None
    game = replay(json.loads(json.dumps(t.record())))
    assert game.is_over and game.score.final == t.game.score.final
    assert t.store.tables() == [t.id]
    assert t.version == len(t.store.load(t.id)[1])


# ---- events -----------------------------------------------------------------------------------
def test_events_come_per_seat_in_order_and_hide_what_the_seat_may_not_see() -> None:
    t = Table(SINGLE | {"players": 3}, [Seat.person("Ann"), Seat.bot("medium"), Seat.bot("easy")],
              seed=9)
    got: dict[int | None, list[TableEvent]] = {0: [], 1: [], 2: []}
    for s in range(3):
        t.subscribe(s, lambda e, s=s: (got[s].append(e), check(t, s, e)))
    rng = random.Random(1)
    while not t.game_over:
        play_random(t, rng, 1)
    for s in range(3):
        kinds = [e.kind for e in got[s]]
        assert kinds.count("action") == len(t.game.hand.history)
        assert kinds[-2:] == ["hand_scored", "game_over"]
        assert [e.version for e in got[s] if e.kind == "action"] == list(range(1, t.version + 1))
        assert all(e.to == s for e in got[s])
        draws = [e for e in got[s] if e.kind == "action" and e.data["action"]["do"] == "draw"]
        assert all(("card" in e.data) == (e.data["seat"] == s) for e in draws)
    assert got[0][-1].data["final"] == t.game.score.final


def check(t: Table, seat: int | None, event: TableEvent) -> None:
    """No card the seat may not see; the event is JSON and at the table's version."""
    doc = json.loads(json.dumps(event.to_json()))
    assert doc["version"] == t.version
    leaked = cards_named(doc) & secret_cards(t.game, seat)
    assert not leaked, (seat, event.kind, leaked)


def test_a_face_down_knock_discard_reaches_only_the_knocker() -> None:
    # play until somebody knocks with a discard, in some seeded 3-player game
    for seed in range(40):
        t = Table({"preset": "standard", "players": 3}, [Seat.bot("medium")] * 3, seed=seed)
        got: dict[int, list[TableEvent]] = {s: [] for s in range(3)}
        for s in range(3):
            t.subscribe(s, got[s].append)
        t.run_bots()
        knocks = [(s, a) for s, a in t.game.hand.history if isinstance(a, Knock)]
        if knocks and knocks[0][1].card is not None and t.game.hand.result is not None and (
            t.game.hand.result.result in ("knock", "undercut")
        ):
            knocker, knock = knocks[0]
            for s in range(3):
                ev = next(e for e in got[s] if e.kind == "action"
                          and e.data["action"]["do"] == "knock")
                if s == knocker:
                    assert ev.data["action"]["card"] == knock.card.text
                    assert "face_down" not in ev.data
                else:
                    assert ev.data["action"]["card"] is None and ev.data["face_down"] is True
            return
    pytest.fail("no seed of 40 gave a knock with a discard")


def test_a_failing_subscriber_neither_stops_the_others_nor_undoes_the_change() -> None:
    t = people_table(2)
    seen: list[TableEvent] = []

    def bad(event: TableEvent) -> None:
        raise RuntimeError("socket closed")

    t.subscribe(0, bad)
    stop = t.subscribe(1, seen.append)
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], 0)
    assert t.version == 1 and len(seen) == 1
    assert "socket closed" in t.take_notices()[0]
    stop()
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], 1)
    assert len(seen) == 1


# ---- undo -----------------------------------------------------------------------------------
def test_undo_is_off_unless_the_table_allows_it() -> None:
    t = people_table(2)
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], 0)
    with pytest.raises(IllegalActionError, match="undo is off at this table"):
        t.undo(s, 1)


def test_undo_takes_back_the_seats_last_action_and_all_after_it_as_a_new_entry() -> None:
    t = Table(SINGLE, [Seat.person("Ann"), Seat.bot("easy")], seed=7, undo=True, dealer=1)
    t.run_bots()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        t.undo(0, t.version)
    rng = random.Random(3)
    while t.to_play == 0 and len([1 for s, _ in t.game.hand.history if s == 0]) < 3:
        t.submit(0, rng.choice(t.view(0).legal_actions), t.version)
        t.run_bots()
    if t.hand_over:
        pytest.skip("the hand ended early on this seed")
    history = list(t.game.hand.history)
    mine = max(i for i, (s, _) in enumerate(history) if s == 0)
    events: list[TableEvent] = []
    t.subscribe(0, events.append)
    v = t.version
    ack = t.undo(0, v)
    assert ack == Ack(v + 1) and t.version == v + 1
    assert t.game.hand.history == history[:mine]
    assert events[0].kind == "undo" and events[0].data["taken_back"] == len(history) - mine
    assert t.undo(0, v) == Ack(v + 1, repeat=True)
    # the journal keeps the taken-back actions; the record does not
    header, entries = t.store.load(t.id)
    assert entries[-1] == {"do": "undo", "seat": 0, "keep": mine}
    assert sum(e["do"] == "action" for e in entries) == len(history)
    assert record_of(header, entries) == t.record()
    r = Table.resume(t.store, t.id)
    assert r.record() == t.record() and r.version == t.version
    # the undone action is no longer a repeat
    undone = history[mine][1]
    if t.to_play == 0 and undone in t.view(0).legal_actions:
        with pytest.raises(StaleVersionError):
            t.submit(0, undone, v - (len(history) - mine))


def test_undo_after_the_game_is_over_goes_on_as_a_new_entry(tmp_path: Path) -> None:
    """The old terminal game allowed it: the last hand's action is taken back, the game is
    not over any more, the journal gains an undo entry (nothing edited in place) and says the
    table is unfinished, and the record leaves the action out."""
    store = FileStore(tmp_path)
    t = Table(SINGLE, [Seat.person("Ann"), Seat.bot("easy")], seed=7, undo=True, store=store)
    rng = random.Random(1)
    while not t.game_over:
        t.run_bots()
        if t.to_play == 0:
            t.submit(0, rng.choice(t.view(0).legal_actions), t.version)
    assert store.finished(t.id)
    journal = store.journal(t.id).read_bytes()
    history = list(t.game.hand.history)
    mine = max(i for i, (s, _) in enumerate(history) if s == 0)
    v = t.version
    assert t.undo(0, v) == Ack(v + 1)
    assert not t.game_over and t.game.hand.history == history[:mine] and t.to_play == 0
    assert store.journal(t.id).read_bytes().startswith(journal)  # appended, not rewritten
    assert not store.finished(t.id) and store.tables()[0] == t.id
    assert len(json.loads(store.record_path(t.id).read_text())["hands"][0]["actions"]) == mine
    r = Table.resume(FileStore(tmp_path), t.id)
    assert r.record() == t.record() and not r.game_over and r.version == t.version
    # and it can end again, marked over again
    while not t.game_over:
        t.run_bots()
        if t.to_play == 0:
            t.submit(0, t.view(0).legal_actions[0], t.version)
    assert store.finished(t.id)


# ---- storage failures and resume ------------------------------------------------------------
class FailingStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.fail: str | None = None

    def append(self, table_id: str, version: int, entry: dict[str, Any]) -> None:
        mode, self.fail = self.fail, None
        if mode == "before":
            raise OSError("No space left on device")
        super().append(table_id, version, entry)
        if mode == "after":
            raise OSError("fsync: input/output error")


def test_a_store_failure_refuses_the_action_and_resume_gives_the_stored_truth() -> None:
    store = FailingStore()
    t = Table(SINGLE, [Seat.person("Ann"), Seat.person("Bob")], seed=3, store=store)
    s = t.to_play
    assert s is not None
    action = t.view(s).legal_actions[0]
    before = snapshot(t)
    store.fail = "before"
    with pytest.raises(StoreError, match="No space left on device"):
        t.submit(s, action, 0)
    assert snapshot(t) == before
    store.fail = "after"
    with pytest.raises(StoreError, match="input/output error"):
        t.submit(s, action, 0)
    assert (t.version, t.to_play) == (before[0], before[3])  # the table itself is unchanged
    other = Table.resume(store, t.id)  # a restarted server
    assert other.version == 1 and other.game.hand.history == [(s, action)]
    assert other.submit(s, action, 0) == Ack(1, repeat=True)  # the client's resend
    # the stale table cannot write over the truth
    with pytest.raises(StoreConflict):
        t.submit(s, action, 0)
    assert t.version == 0


def test_two_tables_never_share_an_id() -> None:
    store = MemoryStore()
    Table(SINGLE, [Seat.person(), Seat.person()], store=store, table_id="abc")
    with pytest.raises(StoreConflict, match="exists already"):
        Table(SINGLE, [Seat.person(), Seat.person()], store=store, table_id="abc")
    with pytest.raises(StoreError, match="a table id is"):
        Table(SINGLE, [Seat.person(), Seat.person()], store=store, table_id="../etc")
    with pytest.raises(StoreError, match="no table"):
        Table.resume(store, "zzz")


def test_resume_refuses_a_tampered_journal_in_one_line() -> None:
    t = Table(SINGLE, [Seat.bot("easy"), Seat.bot("easy")], seed=3, store=MemoryStore())
    t.run_bots(max_steps=4)
    header, entries = t.store.load(t.id)
    for bad, says in [
        (lambda e: e[1].update(seat=1 - e[1]["seat"]), "entry 2"),
        (lambda e: e[2]["action"].update(do="fly"), '"do" must be one of'),
        (lambda e: e.append({"do": "deal", "dealer": 0, "deck": []}), "hand is still being played"),
        (lambda e: e.append({"do": "tea"}), "do is action, deal or undo"),
    ]:
        store = MemoryStore()
        es = json.loads(json.dumps(entries))
        bad(es)
        store.create("x", header)
        store._tables["x"][1].extend(es)
        with pytest.raises(StoreError) as err:
            Table.resume(store, "x")
        assert says in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_views_carry_the_table_version() -> None:
    t = people_table(2)
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], 0)
    assert t.view(0).version == t.view(1).version == 1


def test_a_subscriber_that_plays_on_an_event_keeps_every_seats_events_in_order() -> None:
    t = people_table(2)
    seen: dict[int, list[int]] = {0: [], 1: []}

    def eager(event: TableEvent) -> None:  # plays for whoever is on turn, at once
        seen[0].append(event.version)
        s = t.to_play
        if event.version < 6 and s is not None and event.version == t.version:
            t.submit(s, t.view(s).legal_actions[0], t.version)

    t.subscribe(0, eager)
    t.subscribe(1, lambda e: seen[1].append(e.version))
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], 0)
    assert t.version == 6
    assert seen[0] == seen[1] == [1, 2, 3, 4, 5, 6]


def test_the_module_example_runs() -> None:
    import doctest

    import okgin.table.table

    failures, tried = doctest.testmod(okgin.table.table)
    assert tried > 0 and failures == 0


def test_the_docs_example_runs(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "table.md").read_text(encoding="utf-8")
    code = text.split("```python\n")[1].split("```")[0].replace("...\n", "")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/table.md", "exec"), namespace)
    assert namespace["table"].version == namespace["ack"].version
    assert (tmp_path / "games" / f"{namespace['table'].id}.json").exists()


def test_a_front_ends_meta_is_kept_with_the_table() -> None:
    store = MemoryStore()
    t = Table(SINGLE, [Seat.person(), Seat.bot("easy")], store=store, meta={"speed": 0.25})
    assert Table.resume(store, t.id).meta == {"speed": 0.25} == t.meta
    with pytest.raises(OkginError, match="plain JSON"):
        Table(SINGLE, [Seat.person(), Seat.person()], meta={"x": object()})
    with pytest.raises(OkginError, match="more than 65536"):
        Table(SINGLE, [Seat.person(), Seat.person()], meta={"x": "y" * 70000})


def test_the_table_imports_only_the_core_and_the_bots_and_nothing_imports_it() -> None:
    import ast
    from pathlib import Path

    root = Path(__file__).parent.parent / "okgin"

    def imports(path: Path) -> set[str]:
        out = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                out.add(node.module)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
        return {m for m in out if m.startswith("okgin")}

    above = ("okgin.tui", "okgin.web", "okgin.env", "okgin.arena", "okgin.commands",
             "okgin.cli", "okgin.bench")
    for path in (root / "table").glob("*.py"):
        assert not {m for m in imports(path) if m.startswith(above)}, path
    below = [p for p in root.glob("*.py") if p.stem not in ("cli", "bench", "__main__")]
    for path in [*below, *(root / "bots").glob("*.py")]:
        assert not {m for m in imports(path) if m.startswith("okgin.table")}, path
