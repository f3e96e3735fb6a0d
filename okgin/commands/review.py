"""``okgin review RECORD [--seat N|--all] [--budget S] [--hindsight] [--json] [--out FILE]
[--jobs K] [--seed N] [--quiet]``: what each decision of a game cost (docs/review.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from okgin.review import DEFAULT_BUDGET

    p = sub.add_parser(
        "review",
        help="what each decision of a recorded game cost, from the deciding seat's view",
        description="Judge every decision of a seat in a game record with the expert's "
        "Monte Carlo evaluation from that seat's view (docs/review.md).",
    )
    p.add_argument("file", metavar="RECORD")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, default=None, help="the seat to review (default 0)")
    who.add_argument("--all", action="store_true", help="review every seat")
    p.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help=f"seconds of rollout work per decision, counted in rollouts (default "
        f"{DEFAULT_BUDGET:g})",
    )
    p.add_argument("--seed", type=int, default=0, help="the seed of the sampled worlds")
    p.add_argument(
        "--hindsight", action="store_true", help="also judge each decision with every card known"
    )
    p.add_argument("--json", action="store_true", help="print the review document (JSON)")
    p.add_argument("--out", metavar="FILE", help="write the review there instead of stdout")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from okgin.record import ReplayError, load_file
    from okgin.review import check_seats, review, review_text

    try:
        doc = load_file(args.file)
        seats = None if args.all else [args.seat if args.seat is not None else 0]
        check_seats(doc, seats)
        if not args.budget > 0 or args.budget == float("inf"):
            raise ReplayError(f"--budget must be a positive number of seconds, not {args.budget}")
        if args.jobs < 1:
            raise ReplayError(f"--jobs must be at least 1, not {args.jobs}")
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    bar = _Bar(show=not args.quiet and sys.stderr.isatty())
    try:
        rev = review(
            doc,
            seats,
            seed=args.seed,
            budget=args.budget,
            hindsight=args.hindsight,
            jobs=args.jobs,
            progress=bar.update,
        )
    finally:
        bar.close()
    out = json.dumps(rev, ensure_ascii=False, indent=1) if args.json else review_text(rev)
    if args.out:
        try:
            Path(args.out).write_text(out + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"record: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    else:
        print(out)
    return 0


class _Bar:
    """A rich progress bar of the decisions judged, on standard error (a terminal only)."""

    def __init__(self, show: bool) -> None:
        self.show = show
        self._progress: Any = None
        self._task: Any = None

    def update(self, done: int, total: int) -> None:
        if not self.show:
            return
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("reviewing"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("decisions"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("review", total=total)
        self._progress.update(self._task, completed=done)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
