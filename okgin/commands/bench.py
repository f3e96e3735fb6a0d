"""``okgin bench [--json] [--quick] [--only GROUPS]``: okgin's speed beside OpenSpiel and RLCard,
in one run."""

from __future__ import annotations

import argparse
import json
import os
import sys


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "bench",
        help="measure okgin against OpenSpiel's C++ gin_rummy and RLCard, side by side",
        description=(
            "Runs the same fixed, seeded work on okgin and on the reference engines "
            "(OpenSpiel through pyspiel, RLCard; pip install 'okgin[bench]') and prints each "
            "engine's median of several interleaved repeats per second, and okgin / reference. "
            "A reference that is not installed is reported as missing. See docs/performance.md."
        ),
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object {figure: {engine: value}} (ratios under <figure>_ratio)",
    )
    p.add_argument(
        "--quick", action="store_true", help="small sets and 3 repeats (a smoke test, seconds)"
    )
    p.add_argument(
        "--repeats",
        type=int,
        default=None,
        metavar="N",
        help="repeats per figure (default 7, or 3 with --quick; at least 1)",
    )
    p.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time single-process figures by this process's CPU time (default) or elapsed time",
    )
    p.add_argument(
        "--pz126",
        metavar="PYTHON",
        default=os.environ.get("OKGIN_PZ126"),
        help="the Python of a virtual environment holding PettingZoo 1.26 (its gin_rummy_v4 "
        "is a reference of the env figures; default: $OKGIN_PZ126; see docs/env.md)",
    )
    p.add_argument(
        "--only",
        metavar="GROUPS",
        default=None,
        help="measure only these groups of figures, comma-separated: "
        "deadwood, random_hands, copies, processes, bots, env (default: all)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from okgin.bench import Sizes, format_report, run_bench

    sizes = Sizes.quick() if args.quick else Sizes()
    if args.repeats is not None:
        if args.repeats < 1:
            print("okgin bench: --repeats must be at least 1", file=sys.stderr)
            return 2
        sizes = replace(sizes, repeats=args.repeats)
    sizes = replace(sizes, clock=args.clock, pz126=args.pz126)
    if args.only is not None:
        from okgin.bench import GROUPS

        groups = tuple(g.strip() for g in args.only.split(",") if g.strip())
        unknown = [g for g in groups if g not in GROUPS]
        if unknown or not groups:
            print(
                f"okgin bench: --only takes groups of {', '.join(GROUPS)}, not {args.only!r}",
                file=sys.stderr,
            )
            return 2
        sizes = replace(sizes, groups=tuple(g for g in GROUPS if g in groups))

    def progress(name: str) -> None:
        if not args.quiet:
            print(f"okgin bench: {name} ...", file=sys.stderr, flush=True)

    report = run_bench(sizes, progress)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(format_report(report))
    return 0
