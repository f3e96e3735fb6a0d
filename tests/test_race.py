"""``okgin.bots.race``: the chance of winning a two-player race to a target from a score,
checked against its own symmetry and against races played out at random."""

from __future__ import annotations

import numpy as np
import pytest

from okgin.bots.race import MEAN, SHAPE, _hand_points, win_chance, win_table


def test_win_table_is_a_fair_race() -> None:
    t = win_table(100)[1:, 1:]
    # the two sides alike: the chance of one is the chance the other loses
    np.testing.assert_allclose(t + t.T, 1.0, atol=1e-9)
    assert np.all((t > 0) & (t < 1))
    # needing fewer points is better, the other needing fewer is worse
    assert np.all(np.diff(t, axis=0) <= 1e-12)
    assert np.all(np.diff(t, axis=1) >= -1e-12)
    assert win_chance(0, 0, 100) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="target must be 1 or more"):
        win_table(0)


def test_win_chance_at_and_past_the_target() -> None:
    assert win_chance(100, 40, 100) == 1.0
    assert win_chance(40, 130, 100) == 0.0
    assert win_chance(120, 120, 100) == 0.5
    assert 0.5 < win_chance(60, 20, 100) < 1.0


def test_win_chance_matches_races_played_out() -> None:
    """Races simulated hand by hand with the same hand points: the table within the
    simulation's error at a few scores."""
    rng = np.random.default_rng(3)
    p = _hand_points(MEAN, SHAPE)
    races = 40_000
    for mine, theirs in [(0, 0), (50, 0), (20, 80), (90, 70)]:
        a = np.full(races, float(mine))
        b = np.full(races, float(theirs))
        done = np.zeros(races, dtype=bool)
        won = np.zeros(races, dtype=bool)
        while not done.all():
            first = rng.random(races) < 0.5
            pts = rng.choice(len(p), size=races, p=p)
            a += np.where(first & ~done, pts, 0)
            b += np.where(~first & ~done, pts, 0)
            won |= ~done & (a >= 100)
            done |= (a >= 100) | (b >= 100)
        se = np.sqrt(0.25 / races)
        assert abs(won.mean() - win_chance(mine, theirs, 100)) < 4 * se
