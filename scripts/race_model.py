"""How much is a point the opponent does not score worth, against a point scored, in a game to a
target? A model of the race, for the ``expert``'s ``defence`` weight.

    python scripts/race_model.py --mine 17.32 --theirs 10.76 --won 0.479 --lost 0.505

In a game to a target only a hand's winner scores, so a game is a race between two scoring
rates. The model plays that race: each hand the first player wins with probability ``--won``
and scores a gamma-distributed amount (shape ``--shape``) of mean ``mine / won``, the other
wins with probability ``--lost`` likewise, else the hand is dead; first to ``--target`` wins.
It prints the share of games won, how much it rises with one point per hand more for the first
player and with one point per hand less for the other, and the ratio of the two: the exchange
rate ``defence`` should be near. The inputs above are ``okgin arena expert medium --pairs 1000
--seed 31`` with the expert of commit 78e4037 (docs/strength.md). First order, the ratio is
(mine / theirs)²: the race is decided by the hands each side needs, target / rate.

The model says about 2.4; in play ``expert:defence=2.4`` did no better than the default 1.6
on those 1,000 deals (+6.03 points per hand and 68.9% of games against +6.56 and 69.8%,
docs/strength.md): the rollouts' points are not the real game's, so the weight is measured,
and this model only says which way to look.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np


def share_won(
    mine: float,
    theirs: float,
    *,
    won: float,
    lost: float,
    target: float,
    shape: float,
    games: int,
    seed: int,
) -> float:
    """The share of ``games`` races the first player wins (same seed: common random numbers)."""
    rng = np.random.default_rng(seed)
    a = np.zeros(games)
    b = np.zeros(games)
    done = np.zeros(games, dtype=bool)
    first = np.zeros(games, dtype=bool)
    while not done.all():
        u = rng.random(games)
        me = (u < won) & ~done
        them = (u >= won) & (u < won + lost) & ~done
        a[me] += rng.gamma(shape, mine / won / shape, int(me.sum()))
        b[them] += rng.gamma(shape, theirs / lost / shape, int(them.sum()))
        ended = ~done & ((a >= target) | (b >= target))
        first |= ended & (a >= target)  # one side scores a hand: never both
        done |= ended
    return float(first.mean())


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mine", type=float, required=True, help="first player's points per hand")
    ap.add_argument("--theirs", type=float, required=True, help="the other's points per hand")
    ap.add_argument("--won", type=float, required=True, help="share of hands the first wins")
    ap.add_argument("--lost", type=float, required=True, help="share of hands the other wins")
    ap.add_argument("--target", type=float, default=100.0)
    ap.add_argument("--shape", type=float, nargs="+", default=[1.0, 2.0, 4.0])
    ap.add_argument("--games", type=int, default=300_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not (args.won > 0 and args.lost > 0 and args.won + args.lost <= 1):
        ap.error("--won and --lost must be positive shares adding up to 1 at most")
    if args.mine <= 0 or args.theirs <= 1:
        ap.error("--mine must be above 0 and --theirs above 1 point per hand")
    print(f"first-order (mine / theirs)^2 = {(args.mine / args.theirs) ** 2:.2f}")
    for shape in args.shape:
        kw = {
            "won": args.won,
            "lost": args.lost,
            "target": args.target,
            "shape": shape,
            "games": args.games,
            "seed": args.seed,
        }
        base = share_won(args.mine, args.theirs, **kw)
        up = share_won(args.mine + 1, args.theirs, **kw)
        down = share_won(args.mine, args.theirs - 1, **kw)
        print(
            f"shape {shape:g}: games won {base:.1%}; +1 point per hand mine {up - base:+.2%}, "
            f"-1 theirs {down - base:+.2%}; exchange rate {(down - base) / (up - base):.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
