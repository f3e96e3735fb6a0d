"""okgin.env.gym: Gymnasium's check_env, masks for MaskablePPO, the vectorised form."""

from __future__ import annotations

import doctest
import random
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import okgin.env  # noqa: E402, F401  (registers OklahomaGin-v0)
from okgin.env import gym as okgym  # noqa: E402
from okgin.env.aec import hand_rewards  # noqa: E402
from okgin.errors import IllegalActionError, OkginError  # noqa: E402
from okgin.record import replay  # noqa: E402
from okgin.rules import PRESETS  # noqa: E402

COMBOS = [(preset, n) for preset in sorted(PRESETS) for n in (2, 3, 4)]


@pytest.mark.parametrize(("preset", "players"), COMBOS)
def test_check_env_passes_without_warnings(preset: str, players: int) -> None:
    env = gymnasium.make(
        "OklahomaGin-v0", rules=preset, players=players, opponents="easy", illegal_action="end"
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_module_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(okgym)
    assert tried > 0 and failures == 0


def _play(env: okgym.OklahomaGinGymEnv, seed: int, rng: random.Random) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, info["action_mask"])
        game = env.game
        assert game is not None and game.current_player == env.seat
        assert sorted(np.flatnonzero(mask)) == game.hand.legal_ids()
        legal = np.flatnonzero(mask)
        obs, reward, done, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        assert obs in env.observation_space and not truncated
        total += reward
        steps += 1
    assert not env.action_masks().any()
    return total, steps


@pytest.mark.parametrize(("preset", "players"), [("standard", 2), ("party", 3), ("classic", 4)])
def test_rewards_are_the_learners_share_of_okgins_points(preset: str, players: int) -> None:
    env = okgym.OklahomaGinGymEnv(rules=preset, players=players, opponents="easy", seat=None)
    rng = random.Random(players)
    seats = set()
    scored = 0
    for seed in range(30):
        total, _ = _play(env, seed, rng)
        assert env.game is not None
        result = replay(env.game.to_record()).results[0]
        assert total == pytest.approx(hand_rewards(result, "points")[env.seat])
        seats.add(env.seat)
        scored += result.result != "dead"
    assert seats == set(range(players))  # seat=None: the learner sits anywhere
    assert scored > 0


def test_whole_game_reward_and_opponents_per_seat() -> None:
    env = okgym.OklahomaGinGymEnv(
        rules={"preset": "standard", "target": 25},
        players=3,
        opponents=("easy", "random"),
        reward="game",
    )
    rng = random.Random(3)
    for seed in range(3):
        total, _ = _play(env, seed, rng)
        game = env.game
        assert game is not None and game.is_over
        w = game.winner
        assert total == (0.0 if w is None else (1.0 if w == 0 else -0.5))
    assert [b.name if b else None for b in env._bots] == [None, "easy", "random"]


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    env = okgym.OklahomaGinGymEnv()
    _, info = env.reset(seed=4)
    assert env.game is not None
    record = env.game.to_record()
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.game.to_record() == record
    assert np.array_equal(env.action_masks(), info["action_mask"])


def test_illegal_end_ends_the_episode_with_the_penalty() -> None:
    env = okgym.OklahomaGinGymEnv(illegal_action="end", illegal_reward=-3.0)
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-3.0, True)
    assert not info["action_mask"].any()
    with pytest.raises(IllegalActionError, match="episode is over"):
        env.step(0)


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        okgym.OklahomaGinGymEnv(opponents="nobody")
    with pytest.raises(OkginError, match="2 bot names for 3 players"):
        okgym.OklahomaGinGymEnv(players=3, opponents=("easy",))
    with pytest.raises(OkginError, match="seat"):
        okgym.OklahomaGinGymEnv(seat=2)
    with pytest.raises(OkginError, match="illegal_action"):
        okgym.OklahomaGinGymEnv(illegal_action="ignore")


def test_vector_env_steps_like_separate_envs() -> None:
    """The batch holds, table by table, what the single environments give for the same
    seeds and actions, through autoresets."""
    n = 3
    vec = okgym.OklahomaGinVectorEnv(n, opponents="random")
    singles = [okgym.OklahomaGinGymEnv(opponents="random") for _ in range(n)]
    obs, info = vec.reset(seed=10)
    assert obs.shape == (n, 27, 52) and vec.action_masks().shape == (n, 525)
    ref = [env.reset(seed=10 + i) for i, env in enumerate(singles)]
    for i in range(n):
        assert np.array_equal(obs[i], ref[i][0])
    rng = random.Random(0)
    done = [False] * n
    episodes = 0
    for _ in range(400):
        actions = np.array(
            [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]]
        )
        obs, rewards, terms, _, info = vec.step(actions)
        for i, env in enumerate(singles):
            if done[i]:
                o, _ = env.reset()
                r, t = 0.0, False
            else:
                o, r, t, _, _ = env.step(int(actions[i]))
            assert np.array_equal(obs[i], o)
            assert rewards[i] == r and terms[i] == t
            done[i] = t
            episodes += t
    assert episodes >= 3
