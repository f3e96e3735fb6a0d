"""Where a table keeps its game: an append-only journal per table behind :class:`Store`.

A table's journal is a header (rules, seats, seed, the first deal) and then one entry per
version, in order::

    {"do": "action", "seat": s, "action": {"seat": s, "do": "discard", "card": "Qs"}}
    {"do": "action", ..., "over": true}                     # the action that ends the game
    {"do": "deal", "dealer": d, "deck": ["3c", ...]}        # every hand after the first
    {"do": "undo", "seat": s, "keep": k}                    # the hand keeps its first k actions

``append`` takes the version the entry makes (the entry count after it): anything but the
next one raises :class:`StoreConflict`, so two writers can never both write one table.
:class:`MemoryStore` keeps journals in memory; :class:`FileStore` keeps each in
``<id>.jsonl`` (appended and fsynced; a torn last line is ignored) beside the RECORD.md record
``<id>.json`` that ``okgin replay`` reads, rewritten atomically (a temporary file, then
``os.replace``) after every entry. The record
holds the game as it stands: an undo's taken-back actions stay in the journal only.

Whether a table's game is over is read from its journal (:func:`journal_finished`): the
entry of the action that ends the game says ``"over": true``, and an undo after it opens the
game again. (An okgin before that mark kept an empty ``<id>.over`` file beside a finished
journal; :meth:`FileStore.finished` still reads one.)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Protocol, runtime_checkable

from okgin.table.errors import StoreConflict, StoreError

__all__ = ["FileStore", "MemoryStore", "Store", "check_id", "journal_finished", "record_of"]

#: A table id: letters, digits, ``_`` and ``-`` (safe as a file name), 1 to 64 of them.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The journal's format number (in every header as ``"okgin_table"``).
FORMAT = 1
#: A journal line longer than this is refused on reading (a hostile or broken file).
MAX_LINE = 1 << 20


def check_id(table_id: object) -> str:
    if not isinstance(table_id, str) or not ID_PATTERN.fullmatch(table_id):
        raise StoreError(f"a table id is 1 to 64 letters, digits, '_' or '-', not {table_id!r}")
    return table_id


@runtime_checkable
class Store(Protocol):
    """Append-only storage of tables (see the module docstring for the entries)."""

    def create(self, table_id: str, header: dict[str, Any]) -> None:
        """Start a table's journal; an existing id raises StoreConflict."""
        ...

    def append(self, table_id: str, version: int, entry: dict[str, Any]) -> None:
        """Add the entry that makes ``version``; it must be exactly the last version + 1."""
        ...

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The header and the entries in version order (entry i makes version i + 1)."""
        ...

    def tables(self) -> list[str]:
        """Every table's id, the unfinished ones first, the newest first within each."""
        ...

    def finish(self, table_id: str) -> None:
        """The table's game is over (a store that keeps an index of finished tables marks it;
        the journal itself says so: :func:`journal_finished`)."""
        ...


def journal_finished(entries: list[dict[str, Any]]) -> bool:
    """Whether the journal's game is over: its last entry is the action that ended it (an
    undo or a deal after such an entry means it is not over, whatever came before)."""
    return bool(entries) and entries[-1].get("do") == "action" and entries[-1].get("over") is True


def record_of(header: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The RECORD.md document of a journal: the header's first deal, every later deal, the
    actions, an undo's cut applied (read from the entries alone, no rules needed)."""
    hands: list[dict[str, Any]] = [
        {"dealer": header["dealer"], "deck": list(header["deck"]), "actions": []}
    ]
    for entry in entries:
        do = entry.get("do")
        if do == "action":
            hands[-1]["actions"].append(entry["action"])
        elif do == "deal":
            hands.append({"dealer": entry["dealer"], "deck": list(entry["deck"]), "actions": []})
        elif do == "undo":
            del hands[-1]["actions"][entry["keep"] :]
    doc: dict[str, Any] = {"okgin": 1, "rules": header["rules"]}
    if header.get("players") is not None:
        doc["players"] = list(header["players"])
    doc["hands"] = hands
    return doc


def _check_entry(version: object, entry: object) -> None:
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise StoreError(f"an entry's version is a whole number from 1, not {version!r}")
    if not isinstance(entry, dict) or entry.get("do") not in ("action", "deal", "undo"):
        raise StoreError('an entry is an object whose "do" is action, deal or undo')


class MemoryStore:
    """Journals kept in memory (tests, the environment, a server that keeps nothing)."""

    def __init__(self) -> None:
        self._tables: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        self._order: list[str] = []

    def create(self, table_id: str, header: dict[str, Any]) -> None:
        check_id(table_id)
        if table_id in self._tables:
            raise StoreConflict(f"table {table_id} exists already")
        self._tables[table_id] = (_json_copy(header), [])
        self._order.append(table_id)

    def append(self, table_id: str, version: int, entry: dict[str, Any]) -> None:
        _check_entry(version, entry)
        entries = self._get(table_id)[1]
        if version != len(entries) + 1:
            raise StoreConflict(
                f"table {table_id} is at version {len(entries)}: an entry for version "
                f"{version} does not follow it"
            )
        entries.append(_json_copy(entry))

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        header, entries = self._get(table_id)
        return _json_copy(header), _json_copy(entries)

    def tables(self) -> list[str]:
        newest = self._order[::-1]
        over = {t for t in newest if self.finished(t)}
        return [t for t in newest if t not in over] + [t for t in newest if t in over]

    def finish(self, table_id: str) -> None:
        self._get(table_id)  # the journal says it: nothing to mark

    def finished(self, table_id: str) -> bool:
        """Whether the table's game is over, from its journal."""
        return journal_finished(self._get(table_id)[1])

    def _get(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        check_id(table_id)
        try:
            return self._tables[table_id]
        except KeyError:
            raise StoreError(f"no table {table_id}") from None


def _json_copy(obj: Any) -> Any:
    """A deep copy that also proves ``obj`` is plain JSON."""
    try:
        return json.loads(json.dumps(obj))
    except (TypeError, ValueError) as exc:
        raise StoreError(f"a table entry must be plain JSON: {exc}") from None


class FileStore:
    """One journal file per table, ``<directory>/<id>.jsonl``, beside its record ``<id>.json``.

    Every line is one JSON object: the header first (``{"okgin_table": 1, ...}``), then
    ``{"v": version, ...entry}``. A line is appended whole and fsynced before ``append``
    returns; the journal is created with ``O_EXCL`` (two tables never share an id) and every
    append runs under an exclusive ``flock`` and checks the version against the file itself, so
    a second process cannot write a table another one is writing. A last line cut short by a
    crash is ignored on reading and removed before the next append.
    """

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        # what this process last saw of each journal: (file size, last version, entries)
        self._seen: dict[str, tuple[int, int, list[dict[str, Any]], dict[str, Any]]] = {}

    def journal(self, table_id: str) -> Path:
        return self.directory / f"{check_id(table_id)}.jsonl"

    def record_path(self, table_id: str) -> Path:
        """Where the table's RECORD.md record is (``okgin replay`` reads it)."""
        return self.directory / f"{check_id(table_id)}.json"

    # ---- writing --------------------------------------------------------------------------
    def create(self, table_id: str, header: dict[str, Any]) -> None:
        path = self.journal(table_id)
        line = _line({**_json_copy(header), "okgin_table": FORMAT})
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise StoreConflict(f"table {table_id} exists already in {self.directory}") from None
        except OSError as exc:
            raise StoreError(f"cannot create table {table_id} in {self.directory}: {exc}") from None
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(line)
                f.flush()
                os.fsync(f.fileno())
            _fsync_dir(self.directory)
            header_read = json.loads(line)
            self._seen[table_id] = (len(line), 0, [], header_read)
            self._write_record(table_id, header_read, [])
        except OSError as exc:
            raise StoreError(f"cannot write table {table_id}: {exc}") from None

    def append(self, table_id: str, version: int, entry: dict[str, Any]) -> None:
        _check_entry(version, entry)
        path = self.journal(table_id)
        line = _line({"v": version, **_json_copy(entry)})
        try:
            with self._locked(path) as f:
                header, entries, good = self._read_locked(table_id, f)
                if version != len(entries) + 1:
                    raise StoreConflict(
                        f"table {table_id} is at version {len(entries)}: an entry for version "
                        f"{version} does not follow it"
                    )
                f.seek(good)
                f.truncate()  # a torn last line, if any
                f.write(line)
                f.flush()
                os.fsync(f.fileno())
                entries.append(json.loads(line))
                self._seen[table_id] = (good + len(line), version, entries, header)
                self._write_record(table_id, header, entries)  # under the lock: newest wins
        except OSError as exc:
            raise StoreError(f"cannot write table {table_id}: {exc}") from None

    def finish(self, table_id: str) -> None:
        """Nothing to write: the journal's last entry says the game is over."""
        if not self.journal(table_id).exists():
            raise StoreError(f"no table {table_id} in {self.directory}")

    def finished(self, table_id: str) -> bool:
        """Whether the table's game is over, read from its journal
        (:func:`journal_finished`); a journal an older okgin finished, with its empty
        ``<id>.over`` file beside it and no mark in the journal, counts as over too."""
        _, entries = self.load(table_id)
        if journal_finished(entries):
            return True
        marker = self.directory / f"{table_id}.over"
        legacy = bool(entries) and entries[-1].get("do") == "action" and "over" not in entries[-1]
        return legacy and marker.exists()

    def claim(self, table_id: str) -> Callable[[], None]:
        """Hold the table for this process (a front end that has it open) until the returned
        function is called or the process ends; a second claim, from this process or another,
        raises StoreConflict. Not needed for safety (the versions are), but it lets a second
        terminal say at once that the game is open elsewhere."""
        import fcntl

        if not self.journal(table_id).exists():
            raise StoreError(f"no table {table_id} in {self.directory}")
        path = self.directory / f"{table_id}.lock"
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot open {path}: {exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreConflict(f"table {table_id} is open in another window or process") from None
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)

        return release

    # ---- reading --------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        path = self.journal(table_id)
        try:
            with self._locked(path, write=False) as f:
                header, entries, _ = self._read_locked(table_id, f)
        except OSError as exc:
            raise StoreError(f"cannot read table {table_id}: {exc}") from None
        header = {k: v for k, v in header.items() if k != "okgin_table"}
        return _json_copy(header), [{k: v for k, v in e.items() if k != "v"} for e in entries]

    def tables(self) -> list[str]:
        try:
            paths = [p for p in self.directory.glob("*.jsonl") if ID_PATTERN.fullmatch(p.stem)]
        except OSError:
            return []

        def mtime(p: Path) -> float:
            try:
                return p.stat().st_mtime
            except OSError:
                return 0.0

        paths.sort(key=mtime, reverse=True)
        over = set()
        for p in paths:
            try:
                if self.finished(p.stem):
                    over.add(p.stem)
            except StoreError:  # listed with the unfinished ones: opening it says what is wrong
                pass
        return [p.stem for p in paths if p.stem not in over] + [
            p.stem for p in paths if p.stem in over
        ]

    # ---- inside -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def _locked(self, path: Path, write: bool = True) -> Iterator[IO[bytes]]:
        import fcntl

        try:
            f = open(path, "r+b" if write else "rb")  # noqa: SIM115 (closed below)
        except FileNotFoundError:
            raise StoreError(f"no table {path.stem} in {self.directory}") from None
        with f:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX if write else fcntl.LOCK_SH)
            try:
                yield f
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)

    def _read_locked(
        self, table_id: str, f: IO[bytes]
    ) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
        """The header, the entries and the size of the whole lines (a torn tail excluded)."""
        size = os.fstat(f.fileno()).st_size
        seen = self._seen.get(table_id)
        if seen is not None and seen[0] == size:
            return seen[3], list(seen[2]), size
        f.seek(0)
        data = f.read()
        good = data.rfind(b"\n") + 1
        lines = data[:good].splitlines()
        if len(lines) > 1 and not _is_json(lines[-1]):  # a last line a crash left as garbage
            good -= len(lines[-1]) + 1
            lines.pop()
        if not lines:
            raise StoreError(f"table {table_id}: the journal has no header")
        header = _parse(table_id, lines[0], 0)
        if header.get("okgin_table") != FORMAT:
            raise StoreError(f"table {table_id}: not an okgin table journal (format {FORMAT})")
        entries = []
        for n, raw in enumerate(lines[1:], 1):
            entry = _parse(table_id, raw, n)
            if entry.get("v") != n:
                raise StoreError(
                    f"table {table_id}: journal line {n + 1} holds version {entry.get('v')!r}, "
                    f"not {n}"
                )
            entries.append(entry)
        self._seen[table_id] = (good, len(entries), entries, header)
        return header, list(entries), good

    def _write_record(
        self, table_id: str, header: dict[str, Any], entries: list[dict[str, Any]]
    ) -> None:
        doc = record_of(header, entries)
        path = self.record_path(table_id)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        # not fsynced: the journal is the truth, and the next entry writes the record again
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(json.dumps(doc, indent=1) + "\n")
        os.replace(tmp, path)


def _line(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def _parse(table_id: str, raw: bytes, n: int) -> dict[str, Any]:
    if len(raw) > MAX_LINE:
        raise StoreError(f"table {table_id}: journal line {n + 1} is too long")
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        raise StoreError(f"table {table_id}: journal line {n + 1} is not JSON") from None
    if not isinstance(obj, dict):
        raise StoreError(f"table {table_id}: journal line {n + 1} is not an object")
    return obj


def _is_json(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return True


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
