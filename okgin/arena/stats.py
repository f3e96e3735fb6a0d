"""The arena's statistics: bootstrap and Wilson intervals, games resampled from hands,
Bradley-Terry ratings. numpy only; every random draw comes from a seeded generator.

The unit is the **pair**: one deal played in every seating. A pair's value is the hero's
points minus the mean of the other seats' points, averaged over its seatings, so the luck of
the cards cancels and pairs are independent.

Games from hands (:func:`game_win_share`): a game to the target is a sequence of hands whose
outcomes depend on who deals. Every pair holds one hand for each dealer position relative to
the hero, so a game is simulated by drawing, for each hand, a random pair and taking its hand
with the current dealer; the rules' target (doubled once by a doubling upcard with
``doubling_effect = target``), dealer rotation, a tie at the top playing on, ``single`` and
Hollywood scoring are applied as okgin's :class:`~okgin.game.Game` does. The interval
resamples the pairs (a bootstrap) and simulates games from each resample. It assumes a hand's
play does not depend on the score; ``--games`` measures real games instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from okgin.rules import Rules
from okgin.scoring import final_score

__all__ = [
    "HandTable",
    "bootstrap_ci",
    "bradley_terry",
    "bucket",
    "game_win_share",
    "normal_ci",
    "simulate_games",
    "wilson",
]

Z95 = 1.959963984540054
BUCKETS = ("A", "2-4", "5-7", "8-10")


def bucket(limit: int) -> str:
    """The knock-limit bucket of a hand: ``A`` (an ace upcard: limit 0 or 1), 2-4, 5-7, 8-10."""
    if limit <= 1:
        return "A"
    if limit <= 4:
        return "2-4"
    if limit <= 7:
        return "5-7"
    return "8-10"


def _resampled(
    n: int, reps: int, rng: np.random.Generator, stat: Callable[[np.ndarray], np.ndarray]
) -> np.ndarray:
    """``stat`` of ``reps`` resamples of ``n`` units: ``stat`` maps a batch of index rows
    (one resample each) to one value a row; the batches keep to about 4 million indices."""
    out = np.empty(reps)
    batch = max(1, 4_000_000 // n)
    for start in range(0, reps, batch):
        stop = min(reps, start + batch)
        out[start:stop] = stat(rng.integers(0, n, size=(stop - start, n)))
    return out


def _ratios(num: np.ndarray, den: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """``sum(num) / sum(den)`` over each row of unit indices ``idx`` (one resample a row)."""
    out: np.ndarray = num[idx].sum(axis=1) / np.maximum(den[idx].sum(axis=1), 1e-12)
    return out


def _percentiles(stats: np.ndarray, level: float) -> tuple[float, float]:
    alpha = (1 - level) / 2
    lo, hi = np.quantile(stats, [alpha, 1 - alpha])
    return (float(lo), float(hi))


def bootstrap_ci(
    values: Sequence[float] | np.ndarray,
    rng: np.random.Generator,
    reps: int = 4000,
    level: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values``."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return (math.nan, math.nan)
    if n == 1:
        return (float(x[0]), float(x[0]))
    return _percentiles(_resampled(n, reps, rng, lambda idx: x[idx].mean(axis=1)), level)


def ratio_ci(
    num: Sequence[float] | np.ndarray,
    den: Sequence[float] | np.ndarray,
    rng: np.random.Generator,
    reps: int = 2000,
    level: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``sum(num) / sum(den)``, resampling the units (the
    pairs ``num[i], den[i]``) together."""
    x = np.asarray(num, dtype=float)
    y = np.asarray(den, dtype=float)
    n = len(x)
    if n == 0 or y.sum() == 0:
        return (math.nan, math.nan)

    return _percentiles(_resampled(n, reps, rng, lambda idx: _ratios(x, y, idx)), level)


def ratio_diff_ci(
    a: tuple[Sequence[float] | np.ndarray, Sequence[float] | np.ndarray],
    b: tuple[Sequence[float] | np.ndarray, Sequence[float] | np.ndarray],
    rng: np.random.Generator,
    reps: int = 2000,
    level: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``sum(b_num) / sum(b_den) - sum(a_num) / sum(a_den)``
    for two runs on the same units (``a`` and ``b`` each ``(num, den)``), resampling the units
    of both together: the paired difference of two ratios (``scripts/games_ab.py``)."""
    xa, ya, xb, yb = (np.asarray(v, dtype=float) for v in (*a, *b))
    n = len(xa)
    if n == 0 or ya.sum() == 0 or yb.sum() == 0:
        return (math.nan, math.nan)

    def diffs(idx: np.ndarray) -> np.ndarray:
        out: np.ndarray = _ratios(xb, yb, idx) - _ratios(xa, ya, idx)
        return out

    return _percentiles(_resampled(n, reps, rng, diffs), level)


def normal_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The normal interval of the mean of ``values``: mean ± ``z`` standard errors (the
    sample's spread, ``n - 1``); a point for one value, NaNs for none. The paired A/B scripts
    (``scripts/expert_ab.py``, ``scripts/expert_oracle.py``) report with it."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    m = sum(values) / n
    if n == 1:
        return (m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1))
    h = z * sd / math.sqrt(n)
    return (m - h, m + h)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a share ``successes / n`` (ties may count as halves)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class HandTable:
    """Every pair's hands, relative to the hero: ``points[d, dealer, k]`` is what the seat
    ``k`` places after the hero scored in pair ``d``'s hand whose dealer sat ``dealer``
    places after the hero; ``winner[d, dealer]`` likewise (-1: a dead hand);
    ``doubles[d]``: that deal's upcard doubles the target."""

    points: np.ndarray
    winner: np.ndarray
    doubles: np.ndarray

    @property
    def pairs(self) -> int:
        return int(self.points.shape[0])

    @property
    def players(self) -> int:
        return int(self.points.shape[2])


def simulate_games(
    table: HandTable,
    rules: Rules,
    rng: np.random.Generator,
    games: int,
    pairs: np.ndarray | None = None,
    max_hands: int = 1000,
) -> np.ndarray:
    """The winner of each of ``games`` simulated games, relative to the hero (0 = the hero,
    -1 = a tie or a game unfinished after ``max_hands``). Hands are drawn from ``pairs``
    (indices into the table; default all)."""
    n = table.players
    pool = np.arange(table.pairs) if pairs is None else np.asarray(pairs)
    dealer = rng.integers(0, n, size=games)
    result = np.full(games, -1)
    if rules.format == "single":
        picks = pool[rng.integers(0, len(pool), size=games)]
        return np.asarray(table.winner[picks, dealer])
    if rules.format == "hollywood":
        return _hollywood(table, rules, rng, games, pool, dealer, max_hands)
    totals = np.zeros((games, n), dtype=np.int64)
    target = np.full(games, rules.target, dtype=np.int64)
    doubled = np.zeros(games, dtype=bool)
    active = np.arange(games)
    for _ in range(max_hands):
        if len(active) == 0:
            break
        picks = pool[rng.integers(0, len(pool), size=len(active))]
        d = dealer[active]
        dt = table.doubles[picks] & ~doubled[active]  # rules.doubles_target of each deal
        if dt.any():
            target[active[dt]] *= 2
            doubled[active[dt]] = True
        totals[active] += table.points[picks, d]
        w = table.winner[picks, d]
        dealer[active] = _next_dealer(rules, d, w, n)
        t = totals[active]
        top = t.max(axis=1)
        unique = (t == top[:, None]).sum(axis=1) == 1
        done = (top >= target[active]) & unique
        result[active[done]] = t[done].argmax(axis=1)
        active = active[~done]
    return result


def _next_dealer(rules: Rules, d: np.ndarray, w: np.ndarray, n: int) -> np.ndarray:
    if rules.dealer_rotation == "winner":
        return np.where(w >= 0, w, d)
    return np.where(w >= 0, (d + 1) % n, d)


def _hollywood(
    table: HandTable,
    rules: Rules,
    rng: np.random.Generator,
    games: int,
    pool: np.ndarray,
    dealer: np.ndarray,
    max_hands: int,
) -> np.ndarray:
    n = table.players
    gt = np.zeros((games, 3, n), dtype=np.int64)  # hand points entered in each game
    gw = np.zeros((games, 3, n), dtype=np.int64)  # hands won entered (box bonuses)
    closed = np.zeros((games, 3), dtype=bool)
    gwin = np.full((games, 3), -1)
    hwins = np.zeros((games, n), dtype=np.int64)
    target = np.full((games, 3), rules.target, dtype=np.int64)
    doubled = np.zeros(games, dtype=bool)
    result = np.full(games, -1)
    active = np.arange(games)
    slots = np.arange(3)
    for _ in range(max_hands):
        if len(active) == 0:
            break
        picks = pool[rng.integers(0, len(pool), size=len(active))]
        d = dealer[active]
        dt = table.doubles[picks] & ~doubled[active]  # rules.doubles_target of each deal
        if dt.any():
            target[active[dt]] *= 2
            doubled[active[dt]] = True
        w = table.winner[picks, d]
        dealer[active] = _next_dealer(rules, d, w, n)
        won = w >= 0
        gi = active[won]
        wi = w[won]
        if len(gi):
            pts = table.points[picks[won], d[won], wi]
            hwins[gi, wi] += 1
            reach = np.minimum(hwins[gi, wi], 3)
            enter = (slots[None, :] < reach[:, None]) & ~closed[gi]
            none = ~enter.any(axis=1)
            if none.any():
                first_open = (~closed[gi[none]]).argmax(axis=1)
                enter[np.flatnonzero(none), first_open] = True
            rows, cols = np.nonzero(enter)
            g, s = gi[rows], wi[rows]
            gt[g, cols, s] += pts[rows]
            gw[g, cols, s] += 1
            newly = gt[g, cols, s] >= target[g, cols]
            closed[g[newly], cols[newly]] = True
            gwin[g[newly], cols[newly]] = s[newly]
        finished = closed[active].all(axis=1)
        for g in active[finished]:
            final = np.zeros(n, dtype=np.int64)
            for j in range(3):  # RULES.md §9's finals, from the core's one function
                won = int(gwin[g, j])
                score = final_score(
                    rules, gt[g, j].tolist(), gw[g, j].tolist(), won if won >= 0 else None
                )
                final += np.asarray(score.finals, dtype=np.int64)
            top = final.max()
            leaders = np.flatnonzero(final == top)
            result[g] = leaders[0] if len(leaders) == 1 else -1
        active = active[~finished]
    return result


def win_share(winners: np.ndarray, players: int) -> float:
    """The hero's share of games: wins, plus ties counted ``1 / players``."""
    if len(winners) == 0:
        return math.nan
    return float(np.mean(winners == 0) + np.mean(winners == -1) / players)


def game_win_share(
    table: HandTable,
    rules: Rules,
    rng: np.random.Generator,
    games: int = 20000,
    reps: int = 200,
    games_per_rep: int = 2000,
    level: float = 0.95,
) -> tuple[float, tuple[float, float]]:
    """The hero's share of games to the target, resampled from the hands, with a bootstrap
    interval over the pairs."""
    n = table.players
    if table.pairs == 0:
        return math.nan, (math.nan, math.nan)
    point = win_share(simulate_games(table, rules, rng, games), n)
    shares = np.empty(reps)
    for b in range(reps):
        pairs = rng.integers(0, table.pairs, size=table.pairs)
        shares[b] = win_share(simulate_games(table, rules, rng, games_per_rep, pairs), n)
    alpha = (1 - level) / 2
    lo, hi = np.quantile(shares, [alpha, 1 - alpha])
    return point, (float(lo), float(hi))


def bradley_terry(
    n_bots: int,
    results: Sequence[tuple[int, int, float, float]],
    iterations: int = 2000,
) -> list[float]:
    """Bradley-Terry ratings on the Elo scale (400 log10 of the strength), mean 0, from
    ``(i, j, wins of i, wins of j)`` records (ties as halves). Half a win is added to each side
    of every pairing so that a bot that never wins keeps a finite rating."""
    wins = np.zeros((n_bots, n_bots))
    for i, j, wi, wj in results:
        wins[i, j] += wi + 0.5
        wins[j, i] += wj + 0.5
    games = wins + wins.T
    total = wins.sum(axis=1)
    p = np.ones(n_bots)
    for _ in range(iterations):
        denom = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, total / np.where(denom > 0, denom, 1), p)
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < 1e-12:
            p = new
            break
        p = new
    elo = 400 * np.log10(p)
    return [float(v) for v in elo - elo.mean()]
