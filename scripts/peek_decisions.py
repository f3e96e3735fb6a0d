"""Where an expert decides otherwise than it would reading the opponent's hand, and why.

    PYTHONPATH=$PWD nice -n 10 python scripts/peek_decisions.py 'expert:guard=inf' \\
        --vs hard --seed 7035 --pairs 60 --jobs 2 --other 'expert:guard=inf,knock_replay=0.02'

Plays the arena's deals (``okgin arena EXPERT VS --seed S``, both seatings, two players). At
each draw and play decision of ``EXPERT`` with more than one legal action it asks a copy of
the same expert whose sampled worlds hold the opponent's true hand
(:func:`okgin.bots.belief.true_worlds`: the peek of ``scripts/expert_ab.py --peek``, worth
about 7 points a hand against ``hard``) what it would do, and, with ``--other``, a second
expert (another belief, say) too. Prints, by kind of decision (the draws, the discards with
no legal knock, the plays with a legal knock), how often the expert and ``--other`` choose
otherwise than the peek; at the plays with a legal knock, how many the expert and the peek
each knock at, with the opponent's true deadwood (what the peek sees); at the discards where
the expert and the peek throw differently, how many of each one's throws meld with the
opponent's true hand (what a throw feeds). A decision-level look at what a perfect read
changes, for choosing what a belief should get right; what a change is worth in points is
for ``scripts/expert_ab.py`` to say.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import okgin.bots.expert as expert_module
from okgin.actions import Action, Discard, Knock
from okgin.arena.play import ArenaSpec, play_deal
from okgin.bots import make_bot, parse_spec
from okgin.bots.belief import Knowledge, World, melds_with, true_worlds
from okgin.commands import rules_arg, rules_of
from okgin.game import Game
from okgin.melds import deadwood
from okgin.views import View

#: (kind, expert's action, peek's, other's or None, opponent's true deadwood, stock left,
#: whether the expert's and the peek's discards meld with the opponent's true hand)
_Row = tuple[str, str, str, str | None, int, int, bool, bool]
_Job = tuple[dict[str, Any], str, str, str | None, int, int]


def kind(view: View) -> str:
    """``draw``, ``knock`` (a play with a legal knock) or ``discard``."""
    if view.phase != "play":
        return "draw"
    return "knock" if any(isinstance(a, Knock) for a in view.legal_actions) else "discard"


def peeked(spec: str, seed: int, view: View, game: Game) -> Action:
    """What the expert ``spec`` does in ``view`` with the true hands of ``game`` in its worlds."""
    names = vars(expert_module)  # the expert's search calls its module's sample_worlds
    real = names["sample_worlds"]
    hands = list(game.hand.hands)

    def truth(know: Knowledge, count: int, rng: random.Random, **_: Any) -> list[World]:
        return true_worlds(know, hands, count, rng)

    names["sample_worlds"] = truth
    try:
        return make_bot(spec, seed).act(view)
    finally:
        names["sample_worlds"] = real


def _feeds(action: Action, opponent: int) -> bool:
    return isinstance(action, Discard) and melds_with(opponent, int(action.card))


def _deal(job: _Job) -> list[_Row]:
    rules, hero, vs, other, seed, deal = job
    spec = ArenaSpec(rules=rules, bots=(hero, vs), pairings=((0, 1),), seed=seed)
    rows: list[_Row] = []
    for rotation in range(2):

        def observe(game: Game, seat: int, view: View, action: Action, me: int = rotation) -> None:
            if seat != me or len(view.legal_actions) < 2:
                return
            if view.phase not in ("offer", "draw", "play"):
                return
            salt = seed * 1_000 + deal * 2 + me
            peek = peeked(hero, salt, view, game)
            alt = str(make_bot(other, salt).act(view)) if other else None
            opponent = game.hand.hands[1 - seat]
            rows.append(
                (
                    kind(view),
                    str(action),
                    str(peek),
                    alt,
                    deadwood(opponent),
                    view.stock_size,
                    _feeds(action, opponent),
                    _feeds(peek, opponent),
                )
            )

        play_deal(spec, 0, deal, rotation, observe)
    return rows


def report(rows: Sequence[_Row], other: str | None) -> list[str]:
    """The printed summary of ``rows`` (the module docstring)."""
    out = []
    for k in ("draw", "discard", "knock"):
        sel = [r for r in rows if r[0] == k]
        if not sel:
            continue
        line = f"  {k:8s} {len(sel):5d} decisions: the expert differs from the peek in "
        line += f"{sum(r[1] != r[2] for r in sel)}"
        if other:
            line += f", --other in {sum(r[3] != r[2] for r in sel)}"
        out.append(line)
    knocks = [r for r in rows if r[0] == "knock"]
    if knocks:
        out.append("  plays with a legal knock: (expert knocks, peek knocks): decisions, the")
        out.append(
            "  opponent's mean true deadwood, mean stock left"
            + (", --other knocks" if other else "")
        )
        table = Counter((r[1].startswith("knock"), r[2].startswith("knock")) for r in knocks)
        for key in sorted(table):
            sel = [r for r in knocks if (r[1].startswith("knock"), r[2].startswith("knock")) == key]
            line = f"    {key!s:14s} {len(sel):5d}  {sum(r[4] for r in sel) / len(sel):5.1f}"
            line += f"  {sum(r[5] for r in sel) / len(sel):5.1f}"
            if other:
                line += f"  {sum(bool(r[3] and r[3].startswith('knock')) for r in sel)}"
            out.append(line)
    apart = [r for r in rows if r[0] == "discard" and r[1] != r[2]]
    if apart:
        out.append(
            f"  discards thrown apart: {len(apart)}; melding with the opponent's hand: the "
            f"expert's {sum(r[6] for r in apart)}, the peek's {sum(r[7] for r in apart)}"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("expert", help="the expert to look at: expert or expert:KEY=VALUE,...")
    ap.add_argument("--vs", default="hard")
    ap.add_argument("--other", default=None, help="a second expert asked at the same decisions")
    ap.add_argument("--rules", type=rules_arg, default="standard")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--pairs", type=int, default=40, help="deals looked at (the arena's first N)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    for name in (args.expert, args.vs, *([args.other] if args.other else [])):
        try:
            parse_spec(name)
        except ValueError as e:
            ap.error(str(e))
    for name in (args.expert, *([args.other] if args.other else [])):
        if parse_spec(name)[0] != "expert":
            ap.error(f"{name!r} is not an expert")
    if rules_of(ap, args.rules).players != 2:
        ap.error("two players only (the peek reads the one opponent)")
    if args.pairs < 1:
        ap.error("--pairs must be 1 or more")
    jobs = [(args.rules, args.expert, args.vs, args.other, args.seed, d) for d in range(args.pairs)]
    rows: list[_Row] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for part in pool.imap(_deal, jobs):
                rows.extend(part)
    else:
        for job in jobs:
            rows.extend(_deal(job))
    print(f"{args.expert} vs {args.vs}, seed {args.seed}, {args.pairs} deals x 2 seatings")
    for line in report(rows, args.other):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
