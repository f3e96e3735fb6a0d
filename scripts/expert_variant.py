"""Play an ``expert`` with other parameters in the arena, on the arena's duplicate deals.

    nice -n 10 python scripts/expert_variant.py medium --set at_once=1.0 --pairs 300 --seed 31

The variant sits as ``expert-variant`` against the named opponent through
:func:`okgin.arena.run_arena` (same deals and seeding as ``okgin arena`` with the same
``--seed``, so the first N pairs are the first N pairs of a longer run), and the report is
printed as ``okgin arena`` prints it. It runs in this one process (the arena's worker
processes would not know the variant's name). ``--set KEY=VALUE`` (repeatable) sets an
:class:`~okgin.bots.expert.ExpertBot` keyword: ``at_once``, ``switch``, ``discards``,
``min_worlds``, ``max_worlds``, ``rollout_cap``, ``rollout_stock``, ``game_value``.
For exploring the expert's parameters before a full arena run, not for published figures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from okgin.arena import run_arena
from okgin.arena.report import render
from okgin.bots import BOTS
from okgin.bots.expert import ExpertBot
from okgin.commands import rules_arg

NUMERIC = {"at_once", "switch", "game_value", "knock_switch", "defence"}
INTEGER = {"safe_slack", "discards", "min_worlds", "max_worlds", "rollout_cap", "rollout_stock"}


def parse_sets(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or key not in NUMERIC | INTEGER:
            keys = ", ".join(sorted(NUMERIC | INTEGER))
            raise SystemExit(f"--set {item!r}: expected KEY=VALUE with KEY one of {keys}")
        out[key] = int(value) if key in INTEGER else float(value)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("opponent")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--rules", type=rules_arg, default="standard", help="a preset or JSON")
    ap.add_argument("--pairs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=31)
    args = ap.parse_args(argv)
    params = parse_sets(args.set)
    BOTS["expert-variant"] = lambda seed: ExpertBot(seed, **params)
    report = run_arena(
        ["expert-variant", args.opponent],
        args.rules,
        pairs=args.pairs,
        seed=args.seed,
        jobs=1,
        progress=False,
    )
    print(f"expert-variant: {params}")
    print(render(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
