"""From the rows the workers return to the arena's report: a JSON-ready dict and its text."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from okgin.arena.play import ArenaSpec, GameRow, HandRow, derive
from okgin.arena.stats import (
    BUCKETS,
    HandTable,
    bootstrap_ci,
    bradley_terry,
    bucket,
    game_win_share,
    ratio_ci,
    wilson,
)
from okgin.rules import Rules

__all__ = ["analyse", "games_share", "games_what", "hand_table", "render"]


def _r(x: float, digits: int = 3) -> float | None:
    return None if x is None or math.isnan(x) else round(float(x), digits)


def _ci(ci: tuple[float, float], digits: int = 3) -> list[float | None]:
    return [_r(ci[0], digits), _r(ci[1], digits)]


def hand_table(groups: Sequence[Sequence[HandRow]], n: int) -> HandTable:
    """The hands of one pairing, a group of ``n`` seatings a deal, relative to the hero, for
    :func:`~okgin.arena.stats.game_win_share` (the rows' ``rotation``, ``dealer``, ``points``,
    ``winner`` and ``doubles_target`` are read)."""
    d_count = len(groups)
    points = np.zeros((d_count, n, n), dtype=np.int64)
    winner = np.full((d_count, n), -1, dtype=np.int64)
    doubles = np.zeros(d_count, dtype=bool)
    for i, group in enumerate(groups):
        for row in group:
            r = row.rotation
            rel_dealer = (row.dealer - r) % n
            points[i, rel_dealer] = [row.points[(r + k) % n] for k in range(n)]
            winner[i, rel_dealer] = -1 if row.winner < 0 else (row.winner - r) % n
            doubles[i] = row.doubles_target
    return HandTable(points, winner, doubles)


def games_share(
    groups: Sequence[Sequence[HandRow]], rules: Rules, seed: int, pairing: int = 0
) -> tuple[float, tuple[float, float]]:
    """The hero's share of games to the target, resampled from ``groups`` (one pairing's
    hands, a group a deal, in deal order), and its interval: the figure ``okgin arena --seed
    seed`` prints for pairing ``pairing`` on the same hands."""
    rng = np.random.default_rng(derive(seed, "stats", pairing))
    return game_win_share(hand_table(groups, rules.players), rules, rng)


class _Pairs:
    """One pairing's hand rows grouped by deal (a pair)."""

    def __init__(self, rows: list[HandRow], n: int) -> None:
        self.n = n
        by_deal: dict[int, list[HandRow]] = defaultdict(list)
        for row in rows:
            by_deal[row.deal].append(row)
        self.deals = sorted(by_deal)
        self.groups = [sorted(by_deal[d], key=lambda r: r.rotation) for d in self.deals]
        for g in self.groups:
            if len(g) != n:
                raise ValueError(f"deal {g[0].deal}: {len(g)} seatings, not {n}")
        self.values = np.array([self._value(g) for g in self.groups])

    def _value(self, group: list[HandRow]) -> float:
        n = self.n
        total = 0.0
        for row in group:
            r = row.rotation
            others = sum(row.points) - row.points[r]
            total += row.points[r] - others / (n - 1)
        return total / len(group)

    def table(self) -> HandTable:
        return hand_table(self.groups, self.n)

    def split(self, idx: list[int], rng: np.random.Generator) -> dict[str, Any]:
        values = self.values[idx]
        hands = [row for i in idx for row in self.groups[i]]
        wins = sum(1 for row in hands if row.winner == row.rotation)
        return {
            "pairs": len(idx),
            "points_per_hand": _r(float(values.mean())) if len(idx) else None,
            "ci95": _ci(bootstrap_ci(values, rng, reps=2000)) if len(idx) else [None, None],
            "hand_win_rate": _r(wins / len(hands)) if hands else None,
        }


def _pairing_report(
    spec: ArenaSpec,
    rules: Rules,
    index: int,
    rows: list[HandRow],
    game_rows: list[GameRow],
    fast: bool,
) -> dict[str, Any]:
    n = rules.players
    hero, other = spec.pairings[index]
    rng = np.random.default_rng(derive(spec.seed, "stats", index))
    pairs = _Pairs(rows, n)
    values = pairs.values
    hands = [row for g in pairs.groups for row in g]
    hero_pts = [row.points[row.rotation] for row in hands]
    other_pts = [(sum(row.points) - row.points[row.rotation]) / (n - 1) for row in hands]
    wins = sum(1 for row in hands if row.winner == row.rotation)
    dead = sum(1 for row in hands if row.winner < 0)
    reps, games_per_rep = (60, 500) if fast else (200, 2000)
    share, share_ci = game_win_share(
        pairs.table(),
        rules,
        rng,
        games=4000 if fast else 20000,
        reps=reps,
        games_per_rep=games_per_rep,
    )
    out: dict[str, Any] = {
        "bots": [spec.bots[hero], spec.bots[other]],
        "pairs": len(values),
        "hands": len(hands),
        "points_per_hand": _r(float(values.mean())),
        "ci95": _ci(bootstrap_ci(values, rng)),
        "game_win_rate": _r(share),
        "game_win_ci95": _ci(share_ci),
        "game_win_method": "resampled from the hands (bootstrap over pairs)",
        "hero_points_per_hand": _r(float(np.mean(hero_pts))),
        "opponent_points_per_hand": _r(float(np.mean(other_pts))),
        "hand_win_rate": _r(wins / len(hands)),
        "dead_hand_rate": _r(dead / len(hands)),
        "results": dict(sorted(Counter(row.result for row in hands).items())),
    }
    by_bucket: dict[str, list[int]] = {b: [] for b in BUCKETS}
    by_doubled: dict[str, list[int]] = {"doubled": [], "not_doubled": []}
    for i, group in enumerate(pairs.groups):
        by_bucket[bucket(group[0].limit)].append(i)
        by_doubled["doubled" if group[0].doubled else "not_doubled"].append(i)
    out["by_knock_limit"] = {b: pairs.split(idx, rng) for b, idx in by_bucket.items()}
    out["by_doubled"] = {k: pairs.split(idx, rng) for k, idx in by_doubled.items()}
    if game_rows:
        g_wins = sum(1 for g in game_rows if g.winner == g.rotation)
        ties = sum(1 for g in game_rows if g.winner < 0)
        total = len(game_rows)
        credit = g_wins + ties / n
        diffs = [
            g.final[g.rotation] - (sum(g.final) - g.final[g.rotation]) / (n - 1) for g in game_rows
        ]
        # points a hand within the games (the hands' points, not the end's bonuses): the sum
        # over a mirrored set's games over its hands, resampled by set
        sets: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for g in game_rows:
            t = g.totals
            unit = sets[g.game]
            unit[0] += t[g.rotation] - (sum(t) - t[g.rotation]) / (n - 1)
            unit[1] += g.hands
        num = [u[0] for u in sets.values()]
        den = [u[1] for u in sets.values()]
        per_hand = sum(num) / sum(den) if sum(den) else math.nan
        out["games"] = {
            "pairs": total // n,
            "games": total,
            "wins": g_wins,
            "ties": ties,
            "losses": total - g_wins - ties,
            "win_rate": _r(credit / total),
            "wilson95": _ci(wilson(credit, total)),
            "final_score_diff": _r(float(np.mean(diffs)), 2),
            "hands_per_game": _r(float(np.mean([g.hands for g in game_rows])), 2),
            "points_per_hand": _r(per_hand),
            "points_per_hand_ci95": _ci(ratio_ci(num, den, rng)),
            "unfinished": sum(1 for g in game_rows if not g.complete),
        }
    departures = Counter(row.departure for row in hands if row.departure is not None)
    compared = [row.agrees for row in hands if row.agrees is not None]
    if departures or compared:
        out["openspiel"] = {
            "departures": dict(sorted(departures.items())),
            "compared": len(compared),
            "agree": sum(compared),
        }
    return out


def analyse(
    spec: ArenaSpec,
    hand_rows: list[HandRow],
    game_rows: list[GameRow],
    fast: bool = False,
) -> dict[str, Any]:
    """The arena's report as a JSON-ready dict (``pairings`` first)."""
    rules = Rules.from_dict(spec.rules)
    n = rules.players
    by_pairing: dict[int, list[HandRow]] = defaultdict(list)
    for row in hand_rows:
        by_pairing[row.pairing].append(row)
    games_by: dict[int, list[GameRow]] = defaultdict(list)
    for grow in game_rows:
        games_by[grow.pairing].append(grow)
    pairings = [
        _pairing_report(spec, rules, i, by_pairing[i], games_by[i], fast)
        for i in range(len(spec.pairings))
    ]
    report: dict[str, Any] = {
        "okgin_arena": 1,
        "rules": rules.to_dict(),
        "players": n,
        "format": rules.format,
        "target": rules.target,
        "bots": list(spec.bots),
        "seed": spec.seed,
        "budget": spec.budget,
        "pairings": pairings,
    }
    if len(spec.bots) >= 3:
        k = len(spec.bots)
        matrix: list[list[float | None]] = [[None] * k for _ in range(k)]
        outcomes = []
        for (i, j), rep, idx in zip(spec.pairings, pairings, range(len(pairings))):
            matrix[i][j] = rep["points_per_hand"]
            if n == 2 and rep["points_per_hand"] is not None:
                matrix[j][i] = -rep["points_per_hand"]
            values = _Pairs(by_pairing[idx], n).values
            w = float(np.sum(values > 0))
            t = float(np.sum(values == 0))
            outcomes.append((i, j, w + t / 2, len(values) - w - t / 2))
        ratings = bradley_terry(k, outcomes)
        report["round_robin"] = {
            "bots": list(spec.bots),
            "points_per_hand": matrix,
            "bradley_terry": {
                "ratings": {b: _r(x, 1) for b, x in zip(spec.bots, ratings)},
                "scale": "Elo (400 log10), mean 0; a pair is won by the bot that scores "
                "more over its seatings, a tie counts half",
            },
        }
    return report


def _fmt_ci(ci: list[float | None]) -> str:
    if ci[0] is None or ci[1] is None:
        return "[  n/a  ]"
    return f"[{ci[0]:+.2f}, {ci[1]:+.2f}]"


def _count(n: int, one: str, many: str) -> str:
    """``1 pair``, ``2 pairs``."""
    return f"{n} {one if n == 1 else many}"


def games_what(game_format: str, target: int) -> str:
    """What the report's games share counts, by the rules' format."""
    return {
        "single": "single-hand games won (a dead hand counts 1/players)",
        "target": f"games to {target} won, resampled from the hands",
        "hollywood": f"Hollywood sessions (to {target}) won, resampled",
    }[game_format]


def render(report: dict[str, Any]) -> str:
    """The report as text for a terminal."""
    head = f"rules {report['rules']}, {report['players']} players, seed {report['seed']}"
    if report.get("budget") is not None:
        head += f", search budget {report['budget']} s per decision"
    lines = [head]
    for p in report["pairings"]:
        a, b = p["bots"]
        lines.append("")
        lines.append(
            f"{a} vs {b}: {_count(p['pairs'], 'pair', 'pairs')} "
            f"({_count(p['hands'], 'hand', 'hands')}), duplicate deals"
        )
        lines.append(
            f"  points per hand  {p['points_per_hand']:+.3f}  95% CI {_fmt_ci(p['ci95'])}  "
            f"({a} {p['hero_points_per_hand']:.2f}, {b} {p['opponent_points_per_hand']:.2f})"
        )
        lo, hi = (100 * (x or 0) for x in p["game_win_ci95"])
        what = games_what(report["format"], report["target"])
        lines.append(
            f"  {what}  {100 * (p['game_win_rate'] or 0):.1f}%  95% CI [{lo:.1f}%, {hi:.1f}%]"
        )
        if "games" in p:
            g = p["games"]
            lines.append(
                f"  games played  {g['games']} "
                f"({_count(g['pairs'], 'mirrored set', 'mirrored sets')}): {g['wins']} won, "
                f"{g['losses']} lost, {g['ties']} tied = {100 * g['win_rate']:.1f}%  Wilson 95% "
                f"[{100 * g['wilson95'][0]:.1f}%, {100 * g['wilson95'][1]:.1f}%]; "
                f"final score {g['final_score_diff']:+.1f} per game"
            )
            lo, hi = g["points_per_hand_ci95"]
            lines.append(
                f"  in those games  {g['points_per_hand']:+.3f} points per hand  95% CI "
                f"[{lo:+.2f}, {hi:+.2f}], {g['hands_per_game']:.2f} hands per game"
            )
        lines.append(
            f"  hands won {100 * p['hand_win_rate']:.1f}%, dead {100 * p['dead_hand_rate']:.1f}%; "
            + ", ".join(f"{k} {v}" for k, v in p["results"].items())
        )
        lines.append("  by knock limit:")
        for name, s in p["by_knock_limit"].items():
            if s["pairs"]:
                lines.append(
                    f"    {name:>5}  {_count(s['pairs'], 'pair ', 'pairs'):>12}  "
                    f"{s['points_per_hand']:+7.2f}  "
                    f"{_fmt_ci(s['ci95'])}  hands won {100 * s['hand_win_rate']:.1f}%"
                )
        lines.append("  by doubling:")
        for name, s in p["by_doubled"].items():
            if s["pairs"]:
                lines.append(
                    f"    {name:>11}  {_count(s['pairs'], 'pair ', 'pairs'):>12}  "
                    f"{s['points_per_hand']:+7.2f}  "
                    f"{_fmt_ci(s['ci95'])}  hands won {100 * s['hand_win_rate']:.1f}%"
                )
        if "openspiel" in p:
            o = p["openspiel"]
            deps = ", ".join(f"{k} {v}" for k, v in o["departures"].items()) or "none"
            lines.append(
                f"  OpenSpiel mirror: results agree on {o['agree']}/{o['compared']} hands "
                f"compared; departures: {deps}"
            )
    rr = report.get("round_robin")
    if rr:
        bots = rr["bots"]
        width = max(len(b) for b in bots) + 2
        lines.append("")
        lines.append("round robin (points per hand of the row bot against the column bot):")
        lines.append(" " * width + "".join(f"{b:>{width}}" for b in bots))
        for b, row in zip(bots, rr["points_per_hand"]):
            cells = "".join(f"{'—' if x is None else format(x, '+.2f'):>{width}}" for x in row)
            lines.append(f"{b:<{width}}{cells}")
        lines.append("Bradley-Terry ratings (Elo scale, mean 0):")
        for b, x in sorted(rr["bradley_terry"]["ratings"].items(), key=lambda kv: -kv[1]):
            lines.append(f"  {b:<{width}}{x:+8.1f}")
    return "\n".join(lines)
