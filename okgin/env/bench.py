"""The environment figures of ``okgin bench``: random play with observation and mask.

``env_random_games`` (whole hands per second) and ``env_steps`` (decisions per second) come
from the same runs: every decision reads the observation and the legal-action mask and
picks uniformly among the legal actions.

- ``okgin``: the PettingZoo AEC environment (:func:`okgin.env.oklahoma_gin_v0.env`, rules
  preset ``openspiel``), ``env.last()`` then ``env.step()``, dealt the bench's fixed decks.
- ``openspiel``: OpenSpiel's C++ ``gin_rummy(oklahoma=true)`` on the same deals (its chance
  actions, RULES.md §11), ``observation_tensor`` and ``legal_actions_mask`` every decision.
- ``rlcard``: ``rlcard.make("gin-rummy")`` (its observation and legal actions come with
  every step), seeded per hand.
- ``pettingzoo126``: PettingZoo 1.26's ``gin_rummy_v4`` (which wraps RLCard), in its own
  virtual environment (it cannot share one with a current PettingZoo):
  ``okgin/env/bench_pettingzoo126.py`` (it imports nothing of okgin) run by that
  environment's Python, given with ``okgin bench --pz126 PYTHON`` or ``OKGIN_PZ126``;
  each repeat is one run of the script, which times itself the same way.

``env_random_games_gym`` reports the Gymnasium wrapper (the learner's decisions, random
opponents through ``okgin``'s random bot) beside them, without a target.

The same work per decision in every engine's loop: (1) the observation of the seat to play
as the interface gives it (PettingZoo's ``env.last()``, which builds the observation dict;
OpenSpiel's ``observation_tensor`` as a float32 array; RLCard's state, encoded by its
``step``), (2) its legal actions (the mask's nonzero ids with ``np.flatnonzero``, or
RLCard's list), (3) one uniform pick from the same ``random.Random(seed)`` stream, (4) the
step. Dealing is inside the timing for all (okgin's ``reset``, OpenSpiel's 52 chance
actions, RLCard's and PettingZoo's seeded ``reset``); making the environment is outside.
Only decisions count as steps (not PettingZoo's closing ``step(None)`` of each agent, which
both PettingZoo loops make). The rules differ: okgin plays preset ``openspiel`` on the
deals OpenSpiel plays (Oklahoma, the same hands), RLCard and PettingZoo 1.26 their own
gin rummy, so hands per second compare whole hands of similar length (``env_steps``
shows decisions per second beside it).
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np

from okgin.bench.engines import ENGINES, OKGIN_PRESET, clear_okgin_caches, optional_import
from okgin.bench.inputs import SEED, deals
from okgin.bench.report import BenchReport
from okgin.bench.timing import CLOCKS, Sizes

__all__ = ["PZ126_SCRIPT", "env_figures", "env_works", "pz126_run"]

#: The script PettingZoo 1.26's environment runs.
PZ126_SCRIPT: Final = Path(__file__).with_name("bench_pettingzoo126.py")

#: A run: (prepared) -> (hands, decisions)
Run = Callable[[Any], tuple[int, int]]
Work = tuple[Callable[[], Any], Run]


def _okgin_aec(prepared: tuple[Any, Sequence[Sequence[int]], int]) -> tuple[int, int]:
    env, decks, seed = prepared
    rand = random.Random(seed).random
    flat = np.flatnonzero
    steps = 0
    for deck in decks:
        env.reset(options={"deck": deck, "dealer": 1})
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = flat(obs["action_mask"])
            env.step(int(legal[int(rand() * len(legal))]))
            steps += 1
    return len(decks), steps


def _okgin_gym(prepared: tuple[Any, int, int]) -> tuple[int, int]:
    env, count, seed = prepared
    rand = random.Random(seed).random
    flat = np.flatnonzero
    steps = 0
    for i in range(count):
        _obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            legal = flat(info["action_mask"])
            _obs, _r, done, _t, info = env.step(int(legal[int(rand() * len(legal))]))
            steps += 1
    return count, steps


def _openspiel(prepared: tuple[Any, Sequence[Sequence[int]], int]) -> tuple[int, int]:
    game, chances, seed = prepared
    rand = random.Random(seed).random
    flat = np.flatnonzero
    asarray = np.asarray
    steps = 0
    for order in chances:
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(order[k])
                k += 1
                continue
            p = state.current_player()
            asarray(state.observation_tensor(p), dtype=np.float32)
            legal = flat(asarray(state.legal_actions_mask(p)))
            state.apply_action(int(legal[int(rand() * len(legal))]))
            steps += 1
    return len(chances), steps


def _rlcard_env(prepared: tuple[Any, Sequence[int], int]) -> tuple[int, int]:
    env, seeds, seed = prepared
    rand = random.Random(seed).random
    steps = 0
    for s in seeds:
        env.seed(s)
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rand() * len(legal))])
            steps += 1
    return len(seeds), steps


def env_works(
    count: int, seed: int, decks: Sequence[Sequence[int]], engines: Sequence[str]
) -> dict[str, Work]:
    """The (prepare, run) pair of each engine in ``engines`` (okgin, okgin_gym, openspiel,
    rlcard) on ``count`` hands."""
    works: dict[str, Work] = {}
    if "okgin" in engines:
        from okgin.env import oklahoma_gin_v0

        aec = oklahoma_gin_v0.env(rules="openspiel")
        works["okgin"] = (lambda: (aec, decks, seed)), _okgin_aec
    if "okgin_gym" in engines:
        from okgin.env.gym import OklahomaGinGymEnv

        gym_env = OklahomaGinGymEnv(rules="openspiel", opponents="random")
        works["okgin_gym"] = (lambda: (gym_env, count, seed)), _okgin_gym
    if "openspiel" in engines:
        import pyspiel  # type: ignore[import-not-found]

        from okgin.bench.inputs import openspiel_chance

        game = pyspiel.load_game("gin_rummy", {"oklahoma": True})
        chances = [openspiel_chance(d) for d in decks]
        works["openspiel"] = (lambda: (game, chances, seed)), _openspiel
    if "rlcard" in engines:
        import rlcard  # type: ignore[import-untyped]

        env = rlcard.make("gin-rummy", config={"seed": seed})
        rng = random.Random(f"{seed}:env-rlcard")
        seeds = [rng.randrange(2**31) for _ in range(count)]
        works["rlcard"] = (lambda: (env, seeds, seed)), _rlcard_env
    return works


def pz126_run(
    python: str, count: int, seed: int, clock: str, timeout: float = 600.0
) -> tuple[float, float]:
    """One repeat of PettingZoo 1.26's ``gin_rummy_v4`` in its own environment:
    (hands per second, decisions per second). A failure raises RuntimeError in one line."""
    cmd = [python, str(PZ126_SCRIPT), "--games", str(count), "--seed", str(seed), "--clock", clock]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuntimeError(f"pettingzoo126: cannot run {python}: {exc}") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"pettingzoo126: {python} {PZ126_SCRIPT.name} failed: {last}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return float(out["games_per_s"]), float(out["steps_per_s"])


def env_figures(
    report: BenchReport, sizes: Sizes, has_os: bool, has_rl: bool, say: Callable[[str], None]
) -> None:
    """``env_random_games``, ``env_steps`` and ``env_random_games_gym`` into ``report``:
    the engines interleaved repeat by repeat, each timed by ``sizes.clock``."""
    say("env_random_games, env_steps")
    for name in ("env_random_games", "env_steps", "env_random_games_gym"):
        report.figures[name] = dict.fromkeys(ENGINES)
    if optional_import("pettingzoo") is None or optional_import("gymnasium") is None:
        report.missing["okgin env"] = "pettingzoo and gymnasium (pip install 'okgin[env]')"
        return
    engines = ["okgin", "okgin_gym"] + (["openspiel"] if has_os else [])
    engines += ["rlcard"] if has_rl else []
    decks = deals(sizes.env_games, tag="env")
    works = env_works(sizes.env_games, SEED, decks, engines)
    clock = CLOCKS[sizes.clock]
    games: dict[str, list[float]] = {e: [] for e in [*engines, "pettingzoo126"]}
    steps: dict[str, list[float]] = {e: [] for e in games}
    pz_error = None if sizes.pz126 else "give its Python: okgin bench --pz126 PYTHON"
    for _ in range(sizes.repeats):
        for engine, (prepare, run) in works.items():
            if engine.startswith("okgin"):
                clear_okgin_caches()
            prepared = prepare()
            gc.collect()
            start = clock()
            hands, decisions = run(prepared)
            seconds = clock() - start
            games[engine].append(hands / seconds)
            steps[engine].append(decisions / seconds)
        if sizes.pz126 and pz_error is None:
            try:
                g, st = pz126_run(sizes.pz126, sizes.env_games, SEED, sizes.clock)
            except RuntimeError as exc:
                pz_error = str(exc)
            else:
                games["pettingzoo126"].append(g)
                steps["pettingzoo126"].append(st)
    if pz_error is not None:
        report.missing["pettingzoo126"] = pz_error
    for engine in games:
        if not games[engine] or engine == "okgin_gym":
            continue
        report.figures["env_random_games"][engine] = statistics.median(games[engine])
        report.figures["env_steps"][engine] = statistics.median(steps[engine])
    report.figures["env_random_games_gym"]["okgin"] = statistics.median(games["okgin_gym"])
    report.notes.append(
        f"env: {sizes.env_games} hands a repeat; okgin AEC env preset {OKGIN_PRESET} on the "
        "deals OpenSpiel plays; RLCard and PettingZoo 1.26 seeded per hand, their own rules"
    )


if __name__ == "__main__":  # pragma: no cover
    print(pz126_run(sys.argv[1], 5, 1, "cpu"))
