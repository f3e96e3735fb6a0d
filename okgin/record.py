"""The game record (RECORD.md, format 1): writing, reading, replaying, summarising.

    >>> import json
    >>> from okgin import Game
    >>> game = Game(seed=3)
    >>> doc = game.to_record()
    >>> replay(json.loads(json.dumps(doc))).hands[0].deck == game.hands[0].deck
    True

:func:`replay` checks every action; a refusal raises :class:`ReplayError`, whose ``str`` is the
one line ``okgin replay`` prints (``hand H, action A: <action>: <why>``, ``hand H: <why>`` or
``record: <why>``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from okgin.actions import from_json, to_json
from okgin.cards import Card
from okgin.errors import OkginError, RecordError
from okgin.game import Game
from okgin.hand import HandState
from okgin.rules import Rules

__all__ = [
    "ReplayError",
    "game_to_record",
    "load",
    "load_file",
    "replay",
    "summary",
    "summary_text",
]

FORMAT = 1


class ReplayError(RecordError):
    """A record refused at a place: ``hand`` and ``action`` count from 1 (None: not in one)."""

    def __init__(
        self, reason: str, hand: int | None = None, action: int | None = None, given: Any = None
    ) -> None:
        self.reason = reason
        self.hand = hand
        self.action = action
        self.given = given
        if hand is None:
            line = f"record: {reason}"
        elif action is None:
            line = f"hand {hand}: {reason}"
        else:
            line = f"hand {hand}, action {action}: {_compact(given)}: {reason}"
        super().__init__(line)


def _compact(obj: Any) -> str:
    try:
        return json.dumps(obj, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(obj)


def game_to_record(game: Game, players: Sequence[str] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {"okgin": FORMAT, "rules": game.rules.to_dict()}
    if players is not None:
        if len(players) != game.n:
            raise RecordError(f"players: {len(players)} names for {game.n} seats")
        doc["players"] = list(players)
    doc["hands"] = [hand_to_record(h) for h in game.hands]
    return doc


def hand_to_record(hand: HandState) -> dict[str, Any]:
    return {
        "dealer": hand.dealer,
        "deck": [c.text for c in hand.deck],
        "actions": [to_json(a, s) for s, a in hand.history],
    }


#: No record nests deeper than this (a meld's cards are 7 levels down); deeper JSON is refused
#: when read, before anything recurses into it.
MAX_DEPTH = 32


def _nested_deeper(obj: Any, limit: int) -> bool:
    """Whether ``obj`` nests lists and objects more than ``limit`` levels (no recursion)."""
    stack = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return False


def load(text: str) -> Any:
    """Parse a record's JSON text: a ReplayError for text that is not JSON or that nests
    deeper than :data:`MAX_DEPTH` (which the JSON reader could not even recurse through)."""
    too_deep = ReplayError(f"JSON nested more than {MAX_DEPTH} levels deep is not a record")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise too_deep from None
    if isinstance(doc, dict | list) and _nested_deeper(doc, MAX_DEPTH):
        raise too_deep
    return doc


def load_file(path: str | Path) -> Any:
    """:func:`load` of a record file; a file that cannot be read is a ReplayError too."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    return load(text)


def replay(doc: Any) -> Game:
    """Replay a record, checking everything; return the game as the record leaves it."""
    if not isinstance(doc, Mapping):
        raise ReplayError('a record is a JSON object with "okgin", "rules" and "hands"')
    if doc.get("okgin") != FORMAT or isinstance(doc.get("okgin"), bool):
        raise ReplayError(
            f'"okgin" must be {FORMAT} (the record format), not {_compact(doc.get("okgin"))}'
        )
    unknown = set(doc) - {"okgin", "rules", "players", "hands"}
    if unknown:
        raise ReplayError(f"unknown field {_compact(min(unknown))}")
    try:
        rules = Rules.from_dict(doc.get("rules", {}))
    except OkginError as exc:
        raise ReplayError(str(exc)) from None
    players = doc.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != rules.players
        or not all(isinstance(p, str) for p in players)
    ):
        raise ReplayError(f'"players" must be a list of {rules.players} names, one per seat')
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        raise ReplayError('"hands" must be a list')
    game = Game(rules, auto_deal=False, dealer=0)
    for h, hand_doc in enumerate(hands, 1):
        _replay_hand(game, h, hand_doc)
    return game


def _replay_hand(game: Game, h: int, hand_doc: Any) -> None:
    if not isinstance(hand_doc, Mapping):
        raise ReplayError('a hand is an object with "dealer", "deck" and "actions"', h)
    unknown = set(hand_doc) - {"dealer", "deck", "actions"}
    if unknown:
        raise ReplayError(f"unknown field {_compact(min(unknown))}", h)
    if game.is_over:
        raise ReplayError("the game is already over: no further hand may follow", h)
    if game.hands and not game.hand.is_over:
        raise ReplayError(f"hand {h - 1} is not finished, so no hand may follow it", h)
    dealer = hand_doc.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < game.n:
        raise ReplayError(f'"dealer" must be a seat 0..{game.n - 1}, not {_compact(dealer)}', h)
    if game.hands and dealer != game.next_dealer:
        raise ReplayError(
            f"dealer must be seat {game.next_dealer} (dealer_rotation "
            f"{game.rules.dealer_rotation}), not {dealer}",
            h,
        )
    deck_doc = hand_doc.get("deck")
    if not isinstance(deck_doc, list):
        raise ReplayError('"deck" must be a list of the 52 cards', h)
    deck = []
    for item in deck_doc:
        if not isinstance(item, str):
            raise ReplayError(f'"deck": cards are strings like "Qs", not {_compact(item)}', h)
        try:
            deck.append(Card(item))
        except OkginError as exc:
            raise ReplayError(f'"deck": {exc}', h) from None
    if len(deck) != 52 or len(set(deck)) != 52:
        missing = 52 - len(set(deck))
        raise ReplayError(
            f'"deck" must hold each of the 52 cards exactly once '
            f"({len(deck)} given, {missing} missing)",
            h,
        )
    game.deal(deck, dealer)
    actions = hand_doc.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError('"actions" must be a list', h)
    hand = game.hand
    for a, act in enumerate(actions, 1):
        try:
            seat, action = from_json(act)
        except OkginError as exc:
            raise ReplayError(str(exc), h, a, act) from None
        if hand.is_over:
            raise ReplayError("the hand is already over", h, a, act)
        if seat != hand.current_player:
            raise ReplayError(
                f"it is seat {hand.current_player}'s turn, not seat {seat}'s", h, a, act
            )
        try:
            game.apply(action)
        except OkginError as exc:
            reason = getattr(exc, "reason", str(exc))
            raise ReplayError(reason, h, a, act) from None


def summary(game: Game) -> dict[str, Any]:
    """The ``okgin replay --json`` object (RECORD.md)."""
    hands = []
    for hand in game.hands:
        if hand.result is not None:
            hands.append(hand.result.to_json())
        else:
            hands.append(
                {
                    "result": "incomplete",
                    "knocker": hand.knocker if hand.knocker >= 0 else None,
                    "knock_limit": hand.limit,
                    "multiplier": hand.multiplier,
                    "deadwood": None,
                    "points": [0] * game.n,
                }
            )
    sc = game.score
    out: dict[str, Any] = {
        "hands": hands,
        "totals": list(sc.totals),
        "complete": sc.complete,
        "winner": sc.winner if sc.complete else None,
        "final": list(sc.final) if sc.complete and sc.final is not None else None,
        "target": sc.target,
    }
    if game.rules.format == "hollywood":
        out["games"] = [g.to_json(game.rules) for g in sc.games]
    return out


def summary_text(game: Game, players: Sequence[str] | None = None) -> str:
    """A human summary of a replayed game."""
    names = list(players) if players else [f"seat {s}" for s in range(game.n)]
    data = summary(game)
    lines = [f"rules: {json.dumps(game.rules.to_dict())}"]
    for i, (hand, h) in enumerate(zip(game.hands, data["hands"], strict=True), 1):
        head = (
            f"hand {i}: dealer {names[hand.dealer]}, upcard {hand.upcard}, "
            f"knock limit {h['knock_limit']}"
        )
        if h["multiplier"] != 1:
            head += f", x{h['multiplier']}"
        res = h["result"]
        if res in ("dead", "incomplete"):
            lines.append(f"{head}: {res}")
            continue
        dws = ", ".join(f"{names[s]} {d}" for s, d in enumerate(h["deadwood"]))
        pts = ", ".join(f"{names[s]} {p}" for s, p in enumerate(h["points"]) if p)
        lines.append(
            f"{head}: {res} by {names[h['knocker']]}; deadwood {dws}; points {pts or 'none'}"
        )
    lines.append("totals: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(data["totals"])))
    if data["complete"]:
        win = names[data["winner"]] if data["winner"] is not None else "nobody (a tie)"
        lines.append(
            f"game over: winner {win}; final "
            + ", ".join(f"{names[s]} {f}" for s, f in enumerate(data["final"] or []))
        )
    else:
        lines.append(f"game in progress (target {data['target']})")
    return "\n".join(lines)
