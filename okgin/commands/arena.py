"""``okgin arena BOT BOT [BOT …]``: duplicate matches between bots, with intervals."""

from __future__ import annotations

import argparse
import json
import sys

from okgin.commands import rules_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "arena",
        help="measure bots against each other on duplicate deals",
        description=(
            "Every deal is played once per seating (seats swapped for two players, every "
            "rotation for three or four); the deal is the unit of the statistics. Reports the "
            "first bot's points per hand against each other bot with a 95% bootstrap "
            "interval, its share of games to the target (resampled from the hands; measured "
            "on whole games with --games), splits by knock limit and doubling, and with three "
            "or more bots a round robin with Bradley-Terry ratings."
        ),
    )
    from okgin.bots import BOTS, DEFAULT_BUDGET, OPTIONS

    p.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help=(
            f"bot names: {', '.join(BOTS)}; with options NAME:KEY=VALUE,… for "
            f"{', '.join(OPTIONS)} (expert:defence=1.0,at_once=0.5)"
        ),
    )
    p.add_argument(
        "--rules",
        type=rules_arg,
        default={"preset": "standard"},
        help="a preset (standard, classic, party, openspiel) or a JSON rule set",
    )
    p.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default: the rules')")
    p.add_argument("--pairs", type=int, default=1000, help="deals per pairing (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the arena seed (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--games", type=int, default=0, metavar="N", help="also play N mirrored whole-game sets"
    )
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--save", metavar="DIR", help="save every game as a record (RECORD.md) here")
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        help='run on a Ray cluster ("local": start one here; "auto": the running local one)',
    )
    p.add_argument(
        "--budget",
        type=float,
        metavar="SECONDS",
        help=(
            "seconds of search per decision for the bots that search "
            f"(expert:budget=S sets one bot's own; expert, default {DEFAULT_BUDGET:g})"
        ),
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from okgin.arena import run_arena
    from okgin.arena.report import render
    from okgin.errors import OkginError

    try:
        report = run_arena(
            args.bots,
            args.rules,
            pairs=args.pairs,
            seed=args.seed,
            players=args.players,
            jobs=args.jobs,
            games=args.games,
            save=args.save,
            ray=args.ray,
            progress=not args.quiet,
            budget=args.budget,
        )
    except OkginError as exc:
        print(f"okgin arena: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        print(render(report))
    return 0
