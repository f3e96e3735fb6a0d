"""Two experts (or any two bots, or more) against one opponent on the same deals, paired: a
cheap A/B.

    PYTHONPATH=$PWD nice -n 19 python scripts/expert_ab.py 'expert:guard=inf' \\
        'expert:guard=inf,read_holdout=1' --vs hard --seed 7001 --pairs 200 --limits 5-7

Deal ``i`` is the deal ``okgin arena A VS --seed S`` plays as its deal ``i`` (the same deck,
dealer and bot seeds: :func:`okgin.arena.play.play_deal`), so a row here is the arena's row.
Only the deals whose knock limit is in ``--limits`` are played (``A`` for the ace, ``2-4``,
``5-7``, ``8-10``, comma-separated; default all), each in both seatings, by ``A`` and by
``B``. With ``guard=inf`` both bots decide alike until the first decision they differ on,
so a deal they play alike gives a difference of exactly 0 and the paired difference B − A
is far less noisy than two separate arena runs. Prints A and B against the opponent and
B − A, each in points per hand (the hero's points minus the opponent's) with a 95% normal
interval over deals, and how many deals the two played differently. More than one ``B``
(``expert_ab.py A B C …``) plays each on the same deals, A once, each against A.

``--peek`` lets ``B`` see through the cards: every world its search samples holds the other
seats' true hands (the stock order is still shuffled), so B − A is what a perfect read of the
opponents' hands would be worth to the expert, the room above its belief
(:func:`okgin.bots.belief.sample_worlds`). ``B`` must be an expert and ``--vs`` not one.
``--peek draw`` or ``--peek play`` peeks in those decisions only (the draws: offer, draw and
fiftieth card; the plays: discards and knocks), the belief's in the others, to tell which
decisions the room is in; ``--peek knock`` and ``--peek discard`` split the plays into
those where a knock is legal and those where it is not.

Each bot's share of games to the target (under a format with one: ``okgin arena``'s games
line, resampled from the hands), is printed under its points: the figure ``okgin arena BOT VS
--seed S`` prints on the same deals (the same hands, the same resampling).

``--tally FILE`` plays nothing: it reads the ``deal i`` lines an earlier ``--verbose`` run
printed (one stopped part way too) and prints that run's summary, the limit lines included;
give it the same bots, ``--seed`` and ``--rules`` (the limits are read off the deals;
``--limits`` keeps those buckets' lines only). How many deals were played differently is not
in those lines, so it is left out; the games shares are read from the ``hands i`` lines
beside them (each seating's result, winner and points), where every deal has one.

``--outcomes`` (a run's or ``--tally``'s, where every deal has its hands) splits each bot's
figure by how its seatings ended, from its seat: its gin (big gin included), its knock, its
undercut of a knocker, the same three won by another seat (``their undercut``: with two
players, its own knock undercut), and dead hands. Each ending's line gives its share of the
seatings and the points a hand it brings (the hero's margin in those seatings over all of
them: the lines sum to the bot's figure), and for each B the paired B − A of both, with 95%
intervals over the deals: where B's difference comes from.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import multiprocessing
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import okgin.arena.play as arena_play
import okgin.bots.expert as expert_module
from okgin.actions import Knock
from okgin.arena.play import ArenaSpec, HandRow, deck_for, derive, play_deal
from okgin.arena.report import games_share, games_what
from okgin.arena.stats import BUCKETS, bucket, normal_ci
from okgin.bots import parse_spec
from okgin.bots.belief import Knowledge, World, true_worlds
from okgin.cards import CARDS
from okgin.commands import rules_arg, rules_of
from okgin.game import Game
from okgin.hand import RESULTS
from okgin.rules import Rules
from okgin.views import View


def _facts(rules: Rules, seed: int, deal: int) -> tuple[int, int, bool, bool]:
    """Deal ``deal``'s knock limit, its dealer, whether its upcard is of the doubling suit and
    whether it doubles the target (:class:`~okgin.arena.play.HandRow`'s fields)."""
    deck = deck_for(seed, deal)
    dealer = derive(seed, "dealer", deal) % rules.players
    game = Game(rules, dealer=dealer, auto_deal=False, deck=[CARDS[c] for c in deck])
    up = game.hand.upcard
    return game.hand.limit, dealer, rules.is_doubling_upcard(up), rules.doubles_target(up)


def _margin(points: Sequence[int], hero: int) -> float:
    n = len(points)
    return points[hero] - (sum(points) - points[hero]) / (n - 1)


#: How a seating ended, from the hero's seat (``--outcomes``).
OUTCOMES = (
    "own gin",
    "own knock",
    "own undercut",
    "their gin",
    "their knock",
    "their undercut",
    "dead",
)


def outcome(row: HandRow) -> str:
    """``row``'s ending from the hero's seat (``row.rotation``), one of :data:`OUTCOMES`:
    ``own`` where the hero won it, ``their`` where another seat did; big gin counts as gin."""
    if row.winner < 0:
        return "dead"
    kind = "gin" if row.result == "big_gin" else row.result
    return f"{'own' if row.winner == row.rotation else 'their'} {kind}"


def _endings(seatings: Sequence[HandRow]) -> tuple[list[float], list[float]]:
    """One deal's seatings by :func:`outcome`: each ending's share of them, and the hero's
    margin in them over all of them (summed over the endings: the deal's figure)."""
    share = [0.0] * len(OUTCOMES)
    points = [0.0] * len(OUTCOMES)
    for row in seatings:
        k = OUTCOMES.index(outcome(row))
        share[k] += 1 / len(seatings)
        points[k] += _margin(row.points, row.rotation) / len(seatings)
    return share, points


#: The decisions ``--peek`` can peek in.
PEEKS = ("all", "draw", "play", "knock", "discard")


def peeks(view: View, phases: str) -> bool:
    """Whether a decision of ``view`` is one of ``phases`` (:data:`PEEKS`)."""
    if phases == "all":
        return True
    draws = view.phase in ("offer", "draw", "fiftieth")
    if phases == "draw" or draws:
        return draws == (phases == "draw")
    if phases == "play":
        return True
    knock = any(isinstance(a, Knock) for a in view.legal_actions)
    return knock == (phases == "knock")


@contextlib.contextmanager
def peeking(phases: str = "all") -> Iterator[None]:
    """While inside: the worlds every expert samples hold the other seats' true hands, read
    from the game the arena's :func:`~okgin.arena.play.play_out` is playing (the cards no
    seat holds, shuffled, are the stock); in the decisions of ``phases`` only (``draw``,
    ``play``, ``knock``, ``discard`` or ``all``: see the module docstring)."""
    playing: list[Any] = []
    play_out = arena_play.play_out
    names = vars(expert_module)  # the expert's own names: its search calls sample_worlds
    sample = names["sample_worlds"]

    def watched(game: Any, *args: Any, **kwargs: Any) -> None:
        playing.append(game)
        try:
            play_out(game, *args, **kwargs)
        finally:
            playing.pop()

    def seen(know: Knowledge, count: int, rng: random.Random, **options: Any) -> list[World]:
        if not peeks(know.view, phases):
            return list(sample(know, count, rng, **options))
        return true_worlds(know, playing[-1].hand.hands, count, rng)

    arena_play.play_out = watched
    names["sample_worlds"] = seen
    try:
        yield
    finally:
        arena_play.play_out = play_out
        names["sample_worlds"] = sample


_Job = tuple[dict[str, Any], str, tuple[str, ...], str, int, int, str]
#: each bot's hands of a deal (A's, then each B's), a row per seating
_Hands = tuple[tuple[HandRow, ...], ...]
#: (deal, A's points, each B's, whether each B played the deal otherwise than A, the hands;
#: ``None`` where a ``--tally`` line had none)
_Row = tuple[int, float, tuple[float, ...], tuple[bool, ...], _Hands | None]


def _deal(job: _Job) -> _Row:
    rules, a, bs, vs, seed, deal, peek = job
    out = []
    trace = []
    hands = []
    for side, hero in enumerate((a, *bs)):
        spec = ArenaSpec(rules=rules, bots=(hero, vs), pairings=((0, 1),), seed=seed)
        total = 0.0
        moves = []
        rows = []
        for rotation in range(Rules.from_dict(rules).players):
            with peeking(peek) if peek and side else contextlib.nullcontext():
                row, game = play_deal(spec, 0, deal, rotation)
            total += _margin(row.points, rotation)
            moves.append(tuple(str(a) for _, a in game.hand.history))
            rows.append(row)
        out.append(total / Rules.from_dict(rules).players)
        trace.append(moves)
        hands.append(tuple(rows))
    differ = tuple(t != trace[0] for t in trace[1:])
    return deal, out[0], tuple(out[1:]), differ, tuple(hands)


def _hands_line(deal: int, hands: _Hands) -> str:
    """``hands i: A r,w,p0,p1;… B …``: each bot's seatings in turn, a seating's result, winner
    (-1: dead) and points."""
    arms = [
        ";".join(",".join(str(x) for x in (r.result, r.winner, *r.points)) for r in rows)
        for rows in hands
    ]
    return f"hands {deal}: A {arms[0]} B {' '.join(arms[1:])}"


def _parse_hands(
    text: str, deal: int, facts: tuple[int, int, bool, bool], count: int, players: int
) -> _Hands:
    """The hands of a ``hands i`` line's text after ``A `` (``count`` Bs, ``players`` seatings
    each, a point figure a seat in each)."""
    a, _, many = text.partition(" B ")
    arms = [a, *many.split()]
    if len(arms) != count + 1:
        raise ValueError(f"{len(arms) - 1} B hands, not {count}")
    limit, dealer, doubled, doubles = facts
    out = []
    for arm in arms:
        rows = []
        seatings = arm.split(";")
        if len(seatings) != players:
            raise ValueError(f"{len(seatings)} seatings, not {players}")
        for rotation, seat in enumerate(seatings):
            result, winner, *points = seat.split(",")
            if result not in RESULTS:
                raise ValueError(f"result {result!r} is none of {', '.join(RESULTS)}")
            if len(points) != players:
                raise ValueError(f"{len(points)} points in a seating, not {players}")
            rows.append(
                HandRow(
                    pairing=0,
                    deal=deal,
                    rotation=rotation,
                    dealer=dealer,
                    limit=limit,
                    doubled=doubled,
                    doubles_target=doubles,
                    result=result,
                    winner=int(winner),
                    points=tuple(int(x) for x in points),
                )
            )
        out.append(tuple(rows))
    return tuple(out)


def _tally(
    path: str, count: int, facts: Callable[[int], tuple[int, int, bool, bool]], players: int
) -> list[_Row]:
    """The rows of the ``deal i: A x B y …`` lines of a ``--verbose`` run's output (the
    other lines skipped), each B's "played differently" unknown (False); ``count`` Bs a line;
    with the hands of its ``hands i`` line where it has one (``facts``: a deal's
    :func:`_facts`)."""
    rows: list[_Row] = []
    hands: dict[int, _Hands] = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            kind = line.split(" ", 1)[0]
            if kind not in ("deal", "hands"):
                continue
            head, _, rest = line.partition(": A ")
            try:
                deal = int(head[len(kind) + 1 :])
                if kind == "hands":
                    hands[deal] = _parse_hands(rest.strip(), deal, facts(deal), count, players)
                    continue
                a, _, many = rest.partition(" B ")
                bs = tuple(float(x) for x in many.split())
            except ValueError as e:
                raise ValueError(
                    f"line {number} is not a '{kind} i: A … B …' line ({e}): {line.strip()!r}"
                ) from None
            if len(bs) != count:
                raise ValueError(f"line {number} has {len(bs)} B figures, not {count}")
            rows.append((deal, float(a), bs, (False,) * count, None))
    if not rows:
        raise ValueError(f"no 'deal i' lines in {path}")
    return [(*row[:4], hands.get(row[0])) for row in rows]


class _Serial:
    """A pool of one: the deals in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn: Callable[[_Job], _Row], jobs: Sequence[_Job]) -> Iterator[_Row]:
        return map(fn, jobs)


def _ci(xs: Sequence[float]) -> str:
    if not xs:
        return "no deals"
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return f"{m:+.2f}"
    lo, hi = normal_ci(xs)
    return f"{m:+.2f} [{lo:+.2f}, {hi:+.2f}]"


def _games(rows: Sequence[_Row], rules: Rules, seed: int) -> list[str]:
    """Each bot's games line (A's, then each B's), ``okgin arena``'s figure on these hands;
    none unless every row has its hands."""
    if not rows or any(r[4] is None for r in rows):
        return []
    ordered = sorted(rows, key=lambda r: r[0])
    what = games_what(rules.format, rules.target)
    out = []
    for arm in range(len(ordered[0][2]) + 1):
        share, (lo, hi) = games_share([r[4][arm] for r in ordered if r[4] is not None], rules, seed)
        out.append(f"{what} {100 * share:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%]")
    return out


def _outcome_lines(rows: Sequence[_Row], arm: int, tag: str) -> list[str]:
    """``--outcomes``' lines for arm ``arm`` (0: A; ``tag`` its name): each ending's share of
    its seatings and points a hand; for a B, each one's B − A too, paired over the deals."""
    ends = [_endings(r[4][arm]) for r in rows if r[4] is not None]
    base = [_endings(r[4][0]) for r in rows if r[4] is not None] if arm else []
    head = "share of seatings, points a hand from it"
    out = [f"    {tag} by ending: {head}" + ("; B - A of both" if arm else "")]
    for k, name in enumerate(OUTCOMES):
        share = 100 * sum(e[0][k] for e in ends) / len(ends)
        line = f"      {name:<14} {share:5.1f}%  {_ci([e[1][k] for e in ends]):<22}"
        if arm:
            ds = _ci([100 * (e[0][k] - b[0][k]) for e, b in zip(ends, base, strict=True)])
            dp = _ci([e[1][k] - b[1][k] for e, b in zip(ends, base, strict=True)])
            line += f"  {ds} pp  {dp}"
        out.append(line.rstrip())
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b", nargs="+", help="one bot or more, each played against A")
    ap.add_argument("--vs", default="hard")
    ap.add_argument("--rules", type=rules_arg, default="standard")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--pairs", type=int, default=100, help="deals looked at (the arena's first N)")
    ap.add_argument("--start", type=int, default=0, help="the first deal looked at")
    ap.add_argument("--verbose", action="store_true", help="a line per deal as it ends")
    ap.add_argument("--limits", default="", help="knock-limit buckets to play, e.g. 5-7,8-10")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--tally",
        metavar="FILE",
        default="",
        help="summarize an earlier --verbose run's 'deal i' lines instead of playing",
    )
    ap.add_argument(
        "--peek",
        nargs="?",
        const="all",
        default="",
        choices=PEEKS,
        help="B's sampled worlds (each B's) hold the opponents' true hands (what reading them "
        "is worth); "
        "draw or play: in those decisions only; knock or discard: in the plays with a legal "
        "knock or without one",
    )
    ap.add_argument(
        "--outcomes",
        action="store_true",
        help="split each bot's figure by how its seatings ended (its gin, knock, undercut; "
        "theirs; dead): each ending's share and points a hand, and each B - A of both",
    )
    args = ap.parse_args(argv)
    bs = tuple(args.b)
    for name in (args.a, *bs, args.vs):
        try:
            parse_spec(name)
        except ValueError as e:
            ap.error(str(e))
    if args.peek and (
        any(parse_spec(b)[0] != "expert" for b in bs) or parse_spec(args.vs)[0] == "expert"
    ):
        ap.error("--peek: B must be an expert and --vs not one")
    rules = rules_of(ap, args.rules)
    wanted = {x.strip() for x in args.limits.split(",") if x.strip()}
    # a deal's facts deal its cards: once per deal, for the filter, the limit lines and the
    # hands of ``--tally``
    facts_of = functools.cache(lambda deal: _facts(rules, args.seed, deal))
    bucket_of = functools.cache(lambda deal: bucket(facts_of(deal)[0]))
    rows: list[_Row] = []
    if args.tally:
        try:
            rows = _tally(args.tally, len(bs), facts_of, rules.players)
        except (OSError, ValueError) as e:
            ap.error(f"--tally: {e}")
        rows = [r for r in rows if not wanted or bucket_of(r[0]) in wanted]
        span = f"the deals of {args.tally}"
        if args.outcomes and any(r[4] is None for r in rows):
            ap.error(f"--outcomes: a deal of {args.tally} has no 'hands i' line")
    else:
        deals = range(args.start, args.start + args.pairs)
        jobs = [
            (args.rules, args.a, bs, args.vs, args.seed, d, args.peek)
            for d in deals
            if not wanted or bucket_of(d) in wanted
        ]
        with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
            for row in pool.imap(_deal, jobs):
                rows.append(row)
                if args.verbose:
                    many = " ".join(f"{x:+.3f}" for x in row[2])
                    print(f"deal {row[0]}: A {row[1]:+.3f} B {many}", flush=True)
                    assert row[4] is not None  # played here
                    print(_hands_line(row[0], row[4]), flush=True)
        span = f"deals {args.start}-{args.start + args.pairs - 1}"
    print(
        f"seed {args.seed}, {span}, limits {args.limits or 'all'}: "
        f"{len(rows)} deals x {rules.players} seatings, vs {args.vs}"
    )
    print(f"  A {args.a}: {_ci([r[1] for r in rows])}")
    games = _games(rows, rules, args.seed)
    if games:
        print(f"    {games[0]}")
    if args.outcomes:
        print("\n".join(_outcome_lines(rows, 0, "A")))
    # the limit lines, unless one bucket was asked for (they would repeat the totals)
    by_limit: dict[str, list[_Row]] = {}
    if len(wanted) != 1:
        for key in BUCKETS:
            sub = [r for r in rows if bucket_of(r[0]) == key]
            if sub:
                by_limit[key] = sub
                print(f"    {key:>4} {len(sub):4d} deals  A {_ci([r[1] for r in sub])}")
    peek = f" (peeking{'' if args.peek == 'all' else ' in ' + args.peek})" if args.peek else ""
    for i, b in enumerate(bs):
        tag = "B" if len(bs) == 1 else f"B{i + 1}"
        diff = [r[2][i] - r[1] for r in rows]
        changed = (
            "" if args.tally else f"  ({sum(1 for r in rows if r[3][i])} deals played differently)"
        )
        print(f"  {tag} {b}{peek}: {_ci([r[2][i] for r in rows])}")
        if games:
            print(f"    {games[i + 1]}")
        print(f"  {tag} - A: {_ci(diff)}{changed}")
        if args.outcomes:
            print("\n".join(_outcome_lines(rows, i + 1, tag)))
        for key, sub in by_limit.items():
            d = _ci([r[2][i] - r[1] for r in sub])
            own = _ci([r[2][i] for r in sub])
            print(f"    {key:>4} {len(sub):4d} deals  {tag} - A {d}  ({tag} {own})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
