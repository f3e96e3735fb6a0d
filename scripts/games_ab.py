"""Two bots' whole games against one opponent, paired set by set: read from saved records.

    okgin arena expert:guard=inf medium --pairs 1 --games 300 --seed S --save A
    okgin arena expert:guard=inf,game_value=0 medium --pairs 1 --games 300 --seed S --save B
    python scripts/games_ab.py A B

Two runs of ``okgin arena --games`` on the same seed deal the same decks to the same seats
with the same opponent seeds, game set by game set, so the difference between the two first
bots is best measured set by set: the sets' games won, and their points a hand (the hands'
points, not the end's bonuses, summed over the set's games over its hands), each B − A with a
bootstrap interval resampling the sets together. Reads every whole-game record
(``game*-seat*.json``) of the one pairing each directory holds; the hero sits at the seat its
name gives. Two players only (the hero's points less the opponent's).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from okgin.arena.play import parse_record_name
from okgin.arena.stats import bootstrap_ci, ratio_ci, ratio_diff_ci
from okgin.record import replay


@dataclass(slots=True)
class Tally:
    """One game set in one run: games won (a tie counts half), the hero's points less the
    opponent's, hands played, and games read (a set is compared only where both runs hold
    both its games)."""

    won: float = 0.0
    points: float = 0.0
    hands: int = 0
    games: int = 0


def read_sets(root: Path) -> dict[int, Tally]:
    """Every game set's tally in one ``--save`` directory (its one pairing)."""
    files = sorted(root.rglob("game*-seat*.json"))
    if not files:
        raise ValueError(f"{root}: no whole-game records (game*-seat*.json) there")
    pairings = {f.parent for f in files}
    if len(pairings) != 1:
        raise ValueError(f"{root}: {len(pairings)} pairings, not one")
    sets: dict[int, Tally] = {}
    for f in files:
        _, index, seat = parse_record_name(f.name)
        game = replay(json.loads(f.read_text()))
        if game.rules.players != 2:
            raise ValueError(f"{f}: {game.rules.players} players, not 2")
        score = game.score
        tally = sets.setdefault(index, Tally())
        tally.won += 0.5 if score.winner is None else float(score.winner == seat)
        tally.points += score.totals[seat] - score.totals[1 - seat]
        tally.hands += len(game.results)
        tally.games += 1
    return sets


@dataclass(frozen=True, slots=True)
class Side:
    """One run's games won (a share) and points a hand, over the sets compared."""

    win_rate: float
    points_per_hand: float
    points_per_hand_ci95: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Comparison:
    sets: int
    a: Side
    b: Side
    #: B − A: games won (a share of the games) and points a hand, each with its interval
    win_rate_diff: float
    win_rate_diff_ci95: tuple[float, float]
    points_per_hand_diff: float
    points_per_hand_diff_ci95: tuple[float, float]


def compare(a: dict[int, Tally], b: dict[int, Tally], seed: int = 0) -> Comparison:
    """B − A over the sets both hold: games won and points a hand, with intervals."""
    both = sorted(i for i in set(a) & set(b) if a[i].games == b[i].games == 2)
    if not both:
        raise ValueError("the two directories share no whole game set (both its games)")
    rng = np.random.default_rng(seed)
    ta = np.array([(a[i].won, a[i].points, a[i].hands) for i in both], dtype=float)
    tb = np.array([(b[i].won, b[i].points, b[i].hands) for i in both], dtype=float)
    n = len(both)

    def side(t: np.ndarray) -> Side:
        return Side(
            float(t[:, 0].sum() / (2 * n)),
            float(t[:, 1].sum() / t[:, 2].sum()),
            ratio_ci(t[:, 1], t[:, 2], rng),
        )

    won = (tb[:, 0] - ta[:, 0]) / 2
    # the difference of the two ratios, resampling the sets together
    diff_ci = ratio_diff_ci((ta[:, 1], ta[:, 2]), (tb[:, 1], tb[:, 2]), rng)
    sa, sb = side(ta), side(tb)
    return Comparison(
        sets=n,
        a=sa,
        b=sb,
        win_rate_diff=float(won.mean()),
        win_rate_diff_ci95=bootstrap_ci(won, rng),
        points_per_hand_diff=sb.points_per_hand - sa.points_per_hand,
        points_per_hand_diff_ci95=diff_ci,
    )


def _ci(ci: tuple[float, float], scale: float = 1.0, fmt: str = "+.2f") -> str:
    return f"[{scale * ci[0]:{fmt}}, {scale * ci[1]:{fmt}}]"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("a", type=Path, help="the --save directory of run A")
    p.add_argument("b", type=Path, help="that of run B (the same seed and opponent)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    try:
        out = compare(read_sets(args.a), read_sets(args.b))
    except (ValueError, OSError) as exc:
        p.error(str(exc))
    if args.json:
        print(json.dumps(asdict(out)))
        return 0
    print(f"{out.sets} game sets ({2 * out.sets} games a run)")
    for tag, side in (("A", out.a), ("B", out.b)):
        print(
            f"{tag}: {100 * side.win_rate:.1f}% of games, "
            f"{side.points_per_hand:+.2f} {_ci(side.points_per_hand_ci95)} a hand"
        )
    print(
        f"B - A: games {100 * out.win_rate_diff:+.1f} points of share "
        f"{_ci(out.win_rate_diff_ci95, 100, '+.1f')}, "
        f"{out.points_per_hand_diff:+.2f} {_ci(out.points_per_hand_diff_ci95)} a hand"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
