"""okgin's reinforcement-learning environments (extra ``env``): ``docs/env.md``.

- :mod:`okgin.env.oklahoma_gin_v0`: PettingZoo AEC (``env()``, ``raw_env()``), registered
  for ``pettingzoo.make("aec", "okgin/oklahoma_gin_v0")`` where PettingZoo has a registry.
- :mod:`okgin.env.gym`: Gymnasium single-agent wrapper, ``gymnasium.make("OklahomaGin-v0")``,
  one learner against okgin bots; a vectorised form.
- :mod:`okgin.env.openspiel`: an OpenSpiel game registered from Python
  (``pyspiel.load_game("python_oklahoma_gin")``).
- :mod:`okgin.env.planes`: the observation planes, built from a seat's view only.

Importing this package registers the environments with Gymnasium and PettingZoo where they
are installed (by name: the environments' modules load on first use).
"""

from __future__ import annotations

import importlib

__all__ = ["register"]


def register() -> None:
    """Register ``OklahomaGin-v0`` with Gymnasium and ``okgin/oklahoma_gin_v0`` with
    PettingZoo's registry, for those installed (again: no-op)."""
    try:
        gymnasium = importlib.import_module("gymnasium")
    except ImportError:
        gymnasium = None
    if gymnasium is not None and "OklahomaGin-v0" not in gymnasium.registry:
        gymnasium.register(id="OklahomaGin-v0", entry_point="okgin.env.gym:OklahomaGinGymEnv")
    try:
        pettingzoo = importlib.import_module("pettingzoo")
    except ImportError:
        return
    registry = getattr(pettingzoo, "aec_registry", None)
    if registry is not None and "okgin/oklahoma_gin_v0" not in registry:
        pettingzoo.register(
            "aec", "okgin/oklahoma_gin_v0", entry_point="okgin.env.oklahoma_gin_v0:env"
        )


register()
