"""``okgin replay FILE [--json]``: check a record action by action (RECORD.md)."""

from __future__ import annotations

import argparse
import json
import sys


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="check and summarise a game record (RECORD.md)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from okgin.record import ReplayError, load_file, replay, summary, summary_text

    try:
        doc = load_file(args.file)
        game = replay(doc)
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary(game)))
    else:
        print(summary_text(game, doc.get("players")))
    return 0
