"""The chance of winning a two-player game to a target from a score, in a model of the race.

In a game to a target only a hand's winner scores, so a game is a race: each hand one of the
two players scores an amount and the first to the target wins. :func:`win_chance` gives the
chance that the player who still needs ``a`` points wins against one who needs ``b``, when
each hand is won by either side alike and its points follow a discretized gamma distribution
(mean :data:`MEAN`, shape :data:`SHAPE`; a dead hand changes nothing, so it drops out). The
two are measured: over 600 hands of ``okgin arena hard medium --pairs 300 --seed 77`` (preset
``standard``) a won hand scored 28.5 points on average with a standard deviation of 22.8,
a gamma of shape 1.55. Both sides alike, because a decision is about what one hand's points
are worth at a score, not about who is the better player: the table is the value of a score
in an even race, the way a match-equity table values a score in backgammon.

``expert:win_value`` W (:class:`~okgin.bots.expert.ExpertBot`; off by default) adds W × this
chance after the hand to the rollouts' utility where a hand can end the game, in place of the
step of ``game_value``.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

__all__ = ["MEAN", "SHAPE", "win_chance", "win_table"]

#: a won hand's points: mean and gamma shape (see the module docstring)
MEAN = 28.5
SHAPE = 1.55
#: the most points the distribution gives one hand (the rest of its tail is put here)
TOP = 300


def _hand_points(mean: float, shape: float) -> np.ndarray:
    """``p[x]``: the chance a won hand scores ``x`` points, ``x`` from 1 to :data:`TOP`."""
    scale = mean / shape
    x = np.arange(1, TOP + 1, dtype=float)
    # the gamma density at each integer, normalised (a won hand scores at least 1 point)
    log = (shape - 1) * np.log(x) - x / scale - math.lgamma(shape) - shape * math.log(scale)
    p = np.exp(log)
    out = np.zeros(TOP + 1)
    out[1:] = p / p.sum()
    return out


@lru_cache(maxsize=8)
def win_table(target: int, mean: float = MEAN, shape: float = SHAPE) -> np.ndarray:
    """``t[a, b]``: the chance that the player who needs ``a`` more points wins the race
    against one who needs ``b``, for ``a`` and ``b`` from 1 to ``target`` (row and column 0
    are unused). Read-only."""
    if target < 1:
        raise ValueError(f"a race to {target}: the target must be 1 or more")
    p = _hand_points(mean, shape)
    t = np.zeros((target + 1, target + 1))
    # t[a, b] = ½ Σx p[x] (1 if x ≥ a else t[a − x, b]) + ½ Σy p[y] (0 if y ≥ b else t[a, b − y])
    for a in range(1, target + 1):
        reach_a = p[a:].sum()  # this hand takes the first player home
        for b in range(1, target + 1):
            mine = reach_a + float(np.dot(p[1:a], t[a - 1 : 0 : -1, b]))
            theirs = float(np.dot(p[1:b], t[a, b - 1 : 0 : -1]))
            t[a, b] = 0.5 * (mine + theirs)
    t.flags.writeable = False
    return t


def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance of winning from totals ``mine`` and ``theirs`` in a race to ``target``
    (1 once ``mine`` alone has reached it, 0 once ``theirs`` has, ½ when both tie there)."""
    if mine >= target or theirs >= target:
        return 1.0 if mine > theirs else 0.0 if theirs > mine else 0.5
    return float(win_table(target)[target - mine, target - theirs])
