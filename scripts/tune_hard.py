"""Tune the ``hard`` bot's parameters by self-play on duplicate deals.

    nice -n 10 python scripts/tune_hard.py --pairs 800 --rounds 2 --jobs 2

Coordinate search: for each parameter in turn, each value of its grid around the current one
is played against the opponents (``self`` = the current best parameters, and ``medium``),
every candidate on the same deals with the seats swapped (duplicate deals: common random
numbers), and the best is kept when it beats the current values by more than ``--margin``
standard errors of the paired difference. The steps shrink each round. It prints every
evaluation and, at the end, the parameters as the Python dict that ``okgin/bots/hard.py``'s
``DEFAULTS`` holds (``--write FILE`` also saves them as JSON).

With 3-4 players (``--rules '{"preset": "party", "players": 3}'``) the search starts from the
parameters hard plays there (``DEFAULTS`` with ``MULTI`` over them) and also prints the
values that differ from ``DEFAULTS``: ``MULTI``. ``MULTI`` was tuned so (docs/strength.md,
issue 16; the deals of ``--seed`` 7110 are tuning deals):

    nice -n 10 python scripts/tune_hard.py --rules '{"preset":"party","players":3}' \
        --opponents medium --pairs 300 --rounds 1 --seed 7110 --jobs 2 \
        --params gin_limit,tau0,tau_stock --start '{"gin_limit":-1,"tau0":0,"tau_stock":0}'

and ``reach`` by arena runs against ``medium`` on tuning seeds 7101-7102 (the table there).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from okgin.bots import make_bot
from okgin.bots.base import Bot
from okgin.bots.hard import DEFAULTS, HardBot
from okgin.hand import HandState
from okgin.rules import Rules
from okgin.views import view_of_hand

#: parameter: (step, lowest, highest, integer?)
GRID: dict[str, tuple[float, float, float, bool]] = {
    "gin_limit": (3.0, -1.0, 10.0, True),
    "gin_stock": (3.0, 0.0, 24.0, True),
    "gin_cap": (1.0, 0.0, 4.0, True),
    "tau0": (2.0, -10.0, 20.0, False),
    "tau_stock": (3.0, -6.0, 30.0, False),
    "alpha": (0.3, 0.0, 3.0, False),
    "take_margin": (0.75, -2.0, 6.0, False),
    "beta": (1.0, 0.0, 12.0, False),
    "beta_late": (2.0, 0.0, 20.0, False),
    "risk_background": (0.25, 0.0, 1.0, False),
    "risk_others": (0.3, 0.0, 1.0, False),
    "reach": (20.0, 0.0, 200.0, False),
    "race": (1.5, 0.0, 20.0, False),
    "outs": (2.0, 0.0, 20.0, False),
}


def _bot(spec: Any, seed: int) -> Bot:
    if isinstance(spec, dict):
        return HardBot(seed, spec)
    return make_bot(str(spec), seed)


def _play(rules: Rules, deck: Sequence[int], dealer: int, bots: Sequence[Bot]) -> tuple[int, ...]:
    h = HandState.deal(rules, deck, dealer)
    while not h.is_over:
        if len(h.history) > 2000:
            raise RuntimeError(f"a hand did not end after 2000 actions: {bots}")
        s = h.current_player
        assert s is not None
        h.apply(bots[s].act(view_of_hand(h, s)), s)
    assert h.result is not None
    return h.result.points


def _pair(task: tuple[Any, Any, dict[str, Any], int, int]) -> float:
    """One deal played twice, seats swapped: the first bot's mean points minus the other's."""
    a, b, rules_dict, seed, i = task
    rules = Rules.from_dict(rules_dict)
    rng = random.Random(seed * 1_000_003 + i)
    deck = list(range(52))
    rng.shuffle(deck)
    dealer = rng.randrange(rules.players)
    n = rules.players
    total = 0.0
    for rot in range(n):
        bots = [_bot(a if (s - rot) % n == 0 else b, seed * 31 + i * 7 + s) for s in range(n)]
        pts = _play(rules, deck, dealer, bots)
        mine = pts[rot]
        others = sum(pts) - mine
        total += mine - others / (n - 1)
    return total / n


def evaluate(
    pool: Any, a: Any, b: Any, rules: dict[str, Any], pairs: int, seed: int
) -> list[float]:
    tasks = [(a, b, rules, seed, i) for i in range(pairs)]
    return list(pool.imap(_pair, tasks, chunksize=8))


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(1, n - 1)
    return m, math.sqrt(var / n)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=800, help="deals per evaluation")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--rules", default="standard", help="a preset or a JSON rule set")
    ap.add_argument("--opponents", default="self,medium", help="comma-separated: self, bot names")
    ap.add_argument(
        "--params",
        default=",".join(GRID),
        help="the parameters to tune, in order (tau_press is set by hand: single hands "
        "show no score)",
    )
    ap.add_argument("--start", default=None, help="JSON of starting parameters")
    ap.add_argument("--margin", type=float, default=0.5, help="standard errors to accept a change")
    ap.add_argument("--write", default=None, help="save the result as JSON here")
    args = ap.parse_args(argv)
    rules = (
        json.loads(args.rules) if args.rules.lstrip().startswith("{") else {"preset": args.rules}
    )
    best: dict[str, float] = dict(HardBot(None).params_for(Rules.from_dict(rules)))
    if args.start:
        best.update(json.loads(args.start))
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    names = [p.strip() for p in args.params.split(",") if p.strip()]
    for p in names:
        if p not in GRID:
            ap.error(f"unknown parameter {p!r} (parameters: {', '.join(GRID)})")
    t0 = time.time()

    with Pool(args.jobs) as pool:

        def score(cand: dict[str, float], anchor: dict[str, float], seed: int) -> list[float]:
            """Per-deal points of ``cand`` averaged over the opponents (``self`` = anchor)."""
            rows: list[list[float]] = []
            for o in opponents:
                opp: Any = anchor if o == "self" else o
                rows.append(evaluate(pool, cand, opp, rules, args.pairs, seed))
            return [sum(col) / len(col) for col in zip(*rows)]

        for rnd in range(args.rounds):
            scale = 0.5**rnd
            seed = args.seed + 1000 * rnd
            base = score(best, best, seed)
            m, se = _mean_se(base)
            print(f"round {rnd + 1}: current {json.dumps(best)}: {m:+.3f} ± {se:.3f}", flush=True)
            for p in names:
                step, lo, hi, integer = GRID[p]
                deltas = (-2, -1, 1, 2)
                tried = set()
                winner: tuple[float, dict[str, float], list[float]] | None = None
                for k in deltas:
                    raw = best[p] + k * step * (1 if integer else scale)
                    v: float = round(raw) if integer else round(raw, 3)
                    v = min(hi, max(lo, v))
                    if v == best[p] or v in tried:
                        continue
                    tried.add(v)
                    cand = dict(best, **{p: v})
                    vals = score(cand, best, seed)
                    diff = [x - y for x, y in zip(vals, base)]
                    dm, dse = _mean_se(diff)
                    print(
                        f"  {p} = {v}: {sum(vals) / len(vals):+.3f} "
                        f"(vs current {dm:+.3f} ± {dse:.3f})  [{time.time() - t0:.0f}s]",
                        flush=True,
                    )
                    if dm > args.margin * dse and (winner is None or dm > winner[0]):
                        winner = (dm, cand, vals)
                if winner is not None:
                    best = winner[1]
                    base = score(best, best, seed)
                    print(f"  -> {p} = {best[p]}", flush=True)
    print("tuned parameters:")
    print(json.dumps(best, indent=4))
    if Rules.from_dict(rules).players > 2:
        print("differing from DEFAULTS (MULTI):")
        print(json.dumps({k: v for k, v in best.items() if DEFAULTS.get(k) != v}, indent=4))
    if args.write:
        with open(args.write, "w") as f:
            json.dump(best, f, indent=4)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
