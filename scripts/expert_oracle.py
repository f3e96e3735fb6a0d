"""Where the expert's search leads away from ``hard``'s choice, is its leader really better?

    PYTHONPATH=$PWD nice -n 19 python scripts/expert_oracle.py 'expert:guard=inf' \\
        --vs hard --seed 7011 --pairs 150 --jobs 2 --worlds 24

An arena run can only tell two experts apart by whole hands, and a hand's result carries about
25 points of noise: an A/B of 200 deals cannot see a change of 2 points a hand. This looks at
the decisions instead. It plays the arena's deals (``okgin arena EXPERT VS --seed S``, both
seatings) and, at every searched decision whose leader (the candidate the search rates best)
is not ``hard``'s own choice (the expert's prior), it records the search's lead — the paired
difference ``d`` and its standard error ``se`` — and prices both moves with an oracle that
knows the real cards: ``--worlds`` reshuffles of the real remaining stock (the real hidden
hands kept, so each is a draw from the true distribution of what comes next), each move
then played on to the end of the hand by ``hard`` for the expert's seat and by ``--vs`` for
the others, the same reshuffle and the same bot seeds for both moves. The oracle's gain is
the mean of (leader − prior) in the expert's points minus the opponent's.

Prints that gain, with a 95% normal interval over decisions, by the search's evidence
``d / se`` (the expert switches when it is above ``switch``, 1 by default), by phase, by kind
of switch and by knock-limit bucket, and per hand over all hands played.

What it cannot see: the oracle's continuation for the expert's seat is ``hard``'s, so it
rates a move by how ``hard`` would go on from it, which favours ``hard``'s own choice a
little; and a knock's alternative is priced by ``hard`` never knocking short of gin later.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import okgin.arena.play as arena_play
from okgin.actions import DRAW, PASS, TAKE, Action, Discard, Knock
from okgin.arena.play import ArenaSpec, play_deal
from okgin.arena.stats import bucket, normal_ci
from okgin.bots import make_bot, parse_spec
from okgin.bots.belief import Knowledge
from okgin.bots.expert import Evaluation, ExpertBot, paired
from okgin.bots.hard import HardBot
from okgin.commands import rules_arg, rules_of
from okgin.game import Game
from okgin.hand import HandState
from okgin.rules import Rules
from okgin.views import View, view_of_hand

#: (true state, seat, leader, prior, d, se, switched, phase, knock limit) per decision
_LOG: list[tuple[HandState, int, Action, Action, float, float, bool, str, int]] = []
_GAME: list[Game] = []
_READY: list[bool] = []


def _instrument() -> None:
    """Let the expert's decisions be seen with the real state behind them (once a process)."""
    if _READY:
        return
    _READY.append(True)
    play_out = arena_play.play_out
    evaluate = ExpertBot.evaluate
    act = ExpertBot.act

    def seen_play_out(game: Game, bots: Any, where: str, observe: Any = None) -> None:
        _GAME[:] = [game]
        play_out(game, bots, where, observe)

    def seen_evaluate(self: ExpertBot, *args: Any, **kwargs: Any) -> Evaluation:
        ev = evaluate(self, *args, **kwargs)
        self._oracle_ev = ev  # type: ignore[attr-defined]
        return ev

    def seen_act(self: ExpertBot, view: View) -> Action:
        if not _GAME:  # a decision outside the arena's play: nothing to price it on
            return act(self, view)
        self._oracle_ev = None  # type: ignore[attr-defined]
        state = _GAME[0].hand.copy()
        action = act(self, view)
        ev: Evaluation | None = self._oracle_ev  # type: ignore[attr-defined]
        if ev is None:
            return action
        prior = self.hard.decide(view, Knowledge(view))[0]
        if prior not in ev.candidates:
            return action
        pi = ev.candidates.index(prior)
        n = ev.worlds
        means = ev.means()
        best = max(ev.alive, key=lambda i: (means[i], -i))
        if best == pi or pi not in ev.alive:
            return action
        d, se = paired(ev.values[best], ev.values[pi], n)
        lead = ev.candidates[best]
        _LOG.append(
            (state, view.own_seat, lead, prior, d, se, action == lead, view.phase, view.knock_limit)
        )
        return action

    arena_play.play_out = seen_play_out
    ExpertBot.evaluate = seen_evaluate  # type: ignore[method-assign]
    ExpertBot.act = seen_act  # type: ignore[method-assign]


def _price(state: HandState, seat: int, action: Action, k: int, seed: int, vs: str) -> float:
    """``action`` in ``state`` with the stock reshuffled (``k``), played on by ``hard`` for
    ``seat`` and ``vs`` for the others: ``seat``'s points minus the others' mean."""
    h = state.copy()
    rest = list(h.deck[h.stock_pos :])
    random.Random(seed * 1000 + k).shuffle(rest)
    h.deck = type(h.deck)([*h.deck[: h.stock_pos], *rest])
    h.apply(action)
    bots = [
        HardBot(seed * 7 + s + 100 * k) if s == seat else make_bot(vs, seed * 7 + s + 100 * k)
        for s in range(h.n)
    ]
    while h.result is None:
        s = h.current_player
        assert s is not None
        h.apply(bots[s].act(view_of_hand(h, s)))
    pts = h.result.points
    return pts[seat] - (sum(pts) - pts[seat]) / (h.n - 1)


def _kind(action: Action) -> str:
    if isinstance(action, Knock):
        return "knock"
    if isinstance(action, Discard):
        return "discard"
    return {TAKE: "take", DRAW: "draw", PASS: "pass"}.get(action, str(action))


_Job = tuple[dict[str, Any], str, str, int, int, int]
#: (deal, phase, limit, leader kind, d, se, switched, oracle gain)
_Row = tuple[int, str, int, str, float, float, bool, float]


def _deal(job: _Job) -> list[_Row]:
    rules, hero, vs, seed, deal, worlds = job
    _instrument()
    spec = ArenaSpec(rules=rules, bots=(hero, vs), pairings=((0, 1),), seed=seed)
    out: list[_Row] = []
    for rotation in range(Rules.from_dict(rules).players):
        _LOG.clear()
        play_deal(spec, 0, deal, rotation)
        for state, seat, lead, prior, d, se, switched, phase, limit in _LOG:
            gains = [
                _price(state, seat, lead, k, deal, vs) - _price(state, seat, prior, k, deal, vs)
                for k in range(worlds)
            ]
            out.append((deal, phase, limit, _kind(lead), d, se, switched, sum(gains) / worlds))
    return out


def _ci(xs: Sequence[float]) -> str:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return f"{n:5d} decisions  {m:+.2f}"
    lo, hi = normal_ci(xs)
    return f"{n:5d} decisions  {m:+.2f} [{lo:+.2f}, {hi:+.2f}]"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("expert", help="the expert to look at: expert or expert:KEY=VALUE,...")
    ap.add_argument("--vs", default="hard")
    ap.add_argument("--rules", type=rules_arg, default="standard")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--pairs", type=int, default=50, help="deals looked at (the arena's first N)")
    ap.add_argument("--worlds", type=int, default=24, help="stock reshuffles per decision")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    for name in (args.expert, args.vs):
        try:
            parse_spec(name)
        except ValueError as e:
            ap.error(str(e))
    if parse_spec(args.expert)[0] != "expert":
        ap.error(f"{args.expert!r} is not an expert")
    if args.pairs < 1 or args.worlds < 1:
        ap.error("--pairs and --worlds must be 1 or more")
    rules = rules_of(ap, args.rules)
    jobs = [
        (args.rules, args.expert, args.vs, args.seed, d, args.worlds) for d in range(args.pairs)
    ]
    rows: list[_Row] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for part in pool.imap(_deal, jobs):
                rows.extend(part)
    else:
        for job in jobs:
            rows.extend(_deal(job))
    hands = args.pairs * rules.players
    print(
        f"{args.expert} vs {args.vs}, seed {args.seed}, {args.pairs} deals ({hands} hands), "
        f"{args.worlds} reshuffles a decision: the oracle's gain of the search's leader over "
        "hard's choice, points per decision"
    )
    if not rows:
        print("  no searched decision led away from hard's choice")
        return 0
    groups: dict[str, list[float]] = defaultdict(list)
    for _, phase, limit, kind, d, se, switched, gain in rows:
        z = d / se if se > 0 else math.inf
        edge = next(x for x in (0.5, 1.0, 1.5, 2.0, 3.0, math.inf) if z < x)
        groups[f"lead under {edge:g} se"].append(gain)
        groups[f"phase {phase}"].append(gain)
        if switched:
            groups["switched"].append(gain)
            groups[f"switched to a {kind}"].append(gain)
            groups[f"switched, limit {bucket(limit)}"].append(gain)
        else:
            groups["kept hard's choice"].append(gain)
    for key in sorted(groups):
        print(f"  {key:<28} {_ci(groups[key])}")
    total = sum(groups.get("switched", []))
    print(f"  the switches' gain per hand over all {hands} hands: {total / hands:+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
