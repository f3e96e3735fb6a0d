"""Random play through PettingZoo 1.26's ``gin_rummy_v4``, for ``okgin bench``'s env figures.

Run by the Python of a virtual environment holding PettingZoo 1.26 (the last PettingZoo with
gin rummy; it cannot share an environment with a current one)::

    python -m venv /work/plan/pz126
    /work/plan/pz126/bin/pip install "pettingzoo[classic]==1.26.*"
    /work/plan/pz126/bin/python okgin/env/bench_pettingzoo126.py --games 40

Every decision reads ``env.last()`` (the observation and its action mask) and picks uniformly
among the legal actions, as ``okgin bench`` does for okgin's environment. Prints one JSON line:
``{"games_per_s": …, "steps_per_s": …, "games": …, "steps": …, "pettingzoo": version}``.
This script imports nothing of okgin.
"""

from __future__ import annotations

import argparse
import json
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()

    import numpy as np
    import pettingzoo
    from pettingzoo.classic import gin_rummy_v4

    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    env = gin_rummy_v4.env()
    rand = random.Random(args.seed).random
    flat = np.flatnonzero
    steps = 0
    start = clock()
    for i in range(args.games):
        env.reset(seed=args.seed + i)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = flat(obs["action_mask"])
            env.step(int(legal[int(rand() * len(legal))]))
            steps += 1
    seconds = clock() - start
    print(
        json.dumps(
            {
                "games_per_s": args.games / seconds,
                "steps_per_s": steps / seconds,
                "games": args.games,
                "steps": steps,
                "pettingzoo": pettingzoo.__version__,
            }
        )
    )


if __name__ == "__main__":
    main()
