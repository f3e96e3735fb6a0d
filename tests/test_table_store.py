"""okgin.table's stores: the file journal (append + fsync, atomic create, one writer per
version across processes, a torn last line ignored), its RECORD.md record, and hostile files."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from okgin.record import replay
from okgin.table import (
    Ack,
    FileStore,
    MemoryStore,
    Seat,
    StoreConflict,
    StoreError,
    Table,
    record_of,
)

ROOT = Path(__file__).resolve().parent.parent
HEADER: dict[str, Any] = {
    "rules": {"preset": "standard"},
    "players": ["A", "B"],
    "seats": [{"kind": "person", "name": "A"}, {"kind": "person", "name": "B"}],
    "seed": 1,
    "undo": False,
    "dealer": 0,
    "deck": [],
}


def python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a second Python process on this worktree's okgin."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def play(t: Table, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if t.game_over:
            return
        if t.hand_over:
            t.next_hand(t.version)
            continue
        s = t.to_play
        assert s is not None
        t.submit(s, rng.choice(t.view(s).legal_actions), t.version)


def two_people(store: FileStore, **kw: Any) -> Table:
    return Table({"preset": "standard"}, [Seat.person("Ann"), Seat.person("Bob")], seed=4,
                 store=store, **kw)


def test_every_append_is_fsynced_before_it_returns_and_another_store_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = FileStore(tmp_path)
    t = two_people(store)
    synced: list[int] = []
    real = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.fstat(fd).st_size)
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], 0)
    journal = store.journal(t.id)
    assert synced and synced[-1] == journal.stat().st_size  # the journal, whole, on disk
    monkeypatch.undo()
    lines = journal.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["v"] == 1
    header, entries = FileStore(tmp_path).load(t.id)  # a fresh store, as another process
    assert len(entries) == 1 and header["seed"] == 4
    assert Table.resume(FileStore(tmp_path), t.id).record() == t.record()


def test_two_processes_creating_one_id_at_once_one_wins(tmp_path: Path) -> None:
    code = (
        "import sys, json; from okgin.table import FileStore, StoreConflict\n"
        "try:\n"
        "    FileStore(sys.argv[1]).create('same', json.loads(sys.argv[2])); print('created')\n"
        "except StoreConflict as e:\n"
        "    print('refused:', e)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(tmp_path), json.dumps(HEADER)],
                         stdout=subprocess.PIPE, text=True, env=env)
        for _ in range(3)
    ]
    outs = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    assert outs[0] == "created"
    assert all(o.startswith("refused: table same exists") for o in outs[1:])
    assert len((tmp_path / "same.jsonl").read_text().splitlines()) == 1


def test_tables_get_their_own_ids_and_an_existing_id_is_refused(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    ids = {two_people(store).id for _ in range(5)}
    assert len(ids) == 5 and set(store.tables()) == ids
    with pytest.raises(StoreConflict, match="exists already"):
        two_people(store, table_id=sorted(ids)[0])


def test_a_second_process_cannot_write_over_anothers_table(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    t = two_people(store)
    play(t, random.Random(1), 3)
    # another process, with the table at the same version, plays one action first
    code = (
        "import sys; from okgin.table import FileStore, Table\n"
        "t = Table.resume(FileStore(sys.argv[1]), sys.argv[2]); s = t.to_play\n"
        "print(t.submit(s, t.view(s).legal_actions[0], t.version).version)\n"
    )
    out = python(code, str(tmp_path), t.id)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "4"
    before = (t.version, t.record())
    s = t.to_play
    assert s is not None
    with pytest.raises(StoreConflict, match="is at version 4: an entry for version 4"):
        t.submit(s, t.view(s).legal_actions[-1], t.version)
    assert (t.version, t.record()) == before
    # and the raw store, with a version that is not the next
    code = (
        "import sys; from okgin.table import FileStore, StoreConflict\n"
        "try:\n"
        "    FileStore(sys.argv[1]).append(sys.argv[2], 2, {'do': 'undo', 'seat': 0, 'keep': 0})\n"
        "except StoreConflict as e:\n"
        "    print(e)\n"
    )
    out = python(code, str(tmp_path), t.id)
    assert out.stdout.strip() == f"table {t.id} is at version 4: an entry for version 2 does " \
        "not follow it"
    assert len(FileStore(tmp_path).load(t.id)[1]) == 4


def test_two_stores_in_one_process_see_each_others_appends(tmp_path: Path) -> None:
    a, b = FileStore(tmp_path), FileStore(tmp_path)
    header = {**HEADER, "deck": ["2c"]}
    a.create("t", header)
    a.append("t", 1, {"do": "undo", "seat": 0, "keep": 0})
    b.append("t", 2, {"do": "undo", "seat": 1, "keep": 0})
    with pytest.raises(StoreConflict):
        a.append("t", 2, {"do": "undo", "seat": 0, "keep": 0})
    assert [e["seat"] for e in a.load("t")[1]] == [0, 1]


@pytest.mark.parametrize("tail", [b'{"v": 9, "do": "act', b"\x00\x00\x00\x00", b"\x00\x00\n"])
def test_a_torn_last_line_is_ignored_and_cut_before_the_next_append(
    tmp_path: Path, tail: bytes
) -> None:
    store = FileStore(tmp_path)
    t = two_people(store)
    play(t, random.Random(2), 5)
    journal = store.journal(t.id)
    with open(journal, "ab") as f:  # the crash: part of a line reached the disk
        f.write(tail)
    fresh = FileStore(tmp_path)
    assert len(fresh.load(t.id)[1]) == 5
    r = Table.resume(fresh, t.id)
    assert r.record() == t.record() and r.version == 5
    play(r, random.Random(3), 2)
    lines = journal.read_bytes().split(b"\n")
    assert lines[-1] == b"" and all(json.loads(x) for x in lines[:-1])
    assert [json.loads(x).get("v") for x in lines[1:-1]] == list(range(1, 8))


def test_the_record_beside_the_journal_replays_and_leaves_out_undone_actions(
    tmp_path: Path,
) -> None:
    store = FileStore(tmp_path)
    t = Table({"preset": "standard", "format": "single"},
              [Seat.person("Ann"), Seat.bot("medium")], seed=6, store=store, undo=True, dealer=1)
    rng = random.Random(4)
    undone = False
    while not t.game_over:
        t.run_bots()
        if t.game_over:
            break
        t.submit(0, rng.choice(t.view(0).legal_actions), t.version)
        if not undone and len(t.game.hand.history) > 6:
            v = t.version
            assert t.undo(0, v) == Ack(v + 1)
            undone = True
    assert undone
    path = store.record_path(t.id)
    doc = json.loads(path.read_text())
    assert doc == t.record() == record_of(*store.load(t.id))
    game = replay(doc)
    assert game.is_over and game.score.final == t.game.score.final
    assert doc["players"] == ["Ann", "Medium"]
    out = subprocess.run([sys.executable, "-m", "okgin", "replay", str(path)], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
                         check=False)
    assert out.returncode == 0 and "game over" in out.stdout, out.stderr
    journal = store.journal(t.id).read_text().splitlines()
    assert sum('"do":"undo"' in line for line in journal) == 1
    assert store.tables() == [t.id] and store.finished(t.id)
    assert not (tmp_path / f"{t.id}.over").exists()  # the journal says it, no marker file


def test_unfinished_tables_are_listed_first(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    over = Table({"preset": "standard", "format": "single"}, [Seat.bot("easy")] * 2, seed=1,
                 store=store)
    over.run_bots()
    assert over.game_over
    going = two_people(store)
    assert store.tables() == [going.id, over.id]
    memory = MemoryStore()
    m_over = Table({"preset": "standard", "format": "single"}, [Seat.bot("easy")] * 2,
                   store=memory)
    m_over.run_bots()
    m_going = Table({"preset": "standard"}, [Seat.person(), Seat.person()], store=memory)
    assert memory.tables() == [m_going.id, m_over.id]


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        ([], "the journal has no header"),
        (['{"okgin_table": 7}'], "not an okgin table journal"),
        (["[" * 100000], "line 1 is not JSON"),
        (["{HEAD}", "not json", '{"v": 2, "do": "deal"}'], "line 2 is not JSON"),
        (["{HEAD}", '{"v": 5, "do": "undo", "seat": 0, "keep": 0}', "{}"], "holds version 5"),
        (["{HEAD}", "[1]", "{}"], "line 2 is not an object"),
    ],
)
def test_a_broken_journal_is_refused_in_one_line(
    tmp_path: Path, lines: list[str], says: str
) -> None:
    head = json.dumps({**HEADER, "okgin_table": 1})
    text = "".join(line.replace("{HEAD}", head) + "\n" for line in lines)
    (tmp_path / "bad.jsonl").write_text(text)
    with pytest.raises(StoreError) as err:
        FileStore(tmp_path).load("bad")
    assert says in str(err.value) and "\n" not in str(err.value)


def test_resume_refuses_a_header_it_cannot_read(tmp_path: Path) -> None:
    store = MemoryStore()
    store.create("h", {**HEADER, "seats": [{"kind": "person", "name": "A"}]})
    with pytest.raises(StoreError, match="1 seats for 2"):
        Table.resume(store, "h")
    store.create("k", {"rules": {"preset": "standard"}})
    with pytest.raises(StoreError, match="the header cannot be read"):
        Table.resume(store, "k")
    with pytest.raises(StoreError, match="no table nosuch"):
        Table.resume(FileStore(tmp_path), "nosuch")
    with pytest.raises(StoreError, match="a table id is"):
        FileStore(tmp_path).load("../../etc/passwd")


def test_a_store_that_cannot_write_says_so_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError) as err:
        two_people(FileStore(blocker / "games"))
    assert "cannot create table" in str(err.value) and "\n" not in str(err.value)


def test_a_claimed_table_cannot_be_claimed_again_until_it_is_released(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    t = two_people(store)
    release = store.claim(t.id)
    with pytest.raises(StoreConflict, match="open in another window or process"):
        FileStore(tmp_path).claim(t.id)
    code = (
        "import sys; from okgin.table import FileStore, StoreConflict\n"
        "try:\n"
        "    FileStore(sys.argv[1]).claim(sys.argv[2]); print('claimed')\n"
        "except StoreConflict as e:\n"
        "    print(e)\n"
    )
    assert python(code, str(tmp_path), t.id).stdout.strip() == \
        f"table {t.id} is open in another window or process"
    release()
    release()  # twice is harmless
    assert python(code, str(tmp_path), t.id).stdout.strip() == "claimed"
    with pytest.raises(StoreError, match="no table nosuch"):
        store.claim("nosuch")


# ---- which tables are finished: the journal says it -----------------------------------------
def single_hand_table(store: Any, **kw: Any) -> Table:
    t = Table({"preset": "standard", "format": "single"}, [Seat.bot("easy")] * 2, seed=1,
              store=store, **kw)
    t.run_bots()
    assert t.game_over
    return t


@pytest.mark.parametrize("kind", ["file", "memory"])
def test_the_journal_says_which_tables_are_finished(tmp_path: Path, kind: str) -> None:
    store: Any = FileStore(tmp_path) if kind == "file" else MemoryStore()
    over = single_hand_table(store)
    going = Table({"preset": "standard"}, [Seat.person(), Seat.person()], store=store)
    assert store.finished(over.id) and not store.finished(going.id)
    assert store.tables() == [going.id, over.id]
    _, entries = store.load(over.id)
    assert entries[-1]["over"] is True and sum("over" in e for e in entries) == 1
    if kind == "file":
        assert list(tmp_path.glob("*.over")) == []
        assert FileStore(tmp_path).finished(over.id)  # another process reads the same
    assert Table.resume(store, over.id).game_over


def test_an_older_okgins_over_file_is_still_read_harmlessly(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    t = single_hand_table(store)
    journal = store.journal(t.id)
    lines = journal.read_text().splitlines()
    last = json.loads(lines[-1])
    del last["over"]  # as an okgin before the mark wrote it
    journal.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n")
    fresh = FileStore(tmp_path)
    assert not fresh.finished(t.id)
    (tmp_path / f"{t.id}.over").touch()
    assert FileStore(tmp_path).finished(t.id)
    assert Table.resume(FileStore(tmp_path), t.id).game_over  # an unmarked entry replays
    # a marker beside a journal that is not at a game's end says nothing
    going = two_people(FileStore(tmp_path))
    (tmp_path / f"{going.id}.over").touch()
    assert not FileStore(tmp_path).finished(going.id)
    assert FileStore(tmp_path).tables() == [going.id, t.id]


def test_a_false_game_over_mark_is_refused_on_resume(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    t = two_people(store)
    s = t.to_play
    assert s is not None
    t.submit(s, t.view(s).legal_actions[0], t.version)
    journal = store.journal(t.id)
    lines = journal.read_text().splitlines()
    last = json.loads(lines[-1])
    last["over"] = True
    journal.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n")
    with pytest.raises(StoreError, match="game-over mark is not what the action makes"):
        Table.resume(FileStore(tmp_path), t.id)
