"""What a hand and a game count: RULES.md §5-§7 and §9 in one place.

:func:`hand_score` is the rule of §7 (gin, big gin, a knock that beats or is undercut, the
multiplier, ``multiway_scoring``), line by line; :class:`~okgin.hand.HandState` scores every
hand with it, and :func:`hand_breakdown` returns the same lines with each seat's deadwood,
layoffs and arrangement, as data a front end renders (never re-derives)::

    >>> from okgin.rules import Rules

if TYPE_CHECKING:
    from okgin.hand import HandResult
    >>> s = hand_score(Rules.preset("party", players=3), 0, [3, 15, 0])
    >>> s.result, s.points, s.winner
    ('undercut', (0, 0, 38), 2)
    >>> [(ln.kind, ln.to, ln.against, ln.differences, ln.bonus, ln.points) for ln in s.lines]
    [('undercut', 2, (0, 1), (3, 15), 20, 38)]

:func:`final_score` is §9's end of a game (hand points, boxes, the game bonus, a shutout).
The declared deadwood of a knock (:func:`knock_deadwood`), the knock a screen offers first
(:func:`default_knock`) and layoff chains (:func:`layoff_candidates`,
:func:`layoff_order`) live here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from okgin.actions import Action, Knock
from okgin.cards import CARDS, Card, cards_of
from okgin.melds import Meld, deadwood, declared_deadwood, default_arrangement, layoff_spots
from okgin.rules import Rules

if TYPE_CHECKING:
    from okgin.hand import HandResult

__all__ = [
    "BONUS_NAMES",
    "FinalLine",
    "FinalScore",
    "HandBreakdown",
    "HandScore",
    "ScoreLine",
    "SeatScore",
    "beats",
    "best_discard_deadwood",
    "default_knock",
    "done_layoffs",
    "final_score",
    "hand_breakdown",
    "hand_score",
    "knock_choices",
    "knock_deadwood",
    "knock_is_gin",
    "layoff_candidates",
    "layoff_order",
    "meld_overlap",
    "offered_knock",
    "score_hand",
    "spread",
]

#: The bonus each kind of line adds.
BONUS_NAMES: Final = {
    "gin": "gin bonus",
    "big_gin": "big gin bonus",
    "beat": "knock bonus",
    "undercut": "undercut bonus",
}


# ---- one hand (RULES.md §7) ---------------------------------------------------------------
class ScoreLine(NamedTuple):
    """One line of a hand's arithmetic: ``to`` scores ``multiplier × (Σ differences + bonus)``.

    ``kind``: ``gin`` / ``big_gin`` (the knocker against every defender: ``differences`` are
    the defenders' deadwood), ``beat`` (the knocker beat ``against``: each ``Dd − Dk``) or
    ``undercut`` (``to`` undercut: each ``D − D_to`` over ``against``). Under ``pairwise``
    each line is against one seat; under ``lowest`` the one line is against all the others.
    ``tie``: an undercut on equal deadwood (``undercut_on_tie``).
    """

    kind: str
    to: int
    against: tuple[int, ...]
    differences: tuple[int, ...]
    bonus: int
    multiplier: int
    points: int
    tie: bool = False

    @property
    def bonus_name(self) -> str:
        return BONUS_NAMES[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "to": self.to,
            "against": list(self.against),
            "differences": list(self.differences),
            "bonus": self.bonus,
            "bonus_name": self.bonus_name,
            "multiplier": self.multiplier,
            "points": self.points,
            "tie": self.tie,
        }


class HandScore(NamedTuple):
    """A knocked hand scored: ``result`` (gin, big_gin, knock, undercut), the lines, each
    seat's points and the hand's winner."""

    result: str
    lines: tuple[ScoreLine, ...]
    points: tuple[int, ...]
    winner: int


def beats(rules: Rules, knocker_deadwood: int, defender_deadwood: int) -> bool:
    """Whether a knock (not gin) with ``knocker_deadwood`` beats a defender holding
    ``defender_deadwood``: ``Dd > Dk``, or ``Dd = Dk`` with ``undercut_on_tie = false``."""
    return defender_deadwood > knocker_deadwood or (
        defender_deadwood == knocker_deadwood and not rules.undercut_on_tie
    )


def hand_score(
    rules: Rules,
    knocker: int,
    deadwoods: Sequence[int],
    multiplier: int = 1,
    big: bool = False,
) -> HandScore:
    """A knocked hand scored from each seat's deadwood as scored (the knocker's declared
    ``Dk``, the defenders' after layoffs), RULES.md §7. ``big``: the knock was big gin."""
    n = len(deadwoods)
    k = knocker
    m = multiplier
    dk = deadwoods[k]
    defenders = tuple([(k + i) % n for i in range(1, n)])  # in seat order after the knocker
    points = [0] * n
    lines: list[ScoreLine] = []
    if dk == 0:
        kind = "big_gin" if big and rules.big_gin_bonus is not None else "gin"
        bonus = rules.big_gin_bonus if kind == "big_gin" else rules.gin_bonus
        assert bonus is not None
        diffs = tuple(deadwoods[s] for s in defenders)
        points[k] = m * (bonus + sum(diffs))
        lines.append(ScoreLine(kind, k, defenders, diffs, bonus, m, points[k]))
        return HandScore("big_gin" if big else "gin", tuple(lines), tuple(points), k)
    beaten = {s: beats(rules, dk, deadwoods[s]) for s in defenders}
    # with two players both readings score alike (lowest's sums reduce to §7's two-player
    # formulas), so two players always take the pairwise lines
    if rules.multiway_scoring == "pairwise" or n == 2:
        for s in defenders:
            d = deadwoods[s]
            if beaten[s]:
                pts = m * (d - dk + rules.knock_bonus)
                points[k] += pts
                lines.append(ScoreLine("beat", k, (s,), (d - dk,), rules.knock_bonus, m, pts))
            else:
                pts = m * (dk - d + rules.undercut_bonus)
                points[s] += pts
                lines.append(
                    ScoreLine("undercut", s, (k,), (dk - d,), rules.undercut_bonus, m, pts, d == dk)
                )
        if n == 2:
            winner = k if beaten[defenders[0]] else defenders[0]
        else:
            top = max(points)
            winner = next(s for s in (k, *defenders) if points[s] == top)
    elif all(beaten.values()):
        winner = k
        diffs = tuple(deadwoods[s] - dk for s in defenders)
        points[k] = m * (sum(diffs) + rules.knock_bonus)
        lines.append(ScoreLine("beat", k, defenders, diffs, rules.knock_bonus, m, points[k]))
    else:
        low = min(deadwoods[s] for s in defenders)
        winner = next(s for s in defenders if deadwoods[s] == low)
        others = tuple((winner + i) % n for i in range(1, n))
        diffs = tuple(deadwoods[s] - low for s in others)
        points[winner] = m * (sum(diffs) + rules.undercut_bonus)
        lines.append(
            ScoreLine(
                "undercut",
                winner,
                others,
                diffs,
                rules.undercut_bonus,
                m,
                points[winner],
                low == dk,
            )
        )
    return HandScore("knock" if winner == k else "undercut", tuple(lines), tuple(points), winner)


def score_hand(
    rules: Rules,
    knocker: int,
    deadwoods: Sequence[int],
    multiplier: int = 1,
    big: bool = False,
) -> tuple[str, tuple[int, ...], int]:
    """:func:`hand_score` as ``(result, points, winner)``::

    >>> party = Rules.preset("party", players=3)
    >>> score_hand(party, 0, [3, 15, 0])
    ('undercut', (0, 0, 38), 2)
    >>> score_hand(party.with_options(multiway_scoring="pairwise"), 0, [3, 15, 0])
    ('undercut', (22, 0, 23), 2)
    """
    s = hand_score(rules, knocker, deadwoods, multiplier, big)
    return s.result, s.points, s.winner


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat at the end of a knocked hand: its cards as spread and its deadwood.

    The knocker: ``melds`` as declared, ``unmelded`` its declared deadwood cards,
    ``deadwood_before`` = ``deadwood`` = Dk. A defender: ``melds`` the RULES.md §5 spread of
    the cards it kept, ``unmelded`` the rest, ``laid_off`` its layoffs in order,
    ``deadwood_before`` its least deadwood before them and ``deadwood`` after (as scored).
    """

    seat: int
    knocker: bool
    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    laid_off: tuple[Card, ...]
    deadwood_before: int
    deadwood: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "knocker": self.knocker,
            "melds": [[c.text for c in m.cards] for m in self.melds],
            "unmelded": [c.text for c in self.unmelded],
            "laid_off": [c.text for c in self.laid_off],
            "deadwood_before": self.deadwood_before,
            "deadwood": self.deadwood,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class HandBreakdown:
    """How a hand was scored, line by line (RULES.md §7), for a front end to show.

    ``scoring``: ``two`` (two players), ``pairwise`` or ``lowest`` (``multiway_scoring``).
    A dead hand has no seats and no lines.
    """

    result: str
    knocker: int | None
    knock_limit: int
    multiplier: int
    scoring: str
    seats: tuple[SeatScore, ...]
    lines: tuple[ScoreLine, ...]
    points: tuple[int, ...]
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "knocker": self.knocker,
            "knock_limit": self.knock_limit,
            "multiplier": self.multiplier,
            "scoring": self.scoring,
            "seats": [s.to_json() for s in self.seats],
            "lines": [ln.to_json() for ln in self.lines],
            "points": list(self.points),
            "winner": self.winner,
        }


def hand_breakdown(
    rules: Rules,
    outcome: HandResult,
    *,
    kept: Sequence[Iterable[int]],
    laid_off: Sequence[Sequence[Card]],
    spread: Sequence[Meld],
) -> HandBreakdown:
    """The breakdown of a finished hand from its ``outcome`` and what every seat sees at its
    end: ``kept``, each seat's cards (the defenders' after layoffs, the knocker's spread and
    deadwood), ``laid_off`` each seat's layoffs, the knocker's declared ``spread``. The
    lines are :func:`hand_score`'s from the deadwood as scored: the very rule the hand was
    scored by."""
    result, knocker, knock_limit = outcome.result, outcome.knocker, outcome.knock_limit
    multiplier, deadwoods, points = outcome.multiplier, outcome.deadwood, outcome.points
    winner = outcome.winner
    n = rules.players
    scoring = "two" if n == 2 else rules.multiway_scoring
    if result == "dead" or knocker is None or deadwoods is None:
        return HandBreakdown(
            result, None, knock_limit, multiplier, scoring, (), (), tuple(points), winner
        )
    masks = [sum(1 << c for c in set(cards)) for cards in kept]
    used = 0
    for m in spread:
        used |= m.mask
    dk = deadwoods[knocker]
    score = hand_score(rules, knocker, deadwoods, multiplier, big=result == "big_gin")
    seats = []
    for s in range(n):
        if s == knocker:
            seats.append(
                SeatScore(
                    s,
                    True,
                    tuple(spread),
                    tuple(cards_of(masks[s] & ~used)),
                    (),
                    dk,
                    dk,
                    score.points[s],
                )
            )
            continue
        _, melds = default_arrangement(masks[s])
        melded = 0
        for m in melds:
            melded |= m.mask
        laid = tuple(laid_off[s])
        before = deadwood(masks[s] | sum(1 << c for c in laid)) if laid else deadwoods[s]
        seats.append(
            SeatScore(
                s,
                False,
                melds,
                tuple(cards_of(masks[s] & ~melded)),
                laid,
                before,
                deadwoods[s],
                score.points[s],
            )
        )
    return HandBreakdown(
        score.result,
        knocker,
        knock_limit,
        multiplier,
        scoring,
        tuple(seats),
        score.lines,
        score.points,
        score.winner,
    )


# ---- a game's end (RULES.md §9) -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FinalLine:
    """One seat's final score: ``(points + boxes × box_bonus + game_bonus) × (2 if shutout)``."""

    seat: int
    points: int
    boxes: int
    box_bonus: int
    game_bonus: int
    shutout: bool
    final: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "points": self.points,
            "boxes": self.boxes,
            "box_bonus": self.box_bonus,
            "game_bonus": self.game_bonus,
            "shutout": self.shutout,
            "final": self.final,
        }


@dataclass(frozen=True, slots=True)
class FinalScore:
    """A closed game's final scores, seat by seat, and its winner."""

    lines: tuple[FinalLine, ...]
    winner: int | None

    @property
    def finals(self) -> list[int]:
        return [ln.final for ln in self.lines]

    def to_json(self) -> dict[str, Any]:
        return {"lines": [ln.to_json() for ln in self.lines], "winner": self.winner}


def final_score(
    rules: Rules, totals: Sequence[int], wins: Sequence[int], winner: int | None
) -> FinalScore:
    """RULES.md §9: hand points, plus ``box_bonus`` per hand won, plus ``game_bonus`` to the
    winner, whose score a shutout (``shutout = double``: nobody else scored) doubles."""
    lines = []
    for s, total in enumerate(totals):
        boxes = int(wins[s])
        final = int(total) + rules.box_bonus * boxes
        bonus = 0
        shutout = False
        if s == winner:
            bonus = rules.game_bonus
            final += bonus
            if rules.shutout == "double" and all(t == 0 for o, t in enumerate(totals) if o != s):
                shutout = True
                final *= 2
        lines.append(FinalLine(s, int(total), boxes, rules.box_bonus, bonus, shutout, final))
    return FinalScore(tuple(lines), winner)


# ---- declared deadwood, the knock offered first, layoff chains (RULES.md §5, §6) -----------
def knock_deadwood(hand: int, knock: Knock) -> int:
    """The deadwood ``knock`` declares from ``hand`` (its discard, if any, set aside)."""
    rest = hand if knock.card is None else hand & ~(1 << knock.card)
    return declared_deadwood(rest, knock.melds)


def default_knock(legal: Iterable[Action], hand: int) -> Knock | None:
    """Of the legal knocks, the one to offer first: the least declared deadwood, then the
    fewest layoff spots, then big gin, then the first discard in card order (each knock
    carries RULES.md §5's arrangement); None when no knock is legal."""
    knocks = [a for a in legal if isinstance(a, Knock)]
    if not knocks:
        return None

    def key(k: Knock) -> tuple[int, int, int]:
        rest = hand if k.card is None else hand & ~(1 << k.card)
        spots = layoff_spots(k.melds, rest).bit_count()
        return (declared_deadwood(rest, k.melds), spots, -1 if k.card is None else int(k.card))

    return min(knocks, key=key)


def layoff_candidates(hand: int, melds: Sequence[Meld]) -> dict[Card, list[tuple[int, int]]]:
    """Each card of ``hand`` that can be laid off, with ``(meld index, depth)``: depth 0 fits
    the meld as it is; depth d needs the d cards between it and the meld laid off first
    (RULES.md §6's chains)."""
    out: dict[Card, list[tuple[int, int]]] = {}
    for k, meld in enumerate(melds):
        if meld.is_set:
            for card in cards_of(meld.extensions() & hand):
                out.setdefault(card, []).append((k, 0))
            continue
        base = meld.suit * 13
        for step, start, stop in ((-1, meld.low - 1, -1), (1, meld.high + 1, 13)):
            for depth, r in enumerate(range(start, stop, step)):
                c = base + r
                if not hand >> c & 1:
                    break
                out.setdefault(CARDS[c], []).append((k, depth))
    return dict(sorted(out.items()))


def layoff_order(cards: Sequence[Card], melds: Sequence[Meld]) -> list[tuple[Card, int]] | None:
    """An order in which all ``cards`` can be laid off onto ``melds`` (chains included), or
    None when there is none."""
    masks = [m.mask for m in melds]

    def walk(left: tuple[Card, ...], seq: list[tuple[Card, int]]) -> list[tuple[Card, int]] | None:
        if not left:
            return seq
        for i, c in enumerate(left):
            for k, m in enumerate(masks):
                if Meld(m).fits(c):
                    masks[k] = m | 1 << c
                    found = walk(left[:i] + left[i + 1 :], [*seq, (c, k)])
                    masks[k] = m
                    if found is not None:
                        return found
        return None

    return walk(tuple(sorted(cards)), [])


# ==== okgin play's figures (branch table): what a person's screens show while they play ====
# Kept in one block at the end so that other additions to this module merge beside it.
if TYPE_CHECKING:
    from okgin.views import View


def knock_choices(legal: Iterable[Action]) -> list[Knock]:
    """The legal knocks, one per knock discard, in card order (big gin last)."""
    knocks = [a for a in legal if isinstance(a, Knock)]
    return sorted(knocks, key=lambda k: 99 if k.card is None else int(k.card))


def best_discard_deadwood(hand: int, legal: Iterable[Action]) -> int | None:
    """With an extra card in ``hand``: the least deadwood one of the legal discards leaves
    (a card taken from the pile may not be one of them); None when no discard is legal."""
    from okgin.actions import Discard

    cards = [a.card for a in legal if isinstance(a, Discard)]
    if not cards:
        return None
    return min(deadwood(hand & ~(1 << c)) for c in cards)


def knock_is_gin(hand: int, knock: Knock) -> bool:
    """Whether ``knock`` declares no deadwood at all (gin, or big gin without a discard)."""
    return knock_deadwood(hand, knock) == 0


def done_layoffs(seq: Iterable[tuple[Card, int]]) -> list[Action]:
    """The actions that lay off ``seq`` (``(card, meld index)`` in order, as
    :func:`layoff_order` gives) and end the defender's turn."""
    from okgin.actions import DONE, Layoff

    return [*(Layoff(c, k) for c, k in seq), DONE]


def meld_overlap(melds: Iterable[Meld]) -> int:
    """The cards (a mask) that are in more than one of ``melds``: a knock may declare a card
    in one meld only (RULES.md §5); 0 when the melds are apart."""
    used = clash = 0
    for m in melds:
        clash |= m.mask & used
        used |= m.mask
    return clash


def spread(hand: int) -> tuple[int, tuple[Meld, ...], list[Card]]:
    """``hand`` as RULES.md §5 would spread it: its deadwood, its melds, the cards left
    out of them."""
    dw, melds = default_arrangement(hand)
    used = 0
    for m in melds:
        used |= m.mask
    return dw, melds, cards_of(hand & ~used)


def offered_knock(view: View) -> Knock | None:
    """The knock a seat's screen offers first: :func:`default_knock` over ``view``'s legal
    actions and hand."""
    from okgin.cards import mask_of

    return default_knock(view.legal_actions, mask_of(view.hand))


# ---- for front ends: every knock arrangement, Hollywood's three games (RULES.md §5, §9) ------
# (a block of its own: the web table offers a choice among these and draws the three games)
__all__ += ["HollywoodColumn", "hollywood_entry", "hollywood_games", "knock_arrangements"]


def knock_arrangements(hand: int, limit: int) -> list[tuple[int, tuple[Meld, ...]]]:
    """Every arrangement a knock may declare from ``hand`` (the cards left after the knock
    discard): each set of disjoint melds, the empty one included, whose declared deadwood is at
    most ``limit``, as ``(deadwood, melds)`` with the melds in card order.

    Ordered as RULES.md §5's default picks (least deadwood, then fewest layoff spots, then first
    in card order), so when any is legal the first is :func:`~okgin.melds.default_arrangement`.

    >>> from okgin.cards import mask_of
    >>> hand = mask_of("2c 3c 4c 5c 7d 7h 7s As 2s 3d".split())
    >>> [(dw, " ".join(m.text for m in ms)) for dw, ms in knock_arrangements(hand, 9)]
    [(6, '2c3c4c5c 7d7h7s'), (8, '3c4c5c 7d7h7s')]
    """
    from okgin.cards import hand_value
    from okgin.melds import arrangement_key, melds_in

    if limit < 0:
        return []
    pool = melds_in(hand)
    found: list[tuple[int, tuple[Meld, ...]]] = []

    def walk(start: int, rest: int, chosen: tuple[Meld, ...]) -> None:
        dw = hand_value(rest)
        if dw <= limit:
            found.append((dw, chosen))
        for i in range(start, len(pool)):
            m = pool[i]
            if m.mask & rest == m.mask and deadwood(rest ^ m.mask) <= limit:
                walk(i + 1, rest ^ m.mask, (*chosen, m))

    walk(0, hand, ())
    found = [(dw, tuple(sorted(ms))) for dw, ms in found]
    found.sort(key=lambda f: (f[0], layoff_spots(f[1], hand).bit_count(), arrangement_key(f[1])))
    return found


@dataclass(frozen=True, slots=True)
class HollywoodColumn:
    """One of Hollywood's three games as it stands: ``hands[i]`` is what hand ``i`` entered in
    it (each seat's points; None when the hand entered nothing), ``totals`` and ``wins`` its
    sums, ``closed`` and ``winner`` once someone's total reached ``target``."""

    target: int
    hands: tuple[tuple[int, ...] | None, ...]
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    closed: bool
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "hands": [list(h) if h is not None else None for h in self.hands],
            "totals": list(self.totals),
            "wins": list(self.wins),
            "closed": self.closed,
            "winner": self.winner,
        }


def hollywood_entry(win_number: int, closed: Sequence[bool]) -> list[int]:
    """RULES.md §9: which of the three games a seat's ``win_number``-th hand won (from 1) is
    entered in: games 1..min(win_number, 3) that are open, else the lowest open game."""
    games = [g for g in range(min(win_number, 3)) if not closed[g]]
    if not games:
        games = [g for g in range(len(closed)) if not closed[g]][:1]
    return games


def hollywood_games(
    results: Sequence[HandResult], target: int, players: int
) -> list[HollywoodColumn]:
    """Hollywood's three games after ``results`` (the game's hands in order), each a
    :class:`HollywoodColumn`: how :class:`~okgin.game.Game` enters every hand, as data."""
    totals = [[0] * players for _ in range(3)]
    wins = [[0] * players for _ in range(3)]
    winners: list[int | None] = [None, None, None]
    entered: list[list[tuple[int, ...] | None]] = [[], [], []]
    won = [0] * players
    for result in results:
        w = result.winner
        games: list[int] = []
        if w is not None:
            won[w] += 1
            games = hollywood_entry(won[w], [x is not None for x in winners])
        for g in range(3):
            if g not in games:
                entered[g].append(None)
                continue
            assert w is not None
            row = [0] * players
            row[w] = result.points[w]
            entered[g].append(tuple(row))
            totals[g][w] += result.points[w]
            wins[g][w] += 1
            if totals[g][w] >= target:
                winners[g] = w
    return [
        HollywoodColumn(
            target,
            tuple(entered[g]),
            tuple(totals[g]),
            tuple(wins[g]),
            winners[g] is not None,
            winners[g],
        )
        for g in range(3)
    ]
