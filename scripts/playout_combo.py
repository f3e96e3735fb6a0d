"""The rollouts' policy against itself with one seat throwing like a gin seeker (``combo``).

    python scripts/playout_combo.py --deals 6000 --combos 1,2,4,6 --model hold

``okgin.bots.playout`` plays every seat of the expert's rollouts with a simple policy: throw
the card that leaves the least deadwood. With ``combos[s]`` N, seat ``s`` instead throws the
card least by deadwood left plus N × the cards in hand it could meld with, keeping high pairs
and connectors. This plays random deals of two players (preset ``standard``, decks from
``--seed``), each twice with the seats swapped, the gin seeker against the plain policy, and
prints the gin seeker's points per hand less the other's, with a 95% normal interval over
deals. ``--model hold``: both seats hold out for gin until 2 stock cards are left (the
expert's own seat in its rollouts; ``hard`` with two players); ``mixed``: the gin seeker
holds out and the other knocks as soon as it may (the expert's rollouts by default).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from okgin.arena.stats import normal_ci
from okgin.bots.playout import AT_ONCE, playout
from okgin.hand import HandState
from okgin.rules import Rules

HOLD = (0, 2)


def margins(combo: int, model: str, deals: int, seed: int) -> list[float]:
    """Per deal: the gin seeker's points less the plain policy's, averaged over seatings."""
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        deck = list(range(52))
        rng.shuffle(deck)
        dealer = rng.randrange(2)
        total = 0.0
        for hero in (0, 1):
            h = HandState.deal(rules, deck, dealer)
            other = HOLD if model == "hold" else AT_ONCE
            caps = [HOLD if s == hero else other for s in range(2)]
            combos = [combo if s == hero else 0 for s in range(2)]
            playout(h, caps=caps, combos=combos)
            pts = h.result.points if h.result is not None else (0, 0)
            total += pts[hero] - pts[1 - hero]
        out.append(total / 2)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--combos", default="1,2,4,6", help="comma-separated weights")
    ap.add_argument("--model", choices=("hold", "mixed"), default="hold")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    try:
        combos = [int(x) for x in args.combos.split(",")]
    except ValueError:
        ap.error(f"--combos must be whole numbers, not {args.combos!r}")
    if args.deals < 2 or any(c < 0 for c in combos):
        ap.error("--deals must be 2 or more and --combos 0 or more")
    print(f"{args.deals} deals of seed {args.seed}, model {args.model}: the gin seeker's margin")
    for c in combos:
        xs = margins(c, args.model, args.deals, args.seed)
        lo, hi = normal_ci(xs)
        print(f"  combo {c}: {sum(xs) / len(xs):+.2f} [{lo:+.2f}, {hi:+.2f}] points per hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
