"""The WebSocket protocol of ``okgin serve`` (docs/protocol.md): reading client messages and
building the frames sent to one recipient.

Every frame is built from the recipient's view only (a person seat's :class:`~okgin.views.View`
or the spectator's, which holds no hand) and carries the table's version. Besides the view, a
seat's frame has ``help``: what the core says about that seat's own cards (the arrangement
RULES.md §5 picks with its deadwood, the deadwood each discard leaves, the best layoffs), so the
browser never re-derives a rule.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import JSONResponse

from okgin.actions import Action, Knock, from_json
from okgin.cards import mask_of
from okgin.errors import OkginError
from okgin.melds import best_layoffs, default_arrangement, discard_deadwoods
from okgin.scoring import hollywood_games, knock_arrangements
from okgin.views import View

__all__ = [
    "MAX_MESSAGE",
    "ClientMessage",
    "ProtocolError",
    "RateLimit",
    "help_for",
    "parse_message",
]

#: The most knock arrangements ``help`` lists per knock discard (the default first).
MAX_ARRANGEMENTS = 16

#: The largest client message read (characters); anything longer gets an error frame.
MAX_MESSAGE = 8192


class ProtocolError(OkginError):
    """A client message that cannot be read; ``code`` names the kind for the error frame."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class ClientMessage:
    type: str  # hello, action, next_hand, hint, rematch, ping
    version: int | None = None
    token: str | None = None
    seat: int | None = None
    action: Action | None = None
    action_json: dict[str, Any] | None = None


def _version(obj: dict[str, Any], required: bool) -> int | None:
    value = obj.get("version")
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("malformed", '"version" must be the table version, an integer ≥ 0')
    return value


def parse_message(text: str | bytes | None) -> ClientMessage:
    """One client message; a malformed or oversized one raises :class:`ProtocolError`."""
    if not isinstance(text, str):
        raise ProtocolError("malformed", "messages are JSON text frames, not binary")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(
            "too_big", f"a message may be at most {MAX_MESSAGE} characters, not {len(text)}"
        )
    try:
        obj = json.loads(text)
    except ValueError:
        raise ProtocolError("malformed", "a message must be a JSON object") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    kind = obj.get("type")
    if kind == "hello":
        token = obj.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise ProtocolError("malformed", '"token" must be the seat token from the invite link')
        return ClientMessage("hello", version=_version(obj, False), token=token)
    if kind == "action":
        version = _version(obj, True)
        raw = obj.get("action")
        try:
            seat, action = from_json(raw)
        except OkginError as exc:
            raise ProtocolError("malformed", f"action: {exc}") from None
        assert isinstance(raw, dict)
        return ClientMessage("action", version=version, seat=seat, action=action, action_json=raw)
    if kind == "next_hand":
        return ClientMessage("next_hand", version=_version(obj, True))
    if kind == "hint":
        return ClientMessage("hint", version=_version(obj, True))
    if kind == "rematch":
        return ClientMessage("rematch", version=_version(obj, False))
    if kind == "ping":
        return ClientMessage("ping")
    raise ProtocolError(
        "malformed",
        '"type" must be hello, action, next_hand, hint, rematch or ping, '
        f"not {json.dumps(kind)[:40]}",
    )


@dataclass
class RateLimit:
    """A token bucket: ``burst`` messages at once, ``rate`` a second on average."""

    rate: float = 10.0
    burst: float = 30.0
    tokens: float = field(default=30.0)
    stamp: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _cards(cards: Any) -> list[str]:
    return [c.text for c in cards]


def help_for(view: View) -> dict[str, Any]:
    """What the core says about the seat's own cards (for a spectator, only Hollywood's games)."""
    games: dict[str, Any] = {}
    if view.rules.format == "hollywood":
        results = [*view.past_results, *([view.result] if view.result is not None else [])]
        columns = hollywood_games(results, view.rules.target, view.players)
        games["hollywood"] = [c.to_json() for c in columns]
    if not view.hand:
        return games
    hand = mask_of(view.hand)
    dw, melds = default_arrangement(hand)
    used = 0
    for m in melds:
        used |= m.mask
    out: dict[str, Any] = {
        "melds": [_cards(m.cards) for m in melds],
        "deadwood_cards": [c.text for c in view.hand if not used >> int(c) & 1],
        "deadwood": dw,
    }
    legal = view.legal_actions
    if any(a.do == "discard" for a in legal):
        out["discards"] = {c.text: d for c, d in discard_deadwoods(hand)}
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knocks:
        out["knocks"] = sorted(
            {a.card.text if a.card is not None else "" for a in knocks} - {""}
        ) + (["big_gin"] if any(a.card is None for a in knocks) else [])
        # every arrangement each knock may declare (the default first), for the page to offer
        out["knock_arrangements"] = {
            (a.card.text if a.card is not None else "big_gin"): [
                {"melds": [_cards(m.cards) for m in ms], "deadwood": d}
                for d, ms in knock_arrangements(
                    hand if a.card is None else hand & ~(1 << a.card),
                    0 if a.card is None else view.knock_limit,
                )[:MAX_ARRANGEMENTS]
            ]
            for a in knocks
        }
    if any(a.do == "layoff" for a in legal) and view.melds:
        left, seq = best_layoffs(hand, view.melds)
        out["layoffs"] = [[c.text, k] for c, k in seq]
        out["layoff_deadwood"] = left
    out.update(games)
    return out


#: The bot whose move a hint shows, and its thinking time.
HINT_BOT = "expert"
HINT_BUDGET = 0.3


def hint_of(view: View) -> tuple[dict[str, Any], str]:
    """The strongest bot's move for ``view`` (RECORD.md JSON) and its one-line reason; runs in
    a worker process."""
    from okgin.actions import to_json
    from okgin.bots import make_bot

    bot = make_bot(HINT_BOT, seed=view.version, budget=HINT_BUDGET)
    action = bot.act(view)
    return to_json(action, view.own_seat), bot.explain(view, action)


def error_response(status: int, message: str) -> JSONResponse:
    """An HTTP error as every route of ``okgin serve`` answers it: ``{"error": one line}``."""
    return JSONResponse({"error": message}, status_code=status)
