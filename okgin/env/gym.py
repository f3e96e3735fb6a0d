"""Gymnasium: one learner against okgin bots, ``gymnasium.make("OklahomaGin-v0")``.

    >>> import gymnasium
    >>> import okgin.env  # registers OklahomaGin-v0
    >>> env = gymnasium.make("OklahomaGin-v0", opponents="easy", rules="standard")
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape, info["action_mask"].shape
    ((27, 52), (525,))
    >>> done = False
    >>> while not done:
    ...     legal = info["action_mask"].nonzero()[0]
    ...     obs, reward, terminated, truncated, info = env.step(int(legal[0]))
    ...     done = terminated or truncated

:class:`OklahomaGinGymEnv` seats the learner (``seat``: a seat, or None for a random seat
each episode) and okgin bots by name at the other seats (``opponents``: one name for all,
or one per seat after the learner's, e.g. ``("easy", "medium")``; options as in ``okgin
arena``, ``"expert:budget=…"``). The bots see only their own views. The observation is the
learner's planes (:mod:`okgin.env.planes`, ``float32`` (27, 52)); the action is one of
okgin's 525 ids; ``info["action_mask"]`` and :meth:`~OklahomaGinGymEnv.action_masks`
(what sb3-contrib's ``MaskablePPO`` asks for) give the legal ones. Rewards as in
:mod:`okgin.env.oklahoma_gin_v0` (``points``, ``win``, ``game``), the learner's share, at the
end of the episode. An illegal id raises :class:`~okgin.errors.IllegalActionError` and changes
nothing; with ``illegal_action="end"`` it ends the episode with ``illegal_reward`` instead
(as PettingZoo's classic environments do; Gymnasium's ``check_env`` plays unmasked random
ids). A hand that ends before the learner's first decision (an opponent's
gin on the upcard) is not an episode: another is dealt.

:class:`OklahomaGinVectorEnv` plays ``num_envs`` such tables in one process, writing the
observations straight into one preallocated batch (Gymnasium's next-step autoreset).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from okgin.actions import NUM_ACTIONS
from okgin.bots import Bot, make_bot
from okgin.env.aec import _share, check_modes, hand_rewards, render_view
from okgin.env.planes import NUM_PLANES, PlaneEncoder, Planes
from okgin.errors import IllegalActionError, OkginError
from okgin.game import Game
from okgin.rules import Rules
from okgin.views import view_of

__all__ = ["OklahomaGinGymEnv", "OklahomaGinVectorEnv"]

_REDEALS: Final = 100
Mask = npt.NDArray[np.bool_]


def _rules(rules: Rules | Mapping[str, Any] | str | None, players: int | None) -> Rules:
    if isinstance(rules, str):
        rules = {"preset": rules}
    base = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
    if players is not None and players != base.players:
        base = base.with_options(players=players)
    return base


class OklahomaGinGymEnv(gymnasium.Env[Planes, np.int64]):
    """One learner at one seat, okgin bots at the others."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | Mapping[str, Any] | str | None = None,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        reward: str = "points",
        render_mode: str | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        self.rules = _rules(rules, players)
        if illegal_action not in ("raise", "end"):
            raise OkginError(f"illegal_action must be 'raise' or 'end', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self._ended = False
        n = self.rules.players
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise OkginError(f"opponents: {n - 1} bot names for {n} players, not {len(names)}")
        for name in names:
            make_bot(name, seed=0)  # a bad name is refused now, in one line
        self.opponents = names
        if seat is not None and not 0 <= seat < n:
            raise OkginError(f"seat must be 0..{n - 1} or None (random), not {seat}")
        self.fixed_seat = seat
        check_modes(reward, render_mode)
        self.reward_scheme = reward
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (NUM_PLANES, 52), np.float32)
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self._encoder = PlaneEncoder()
        self._mask: Mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        self.game: Game | None = None
        self.seat = 0 if seat is None else seat
        self._bots: list[Bot | None] = []
        self._rng = random.Random()

    # ---- the episode ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Planes, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        for _ in range(_REDEALS):
            self._deal()
            if not self._advance():
                return self._observe(), {"action_mask": self._mask.copy()}
        raise OkginError(f"{_REDEALS} hands in a row ended before the learner played")

    def _deal(self) -> None:
        rng = self._rng
        n = self.rules.players
        self.seat = rng.randrange(n) if self.fixed_seat is None else self.fixed_seat
        game_mode = self.reward_scheme == "game"
        self.game = Game(self.rules, seed=rng.getrandbits(64), auto_deal=game_mode)
        if not game_mode:
            self.game.deal()
        names = iter(self.opponents)
        self._bots = [
            None if s == self.seat else make_bot(next(names), seed=rng.getrandbits(32))
            for s in range(n)
        ]
        self._encoder.reset()
        self._ended = False
        self._bind()

    def _bind(self) -> None:
        assert self.game is not None
        hand = self.game.hand
        for s, bot in enumerate(self._bots):
            start = getattr(bot, "start_hand", None)
            if start is not None:
                start(hand, s)

    def _over(self) -> bool:
        game = self.game
        assert game is not None
        if self._ended:
            return True
        return game.is_over if self.reward_scheme == "game" else game.hand.is_over

    def _advance(self) -> bool:
        """Let the bots play until the learner is to play; True when the episode is over."""
        game = self.game
        assert game is not None
        hands = len(game.hands)
        while not self._over():
            seat = game.current_player
            assert seat is not None
            if seat == self.seat:
                return False
            bot = self._bots[seat]
            assert bot is not None
            game.apply(bot.act(view_of(game, seat)), seat)
            if len(game.hands) != hands:  # a whole game: the next hand was dealt
                hands = len(game.hands)
                self._bind()
        return True

    def _observe(self, out: Planes | None = None) -> Planes:
        game = self.game
        assert game is not None
        mask = self._mask
        mask[:] = False
        if not self._over() and game.current_player == self.seat:
            mask[game.hand.legal_ids()] = True
        return self._encoder.encode_game(game, self.seat, out)

    def _reward(self) -> float:
        game = self.game
        assert game is not None
        if self.reward_scheme == "game":
            return _share(game.winner, game.n)[self.seat]
        result = game.hand.result
        assert result is not None
        return hand_rewards(result, self.reward_scheme)[self.seat]

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Planes, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated = self._step(action, None)
        return obs, reward, terminated, False, {"action_mask": self._mask.copy()}

    def _step(
        self, action: int | np.integer[Any], out: Planes | None
    ) -> tuple[Planes, float, bool]:
        game = self.game
        if game is None:
            raise OkginError("call reset() before step()")
        if self._over():
            raise IllegalActionError("the episode is over: call reset()")
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError(f"an action is an integer id, not {action!r}") from None
        hands = len(game.hands)
        try:
            game.apply_id(action_id)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._ended = True  # illegal_action "end": the episode ends, the state unchanged
            return self._observe(out), self.illegal_reward, True
        if len(game.hands) != hands:
            self._bind()
        over = self._advance()
        obs = self._observe(out)
        return obs, self._reward() if over else 0.0, over

    def action_masks(self) -> Mask:
        """The legal action ids as booleans (sb3-contrib's ``MaskablePPO`` reads this)."""
        return self._mask.copy()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without render_mode='ansi'")
            return None
        if self.game is None:
            return "(no hand dealt: call reset())"
        return render_view(view_of(self.game, self.seat))


class OklahomaGinVectorEnv(VectorEnv[Planes, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` tables stepped together in one process; observations written into one
    preallocated ``(num_envs, 27, 52)`` batch; next-step autoreset (the step after an
    episode ends resets that table and ignores its action)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, **kwargs: Any) -> None:
        if num_envs < 1:
            raise OkginError(f"num_envs must be at least 1, not {num_envs}")
        self.envs = [OklahomaGinGymEnv(**kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs: Planes = np.zeros((num_envs, NUM_PLANES, 52), dtype=np.float32)
        self._masks: Mask = np.zeros((num_envs, NUM_ACTIONS), dtype=np.bool_)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._done = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Planes, dict[str, Any]]:
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        for i, (env, s) in enumerate(zip(self.envs, seeds)):
            self._obs[i], _ = env.reset(seed=s)
            self._masks[i] = env._mask
        self._done[:] = False
        return self._obs.copy(), {"action_mask": self._masks.copy()}

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[Planes, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]:
        for i, env in enumerate(self.envs):
            if self._done[i]:
                self._obs[i], _ = env.reset()
                self._rewards[i] = 0.0
                self._terminations[i] = False
            else:
                _, reward, over = env._step(actions[i], self._obs[i])
                self._rewards[i] = reward
                self._terminations[i] = over
            self._masks[i] = env._mask
        self._done[:] = self._terminations
        return (
            self._obs.copy(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            {"action_mask": self._masks.copy()},
        )

    def action_masks(self) -> Mask:
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
