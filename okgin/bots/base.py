"""The bot interface: a bot sees only a seat's :class:`~okgin.views.View` and returns an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from okgin.actions import Action
from okgin.scoring import knock_deadwood
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
