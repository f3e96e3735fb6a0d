"""The knocks the expert refuses: would knocking then have scored more than what it did?

    PYTHONPATH=$PWD nice -n 19 python scripts/expert_refusals.py 'expert:guard=inf' \\
        --vs hard --seed 7013 --pairs 200 --jobs 2

It plays the arena's deals (``okgin arena EXPERT VS --seed S``: the same decks, dealers and
bot seeds, every seating) and, at every turn where the expert could knock short of gin and
did not, prices that knock on the real cards: the knock played, every defender laying off
the best it can (exact), scored by the rules in force. The gain of knocking instead is that
price less what the hand really gave the expert from there (its points minus the others'
mean): a sample of "knock now" against "the expert's own play from here" on the very same
cards, so its mean over many refusals says whether the expert holds out too long. Printed
with 95% normal intervals over refusals: by the stock left, the knock's deadwood, the knock
limit, and at the first and the last refusal of each hand; and the knocks it made short of
gin, with what they scored.

What it cannot say: a refusal's gain is the price of one alternative (knocking at once), not
of every other line of play, and the refusals of one hand are not independent.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from okgin.actions import Action, Knock
from okgin.arena.play import ArenaSpec, Observer, play_deal
from okgin.arena.stats import bucket, normal_ci
from okgin.bots import parse_spec
from okgin.bots.base import knock_deadwood
from okgin.bots.belief import Knowledge
from okgin.bots.hard import best_knock, layoff_action
from okgin.commands import rules_arg, rules_of
from okgin.game import Game
from okgin.hand import HandState
from okgin.rules import Rules
from okgin.views import View, view_of_hand

#: (deal, seating, knock deadwood, stock left, knock limit, knocked?, knock's price, real)
Row = tuple[int, int, int, int, int, bool, float, float]


def _margin(points: Sequence[int], seat: int) -> float:
    return points[seat] - (sum(points) - points[seat]) / (len(points) - 1)


def price(state: HandState, seat: int, knock: Knock) -> float:
    """``knock`` played in a copy of ``state``, the defenders laying off their best:
    ``seat``'s points less the others' mean."""
    h = state.copy()
    h.apply(knock)
    while h.result is None:
        s = h.current_player
        assert s is not None
        view = view_of_hand(h, s)
        h.apply(layoff_action(view, Knowledge(view).hand)[0])
    return _margin(h.result.points, seat)


def _watch(
    rules: Rules, hero: int, seen: list[tuple[HandState, Knock, int, int, bool]]
) -> Observer:
    """An arena observer that keeps every turn where ``hero`` could knock short of gin:
    (the state then, the best such knock, its deadwood, stock left, whether it knocked)."""

    def observe(game: Game, seat: int, view: View, action: Action) -> None:
        if seat != hero or view.phase != "play":
            return
        knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
        if not knocks:
            return
        mine = Knowledge(view).hand
        k = best_knock(mine, knocks, rules)
        dk = knock_deadwood(mine, k)
        if dk > 0:
            seen.append((game.hand.copy(), k, dk, view.stock_size, isinstance(action, Knock)))

    return observe


def play(rules_dict: dict[str, Any], hero: str, vs: str, seed: int, deal: int) -> list[Row]:
    """Deal ``deal`` in every seating, as the arena plays it: a row per short knock the
    hero could make (the ones it made included)."""
    rules = Rules.from_dict(rules_dict)
    spec = ArenaSpec(rules=rules_dict, bots=(hero, vs), pairings=((0, 1),), seed=seed)
    out: list[Row] = []
    for rotation in range(rules.players):  # the hero sits at seat ``rotation``
        seen: list[tuple[HandState, Knock, int, int, bool]] = []
        _, game = play_deal(spec, 0, deal, rotation, _watch(rules, rotation, seen))
        hand = game.hand
        assert hand.result is not None
        real = _margin(hand.result.points, rotation)
        for state, k, dk, stock, knocked in seen:
            value = price(state, rotation, k)
            out.append((deal, rotation, dk, stock, hand.limit, knocked, value, real))
    return out


def _line(name: str, xs: Sequence[float]) -> str:
    n = len(xs)
    if not n:
        return f"  {name:<22} none"
    m = sum(xs) / n
    if n < 2:
        return f"  {name:<22} {n:5d}  {m:+.2f}"
    lo, hi = normal_ci(xs)
    return f"  {name:<22} {n:5d}  {m:+.2f} [{lo:+.2f}, {hi:+.2f}]"


def _stock(n: int) -> str:
    return "<= 4" if n <= 4 else "5-8" if n <= 8 else "9-14" if n <= 14 else "15+"


def report(rows: Sequence[Row]) -> list[str]:
    refused = [r for r in rows if not r[5]]
    made = [r for r in rows if r[5]]
    lines = [
        "the knocks it made short of gin (what they scored):",
        _line("all", [r[7] for r in made]),
    ]
    lines.append(f"the knocks it refused: knocking then less the hand's real end ({len(refused)}):")
    lines.append(_line("all", [r[6] - r[7] for r in refused]))
    groups: list[tuple[str, Any]] = [
        ("stock left", lambda r: _stock(r[3])),
        ("deadwood", lambda r: str(r[2]) if r[2] < 6 else "6+"),
        ("knock limit", lambda r: bucket(r[4])),
    ]
    for title, key in groups:
        lines.append(f" by {title}:")
        by: dict[str, list[float]] = defaultdict(list)
        for r in refused:
            by[key(r)].append(r[6] - r[7])
        for k in sorted(by, key=lambda s: (len(s), s)):
            lines.append(_line(k, by[k]))
    first: dict[tuple[int, int], Row] = {}
    last: dict[tuple[int, int], Row] = {}
    for r in refused:
        first.setdefault((r[0], r[1]), r)
        last[(r[0], r[1])] = r
    lines.append(" per hand:")
    lines.append(_line("first refusal", [r[6] - r[7] for r in first.values()]))
    lines.append(_line("last refusal", [r[6] - r[7] for r in last.values()]))
    return lines


def _job(args: tuple[dict[str, Any], str, str, int, int]) -> list[Row]:
    return play(*args)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("expert", help="the bot to look at: expert or expert:KEY=VALUE,...")
    ap.add_argument("--vs", default="hard")
    ap.add_argument("--rules", type=rules_arg, default="standard")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--pairs", type=int, default=50, help="deals looked at (the arena's first N)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    for name in (args.expert, args.vs):
        try:
            parse_spec(name)
        except ValueError as e:
            ap.error(str(e))
    if args.pairs < 1:
        ap.error("--pairs must be 1 or more")
    players = rules_of(ap, args.rules).players
    jobs = [(args.rules, args.expert, args.vs, args.seed, d) for d in range(args.pairs)]
    rows: list[Row] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for part in pool.imap(_job, jobs):
                rows.extend(part)
    else:
        for job in jobs:
            rows.extend(_job(job))
    hands = args.pairs * players
    print(f"{args.expert} vs {args.vs}, seed {args.seed}, {args.pairs} deals ({hands} hands)")
    print("\n".join(report(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
