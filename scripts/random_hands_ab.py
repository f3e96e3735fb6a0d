"""A/B timing of okgin's hot path: random hands through ``legal_ids`` / ``apply_id``.

Times the same seeded hands (preset ``openspiel``, every decision uniform among the legal ids)
on two or more source trees, one fresh interpreter per tree and round, rounds interleaved so a
change in the machine's load falls on every tree alike. Each run reports hands per second of
CPU time, the best of ``--repeats``; the summary is each tree's median over the rounds.

    git archive HEAD~1 okgin | tar -x -C /tmp/before     # a tree to compare with
    nice -n 5 python scripts/random_hands_ab.py /tmp/before . --rounds 4

A tree is a directory holding the ``okgin`` package (it goes first on ``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path


def measure(hands: int, repeats: int, seed: int) -> float:
    """Hands per CPU second, the best of ``repeats``, for the okgin that is imported."""
    from okgin.hand import HandState
    from okgin.rules import Rules

    rules = Rules.preset("openspiel")
    rng = random.Random(seed)
    decks = []
    for _ in range(hands):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append(deck)
    best = 0.0
    for rep in range(repeats):
        rand = random.Random(rep).random
        start = time.process_time()
        for deck in decks:
            hand = HandState.deal(rules, deck, 1)
            while not hand.is_over:
                ids = hand.legal_ids()
                hand.apply_id(ids[int(rand() * len(ids))])
        best = max(best, len(decks) / (time.process_time() - start))
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*", help="directories holding an okgin package")
    ap.add_argument("--rounds", type=int, default=4, help="interleaved rounds (default 4)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats per run (default 5)")
    ap.add_argument("--hands", type=int, default=2000, help="hands per repeat (default 2000)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        print(f"{measure(args.hands, args.repeats, args.seed):.0f}")
        return 0
    if not args.trees:
        ap.error("give at least one tree")
    for tree in args.trees:
        if not (Path(tree) / "okgin" / "hand.py").is_file():
            ap.error(f"{tree} holds no okgin package")
    rates: dict[str, list[float]] = {tree: [] for tree in args.trees}
    for r in range(args.rounds):
        for tree in args.trees:
            env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
            done = subprocess.run(
                [sys.executable, __file__, "--measure", "--hands", str(args.hands),
                 "--repeats", str(args.repeats), "--seed", str(args.seed)],
                env=env, capture_output=True, text=True, check=True, timeout=600,
            )  # fmt: skip
            rate = float(done.stdout)
            rates[tree].append(rate)
            print(f"round {r + 1}: {tree}: {rate:.0f} hands/s", flush=True)
    for tree, values in rates.items():
        print(f"{tree}: median {statistics.median(values):.0f} hands/s over {len(values)} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
