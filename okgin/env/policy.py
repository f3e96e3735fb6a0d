"""``policy:PATH``: a trained MaskablePPO policy (sb3-contrib) playing as an okgin bot.

``make_bot("policy:runs/ppo.zip")`` (and so ``okgin arena policy:runs/ppo.zip random``) loads
the saved model once per process and plays it greedily on the planes of the seat's view
(:mod:`okgin.env.planes`), masked to the legal actions: the same observation and action
space it was trained on in :class:`okgin.env.gym.OklahomaGinGymEnv`. Extra ``train``
(torch, sb3-contrib).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import numpy as np

from okgin.actions import (
    ID_BIG_GIN,
    ID_DISCARD,
    ID_DONE,
    ID_DRAW,
    ID_KNOCK,
    ID_LAYOFF,
    ID_PASS,
    ID_TAKE,
    NUM_ACTIONS,
    Action,
    Discard,
    Done,
    Draw,
    Knock,
    Layoff,
    Pass,
    Take,
)
from okgin.env.planes import PlaneEncoder
from okgin.errors import OkginError
from okgin.views import View

__all__ = ["PolicyBot", "action_id"]

_MODELS: dict[str, Any] = {}
_SIMPLE: Final[dict[type, int]] = {Draw: ID_DRAW, Take: ID_TAKE, Pass: ID_PASS, Done: ID_DONE}


def action_id(action: Action) -> int:
    """The integer id of one of a view's legal actions (whose knocks are the default
    arrangement's, so each has the id of its discard)."""
    simple = _SIMPLE.get(type(action))
    if simple is not None:
        return simple
    if isinstance(action, Discard):
        return ID_DISCARD + action.card
    if isinstance(action, Knock):
        return ID_BIG_GIN if action.card is None else ID_KNOCK + action.card
    assert isinstance(action, Layoff)
    return ID_LAYOFF + 52 * action.meld + action.card


def _load(path: str) -> Any:
    model = _MODELS.get(path)
    if model is None:
        if not Path(path).is_file():
            raise OkginError(f"policy: no saved model at {path!r}")
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise OkginError(
                "policy bots need sb3-contrib and torch: pip install 'okgin[train]'"
            ) from None
        import torch

        torch.set_num_threads(1)  # one decision at a time: threads only contend
        model = _MODELS[path] = MaskablePPO.load(path, device="cpu")
    return model


class PolicyBot:
    """Plays a saved MaskablePPO model; deterministic (the most likely legal action)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.name = f"policy:{path}"
        self._model = _load(path)
        self._encoder = PlaneEncoder()

    def act(self, view: View) -> Action:
        legal = {action_id(a): a for a in view.legal_actions}
        if not legal:
            raise OkginError(f"{self.name}: seat {view.seat} has nothing to play")
        if len(legal) == 1:
            return next(iter(legal.values()))
        mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        mask[list(legal)] = True
        obs = self._encoder.encode(view)
        chosen, _ = self._model.predict(obs, action_masks=mask, deterministic=True)
        return legal[int(chosen)]

    def explain(self, view: View, action: Action) -> str:
        return f"{action}: the trained policy's most likely legal action"
