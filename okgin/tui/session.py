"""The game behind ``okgin play``, without any screen: settings, seats, bots, saving, undo.

A :class:`Session` owns one :class:`~okgin.game.Game` in which seat 0 is the person and every
other seat a bot. It deals each hand from a deck derived from the session's seed (so a seed
replays the same deals, also after ``--resume``), writes the game as a RECORD.md record after
every action, and rebuilds it from that record for resume and undo. Bots are given only
their seat's view. Everything the terminal shows about rules and scores comes from the core.
"""

from __future__ import annotations

import json
import os
import random
import secrets
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from okgin import scoring
from okgin.actions import DONE, Action, Discard, Draw, Knock, Layoff
from okgin.bots import BOTS, Bot, make_bot
from okgin.cards import CARDS, Card, mask_of
from okgin.errors import IllegalActionError, OkginError, RecordError
from okgin.game import Game
from okgin.hand import HandState
from okgin.melds import deadwood
from okgin.paths import data_dir
from okgin.record import load, replay
from okgin.rules import Rules
from okgin.views import View

__all__ = [
    "HUMAN",
    "LEVELS",
    "Session",
    "Settings",
    "data_dir",
    "default_knock",
    "default_opponent",
    "layoff_candidates",
    "layoff_order",
    "parse_option",
    "parse_options",
    "strongest_bot",
]

#: The person's seat.
HUMAN = 0
#: Bot names from the weakest to the strongest, as far as okgin knows them.
LEVELS = ("random", "easy", "medium", "hard", "expert")
RECORD_NAME = "current.json"
META_NAME = "current.session.json"
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
    except ValueError:
        return key, value


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    return dict(parse_option(item) for item in items if item.strip())


@dataclass
class Settings:
    """How a game is played: its rules, its opponents and the table's options."""

    rules: dict[str, Any] = field(default_factory=lambda: {"preset": "standard"})
    opponents: list[str] = field(default_factory=lambda: ["medium"])
    seed: int = 0
    undo: bool = False
    speed: float = SPEEDS["normal"]
    four_color: bool = False
    hint_bot: str | None = None  # None: the strongest registered bot
    budget: float | None = None  # seconds of search per decision (expert); None: its default

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise RecordError("the saved session settings are not an object")
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        try:
            return cls(**known)
        except TypeError as exc:
            raise RecordError(f"the saved session settings cannot be read: {exc}") from None


def player_names(opponents: Sequence[str]) -> list[str]:
    """``You`` then each bot's level, numbered when a level appears twice."""
    names = ["You"]
    for i, level in enumerate(opponents):
        name = level.capitalize()
        if opponents.count(level) > 1:
            name += f" {opponents[: i + 1].count(level)}"
        names.append(name)
    return names


def deck_for(seed: int, hand_number: int) -> list[Card]:
    """The deck order of a session's hand (1-based), a function of the seed only."""
    deck = list(CARDS)
    random.Random(f"okgin-play/{seed}/{hand_number}").shuffle(deck)
    return deck


def first_dealer(seed: int, players: int) -> int:
    return random.Random(f"okgin-play/{seed}/dealer").randrange(players)


def check_opponents(opponents: Sequence[str], players: int) -> None:
    if len(opponents) != players - 1:
        raise OkginError(
            f"{players} players need {players - 1} opponent level(s), not {len(opponents)} "
            f"({', '.join(opponents) or 'none'})"
        )
    for name in opponents:
        if name not in BOTS:
            raise OkginError(f"unknown opponent {name!r} (bots: {', '.join(BOTS)})")


# ---- choices the screens pre-select (the rules' parts live in okgin.scoring) --------------
def default_knock(view: View) -> Knock | None:
    """The knock offered first (:func:`okgin.scoring.default_knock` over the view's legal
    actions): the least declared deadwood, then the fewest layoff spots, then card order."""
    return scoring.default_knock(view.legal_actions, mask_of(view.hand))


#: Layoff chains (RULES.md §6), from the core.
layoff_candidates = scoring.layoff_candidates
layoff_order = scoring.layoff_order


class Session:
    """One game of ``okgin play``: seat 0 is the person, the other seats are bots."""

    def __init__(
        self, settings: Settings, game: Game, directory: Path | None = None, save: bool = True
    ) -> None:
        self.settings = settings
        self.game = game
        self.rules: Rules = game.rules
        self.n = game.n
        check_opponents(settings.opponents, self.n)
        self.names = player_names(settings.opponents)
        self.bots: dict[int, Bot] = {
            s: make_bot(name, seed=settings.seed + s, budget=settings.budget)
            for s, name in enumerate(settings.opponents, start=1)
        }
        self.directory = directory if directory is not None else data_dir()
        self.saving = save
        self.notices: list[str] = []
        self.archived: Path | None = None  # where the previous saved game was moved

    # ---- creating ---------------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, directory: Path | None = None, save: bool = True) -> Session:
        """A new game (the previous saved game, if any, is archived first)."""
        rules = Rules.from_dict(settings.rules)
        check_opponents(settings.opponents, rules.players)
        game = Game(
            rules,
            seed=settings.seed,
            dealer=first_dealer(settings.seed, rules.players),
            auto_deal=False,
        )
        game.deal(deck_for(settings.seed, 1))
        session = cls(settings, game, directory, save)
        if save:
            session.archived = session.archive()
            session.save()
        return session

    @classmethod
    def resume(cls, directory: Path | None = None) -> Session:
        """The saved game of ``directory`` (default: :func:`data_dir`)."""
        directory = directory if directory is not None else data_dir()
        path = directory / RECORD_NAME
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(
                f"no saved game in {directory} (start one with: okgin play)"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read {path}: {exc}") from None
        doc = load(text)
        game = replay(doc)
        if not game.hands:
            raise RecordError(f"{path} holds no hand")
        try:
            meta = json.loads((directory / META_NAME).read_text(encoding="utf-8"))
            settings = Settings.from_json(meta)
        except (OSError, ValueError):
            settings = Settings(seed=secrets.randbelow(1 << 31))
            names = doc.get("players") or []
            settings.opponents = [
                str(p).split()[0].lower() if str(p).split()[0].lower() in BOTS else "easy"
                for p in names[1:]
            ] or ["easy"] * (game.n - 1)
        settings.rules = game.rules.to_dict()
        return cls(settings, game, directory)

    # ---- saving -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        return self.game.to_record(self.names)

    def save(self) -> None:
        """Write the record and the settings (atomically) so that nothing is lost."""
        if not self.saving:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        _write(self.directory / RECORD_NAME, json.dumps(self.record(), indent=1) + "\n")
        _write(self.directory / META_NAME, json.dumps(self.settings.to_json(), indent=1) + "\n")

    def archive(self) -> Path | None:
        """Move the saved game (if any) to ``games/game-NNNN.json`` before a new one."""
        current = self.directory / RECORD_NAME
        if not current.exists():
            return None
        folder = self.directory / "games"
        folder.mkdir(parents=True, exist_ok=True)
        n = 1
        while (folder / f"game-{n:04d}.json").exists():
            n += 1
        target = folder / f"game-{n:04d}.json"
        os.replace(current, target)
        return target

    # ---- state ------------------------------------------------------------------------
    @property
    def hand(self) -> HandState:
        return self.game.hand

    def view(self, seat: int = HUMAN) -> View:
        view: View = self.game.view(seat)
        return view

    @property
    def to_play(self) -> int | None:
        """The seat to act in the current hand, None when it is over."""
        return self.hand.current_player

    @property
    def hand_over(self) -> bool:
        return self.hand.is_over

    @property
    def game_over(self) -> bool:
        return self.game.is_over

    @property
    def human_to_play(self) -> bool:
        return self.to_play == HUMAN

    @property
    def bot_to_play(self) -> int | None:
        seat = self.to_play
        return seat if seat is not None and seat != HUMAN else None

    # ---- playing ----------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """The person's action: validated by the core (IllegalActionError changes nothing),
        then saved."""
        seat = self.to_play
        if self.game_over:
            raise IllegalActionError("the game is over: press n for a new game", action)
        if seat is None:
            raise IllegalActionError("the hand is over: press Enter for the next hand", action)
        if seat != HUMAN:
            raise IllegalActionError(f"it is {self.names[seat]}'s turn; wait for it", action)
        self.game.apply(action, HUMAN)
        self.save()

    def play_bot(self, seat: int, action: Action) -> None:
        try:
            self.game.apply(action, seat)
        except IllegalActionError as exc:
            self.notices.append(f"{self.names[seat]}'s {action} was refused ({exc.reason})")
            self.game.apply(self.view(seat).legal_actions[0], seat)
        self.save()

    def next_hand(self) -> None:
        """Deal the next hand once the current one is over."""
        if self.game_over:
            raise IllegalActionError("the game is over: press n for a new game")
        if not self.hand_over:
            raise IllegalActionError("the hand is still being played")
        self.game.deal(deck_for(self.settings.seed, len(self.game.hands) + 1))
        self.save()

    def undo(self) -> Action:
        """Take back the person's last action of this hand and everything after it."""
        if not self.settings.undo:
            raise IllegalActionError(
                "undo is off for this game (start it with --undo, or tick Undo in the new-game "
                "screen)"
            )
        history = self.hand.history
        mine = [i for i, (s, _) in enumerate(history) if s == HUMAN]
        if not mine:
            raise IllegalActionError("you have not played in this hand yet: nothing to undo")
        cut = mine[-1]
        doc = self.record()
        doc["hands"][-1]["actions"] = doc["hands"][-1]["actions"][:cut]
        self.game = replay(doc)
        self.save()
        return history[cut][1]

    # ---- what happened ----------------------------------------------------------------
    def my_draws(self) -> dict[int, Card]:
        """The cards the person drew from the stock in this hand, by history index."""
        hand = self.hand
        pos = hand.n * hand.size + 1
        out: dict[int, Card] = {}
        for i, (s, a) in enumerate(hand.history):
            if isinstance(a, Draw):
                if s == HUMAN:
                    out[i] = hand.deck[pos]
                pos += 1
        return out

    def last_draw(self) -> Card | None:
        """The card the person drew or took in the turn being played, if any."""
        hand = self.hand
        if hand.current_player != HUMAN or not hand.history:
            return None
        s, a = hand.history[-1]
        if s != HUMAN:
            return None
        if isinstance(a, Draw):
            return self.my_draws().get(len(hand.history) - 1)
        view = self.view()
        return view.taken_this_turn

    def take_notices(self) -> list[str]:
        out, self.notices = self.notices, []
        return out


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def knock_choices(view: View) -> list[Knock]:
    """The legal knocks, one per knock discard, in card order (big gin last)."""
    knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
    return sorted(knocks, key=lambda k: 99 if k.card is None else int(k.card))


def best_discard_deadwood(view: View) -> int | None:
    """With an extra card in hand: the least deadwood one legal discard leaves."""
    hand = mask_of(view.hand)
    cards = [a.card for a in view.legal_actions if isinstance(a, Discard)]
    if not cards:
        return None
    return min(deadwood(hand & ~(1 << c)) for c in cards)


def done_layoffs(seq: Sequence[tuple[Card, int]]) -> list[Action]:
    """The actions that lay off ``seq`` and end the defender's turn."""
    return [*(Layoff(c, k) for c, k in seq), DONE]
