"""Replays for the web pages: any RECORD.md record, step by step, as a seat saw it.

A :class:`Replay` is a record checked by :func:`okgin.record.replay` (a bad record raises
:class:`~okgin.record.ReplayError` with ``okgin replay``'s one line). Its steps are every
position of every hand: step ``(hand, 0)`` is the hand just dealt, ``(hand, a)`` the hand after
its ``a``-th action. Each step's state is the core's own: the game moved on from the last
step built by ``Game.deal`` and ``Game.apply`` of the record's decks and actions, or, for a
step before it, the record cut after that action and replayed by :func:`~okgin.record.replay`;
then seen through :func:`~okgin.views.view_of` (a seat's view, with
:func:`~okgin.web.protocol.help_for`'s arrangement of its cards) or, for ``everything``, the
spectator's view (with :func:`~okgin.web.protocol.help_for`'s Hollywood games, as the table
sends a spectator) and every seat's hand. Nothing here applies a rule.

The web layer replays only what may be shown to anyone who asks: a finished table's record
(the same record ``/api/tables/{id}/record`` gives once the game is over) or a record the
person uploaded themselves.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Final

from okgin.actions import from_json
from okgin.cards import Card
from okgin.game import Game
from okgin.record import ReplayError, load, replay
from okgin.review import record_hash
from okgin.views import view_of
from okgin.web.protocol import help_for

__all__ = ["MAX_RECORD", "Lru", "Replay", "parse_upload"]

#: The largest record file an upload may be (bytes): a long Hollywood game is about 100 KB.
MAX_RECORD: Final = 1_048_576
#: Steps kept built, per replay (a page goes back and forth over the same few).
STEPS_KEPT: Final = 256


def parse_upload(body: bytes) -> Any:
    """A record file's bytes as its JSON document: a ReplayError (one line) for bytes that are
    not UTF-8 text, not JSON, or JSON nested too deep (:func:`okgin.record.load`)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("the file is not UTF-8 text: a record is a JSON file") from None
    return load(text)


class Replay:
    """One record's steps (see the module docstring)."""

    def __init__(self, doc: Any) -> None:
        self.game: Game = replay(doc)  # raises ReplayError for a bad record
        self.doc: Mapping[str, Any] = doc
        self.sha = record_hash(doc)
        self.n = self.game.n
        players = doc.get("players")
        self.names: list[str] = (
            list(players) if players else [f"Seat {s + 1}" for s in range(self.n)]
        )
        self.hands: list[list[Any]] = [list(h.get("actions", [])) for h in doc.get("hands", [])]
        #: the first step of each hand
        self.first: list[int] = []
        total = 0
        for actions in self.hands:
            self.first.append(total)
            total += len(actions) + 1
        self.steps = total
        #: the last game built and its step: stepping on from it applies only the new actions
        self._cursor: tuple[int, Game] | None = None
        self._lock = threading.Lock()
        self._steps = Lru(STEPS_KEPT)

    def where(self, step: int) -> tuple[int, int]:
        """The hand (from 0) and the number of its actions played at ``step``."""
        if not 0 <= step < self.steps:
            raise IndexError(step)
        h = max(i for i, f in enumerate(self.first) if f <= step)
        return h, step - self.first[h]

    def index(self) -> dict[str, Any]:
        """What the page needs before the first step: names, rules, hands, results."""
        sc = self.game.score
        return {
            "record_sha256": self.sha,
            "players": self.names,
            "seats": self.n,
            "rules": self.game.rules.to_dict(),
            "options": self.game.rules.options(),
            "steps": self.steps,
            "hands": [
                {
                    "hand": h + 1,
                    "first": self.first[h],
                    "actions": len(actions),
                    "dealer": hand.dealer,
                    "upcard": hand.upcard.text,
                    "result": hand.result.to_json() if hand.result is not None else None,
                }
                for h, (hand, actions) in enumerate(zip(self.game.hands, self.hands, strict=True))
            ],
            "totals": list(sc.totals),
            "complete": sc.complete,
            "winner": sc.winner if sc.complete else None,
        }

    def _game_at(self, step: int) -> Game:
        """The game as it was at ``step`` (with the lock held): the cursor moved on by the
        core (``Game.deal`` and ``Game.apply`` of the record's decks and actions) when the
        step is ahead of it, else the record cut there and replayed by the core."""
        cursor = self._cursor
        if cursor is None or cursor[0] > step:
            h, a = self.where(step)
            hands = [dict(x) for x in self.doc["hands"][: h + 1]]
            hands[h]["actions"] = self.hands[h][:a]
            cut = {k: v for k, v in self.doc.items() if k != "hands"}
            cut["hands"] = hands
            cursor = (step, replay(cut))
        at, game = cursor
        while at < step:
            at += 1
            h, a = self.where(at)
            if a == 0:
                hand_doc = self.doc["hands"][h]
                game.deal([Card(c) for c in hand_doc["deck"]], hand_doc["dealer"])
            else:
                seat, action = from_json(self.hands[h][a - 1])
                game.apply(action, seat)
        self._cursor = (step, game)
        return game

    def step(self, step: int, seat: int | None) -> dict[str, Any]:
        """Step ``step`` as ``seat`` saw it, or everything (``seat`` None): the spectator's
        view and every seat's hand, each arranged by the core."""
        key = (step, seat)
        known = self._steps.get(key)
        if known is not None:
            return known  # type: ignore[no-any-return]
        with self._lock:
            out = self._step(step, seat)
        self._steps.put(key, out)
        return out

    def _step(self, step: int, seat: int | None) -> dict[str, Any]:
        h, a = self.where(step)
        game = self._game_at(step)
        out: dict[str, Any] = {
            "step": step,
            "hand": h + 1,
            "action": a,
            "seat": seat,
            "played": self.hands[h][a - 1] if a else None,
        }
        if seat is None:
            everything = view_of(game, None, legal=False)
            out["view"] = everything.to_json()
            out["help"] = help_for(everything)  # the spectator's: only Hollywood's games
            out["hands"] = []
            for s in range(self.n):
                view = view_of(game, s, legal=False)
                out["hands"].append(
                    {"seat": s, "cards": [c.text for c in view.hand], **help_for(view)}
                )
        else:
            view = view_of(game, seat, legal=False)
            out["view"] = view.to_json()
            out["help"] = help_for(view)
        return out


class Lru:
    """A small thread-safe least-recently-used map."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
