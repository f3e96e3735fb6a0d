"""Where a decision of ``okgin bench``'s AEC env loop goes: the same loop, parts replaced.

Runs the env figures' okgin loop (``okgin.env.bench``: 60 hands of preset ``openspiel`` on
the bench's deals, ``env.last()`` then a uniform legal pick then ``env.step()``) three ways
and prints microseconds of CPU time per decision, the best of ``--repeats``:

- ``full``: as the bench runs it;
- ``glance only``: ``observe`` makes the seat's glance (``okgin.views.glance_of``, of the
  last two log entries, about what a seat has not read at its turn) and the mask, but
  returns a constant array for the planes (no encoder);
- ``no planes``: the mask only, a constant array for the planes.

So ``full − glance only`` is the encoder and ``glance only − no planes`` the glance.

    nice -n 10 python scripts/env_split.py
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from okgin.actions import NUM_ACTIONS
from okgin.bench.inputs import SEED, deals
from okgin.env.aec import OklahomaGinEnv
from okgin.env.bench import env_works
from okgin.env.planes import NUM_PLANES
from okgin.views import glance_of


def _per_decision(repeats: int) -> float:
    decks = deals(60, tag="env")
    prepare, run = env_works(60, SEED, decks, ["okgin"])["okgin"]
    best = 0.0
    for _ in range(repeats):
        prepared = prepare()
        gc.collect()
        start = time.process_time()
        _hands, steps = run(prepared)
        best = max(best, steps / (time.process_time() - start))
    return 1e6 / best


def _observe_without_planes(glance: bool) -> Callable[[OklahomaGinEnv, str], Any]:
    constant = np.zeros((NUM_PLANES, 52), np.float32)

    def observe(self: OklahomaGinEnv, agent: str) -> Any:
        game = self.game
        assert game is not None
        seat = self._seat[agent]
        hand = game.hand
        if glance:
            glance_of(game, seat, max(0, len(hand.history) - 2))  # ~ what a seat has not read
        flags = bytearray(NUM_ACTIONS)
        if hand.current_player == seat and agent in self.agents and not self.terminations[agent]:
            for i in hand.legal_ids():
                flags[i] = 1
        return {"observation": constant.copy(), "action_mask": np.frombuffer(flags, np.int8)}

    return observe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    full = OklahomaGinEnv.observe
    for name, observe in (
        ("full", full),
        ("glance only", _observe_without_planes(True)),
        ("no planes", _observe_without_planes(False)),
    ):
        OklahomaGinEnv.observe = observe  # type: ignore[method-assign]
        print(f"{name:12s} {_per_decision(args.repeats):5.1f} us per decision", flush=True)
    OklahomaGinEnv.observe = full  # type: ignore[method-assign]


if __name__ == "__main__":
    main()
