"""How well one hand's choices tell a player who knocks at once from one who holds out for gin.

    python scripts/native.py -- python scripts/kind_fit.py --hands 30 --seeds 17 18

Plays ``--hands`` hands of ``hard`` (seat 0) against ``medium`` (the quick kind: it knocks as
soon as it may) on the first seed and as many against ``hard`` (the holder kind: with two
players it holds out for gin) on the second, under ``standard``, and at every draw and play
decision of seat 0 after the opponent's first throw of the hand (``scripts/belief_fit.py``'s
views) reads the log odds of the quick kind, :func:`okgin.bots.belief.kind_evidence`, as the
expert's ``kind_hand`` does. Prints, by how many throws the opponent has made, the AUC of those
odds (the chance that a view against ``medium`` reads higher than one against ``hard``) and,
for each threshold L, the share of views at L or more against each (``medium``/``hard``): the
share of decisions in which ``kind_hand=L`` would draw the worlds from the sharp belief. An
offline measure: what it is worth in play is for ``scripts/expert_ab.py`` to say.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from belief_fit import _read, views

from okgin.bots.belief import THROW, Knowledge, kind_evidence

#: The thresholds of log odds reported.
THRESHOLDS = (-1, 0, 1, 2, 3, 4, 6)
#: Buckets of the opponent's throws so far.
BUCKETS = ((1, 2), (3, 5), (6, 99), (1, 99))


def readings(
    vs: str, seed: int, hands: int, worlds: int = 16, playbacks: int = 6
) -> list[tuple[float, int]]:
    """(log odds, opponent's throws so far) at each view of ``hands`` hands against ``vs``,
    read over ``worlds`` worlds and ``playbacks`` play-backs (``kind_evidence``'s)."""
    out = []
    for i, (view, _) in enumerate(views(vs, hands, seed)):
        know = Knowledge(view)
        for s in _read(know):
            rng = random.Random(seed * 100_003 + i)
            throws = sum(1 for kind, _ in know.history[s] if kind == THROW)
            odds = kind_evidence(know, s, rng, worlds=worlds, playbacks=playbacks)
            out.append((odds, throws))
    return out


def auc(high: Sequence[float], low: Sequence[float]) -> float:
    """The chance that a value of ``high`` exceeds one of ``low`` (ties count half)."""
    if not high or not low:
        return float("nan")
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in high for b in low)
    return wins / (len(high) * len(low))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--seeds", type=int, nargs=2, default=(17, 18), metavar=("MEDIUM", "HARD"))
    ap.add_argument("--worlds", type=int, default=16, help="worlds per reading (the expert's: 16)")
    ap.add_argument("--playbacks", type=int, default=6, help="play-backs per world (6)")
    args = ap.parse_args(argv)
    if args.hands < 1:
        ap.error("--hands must be 1 or more")
    if args.worlds < 1 or args.playbacks < 1:
        ap.error("--worlds and --playbacks must be 1 or more")
    start = time.perf_counter()
    quick = readings("medium", args.seeds[0], args.hands, args.worlds, args.playbacks)
    holder = readings("hard", args.seeds[1], args.hands, args.worlds, args.playbacks)
    took = time.perf_counter() - start
    print(
        f"{len(quick)} views vs medium (seed {args.seeds[0]}), {len(holder)} vs hard "
        f"(seed {args.seeds[1]}), {args.hands} hands each: {took:.0f} s, "
        f"{1000 * took / max(1, len(quick) + len(holder)):.0f} ms a view"
    )
    for lo, hi in BUCKETS:
        q = [e for e, t in quick if lo <= t <= hi]
        h = [e for e, t in holder if lo <= t <= hi]
        shares = " ".join(
            f"{L:+d}: {sum(e >= L for e in q) / max(1, len(q)):.2f}/"
            f"{sum(e >= L for e in h) / max(1, len(h)):.2f}"
            for L in THRESHOLDS
        )
        name = f"{lo}+" if hi == 99 and lo > 1 else ("all" if hi == 99 else f"{lo}-{hi}")
        print(f"  throws {name}: {len(q)}/{len(h)} views, AUC {auc(q, h):.3f} | {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
