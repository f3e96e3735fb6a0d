"""Oklahoma Gin, a PettingZoo AEC environment, on every okgin rule set with 2–4 players.

    >>> from okgin.env import oklahoma_gin_v0
    >>> env = oklahoma_gin_v0.env(rules="standard", players=2)
    >>> env.reset(seed=42)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     if terminated or truncated:
    ...         action = None
    ...     else:
    ...         action = env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)
    >>> env.close()

``env(rules=…, players=…, reward=…, render_mode=…)``:

- ``rules``: a preset name (``standard``, ``classic``, ``party``, ``openspiel``), a
  :class:`~okgin.rules.Rules`, or a rules dict (``{"preset": "party", "knock_bonus": 5}``);
  RULES.md has every option. ``players`` (2, 3 or 4) overrides the rules' count.
- ``reward``: ``"points"`` (default: one hand per episode; each seat gets its hand points
  minus the mean of the others', so the rewards sum to 0; with two players, its points minus
  the opponent's), ``"win"`` (one hand per episode; +1 to the hand's winner, −1/(n−1) to each
  other seat, 0 for a dead hand) or ``"game"`` (a whole game per episode, hands dealt until
  the rules' format ends it; +1 to the game's winner, −1/(n−1) to the others, 0 for a tie).
  Rewards come only at the end of the episode; ``info`` then holds ``hand_points`` (okgin's
  score of the seat for the last hand), ``result`` and ``totals``.
- ``render_mode="ansi"``: ``render()`` returns the table as the seat to play sees it.

Agents are ``player_0`` … ``player_{n-1}``, okgin's seats. An episode's deals come from
``reset(seed=…)``: the same seed gives the same deals and dealers.

**Actions**: okgin's integer space of 525 ids (``docs/actions.md``): 0 draw, 1 take, 2 pass,
3 done, 4 big gin, 5 + c discard card c, 57 + c knock putting c aside (the default
arrangement), 109 + 52·k + c lay off c onto the knocker's meld k. ``action_mask`` (``int8``)
is 1 for the legal ids of the seat to play and all 0 for the others. An illegal id raises
:class:`~okgin.errors.IllegalActionError` (a ``ValueError``) and changes nothing.

**Observation**: ``{"observation": planes, "action_mask": mask}``; ``planes`` is a
``float32`` array of shape (27, 52), built from the seat's :func:`~okgin.views.view_of`
only; :mod:`okgin.env.planes` documents each row (own hand, the discard pile in order and
who threw each card, cards each seat took from the pile or passed, cards known dead, the
upcard and knock limit, doubling, stock size, phase, the knocker's spread and layoffs so
far, scores).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo.utils import wrappers

from okgin.env.aec import REWARDS, OklahomaGinEnv, hand_rewards
from okgin.rules import Rules

__all__ = ["REWARDS", "OklahomaGinEnv", "OrderEnforcing", "env", "hand_rewards", "raw_env"]


def raw_env(
    rules: Rules | Mapping[str, Any] | str | None = None,
    players: int | None = None,
    reward: str = "points",
    render_mode: str | None = None,
) -> OklahomaGinEnv:
    """The bare environment."""
    return OklahomaGinEnv(rules=rules, players=players, reward=reward, render_mode=render_mode)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper (the same checks and errors), with the hot
    attributes and ``last()`` read from the environment directly rather than through the
    wrapper's ``__getattr__`` (which costs about a microsecond a look-up)."""

    def _ready(self) -> OklahomaGinEnv:
        if not self._has_reset:
            raise AttributeError("the environment cannot be read before reset()")
        return self.env  # type: ignore[no-any-return]

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            self._ready()
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            self._ready()
        return self.env.agent_selection  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        return self._ready().rewards

    @property
    def terminations(self) -> dict[str, bool]:
        return self._ready().terminations

    @property
    def truncations(self) -> dict[str, bool]:
        return self._ready().truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._ready().infos

    def step(self, action: Any) -> None:
        # the wrapper's checks, then the environment's step without the wrappers' chain
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            wrappers.order_enforcing.EnvLogger.error_observe_before_reset()
        return self.env.last(observe)


def env(
    rules: Rules | Mapping[str, Any] | str | None = None,
    players: int | None = None,
    reward: str = "points",
    render_mode: str | None = None,
) -> OrderEnforcing:
    """The environment wrapped in PettingZoo's order-enforcing checks (``step`` or
    ``observe`` before ``reset`` is refused with a clear error)."""
    return OrderEnforcing(
        raw_env(rules=rules, players=players, reward=reward, render_mode=render_mode)
    )
