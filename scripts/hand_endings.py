"""Who ended the hands, and how, in saved two-player arena deals: read from the records.

    okgin arena expert:guard=inf medium --pairs 150 --seed 7078 --quiet --save DIR
    python scripts/hand_endings.py DIR

Reads every single-deal record (``deal*-seat*.json``) that ``okgin arena --save`` wrote, the
first bot of the pairing (the hero) at the seat its file name gives, and counts the hands by
knock-limit bucket, by who ended them (the hero's knock, the other's knock, or a dead hand)
and by result (knock, gin, undercut, big gin, dead; an undercut is the knocker's line:
``other undercut`` is a knock of the other's that the hero undercut). For each line it
prints the hands, their share of the bucket, what they add to the hero's points a hand over
the bucket (the hero's points minus the other's, summed over the line's hands and divided by
the bucket's hands, so a bucket's lines add up to its points a hand) and their mean; then,
by bucket and ender, the mean discards before the hand ended and the knocker's mean
deadwood. Where the points against a bot are lost, line by line: the arena prints the
totals, this splits them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from okgin.actions import Discard
from okgin.arena.play import parse_record_name
from okgin.arena.stats import BUCKETS, bucket
from okgin.errors import OkginError
from okgin.record import replay


@dataclass(frozen=True, slots=True)
class Ending:
    """One hand as the hero saw it end."""

    bucket: str
    ender: str  # "hero", "other" or "dead"
    result: str
    margin: int  # the hero's points minus the other's
    discards: int
    knocker_deadwood: int | None


def ending(doc: object, hero: int) -> Ending:
    """How the one hand of a single-deal record ended, for the seat ``hero``."""
    game = replay(doc)
    if game.rules.players != 2:
        raise OkginError(f"{game.rules.players} players: hand_endings reads two-player deals")
    hand = game.hand
    r = hand.result
    if r is None:
        raise OkginError("the record's hand is not over")
    ender = "dead" if r.knocker is None else ("hero" if r.knocker == hero else "other")
    dw = None if r.knocker is None or r.deadwood is None else r.deadwood[r.knocker]
    return Ending(
        bucket=bucket(r.knock_limit),
        ender=ender,
        result=r.result,
        margin=r.points[hero] - r.points[1 - hero],
        discards=sum(1 for _, a in hand.history if isinstance(a, Discard)),
        knocker_deadwood=dw,
    )


def endings(folder: Path) -> list[Ending]:
    """Every single-deal record under ``folder`` (``okgin arena --save``'s layout)."""
    out = []
    for path in sorted(folder.rglob("deal*-seat*.json")):
        try:
            _, _, hero = parse_record_name(path.name)
            out.append(ending(json.loads(path.read_text()), hero))
        except ValueError as exc:  # a malformed record or name (an OkginError is one too)
            raise OkginError(f"{path}: {exc}") from None
    return out


def report(rows: Sequence[Ending]) -> str:
    """The table described in the module docstring."""
    by_bucket = Counter(e.bucket for e in rows)
    count: Counter[tuple[str, str, str]] = Counter()
    points: Counter[tuple[str, str, str]] = Counter()
    discards: defaultdict[tuple[str, str], list[int]] = defaultdict(list)
    deadwood: defaultdict[tuple[str, str], list[int]] = defaultdict(list)
    for e in rows:
        key = (e.bucket, e.ender, e.result)
        count[key] += 1
        points[key] += e.margin
        discards[e.bucket, e.ender].append(e.discards)
        if e.knocker_deadwood is not None:
            deadwood[e.bucket, e.ender].append(e.knocker_deadwood)
    total = sum(e.margin for e in rows)
    lines = [f"{len(rows)} hands, the hero's points a hand {total / max(1, len(rows)):+.2f}"]
    for b in (b for b in BUCKETS if b in by_bucket):
        n = by_bucket[b]
        net = sum(points[k] for k in points if k[0] == b)
        lines.append(f"  {b}: {n} hands, {net / n:+.2f} a hand")
        for key in sorted(k for k in count if k[0] == b):
            c = count[key]
            lines.append(
                f"    {key[1]:>5} {key[2]:<8} {c:5d} {100 * c / n:5.1f}%"
                f"  {points[key] / n:+6.2f} a hand  mean {points[key] / c:+6.1f}"
            )
        for ender in ("hero", "other", "dead"):
            d = discards.get((b, ender))
            if not d:
                continue
            text = f"    {ender:>5} ends after {sum(d) / len(d):.1f} discards"
            w = deadwood.get((b, ender))
            if w:
                text += f", knocking with {sum(w) / len(w):.1f} deadwood"
            lines.append(text)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", type=Path, help="a directory okgin arena --save wrote")
    args = ap.parse_args(argv)
    try:
        rows = endings(args.folder)
    except OkginError as exc:
        print(f"hand_endings: {exc}", file=sys.stderr)
        return 2
    if not rows:
        print(f"hand_endings: no deal*-seat*.json records under {args.folder}", file=sys.stderr)
        return 2
    print(report(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
