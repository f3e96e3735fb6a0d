"""The bot interface: a bot sees only a seat's :class:`~okgin.views.View` and returns an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from okgin.actions import Action, Knock
from okgin.melds import declared_deadwood
from okgin.views import View

__all__ = ["Bot", "knock_deadwood"]


@runtime_checkable
class Bot(Protocol):
    """A computer player. ``act`` must return one of ``view.legal_actions``."""

    name: str

    def act(self, view: View) -> Action:
        """The action to play."""
        ...

    def explain(self, view: View, action: Action) -> str:
        """Why ``action``, in one short line (hints)."""
        ...


def knock_deadwood(hand: int, knock: Knock) -> int:
    """The deadwood ``knock`` declares from ``hand`` (its discard, if any, set aside)."""
    rest = hand if knock.card is None else hand & ~(1 << knock.card)
    return declared_deadwood(rest, knock.melds)
