"""Time the ``expert`` bot's decisions: median, 90th percentile and maximum.

    nice -n 10 python scripts/expert_timing.py --hands 40 --budget 0.12

Plays whole hands of ``--expert`` (``expert`` or ``expert:KEY=VALUE,…``, as in ``okgin
arena``) against ``--opponent`` (seats alternating, decks from
``--seed``) under ``--rules`` and times every decision the expert makes, the trivial ones
(a single legal action, layoffs) included and, separately, the searched ones. ``--cpu``
times by the process's CPU time instead of the wall clock, for a machine shared with other
work (the wall clock then measures the load as much as the bot).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from okgin.bots import make_bot, parse_spec
from okgin.bots.expert import DEFAULT_BUDGET, ExpertBot
from okgin.commands import rules_arg, rules_of
from okgin.hand import HandState
from okgin.views import view_of_hand


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    ap.add_argument(
        "--rules", type=rules_arg, default="standard", help="a preset or a JSON rule set"
    )
    ap.add_argument("--expert", default="expert", help="the expert, options included")
    ap.add_argument("--opponent", default="medium")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time (time.process_time), not the wall clock: "
        "on a machine busy with other work, about what the wall clock shows alone",
    )
    args = ap.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    rules = rules_of(ap, args.rules)
    try:
        if parse_spec(args.expert)[0] != "expert":
            raise ValueError(f"{args.expert!r} is not the expert bot")
    except ValueError as e:
        ap.error(f"--expert: {e}")
    rng = random.Random(args.seed)
    times: list[float] = []
    searched: list[float] = []
    worlds: list[int] = []
    for i in range(args.hands):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = HandState.deal(rules, deck, i % rules.players)
        expert = make_bot(args.expert, args.seed + i, budget=args.budget)
        assert isinstance(expert, ExpertBot)
        seat = i % rules.players
        bots = [expert if s == seat else make_bot(args.opponent, s) for s in range(rules.players)]
        while not hand.is_over:
            s = hand.current_player
            assert s is not None
            view = view_of_hand(hand, s)
            t = clock()
            action = bots[s].act(view)
            dt = clock() - t
            if s == seat:
                times.append(dt)
                if expert.last:
                    searched.append(dt)
                    worlds.append(int(expert.last["worlds"]))
            hand.apply(action, s)
    times.sort()
    searched.sort()

    def line(name: str, xs: list[float]) -> str:
        if not xs:
            return f"{name}: none"
        p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
        return (
            f"{name}: {len(xs)} decisions, median {statistics.median(xs):.3f} s, "
            f"90% {p90:.3f} s, max {xs[-1]:.3f} s"
        )

    print(
        f"{args.expert}, budget {args.budget} s, {args.hands} hands vs {args.opponent}, {rules!r}"
        + (", CPU time" if args.cpu else "")
    )
    print(line("every decision", times))
    print(line("searched decisions", searched))
    if worlds:
        print(f"worlds per search: median {statistics.median(worlds):.0f}, min {min(worlds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
