"""What a table tells its subscribers: :class:`TableEvent`, each built for one seat from that
seat's view only (so no subscriber can receive a card its seat may not see)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from okgin.actions import Draw, Knock, to_json
from okgin.views import View

__all__ = ["EVENT_KINDS", "Ack", "TableEvent", "action_event", "view_json"]

EventKind = Literal["action", "hand_dealt", "hand_scored", "game_over", "undo"]
#: The kinds of event, in the order one change publishes them.
EVENT_KINDS: tuple[EventKind, ...] = ("undo", "hand_dealt", "action", "hand_scored", "game_over")


@dataclass(frozen=True, slots=True)
class Ack:
    """An accepted submission: the table's ``version`` after it; ``repeat`` when it was the
    exact repeat of one already accepted (answered, not applied twice)."""

    version: int
    repeat: bool = False


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One change as seat ``to`` sees it (None: a spectator), at table ``version``.

    ``data`` is plain JSON built from the recipient's view only; it always holds ``"view"``,
    the recipient's whole view after the change (``View.to_json()``, docs/view.md).
    """

    kind: EventKind
    version: int
    to: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "version": self.version, "to": self.to, "data": self.data}


def view_json(view: View) -> dict[str, Any]:
    """The view's JSON form (docs/view.md)."""
    return view.to_json()


def action_event(view: View) -> dict[str, Any]:
    """The ``data`` of an ``action`` event: the hand's last action as ``view`` shows it.

    ``action`` is the action in RECORD.md form as the log of the view holds it; a knock whose
    discard is still face down to this seat has ``"card": null`` and ``"face_down": true``;
    a stock draw carries ``"card"`` only to the drawer (its last draw, from its view).
    """
    s, action = view.log[-1]
    data: dict[str, Any] = {"seat": s, "action": to_json(action, s)}
    if isinstance(action, Knock) and action.card is None and view.phase != "over":
        data["face_down"] = True
    if isinstance(action, Draw) and view.seat == s and view.draws:
        data["card"] = view.draws[-1].text
    return data
