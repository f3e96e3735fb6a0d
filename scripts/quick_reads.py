"""In how many whole games, and hands, the expert's ``kind_read`` was on: read from saved records.

    okgin arena expert:guard=inf hard --pairs 1 --games 300 --seed 910031 --save DIR
    python scripts/quick_reads.py DIR

Reads every whole-game record (``game*-seat*.json``) that ``okgin arena --save`` wrote, the
first bot of the pairing at the seat its name gives, and for each hand after the first asks
:func:`okgin.bots.belief.quick_knocker` (the read itself, on that seat's view with the game's
earlier results) whether the other seat had by then knocked short of gin in a calm hand.
Prints, per pairing directory, the games and hands played, and those with the read on: the
expert draws its worlds from ``QUICK_BELIEF`` in exactly those hands (``kind_read`` 1), so
against ``hard`` their share bounds what the read can cost there.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from okgin.arena.play import parse_record_name
from okgin.bots.belief import quick_knocker
from okgin.record import replay


def reads(doc: object, seat: int) -> tuple[int, int]:
    """(hands played, hands with the read on) in one whole-game record, for ``seat``."""
    game = replay(doc)
    final = game.view(seat)
    results = tuple(game.results)
    on = 0
    for k in range(1, len(results)):
        view = dataclasses.replace(final, past_results=results[:k], hand_number=k + 1)
        on += quick_knocker(view)
    return len(results), on


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("dir", type=Path, help="an okgin arena --save directory")
    args = p.parse_args(argv)
    files = sorted(args.dir.rglob("game*-seat*.json"))
    if not files:
        p.error(f"{args.dir}: no whole-game records (game*-seat*.json) there")
    # pairing directory → [games, games with the read on, hands, hands with it on]
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for f in files:
        try:
            _, _, seat = parse_record_name(f.name)
            hands, on = reads(json.loads(f.read_text()), seat)
        except (ValueError, OSError) as exc:  # an OkginError is a ValueError
            p.error(f"{f}: {exc}")
        t = tally[f.parent.name]
        t[0] += 1
        t[1] += on > 0
        t[2] += hands
        t[3] += on
    for name, (games, read_games, hands, read_hands) in sorted(tally.items()):
        print(
            f"{name}: {games} games, the read on in {read_games} "
            f"({100 * read_games / games:.1f}%); "
            f"{hands} hands, on in {read_hands} ({100 * read_hands / hands:.1f}%)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
