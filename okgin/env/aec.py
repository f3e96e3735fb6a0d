"""The PettingZoo AEC environment (see :mod:`okgin.env.oklahoma_gin_v0` for the page)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from okgin.actions import NUM_ACTIONS
from okgin.env.planes import NUM_PLANES, PlaneEncoder
from okgin.errors import IllegalActionError, OkginError
from okgin.game import Game
from okgin.hand import HandResult
from okgin.rules import Rules
from okgin.views import View, view_of

__all__ = ["REWARDS", "OklahomaGinEnv", "hand_rewards", "render_view"]

#: The reward schemes: ``points`` (a hand per episode, its points, zero-sum), ``win``
#: (a hand per episode, +1 to its winner), ``game`` (a whole game per episode, +1 to the
#: game's winner).
REWARDS: Final = ("points", "win", "game")

Obs = dict[str, npt.NDArray[Any]]


def check_modes(reward: str, render_mode: str | None) -> None:
    """Refuse, in one line, a reward scheme or a render mode the environments do not have."""
    if reward not in REWARDS:
        raise OkginError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if render_mode not in (None, "ansi"):
        raise OkginError(f"render_mode must be None or 'ansi', not {render_mode!r}")


def hand_rewards(result: HandResult, scheme: str) -> list[float]:
    """Each seat's reward for one scored hand under ``points`` or ``win`` (zero-sum).

    ``points``: ``p[s] − (Σ p − p[s]) / (n − 1)``, ``p`` the hand points okgin scores (with
    two players: the seat's points minus the other's). ``win``: +1 to the hand's winner,
    −1 / (n − 1) to each other seat; 0 to all for a dead hand.
    """
    points = result.points
    n = len(points)
    if scheme == "points":
        total = sum(points)
        return [p - (total - p) / (n - 1) for p in points]
    return _share(result.winner, n)


def _share(winner: int | None, n: int) -> list[float]:
    if winner is None:
        return [0.0] * n
    return [1.0 if s == winner else -1.0 / (n - 1) for s in range(n)]


def render_view(view: View) -> str:
    """The table as ``view.seat`` sees it, in text (``render_mode="ansi"``)."""
    from okgin.cards import format_cards

    lines = [
        f"seat {view.seat} of {view.players}  hand {view.hand_number}  dealer {view.dealer}  "
        f"phase {view.phase}  to play: {'-' if view.to_play is None else view.to_play}",
        f"upcard {view.upcard}  knock limit {view.knock_limit}  x{view.multiplier}  "
        f"stock {view.stock_size}  top {view.top_discard or '-'}",
        f"pile: {format_cards(p.card for p in view.pile)}",
    ]
    for s in range(view.players):
        mine = format_cards(view.hand) if s == view.seat else f"{view.hand_sizes[s]} cards"
        held = format_cards(c for c in view.taken[s])
        lines.append(f"{'>' if s == view.to_play else ' '} seat {s}: {mine}   took: {held or '-'}")
    if view.knocker is not None:
        lines.append(
            f"knocker {view.knocker}: {' '.join(m.text for m in view.melds)}  "
            f"deadwood {format_cards(view.knock_deadwood) or '-'}"
        )
    if view.result is not None:
        r = view.result
        lines.append(f"result: {r.result}, points {list(r.points)}")
    if view.totals:
        lines.append(f"scores: {list(view.totals)} (target {view.target})")
    return "\n".join(lines)


class OklahomaGinEnv(AECEnv[str, Obs, int | np.integer[Any] | None]):
    """Oklahoma Gin as a PettingZoo AEC environment; build it with
    :func:`okgin.env.oklahoma_gin_v0.env` (wrapped) or ``raw_env`` (bare)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own convention)
        "render_modes": ["ansi"],
        "name": "oklahoma_gin_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | Mapping[str, Any] | str | None = None,
        players: int | None = None,
        reward: str = "points",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if isinstance(rules, str):
            rules = {"preset": rules}
        base = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        if players is not None and players != base.players:
            base = base.with_options(players=players)
        check_modes(reward, render_mode)
        self.rules = base
        self.reward_scheme = reward
        self.render_mode = render_mode
        n = base.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (NUM_PLANES, 52), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents
        }
        self._encoder = PlaneEncoder()
        self._rng: random.Random | None = None
        self.game: Game | None = None

    # ---- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ---- the episode ----------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode. ``options={"deck": [52 cards], "dealer": seat}`` deals that
        deck (okgin card indices or ``Card`` values) instead of a seeded shuffle."""
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random(secrets.randbits(64))
        rules = self.rules
        game_seed = self._rng.getrandbits(64)
        deck = dealer = None
        if options and ("deck" in options or "dealer" in options):
            deck, dealer = options.get("deck"), options.get("dealer")
            if deck is None or dealer is None:
                raise OkginError('reset options: "deck" and "dealer" go together')
        game = Game(rules, seed=game_seed, auto_deal=False, dealer=dealer)
        game.auto_deal = self.reward_scheme == "game"
        game.deal(deck)
        self.game = game
        self._encoder.reset()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        seat = self.game.current_player
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Obs:
        game = self.game
        if game is None:
            raise OkginError("call reset() before observe()")
        seat = self._seat[agent]
        obs = self._encoder.encode_game(game, seat)
        flags = bytearray(NUM_ACTIONS)  # a new mask each time (an array over fresh bytes)
        hand = game.hand
        if (
            hand.current_player == seat  # (a game is over only when its last hand is)
            and agent in self.agents
            and not self.terminations[agent]
        ):
            for i in hand.legal_ids():
                flags[i] = 1
        return {"observation": obs, "action_mask": np.frombuffer(flags, np.int8)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        if action is None:
            raise IllegalActionError(f"{agent} is to play: an action id is needed, not None")
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError(f"an action is an integer id, not {action!r}") from None
        # validated: a refused action raises and leaves the state exactly as it was
        game.apply_id(action_id)
        self._cumulative_rewards[agent] = 0.0
        hand = game.hand
        if hand.is_over and (self.reward_scheme != "game" or game.is_over):
            self._finish(game, hand.result)
            self._accumulate_rewards()
        else:
            # during play every reward is 0 (the last dead step cleared them): nothing to add
            seat = game.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]

    def _finish(self, game: Game, result: HandResult | None) -> None:
        assert result is not None
        if self.reward_scheme == "game":
            shares = _share(game.winner, game.n)
        else:
            shares = hand_rewards(result, self.reward_scheme)
        for a in self.agents:
            s = self._seat[a]
            self.rewards[a] = shares[s]
            self.terminations[a] = True
            self.infos[a] = {
                "hand_points": result.points[s],
                "result": result.result,
                "totals": list(game.totals),
            }

    # ---- display --------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without render_mode='ansi'")
            return None
        if self.game is None:
            return "(no hand dealt: call reset())"
        return render_view(view_of(self.game, self._seat[self.agent_selection]))

    def close(self) -> None:
        self.game = None
