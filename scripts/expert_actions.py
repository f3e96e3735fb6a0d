"""The expert's actions on a few whole hands, as one fingerprint: a check that a refactor of
the expert left its decisions unchanged.

    nice -n 19 python scripts/expert_actions.py --seed 5 --hands 4

plays ``--hands`` hands (each a fresh single-hand game dealt from ``--seed`` + i) of
``expert:guard=inf`` (seed ``--seed``) against ``medium`` and against itself, and prints
every action and the sha256 of them all. ``guard=inf`` makes the search count rollouts
only, so the same code gives the same fingerprint on any machine and load; run it before
and after a change and compare the last line. ``--spec`` fingerprints another setting in
place of ``expert:guard=inf`` (both seats of the self-play hands; keep ``guard=inf`` in it
for a fingerprint that does not depend on the machine), e.g. to check that a default of
before, spelled as options of today's expert, still plays as it did.
"""

from __future__ import annotations

import argparse
import hashlib

from okgin import Game
from okgin.bots import make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--quiet", action="store_true", help="print only the fingerprint")
    parser.add_argument(
        "--spec", default="expert:guard=inf", help="the bot to fingerprint (default %(default)s)"
    )
    args = parser.parse_args()
    digest = hashlib.sha256()
    for i in range(args.hands):
        # the self-play lines keep the label they had before ``--spec`` (the fingerprints
        # in docs/strength.md), so a setting that plays as the default prints its fingerprint
        for rival, label in (("medium", "medium"), (args.spec, "expert:guard=inf")):
            game = Game({"preset": "standard", "format": "single"}, seed=args.seed + i)
            bots = [make_bot(args.spec, args.seed), make_bot(rival, args.seed + 1)]
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                action = bots[seat].act(game.view(seat))
                line = f"{i} {label} {seat} {action}"
                digest.update(line.encode() + b"\n")
                if not args.quiet:
                    print(line)
                game.apply(action, seat)
    print(f"sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
