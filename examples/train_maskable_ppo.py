"""Train a MaskablePPO agent (sb3-contrib) on okgin's Gymnasium environment.

Install the extra first (torch, then sb3-contrib)::

    pip install torch==2.13.0          # the CPU build; pin it, or pip fetches a large one
    pip install -e ".[train]"

Train, then play the saved policy in the arena as the bot ``policy:PATH``::

    python examples/train_maskable_ppo.py --steps 2000000 --out runs/ppo_gin.zip
    okgin arena policy:runs/ppo_gin.zip random --pairs 1000
    okgin arena policy:runs/ppo_gin.zip easy --pairs 1000

One learner plays one hand per episode (``reward="points"``: its hand points minus the
opponent's) against okgin bots; half the training tables seat ``random``, half ``easy``
(``--opponents``). Rewards are scaled by VecNormalize for learning; the arena scores points.
The observation is the (27, 52) planes of the learner's view (``docs/env.md``), the action one
of okgin's 525 ids, masked to the legal ones through ``env.action_masks()``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2_000_000, help="learner decisions")
    parser.add_argument("--envs", type=int, default=16, help="tables played side by side")
    parser.add_argument("--n-steps", type=int, default=128, help="decisions per table a rollout")
    parser.add_argument("--width", type=int, default=128, help="units in each of 2 layers")
    parser.add_argument("--opponents", default="random,easy", help="bots, one per table group")
    parser.add_argument("--rules", default="standard", help="a preset name")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long")
    parser.add_argument("--out", type=Path, default=Path("runs/ppo_gin.zip"))
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor, VecNormalize

    from okgin.env.gym import OklahomaGinGymEnv

    torch.set_num_threads(1)
    names = args.opponents.split(",")

    def table(i: int):  # type: ignore[no-untyped-def]
        return lambda: OklahomaGinGymEnv(
            rules=args.rules, opponents=names[i % len(names)], seat=None
        )

    venv = VecNormalize(
        VecMonitor(DummyVecEnv([table(i) for i in range(args.envs)])),
        norm_obs=False,
        norm_reward=True,
    )
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps * args.envs),
        n_epochs=3,
        gamma=0.995,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [args.width, args.width]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )

    class Clock(BaseCallback):  # type: ignore[misc]
        """Prints progress; stops after --minutes."""

        def __init__(self) -> None:
            super().__init__()
            self.start = time.monotonic()
            self.last = 0.0

        def _on_step(self) -> bool:
            elapsed = time.monotonic() - self.start
            if elapsed - self.last >= 60:
                self.last = elapsed
                buf = self.model.ep_info_buffer
                mean = sum(e["r"] for e in buf) / len(buf) if buf else float("nan")
                print(
                    f"{elapsed / 60:5.1f} min  {self.num_timesteps:>9,} steps  "
                    f"mean hand points {mean:+.3f}",
                    flush=True,
                )
            return args.minutes is None or elapsed < args.minutes * 60

    model.learn(total_timesteps=args.steps, callback=Clock())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(f"saved {args.out} after {model.num_timesteps:,} steps")


if __name__ == "__main__":
    main()
