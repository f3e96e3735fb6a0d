"""A game played at one computer, without any screen: its settings, the seats of the people at
the keyboard, their preferences, the games saved in a data folder, and the pace of the bots.

A :class:`LocalGame` is a front end's handle on one :class:`~okgin.table.Table` kept in a
:class:`~okgin.table.FileStore` (or a :class:`~okgin.table.MemoryStore` when nothing is
saved): every game has its own id and files (``<id>.jsonl``, the journal; ``<id>.json``, its
RECORD.md record), so two programs playing in one data folder never write each other's game.
Whose turn it is, the checks, the bots, saving, resume and undo are the table's; what is here
is what any front end at one computer needs around it (``okgin play`` is one):

    >>> from okgin.table.local import LocalGame, Settings
    >>> game = LocalGame.new(Settings(opponents=["easy"], seed=7), save=False)
    >>> game.run_bots()  # the bots play up to the person's turn
    2
    >>> game.human_to_play, game.me
    (True, 0)
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from okgin.actions import Action, Draw
from okgin.bots import BOTS
from okgin.cards import Card
from okgin.errors import IllegalActionError, OkginError, RecordError
from okgin.game import Game
from okgin.hand import HandState
from okgin.paths import data_dir
from okgin.rules import Rules
from okgin.table.errors import SeatError, StoreError
from okgin.table.seats import Seat
from okgin.table.store import FileStore, MemoryStore, Store
from okgin.table.table import Table
from okgin.views import View

__all__ = [
    "HUMAN",
    "LEVELS",
    "SPEEDS",
    "BotPace",
    "LocalGame",
    "PacedExecutor",
    "SavedGame",
    "Settings",
    "check_opponents",
    "data_dir",
    "default_opponent",
    "load_prefs",
    "parse_option",
    "parse_options",
    "parse_people",
    "save_prefs",
    "seating",
    "strongest_bot",
    "unfinished",
]

#: The person's seat in a game of one person against bots made with the default seat (the
#: table may seat people anywhere: :attr:`LocalGame.me`).
HUMAN = 0
#: Bot names from the weakest to the strongest, as far as okgin knows them.
LEVELS = ("random", "easy", "medium", "hard", "expert")
#: Seconds between computer actions for the named speeds.
SPEEDS = {"slow": 1.5, "normal": 0.7, "fast": 0.25, "instant": 0.0}


def strongest_bot() -> str:
    """The strongest registered bot (for hints)."""
    for name in reversed(LEVELS):
        if name in BOTS:
            return name
    return next(iter(BOTS))


def default_opponent() -> tuple[str, str | None]:
    """The opponent of a new game when none is named, and a notice for it (none)."""
    return "medium", None


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value``; the value is read as JSON (``25``, ``null``, ``true``) or else a word."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise OkginError(f"an option is key=value (e.g. gin_bonus=20), not {text!r}")
    value = value.strip()
    try:
        return key, json.loads(value)
    except (ValueError, RecursionError):
        return key, value


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    return dict(parse_option(item) for item in items if item.strip())


@dataclass
class Settings:
    """How a game is played: its rules, its opponents, the people and the table's options."""

    rules: dict[str, Any] = field(default_factory=lambda: {"preset": "standard"})
    opponents: list[str] = field(default_factory=lambda: ["medium"])
    seed: int = 0
    undo: bool = False
    speed: float = SPEEDS["normal"]
    four_color: bool = False
    hint_bot: str | None = None  # None: the strongest registered bot
    budget: float | None = None  # seconds of search per decision (expert); None: its default
    people: list[str] = field(default_factory=lambda: ["You"])  # two or more: hot seat
    seat: int = 0  # the first person's seat; the other people sit after it

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise RecordError("the saved game's settings are not an object")
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        try:
            return cls(**known)
        except TypeError as exc:
            raise RecordError(f"the saved game's settings cannot be read: {exc}") from None


def check_opponents(opponents: Sequence[str], players: int, people: int = 1) -> None:
    if len(opponents) != players - people:
        raise OkginError(
            f"{players} players need {players - people} opponent level(s), not "
            f"{len(opponents)} ({', '.join(opponents) or 'none'})"
        )
    for name in opponents:
        if name not in BOTS:
            raise OkginError(f"unknown opponent {name!r} (bots: {', '.join(BOTS)})")


def parse_people(text: str) -> list[str]:
    """``Ann, Bob`` → ``["Ann", "Bob"]`` (``--people`` and the new-game screen); none: You."""
    people = [x.strip() for x in text.split(",") if x.strip()]
    if len(set(people)) != len(people):
        raise OkginError(f"the people need different names, not {', '.join(people)}")
    return people or ["You"]


def seating(settings: Settings, players: int) -> list[Seat]:
    """The seats of a new game: the people from ``settings.seat`` on, the opponents' levels
    in the seats left, in order."""
    people = list(settings.people) or ["You"]
    if len(people) > players:
        raise OkginError(f"{players} players have room for {players} people, not {len(people)}")
    check_opponents(settings.opponents, players, len(people))
    if not 0 <= settings.seat < players:
        raise OkginError(f"--seat must be 0..{players - 1}, not {settings.seat}")
    seats: list[Seat | None] = [None] * players
    for i, name in enumerate(people):
        seats[(settings.seat + i) % players] = Seat.person(name)
    levels = iter(settings.opponents)
    try:
        return [
            seat if seat is not None else Seat.bot(next(levels), budget=settings.budget)
            for seat in seats
        ]
    except SeatError as exc:
        raise OkginError(str(exc)) from None


# ---- the pace of the bots ---------------------------------------------------------------------
@dataclass
class BotPace:
    """When a bot moves next: ``seconds`` after the move before it (the person's speed
    setting); 0 plays at once. :meth:`delay` is what a front end's timer asks."""

    seconds: float = SPEEDS["normal"]

    def delay(self) -> float:
        return max(0.0, float(self.seconds))

    def faster(self, step: int) -> float:
        """One named speed faster (``step`` > 0) or slower (< 0); the new seconds."""
        steps = sorted(SPEEDS.values())
        i = min(range(len(steps)), key=lambda j: abs(steps[j] - self.seconds))
        i = max(0, min(len(steps) - 1, i - step))
        self.seconds = steps[i]
        return self.seconds


def speed_name(seconds: float) -> str:
    for name, value in SPEEDS.items():
        if abs(value - seconds) < 1e-9:
            return name
    return f"{seconds:g}s"


class PacedExecutor(Executor):
    """Runs each bot's decision in one thread after a pause of ``delay()`` seconds: the
    pace of the computer's moves (the table applies them on the caller's loop)."""

    def __init__(self, delay: Callable[[], float]) -> None:
        self.delay = delay
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="okgin-bot")

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        pause = self.delay()

        def paced() -> Any:
            if pause > 0:
                time.sleep(pause)
            return fn(*args, **kwargs)

        return self.pool.submit(paced)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


# ---- one game ---------------------------------------------------------------------------------
class LocalGame:
    """A front end's handle on one :class:`~okgin.table.Table` at one computer: the settings
    it was made with and the seats of the people at the keyboard. No game flow of its own:
    whose turn it is, the checks, the bots' moves, saving, resume and undo are the table's."""

    def __init__(
        self, settings: Settings, table: Table, directory: Path | None = None, save: bool = True
    ) -> None:
        self.settings = settings
        self.table = table
        self.directory = directory if directory is not None else data_dir()
        self.saving = save
        self.people = [s for s, seat in enumerate(table.seats) if seat.is_person]
        if not self.people:
            raise OkginError("a game at this computer needs a person at the table")
        self._me = self.people[0]
        self.notices: list[str] = []
        self.pace = BotPace(settings.speed)
        self._paced: PacedExecutor | None = None
        self._release: Callable[[], None] = lambda: None
        store = table.store
        if isinstance(store, FileStore):  # one program at a time on a saved game
            try:
                self._release = store.claim(table.id)
            except StoreError as exc:
                raise RecordError(f"cannot open game {table.id}: {exc}") from None

    # ---- creating ---------------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, directory: Path | None = None, save: bool = True) -> LocalGame:
        """A new game, with its own id and record file in ``directory`` (other games there,
        also ones another program is playing, are left alone)."""
        rules = Rules.from_dict(settings.rules)
        directory = directory if directory is not None else data_dir()
        seats = seating(settings, rules.players)
        store: Store = FileStore(directory) if save else MemoryStore()
        try:
            table = Table(
                rules,
                seats,
                seed=settings.seed,
                store=store,
                undo=settings.undo,
                meta=settings.to_json(),
            )
        except StoreError as exc:
            raise RecordError(str(exc)) from None
        return cls(settings, table, directory, save)

    @classmethod
    def resume(
        cls, directory: Path | None = None, table_id: str | None = None, *, undo: bool = False
    ) -> LocalGame:
        """The unfinished game ``table_id`` of ``directory`` (default: :func:`data_dir`); with
        no id, the only unfinished one (several: an error that lists them). ``undo``: allow
        taking moves back in this sitting, also in a game made without it (the journal keeps
        the game's own setting; its undo entries replay either way)."""
        directory = directory if directory is not None else data_dir()
        store = FileStore(directory)
        if table_id is None:
            games = unfinished(directory)
            if not games:
                old = directory / "current.json"
                if old.exists():  # a game saved by an okgin before the table layer
                    raise RecordError(
                        f"no game to resume in {directory}; the game an older okgin saved "
                        f"there can be watched with: okgin play --replay {old}"
                    )
                raise RecordError(f"no saved game in {directory} (start one with: okgin play)")
            if len(games) > 1:
                listed = "; ".join(f"{g.id} ({g.summary})" for g in games[:9])
                raise RecordError(
                    f"{len(games)} unfinished games in {directory}: {listed}; "
                    "choose one with okgin play --resume ID"
                )
            table_id = games[0].id
        try:
            table = Table.resume(store, table_id, undo=True if undo else None)
        except (StoreError, OkginError) as exc:
            raise RecordError(f"cannot resume {table_id}: {exc}") from None
        try:
            settings = Settings.from_json(table.meta)
        except RecordError:
            settings = Settings()
        settings.seed = table.seed
        settings.rules = table.rules.to_dict()
        settings.undo = table.undo_allowed
        prefs, notice = load_prefs(directory)
        settings.speed = prefs.get("speed", settings.speed)
        settings.four_color = prefs.get("four_color", settings.four_color)
        game = cls(settings, table, directory)
        if notice:
            game.notices.append(notice)
        return game

    def close(self) -> None:
        """Let the game go: its bots' thread stops and the saved game is free for another
        program (or ``--resume``). The game itself is in its files already."""
        if self._paced is not None:
            self._paced.shutdown(wait=False, cancel_futures=True)
            self._paced = None
        self._release()
        self._release = lambda: None

    # ---- saving -----------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.table.id

    @property
    def record_path(self) -> Path | None:
        """The game's RECORD.md record (``okgin replay`` reads it), when it is saved."""
        store = self.table.store
        return store.record_path(self.table.id) if isinstance(store, FileStore) else None

    def record(self) -> dict[str, Any]:
        return self.table.record()

    def save(self) -> None:
        """Keep the person's preferences (speed, colours) for the next game; the game itself
        is kept by the table's store after every action."""
        if self.saving:
            save_prefs(
                self.directory,
                {"speed": self.settings.speed, "four_color": self.settings.four_color},
            )

    # ---- state ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def n(self) -> int:
        return self.table.n

    @property
    def names(self) -> list[str]:
        return self.table.names

    @property
    def hand(self) -> HandState:
        return self.game.hand

    @property
    def me(self) -> int:
        """The seat whose hand is shown: the person on turn, else the last one."""
        seat = self.table.to_play
        if seat is not None and seat in self.people:
            self._me = seat
        return self._me

    @property
    def hot_seat(self) -> bool:
        """Two or more people share this computer."""
        return len(self.people) > 1

    def view(self, seat: int | None = None) -> View:
        return self.table.view(self.me if seat is None else seat)

    @property
    def to_play(self) -> int | None:
        """The seat to act in the current hand, None when it is over."""
        return self.hand.current_player

    @property
    def hand_over(self) -> bool:
        return self.table.hand_over

    @property
    def game_over(self) -> bool:
        return self.table.game_over

    @property
    def human_to_play(self) -> bool:
        return self.table.person_to_play is not None

    @property
    def bot_to_play(self) -> int | None:
        return self.table.bot_to_play

    # ---- playing ----------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """The person's action, checked and kept by the table (a refusal changes
        nothing)."""
        seat = self.to_play
        if self.game_over:
            raise IllegalActionError("the game is over: press n for a new game", action)
        if seat is None:
            raise IllegalActionError("the hand is over: press Enter for the next hand", action)
        if seat not in self.people:
            raise IllegalActionError(f"it is {self.names[seat]}'s turn; wait for it", action)
        self._store(lambda: self.table.submit(seat, action, self.table.version))

    def step_bot(self) -> None:
        """The bot on turn plays, in this thread (scripts and tests)."""
        self._store(self.table.step_bot)
        self.notices.extend(self.table.take_notices())

    def run_bots(self) -> int:
        """The bots play, in this thread, up to a person's turn or the end of the hand; the
        count of their actions."""
        steps = 0
        while self.bot_to_play is not None:
            self.step_bot()
            steps += 1
        return steps

    async def run_bots_async(self) -> int:
        """The bots play up to a person's turn or the end of the hand, each thinking off the
        caller's event loop after the pause :attr:`pace` asks for (the speed setting, read
        before every move); the table applies and publishes their moves on the loop."""
        if self._paced is None:
            self._paced = PacedExecutor(self.bot_delay)
        try:
            return await self.table.run_bots_async(self._paced)
        except StoreError as exc:  # the disk: the table is as it was
            self.notices.append(f"the game could not be saved ({exc})")
            return 0

    def bot_delay(self) -> float:
        """Seconds before the next bot move (the pace policy, with the current speed)."""
        self.pace.seconds = self.settings.speed
        return self.pace.delay()

    def next_hand(self) -> None:
        """Deal the next hand once the current one is over."""
        if self.game_over:
            raise IllegalActionError("the game is over: press n for a new game")
        if not self.hand_over:
            raise IllegalActionError("the hand is still being played")
        self._store(lambda: self.table.next_hand(self.table.version))

    def undo(self) -> Action:
        """Take back the person's last action of this hand and everything after it (also
        once the game is over: it goes on from there)."""
        if not self.table.undo_allowed:
            raise IllegalActionError(
                "undo is off for this game (start it with --undo, or tick Undo in the new-game "
                "screen)"
            )
        history = self.hand.history
        mine = [i for i, (s, _) in enumerate(history) if s in self.people]
        if not mine:
            raise IllegalActionError("you have not played in this hand yet: nothing to undo")
        seat, action = history[mine[-1]]
        self._store(lambda: self.table.undo(seat, self.table.version))
        return action

    def _store(self, change: Callable[[], object]) -> None:
        try:
            change()
        except StoreError as exc:  # the disk: the table is as it was
            raise IllegalActionError(f"the game could not be saved ({exc})") from None

    # ---- what happened ----------------------------------------------------------------
    def my_draws(self, seat: int | None = None) -> dict[int, Card]:
        """The cards ``seat`` (default: the one shown) drew from the stock in this hand, by
        history index (from its view: the table never shows it another seat's draws)."""
        seat = self.me if seat is None else seat
        draws = list(self.table.view(seat).draws)
        out: dict[int, Card] = {}
        for i, (s, a) in enumerate(self.hand.history):
            if isinstance(a, Draw) and s == seat and draws:
                out[i] = draws.pop(0)
        return out

    def last_draw(self) -> Card | None:
        """The card the person drew or took in the turn being played, if any."""
        hand = self.hand
        me = self.me
        if hand.current_player != me or not hand.history:
            return None
        s, a = hand.history[-1]
        if s != me:
            return None
        if isinstance(a, Draw):
            return self.my_draws().get(len(hand.history) - 1)
        return self.view().taken_this_turn

    def take_notices(self) -> list[str]:
        out, self.notices = self.notices + self.table.take_notices(), []
        return out


# ---- the games of a data folder -------------------------------------------------------------
@dataclass(frozen=True)
class SavedGame:
    """An unfinished game of a data folder: its id and a line about it."""

    id: str
    summary: str


def unfinished(directory: Path) -> list[SavedGame]:
    """The unfinished games in ``directory``, the newest first (the store says which are
    over, from each journal)."""
    store = FileStore(directory)
    out = []
    for table_id in store.tables():
        try:
            if store.finished(table_id):
                continue
            header, entries = store.load(table_id)
        except StoreError as exc:  # listed, not hidden: resuming it says what is wrong
            out.append(SavedGame(table_id, f"cannot be read: {exc}"))
            continue
        rules = header.get("rules", {})
        names = ", ".join(str(n) for n in header.get("players", []))
        deals = 1 + sum(1 for e in entries if e.get("do") == "deal")
        out.append(SavedGame(table_id, f"{rules.get('preset', '?')}, {names}, hand {deals}"))
    return out


# ---- the person's preferences ---------------------------------------------------------------
PREFS_NAME = "prefs.json"
#: The largest preferences file read (it holds two values).
MAX_PREFS = 1 << 12


def load_prefs(directory: Path) -> tuple[dict[str, Any], str | None]:
    """The saved preferences (speed, colours) and, when the file is there but cannot be
    used, a one-line notice saying so (the defaults are used; nothing is raised)."""
    path = directory / PREFS_NAME
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_PREFS + 1)
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, f"the preferences in {path} cannot be read ({exc.strerror}); defaults used"
    if len(raw) > MAX_PREFS:
        return {}, f"the preferences in {path} are over {MAX_PREFS} bytes; defaults used"
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {}, f"the preferences in {path} are not JSON; defaults used"
    if not isinstance(data, dict):
        return {}, f"the preferences in {path} are not a JSON object; defaults used"
    prefs: dict[str, Any] = {}
    speed = data.get("speed")
    if isinstance(speed, (int, float)) and not isinstance(speed, bool) and 0 <= speed <= 10:
        prefs["speed"] = float(speed)
    if isinstance(data.get("four_color"), bool):
        prefs["four_color"] = data["four_color"]
    bad = [k for k in ("speed", "four_color") if k in data and k not in prefs]
    if bad:
        return prefs, f"the preferences in {path}: {', '.join(bad)} not understood; default used"
    return prefs, None


def save_prefs(directory: Path, prefs: dict[str, Any]) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _write(directory / PREFS_NAME, json.dumps(prefs) + "\n")
    except OSError:
        pass  # only preferences: the game is kept by its store


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
