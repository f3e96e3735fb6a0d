"""``okgin review``'s speed and calibration, as rerunnable commands (docs/review.md quotes them).

Speed: whole 2-player ``standard`` games to 100 between ``medium`` and ``expert`` (seat 0
medium), each reviewed for seat 0 at the default budget; prints per game the hands, the
decisions, the wall and CPU seconds of the review (the machine is shared: CPU seconds are
the figure load does not inflate)::

    nice -n 19 python scripts/review_bench.py speed --games 3 --seed 1

Calibration: single hands of ``medium`` against ``expert`` (seats alternating), each
reviewed for both seats at the default budget; the points lost per decision of each bot,
and medium's minus expert's with a 95% bootstrap interval over hands (a hand is the unit).
Each hand's figures are appended to ``--out`` as one JSON line as soon as it is done, so a
run cut short still reports what it did (``--report`` reads such a file)::

    nice -n 19 python scripts/review_bench.py calibrate --hands 100 --seed 1000 --out cal.jsonl
    python scripts/review_bench.py report cal.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from okgin import Game
from okgin.bots import make_bot
from okgin.review import DEFAULT_BUDGET, review


def play(rules: dict[str, Any], seed: int, bots: list[str]) -> dict[str, Any]:
    game = Game(rules, seed=seed)
    players = [make_bot(b, seed * 10 + s) for s, b in enumerate(bots)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].act(game.view(seat)), seat)
    doc: dict[str, Any] = game.to_record(players=[f"{b}-{s}" for s, b in enumerate(bots)])
    return doc


def speed(args: argparse.Namespace) -> None:
    for g in range(args.games):
        seed = args.seed + g
        doc = play({"preset": "standard"}, seed, ["medium", "expert:guard=inf"])
        wall = time.perf_counter()
        cpu = time.process_time()
        rev = review(doc, (0,), budget=args.budget, seed=0)
        wall = time.perf_counter() - wall
        cpu = time.process_time() - cpu
        s = rev["summary"]["seats"][0]
        print(
            f"game seed {seed}: {len(doc['hands'])} hands, {s['decisions']} decisions of seat 0, "
            f"review {wall:.1f} s wall, {cpu:.1f} s CPU (budget {args.budget:g})",
            flush=True,
        )


def calibrate(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["seed"] for line in out.read_text().splitlines() if line}
    rules = {"preset": "standard", "format": "single"}
    stop = time.monotonic() + args.max_minutes * 60
    for i in range(args.hands):
        seed = args.seed + i
        if seed in done:
            continue
        if time.monotonic() > stop:
            print(f"stopped after --max-minutes {args.max_minutes:g}", file=sys.stderr)
            break
        bots = ["medium", "expert"] if i % 2 == 0 else ["expert", "medium"]
        doc = play(rules, seed, [b + ":guard=inf" if b == "expert" else b for b in bots])
        rev = review(doc, None, budget=args.budget, seed=0)
        row: dict[str, Any] = {"seed": seed}
        for b in rev["summary"]["seats"]:
            name = bots[b["seat"]]
            row[name] = {
                "decisions": b["decisions"],
                "lost": b["points_lost"],
                "held_out": b["held_out_lost"],
            }
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
    report_file(out)


def report_file(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    if not rows:
        print("no hands yet")
        return

    for key, what in (("lost", "points lost"), ("held_out", "held-out points lost")):

        def per_decision(sample: list[dict[str, Any]], bot: str, key: str = key) -> float:
            lost = sum(r[bot][key] for r in sample)
            n = sum(r[bot]["decisions"] for r in sample)
            return lost / n if n else 0.0

        def diff(sample: list[dict[str, Any]]) -> float:
            return per_decision(sample, "medium") - per_decision(sample, "expert")

        rng = random.Random(0)
        boots = sorted(diff([rng.choice(rows) for _ in rows]) for _ in range(2000))
        lo, hi = boots[50], boots[1949]
        print(
            f"{len(rows)} hands, {what} per decision: medium {per_decision(rows, 'medium'):.3f} "
            f"({sum(r['medium']['decisions'] for r in rows)} decisions), expert "
            f"{per_decision(rows, 'expert'):.3f} ({sum(r['expert']['decisions'] for r in rows)}); "
            f"medium - expert {diff(rows):+.3f} [95% bootstrap over hands {lo:+.3f}, {hi:+.3f}]"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("speed")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    p.set_defaults(func=speed)
    p = sub.add_parser("calibrate")
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    p.add_argument("--out", required=True)
    p.add_argument("--max-minutes", type=float, default=60.0)
    p.set_defaults(func=calibrate)
    p = sub.add_parser("report")
    p.add_argument("file")
    p.set_defaults(func=lambda a: report_file(Path(a.file)))
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
